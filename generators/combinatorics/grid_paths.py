"""Monotone lattice paths on a grid with obstacles and checkpoints, counted by dynamic programming."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask

RULES = {
    "none": ("none",),
    "all": ("all",),
    "mixed": ("all", "at_least_one", "exactly_one", "at_most_one"),
}


def count_grid_paths(grid: list[str], rule: str = "none", diagonal: bool = False) -> int:
    """Paths from the top-left to the bottom-right cell moving right, down (and down-right when
    `diagonal`) that avoid '#' cells, with the number of '*' cells visited allowed by `rule`.
    A DP over cells whose value is a vector indexed by the number of '*' cells visited so far."""
    rows, cols = len(grid), len(grid[0])
    stars = sum(row.count("*") for row in grid)
    empty = [0] * (stars + 1)
    table = [[empty] * cols for _ in range(rows)]
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] == "#":
                continue
            if r == 0 and c == 0:
                vec = [1] + [0] * stars
            else:
                vec = [0] * (stars + 1)
                sources = [(r - 1, c), (r, c - 1)] + ([(r - 1, c - 1)] if diagonal else [])
                for pr, pc in sources:
                    if pr >= 0 and pc >= 0:
                        for i, w in enumerate(table[pr][pc]):
                            vec[i] += w
            if grid[r][c] == "*":
                vec = [0] + vec[:-1]
            table[r][c] = vec
    final = table[rows - 1][cols - 1]
    if rule == "all":
        return final[stars]
    if rule == "at_least_one":
        return sum(final[1:])
    if rule == "exactly_one":
        return final[1] if stars >= 1 else 0
    if rule == "at_most_one":
        return sum(final[:2])
    return sum(final)


def random_route(rng, rows: int, cols: int, diagonal: bool) -> set:
    """The cells of one random monotone path from the top-left to the bottom-right corner."""
    r = c = 0
    cells = {(0, 0)}
    while (r, c) != (rows - 1, cols - 1):
        moves = ([(1, 0)] if r < rows - 1 else []) + ([(0, 1)] if c < cols - 1 else [])
        if diagonal and r < rows - 1 and c < cols - 1 and rng.random() < 0.3:
            moves = [(1, 1)]
        dr, dc = rng.choice(moves)
        r, c = r + dr, c + dc
        cells.add((r, c))
    return cells


@register
class GridPaths(CountTask):
    """Count the monotone paths across a grid drawn in the prompt, from the top-left to the
    bottom-right corner, avoiding blocked cells. Higher levels use larger grids with more obstacles,
    add checkpoint cells that the path must visit (all of them, at least one, exactly one, or at
    most one), and allow diagonal steps."""

    name = "combinatorics/grid_paths"
    knobs = (
        Knob("rows", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (2, 20), doc="grid rows"),
        Knob("cols", [(3, 4), (4, 5), (4, 5), (5, 6), (5, 7), (6, 7), (6, 8), (7, 8), (7, 9), (8, 10), (8, 10),
             (9, 10), (9, 11), (10, 11), (10, 12), (11, 12), (11, 13), (12, 13), (12, 14), (13, 15)], (2, 20),
             doc="grid columns"),
        Knob("obstacles", [0.1, 0.12, 0.15, 0.15, 0.18, 0.18, 0.2, 0.2, 0.22] + [0.25] * 11, (0.0, 0.5),
             doc="share of cells blocked"),
        Knob("checkpoints", [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 6),
             doc="cells marked * that a rule is about"),
        Knob("rule", ["none", "none", "all", "all"] + ["mixed"] * 16,
             choices=tuple(RULES), doc="which checkpoint rules may be asked"),
        Knob("diagonal", [False] * 6 + [[False, True]] * 2 + [True] * 12,
             doc="diagonal down-right steps are allowed too"),
    )

    def build(self, rng, params):
        rows, cols, diagonal = params["rows"], params["cols"], params["diagonal"]
        stars = params["checkpoints"]
        rule = rng.choice(RULES[params["rule"]]) if stars else "none"
        inner = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in ((0, 0), (rows - 1, cols - 1))]
        for _ in range(200):
            route = random_route(rng, rows, cols, diagonal)
            free = [cell for cell in inner if cell not in route]
            on_route = sorted(cell for cell in route if cell in inner)
            if rule == "all":
                star_cells = rng.sample(on_route, min(stars, len(on_route)))
            else:
                star_cells = rng.sample(inner, stars)
            free = [cell for cell in free if cell not in star_cells]
            blocked = rng.sample(free, min(len(free), int(round(params["obstacles"] * rows * cols))))
            grid = [["."] * cols for _ in range(rows)]
            grid[0][0], grid[rows - 1][cols - 1] = "S", "E"
            for r, c in star_cells:
                grid[r][c] = "*"
            for r, c in blocked:
                grid[r][c] = "#"
            lines = ["".join(row) for row in grid]
            count = count_grid_paths(lines, rule, diagonal)
            if count > 1 and (rule == "none" or count != count_grid_paths(lines, "none", diagonal)):
                break
        moves = ("one cell right, one cell down, or one cell diagonally down-right" if diagonal
                 else "one cell right or one cell down")
        ask = {"none": "", "all": " and pass through every cell marked *",
               "at_least_one": " and pass through at least one cell marked *",
               "exactly_one": " and pass through exactly one cell marked *",
               "at_most_one": " and pass through at most one cell marked *"}[rule]
        drawing = "\n".join(" ".join(row) for row in lines)
        question = (f"A robot walks on this grid of {rows} rows and {cols} columns, from the cell S in the top-left "
                    f"corner to the cell E in the bottom-right corner:\n\n{drawing}\n\nEach move goes {moves}. The "
                    f"robot may never enter a cell marked #; cells marked {'. and * are' if stars else '. are'} open."
                    f"\n\nHow many different paths go from S to E{ask}?")
        return Draft(question, str(count), {"count": count, "grid": lines, "rule": rule, "diagonal": diagonal})

    def effort(self, problem):
        # the DP adds each open cell's predecessors' vectors, one entry per count of * cells
        c = problem.check
        grid = c["grid"]
        stars = sum(row.count("*") for row in grid)
        sources = 3 if c["diagonal"] else 2
        open_cells = sum(ch != "#" for row in grid for ch in row)
        return open_cells * sources * (stars + 1)
