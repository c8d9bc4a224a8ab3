"""Objects slide rigidly towards a hidden wall."""
from __future__ import annotations

from procgym import Knob, register

from ._grids import GridRuleTask, colors_knob, components, examples_knob, objects_grid, size_knob, steps_knob

DIRECTIONS = {"down": (1, 0), "up": (-1, 0), "left": (0, -1), "right": (0, 1)}


def move_objects(g, direction, colour=None):
    """Every object (same-coloured cells joined up, down, left or right), or only those of
    `colour`, slides as one rigid piece in `direction` until it meets the edge or another cell;
    the pieces nearest that edge move first."""
    h, w = len(g), len(g[0])
    da, db = DIRECTIONS[direction]
    objs = [cells for c, cells in components(g) if colour is None or c == colour]
    if not objs:
        return None
    occupied = {(i, j): v for i, r in enumerate(g) for j, v in enumerate(r) if v}

    def lead(cells):
        return -max(a * da + b * db for a, b in cells)
    for cells in sorted(objs, key=lead):
        vals = [occupied.pop(cell) for cell in cells]
        k = 0
        while k < h + w:  # at most the grid's extent
            nxt = [(a + (k + 1) * da, b + (k + 1) * db) for a, b in cells]
            if all(0 <= a < h and 0 <= b < w and (a, b) not in occupied for a, b in nxt):
                k += 1
            else:
                break
        for (a, b), v in zip(cells, vals):
            occupied[(a + k * da, b + k * db)] = v
    rows = [[0] * w for _ in range(h)]
    for (a, b), v in occupied.items():
        rows[a][b] = v
    return tuple(tuple(r) for r in rows)


@register
class MoveObjectToWall(GridRuleTask):
    """Objects (same-coloured cells joined up, down, left or right) slide as rigid pieces, keeping
    their shapes, in one hidden direction until they meet the edge or another cell; either every
    object moves (those nearest the edge first) or only the objects of one colour, the rest staying
    as obstacles. All 40 rules, composed at higher levels with the 8 symmetries and colour swaps,
    are searched and all that fit agree on the test. Unlike abstraction/gravity, cells do not fall
    one by one: a piece stops as a whole when any of its cells is blocked. Levels grow the grids,
    objects and colours, add a symmetry (level 6) and a colour swap (level 13). Levels 1-2 start
    from 4 examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only while
    the answer is not yet unique. Generation runs at about 600-1,000 problems/s at level 5 on one
    core, not always 1,000: every rule slides every object cell by cell, and objects are placed by
    trial; past level 12 about a hundred/s."""

    name = "abstraction/move_object_to_wall"
    knobs = (size_knob([6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (4, 16)),
             Knob("objects", [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 10], (2, 12),
                  doc="objects in each input grid (as many as fit)"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("an object is a group of cells of one colour joined up, down, left or right; objects slide as "
                 "rigid pieces, keeping their shapes, in one fixed direction (up, down, left or right) until some "
                 "cell of the piece would leave the grid or hit another cell; either every object moves (the ones "
                 "nearest that edge first), or only the objects of one fixed colour move while all other cells "
                 "stay where they are")

    def usable(self, name, palette):
        colour = name.split()[0]
        return colour == "all" or int(colour) in palette

    def family(self, params, palette):
        out = []
        for d in DIRECTIONS:
            out.append((f"all {d}", (lambda d: lambda g: move_objects(g, d))(d)))
            out += [(f"{c} {d}", (lambda d, c: lambda g: move_objects(g, d, c))(d, c)) for c in range(1, 10)]
        return out

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        specs = [(rng.randint(1, 5), rng.choice(palette)) for _ in range(params["objects"])]
        return objects_grid(rng, n, n + rng.randint(0, 2), specs)
