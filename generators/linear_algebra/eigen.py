"""Eigenvalues of small matrices whose eigenvalues are integers or simple fractions."""
from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, frac_text, read_number, refused, split_top, strip_brackets
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._matrices import (_divisors_up_to, answer_side, dense_enough, from_json, lu_unimodular, mat_text, matmul,
                        max_abs, rational_eigenvalues, to_json)
from ._work import Work
from ._work import matmul as counted_matmul

_PREFIX = re.compile(r"^\s*(?:the\s+)?(?:eigenvalues?(?:\s+are)?|lambda|\\lambda|\u03bb)\s*[:=]?\s*", re.IGNORECASE)
_MULT = re.compile(r"^(.+?)\s*(?:\(\s*(?:(?:algebraic\s+)?multiplicity|mult\.?|m)\s*[:=]?\s*(\d{1,2})\s*\)"
                   r"|\(\s*[x\u00d7*]\s*(\d{1,2})\s*\)|\s+(?:with|of)\s+(?:algebraic\s+)?multiplicity\s+(\d{1,2}))$",
                   re.IGNORECASE)
# the names an eigenvalue may be written with: lambda1 = 2, \lambda_2 = 2, λ_{3} = -1
EIGEN_NAMES = tuple(f"{sym}{sub}" for sym in ("lambda", "\\lambda", "\u03bb")
                    for sub in ["", *(f"{sep}{i}" for sep in ("", "_") for i in range(1, 7))])


def read_eigenvalues(answer: str) -> list[Fraction]:
    """A multiset of numbers: "2, 2, -1", "{-1, 2, 2}", "2 (multiplicity 2), -1", "2 (x2), -1",
    "lambda1 = 2, lambda2 = 2, lambda3 = -1". Any other left-hand side or relation is refused."""
    text = re.sub(r"\s+", " ", answer).strip()  # linear; keeps the patterns below free of long whitespace runs
    if len(text) > 2_000:
        raise NotAnAnswer("the answer is too long")
    if not re.match(r"\s*(?:lambda|\\lambda|\u03bb)\s*_?\{?\d", text, re.IGNORECASE):
        text = _PREFIX.sub("", text)
    text = text.replace(", and ", ", ").replace(" and ", ", ").replace("\\{", "{").replace("\\}", "}")
    out: list[Fraction] = []
    for item in split_top(strip_brackets(text), ",;"):
        if len(item) > 80:
            raise NotAnAnswer("an eigenvalue entry is too long")
        if not item:
            raise NotAnAnswer("the list has an empty item: separate the eigenvalues with commas")
        item = answer_side(item, EIGEN_NAMES, "the eigenvalues")
        m = _MULT.match(item)
        if m:
            value, count = m.group(1), int(m.group(2) or m.group(3) or m.group(4))
            if not 1 <= count <= 20:
                raise NotAnAnswer("a multiplicity is out of range")
            out.extend([read_number(value)] * count)
        else:
            out.append(read_number(item))
        if len(out) > 40:
            raise NotAnAnswer("too many eigenvalues")
    if not out:
        raise NotAnAnswer("no eigenvalues given")
    return out


