"""Determinants of square matrices with integer and fractional entries."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._matrices import det, from_json, grade_scalar, mat_text, small_fraction, to_json
from ._work import Work, eliminate

LABELS = ("det(A)", "det A", "det", "|A|", "det(M)", "determinant")


@register
class Determinant(Task):
    """Compute the exact determinant of a square matrix. Higher levels grow the matrix from 2x2
    to 6x6 (9x9 past level 10) (more elimination or cofactor steps) and replace more integer entries by fractions
    p/q, so every elimination step carries rational arithmetic. The reference is fraction-free
    Bareiss elimination on the matrix as printed (checked against sympy in the tests)."""

    name = "linear_algebra/determinant"
    knobs = (
        Knob("size", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9], (2, 9),
             doc="rows (= columns) of the matrix"),
        Knob("entry_max", [4, 9, 3, 5, 7, 4, 6, 4, 5, 5, 6, 6, 5, 6, 7, 5, 6, 7, 6, 7], (1, 50),
             doc="largest absolute integer entry"),
        Knob("fraction_entries", [0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 7, 6, 8, 10, 9, 12, 14, 13, 16], (0, 81),
             doc="entries that are non-integer fractions p/q"),
        Knob("max_denominator", [2, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9], (2, 20),
             doc="largest denominator of a fraction entry"),
    )
    answer_format = "the determinant as an exact number: an integer or a fraction p/q"
    example = "-17/23"  # never a determinant here: entry denominators are at most 20, so no factor 23

    def build(self, rng, params):
        n, top = params["size"], params["entry_max"]
        m = [[rng.randint(-top, top) for _ in range(n)] for _ in range(n)]
        cells = rng.sample(range(n * n), min(params["fraction_entries"], n * n))
        for c in cells:
            m[c // n][c % n] = small_fraction(rng, max(1, top // 2), params["max_denominator"])
        value = det(m)
        question = f"Compute the determinant of the {n}x{n} matrix\n\n{mat_text(m)}"
        return Draft(question, frac_text(value), {"value": frac_text(value), "matrix": to_json(m)})

    def effort(self, problem):
        # elimination to triangular form, then the product of the pivots
        work = Work()
        pivots, reduced = eliminate(from_json(problem.check["matrix"]), work)
        value = Fraction(1)
        for i, c in enumerate(pivots):
            value = work.op(value * reduced[i][c], value, reduced[i][c])
        return work.total

    def grade(self, answer, problem):
        return grade_scalar(answer, problem.check["value"], "the determinant", LABELS)
