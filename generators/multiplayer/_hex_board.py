"""Hex boards as bit masks, a perfect player for small positions, and a distance heuristic.

Cell (row r, column c) of an n x n board is bit r * n + c. Its six neighbours are left and right
in its row, (r - 1, c) and (r - 1, c + 1) above, (r + 1, c - 1) and (r + 1, c) below, so one
shift of the whole mask per direction finds every neighbour at once. The first player ("X")
joins the top row to the bottom row, the second ("O") the left column to the right column.

`wins` solves a position by search: the mover wins if it has a cell that completes its chain;
it loses if the other player has two such cells; with one it must block there; otherwise it
tries its moves, centre first, with a transposition table. Fine up to a dozen empty cells
(EXACT_EMPTY); a whole 5x5 board is out of reach in Python.
"""
from __future__ import annotations

from functools import lru_cache

EXACT_EMPTY = 12  # empty cells up to which positions are solved by search (under a second)
FAR = 10_000  # the distance of a cell no chain of the player can reach
_TABLE_LIMIT = 2_000_000  # positions kept in a board's transposition table before it is cleared


class Board:
    """The masks of an n x n Hex board (see the module docstring)."""

    def __init__(self, n: int):
        self.n = n
        self.full = (1 << n * n) - 1
        self.top = (1 << n) - 1
        self.bottom = self.top << n * (n - 1)
        self.left = sum(1 << r * n for r in range(n))
        self.right = self.left << n - 1
        centre = n - 1  # twice the centre's row and column: distances stay whole numbers
        self.centrality = [abs(2 * (i // n) - centre) + abs(2 * (i % n) - centre) for i in range(n * n)]
        self.order = sorted(range(n * n), key=lambda i: (self.centrality[i], i))
        self.neighbours = [self.grow(1 << i) & ~(1 << i) for i in range(n * n)]
        self.table: dict = {}  # position -> whether the mover wins
        self.hints: dict = {}  # position -> the heuristic's ranking (a pure function, replayed at generation)

    def edges(self, seat: int) -> tuple[int, int]:
        """The two edges `seat` joins: top and bottom for seat 0, left and right for seat 1."""
        return (self.top, self.bottom) if seat == 0 else (self.left, self.right)

    def grow(self, s: int) -> int:
        """`s` and every neighbour of its cells."""
        n, left, right = self.n, self.left, self.right
        return (s | s >> n | (s >> n - 1) & ~left | (s >> 1) & ~right | (s << 1) & ~left
                | (s << n - 1) & ~right | s << n) & self.full

    def flood(self, stones: int, seed: int) -> int:
        """The stones connected (through stones) to those in `seed`."""
        reach = stones & seed
        while True:
            more = self.grow(reach) & stones
            if more == reach:
                return reach
            reach = more

    def joined(self, stones: int, seat: int) -> bool:
        a, b = self.edges(seat)
        return bool(self.flood(stones, a) & b)

    def completing(self, stones: int, empty: int, seat: int) -> int:
        """The empty cells that would join `seat`'s two edges at once."""
        a, b = self.edges(seat)
        return empty & (self.grow(self.flood(stones, a)) | a) & (self.grow(self.flood(stones, b)) | b)

    def cells(self, mask: int) -> list[int]:
        """The cells of `mask`, centre first."""
        return [i for i in self.order if mask >> i & 1]

    # --- perfect play -------------------------------------------------------------------------
    def wins(self, me: int, other: int, seat: int, table: dict | None = None, nodes: list | None = None) -> bool:
        """Whether `seat`, to move with stones `me` against `other`, wins with perfect play. The
        search remembers positions in the board's shared table, or in `table` when given (a count
        of the positions it examines, in nodes[0], then does not depend on earlier searches)."""
        shared = table is None
        table = self.table if shared else table
        key = (me, other, seat)
        known = table.get(key)
        if known is not None:
            return known
        if nodes is not None:
            nodes[0] += 1
        empty = self.full & ~(me | other)
        if self.completing(me, empty, seat):
            result = True
        else:
            threats = self.completing(other, empty, 1 - seat)
            if threats & (threats - 1):
                result = False  # two ways to finish: one block cannot stop both
            else:
                result = any(not self.wins(other, me | 1 << i, 1 - seat, None if shared else table, nodes)
                             for i in self.cells(threats or empty))
        if shared and len(table) > _TABLE_LIMIT:
            table.clear()
        table[key] = result
        table[(self.turned(me), self.turned(other), seat)] = result  # the board turned half round: the same game
        return result

    def turned(self, mask: int) -> int:
        """`mask` on the board turned by 180 degrees (cell i becomes cell n*n - 1 - i), which maps
        each player's two edges onto themselves and every neighbour onto a neighbour."""
        size = self.n * self.n
        return int(format(mask, f"0{size}b")[::-1], 2)

    def winning_moves(self, me: int, other: int, seat: int) -> list[int]:
        """Every cell whose move wins for `seat` with perfect play, centre first."""
        empty = self.full & ~(me | other)
        done = self.completing(me, empty, seat)
        if done:
            return self.cells(done)
        return [i for i in self.cells(empty) if not self.wins(other, me | 1 << i, 1 - seat)]

    def winning_move(self, me: int, other: int, seat: int) -> int | None:
        """The first cell (centre first) whose move wins for `seat` with perfect play, or None."""
        empty = self.full & ~(me | other)
        done = self.completing(me, empty, seat)
        if done:
            return self.cells(done)[0]
        return next((i for i in self.cells(empty) if not self.wins(other, me | 1 << i, 1 - seat)), None)

    # --- the heuristic ------------------------------------------------------------------------
    def distances(self, me: int, other: int, edge: int) -> list[int]:
        """For each cell, the fewest empty cells (itself included) on a chain of `me`'s stones
        and empty cells from `edge` to it (FAR through `other`'s stones). Found in layers: the
        cells at distance k + 1 are the empty cells beside (or on the edge, beside nothing yet)
        the cells at distance <= k, with the stones they join."""
        dist = [FAR] * (self.n * self.n)
        free = self.full & ~other & ~me
        reach = layer = self.flood(me, edge & me)
        k = 0
        while layer:
            for i in self.bits(layer):
                dist[i] = k
            k += 1
            frontier = (self.grow(reach) | edge) & free & ~reach
            layer = self.flood(me | frontier, frontier) & ~reach
            reach |= layer
        return dist

    @staticmethod
    def bits(mask: int) -> list[int]:
        out = []
        while mask:
            bit = mask & -mask
            out.append(bit.bit_length() - 1)
            mask ^= bit
        return out

    def through(self, me: int, other: int, seat: int) -> list[int]:
        """For each cell, the fewest empty cells on a chain of `seat` through it joining its edges."""
        a, b = self.edges(seat)
        da, db = self.distances(me, other, a), self.distances(me, other, b)
        return [x + y - (0 if me >> i & 1 else 1) for i, (x, y) in enumerate(zip(da, db))]

    def heuristic_moves(self, me: int, other: int, seat: int) -> list[int]:
        """The heuristic's best cells: one that wins at once; else one that blocks the other's win
        at once; else those on the shortest chains of both players (least sum of the two
        `through` counts), nearest the centre among those."""
        ranked = self.ranked(me, other, seat)
        return [i for i, score in ranked if score == ranked[0][1]]

    def ranked(self, me: int, other: int, seat: int) -> list[tuple[int, tuple]]:
        """Every empty cell with the heuristic's score (lower is better), best first: cells that
        win at once, then cells that block a win at once, then by the sum of both players'
        `through` counts and nearness to the centre."""
        key = (me, other, seat)
        if key not in self.hints:
            if len(self.hints) > _TABLE_LIMIT // 10:
                self.hints.clear()
            self.hints[key] = self._ranked(me, other, seat)
        return self.hints[key]

    def _ranked(self, me: int, other: int, seat: int) -> list[tuple[int, tuple]]:
        empty = self.full & ~(me | other)
        wins, blocks = self.completing(me, empty, seat), self.completing(other, empty, 1 - seat)
        mine, theirs = self.through(me, other, seat), self.through(other, me, 1 - seat)
        scores = [(i, (0 if wins >> i & 1 else 1 if blocks >> i & 1 else 2, mine[i] + theirs[i], self.centrality[i]))
                  for i in self.cells(empty)]
        return sorted(scores, key=lambda pair: pair[1])


@lru_cache(maxsize=16)
def board(n: int) -> Board:
    """The (shared) board of size n, with its transposition table."""
    return Board(n)
