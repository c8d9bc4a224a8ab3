"""Continue the pattern in the top-left corner across the grid."""
from __future__ import annotations

from procgym import Knob, register

from ._grids import GridRuleTask, colors_knob, examples_knob, freeze, size_knob, steps_knob


def _source(t, size, mode, gap):
    """The index inside a block of `size` that position t copies, or None in a gap."""
    k, r = divmod(t, size + gap)
    if r >= size:
        return None
    return size - 1 - r if mode == "mirror" and k % 2 else r


def extend(g, direction, mode, gap):
    h, w = len(g), len(g[0])
    rows_used = [i for i in range(h) if any(g[i])]
    cols_used = [j for j in range(w) if any(r[j] for r in g)]
    if not rows_used:
        return None
    bh, bw = rows_used[-1] + 1, cols_used[-1] + 1
    rmap = [_source(i, bh, mode, gap) if direction != "right" else (i if i < bh else None) for i in range(h)]
    cmap = [_source(j, bw, mode, gap) if direction != "down" else (j if j < bw else None) for j in range(w)]
    return freeze([[0 if a is None or b is None else g[a][b] for b in cmap] for a in rmap])


@register
class PatternExtension(GridRuleTask):
    """A block of coloured cells sits in the top-left corner of an empty grid; the output repeats it to
    the right, downwards or both, copying it straight or mirroring every second copy, with a hidden
    gap of empty columns or rows between copies. All these rules, composed at higher levels with the
    8 symmetries and colour swaps, are searched and all that fit agree on the test. Levels grow the
    grids, the blocks, the largest gap and the colours, add a symmetry (level 6) and a colour swap
    (level 13). Levels 1-2 start from 4 examples, levels 3-12 from 3 and levels 13-20 from 2; more
    are drawn, up to 5, only while the answer is not yet unique. Past level 12 the exact search over
    three-primitive compositions runs at one to a few hundred problems/s."""

    name = "abstraction/pattern_extension"
    knobs = (size_knob([6, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15], (5, 16)),
             Knob("block", [2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5], (2, 6),
                  doc="largest rows and columns of the corner block"),
             Knob("max_gap", [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 4),
                  doc="largest gap between copies"),
             colors_knob(), steps_knob(), examples_knob())

    def describe(self, params, palette):
        return ("the coloured cells of the input form a block in its top-left corner (from the first row and "
                "column to the last row and column holding a coloured cell); the block is repeated to fill the "
                "grid either to the right only, downwards only, or in both directions (one fixed choice), each "
                "copy either the same as the block or mirrored on every second copy (one fixed choice), with a "
                f"fixed number of empty columns or rows, from 0 to {params['max_gap']}, between copies; copies are "
                "cut off at the edge of the grid")

    def family(self, params, palette):
        return [(f"{d} {m} {k}", (lambda d, m, k: lambda g: extend(g, d, m, k))(d, m, k))
                for d in ("right", "down", "both") for m in ("repeat", "mirror") for k in range(params["max_gap"] + 1)]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        h, w = n + rng.randint(-1, 1), n + rng.randint(-1, 1)
        # the block leaves room for at least one more copy
        top = min(params["block"], h // 2), min(params["block"], w // 2)
        bh, bw = rng.randint(1 if fam.startswith("right") else 2, top[0]), rng.randint(2, top[1])
        rows = [[0] * w for _ in range(h)]
        for i in range(bh):
            for j in range(bw):
                rows[i][j] = rng.choice(palette) if rng.random() < 0.75 else 0
        rows[bh - 1][rng.randrange(bw)] = rng.choice(palette)  # the block's last row and column are used
        rows[rng.randrange(bh)][bw - 1] = rng.choice(palette)
        return freeze(rows)
