"""Sudoku with a unique solution: the answer grid is checked against the rules and the clues."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._latin import GridSolver, format_example, grid_problem, parse_rows, read_digit_grid, render, rows_text

BOXES = {"4x4": (4, 2, 2), "6x6": (6, 2, 3), "8x8": (8, 2, 4), "9x9": (9, 3, 3), "12x12": (12, 3, 4)}
# hidden singles in boxes pay for themselves only on near-minimal 9x9 grids, in every unit on
# 12x12 grids (measured)
_HIDDEN_SINGLES = {9: "boxes", 12: "all"}
_SOLVERS = {size: GridSolver(*shape, hidden_singles=_HIDDEN_SINGLES.get(shape[0], "none"))
            for size, shape in BOXES.items()}

# A 12x12 grid writes 10, 11 and 12 as the letters A, B and C, so every cell is one character
# (grids up to 9x9 use the shared digit-grid forms unchanged)
SYMBOLS = "123456789ABC"
_SYMBOL_LINE = re.compile(r"[0-9A-Ca-c\s,;|\[\]()]*")  # as a digit-grid line, letters A-C included
_RULE_LINE = re.compile(r"[\s|+\-=_\[\]()]*")
_SYMBOL = re.compile(r"[0-9A-Ca-c]")


def symbol_rows(grid: list[int], n: int) -> list[str]:
    """The grid as n strings of n symbols, '.' for an empty cell."""
    if n <= 9:
        return rows_text(grid, n)
    return ["".join(SYMBOLS[d - 1] if d else "." for d in grid[r * n:(r + 1) * n]) for r in range(n)]


def parse_symbol_rows(rows: list[str]) -> list[int]:
    return [0 if ch == "." else SYMBOLS.index(ch) + 1 for row in rows for ch in row]


def render_grid(grid: list[int], n: int, box_rows: int, box_cols: int) -> str:
    """The puzzle as shown: the shared digit rendering, with A, B, C on a 12x12 grid."""
    if n <= 9:
        return render(grid, n, box_rows, box_cols)
    lines = []
    for r in range(n):
        cells = []
        for c in range(n):
            if c and c % box_cols == 0:
                cells.append("|")
            d = grid[r * n + c]
            cells.append(SYMBOLS[d - 1] if d else ".")
        line = " ".join(cells)
        if r and r % box_rows == 0:
            lines.append("".join("+" if ch == "|" else "-" for ch in line))
        lines.append(line)
    return "\n".join(lines)


def read_symbol_grid(text: str, n: int) -> list[int]:
    """The cells of an answer grid: `read_digit_grid`'s forms, with the letters A-C (either
    case) for 10-12 on a 12x12 grid. A 0 reads as a value outside 1..n, which the rules refuse."""
    if n <= 9:
        return read_digit_grid(text, n)
    rows = []
    for line in (line for line in text.split("\n") if line.strip()):
        if _SYMBOL_LINE.fullmatch(line) and _SYMBOL.search(line):
            rows.append(_SYMBOL.findall(line))
        elif not _RULE_LINE.fullmatch(line):
            raise NotAnAnswer("write the grid with the digits 1-9 and the letters A-C only, one row per line")
    cells = [SYMBOLS.index(ch.upper()) + 1 if ch != "0" else 0 for row in rows for ch in row]
    if len(cells) != n * n:
        raise NotAnAnswer(f"the grid must have {n} rows of {n} symbols ({n * n} in all), not {len(cells)}")
    if len(rows) > 1:
        for r, row in enumerate(rows):
            if len(row) != n:
                raise NotAnAnswer(f"row {r + 1} has {len(row)} symbols, not {n}; write one row per line")
    return cells


def make_puzzle(rng, size: str, clues: int) -> tuple[list[int], list[int]]:
    """(puzzle, solution): a random full grid with clues removed while the solution stays unique.

    Cells are tried in random order; a clue is removed only when the solver still counts exactly
    one completion. It stops at `clues` givens, or earlier (with more givens) when no clue can
    be removed without a second solution appearing.
    """
    n = BOXES[size][0]
    solver = _SOLVERS[size]
    puzzle = solver.solve([0] * (n * n), rng)
    order = list(range(n * n))
    rng.shuffle(order)
    given = n * n
    for i in order:
        if given <= clues:
            break
        digit, puzzle[i] = puzzle[i], 0
        if solver.count(puzzle, limit=2) == 1:
            given -= 1
        else:
            puzzle[i] = digit
    solution = solver.solve(puzzle)
    return puzzle, solution


@register
class Sudoku(Task):
    """Complete a sudoku: every row, column and box holds each digit once, and the puzzle has
    exactly one solution (checked by a bitmask solver that counts completions up to two while
    clues are removed). Grids are 4x4 (2x2 boxes) at levels 1-3, 6x6 (2x3 boxes) at 4-6, 9x9
    at 7-10 and 12x12 (3x4 boxes, values A-C for 10-12) at 11-20; within a size, higher levels
    give fewer clues, so more cells need chains of deduction instead of one glance. The verifier checks the rules and the clues, not string
    equality.

    Generation of 9x9 puzzles is slower than 1,000 problems/s, and why: every clue removal
    costs a full uniqueness search, and near-minimal 9x9 grids need real branching. Measured
    on one core (CPU time): about 1,700/s at level 5 (6x6), 420/s at level 7, and 100/s at
    level 10, where clues are removed until no further clue can go. 12x12 grids cost more per
    removal, and a removal near the minimum needs real search: about 50/s at level 15 and
    10-20/s at level 20 (54 clues; minimal 12x12 grids keep about 48).
    """

    name = "puzzles/sudoku"
    knobs = (
        Knob("grid", ["4x4"] * 3 + ["6x6"] * 3 + ["9x9"] * 4 + ["12x12"] * 10, choices=tuple(BOXES),
             doc="grid size (boxes: 4x4 -> 2x2, 6x6 -> 2x3, 8x8 -> 2x4, 9x9 -> 3x3, 12x12 -> 3x4)"),
        Knob("clues", [10, 8, 6, 20, 16, 12, 36, 30, 26, 22, 84, 80, 76, 72, 68, 64, 61, 58, 56, 54], (0, 144),
             doc="target number of givens (more remain when no further clue can go without losing uniqueness)"),
    )
    answer_format = ("the completed grid, one row per line, each row as its digits "
                     "(rows may also be separated by spaces or commas)")
    example = "1234,3412,2143,4321"

    def effort(self, problem):
        # blank cells to fill
        return sum(row.count(".") for row in problem.check["givens"])

    def build(self, rng, params):
        size = params["grid"]
        n, box_rows, box_cols = BOXES[size]
        if params["clues"] > n * n:
            raise ValueError(f"knob 'clues': {params['clues']} is more than the {n * n} cells of a {size} grid")
        puzzle, solution = make_puzzle(rng, size, params["clues"])
        if n <= 9:
            question = (f"Solve this {size} sudoku ('.' marks an empty cell). Fill every empty cell with a digit "
                        f"from 1 to {n} so that each row, each column and each {box_rows}x{box_cols} box "
                        f"(outlined; {box_rows} rows by {box_cols} columns) contains every digit from 1 to {n} "
                        f"exactly once. The given digits stay as they are; the puzzle has exactly one solution.\n\n"
                        f"{render(puzzle, n, box_rows, box_cols)}")
            example = format_example(n)
        else:
            question = (f"Solve this {size} sudoku ('.' marks an empty cell). The values are 1 to {n}, with 10, "
                        f"11 and 12 written as the letters A, B and C so that every cell is one character. Fill "
                        f"every empty cell with a value so that each row, each column and each "
                        f"{box_rows}x{box_cols} box (outlined; {box_rows} rows by {box_cols} columns) contains "
                        f"every value from 1 to {n} exactly once. The given values stay as they are; the puzzle "
                        f"has exactly one solution. Write the grid with the same characters (A, B, C for 10, 11, "
                        f"12).\n\n{render_grid(puzzle, n, box_rows, box_cols)}")
            example = ",".join(SYMBOLS[:n] for _ in range(n))  # every row the same: never a solution
        return Draft(question, "\n".join(symbol_rows(solution, n)), {"grid": size, "givens": symbol_rows(puzzle, n)},
                     example=example)

    def grade(self, answer, problem):
        c = problem.check
        n, box_rows, box_cols = BOXES[c["grid"]]
        try:
            grid = read_symbol_grid(answer, n)
        except ParseError as exc:
            return refused(exc)
        problem_text = grid_problem(grid, parse_symbol_rows(c["givens"]), n, box_rows, box_cols)
        return wrong(problem_text) if problem_text else right()
