"""What the planning tasks share: grid moves, their spellings and their tool, turn budgets, and the
reference plan their policies follow (a small cache of it)."""
from __future__ import annotations

import json
import math
import re
from collections import OrderedDict

from procgym.kit import Param, Tool

# Grid directions in a fixed order (every search breaks ties in this order).
DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
DIR_NAMES = tuple(DIRECTIONS)
DIR_ALIASES = {"up": "up", "u": "up", "n": "up", "north": "up",
               "down": "down", "d": "down", "s": "down", "south": "down",
               "left": "left", "l": "left", "w": "left", "west": "left",
               "right": "right", "r": "right", "e": "right", "east": "right"}
_MOVE = re.compile(r"^(?:(?:move|go|walk|step|push)\s+)?([a-z]+)$")


def parse_direction(text: str) -> str | None:
    """'up', 'u', 'north', 'move up', 'go north', 'push left' (lower case) -> the direction, else
    None. The whole text must be the move: 'up please' or 'not up' is not one."""
    m = _MOVE.match(text or "")
    return DIR_ALIASES.get(m.group(1)) if m else None


def move_tool(description: str) -> Tool:
    """The move(direction) tool of a grid world, whose action is the direction's name (up)."""
    return Tool("move", description, "{direction}", (Param("direction", "string", "the way to move", enum=DIR_NAMES),))


def budget_for(optimal: int, slack_percent: int, minimum_slack: int = 0) -> int:
    """The turn budget: the optimum plus slack_percent% of it (rounded up), at least minimum_slack."""
    return optimal + max(minimum_slack, math.ceil(optimal * slack_percent / 100))


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
