"""Polynomials over the rationals for the calculus tasks: lists of Fractions (or ints), lowest
degree first, with products, values, derivatives, antiderivatives and text.

    poly_text([5, Fraction(-1, 2), 3])   # "3x^2 - (1/2)x + 5"
"""
from __future__ import annotations

import math
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


def root_search_steps(p: list[int]) -> int:
    """Multiply-adds of finding the rational roots of an integer polynomial by hand (for a
    task's effort): factors of x come out first and the common factor of the coefficients is
    divided out (one step each); each candidate p/q of the rational root theorem (p dividing the
    constant term, q the leading coefficient, both signs) is tested by Horner's rule on what is
    left, and each root found is divided out by synthetic division, until a quadratic is left
    (the quadratic formula: four steps, the discriminant telling whether its roots are real) or a
    linear one (one division)."""
    p = p_trim([int(c) for c in p])
    steps = 0
    while len(p) > 1 and p[0] == 0:
        p = p[1:]
        steps += 1
    # nobody tests the divisors of 60 for 60x^2 - 30x - 90: they take out 30 first
    content = math.gcd(*p) if len(p) > 1 else 1
    if content > 1:
        p = [c // content for c in p]
        steps += 1
    for num in _divisors(p[0]) if len(p) > 3 else []:
        for den in _divisors(p[-1]):
            for cand in (Fraction(num, den), Fraction(-num, den)):
                while len(p) > 3:
                    steps += len(p)
                    if p_eval(p, cand) != 0:
                        break
                    steps += len(p) - 1
                    quotient, carry = [Fraction(0)] * (len(p) - 1), Fraction(0)
                    for k in range(len(p) - 1, 0, -1):
                        carry = p[k] + carry * cand
                        quotient[k - 1] = carry
                    p = quotient
    # a quadratic left over (an irreducible one too) is settled by its discriminant, not by
    # testing every remaining candidate
    return steps + {3: 4, 2: 1}.get(len(p), 0)


def _divisors(n: int) -> list[int]:
    n = abs(int(n))
    return [d for d in range(1, n + 1) if n % d == 0]
