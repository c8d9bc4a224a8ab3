"""Connect Four on small boards against a computer opponent, from a position with a forced win.

Boards are bitboards (Python ints): column c, row r (0 at the bottom) is bit c*(rows+1)+r, with a
spare bit on top of each column, so one shift finds four in a row in any direction.
"""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import Param, Tool, plural

from ._opponent import OPPONENT, WIN_SCORE, YOU, VersusTask, lookahead, pick

INF = 10 * WIN_SCORE
# a move: the column number, alone or after drop / play / column (drop in 3, play column 3, c3)
_COLUMN = re.compile(r"(?:(?:drop|play)(?: in| into)? )?(?:(?:column|col) ?|c ?)?(\d{1,3})")


class Geometry:
    """Bit masks for a board of `cols` x `rows`."""

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows = cols, rows
        self.bottom = sum(1 << (c * (rows + 1)) for c in range(cols))
        self.board = self.bottom * ((1 << rows) - 1)
        self.column = [((1 << rows) - 1) << (c * (rows + 1)) for c in range(cols)]
        self.order = sorted(range(cols), key=lambda c: (abs(2 * c - (cols - 1)), c))  # centre first
        centre = [c for c in range(cols) if abs(2 * c - (cols - 1)) <= 1]
        self.centre = sum(self.column[c] for c in centre)
        self._lines: dict[int, int] = {}  # a cache of completions(), a pure function

    def possible(self, mask: int) -> int:
        """The cells a stone can drop into now."""
        return (mask + self.bottom) & self.board

    def moves(self, mask: int) -> list[int]:
        """The bit of each playable cell, centre columns first."""
        poss = self.possible(mask)
        return [poss & self.column[c] for c in self.order if poss & self.column[c]]

    def winning(self, stones: int, mask: int) -> int:
        """Empty cells (playable or not) that would complete four for the owner of `stones`."""
        lines = self._lines.get(stones)
        if lines is None:
            if len(self._lines) > 200_000:
                self._lines.clear()
            lines = self._lines[stones] = self.completions(stones)
        return lines & (self.board ^ mask)

    def completions(self, stones: int) -> int:
        """Cells (inside the board) that complete a line of four with three of `stones`."""
        r = (stones << 1) & (stones << 2) & (stones << 3)
        for s in (self.rows + 1, self.rows, self.rows + 2):
            p = (stones << s) & (stones << 2 * s)
            r |= p & (stones << 3 * s)
            r |= p & (stones >> s)
            p = (stones >> s) & (stones >> 2 * s)
            r |= p & (stones << s)
            r |= p & (stones >> 3 * s)
        return r & self.board

    def four(self, stones: int) -> bool:
        for s in (1, self.rows + 1, self.rows, self.rows + 2):
            m = stones & (stones >> s)
            if m & (m >> 2 * s):
                return True
        return False

    def col_of(self, bit: int) -> int:
        return (bit.bit_length() - 1) // (self.rows + 1)


@lru_cache(maxsize=None)
def geometry(cols: int, rows: int) -> Geometry:
    return Geometry(cols, rows)


def wins_within(g: Geometry, cur: int, mask: int, d: int, memo: dict, nodes: list | None = None) -> bool:
    """Whether the player to move (stones `cur`) can force four within `d` of its own moves
    against every defence: an AND-OR search, exhaustive within the bound. `memo` maps a
    position to (largest bound known to fail, smallest bound known to win): a win within d is a
    win within any larger bound. `nodes`, if given, counts in nodes[0] the positions examined."""
    if nodes is not None:
        nodes[0] += 1
    key = (cur, mask)
    lo, hi = memo.get(key, (0, 99))
    if d <= lo:
        return False
    if d >= hi:
        return True
    poss = g.possible(mask)
    result = False
    if g.winning(cur, mask) & poss:
        result, d = True, 1
    elif d > 1:
        opp = cur ^ mask
        forced = g.winning(opp, mask) & poss
        if not forced & (forced - 1):  # two immediate threats of the opponent cannot both be blocked
            moves = [forced] if forced else g.moves(mask)
            if d > 2 and len(moves) > 1:  # moves that make a threat first: they force the play
                moves.sort(key=lambda m: not g.winning(cur | m, mask | m))
            for mv in moves:
                result = forcing(g, cur, mask, mv, d, memo, nodes)
                if result:
                    break
    lo, hi = memo.get(key, (0, 99))
    memo[key] = (lo, min(hi, d)) if result else (max(lo, d), hi)
    return result


