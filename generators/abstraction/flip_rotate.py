"""A hidden one of the 8 symmetries of a grid, inferred from examples."""
from __future__ import annotations

from procgym import register

from ._grids import D4, GridRuleTask, colors_knob, examples_knob, scatter, size_knob, steps_knob


@register
class HiddenSymmetry(GridRuleTask):
    """Examples show grids turned by one hidden rotation or reflection (one of the 8 symmetries of a
    rectangle); give the test grid's output. The answer is unique: all 8 symmetries, composed at
    higher levels with every colour swap and every cyclic roll, are searched and all that fit the
    examples agree on the test. Levels grow the grids and colours, compose a colour swap (level 6)
    and a roll (level 13) with the symmetry. Levels 1-2 start from 4 examples, levels 3-12 from 3
    and levels 13-20 from 2; more are drawn, up to 5, only while the answer is not yet unique. Past
    level 12 the exact search over three-primitive compositions runs at one to a few hundred
    problems/s."""

    name = "abstraction/flip_rotate"
    knobs = (size_knob(), colors_knob(), steps_knob(), examples_knob())
    stage_names = ("swap", "roll")
    rule_text = ("the grid is turned by one of its 8 symmetries (rotated by 0, 90, 180 or 270 degrees, mirrored "
                 "left-right, flipped upside down, or reflected across either diagonal)")

    def family(self, params, palette):
        return [(name, fn) for name, fn, _ in D4]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        return scatter(rng, rng.randint(n - 1, n), rng.randint(n - 1, n), palette, 0.45)
