"""Arithmetic and geometric sequences: terms, closed forms, sums and closed forms of sums."""
from __future__ import annotations

import math
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.parsing import ParseError, parse_expression, parse_number
from procgym.verdict import right, wrong

from ._common import num_text, poly_text, strip_lhs

N = sympy.Symbol("n")
CHECK_POINTS = (1, 2, 3, 4, 5, 6, 9, 13)


def exact_root(value: Fraction, k: int, positive: bool) -> Fraction:
    """The rational k-th root of a rational (the positive one for even k when asked)."""
    sign = -1 if value < 0 else 1
    if sign < 0 and k % 2 == 0:
        raise ValueError("no real even root of a negative number")
    p, q = abs(value.numerator), value.denominator
    rp, rq = round(p ** (1 / k)), round(q ** (1 / k))
    for cand_p in (rp - 1, rp, rp + 1):
        for cand_q in (rq - 1, rq, rq + 1):
            if cand_p > 0 and cand_q > 0 and cand_p ** k == p and cand_q ** k == q:
                root = Fraction(cand_p, cand_q)
                return root * sign if k % 2 else (root if positive else -root)
    raise ValueError("the ratio is not a rational power")


def _paren(v: Fraction) -> str:
    return num_text(v) if v.denominator == 1 and v >= 0 else f"({num_text(v)})"


def term_formula_text(kind: str, a1: Fraction, step: Fraction) -> str:
    if kind == "arithmetic":
        return poly_text([a1 - step, step], "n")
    power = f"{_paren(step)}^(n - 1)"
    if a1 == 1:
        return power
    if a1 == -1:
        return f"-{power}"
    return f"{_paren(a1) if a1.denominator != 1 else num_text(a1)}*{power}"


def sum_formula_text(kind: str, a1: Fraction, step: Fraction) -> str:
    if kind == "arithmetic":
        return poly_text([0, a1 - step / 2, step / 2], "n")
    c = a1 / (1 - step)
    lead = "" if c == 1 else "-" if c == -1 else f"{_paren(c) if c.denominator != 1 else num_text(c)}*"
    return f"{lead}(1 - {_paren(step)}^n)"


