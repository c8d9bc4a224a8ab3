"""Implicit differentiation: dy/dx (or d^2y/dx^2) at a point of a curve F(x, y) = G(x, y)."""
from __future__ import annotations

from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, grade_number, read_rhs, refused
from procgym.parsing import ParseError, parse_expression

from ._differentiation import deriv, rule_steps
from ._exact_values import NotExact, is_rational, rational, xconst, xval
from ._tree import C, X, add, fn, glossary, mul, power, sym, text

Y = sym("y")


def _monomial(i: int, j: int):
    return mul(power(X, i), power(Y, j))


def implicit_slopes(h, x0: Fraction, y0: Fraction, order: int) -> list[Fraction]:
    """[y'] or [y', y''] at (x0, y0) on h(x, y) = 0, by partial derivatives of the tree:
    y' = -h_x / h_y and y'' = -(h_xx + 2 h_xy y' + h_yy y'^2) / h_y."""
    at = {"y": xconst(y0)}
    px, py = xconst(x0), at

    def value(tree) -> Fraction:
        v = xval(tree, px, py)
        if not is_rational(v):
            raise NotExact("an irrational partial derivative")
        return rational(v)

    hx, hy = deriv(h, "x"), deriv(h, "y")
    fx, fy = value(hx), value(hy)
    if fy == 0:
        raise NotExact("vertical tangent: h_y = 0")
    slope = -fx / fy
    if order == 1:
        return [slope]
    fxx, fxy, fyy = value(deriv(hx, "x")), value(deriv(hx, "y")), value(deriv(hy, "y"))
    return [slope, -(fxx + 2 * fxy * slope + fyy * slope * slope) / fy]


def _special(rng, x0, y0):
    """c * phi(g) with g(x0, y0) = 0 (1 for ln): exp(x*y - 2), sin(x^2 - y - 3), ln(x*y^2 - 3)."""
    i, j = rng.choice(((1, 1), (1, 0), (0, 1), (2, 0), (0, 2), (1, 2), (2, 1)))
    g = _monomial(i, j)
    if i == 0 or j == 0 or rng.random() < 0.4:  # bring in the other variable: exp(x^2 + 2y - 6)
        g = add(g, mul(C(rng.choice((1, -1, 2))), Y if j == 0 else X))
    v = _value_at(g, x0, y0)
    name = rng.choice(("exp", "sin", "cos", "ln"))
    g = add(g, C(1 - v if name == "ln" else -v))
    return mul(C(rng.choice((1, 2, 3, -1, -2))), fn(name, g))


def _value_at(tree, x0, y0) -> Fraction:
    return rational(xval(tree, xconst(x0), {"y": xconst(y0)}))


