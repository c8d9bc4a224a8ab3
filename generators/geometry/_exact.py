"""Exact numbers for the geometry families: finite sums c * sqrt(m) * pi^k with c rational, and the
small tables of exact values the figures use (sines of the standard angles, Pythagorean legs).

    Exact.sqrt(Fraction(45))            # 3*sqrt(5)
    (Exact.of(24) + 8 * PI).text()      # "24 + 8*pi"
    SIN[60]                             # sqrt(3)/2

An Exact is enough for every length, area and volume these tasks ask for, and fast to compute with
(generation never touches sympy; only the graders parse answers into sympy through the safe parser).
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache

F0, F1 = Fraction(0), Fraction(1)


@lru_cache(maxsize=4096)
def square_split(n: int) -> tuple[int, int]:
    """(s, m) with n = s^2 * m and m square-free (n >= 1)."""
    s, m, p = 1, n, 2
    while p * p <= m:
        while m % (p * p) == 0:
            m //= p * p
            s *= p
        p += 1
    return s, m


class Exact:
    """sum of c * sqrt(m) * pi^k, stored as {(m, k): c} with c a nonzero Fraction."""

    __slots__ = ("t",)

    def __init__(self, terms: dict | None = None):
        self.t = {k: Fraction(v) for k, v in (terms or {}).items() if v}

    # ------------------------------------------------------------ constructors
    @staticmethod
    def of(value) -> "Exact":
        return value if isinstance(value, Exact) else Exact({(1, 0): Fraction(value)})

    @staticmethod
    def sqrt(value) -> "Exact":
        """The square root of a rational (or of a rational Exact) >= 0."""
        if isinstance(value, Exact):
            value = value.rational()
        r = Fraction(value)
        if r < 0:
            raise ValueError("square root of a negative number")
        if r == 0:
            return Exact()
        s, m = square_split(r.numerator * r.denominator)
        return Exact({(m, 0): Fraction(s, r.denominator)})

    # ------------------------------------------------------------ arithmetic
    def __add__(self, other):
        other = Exact.of(other)
        out = dict(self.t)
        for k, v in other.t.items():
            out[k] = out.get(k, F0) + v
        return Exact(out)

    __radd__ = __add__

    def __neg__(self):
        return Exact({k: -v for k, v in self.t.items()})

    def __sub__(self, other):
        return self + (-Exact.of(other))

    def __rsub__(self, other):
        return Exact.of(other) - self

    def __mul__(self, other):
        if not isinstance(other, Exact):
            other = Fraction(other)
            return Exact({k: v * other for k, v in self.t.items()})
        out: dict = {}
        for (m1, k1), c1 in self.t.items():
            for (m2, k2), c2 in other.t.items():
                g = math.gcd(m1, m2)
                key = ((m1 // g) * (m2 // g), k1 + k2)
                out[key] = out.get(key, F0) + c1 * c2 * g
        return Exact(out)

    __rmul__ = __mul__

    def __truediv__(self, other):
        """Division by a rational or by a single term c * sqrt(m) * pi^k (k no larger than every
        power of pi in self)."""
        if not isinstance(other, Exact):
            return self * (F1 / Fraction(other))
        if len(other.t) != 1:
            raise ValueError("can only divide by a single term")
        (m, k), c = next(iter(other.t.items()))
        if any(kk < k for (_, kk) in self.t):
            raise ValueError("the quotient would have pi in a denominator")
        inverse = Exact({(m, 0): F1 / (c * m)})  # 1/(c sqrt(m)) = sqrt(m) / (c m)
        out = self * inverse
        return Exact({(mm, kk - k): v for (mm, kk), v in out.t.items()})

    def __pow__(self, n: int):
        out = Exact.of(1)
        for _ in range(n):
            out = out * self
        return out

    def __eq__(self, other):
        try:
            return self.t == Exact.of(other).t
        except (TypeError, ValueError):
            return NotImplemented

    def __hash__(self):
        return hash(tuple(sorted(self.t.items())))

    def __repr__(self):
        return f"Exact({self.text()})"

    # ------------------------------------------------------------ queries
    def is_rational(self) -> bool:
        return all(k == (1, 0) for k in self.t)

    def rational(self) -> Fraction:
        if not self.is_rational():
            raise ValueError(f"{self.text()} is not rational")
        return self.t.get((1, 0), F0)

    def __float__(self):
        return float(sum(float(c) * math.sqrt(m) * math.pi ** k for (m, k), c in self.t.items()))

    def size(self) -> int:
        """The largest numerator or denominator in the coefficients (a measure of ugliness)."""
        return max((max(abs(c.numerator), c.denominator) for c in self.t.values()), default=0)

    def text(self) -> str:
        """Plain text readable by the safe parser: "24 + 8*pi", "3*sqrt(5)/2", "2*pi*sqrt(3)/3"."""
        if not self.t:
            return "0"
        out = ""
        items = sorted(self.t.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        if items[0][1] < 0:  # lead with a positive term where there is one: "27*pi/2 - 81*sqrt(3)/4"
            first = next((i for i, kv in enumerate(items) if kv[1] > 0), 0)
            items.insert(0, items.pop(first))
        for i, ((m, k), c) in enumerate(items):
            a = abs(c)
            factors = []
            if k:
                factors.append("pi" if k == 1 else f"pi^{k}")
            if m > 1:
                factors.append(f"sqrt({m})")
            if a.numerator != 1 or not factors:
                factors.insert(0, str(a.numerator))
            body = "*".join(factors) + (f"/{a.denominator}" if a.denominator != 1 else "")
            if i == 0:
                out = ("-" if c < 0 else "") + body
            else:
                out += (" - " if c < 0 else " + ") + body
        return out


PI = Exact({(1, 1): F1})


# exact sines of the angles the figures use
SIN = {30: Exact.of(Fraction(1, 2)), 150: Exact.of(Fraction(1, 2)), 45: Exact.sqrt(2) / 2, 135: Exact.sqrt(2) / 2,
       60: Exact.sqrt(3) / 2, 120: Exact.sqrt(3) / 2, 90: Exact.of(1)}

# legs[a] = sorted b with a^2 + b^2 a perfect square (Pythagorean legs up to 80)
LEGS: dict[int, list[int]] = {}
for _a in range(1, 81):
    for _b in range(1, 81):
        _c2 = _a * _a + _b * _b
        if int(_c2 ** 0.5) ** 2 == _c2 or (int(_c2 ** 0.5) + 1) ** 2 == _c2:
            LEGS.setdefault(_a, []).append(_b)
