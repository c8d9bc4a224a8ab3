"""Polynomial factoring over the integers: the answer must equal the polynomial and be fully factored."""
from __future__ import annotations

import math

import sympy
from sympy import ZZ
from sympy.polys.factortools import dup_factor_list

from procgym import Draft, Knob, Task, register
from procgym.kit import read_rhs, refused
from procgym.parsing import ParseError, degree_bound, parse_expression
from procgym.verdict import right, wrong

from ._polynomials import Steps, rational_roots

X = sympy.Symbol("x")


def poly_mul(a: list[int], b: list[int]) -> list[int]:
    """The product of two integer polynomials given as coefficient lists, highest power first."""
    out = [0] * (len(a) + len(b) - 1)
    for i, u in enumerate(a):
        if u:
            for j, v in enumerate(b):
                out[i + j] += u * v
    return out


def poly_text(coeffs: list[int]) -> str:
    """'2x^3 - x + 5' for [2, 0, -1, 5]."""
    n = len(coeffs) - 1
    parts = []
    for i, c in enumerate(coeffs):
        if c == 0:
            continue
        power = n - i
        mag = abs(c)
        body = "x" if power == 1 else f"x^{power}" if power else ""
        num = "" if (mag == 1 and power) else str(mag)
        sign = "-" if c < 0 else "+"
        parts.append((sign, num + body))
    if not parts:
        return "0"
    first_sign, first = parts[0]
    text = ("-" if first_sign == "-" else "") + first
    return text + "".join(f" {s} {t}" for s, t in parts[1:])


def factored_text(content: int, factors: list[tuple[list[int], int]]) -> str:
    """'-2x^2(x - 1)(x^2 + 3)^2' from a content and (coefficients, multiplicity) pairs."""
    lead = "" if content == 1 else "-" if content == -1 else str(content)
    out = []
    for coeffs, k in factors:
        body = "x" if coeffs == [1, 0] else f"({poly_text(coeffs)})"
        out.append(body + (f"^{k}" if k > 1 else ""))
    return lead + "".join(out) if out else str(content)


def _factors(e, mult: int, out: list) -> None:
    """Flatten an unevaluated product into (factor, multiplicity) pairs."""
    if e.is_Mul:
        for a in e.args:
            _factors(a, mult, out)
    elif e.is_Pow and e.exp.is_Integer and not e.base.is_number:
        if e.exp < 0:
            out.append((None, 0))  # a division by a non-constant: not a polynomial factorisation
        else:
            _factors(e.base, mult * int(e.exp), out)
    else:
        out.append((e, mult))


