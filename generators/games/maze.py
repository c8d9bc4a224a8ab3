"""A grid maze explored under partial observation: reach the exit within a move budget."""
from __future__ import annotations

import math
import re
from collections import deque

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

DIRECTIONS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
ALIASES = {"up": "up", "u": "up", "n": "up", "north": "up",
           "down": "down", "d": "down", "s": "down", "south": "down",
           "left": "left", "l": "left", "w": "left", "west": "left",
           "right": "right", "r": "right", "e": "right", "east": "right"}
_ACTION = re.compile(r"^(?:(?:move|go)\s+)?([a-z]+)$")
WALL, OPEN, AGENT, EXIT = "#", ".", "@", "X"


def carve(rng, rows: int, cols: int, extra_percent: int) -> list[list[str]]:
    """A perfect maze by randomized depth-first search, then `extra_percent`% of the remaining
    interior walls knocked down (loops). Returned as a (2*rows+1) x (2*cols+1) character grid in
    which cell (r, c) sits at (2r+1, 2c+1) and the wall between two cells between them."""
    grid = [[WALL] * (2 * cols + 1) for _ in range(2 * rows + 1)]
    for r in range(rows):
        for c in range(cols):
            grid[2 * r + 1][2 * c + 1] = OPEN
    start = (rng.randrange(rows), rng.randrange(cols))
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack[-1]
        options = [(r + dr, c + dc) for dr, dc in DIRECTIONS.values()
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr, c + dc) not in seen]
        if not options:
            stack.pop()
            continue
        nr, nc = options[rng.randrange(len(options))]
        grid[r + nr + 1][c + nc + 1] = OPEN  # the wall between (r, c) and (nr, nc)
        seen.add((nr, nc))
        stack.append((nr, nc))
    if extra_percent:
        walls = [(y, x) for y in range(1, 2 * rows) for x in range(1, 2 * cols)
                 if (y + x) % 2 == 1 and grid[y][x] == WALL]
        rng.shuffle(walls)
        for y, x in walls[:round(len(walls) * extra_percent / 100)]:
            grid[y][x] = OPEN
    return grid


def neighbours(grid, r: int, c: int):
    """Open moves from cell (r, c), in a fixed order: (direction, (row, col))."""
    for name, (dr, dc) in DIRECTIONS.items():
        if grid[2 * r + 1 + dr][2 * c + 1 + dc] != WALL:
            yield name, (r + dr, c + dc)


def bfs(grid, source: tuple) -> dict:
    """Breadth-first search from `source`: {cell: (distance, previous cell, direction taken)}."""
    tree = {source: (0, None, None)}
    queue = deque([source])
    while queue:
        cell = queue.popleft()
        d = tree[cell][0]
        for name, nxt in neighbours(grid, *cell):
            if nxt not in tree:
                tree[nxt] = (d + 1, cell, name)
                queue.append(nxt)
    return tree


def shortest_moves(grid, source: tuple, target: tuple) -> list[str]:
    """The moves of a shortest path from source to target (BFS from the target, walked forward)."""
    tree = bfs(grid, target)
    moves, cell = [], source
    back = {"up": "down", "down": "up", "left": "right", "right": "left"}
    while cell != target:
        _, prev, name = tree[cell]  # prev is one step closer to the target
        moves.append(back[name])
        cell = prev
    return moves


def render_view(grid, pos, exit_cell, radius: int) -> str:
    """The window of cells within `radius` rows and columns of `pos`, with the walls around them."""
    rows, cols = (len(grid) - 1) // 2, (len(grid[0]) - 1) // 2
    r, c = pos
    r0, r1 = max(0, r - radius), min(rows - 1, r + radius)
    c0, c1 = max(0, c - radius), min(cols - 1, c + radius)
    lines = [list(grid[y][2 * c0:2 * c1 + 3]) for y in range(2 * r0, 2 * r1 + 3)]
    for (y, x), mark in (((exit_cell[0], exit_cell[1]), EXIT), ((r, c), AGENT)):
        if r0 <= y <= r1 and c0 <= x <= c1:
            lines[2 * (y - r0) + 1][2 * (x - c0) + 1] = mark
    return (f"View of rows {r0}-{r1}, columns {c0}-{c1} (you are at row {r}, column {c}):\n"
            + "\n".join("".join(line) for line in lines))


