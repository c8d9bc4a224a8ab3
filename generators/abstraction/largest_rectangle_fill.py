"""Fill the largest empty rectangle (or square) with a hidden colour."""
from __future__ import annotations

from functools import lru_cache

from procgym import register

from ._grids import GridRuleTask, colors_knob, examples_knob, scatter, size_knob, steps_knob


@lru_cache(maxsize=512)
def largest_empty(g, square):
    """(top, left, rows, columns) of the one largest all-0 rectangle (by area) or square (by side)
    of `g`; None when there is none or two tie. A largest rectangle fills a whole run of free
    columns within its band of rows, so every band's runs are the only candidates."""
    h, w = len(g), len(g[0])
    best, found = 0, []
    for r0 in range(h):
        free = [True] * w
        for r1 in range(r0, h):
            row = g[r1]
            free = [f and not v for f, v in zip(free, row)]
            k = r1 - r0 + 1
            j = 0
            while j < w:
                if not free[j]:
                    j += 1
                    continue
                c0 = j
                while j < w and free[j]:
                    j += 1
                run = j - c0
                if square:
                    if run < k:
                        continue
                    size, boxes = k, [(r0, c, k, k) for c in range(c0, j - k + 1)]
                else:
                    size, boxes = k * run, [(r0, c0, k, run)]
                if size > best:
                    best, found = size, boxes
                elif size == best:
                    found = found + boxes
    return found[0] if len(found) == 1 else None


def fill_largest(g, square, colour):
    box = largest_empty(g, square)
    if box is None:
        return None
    r0, c0, a, b = box
    return tuple(tuple(colour if r0 <= i < r0 + a and c0 <= j < c0 + b else v for j, v in enumerate(r))
                 for i, r in enumerate(g))


@register
class LargestRectangleFill(GridRuleTask):
    """The input is scattered coloured cells; a hidden rule fills with one hidden colour either the
    largest rectangle of empty cells (by area) or the largest square of empty cells (by side),
    undefined where two tie. All 18 rules, composed at higher levels with the 8 symmetries and
    colour swaps, are searched and all that fit agree on the test. Levels grow the grids and
    colours, add a symmetry (level 6) and a colour swap (level 13). Levels 1-2 start from 4
    examples, levels 3-12 from 3 and levels 13-20 from 2; more are drawn, up to 5, only while the
    answer is not yet unique. Generation runs at about 600-1,000 problems/s at level 5 on one core,
    not always 1,000: inputs where two largest rectangles tie are redrawn; past level 12 about a
    hundred/s."""

    name = "abstraction/largest_rectangle_fill"
    knobs = (size_knob(), colors_knob(), steps_knob(), examples_knob())
    rule_text = ("one fixed choice: either the rectangle of empty (0) cells with the largest area, or the square of "
                 "empty cells with the longest side, is filled with one fixed colour (the grids are drawn so that "
                 "this rectangle or square is the only largest one)")

    def family(self, params, palette):
        return [(f"{'square' if s else 'rectangle'} {c}", (lambda s, c: lambda g: fill_largest(g, s, c))(s, c))
                for s in (False, True) for c in range(1, 10)]

    def draw(self, rng, params, palette, fam):
        n = params["size"]
        return scatter(rng, rng.randint(n, n + 1), rng.randint(n, n + 2), palette, rng.uniform(0.3, 0.45))
