"""Arithmetic and geometric sequences: terms, closed forms, sums and closed forms of sums."""
from __future__ import annotations

import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, grade_number, read_rhs, refused
from procgym.parsing import ParseError, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._polynomials import poly_text

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
    return frac_text(v) if v.denominator == 1 and v >= 0 else f"({frac_text(v)})"


def term_formula_text(kind: str, a1: Fraction, step: Fraction) -> str:
    if kind == "arithmetic":
        return poly_text([a1 - step, step], "n")
    power = f"{_paren(step)}^(n - 1)"
    if a1 == 1:
        return power
    if a1 == -1:
        return f"-{power}"
    return f"{_paren(a1) if a1.denominator != 1 else frac_text(a1)}*{power}"


def sum_formula_text(kind: str, a1: Fraction, step: Fraction) -> str:
    if kind == "arithmetic":
        return poly_text([0, a1 - step / 2, step / 2], "n")
    c = a1 / (1 - step)
    lead = "" if c == 1 else "-" if c == -1 else f"{_paren(c) if c.denominator != 1 else frac_text(c)}*"
    return f"{lead}(1 - {_paren(step)}^n)"


@register
class SequenceFormula(Task):
    """Arithmetic and geometric sequences: find a term, the closed form of the n-th term, the
    sum of the first N terms, or a closed form of that sum. Level 1 gives the first terms of an
    arithmetic sequence and asks for one term; higher levels mix in geometric sequences
    (negative and fractional ratios), give the sequence by a recurrence or by two terms far apart
    (solve for the first term and the difference, or take a root for the ratio), and ask for
    closed forms and sums. The reference recovers the first term and the step from what is
    given, then computes terms and sums by exact summation. A closed form is accepted when it
    equals the reference as a function of n: both are written as sums of polynomial(n) * r^n over
    distinct rational bases r and compared term by term, which decides the identity for every n."""

    name = "algebra/sequence_formula"
    cap_reason = ("level 10 already asks for sums and closed forms from two far-apart terms with fractional "
                  "steps: the closed forms take the same few steps for any index, so larger indices or values add "
                  "no reasoning, and geometric indices stop at 12 to keep terms readable")
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
    # ratios are 2, 3, 4, 1/2, 1/3, 2/3, 3/2 (and negatives), and denominators powers of 2 and 3: the
    # examples (ratio 5, denominator 7) are never an answer
    example = "3*5^(n - 1)"

    def build(self, rng, params):
        kind, ask, given = params["kind"], params["ask"], params["given"]
        top = params["value_max"]
        a1, step = self._draw(rng, kind, top, params["fractions"])
        if given == "terms":
            shown = [self._term(kind, a1, step, i) for i in range(1, 5)]
            desc = f"The sequence {', '.join(frac_text(v) for v in shown)}, ... is {kind}."
            g_a1, g_step = self._from_terms(kind, shown)
        elif given == "recursive":
            rule = f"a_(n+1) = a_n {'+' if step > 0 else '-'} {frac_text(abs(step))}" if kind == "arithmetic" \
                else f"a_(n+1) = {_paren(step)}*a_n"
            desc = f"A sequence has a_1 = {frac_text(a1)} and {rule} for n >= 1."
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
            desc = f"{article} {kind} sequence{note} has a_{p} = {frac_text(u)} and a_{q} = {frac_text(v)}."
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
                     answer_format="a closed-form expression in n (use ^ for powers), e.g. 3*5^(n - 1)",
                     example="3*5^(n - 1)" if ask == "formula" else "5^n - 1")

    @staticmethod
    def _numeric(text, value) -> Draft:
        return Draft(text, frac_text(value), {"value": [value.numerator, value.denominator]},
                     answer_format="an exact number: an integer or a fraction p/q", example="-17/7")

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

    def effort(self, problem):
        """Steps by the formulas: recovering the first term and the step (a difference or
        ratio of shown terms; from two far-apart terms, the difference over the gap or the
        gap-th root of the ratio, then back to a_1), then what is asked (a term or a sum by
        the closed forms, where a geometric power r^N costs N - 1 products)."""
        kind, ask, given = (problem.params[k] for k in ("kind", "ask", "given"))
        geometric = kind == "geometric"
        steps = {"terms": 1, "recursive": 0}.get(given, 0)
        if given == "two_terms":
            (p, q), = [tuple(map(int, m)) for m in [re.findall(r"a_(\d+) = ", problem.prompt)]]
            steps = 2 + (q - p) + p if geometric else 6
        m = re.search(r"Find a_(\d+)\.|the first (\d+) terms", problem.prompt)
        n = int(m.group(1) or m.group(2)) if m else 0
        if ask == "term":
            steps += n if geometric else 3
        elif ask == "sum":
            steps += n + 4 if geometric else 6
        else:
            steps += 2 if ask == "formula" else 3
        return steps

    def grade(self, answer, problem):
        c = problem.check
        try:
            text = read_rhs(answer, asked_labels(problem.prompt, "value" in c))
        except ParseError as exc:
            return refused(exc)
        if "value" in c:
            return grade_number(text, Fraction(*c["value"]), "the value")
        try:
            expr = parse_expression(text, ["n"])
        except ParseError as exc:
            return refused(exc)
        target_form = reference_form([Fraction(p, q) for p, q in c["values"]])
        given_form = exp_poly(expr)
        if given_form is not None:
            same = given_form == target_form
        else:  # a form outside sums of polynomial(n) * r^n: equal as functions, at hashed points
            same = equivalent(expr, form_expr(target_form))
        return right() if same else wrong("That formula is not right for every n.")


