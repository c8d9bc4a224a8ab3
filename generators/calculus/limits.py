"""Limits: exact values, or oo / -oo, or DNE, computed from exact Laurent series."""
from __future__ import annotations

import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, read_rhs, refused
from procgym.parsing import ParseError, parse_expression
from procgym.verdict import right, wrong

from ._exact_values import NotExact
from ._polynomials import p_mul, poly_text
from ._readers import read_extended
from ._series import NeedPrecision, series_at, taylor
from ._tree import C, X, add, div, fn, glossary, linear, mul, one_plus, poly_tree, power, text

KINDS = ("removable", "infinity", "series", "conjugate", "pole")
_DNE = {"dne": "dne", "does not exist": "dne", "doesn't exist": "dne", "the limit does not exist": "dne",
        "no limit": "dne", "d.n.e.": "dne", "d.n.e": "dne"}


def limit_of(tree, point, side: int, start: int = 6) -> tuple[str, object]:
    """('value', Fraction) | ('inf', +1/-1) | ('dne', None) for the limit of a tree at a point
    (a Fraction, '+oo' or '-oo'), from one side (+1, -1) or both (0), via exact Laurent series."""
    for m in (start, 2 * start, 24):
        try:
            v, c = series_at(tree, point, m, side)
        except NeedPrecision:
            continue
        if not c:
            continue
        if v > 0:
            return "value", Fraction(0)
        if v == 0:
            return "value", c[0]
        sign = 1 if c[0] > 0 else -1
        if side == 0 and (-v) % 2:
            return "dne", None
        if side < 0 and (-v) % 2:
            sign = -sign
        return "inf", sign
    raise NotExact("the limit needs more precision than allowed")


def _poly(rng, degree: int, top: int = 4) -> list[int]:
    out = [rng.randint(-top, top) for _ in range(degree)] + [rng.choice((1, 2, 3, -1, -2))]
    return out


def _shifted(a: int, k: int) -> list[int]:
    out = [1]
    for _ in range(k):
        out = p_mul(out, [-a, 1])
    return out


def _factor_pair(rng, params, a):
    """A(x), B(x) not vanishing at a."""
    while True:
        A = _poly(rng, rng.randint(0, 1 if params["order"] < 3 else 2))
        B = _poly(rng, rng.randint(0, 1))
        if _eval(A, a) and _eval(B, a):
            return A, B


def _eval(p, x):
    out = 0
    for c in reversed(p):
        out = out * x + c
    return out


def _quotient(num: list, den: list):
    return div(poly_tree(num), poly_tree(den))


def _quotient_text(num: list, den: list) -> str:
    return f"({poly_text(num)})/({poly_text(den)})"


def k_removable(rng, params):
    a = rng.randint(-3, 3)
    k = rng.randint(1, params["order"])
    A, B = _factor_pair(rng, params, a)
    num, den = p_mul(_shifted(a, k), A), p_mul(_shifted(a, k), B)
    if rng.random() < 0.3 and params["order"] > 1:  # a zero of different order: the limit is 0
        num = p_mul(num, [-a, 1])
    return _quotient(num, den), _quotient_text(num, den), Fraction(a), 0


def k_pole(rng, params):
    a = rng.randint(-3, 3)
    k = rng.randint(1, max(1, params["order"]))
    j = rng.randint(0, k - 1) if k > 1 and rng.random() < 0.5 else 0
    A, B = _factor_pair(rng, params, a)
    num, den = p_mul(_shifted(a, j), A), p_mul(_shifted(a, k), B)
    side = rng.choice((1, -1, 0))
    return _quotient(num, den), _quotient_text(num, den), Fraction(a), side


def k_infinity(rng, params):
    dq = rng.randint(1, 2 + (params["order"] > 2))
    dp = max(0, dq + rng.choice((0, 0, -1, 1)))
    num, den = _poly(rng, dp, 6), _poly(rng, dq, 6)
    point = rng.choice(("+oo", "-oo"))
    return _quotient(num, den), _quotient_text(num, den), point, 1 if point == "+oo" else -1


def k_conjugate(rng, params):
    if rng.random() < 0.5:  # (sqrt(b^2 + c x) - b) / (x (x + d)) at 0
        b, c = rng.randint(1, 4), rng.choice((1, 2, 3, -1, -2, 4, 5))
        root = fn("sqrt", linear(c, b * b))
        num = add(root, C(-b))
        d = rng.randint(-3, 3) if params["order"] > 1 else 0
        den = mul(C(rng.choice((1, 2, 3))), X, linear(1, d)) if d else mul(C(rng.choice((1, 2, 3))), X)
        if d == 0 and rng.random() < 0.5:
            num = add(root, C(-b), mul(C(rng.choice((-1, 1)) * Fraction(c, 2 * b)), X))
            den = power(X, 2)
        return div(num, den), f"({text(num)})/({text(den)})", Fraction(0), 0
    a, b, c = rng.randint(1, 3), rng.randint(-6, 6), rng.randint(-5, 5)
    inner = poly_tree([c, b, a * a])
    shift = rng.randint(-3, 3)
    expr = add(fn("sqrt", inner), mul(C(-a), X), C(-shift))
    point = "+oo" if rng.random() < 0.8 else "-oo"
    return expr, text(expr), point, 1 if point == "+oo" else -1


