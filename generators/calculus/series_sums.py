"""Sums of infinite (and long finite) series: geometric, arithmetico-geometric and telescoping."""
from __future__ import annotations

import math
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, read_rhs, refused
from procgym.parsing import ParseError, parse_expression
from procgym.verdict import right, wrong

from ._polynomials import p_eval, p_mul, poly_text
from ._readers import read_extended

KINDS = ("geometric", "geometric_mix", "telescoping", "telescoping3", "arith_geo", "finite_telescoping")
_DIVERGES = {"diverges": "div", "divergent": "div", "diverge": "div", "the series diverges": "div",
             "does not converge": "div", "it diverges": "div", "dne": "div", "does not exist": "div"}


# --------------------------------------------------------------------------- exact summation

_HARMONIC = [Fraction(0)]


def harmonic(m: int) -> Fraction:
    """H(m) = 1 + 1/2 + ... + 1/m (H(0) = 0), from a table that grows on demand."""
    while len(_HARMONIC) <= m:
        _HARMONIC.append(_HARMONIC[-1] + Fraction(1, len(_HARMONIC)))
    return _HARMONIC[m]


def power_moments(r: Fraction, k: int) -> list[Fraction]:
    """S_j = sum_{n >= 0} n^j r^n for j = 0..k (|r| < 1), from S_j (1 - r) = r sum_{i<j} C(j, i) S_i."""
    s = [1 / (1 - r)]
    for j in range(1, k + 1):
        s.append(r * sum((math.comb(j, i) * s[i] for i in range(j)), Fraction(0)) / (1 - r))
    return s


def _shift_poly(p: list, by: int) -> list:
    """Coefficients of p(m + by) in m."""
    out = [Fraction(0)] * len(p)
    for k, c in enumerate(p):
        for i in range(k + 1):
            out[i] += c * math.comb(k, i) * Fraction(by) ** (k - i)
    return out


def geometric_sum(poly: list, r: Fraction, start: int):
    """sum_{n >= start} poly(n) r^n: ('value', v) or ('div', +1 / -1 / 0 for oscillating)."""
    if abs(r) >= 1:
        lead = next(c for c in reversed(poly) if c)
        if r >= 1:
            return "div", 1 if lead > 0 else -1
        return "div", 0
    q = _shift_poly(poly, start)
    s = power_moments(r, len(q) - 1)
    return "value", r ** start * sum((c * s[k] for k, c in enumerate(q)), Fraction(0))


def residues(num: list, shifts: list[int]) -> list[Fraction]:
    """A_i in num(n) / prod (n + a_i) = sum A_i / (n + a_i) (distinct a_i, deg num < count)."""
    out = []
    for i, a in enumerate(shifts):
        den = 1
        for j, b in enumerate(shifts):
            if j != i:
                den *= b - a
        out.append(Fraction(p_eval(num, Fraction(-a))) / den)
    return out


def rational_sum(num: list, shifts: list[int], start: int, stop: int | None = None):
    """sum_{n=start}^{stop or oo} num(n) / prod (n + a_i), by partial fractions and telescoping:
    sum_{n=N}^{M} 1/(n + a) = H(M + a) - H(N - 1 + a)."""
    A = residues(num, shifts)
    if stop is None:
        total = sum(A, Fraction(0))
        if total != 0:
            return "div", 1 if total > 0 else -1
        return "value", -sum((Ai * harmonic(start - 1 + a) for Ai, a in zip(A, shifts)), Fraction(0))
    return "value", sum((Ai * (harmonic(stop + a) - harmonic(start - 1 + a)) for Ai, a in zip(A, shifts)), Fraction(0))


# --------------------------------------------------------------------------- rendering parts

def _paren(v: Fraction) -> str:
    return f"({frac_text(v)})" if v.denominator != 1 or v < 0 else frac_text(v)


def _coef_prefix(a: Fraction) -> str:
    if a == 1:
        return ""
    if a == -1:
        return "-"
    return f"{_paren(a) if a.denominator != 1 else frac_text(a)}*"


