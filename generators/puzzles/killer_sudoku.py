"""Killer sudoku: sudoku without givens, whose cages show only the sum of their digits."""
from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._csp import OutOfBudget, TableSolver, cage_codes
from ._latin import digit_rows, latin_problem, read_digit_grid, repeat_problem
from ._regions import components, neighbours, random_cages, rc_name, region_labels

BOXES = {"4x4": (4, 2, 2), "6x6": (6, 2, 3), "9x9": (9, 3, 3)}
NODE_BUDGET = 300  # search nodes per uniqueness check before a fresh draw
MAX_REPAIRS = 80
_SOLVERS: dict[str, TableSolver] = {}


def box_cells(n: int, box_rows: int, box_cols: int) -> list[list[int]]:
    return [[(r0 + r) * n + c0 + c for r in range(box_rows) for c in range(box_cols)]
            for r0 in range(0, n, box_rows) for c0 in range(0, n, box_cols)]


def solver_for(size: str) -> TableSolver:
    if size not in _SOLVERS:
        n, br, bc = BOXES[size]
        units = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
        _SOLVERS[size] = TableSolver(n * n, n, units + box_cells(n, br, bc))
    return _SOLVERS[size]


def random_sudoku(n: int, box_rows: int, box_cols: int, rng) -> list[int]:
    """A random full sudoku grid: a random Latin square fill constrained by boxes too."""
    return solver_for(f"{n}x{n}").solve([(1 << n) - 1] * (n * n), (), rng)


def make_killer(rng, size: str, max_cage: int):
    """(solution, cages), cages as [sum, cells], proven unique by the table solver.

    Cages grow at random over a random sudoku, never repeating a digit. While the solver finds
    a second solution, a cell where the two differ is moved into a neighbouring cage when that
    rules the second solution out, or else split off into a cage of its own."""
    while True:
        try:
            return _attempt(rng, size, max_cage)
        except OutOfBudget:
            continue


def _attempt(rng, size, max_cage):
    n, br, bc = BOXES[size]
    solver = solver_for(size)
    solution = random_sudoku(n, br, bc, rng)
    sizes = list(range(2, max_cage + 1)) + [max_cage]
    fits = lambda cage, cell: all(solution[c] != solution[cell] for c in cage)  # noqa: E731
    cages = random_cages(rng, n, n, sizes, fits)
    domains = [(1 << n) - 1] * (n * n)
    for _ in range(MAX_REPAIRS):
        tables = [(cells, cage_codes(n, len(cells), "distinct+", sum(solution[c] for c in cells))) for cells in cages]
        found = solver.solutions(domains, tables, 2, budget=NODE_BUDGET)
        if len(found) == 1:
            return solution, [[sum(solution[c] for c in cells), cells] for cells in cages]
        other = found[0] if found[0] != solution else found[1]
        diff = [i for i in range(n * n) if other[i] != solution[i]]
        owner = {c: k for k, cells in enumerate(cages) for c in cells}

        def breaks(cells):
            mine = [solution[c] for c in cells]
            theirs = [other[c] for c in cells]
            return sum(mine) != sum(theirs) or len(set(theirs)) < len(theirs)

        moves = []
        for x in diff:
            home = owner[x]
            rest = [c for c in cages[home] if c != x]
            if not rest or len(components(rest, n, n)) > 1:
                continue
            for nb in neighbours(x, n, n):
                k = owner[nb]
                if k == home or len(cages[k]) >= max_cage or not fits(cages[k], x):
                    continue
                if breaks(rest) or breaks(cages[k] + [x]):
                    moves.append((x, k))
        if moves:
            x, k = moves[rng.randrange(len(moves))]
            home = owner[x]
            cages[home] = [c for c in cages[home] if c != x]
            cages[k] = sorted(cages[k] + [x])
        else:
            x = diff[rng.randrange(len(diff))]
            cells = cages.pop(owner[x])
            cages += [[x]] + components([c for c in cells if c != x], n, n)
        cages.sort()
    raise OutOfBudget  # too many repairs: draw again


@lru_cache(maxsize=None)
def digit_splits(n: int, size: int, total: int) -> int:
    """How many sets of `size` distinct digits from 1..n add up to `total`."""
    return sum(1 for combo in combinations(range(1, n + 1), size) if sum(combo) == total)


def render_cages(labels_grid: list[str], n: int, box_rows: int, box_cols: int) -> str:
    lines = []
    for r, row in enumerate(labels_grid):
        cells = []
        for c, ch in enumerate(row):
            if c and c % box_cols == 0:
                cells.append("|")
            cells.append(ch)
        line = " ".join(cells)
        if r and r % box_rows == 0:
            lines.append("".join("+" if ch == "|" else "-" for ch in line))
        lines.append(line)
    return "\n".join(lines)


