"""Cells fall in a hidden direction; at higher levels only one colour falls."""
from __future__ import annotations

from procgym import register

from ._grids import GridRuleTask, colors_knob, examples_knob, gravity, scatter, size_knob, steps_knob

DIRECTIONS = ("down", "up", "left", "right")


@register
class GravityGrid(GridRuleTask):
    """Coloured cells slide in one hidden direction (up, down, left or right) as far as they can,
    stacking against the edge and each other; either every coloured cell moves, or only the cells of
    one colour move while the others stay fixed as obstacles. Give the test grid's output. All 40
    rules (4 directions, all cells or one of the 9 colours), composed at higher levels with the 8
    symmetries and colour swaps, are searched, and all that fit agree on the test. Levels grow the
    grids and colours, add a symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from
    4 examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the
    answer is not yet unique. Past level 12 the exact search over three-primitive compositions runs
    at one to a few hundred problems/s."""

    name = "abstraction/gravity"
    knobs = (size_knob(), colors_knob(), steps_knob(), examples_knob())
    rule_text = ("coloured cells slide in one direction (up, down, left or right) as far as they can, stacking "
                 "against the edge and against other cells; either every coloured cell moves, or only the "
                 "cells of one colour move while all other cells stay where they are as obstacles")

    def usable(self, name, palette):
        colour = name.split()[0]
        return colour == "all" or int(colour) in palette

    def family(self, params, palette):
        out = []
        for d in DIRECTIONS:
            out.append((f"all {d}", (lambda d: lambda g: gravity(g, d))(d)))
            for c in range(1, 10):  # any colour: one absent from a grid leaves it unchanged
                out.append((f"{c} {d}", (lambda d, m: lambda g: gravity(g, d, m))(d, frozenset((c,)))))
        return out

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        return scatter(rng, rng.randint(n - 1, n), rng.randint(n - 1, n), palette, 0.3)
