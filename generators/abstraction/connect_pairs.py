"""Join every two cells of a colour that share a row or column with a line."""
from __future__ import annotations

from functools import lru_cache

from procgym import Knob, register

from ._grids import GridRuleTask, blank, colors_knob, examples_knob, freeze, size_knob, steps_knob


@lru_cache(maxsize=1024)
def _fills(g, rows_on, cols_on):
    """The (row, column, pair colour) of every cell the lines fill, in drawing order; cached: the
    family's 10 colour choices share them."""
    h, w = len(g), len(g[0])
    lines = []
    if rows_on:
        lines += [[(i, j) for j in range(w)] for i in range(h)]
    if cols_on:
        lines += [[(i, j) for i in range(h)] for j in range(w)]
    out = []
    for cells in lines:
        vals = [g[i][j] for i, j in cells]
        for c in sorted(set(vals) - {0}):
            idx = [k for k, v in enumerate(vals) if v == c]
            if len(idx) == 2:
                out += [(i, j, c) for i, j in cells[idx[0] + 1:idx[1]] if not g[i][j]]
    return tuple(out)


def connect(g, rows_on, cols_on, colour):
    """In each row (with `rows_on`) and each column (with `cols_on`), a colour met exactly twice has
    the empty cells between its two cells filled with it (or with `colour`). Lines are found on the
    input; column lines are drawn after row lines."""
    out = [list(r) for r in g]
    for i, j, c in _fills(g, rows_on, cols_on):
        out[i][j] = c if colour is None else colour
    return freeze(out)


ORIENT = {"rows": (True, False), "columns": (False, True), "both": (True, True)}


@register
class ConnectPairs(GridRuleTask):
    """The input holds pairs of same-coloured cells in a row or column and a few lone cells; a
    hidden rule joins each pair (a colour met exactly twice in a row or column) by filling the empty
    cells between them, along rows only, columns only or both, with the pair's own colour or one
    fixed colour. All 30 rules, composed at higher levels with the 8 symmetries and colour swaps,
    are searched and all that fit agree on the test. Levels grow the grids, pairs and colours, add a
    symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12
    from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the answer is not yet
    unique. Past level 12 the exact search over three-primitive compositions runs at one to a few
    hundred problems/s."""

    name = "abstraction/connect_pairs"
    knobs = (size_knob([6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (5, 16)),
             Knob("pairs", [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7], (1, 10),
                  doc="pairs of cells drawn in each input grid"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("a colour that appears exactly twice in a row (or in a column) forms a pair; the empty cells "
                 "between the two cells of every pair are filled in, drawing a line; one fixed choice says whether "
                 "pairs are joined along rows only, along columns only, or both (column lines drawn after row "
                 "lines, all pairs found on the input), and one fixed choice whether the line takes the pair's own "
                 "colour or one fixed colour")

    def family(self, params, palette):
        out = []
        for o, (r, c) in ORIENT.items():
            out.append((f"{o} own", (lambda r, c: lambda g: connect(g, r, c, None))(r, c)))
            out += [(f"{o} {k}", (lambda r, c, k: lambda g: connect(g, r, c, k))(r, c, k)) for k in range(1, 10)]
        return out

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        h, w = n, n + rng.randint(0, 2)
        grid = blank(h, w)
        for _ in range(params["pairs"]):
            colour = rng.choice(palette)
            if rng.random() < 0.5:
                i, (a, b) = rng.randrange(h), sorted(rng.sample(range(w), 2))
                grid[i][a] = grid[i][b] = colour
            else:
                j, (a, b) = rng.randrange(w), sorted(rng.sample(range(h), 2))
                grid[a][j] = grid[b][j] = colour
        for _ in range(rng.randint(0, 2)):
            grid[rng.randrange(h)][rng.randrange(w)] = rng.choice(palette)
        return freeze(grid)
