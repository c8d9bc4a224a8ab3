"""Rational expressions: simplifying to lowest terms, and partial fraction decomposition."""
from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, read_rhs, refused
from procgym.parsing import ParseError, degree_bound, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._linear_systems import elimination_steps, read_unknowns, solve_system
from ._polynomials import (Steps, degree, factor_text, int_content, padd, pexquo_int, pgcd_int, pmul, poly_text, ppow,
                           pscale, read_poly)

X = sympy.Symbol("x")


def _linear(rng, lead_max: int, root_max: int, avoid: set) -> list[int]:
    """a x + b (lowest power first), primitive, a > 0, whose root is not in `avoid`."""
    while True:
        a = rng.randint(1, lead_max)
        b = rng.randint(-root_max, root_max)
        if b == 0 and rng.random() < 0.6:
            continue
        g = math.gcd(a, b) or 1
        a, b = a // g, b // g
        if Fraction(-b, a) not in avoid:
            avoid.add(Fraction(-b, a))
            return [b, a]


def _irreducible_quadratic(rng, used: set) -> list[int]:
    """x^2 + b x + c with a negative discriminant."""
    while True:
        b = rng.randint(-3, 3)
        c = rng.randint(1, 9)
        if b * b < 4 * c and (b, c) not in used:
            used.add((b, c))
            return [c, b, 1]


def _expr(coeffs) -> sympy.Expr:
    return sum((sympy.Rational(Fraction(c).numerator, Fraction(c).denominator) * X ** k
                for k, c in enumerate(coeffs)), sympy.Integer(0))


def _fraction_text(num, den) -> str:
    if den == [1]:
        return poly_text(num)
    if degree(den) == 0:
        if len(num) > 1:
            return f"({poly_text(num)})/{frac_text(den[0])}"
        return frac_text(Fraction(num[0], den[0]) if num else 0)
    n = poly_text(num)
    n = n if degree(num) == 0 and not n.startswith("-") else f"({n})"
    return f"{n}/({poly_text(den)})"


def _read_fraction(text: str) -> tuple[list, list]:
    """(numerator, denominator) of a fraction `_fraction_text` wrote (a problem's own text)."""
    if "/(" in text:
        top, bottom = text.rsplit("/(", 1)
        return read_poly(top[1:-1] if top.startswith("(") else top), read_poly(bottom[:-1])
    if m := re.fullmatch(r"\((.*)\)/(\d+)", text):
        return read_poly(m.group(1)), [Fraction(m.group(2))]
    if m := re.fullmatch(r"(-?\d+)/(\d+)", text):
        return [Fraction(m.group(1))], [Fraction(m.group(2))]
    return read_poly(text), [Fraction(1)]


