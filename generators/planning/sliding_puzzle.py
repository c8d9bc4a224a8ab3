"""The sliding-tile puzzle (8-puzzle, 15-puzzle) played move by move within a move budget."""
from __future__ import annotations

from functools import lru_cache

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import DIR_NAMES, budget_for, parse_direction, reference_move

# A move names the direction a tile slides into the gap; the gap moves the opposite way.
GAP_STEP = {"up": (1, 0), "down": (-1, 0), "left": (0, 1), "right": (0, -1)}
NODE_LIMIT = 200_000  # IDA* nodes a search may visit (generation re-scrambles past BUILD_NODE_LIMIT)
BUILD_NODE_LIMIT = 20_000


class _OverLimit(Exception):
    pass


def goal_board(n: int) -> tuple:
    return tuple(range(1, n * n)) + (0,)


@lru_cache(maxsize=None)
def gap_moves(n: int):
    """For each gap position, the (move name, new gap position) pairs in a fixed order."""
    table = []
    for p in range(n * n):
        r, c = divmod(p, n)
        options = []
        for name, (dr, dc) in GAP_STEP.items():
            if 0 <= r + dr < n and 0 <= c + dc < n:
                options.append((name, (r + dr) * n + c + dc))
        table.append(tuple(options))
    return tuple(table)


