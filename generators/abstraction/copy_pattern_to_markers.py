"""Stamp a template at every marker cell."""
from __future__ import annotations

from procgym import register

from ._grids import GridRuleTask, blank, colors_knob, components, examples_knob, freeze, place, size_knob, \
    steps_knob


def stamp(g, ai, aj, keep):
    """The template is the one group of more than one coloured cell (any colours, joined also
    diagonally); every lone coloured cell is a marker. A copy of the template is drawn with its
    cell (ai, aj) on each marker, in reading order, clipped at the edges; the template itself stays
    with `keep`, else it is cleared first. None without exactly one template and some marker, or
    when (ai, aj) lies outside the template's box."""
    comps = components(g, diagonal=True, same_colour=False)
    big = [cells for _, cells in comps if len(cells) > 1]
    marks = [cells[0] for _, cells in comps if len(cells) == 1]
    if len(big) != 1 or not marks:
        return None
    cells = big[0]
    r0 = min(a for a, _ in cells)
    c0 = min(b for _, b in cells)
    if ai > max(a for a, _ in cells) - r0 or aj > max(b for _, b in cells) - c0:
        return None
    h, w = len(g), len(g[0])
    out = [list(r) for r in g]
    if not keep:
        for a, b in cells:
            out[a][b] = 0
    for r, c in marks:
        out[r][c] = 0
        for a, b in cells:
            x, y = r + a - r0 - ai, c + b - c0 - aj
            if 0 <= x < h and 0 <= y < w:
                out[x][y] = g[a][b]
    return freeze(out)


@register
class CopyPatternToMarkers(GridRuleTask):
    """The input holds one small multi-coloured template and a few lone marker cells; a copy of the
    template is stamped on every marker, the marker landing on a hidden cell of the template's box,
    and the original template either stays or is cleared. All 18 rules (9 anchor cells of a 3 x 3
    box, keep or clear), composed at higher levels with the 8 symmetries and colour swaps, are
    searched and all that fit agree on the test. Levels grow the grids, markers and colours, add a
    symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from 4 examples, levels 3-12
    from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the answer is not yet
    unique. Past level 12 the exact search over three-primitive compositions runs at one to a few
    hundred problems/s."""

    name = "abstraction/copy_pattern_to_markers"
    knobs = (size_knob([6, 6, 8, 8, 8, 9, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15], (6, 16)),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("the template is the one group of more than one coloured cell (cells of any colours touching, also "
                 "diagonally); every coloured cell touching no other is a marker; a copy of the template is drawn "
                 "over each marker, placed so that the marker falls on one fixed position of the template's "
                 "bounding box (row 1-3, column 1-3 of it), markers taken in reading order, with the part outside "
                 "the grid cut off, and the marker itself cleared first; the original template either stays or is "
                 "cleared (one fixed choice)")

    def family(self, params, palette):
        return [(f"{i} {j} {'keep' if k else 'clear'}", (lambda i, j, k: lambda g: stamp(g, i, j, k))(i, j, k))
                for i in range(3) for j in range(3) for k in (True, False)]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        grid = blank(n, n + rng.randint(0, 2))
        # a full 3 x 3 block, so that every anchor of the box is defined
        template = [(a, b) for a in range(3) for b in range(3)]
        cells = place(rng, grid, template, 1)
        if cells is None:
            return None
        for a, b in cells:
            grid[a][b] = rng.choice(palette)
        marker = rng.choice(palette)
        for _ in range(max(1, n // 4)):
            place(rng, grid, [(0, 0)], marker)
        return freeze(grid)
