"""Dots and Boxes on tiny boards against a computer opponent, from a position won for the agent.

Lines are bits of an int mask: horizontal lines first (row by row), then vertical ones. The
exact solver is a memoised minimax over masks of drawn lines, exhaustive from the start.
"""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import Param, Tool, plural

from ._opponent import OPPONENT, YOU, VersusTask, lookahead, pick

ROW_NAMES = "abcdefgh"
_DOT = r"([a-h]) ?([1-9])|([1-9]) ?([a-h])"
# a line: its two dots, e.g. a1-a2, a1 a2, a1 to a2, optionally after draw (and line / from)
_LINE = re.compile(rf"(?:draw )?(?:(?:the )?line )?(?:from )?(?:{_DOT})(?: ?- ?| to | )(?:{_DOT})")


class Grid:
    """Lines and boxes of a board of `rows` x `cols` boxes."""

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols
        self.n_h = (rows + 1) * cols
        self.n_lines = self.n_h + rows * (cols + 1)
        self.full = (1 << self.n_lines) - 1
        self.boxes = []  # each box's four line bits
        for r in range(rows):
            for c in range(cols):
                self.boxes.append((1 << self.h(r, c)) | (1 << self.h(r + 1, c)) | (1 << self.v(r, c))
                                  | (1 << self.v(r, c + 1)))
        self.touching = [[b for b, m in enumerate(self.boxes) if m >> line & 1] for line in range(self.n_lines)]
        self.rest = [[self.boxes[b] ^ (1 << line) for b in self.touching[line]] for line in range(self.n_lines)]
        self.ends = [self.endpoints(line) for line in range(self.n_lines)]
        self.by_ends = {frozenset(e): line for line, e in enumerate(self.ends)}

    def h(self, r: int, c: int) -> int:
        return r * self.cols + c

    def v(self, r: int, c: int) -> int:
        return self.n_h + r * (self.cols + 1) + c

    def endpoints(self, line: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two dots (row, col) a line joins."""
        if line < self.n_h:
            r, c = divmod(line, self.cols)
            return (r, c), (r, c + 1)
        r, c = divmod(line - self.n_h, self.cols + 1)
        return (r, c), (r + 1, c)

    def name(self, line: int) -> str:
        return "-".join(f"{ROW_NAMES[r]}{c + 1}" for r, c in self.ends[line])

    def gained(self, mask: int, line: int) -> int:
        """Boxes completed by drawing `line` on `mask` (0, 1 or 2)."""
        n = 0
        for rest in self.rest[line]:
            if mask & rest == rest:
                n += 1
        return n

    def free(self, mask: int) -> list[int]:
        return [line for line in range(self.n_lines) if not mask >> line & 1]


@lru_cache(maxsize=None)
def grid(rows: int, cols: int) -> Grid:
    return Grid(rows, cols)


@lru_cache(maxsize=None)
def _values(rows: int, cols: int) -> dict:
    return {}


def value(g: Grid, mask: int) -> int:
    """Boxes the player to move can take from here minus the boxes the other player takes, both
    playing perfectly (completing a box earns another move)."""
    memo = _values(g.rows, g.cols)
    if mask in memo:
        return memo[mask]
    if len(memo) > 1_000_000:
        memo.clear()
    if mask == g.full:
        return 0
    best = -99
    for line in g.free(mask):
        won = g.gained(mask, line)
        child = value(g, mask | (1 << line))
        best = max(best, won + child if won else -child)
    memo[mask] = best
    return best


@lru_cache(maxsize=200_000)
def capped(rows: int, cols: int, mask: int, agent: bool) -> int:
    """Like `value` (from the agent's side), but the agent never declines a box: whenever it can
    complete one it must. Used to find positions where taking every box on offer loses."""
    g = grid(rows, cols)
    if mask == g.full:
        return 0
    lines = g.free(mask)
    if agent:
        takes = [line for line in lines if g.gained(mask, line)]
        lines = takes or lines
    results = []
    for line in lines:
        won = g.gained(mask, line)
        child = capped(rows, cols, mask | (1 << line), agent if won else not agent)
        results.append(child + (won if agent else -won))
    return max(results) if agent else min(results)


@lru_cache(maxsize=200_000)
def lookahead_value(rows: int, cols: int, mask: int, depth: int) -> int:
    """Net boxes for the player to move over the next `depth` lines drawn (both sides best)."""
    g = grid(rows, cols)
    if depth == 0 or mask == g.full:
        return 0
    best = -99
    for line in g.free(mask):
        won = g.gained(mask, line)
        child = lookahead_value(rows, cols, mask | (1 << line), depth - 1)
        best = max(best, won + child if won else -child)
    return best


def random_position(g: Grid, rng, undrawn: int) -> tuple[int, int, int]:
    """Lines drawn by plausible random play until `undrawn` remain: take a box when one is on
    offer (a player who completes a box moves again), else avoid drawing a box's third side
    when possible. Returns (mask, boxes of the player now to move, boxes of the other)."""
    mask, score, turn = 0, [0, 0], 0
    while g.n_lines - mask.bit_count() > undrawn:
        lines = g.free(mask)
        takes = [line for line in lines if g.gained(mask, line)]
        safe = [line for line in lines if all((mask | (1 << line)) & g.boxes[b] != g.boxes[b] and
                                              ((mask | (1 << line)) & g.boxes[b]).bit_count() < 3
                                              for b in g.touching[line])]
        line = rng.choice(takes if takes and rng.random() < 0.8 else safe or lines)
        won = g.gained(mask, line)
        mask |= 1 << line
        score[turn] += won
        if not won:
            turn = 1 - turn
    return mask, score[turn], score[1 - turn]


@register
class DotsAndBoxes(VersusTask):
    """Dots and Boxes on a tiny board against a computer opponent. Players take turns drawing one
    line between two adjacent dots; completing a box's fourth side claims it and earns another
    line. The position is part-played, and the agent, to move, ends with more boxes than the
    opponent under perfect play (exhaustive minimax). Higher levels grow the board from 2x2 to 2x3
    boxes and leave more lines undrawn (up to 14 of 17); levels 7 and 9 instead pick endgames in
    which greedily taking every box on offer loses (the win needs declining boxes: a
    double-cross); the opponent looks further ahead as levels rise.

    Speed: the exact solver is exhaustive over the undrawn lines (memoised across problems), and
    the opponent's lookahead is a real depth-limited search, so levels 8 and 10 (12 and 14 lines
    left on 2x3) generate at about 200 problems/s; other levels run faster.
    """

    name = "versus/dots_and_boxes"
    released_dips = {5: "level 5 moves to the 2x3 board with 8 lines left against level 4's 10 on 2x2, so "
                        "its plans need a shorter lookahead"}
    cap_reason = ("the 2x3 board (17 lines) is exhausted: won positions with more lines left barely exist and "
                  "double-cross traps stop at about 11 undrawn lines; on the next board (3x3, 24 lines) the "
                  "exhaustive solver needs 15 or more undrawn lines to ask more than level 10, at over half a "
                  "second a problem in pure Python")
    knobs = (
        Knob("rows", [2] * 11, (1, 3), doc="rows of boxes"),
        Knob("cols", [2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (1, 3), doc="columns of boxes"),
        Knob("undrawn", [5, 6, 8, 10, 8, 10, 7, 12, 9, 14, 11], (2, 17), doc="lines left to draw"),
        Knob("trap", [False, False, False, False, False, False, True, False, True, False, True],
             doc="require a position where taking every box on offer loses (False: any won position)"),
        Knob("opponent_depth", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 7], (1, 24), doc="lines the opponent looks ahead"),
        Knob("spare_turns", [4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 0], (0, 20), doc="turns allowed for invalid moves"),
    )
    answer_format = "a line as the two dots it joins"
    example = "a1-b2"  # diagonal dots are never joined by a line: the example never wins (a1-a2 may)
    tools = (Tool("draw", "Draw the line between two neighbouring dots, across or down.", "{first}-{second}",
                  (Param("first", "string", "a dot as row letter and column number, e.g. a1"),
                   Param("second", "string", "the neighbouring dot, e.g. a2"))),)

    def build(self, rng, params):
        rows, cols, undrawn = params["rows"], params["cols"], params["undrawn"]
        g = grid(rows, cols)
        if not 2 <= undrawn <= g.n_lines:
            raise ValueError(f"knob 'undrawn': {undrawn} is more than the {g.n_lines} lines of a "
                             f"{rows}x{cols} board")
        for _ in range(20_000):
            mask, mine, theirs = random_position(g, rng, undrawn)
            if mine + value(g, mask) <= theirs:
                continue
            if params["trap"] and capped(rows, cols, mask, True) + mine > theirs:
                continue
            break
        else:
            raise ValueError(f"knob 'trap': no {rows}x{cols} position with {undrawn} lines left was found")
        limit = undrawn + params["spare_turns"]
        owners = self.owners(g, mask, rng, mine, theirs)
        c = {"start": {"mask": mask, "owners": owners, "mover": YOU}, "rows": rows, "cols": cols,
             "opponent_depth": params["opponent_depth"], "turn_limit": limit, "salt": rng.randrange(2**31)}
        n_boxes = rows * cols
        question = (
            f"Dots and Boxes on a grid of {rows}x{cols} boxes ({rows + 1} rows of {cols + 1} dots), against a "
            f"computer opponent. Some lines are already drawn and it is your move:\n{self.show(c, c['start'])}\n"
            f"Dots are named by row letter and column number (a1 is the top-left dot). '---' and '|' are drawn "
            f"lines; Y marks a box you own and O a box the opponent owns. On your turn draw one line between two "
            f"adjacent dots (across or down) that is not yet drawn. Drawing the fourth side of a box claims it, "
            f"and then you must draw another line; the opponent plays by the same rule. When all lines are "
            f"drawn, whoever owns more of the {n_boxes} boxes wins; a tie is not a win.\n"
            f"{lookahead(params['opponent_depth'])} After each of your lines you see what the opponent drew and "
            f"the board. You have {plural(limit, 'turn')}; an invalid move is rejected and still uses a turn. "
            f"Win the game.")
        return self.versus_draft(c, question)

    @staticmethod
    def owners(g: Grid, mask: int, rng, mine: int, theirs: int) -> list[str]:
        """Who owns each completed box ('Y', 'O' or '.'), consistent with the scores."""
        done = [b for b, m in enumerate(g.boxes) if mask & m == m]
        rng.shuffle(done)
        out = ["."] * len(g.boxes)
        for i, b in enumerate(done):
            out[b] = "Y" if i < mine else "O"
        assert len(done) == mine + theirs
        return out

    def grid_of(self, c) -> Grid:
        return grid(c["rows"], c["cols"])

    def parse(self, c, pos, text):
        g = self.grid_of(c)
        m = _LINE.fullmatch(text.lower())
        if not m:
            return None, "name a line by its two dots, e.g. a1-a2."
        groups = m.groups()
        dots = []
        for row_first, col_first, col_last, row_last in (groups[:4], groups[4:]):
            row, col = (row_first, col_first) if row_first else (row_last, col_last)
            dots.append((ROW_NAMES.index(row), int(col) - 1))
        for r, col in dots:
            if not (0 <= r <= g.rows and 0 <= col <= g.cols):
                return None, (f"there is no dot {ROW_NAMES[r]}{col + 1} (rows a-{ROW_NAMES[g.rows]}, "
                              f"columns 1-{g.cols + 1}).")
        line = g.by_ends.get(frozenset(dots))
        if line is None:
            return None, "those dots are not neighbours: a line joins two adjacent dots, across or down."
        if pos["mask"] >> line & 1:
            return None, f"{g.name(line)} is already drawn."
        return line, None

    def play(self, c, pos, move, who):
        g = self.grid_of(c)
        won = g.gained(pos["mask"], move)
        pos["mask"] |= 1 << move
        mark = "Y" if who == YOU else "O"
        for b in g.touching[move]:
            if pos["mask"] & g.boxes[b] == g.boxes[b] and pos["owners"][b] == ".":
                pos["owners"][b] = mark
        subject = "You" if who == YOU else "The opponent"
        if not won:
            pos["mover"] = OPPONENT if who == YOU else YOU
            return f"{subject} drew {g.name(move)}."
        again = "you move again" if who == YOU else "it moves again"
        if pos["mask"] == g.full:
            again = "the board is complete"
        return f"{subject} drew {g.name(move)} and claimed {'a box' if won == 1 else 'two boxes'}; {again}."

    def mover(self, c, pos):
        return None if pos["mask"] == self.grid_of(c).full else pos["mover"]

    def score(self, pos) -> tuple[int, int]:
        return pos["owners"].count("Y"), pos["owners"].count("O")

    def final(self, c, pos):
        mine, theirs = self.score(pos)
        tally = f"you have {mine} {'box' if mine == 1 else 'boxes'}, the opponent {theirs}"
        if mine > theirs:
            return True, f"All lines are drawn: {tally}. You win."
        verdict = "a tie, which is not a win" if mine == theirs else "you lose"
        return False, f"All lines are drawn: {tally}; {verdict}."

    def show(self, c, pos):
        g, mask, owners = self.grid_of(c), pos["mask"], pos["owners"]
        lines = ["   " + "   ".join(str(col + 1) for col in range(g.cols + 1))]
        for r in range(g.rows + 1):
            row = f"{ROW_NAMES[r]}  +"
            for col in range(g.cols):
                row += ("---" if mask >> g.h(r, col) & 1 else "   ") + "+"
            lines.append(row)
            if r < g.rows:
                row = "   "
                for col in range(g.cols + 1):
                    row += "|" if mask >> g.v(r, col) & 1 else " "
                    if col < g.cols:
                        owner = owners[r * g.cols + col]
                        row += f" {owner if owner != '.' else ' '} "
                lines.append(row.rstrip())
        mine, theirs = self.score(pos)
        return "\n".join(lines) + f"\nBoxes: you {mine}, opponent {theirs}."

    def notation(self, c, move):
        return self.grid_of(c).name(move)

    def reply(self, c, pos, rng):
        g, mask, depth = self.grid_of(c), pos["mask"], c["opponent_depth"]
        scored = []
        for line in g.free(mask):
            won = g.gained(mask, line)
            child = lookahead_value(g.rows, g.cols, mask | (1 << line), depth - 1)
            scored.append((won + child if won else -child, line))
        return pick(scored, rng)

    def effort(self, problem):
        # the lookahead the winning plan needs: on each move of the reference line, the fewest lines
        # a search must look ahead before every line it rates best keeps the win (a position where
        # greedily taking boxes loses needs a long horizon)
        g = self.grid_of(problem.check)
        return sum(self.horizon(g, pos) for pos in self.agent_positions(problem))

    def horizon(self, g: Grid, pos) -> int:
        mask, free = pos["mask"], g.free(pos["mask"])
        mine, theirs = self.score(pos)
        exact = {line: self.line_value(g, mask, line, value(g, mask | (1 << line))) for line in free}
        for depth in range(1, len(free)):
            seen = {line: self.line_value(g, mask, line, lookahead_value(g.rows, g.cols, mask | (1 << line), depth - 1))
                    for line in free}
            top = max(seen.values())
            if all(mine + exact[line] > theirs for line in free if seen[line] == top):
                return depth
        return len(free)

    @staticmethod
    def line_value(g: Grid, mask: int, line: int, child: int) -> int:
        """Net boxes of drawing `line` for the player drawing it, given the value `child` of the
        position after it (which that player moves in again if the line completed a box)."""
        won = g.gained(mask, line)
        return won + child if won else -child

    def best(self, c, pos):
        """Perfect play: a line of best exact value (the first in line order)."""
        g, mask = self.grid_of(c), pos["mask"]
        scored = []
        for line in g.free(mask):
            won = g.gained(mask, line)
            child = value(g, mask | (1 << line))
            scored.append((won + child if won else -child, -line))
        return -max(scored)[1]
