"""Recolour objects by their sizes."""
from __future__ import annotations

from functools import lru_cache

from procgym import Knob, register

from ._grids import GridRuleTask, blank, colors_knob, components, examples_knob, freeze, place, random_shape, \
    size_knob, steps_knob


@lru_cache(maxsize=1024)
def _ranked(g):
    """(the objects, the largest one or None on a tie, the smallest one or None on a tie); cached:
    the family's 82 rules share them."""
    objs = [cells for _, cells in components(g)]
    if len(objs) < 2:
        return objs, None, None
    ranked = sorted(objs, key=len)
    smallest = ranked[0] if len(ranked[0]) < len(ranked[1]) else None
    largest = ranked[-1] if len(ranked[-1]) > len(ranked[-2]) else None
    return objs, largest, smallest


def by_size(g, largest, smallest):
    """The object with the most cells becomes `largest` and the one with the fewest `smallest`
    (others unchanged); with both None every object takes the colour equal to its number of cells
    (None when one has more than 9). None on a tie or with fewer than two objects."""
    objs, big, small = _ranked(g)
    if len(objs) < 2:
        return None
    rows = [list(r) for r in g]
    if largest is None:
        if max(map(len, objs)) > 9:
            return None
        for cells in objs:
            for a, b in cells:
                rows[a][b] = len(cells)
        return freeze(rows)
    if big is None or small is None:
        return None
    for cells, c in ((big, largest), (small, smallest)):
        for a, b in cells:
            rows[a][b] = c
    return freeze(rows)


@register
class ColorBySize(GridRuleTask):
    """The input holds objects (same-coloured cells joined up, down, left or right) of different
    sizes; a hidden rule either recolours the largest object with one colour and the smallest with
    another (or the same), leaving the rest, or gives every object the colour equal to its number of
    cells. All 82 rules, composed at higher levels with the 8 symmetries and colour swaps, are
    searched (a tie for largest or smallest makes the rule undefined) and all that fit agree on the
    test. Levels grow the grids, objects and colours, add a symmetry (level 6) and a colour swap
    (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and levels 13-20 from 2; more
    are drawn, up to 5, only while the answer is not yet unique. Generation runs at about 600-1,000
    problems/s at level 5 on one core, not always 1,000: objects of nine different sizes are placed
    by trial and every grid's objects are flood-filled; past level 12 about a hundred/s."""

    name = "abstraction/color_by_size"
    knobs = (size_knob([6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (5, 16)),
             Knob("objects", [3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 9),
                  doc="objects in each input grid (as many as fit)"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("an object is a group of cells of one colour joined up, down, left or right; either the object "
                 "with the most cells is recoloured with one fixed colour and the object with the fewest cells with "
                 "one fixed colour (maybe the same), all other objects unchanged, or every object is recoloured "
                 "with the colour whose digit is its number of cells")

    def family(self, params, palette):
        out = [("count", lambda g: by_size(g, None, None))]
        out += [(f"largest {a} smallest {b}", (lambda a, b: lambda g: by_size(g, a, b))(a, b))
                for a in range(1, 10) for b in range(1, 10)]
        return out

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        grid = blank(n, n + rng.randint(0, 2))
        for size in rng.sample(range(1, 10), min(9, params["objects"])):
            place(rng, grid, random_shape(rng, size), rng.choice(palette))
        return freeze(grid)