def forcing(g: Geometry, cur: int, mask: int, mv: int, d: int, memo: dict, nodes: list | None = None) -> bool:
    """Whether playing `mv` wins within `d` moves whatever the opponent replies."""
    if nodes is not None:
        nodes[0] += 1
    ncur, nmask = cur | mv, mask | mv
    if nmask == g.board:
        return False
    opp = cur ^ mask
    if g.winning(opp, nmask) & g.possible(nmask):
        return False
    mine = g.winning(ncur, nmask)
    if d == 2:  # every reply must leave an immediate win: only a threat made now can give one
        if not mine:
            return False
        for r in g.moves(nmask):
            if nodes is not None:
                nodes[0] += 1
            m2 = nmask | r
            if m2 == g.board or not mine & ~r & g.possible(m2):
                return False
        return True
    replies = g.moves(nmask)
    replies.sort(key=lambda r: not r & mine)  # blocks first: they are the likeliest refutations
    return all((nmask | r) != g.board and wins_within(g, ncur, nmask | r, d - 1, memo, nodes) for r in replies)


@lru_cache(maxsize=20_000)
def fastest_win(cols: int, rows: int, cur: int, mask: int, bound: int) -> int | None:
    """The column of a move that forces a win in the fewest moves (at most `bound`), or None."""
    g = geometry(cols, rows)
    memo: dict = {}
    poss = g.possible(mask)
    win_now = g.winning(cur, mask) & poss
    if win_now:
        return g.col_of(win_now & -win_now)
    for d in range(2, bound + 1):
        for mv in g.moves(mask):
            if forcing(g, cur, mask, mv, d, memo):
                return g.col_of(mv)
    return None


def evaluate(g: Geometry, cur: int, mask: int) -> int:
    """A static score for the player to move: open fours-in-waiting, then centre stones."""
    opp = cur ^ mask
    threats = g.winning(cur, mask).bit_count() - g.winning(opp, mask).bit_count()
    return 8 * threats + (cur & g.centre).bit_count() - (opp & g.centre).bit_count()


def negamax(g: Geometry, cur: int, mask: int, depth: int, ply: int, alpha: int, beta: int) -> int:
    """Alpha-beta negamax to `depth` plies; a win at root ply p scores WIN_SCORE - p."""
    poss = g.possible(mask)
    if not poss:
        return 0
    if g.winning(cur, mask) & poss:
        return WIN_SCORE - ply - 1
    if depth == 0:
        return evaluate(g, cur, mask)
    opp = cur ^ mask
    forced = g.winning(opp, mask) & poss
    moves = [forced & -forced] if forced and depth >= 2 else g.moves(mask)
    best = -INF
    for mv in moves:
        v = -negamax(g, opp, mask | mv, depth - 1, ply + 1, -beta, -alpha)
        if v > best:
            best = v
            if v > alpha:
                alpha = v
                if alpha >= beta:
                    break
    return best


@lru_cache(maxsize=20_000)
def opponent_choices(cols: int, rows: int, cur: int, mask: int, depth: int) -> tuple[int, ...]:
    """The columns the opponent's depth-limited search rates best (all of them, for tie-breaking)."""
    g = geometry(cols, rows)
    scored, best = [], -INF
    for mv in sorted(g.moves(mask), key=g.col_of):
        if g.winning(cur, mask) & mv:
            v = WIN_SCORE - 1
        else:
            v = -negamax(g, cur ^ mask, mask | mv, depth - 1, 1, -INF, -(best - 1) if best > -INF else INF)
        best = max(best, v)
        scored.append((v, g.col_of(mv)))
    return tuple(col for v, col in scored if v == best)


