"""Fewest moves between two cells of a grid with walls, moving like a rook step (4 directions)
or a king (8 directions), found by breadth-first search."""
from __future__ import annotations

from collections import deque

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int


def distances(grid, start, king: bool, cut_corners: bool = True) -> dict:
    """Fewest moves from start to every reachable cell avoiding '#' cells (breadth-first search).

    With `king`, diagonal moves are allowed; unless `cut_corners`, a diagonal move needs both
    cells it passes between (the two orthogonal neighbours it skips) to be free. The search runs
    on a flat array framed by a border of walls, so no move needs a bounds check.
    """
    rows, cols = len(grid), len(grid[0])
    w = cols + 2
    free = [False] * (w * (rows + 2))
    for r in range(rows):
        row = grid[r]
        for c in range(cols):
            free[(r + 1) * w + c + 1] = row[c] != "#"
    ortho = [-w, w, -1, 1]
    # a diagonal step with the two orthogonal steps it passes between
    diag = [(-w - 1, -w, -1), (-w + 1, -w, 1), (w - 1, w, -1), (w + 1, w, 1)] if king else []
    src = (start[0] + 1) * w + start[1] + 1
    dist = {src: 0}
    queue = deque([src])
    while queue:
        i = queue.popleft()
        d = dist[i] + 1
        for o in ortho:
            j = i + o
            if free[j] and j not in dist:
                dist[j] = d
                queue.append(j)
        for o, a, b in diag:
            j = i + o
            if free[j] and j not in dist and (cut_corners or (free[i + a] and free[i + b])):
                dist[j] = d
                queue.append(j)
    return {(i // w - 1, i % w - 1): d for i, d in dist.items()}


def distance(grid, start, goal, king: bool, cut_corners: bool = True) -> int | None:
    """Fewest moves from start to goal, or None if unreachable."""
    return distances(grid, start, king, cut_corners).get(goal)


@register
class GridDistance(Task):
    """The fewest moves from S to T on a grid with walls, moving one cell at a time in 4
    directions or like a chess king in 8. Higher levels add walls that force detours longer
    than the open-grid distance, king moves, and the rule that a diagonal move may not squeeze
    between two walls' corners."""

    name = "spatial/grid_distance"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 7, 7, 8, 9, 10, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (2, 30), doc="grid rows"),
        Knob("cols", [4, 5, 6, 6, 7, 8, 9, 10, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24, 26], (2, 30),
             doc="grid columns"),
        Knob("wall_percent", [0, 10, 15, 20, 25, 28, 30, 32, 35, 35] + [35] * 10, (0, 60), doc="chance a cell is a wall"),
        Knob("king", [False, False, False, [False, True], [False, True], [False, True]] + [True] * 14,
             doc="allow diagonal moves"),
        Knob("no_corner_cutting", [False] * 5 + [[False, True], [False, True]] + [True] * 13,
             doc="forbid a diagonal move between two orthogonal cells when either is a wall"),
        Knob("min_detour", [0, 0, 1, 1, 2, 2, 2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10], (0, 50),
             doc="least extra moves the walls force beyond the open-grid distance"),
    )
    answer_format = "an integer, the fewest moves"
    example = "-1"  # a number of moves is never negative: never an answer

    def build(self, rng, params):
        rows, cols, king = params["rows"], params["cols"], params["king"]
        cut = not params["no_corner_cutting"]
        best = None
        for attempt in range(60):
            share = params["wall_percent"] / 100
            grid = [["#" if rng.random() < share else "." for _ in range(cols)] for _ in range(rows)]
            free = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "."]
            if len(free) < 2:
                continue
            s = rng.choice(free)
            dist = distances(grid, s, king, cut)
            # targets whose shortest route the walls lengthen, far enough from the start to matter
            scored = []
            for t, d in dist.items():
                dr, dc = abs(s[0] - t[0]), abs(s[1] - t[1])
                open_d = max(dr, dc) if king else dr + dc
                if t != s:
                    scored.append((d - open_d, open_d, t))
            if not scored:
                continue
            good = [x for x in scored if x[0] >= params["min_detour"] and x[1] >= min(rows, cols) // 2]
            if good:
                t = rng.choice(sorted(good))[2]
                best = (grid, s, t, dist[t])
                break
            top = max(scored)
            if best is None or top[0] > best[4]:
                best = (grid, s, top[2], dist[top[2]], top[0])
        if best is None:  # only for tiny, wall-heavy overrides: fall back to an open grid
            grid = [["."] * cols for _ in range(rows)]
            s, t = (0, 0), (rows - 1, cols - 1)
            best = (grid, s, t, distance(grid, s, t, king, cut))
        grid, s, t, d = best[:4]
        grid[s[0]][s[1]], grid[t[0]][t[1]] = "S", "T"
        if king:
            rule = ("Each move goes to one of the 8 neighbouring cells (sideways, up, down or diagonally, "
                    "like a chess king).")
            rule += (" A diagonal move is NOT allowed when either of the two cells it passes between (the cells "
                     "sharing an edge with both its start and its end) is a wall." if not cut else
                     " A diagonal move is allowed even between two walls, as long as its end cell is free.")
        else:
            rule = "Each move goes to a cell sharing an edge (up, down, left or right); no diagonal moves."
        question = ("In this grid, '#' is a wall, '.' is free, S is the start and T is the target:\n"
                    + "\n".join("".join(row) for row in grid)
                    + f"\n\n{rule} Moves may not enter walls or leave the grid.\n"
                    "What is the fewest number of moves from S to T?")
        return Draft(question, str(d), {"value": d})

    def effort(self, problem):
        # breadth-first search settles every free cell no farther from S than T is
        rows = problem.prompt.split("the target:\n", 1)[1].split("\n\n", 1)[0].split("\n")
        start = next((r, row.index("S")) for r, row in enumerate(rows) if "S" in row)
        grid = [row.replace("S", ".").replace("T", ".") for row in rows]
        dist = distances(grid, start, problem.params["king"], not problem.params["no_corner_cutting"])
        return sum(1 for d in dist.values() if d <= problem.check["value"])

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the fewest number of moves")