@register
class Maze(TurnBudgetTask):
    """Walk out of a grid maze seeing only the cells near you: each observation draws the window of
    cells within `view_radius` of the agent (walls '#', floor '.', agent '@', exit 'X') and
    gives the agent's coordinates; the exit's coordinates are known. The agent moves one cell per
    turn (up/down/left/right, u/d/l/r, N/S/W/E) and must reach the exit within a move budget of
    the shortest path length plus `slack_percent`% of it (rounded up). The maze is a perfect
    maze carved by randomized depth-first search, with `extra_openings`% of its remaining interior
    walls knocked down at higher levels (loops, so several routes compete); the exit is the cell
    farthest from the start. Harder levels: larger mazes, a smaller view, more loops and less slack,
    so the agent must explore and remember what it has seen rather than wander.

    The reference policy reads the full map from the problem's check and takes the first step of a
    BFS shortest path from its position; `Draft.answer` is one shortest path, one move per line.
    """

    name = "games/maze"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 17, 18, 19, 20, 22, 24, 26, 28], (2, 40),
             doc="rows of cells"),
        Knob("cols", [4, 5, 6, 6, 7, 8, 10, 11, 12, 14, 15, 16, 17, 18, 20, 21, 22, 24, 26, 28], (2, 40),
             doc="columns of cells"),
        Knob("view_radius", [3, 2, 2, 2, 2, 1, 1, 1, 1, 1] + [1] * 10, (0, 40),
             doc="the agent sees cells at most this many rows and columns away"),
        Knob("extra_openings", [0, 0, 0, 5, 5, 10, 10, 15, 15, 20] + [20] * 10, (0, 100),
             doc="percent of the perfect maze's interior walls knocked down (loops)"),
        Knob("slack_percent", [200, 150, 120, 100, 80, 60, 50, 40, 30, 25, 25, 25, 22, 22, 20, 20, 18, 18, 15, 15],
             (0, 1000),
             doc="moves allowed beyond the shortest path, as a percent of its length (rounded up)"),
    )
    answer_format = "a move: up, down, left or right (also u, d, l, r or north, south, west, east)"
    example = "up"
    tools = (Tool("move", "Move one cell through the maze.", "{direction}",
                  (Param("direction", "string", "the way to move", enum=tuple(DIRECTIONS)),)),)
    unit = ("move", "moves")
    lowercase = True
    invalid_hint = "move with up, down, left or right (or u, d, l, r; N, S, W, E)"

    def build(self, rng, params):
        rows, cols, radius = params["rows"], params["cols"], params["view_radius"]
        grid = carve(rng, rows, cols, params["extra_openings"])
        start = (rng.randrange(rows), rng.randrange(cols))
        tree = bfs(grid, start)
        far = max(d for d, _, _ in tree.values())
        exit_cell = rng.choice(sorted(cell for cell, (d, _, _) in tree.items() if d == far))
        moves = shortest_moves(grid, start, exit_cell)
        budget = len(moves) + math.ceil(len(moves) * params["slack_percent"] / 100)
        question = (
            f"Maze. You are in a maze of {rows} rows and {cols} columns of cells; row 0 is the top row and "
            f"column 0 the leftmost column. You start at row {start[0]}, column {start[1]} and must reach "
            f"the exit at row {exit_cell[0]}, column {exit_cell[1]}. Up decreases the row, down increases "
            f"it, left decreases the column, right increases it.\n\n"
            f"You only see the cells within {radius} {'row' if radius == 1 else 'rows'} and "
            f"{'column' if radius == 1 else 'columns'} of you. A view is drawn as text in "
            f"which every cell is one character and the characters between neighbouring cells show "
            f"whether a wall separates them: # = wall, . = floor or open passage, @ = you, X = the exit. "
            f"(Cell (row r, column c) is at text line 2r+1, character 2c+1 of a drawing of the whole "
            f"maze, counting from 0.)\n\n"
            f"Each turn, move one cell. Moving into a wall fails and still uses a move, as does an "
            f"invalid action. You have {budget} moves.\n\n"
            f"{render_view(grid, start, exit_cell, radius)}")
        check = {"grid": ["".join(row) for row in grid], "rows": rows, "cols": cols,
                 "start": list(start), "exit": list(exit_cell), "radius": radius,
                 "budget": budget, "shortest": len(moves)}
        # the exit is the cell farthest from the start, at least two moves away in a maze of at least
        # 2x2 cells (a cell has at most 4 neighbours, fewer than the others), so no single move wins
        return self.draft(question, "\n".join(moves), check)

    def effort(self, problem):
        # breadth-first search over every cell (the exit is the farthest one), then the path walked
        c = problem.check
        return c["rows"] * c["cols"] + c["shortest"]

    def start(self, problem):
        return {"pos": list(problem.check["start"])}

    def act(self, problem, state, text):
        grid, exit_cell = problem.check["grid"], tuple(problem.check["exit"])
        r, col = state["pos"]
        m = _ACTION.match(text)
        move = ALIASES.get(m.group(1)) if m else None
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        dr, dc = DIRECTIONS[move]
        if grid[2 * r + 1 + dr][2 * col + 1 + dc] == WALL:
            return f"A wall blocks the way {move}; you stay at row {r}, column {col}.", None
        r, col = r + dr, col + dc
        state["pos"] = [r, col]
        if (r, col) == exit_cell:
            return f"You move {move} and reach the exit.", WIN
        return f"You move {move} to row {r}, column {col}.", None

    def view(self, problem, state):
        c = problem.check
        return render_view(c["grid"], tuple(state["pos"]), tuple(c["exit"]), c["radius"])

    def unsolved(self, problem, state):
        return "the exit was not reached."

    def plan(self, problem, state):
        c = problem.check
        return shortest_moves(c["grid"], tuple(state["pos"]), tuple(c["exit"]))[0]
