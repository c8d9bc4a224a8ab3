"""Helpers for the geometry families: exact numbers built from rationals, square roots and pi,
exact rational points and lines, renderers, and the graders for exact values, points, angles and
equations in x and y.

    Exact.sqrt(Fraction(45))            # 3*sqrt(5)
    (Exact.of(24) + 8 * PI).text()      # "24 + 8*pi"
    grade_value("8pi + 24", "24 + 8*pi", rational=False)   # right()
    read_point("(3/2, -4)")             # (Fraction(3, 2), Fraction(-4, 1))
    equation_coefficients("y = 2x + 3") # {(0, 1): 1, (1, 0): -2, (0, 0): -3}

An Exact is a finite sum of c * sqrt(m) * pi^k with c rational, m a square-free integer >= 1 and
k >= 0: enough for every length, area and volume these tasks ask for, and fast to compute with
(generation never touches sympy; only the graders parse answers into sympy through the safe parser).
"""
from __future__ import annotations

import math
import re
from fractions import Fraction
from functools import lru_cache

import sympy

from procgym.parsing import ParseError, clean, parse_expression, parse_list, parse_number
from procgym.verdict import Verdict, right, wrong

F0, F1 = Fraction(0), Fraction(1)


# =========================================================================== exact numbers

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


def fr_text(value) -> str:
    """A rational as "p/q" or "n"."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def num_text(value) -> str:
    """A rational for prose: integers plainly, others as p/q."""
    return fr_text(value)


# =========================================================================== points and lines
# A point is a pair of Fractions; a line is (a, b, c) meaning a*x + b*y = c with integer a, b, c,
# gcd 1, and the first nonzero of (a, b) positive.

def point_text(p) -> str:
    return f"({fr_text(p[0])}, {fr_text(p[1])})"


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
    body = var if a == 1 else (f"{a.numerator}{var}" if a.denominator == 1 else f"({fr_text(a)}){var}")
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
            out = fr_text(const)
        else:
            out += (" - " if const < 0 else " + ") + fr_text(abs(const))
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
        return f"x = {fr_text(Fraction(c, a))}"
    return f"y = {linear_text([(Fraction(-a, b), 'x')], Fraction(c, b))}"


# =========================================================================== graders

_UNIT = re.compile(r"(?<![A-Za-z])(?:(?:square|sq\.?|cubic|cu\.?)\s*)?(?:units?|cm|mm|m|km|in|ft|inches|feet|"
                   r"meters|metres)(?:\s*\^\s*\{?[23]\}?|\u00b2|\u00b3)?\s*\.?\s*$", re.IGNORECASE)
_LABEL = re.compile(r"^\s*[A-Za-z\\][A-Za-z_\\ ]{0,30}(?:\([A-Za-z ]{0,10}\))?\s*=\s*(?=[^=]+$)")
_APPROX = re.compile(r"\\approx|\u2248|~=")
_TEXT = re.compile(r"\\(?:text|mathrm|operatorname)\s*\{[^{}]{0,40}\}(?:\s*\^\s*\{?\s*[23]\s*\}?)?")


def strip_value(answer: str) -> str:
    """Drop a leading "Area =" style label, a trailing unit ("cm^2", "square units", "\\text{ cm}^2")
    and a trailing approximation ("24 + 8*pi \\approx 49.13" keeps only the exact part)."""
    s = clean(answer)
    m = _APPROX.search(s)
    if m:
        s = s[:m.start()]
    s = _TEXT.sub(" ", s)
    s = _LABEL.sub("", s, count=1)
    s = _UNIT.sub("", s)
    return _BARE_ROOT.sub(r"sqrt(\1)", s).strip()


_BARE_ROOT = re.compile(r"(?:\u221a|(?<![A-Za-z\\])sqrt)\s*(\d{1,12})(?![\d.])")


def _plain_number(e) -> bool:
    """Only rationals, pi, sums, products and rational powers: what an exact answer here needs."""
    for node in sympy.preorder_traversal(e):
        if node.is_Rational or node is sympy.pi:
            continue
        if isinstance(node, (sympy.Add, sympy.Mul)):
            continue
        if isinstance(node, sympy.Pow) and node.exp.is_Rational:
            continue
        return False
    return True


def read_value(answer: str):
    """An exact real number written with integers, fractions, sqrt and pi, as a sympy number."""
    text = strip_value(answer)
    if not text:
        raise ParseError("give the exact value, not an approximation")
    expr = parse_expression(text, ())
    if not _plain_number(expr):
        raise ParseError("write an exact number using integers, fractions, sqrt( ) and pi only")
    return expr


def same_number(a, b) -> bool:
    """Equal exact numbers, compared at 60 significant digits (far beyond any decimal an answer
    could reasonably approximate them with)."""
    try:
        da, db = a.evalf(60), b.evalf(60)
        if not (da.is_real and db.is_real):
            return False
        return bool(abs(da - db) <= sympy.Float("1e-45", 60) * max(1, abs(db)))
    except (TypeError, ValueError, ArithmeticError, AttributeError):
        return False


def grade_value(answer: str, expected: str, rational: bool, what: str = "the exact value") -> Verdict:
    """Any exact form equal to `expected` (our own text); a bare decimal or fraction is refused
    for an irrational value, so approximations never pass."""
    try:
        given = read_value(answer)
    except ParseError as exc:
        return wrong(f"{exc}.")
    if given.is_Rational and not rational:
        return wrong("The value is irrational: give it exactly (with sqrt or pi), not as a decimal.")
    target = parse_expression(expected, ())
    return right() if same_number(given, target) else wrong(f"That is not {what}.")


_DEGREES = re.compile(r"\s*(?:\^\s*\{?\s*\\circ\s*\}?|\\circ|\u00b0|degrees?|deg)\s*\.?\s*$", re.IGNORECASE)


def grade_degrees(answer: str, value: int, what: str = "the angle") -> Verdict:
    """An angle in whole degrees: "40", "40°", "40 degrees", "40^\\circ"."""
    s = _DEGREES.sub("", strip_value(answer))
    try:
        given = parse_number(s)
    except ParseError as exc:
        return wrong(f"{exc}.")
    return right() if given == value else wrong(f"That is not {what}.")


_COORD_LABEL = re.compile(r"^\s*[xy]\s*=\s*", re.IGNORECASE)
_POINT_LABEL = re.compile(r"^\s*[A-Za-z]\w{0,3}\s*(?:=\s*)?(?=[(\[])")


def read_point(answer: str) -> tuple[Fraction, Fraction]:
    """A point "(x, y)": brackets optional, "x = ..., y = ..." and a leading name ("P = ") allowed."""
    s = clean(answer)
    s = _POINT_LABEL.sub("", s, count=1)
    parts = parse_list(s, ",;")
    if len(parts) != 2:
        raise ParseError("write the point as (x, y) with two coordinates")
    return tuple(parse_number(_COORD_LABEL.sub("", p)) for p in parts)  # type: ignore[return-value]


def grade_point(answer: str, point, what: str = "the point") -> Verdict:
    try:
        given = read_point(answer)
    except ParseError as exc:
        return wrong(f"{exc}.")
    target = (Fraction(point[0]), Fraction(point[1]))
    if given == target:
        return right()
    if given == target[::-1]:
        return wrong("The coordinates are swapped: give (x, y).")
    return wrong(f"That is not {what}.")


# ---------------------------------------------------------------- equations in x and y

X, Y = sympy.Symbol("x"), sympy.Symbol("y")
MAX_EQUATION_DEGREE = 4


def _degree(e) -> int:
    """An upper bound of the polynomial degree in x and y; ParseError if not a polynomial."""
    if not e.free_symbols:
        return 0
    if e.is_Symbol:
        return 1
    if isinstance(e, sympy.Add):
        return max(_degree(a) for a in e.args)
    if isinstance(e, sympy.Mul):
        total = sum(_degree(a) for a in e.args)
        if total > MAX_EQUATION_DEGREE:
            raise ParseError("the equation has too high a degree")
        return total
    if isinstance(e, sympy.Pow) and e.exp.is_Integer and e.exp > 0:
        d = _degree(e.base) * int(e.exp)
        if d > MAX_EQUATION_DEGREE:
            raise ParseError("the equation has too high a degree")
        return d
    raise ParseError("the equation is not polynomial in x and y")


def read_sides(answer: str):
    """The two sides of an equation in x and y as sympy expressions (polynomial, small degree)."""
    s = clean(answer)
    if s.count("=") != 1:
        raise ParseError("write one equation with a single '='")
    left, right_ = s.split("=")
    sides = []
    for part in (left, right_):
        e = parse_expression(part, ("x", "y"))
        _degree(e)
        sides.append(e)
    return sides[0], sides[1]


def poly_dict(expr) -> dict:
    """{(i, j): Fraction} for a polynomial in x, y with rational coefficients."""
    try:
        poly = sympy.Poly(expr, X, Y)
    except (sympy.PolynomialError, sympy.GeneratorsNeeded, ValueError, TypeError):
        raise ParseError("the equation is not polynomial in x and y") from None
    out = {}
    for monomial, coef in poly.terms():
        if not coef.is_Rational:
            raise ParseError("the coefficients must be exact rational numbers")
        if coef != 0:
            out[monomial] = Fraction(int(coef.p), int(coef.q))
    return out


def equation_coefficients(answer: str) -> dict:
    """{(i, j): Fraction} of left - right for an equation answer."""
    left, right_ = read_sides(answer)
    return poly_dict(left - right_)


def proportional(given: dict, target: dict) -> bool:
    """Whether two coefficient dicts describe the same equation (one a nonzero multiple of the other)."""
    if not given or not target or set(given) != set(target):
        return False
    key = next(iter(target))
    ratio = given[key] / Fraction(target[key])
    return all(given[k] == ratio * Fraction(v) for k, v in target.items())


def target_dict(pairs) -> dict:
    """Coefficient dict from [(i, j, value), ...] (JSON-friendly storage)."""
    return {(int(i), int(j)): Fraction(v) for i, j, v in pairs if Fraction(v) != 0}


def dict_pairs(d: dict) -> list:
    """The JSON form of a coefficient dict: [[i, j, "p/q"], ...]."""
    return [[i, j, fr_text(v)] for (i, j), v in sorted(d.items())]
