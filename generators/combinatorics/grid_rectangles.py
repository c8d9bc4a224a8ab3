"""Rectangles and squares drawn on a grid that avoid its blocked cells."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask


def count_rectangles(grid: list[str], squares: bool, stats=None) -> int:
    """Rectangles (or squares) made of whole '.' cells of `grid`: for each pair of rows top <= bottom,
    the columns clear in every row between them form runs; the rectangle ending at column c of a run
    of length `run` so far can start at any of those `run` columns, and exactly one start makes a
    square when run >= the height."""
    h, w = len(grid), len(grid[0])
    total = 0
    for top in range(h):
        clear = [True] * w
        for bottom in range(top, h):
            height, run = bottom - top + 1, 0
            for c in range(w):
                clear[c] = clear[c] and grid[bottom][c] == "."
                run = run + 1 if clear[c] else 0
                total += int(run >= height) if squares else run
            if stats is not None:
                stats["cells"] += w
    return total


@register
class GridRectangles(CountTask):
    """Count the rectangles (or the squares) made of whole cells of a grid drawn in the prompt that
    contain no blocked cell. Without blocks a formula settles it; levels grow the grid and add
    blocked cells, so the rectangles must be counted by rows and runs."""

    name = "combinatorics/grid_rectangles"
    knobs = (
        Knob("rows", [(2, 3), (3, 3), (3, 4), (3, 4), (4, 5), (4, 5), (4, 6), (5, 6), (5, 7), (6, 7), (6, 8),
                      (7, 8), (7, 9), (8, 9), (8, 10), (9, 10), (9, 11), (10, 12), (11, 13), (12, 14)], (1, 20),
             doc="rows of the grid"),
        Knob("cols", [(3, 4), (3, 4), (4, 5), (4, 6), (5, 6), (5, 7), (6, 7), (6, 8), (7, 8), (7, 9), (8, 10),
                      (8, 10), (9, 11), (9, 12), (10, 12), (10, 13), (11, 14), (12, 15), (13, 16), (14, 18)],
             (1, 24), doc="columns of the grid"),
        Knob("blocked", [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18], (0, 40),
             doc="blocked cells"),
    )

    def build(self, rng, params):
        h, w = params["rows"], params["cols"]
        cells = [(r, c) for r in range(h) for c in range(w)]
        blocked = set(rng.sample(cells, min(params["blocked"], h * w - 1)))
        grid = ["".join("#" if (r, c) in blocked else "." for c in range(w)) for r in range(h)]
        squares = rng.random() < 0.4
        stats = {"cells": 0}
        count = count_rectangles(grid, squares, stats)
        shape = "squares" if squares else "rectangles (squares included)"
        question = (f"Here is a grid of {h} rows and {w} columns of unit cells; # marks a blocked cell.\n\n"
                    + "\n".join(grid) + f"\n\nHow many {shape} can be formed whose sides run along the grid lines "
                    f"and that contain no blocked cell? Count every size, from single cells up; two {shape.split()[0]} "
                    f"are different when they cover different cells.")
        return Draft(question, str(count), {"count": count, "grid": grid, "squares": squares,
                                            "cells": stats["cells"]})

    def effort(self, problem):
        return problem.check["cells"]
