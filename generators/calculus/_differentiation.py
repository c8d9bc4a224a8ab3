"""Differentiation of calculus expression trees by the sum, product, quotient, power and chain
rules, with respect to x or another variable (partial derivatives for implicit curves).

    text(deriv(fn("sin", power(X, 2))))   # "2*x*cos(x^2)"
"""
from __future__ import annotations

from fractions import Fraction

from ._tree import C, add, div, fn, is_const, mul, neg, power, rpow


def deriv(e, var: str = "x") -> tuple:
    """d/dvar of a tree by the sum, product, quotient, power and chain rules."""
    kind = e[0]
    if kind == "c":
        return C(0)
    if kind == "x":
        return C(1 if var == "x" else 0)
    if kind == "sym":
        return C(1 if var == e[1] else 0)
    if kind == "add":
        return add(*(deriv(t, var) for t in e[1]))
    if kind == "mul":
        fs = e[1]
        return add(*(mul(*fs[:i], deriv(fs[i], var), *fs[i + 1:]) for i in range(len(fs)) if fs[i][0] != "c"))
    if kind == "div":
        u, v = e[1], e[2]
        du, dv = deriv(u, var), deriv(v, var)
        if is_const(dv, 0):
            return div(du, v)
        return div(add(mul(du, v), neg(mul(u, dv))), power(v, 2))
    if kind == "pow":
        return mul(C(e[2]), power(e[1], e[2] - 1), deriv(e[1], var))
    if kind == "rpow":
        return mul(C(e[2]), rpow(e[1], e[2] - 1), deriv(e[1], var))
    name, u = e[1], e[2]
    du = deriv(u, var)
    if is_const(du, 0):
        return C(0)
    # the trees are built so that the printed derivative reads naturally: du/u for ln u,
    # du/cos(u)^2 for tan u, -(sin(u) du) for cos u
    if name == "sin":
        return mul(fn("cos", u), du)
    if name == "cos":
        return neg(mul(fn("sin", u), du))
    if name == "tan":
        return div(du, power(fn("cos", u), 2))
    if name == "exp":
        return mul(fn("exp", u), du)
    if name == "ln":
        return div(du, u)
    if name == "sqrt":
        return mul(div(C(Fraction(1, 2)), fn("sqrt", u)), du)
    if name == "atan":
        return mul(div(C(1), add(power(u, 2), C(1))), du)
    raise ValueError(f"cannot differentiate {name!r}")


def rule_steps(e, var) -> int:
    """Rule applications of differentiating a sympy expression by hand with respect to `var`
    (for a task's effort): one per power-rule or function (chain-rule) step, a product of k
    factors that depend on var k terms to build and k - 1 to add, a sum one addition per extra
    term. Constants cost nothing."""
    if not e.has(var):
        return 0
    if e == var:
        return 1
    args = [a for a in e.args if a.has(var)]
    inner = sum(rule_steps(a, var) for a in args)
    if e.is_Add:
        return inner + len(args) - 1
    if e.is_Mul:
        return inner + 2 * len(args) - 1
    if e.is_Pow and e.exp.has(var):
        return inner + 2  # a^u = exp(u ln a): a product and a chain
    return inner + 1  # power rule or a function: one step, times the inner derivative
