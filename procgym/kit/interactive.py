"""The turn-budget base class shared by every interactive task.

Each turn, valid or not, spends one unit of the problem's turn budget. A subclass writes the
rules of its world as small hooks; the base class does the bookkeeping once:

    class Counter(TurnBudgetTask):
        def start(self, problem): return {"n": 0}                   # extra state beyond "turn"
        def act(self, problem, state, text):                         # one action -> (observation, outcome)
            if text != "add": return "Unknown action: write add.", None
            state["n"] += 1
            return f"n is {state['n']}.", WIN if state["n"] == problem.check["goal"] else None
        def plan(self, problem, state): return "add"                 # the reference policy

The state always holds "turn" (turns taken). The budget is `problem.check[budget_key]` (or what
`budget()` says); `spent()` says how much of it the turns so far used up (every turn, unless a
task refunds some: in hangman only misses count). An action reaches `act` normalised (see
procgym.kit.normalize), with runs of white space folded to one space, and never empty: an
empty or over-long action is answered here and costs its turn. Every observation ends by
restating what is left of the budget (or why the episode ended), and is kept to printable
ASCII, since observations may echo the agent's text.

`act` must read its action strictly: the whole text is one action of the grammar, and anything
else (leftover words, a hedge, a negation, a second action) is an invalid action that says why.

At generation time, before the problem exists, `reference_line` and `wins_at_once` accept the
check record in place of a problem, and `draft` builds the Draft. The prompt's example action
must never win the episode on its own: a task picks one that cannot (an illegal move, a guess
outside the range, a query rather than an answer), the same for every problem, so that the
example says nothing about the answer; `draft` raises where it would win.
"""
from __future__ import annotations

import copy
from typing import ClassVar

from procgym.problem import Problem
from procgym.task import Draft, InteractiveTask

from .text import plural

# characters of one action: a weighing in games/odd_coin may list up to 120 coin numbers; every
# other action grammar is far shorter
MAX_ACTION_CHARS = 1000
WIN, LOSE = "win", "lose"


def printable(text: str) -> str:
    """`text` with every character outside printable ASCII (line breaks kept) replaced by '?'."""
    return "".join(ch if " " <= ch <= "~" or ch == "\n" else "?" for ch in text)


class TurnBudgetTask(InteractiveTask):
    """An interactive task where every turn spends one unit of a budget (see the module doc)."""

    budget_key: ClassVar[str] = "budget"  # the check field that holds the budget
    unit: ClassVar[tuple[str, str]] = ("turn", "turns")  # one unit of the budget, and several
    invalid_hint: ClassVar[str] = "see the action format"  # said after an empty or over-long action
    lowercase: ClassVar[bool] = False  # whether `act` gets the action in lower case

    # --- to implement -------------------------------------------------------------------------
    def start(self, problem) -> dict:
        """The state at the start, beyond the turn count."""
        return {}

    def act(self, problem, state: dict, text: str) -> tuple[str, str | None]:
        """Apply one action: (observation, outcome) with outcome None, WIN or LOSE. May mutate state."""
        raise NotImplementedError

    def plan(self, problem, state: dict) -> str:
        """The reference policy's next action (a pure function of the problem and the state)."""
        raise NotImplementedError

    def view(self, problem, state: dict) -> str:
        """What the agent sees after a turn that does not end the episode (a board, a status)."""
        return ""

    def unsolved(self, problem, state: dict) -> str:
        """Why running out of the budget is a loss."""
        return "the goal was not reached."

    def spent(self, problem, state: dict) -> int:
        """How much of the budget the turns so far used up: one unit per turn."""
        return state["turn"]

    # --- provided -----------------------------------------------------------------------------
    def budget(self, problem) -> int:
        return int(problem.check[self.budget_key])

    def initial_state(self, problem) -> dict:
        return {"turn": 0, **self.start(self.as_problem(problem))}

    def policy(self, problem, state):
        return self.plan(problem, state)

    def transition(self, problem, state, action):
        state["turn"] += 1
        text = " ".join(action.split()) if isinstance(action, str) else ""
        if self.lowercase:
            text = text.lower()
        if len(text) > MAX_ACTION_CHARS:
            observation, outcome = f"Invalid action: it is longer than {MAX_ACTION_CHARS} characters.", None
        elif not text:
            observation, outcome = f"Invalid action: {self.invalid_hint}.", None
        else:
            observation, outcome = self.act(problem, state, text)
        return self._close(problem, state, observation, outcome)

    def refuse(self, problem, state, reason):
        """A turn spent on an action that could not be read (`reason`, one sentence): the budget and
        the view are restated as after any invalid action. State is left unchanged; returns
        (new state, observation, reward, done) like `step`."""
        new = copy.deepcopy(state)
        new["turn"] += 1
        observation, reward, done = self._close(problem, new, reason, None)
        return new, observation, reward, done

    def _close(self, problem, state, observation, outcome):
        """(observation, reward, done) of a turn whose action gave `observation` and `outcome`:
        the budget and the view are restated when the episode goes on."""
        observation = printable(observation)
        if outcome == WIN:
            return f"{observation} Solved in {plural(state['turn'], 'turn')}.", 1.0, True
        if outcome == LOSE:
            return observation, 0.0, True
        left = self.budget(problem) - self.spent(problem, state)
        view = printable(self.view(problem, state))
        shown = f"{observation}\n{view}" if view else observation
        one, many = self.unit
        if left <= 0:
            return f"{shown}\nOut of {many}: {self.unsolved(problem, state)}", 0.0, True
        return f"{shown}\n{many.capitalize()} left: {left}.", 0.0, False

    # --- at generation time -------------------------------------------------------------------
    def as_problem(self, problem) -> Problem:
        """`problem` itself, or for a check record (inside `build`, before the problem exists) a
        problem around it. The dynamics must not depend on the seed where this is used."""
        if isinstance(problem, Problem):
            return problem
        return Problem(self.name, 0, None, {}, "", "", problem)

    def reference_line(self, problem) -> list[str]:
        """The reference policy's actions from the start, for Draft.answer. Raises when the policy
        does not win within the budget: that is a bug in the task, caught at generation."""
        problem = self.as_problem(problem)
        state, actions, observation = self.initial_state(problem), [], ""
        for _ in range(self.budget(problem)):
            actions.append(self.plan(problem, state))
            observation, reward, done = self.transition(problem, state, actions[-1])
            if done:
                if reward >= 1.0:
                    return actions
                break
        raise RuntimeError(f"{self.name}: the reference policy did not win: {observation[:200]}")

    def wins_at_once(self, problem, action: str) -> bool:
        """Whether `action`, the first and only action from the start, wins the episode."""
        problem = self.as_problem(problem)
        _, reward, done = self.transition(problem, self.initial_state(problem), action)
        return done and reward >= 1.0

    def draft(self, question: str, answer: str, check: dict, answer_format: str | None = None,
              example: str | None = None) -> Draft:
        """The Draft of a problem (the task's own format and example unless given). Raises where the
        example action alone would win the episode: that is a bug in the task, caught at generation.
        (The example is never swapped for another one only where it would win: the swap would tell
        that the usual example is the answer.)"""
        shown = example or self.example
        if self.wins_at_once(check, shown):
            raise RuntimeError(f"{self.name}: the example action {shown!r} alone wins this episode")
        return Draft(question, answer, check, answer_format=answer_format, example=example)