def geometric_part(rng, divergent: bool, level_forms: int):
    """(text, poly, r): a geometric term in one of several written forms."""
    for _ in range(20):
        if divergent:
            p, q = rng.choice(((3, 2), (-1, 1), (5, 4), (-3, 2), (2, 1), (-5, 4), (4, 3)))
        else:
            q = rng.randint(2, 6)
            p = rng.choice([v for v in range(-q + 1, q) if v])
        a = Fraction(rng.choice((1, 2, 3, 4, 5, -1, -2, -3)))
        g = math.gcd(p, q)
        p, q = p // g, q // g
        form = rng.randint(0, level_forms)
        if form == 0 or q == 1:
            return f"{_coef_prefix(a)}({frac_text(Fraction(p, q))})^n" if q != 1 or p < 0 else \
                f"{_coef_prefix(a)}{p}^n", [a], Fraction(p, q)
        if form == 1:  # a p^n / q^(n + s)
            s = rng.choice((0, 1))
            top = f"{_paren(Fraction(p))}^n" if p != 1 else ""
            bottom = f"{q}^n" if s == 0 else f"{q}^(n+1)"
            body = f"{_coef_prefix(a)}{top}/{bottom}" if top else f"{frac_text(a)}/{bottom}"
            return body, [a / q ** s], Fraction(p, q)
        if form == 2 and p != 1 and p > 0:  # a p^(n+1) / q^n
            return f"{_coef_prefix(a)}{p}^(n+1)/{q}^n", [a * p], Fraction(p, q)
        if form == 3 and abs(p) < q * q and q <= 3:  # a p^n / q^(2n): the ratio is p/q^2
            top = f"{_paren(Fraction(p))}^n" if p != 1 else "1"
            return f"{_coef_prefix(a)}{top}/{q}^(2n)" if top != "1" else f"{frac_text(a)}/{q}^(2n)", [a], Fraction(p, q * q)
    raise ValueError("no geometric form")