@register
class Eigenvalues(Task):
    """Find all eigenvalues of a square matrix, each listed as often as its algebraic
    multiplicity. Matrices are P T P^-1 for an integer P = LU of determinant +-1 (unit
    triangular L, U) and an upper triangular T with the chosen eigenvalues, so the characteristic polynomial factors over the rationals. Higher levels
    grow the matrix (2x2 to 4x4, past level 10 to 6x6), disguise it with more mixing, repeat eigenvalues (algebraic
    multiplicity 2 or 3, including non-diagonalizable Jordan blocks), and scale the matrix by
    1/q so eigenvalues become fractions. The reference finds the rational roots of the
    characteristic polynomial (Faddeev-LeVerrier) of the printed matrix."""

    name = "linear_algebra/eigenvalues"
    knobs = (
        Knob("size", [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6], (2, 6),
             doc="rows (= columns) of the matrix"),
        Knob("eig_max", [3, 4, 5, 3, 4, 5, 5, 4, 5, 6, 6, 5, 6, 7, 7, 8, 6, 7, 8, 8], (1, 20),
             doc="largest absolute eigenvalue numerator"),
        Knob("repeats", [0, 0, 1, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4], (0, 4),
             doc="eigenvalues that repeat an earlier one (raising its multiplicity)"),
        Knob("jordan", [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4], (0, 4),
             doc="Jordan couplings between equal eigenvalues (non-diagonalizable blocks)"),
        Knob("denominator", [1, 1, 1, 1, 1, 1, 2, 1, [2, 3], [2, 3], [2, 3], [2, 3], [2, 3], [2, 3, 4], [2, 3, 4],
                             [2, 3, 4], [2, 3, 4], [2, 3, 4], [2, 3, 4], [2, 3, 4]], (1, 6),
             doc="the matrix is an integer matrix divided by this (fractional eigenvalues when > 1)"),
        Knob("mixing", [2, 2, 2, 4, 5, 5, 6, 8, 8, 10, 12, 12, 14, 14, 16, 16, 18, 18, 20, 22], (0, 30),
             doc="nonzero off-diagonal entries of the triangular factors L, U of the similarity P = LU"),
        Knob("entry_max", [6, 8, 10, 12, 14, 15, 16, 18, 20, 20, 24, 24, 28, 28, 32, 32, 36, 36, 40, 40], (2, 100),
             doc="largest absolute entry of the integer matrix before dividing"),
    )
    answer_format = ("all eigenvalues as a comma-separated list of exact numbers (integers or fractions p/q), in "
                     "any order, each repeated as many times as its algebraic multiplicity (writing a repeated "
                     "eigenvalue once with its multiplicity stated, as in -1/2 (multiplicity 2), is also accepted)")
    example = "3, -1/7, -1/7"  # never the answer: eigenvalues here have denominators dividing 1 to 6

    def build(self, rng, params):
        n, top, q = params["size"], params["eig_max"], params["denominator"]
        m, best = None, None
        for attempt in range(40):
            eig = self._eigenvalues(rng, n, top, q, params["repeats"])
            t = self._triangular(rng, eig, params["jordan"])
            p_mat, p_inv = lu_unimodular(rng, n, params["mixing"])
            cand = matmul(matmul(p_mat, t), p_inv)
            size = max_abs(cand)
            hidden = params["mixing"] == 0 or (_hidden(cand) and (n == 2 or _dense(cand)))
            if hidden and (best is None or size < best[0]):
                best = (size, cand)
            if hidden and size <= params["entry_max"]:
                break
        m = best[1] if best is not None else cand
        if q > 1:
            m = [[Fraction(x, q) for x in row] for row in m]
        values = rational_eigenvalues(m)  # the reference: rational roots of the characteristic polynomial
        if len(values) != n:
            raise AssertionError("the characteristic polynomial did not split over the rationals")
        question = f"Find the eigenvalues of the {n}x{n} matrix\n\n{mat_text(m)}"
        answer = ", ".join(frac_text(v) for v in values)
        return Draft(question, answer, {"values": [frac_text(v) for v in values], "matrix": to_json(m)})

    @staticmethod
    def _eigenvalues(rng, n, top, q, repeats):
        """n integer eigenvalues of q*A: distinct ones first, then `repeats` copies of earlier ones."""
        repeats = min(repeats, n - 1)
        pool = [v for v in range(-top, top + 1) if q == 1 or v % q]
        distinct = rng.sample(pool, n - repeats) if len(pool) >= n - repeats else [rng.choice(pool) for _ in range(n - repeats)]
        out = list(distinct)
        for _ in range(repeats):
            out.append(rng.choice(out))
        out.sort()  # equal values adjacent, so Jordan couplings sit on the superdiagonal
        return out

    @staticmethod
    def _triangular(rng, eig, jordan):
        n = len(eig)
        t = [[eig[i] if i == j else 0 for j in range(n)] for i in range(n)]
        couplings = [i for i in range(n - 1) if eig[i] == eig[i + 1]]
        chosen = rng.sample(couplings, min(jordan, len(couplings)))
        if not chosen and couplings and len(set(eig)) == 1:
            chosen = couplings[:1]  # a diagonalizable matrix with one eigenvalue is scalar: couple it
        for i in chosen:
            t[i][i + 1] = rng.choice((1, -1))
        for i in range(n):  # a few couplings between distinct eigenvalues do not change them
            for j in range(i + 1, n):
                if t[i][j] == 0 and eig[i] != eig[j] and rng.random() < 0.3:
                    t[i][j] = rng.choice((1, -1))
        return t

    def effort(self, problem):
        return eigen_work(from_json(problem.check["matrix"]))

    def grade(self, answer, problem):
        try:
            given = read_eigenvalues(answer)
        except ParseError as exc:
            return refused(exc)
        expected = Counter(Fraction(v) for v in problem.check["values"])
        if Counter(given) == expected:
            return right()
        if set(given) == set(expected):
            return wrong("List each eigenvalue as many times as its algebraic multiplicity.")
        return wrong("Those are not the eigenvalues.")


