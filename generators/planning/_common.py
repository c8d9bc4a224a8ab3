"""Shared pieces of the planning tasks: action clean-up, grid directions, a budgeted turn loop and
a small plan cache for the reference policies."""
from __future__ import annotations

import json
import math
import re
from collections import OrderedDict

from procgym import InteractiveTask

MAX_ACTION_CHARS = 200
WIN, LOSE = "win", "lose"

# Grid directions in a fixed order (every search breaks ties in this order).
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
DIR_NAMES = tuple(DIRECTIONS)
DIR_ALIASES = {"up": "up", "u": "up", "n": "up", "north": "up",
               "down": "down", "d": "down", "s": "down", "south": "down",
               "left": "left", "l": "left", "w": "left", "west": "left",
               "right": "right", "r": "right", "e": "right", "east": "right"}
_MOVE = re.compile(r"^(?:(?:move|go|walk|step|push)\s+)?([a-z]+)$")


def clean(action) -> str | None:
    """An action in canonical form: lowercase, single spaces, no surrounding punctuation or
    quotes. None for anything that is not short text (it is answered as an invalid action)."""
    if not isinstance(action, str) or len(action) > MAX_ACTION_CHARS:
        return None
    text = " ".join(action.lower().split())
    return text.strip(" .!?;:'\"`")


def parse_direction(text: str) -> str | None:
    """'up', 'u', 'north', 'N', 'move up', 'go north', 'push left' -> the direction, else None."""
    m = _MOVE.match(text or "")
    return DIR_ALIASES.get(m.group(1)) if m else None


def budget_for(optimal: int, slack_percent: int, minimum_slack: int = 0) -> int:
    """The turn budget: the optimum plus slack_percent% of it (rounded up), at least minimum_slack."""
    return optimal + max(minimum_slack, math.ceil(optimal * slack_percent / 100))


def plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


class PlanCache:
    """A bounded least-recently-used map for the reference policies' plans (the policies stay
    pure functions of (problem, state); the cache only saves repeated searches)."""

    def __init__(self, size: int = 50_000):
        self.size, self.data = size, OrderedDict()

    def get(self, key):
        value = self.data.get(key)
        if value is not None:
            self.data.move_to_end(key)
        return value

    def put(self, key, value):
        self.data[key] = value
        self.data.move_to_end(key)
        while len(self.data) > self.size:
            self.data.popitem(last=False)


class BudgetedTask(InteractiveTask):
    """An interactive task whose every turn (valid or not) spends one unit of a budget.

    Subclasses implement `act(problem, state, text) -> (observation, outcome)` where `text` is the
    cleaned action (never empty) and outcome is None, WIN or LOSE; `view(problem, state)` (shown
    after each turn that does not end the episode) and `unsolved(problem, state)` (why running out
    of turns lost). `initial_state` must set state["turn"] = 0. The budget is check["budget"].
    """

    invalid_hint = "see the action format"

    def act(self, problem, state, text):
        raise NotImplementedError

    def view(self, problem, state) -> str:
        return ""

    def unsolved(self, problem, state) -> str:
        return "the goal was not reached."

    def transition(self, problem, state, action):
        state["turn"] += 1
        text = clean(action)
        if not text:
            observation, outcome = f"Invalid action: {self.invalid_hint}.", None
        else:
            observation, outcome = self.act(problem, state, text)
        turn = state["turn"]
        if outcome == WIN:
            return f"{observation} Solved in {plural(turn, 'turn')}.", 1.0, True
        if outcome == LOSE:
            return observation, 0.0, True
        left = problem.check["budget"] - turn
        if left <= 0:
            return f"{observation} Out of turns: {self.unsolved(problem, state)}", 0.0, True
        view = self.view(problem, state)
        return f"{observation} Turns left: {left}." + (f"\n{view}" if view else ""), 0.0, False


_TRAILS = PlanCache(512)


def reference_move(task, problem, state, key):
    """The reference answer's action at `state` when the reference plan passes through it, else
    None. `key(state)` names a position (without the turn count); where the plan visits a
    position twice, the later action is kept so that following it always makes progress."""
    ident = (problem.task, problem.answer, json.dumps(problem.check, sort_keys=True))
    trail = _TRAILS.get(ident)
    if trail is None:
        trail, current = {}, task.initial_state(problem)
        for action in problem.answer.splitlines():
            trail[key(current)] = action
            current, _, _, done = task.step(problem, current, action)
            if done:
                break
        _TRAILS.put(ident, trail)
    return trail.get(key(state))
