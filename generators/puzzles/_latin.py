"""Latin squares and sudoku: a bitboard backtracking solver, the rule checks and the strict
reader of digit-grid answers shared by every Latin-square puzzle (Latin square, sudoku,
Futoshiki, KenKen, killer sudoku, Skyscrapers).

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
    read_digit_grid("123\n231\n312", 3)  # [1, 2, 3, 2, 3, 1, 3, 1, 2]
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer

from ._csp import TableSolver


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


# ---------------------------------------------------------------- text forms and rules

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


_LATIN_SOLVERS: dict[int, TableSolver] = {}


def latin_units(n: int) -> list[list[int]]:
    return [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]


def latin_solver(n: int) -> TableSolver:
    """The (cached) solver for an n x n Latin square with extra table constraints."""
    if n not in _LATIN_SOLVERS:
        _LATIN_SOLVERS[n] = TableSolver(n * n, n, latin_units(n))
    return _LATIN_SOLVERS[n]


def random_latin(n: int, rng) -> list[int]:
    """A random n x n Latin square (flat, values 1..n), from a randomised backtracking fill."""
    return GridSolver(n).solve([0] * (n * n), rng)


_ORDINAL = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}


def repeat_problem(values, label: str) -> str | None:
    """'Row 3 has two 5s.' for the first value repeated in a line, or None."""
    seen: dict[int, int] = {}
    for v in values:
        seen[v] = seen.get(v, 0) + 1
    for v in values:
        if seen[v] > 1:
            return f"{label} has {_ORDINAL.get(seen[v], seen[v])} {v}s."
    return None


def latin_problem(grid: list[int], n: int, givens=None) -> str | None:
    """Why a flat n x n grid is not a Latin square of 1..n keeping its givens, or None."""
    for i, d in enumerate(grid):
        if not 1 <= d <= n:
            return f"Row {i // n + 1}, column {i % n + 1} holds {d}, which is not a digit from 1 to {n}."
        if givens and givens[i] and givens[i] != d:
            return f"Row {i // n + 1}, column {i % n + 1} must keep its given digit {givens[i]}."
    for r in range(n):
        why = repeat_problem(grid[r * n:(r + 1) * n], f"Row {r + 1}")
        if why:
            return why
    for c in range(n):
        why = repeat_problem(grid[c::n], f"Column {c + 1}")
        if why:
            return why
    return None


def digit_rows(grid: list[int], cols: int) -> list[str]:
    return ["".join(str(v) if v else "." for v in grid[r * cols:(r + 1) * cols]) for r in range(len(grid) // cols)]


# ---------------------------------------------------------------- reading a digit-grid answer

_CELL_LINE = re.compile(r"[0-9\s,;|\[\]()]*")  # a line of digits: spaces, commas, | and brackets may separate them
_RULE_LINE = re.compile(r"[\s|+\-=_\[\]()]*")  # a box rule copied from the puzzle (---+---), or a bracket
_DIGIT = re.compile(r"[0-9]")


def read_digit_grid(text: str, n: int) -> list[int]:
    """The n*n digits of a square answer grid in reading order; NotAnAnswer says why not.

    One row per line, digits written together or separated by spaces, commas or | (box edges);
    brackets are ignored, and lines holding only a box rule (---+---) are skipped. A one-line
    answer may separate its rows any way ("123,231,312", "123 231 312"). Anything else (a
    word, a sign, a second grid) is refused: every line must be digits or a rule, and there
    must be exactly n*n digits, n on each line when the grid spans several lines.
    """
    lines = [line for line in text.split("\n") if line.strip()]
    rows = []
    for line in lines:
        if _CELL_LINE.fullmatch(line) and _DIGIT.search(line):
            rows.append(_DIGIT.findall(line))
        elif not _RULE_LINE.fullmatch(line):
            raise NotAnAnswer("write the grid with digits only, one row per line")
    digits = [int(d) for row in rows for d in row]
    if len(digits) != n * n:
        raise NotAnAnswer(f"the grid must have {n} rows of {n} digits ({n * n} digits), not {len(digits)}")
    if len(rows) > 1:
        for r, row in enumerate(rows):
            if len(row) != n:
                raise NotAnAnswer(f"row {r + 1} has {len(row)} digits, not {n}; write one row per line")
    return digits
