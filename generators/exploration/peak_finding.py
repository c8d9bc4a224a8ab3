"""Two-dimensional peak finding: find a local maximum of a hidden grid by reading cells, within a
budget linear in the side (divide and conquer), far below the number of cells."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask

_QUERY = re.compile(r"^(?:query|read|look|probe)\s*:?\s*(?:cell\s*)?\(?\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*\)?$")
_ANSWER = re.compile(r"^(?:answer|peak)\s*:?\s*(?:cell\s*)?\(?\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*\)?$")
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def cross_bound(rows: int, cols: int) -> int:
    """The most reads the divide-and-conquer policy makes on an interior of rows x cols cells:
    the middle row and column, two neighbours of their best cell, then the largest quadrant."""
    if rows <= 0 or cols <= 0:
        return 0
    here = rows + cols - 1 + 2
    return here + cross_bound(max((rows - 1) // 2, rows - 1 - (rows - 1) // 2),
                              max((cols - 1) // 2, cols - 1 - (cols - 1) // 2))


def peak_next(n: int, seen: dict) -> str:
    """The divide-and-conquer policy's next action from the cells read so far (`seen` maps "r c"
    to the value, rows and columns from 1). A window is a block of rows and columns whose frame
    (the lines just outside it) has been read, or lies off the grid; some read cell inside it beats
    the whole frame. Read the window's middle row and column; take the best read cell g in the
    window; if g is on the cross, read its neighbours, and answer g if none is larger, else step
    into the quadrant holding the larger neighbour; if g lies off the cross, step into its
    quadrant. Every step keeps the invariant, and the window shrinks by half."""
    r0, r1, c0, c1 = 0, n + 1, 0, n + 1  # the frame lines; 0 and n + 1 are off the grid

    read = [(v, *map(int, key.split())) for key, v in seen.items()]

    def value(r, c):
        return seen.get(f"{r} {c}")

    while True:
        rm, cm = (r0 + r1) // 2, (c0 + c1) // 2
        cross = [(rm, c) for c in range(c0 + 1, c1)] + [(r, cm) for r in range(r0 + 1, r1) if r != rm]
        for r, c in cross:
            if value(r, c) is None:
                return f"query {r} {c}"
        inside = [cell for cell in read if r0 < cell[1] < r1 and c0 < cell[2] < c1]
        _, gr, gc = max(inside)
        if gr == rm or gc == cm:
            for dr, dc in _STEPS:
                r, c = gr + dr, gc + dc
                if 1 <= r <= n and 1 <= c <= n and value(r, c) is None:
                    return f"query {r} {c}"
            better = [(value(gr + dr, gc + dc), gr + dr, gc + dc) for dr, dc in _STEPS
                      if 1 <= gr + dr <= n and 1 <= gc + dc <= n and value(gr + dr, gc + dc) > value(gr, gc)]
            if not better:
                return f"answer {gr} {gc}"
            _, gr, gc = max(better)
        r0, r1 = (r0, rm) if gr < rm else (rm, r1)
        c0, c1 = (c0, cm) if gc < cm else (cm, c1)


@register
class PeakFinding(TurnBudgetTask):
    """Find a peak of a hidden n x n grid of distinct integers: a cell whose value beats each of
    its up to four neighbours. Reading a cell costs a turn, and the budget is the bound of the
    divide-and-conquer policy (read the middle row and column, step into the quadrant that must
    hold a peak), plus a slack; it is linear in n, far below the n^2 cells. The grids hide
    their peak: values climb along one long winding path and fall away from it, so the grid has
    a single peak at the path's end, and walking uphill follows the whole path. The prompt shows
    one cell's value to start from. Higher levels
    widen the grid and cut the slack to nothing. (Generation lays the path by a depth-first search
    and replays the policy read by read: near 1,000 problems/s at level 5, less on a busy core.)"""

    name = "exploration/peak_finding"
    knobs = (
        Knob("side", [5, 6, 7, 8, 9, 10, 11, 12, 13, 15, 17, 19, 21, 23, 25, 28, 31, 34, 37, 40], (3, 60),
             doc="rows and columns of the grid"),
        Knob("slack", [6, 5, 4, 4, 3, 3, 2, 2, 1, 0] + [0] * 10, (0, 100), doc="reads allowed beyond the bound"),
    )
    answer_format = "an action: query R C (read row R, column C) or answer R C (name a peak)"
    example = "query 0 0"  # row 0 is off the grid: invalid, so the example never wins
    tools = (
        Tool("query", "Read the value of one cell.", "query {row} {col}",
             (Param("row", "integer", "the row, 1 at the top"), Param("col", "integer", "the column, 1 at the left"))),
        Tool("answer", "Name a peak cell; this ends the game.", "answer {row} {col}",
             (Param("row", "integer", "the row, 1 at the top"), Param("col", "integer", "the column, 1 at the left"))),
    )
    lowercase = True
    invalid_hint = "write query R C or answer R C, with R and C from 1 to the side of the grid"

    def build(self, rng, params):
        n = params["side"]
        # a long path: a randomised depth-first search from a random cell, to its deepest cell
        start = (rng.randrange(n), rng.randrange(n))
        parent, depth, stack = {start: None}, {start: 0}, [start]
        while stack:
            r, c = stack[-1]
            fresh = [(r + dr, c + dc) for dr, dc in _STEPS
                     if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in parent]
            if not fresh:
                stack.pop()
                continue
            nxt = rng.choice(fresh)
            parent[nxt], depth[nxt] = (r, c), depth[(r, c)] + 1
            stack.append(nxt)
        end = max(depth, key=lambda cell: (depth[cell], cell))
        path = []
        while end is not None:
            path.append(end)
            end = parent[end]
        path.reverse()
        # values: up the path; off it, lower the farther from the path (so never a peak)
        dist = {cell: 0 for cell in path}
        frontier = list(path)
        while frontier:
            nxt = []
            for r, c in frontier:
                for dr, dc in _STEPS:
                    cell = (r + dr, c + dc)
                    if 0 <= cell[0] < n and 0 <= cell[1] < n and cell not in dist:
                        dist[cell] = dist[(r, c)] + 1
                        nxt.append(cell)
            frontier = nxt
        step = max(100, n * n)  # distinct noise below one step keeps every value distinct
        noise = rng.sample(range(step), n * n)
        grid = [[0] * n for _ in range(n)]
        for i, (r, c) in enumerate(path):
            grid[r][c] = step * (i + 1) + noise[r * n + c]
        for (r, c), d in dist.items():
            if d:
                grid[r][c] = -step * d + noise[r * n + c]
        budget = cross_bound(n, n) + params["slack"] + 1
        # one cell is shown for free (any read only helps the policy, so the bound stands)
        shown = [rng.randrange(n) + 1, rng.randrange(n) + 1]
        check = {"grid": grid, "shown": shown, "budget": budget}
        r, c = shown
        question = (
            f"A hidden grid of {n} rows and {n} columns holds distinct whole numbers. A peak is a cell whose "
            f"number is larger than the number of each of its neighbours (up, down, left and right; cells on "
            f"the edge have fewer). Find a peak. Rows are numbered 1 to {n} from the top, columns 1 to {n} from "
            f"the left. Each turn, either read a cell ('query 3 5' shows the number in row 3, column 5) or "
            f"name a peak ('answer 3 5'), which ends the game: you win only if that cell is a peak.\n"
            f"For a start: row {r}, column {c} holds {grid[r - 1][c - 1]}.\n"
            f"You have {budget} turns; an invalid action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the reads, and the comparisons that pick the best read cell of each window
        lines = problem.answer.split("\n")
        return len(lines) + len(lines) * (len(lines) - 1) // 8

    def start(self, problem):
        r, c = problem.check["shown"]
        return {"seen": {f"{r} {c}": problem.check["grid"][r - 1][c - 1]}}

    def act(self, problem, state, text):
        grid = problem.check["grid"]
        n = len(grid)
        query, answer = _QUERY.match(text), _ANSWER.match(text)
        found = query or answer
        if not found:
            return f"Invalid action: {self.invalid_hint}.", None
        r, c = int(found.group(1)), int(found.group(2))
        if not (1 <= r <= n and 1 <= c <= n):
            return f"Invalid action: rows and columns run from 1 to {n}.", None
        if query:
            state["seen"][f"{r} {c}"] = grid[r - 1][c - 1]
            return f"Row {r}, column {c}: {grid[r - 1][c - 1]}.", None
        around = [grid[r - 1 + dr][c - 1 + dc] for dr, dc in _STEPS if 0 <= r - 1 + dr < n and 0 <= c - 1 + dc < n]
        if all(grid[r - 1][c - 1] > v for v in around):
            return f"Row {r}, column {c} holds {grid[r - 1][c - 1]}: it is a peak. You win.", WIN
        return f"Row {r}, column {c} holds {grid[r - 1][c - 1]}, but a neighbour is larger: not a peak. You lose.", LOSE

    def unsolved(self, problem, state):
        return "you did not name a peak, so you lose."

    def plan(self, problem, state):
        return peak_next(len(problem.check["grid"]), state["seen"])
