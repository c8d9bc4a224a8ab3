"""First-order initial value problems with closed-form solutions (linear and separable)."""
from __future__ import annotations

from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, read_rhs, refused
from procgym.parsing import ParseError, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._differentiation import deriv, rule_steps
from ._exact_values import NotExact
from ._polynomials import p_eval, p_integral, poly_text
from ._readers import tame
from ._tree import C, X, add, div, fn, fval, mul, poly_tree, power, sym, text

KINDS = ("growth", "linear_const", "separable_poly", "linear_poly", "linear_exp", "euler", "riccati_separable",
         "root_separable", "linear_trig", "logistic")
Y = sym("y")


def _nz(rng, pool=(1, 2, 3, -1, -2, -3)):
    return Fraction(rng.choice(pool))


def _poly(rng, degree: int, top: int = 3) -> list[Fraction]:
    out = [Fraction(rng.randint(-top, top)) for _ in range(degree)] + [_nz(rng)]
    return out


def _exp_of(p: list) -> tuple:
    """exp(p(x)) for a polynomial p (coefficients lowest first)."""
    return fn("exp", poly_tree(p))


def solve_linear_poly(p: Fraction, q: list) -> list:
    """The polynomial P with P' + p P = q (undetermined coefficients, from the top degree down)."""
    n = len(q) - 1
    P = [Fraction(0)] * (n + 1)
    for k in range(n, -1, -1):
        higher = (k + 1) * P[k + 1] if k + 1 <= n else 0
        P[k] = (q[k] - higher) / p
    return P


class _Problem:
    """An ODE as text (rhs of y' = ..., or a full equation), an initial condition and a solution."""

    def __init__(self, equation: str, x0: Fraction, y0: Fraction, solution, rhs=None):
        self.equation, self.x0, self.y0, self.solution, self.rhs = equation, x0, y0, solution, rhs


def k_growth(rng, params):
    k = _nz(rng, (1, 2, 3, -1, -2, Fraction(1, 2), Fraction(-1, 2)))
    y0, x0 = _nz(rng, (1, 2, 3, 5, -1, -2, -4)), _x0(rng, params)
    sol = mul(C(y0), _exp_of([-k * x0, k]))
    return _Problem(f"y' = {_coef_text(k)}y", x0, y0, sol, mul(C(k), Y))


def k_linear_const(rng, params):
    a, b = _nz(rng, (1, 2, 3, -1, -2, -3)), _nz(rng, (1, 2, 3, 4, 6, -2, -4, -6))
    x0 = _x0(rng, params)
    y0 = Fraction(rng.randint(-4, 6))
    if y0 == -b / a:
        y0 += 1
    sol = add(C(-b / a), mul(C(y0 + b / a), _exp_of([-a * x0, a])))
    rhs = add(mul(C(a), Y), C(b))
    return _Problem(f"y' = {text(rhs)}", x0, y0, sol, rhs)


def k_separable_poly(rng, params):
    g = _poly(rng, rng.randint(1, params["degree"]))
    G = p_integral(g)
    x0 = _x0(rng, params)
    y0 = _nz(rng, (1, 2, 3, -1, -2))
    shift = p_eval(G, x0)
    sol = mul(C(y0), _exp_of([G[0] - shift] + G[1:]))
    rhs = mul(poly_tree(g), Y)
    return _Problem(f"y' = {text(rhs)}", x0, y0, sol, rhs)


def k_linear_poly(rng, params):
    p = _nz(rng, (1, 2, 3, -1, -2))
    q = _poly(rng, rng.randint(1, params["degree"]))
    P = solve_linear_poly(p, q)
    x0 = _x0(rng, params)
    y0 = Fraction(rng.randint(-3, 4))
    c = y0 - p_eval(P, x0)
    if c == 0:
        y0 += 1
        c = Fraction(1)
    sol = add(poly_tree(P), mul(C(c), _exp_of([p * x0, -p])))
    rhs = add(poly_tree(q), mul(C(-p), Y))
    return _Problem(f"y' + {_coef_text(p)}y = {poly_text(q)}".replace("+ -", "- "), x0, y0, sol, rhs)


def k_linear_exp(rng, params):
    p = _nz(rng, (1, 2, 3, -1, -2))
    b = _nz(rng, (1, 2, -1, -2, 3))
    if rng.random() < 0.3:
        b = -p  # resonance: the particular solution is c x e^(bx)
    c = _nz(rng, (1, 2, 3, 4, -2, -3))
    ebx = _exp_of([0, b])
    if b == -p:
        part, part0 = mul(C(c), X, ebx), Fraction(0)
    else:
        part, part0 = mul(C(c / (b + p)), ebx), c / (b + p)
    y0 = Fraction(rng.randint(-3, 4))
    sol = add(part, mul(C(y0 - part0), _exp_of([0, -p])))
    rhs = add(mul(C(c), ebx), mul(C(-p), Y))
    return _Problem(f"y' + {_coef_text(p)}y = {text(mul(C(c), ebx))}".replace("+ -", "- "), Fraction(0), y0, sol, rhs)


