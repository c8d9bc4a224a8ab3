"""Knight puzzles on small boards: a knight's tour (checked by simulating the moves) and the
knight swap (exchange the white and black knights in the fewest moves, proved by BFS)."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, read_items, refused, strip_brackets
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import board_text, parse_square, square_name

KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
_SEPARATORS = re.compile(r"\s*(?:->|\u2192|,|;)\s*|\s+")  # between squares: a comma, an arrow or a space
_LINE_BREAK = re.compile(r"\s*[,;]?\s*\n\s*")
MAX_SQUARES = 200
BUDGET_PER_SQUARE = 6  # search nodes per open square before a fresh draw
MAX_STATES = 20_000  # positions a knight-swap search may visit before a fresh draw


class _OutOfBudget(Exception):
    pass


def knight_masks(h: int, w: int, open_cells: list[int]) -> dict[int, int]:
    """For each open cell index (r * w + c), the bitmask of open cells a knight's move away."""
    is_open = set(open_cells)
    out = {}
    for i in open_cells:
        r, c = divmod(i, w)
        m = 0
        for dr, dc in KNIGHT:
            rr, cc = r + dr, c + dc
            if 0 <= rr < h and 0 <= cc < w and rr * w + cc in is_open:
                m |= 1 << (rr * w + cc)
        out[i] = m
    return out


def find_tour(h: int, w: int, open_cells: list[int], start: int, closed: bool, rng, budget: int) -> list[int] | None:
    """A knight's tour of the open cells from `start` (returning next to it when `closed`),
    or None when there is none. Raises _OutOfBudget after `budget` search nodes.

    Depth-first search in Warnsdorff order (fewest onward moves first, ties in random order),
    pruned when an unvisited cell can no longer be reached, when two unvisited cells each have
    a single way in (both would have to be the last square), and, for a closed tour, when the
    start has no unvisited neighbour left to return from.
    """
    nbr = knight_masks(h, w, open_cells)
    total = len(open_cells)
    start_bit = 1 << start
    path = [start]
    nodes = 0

    def dfs(cur: int, visited: int, count: int) -> bool:
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        if count == total:
            return not closed or bool(nbr[cur] & start_bit)
        if closed and count < total - 1 and not nbr[start] & ~visited:
            return False
        free = ~visited
        here = nbr[cur]
        ends = 0
        for i in open_cells:
            if free >> i & 1:
                onward = nbr[i] & free
                if not onward:  # only the knight's square leads here: it must be next and last
                    if not here >> i & 1 or count != total - 1:
                        return False
                elif not onward & (onward - 1) and not here >> i & 1:  # one way in: it must be the end
                    ends += 1
                    if ends > 1:
                        return False
        options = []
        m = here & free
        while m:
            low = m & -m
            m ^= low
            i = low.bit_length() - 1
            options.append(((nbr[i] & free & ~low).bit_count(), rng.random(), i))
        options.sort()
        for _, _, i in options:
            path.append(i)
            if dfs(i, visited | (1 << i), count + 1):
                return True
            path.pop()
        return False

    return path if dfs(start, start_bit, 1) else None


def read_squares(text: str, h: int, w: int) -> list[int]:
    """Cell indices of a list of square names separated by commas, spaces, arrows (->) or
    semicolons, with one optional pair of brackets around it; NotAnAnswer for an empty item or
    anything that is not a square of the board."""
    tokens = _SEPARATORS.split(strip_brackets(text))
    if len(tokens) > MAX_SQUARES:
        raise NotAnAnswer("the list is far longer than the board")
    out = []
    for t in tokens:
        if not t:
            raise NotAnAnswer("the list has an empty item: separate the squares with single commas")
        rc = parse_square(t, h, w)
        if rc is None:
            raise NotAnAnswer(f"{preview(t, 12)} is not a square of this board (files a-{chr(96 + w)}, "
                              f"ranks 1-{h})")
        out.append(rc[0] * w + rc[1])
    return out


