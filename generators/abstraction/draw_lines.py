"""Extend rays from marked cells to the border."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from procgym import Knob, register

from ._grids import GridRuleTask, colors_knob, examples_knob, blank, freeze, size_knob, steps_knob

DIRS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1),
        "up-left": (-1, -1), "up-right": (-1, 1), "down-left": (1, -1), "down-right": (1, 1)}
ORTHO_NAMES = ("up", "down", "left", "right")
DIAG_NAMES = ("up-left", "up-right", "down-left", "down-right")


@lru_cache(maxsize=512)
def coloured_cells(g):
    """(row, col, colour) of every coloured cell, in reading order."""
    return tuple((i, j, v) for i, r in enumerate(g) for j, v in enumerate(r) if v)


def rays(g, dirs, source, stop):
    """Each source cell (every coloured cell, or those of colour `source`), in reading order, draws
    a ray of its colour in every direction of `dirs` to the border, over 0 cells only; with `stop`
    a ray ends at the first cell that is coloured in the input, otherwise it passes it."""
    sources = [s for s in coloured_cells(g) if source is None or s[2] == source]
    if not sources:
        return g
    h, w = len(g), len(g[0])
    rows = [list(r) for r in g]
    for i, j, v in sources:
        for da, db in dirs:
            x, y = i + da, j + db
            while 0 <= x < h and 0 <= y < w:
                if g[x][y]:
                    if stop:
                        break
                elif not rows[x][y]:
                    rows[x][y] = v
                x, y = x + da, y + db
    return freeze(rows)


def direction_sets(diagonals):
    sets = [c for k in range(1, 5) for c in combinations(ORTHO_NAMES, k)]
    if diagonals:
        sets += [c for k in range(1, 5) for c in combinations(DIAG_NAMES, k)] + [ORTHO_NAMES + DIAG_NAMES]
    return sets


@lru_cache(maxsize=None)
def _family(diagonals):
    out = []
    for names in direction_sets(diagonals):
        dirs = tuple(DIRS[d] for d in names)
        for source in (None,) + tuple(range(1, 10)):
            for stop in (False, True):
                out.append((f"{'+'.join(names)} {source} {stop}",
                            (lambda d, s, t: lambda g: rays(g, d, s, t))(dirs, source, stop)))
    return tuple(out)


@register
class DrawLines(GridRuleTask):
    """Marked cells shoot rays of their colour to the border in a hidden set of directions; the hidden
    rule also says which cells shoot (all, or one colour) and whether a ray stops at the first
    coloured cell. All rules (15 direction sets, later 31 with the diagonal ones, times 10 choices of
    source, times stop-or-pass), composed at higher levels with the 8 symmetries and colour swaps, are
    searched and all that fit agree on the test. Levels add marked cells, colours, diagonal
    directions (level 8), grid size, a symmetry (level 6) and a colour swap (level 13). Levels 1-2
    start from 4 examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only
    while the answer is not yet unique. Generation runs at about 800 problems/s at level 5 on one
    core, not 1,000: each of the 300 rules paints its rays on the examples; past level 12 (over
    180,000 compositions) a few dozen/s."""

    name = "abstraction/draw_lines"
    knobs = (size_knob([5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13], (4, 16)),
             Knob("diagonals", [False] * 7 + [True] * 13, doc="diagonal rays allowed"),
             colors_knob(), steps_knob(), examples_knob())

    def describe(self, params, palette):
        dirs = ("one or more of the directions up, down, left and right, or one or more of the four diagonal "
                "directions, or all eight directions" if params["diagonals"] else
                "one or more of the directions up, down, left and right")
        return ("source cells (either every coloured cell, or only the cells of one fixed colour) each draw a "
                f"straight line of their own colour to the edge of the grid in a fixed set of directions ({dirs}); "
                "lines only colour 0 cells, and they either stop at the first coloured cell of the input or pass "
                "over it (one fixed choice); where lines cross, the source that comes first in reading order "
                "(row by row, left to right) colours the cell")

    def usable(self, name, palette):
        source = name.split()[1]
        return source == "None" or int(source) in palette

    def family(self, params, palette):
        return list(_family(params["diagonals"]))

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        h, w = n, n + rng.randint(0, 2)
        grid = blank(h, w)
        for _ in range(rng.randint(2, max(2, n // 2 + 1))):
            grid[rng.randrange(h)][rng.randrange(w)] = rng.choice(palette)
        return freeze(grid)