_FUNCS = ("exp", "sin", "cos", "ln1p", "sqrt1p", "atan", "tan", "geom")


def _f(name: str, k: Fraction):
    arg = mul(C(k), X)
    if name == "ln1p":
        return fn("ln", one_plus(arg))
    if name == "sqrt1p":
        return fn("sqrt", one_plus(arg))
    if name == "geom":
        return div(C(1), one_plus(mul(C(-k), X)))
    return fn(name, arg)


def _atom(rng, depth: int):
    """f(k x), or at depth 1 possibly a composition f(g(x)) whose series has rational
    coefficients: exp(sin x), atan(ln(1 + x)), ln(cos 2x), sqrt(exp(x)) ..."""
    if depth and rng.random() < 0.6:
        inners = {"sin": fn("sin", X), "tan": fn("tan", X), "atan": fn("atan", X), "ln": fn("ln", one_plus(X)),
                  "expm1": add(fn("exp", X), C(-1))}
        if rng.random() < 0.6:
            outer = rng.choice(("exp", "sin", "atan", "tan"))
            allowed = {"exp": ("sin", "tan", "atan", "expm1"), "sin": ("tan", "atan", "ln", "expm1"),
                       "atan": ("sin", "ln", "expm1"), "tan": ("sin", "ln", "expm1")}[outer]
            return fn(outer, inners[rng.choice(allowed)])
        outer = rng.choice(("ln", "sqrt"))
        k = Fraction(rng.choice((1, 2)))
        choices = [fn("cos", mul(C(k), X)), _f("geom", k)] + ([fn("exp", mul(C(k), X))] if outer == "sqrt" else [])
        return fn(outer, rng.choice(choices))
    return _f(rng.choice(_FUNCS), Fraction(rng.choice((1, 2, 3, -1, -2))))


def k_series(rng, params):
    m = rng.randint(max(1, params["order"] - 1), params["order"])
    for _ in range(30):
        atoms = [_atom(rng, 1 if params["nested"] else 0) for _ in range(params["terms"])]
        coefs = [rng.choice((1, 2, 3, -1, -2)) for _ in atoms]
        try:
            s = add(*(mul(C(c), a) for c, a in zip(coefs, atoms)))
            series = taylor(s, m + 1)
        except NotExact:
            continue
        if series[m] == 0:
            continue
        fix = poly_tree([-v for v in series[:m]])  # cancels every power below x^m
        num = add(s, fix)
        den = _denominator(rng, m)
        tree = div(num, den)
        return tree, f"({text(num)})/({text(den)})", Fraction(0), 0
    raise NotExact("no series limit found")


def _denominator(rng, m: int):
    c = C(rng.choice((1, 2, 3, 4, 6)))
    choices = [mul(c, power(X, m))]
    if m >= 1:
        choices.append(mul(c, power(X, m - 1), fn("sin", X)))
    if m >= 2:
        choices.append(mul(c, power(X, m - 2), one_plus(mul(C(-1), fn("cos", X)))))
        choices.append(mul(c, power(X, m - 1), fn("ln", one_plus(X))))
    if m >= 1:
        choices.append(mul(c, power(X, m - 1), add(fn("exp", X), C(-1))))
    return rng.choice(choices)


_BUILD = {"removable": k_removable, "pole": k_pole, "infinity": k_infinity, "conjugate": k_conjugate,
          "series": k_series}


def _point_text(point, side) -> str:
    if point == "+oo":
        return "x -> oo (x tends to plus infinity)"
    if point == "-oo":
        return "x -> -oo (x tends to minus infinity)"
    a = frac_text(point)
    if side > 0:
        return f"x -> {a}+ (x tends to {a} from the right)"
    if side < 0:
        return f"x -> {a}- (x tends to {a} from the left)"
    return f"x -> {a} (the two-sided limit)"


def _is_limit(lhs: str) -> bool:
    """Whether a left-hand side names the limit asked for: lim f(x), \\lim_{x \\to 0} f(x)."""
    return re.match(r"\\?lim(?![a-z])", lhs.strip()) is not None


