"""Count objects or cells per colour and draw the counts as a bar chart."""
from __future__ import annotations

from procgym import Knob, register

from ._grids import (GridRuleTask, colors_knob, components, examples_knob, freeze, objects_grid, size_knob,
                     steps_knob)


def bars(g, measure, order, align):
    counts = {}
    if measure == "objects":
        for c, _ in components(g):
            counts[c] = counts.get(c, 0) + 1
    else:
        for r in g:
            for v in r:
                if v:
                    counts[v] = counts.get(v, 0) + 1
    if not counts:
        return None
    colours = sorted(counts, reverse=(order == "descending"))
    width = max(counts.values())
    rows = []
    for c in colours:
        bar = [c] * counts[c]
        pad = [0] * (width - counts[c])
        rows.append(bar + pad if align == "left" else pad + bar)
    return freeze(rows)


@register
class CountToBar(GridRuleTask):
    """The input holds objects of several colours; the output is a bar chart with one row per colour
    present, of length the number of that colour's objects (or of its cells), padded with 0 to the
    longest bar; rows in ascending or descending colour order, bars aligned left or right. The
    hidden choices (8 rules), composed at higher levels with the 8 symmetries and colour swaps, are
    searched and all that fit agree on the test. Levels add objects, colours and grid size, a
    symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12
    from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the answer is not yet
    unique. Past level 12 the exact search over three-primitive compositions runs at one to a few
    hundred problems/s."""

    name = "abstraction/count_to_bar"
    knobs = (size_knob([5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 10, 10, 10, 11, 11, 12, 12, 12], (4, 16)),
             Knob("objects", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10], (2, 12),
                  doc="objects in each input grid (as many as fit)"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("an object is a group of cells of one colour joined up, down, left or right; the output has one "
                 "row per colour present in the input, a bar of that colour whose length is either the number of "
                 "objects of that colour or the number of cells of that colour (one fixed choice), padded with 0 "
                 "to the length of the longest bar; the rows go in ascending or in descending order of colour, and "
                 "the bars are aligned either to the left or to the right")

    def family(self, params, palette):
        return [(f"{m} {o} {a}", (lambda m, o, a: lambda g: bars(g, m, o, a))(m, o, a))
                for m in ("objects", "cells") for o in ("ascending", "descending") for a in ("left", "right")]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        specs = [(rng.randint(1, 4), rng.choice(palette)) for _ in range(params["objects"])]
        return objects_grid(rng, n, n + rng.randint(0, 2), specs)
