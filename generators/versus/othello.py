"""Othello (Reversi) on a 4x4 or 6x6 board against a computer opponent, from a won endgame.

Boards are bitboards: cell (row r, column c) is bit r*n + c. An exact endgame solver (a
memoised null-window search over every continuation) decides each start; the opponent runs a depth-limited
alpha-beta search over a square-weight evaluation.
"""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import Param, Tool, plural

from ._opponent import OPPONENT, WIN_SCORE, YOU, VersusTask, lookahead, pick

COLS = "abcdefgh"
INF = 10 * WIN_SCORE
# a move: a square as column letter and row number (c4, 4c), optionally after play / place / move (at, on)
_SQUARE = re.compile(r"(?:(?:play|place|move) )?(?:(?:at|on) )?(?:square )?(?:([a-z]) ?(\d{1,2})|(\d{1,2}) ?([a-z]))")


class Board:
    """Shift tables and square weights for an n x n board."""

    def __init__(self, n: int):
        self.n = n
        self.full = (1 << (n * n)) - 1
        not_first = sum(1 << (r * n + c) for r in range(n) for c in range(1, n))
        not_last = sum(1 << (r * n + c) for r in range(n) for c in range(n - 1))
        self.dirs = []  # (shift, mask of cells a step in that direction may land on)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if dr or dc:
                    land = self.full & (not_first if dc == 1 else not_last if dc == -1 else self.full)
                    self.dirs.append((dr * n + dc, land))
        self.left = [(s, land) for s, land in self.dirs if s > 0]
        self.right = [(-s, land) for s, land in self.dirs if s < 0]
        corners = {0, n - 1, n * (n - 1), n * n - 1}
        edges = {i for i in range(n * n) if i // n in (0, n - 1) or i % n in (0, n - 1)}
        near = {i for i in range(n * n) for k in corners
                if max(abs(i // n - k // n), abs(i % n - k % n)) == 1 and i not in corners}
        self.weights = [(20 if i in corners else -6 if i in near else 3 if i in edges else 1) for i in range(n * n)]
        self.rank = sorted(range(n * n), key=lambda i: (-self.weights[i], i))
        self.rank = [self.rank.index(i) for i in range(n * n)]  # position of each square in that order

    def legal(self, me: int, them: int) -> int:
        """The squares where the owner of `me` may move."""
        empty = self.full & ~(me | them)
        out, reps = 0, self.n - 3
        for s, land in self.left:
            t = them & land
            x = (me << s) & t
            for _ in range(reps):
                x |= (x << s) & t
            out |= (x << s) & land
        for s, land in self.right:
            t = them & land
            x = (me >> s) & t
            for _ in range(reps):
                x |= (x >> s) & t
            out |= (x >> s) & land
        return out & empty

    def flips(self, me: int, them: int, move: int) -> int:
        """The opponent discs a move on the square `move` (a bit) would flip."""
        out = 0
        for s, land in self.left:
            line, x = 0, (move << s) & land
            while x & them:
                line |= x
                x = (x << s) & land
            if x & me:
                out |= line
        for s, land in self.right:
            line, x = 0, (move >> s) & land
            while x & them:
                line |= x
                x = (x >> s) & land
            if x & me:
                out |= line
        return out

    def cells(self, bits: int) -> list[int]:
        out = []
        while bits:
            low = bits & -bits
            out.append(low.bit_length() - 1)
            bits ^= low
        return out

    def evaluate(self, me: int, them: int) -> int:
        w = self.weights
        return sum(w[i] for i in self.cells(me)) - sum(w[i] for i in self.cells(them))


@lru_cache(maxsize=None)
def board(n: int) -> Board:
    return Board(n)


def ordered(b: Board, moves: int) -> list[int]:
    """The squares of `moves`, best-weighted (corners) first: a good order makes the search
    below cut off sooner."""
    return sorted(b.cells(moves), key=b.rank.__getitem__)


@lru_cache(maxsize=500_000)
def beats(n: int, me: int, them: int, t: int) -> bool:
    """Whether the player to move ends more than `t` discs ahead under perfect play (t is 0 or
    -1: a win, or at least a tie). A player with no legal move passes; the game ends when
    neither can move. An exhaustive null-window search: exact, and much cheaper than the value."""
    b = board(n)
    moves = b.legal(me, them)
    if not moves:
        if not b.legal(them, me):
            return me.bit_count() - them.bit_count() > t
        return not beats(n, them, me, -1 - t)
    # a move works if the other player then cannot end more than -t - 1 discs ahead
    for i in ordered(b, moves):
        bit = 1 << i
        f = b.flips(me, them, bit)
        if not beats(n, them & ~f, me | f | bit, -1 - t):
            return True
    return False


def search_size(n: int, me: int, them: int) -> int:
    """The positions the null-window search of `wins` settles from this one: the same search as
    `beats`, run with a memo of its own so that the count does not depend on the cache."""
    b, memo = board(n), {}

    def search(me, them, t):
        key = (me, them, t)
        if key in memo:
            return memo[key]
        moves = b.legal(me, them)
        if not moves:
            result = (me.bit_count() - them.bit_count() > t if not b.legal(them, me)
                      else not search(them, me, -1 - t))
        else:
            result = False
            for i in ordered(b, moves):
                bit = 1 << i
                f = b.flips(me, them, bit)
                if not search(them & ~f, me | f | bit, -1 - t):
                    result = True
                    break
        memo[key] = result
        return result

    search(me, them, 0)
    return len(memo)


def wins(n: int, me: int, them: int) -> bool:
    """Whether the player to move can force more discs than the other."""
    return beats(n, me, them, 0)


def negamax(b: Board, me: int, them: int, depth: int, ply: int, alpha: int, beta: int) -> int:
    """Alpha-beta to `depth` plies (a pass is a ply); a finished game scores WIN_SCORE - ply times
    the sign of the disc difference, plus the difference."""
    moves = b.legal(me, them)
    if not moves:
        if not b.legal(them, me):
            diff = me.bit_count() - them.bit_count()
            return 0 if diff == 0 else (WIN_SCORE - ply if diff > 0 else ply - WIN_SCORE) + diff
        if depth == 0:
            return b.evaluate(me, them)
        return -negamax(b, them, me, depth - 1, ply + 1, -beta, -alpha)
    if depth == 0:
        return b.evaluate(me, them)
    best = -INF
    for i in b.cells(moves):
        bit = 1 << i
        f = b.flips(me, them, bit)
        v = -negamax(b, them & ~f, me | f | bit, depth - 1, ply + 1, -beta, -alpha)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


@lru_cache(maxsize=50_000)
def opponent_choices(n: int, me: int, them: int, depth: int) -> tuple[int, ...]:
    """Cells the opponent's search rates best (all of them, for tie-breaking)."""
    b = board(n)
    scored, best = [], -INF
    for i in b.cells(b.legal(me, them)):
        bit = 1 << i
        f = b.flips(me, them, bit)
        window = -(best - 1) if best > -INF else INF
        v = -negamax(b, them & ~f, me | f | bit, depth - 1, 1, -INF, window)
        best = max(best, v)
        scored.append((v, i))
    return tuple(i for v, i in scored if v == best)


def start_board(n: int) -> tuple[int, int]:
    """The standard start: (first player's discs, second player's discs)."""
    m = n // 2
    first = (1 << ((m - 1) * n + m)) | (1 << (m * n + m - 1))
    second = (1 << ((m - 1) * n + m - 1)) | (1 << (m * n + m))
    return first, second


def random_position(b: Board, rng, empties: int):
    """Random legal play from the start until `empties` squares are empty, or None if the game
    ends first. Returns (discs of the player to move, the other's discs); the player to move
    has a legal move."""
    me, them = start_board(b.n)
    while (b.full & ~(me | them)).bit_count() > empties:
        moves = b.cells(b.legal(me, them))
        if not moves:
            if not b.legal(them, me):
                return None
            me, them = them, me
            continue
        bit = 1 << moves[rng.randrange(len(moves))]
        f = b.flips(me, them, bit)
        me, them = them & ~f, me | f | bit
    if not b.legal(me, them):
        if not b.legal(them, me):
            return None
        me, them = them, me
    return me, them


@register
class Othello(VersusTask):
    """Othello (Reversi) against a computer opponent from a part-played position in which the
    agent, to move and not ahead on discs, finishes with more discs than the opponent under
    perfect play (an exhaustive endgame search). A move must outflank: it flips every straight
    line of opponent discs it brackets; a player with no such move passes. Higher levels leave
    more empty squares (3-8 on a 4x4 board at levels 1-6, then 5-8 on 6x6), from level 8 pick
    positions where every move that flips the most discs loses (greed does not work), and face a
    deeper-searching opponent.

    Speed: each candidate start is solved exhaustively in pure Python (a memoised null-window
    search), so generation runs at about 1,500 problems/s at level 5 but about 150/s at level 9
    and 100/s at level 10 (8-empty 6x6 endgames, of which about one in six qualifies).
    """

    name = "versus/othello"
    released_dips = {7: "level 7 moves to the 6x6 board with 5 empty squares against level 6's 8 on 4x4, a "
                        "far smaller endgame search"}
    cap_reason = ("the exact endgame search is pure Python and grows about twofold per empty square: 10 empties "
                  "on 6x6 (level 14) cost about 0.15 s a problem and 11 twice that, and an 8x8 board would need "
                  "more empties than it can solve")
    knobs = (
        Knob("size", [4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 6, 6, 6, 6], (4, 6), doc="board side (even)"),
        Knob("empties", [3, 4, 5, 6, 7, 8, 5, 6, 7, 8, 9, 9, 10, 10], (2, 14), doc="empty squares at the start"),
        Knob("trap", [False] * 7 + [True] * 7,
             doc="require that every move flipping the most discs loses (False: any won position)"),
        Knob("opponent_depth", [1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7], (1, 12), doc="plies the opponent searches"),
        Knob("spare_turns", [4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0], (0, 20), doc="turns allowed for invalid moves"),
    )
    answer_format = "a square as column letter and row number, e.g. c3"
    # c3 is a centre square of every board (4x4 and 6x6), taken from the start and never emptied,
    # so the example is never a legal move (and never wins)
    example = "c3"
    tools = (Tool("place", "Place a disc on an empty square that brackets opponent discs.", "{square}",
                  (Param("square", "string", "the square as column letter and row number, e.g. c4"),)),)

    def build(self, rng, params):
        n, empties = params["size"], params["empties"]
        if n % 2:
            raise ValueError(f"knob 'size': {n} is odd; Othello needs an even board side")
        if empties > n * n - 4:
            raise ValueError(f"knob 'empties': a {n}x{n} board has only {n * n - 4} squares to fill")
        b = board(n)
        for _ in range(5_000):
            found = random_position(b, rng, empties)
            if found is None:
                continue
            me, them = found
            if me.bit_count() > them.bit_count():  # the agent is behind or level on discs...
                continue
            if params["trap"] and self.greedy_wins(b, n, me, them):  # (cheaper to refute first)
                continue
            if wins(n, me, them):  # ...yet wins with perfect play
                break
        else:
            raise ValueError(f"knob 'trap': no won {n}x{n} position with {empties} empties was found")
        limit = empties + params["spare_turns"]
        c = {"start": {"you": me, "opponent": them, "mover": YOU}, "size": n,
             "opponent_depth": params["opponent_depth"], "turn_limit": limit, "salt": rng.randrange(2**31)}
        last = COLS[n - 1]
        question = (
            f"Othello (Reversi) on a {n}x{n} board against a computer opponent. You play X; the opponent plays O. "
            f"The game is under way and it is your move:\n{self.show(c, c['start'])}\n"
            f"Columns are a-{last} (left to right) and rows 1-{n} (top to bottom); '.' is empty. A move places "
            f"your disc on an empty square so that it brackets one or more straight lines (across, down or "
            f"diagonal) of opponent discs between it and another of your discs; every bracketed disc flips to "
            f"yours. A player with no such move passes; when neither player can move the game ends and whoever "
            f"has more discs wins (equal counts are not a win).\n{lookahead(params['opponent_depth'])} After "
            f"each of your moves you see the opponent's reply and the board. You have {plural(limit, 'turn')}; an "
            f"invalid move is rejected and still uses a turn. Win the game.")
        return self.versus_draft(c, question, answer_format=f"a square as column letter a-{last} and row number "
                                                            f"1-{n}, e.g. c3")

    @staticmethod
    def greedy_wins(b: Board, n: int, me: int, them: int) -> bool:
        """Whether some move that flips the most discs keeps the win."""
        moves = [(b.flips(me, them, 1 << i), i) for i in b.cells(b.legal(me, them))]
        most = max(f.bit_count() for f, _ in moves)
        return any(not beats(n, them & ~f, me | f | (1 << i), -1) for f, i in moves if f.bit_count() == most)

    def cell(self, c, i: int) -> str:
        n = c["size"]
        return f"{COLS[i % n]}{i // n + 1}"

    def parse(self, c, pos, text):
        n = c["size"]
        m = _SQUARE.fullmatch(text.lower())
        if not m:
            return None, f"name a square by column a-{COLS[n - 1]} and row 1-{n}, e.g. c4."
        col, row = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if col not in COLS[:n] or not 1 <= int(row) <= n:
            return None, f"{col}{row} is not on the board (columns a-{COLS[n - 1]}, rows 1-{n})."
        i = (int(row) - 1) * n + COLS.index(col)
        b, bit = board(n), 1 << i
        if (pos["you"] | pos["opponent"]) & bit:
            return None, f"{col}{row} is not empty."
        if not b.flips(pos["you"], pos["opponent"], bit):
            return None, f"{col}{row} brackets no opponent discs, so it is not a legal move."
        return i, None

    def play(self, c, pos, move, who):
        b = board(c["size"])
        other = OPPONENT if who == YOU else YOU
        bit = 1 << move
        f = b.flips(pos[who], pos[other], bit)
        pos[who] |= f | bit
        pos[other] &= ~f
        subject = "You" if who == YOU else "The opponent"
        text = f"{subject} played {self.cell(c, move)}, flipping {plural(f.bit_count(), 'disc')}."
        if b.legal(pos[other], pos[who]):
            pos["mover"] = other
        elif b.legal(pos[who], pos[other]):
            pos["mover"] = who
            text += (" You have no legal move and pass." if other == YOU
                     else " The opponent has no legal move and passes.")
        else:
            pos["mover"] = None
        return text

    def mover(self, c, pos):
        return pos["mover"]

    def final(self, c, pos):
        mine, theirs = pos["you"].bit_count(), pos["opponent"].bit_count()
        if mine > theirs:
            return True, f"Neither player can move: you have {mine} discs to {theirs}. You win."
        verdict = "a tie, which is not a win" if mine == theirs else "you lose"
        return False, f"Neither player can move: you have {mine} discs to {theirs}; {verdict}."

    def show(self, c, pos):
        n = c["size"]
        lines = ["  " + " ".join(COLS[:n])]
        for r in range(n):
            row = []
            for col in range(n):
                bit = 1 << (r * n + col)
                row.append("X" if pos["you"] & bit else "O" if pos["opponent"] & bit else ".")
            lines.append(f"{r + 1} " + " ".join(row))
        return "\n".join(lines) + f"\nDiscs: you {pos['you'].bit_count()}, opponent {pos['opponent'].bit_count()}."

    def notation(self, c, move):
        return self.cell(c, move)

    def effort(self, problem):
        # the exhaustive endgame search that proves the win from the start: positions settled
        start = problem.check["start"]
        return search_size(problem.check["size"], start["you"], start["opponent"])

    def reply(self, c, pos, rng):
        choices = opponent_choices(c["size"], pos["opponent"], pos["you"], c["opponent_depth"])
        return pick([(0, i) for i in choices], rng)

    def best(self, c, pos):
        """Perfect play: the first square (in board order) whose move keeps a forced win."""
        n, me, them = c["size"], pos["you"], pos["opponent"]
        b = board(n)
        for i in b.cells(b.legal(me, them)):
            f = b.flips(me, them, 1 << i)
            if not beats(n, them & ~f, me | f | (1 << i), -1):
                return i
        return b.cells(b.legal(me, them))[0]  # off the winning line (after agent mistakes)
