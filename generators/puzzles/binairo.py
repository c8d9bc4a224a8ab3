"""Binairo (Takuzu): fill a grid with 0s and 1s under three line rules; exactly one solution."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_char_grid
from ._csp import LineSolver, OutOfBudget

NODE_BUDGET = 300
_LINES: dict[int, list[int]] = {}


def valid_lines(n: int) -> list[int]:
    """Every n-bit line (bit k = cell k) with n/2 ones and no three equal cells in a row."""
    if n not in _LINES:
        full = (1 << n) - 1
        out = []
        for p in range(1 << n):
            if p.bit_count() * 2 != n:
                continue
            q = full & ~p
            if p & (p >> 1) & (p >> 2) or q & (q >> 1) & (q >> 2):
                continue
            out.append(p)
        _LINES[n] = out
    return _LINES[n]


def count_completions(grid: list[int], n: int, limit: int = 2, budget: int = 0, out=None, rng=None) -> int:
    """Completions of a Binairo grid (n*n cells: 0, 1, or -1 for empty), counted up to `limit`,
    by the line solver with every valid line as a candidate and rows and columns distinct."""
    lines = valid_lines(n)
    return LineSolver(n, n).count([lines] * n, [lines] * n, limit, grid, True, budget, out, rng)


def make_binairo(rng, n: int, prune: float):
    """(solution, givens): a random valid grid (randomised search on the empty grid), all cells
    given, then each cell, in random order, is tried for removal with probability `prune`.
    Cells go in batches (halved whenever a batch would lose uniqueness) while the solver counts
    one completion; a single cell goes when the grid with the opposite digit there has no
    completion, which is exactly "the solution stays unique". Every cell left was necessary
    when it was tried, so at prune 1 no single given can be removed."""
    while True:
        try:
            found = []
            count_completions([-1] * (n * n), n, 1, 0, found, rng)
            solution = found[0]
            puzzle = list(solution)
            order = [i for i in _shuffled(rng, n * n) if rng.random() < prune]
            step, k = max(1, len(order) // 4), 0
            while k < len(order):  # blank cells in batches while that keeps the solution unique
                batch = order[k:k + step]
                if len(batch) == 1:
                    i = batch[0]
                    puzzle[i] = 1 - solution[i]
                    puzzle[i] = solution[i] if count_completions(puzzle, n, 1, NODE_BUDGET) else -1
                    k += 1
                    continue
                for i in batch:
                    puzzle[i] = -1
                if count_completions(puzzle, n, 2, NODE_BUDGET) == 1:
                    k += len(batch)
                else:
                    for i in batch:
                        puzzle[i] = solution[i]
                    step = max(1, step // 2)
            return solution, puzzle
        except OutOfBudget:
            continue


def _shuffled(rng, count: int) -> list[int]:
    order = list(range(count))
    rng.shuffle(order)
    return order


def rows_of(grid: list[int], n: int, blank: str = ".") -> list[str]:
    return ["".join(blank if v < 0 else str(v) for v in grid[r * n:(r + 1) * n]) for r in range(n)]


def line_problem(values: list[int], label: str) -> str | None:
    n = len(values)
    ones = sum(values)
    if ones * 2 != n:
        return f"{label} has {ones} ones and {n - ones} zeros; it needs {n // 2} of each."
    for k in range(n - 2):
        if values[k] == values[k + 1] == values[k + 2]:
            return f"{label} has three {values[k]}s in a row (positions {k + 1}-{k + 3})."
    return None


@register
class Binairo(Task):
    """Fill an n x n grid (n even) with 0s and 1s so that every row and column holds as many 0s
    as 1s, no row or column has three equal digits in a row, and no two rows and no two columns
    are identical; the given digits stay. Each puzzle has exactly one solution, proven by a
    line-candidate solver (each row and column keeps the valid lines that fit what is known, a
    line down to one candidate strikes it from the others, and the search branches on the line
    with the fewest candidates). Higher levels grow the grid and blank
    more cells (each only when the solution stays unique), so the count rule and the
    no-duplicate-lines rule, not just the no-three rule, must be used. The verifier checks the
    rules.

    Generation runs below 1,000 problems/s at the larger sizes, and why: each cell tried for
    blanking costs a solver call (about 100 on a 12x12 grid), each starting from over a thousand
    candidate lines per row and column. Measured as CPU time on one core (`python
    bench/generation.py --clock cpu`): about 4,000/s at level 1, 460/s at level 5 (8x8), 40/s at
    level 10 (12x12), about 15/s at level 14 (16x16) and 5/s at level 18 (18x18).
    """

    name = "puzzles/binairo"
    knobs = (
        Knob("size", [4, 6, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14, 14, 16, 16, 16, 18, 18], (4, 20),
             doc="side of the grid (even)"),
        Knob("prune", [0.6, 0.5, 0.8, 1.0, 0.8, 1.0, 0.8, 1.0, 0.9, 1.0, 0.8, 0.9, 1.0, 0.8, 0.9, 1.0, 0.8, 0.9],
             (0.0, 1.0),
             doc="chance that each cell is tried for blanking (kept when blanking it loses uniqueness)"),
    )
    cap_reason = ("grids are even-sided, and the next size, 20x20 (8,196 candidate lines per row and column "
                  "against 3,254 at 18x18), takes several seconds per problem")
    answer_format = "the completed grid, one row per line, each row as its digits 0 and 1"
    example = "0101\n0101\n0101\n0101"

    def build(self, rng, params):
        n = params["size"]
        if n % 2:
            raise ValueError(f"knob 'size': {n} is odd; the grid side must be even")
        solution, puzzle = make_binairo(rng, n, params["prune"])
        question = (f"Solve this {n}x{n} Binairo (Takuzu) puzzle ('.' marks an empty cell). Fill every empty cell "
                    f"with 0 or 1 so that:\n- each row and each column contains {n // 2} zeros and {n // 2} ones;\n"
                    f"- no row or column has three equal digits next to each other;\n"
                    f"- no two rows are identical, and no two columns are identical.\n"
                    f"The given digits stay as they are. The puzzle has exactly one solution.\n\n"
                    + "\n".join(" ".join(row) for row in rows_of(puzzle, n)))
        return Draft(question, "\n".join(rows_of(solution, n)), {"size": n, "givens": rows_of(puzzle, n)},
                     example="\n".join(("01" * n)[:n] for _ in range(n)))

    def effort(self, problem):
        # the cells to deduce: every empty cell of the grid
        return sum(row.count(".") for row in problem.check["givens"])

    def grade(self, answer, problem):
        c = problem.check
        n = c["size"]
        try:
            rows = read_char_grid(answer, n, n, "01", "0 and 1")
        except ParseError as exc:
            return refused(exc)
        grid = [[int(ch) for ch in row] for row in rows]
        for r, row in enumerate(c["givens"]):
            for col, ch in enumerate(row):
                if ch != "." and int(ch) != grid[r][col]:
                    return wrong(f"Row {r + 1}, column {col + 1} must keep its given digit {ch}.")
        for r in range(n):
            why = line_problem(grid[r], f"Row {r + 1}")
            if why:
                return wrong(why)
        for col in range(n):
            why = line_problem([grid[r][col] for r in range(n)], f"Column {col + 1}")
            if why:
                return wrong(why)
        for a in range(n):
            for b in range(a + 1, n):
                if grid[a] == grid[b]:
                    return wrong(f"Rows {a + 1} and {b + 1} are identical.")
                if all(grid[r][a] == grid[r][b] for r in range(n)):
                    return wrong(f"Columns {a + 1} and {b + 1} are identical.")
        return right()
