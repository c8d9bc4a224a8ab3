"""Systems of linear equations in 2-6 unknowns: a unique solution, none, or infinitely many."""
from __future__ import annotations

import math
import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, is_none, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._linear_systems import elimination_steps, read_unknowns, solve_system
from ._polynomials import signed_join, split_signed

NAMES = ["x", "y", "z", "w", "v", "u", "t", "s"]
_NONE = {"inconsistent", "no real solution", "the system is inconsistent"}
_INFINITE = {"infinite", "infinitely many", "infinitely many solutions", "infinite solutions",
             "infinitely many solution", "infinity", "infinitely many answers", "dependent"}


def _row_text(coeffs: list[int], const: int, names: list[str], rng, both_sides: bool) -> str:
    """'2x - 3y + z = 5', or with some terms moved across: '2x + z = 3y + 5'."""
    left = [(c, n) for c, n in zip(coeffs, names)]
    right_terms: list[tuple[int, str]] = [(const, "")]
    if both_sides:
        present = [i for i, c in enumerate(coeffs) if c]
        if len(present) >= 2:
            moved = set(rng.sample(present, rng.randint(1, len(present) - 1)))
            right_terms = [(-coeffs[i], names[i]) for i in sorted(moved)] + right_terms
            left = [t for i, t in enumerate(left) if i not in moved]
            if rng.random() < 0.5 and const:  # the constant crosses too
                left.append((-const, ""))
                right_terms = right_terms[:-1]
    rhs = signed_join(right_terms) if right_terms else "0"
    return f"{signed_join(left)} = {rhs}"


def bareiss_det(a: list[list[int]]) -> int:
    """The determinant of an integer matrix by fraction-free (Bareiss) elimination."""
    m = [list(row) for row in a]
    n, sign, prev = len(m), 1, 1
    for k in range(n - 1):
        if m[k][k] == 0:
            swap = next((i for i in range(k + 1, n) if m[i][k]), None)
            if swap is None:
                return 0
            m[k], m[swap] = m[swap], m[k]
            sign = -sign
        for i in range(k + 1, n):
            for j in range(k + 1, n):
                m[i][j] = (m[i][j] * m[k][k] - m[i][k] * m[k][j]) // prev
        prev = m[k][k]
    return sign * m[n - 1][n - 1]


