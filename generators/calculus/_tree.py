"""Expression trees for the calculus tasks: constructors that fold constants, a printer, and
float evaluation. _differentiation.py differentiates them, _exact_values.py evaluates them
exactly and _series.py expands them in series.

    text(add(mul(C(3), power(X, 2)), fn("sin", X)))   # "3*x^2 + sin(x)"
"""
from __future__ import annotations

import math
from fractions import Fraction

from procgym.kit import frac_text

# An expression is a tuple: ("c", Fraction) | ("x",) | ("add", terms) | ("mul", factors) |
# ("div", numerator, denominator) | ("pow", base, int) | ("rpow", base, Fraction) |
# ("fn", name, argument) | ("sym", name) for a variable other than x (y, n).
# Function names: exp, ln, sin, cos, tan, sqrt, atan, abs.
# The constructors below fold constants so that derivatives come out readable.

X = ("x",)


def C(v) -> tuple:
    return ("c", Fraction(v))


def is_const(e, value=None) -> bool:
    return e[0] == "c" and (value is None or e[1] == value)


def add(*terms) -> tuple:
    flat, const = [], Fraction(0)
    for t in terms:
        for u in (t[1] if t[0] == "add" else (t,)):
            if u[0] == "c":
                const += u[1]
            else:
                flat.append(u)
    if const:
        flat.append(C(const))
    if not flat:
        return C(0)
    return flat[0] if len(flat) == 1 else ("add", tuple(flat))


_RANK = {"x": 0, "pow": 1, "add": 2, "fn": 3, "div": 4, "mul": 5}


def _rank(e) -> int:
    if e[0] == "pow" and e[1] == X:
        return 0
    return _RANK.get(e[0], 6)


def mul(*factors) -> tuple:
    flat, const, dens = [], Fraction(1), []
    for f in factors:
        for u in (f[1] if f[0] == "mul" else (f,)):
            if u[0] == "c":
                const *= u[1]
            elif u[0] == "div":  # a * (b / c) is written (a * b) / c
                flat.append(u[1])
                dens.append(u[2])
            else:
                flat.append(u)
    if const == 0:
        return C(0)
    if dens:
        return div(mul(C(const), *flat), mul(*dens))
    flat.sort(key=_rank)  # stable: x-powers first, then brackets, then functions, then quotients
    if not flat:
        return C(const)
    if const == 1:
        return flat[0] if len(flat) == 1 else ("mul", tuple(flat))
    return ("mul", (C(const),) + tuple(flat))


def div(a, b) -> tuple:
    if is_const(b):
        return mul(C(1 / b[1]), a)
    if is_const(a, 0):
        return C(0)
    if a[0] == "div":
        return div(a[1], mul(a[2], b))
    if b[0] == "div":
        return div(mul(a, b[2]), b[1])
    return ("div", a, b)


def power(base, n: int) -> tuple:
    if n == 0:
        return C(1)
    if n == 1:
        return base
    if is_const(base):
        return C(base[1] ** n)
    if base[0] == "pow":
        return power(base[1], base[2] * n)
    return ("pow", base, n)


def fn(name: str, arg) -> tuple:
    return ("fn", name, arg)


def neg(a) -> tuple:
    return mul(C(-1), a)


def rpow(base, r) -> tuple:
    """base^r for a rational r (an integer r gives an ordinary power)."""
    r = Fraction(r)
    if r.denominator == 1:
        return power(base, int(r))
    if is_const(base, 1):
        return C(1)
    return ("rpow", base, r)


def one_plus(u, c=1) -> tuple:
    """c + u written with the constant first ("1 - 2*x" rather than add's "-2*x + 1")."""
    if is_const(u):
        return C(c + u[1])
    terms = u[1] if u[0] == "add" and not any(t[0] == "c" for t in u[1]) else (u,)
    return ("add", (C(c),) + tuple(terms))


def glossary(*texts: str) -> str:
    """' Here ln is the natural logarithm, ...' naming only the functions that appear in the texts."""
    joined = " ".join(texts)
    notes = []
    if "ln(" in joined:
        notes.append("ln is the natural logarithm")
    if "exp(" in joined:
        notes.append("exp(u) means e^u")
    if "atan(" in joined:
        notes.append("atan is the inverse tangent")
    if not notes:
        return ""
    return " Here " + (", ".join(notes[:-1]) + " and " + notes[-1] if len(notes) > 1 else notes[0]) + "."


