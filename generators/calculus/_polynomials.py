"""Polynomials over the rationals for the calculus tasks: lists of Fractions (or ints), lowest
degree first, with products, values, derivatives, antiderivatives and text.

    poly_text([5, Fraction(-1, 2), 3])   # "3x^2 - (1/2)x + 5"
"""
from __future__ import annotations

from fractions import Fraction

from procgym.kit import frac_text


def p_trim(p: list) -> list:
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def p_mul(a, b) -> list:
    if not a or not b:
        return []
    out = [0] * (len(a) + len(b) - 1)
    for i, u in enumerate(a):
        if u:
            for j, v in enumerate(b):
                out[i + j] += u * v
    return p_trim(out)


def p_eval(a, x):
    out = 0
    for c in reversed(a):
        out = out * x + c
    return out


def p_deriv(a) -> list:
    return p_trim([i * a[i] for i in range(1, len(a))])


def p_integral(a) -> list:
    return p_trim([Fraction(0)] + [Fraction(c) / (i + 1) for i, c in enumerate(a)])


def poly_text(coeffs, var: str = "x", star: bool = False) -> str:
    """'3x^2 - (1/2)x + 5' for [5, -1/2, 3]; with star, '3*x^2 - (1/2)*x + 5'."""
    parts = []
    for i in range(len(coeffs) - 1, -1, -1):
        c = Fraction(coeffs[i])
        if c == 0:
            continue
        mag = abs(c)
        body = "" if i == 0 else var if i == 1 else f"{var}^{i}"
        if i == 0:
            s = frac_text(mag)
        elif mag == 1:
            s = body
        else:
            s = (frac_text(mag) if mag.denominator == 1 else f"({frac_text(mag)})") + ("*" if star else "") + body
        parts.append(("-" if c < 0 else "+", s))
    if not parts:
        return "0"
    out = ("-" if parts[0][0] == "-" else "") + parts[0][1]
    return out + "".join(f" {s} {t}" for s, t in parts[1:])
