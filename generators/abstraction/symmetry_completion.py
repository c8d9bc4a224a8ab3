"""Complete a pattern by its hidden symmetry."""
from __future__ import annotations

from functools import lru_cache

from procgym import Knob, register

from ._grids import GridRuleTask, colors_knob, examples_knob, freeze, size_knob, steps_knob

# each symmetry of a square as a map of (row, col) on an n x n grid
MOVES = {
    "lr": lambda n, i, j: (i, n - 1 - j),
    "ud": lambda n, i, j: (n - 1 - i, j),
    "half": lambda n, i, j: (n - 1 - i, n - 1 - j),
    "diag": lambda n, i, j: (j, i),
    "anti": lambda n, i, j: (n - 1 - j, n - 1 - i),
    "quarter": lambda n, i, j: (j, n - 1 - i),
    "three": lambda n, i, j: (n - 1 - j, i),
}
GROUPS = {
    "mirror left-right": ("lr",),
    "mirror top-bottom": ("ud",),
    "mirror left-right and top-bottom": ("lr", "ud", "half"),
    "half turn": ("half",),
    "main diagonal": ("diag",),
    "anti-diagonal": ("anti",),
    "quarter turn": ("quarter", "half", "three"),
    "all eight symmetries": tuple(MOVES),
}
GROUP_TEXT = ("mirroring left-right; mirroring top-bottom; both of these mirrors; a half turn; reflection across "
              "the main diagonal (top-left to bottom-right); reflection across the anti-diagonal; quarter turns; or "
              "all eight symmetries of the square")


@lru_cache(maxsize=None)
def _images(n, group):
    """For every cell, the other cells the group maps it to."""
    return tuple(tuple(tuple(MOVES[m](n, i, j) for m in GROUPS[group]) for j in range(n)) for i in range(n))


def complete(g, group):
    """Each 0 cell takes the colour of its images under the group; undefined when they disagree."""
    n = len(g)
    if len(g[0]) != n:
        return None
    images = _images(n, group)
    rows = [list(r) for r in g]
    for i in range(n):
        for j in range(n):
            if g[i][j]:
                continue
            seen = {g[a][b] for a, b in images[i][j]} - {0}
            if len(seen) > 1:
                return None
            if seen:
                rows[i][j] = seen.pop()
    return freeze(rows)


@register
class SymmetryCompletion(GridRuleTask):
    """A square pattern with a hidden symmetry has some cells blanked; the output restores each blank
    cell from its mirror images. The symmetry is one of 8 (left-right, top-bottom, both, half turn,
    either diagonal, quarter turns, all eight). All of them, composed at higher levels with the 8
    symmetries of the grid and colour swaps, are searched (a blank whose images disagree makes a
    symmetry undefined) and all that fit agree on the test. Levels grow the grids, blank more cells,
    add colours, a grid symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from 4
    examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the
    answer is not yet unique. Past level 12 the exact search over three-primitive compositions runs
    at one to a few hundred problems/s."""

    name = "abstraction/symmetry_completion"
    knobs = (size_knob([4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12], (3, 16),
                       "rows and columns of the square input grids"),
             Knob("blanks", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18], (1, 30),
                  doc="cells blanked in each input"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("the input is a square pattern with one hidden symmetry (one of: " + GROUP_TEXT + ") in which "
                 "some cells were blanked to 0; every 0 cell whose mirror images under that symmetry are coloured "
                 "takes their colour, and every other cell stays as it is")

    def family(self, params, palette):
        return [(name, (lambda s: lambda g: complete(g, s))(name)) for name in GROUPS]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        images = _images(n, fam)
        rows = [[None] * n for _ in range(n)]
        for i in range(n):
            for j in range(n):
                if rows[i][j] is None:  # colour a whole orbit at once
                    v = rng.choice(palette) if rng.random() < 0.65 else 0
                    rows[i][j] = v
                    for a, b in images[i][j]:
                        rows[a][b] = v
        cells = [(i, j) for i in range(n) for j in range(n) if rows[i][j]]
        rng.shuffle(cells)
        blanked = 0
        for i, j in cells:
            if blanked == params["blanks"]:
                break
            if any(rows[a][b] for a, b in images[i][j] if (a, b) != (i, j)):
                rows[i][j] = 0
                blanked += 1
        return freeze(rows) if blanked else None