def arith_geo_part(rng, divergent: bool, degree: int):
    q = rng.randint(2, 5)
    p = rng.choice([v for v in range(-q + 1, q) if v]) if not divergent else rng.choice((q + 1, -q - 1))
    g = math.gcd(p, q)
    r = Fraction(p // g, q // g)
    poly = [Fraction(rng.randint(-3, 3)) for _ in range(degree)] + [Fraction(rng.choice((1, 2, 3, -1, -2)))]
    ptxt = poly_text(poly, "n")
    if r.numerator == 1:
        return f"({ptxt})/{r.denominator}^n" if len(ptxt.split()) > 1 else f"{ptxt}/{r.denominator}^n", poly, r
    body = f"({ptxt})" if len(ptxt.split()) > 1 else ptxt
    return f"{body}*({frac_text(r)})^n", poly, r


def _shifts(rng, count: int, start: int) -> list[int]:
    pool = [a for a in range(1 - start, 5) if a + start >= 1]
    rng.shuffle(pool)
    return sorted(pool[:count])


def rational_part(rng, count: int, divergent: bool, expanded: bool, start: int):
    """(text, numerator, shifts): num(n) / prod (n + a_i), written factored or expanded. A
    divergent one has a numerator of degree count - 1 (terms like c/n)."""
    if divergent:
        count = rng.choice((1, 2))
    shifts = _shifts(rng, count, start)
    if divergent:
        num = [Fraction(rng.randint(-2, 3)) for _ in range(count - 1)] + [Fraction(rng.choice((1, 2, 3, -1)))]
    elif count >= 3 and rng.random() < 0.6:
        num = [Fraction(rng.randint(-3, 3)), Fraction(rng.choice((1, 2, -1)))]
    else:
        num = [Fraction(rng.choice((1, 2, 3, 4, 5, 6, -2, -3)))]
    while len(num) > 1 and num[-1] == 0:
        num.pop()
    den = [Fraction(1)]
    for a in shifts:
        den = p_mul(den, [Fraction(a), Fraction(1)])
    top = poly_text(num, "n")
    top = f"({top})" if " " in top else top
    if expanded or count == 1:
        bottom = poly_text(den, "n")
    else:
        bottom = "*".join("n" if a == 0 else f"(n + {a})" if a > 0 else f"(n - {-a})" for a in shifts)
    return f"{top}/({bottom})" if " " in bottom or "*" in bottom else f"{top}/{bottom}", num, shifts


# --------------------------------------------------------------------------- the task

@register
class SeriesSum(Task):
    """Find the exact sum of a series, or say that it diverges. Level 1 sums a geometric series;
    level 2 writes it in disguised forms (a p^n/q^(n+1), p^(n+1)/q^n) and starts at n = 0, 1
    or 2; level 3 adds two geometric series or telescopes 1/((n+a)(n+b)); level 4 expands the
    denominator and sums long finite telescoping sums; level 5 arithmetico-geometric series
    sum (a n + b) r^n; from level 6 some series diverge (ratio at least 1 in size, or terms
    like 1/n) and three-factor telescoping appears; levels 8-10 add parts of different kinds
    together and use quadratic polynomials times r^n; past level 10, up to ten parts and
    polynomials up to degree 6. Sums are computed exactly: partial
    fractions with harmonic numbers for the telescoping parts, and the moments
    sum n^j r^n = r sum_{i<j} C(j, i) S_i / (1 - r) for the geometric ones."""

    name = "calculus/series_sum"
    knobs = (
        Knob("kind", [["geometric"], ["geometric"], ["geometric_mix", "telescoping"],
                      ["telescoping", "finite_telescoping", "geometric"],
                      ["telescoping", "arith_geo", "geometric_mix", "finite_telescoping"],
                      ["telescoping3", "arith_geo", "telescoping", "geometric"],
                      ["telescoping3", "arith_geo", "finite_telescoping", "geometric_mix"],
                      ["arith_geo", "telescoping3", "telescoping", "geometric"],
                      list(KINDS), list(KINDS)] + [["geometric_mix", "telescoping", "telescoping3", "arith_geo"]] * 10,
             choices=KINDS, doc="the kind of series (a list: one is drawn per problem)"),
        Knob("parts", [1, 1, 1, 1, 1, 1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10], (1, 10),
             doc="series of different kinds added term by term"),
        Knob("forms", [0, 2, 2] + [3] * 17, (0, 3), doc="how disguised a geometric term may be written"),
        Knob("expanded", [False, False, False] + [True] * 17, doc="telescoping denominators are multiplied out"),
        Knob("divergent_percent", [0, 0, 0, 0, 0, 20, 20, 20, 25, 25] + [25] * 10, (0, 100),
             doc="chance that a series diverges"),
        Knob("degree", [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5, 5, 6], (1, 6),
             doc="degree of the polynomial in arithmetico-geometric terms"),
    )
    answer_format = "the exact sum as an integer or a fraction p/q, or the word diverges if the series diverges"
    example = "17/1000000007"  # sums have denominators at most 10^9: never an answer

    def build(self, rng, params):
        for _ in range(50):
            kind = params["kind"]
            start = rng.choice((0, 1, 1, 2)) if kind in ("geometric", "geometric_mix", "arith_geo") else rng.choice((1, 1, 2))
            divergent = rng.randrange(100) < params["divergent_percent"] and kind != "finite_telescoping"
            stop = rng.randint(10, 40) if kind == "finite_telescoping" else None
            texts, pieces = [], []
            others = [k for k in ("geometric", "telescoping", "arith_geo") if k != kind]
            n_parts = 1 if stop is not None else params["parts"]  # a finite sum stays one telescoping part
            kinds = [kind] + [rng.choice(others) for _ in range(n_parts - 1)]
            bad = rng.randrange(len(kinds)) if divergent else -1
            try:
                for i, k in enumerate(kinds):
                    t, descs = self._part(rng, k, i == bad, params, start, stop)
                    texts.append(t)
                    pieces.extend(descs)
            except ValueError:
                continue
            outcome = series_total(pieces, start, stop)
            if outcome[0] == "value" and (abs(outcome[1].numerator) > 10**9 or outcome[1].denominator > 10**9):
                continue
            break
        summand = " + ".join(f"({t})" if len(texts) > 1 and (" " in t) else t for t in texts)
        upper = "infinity" if stop is None else str(stop)
        question = (f"Find the sum of the series\n\nsum from n = {start} to {upper} of  {summand}\n\n"
                    + ("" if stop is not None else "or state that it diverges. "))
        question = question.rstrip() + ("" if stop is None else "\n\n(This is a finite sum.)")
        if outcome[0] == "value":
            answer = frac_text(outcome[1])
            check = {"kind": "value", "value": [outcome[1].numerator, outcome[1].denominator]}
        else:
            answer = "diverges"
            check = {"kind": "div", "direction": outcome[1]}
        check.update({"summand": summand, "start": start, "stop": stop})
        return Draft(question, answer, check)

    @staticmethod
    def _part(rng, kind, divergent, params, start, stop):
        """(text, [("geo", poly, r) | ("rat", numerator, shifts)]): one part of the summand."""
        if kind == "geometric":
            t, poly, r = geometric_part(rng, divergent, params["forms"])
            return t, [("geo", poly, r)]
        if kind == "geometric_mix":
            t1, p1, r1 = geometric_part(rng, False, min(params["forms"], 1))
            t2, p2, r2 = geometric_part(rng, divergent, min(params["forms"], 1))
            if r1 == r2:
                raise ValueError("like terms")
            text = t1 + (" - " + t2[1:] if t2.startswith("-") else " + " + t2)
            return text, [("geo", p1, r1), ("geo", p2, r2)]
        if kind == "arith_geo":
            t, poly, r = arith_geo_part(rng, divergent, params["degree"])
            return t, [("geo", poly, r)]
        t, num, shifts = rational_part(rng, 3 if kind == "telescoping3" else 2, divergent, params["expanded"], start)
        return t, [("rat", num, shifts)]

    def effort(self, problem):
        return summation_work(problem.check["summand"], problem.check["stop"] is not None)

    def grade(self, answer, problem):
        c = problem.check
        try:
            form, given = read_extended(read_rhs(answer, ("S", "sum")), _DIVERGES)
        except ParseError as exc:
            return refused(exc)
        if form == "word":
            return right() if c["kind"] == "div" else wrong("The series converges.")
        if form == "inf":
            if c["kind"] == "div" and c["direction"] == given:
                return right()
            return wrong("The series does not diverge to that infinity." if c["kind"] == "div"
                         else "The series converges.")
        if c["kind"] == "div":
            return wrong("The series diverges.")
        return right() if given == Fraction(*c["value"]) else wrong("That is not the sum.")


def summation_work(summand: str, finite: bool) -> int:
    """Steps of summing each term of the summand by its method: a rational term by partial
    fractions (a d x d system for a denominator of degree d) and telescoping (d harmonic-type
    tails, and both ends of a finite sum); a term poly(n) r^n by the ratio test and the moments
    sum n^j r^n for j up to the polynomial's degree ((degree + 1)^2 steps); then the terms added."""
    n = sympy.Symbol("n")
    parts, depth, start = [], 0, 0  # the parts joined by " + " outside brackets, read one by one
    for i, ch in enumerate(summand):
        depth += {"(": 1, ")": -1}.get(ch, 0)
        if depth == 0 and summand.startswith(" + ", i):
            parts.append(summand[start:i])
            start = i + 3
    parts.append(summand[start:])
    terms = [t for part in parts for t in sympy.Add.make_args(parse_expression(part, ["n"]))]
    steps = len(terms) - 1
    for term in terms:
        if term.is_rational_function(n):
            d = sympy.degree(sympy.fraction(sympy.together(term))[1], n)
            steps += d * d + d + 1 + (2 * d if finite else 0)
        else:
            poly = sympy.Mul(*[f for f in sympy.Mul.make_args(term) if not (f.is_Pow and f.exp.has(n))])
            degree = sympy.degree(poly, n) if poly.has(n) else 0
            steps += (degree + 1) ** 2 + 2
    return int(steps)


def series_total(pieces, start: int, stop: int | None):
    """('value', sum) or ('div', direction: +1, -1, or 0 when it oscillates or is unclear)."""
    results = []
    for kind, a, b in pieces:
        if kind == "rat":
            results.append(rational_sum(a, b, start, stop))
        elif stop is None:
            results.append(geometric_sum(a, b, start))
        else:
            results.append(("value", sum((p_eval(a, Fraction(n)) * b ** n for n in range(start, stop + 1)), Fraction(0))))
    divergent = [r for r in results if r[0] == "div"]
    if divergent:
        signs = {r[1] for r in divergent}
        return "div", signs.pop() if len(signs) == 1 else 0
    return "value", sum((r[1] for r in results), Fraction(0))