@register
class SequenceFormula(Task):
    """Arithmetic and geometric sequences: find a term, the closed form of the n-th term, the
    sum of the first N terms, or a closed form of that sum. Level 1 gives the first terms of an
    arithmetic sequence and asks for one term; higher levels mix in geometric sequences
    (negative and fractional ratios), give the sequence by a recurrence or by two terms far apart
    (solve for the first term and the difference, or take a root for the ratio), and ask for
    closed forms and sums. The reference recovers the first term and the step from what is
    given, then computes terms and sums by exact summation; closed forms are checked at several
    n, so any formula that agrees for every n checked is accepted."""

    name = "algebra/sequence_formula"
    knobs = (
        Knob("kind", ["arithmetic", ["arithmetic", "geometric"], ["arithmetic", "geometric"],
                      ["arithmetic", "geometric"], ["arithmetic", "geometric"], ["arithmetic", "geometric"],
                      ["arithmetic", "geometric"], ["arithmetic", "geometric"], ["arithmetic", "geometric"],
                      ["arithmetic", "geometric"]],
             choices=("arithmetic", "geometric"), doc="the kind of sequence"),
        Knob("ask", ["term", ["term", "formula"], ["term", "formula", "sum"], ["formula", "sum"],
                     ["formula", "sum", "sum_formula"], ["term", "formula", "sum", "sum_formula"],
                     ["term", "formula", "sum", "sum_formula"], ["formula", "sum", "sum_formula"],
                     ["sum", "sum_formula"], ["sum", "sum_formula"]],
             choices=("term", "formula", "sum", "sum_formula"), doc="what is asked"),
        Knob("given", ["terms", "terms", ["terms", "recursive"], ["terms", "recursive"], ["terms", "two_terms"],
                       ["recursive", "two_terms"], "two_terms", "two_terms", "two_terms", "two_terms"],
             choices=("terms", "recursive", "two_terms"), doc="how the sequence is given"),
        Knob("fractions", [False, False, False, False, False, True, True, True, True, True],
             doc="the difference or the ratio may be a fraction"),
        Knob("n_max", [8, 10, 12, 12, 15, 15, 20, 22, 25, 30], (3, 100),
             doc="largest index N asked about (geometric sequences stop at 12)"),
        Knob("value_max", [9, 9, 10, 10, 12, 12, 15, 15, 20, 20], (1, 100), doc="largest first term or difference"),
    )
    answer_format = "a number (integer or fraction p/q) or, for a formula, an expression in n"
    example = "3*2^(n - 1)"

    def build(self, rng, params):
        kind, ask, given = params["kind"], params["ask"], params["given"]
        top = params["value_max"]
        a1, step = self._draw(rng, kind, top, params["fractions"])
        positive_hint = False
        if given == "terms":
            shown = [self._term(kind, a1, step, i) for i in range(1, 5)]
            desc = f"The sequence {', '.join(num_text(v) for v in shown)}, ... is {kind}."
            g_a1, g_step = self._from_terms(kind, shown)
        elif given == "recursive":
            rule = f"a_(n+1) = a_n {'+' if step > 0 else '-'} {num_text(abs(step))}" if kind == "arithmetic" \
                else f"a_(n+1) = {_paren(step)}*a_n"
            desc = f"A sequence has a_1 = {num_text(a1)} and {rule} for n >= 1."
            g_a1, g_step = a1, step
        else:
            p = rng.randint(2, 5) if kind == "arithmetic" else rng.randint(1, 3)
            gap = rng.randint(2, 6) if kind == "arithmetic" else rng.randint(1, 3)
            if kind == "geometric" and gap % 2 == 0 and step < 0:
                step = -step
            q = p + gap
            u, v = self._term(kind, a1, step, p), self._term(kind, a1, step, q)
            note = " with a positive common ratio" if kind == "geometric" and gap % 2 == 0 else ""
            article = "An" if kind == "arithmetic" else "A"
            desc = f"{article} {kind} sequence{note} has a_{p} = {num_text(u)} and a_{q} = {num_text(v)}."
            g_a1, g_step = self._from_two(kind, p, u, q, v)
        # the reference: recovered from the given data, independent of the draw above
        n_top = params["n_max"] if kind == "arithmetic" else min(params["n_max"], 12)
        big_n = rng.randint(max(3, n_top // 2), max(3, n_top))
        if ask == "term":
            value = self._term(kind, g_a1, g_step, big_n)
            return self._numeric(desc + f" Find a_{big_n}.", value)
        if ask == "sum":
            value = sum((self._term(kind, g_a1, g_step, i) for i in range(1, big_n + 1)), Fraction(0))
            return self._numeric(desc + f" Find the sum of the first {big_n} terms, a_1 + a_2 + ... + a_{big_n}.",
                                 value)
        values = []
        total = Fraction(0)
        for i in range(1, max(CHECK_POINTS) + 1):
            t = self._term(kind, g_a1, g_step, i)
            total += t
            if i in CHECK_POINTS:
                values.append(t if ask == "formula" else total)
        if ask == "formula":
            text = desc + " Find a closed-form expression for the n-th term a_n."
            answer = term_formula_text(kind, g_a1, g_step)
        else:
            text = desc + " Find a closed-form expression in n for S_n = a_1 + a_2 + ... + a_n."
            answer = sum_formula_text(kind, g_a1, g_step)
        return Draft(text, answer, {"values": [[v.numerator, v.denominator] for v in values]},
                     answer_format="a closed-form expression in n (use ^ for powers), e.g. 3*2^(n - 1)",
                     example="3*2^(n - 1)" if ask == "formula" else "5n^2 - 2n")

    @staticmethod
    def _numeric(text, value) -> Draft:
        return Draft(text, num_text(value), {"value": [value.numerator, value.denominator]},
                     answer_format="an exact number: an integer or a fraction p/q", example="-17/4")

    @staticmethod
    def _draw(rng, kind, top, fractions) -> tuple[Fraction, Fraction]:
        if kind == "arithmetic":
            a1 = Fraction(rng.randint(-top, top))
            den = rng.choice([1, 2, 3]) if fractions else 1
            num = rng.choice([v for v in range(-top, top + 1) if v and v % den]) if den > 1 else \
                rng.choice([v for v in range(-top, top + 1) if v])
            return a1, Fraction(num, den)
        a1 = Fraction(rng.choice([v for v in range(-min(top, 9), min(top, 9) + 1) if v]))
        ratios = [2, 3, -2, -3, 4]
        if fractions:
            ratios += [Fraction(1, 2), Fraction(-1, 2), Fraction(1, 3), Fraction(2, 3), Fraction(3, 2), Fraction(-2, 3)]
        r = Fraction(rng.choice(ratios))
        if r.denominator > 1:
            a1 *= r.denominator ** 3  # integer first terms for a while
        return a1, r

    @staticmethod
    def _term(kind, a1, step, i) -> Fraction:
        return a1 + (i - 1) * step if kind == "arithmetic" else a1 * step ** (i - 1)

    @staticmethod
    def _from_terms(kind, shown):
        step = shown[1] - shown[0] if kind == "arithmetic" else shown[1] / shown[0]
        return shown[0], step

    @staticmethod
    def _from_two(kind, p, u, q, v):
        if kind == "arithmetic":
            d = (v - u) / (q - p)
            return u - (p - 1) * d, d
        r = exact_root(v / u, q - p, positive=True)
        return u / r ** (p - 1), r

    def grade(self, answer, problem):
        c = problem.check
        text = strip_lhs(answer)
        if "value" in c:
            try:
                given = parse_number(text)
            except ParseError as exc:
                return wrong(f"{exc}.")
            return right() if given == Fraction(*c["value"]) else wrong("That number is not right.")
        try:
            expr = parse_expression(text, ["n"])
        except ParseError as exc:
            return wrong(f"{exc}.")
        for k, (p, q) in zip(CHECK_POINTS, c["values"]):
            try:
                got = complex(expr.evalf(40, subs={N: k}))
            except (TypeError, ValueError, ArithmeticError):
                return wrong(f"The formula cannot be evaluated at n = {k}.")
            want = p / q
            if not (math.isfinite(got.real) and math.isfinite(got.imag)) or \
                    abs(got - want) > 1e-20 * max(1.0, abs(want)):
                return wrong(f"The formula gives the wrong value at n = {k}.")
        return right()
