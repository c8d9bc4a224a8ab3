"""Quadratic surds p + q sqrt(d), exact: real roots of polynomials whose part without rational
roots has degree at most 2, and polynomials evaluated at a surd.

    real_roots([-2, 0, 1])                 # [Surd(0, -1, 2), Surd(0, 1, 2)]: -sqrt(2), sqrt(2)
    Surd(Fraction(3, 2), Fraction(-1, 2), 5).text()   # "(3 - sqrt(5))/2"
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from procgym.kit import frac_text

from ._polynomials import Steps, coef_text, rational_roots, trim


def squarefree_split(n: int) -> tuple[int, int]:
    """(s, d) with n = s^2 d and d squarefree (n > 0)."""
    s, d = 1, n
    f = 2
    while f * f <= d:
        while d % (f * f) == 0:
            d //= f * f
            s *= f
        f += 1
    return s, d


@dataclass(frozen=True, order=True)
class Surd:
    """The real number p + q sqrt(d): d a squarefree integer > 1, or q == 0 for a rational."""

    p: Fraction
    q: Fraction = Fraction(0)
    d: int = 1

    @property
    def rational(self) -> bool:
        return self.q == 0

    def __float__(self) -> float:
        return float(self.p) + float(self.q) * math.sqrt(self.d)

    def sign(self) -> int:
        a, b = self.p, self.q
        if b == 0:
            return (a > 0) - (a < 0)
        if a == 0 or (a > 0) == (b > 0):
            return 1 if (b > 0 if a == 0 else a > 0) else -1
        return (1 if a > 0 else -1) if a * a > b * b * self.d else (1 if b > 0 else -1)

    def minus(self, r) -> "Surd":
        return Surd(self.p - Fraction(r), self.q, self.d)

    def affine(self, a, b) -> "Surd":
        """a * self + b for rationals a, b."""
        return Surd(a * self.p + b, a * self.q, self.d) if a * self.q else Surd(a * self.p + b)

    def text(self) -> str:
        if self.q == 0:
            return frac_text(self.p)
        den = self.p.denominator * self.q.denominator // math.gcd(self.p.denominator, self.q.denominator)
        big_p, big_q = int(self.p * den), int(self.q * den)
        root = f"sqrt({self.d})"
        tail = coef_text(abs(big_q), root)
        if big_p:
            core = f"{big_p} {'-' if big_q < 0 else '+'} {tail}"
        else:
            core = ("-" if big_q < 0 else "") + tail
        if den == 1:
            return core
        return f"({core})/{den}" if big_p else f"{core}/{den}"


def quadratic_roots(a, b, c) -> list[Surd]:
    """The real roots of a x^2 + b x + c (a != 0), exact, ascending; a double root once."""
    a, b, c = Fraction(a), Fraction(b), Fraction(c)
    disc = b * b - 4 * a * c
    if disc < 0:
        return []
    if disc == 0:
        return [Surd(-b / (2 * a))]
    # sqrt(disc) = sqrt(N / D) = sqrt(N D) / D
    s, d = squarefree_split(disc.numerator * disc.denominator)
    root = Fraction(s, disc.denominator)
    if d == 1:
        r1, r2 = (-b - root) / (2 * a), (-b + root) / (2 * a)
        return sorted([Surd(r1), Surd(r2)], key=lambda r: r.p)
    half = root / (2 * a)
    out = [Surd(-b / (2 * a), -half, d), Surd(-b / (2 * a), half, d)]
    return sorted(out, key=float)


QUADRATIC_FORMULA_STEPS = 4  # discriminant, its square root, the two roots


def real_roots(p, steps: Steps | None = None) -> list[Surd]:
    """All distinct real roots of a polynomial whose part without rational roots has degree <= 2,
    ascending. Raises ValueError for a higher-degree remainder (not needed by these tasks).
    `steps` counts the rational root search and the quadratic formula."""
    rats, rest = rational_roots(p, steps)
    roots = {Surd(r) for r in rats}
    if len(rest) > 3:
        raise ValueError("a factor of degree > 2 without rational roots")
    if len(rest) == 3:
        if steps is not None:
            steps.add(QUADRATIC_FORMULA_STEPS)
        roots.update(quadratic_roots(rest[2], rest[1], rest[0]))
    return sorted(roots, key=float)


def surd_eval(p, r: Surd) -> Surd:
    """A polynomial of degree <= 2 evaluated exactly at p + q sqrt(d)."""
    p = trim(p) + [0, 0, 0]
    a0, a1, a2 = (Fraction(c) for c in p[:3])
    if any(p[3:]):
        raise ValueError("degree above 2")
    # (P + Q s)^2 = P^2 + Q^2 d + 2 P Q s
    sq_p, sq_q = r.p * r.p + r.q * r.q * r.d, 2 * r.p * r.q
    return Surd(a0 + a1 * r.p + a2 * sq_p, a1 * r.q + a2 * sq_q, r.d if (a1 * r.q + a2 * sq_q) else 1)
