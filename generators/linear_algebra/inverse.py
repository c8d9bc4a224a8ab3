"""Matrix inverses with exact rational entries, or the verdict that the matrix is singular."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from ._matrices import (MATRIX_FORMS, dense_enough, from_json, grade_matrix, has_parallel_lines, identity, inverse,
                        make_dependent, mat_text, matrix_answer, says_singular, scramble, to_json, triangular_start)
from ._work import Work, eliminate

# what a model may write on the left of the inverse: A^{-1} = [[...]]
LABELS = ("A^-1", "A^(-1)", "M^-1", "inverse", "the inverse", "inv(A)")


@register
class MatrixInverse(Task):
    """Invert a square integer matrix exactly, or recognise that it is singular. Higher levels
    grow the matrix (2x2 to 4x4, past level 10 to 6x6), allow larger determinants (so the inverse has fractional
    entries with larger denominators), mix more row and column operations into a triangular
    start (denser matrices, hidden dependencies) and make singular matrices more common. The
    reference is Gauss-Jordan elimination on [A | I] with exact fractions."""

    name = "linear_algebra/matrix_inverse"
    knobs = (
        Knob("size", [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (2, 6),
             doc="rows (= columns) of the matrix"),
        Knob("entry_max", [5, 6, 9, 4, 6, 6, 8, 5, 6, 8, 8, 9, 6, 7, 8, 9, 6, 7, 8, 9], (2, 50),
             doc="largest absolute entry"),
        Knob("max_det", [1, 1, 4, 1, 3, 5, 8, 2, 4, 6, 8, 10, 4, 6, 8, 10, 4, 6, 8, 10], (1, 100),
             doc="largest |determinant| of an invertible matrix (1: the inverse has integer entries)"),
        Knob("mixing", [2, 4, 6, 6, 8, 9, 10, 12, 14, 16, 18, 20, 18, 20, 22, 24, 22, 24, 26, 28], (0, 50),
             doc="random row and column operations applied to a triangular start"),
        Knob("singular_percent", [0, 0, 20, 20, 20, 25, 25, 25, 25] + [30] * 11, (0, 100),
             doc="chance (percent) that the matrix is singular"),
    )
    answer_format = (f"the inverse as {MATRIX_FORMS}, with exact entries (integers or fractions p/q); "
                     "or the single word singular if the matrix has no inverse")
    example = "[[1, -1/2], [0, 0]]"  # singular, so never an inverse

    def build(self, rng, params):
        n, top = params["size"], params["entry_max"]
        singular = rng.randrange(100) < params["singular_percent"]
        for _ in range(30):
            d = rng.randint(1, params["max_det"]) * rng.choice((1, -1))
            m = scramble(rng, triangular_start(rng, n, d, min(2, top)), params["mixing"], 2, top)
            if singular:  # one row becomes a combination of others, hidden by a few more operations
                make_dependent(rng, m, rng.randrange(n), min(n - 1, rng.randint(2, 3)), 2, top)
                m = scramble(rng, m, 2, 1, top)
                if n == 2 or (dense_enough(m) and not has_parallel_lines(m)):
                    break
            elif n == 2 or dense_enough(m):
                break
        inv = inverse(m)  # the reference: Gauss-Jordan on the matrix as printed
        question = (f"Find the inverse of the {n}x{n} matrix\n\n{mat_text(m)}\n\n"
                    "If the matrix is not invertible, say so.")
        if inv is None:
            return Draft(question, "singular", {"singular": True, "matrix": to_json(m)})
        return Draft(question, matrix_answer(inv), {"singular": False, "inverse": to_json(inv), "matrix": to_json(m)})

    def effort(self, problem):
        # Gauss-Jordan elimination of [A | I] (a singular matrix shows itself on the way)
        m = from_json(problem.check["matrix"])
        work = Work()
        eliminate([row + unit for row, unit in zip(m, identity(len(m)))], work, full=True)
        return work.total

    def grade(self, answer, problem):
        c = problem.check
        if says_singular(answer):
            return right() if c["singular"] else wrong("The matrix is invertible.")
        if c["singular"]:
            return wrong("That is not the inverse: check whether the matrix is invertible.")
        return grade_matrix(answer, c["inverse"], "the inverse", LABELS)
