"""Rush Hour: slide cars and trucks on a parking grid until the red car can drive out."""
from __future__ import annotations

import re
from collections import deque
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask, plural

from ._plans import DIR_ALIASES, DIR_NAMES, budget_for, reference_move

RED = "X"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWZ"
_MOVE = re.compile(r"^(?:move\s+)?([a-z])\s*(?:\s|,)\s*([a-z]+)\s*(\d{1,2})?(?:\s*(?:cells?|squares?|spaces?))?$")
STATE_LIMIT = 600  # positions a board may have (boards with more are redrawn: enumerating them is slow)


class Board:
    """Static vehicle data: vehicle i is [name, horizontal, line, length] (its line is the row of
    a horizontal vehicle, the column of a vertical one). A position is one integer holding every
    vehicle's offset along its line in 3 bits (vehicle i in bits 3i..3i+2); cells are bits
    (row * size + col) of an occupancy mask."""

    def __init__(self, size: int, vehicles: list[list]):
        self.size, self.vehicles = size, vehicles
        self.masks, self.ahead, self.behind = [], [], []
        for _, horiz, line, length in vehicles:
            def bit(p, line=line, horiz=horiz):
                return 1 << (line * size + p if horiz else p * size + line)
            self.masks.append([sum(bit(p + j) for j in range(length)) if p + length <= size else 0
                               for p in range(size)])
            self.ahead.append([bit(p + length) if p + length < size else 0 for p in range(size)])
            self.behind.append([bit(p - 1) if p > 0 else 0 for p in range(size)])
        self.exit_pos = size - vehicles[0][3]  # vehicle 0 is the red car
        self.tables = list(zip(range(0, 3 * len(vehicles), 3), self.masks, self.ahead, self.behind))

    @staticmethod
    def pack(positions) -> int:
        return sum(p << (3 * i) for i, p in enumerate(positions))

    def unpack(self, state: int) -> list[int]:
        return [(state >> (3 * i)) & 7 for i in range(len(self.vehicles))]

    def neighbours(self, state: int) -> list[int]:
        """Every position one move (one vehicle, any distance) away."""
        occ = 0
        for shift, masks, _, _ in self.tables:
            occ |= masks[(state >> shift) & 7]
        out = []
        for shift, _, ahead, behind in self.tables:
            p = (state >> shift) & 7
            q, unit = p, 1 << shift
            while ahead[q] and not occ & ahead[q]:
                q += 1
                out.append(state + (q - p) * unit)
            q = p
            while behind[q] and not occ & behind[q]:
                q -= 1
                out.append(state - (p - q) * unit)
        return out

    def solved(self, state: int) -> bool:
        return state & 7 == self.exit_pos

    def move_text(self, before: int, after: int) -> str:
        """The move that turns position `before` into `after` (they differ in one vehicle)."""
        diff = next((i, b, a) for i, (b, a) in enumerate(zip(self.unpack(before), self.unpack(after))) if b != a)
        i, b, a = diff
        name, horiz = self.vehicles[i][0], self.vehicles[i][1]
        way = ("right" if a > b else "left") if horiz else ("down" if a > b else "up")
        return f"{name} {way} {abs(a - b)}"

    def solve(self, state: int, limit: int | None = None, stats: dict | None = None) -> list[str] | None:
        """Breadth-first search: the fewest moves (one vehicle, any distance) that free the red car.
        With `stats`, stats["expanded"] counts the positions expanded."""
        parent = {state: None}
        queue = deque([state])
        while queue:
            s = queue.popleft()
            if stats is not None:
                stats["expanded"] = stats.get("expanded", 0) + 1
            if self.solved(s):
                moves = []
                while parent[s] is not None:
                    moves.append(self.move_text(parent[s], s))
                    s = parent[s]
                return moves[::-1]
            for t in self.neighbours(s):
                if t not in parent:
                    parent[t] = s
                    queue.append(t)
            if limit is not None and len(parent) > limit:
                return None
        return None

    def render(self, state: int) -> str:
        n = self.size
        grid = [["."] * n for _ in range(n)]
        for (name, horiz, line, length), p in zip(self.vehicles, self.unpack(state)):
            for j in range(length):
                r, c = (line, p + j) if horiz else (p + j, line)
                grid[r][c] = name
        exit_row = self.vehicles[0][2]
        lines = ["+" + "-" * n + "+"]
        for r in range(n):
            lines.append("|" + "".join(grid[r]) + ("   <- exit" if r == exit_row else "|"))
        lines.append("+" + "-" * n + "+")
        return "\n".join(lines)


@lru_cache(maxsize=None)
def placements(size: int) -> tuple:
    """Every way to park one vehicle: (length, horizontal, line, offset, cell mask), none lying
    horizontally in the exit row."""
    exit_row = (size - 1) // 2
    out = []
    for length in (2, 3):
        for horiz in (True, False):
            for line in range(size):
                if horiz and line == exit_row:
                    continue
                for p in range(size - length + 1):
                    cells = [(line, p + j) if horiz else (p + j, line) for j in range(length)]
                    out.append((length, horiz, line, p, sum(1 << (r * size + c) for r, c in cells)))
    return tuple(out)


