"""Tile the input with mirrored copies of itself."""
from __future__ import annotations

from functools import lru_cache
from itertools import product

from procgym import Knob, register

from ._grids import GridRuleTask, colors_knob, examples_knob, flip, identity, mirror, rot_180, scatter, steps_knob

COPIES = (("as is", identity), ("mirrored left-right", mirror), ("flipped upside down", flip),
          ("rotated 180", rot_180))
LAYOUTS = {"2x2": 4, "1x2": 2, "2x1": 2}


@lru_cache(maxsize=1024)
def _beside(g, i, j):
    # cached: the 288 tilings of one grid share their 16 rows of two copies
    a, b = COPIES[i][1](g), COPIES[j][1](g)
    return tuple(ra + rb for ra, rb in zip(a, b))


def tile(g, layout, ops):
    """The copies COPIES[k](g) for k in `ops` laid out side by side ("1x2"), stacked ("2x1") or in a
    2 x 2 block read row by row ("2x2")."""
    if layout == "1x2":
        return _beside(g, ops[0], ops[1])
    if layout == "2x1":
        return COPIES[ops[0]][1](g) + COPIES[ops[1]][1](g)
    return _beside(g, ops[0], ops[1]) + _beside(g, ops[2], ops[3])


def _family():
    out = []
    for layout, k in LAYOUTS.items():
        for ops in product(range(len(COPIES)), repeat=k):
            name = layout + ": " + ", ".join(COPIES[i][0] for i in ops)
            out.append((name, (lambda lay, ops: lambda g: tile(g, lay, ops))(layout, ops)))
    return tuple(out)


FAMILY = _family()  # the same for every problem: built once


@register
class TileMirror(GridRuleTask):
    """The output is two copies of the input side by side, two stacked, or four in a 2 x 2 block,
    each copy (by a hidden choice per position) as it is, mirrored left-right, flipped upside down
    or rotated 180 degrees. All 288 tilings, composed at higher levels with the 8 symmetries and
    colour swaps, are searched and all that fit agree on the test (symmetric inputs leave choices
    open, so more examples are drawn). Levels grow the inputs and colours, add a symmetry (level 6)
    and a colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and levels
    13-20 from 2; more are drawn, up to 5, only while the answer is not yet unique. Past level 12
    the exact search over three-primitive compositions runs at one to a few hundred problems/s."""

    name = "abstraction/tile_mirror"
    knobs = (Knob("size", [2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6], (2, 8),
                  doc="rows and columns of the input grids (about)"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("the output is made of copies of the input laid out in one fixed way: two side by side, two one "
                 "above the other, or four in a 2 by 2 block; each copy, by one fixed choice for its position, is "
                 "the input as it is, mirrored left-right, flipped upside down, or rotated 180 degrees")

    def family(self, params, palette):
        return FAMILY

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        g = scatter(rng, rng.randint(n, n + 1), rng.randint(n, n + 1), palette, 0.5)
        return g if any(any(r) for r in g) else None