def sym(name: str) -> tuple:
    return ("sym", name)


def poly_tree(coeffs, var=X) -> tuple:
    """sum coeffs[i] * var^i (lowest degree first), highest power written first."""
    return add(*(mul(C(c), power(var, i)) for i, c in reversed(list(enumerate(coeffs))) if c))


def linear(a, b, var=X) -> tuple:
    """a*var + b."""
    return add(mul(C(a), var), C(b))


# =========================================================================== printing

def text(e) -> str:
    """Plain math text with explicit * and ^, readable by procgym.parsing.parse_expression."""
    kind = e[0]
    if kind == "c":
        return frac_text(e[1])
    if kind == "x":
        return "x"
    if kind == "sym":
        return e[1]
    if kind == "fn":
        return f"{e[1]}({text(e[2])})"
    if kind in ("pow", "rpow"):
        base = text(e[1])
        if e[1][0] not in ("x", "sym", "fn"):
            base = f"({base})"
        n = Fraction(e[2])
        return f"{base}^{n.numerator}" if n.denominator == 1 and n > 0 else f"{base}^({frac_text(n)})"
    if kind == "add":
        out = []
        for i, t in enumerate(e[1]):
            s = text(t)
            if i == 0:
                out.append(s)
            elif s.startswith("-"):
                out.append(" - " + s[1:])
            else:
                out.append(" + " + s)
        return "".join(out)
    if kind == "mul":
        fs = list(e[1])
        prefix = ""
        if fs[0][0] == "c":
            v = fs.pop(0)[1]
            prefix = "-" if v < 0 else ""
            v = abs(v)
            if v != 1:
                prefix += (frac_text(v) if v.denominator == 1 else f"({frac_text(v)})") + "*"
        parts = [f"({text(f)})" if f[0] in ("add", "div", "mul") else text(f) for f in fs]
        return prefix + "*".join(parts)
    if kind == "div":
        top, bottom = text(e[1]), text(e[2])
        if e[1][0] == "add":
            top = f"({top})"
        if e[2][0] not in ("x", "sym", "fn", "pow", "rpow") or bottom.startswith("-"):
            bottom = f"({bottom})"
        return f"{top}/{bottom}"
    raise ValueError(f"unknown node {kind!r}")


# =========================================================================== float evaluation

_FLOAT_FN = {"exp": math.exp, "ln": math.log, "sin": math.sin, "cos": math.cos, "tan": math.tan,
             "sqrt": math.sqrt, "atan": math.atan, "abs": abs}


def fval(e, x: float, env: dict | None = None) -> float:
    """The float value of a tree at x (and other variables from env); raises on domain errors."""
    kind = e[0]
    if kind == "c":
        return float(e[1])
    if kind == "x":
        return x
    if kind == "sym":
        return env[e[1]]
    if kind == "add":
        return sum(fval(t, x, env) for t in e[1])
    if kind == "mul":
        out = 1.0
        for f in e[1]:
            out *= fval(f, x, env)
        return out
    if kind == "div":
        return fval(e[1], x, env) / fval(e[2], x, env)
    if kind in ("pow", "rpow"):
        return fval(e[1], x, env) ** float(e[2])
    return _FLOAT_FN[e[1]](fval(e[2], x, env))


def degree_bound(e) -> int:
    """An upper bound on the degree of a tree, as procgym.parsing.degree_bound finds it for the
    tree's text: exponents multiply, products and quotients add, sums and functions take the max."""
    kind = e[0]
    if kind == "c":
        return 0
    if kind in ("x", "sym"):
        return 1
    if kind == "add":
        return max(degree_bound(t) for t in e[1])
    if kind == "mul":
        return sum(degree_bound(t) for t in e[1])
    if kind == "div":
        return degree_bound(e[1]) + degree_bound(e[2])
    if kind in ("pow", "rpow"):
        r = Fraction(e[2])
        return degree_bound(e[1]) * -(-abs(r.numerator) // r.denominator)
    return degree_bound(e[2])
