"""Colours mapped by a hidden permutation of the colours in use."""
from __future__ import annotations

from itertools import permutations

from procgym import register

from ._grids import GridRuleTask, colors_knob, examples_knob, recolor, scatter, size_knob, steps_knob


@register
class RecolorByRule(GridRuleTask):
    """The colours listed in the prompt are permuted by a hidden rule (each one replaced by one of
    them, different colours by different colours, 0 unchanged); give the test grid's output. All
    colours! permutations, composed at higher levels with the 8 symmetries and cyclic rolls, are
    searched and all that fit agree on the test (a colour the examples never show stays open, so
    more examples are drawn). Levels grow the grids and colours (5 at most: 120 permutations), add a
    symmetry (level 6) and a roll (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3
    and levels 13-20 from 2; more are drawn, up to 5, only while the answer is not yet unique. Past
    level 12 the exact search over three-primitive compositions runs at one to a few hundred
    problems/s."""

    name = "abstraction/recolor_by_rule"
    knobs = (size_knob(), colors_knob([2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5], (2, 5)),
             steps_knob(), examples_knob())
    stage_names = ("d4", "roll")

    def describe(self, params, palette):
        return (f"each of the colours {', '.join(map(str, palette))} is replaced by one of these same colours, "
                "different colours by different colours (0 stays 0)")

    def family(self, params, palette):
        out = []
        for perm in permutations(palette):
            table = list(range(10))
            for a, b in zip(palette, perm):
                table[a] = b
            out.append(("".join(map(str, perm)), (lambda t: lambda g: recolor(g, t))(tuple(table))))
        return out

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        return scatter(rng, rng.randint(n - 1, n), rng.randint(n - 1, n), palette, 0.5)
