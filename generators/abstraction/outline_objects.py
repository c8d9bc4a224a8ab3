"""Mark the inside or the surroundings of every object in a hidden colour."""
from __future__ import annotations

from functools import lru_cache

from procgym import register

from ._grids import (GridRuleTask, blank, colors_knob, examples_knob, freeze, place, random_shape,
                     size_knob, steps_knob)


@lru_cache(maxsize=512)
def _marked(g):
    """{(part, diagonal): cells} for part "interior" and "halo"; cached: the family's 38 rules
    share them. Neighbours are compared inline, as this runs for every grid the search reads."""
    w = len(g[0])
    edge = (-1,) * (w + 2)  # -1 marks outside the grid
    pad = [edge] + [(-1,) + r + (-1,) for r in g] + [edge]
    out = {("interior", False): [], ("interior", True): [], ("halo", False): [], ("halo", True): []}
    for i, (up, mid, down) in enumerate(zip(pad, pad[1:], pad[2:])):
        for j in range(w):
            v = mid[j + 1]
            if v:
                if up[j + 1] == v and down[j + 1] == v and mid[j] == v and mid[j + 2] == v:
                    out["interior", False].append((i, j))
                    if up[j] == v and up[j + 2] == v and down[j] == v and down[j + 2] == v:
                        out["interior", True].append((i, j))
            elif up[j + 1] > 0 or down[j + 1] > 0 or mid[j] > 0 or mid[j + 2] > 0:
                out["halo", False].append((i, j))
                out["halo", True].append((i, j))
            elif up[j] > 0 or up[j + 2] > 0 or down[j] > 0 or down[j + 2] > 0:
                out["halo", True].append((i, j))
    return out


def outline(g, mode, colour, diagonal):
    """`interior`: every coloured cell whose neighbours (4, or 8 with `diagonal`) are all inside the
    grid and of its colour becomes `colour` (0 hollows the object out); `halo`: every empty cell
    next to a coloured cell becomes `colour`."""
    rows = [list(r) for r in g]
    for i, j in _marked(g)[mode, diagonal]:
        rows[i][j] = colour
    return freeze(rows)


@register
class OutlineObjects(GridRuleTask):
    """The input holds solid objects; a hidden rule either recolours every object's inside (the
    cells whose 4 or 8 neighbours all have its colour) with one colour or with 0 (hollowing it out
    to its border), or draws a one-cell border of one colour around every object on the empty cells
    touching it (up, down, left and right, or also diagonally). All 38 rules, composed at higher
    levels with the 8 symmetries and colour swaps, are searched and all that fit agree on the test.
    Levels grow the grids, objects and colours, add a symmetry (level 6) and a colour swap (level
    13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and levels 13-20 from 2; more are
    drawn, up to 5, only while the answer is not yet unique. Generation runs at about 600-1,000
    problems/s at level 5 on one core, not always 1,000: every rule rebuilds the whole grid and the
    solid objects are placed by trial; past level 12 about a hundred/s."""

    name = "abstraction/outline_objects"
    knobs = (size_knob([6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15], (5, 16)),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("either every coloured cell whose neighbours (one fixed choice: the 4 cells up, down, left and "
                 "right, or all 8 cells around it including diagonals) are all inside the grid and of its own "
                 "colour is recoloured with one fixed colour, or with 0; or every empty cell touching a coloured "
                 "cell (through those same neighbours) is coloured with one fixed colour, drawing a border around "
                 "every object")

    def usable(self, name, palette):
        mode, colour, _ = name.split()
        return mode == "halo" or int(colour) not in palette

    def family(self, params, palette):
        out = []
        for d in (False, True):
            tag = "8" if d else "4"
            out += [(f"interior {c} {tag}", (lambda c, d: lambda g: outline(g, "interior", c, d))(c, d))
                    for c in range(10)]
            out += [(f"halo {c} {tag}", (lambda c, d: lambda g: outline(g, "halo", c, d))(c, d))
                    for c in range(1, 10)]
        return out

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        grid = blank(n, n + rng.randint(0, 2))
        for _ in range(max(2, n // 3)):
            if rng.random() < 0.7:  # rectangles have an inside; grown shapes often do not
                a, b = rng.randint(3, 5), rng.randint(3, 5)
                shape = [(i, j) for i in range(a) for j in range(b)]
                if rng.random() < 0.5:  # a missing corner tells 4 from 8 neighbours apart
                    shape.remove(rng.choice([(0, 0), (0, b - 1), (a - 1, 0), (a - 1, b - 1)]))
            else:
                shape = random_shape(rng, rng.randint(4, 9))
            place(rng, grid, shape, rng.choice(palette))
        g = freeze(grid)
        return g if any(any(r) for r in g) else None
