"""Lamp sequence: switches in a row toggle nearby lamps; turn every lamp on with few presses."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import budget_for

_PRESS = re.compile(r"^(?:(?:press|flip|toggle|push)\s+)?(?:switch\s+)?(\d{1,3})$")


def toggle_mask(n: int, reach: int, i: int) -> int:
    """The lamps switch i (0-based) toggles: lamps i-reach .. i+reach inside the row."""
    lo, hi = max(0, i - reach), min(n - 1, i + reach)
    return ((1 << (hi + 1)) - 1) ^ ((1 << lo) - 1)


def fewest_presses(n: int, reach: int, lamps: int, stats: dict | None = None) -> list[int] | None:
    """Light chasing: choose the first `reach` switches (every combination), then switch i + reach
    is forced by lamp i, left to right; keep the combinations that light the last lamps too and
    return the one with the fewest presses (sorted switch indices), or None when none works.
    With `stats`, stats["steps"] counts the forced decisions made."""
    full = (1 << n) - 1
    masks = [toggle_mask(n, reach, i) for i in range(n)]
    first = min(reach, n)
    best = None
    for choice in range(1 << first):
        state, pressed = lamps, []
        for i in range(first):
            if choice >> i & 1:
                state ^= masks[i]
                pressed.append(i)
        for i in range(n - first):  # lamp i is settled by switch i + reach alone from here on
            if stats is not None:
                stats["steps"] = stats.get("steps", 0) + 1
            if not state >> i & 1:
                state ^= masks[i + first]
                pressed.append(i + first)
        if state == full and (best is None or len(pressed) < len(best)):
            best = pressed
    return best


@register
class LampSequence(TurnBudgetTask):
    """A row of lamps, each with a switch under it; pressing a switch toggles its own lamp and the
    lamps up to `reach` places either side. Turn every lamp on within a press budget. The reference
    solver chases the lights: it tries every setting of the first `reach` switches, after which
    each lamp forces the switch `reach` places to its right, and keeps the fewest presses; the
    budget is that optimum plus slack. Puzzles are made by pressing random switches on a fully lit
    row, so one is always solvable, and redrawn (bounded) when the optimum is below `min_presses`.
    Higher levels: longer rows, a wider reach (so the chasing must look further ahead), more
    presses needed and no slack."""

    name = "planning/lamp_sequence"
    knobs = (
        Knob("n_lamps", [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32], (2, 60),
             doc="lamps in the row"),
        Knob("reach", [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4], (1, 6),
             doc="how far either side a switch reaches"),
        Knob("min_presses", [1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (1, 40),
             doc="presses the optimum needs at least (redrawn below it)"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="presses allowed beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = "an action: press <switch number>"
    example = "press 0"  # there is no switch 0
    tools = (Tool("press", "Press a switch: its lamp and the lamps within reach toggle.", "press {switch}",
                  (Param("switch", "integer", "the switch's number, from 1"),)),)
    lowercase = True
    invalid_hint = "write press and a switch number, e.g. press 2"

    def build(self, rng, params):
        n, reach = params["n_lamps"], params["reach"]
        best = None
        for _ in range(40):  # bounded redraws toward a puzzle needing min_presses
            lamps = (1 << n) - 1
            for i in rng.sample(range(n), rng.randint(1, n)):
                lamps ^= toggle_mask(n, reach, i)
            if lamps == (1 << n) - 1:
                continue
            solution = fewest_presses(n, reach, lamps)
            if best is None or len(solution) > len(best[1]):
                best = (lamps, solution)
            if len(solution) >= params["min_presses"]:
                break
        if best is None:  # every draw came back lit: light one end off by hand (always solvable)
            lamps = ((1 << n) - 1) ^ toggle_mask(n, reach, 0)
            best = (lamps, fewest_presses(n, reach, lamps))
        lamps, solution = best
        budget = budget_for(len(solution), params["slack_percent"])
        question = (
            f"Lamp sequence. {n} lamps stand in a row, numbered 1 to {n} from left to right, each with a "
            f"switch of the same number. Pressing switch k toggles every lamp from k - {reach} to k + "
            f"{reach} that exists (an off lamp goes on, an on lamp goes off). Turn every lamp on. Each "
            f"turn, press one switch (press and its number); an invalid action still uses a turn. You "
            f"have {budget} turns.\n\n{self.describe(n, lamps)}")
        check = {"n": n, "reach": reach, "lamps": lamps, "budget": budget, "optimal": len(solution)}
        return self.draft(question, "\n".join(f"press {i + 1}" for i in solution), check)

    @staticmethod
    def describe(n: int, lamps: int) -> str:
        row = " ".join("on" if lamps >> i & 1 else "off" for i in range(n))
        return f"Lamps 1 to {n}: {row}."

    def effort(self, problem):
        c, stats = problem.check, {}
        fewest_presses(c["n"], c["reach"], c["lamps"], stats)
        return stats["steps"]

    def start(self, problem):
        return {"lamps": problem.check["lamps"]}

    def act(self, problem, state, text):
        m = _PRESS.match(text)
        if not m:
            return f"Invalid action: {self.invalid_hint}.", None
        n, k = problem.check["n"], int(m.group(1))
        if not 1 <= k <= n:
            return f"There is no switch {k}; the switches are 1 to {n}.", None
        state["lamps"] ^= toggle_mask(n, problem.check["reach"], k - 1)
        if state["lamps"] == (1 << n) - 1:
            return f"You press switch {k}. Every lamp is on.", WIN
        return f"You press switch {k}.", None

    def view(self, problem, state):
        return self.describe(problem.check["n"], state["lamps"])

    def unsolved(self, problem, state):
        return "some lamps are still off."

    def plan(self, problem, state):
        # the lowest switch of a fewest-press solution: the rest of it is then a fewest-press
        # solution of the new row, so each press brings the optimum down by one
        c = problem.check
        solution = fewest_presses(c["n"], c["reach"], state["lamps"])
        return f"press {solution[0] + 1}" if solution else "press 1"