def reference_form(values: list[Fraction]) -> dict:
    """The closed form (as exp_poly gives it) through the reference values at CHECK_POINTS: a
    polynomial of degree at most 2 (arithmetic terms and sums) or A + B r^n (geometric ones)."""
    v = [sympy.Rational(x.numerator, x.denominator) for x in values]
    one = sympy.Integer(1)
    d1 = [b - a for a, b in zip(v[:6], v[1:6])]
    d2 = [b - a for a, b in zip(d1, d1[1:])]
    if all(b == a for a, b in zip(d2, d2[1:])):  # constant second differences: c0 + c1 n + c2 n^2
        c2 = d2[0] / 2
        c1 = d1[0] - 3 * c2
        c0 = v[0] - c1 - c2
        form = _ep_add({one: {0: c0}} if c0 else {}, {one: {k: c for k, c in ((1, c1), (2, c2)) if c}})
    else:  # differences B r^k (r - 1): v_n = A + B r^n
        r = d1[1] / d1[0]
        b = d1[0] / (r * (r - 1))
        form = _ep_add({one: {0: v[0] - b * r}} if v[0] != b * r else {}, {r: {0: b}})
    if any(form_expr(form).subs(N, k) != x for k, x in zip(CHECK_POINTS, v)):
        raise ValueError("the reference values fit no closed form of this task")
    return form


def form_expr(form: dict) -> sympy.Expr:
    """The sympy expression of an exp_poly form."""
    return sum((c * N ** k * r ** N for r, terms in form.items() for k, c in terms.items()), sympy.Integer(0))


MAX_POWER = 60  # of a bracket multiplied out while reading a formula


def exp_poly(e) -> dict | None:
    """A formula in n as {r: {k: c}}, the sum of c n^k r^n (rational r and c, no zero c), or None
    when it is not such a sum. Distinct n^k r^n are linearly independent as functions of the
    integers n >= 1, so two formulas agree for every n exactly when these forms are equal."""
    if e.is_Rational:
        return {sympy.Integer(1): {0: e}} if e != 0 else {}
    if e.is_Pow and e.base == N and e.exp.is_Integer and 0 <= e.exp <= MAX_POWER:
        return {sympy.Integer(1): {int(e.exp): sympy.Integer(1)}}
    if e == N:
        return {sympy.Integer(1): {1: sympy.Integer(1)}}
    if e.is_Add or e.is_Mul:
        parts = [exp_poly(a) for a in e.args]
        if any(p is None for p in parts):
            return None
        out = parts[0]
        for p in parts[1:]:
            out = _ep_add(out, p) if e.is_Add else _ep_mul(out, p)
        return out
    if e.is_Pow:
        base, exponent = e.args
        if exponent.is_Integer and 0 <= exponent <= MAX_POWER:
            inner = exp_poly(base)
            if inner is None:
                return None
            out = {sympy.Integer(1): {0: sympy.Integer(1)}}
            for _ in range(int(exponent)):
                out = _ep_mul(out, inner)
            return out
        if exponent.is_Integer and exponent < 0:
            inner = exp_poly(base)  # only c r^n can be inverted: 1/(c r^n) = (1/c) (1/r)^n
            if inner is None or len(inner) != 1 or list(next(iter(inner.values()))) != [0]:
                return None
            (r, terms), = inner.items()
            return {r ** exponent: {0: terms[0] ** exponent}}
        if base.is_Rational and base != 0 and exponent.has(N):
            try:
                line = sympy.Poly(exponent, N)
            except sympy.PolynomialError:
                return None
            if line.degree() != 1 or not all(c.is_Rational for c in line.all_coeffs()):
                return None
            p, q = line.all_coeffs()
            r, c = base ** p, base ** q  # b^(p n + q) = b^q (b^p)^n
            if not (r.is_Rational and c.is_Rational):
                return None
            return {r: {0: c}}
    return None


def _ep_add(a: dict, b: dict) -> dict:
    out = {r: dict(terms) for r, terms in a.items()}
    for r, terms in b.items():
        row = out.setdefault(r, {})
        for k, c in terms.items():
            row[k] = row.get(k, 0) + c
            if row[k] == 0:
                del row[k]
        if not row:
            del out[r]
    return out


def _ep_mul(a: dict, b: dict) -> dict:
    out: dict = {}
    for r1, t1 in a.items():
        for r2, t2 in b.items():
            out = _ep_add(out, _ep_collect(r1 * r2, t1, t2))
    return out


def _ep_collect(r, t1: dict, t2: dict) -> dict:
    row: dict = {}
    for k1, c1 in t1.items():
        for k2, c2 in t2.items():
            row[k1 + k2] = row.get(k1 + k2, 0) + c1 * c2
    row = {k: c for k, c in row.items() if c != 0}
    return {r: row} if row else {}


_ASKED_TERM = re.compile(r"Find a_(\d+)\.")
_ASKED_SUM = re.compile(r"the sum of the first (\d+) terms")


def asked_labels(prompt: str, value: bool) -> list[str]:
    """The left-hand sides an answer may carry: a_N or S_N for a number, a_n or S_n for a formula."""
    if not value:
        sums = "S_n =" in prompt
        return ["S_n", "S(n)", "Sn", "s_n"] if sums else ["a_n", "a(n)", "an"]
    labels = []
    for pattern, letter in ((_ASKED_TERM, "a"), (_ASKED_SUM, "S")):
        m = pattern.search(prompt)
        if m:
            labels += [f"{letter}_{m.group(1)}", f"{letter}{m.group(1)}"]
    return labels