@register
class FactorPolynomial(Task):
    """Factor a polynomial in x completely over the integers. The answer must equal the polynomial
    and be a product whose non-constant factors have integer coefficients, no common factor, and
    are irreducible; any order, sign arrangement and (x+1)^2 or (x+1)(x+1) are accepted. Higher
    levels raise the degree with more factors, non-monic factors, a common integer factor to
    take out first, repeated factors, and differences of squares or irreducible quadratics that
    stop a partial factorisation from being complete; past level 10 the degree grows to 15. The
    reference comes from sympy's factoring (dup_factor_list) of the expanded polynomial: about
    1,500 problems/s at level 5, about 350/s at level 10, where the degree reaches 9 and
    factoring dominates, and about 80/s at level 20."""

    name = "algebra/factor_polynomial"
    released_dips = {6: "level 6 drops level 5's repeated factor, so its polynomials are cubics, not quartics: "
                        "one root fewer to search for and divide out"}
    knobs = (
        Knob("n_linear", [2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8], (0, 10),
             doc="linear factors (a x + b)"),
        Knob("conjugate_pairs", [0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3], (0, 5),
             doc="pairs of linear factors (a x - b)(a x + b) among them: differences of squares"),
        Knob("n_quadratic", [0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2], (0, 4),
             doc="irreducible quadratic factors"),
        Knob("repeats", [0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3], (0, 4),
             doc="linear factors that appear twice"),
        Knob("leading_max", [1, 1, 2, 3, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7], (1, 20),
             doc="largest x coefficient of a factor"),
        Knob("content_max", [1, 1, 1, 4, 3, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 12, 12, 12, 12, 12], (1, 100),
             doc="largest common integer factor"),
        Knob("root_max", [5, 6, 7, 7, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12, 12, 12, 13, 13, 14], (1, 50),
             doc="largest constant term of a factor"),
        Knob("negative_lead", [False] * 6 + [True] * 14, doc="the leading coefficient may be negative"),
    )
    answer_format = ("the complete factorization over the integers, e.g. 3(x - 2)(x + 97)^2; use ^ for powers "
                     "and * or juxtaposition for products; any order of factors is accepted")
    # no linear factor of the task has a constant above 50 (root_max), so the example is never an answer
    example = "3(x - 2)(x + 97)^2"

    def build(self, rng, params):
        if params["n_linear"] + params["n_quadratic"] == 0:
            raise ValueError("knobs n_linear and n_quadratic: at least one factor is needed, got 0 and 0")
        top, lead = params["root_max"], params["leading_max"]
        pieces: list[list[int]] = []
        n_pairs = min(params["conjugate_pairs"], params["n_linear"] // 2)
        for _ in range(n_pairs):
            a, b = rng.randint(1, lead), rng.randint(1, top)
            g = math.gcd(a, b)
            pieces += [[a // g, b // g], [a // g, -b // g]]
        for _ in range(params["n_linear"] - 2 * n_pairs):
            pieces.append(self._linear(rng, lead, top))
        linear = list(pieces)
        for _ in range(params["repeats"]):
            pieces.append(list(linear[rng.randrange(len(linear))]) if linear else self._linear(rng, lead, top))
        for _ in range(params["n_quadratic"]):
            pieces.append(self._quadratic(rng, lead, top))
        content = rng.randint(1, params["content_max"])
        if params["negative_lead"] and rng.random() < 0.4:
            content = -content
        coeffs = [content]
        for p in pieces:
            coeffs = poly_mul(coeffs, p)
        c, found = dup_factor_list([ZZ(v) for v in coeffs], ZZ)  # the reference factorisation
        factors = sorted(([int(v) for v in f], int(k)) for f, k in found)
        factors.sort(key=lambda fk: (len(fk[0]), fk[0][::-1]))
        question = f"Factor this polynomial completely over the integers:\n\n{poly_text(coeffs)}"
        return Draft(question, factored_text(int(c), factors), {"coeffs": coeffs})

    @staticmethod
    def _linear(rng, lead: int, top: int) -> list[int]:
        a = rng.randint(1, lead)
        b = rng.randint(-top, top)
        if b == 0:
            return [1, 0]
        g = math.gcd(a, b)
        return [a // g, b // g]

    @staticmethod
    def _quadratic(rng, lead: int, top: int) -> list[int]:
        """A primitive quadratic with no rational root (its discriminant is not a square)."""
        while True:
            a = rng.randint(1, max(1, lead - 1))
            b = rng.randint(-top, top) if rng.random() < 0.6 else 0
            c = rng.randint(-top, top)
            disc = b * b - 4 * a * c
            if c != 0 and math.gcd(math.gcd(a, b), c) == 1 and (disc < 0 or math.isqrt(disc) ** 2 != disc):
                return [a, b, c]

    def effort(self, problem):
        """Steps of factoring by hand: the common factor (one gcd step per coefficient), the
        rational root search with synthetic division over every candidate tried, and, for a
        cofactor without rational roots, splitting it into irreducible quadratics (undetermined
        coefficients: its degree squared)."""
        coeffs = problem.check["coeffs"]
        steps = Steps()
        _, rest = rational_roots(coeffs[::-1], steps)
        degree = len(rest) - 1
        return len(coeffs) + steps.count + (degree * degree if degree > 2 else 2 * degree)

    def grade(self, answer, problem):
        """The factors are read one by one: their product must be the polynomial exactly (a
        polynomial identity, decided by multiplying out), and each non-constant factor must have
        integer coefficients with no common factor and be irreducible over the integers."""
        coeffs = problem.check["coeffs"]
        target = sympy.Poly([int(v) for v in coeffs], X)
        degree = len(coeffs) - 1
        try:
            text = read_rhs(answer, ("f(x)", "p(x)", "P(x)"), lhs_ok=lambda lhs: _is_expanded_target(lhs, target))
            with sympy.evaluate(False):
                shape = parse_expression(text, ["x"])
        except ParseError as e:
            return refused(e)
        if degree_bound(shape) > 2 * degree + 2:
            return wrong("That is not a factorisation of the polynomial.")
        factors: list = []
        _factors(shape, 1, factors)
        constant, product = sympy.Integer(1), sympy.Poly(1, X)
        polys = []
        for factor, mult in factors:
            if factor is None:
                return wrong("A factorisation is a product of polynomials, with no division by x.")
            if factor.is_number:
                value = factor.doit()
                if not value.is_Rational:
                    return wrong("The constant factor must be an integer.")
                constant *= value ** mult
                continue
            try:
                p = sympy.Poly(factor.doit(), X)  # doit() re-evaluates the unevaluated parse
            except (sympy.PolynomialError, sympy.GeneratorsNeeded):
                return wrong("Each factor must be a polynomial in x.")
            if p.degree() < 1:
                constant *= p.LC() ** mult
                continue
            polys.append(p)
            product *= p ** mult
        if product * constant != target:
            return wrong("That product does not equal the polynomial.")
        for p in polys:
            shown = poly_text([int(v) for v in p.all_coeffs()]) if p.get_domain() == ZZ else str(p.as_expr())
            if p.get_domain() != ZZ:
                return wrong("Each factor must have integer coefficients.")
            if p.content() != 1:
                return wrong(f"The factor {shown} has a common factor {p.content()} to take out.")
            if p.degree() > 1 and not p.is_irreducible:
                return wrong(f"The factor {shown} can be factored further.")
        return right()


def _is_expanded_target(text: str, target) -> bool:
    """Whether a left-hand side is the polynomial of the question (`x^2 - 1 = (x - 1)(x + 1)`)."""
    try:
        return sympy.Poly(parse_expression(text, ["x"]), X) == target
    except (ParseError, sympy.PolynomialError, sympy.GeneratorsNeeded):
        return False
