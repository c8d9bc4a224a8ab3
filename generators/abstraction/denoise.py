"""Remove the noise cells by a hidden rule."""
from __future__ import annotations

from procgym import Knob, register

from ._grids import (GridRuleTask, blank, colors_knob, components, examples_knob, freeze, place, random_shape,
                     size_knob, steps_knob)


def remove_small(g, limit, diagonal):
    rows = [list(r) for r in g]
    for _c, cells in components(g, diagonal=diagonal):
        if len(cells) <= limit:
            for a, b in cells:
                rows[a][b] = 0
    return freeze(rows)


def remove_colour(g, colour):
    return tuple(tuple(0 if v == colour else v for v in r) for r in g)


@register
class Denoise(GridRuleTask):
    """The input holds a few large objects and scattered noise cells; a hidden rule clears the noise:
    either every object (same-coloured cells joined up, down, left or right, or also diagonally) of
    at most s cells is removed, for s from 1 to 3, or every cell of one colour is removed. All these
    rules, composed at higher levels with the 8 symmetries and colour swaps, are searched and all
    that fit agree on the test. Levels add noise, colours and grid size, a symmetry (level 6) and a
    colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and levels 13-20
    from 2; more are drawn, up to 5, only while the answer is not yet unique. Generation runs at
    about 800-1,000 problems/s at level 5 on one core (objects are flood-filled for every rule);
    past level 12 about a hundred/s."""

    name = "abstraction/denoise"
    knobs = (size_knob([6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (4, 16)),
             Knob("noise", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (1, 16),
                  doc="noise pieces (one to three cells) in each input grid"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("an object is a group of cells of one colour that touch, either only up, down, left or right, or "
                 "also diagonally (one fixed choice); the rule either removes (sets to 0) every object of at most s "
                 "cells, for a fixed s from 1 to 3, or removes every cell of one fixed colour")

    def usable(self, name, palette):
        return not name.startswith("colour") or int(name.split()[1]) in palette

    def family(self, params, palette):
        out = [(f"size {s} {d}", (lambda s, d: lambda g: remove_small(g, s, d))(s, d))
               for s in (1, 2, 3) for d in (False, True)]
        return out + [(f"colour {c}", (lambda c: lambda g: remove_colour(g, c))(c)) for c in range(1, 10)]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        h, w = n, n + rng.randint(0, 2)
        grid = blank(h, w)
        for _ in range(max(1, n // 3)):
            place(rng, grid, random_shape(rng, rng.randint(4, 7)), rng.choice(palette))
        for _ in range(params["noise"]):
            # noise may touch other cells: which pieces count as small then depends on the rule
            place(rng, grid, random_shape(rng, rng.randint(1, 3)), rng.choice(palette), apart=rng.random() < 0.5)
        return freeze(grid)
