"""Count shapes in a grid figure: filled rectangles and squares, and islands of land cells."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int


def count_rectangles(grid) -> int:
    """Axis-aligned rectangles made only of '#' cells (squares included).

    For each cell as bottom-right corner, walk left keeping the smallest column height of '#'
    runs ending in this row: each left edge contributes that many rectangles (one per top row).
    """
    rows, cols = len(grid), len(grid[0])
    heights = [0] * cols
    total = 0
    for r in range(rows):
        for c in range(cols):
            heights[c] = heights[c] + 1 if grid[r][c] == "#" else 0
        for c in range(cols):
            low = heights[c]
            k = c
            while k >= 0 and low:
                low = min(low, heights[k])
                total += low
                k -= 1
    return total


def count_squares(grid) -> int:
    """Axis-aligned squares made only of '#' cells: the largest square ending at each cell
    (a dynamic programme) is also the number of squares with that bottom-right corner."""
    rows, cols = len(grid), len(grid[0])
    prev = [0] * (cols + 1)
    total = 0
    for r in range(rows):
        cur = [0] * (cols + 1)
        for c in range(cols):
            if grid[r][c] == "#":
                cur[c + 1] = 1 + min(prev[c + 1], prev[c], cur[c])
                total += cur[c + 1]
        prev = cur
    return total


def components(grid, diagonal: bool) -> list[int]:
    """Sizes of the connected groups of '#' cells (4-neighbours, plus diagonals if asked)."""
    rows, cols = len(grid), len(grid[0])
    nbrs = [(-1, 0), (1, 0), (0, -1), (0, 1)] + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if diagonal else [])
    seen = [[False] * cols for _ in range(rows)]
    sizes = []
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != "#" or seen[r][c]:
                continue
            seen[r][c] = True
            stack, size = [(r, c)], 0
            while stack:
                y, x = stack.pop()
                size += 1
                for dy, dx in nbrs:
                    ny, nx = y + dy, x + dx
                    if 0 <= ny < rows and 0 <= nx < cols and not seen[ny][nx] and grid[ny][nx] == "#":
                        seen[ny][nx] = True
                        stack.append((ny, nx))
            sizes.append(size)
    return sizes


def random_grid(rng, rows: int, cols: int, fill_percent: int) -> list[str]:
    return ["".join("#" if rng.randrange(100) < fill_percent else "." for _ in range(cols)) for _ in range(rows)]


def blocky_grid(rng, rows: int, cols: int, n_blocks: int, holes: int) -> list[str]:
    """A figure made of overlapping random rectangles with a few cells punched out: it has many
    nested and overlapping rectangles to count."""
    cells = [["."] * cols for _ in range(rows)]
    for _ in range(n_blocks):
        h, w = rng.randint(1, rows), rng.randint(1, cols)
        r0, c0 = rng.randint(0, rows - h), rng.randint(0, cols - w)
        for r in range(r0, r0 + h):
            for c in range(c0, c0 + w):
                cells[r][c] = "#"
    for _ in range(holes):
        cells[rng.randrange(rows)][rng.randrange(cols)] = "."
    return ["".join(row) for row in cells]


def grid_in(prompt: str, after: str) -> list[str]:
    """The grid drawn in a prompt: the lines from `after` to the next blank line."""
    return prompt.split(after, 1)[1].split("\n\n", 1)[0].split("\n")


@register
class CountRectangles(Task):
    """Count the axis-aligned rectangles (or squares) made entirely of filled cells in a grid
    figure. Higher levels use larger figures built from overlapping blocks with holes punched
    out, so rectangles nest, overlap and are cut."""

    name = "spatial/count_rectangles"
    knobs = (
        Knob("rows", [1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (1, 12), doc="grid rows"),
        Knob("cols", [3, 3, 3, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (1, 12), doc="grid columns"),
        Knob("blocks", [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (1, 10),
             doc="random rectangles unioned into the figure"),
        Knob("holes", [0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10], (0, 20), doc="cells punched out"),
        Knob("ask", [["squares"], ["squares"], ["squares", "rectangles"], ["squares", "rectangles"],
                     ["squares", "rectangles"], ["squares", "rectangles"]] + [["rectangles"]] * 14,
             choices=("squares", "rectangles"),
             doc="count squares only, or all rectangles"),
    )
    answer_format = "an integer"
    example = "-1"  # a count is never negative: never an answer

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        for _ in range(50):
            grid = blocky_grid(rng, rows, cols, params["blocks"], params["holes"])
            if any("#" in row for row in grid):
                break
        squares = params["ask"] == "squares"
        value = count_squares(grid) if squares else count_rectangles(grid)
        what = ("squares (of any size) whose cells are all '#'" if squares else
                "rectangles (of any size and shape, squares included) whose cells are all '#'")
        question = (f"In this grid, '#' is a filled cell and '.' is empty:\n"
                    + "\n".join(grid) + f"\n\nCount the axis-aligned {what}. "
                    "A rectangle or square here is a block of whole "
                    "cells spanning consecutive rows and consecutive columns; a single cell counts as one.")
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # the histogram count: one step per (bottom-right cell, left edge) pair it walks; the
        # squares' dynamic programme takes one step per filled cell
        grid = grid_in(problem.prompt, "empty:\n")
        if problem.params["ask"] == "squares":
            return sum(row.count("#") for row in grid)
        heights, steps = [0] * len(grid[0]), 0
        for row in grid:
            heights = [h + 1 if ch == "#" else 0 for h, ch in zip(heights, row)]
            for c in range(len(row)):
                k, low = c, heights[c]
                while k >= 0 and low:
                    low = min(low, heights[k])
                    steps += 1
                    k -= 1
        return steps

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the count")


@register
class CountIslands(Task):
    """Count the islands of land cells in a grid, with the connectivity stated (edges only, or
    edges and corners). Higher levels use larger grids near the density where islands merge,
    ask for the largest island's size, and switch to 8-connectivity with corner-touching traps."""

    name = "spatial/count_islands"
    knobs = (
        Knob("rows", [3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (1, 30), doc="grid rows"),
        Knob("cols", [4, 5, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 26], (1, 30),
             doc="grid columns"),
        Knob("fill_percent", [30, 35, 35, 40, 40, 42, 45, 45, 48, 50] + [50] * 10, (1, 99),
             doc="chance a cell is land (two thirds of it under 8-connectivity)"),
        Knob("diagonal", [False, False, False] + [[False, True]] * 17,
             doc="whether cells touching only at a corner are connected"),
        Knob("ask", [["count"]] * 4 + [["count", "largest"]] * 16,
             choices=("count", "largest"), doc="the number of islands or the largest island's size"),
    )
    answer_format = "an integer"
    example = "-1"  # a count is never negative: never an answer

    def build(self, rng, params):
        rows, cols, diagonal = params["rows"], params["cols"], params["diagonal"]
        # corner contacts merge islands much sooner: thin the land so islands stay many
        fill = params["fill_percent"] * 2 // 3 if diagonal else params["fill_percent"]
        pick = len if params["ask"] == "count" else max
        for _ in range(100):
            grid = random_grid(rng, rows, cols, fill)
            sizes = components(grid, diagonal)
            other = components(grid, not diagonal)
            # prefer a grid where the stated rule changes the answer: it must be read, not guessed
            if sizes and other and pick(sizes) != pick(other):
                break
        if not sizes:  # a near-empty override: make sure there is land to ask about
            grid[0] = "#" + grid[0][1:]
            sizes = components(grid, diagonal)
        rule = ("Cells that touch only at a corner (diagonally) ARE connected: each cell has 8 neighbours."
                if diagonal else
                "Only cells sharing an edge are connected; cells touching only at a corner are NOT connected.")
        if params["ask"] == "count":
            value, ask = len(sizes), "How many islands are there?"
        else:
            value, ask = max(sizes), "How many cells does the largest island have?"
        question = (f"In this map, '#' is land and '.' is water:\n" + "\n".join(grid) +
                    f"\n\nAn island is a maximal group of connected land cells. {rule}\n{ask}")
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # a scan of every cell, and a flood fill that visits every land cell once
        grid = grid_in(problem.prompt, "water:\n")
        return sum(len(row) + row.count("#") for row in grid)

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the right number")
