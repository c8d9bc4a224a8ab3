"""Search a hidden matrix whose rows and columns are sorted: find the cell holding a target
value by reading cells, within the staircase search's worst case."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask

_QUERY = re.compile(r"^(?:query|read|look|probe)\s*:?\s*(?:cell\s*)?\(?\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*\)?$")
_ANSWER = re.compile(r"^(?:answer|found|target)\s*:?\s*(?:cell\s*)?\(?\s*(\d{1,3})\s*[, ]\s*(\d{1,3})\s*\)?$")


def staircase_next(rows: int, cols: int, target: int, seen: dict) -> str:
    """The staircase (saddleback) search's next action from the cells read so far (`seen` maps
    "r c" to the value, from 1): start at the top-right corner; a larger value rules out the
    rest of its column (step left), a smaller one the rest of its row (step down)."""
    r, c = 1, cols
    while True:
        value = seen.get(f"{r} {c}")
        if value is None:
            return f"query {r} {c}"
        if value == target:
            return f"answer {r} {c}"
        if value > target:
            c -= 1
        else:
            r += 1
        if r > rows or c < 1:  # never on the policy's line: the target is in the matrix
            return "answer 1 1"


@register
class SortedMatrixSearch(TurnBudgetTask):
    """Find the cell of a hidden rows x cols matrix of distinct numbers, increasing along every
    row (left to right) and every column (top to bottom), that holds a given target. Reading a
    cell costs a turn; the budget is rows + cols - 1 reads (the staircase search's worst case,
    which no search beats on a square matrix) plus a slack and the answer. Higher levels grow
    the matrix and cut the slack to nothing; the target lies in the farther half of the
    staircase's reach, and the matrix is a random order-respecting filling, so its rows and
    columns carry no arithmetic pattern to exploit."""

    name = "exploration/sorted_matrix_search"
    knobs = (
        Knob("rows", [3, 4, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 25, 28, 31, 35, 40], (1, 60),
             doc="rows of the matrix"),
        Knob("cols", [3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 25, 28, 31, 35, 40], (1, 60),
             doc="columns of the matrix"),
        Knob("slack", [4, 3, 3, 2, 2, 1, 1, 1, 0, 0] + [0] * 10, (0, 100), doc="reads allowed beyond rows + cols - 1"),
    )
    answer_format = "an action: query R C (read row R, column C) or answer R C (the target's cell)"
    example = "query 0 0"  # row 0 is off the matrix: invalid, so the example never wins
    tools = (
        Tool("query", "Read the value of one cell.", "query {row} {col}",
             (Param("row", "integer", "the row, 1 at the top"), Param("col", "integer", "the column, 1 at the left"))),
        Tool("answer", "Name the cell that holds the target; this ends the game.", "answer {row} {col}",
             (Param("row", "integer", "the row, 1 at the top"), Param("col", "integer", "the column, 1 at the left"))),
    )
    lowercase = True
    invalid_hint = "write query R C or answer R C, with R and C inside the matrix"

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        values = sorted(rng.sample(range(1, 10 * rows * cols + 1), rows * cols))
        # a random linear extension of the grid order: each next value goes to a random cell whose
        # upper and left neighbours are filled, so rows and columns increase
        grid = [[0] * cols for _ in range(rows)]
        filled_in_row = [0] * rows  # the filled cells of each row form a prefix
        for value in values:
            ready = [r for r in range(rows) if filled_in_row[r] < cols
                     and (r == 0 or filled_in_row[r - 1] > filled_in_row[r])]
            r = rng.choice(ready)
            grid[r][filled_in_row[r]] = value
            filled_in_row[r] += 1
        # the staircase reads one cell per step left or down from the top-right corner, so a target
        # d steps away costs d + 1 reads: draw it from the farther half of the matrix
        far = rows + cols - 2
        d = rng.randint((far + 1) // 2, far)
        tr = rng.choice([r for r in range(rows) if 0 <= d - r <= cols - 1])
        tc = cols - 1 - (d - tr)
        budget = rows + cols - 1 + params["slack"] + 1
        check = {"grid": grid, "target": grid[tr][tc], "budget": budget}
        question = (
            f"A hidden matrix of {rows} rows and {cols} columns holds distinct whole numbers that increase along "
            f"every row (left to right) and down every column (top to bottom). Find the cell that holds "
            f"{grid[tr][tc]}. Rows are numbered 1 to {rows} from the top, columns 1 to {cols} from the left. "
            f"Each turn, either read a cell ('query 2 3' shows the number in row 2, column 3) or name the cell "
            f"that holds {grid[tr][tc]} ('answer 2 3'), which ends the game: you win only if it is that cell.\n"
            f"You have {budget} turns; an invalid action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the reads, and the comparisons with the target each step makes
        return 2 * len(problem.answer.split("\n")) - 1

    def start(self, problem):
        return {"seen": {}}

    def act(self, problem, state, text):
        grid = problem.check["grid"]
        rows, cols = len(grid), len(grid[0])
        query, answer = _QUERY.match(text), _ANSWER.match(text)
        found = query or answer
        if not found:
            return f"Invalid action: {self.invalid_hint}.", None
        r, c = int(found.group(1)), int(found.group(2))
        if not (1 <= r <= rows and 1 <= c <= cols):
            return f"Invalid action: rows run from 1 to {rows} and columns from 1 to {cols}.", None
        if query:
            state["seen"][f"{r} {c}"] = grid[r - 1][c - 1]
            return f"Row {r}, column {c}: {grid[r - 1][c - 1]}.", None
        if grid[r - 1][c - 1] == problem.check["target"]:
            return f"Row {r}, column {c} holds {problem.check['target']}. You win.", WIN
        return f"Row {r}, column {c} holds {grid[r - 1][c - 1]}, not {problem.check['target']}. You lose.", LOSE

    def unsolved(self, problem, state):
        return "you did not find the target, so you lose."

    def plan(self, problem, state):
        grid = problem.check["grid"]
        return staircase_next(len(grid), len(grid[0]), problem.check["target"], state["seen"])