@register
class KnightsTour(Task):
    """A knight's tour: list the squares a knight visits, starting on a given square and
    landing on every open square of a small board exactly once (blocked squares are holes).
    From level 7 the tour must be closed on alternate levels... more precisely, closed at
    levels 7, 9 and 10: the last square must be a knight's move from the start. The verifier
    simulates the walk: any valid tour is accepted.

    Levels grow the board (3x3 to 8x8), add blocked squares that break the familiar patterns,
    and demand closed tours. Every instance is solved at generation time by a depth-first
    search in Warnsdorff order with dead-end pruning (instances without a tour, or whose
    search runs past a node budget, are redrawn). About 3,800 problems/s at level 5 and 450/s
    at level 10. Levels 11-20 grow the board to 13x13 with up to 15 blocked squares and closed
    tours throughout; there the search needs more redraws: about 40/s at level 15 and 25/s at
    level 20 (CPU time, one core).
    """

    name = "puzzles/knights_tour"
    knobs = (
        # levels 11-20 keep an even number of open squares: a closed tour alternates colours
        Knob("rows", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (3, 14), doc="board rows"),
        Knob("cols", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13], (3, 14),
             doc="board columns"),
        Knob("blocked", [1, 0, 2, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 8, 10, 11, 12, 14, 14, 15], (0, 30),
             doc="blocked squares the knight may not use"),
        Knob("closed", [False, False, False, False, False, False, True, False, True, True] + [True] * 10,
             doc="the tour must end a knight's move from its start"),
    )
    answer_format = ("the squares in the order the knight visits them, as a comma-separated list of square "
                     "names (file letter then rank number), starting with the start square and naming every "
                     "open square exactly once")
    example = "a1, c2, e1, d3"

    def build(self, rng, params):
        h, w, k, closed = params["rows"], params["cols"], params["blocked"], params["closed"]
        if k > h * w - 2:
            raise ValueError(f"knob 'blocked': {k} leaves fewer than 2 open squares on a {h}x{w} board")
        tour = None
        for _ in range(500):
            cells = list(range(h * w))
            blocked = set(rng.sample(cells, k))
            open_cells = [i for i in cells if i not in blocked]
            start = rng.choice(open_cells)
            # a tour alternates square colours: the start's colour must have as many open squares
            # as the other colour, or (open tours only) one more
            same = sum((i // w + i % w) % 2 == (start // w + start % w) % 2 for i in open_cells)
            if not 0 <= 2 * same - len(open_cells) <= (0 if closed else 1):
                continue
            try:
                tour = find_tour(h, w, open_cells, start, closed, rng, budget=BUDGET_PER_SQUARE * len(open_cells))
            except _OutOfBudget:
                continue
            if tour is not None:
                break
        else:
            raise ValueError(f"no knight's tour found for these knobs {params}: try fewer blocked squares")
        cells = [["#" if r * w + c in blocked else "." for c in range(w)] for r in range(h)]
        sr, sc = divmod(start, w)
        cells[sr][sc] = "N"
        name = square_name(sr, sc, h)
        kind = ("a closed tour: its last square must be a knight's move away from the start square "
                f"{name} (do not repeat {name} at the end)" if closed else "the tour may end on any square")
        question = (f"A knight stands on {name} of this {h}x{w} board ('N' is the knight, '.' an open square, "
                    f"'#' a blocked square it may never land on). Files are the letters a-{chr(96 + w)} from "
                    f"left to right and ranks the numbers 1-{h} from bottom to top.\n\n"
                    f"{board_text(cells, h)}\n\n"
                    f"A knight moves two squares in one direction and one square at right angles (an L shape), "
                    f"jumping over anything in between. Find a knight's tour: a sequence of knight moves from "
                    f"{name} that lands on every open square exactly once ({len(open_cells)} squares in all, "
                    f"counting {name}); {kind}.")
        answer = ", ".join(square_name(i // w, i % w, h) for i in tour)
        return Draft(question, answer, {"rows": h, "cols": w, "blocked": sorted(blocked), "start": start,
                                        "closed": closed})

    def effort(self, problem):
        # the moves of the reference tour: one per open square after the start (a closed tour
        # also has to land next to the start)
        c = problem.check
        return c["rows"] * c["cols"] - len(c["blocked"]) - 1 + c["closed"]

    def grade(self, answer, problem):
        c = problem.check
        h, w, start, closed = c["rows"], c["cols"], c["start"], c["closed"]
        blocked = set(c["blocked"])
        try:
            path = read_squares(answer, h, w)
        except ParseError as exc:
            return refused(exc)
        total = h * w - len(blocked)
        if closed and len(path) == total + 1 and path[-1] == path[0]:
            path = path[:-1]  # the return to the start, written out
        name = lambda i: square_name(i // w, i % w, h)  # noqa: E731
        if path[0] != start:
            return wrong(f"The tour must start on {name(start)}.")
        seen = set()
        for i, (a, b) in enumerate(zip([None] + path, path)):
            if b in blocked:
                return wrong(f"{name(b)} is blocked.")
            if b in seen:
                return wrong(f"{name(b)} is visited twice.")
            seen.add(b)
            if a is not None and sorted((abs(a // w - b // w), abs(a % w - b % w))) != [1, 2]:
                return wrong(f"{name(a)} to {name(b)} is not a knight's move.")
        if len(path) != total:
            return wrong(f"The tour lands on {len(path)} squares, but the board has {total} open squares.")
        if closed and sorted((abs(path[-1] // w - start // w), abs(path[-1] % w - start % w))) != [1, 2]:
            return wrong(f"The tour must be closed: {name(path[-1])} is not a knight's move from {name(start)}.")
        return right()


# ---------------------------------------------------------------- the knight swap

def swap_solution(nbr: dict[int, int], white: int, black: int, shift: int,
                  max_states: int) -> list[tuple[int, int]] | None:
    """A shortest sequence of (from, to) knight moves that exchanges the white and black
    knights, or None when they cannot be exchanged. Raises _OutOfBudget past `max_states`.

    Bidirectional breadth-first search over positions (a position is one int: the white
    knights' bitmask, and the black knights' shifted by `shift`). Moves are reversible, so the
    backward search from the swapped position uses the same moves; each round expands the
    smaller frontier by one whole layer and the best meeting over that layer is optimal.
    """
    low_mask = (1 << shift) - 1
    start, goal = white | black << shift, black | white << shift
    if start == goal:
        return []

    parents = ({start: None}, {goal: None})
    frontiers = ([start], [goal])
    while frontiers[0] and frontiers[1]:
        side = 0 if len(frontiers[0]) <= len(frontiers[1]) else 1
        mine, other = parents[side], parents[1 - side]
        nxt, meet = [], None
        for state in frontiers[side]:
            w, b = state & low_mask, state >> shift
            free = ~(w | b)
            for m, own in ((w, 0), (b, shift)):
                rest = state & ~(m << own)
                mm = m
                while mm:
                    low = mm & -mm
                    mm ^= low
                    i = low.bit_length() - 1
                    base = m ^ low
                    t = nbr[i] & free
                    while t:
                        lt = t & -t
                        t ^= lt
                        new = rest | (base | lt) << own
                        if new in mine:
                            continue
                        mine[new] = (state, i, lt.bit_length() - 1)
                        nxt.append(new)
                        if new in other:
                            meet = new
        if meet is not None:  # every meeting found in one layer has the same total length
            return _join(parents, meet)
        if len(parents[0]) + len(parents[1]) > max_states:
            raise _OutOfBudget
        frontiers = (nxt, frontiers[1]) if side == 0 else (frontiers[0], nxt)
    return None


def _join(parents, meet) -> list[tuple[int, int]]:
    forward, backward = parents
    moves = []
    state = meet
    while forward[state] is not None:
        prev, a, b = forward[state]
        moves.append((a, b))
        state = prev
    moves.reverse()
    state = meet
    while backward[state] is not None:
        prev, a, b = backward[state]
        moves.append((b, a))  # the backward search moved a -> b from `prev`; forwards it is b -> a
        state = prev
    return moves


_MOVE = re.compile(r"([a-z]\d{1,2})\s*(?:-|->|to)\s*([a-z]\d{1,2})")


def swap_problem(tokens: list[str], c: dict) -> str | None:
    """Why the moves (from-to items) do not exchange the knights of the check `c` in the fewest
    moves, or None when they do."""
    h, w = c["rows"], c["cols"]
    holes = set(c["holes"])
    board = {i: "W" for i in c["white"]} | {i: "B" for i in c["black"]}
    name = lambda i: square_name(i // w, i % w, h)  # noqa: E731
    for n, t in enumerate(tokens, 1):
        m = _MOVE.fullmatch(t)
        if not m:
            return f"Move {n} is not written as from-to square names like c3-a2."
        ends = [parse_square(x, h, w) for x in m.groups()]
        if None in ends:
            return f"Move {n} names a square that is not on the board."
        a, b = (r * w + col for r, col in ends)
        if a not in board:
            return f"Move {n}: there is no knight on {name(a)}."
        if b in holes:
            return f"Move {n}: {name(b)} is a hole."
        if b in board:
            return f"Move {n}: {name(b)} is occupied."
        if sorted((abs(a // w - b // w), abs(a % w - b % w))) != [1, 2]:
            return f"Move {n}: {name(a)} to {name(b)} is not a knight's move."
        board[b] = board.pop(a)
    if any(board.get(i) != "B" for i in c["white"]) or any(board.get(i) != "W" for i in c["black"]):
        return "After these moves the knights have not been exchanged."
    if len(tokens) > c["moves"]:
        return f"The moves exchange the knights in {len(tokens)} moves, but {c['moves']} are enough."
    return None


@register
class KnightSwap(Task):
    """The knight swap: white and black knights stand on a small board with holes; exchange
    them (every white knight's square must end with a black knight and vice versa) in the
    fewest moves. Any knight may move at any time, to an empty open square a knight's move
    away. The minimum is proved by a bidirectional breadth-first search over all positions;
    the verifier replays the moves and accepts any valid sequence of minimum length.

    Levels add knights (one, then two, then three of each colour), grow the board, add holes,
    and demand more moves (each problem needs at least `min_moves`), so the search is deeper
    and pieces get in each other's way.

    Rates: 2,300-5,800 problems/s at levels 1-5 (one knight a side). From level 6 it falls
    below 1,000/s (about 470/s at level 6, 150/s at level 10), and why: with two or three
    knights a side the shortest swap is a search over thousands of positions, and draws
    whose swap is too short are searched and thrown away. Levels 11 and 12 ask for longer swaps
    with three knights a side (at least 22 and 26 moves): about 40/s and 20/s.
    """

    name = "puzzles/knight_swap"
    knobs = (
        Knob("rows", [3, 4, 3, 4, 3, 3, 3, 3, 3, 3, 3, 3], (2, 8), doc="board rows"),
        Knob("cols", [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (2, 8), doc="board columns"),
        Knob("holes", [1, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2, 2], (0, 30), doc="squares removed from the board"),
        Knob("knights", [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3], (1, 6), doc="knights of each colour"),
        Knob("min_moves", [4, 6, 8, 8, 10, 10, 14, 16, 20, 18, 22, 26], (1, 60),
             doc="the swap needs at least this many moves"),
        Knob("max_moves", [6, 8, 10, 12, 14, 16, 20, 24, 30, 40, 44, 48], (1, 80),
             doc="the swap needs at most this many moves"),
    )
    cap_reason = ("three knights a side on a 3x4 board with two holes rarely need more than about 34 moves, "
                  "and a bigger board or a fourth knight pair puts most exchanges past the search's "
                  "20,000-position budget (under 10 problems/s on 3x5 or 4x4 with three knights a side)")
    answer_format = ("the moves in order as a comma-separated list, each move as from-to square names "
                     "(for example c3-a2)")
    example = "a1-b3, c3-a2, b3-b1"  # b3-b1 is no knight's move: never an answer

    def build(self, rng, params):
        h, w, k = params["rows"], params["cols"], params["knights"]
        holes, need, most = params["holes"], params["min_moves"], params["max_moves"]
        if need > most:
            raise ValueError(f"knob 'min_moves': {need} is more than max_moves ({most})")
        if holes + 2 * k >= h * w:
            raise ValueError(f"knob 'holes': {holes} holes and {2 * k} knights do not fit a {h}x{w} board")
        moves = None
        for _ in range(300):
            cells = list(range(h * w))
            rng.shuffle(cells)
            gone, open_cells = set(cells[:holes]), sorted(cells[holes:])
            placed = rng.sample(open_cells, 2 * k)
            white, black = sum(1 << i for i in placed[:k]), sum(1 << i for i in placed[k:])
            nbr = knight_masks(h, w, open_cells)
            try:
                moves = swap_solution(nbr, white, black, h * w, max_states=MAX_STATES)
            except _OutOfBudget:
                continue
            if moves is not None and need <= len(moves) <= most:
                break
        else:
            raise ValueError(f"no knight swap needing {need}-{most} moves found for these knobs {params}: "
                             "lower min_moves or enlarge the board")
        cells = [["#" if r * w + c in gone else "W" if white >> (r * w + c) & 1 else
                  "B" if black >> (r * w + c) & 1 else "." for c in range(w)] for r in range(h)]
        question = (f"White (W) and black (B) knights stand on this {h}x{w} board ('.' is an empty square, "
                    f"'#' a hole that no knight may land on). Files are the letters a-{chr(96 + w)} from left to "
                    f"right and ranks the numbers 1-{h} from bottom to top.\n\n{board_text(cells, h)}\n\n"
                    f"Exchange the knights: at the end, every square that now holds a white knight must hold a "
                    f"black knight and every square that now holds a black knight must hold a white one. A move "
                    f"takes one knight (of either colour, in any order; the colours need not alternate) two squares "
                    f"in one direction and one at right angles (an L shape, jumping over anything between) onto an "
                    f"empty square of the board. Use as few moves as possible.")
        name = lambda i: square_name(i // w, i % w, h)  # noqa: E731
        answer = ", ".join(f"{name(a)}-{name(b)}" for a, b in moves)
        check = {"rows": h, "cols": w, "holes": sorted(gone), "white": placed[:k], "black": placed[k:],
                 "moves": len(moves)}
        return Draft(question, answer, check)

    def effort(self, problem):
        # the moves of the reference swap, the fewest there are
        return problem.check["moves"]

    def grade(self, answer, problem):
        c = problem.check
        try:  # one move per item; a line break separates moves like a comma
            tokens = read_items(_LINE_BREAK.sub(",", answer.lower()), separators=",;")
        except ParseError as exc:
            return refused(exc)
        if len(tokens) > MAX_SQUARES:
            return wrong("The list of moves is far too long.")
        why = swap_problem(tokens, c)
        return wrong(why) if why else right()