@register
class KillerSudoku(Task):
    """Solve a killer sudoku: no digits are given; the grid is divided into cages, each showing
    the sum of its digits, and besides the sudoku rules (each row, column and box holds every
    digit once) no digit repeats inside a cage. Each puzzle has exactly one solution, proven by
    a bitmask table solver (rows, columns and boxes all-different; each cage a table of the
    distinct-digit tuples with its sum) counting solutions up to two. Grids are 4x4 (2x2 boxes)
    at levels 1-3, 6x6 (2x3 boxes) at 4-8 and 9x9 at 9-10; larger cages give sums with many
    splits, so cages, boxes and lines must be combined (innies and outies) rather than read off.
    The verifier checks the rules.

    Generation runs below 1,000 problems/s on 9x9 grids, and why: each repair of a cage layout costs
    a solver call on 81 cells. Measured as CPU time on one core (`python bench/generation.py --clock
    cpu`): about 1,700/s at level 1, 1,100/s at level 5 (6x6) and 60/s at level 10 (9x9).
    """

    name = "puzzles/killer_sudoku"
    knobs = (
        Knob("grid", ["4x4"] * 3 + ["6x6"] * 5 + ["9x9"] * 2, choices=tuple(BOXES),
             doc="grid size (boxes: 4x4 -> 2x2, 6x6 -> 2x3, 9x9 -> 3x3)"),
        Knob("max_cage", [2, 3, 4, 2, 3, 3, 4, 5, 3, 4], (1, 9), doc="largest cage drawn"),
    )
    cap_reason = ("9x9 (levels 9-10) is the largest grid written one digit per cell, and larger cages do not "
                  "make it harder: the uniqueness repairs split them back (about 132 bits of cage uncertainty "
                  "at largest cages of 5 to 8 cells against 124 at level 10) while generation falls from 40 "
                  "problems/s to under 9/s at 5 cells and 1/s at 8")
    answer_format = "the completed grid, one row per line, each row as its digits"
    example = "1234\n1234\n1234\n1234"

    def build(self, rng, params):
        size = params["grid"]
        n, br, bc = BOXES[size]
        while True:
            solution, cages = make_killer(rng, size, params["max_cage"])
            if len(cages) <= 52:
                break
        labels = region_labels(len(cages))
        grid = ["?"] * (n * n)
        for k, (_, cells) in enumerate(cages):
            for c in cells:
                grid[c] = labels[k]
        label_rows = ["".join(grid[r * n:(r + 1) * n]) for r in range(n)]
        sums = "\n".join(f"{labels[k]}: sum {total} ({len(cells)} cell{'s' if len(cells) > 1 else ''})"
                         for k, (total, cells) in enumerate(cages))
        question = (f"Solve this {size} killer sudoku. Fill every cell with a digit from 1 to {n} so that each "
                    f"row, each column and each {br}x{bc} box ({br} rows by {bc} columns, outlined) contains every "
                    f"digit from 1 to {n} exactly once. The grid is divided into cages, shown by letters (cells "
                    f"with the same letter form one cage): the digits of a cage add up to its sum, and no digit "
                    f"repeats inside a cage. No digits are given. The puzzle has exactly one solution.\n\n"
                    f"Cage map:\n{render_cages(label_rows, n, br, bc)}\n\nCage sums:\n{sums}")
        check = {"grid": size, "cages": [[labels[k], total, cells] for k, (total, cells) in enumerate(cages)]}
        return Draft(question, "\n".join(digit_rows(solution, n)), check,
                     example="\n".join("".join(str(d) for d in range(1, n + 1)) for _ in range(n)))

    def effort(self, problem):
        # the uncertainty the cage sums leave, in bits: for each cage, the fillings of its cells
        # with distinct digits that reach its sum (each set of digits in every order), which the
        # rows, columns, boxes and other cages must narrow to one
        c = problem.check
        n = BOXES[c["grid"]][0]
        return sum(math.log2(digit_splits(n, len(cells), total) * math.factorial(len(cells)))
                   for _, total, cells in c["cages"])

    def grade(self, answer, problem):
        c = problem.check
        n, br, bc = BOXES[c["grid"]]
        try:
            grid = read_digit_grid(answer, n)
        except ParseError as exc:
            return refused(exc)
        why = latin_problem(grid, n)
        if why:
            return wrong(why)
        for cells in box_cells(n, br, bc):
            r, col = divmod(cells[0], n)
            why = repeat_problem([grid[i] for i in cells], f"The box at rows {r + 1}-{r + br}, columns {col + 1}-{col + bc}")
            if why:
                return wrong(why)
        for label, total, cells in c["cages"]:
            values = [grid[i] for i in cells]
            where = ", ".join(rc_name(i, n) for i in cells)
            why = repeat_problem(values, f"Cage {label} ({where})")
            if why:
                return wrong(why)
            if sum(values) != total:
                return wrong(f"Cage {label} ({where}) sums to {sum(values)}, not {total}.")
        return right()
