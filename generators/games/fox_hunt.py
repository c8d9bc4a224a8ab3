"""Fox hunt: catch a cunning fox that moves to a neighbouring hole every night, inspecting one hole a day."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

_CHECK = re.compile(r"^(?:check|inspect|look in|look at|search)\s+(?:hole\s+)?(-?\d{1,6})$")


def sweep_length(n: int) -> int:
    """Inspections of the sweep 2, 3, ..., n - 1, n - 1, ..., 2 (holes from 1), which catch the fox
    on a row of n >= 3 holes for sure (the fewest that can, by breadth-first search over the sets
    of holes the fox may be in, for n up to 9); two holes need two looks (hole 1 twice)."""
    return 2 * (n - 2) if n >= 3 else 2


def sweep_hole(n: int, day: int) -> int:
    """The hole (from 1) the sweep inspects on `day` (from 1)."""
    if n == 2:
        return 1
    return day + 1 if day <= n - 2 else 2 * n - 2 - day


def after_night(holes: list[int], n: int) -> list[int]:
    """Where the fox may be after a night: a hole next to one it may have been in."""
    return sorted({h + d for h in holes for d in (-1, 1) if 1 <= h + d <= n})


@register
class FoxHunt(TurnBudgetTask):
    """Fox hunt: a fox hides in one of a row of holes (numbered from a drawn start); every night
    it moves to a neighbouring hole (it must move). Each morning the player inspects one hole.
    The fox is cunning: it is caught only on a morning when the inspected hole is the only hole
    it can be in, given every inspection so far (so only a plan that catches every possible fox
    wins). Each miss says that the fox is still at large and, up to level 6, in how many holes it
    may be. Higher levels add holes (so the parity argument behind the sweep must carry over a
    longer row), hide that count and cut the slack to nothing.

    The reference policy is the sweep: inspect holes 2, 3, ..., n - 1 and then n - 1, ..., 2 (its
    day-by-day plan, holes numbered from 1): a fox that started on one parity is caught on the
    way out and one on the other parity on the way back, 2(n - 2) inspections in all. The budget
    is that plus `slack`; `Draft.answer` is the sweep.
    """

    name = "games/fox_hunt"
    knobs = (
        Knob("holes", [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96], (2, 100),
             doc="holes in the row"),
        Knob("show_count", [True] * 6 + [False] * 14, doc="whether a miss tells in how many holes the fox may be"),
        Knob("slack", [4, 3, 2, 2, 1, 1, 0, 0, 0, 0] + [0] * 10, (0, 100), doc="inspections beyond the sweep's"),
    )
    answer_format = "an inspection as check and a hole number, e.g. check 4"
    example = "check 0"  # hole numbers start at 1 or above: the example never catches the fox
    tools = (Tool("check", "Inspect one hole this morning; then the fox moves to a neighbouring hole.", "check {hole}",
                  (Param("hole", "integer", "the hole's number"),)),)
    unit = ("day", "days")
    lowercase = True
    invalid_hint = "write check and a hole number, e.g. check 4"

    def build(self, rng, params):
        n = params["holes"]
        first = rng.randint(1, 5 * n)  # the row is numbered first, first + 1, ...
        budget = sweep_length(n) + params["slack"]
        question = (
            f"Fox hunt. A fox hides in one of {n} holes in a row, numbered {first} to {first + n - 1} from left to "
            f"right. Every night it moves to a neighbouring hole (one to the left or one to the right; it must "
            f"move, and cannot leave the row).\n\n"
            f"Each morning, inspect one hole (e.g. check {first + n // 2}). The fox is cunning and always hides "
            f"where you do not look, as long as it can: you catch it on the morning when the hole you inspect is "
            f"the only hole it can be in, given all your inspections so far. So you win only with a plan that "
            f"would catch the fox wherever it started and however it moved.\n\n"
            f"You have {budget} days; an invalid action also uses a day, and the fox moves that night too.")
        check = {"first": first, "holes": n, "show_count": params["show_count"], "budget": budget}
        answer = "\n".join(f"check {first + sweep_hole(n, day) - 1}" for day in range(1, sweep_length(n) + 1))
        return self.draft(question, answer, check)

    def effort(self, problem):
        # the sweep's inspections, each followed by the update of the holes the fox may be in
        n = problem.check["holes"]
        return sweep_length(n) * (1 + n)

    def start(self, problem):
        return {"possible": list(range(1, problem.check["holes"] + 1))}  # holes from 1 the fox may be in

    def act(self, problem, state, text):
        c = problem.check
        n, first = c["holes"], c["first"]
        m = _CHECK.match(text)
        hole = int(m.group(1)) - first + 1 if m else None
        if m and 1 <= hole <= n:
            if state["possible"] == [hole]:
                state["possible"] = []
                return f"Hole {first + hole - 1}: you catch the fox!", WIN
            remaining = [h for h in state["possible"] if h != hole]
            state["possible"] = after_night(remaining, n)
            said = f"Hole {first + hole - 1}: empty. The fox moves in the night."
        elif m:
            state["possible"] = after_night(state["possible"], n)
            said = f"Invalid inspection: the holes are {first} to {first + n - 1}. The fox moves in the night."
        else:
            state["possible"] = after_night(state["possible"], n)
            said = f"Invalid action: {self.invalid_hint}. The fox moves in the night."
        if c["show_count"]:
            k = len(state["possible"])
            said += f" It may now be in any of {k} {'hole' if k == 1 else 'holes'}."
        return said, None

    def unsolved(self, problem, state):
        return "the fox got away."

    def plan(self, problem, state):
        c = problem.check
        return f"check {c['first'] + sweep_hole(c['holes'], state['turn'] + 1) - 1}"
