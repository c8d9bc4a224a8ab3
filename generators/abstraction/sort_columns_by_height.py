"""Bars standing on the floor sorted by height or by colour."""
from __future__ import annotations

from procgym import register

from ._grids import GridRuleTask, colors_knob, examples_knob, size_knob, steps_knob


def bars_of(g):
    """(height, colour) of each column's bar: one colour stacked up from the bottom row, empty above;
    None when some column is not such a bar."""
    out = []
    for col in zip(*g):
        k = len(col) - next((i for i, v in enumerate(col) if v), len(col))
        stack = col[len(col) - k:]
        if any(v != stack[0] for v in stack):
            return None
        out.append((k, stack[0] if k else 0))
    return out


def sort_bars(g, key, descending):
    """The columns reordered by bar height or colour (empty columns as colour 0), ties keeping their
    left-to-right order."""
    bars = bars_of(g)
    if bars is None:
        return None
    i = 0 if key == "height" else 1
    order = sorted(bars, key=lambda bar: bar[i], reverse=descending)
    h = len(g)
    cols = [(0,) * (h - k) + (c,) * k for k, c in order]
    return tuple(zip(*cols))


@register
class SortColumnsByHeight(GridRuleTask):
    """Every column of the input is a bar of one colour standing on the bottom row; the output has
    the same bars with the columns reordered by a hidden key (the bar's height or its colour digit,
    empty columns as height and colour 0), ascending or descending from left to right, ties keeping
    their order. All 4 rules, composed at higher levels with the 8 symmetries and colour swaps, are
    searched and all that fit agree on the test. Levels grow the grids and colours, add a symmetry
    (level 6) and a colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and
    levels 13-20 from 2; more are drawn, up to 5, only while the answer is not yet unique. Past
    level 12 the exact search over three-primitive compositions runs at one to a few hundred
    problems/s."""

    name = "abstraction/sort_columns_by_height"
    knobs = (size_knob([4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]), colors_knob(), steps_knob(), examples_knob())
    rule_text = ("every column is a bar of one colour standing on the bottom row (or empty); the columns are "
                 "reordered by one fixed key, either the bar's height or its colour digit (an empty column counts "
                 "as 0 for both), in ascending or descending order from left to right (one fixed choice); columns "
                 "with equal keys keep their left-to-right order")

    def family(self, params, palette):
        return [(f"{k} {'descending' if d else 'ascending'}", (lambda k, d: lambda g: sort_bars(g, k, d))(k, d))
                for k in ("height", "colour") for d in (False, True)]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        h, w = rng.randint(n - 1, n), rng.randint(n, n + 2)
        cols = []
        for _ in range(w):
            k = rng.randint(0, h) if rng.random() < 0.85 else 0
            cols.append((0,) * (h - k) + (rng.choice(palette),) * k)
        return tuple(zip(*cols))
