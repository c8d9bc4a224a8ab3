"""Hot and cold: find a hidden cell of a 2-D or 3-D grid from warmer/colder replies to probes."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

# a probe: optional "probe" (or "at"), then the coordinates, separated by spaces or commas, optionally in brackets
_PROBE = re.compile(r"^(?:probe\s+)?(?:at\s+)?\(?\s*(-?\d{1,6}(?:\s*[,\s]\s*-?\d{1,6}){0,5})\s*\)?$")
AXES = "xyz"


def distance(a, b) -> int:
    """Manhattan distance: the sum over axes of the absolute coordinate differences."""
    return sum(abs(p - q) for p, q in zip(a, b))


def next_on_axis(lo: int, hi: int, a: int, n: int) -> int:
    """The policy's next coordinate on an axis whose candidates are lo..hi and whose last probe was at
    `a`: the reflection of `a` in the middle of lo..hi, so that the point halfway between the two
    probes (where warmer turns into colder) halves the candidates, clamped to the probe range
    1-n..2n; probes off the grid are what keep the reflection possible near its edges."""
    b = min(2 * n, max(1 - n, lo + hi - a))
    if b == a:
        b = a + 1
    return b


def narrow(lo: int, hi: int, a: int, b: int, reply: str) -> tuple[int, int]:
    """Candidates lo..hi on one axis after a probe moved that axis alone from `a` to `b`: warmer means
    the secret is nearer to b than to a, colder nearer to a, same distance exactly halfway."""
    twice_mid = a + b
    if reply == "same":
        return twice_mid // 2, twice_mid // 2
    toward_b = reply == "warmer"
    if (b > a) == toward_b:  # the secret lies above the middle
        return max(lo, twice_mid // 2 + 1), hi
    return lo, min(hi, (twice_mid + 1) // 2 - 1)


def reply_for(previous, probe, secret) -> str:
    before, now = distance(previous, secret), distance(probe, secret)
    return "warmer" if now < before else "colder" if now > before else "same"


@lru_cache(maxsize=None)
def axis_worst(n: int) -> int:
    """The most probes the policy spends on one axis of 1..n, starting from a probe at 1: it is
    played out for every secret coordinate (the axes are independent under Manhattan distance,
    since each probe moves one axis only)."""
    worst = 0
    for s in range(1, n + 1):
        lo, hi, a, probes = 1, n, 1, 0
        while lo < hi:
            b = next_on_axis(lo, hi, a, n)
            reply = "warmer" if abs(b - s) < abs(a - s) else "colder" if abs(b - s) > abs(a - s) else "same"
            lo, hi = narrow(lo, hi, a, b, reply)
            a, probes = b, probes + 1
        worst = max(worst, probes)
    return worst


def policy_bound(n: int, dims: int) -> int:
    """Probes the policy needs at most: the corner probe, each axis's worst case, the final probe."""
    return 1 + dims * axis_worst(n) + 1