@lru_cache(maxsize=None)
def manhattan_table(n: int):
    """md[tile][pos]: the Manhattan distance of `tile` at `pos` from its home."""
    md = [(0,) * (n * n)]
    for t in range(1, n * n):
        hr, hc = divmod(t - 1, n)
        md.append(tuple(abs(hr - p // n) + abs(hc - p % n) for p in range(n * n)))
    return tuple(md)


def solve(board: tuple, n: int, node_limit: int = NODE_LIMIT, stats: dict | None = None) -> list[str] | None:
    """IDA* with the Manhattan-distance heuristic (admissible): a shortest move sequence, or
    None when the search would visit more than `node_limit` nodes. With `stats`, stats["nodes"]
    counts the nodes visited."""
    md, table = manhattan_table(n), gap_moves(n)
    tiles = list(board)
    gap = tiles.index(0)
    h0 = sum(md[t][p] for p, t in enumerate(tiles) if t)
    path: list[str] = []
    nodes = 0
    opposite = {"up": "down", "down": "up", "left": "right", "right": "left"}

    def search(gap, g, h, bound, last):
        nonlocal nodes
        nodes += 1
        if nodes > node_limit:
            raise _OverLimit
        if h == 0:
            return True
        if g + h > bound:
            return g + h
        least = 1 << 30
        for name, nxt in table[gap]:
            if last is not None and name == opposite[last]:
                continue
            tile = tiles[nxt]
            nh = h - md[tile][nxt] + md[tile][gap]
            tiles[gap], tiles[nxt] = tile, 0
            path.append(name)
            found = search(nxt, g + 1, nh, bound, name)
            if found is True:
                return True
            path.pop()
            tiles[gap], tiles[nxt] = 0, tile
            least = min(least, found)
        return least

    bound = h0
    try:
        while True:
            found = search(gap, 0, h0, bound, None)
            if found is True:
                return path
            bound = found
    except _OverLimit:
        return None
    finally:
        if stats is not None:
            stats["nodes"] = nodes


def apply(board: tuple, n: int, move: str) -> tuple | None:
    gap = board.index(0)
    r, c = divmod(gap, n)
    dr, dc = GAP_STEP[move]
    if not (0 <= r + dr < n and 0 <= c + dc < n):
        return None
    nxt = (r + dr) * n + c + dc
    tiles = list(board)
    tiles[gap], tiles[nxt] = tiles[nxt], 0
    return tuple(tiles)


def render(board, n: int) -> str:
    width = len(str(n * n - 1))
    return "\n".join(" ".join(str(t).rjust(width) if t else "_".rjust(width) for t in board[r * n:(r + 1) * n])
                     for r in range(n))


@register
class SlidingPuzzle(TurnBudgetTask):
    """The sliding-tile puzzle: slide numbered tiles into the gap, one per turn, until the tiles
    read 1, 2, 3, ... row by row with the gap last, within a move budget. The board is the
    solved board scrambled by a random walk of gap moves (no immediate undo); IDA* with the
    Manhattan heuristic finds the optimal number of moves, and the budget is that optimum plus
    slack. Levels 1-5 play the 8-puzzle (3x3), levels 6-12 the 15-puzzle (4x4); within each,
    longer scrambles and less slack (none from level 10: only an optimal solution wins).

    The reference policy follows the optimal solution found at generation while the board is
    one it passes through, and otherwise re-solves with IDA* from the current board. At the
    highest levels the IDA* search costs a few milliseconds, so generation there runs at a few
    hundred problems per second.
    """

    name = "planning/sliding_puzzle"
    released_dips = {
        6: "level 6 moves to the 15-puzzle with a short scramble, far less search than level 5's deep 8-puzzle",
    }
    cap_reason = ("each board's optimum is proved at generation by IDA* (Manhattan heuristic) within 20,000 "
                  "nodes; scrambles deeper than level 12's select only boards that search finds easy, and a "
                  "24-puzzle within the same budget is no harder, so more levels need a stronger solver")
    knobs = (
        Knob("size", [3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (2, 4), doc="the board is size x size"),
        Knob("scramble", [4, 8, 12, 16, 20, 10, 14, 18, 22, 26, 28, 30], (1, 40),
             doc="random gap moves that scramble the solved board"),
        Knob("slack_percent", [100, 80, 60, 40, 25, 60, 40, 25, 10, 0, 0, 0], (0, 1000),
             doc="moves allowed beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = ("a move: the direction a tile slides into the gap, up, down, left or right "
                     "(also u, d, l, r), or the number of a tile next to the gap")
    # a board one move from solved has its gap left of or above the bottom-right corner, solved by left
    # or up: down never wins at once
    example = "down"
    tools = (Tool("slide", "Slide the tile next to the gap into it, moving in this direction.", "{direction}",
                  (Param("direction", "string", "the way the tile moves", enum=DIR_NAMES),)),
             Tool("slide_tile", "Slide a numbered tile next to the gap into the gap.", "{tile}",
                  (Param("tile", "integer", "the tile's number"),)))
    lowercase = True
    invalid_hint = "slide a tile with up, down, left or right, or name a tile next to the gap"

    def build(self, rng, params):
        n, k = params["size"], params["scramble"]
        table = gap_moves(n)
        opposite = {"up": "down", "down": "up", "left": "right", "right": "left"}
        for _ in range(100):
            tiles, last = list(goal_board(n)), None
            gap = tiles.index(0)
            for _ in range(k):
                options = [(m, p) for m, p in table[gap] if last is None or m != opposite[last]]
                last, nxt = options[rng.randrange(len(options))]
                tiles[gap], tiles[nxt] = tiles[nxt], 0
                gap = nxt
            board = tuple(tiles)
            if board == goal_board(n):
                continue
            plan = solve(board, n, BUILD_NODE_LIMIT)
            if plan is not None:
                break
        else:
            raise ValueError(f"scramble={k} is too deep to solve optimally on a {n}x{n} board; use a shorter scramble")
        budget = budget_for(len(plan), params["slack_percent"])
        question = (
            f"Sliding puzzle. Tiles numbered 1 to {n * n - 1} sit on a {n}x{n} board with one gap (_):\n\n"
            f"{render(board, n)}\n\n"
            f"Slide the tiles until the board reads 1 to {n * n - 1} row by row, left to right, with "
            f"the gap in the bottom-right corner. Each turn, slide one tile next to the gap into it. "
            f"Name the move by the direction the tile slides: up slides the tile below the gap up, "
            f"down the tile above the gap down, left the tile right of the gap left, right the tile "
            f"left of the gap right. You may instead name the tile by its number. A move with no "
            f"such tile, or an invalid action, still uses a turn. You have {budget} turns.")
        check = {"size": n, "board": list(board), "budget": budget, "optimal": len(plan)}
        return self.draft(question, "\n".join(plan), check)

    def effort(self, problem):
        # IDA*'s nodes on the way to an optimal solution
        c = problem.check
        stats: dict = {}
        solve(tuple(c["board"]), c["size"], stats=stats)
        return stats.get("nodes", 0)

    def start(self, problem):
        return {"board": list(problem.check["board"])}

    def act(self, problem, state, text):
        n, board = problem.check["size"], tuple(state["board"])
        move = parse_direction(text)
        words = text.split()
        if move is None and words and words[0] in ("move", "slide", "tile") and len(words) == 2:
            words = words[1:]
        if move is None and len(words) == 1 and words[0].isdigit() and len(words[0]) <= 3:
            tile = int(words[0])
            if not 1 <= tile < n * n:
                return f"Invalid action: there is no tile {tile}.", None
            move = next((m for m in GAP_STEP if (b := apply(board, n, m)) is not None
                         and b.index(0) == board.index(tile)), None)
            if move is None:
                return f"Tile {tile} is not next to the gap.", None
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        new = apply(board, n, move)
        if new is None:
            side = {"up": "below", "down": "above", "left": "right of", "right": "left of"}[move]
            return f"No tile is {side} the gap, so nothing slides {move}.", None
        tile = board[new.index(0)]
        state["board"] = list(new)
        if new == goal_board(n):
            return f"Tile {tile} slides {move}. The puzzle is solved.", WIN
        return f"Tile {tile} slides {move}.", None

    def view(self, problem, state):
        return render(state["board"], problem.check["size"])

    def unsolved(self, problem, state):
        return "the tiles are not in order."

    def plan(self, problem, state):
        move = reference_move(self, problem, state, lambda s: tuple(s["board"]))
        if move is not None:
            return move
        n, board = problem.check["size"], tuple(state["board"])
        plan = solve(board, n)
        if plan:
            return plan[0]
        # past the search limit (a board the agent scrambled far): slide toward the smallest Manhattan sum
        md = manhattan_table(n)
        return min((m for m in GAP_STEP if apply(board, n, m) is not None),
                   key=lambda m: sum(md[t][p] for p, t in enumerate(apply(board, n, m)) if t))