@register
class LinearSystem(Task):
    """Solve a system of linear equations with integer coefficients. The answer is the unique
    solution (name=value pairs), "none" for an inconsistent system or "infinite" for infinitely
    many solutions. Higher levels add unknowns (2 to 5, past level 10 up to 8), singular systems (a dependent equation,
    consistent or contradictory), an extra equation beyond the number of unknowns, terms on both
    sides, larger coefficients and fractional solutions. The reference answer comes from
    Gauss-Jordan elimination over the rationals with a rank test."""

    name = "algebra/linear_system"
    released_dips = {7: "level 7 keeps level 6's four unknowns and only grows the numbers, while more of its "
                        "systems are singular, whose elimination ends a pivot short"}
    knobs = (
        Knob("n_unknowns", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 8),
             doc="unknowns (and equations)"),
        Knob("singular_percent", [0, 0, 0, 20, 25, 25] + [30] * 14, (0, 100),
             doc="chance (percent) that one equation depends on the others: no or infinitely many solutions"),
        Knob("extra_equations", [0] * 7 + [1] * 5 + [2] * 4 + [3] * 4, (0, 3),
             doc="equations beyond the number of unknowns (combinations, sometimes contradictory)"),
        Knob("both_sides", [False] * 4 + [True] * 16, doc="unknowns appear on both sides of the equations"),
        Knob("coef_max", [3, 5, 5, 6, 6, 7, 7, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15], (1, 50),
             doc="largest coefficient"),
        Knob("value_max", [5, 6, 6, 8, 8, 9, 9, 10, 10, 12, 12, 12, 14, 14, 15, 15, 16, 16, 18, 20], (1, 100),
             doc="largest numerator of a solution value"),
        Knob("max_solution_denominator", [1, 1, 1, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (1, 20),
             doc="largest denominator of a solution value (1: integer solutions)"),
    )
    answer_format = ('the solution as name=value pairs separated by commas, values as integers or fractions p/q '
                     '(e.g. x=4, y=-401/2); or "none" if there is no solution, or "infinite" if there are '
                     'infinitely many')
    example = "x=4, y=-401/2"  # solution values are at most value_max (100) in size: never an answer

    def build(self, rng, params):
        n, top = params["n_unknowns"], params["coef_max"]
        names = NAMES[:n]
        d_max, v_max = params["max_solution_denominator"], params["value_max"]
        q = rng.randint(1, d_max)  # one common denominator keeps the scaled equations small
        nums = [rng.randint(-v_max, v_max) for _ in range(n)]
        while True:
            a = [[rng.randint(-top, top) for _ in range(n)] for _ in range(n)]
            if all(any(row) for row in a) and all(any(row[j] for row in a) for j in range(n)) and bareiss_det(a):
                break
        rows = [[c * q for c in row] + [sum(c * v for c, v in zip(row, nums))] for row in a]  # times q
        if rng.randrange(100) < params["singular_percent"]:
            target = rng.randrange(n)
            rows[target] = self._combination(rng, rows, target, consistent=rng.random() < 0.5)
        for _ in range(params["extra_equations"]):
            rows.append(self._combination(rng, rows, len(rows), consistent=rng.random() < 0.85))
        rows = [self._integral(row) for row in rows]
        rng.shuffle(rows)
        kind, solution = solve_system(rows)  # the reference: elimination with a rank test
        lines = [_row_text(row[:n], row[n], names, rng, params["both_sides"]) for row in rows]
        question = (f"Solve this system of linear equations for the unknowns {', '.join(names)}:\n\n"
                    + "\n".join(lines))
        if kind == "unique":
            answer = ", ".join(f"{name}={frac_text(v)}" for name, v in zip(names, solution))
            values = [[v.numerator, v.denominator] for v in solution]
        else:
            answer, values = kind, None
        return Draft(question, answer, {"kind": kind, "names": names, "values": values})

    @staticmethod
    def _combination(rng, rows, skip: int, consistent: bool) -> list[int]:
        """A new row: a combination of two other rows, with its constant shifted when inconsistent."""
        others = [i for i in range(len(rows)) if i != skip]
        picks = rng.sample(others, min(2, len(others)))
        out = [0] * len(rows[0])
        for i in picks:
            k = rng.choice([-2, -1, 1, 1, 2])
            out = [u + k * v for u, v in zip(out, rows[i])]
        if not any(out[:-1]):
            out = [u + v for u, v in zip(out, rows[picks[0]])]
        if not consistent:
            out[-1] += rng.choice([-3, -2, -1, 1, 2, 3, 5])
        return out

    @staticmethod
    def _integral(ints: list[int]) -> list[int]:
        """Scale a row to coprime integers with a positive first nonzero coefficient."""
        g = 0
        for v in ints:
            g = math.gcd(g, v)
        first = next((v for v in ints[:-1] if v), 1)
        g = g if first > 0 else -g
        return [v // g for v in ints]

    def effort(self, problem):
        # terms moved to their sides, then Gauss-Jordan elimination of the system as printed
        names = problem.check["names"]
        rows, moved = [], 0
        for line in problem.prompt.split("\n\n")[1].splitlines():
            row = [Fraction(0)] * (len(names) + 1)
            for side, text in zip((1, -1), line.split(" = ")):
                for sign, term in split_signed(text):
                    coef, name = re.fullmatch(r"(\d*)([a-z]?)", term).groups()
                    value = side * sign * int(coef or 1)
                    if name:
                        row[names.index(name)] += value
                        moved += side < 0
                    else:
                        row[-1] -= value
                        moved += side > 0
            rows.append(row)
        return moved + elimination_steps(rows)

    def grade(self, answer, problem):
        c = problem.check
        text = " ".join(answer.lower().split())
        if is_none(text) or text in _NONE:
            return right() if c["kind"] == "none" else wrong("The system does have a solution.")
        if text in _INFINITE:
            return right() if c["kind"] == "infinite" else wrong("The system does not have infinitely many solutions.")
        if c["kind"] != "unique":
            return wrong("The system has no unique solution.")
        try:
            given = read_unknowns(answer, c["names"])
        except ParseError as exc:
            return refused(exc)
        for name, (p, q) in zip(c["names"], c["values"]):
            if given[name] != Fraction(p, q):
                return wrong(f"The value of {name} is wrong.")
        return right()