def random_board(rng, size: int, n_vehicles: int, truck_percent: int):
    """The red car at the exit and up to `n_vehicles` others parked one by one, each at a
    random free placement (a truck with probability truck_percent%)."""
    exit_row = (size - 1) // 2
    vehicles = [[RED, True, exit_row, 2]]
    state = [size - 2]
    occ = (1 << (exit_row * size + size - 2)) | (1 << (exit_row * size + size - 1))
    options = placements(size)
    for i in range(n_vehicles):
        length = 3 if rng.randrange(100) < truck_percent else 2
        fits = [pl for pl in options if pl[0] == length and not pl[4] & occ]
        if not fits:
            fits = [pl for pl in options if not pl[4] & occ]
            if not fits:
                break
        length, horiz, line, p, mask = fits[rng.randrange(len(fits))]
        occ |= mask
        vehicles.append([LETTERS[i], horiz, line, length])
        state.append(p)
    return Board(size, vehicles), Board.pack(state)


def depths(board: Board, solved: int, limit: int):
    """Reverse play, exhaustively: every position reachable from the solved one (moves are
    reversible), then each one's distance to the nearest solved position by a breadth-first
    search out of all of them. Returns {position: optimal moves}, or None past `limit` positions."""
    tables = board.tables
    occ = 0
    for shift, masks, _, _ in tables:
        occ |= masks[(solved >> shift) & 7]
    graph = {solved: None}
    queue = deque([(solved, occ)])
    while queue:
        s, occ = queue.popleft()
        nxt = []
        for shift, masks, ahead, behind in tables:  # Board.neighbours, carrying the occupancy along
            p = (s >> shift) & 7
            q, unit, here = p, 1 << shift, masks[p]
            while ahead[q] and not occ & ahead[q]:
                q += 1
                t = s + (q - p) * unit
                nxt.append(t)
                if t not in graph:
                    graph[t] = None
                    queue.append((t, occ ^ here ^ masks[q]))
            q = p
            while behind[q] and not occ & behind[q]:
                q -= 1
                t = s - (p - q) * unit
                nxt.append(t)
                if t not in graph:
                    graph[t] = None
                    queue.append((t, occ ^ here ^ masks[q]))
        graph[s] = nxt
        if len(graph) > limit:
            return None
    exit_pos = board.exit_pos
    dist = {s: 0 for s in graph if s & 7 == exit_pos}
    queue = deque(sorted(dist))
    while queue:
        s = queue.popleft()
        d = dist[s] + 1
        for t in graph[s]:
            if t not in dist:
                dist[t] = d
                queue.append(t)
    return dist


