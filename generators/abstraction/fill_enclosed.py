"""Fill the background regions enclosed by walls."""
from __future__ import annotations

from functools import lru_cache

from procgym import Knob, register

from ._grids import KING, ORTHO, GridRuleTask, blank, colors_knob, examples_knob, freeze, size_knob, steps_knob


@lru_cache(maxsize=256)
def enclosed_regions(g, diagonal):
    """The groups (joined up, down, left or right) of 0 cells that cannot reach the border through
    0 cells, moving up, down, left or right, or also diagonally; each with the set of colours
    walling it in."""
    h, w = len(g), len(g[0])
    steps = KING if diagonal else ORTHO
    stack = [(i, j) for i in range(h) for j in range(w) if (i in (0, h - 1) or j in (0, w - 1)) and not g[i][j]]
    outside = set(stack)
    while stack:
        a, b = stack.pop()
        for da, db in steps:
            x, y = a + da, b + db
            if 0 <= x < h and 0 <= y < w and not g[x][y] and (x, y) not in outside:
                outside.add((x, y))
                stack.append((x, y))
    seen = outside
    out = []
    for i in range(h):
        for j in range(w):
            if g[i][j] or (i, j) in seen:
                continue
            region, walls, stack = [], set(), [(i, j)]
            seen.add((i, j))
            while stack:
                a, b = stack.pop()
                region.append((a, b))
                for da, db in ORTHO:
                    x, y = a + da, b + db
                    if g[x][y]:
                        walls.add(g[x][y])
                    elif (x, y) not in seen:
                        seen.add((x, y))
                        stack.append((x, y))
            out.append((tuple(region), frozenset(walls)))
    return tuple(out)


def fill_enclosed(g, colour, diagonal):
    """Every enclosed 0 cell gets `colour`; colour None means the colour of the region's walls,
    which must then be a single colour (else the rule is undefined)."""
    regions = enclosed_regions(g, diagonal)
    if not regions:
        return g
    rows = [list(r) for r in g]
    for region, walls in regions:
        c = colour
        if c is None:
            if len(walls) != 1:
                return None
            c = next(iter(walls))
        for a, b in region:
            rows[a][b] = c
    return freeze(rows)


def _box(rng, grid, colour, gap):
    """A hollow rectangle outline at a random free spot; with `gap`, one wall cell is left out."""
    h, w = len(grid), len(grid[0])
    bh, bw = rng.randint(3, max(3, min(5, h - 1))), rng.randint(3, max(3, min(6, w - 1)))
    for _ in range(20):
        r, c = rng.randrange(h - bh + 1), rng.randrange(w - bw + 1)
        c0, c1 = max(0, c - 1), min(w, c + bw + 1)
        if any(any(grid[x][c0:c1]) for x in range(max(0, r - 1), min(h, r + bh + 1))):
            continue  # the outline and a ring around it must be free
        ring = [(x, y) for x in range(r, r + bh) for y in range(c, c + bw)
                if x in (r, r + bh - 1) or y in (c, c + bw - 1)]
        if gap:
            ring.remove(rng.choice([p for p in ring if p not in
                                    ((r, c), (r, c + bw - 1), (r + bh - 1, c), (r + bh - 1, c + bw - 1))]))
        elif rng.random() < 0.3:
            ring.remove(rng.choice(((r, c), (r, c + bw - 1), (r + bh - 1, c), (r + bh - 1, c + bw - 1))))
        for x, y in ring:
            grid[x][y] = colour
        return


@register
class FillEnclosed(GridRuleTask):
    """The input holds rectangle outlines (some broken, some missing a corner) and stray cells; every
    background region that cannot reach the border is filled, with one fixed colour or with the
    colour of its walls. Whether the background leaks out diagonally (through a missing corner) is
    part of the hidden rule. All 20 rules, composed at higher levels with the 8 symmetries and
    colour swaps, are searched and all that fit agree on the test. Levels add outlines, colours and
    grid size, a symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from 4 examples,
    levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the answer is
    not yet unique. Generation runs at about 800-900 problems/s at level 5 on one core, not 1,000:
    every rule flood-fills the examples' background; past level 12 about a hundred/s."""

    name = "abstraction/fill_enclosed"
    knobs = (size_knob([6, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15], (5, 16)),
             Knob("boxes", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (1, 10),
                  doc="rectangle outlines in each input grid"),
             colors_knob(), steps_knob(), examples_knob())
    rule_text = ("every group of 0 cells that cannot reach the edge of the grid by moving through 0 cells is "
                 "filled, either with one fixed colour or with the colour of the cells walling it in (one fixed "
                 "choice); moving means going up, down, left or right, or also diagonally (one fixed choice)")

    def family(self, params, palette):
        out = [(f"wall {d}", (lambda d: lambda g: fill_enclosed(g, None, d))(d)) for d in (False, True)]
        return out + [(f"{c} {d}", (lambda c, d: lambda g: fill_enclosed(g, c, d))(c, d))
                      for c in range(1, 10) for d in (False, True)]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        grid = blank(n, n + rng.randint(0, 2))
        for _ in range(params["boxes"]):
            _box(rng, grid, rng.choice(palette), rng.random() < 0.25)
        for _ in range(rng.randint(0, 3)):
            x, y = rng.randrange(len(grid)), rng.randrange(len(grid[0]))
            if not grid[x][y]:
                grid[x][y] = rng.choice(palette)
        return freeze(grid)
