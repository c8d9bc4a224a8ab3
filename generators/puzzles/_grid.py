"""A bitmask backtracking solver for Latin-square-type grids (Latin squares and sudoku).

A grid is a flat list of n*n digits, 0 for an empty cell. Every row and column must hold
1..n once; with boxes (box_rows x box_cols), every box too. The search fills the empty cell
with the fewest candidates first (MRV), tracking used digits per row, column and box as
bitmasks, so naked singles cost one step and dead ends are found as soon as a cell has no
candidate left.

    solver = GridSolver(9, 3, 3)
    solver.count(puzzle, limit=2)        # 0, 1 or 2 (2 means "at least two")
    solver.solve(puzzle)                 # a completed grid, or None
    solver.solve([0] * 81, rng)          # a random full grid (candidate order drawn from rng)
"""
from __future__ import annotations

import re


class GridSolver:
    def __init__(self, n: int, box_rows: int = 0, box_cols: int = 0):
        if box_rows and box_rows * box_cols != n:
            raise ValueError(f"boxes {box_rows}x{box_cols} do not tile a {n}x{n} grid")
        self.n = n
        self.full = (1 << (n + 1)) - 2  # bits 1..n
        self.row = [i // n for i in range(n * n)]
        self.col = [i % n for i in range(n * n)]
        if box_rows:
            per_row = n // box_cols
            self.box = [(r // box_rows) * per_row + c // box_cols for r, c in zip(self.row, self.col)]
        else:
            self.box = list(range(n * n))  # a box per cell: no constraint beyond rows and columns
        self.n_boxes = max(self.box) + 1

    def _masks(self, grid: list[int]):
        """Used-digit masks per row, column and box, or None if a given already clashes."""
        n = self.n
        rows, cols, boxes = [0] * n, [0] * n, [0] * self.n_boxes
        for i, d in enumerate(grid):
            if d:
                bit = 1 << d
                r, c, b = self.row[i], self.col[i], self.box[i]
                if rows[r] & bit or cols[c] & bit or boxes[b] & bit:
                    return None
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
        return rows, cols, boxes

    def count(self, grid: list[int], limit: int = 2) -> int:
        """How many completions the grid has, counting no further than `limit`."""
        found = self._run(list(grid), limit, None, None)
        return found[0]

    def solve(self, grid: list[int], rng=None) -> list[int] | None:
        """One completion (the first found; in random candidate order when `rng` is given)."""
        found = self._run(list(grid), 1, rng, [])
        return found[1][0] if found[0] else None

    def _run(self, grid, limit, rng, out):
        if len(grid) != self.n * self.n or any(not 0 <= d <= self.n for d in grid):
            return 0, out
        masks = self._masks(grid)
        if masks is None:
            return 0, out
        rows, cols, boxes = masks
        empties = [i for i, d in enumerate(grid) if d == 0]
        R, C, B, full = self.row, self.col, self.box, self.full

        def search() -> int:
            best_k, best_m, best_c = -1, 0, 99
            for k, i in enumerate(empties):
                m = full & ~(rows[R[i]] | cols[C[i]] | boxes[B[i]])
                if not m:
                    return 0
                c = m.bit_count()
                if c < best_c:
                    best_k, best_m, best_c = k, m, c
                    if c == 1:
                        break
            if best_k < 0:
                if out is not None:
                    out.append(list(grid))
                return 1
            i = empties[best_k]
            last = empties.pop()
            if best_k < len(empties):
                empties[best_k] = last
            r, c, b = R[i], C[i], B[i]
            bits = []
            m = best_m
            while m:
                bit = m & -m
                bits.append(bit)
                m ^= bit
            if rng is not None and len(bits) > 1:
                rng.shuffle(bits)
            total = 0
            for bit in bits:
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
                grid[i] = bit.bit_length() - 1
                total += search()
                rows[r] ^= bit
                cols[c] ^= bit
                boxes[b] ^= bit
                if total >= limit:
                    break
            grid[i] = 0
            if best_k < len(empties):
                empties.append(empties[best_k])
                empties[best_k] = i
            else:
                empties.append(i)
            return total

        return search(), out


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