def k_euler(rng, params):
    a = _nz(rng, (1, 2, 3, -1, -2, -3))
    m = rng.choice((1, 2, 3, -1))
    if m + a == 0:
        m += 1
    c = _nz(rng, (1, 2, 3, 4, 6, -2, -3))
    A = c / (m + a)
    y0 = Fraction(rng.randint(-3, 4))
    sol = add(mul(C(A), power(X, m)), mul(C(y0 - A), power(X, int(-a))))
    rhs = div(add(mul(C(c), power(X, m)), mul(C(-a), Y)), X)
    eq = f"x*y' + {_coef_text(a)}y = {text(mul(C(c), power(X, m)))}".replace("+ -", "- ")
    return _Problem(eq + " for x > 0", Fraction(1), y0, sol, rhs)


def k_riccati_separable(rng, params):
    g = _poly(rng, rng.randint(0, params["degree"] - 1) if params["degree"] > 1 else 0, 2)
    G = p_integral(g)
    y0 = _nz(rng, (1, 2, -1, Fraction(1, 2), -2))
    # 1/y = 1/y0 - G(x), with x0 = 0 and G(0) = 0
    inv = [1 / y0 - G[0]] + [-c for c in G[1:]]
    sol = div(C(1), poly_tree(inv))
    rhs = mul(poly_tree(g), power(Y, 2))
    return _Problem(f"y' = {text(rhs)}", Fraction(0), y0, sol, rhs)


def k_root_separable(rng, params):
    g = _poly(rng, rng.randint(1, params["degree"]), 3)
    G = p_integral(g)
    y0 = Fraction(rng.randint(1, 4))
    inside = [y0 * y0 + 2 * G[0]] + [2 * c for c in G[1:]]
    sol = fn("sqrt", poly_tree(inside))
    rhs = div(poly_tree(g), Y)
    return _Problem(f"y*y' = {poly_text(g)}", Fraction(0), y0, sol, rhs)


def k_linear_trig(rng, params):
    p = _nz(rng, (1, 2, 3, -1, -2))
    b = _nz(rng, (1, 2, 3))
    c = _nz(rng, (1, 2, 5, -1, -3))
    d = p * p + b * b
    s, co = fn("sin", mul(C(b), X)), fn("cos", mul(C(b), X))
    if rng.random() < 0.5:
        A, B, forcing = c * p / d, -c * b / d, mul(C(c), s)
    else:
        A, B, forcing = c * b / d, c * p / d, mul(C(c), co)
    part = add(mul(C(A), s), mul(C(B), co))
    y0 = Fraction(rng.randint(-3, 4))
    sol = add(part, mul(C(y0 - B), _exp_of([0, -p])))
    rhs = add(forcing, mul(C(-p), Y))
    return _Problem(f"y' + {_coef_text(p)}y = {text(forcing)}".replace("+ -", "- "), Fraction(0), y0, sol, rhs)


def k_logistic(rng, params):
    r = _nz(rng, (1, 2, 3, Fraction(1, 2)))
    K = Fraction(rng.choice((2, 3, 4, 5, 6, 10)))
    y0 = Fraction(rng.choice([v for v in range(1, int(K) * 2) if v != K]))
    sol = div(C(K), add(C(1), mul(C(K / y0 - 1), _exp_of([0, -r]))))
    rhs = mul(C(r), Y, add(C(1), mul(C(-1 / K), Y)))
    return _Problem(f"y' = {text(mul(C(r), Y))}*(1 - y/{frac_text(K)})", Fraction(0), y0, sol, rhs)


def _coef_text(v: Fraction) -> str:
    if v == 1:
        return ""
    if v == -1:
        return "-"
    return frac_text(v) if v.denominator == 1 else f"({frac_text(v)})"


def _x0(rng, params):
    return Fraction(rng.choice((1, -1, 2))) if params["shifted_start"] and rng.random() < 0.6 else Fraction(0)


_BUILD = {"growth": k_growth, "linear_const": k_linear_const, "separable_poly": k_separable_poly,
          "linear_poly": k_linear_poly, "linear_exp": k_linear_exp, "euler": k_euler,
          "riccati_separable": k_riccati_separable, "root_separable": k_root_separable,
          "linear_trig": k_linear_trig, "logistic": k_logistic}


