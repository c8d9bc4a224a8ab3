"""A bitboard backtracking solver for Latin-square-type grids (Latin squares and sudoku).

A grid is a flat list of n*n digits, 0 for an empty cell. Every row and column must hold
1..n once; with boxes (box_rows x box_cols), every box too. The solver keeps, per digit, a
bitboard (an int with one bit per cell) of the empty cells where that digit may still go, so
a whole propagation round is a handful of big-int operations:

- naked singles: cells with exactly one candidate digit are all placed at once (a clash
  between two of them is a dead end), repeated until none is left;
- hidden singles (in all units, only boxes, or none): a digit with one place left in a
  unit goes there, and a digit with no place left in a unit that lacks it is a dead end;
- then it branches on a cell with the fewest candidates (bit-sliced counts pick a cell with
  two, else three, candidates).

Hidden singles in boxes pay for themselves on 9x9 sudoku; in all units they tame partial
Latin squares, whose completion otherwise has heavy-tailed searches of seconds.

    solver = GridSolver(9, 3, 3, hidden_singles="boxes")
    solver.count(puzzle, limit=2)        # 0, 1 or 2 (2 means "at least two")
    solver.solve(puzzle)                 # a completed grid, or None
    solver.solve([0] * 81, rng)          # a random full grid (branch order drawn from rng)
"""
from __future__ import annotations

import re