def eigen_work(m) -> int:
    """The reference's work, counted: the characteristic polynomial of the matrix scaled to
    integers by the Faddeev-LeVerrier recurrence (two matrix products and a trace per
    coefficient), then Horner evaluations of it at each candidate integer root (divisors of the
    constant term within Cauchy's bound, both signs), with synthetic division at each root found."""
    work = Work()
    den = 1
    for row in m:
        for x in row:
            den = den * x.denominator // math.gcd(den, x.denominator)
    a = [[x * den for x in row] for row in m]
    n = len(a)
    coeffs, prev = [Fraction(1)], [[Fraction(0)] * n for _ in range(n)]
    for k in range(1, n + 1):
        cur = counted_matmul(a, prev, work)
        for i in range(n):
            cur[i][i] = work.op(cur[i][i] + coeffs[-1], cur[i][i], coeffs[-1])
        am = counted_matmul(a, cur, work)
        tr = am[0][0]
        for i in range(1, n):
            tr = work.op(tr + am[i][i], tr, am[i][i])
        coeffs.append(work.op(-tr / k, tr, k))
        prev = cur
    while len(coeffs) > 1 and coeffs[-1] == 0:
        coeffs.pop()
    if len(coeffs) > 1:
        bound = 1 + max(abs(c) for c in coeffs[1:])
        for d in _divisors_up_to(int(coeffs[-1]), int(bound)):
            for r in (d, -d):
                while len(coeffs) > 1:
                    v = Fraction(0)
                    for c in coeffs:
                        v = work.op(v * r + c, v, r, c)
                    if v:
                        break
                    coeffs = [Fraction(c) for c in _synthetic(coeffs, r, work)]
    return work.total


def _synthetic(coeffs, root, work) -> list:
    """coeffs / (t - root) by synthetic division, counted."""
    out, v = [], Fraction(0)
    for c in coeffs[:-1]:
        v = work.op(v * root + c, v, root, c)
        out.append(v)
    return out


def _dense(m) -> bool:
    """Every row and column has two or more nonzero entries; at most 30% of entries are zero."""
    return dense_enough(m, 0.3) and dense_enough(list(zip(*m)), 0.3)


def _hidden(m) -> bool:
    """Not triangular: the eigenvalues cannot be read off the diagonal."""
    n = len(m)
    below = any(m[i][j] for i in range(n) for j in range(i))
    above = any(m[i][j] for i in range(n) for j in range(i + 1, n))
    return below and above
