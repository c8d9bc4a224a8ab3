"""Points and lines with exact rational coordinates for the geometry families: a line is
(a, b, c) meaning a*x + b*y = c with integer a, b, c, gcd 1, and the first nonzero of (a, b)
positive; renderers of lines and circles in their usual forms.

    line_through((0, 0), (2, 4))        # (2, -1, 0): 2x - y = 0
    standard_text((2, -1, 0))           # "2x - y = 0"
    circumcenter((0, 0), (2, 0), (0, 2))   # (1, 1)
"""
from __future__ import annotations

import math
from fractions import Fraction

from procgym.kit import frac_text

from ._exact import F0


class Degenerate(ValueError):
    """A random construction hit a degenerate case (coincident points, parallel lines): retry."""


def point_text(p) -> str:
    return f"({frac_text(p[0])}, {frac_text(p[1])})"


def normalise_line(a, b, c) -> tuple[int, int, int]:
    a, b, c = Fraction(a), Fraction(b), Fraction(c)
    if a == 0 and b == 0:
        raise ValueError("not a line")
    den = math.lcm(a.denominator, b.denominator, c.denominator)
    a, b, c = int(a * den), int(b * den), int(c * den)
    g = math.gcd(math.gcd(a, b), c)
    a, b, c = a // g, b // g, c // g
    if a < 0 or (a == 0 and b < 0):
        a, b, c = -a, -b, -c
    return a, b, c


def line_through(p, q) -> tuple[int, int, int]:
    (x1, y1), (x2, y2) = p, q
    if x1 == x2 and y1 == y2:
        raise ValueError("the points coincide")
    a, b = y2 - y1, x1 - x2
    return normalise_line(a, b, a * x1 + b * y1)


def line_point_slope(p, slope) -> tuple[int, int, int]:
    """y - y0 = m (x - x0), i.e. m x - y = m x0 - y0."""
    m = Fraction(slope)
    return normalise_line(m, -1, m * p[0] - p[1])


def slope_of(line) -> Fraction | None:
    a, b, _ = line
    return None if b == 0 else Fraction(-a, b)


def intersect(l1, l2):
    """The intersection point of two lines, or None if they are parallel."""
    a1, b1, c1 = l1
    a2, b2, c2 = l2
    det = a1 * b2 - a2 * b1
    if det == 0:
        return None
    return Fraction(c1 * b2 - c2 * b1, det), Fraction(a1 * c2 - a2 * c1, det)


def perpendicular_through(line, p) -> tuple[int, int, int]:
    a, b, _ = line
    return normalise_line(b, -a, b * p[0] - a * p[1])


def parallel_through(line, p) -> tuple[int, int, int]:
    a, b, _ = line
    return normalise_line(a, b, a * p[0] + b * p[1])


def foot(p, line):
    """The foot of the perpendicular from p to the line."""
    a, b, c = line
    t = Fraction(c - a * p[0] - b * p[1], a * a + b * b)
    return p[0] + a * t, p[1] + b * t


def midpoint(p, q):
    return Fraction(p[0] + q[0], 2), Fraction(p[1] + q[1], 2)


def on_line(p, line) -> bool:
    a, b, c = line
    return a * p[0] + b * p[1] == c


def dist2(p, q) -> Fraction:
    return Fraction((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2)


def _term(coef: Fraction, var: str, first: bool) -> str:
    """One signed term of a linear expression: "2x", " - y", " + 3/2 x" ...; coef nonzero."""
    a = abs(coef)
    body = var if a == 1 else (f"{a.numerator}{var}" if a.denominator == 1 else f"({frac_text(a)}){var}")
    if first:
        return ("-" if coef < 0 else "") + body
    return (" - " if coef < 0 else " + ") + body


def linear_text(coefs, const=F0) -> str:
    """sum coef*var + const as text: linear_text([(2, "x"), (-3, "y")], 5) -> "2x - 3y + 5"."""
    out = ""
    for coef, var in coefs:
        coef = Fraction(coef)
        if coef:
            out += _term(coef, var, not out)
    const = Fraction(const)
    if const or not out:
        if not out:
            out = frac_text(const)
        else:
            out += (" - " if const < 0 else " + ") + frac_text(abs(const))
    return out


def standard_text(line) -> str:
    """a x + b y = c."""
    a, b, c = line
    return f"{linear_text([(a, 'x'), (b, 'y')])} = {c}"


def general_text(line) -> str:
    """a x + b y - c = 0."""
    a, b, c = line
    return f"{linear_text([(a, 'x'), (b, 'y')], -c)} = 0"


def slope_intercept_text(line) -> str:
    """y = m x + k, or x = k for a vertical line."""
    a, b, c = line
    if b == 0:
        return f"x = {frac_text(Fraction(c, a))}"
    return f"y = {linear_text([(Fraction(-a, b), 'x')], Fraction(c, b))}"


def meet(l1, l2):
    a1, b1, c1 = l1
    a2, b2, c2 = l2
    det = a1 * b2 - a2 * b1
    if det == 0:
        raise Degenerate
    return Fraction(c1 * b2 - c2 * b1) / det, Fraction(a1 * c2 - a2 * c1) / det


def circumcenter(p, q, r):
    """The intersection of the perpendicular bisectors of pq and qr."""
    def bisector(u, v):
        return v[0] - u[0], v[1] - u[1], Fraction(v[0] ** 2 + v[1] ** 2 - u[0] ** 2 - u[1] ** 2) / 2
    return meet(bisector(p, q), bisector(q, r))


def line_text(line, rng, forms=("standard", "slope", "general")) -> str:
    """A line written in one of several forms, chosen at random."""
    form = rng.choice(forms)
    if form == "slope" and line[1] != 0:
        return slope_intercept_text(line)
    if form == "general":
        return general_text(line)
    return standard_text(line)


def nice_line_through(rng, p, coef_max=4):
    """A line with small integer coefficients through a rational point p."""
    while True:
        a, b = rng.randint(-coef_max, coef_max), rng.randint(-coef_max, coef_max)
        if a or b:
            return normalise_line(a, b, a * p[0] + b * p[1])


def circle_text(center, r2, expanded: bool) -> str:
    """(x - h)^2 + (y - k)^2 = r^2, or expanded: x^2 + y^2 + Dx + Ey + F = 0."""
    h, k = Fraction(center[0]), Fraction(center[1])
    if expanded:
        rest = linear_text([(-2 * h, "x"), (-2 * k, "y")], h * h + k * k - r2)
        if rest == "0":
            return "x^2 + y^2 = 0"
        return "x^2 + y^2 " + (f"- {rest[1:]}" if rest.startswith("-") else f"+ {rest}") + " = 0"
    xs = "x^2" if h == 0 else f"(x {'-' if h > 0 else '+'} {frac_text(abs(h))})^2"
    ys = "y^2" if k == 0 else f"(y {'-' if k > 0 else '+'} {frac_text(abs(k))})^2"
    return f"{xs} + {ys} = {frac_text(r2)}"