class GridSolver:
    def __init__(self, n: int, box_rows: int = 0, box_cols: int = 0, hidden_singles: str = "none"):
        if box_rows and box_rows * box_cols != n:
            raise ValueError(f"boxes {box_rows}x{box_cols} do not tile a {n}x{n} grid")
        self.n = n
        cells = n * n
        units = [sum(1 << (r * n + c) for c in range(n)) for r in range(n)]
        units += [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
        if box_rows:
            units += [sum(1 << ((r0 + r) * n + c0 + c) for r in range(box_rows) for c in range(box_cols))
                      for r0 in range(0, n, box_rows) for c0 in range(0, n, box_cols)]
        if hidden_singles not in ("none", "boxes", "all"):
            raise ValueError(f"hidden_singles must be 'none', 'boxes' or 'all', got {hidden_singles!r}")
        # the units searched for hidden singles ("boxes" is the cheap sweet spot for sudoku)
        self.hidden_units = {"none": [], "boxes": units[2 * n:], "all": units}[hidden_singles]
        peers = [0] * cells
        for u in units:
            for i in range(cells):
                if u >> i & 1:
                    peers[i] |= u
        self.peers = [p & ~(1 << i) for i, p in enumerate(peers)]  # the cells sharing a unit with i

    def count(self, grid: list[int], limit: int = 2) -> int:
        """How many completions the grid has, counting no further than `limit`."""
        return self._run(grid, limit, None, None)

    def solve(self, grid: list[int], rng=None) -> list[int] | None:
        """One completion (the first found; in random branch order when `rng` is given)."""
        out: list[list[int]] = []
        return out[0] if self._run(grid, 1, rng, out) else None

    def _run(self, grid, limit, rng, out) -> int:
        n = self.n
        cells = n * n
        if len(grid) != cells or (grid and (min(grid) < 0 or max(grid) > n)):
            return 0
        peers, units = self.peers, self.hidden_units
        digits = range(n)
        empty = 0
        placed = [0] * n  # placed[d]: cells holding digit d+1
        blocked = [0] * n
        for i, d in enumerate(grid):
            if d:
                if placed[d - 1] & peers[i]:
                    return 0  # two equal givens share a unit
                placed[d - 1] |= 1 << i
                blocked[d - 1] |= peers[i]
            else:
                empty |= 1 << i
        cand = [empty & ~b for b in blocked]  # cand[d]: empty cells where digit d+1 may go

        def place(cand, placed, d, where) -> bool:
            """Put digit d+1 on every cell of `where`; False if two of them share a unit."""
            block, m = where, where
            while m:
                low = m & -m
                p = peers[low.bit_length() - 1]
                if where & p:
                    return False
                block |= p
                m ^= low
            cand[d] &= ~block
            placed[d] |= where
            return True

        def search(cand, placed, empty, need) -> int:
            while True:
                once = twice = 0
                for b in cand:
                    twice |= once & b
                    once |= b
                if empty & ~once:
                    return 0  # a cell has no candidate left
                singles = empty & ~twice
                if singles:
                    for d in digits:
                        s = cand[d] & singles
                        if s and not place(cand, placed, d, s):
                            return 0
                    empty &= ~singles
                    continue
                if not empty:
                    if out is not None:
                        solution = [0] * cells
                        for d in digits:
                            m = placed[d]
                            while m:
                                low = m & -m
                                solution[low.bit_length() - 1] = d + 1
                                m ^= low
                        out.append(solution)
                    return 1
                if not units:
                    break
                found = 0
                for d in digits:
                    c, p, forced = cand[d], placed[d], 0
                    for u in units:
                        x = c & u
                        if not x & (x - 1):
                            if x:
                                forced |= x
                            elif not p & u:
                                return 0  # digit d+1 has no place left in this unit
                    if forced:
                        found |= forced
                        for e in digits:
                            if e != d:
                                cand[e] &= ~forced
                        if not place(cand, placed, d, forced):
                            return 0
                if not found:
                    break
                empty &= ~found
            # branch on a cell with the fewest candidates (bit-sliced candidate counts)
            c0 = c1 = c2 = c3 = 0
            for b in cand:
                k0 = c0 & b
                c0 ^= b
                k1 = c1 & k0
                c1 ^= k0
                c3 |= c2 & k1
                c2 ^= k1
            pick = empty & c1 & ~c0 & ~c2 & ~c3  # exactly two candidates
            if not pick:
                pick = empty & c1 & c0 & ~c2 & ~c3  # exactly three
                if not pick:
                    pick = empty
            low = pick & -pick
            i = low.bit_length() - 1
            options = [d for d in digits if cand[d] & low]
            if rng is not None:
                rng.shuffle(options)
            total, rest = 0, empty ^ low
            for d in options:
                c = [b & ~low for b in cand]
                c[d] &= ~peers[i]
                p = placed[:]
                p[d] |= low
                total += search(c, p, rest, need - total)
                if total >= need:
                    break
            return total

        return search(cand, placed, empty, limit)


# ---------------------------------------------------------------- text forms shared by the grid tasks

_GRID_CHARS = re.compile(r"[0-9\s,;|\[\]()+\-]*")
_DIGIT = re.compile(r"[0-9]")


def render(grid: list[int], n: int, box_rows: int = 0, box_cols: int = 0) -> str:
    """Rows of digits separated by spaces, '.' for an empty cell, boxes outlined with | and -."""
    lines = []
    for r in range(n):
        cells = []
        for c in range(n):
            if box_cols and c and c % box_cols == 0:
                cells.append("|")
            d = grid[r * n + c]
            cells.append(str(d) if d else ".")
        line = " ".join(cells)
        if box_rows and r and r % box_rows == 0:
            lines.append("".join("+" if ch == "|" else "-" for ch in line))
        lines.append(line)
    return "\n".join(lines)


def rows_text(grid: list[int], n: int, blank: str = ".") -> list[str]:
    """The grid as n strings of n characters, `blank` for an empty cell."""
    return ["".join(str(d) if d else blank for d in grid[r * n:(r + 1) * n]) for r in range(n)]


def parse_rows(rows: list[str]) -> list[int]:
    return [0 if ch == "." else int(ch) for row in rows for ch in row]


def read_grid(text: str, n: int) -> tuple[list[int] | None, str]:
    """The n*n digits of an answer grid in reading order, or (None, why it cannot be read).

    Rows may be separated by newlines, spaces, commas or semicolons and digits inside a row
    by nothing or spaces; brackets and box rules (| - +) are ignored.
    """
    if not _GRID_CHARS.fullmatch(text):
        return None, "Write the grid with digits only, one row per line."
    digits = [int(d) for d in _DIGIT.findall(text)]
    if len(digits) != n * n:
        return None, f"The grid must have {n} rows of {n} digits ({n * n} digits), not {len(digits)}."
    return digits, ""


def grid_problem(grid: list[int], givens: list[int], n: int, box_rows: int = 0, box_cols: int = 0) -> str | None:
    """Why a completed grid breaks the rules or a given, or None when it is a valid completion."""
    full = set(range(1, n + 1))
    for i, (d, g) in enumerate(zip(grid, givens)):
        if not 1 <= d <= n:
            return f"Row {i // n + 1} has the digit {d}, which is not in 1 to {n}."
        if g and d != g:
            return f"Row {i // n + 1}, column {i % n + 1} must keep its given digit {g}."
    for r in range(n):
        if set(grid[r * n:(r + 1) * n]) != full:
            return f"Row {r + 1} does not contain each digit 1 to {n} exactly once."
    for c in range(n):
        if set(grid[c::n]) != full:
            return f"Column {c + 1} does not contain each digit 1 to {n} exactly once."
    if box_rows:
        for br in range(0, n, box_rows):
            for bc in range(0, n, box_cols):
                box = {grid[(br + r) * n + bc + c] for r in range(box_rows) for c in range(box_cols)}
                if box != full:
                    return (f"The box at rows {br + 1}-{br + box_rows}, columns {bc + 1}-{bc + box_cols} "
                            f"does not contain each digit 1 to {n} exactly once.")
    return None


def format_example(n: int) -> str:
    """A format example for an n x n answer grid: rows of 1..n, deliberately not a valid solution."""
    return ",".join("".join(str(d) for d in range(1, n + 1)) for _ in range(n))