@register
class HotCold(TurnBudgetTask):
    """Hot and cold: a cell of an n x n grid (n x n x n from level 8; each axis runs over n whole
    numbers from a drawn start) is hidden. Each turn the player probes a point (whole coordinates,
    off the grid allowed, up to n beyond either end of each axis): the probe either finds the
    hidden cell (a win) or is answered warmer, colder or at the same distance, comparing its
    Manhattan distance to the hidden cell with that of the previous probe (the first probe has
    nothing to compare with). Higher levels enlarge the grid, add the third axis and cut the slack
    to nothing, so every probe must halve what is left.

    The reference policy reads only its probes and the replies: it probes the lowest corner of
    the grid, then works through the axes in turn, moving one coordinate at a time so that a
    reply speaks of that axis alone; it reflects the last probe's coordinate in the middle of the
    axis's remaining candidates (clamped to the probe range), narrows the candidates by the reply,
    and when every axis is known probes the cell. The budget is the policy's worst case (the
    corner probe, the final probe, and per axis its most probes over every coordinate, played
    out) plus `slack`. `Draft.answer` probes the hidden cell at once.
    """

    name = "games/hot_cold"
    knobs = (
        Knob("size", [4, 6, 8, 12, 16, 24, 32, 16, 20, 24, 32, 40, 48, 64, 80, 100, 128, 160, 200, 256], (2, 1000),
             doc="cells along each axis"),
        Knob("dims", [2] * 7 + [3] * 13, (2, 3), doc="axes of the grid (2 or 3)"),
        Knob("slack", [5, 4, 3, 3, 2, 2, 1, 1, 0, 0] + [0] * 10, (0, 100),
             doc="probes allowed beyond the policy's worst case"),
    )
    answer_format = "a probe as probe and the coordinates, e.g. probe 2 3"
    example = "probe 0 0"  # every axis starts at 1 or above: the example is never the hidden cell
    tools = (Tool("probe", "Probe one cell; the reply says found, warmer, colder or same distance.", "probe {cell}",
                  (Param("cell", "array", "the cell's coordinates in axis order (x y, or x y z)", items="integer"),)),)
    unit = ("probe", "probes")
    lowercase = True
    invalid_hint = "write probe and the coordinates, e.g. probe 2 3"

    def build(self, rng, params):
        n, dims = params["size"], params["dims"]
        lows = [rng.randint(1, 3 * n) for _ in range(dims)]  # each axis runs from its low to low + n - 1
        secret = [low + rng.randrange(n) for low in lows]
        budget = policy_bound(n, dims) + params["slack"]
        names = AXES[:dims]
        spans = ", ".join(f"{axis} from {low} to {low + n - 1}" for axis, low in zip(names, lows))
        reach = ", ".join(f"{axis} from {low - n} to {low + 2 * n - 1}" for axis, low in zip(names, lows))
        shape = " x ".join([str(n)] * dims)
        question = (
            f"Hot and cold. A cell of a {shape} grid is hidden; each cell is given by its whole-number "
            f"coordinates ({', '.join(names)}), with {spans}.\n\n"
            f"Each turn, probe one point with whole coordinates, {reach} (probes off the grid are "
            f"allowed; the hidden cell is on it). If it is the hidden cell you win. Otherwise you are told "
            f"whether the probe is warmer (nearer to the hidden cell), colder (farther) or at the same "
            f"distance, compared with your previous probe; distance is the Manhattan distance, the sum over "
            f"the axes of the absolute differences of the coordinates. The first probe is only told that it "
            f"is not the hidden cell. An invalid probe is not compared with anything.\n\n"
            f"You have {budget} probes; an invalid action also uses one.")
        check = {"secret": secret, "lows": lows, "size": n, "dims": dims, "budget": budget}
        example = "probe " + " ".join(["0"] * dims)
        fmt = (f"a probe as probe and {dims} coordinates in the order {', '.join(names)}, "
               f"e.g. probe {' '.join(map(str, lows))}")
        # every coordinate of the grid is 1 or more: the example, at 0, is never the hidden cell
        return self.draft(question, "probe " + " ".join(map(str, secret)), check, answer_format=fmt,
                          example=example if dims != 2 else None)

    def effort(self, problem):
        # the probes the reference policy's plan needs at most on this grid (each narrows an axis's
        # candidates): its worst case over every hidden cell, which the budget provisions
        c = problem.check
        return policy_bound(c["size"], c["dims"])

    def start(self, problem):
        return {"probes": []}  # [cell, reply] of every valid probe, in order

    def act(self, problem, state, text):
        c = problem.check
        n, dims = c["size"], c["dims"]
        m = _PROBE.match(text)
        if not m:
            return f"Invalid action: write probe and {dims} coordinates, e.g. probe {' '.join(['1'] * dims)}.", None
        cell = [int(v) for v in re.split(r"[,\s]+", m.group(1).strip())]
        if len(cell) != dims:
            return f"Invalid probe: give {dims} coordinates, not {len(cell)}.", None
        lows = c["lows"]
        if not all(low - n <= v <= low + 2 * n - 1 for v, low in zip(cell, lows)):
            reach = ", ".join(f"{axis} from {low - n} to {low + 2 * n - 1}" for axis, low in zip(AXES, lows))
            return f"Invalid probe: probes reach {reach}.", None
        shown = "(" + ", ".join(map(str, cell)) + ")"
        if cell == c["secret"]:
            return f"Probe {shown}: found the hidden cell!", WIN
        probes = state["probes"]
        if not probes:
            state["probes"].append([cell, "first"])
            return f"Probe {shown}: not here (nothing to compare with yet).", None
        previous = probes[-1][0]
        reply = reply_for(previous, cell, c["secret"])
        state["probes"].append([cell, reply])
        before = "(" + ", ".join(map(str, previous)) + ")"
        said = {"warmer": "warmer than", "colder": "colder than", "same": "at the same distance as"}[reply]
        return f"Probe {shown}: {said} {before}.", None

    def unsolved(self, problem, state):
        return f"the hidden cell was ({', '.join(map(str, problem.check['secret']))})."

    def plan(self, problem, state):
        c = problem.check
        n, dims, lows = c["size"], c["dims"], c["lows"]
        # the policy works on coordinates 1..n of each axis (probes from 1 - n to 2n)
        probes = [([v - low + 1 for v, low in zip(cell, lows)], reply) for cell, reply in state["probes"]]
        shown = lambda cell: "probe " + " ".join(str(v + low - 1) for v, low in zip(cell, lows))  # noqa: E731
        if not probes:
            return shown([1] * dims)
        bounds = [[1, n] for _ in range(dims)]
        for (a, _), (b, reply) in zip(probes, probes[1:]):
            moved = [i for i in range(dims) if a[i] != b[i]]
            if len(moved) == 1:  # a probe that moves one axis speaks of that axis alone
                i = moved[0]
                bounds[i] = list(narrow(bounds[i][0], bounds[i][1], a[i], b[i], reply))
        last = list(probes[-1][0])
        for i, (lo, hi) in enumerate(bounds):
            if lo < hi:
                last[i] = next_on_axis(lo, hi, last[i], n)
                return shown(last)
        return shown([lo for lo, _ in bounds])
