"""Sliding-tile puzzles (the 8-puzzle and its 2x3 and 4x4 kin): moves checked by simulation,
the fewest moves required at low levels."""
from __future__ import annotations

import heapq

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._plans import beyond_goal, read_move_letters


DIRS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}
WHERE = {"U": "top row", "D": "bottom row", "L": "left column", "R": "right column"}
MAX_EXPANSIONS = 400_000  # a safety bound for the non-optimal search; never reached in practice


def goal_state(rows: int, cols: int) -> tuple[int, ...]:
    n = rows * cols
    return tuple(list(range(1, n)) + [0])


def step(state: tuple[int, ...], move: str, rows: int, cols: int) -> tuple[int, ...] | None:
    """The state after the blank moves one cell in direction `move`, or None off the board."""
    b = state.index(0)
    r, c = divmod(b, cols)
    dr, dc = DIRS[move]
    rr, cc = r + dr, c + dc
    if not (0 <= rr < rows and 0 <= cc < cols):
        return None
    t = rr * cols + cc
    s = list(state)
    s[b], s[t] = s[t], 0
    return tuple(s)


def manhattan(state, rows: int, cols: int) -> int:
    total = 0
    for i, tile in enumerate(state):
        if tile:
            g = tile - 1
            total += abs(i // cols - g // cols) + abs(i % cols - g % cols)
    return total


def solve_tiles(start, rows: int, cols: int, optimal: bool = True) -> str | None:
    """Moves of the blank from `start` to the goal.

    optimal=True: A* with the Manhattan distance (admissible and consistent), so the first
    time the goal is taken off the queue its path is a shortest one. optimal=False: weighted
    A* (f = g + 6 h), fast but not always shortest. A state is packed into one integer (five
    bits per cell) and the distance is updated incrementally: a move changes only the moved
    tile's term."""
    start = tuple(start)
    if start == goal_state(rows, cols):
        return ""
    n = rows * cols
    dist = [[0] * n] + [[abs(p // cols - (t - 1) // cols) + abs(p % cols - (t - 1) % cols) for p in range(n)]
                        for t in range(1, n)]
    nbrs = []
    for b in range(n):
        r, c = divmod(b, cols)
        nbrs.append([(m, (r + dr) * cols + c + dc) for m, (dr, dc) in DIRS.items()
                     if 0 <= r + dr < rows and 0 <= c + dc < cols])
    weight = 1 if optimal else 6
    h0 = manhattan(start, rows, cols)
    code = sum(t << (5 * i) for i, t in enumerate(start))
    parent: dict = {code: None}
    best_g = {code: 0}
    heap = [(weight * h0, h0, 0, start.index(0), code)]  # ties go to the state nearer the goal
    expansions = 0
    while heap:
        _, h, g, b, s = heapq.heappop(heap)
        if g > best_g[s]:
            continue
        if h == 0:
            path = []
            while parent[s] is not None:
                s, m = parent[s]
                path.append(m)
            return "".join(reversed(path))
        expansions += 1
        if expansions > MAX_EXPANSIONS:
            return None
        g1 = g + 1
        for m, p in nbrs[b]:
            tile = (s >> (5 * p)) & 31
            t = s - (tile << (5 * p)) + (tile << (5 * b))
            if g1 < best_g.get(t, 1 << 30):
                best_g[t] = g1
                parent[t] = (s, m)
                h1 = h - dist[tile][p] + dist[tile][b]
                heapq.heappush(heap, (g1 + weight * h1, h1, g1, p, t))
    return None


def render_tiles(state, rows: int, cols: int) -> str:
    width = len(str(rows * cols - 1))
    lines = []
    for r in range(rows):
        lines.append(" ".join((str(t) if t else "_").rjust(width) for t in state[r * cols:(r + 1) * cols]))
    return "\n".join(lines)


def moves_problem(moves: str, c: dict) -> str | None:
    """Why the moves do not take the board in the check `c` to the goal (or not in the fewest
    moves where that is asked, or go on after reaching it), or None when they do."""
    rows, cols = c["rows"], c["cols"]
    state, goal = tuple(c["start"]), goal_state(rows, cols)
    for i, m in enumerate(moves, 1):
        nxt = step(state, m, rows, cols)
        if nxt is None:
            return f"Move {i} ({m}) is illegal: the blank is already in the {WHERE[m]}."
        state = nxt
        if state == goal and i < len(moves):
            return beyond_goal(i, len(moves), "move")
    if state != goal:
        return f"After those {len(moves)} moves the tiles are not in the goal arrangement."
    if c["optimal"] and len(moves) != c["fewest"]:
        return f"Those {len(moves)} moves reach the goal, but it can be done in fewer."
    return None


@register
class SlidingTiles(Task):
    """A sliding-tile puzzle (2x3, the 3x3 8-puzzle, the 4x4 15-puzzle): give moves of the blank
    that reach the goal arrangement. The start is a random walk from the goal, so it is
    solvable; the reference comes from A* (Manhattan distance, optimal) or, where any solution
    is accepted, weighted A* with linear conflicts. Answers are replayed move by move. Low
    levels require the fewest moves (checked against A*); higher levels scramble deeper, move to
    the 4x4 board and accept any solution (levels 11-20: scrambles of 36 to 140 moves, longer
    solutions)."""

    name = "puzzles/sliding_tiles"
    knobs = (
        # past level 10 the 15-puzzle is scrambled deeper (the example relies on at most 4 rows)
        Knob("rows", [2, 2, 3, 3, 3, 3, 3, 4, 4, 4] + [4] * 10, (2, 4), doc="rows of the board"),
        Knob("cols", [3, 3, 3, 3, 3, 3, 3, 4, 4, 4] + [4] * 10, (2, 4), doc="columns of the board"),
        Knob("scramble", [(3, 5), (6, 9), (5, 8), (8, 11), (11, 16), (16, 22), (22, 30), (20, 30), (28, 38),
                          (32, 44), (36, 48), (40, 52), (45, 58), (50, 64), (56, 70), (62, 78), (70, 88),
                          (80, 100), (95, 120), (110, 140)], (1, 200), doc="random moves of the blank away from the goal"),
        Knob("optimal", [True, True, True, True, True, True, True, False, False, False] + [False] * 10,
             doc="require the fewest possible moves"),
    )
    answer_format = ("the moves of the blank as a string of the letters U, D, L and R (spaces or commas "
                     "between letters are allowed)")
    example = "UUUU"  # the fourth U at the latest runs the blank off the top edge (at most 4 rows): never an answer

    def effort(self, problem):
        # moves of the reference solution
        return len(problem.answer)

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        goal = goal_state(rows, cols)
        state = goal
        last = None
        for _ in range(100):  # a walk whose end is not the goal itself
            state, last = goal, None
            for _ in range(params["scramble"]):
                options = [m for m in "UDLR" if m != (OPPOSITE[last] if last else None)
                           and step(state, m, rows, cols) is not None]
                last = rng.choice(options)
                state = step(state, last, rows, cols)
            if state != goal:
                break
        if params["optimal"] and rows * cols > 9 and params["scramble"] > 30:
            raise ValueError(f"knob 'scramble': {params['scramble']} is too deep for an optimal {rows}x{cols} "
                             "search; use at most 30, or optimal=False")
        moves = solve_tiles(state, rows, cols, optimal=params["optimal"])
        if moves is None:
            raise ValueError("the search bound was reached: lower the scramble or the board size")
        question = (f"A {rows}x{cols} sliding-tile puzzle; _ is the blank:\n\n{render_tiles(state, rows, cols)}\n\n"
                    f"Reach this goal arrangement:\n\n{render_tiles(goal, rows, cols)}\n\n"
                    "Each move slides a tile next to the blank into it; write a move as the direction in which "
                    "the blank moves: U swaps the blank with the tile above it, D with the tile below, L with the "
                    "tile to its left, R with the tile to its right. ")
        question += ("Use the fewest possible moves." if params["optimal"] else
                     "Any sequence of moves that reaches the goal is accepted.")
        fewest = len(moves) if params["optimal"] else None
        check = {"rows": rows, "cols": cols, "start": list(state), "optimal": params["optimal"], "fewest": fewest}
        return Draft(question, moves, check)

    def grade(self, answer, problem):
        try:
            moves = read_move_letters(answer)
        except ParseError as exc:
            return refused(exc)
        why = moves_problem(moves, problem.check)
        return wrong(why) if why else right()
