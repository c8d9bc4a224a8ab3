"""Expression trees for the calculus tasks: constructors that fold constants, and a printer.

Shared by every calculus family: derivatives.py differentiates these trees, _common.py adds
rational powers ("rpow"), named symbols ("sym") and the exact machinery on top.
"""
from __future__ import annotations

from fractions import Fraction

# An expression is a tuple: ("c", Fraction) | ("x",) | ("add", terms) | ("mul", factors) |
# ("div", numerator, denominator) | ("pow", base, int) | ("fn", name, argument);
# _common.py adds ("rpow", base, Fraction) and ("sym", name).
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


# =========================================================================== printing

def num_text(v) -> str:
    v = Fraction(v)
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def text(e) -> str:
    """Plain math text with explicit * and ^, readable by procgym.parsing.parse_expression."""
    kind = e[0]
    if kind == "c":
        return num_text(e[1])
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
        return f"{base}^{n.numerator}" if n.denominator == 1 and n > 0 else f"{base}^({num_text(n)})"
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
                prefix += (num_text(v) if v.denominator == 1 else f"({num_text(v)})") + "*"
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