def answer_text(kind: str, value) -> str:
    if kind == "value":
        return frac_text(value)
    if kind == "inf":
        return "oo" if value > 0 else "-oo"
    return "DNE"


@register
class Limit(Task):
    """Evaluate a limit exactly. Level 1 cancels a common factor of a rational function; level 2 adds
    limits at plus or minus infinity; level 3 standard limits like sin(3x)/(2x); level 4 conjugate
    (square root) limits and one-sided infinite limits at poles, whose answer may be oo, -oo or DNE;
    from level 5 the numerator combines several of exp, sin, cos, ln(1+kx), sqrt(1+kx), atan, tan
    and 1/(1-kx) with a polynomial chosen so that every power below x^m cancels (m up to 5), which
    needs series to order m, and levels 8-10 compose them (exp(sin x), ln(cos 2x)); past level 10,
    up to eight terms and orders up to 10. The limit is computed from exact Laurent series of the
    expression (the one-sided behaviour at a pole from the sign and parity of the leading term).
    Generation runs at about 3,000 problems/s at level 5 but about 550/s at levels 9-10 and 80/s at
    level 20, where exact rational series of composed functions (orders up to 13, retried at higher
    order after cancellation) dominate."""

    name = "calculus/limit"
    knobs = (
        Knob("kind", [["removable"], ["removable", "infinity"], ["removable", "infinity", "series"],
                      ["series", "conjugate", "pole", "removable"], list(KINDS),
                      ["series", "conjugate", "pole", "series"], ["series", "pole", "conjugate"],
                      ["series", "series", "pole"]] + [["series"]] * 12,
             choices=KINDS, doc="the kind of limit (a list: one is drawn per problem)"),
        Knob("order", [1, 1, 1, 2, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (1, 10),
             doc="order of cancellation: the common factor's multiplicity, or the first power of x that survives"),
        Knob("terms", [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8], (1, 8),
             doc="transcendental terms in a series limit's numerator"),
        Knob("nested", [False] * 7 + [True] * 13,
             doc="series terms may be compositions such as exp(sin x) or ln(cos 2x)"),
    )
    answer_format = ("the exact limit as an integer or a fraction p/q; or oo or -oo if the function tends to plus or "
                     "minus infinity; or DNE if the limit does not exist (for example, different infinite one-sided "
                     "limits)")
    # a finite limit's denominator has no prime factor above 13: 1009 never divides it, never an answer
    example = "-3/1009"

    def build(self, rng, params):
        for _ in range(40):
            kind = params["kind"]
            try:
                tree, shown, point, side = _BUILD[kind](rng, params)
                result = limit_of(tree, point, side, params["order"] + 3)
            except (NotExact, ZeroDivisionError):
                continue
            break
        else:
            raise ValueError(f"knobs {sorted(params)}: no limit fits these settings")
        question = f"Evaluate the limit of\n\nf(x) = {shown}\n\nas {_point_text(point, side)}." + glossary(shown)
        kind, value = result
        check = {"kind": kind, "value": [value.numerator, value.denominator] if kind == "value" else value,
                 "function": text(tree)}
        return Draft(question, answer_text(kind, value), check)

    def effort(self, problem):
        """Series work: each function in the expression expanded to the order that decides the
        limit (order + 1 coefficients, times one more for each function composed inside it), plus
        the algebra of the expression (one step per operation); a rational function instead has
        its common factor or pole divided out of numerator and denominator, order times."""
        f = parse_expression(problem.check["function"], ["x"])
        order = problem.params["order"]
        functions = [g for g in sympy.preorder_traversal(f) if isinstance(g, sympy.Function)
                     or (g.is_Pow and not g.exp.is_Integer)]
        if not functions:
            num, den = sympy.fraction(sympy.together(f))
            x = sympy.Symbol("x")
            return int(sympy.count_ops(f) + order * (sympy.degree(num, x) + sympy.degree(den, x) + 2))
        nesting = sum((order + 1) * (1 + sum(1 for h in sympy.preorder_traversal(g.args[0]) if
                                              isinstance(h, sympy.Function))) for g in functions)
        return int(sympy.count_ops(f) + nesting)

    def grade(self, answer, problem):
        try:
            form, given = read_extended(read_rhs(answer, ("L",), lhs_ok=_is_limit), _DNE)
        except ParseError as exc:
            return refused(exc)
        kind, value = problem.check["kind"], problem.check["value"]
        if form == "word":
            return right() if kind == "dne" else wrong("The limit exists (finite or infinite).")
        if form == "inf":
            if kind == "inf" and given == value:
                return right()
            return wrong("The function does not tend to that infinity.")
        if kind != "value":
            return wrong("The limit is not a finite number.")
        return right() if given == Fraction(*value) else wrong("That is not the limit.")
