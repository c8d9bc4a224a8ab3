"""Recolour the grid or each object with its most or least frequent colour."""
from __future__ import annotations

from procgym import register

from ._grids import GridRuleTask, blank, colors_knob, components, examples_knob, freeze, place, random_shape, \
    size_knob, steps_knob


def majority(g, scope, most, diagonal=False):
    """Every coloured cell of the grid (scope "grid") or of each object (coloured cells joined up,
    down, left or right, or also diagonally, whatever their colours) takes the colour that group
    has most (or least) often; None where that colour ties."""
    if scope == "grid":
        groups = [tuple((i, j) for i, r in enumerate(g) for j, v in enumerate(r) if v)]
    else:
        groups = [cells for _, cells in components(g, diagonal=diagonal, same_colour=False)]
    rows = [list(r) for r in g]
    for cells in groups:
        if not cells:
            return None
        counts = {}
        for a, b in cells:
            counts[g[a][b]] = counts.get(g[a][b], 0) + 1
        best = (max if most else min)(counts.values())
        chosen = [c for c, k in counts.items() if k == best]
        if len(chosen) != 1:
            return None
        for a, b in cells:
            rows[a][b] = chosen[0]
    return freeze(rows)


RULES = {
    "grid most": ("grid", True, False), "grid least": ("grid", False, False),
    "object most 4": ("object", True, False), "object least 4": ("object", False, False),
    "object most 8": ("object", True, True), "object least 8": ("object", False, True),
}


@register
class MajorityColor(GridRuleTask):
    """The input holds multi-coloured objects; a hidden rule recolours either all coloured cells of
    the grid, or each object's cells (cells of any colour joined up, down, left and right, or also
    diagonally), with the colour that the grid or object has most often, or least often (a tie makes
    the rule undefined on that grid). All 6 rules, composed at higher levels with the 8 symmetries
    and colour swaps, are searched and all that fit agree on the test. Levels grow the grids,
    objects and colours, add a symmetry (level 6) and a colour swap (level 13). Levels 1-2 start
    from 4 examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only while
    the answer is not yet unique. Past level 12 the exact search over three-primitive compositions
    runs at one to a few hundred problems/s."""

    name = "abstraction/majority_color"
    knobs = (size_knob([6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (5, 16)),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("one fixed choice: either all coloured cells of the grid together, or each object separately (an "
                 "object is a group of coloured cells of any colours joined, one fixed choice, either only up, "
                 "down, left or right, or also diagonally) are recoloured with the colour that occurs most often "
                 "among them, or (one fixed choice) least often among the colours they contain")

    def family(self, params, palette):
        return [(name, (lambda s, m, d: lambda g: majority(g, s, m, d))(*args)) for name, args in RULES.items()]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        grid = blank(n, n + rng.randint(0, 2))
        for _ in range(max(2, n // 3)):
            cells = place(rng, grid, random_shape(rng, rng.randint(3, 8)), 1, apart=rng.random() < 0.7)
            if cells:
                main = rng.choice(palette)
                for a, b in cells:  # mostly one colour, a few others mixed in
                    grid[a][b] = main if rng.random() < 0.6 else rng.choice(palette)
        g = freeze(grid)
        return g if any(any(r) for r in g) else None
