"""Two halves split by a divider combined cell by cell by a hidden logical operation."""
from __future__ import annotations

from procgym import register

from ._grids import GridRuleTask, colors_knob, examples_knob, freeze, size_knob, steps_knob

OPS = {
    "and": lambda a, b: a and b,
    "or": lambda a, b: a or b,
    "xor": lambda a, b: a != b,
    "neither": lambda a, b: not a and not b,
    "first only": lambda a, b: a and not b,
    "second only": lambda a, b: b and not a,
}


def halves(g):
    """The two halves on either side of a middle column (first) or middle row of one non-zero
    colour, or None."""
    h, w = len(g), len(g[0])
    if w % 2 and w > 1:
        col = {r[w // 2] for r in g}
        if len(col) == 1 and 0 not in col:
            return [r[:w // 2] for r in g], [r[w // 2 + 1:] for r in g]
    if h % 2 and h > 1:
        row = set(g[h // 2])
        if len(row) == 1 and 0 not in row:
            return list(g[:h // 2]), list(g[h // 2 + 1:])
    return None


def combine(g, op, colour):
    split = halves(g)
    if split is None:
        return None
    f = OPS[op]
    return freeze([[colour if f(bool(a), bool(b)) else 0 for a, b in zip(ra, rb)] for ra, rb in zip(*split)])


@register
class GridAndOr(GridRuleTask):
    """The input is two equal halves split by a divider line (a middle column, else a middle row, of
    one colour); the output has the size of a half, each cell coloured with one hidden colour where
    a hidden logical operation of the two halves' cells (filled or empty) holds: AND, OR, XOR,
    NEITHER, first-only or second-only, else 0. All 54 rules, composed at higher levels with the 8
    symmetries and colour swaps, are searched and all that fit agree on the test. Levels grow the
    halves and colours, add a symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from
    4 examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the
    answer is not yet unique. Past level 12 the exact search over three-primitive compositions runs
    at one to a few hundred problems/s."""

    name = "abstraction/grid_and_or"
    knobs = (size_knob([3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9], (2, 12),
                       doc="rows and columns of each half (about)"), colors_knob(), steps_knob(), examples_knob())
    rule_text = ("the input is two equal halves separated by a divider line of one colour (the middle column if it "
                 "is one colour without 0, otherwise the middle row); the output has the size of one half (the "
                 "first half is the left or top one); each output cell is one fixed colour where one fixed "
                 "operation on the two halves' cells at that place holds, and 0 elsewhere; the operation is one of: "
                 "both filled (not 0); at least one filled; exactly one filled; neither filled; only the first "
                 "filled; only the second filled")

    def family(self, params, palette):
        return [(f"{op} {c}", (lambda op, c: lambda g: combine(g, op, c))(op, c)) for op in OPS for c in range(1, 10)]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        h, w = rng.randint(n, n + 1), rng.randint(n, n + 1)
        divider = palette[-1]
        left, right = palette[0], palette[1] if len(palette) > 2 else palette[0]
        a = [[left if rng.random() < 0.5 else 0 for _ in range(w)] for _ in range(h)]
        b = [[right if rng.random() < 0.5 else 0 for _ in range(w)] for _ in range(h)]
        if rng.random() < 0.5:
            return freeze([ra + [divider] + rb for ra, rb in zip(a, b)])
        if w % 2 and all(r[w // 2] for r in a + b):
            return None  # the middle column would be read as the divider
        return freeze(a + [[divider] * w] + b)