def lowest_terms(num: list[int], den: list[int]) -> tuple[list[int], list[int]]:
    """num/den (integer polynomials) cancelled by their polynomial gcd and by their common
    integer factor, with a positive leading coefficient in the denominator."""
    g = pgcd_int(num, den)
    num, den = pexquo_int(num, g), pexquo_int(den, g)
    c = math.gcd(int_content(num), int_content(den))
    if den[-1] < 0:
        c = -c
    return [v // c for v in num], [v // c for v in den]


def _split(shape, num: list, den: list) -> None:
    """Numerator and denominator factors of an unevaluated product."""
    if shape.is_Mul:
        for arg in shape.args:
            _split(arg, num, den)
    elif shape.is_Pow and shape.exp.is_Integer and shape.exp < 0:
        den.append(shape.base ** (-shape.exp))
    else:
        num.append(shape)


@register
class SimplifyRational(Task):
    """Simplify a rational expression in x to lowest terms. Level 1 is one fraction whose
    numerator and denominator share one linear factor (to be found by factoring); higher levels
    add shared factors, integer contents, non-monic factors and irreducible quadratic factors,
    then products and quotients of two or three fractions (cancelling across fractions), and at
    the top levels sums and differences over a common denominator (past level 10, up to five
    fractions with more factors). The reference cancels the
    polynomial gcd (Euclid's algorithm over the rationals). The answer must equal the expression
    and be a single fraction P/Q (or a polynomial) whose numerator and denominator share no
    factor; domain restrictions are not asked for."""

    name = "algebra/simplify_rational"
    knobs = (
        Knob("n_fractions", [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5], (1, 6),
             doc="fractions combined"),
        Knob("operations", ["mul", "mul", "mul", "mul", "mul", "muldiv", "muldiv"] + ["all"] * 13,
             choices=("mul", "muldiv", "all"),
             doc="how fractions combine: products; products and quotients; or also sums and differences"),
        Knob("common_factors", [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 6], (0, 6),
             doc="linear factors that cancel"),
        Knob("other_factors", [1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 5, 6, 7, 7, 7, 8, 8], (0, 8),
             doc="linear factors that do not cancel"),
        Knob("quadratic_factors", [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3], (0, 3),
             doc="irreducible quadratic factors"),
        Knob("content_max", [1, 1, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 8, 9], (1, 20),
             doc="largest constant factor of a part"),
        Knob("lead_max", [1, 1, 1, 2, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4], (1, 6),
             doc="largest leading coefficient of a factor"),
        Knob("root_max", [5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10, 10, 11, 11, 12, 12, 13], (1, 20),
             doc="largest constant in a factor"),
    )
    answer_format = ("the simplified expression as a single fraction P/Q in lowest terms, with P and Q polynomials "
                     "in x, expanded or factored (or just a polynomial if the denominator cancels)")
    # denominators are products of the task's factors, whose constants are at most root_max (20):
    # x + 97 is never one, so the example is never an answer
    example = "(2x - 1)/(x^2 + 97x)"

    def build(self, rng, params):
        k = params["n_fractions"]
        additive = params["operations"] == "all" and k > 1 and rng.random() < 0.5
        if additive:
            fracs, ops = self._sum_parts(rng, params, k)
        else:
            allowed = ["*", "/"] if params["operations"] != "mul" else ["*"]
            ops = [rng.choice(allowed) for _ in range(k - 1)]
            fracs = self._product_parts(rng, params, k, ops)
        num, den = fracs[0]
        for (n2, d2), op in zip(fracs[1:], ops):  # combine left to right (all one precedence class)
            if op == "*":
                num, den = pmul(num, n2), pmul(den, d2)
            elif op == "/":
                num, den = pmul(num, d2), pmul(den, n2)
            else:
                sign = 1 if op == "+" else -1
                num, den = padd(pmul(num, d2), pscale(pmul(n2, den), sign)), pmul(den, d2)
        n_red, d_red = lowest_terms(num, den)  # the reference: cancel the polynomial gcd
        if k == 1:
            expr = _fraction_text(*fracs[0])
        else:
            expr = f"[{_fraction_text(*fracs[0])}]"
            for (n2, d2), op in zip(fracs[1:], ops):
                expr += f" {op} [{_fraction_text(n2, d2)}]"
        question = f"Simplify this rational expression completely:\n\n{expr}"
        check = {"num": [int(c) for c in n_red], "den": [int(c) for c in d_red]}
        return Draft(question, _fraction_text(n_red, d_red), check)

    def _factors(self, rng, params, n_linear, avoid, used_quads, quads=0):
        return ([_linear(rng, params["lead_max"], params["root_max"], avoid) for _ in range(n_linear)]
                + [_irreducible_quadratic(rng, used_quads) for _ in range(quads)])

    def _product_parts(self, rng, params, k, ops):
        avoid, used = set(), set()
        nums = [[[rng.randint(1, params["content_max"]) * rng.choice([1, 1, -1])]] for _ in range(k)]
        dens = [[[rng.randint(1, params["content_max"])]] for _ in range(k)]
        sign = [1] + [1 if op == "*" else -1 for op in ops]  # +1: the numerator counts as a numerator
        for f in self._factors(rng, params, params["common_factors"], avoid, used):
            i, j = rng.randrange(k), rng.randrange(k)
            (nums if sign[i] > 0 else dens)[i].append(f)
            (dens if sign[j] > 0 else nums)[j].append(f)
        n_quads = params["quadratic_factors"]
        others = self._factors(rng, params, params["other_factors"], avoid, used, n_quads)
        for f in others:
            i = rng.randrange(k)
            (nums if rng.random() < 0.5 else dens)[i].append(f)
        for i in range(k):  # every part that is a bare constant gets a factor, so each fraction is rational
            if len(nums[i]) + len(dens[i]) <= 2 or len(dens[i]) == 1:
                dens[i].append(_linear(rng, params["lead_max"], params["root_max"], avoid))
        out = []
        for n_parts, d_parts in zip(nums, dens):
            n, d = [1], [1]
            for f in n_parts:
                n = pmul(n, f)
            for f in d_parts:
                d = pmul(d, f)
            g = math.gcd(int_content(n), int_content(d))
            out.append(([c // g for c in n], [c // g for c in d]))  # no bare common constant
        return out

    def _sum_parts(self, rng, params, k):
        """Fractions with small numerators over denominators built from a shared pool of factors."""
        avoid, used = set(), set()
        pool_size = max(2, params["common_factors"] + 1)
        pool = self._factors(rng, params, pool_size, avoid, used)
        fracs = []
        for _ in range(k):
            picks = rng.sample(range(pool_size), rng.randint(1, min(2, pool_size)))
            den = [1]
            for p in picks:
                den = pmul(den, pool[p])
            if rng.random() < 0.4:
                num = [rng.choice([-1, 1]) * rng.randint(1, params["root_max"]), rng.randint(1, 2)]
            else:
                num = [rng.choice([-1, 1]) * rng.randint(1, params["content_max"] + 2)]
            fracs.append((num, den))
        ops = [rng.choice("+-") for _ in range(k - 1)]
        return fracs, ops

    def effort(self, problem):
        """Combining the fractions as the reference does (one step per pair of nonzero
        coefficients multiplied, one per coefficient added), then cancelling the gcd by the
        pseudo-remainder sequence (one step per coefficient updated)."""
        expr = problem.prompt.split("\n\n")[1]
        parts = [(op, _read_fraction(text)) for op, text in
                 re.findall(r"(^| [-+*/] )\[(.*?)\](?= [-+*/] \[|$)", expr)] or [("", _read_fraction(expr))]
        steps = Steps()

        def product(p, q):
            steps.add(sum(1 for v in p if v) * sum(1 for v in q if v))
            return pmul(p, q)

        (_, (num, den)), rest = parts[0], parts[1:]
        for op, (n2, d2) in rest:
            op = op.strip()
            if op == "*":
                num, den = product(num, n2), product(den, d2)
            elif op == "/":
                num, den = product(num, d2), product(den, n2)
            else:
                left, right = product(num, d2), product(n2, den)
                steps.add(max(len(left), len(right)))
                num, den = padd(left, pscale(right, 1 if op == "+" else -1)), product(den, d2)
        pgcd_int([int(v) for v in num], [int(v) for v in den], steps)
        return steps.count

    def grade(self, answer, problem):
        c = problem.check
        try:
            # the question's expression on the left, "[...] * [...] = (x + 1)/(x - 2)", is allowed
            text = read_rhs(answer, lhs_ok=lambda lhs: _equals(lhs, _expr(c["num"]) / _expr(c["den"])))
            with sympy.evaluate(False):
                shape = parse_expression(text, ["x"])
        except ParseError as exc:
            return refused(exc)
        limit = 2 * (len(c["num"]) + len(c["den"])) + 4
        if degree_bound(shape) > limit:
            return wrong("Write the answer as a single fraction P/Q of polynomials.")
        nums, dens = [], []
        _split(shape, nums, dens)
        try:
            p, q = _poly_of(sympy.Mul(*nums, evaluate=False)), _poly_of(sympy.Mul(*dens, evaluate=False))
        except ValueError:
            return wrong("Write the answer as a single fraction P/Q of polynomials.")
        if q.is_zero:
            return wrong("The denominator is zero.")
        # P/Q equals num/den exactly when P den = Q num: a polynomial identity
        num, den = (sympy.Poly([sympy.Integer(v) for v in reversed(c[k])], X, domain=sympy.QQ) for k in ("num", "den"))
        if p * den != q * num:
            return wrong("That is not equal to the expression.")
        common = sympy.gcd(p, q)
        if common.degree() > 0:
            return wrong(f"Not in lowest terms: the factor {common.as_expr()} still cancels.")
        coeffs = p.all_coeffs() + q.all_coeffs()
        if all(v.is_Integer for v in coeffs) and not p.is_zero:
            content = math.gcd(*(int(v) for v in coeffs))
            if content > 1:
                return wrong(f"Not in lowest terms: the common factor {content} still cancels.")
        return right()


def _poly_of(e) -> sympy.Poly:
    """An unevaluated polynomial expression in x as a Poly over the rationals, multiplied out
    exactly; ValueError when it is not a polynomial (a quotient, a function, a negative power)."""
    if e.is_Number:
        if not e.is_Rational:
            raise ValueError("not a rational coefficient")
        return sympy.Poly(e, X, domain=sympy.QQ)
    if e == X:
        return sympy.Poly(X, X, domain=sympy.QQ)
    if e.is_Add or e.is_Mul:
        parts = [_poly_of(a) for a in e.args]
        out = parts[0]
        for part in parts[1:]:
            out = out + part if e.is_Add else out * part
        return out
    if e.is_Pow and e.exp.is_Integer and e.exp >= 0:
        return _poly_of(e.base) ** int(e.exp)
    if e.is_Pow and e.base.is_Number and e.exp.is_Integer:  # a number such as 2^(-1)
        return _poly_of(sympy.Rational(e.base) ** int(e.exp))
    raise ValueError("not a polynomial")


def _equals(text: str, target) -> bool:
    """Whether `text` (a left-hand side the answer wrote) is an expression equal to `target`."""
    try:
        return equivalent(parse_expression(text.replace("[", "(").replace("]", ")"), ["x"]), target)
    except ParseError:
        return False


LETTERS = "ABCDFGHKMNPQRSTUVWZ"  # no E, I, O, L, X, Y: they read as numbers or variables


@register
class PartialFractions(Task):
    """Find the constants of a partial fraction decomposition of a rational function whose denominator
    is given factored; the template of the decomposition is stated, so the answer is unique. Higher
    levels add distinct linear factors, a repeated linear factor (up to a cube: terms A/(x-a) +
    B/(x-a)^2 + ...), non-monic factors, an irreducible quadratic factor (a (Bx + C)/(x^2 + ...)
    term) and an improper fraction whose polynomial part must be found by division first; past level
    10, up to seven linear and three quadratic factors. The reference solves the coefficient-
    matching linear system exactly."""

    name = "algebra/partial_fractions"
    knobs = (
        Knob("n_linear", [2, 2, 3, 2, 3, 2, 2, 3, 2, 3, 4, 3, 4, 4, 5, 5, 5, 6, 7, 7], (1, 7),
             doc="distinct linear factors of the denominator"),
        Knob("repeated_power", [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 3, 4, 4, 4, 5], (1, 5),
             doc="power of one linear factor"),
        Knob("n_quadratic", [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3], (0, 3),
             doc="irreducible quadratic factors"),
        Knob("lead_max", [1, 1, 1, 1, 2, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3], (1, 5),
             doc="largest leading coefficient of a linear factor"),
        Knob("improper", [False, False, False, False, False, False, True, False] + [True] * 12,
             doc="the numerator's degree is at least the denominator's: a polynomial part comes first"),
        Knob("value_max", [4, 5, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10, 11, 12, 12, 12], (1, 50),
             doc="largest constant in the decomposition"),
    )
    answer_format = ("the value of every constant as name=value pairs separated by commas, values as integers or "
                     "fractions p/q (e.g. A=2, B=-1/3)")
    example = "A=2, B=-1/3, C=0"  # the constants are integers by construction: never an answer

    def build(self, rng, params):
        avoid, used = set(), set()
        top = params["value_max"]
        linear = [_linear(rng, params["lead_max"], 6, avoid) for _ in range(params["n_linear"])]
        quads = [_irreducible_quadratic(rng, used) for _ in range(params["n_quadratic"])]
        power = params["repeated_power"]
        rep = rng.randrange(len(linear))
        # the template: (numerator basis, factor, power) per unknown, then the polynomial part
        parts = [(f, power if i == rep else 1) for i, f in enumerate(linear)] + [(q, 1) for q in quads]
        terms: list[tuple[list, list, int]] = []
        basis = []
        den = [1]
        for f, m in parts:
            den = pmul(den, ppow(f, m))
        for i, (f, m) in enumerate(parts):
            rest = [1]
            for j, (g, mg) in enumerate(parts):
                if j != i:
                    rest = pmul(rest, ppow(g, mg))
            numers = [[0, 1], [1]] if len(f) == 3 else [[1]]
            for k in range(1, m + 1):
                for numer in numers:
                    terms.append((numer, f, k))
                    basis.append(pmul(numer, pmul(rest, ppow(f, m - k))))
        poly_part = rng.randint(0, 1) if params["improper"] else -1
        for j in range(poly_part + 1):
            basis.append(pmul([0] * j + [1], den))
        n_unknowns = len(basis)
        values = [rng.choice([-1, 1]) * rng.randint(1, top) for _ in range(n_unknowns)]
        if len(values) > 2 and rng.random() < 0.3:
            values[rng.randrange(len(values))] = 0  # a zero constant is a classic trap
        numerator = []
        for v, b in zip(values, basis):
            numerator = padd(numerator, pscale(b, v))
        size = max(len(numerator), n_unknowns)
        rows = [[(b[e] if e < len(b) else 0) for b in basis] + [numerator[e] if e < len(numerator) else 0]
                for e in range(size)]
        kind, solution = solve_system(rows)  # the reference: coefficient matching, solved exactly
        if kind != "unique":
            raise AssertionError("a partial fraction template must have a unique solution")
        # letters in display order: the polynomial part (highest power first), then the fractions
        order = [len(terms) + j for j in range(poly_part, -1, -1)] + list(range(len(terms)))
        name_of = {u: LETTERS[i] for i, u in enumerate(order)}
        pieces = [f"{name_of[len(terms) + j]}x" if j == 1 else name_of[len(terms)]
                  for j in range(poly_part, -1, -1)]
        i = 0
        while i < len(terms):
            numer, f, k = terms[i]
            den_text = factor_text(f) + (f"^{k}" if k > 1 else "")
            if numer == [0, 1]:
                pieces.append(f"({name_of[i]}x + {name_of[i + 1]})/{den_text}")
                i += 2
            else:
                pieces.append(f"{name_of[i]}/{den_text}")
                i += 1
        names = [name_of[u] for u in order]
        solution = [solution[u] for u in order]
        factored = "".join(factor_text(f) + (f"^{power}" if i == rep and power > 1 else "")
                           for i, f in enumerate(linear)) + "".join(factor_text(q) for q in quads)
        question = (f"Find the constants {', '.join(names)} such that\n\n"
                    f"({poly_text(numerator)})/({factored}) = {' + '.join(pieces)}\n\n"
                    f"for every x where both sides are defined.")
        answer = ", ".join(f"{n}={frac_text(v)}" for n, v in zip(names, solution))
        return Draft(question, answer, {"names": names, "values": [[v.numerator, v.denominator] for v in solution]})

    def effort(self, problem):
        """Coefficient matching as the reference does it: the template's basis polynomials
        (each numerator times the rest of the denominator) give one equation per power of x,
        solved by Gauss-Jordan elimination (steps counted)."""
        m = re.search(r"^\((.*)\)/\((.*)\) = ", problem.prompt, re.M)
        numerator = read_poly(m.group(1))
        parts = [(read_poly(body.strip("()")) if body != "x" else [0, 1], int(power or 1))
                 for body, power in re.findall(r"(x|\([^()]*\))(?:\^(\d+))?", m.group(2))]
        den = [1]
        for f, k in parts:
            den = pmul(den, ppow(f, k))
        basis = []
        for f, k in parts:
            for j in range(1, k + 1):
                rest = pexquo_int([int(v) for v in den], [int(v) for v in ppow(f, j)])
                basis += [pmul(numer, rest) for numer in ([[0, 1], [1]] if len(f) == 3 else [[1]])]
        for j in range(len(problem.check["names"]) - len(basis)):
            basis.append(pmul([0] * j + [1], den))
        size = max(len(numerator), len(basis))
        rows = [[(b[e] if e < len(b) else 0) for b in basis] + [numerator[e] if e < len(numerator) else 0]
                for e in range(size)]
        return elimination_steps(rows)

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_unknowns(answer, c["names"])
        except ParseError as exc:
            return refused(exc)
        for n, (p, q) in zip(c["names"], c["values"]):
            if given[n] != Fraction(p, q):
                return wrong(f"The value of {n} is wrong.")
        return right()