def residual_ok(prob: _Problem) -> bool:
    """A numeric self-check of a closed form: y(x0) = y0 and y' = rhs(x, y) at sample points."""
    dsol = deriv(prob.solution)
    if abs(fval(prob.solution, float(prob.x0)) - float(prob.y0)) > 1e-9 * max(1.0, abs(float(prob.y0))):
        return False
    for t in (float(prob.x0) + 0.1, float(prob.x0) + 0.23):
        try:
            y = fval(prob.solution, t)
            lhs, rhs = fval(dsol, t), fval(prob.rhs, t, {"y": y})
        except (ValueError, ZeroDivisionError, OverflowError):
            continue
        if abs(lhs - rhs) > 1e-7 * max(1.0, abs(lhs)):
            return False
    return True


@register
class OdeInitialValue(Task):
    """Solve a first-order initial value problem in closed form. Level 1 is y' = k y; level 2
    y' = a y + b; level 3 separable y' = g(x) y; level 4 linear y' + p y = q(x) with a polynomial
    q (undetermined coefficients); level 5 adds exponential forcing (including the resonant
    case) and Euler equations x y' + a y = c x^m; level 6 separable equations y' = g(x) y^2 and
    y y' = g(x); levels 7-10 sinusoidal forcing, the logistic equation, initial points away from
    x = 0 and higher-degree polynomials. The answer is y(x); any equivalent expression is
    accepted. Each closed form comes from the integrating-factor or separation formula with the
    particular solution solved exactly (a triangular or 2x2 linear system), and is checked
    numerically against the equation at generation."""

    name = "calculus/ode_initial_value"
    cap_reason = ("every kind is a first-order equation of one fixed form, all of them in play by level 10; the "
                  "only thing left to grow is the degree of a polynomial coefficient (at most 4, with solutions kept "
                  "within 120 characters), which lengthens the answer without new reasoning")
    knobs = (
        Knob("kind", [["growth"], ["linear_const"], ["separable_poly", "linear_const"], ["linear_poly", "separable_poly"],
                      ["linear_exp", "euler", "linear_poly"], ["riccati_separable", "root_separable", "linear_exp"],
                      ["linear_trig", "euler", "riccati_separable", "linear_poly"],
                      ["logistic", "linear_trig", "root_separable", "separable_poly"],
                      ["linear_trig", "logistic", "linear_exp", "euler", "riccati_separable", "separable_poly"],
                      ["linear_trig", "logistic", "linear_poly", "root_separable", "euler", "separable_poly"]],
             choices=KINDS, doc="the kind of equation (a list: one is drawn per problem)"),
        Knob("degree", [1, 1, 1, 1, 2, 2, 2, 2, 2, 3], (1, 4), doc="largest degree of a polynomial coefficient"),
        Knob("shifted_start", [False, False, False, False, False, False, True, True, True, True],
             doc="the initial condition may be at x0 != 0"),
    )
    answer_format = "y(x) as an expression in x, using + - * / ^, brackets and exp, ln, sqrt, sin, cos; any equivalent form"
    example = "3 - 2*exp(-x^2/2)"

    def build(self, rng, params):
        for _ in range(30):
            prob = _BUILD[params["kind"]](rng, params)
            try:
                good = residual_ok(prob)
            except (ValueError, ZeroDivisionError, OverflowError, NotExact):
                good = False
            if not good:
                raise AssertionError(f"closed form does not solve {prob.equation}: {text(prob.solution)}")
            if len(text(prob.solution)) <= 120:
                break
        solution = text(prob.solution)
        question = (f"Solve the initial value problem\n\n{prob.equation},   y({frac_text(prob.x0)}) = {frac_text(prob.y0)}\n\n"
                    "where y' = dy/dx. Give the solution y(x) in closed form.")
        return Draft(question, solution, {"equation": prob.equation, "x0": frac_text(prob.x0), "y0": frac_text(prob.y0),
                                          "solution": solution})

    def effort(self, problem):
        """Steps of the method: the closed form is built up by separating or by an integrating
        factor, one integration step per rule its derivative needs (rule applications of the
        solution), its terms assembled (one per operation), the particular solution's
        undetermined coefficients solved (one per coefficient of a polynomial forcing), and the
        constant fixed from the initial condition (two steps)."""
        solution = parse_expression(problem.check["solution"], ["x"])
        kind = problem.params["kind"]
        forced = kind in ("linear_poly", "linear_exp", "linear_trig", "euler", "separable_poly")
        return int(rule_steps(solution, sympy.Symbol("x")) + sympy.count_ops(solution)
                   + (problem.params["degree"] + 1) * forced + 2)

    def grade(self, answer, problem):
        try:
            given = parse_expression(read_rhs(answer, ("y", "y(x)", "Y", "Y(x)")), ["x"])
        except ParseError as e:
            return refused(e)
        if not tame(given, max_ops=600):
            return wrong("The expression is too complex to check.")
        target = parse_expression(problem.check["solution"], ["x"])
        if not equivalent(given, target):
            return wrong("That function does not solve the initial value problem.")
        return right()