@register
class RushHour(TurnBudgetTask):
    """Rush Hour: cars (length 2) and trucks (length 3) sit on a square parking grid, each
    sliding only along its own direction. Slide them, one vehicle per turn and any number of
    free cells, until the red car X reaches the exit on the right edge of its row, within a move
    budget. Boards are made by reverse play from a solved board (the red car at the exit,
    the others parked at random): every position reachable from it is enumerated (moves are
    reversible) and a breadth-first search out of all solved positions gives each one's optimal
    move count; the start is drawn from the hardest ones, capped at `max_moves`. Boards with more
    than 600 positions are redrawn, and up to 8 boards are drawn until one reaches `min_moves`
    (else the hardest is kept). The budget is the optimum plus slack. Higher levels: bigger and
    denser grids, more trucks, deeper starts, less slack.

    The reference policy follows the optimal solution while the board is one it passes through
    and otherwise re-solves by breadth-first search. Enumerating positions costs milliseconds,
    so generation runs at several hundred problems per second (about 200 at the top levels).
    """

    name = "planning/rush_hour"
    cap_reason = ("boards are analysed exhaustively (every position, at most 600) from random parkings, and "
                  "such 6x6 boards rarely need more than 6 to 8 moves even when many are drawn, so deeper "
                  "levels need purpose-built boards or a larger position budget")
    knobs = (
        Knob("size", [4, 5, 5, 5, 5, 5, 6, 6, 6, 6], (4, 7), doc="the grid is size x size"),
        Knob("n_vehicles", [2, 4, 5, 6, 8, 9, 12, 13, 13, 14], (1, 30), doc="vehicles besides the red car"),
        Knob("truck_percent", [0, 10, 20, 20, 25, 30, 35, 35, 40, 40], (0, 100),
             doc="percent chance a vehicle is a truck (length 3)"),
        Knob("min_moves", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6], (1, 60),
             doc="up to 8 boards are drawn until one's hardest start needs this many moves (else the best is kept)"),
        Knob("max_moves", [2, 3, 4, 5, 6, 8, 9, 10, 12, 14], (1, 60), doc="the start needs at most this many moves"),
        Knob("slack_percent", [150, 100, 80, 60, 50, 40, 30, 20, 10, 0], (0, 1000),
             doc="moves allowed beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = ("a move: a vehicle letter, a direction (left or right for horizontal vehicles, up or "
                     "down for vertical ones) and how many cells, e.g. B down 2 (one cell if no number)")
    example = "B down 2"
    tools = (Tool("move", "Slide one vehicle along its own direction by some cells.", "{vehicle} {direction} {cells}",
                  (Param("vehicle", "string", "the vehicle's letter (X is the red car)",
                         enum=tuple(sorted(LETTERS + RED))),
                   Param("direction", "string", "left or right for a horizontal vehicle, up or down for a vertical one",
                         enum=DIR_NAMES),
                   Param("cells", "integer", "how many cells to move, at least 1"))),)
    lowercase = True
    invalid_hint = "name a vehicle, a direction and a number of cells, e.g. B down 2"

    def build(self, rng, params):
        size, lo, hi = params["size"], params["min_moves"], max(params["min_moves"], params["max_moves"])
        best = None
        for attempt in range(1000):
            board, solved = random_board(rng, size, params["n_vehicles"], params["truck_percent"])
            dist = depths(board, solved, STATE_LIMIT)
            if dist is not None:
                depth = min(hi, max(dist.values()))
                if depth > 0 and (best is None or depth > best[2]):
                    starts = sorted(s for s, d in dist.items() if d == depth)
                    best = (board, starts[rng.randrange(len(starts))], depth)
            if best is not None and (best[2] >= lo or attempt >= 7):
                break
        if best is None:
            raise ValueError(f"no board found: size={size} with n_vehicles={params['n_vehicles']} leaves boards too "
                             f"open to analyse (or the red car boxed in); try more vehicles")
        board, start, depth = best
        plan = board.solve(start)
        assert len(plan) == depth
        budget = budget_for(depth, params["slack_percent"])
        red_row = board.vehicles[0][2]
        question = (
            f"Rush Hour. Vehicles are parked on a {size}x{size} grid (row 0 at the top, . = empty). "
            f"Each vehicle is drawn by its letter over the cells it covers; it is a car (2 cells) or a "
            f"truck (3 cells) and slides only along its length: horizontal vehicles left or right, "
            f"vertical ones up or down. Your red car is X, in row {red_row}.\n\n"
            f"{board.render(start)}\n\n"
            f"Get X to the exit on the right edge of row {red_row}: you win when X covers the two "
            f"rightmost cells of that row. Each turn, slide one vehicle any number of cells along its "
            f"direction through empty cells (no jumping over vehicles, no leaving the grid). A blocked "
            f"move, or an invalid action, still uses a turn. You have {budget} turns.")
        check = {"size": size, "vehicles": board.vehicles, "start": board.unpack(start), "budget": budget,
                 "optimal": depth}
        return self.draft(question, "\n".join(plan), check)  # only X can reach the exit: moving B never wins

    def effort(self, problem):
        # the breadth-first search from the start position that finds the fewest moves
        stats: dict = {}
        self.board(problem).solve(Board.pack(problem.check["start"]), stats=stats)
        return stats.get("expanded", 0)

    def start(self, problem):
        return {"positions": list(problem.check["start"])}

    @staticmethod
    def board(problem) -> Board:
        c = problem.check
        return Board(c["size"], [list(v) for v in c["vehicles"]])

    def act(self, problem, state, text):
        m = _MOVE.match(text)
        if not m:
            return f"Invalid action: {self.invalid_hint}.", None
        board = self.board(problem)
        names = [v[0].lower() for v in board.vehicles]
        letter, way, count = m.group(1), DIR_ALIASES.get(m.group(2)), int(m.group(3) or 1)
        if letter not in names:
            return f"There is no vehicle {letter.upper()}.", None
        if way is None:
            return f"Invalid action: {m.group(2)!r} is not a direction (up, down, left, right).", None
        i = names.index(letter)
        name, horiz = board.vehicles[i][0], board.vehicles[i][1]
        if horiz and way in ("up", "down") or not horiz and way in ("left", "right"):
            return f"{name} is {'horizontal' if horiz else 'vertical'}: it moves only " \
                   f"{'left or right' if horiz else 'up or down'}.", None
        if count == 0:
            return "Invalid action: move at least one cell.", None
        distance = count if way in ("right", "down") else -count
        here = state["positions"]
        moved = here[:i] + [here[i] + distance] + here[i + 1:]
        if Board.pack(moved) not in board.neighbours(Board.pack(here)):
            return f"{name} cannot move {way} {plural(count, 'cell')}: the way is blocked.", None
        state["positions"] = target = moved
        if board.solved(Board.pack(target)):
            return f"{name} moves {way} {plural(count, 'cell')}. X reaches the exit.", WIN
        return f"{name} moves {way} {plural(count, 'cell')}.", None

    def view(self, problem, state):
        return self.board(problem).render(Board.pack(state["positions"]))

    def unsolved(self, problem, state):
        return "X did not reach the exit."

    def plan(self, problem, state):
        move = reference_move(self, problem, state, lambda s: tuple(s["positions"]))
        if move is not None:
            return move
        plan = self.board(problem).solve(Board.pack(state["positions"]), limit=200_000)
        return plan[0] if plan else f"{RED} left 1"
