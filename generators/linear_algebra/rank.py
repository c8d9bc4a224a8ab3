"""The rank of a rectangular integer matrix whose dependent rows are hidden combinations."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, read_rhs, refused
from procgym.parsing import ParseError

from ._matrices import from_json, has_parallel_lines, make_dependent, mat_text, random_matrix, rank, to_json
from ._work import Work, eliminate

LABELS = ("rank", "rank(A)", "rank A", "rk(A)", "r")


@register
class MatrixRank(Task):
    """Find the rank of a rectangular integer matrix. Some rows are integer combinations of
    others; higher levels use bigger matrices, a larger rank deficiency, and dependent rows that
    combine more rows (a multiple of one row at levels 1-2, combinations of two and then three
    rows with no two rows proportional from level 3), so the dependency only shows up under
    elimination. The reference is
    exact Gauss-Jordan elimination of the printed matrix."""

    name = "linear_algebra/matrix_rank"
    knobs = (
        Knob("rows", [2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (1, 12),
             doc="rows of the matrix"),
        Knob("cols", [3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12], (1, 12),
             doc="columns of the matrix"),
        Knob("deficiency", [(0, 1), (0, 1), (0, 2), (0, 2), (1, 2), (1, 2), (1, 3), (1, 3), (1, 3)] + [(2, 4)] * 4
             + [(2, 5)] * 4 + [(3, 5)] * 3, (0, 9),
             doc="how far the rank falls below min(rows, cols) (the rank stays at least 1)"),
        Knob("combo_terms", [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5], (1, 9),
             doc="independent rows combined into each dependent row"),
        Knob("entry_max", [4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14], (1, 50),
             doc="largest absolute entry (where possible)"),
    )
    answer_format = "the rank as an integer"
    example = "0"  # never the answer: every matrix here has rank at least 1

    def build(self, rng, params):
        n_rows, n_cols, top = params["rows"], params["cols"], params["entry_max"]
        r = max(1, min(n_rows, n_cols) - params["deficiency"])
        small = max(1, min(3, top // 2))
        strict = params["combo_terms"] > 1 and r > 1  # rank-1 matrices have proportional rows
        done = False
        for _ in range(20):
            base = random_matrix(rng, r, n_cols, small)
            if rank(base) != r or (strict and has_parallel_lines(base, False)):
                continue
            for attempt in range(10):
                m = base + [[0] * n_cols for _ in range(n_rows - r)]
                for t in range(r, n_rows):
                    make_dependent(rng, m, t, params["combo_terms"], 2 if attempt < 4 else 3, top, sources=range(r))
                done = not strict or not has_parallel_lines(m, False)
                if done:
                    break
            if done:
                break
        rng.shuffle(m)  # the last candidate even if it has proportional rows (rare)
        value = rank(m)  # the reference: elimination of the matrix as printed
        question = f"What is the rank of the {n_rows}x{n_cols} matrix below?\n\n{mat_text(m)}"
        return Draft(question, str(value), {"value": value, "matrix": to_json(m)})

    def effort(self, problem):
        # forward elimination of every row: a dependent row only shows up as it becomes zero
        work = Work()
        eliminate(from_json(problem.check["matrix"]), work)
        return work.total

    def grade(self, answer, problem):
        try:
            value = read_rhs(answer, LABELS)
        except ParseError as exc:
            return refused(exc)
        return grade_int(value, problem.check["value"], "the rank")