def sensible_positions(g: Geometry, rng, min_stones: int, immediate: bool) -> list[tuple[int, int]]:
    """Positions along one playout in which both sides block immediate threats, avoid dropping a
    stone under an enemy threat and never complete four, kept where at least `min_stones` stones
    are down and the player to move has an immediate win if `immediate`, none otherwise.
    Returns (stones of the player to move, mask)."""
    cur = mask = 0
    out = []
    for n in range(g.cols * g.rows):
        poss = g.possible(mask)
        mine, opp = g.winning(cur, mask) & poss, cur ^ mask
        theirs = g.winning(opp, mask) & poss
        if bool(mine) == immediate and n >= min_stones:
            out.append((cur, mask))
        moves = [m for m in g.moves(mask) if not m & mine]
        if theirs:
            moves = [m for m in moves if m & theirs] or moves
        safe = [m for m in moves if not g.winning(opp, mask | m) & g.possible(mask | m)]
        moves = safe or moves
        if not moves:
            break
        mv = moves[rng.randrange(len(moves))]
        cur, mask = opp, mask | mv
        if mask == g.board or g.four(cur ^ mask):
            break
    return out


@register
class ConnectFour(VersusTask):
    """Connect Four on a small board (5x4 up to 9x7) against a computer opponent, from a position
    where the agent, to move, can force four in a row within a bound of its own moves (found by
    an exhaustive AND-OR search, and not possible in fewer moves). A draw is not a win. Higher
    levels use bigger boards and longer forced wins (1 move at level 1, 4 at levels 9-14, 5 at 15-18),
    and the opponent runs a deeper alpha-beta search.

    Speed: generation searches sampled positions for a forced win of exactly the level's length
    (an exhaustive AND-OR search in pure Python), then plays the reference line against the
    opponent: about 400 problems/s at level 5, about 100/s at levels 9-10 (7-ply proofs on
    the 7x6 board), about 10/s at level 15 and 3/s at level 18 (9-ply proofs on 8x7 and 9x7).
    """

    name = "versus/connect_four"
    cap_reason = ("the exhaustive AND-OR proof is pure Python: a forced win in 5 on a 9x7 board (level 18) costs "
                  "about 0.3 s a problem, and a win in 6 several times that")
    knobs = (
        Knob("cols", [5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8, 9, 7, 8, 8, 9], (4, 9), doc="board columns"),
        Knob("rows", [4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6, 7, 7, 6, 6, 7, 7], (4, 7), doc="board rows"),
        Knob("win_in", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5], (1, 5),
             doc="your moves needed to force a win"),
        Knob("opponent_depth", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8], (1, 8),
             doc="plies the opponent searches"),
        Knob("spare_turns", [4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0], (0, 20),
             doc="turns allowed for invalid moves"),
    )
    answer_format = "a column number"
    example = "0"  # there is no column 0: the example never wins (a real column may)
    tools = (Tool("drop", "Drop your disc into a column.", "{column}",
                  (Param("column", "integer", "the column, from 1"),)),)

    def build(self, rng, params):
        cols, rows, d = params["cols"], params["rows"], params["win_in"]
        g = geometry(cols, rows)
        min_stones = max(2, (cols * rows) // 5)
        found = None
        for _ in range(2_000):
            candidates = sensible_positions(g, rng, min_stones, d == 1)
            rng.shuffle(candidates)
            for cur, mask in candidates[:3]:
                memo: dict = {}
                if wins_within(g, cur, mask, d, memo) and not (d > 1 and wins_within(g, cur, mask, d - 1, memo)):
                    found = cur, mask
                    break
            if found:
                break
        else:
            raise ValueError(f"knob 'win_in': no {cols}x{rows} position with a forced win in exactly {d} was found")
        cur, mask = found
        stones = mask.bit_count()
        mark = "X" if stones % 2 == 0 else "O"
        empties = cols * rows - stones
        limit = (empties + 1) // 2 + params["spare_turns"]
        c = {"start": {"you": cur, "opponent": cur ^ mask, "mover": YOU}, "cols": cols, "rows": rows,
             "mark": mark, "win_in": d, "opponent_depth": params["opponent_depth"], "turn_limit": limit,
             "salt": rng.randrange(2**31)}
        other = "O" if mark == "X" else "X"
        question = (
            f"Connect Four on a board of {cols} columns and {rows} rows, against a computer opponent. You play "
            f"{mark}; the opponent plays {other}. The game is under way and it is your move:\n"
            f"{self.show(c, c['start'])}\n"
            f"Columns are numbered 1-{cols} from the left; '.' is empty. On your turn drop a stone into a column "
            f"that is not full: it falls to the lowest empty cell. Four of your stones in a line (across, down "
            f"or diagonally) wins; a full board is a draw, which is not a win. You can force a win within "
            f"{plural(d, 'move')} of your own.\n{lookahead(params['opponent_depth'])} After each of your moves "
            f"you see the opponent's reply and the board. You have {plural(limit, 'turn')}; an invalid move is "
            f"rejected and still uses a turn. Win the game.")
        return self.versus_draft(c, question, answer_format=f"a column number from 1 to {cols}")

    # positions are {"you": bits, "opponent": bits, "mover": ...}
    def parse(self, c, pos, text):
        m = _COLUMN.fullmatch(text.lower())
        if not m:
            return None, f"name one column by its number, 1 to {c['cols']}."
        col = int(m.group(1))
        if not 1 <= col <= c["cols"]:
            return None, f"there is no column {col} (columns 1 to {c['cols']})."
        g = geometry(c["cols"], c["rows"])
        if not g.possible(pos["you"] | pos["opponent"]) & g.column[col - 1]:
            return None, f"column {col} is full."
        return col - 1, None

    def play(self, c, pos, move, who):
        g = geometry(c["cols"], c["rows"])
        bit = g.possible(pos["you"] | pos["opponent"]) & g.column[move]
        pos[who] |= bit
        pos["mover"] = OPPONENT if who == YOU else YOU
        return f"{'You' if who == YOU else 'The opponent'} dropped into column {move + 1}."

    def mover(self, c, pos):
        g = geometry(c["cols"], c["rows"])
        if g.four(pos["you"]) or g.four(pos["opponent"]) or (pos["you"] | pos["opponent"]) == g.board:
            return None
        return pos["mover"]

    def final(self, c, pos):
        g = geometry(c["cols"], c["rows"])
        if g.four(pos["you"]):
            return True, "Four in a row: you win."
        if g.four(pos["opponent"]):
            return False, "The opponent has four in a row: you lose."
        return False, "The board is full: a draw, which is not a win."

    def show(self, c, pos):
        cols, rows = c["cols"], c["rows"]
        other = "O" if c["mark"] == "X" else "X"
        lines = [" ".join(str(i + 1) for i in range(cols))]
        for r in range(rows - 1, -1, -1):
            cells = []
            for col in range(cols):
                bit = 1 << (col * (rows + 1) + r)
                cells.append(c["mark"] if pos["you"] & bit else other if pos["opponent"] & bit else ".")
            lines.append(" ".join(cells))
        return "\n".join(lines)

    def notation(self, c, move):
        return str(move + 1)

    def reply(self, c, pos, rng):
        choices = opponent_choices(c["cols"], c["rows"], pos["opponent"], pos["you"] | pos["opponent"],
                                   c["opponent_depth"])
        return pick([(0, col) for col in choices], rng)

    def effort(self, problem):
        # the AND-OR search that proves the forced win within `win_in` moves: positions it examines
        c = problem.check
        start, nodes = c["start"], [0]
        wins_within(geometry(c["cols"], c["rows"]), start["you"], start["you"] | start["opponent"], c["win_in"], {},
                    nodes)
        return nodes[0]

    def best(self, c, pos):
        col = fastest_win(c["cols"], c["rows"], pos["you"], pos["you"] | pos["opponent"], c["win_in"])
        if col is None:  # off the winning line (after agent mistakes): any legal column
            g = geometry(c["cols"], c["rows"])
            return g.col_of(g.moves(pos["you"] | pos["opponent"])[0])
        return col
