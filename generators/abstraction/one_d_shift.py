"""Rows transformed one by one by a hidden 1-D rule: shift, wrap, reverse, slide or sort."""
from __future__ import annotations

from procgym import Knob, register

from ._grids import GridRuleTask, colors_knob, examples_knob, freeze, size_knob, steps_knob


def shift(row, k, wrap):
    """Move every cell k places to the right (left for k < 0); cells pushed off the end come back
    at the other end with `wrap`, else they are lost and 0s come in."""
    w = len(row)
    if wrap:
        k %= w
        return row[-k:] + row[:-k] if k else row
    if k > 0:
        return (0,) * k + row[:w - k]
    return row[-k:] + (0,) * (-k)


def slide(row, right):
    cells = tuple(v for v in row if v)
    pad = (0,) * (len(row) - len(cells))
    return pad + cells if right else cells + pad


def sort_colours(row, descending):
    """The coloured cells keep their places; their colours are put in order from left to right."""
    colours = iter(sorted((v for v in row if v), reverse=descending))
    return tuple(next(colours) if v else 0 for v in row)


def row_rules(max_shift):
    rules = []
    for k in range(1, max_shift + 1):
        for sign, side in ((1, "right"), (-1, "left")):
            for wrap in (True, False):
                rules.append((f"shift {side} {k} {'wrap' if wrap else 'clip'}",
                              (lambda k, wrap: lambda r: shift(r, k, wrap))(sign * k, wrap)))
    rules.append(("reverse", lambda r: r[::-1]))
    rules += [(f"slide {s}", (lambda right: lambda r: slide(r, right))(s == "right")) for s in ("left", "right")]
    rules += [(f"sort {s}", (lambda d: lambda r: sort_colours(r, d))(s == "descending"))
              for s in ("ascending", "descending")]
    return rules


@register
class OneDShift(GridRuleTask):
    """Every row of the input is transformed on its own by one hidden 1-D rule: shifted left or right
    by 1 to k cells (wrapping round or falling off the end), reversed, slid to one end, or with its
    colours sorted in place. All these rules, composed at higher levels with colour swaps and the 8
    symmetries of the grid, are searched and all that fit agree on the test. Levels add rows, width,
    colours and longer shifts, a colour swap (level 6) and a grid symmetry (level 13). Levels 1-2
    start from 4 examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only
    while the answer is not yet unique. Past level 12 the exact search over three-primitive
    compositions runs at one to a few hundred problems/s."""

    name = "abstraction/one_d_shift"
    knobs = (size_knob([5, 6, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 16, 16], (3, 20),
                       "cells in each row"),
             Knob("rows", [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6], (1, 10),
                  doc="rows in each grid"),
             Knob("max_shift", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 8),
                  doc="the longest shift"),
             colors_knob(), steps_knob(), examples_knob())
    stage_names = ("swap", "d4")

    def describe(self, params, palette):
        return ("every row is changed on its own by the same 1-D rule, one of: shift every cell left or right by "
                f"a fixed 1 to {params['max_shift']} places, with cells pushed off one end either coming back at "
                "the other end or lost (0s come in); reverse the row; slide all coloured cells to the left end or "
                "to the right end, keeping their order; or keep the coloured cells in place but put their colours "
                "in ascending or in descending order from left to right")

    def family(self, params, palette):
        return [(name, (lambda f: lambda g: tuple(map(f, g)))(f)) for name, f in row_rules(params["max_shift"])]

    def draw(self, rng, params, palette, fam):
        w = params["size"]
        rows = []
        for _ in range(params["rows"]):
            density = rng.uniform(0.3, 0.6)
            rows.append([rng.choice(palette) if rng.random() < density else 0 for _ in range(w)])
        return freeze(rows) if all(any(r) for r in rows) else None
