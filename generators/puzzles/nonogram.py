"""Nonograms: paint the cells whose row and column run lengths are given; exactly one solution."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_char_grid
from ._csp import LineSolver, OutOfBudget, placements, runs

NODE_BUDGET = 400
MAX_REPAIRS = 30


def clues_of(image: list[int], rows: int, cols: int) -> tuple[list[tuple], list[tuple]]:
    row_clues = [tuple(runs(image[r * cols:(r + 1) * cols])) for r in range(rows)]
    col_clues = [tuple(runs(image[c::cols])) for c in range(cols)]
    return row_clues, col_clues


def solutions(row_clues, col_clues, limit: int = 2, budget: int = 0) -> list[list[int]]:
    """Up to `limit` paintings meeting the clues, from the line solver (each line's candidates
    are every placement of its runs)."""
    rows, cols = len(row_clues), len(col_clues)
    out: list[list[int]] = []
    LineSolver(rows, cols).count([placements(c, cols) for c in row_clues], [placements(c, rows) for c in col_clues],
                                 limit, None, False, budget, out)
    return out


def make_nonogram(rng, rows: int, cols: int, density: float):
    """(image, row clues, column clues), proven unique by the line solver. A random image with
    the given share of black cells; while its clues allow a second painting, a cell where the
    two differ is flipped in the image (which changes its row's and column's clues), up to
    MAX_REPAIRS times before a fresh image."""
    while True:
        image = [1 if rng.random() < density else 0 for _ in range(rows * cols)]
        try:
            for _ in range(MAX_REPAIRS):
                row_clues, col_clues = clues_of(image, rows, cols)
                found = solutions(row_clues, col_clues, 2, NODE_BUDGET)
                if len(found) == 1:
                    return image, row_clues, col_clues
                other = found[0] if found[0] != image else found[1]
                diff = [i for i in range(rows * cols) if other[i] != image[i]]
                i = diff[rng.randrange(len(diff))]
                image[i] = 1 - image[i]
        except OutOfBudget:
            continue


def clue_text(clue) -> str:
    return " ".join(map(str, clue)) if clue else "0"


def picture(image: list[int], rows: int, cols: int) -> list[str]:
    return ["".join("#" if v else "." for v in image[r * cols:(r + 1) * cols]) for r in range(rows)]


def example_grids(rows: int, cols: int) -> list[list[str]]:
    """Five different patterns of a rows x cols grid, to show the answer format: stripes both
    ways, bands and both checkerboards (at most one of them solves a given puzzle)."""
    odd, even = ("#." * cols)[:cols], (".#" * cols)[:cols]
    return [[odd] * rows, [even] * rows, ["#" * cols if r % 2 == 0 else "." * cols for r in range(rows)],
            [odd if r % 2 == 0 else even for r in range(rows)], [even if r % 2 == 0 else odd for r in range(rows)]]


def clue_problem(grid: list[str], c: dict) -> str | None:
    """Why a painted grid (rows of # and .) does not meet the clues of the check `c`, or None."""
    rows, cols = c["rows"], c["cols"]
    cells = [1 if ch == "#" else 0 for row in grid for ch in row]
    got_rows, got_cols = clues_of(cells, rows, cols)
    for r, (got, want) in enumerate(zip(got_rows, c["row_clues"])):
        if list(got) != want:
            return f"Row {r + 1} has runs {clue_text(got)}, but its clue is {clue_text(want)}."
    for col, (got, want) in enumerate(zip(got_cols, c["col_clues"])):
        if list(got) != want:
            return f"Column {col + 1} has runs {clue_text(got)}, but its clue is {clue_text(want)}."
    return None


@register
class Nonogram(Task):
    """Paint a nonogram: each row and column clue lists, in order, the lengths of its runs of
    consecutive painted cells (0 for none), and runs are separated by at least one blank cell.
    Each puzzle has exactly one solution, proven by a line solver (every line keeps the
    placements of its runs that fit the known cells; the search branches on the line with the
    fewest placements) that counts solutions up to two; an ambiguous random image is repaired
    by flipping a cell where two solutions differ. Higher levels grow the grid and lower the
    share of painted cells, so the clues pin fewer cells at once and lines must be combined
    over more rounds. The verifier checks the clues, not the picture.

    Generation runs below 1,000 problems/s at the largest sizes, and why: each repair costs a solver
    call. Measured as CPU time on one core (`python bench/generation.py --clock cpu`): about
    13,000/s at level 1, 5,900/s at level 5 (8x8), 340/s at level 10 (15x15) and about 20/s at level 20
    (20x20). Past level 10 the grid grows at half density: sparser images of that size are seldom unique
    and take seconds to repair.
    """

    name = "puzzles/nonogram"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 8, 8, 10, 10, 12, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20], (2, 30),
             doc="rows of the grid"),
        Knob("cols", [4, 5, 6, 6, 8, 10, 10, 12, 12, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20], (2, 30),
             doc="columns of the grid"),
        Knob("density", [0.65, 0.6, 0.6, 0.55, 0.55, 0.5, 0.5, 0.45, 0.45, 0.5] + [0.5] * 10, (0.05, 0.95),
             doc="share of painted cells in the random image"),
    )
    answer_format = ("the painted grid, one row per line, each row as its cells: # for a painted cell and . for "
                     "a blank one")
    example = "#..#\n.##.\n#..#\n####"
    keeps_full_stop = True  # a grid row may end in a '.' cell

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        image, row_clues, col_clues = make_nonogram(rng, rows, cols, params["density"])
        row_text = "\n".join(f"row {r + 1}: {clue_text(c)}" for r, c in enumerate(row_clues))
        col_text = "\n".join(f"column {c + 1}: {clue_text(cl)}" for c, cl in enumerate(col_clues))
        question = (f"Solve this {rows}x{cols} nonogram ({rows} rows, {cols} columns). Paint some cells so that, "
                    f"for every row (read left to right) and every column (read top to bottom), the lengths of "
                    f"its runs of consecutive painted cells are exactly its clue, in order; runs are separated by "
                    f"at least one blank cell, and a clue of 0 means the line has no painted cell. The puzzle has "
                    f"exactly one solution.\n\nRow clues:\n{row_text}\n\nColumn clues:\n{col_text}")
        check = {"rows": rows, "cols": cols, "row_clues": [list(c) for c in row_clues],
                 "col_clues": [list(c) for c in col_clues]}
        # any grid of this size solves some nonogram: the example is drawn last, among patterns
        # that are wrong here
        wrong_here = [g for g in example_grids(rows, cols) if clue_problem(g, check) is not None]
        return Draft(question, "\n".join(picture(image, rows, cols)), check,
                     example="\n".join(rng.choice(wrong_here)))

    def effort(self, problem):
        # the cells to deduce, painted or blank, from the crossing clues
        return problem.check["rows"] * problem.check["cols"]

    def grade(self, answer, problem):
        c = problem.check
        rows, cols = c["rows"], c["cols"]
        try:
            grid = read_char_grid(answer, rows, cols, "#.", "# (painted) and . (blank)")
        except ParseError as exc:
            return refused(exc)
        why = clue_problem(grid, c)
        return wrong(why) if why else right()
