"""Shortest routes through a maze drawn as a text grid: a move string, checked by simulation."""
from __future__ import annotations

import re
from collections import deque

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, read_parts, refused, strip_brackets
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._graph_text import says_none

WALL, OPEN, START, END = "#", ".", "S", "E"
MOVES = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
_WORDS = {"up": "U", "down": "D", "left": "L", "right": "R"}
_RUN = re.compile(r"[UDLRudlr]+")
_SEPARATORS = re.compile(r"\s*[,;\-]\s*|\s+")
NO_ROUTE = {"unreachable", "not reachable", "no path", "no route", "no such path", "impossible",
            "e cannot be reached", "e is unreachable"}


def carve(rng, rows: int, cols: int, loop_percent: int) -> list[list[str]]:
    """A perfect maze by randomized depth-first search on rows x cols cells, drawn on a
    (2*rows+1) x (2*cols+1) grid (cell (r, c) at (2r+1, 2c+1), walls between), then
    `loop_percent`% of the interior walls between cells knocked down to make loops."""
    grid = [[WALL] * (2 * cols + 1) for _ in range(2 * rows + 1)]
    for r in range(rows):
        for c in range(cols):
            grid[2 * r + 1][2 * c + 1] = OPEN
    first = (rng.randrange(rows), rng.randrange(cols))
    seen, stack = {first}, [first]
    while stack:
        r, c = stack[-1]
        options = [(r + dr, c + dc) for dr, dc in MOVES.values()
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in seen]
        if not options:
            stack.pop()
            continue
        nr, nc = options[rng.randrange(len(options))]
        grid[r + nr + 1][c + nc + 1] = OPEN
        seen.add((nr, nc))
        stack.append((nr, nc))
    walls = [(y, x) for y in range(1, 2 * rows) for x in range(1, 2 * cols)
             if (y + x) % 2 == 1 and grid[y][x] == WALL]
    rng.shuffle(walls)
    for y, x in walls[:round(len(walls) * loop_percent / 100)]:
        grid[y][x] = OPEN
    return grid


def bfs(grid, source: tuple) -> dict:
    """Breadth-first search over open squares: {square: previous square} for every reachable one."""
    prev = {source: None}
    queue = deque([source])
    height, width = len(grid), len(grid[0])
    while queue:
        y, x = queue.popleft()
        for dy, dx in MOVES.values():
            ny, nx_ = y + dy, x + dx
            if 0 <= ny < height and 0 <= nx_ < width and grid[ny][nx_] != WALL and (ny, nx_) not in prev:
                prev[(ny, nx_)] = (y, x)
                queue.append((ny, nx_))
    return prev


def _depths(prev: dict) -> dict:
    """Distances from the BFS source, from the predecessor map (which lists squares in BFS order)."""
    depth = {}
    for v, p in prev.items():
        depth[v] = 0 if p is None else depth[p] + 1
    return depth


def route(prev: dict, target: tuple) -> list[tuple]:
    path = [target]
    while prev[path[-1]] is not None:
        path.append(prev[path[-1]])
    return path[::-1]


def moves_of(path: list[tuple]) -> str:
    names = {v: k for k, v in MOVES.items()}
    return "".join(names[(b[0] - a[0], b[1] - a[1])] for a, b in zip(path, path[1:]))


def read_moves(text: str) -> str:
    """The moves as one string of U, D, L and R: written together ("RRDL"), or separated by
    commas, spaces or dashes, as letters, runs of letters or the words up, down, left, right."""
    s = strip_brackets(read_parts(text, [{"moves", "path", "route", "answer"}])[0])
    moves = []
    for item in _SEPARATORS.split(s):
        if _RUN.fullmatch(item):
            moves.append(item.upper())
        elif item.lower() in _WORDS:
            moves.append(_WORDS[item.lower()])
        else:
            raise NotAnAnswer(f"{preview(item, 20)} is not a move: write the moves as letters U, D, L and R only")
    return "".join(moves)


