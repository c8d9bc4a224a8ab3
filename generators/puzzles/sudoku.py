"""Sudoku with a unique solution: the answer grid is checked against the rules and the clues."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._latin import GridSolver, format_example, grid_problem, parse_rows, read_digit_grid, render, rows_text

BOXES = {"4x4": (4, 2, 2), "6x6": (6, 2, 3), "8x8": (8, 2, 4), "9x9": (9, 3, 3)}
# hidden singles in boxes pay for themselves only on near-minimal 9x9 grids (measured)
_SOLVERS = {size: GridSolver(*shape, hidden_singles="boxes" if shape[0] == 9 else "none")
            for size, shape in BOXES.items()}


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
    clues are removed). Grids are 4x4 (2x2 boxes) at levels 1-3, 6x6 (2x3 boxes) at 4-6 and 9x9
    at 7-10; within a size, higher levels give fewer clues, so more cells need chains of
    deduction instead of one glance. The verifier checks the rules and the clues, not string
    equality.

    Generation of 9x9 puzzles is slower than 1,000 problems/s, and why: every clue removal
    costs a full uniqueness search, and near-minimal 9x9 grids need real branching. Measured
    on one core (CPU time): about 1,700/s at level 5 (6x6), 420/s at level 7, and 100/s at
    level 10, where clues are removed until no further clue can go.
    """

    name = "puzzles/sudoku"
    cap_reason = ("cells hold one digit, so 9x9 is the largest grid, and level 10 already removes clues until no "
                  "further one can go (a minimal puzzle): there is no bigger or sparser sudoku to pose")
    knobs = (
        Knob("grid", ["4x4"] * 3 + ["6x6"] * 3 + ["9x9"] * 4, choices=tuple(BOXES),
             doc="grid size (boxes: 4x4 -> 2x2, 6x6 -> 2x3, 8x8 -> 2x4, 9x9 -> 3x3)"),
        Knob("clues", [10, 8, 6, 20, 16, 12, 36, 30, 26, 22], (0, 81),
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
        question = (f"Solve this {size} sudoku ('.' marks an empty cell). Fill every empty cell with a digit "
                    f"from 1 to {n} so that each row, each column and each {box_rows}x{box_cols} box "
                    f"(outlined; {box_rows} rows by {box_cols} columns) contains every digit from 1 to {n} "
                    f"exactly once. The given digits stay as they are; the puzzle has exactly one solution.\n\n"
                    f"{render(puzzle, n, box_rows, box_cols)}")
        return Draft(question, "\n".join(rows_text(solution, n)), {"grid": size, "givens": rows_text(puzzle, n)},
                     example=format_example(n))

    def grade(self, answer, problem):
        c = problem.check
        n, box_rows, box_cols = BOXES[c["grid"]]
        try:
            grid = read_digit_grid(answer, n)
        except ParseError as exc:
            return refused(exc)
        problem_text = grid_problem(grid, parse_rows(c["givens"]), n, box_rows, box_cols)
        return wrong(problem_text) if problem_text else right()
