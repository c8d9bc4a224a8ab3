"""The egg-dropping puzzle played out: find the highest safe floor with a few eggs, where a
broken egg is gone, within the optimal worst-case number of drops."""
from __future__ import annotations

import re
from math import comb

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask

_DROP = re.compile(r"^(?:drop|throw)\s*(?:an egg\s*|egg\s*)?(?:from\s*)?(?:floor\s*)?#?(-?\d{1,7})$")
_ANSWER = re.compile(r"^(?:answer|floor|safe|highest safe floor)\s*:?\s*(?:floor\s*)?#?(-?\d{1,7})$")


def reach(eggs: int, drops: int) -> int:
    """The most floors whose highest safe floor `drops` drops with `eggs` eggs can always find:
    sum_{i=1}^{eggs} C(drops, i) (a drop splits the floors into a broken part, searched with one
    egg fewer, and a survived part, searched with the same eggs)."""
    return sum(comb(drops, i) for i in range(1, eggs + 1))


def fewest_drops(eggs: int, floors: int) -> int:
    """The optimal worst case: the fewest drops that always find the highest safe floor of
    `floors` floors (0 to floors are possible answers) with `eggs` eggs."""
    d = 0
    while reach(eggs, d) < floors:
        d += 1
    return d


def drop_next(floors: int, eggs: int, log: list) -> str:
    """The optimal policy's next action from the drops so far ([floor, broke], ...): the safe
    floor is known to lie in lo..hi; with d the fewest drops that settle hi - lo floors with the
    eggs left, drop from lo + reach(eggs - 1, d - 1) + 1, so a break leaves what one egg fewer
    settles in d - 1 drops and a survival what the same eggs settle in d - 1 drops."""
    lo = max([f for f, broke in log if not broke], default=0)
    hi = min([f - 1 for f, broke in log if broke], default=floors)
    left = eggs - sum(1 for _, broke in log if broke)
    if lo >= hi or left <= 0:  # settled (or, off the policy's line, no egg left: the best guess)
        return f"answer {lo}"
    d = fewest_drops(left, hi - lo)
    return f"drop {min(hi, lo + reach(left - 1, d - 1) + 1)}"


@register
class EggDrop(TurnBudgetTask):
    """Find the highest floor of an n-floor building from which an egg survives a drop (0 when
    every floor breaks it): an egg breaks when dropped from above that floor, a broken egg is
    lost, and a surviving egg can be dropped again. The budget is the optimal worst case
    (the fewest drops that always suffice with the eggs given, from sum_{i<=e} C(d, i) >= n),
    plus a slack and the answer; the reference policy plays that optimum. Higher levels add
    floors (from level 11 tall buildings with a third egg) and cut the slack."""

    name = "exploration/egg_drop"
    knobs = (
        Knob("floors", [(6, 12), (10, 18), (15, 26), (20, 35), (28, 48), (36, 60), (45, 75), (55, 95), (70, 115),
                        (90, 140), (450, 650), (650, 900), (900, 1300), (1300, 1900), (1800, 2600), (2600, 3700),
                        (3600, 5000), (5000, 7000), (7000, 9500), (9500, 13000)], (1, 10**6),
             doc="floors of the building"),
        Knob("eggs", [2] * 10 + [3] * 10, (1, 10), doc="eggs at the start"),
        Knob("slack", [3, 3, 2, 2, 2, 1, 1, 1, 0, 0] + [0] * 10, (0, 100), doc="drops allowed beyond the optimum"),
    )
    answer_format = "an action: drop F (drop an egg from floor F) or answer F (the highest safe floor)"
    example = "drop 0"  # floor 0 is the ground: not a drop, so the example never wins
    tools = (
        Tool("drop", "Drop an egg from a floor; it breaks or survives.", "drop {floor}",
             (Param("floor", "integer", "the floor to drop from, 1 to the top floor"),)),
        Tool("answer", "Name the highest safe floor; this ends the game.", "answer {floor}",
             (Param("floor", "integer", "the highest floor an egg survives, 0 if none"),)),
    )
    lowercase = True
    invalid_hint = "write drop F (a floor from 1 to the top) or answer F"

    def build(self, rng, params):
        floors, eggs = params["floors"], params["eggs"]
        safe = rng.randint(0, floors)
        budget = fewest_drops(eggs, floors) + params["slack"] + 1
        check = {"floors": floors, "eggs": eggs, "safe": safe, "budget": budget}
        question = (
            f"A building has {floors} floors, numbered 1 to {floors}. There is a highest floor from which an egg "
            f"can be dropped without breaking (0 if it breaks from every floor): from that floor or any lower one "
            f"an egg survives, from any higher one it breaks. You have {eggs} identical eggs; a broken egg is "
            f"gone, a surviving one can be dropped again. Find the highest safe floor.\n"
            f"Each turn, either drop an egg ('drop 12') or give the answer ('answer 12'), which ends the game: "
            f"you win only if it is the highest safe floor. You have {budget} turns; an invalid action is "
            f"rejected and still uses a turn.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the drops, and the reach table the policy consults for each (eggs x drops entries)
        lines = problem.answer.split("\n")
        c = problem.check
        return len(lines) + c["eggs"] * fewest_drops(c["eggs"], c["floors"])

    def start(self, problem):
        return {"log": []}

    def act(self, problem, state, text):
        c = problem.check
        drop, answer = _DROP.match(text), _ANSWER.match(text)
        if answer:
            f = int(answer.group(1))
            if not 0 <= f <= c["floors"]:
                return f"Invalid action: the answer is a floor from 0 to {c['floors']}.", None
            if f == c["safe"]:
                return f"Right: floor {f} is the highest safe floor. You win.", WIN
            return f"Wrong: the highest safe floor is {c['safe']}. You lose.", LOSE
        if not drop:
            return f"Invalid action: {self.invalid_hint}.", None
        f = int(drop.group(1))
        if not 1 <= f <= c["floors"]:
            return f"Invalid action: drop from a floor from 1 to {c['floors']}.", None
        left = c["eggs"] - sum(1 for _, broke in state["log"] if broke)
        if left == 0:
            return "Invalid action: every egg is broken; give your answer.", None
        broke = f > c["safe"]
        state["log"].append([f, broke])
        if broke:
            return f"Dropped from floor {f}: the egg broke. Eggs left: {left - 1}.", None
        return f"Dropped from floor {f}: the egg survived. Eggs left: {left}.", None

    def unsolved(self, problem, state):
        return "you did not name the floor, so you lose."

    def plan(self, problem, state):
        c = problem.check
        return drop_next(c["floors"], c["eggs"], state["log"])