@register
class MazeShortestPath(Task):
    """A maze drawn as a text grid (# wall, . open, S start, E end): give a shortest sequence of
    moves U/D/L/R from S to E, or NONE when E cannot be reached. The verifier simulates the
    moves (no step into a wall or off the grid, ending on E) and checks the count equals the
    breadth-first-search distance, so any shortest route passes. Higher levels add cells, loops
    (several competing routes, only some shortest) and unreachable cases made by walling off the
    route one square at a time until no way through remains, so dead ends come close to E."""

    name = "graphs/maze_shortest_path"
    knobs = (
        Knob("rows", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (1, 30),
             doc="maze rows of cells (the grid has 2*rows+1 lines)"),
        Knob("cols", [3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15], (2, 30),
             doc="maze columns of cells"),
        Knob("loop_percent", [0, 10, 15, 20, 25, 25, 30, 30, 35, 35,
             35, 35, 40, 40, 40, 40, 40, 40, 40, 40], (0, 100),
             doc="share of interior walls knocked down to make loops"),
        Knob("none_percent", [0, 0, 10, 15, 20, 20, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25, 25], (0, 100),
             doc="chance that E is walled off from S"),
    )
    answer_format = ("the moves as one string of the letters U, D, L and R (up, down, left, right), "
                     "or NONE if E cannot be reached")
    example = "RRDLDD"

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        grid = carve(rng, rows, cols, params["loop_percent"])
        cells = [(2 * r + 1, 2 * c + 1) for r in range(rows) for c in range(cols)]
        # start and end far apart: a random cell and a cell farthest from it
        a = rng.choice(cells)
        depth = _depths(bfs(grid, a))
        far = max(depth[v] for v in cells)
        b = rng.choice([v for v in cells if depth[v] == far])
        start, end = (a, b) if rng.random() < 0.5 else (b, a)
        if rng.randrange(100) < params["none_percent"]:
            # wall off squares of the current shortest route until no route remains
            while True:
                prev = bfs(grid, start)
                if end not in prev:
                    break
                path = route(prev, end)[1:-1]
                if not path:
                    break  # start and end adjacent: they stay connected
                y, x = rng.choice(path)
                grid[y][x] = WALL
        grid[start[0]][start[1]] = START
        grid[end[0]][end[1]] = END
        prev = bfs(grid, start)
        moves = moves_of(route(prev, end)) if end in prev else None
        lines = ["".join(row) for row in grid]
        question = ("This maze is drawn as a grid of squares: # is a wall, . is open, S is the start and E is "
                    "the end. Each move goes one square up (U), down (D), left (L) or right (R), and may not "
                    "enter a wall.\n\n" + "\n".join(lines) + "\n\n"
                    "Give a shortest sequence of moves from S to E, or NONE if E cannot be reached.")
        return Draft(question, moves if moves is not None else "NONE",
                     {"grid": lines, "length": len(moves) if moves is not None else None})

    def effort(self, problem):
        # breadth-first search from S: every square it reaches, plus the route read back
        grid = problem.check["grid"]
        start = next((i, row.index(START)) for i, row in enumerate(grid) if START in row)
        return len(bfs(grid, start)) + (problem.check["length"] or 0)

    def grade(self, answer, problem):
        c = problem.check
        if says_none(answer, NO_ROUTE):
            return right() if c["length"] is None else wrong("E can be reached from S.")
        try:
            text = read_moves(answer)
        except ParseError as exc:
            return refused(exc)
        if c["length"] is None:
            return wrong("E cannot be reached from S.")
        grid = c["grid"]
        y, x = next((i, row.index(START)) for i, row in enumerate(grid) if START in row)
        for k, ch in enumerate(text):
            dy, dx = MOVES[ch]
            y, x = y + dy, x + dx
            if not (0 <= y < len(grid) and 0 <= x < len(grid[0])) or grid[y][x] == WALL:
                return wrong(f"Move {k + 1} ({ch}) runs into a wall.")
        if grid[y][x] != END:
            return wrong("The moves do not end on E.")
        if len(text) != c["length"]:
            return wrong(f"That route takes {len(text)} moves, which is not the fewest.")
        return right()
