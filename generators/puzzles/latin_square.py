"""Latin square completion: any completion that keeps the givens is correct."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._latin import GridSolver, format_example, grid_problem, parse_rows, read_digit_grid, render, rows_text

_SOLVERS = {n: GridSolver(n, hidden_singles="all") for n in range(1, 10)}


@register
class LatinSquare(Task):
    """Complete a partially filled n x n Latin square: every row and every column must hold each
    digit 1..n exactly once, and the given digits stay. The partial square is cut from a random
    full Latin square, so it is always completable; the reference completion is found by a
    backtracking solver and may differ from the hidden square, and any valid completion passes.
    Higher levels grow the square and blank more cells, so a careless fill runs into dead ends
    and has to backtrack; levels 11-15 blank more of a 9x9 square (more cells to fill)."""

    name = "puzzles/latin_square"
    knobs = (
        Knob("size", [3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 9, 9, 9, 9, 9], (1, 9), doc="side of the square (digits 1..size)"),
        Knob("blank_fraction", [0.3, 0.35, 0.5, 0.45, 0.55, 0.5, 0.6, 0.6, 0.65, 0.7, 0.72, 0.74, 0.76, 0.78, 0.8],
             (0.0, 1.0), doc="share of the cells left empty"),
    )
    cap_reason = ("each cell is written as one digit, so 9x9 (level 10) is the largest square; past about 80% "
                  "blanks a completion gets easier, not harder, since fewer givens leave more freedom")
    answer_format = ("the completed square, one row per line, each row as its digits "
                     "(rows may also be separated by spaces or commas)")
    example = "123,231,312"

    def build(self, rng, params):
        n = params["size"]
        solver = _SOLVERS[n]
        square = solver.solve([0] * (n * n), rng)  # a random full Latin square
        blanks = round(params["blank_fraction"] * n * n)
        puzzle = list(square)
        for i in rng.sample(range(n * n), blanks):
            puzzle[i] = 0
        completion = solver.solve(puzzle)
        question = (f"Complete this {n}x{n} Latin square ('.' marks an empty cell). Fill every empty cell "
                    f"with a digit from 1 to {n} so that each row and each column contains every digit from "
                    f"1 to {n} exactly once. The given digits stay as they are. If several completions "
                    f"exist, any one of them is accepted.\n\n{render(puzzle, n)}")
        return Draft(question, "\n".join(rows_text(completion, n)), {"size": n, "givens": rows_text(puzzle, n)},
                     example=format_example(n))

    def effort(self, problem):
        # the cells to deduce: every empty cell of the square gets a digit
        return sum(row.count(".") for row in problem.check["givens"])

    def grade(self, answer, problem):
        c = problem.check
        n = c["size"]
        try:
            grid = read_digit_grid(answer, n)
        except ParseError as exc:
            return refused(exc)
        problem_text = grid_problem(grid, parse_rows(c["givens"]), n)
        return wrong(problem_text) if problem_text else right()
