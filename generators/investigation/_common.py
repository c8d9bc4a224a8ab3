"""Shared pieces of the investigation tasks: action clean-up, the turn budget loop, the answer
command and answer normalisation. Every task here is an InteractiveTask whose turns (valid or
not) each spend one unit of a budget stated in the prompt; one `answer` ends the episode."""
from __future__ import annotations

import re

from procgym import InteractiveTask

MAX_ACTION_CHARS = 300
WIN, LOSE = "win", "lose"
_ANSWER = re.compile(r"^answer\s*[:=]?\s*(.*)$", re.IGNORECASE | re.DOTALL)


def clean(action) -> str | None:
    """An action with surrounding space, quotes and a final full stop removed and inner runs of
    space collapsed; None for anything that is not short text (answered as an invalid action)."""
    if not isinstance(action, str) or len(action) > MAX_ACTION_CHARS:
        return None
    text = " ".join(action.split())
    return text.strip(" '\"`").rstrip(".") or None


def printable(text: str) -> str:
    """`text` with every character outside printable ASCII (newlines kept) replaced by '?', so
    observations that echo an agent's text stay inside the env's character set."""
    return "".join(ch if " " <= ch <= "~" or ch == "\n" else "?" for ch in text)


def answer_text(text: str) -> str | None:
    """The value of an `answer ...` command (possibly empty), or None when it is another command."""
    m = _ANSWER.match(text)
    return m.group(1).strip() if m else None


def norm(text: str) -> str:
    """Case- and space-insensitive form of a short answer ('Dana  Ruiz' == 'dana ruiz')."""
    return " ".join(str(text).lower().replace(",", " ").split())


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def budget_for(optimal: int, slack: int) -> int:
    """The turn budget: the reference plan's length plus `slack` spare turns."""
    return optimal + slack


class BudgetedInvestigation(InteractiveTask):
    """An investigation whose every turn spends one unit of check["budget"].

    Subclasses implement `act(check, state, text) -> (observation, outcome)` with `text` the
    cleaned action (never empty) and outcome None, WIN or LOSE, and `plan(check, state)` (the
    reference policy's next action, a pure function of the check record and the state). The
    state holds "turn" and whatever the subclass records (query results the policy reads).
    """

    invalid_hint = "see the command list in the first message"

    def act(self, check: dict, state: dict, text: str):
        raise NotImplementedError

    def plan(self, check: dict, state: dict) -> str:
        raise NotImplementedError

    def fresh_state(self, check: dict) -> dict:
        return {"turn": 0}

    def initial_state(self, problem):
        return self.fresh_state(problem.check)

    def policy(self, problem, state):
        return self.plan(problem.check, state)

    def transition(self, problem, state, action):
        return self.advance(problem.check, state, action)

    def advance(self, check: dict, state: dict, action) -> tuple[str, float, bool]:
        state["turn"] += 1
        text = clean(action)
        if text is None:
            observation, outcome = f"Invalid command: {self.invalid_hint}.", None
        else:
            observation, outcome = self.act(check, state, text)
            observation = printable(observation)
        turn, left = state["turn"], check["budget"] - state["turn"]
        if outcome == WIN:
            return f"{observation} Solved in {plural(turn, 'turn')}.", 1.0, True
        if outcome == LOSE:
            return observation, 0.0, True
        if left <= 0:
            return f"{observation}\nOut of turns.", 0.0, True
        return f"{observation}\n[Turns left: {left}]", 0.0, False

    def reference_line(self, check: dict) -> list[str]:
        """The reference policy's actions from the start (used as Draft.answer); raises when it
        does not win, which would be a bug in the task."""
        state, actions = self.fresh_state(check), []
        for _ in range(check["budget"]):
            actions.append(self.plan(check, state))
            observation, reward, done = self.advance(check, state, actions[-1])
            if done:
                if reward >= 1.0:
                    return actions
                break
        raise RuntimeError(f"{self.name}: the reference policy did not win: {actions[-1:]} {observation[:200]}")

    def judge(self, check: dict, given: str) -> tuple[str, str]:
        """The answer command: (observation, WIN or LOSE) against check["answer"]."""
        if not given:
            return "An answer needs a value: answer VALUE.", None
        if norm(given) == norm(check["answer"]):
            return f"Correct: the answer is {check['answer']}.", WIN
        return f"Wrong answer {given!r}: the answer was {check['answer']}.", LOSE
