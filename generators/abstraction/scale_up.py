"""Each cell becomes a hidden a x b block."""
from __future__ import annotations

from procgym import Knob, register

from ._grids import GridRuleTask, colors_knob, examples_knob, scatter, steps_knob


def scale(g, a, b):
    return tuple(tuple(v for v in r for _ in range(b)) for r in g for _ in range(a))


@register
class ScaleUp(GridRuleTask):
    """Every cell of the input becomes a block of a rows and b columns of its colour (a and b hidden, 1
    to the stated maximum, not both 1); give the test grid's output. Every (a, b), composed at
    higher levels with the 8 symmetries and colour swaps, is searched and all that fit agree on the
    test. Levels grow the inputs, the largest factor and the colours, add a symmetry (level 6) and a
    colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and levels 13-20
    from 2; more are drawn, up to 5, only while the answer is not yet unique. Past level 12 the
    exact search over three-primitive compositions runs at one to a few hundred problems/s."""

    name = "abstraction/scale_up"
    knobs = (Knob("size", [2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6], (2, 8),
                  doc="rows and columns of the input grids (about)"),
             Knob("factor", [2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (2, 4),
                  doc="the largest scale factor in each direction"),
             colors_knob(), steps_knob(), examples_knob())

    def describe(self, params, palette):
        return (f"each cell becomes a block of a rows and b columns of its colour, for fixed whole numbers a and b "
                f"from 1 to {params['factor']}, not both 1")

    def family(self, params, palette):
        k = params["factor"]
        return [(f"{a}x{b}", (lambda a, b: lambda g: scale(g, a, b))(a, b))
                for a in range(1, k + 1) for b in range(1, k + 1) if a * b > 1]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        return scatter(rng, rng.randint(n, n + 1), rng.randint(n, n + 1), palette, 0.6)