@register
class ImplicitDerivative(Task):
    """Implicit differentiation. A curve is given as an equation in x and y that passes through a
    point; find dy/dx there (levels 8-10: d^2y/dx^2). Level 1 has a circle-like quadratic; higher
    levels add mixed terms x^i y^j (product rule on each), higher degrees, terms on both sides,
    transcendental terms such as exp(x*y - 2) or ln(x*y^2 - 3) (chain rule; they vanish or equal 1
    at the point so the value stays rational), and finally the second derivative, which needs
    the first derivative substituted back (past level 10 with up to eleven terms, degree 6 and
    three transcendental terms). The reference differentiates the tree of
    F(x, y) - G(x, y) symbolically and evaluates the partial derivatives exactly: about 1,700
    problems/s at level 5, 700/s at level 10 and about 65/s at level 20, where the second partials
    of a five- to eleven-term tree are built and evaluated."""

    name = "calculus/implicit_derivative"
    knobs = (
        Knob("n_terms", [2, 3, 3, 4, 5, 4, 5, 3, 4, 5, 6, 6, 7, 7, 7, 8, 8, 9, 10, 11], (2, 12),
             doc="terms with x or y"),
        Knob("max_degree", [2, 2, 3, 3, 3, 3, 4, 2, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6], (1, 6),
             doc="largest total degree of a term"),
        Knob("both_sides", [False, False, False] + [True] * 17,
             doc="terms with x and y on both sides of the equation"),
        Knob("transcendental", [0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3], (0, 3),
             doc="terms exp(g), sin(g), cos(g) or ln(g) of a polynomial g in x and y"),
        Knob("order", [1, 1, 1, 1, 1, 1, 1] + [2] * 13, (1, 2), doc="1 for dy/dx, 2 for d^2y/dx^2"),
    )
    released_dips = {8: "level 8 brings in the second derivative on a three-term quadratic curve, where level 7 "
                        "takes dy/dx of a five-term quartic with a transcendental term"}
    answer_format = "an exact integer or fraction p/q"
    example = "-5/10007"  # denominators are at most 10^4: never an answer

    def build(self, rng, params):
        for _ in range(100):
            x0 = Fraction(rng.choice((-2, -1, 1, 1, 2, 2, 0)))
            y0 = Fraction(rng.choice((-2, -1, 1, 1, 2, 3, 0)))
            terms = self._terms(rng, params)
            specials = [_special(rng, x0, y0) for _ in range(params["transcendental"])]
            sides = [[], []]
            for t in terms + specials:
                sides[1 if params["both_sides"] and rng.random() < 0.4 else 0].append(t)
            if not sides[0]:
                sides = [sides[1], []]
            lhs = add(*sides[0])
            rhs_terms = add(*sides[1]) if sides[1] else C(0)
            constant = _value_at(lhs, x0, y0) - _value_at(rhs_terms, x0, y0)
            rhs = add(rhs_terms, C(constant))
            h = add(lhs, mul(C(-1), rhs))
            try:
                values = implicit_slopes(h, x0, y0, params["order"])
            except (NotExact, ZeroDivisionError):
                continue
            if any(abs(v.numerator) > 10**5 or v.denominator > 10**4 for v in values):
                continue
            if values[-1] == 0:  # a zero derivative is too easy to guess
                continue
            break
        else:
            raise ValueError(f"knobs {sorted(params)}: no curve fits these settings")
        equation = f"{text(lhs)} = {text(rhs)}"
        what = "dy/dx" if params["order"] == 1 else "d^2y/dx^2 (the second derivative of y with respect to x)"
        question = (f"The curve\n\n{equation}\n\npasses through the point (x, y) = ({frac_text(x0)}, {frac_text(y0)}). "
                    f"Near that point the equation defines y as a differentiable function of x. Find {what} at "
                    "that point." + glossary(equation))
        value = values[-1]
        return Draft(question, frac_text(value), {"value": [value.numerator, value.denominator],
                                                  "equation": equation, "point": [frac_text(x0), frac_text(y0)],
                                                  "order": params["order"]})

    @staticmethod
    def _terms(rng, params):
        deg = params["max_degree"]
        pool = [(i, j) for i in range(deg + 1) for j in range(deg + 1) if 1 <= i + j <= deg]
        rng.shuffle(pool)
        need_mixed = params["n_terms"] >= 3 or deg >= 3
        chosen = []
        if need_mixed:
            mixed = [m for m in pool if m[0] and m[1]]
            chosen.append(rng.choice(mixed))
        if not any(m[1] for m in chosen):
            chosen.append(rng.choice([m for m in pool if m[1]]))
        if not any(sum(m) == deg for m in chosen):
            chosen.append(rng.choice([m for m in pool if sum(m) == deg and m not in chosen]))
        for m in pool:
            if len(chosen) >= params["n_terms"]:
                break
            if m not in chosen:
                chosen.append(m)
        return [mul(C(rng.choice((1, 2, 3, 4, -1, -2, -3))), _monomial(i, j)) for i, j in chosen]

    def effort(self, problem):
        """The partial derivatives by hand (rule applications) and their values at the point
        (one step per operation), then y' = -h_x/h_y; for y'' the three second partials too and
        the formula with y' substituted back (six steps)."""
        x, y = sympy.Symbol("x"), sympy.Symbol("y")
        lhs, rhs = (parse_expression(side, ["x", "y"]) for side in problem.check["equation"].split(" = "))
        h = lhs - rhs
        firsts = [(h, x), (h, y)]
        seconds = [(sympy.diff(h, x), x), (sympy.diff(h, x), y), (sympy.diff(h, y), y)]
        steps = 1
        for e, v in firsts + (seconds if problem.check.get("order", 1) == 2 else []):
            steps += rule_steps(e, v) + sympy.count_ops(sympy.diff(e, v))
        return int(steps + 6 * (problem.check.get("order", 1) == 2))

    def grade(self, answer, problem):
        labels = LABELS[problem.check.get("order", 1)]
        try:
            value = read_rhs(answer, labels)
        except ParseError as exc:
            return refused(exc)
        return grade_number(value, Fraction(*problem.check["value"]), "the derivative at that point")


# the left-hand sides an answer may carry, by the order of the derivative asked for
LABELS = {1: ("dy/dx", "y'", "\\frac{dy}{dx}", "y'(x)"),
          2: ("d^2y/dx^2", "y''", "\\frac{d^2y}{dx^2}", "\\frac{d^{2}y}{dx^{2}}", "y''(x)")}
