"""Helpers shared by the algebra families of this wave: exact polynomial arithmetic over
Fractions, an exact rational-root solver, quadratic surds, rendering, and readers for the answer
kinds these tasks ask for (sets of exact values, name=value assignments, unions of intervals).

Polynomials are lists of Fractions (or ints), lowest power first: [c0, c1, c2] is c0 + c1 x + c2 x^2;
the zero polynomial is [].

    pmul([1, 1], [-1, 1])                  # [-1, 0, 1]: (1 + x)(-1 + x) = x^2 - 1
    poly_text([Fraction(1, 2), 0, -3])     # "-3x^2 + 1/2"
    real_roots([-2, 0, 1])                 # [Surd(0, 1, 2), Surd(0, -1, 2)]: +-sqrt(2)
    read_intervals("(-inf, 2) U [3, 5]")   # [(None, False, 2, False), (3, True, 5, True)]
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass
from fractions import Fraction

import sympy

from procgym.parsing import ParseError, clean, parse_expression, parse_number
from procgym.verdict import Verdict, right, wrong

# --------------------------------------------------------------------------- polynomials


def trim(p) -> list:
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def padd(p, q) -> list:
    n = max(len(p), len(q))
    return trim([(p[i] if i < len(p) else 0) + (q[i] if i < len(q) else 0) for i in range(n)])


def psub(p, q) -> list:
    return padd(p, pscale(q, -1))


def pscale(p, k) -> list:
    return trim([c * k for c in p])


def pmul(p, q) -> list:
    if not p or not q:
        return []
    out = [0] * (len(p) + len(q) - 1)
    for i, a in enumerate(p):
        if a:
            for j, b in enumerate(q):
                out[i + j] += a * b
    return trim(out)


def ppow(p, n: int) -> list:
    out = [1]
    for _ in range(n):
        out = pmul(out, p)
    return out


def pdivmod(p, d) -> tuple[list, list]:
    """Polynomial long division over the rationals: p = d * q + r with deg r < deg d."""
    d = trim(d)
    if not d:
        raise ZeroDivisionError("division by the zero polynomial")
    r = [Fraction(c) for c in trim(p)]
    q = [Fraction(0)] * max(0, len(r) - len(d) + 1)
    lead = Fraction(d[-1])
    while len(r) >= len(d) and r:
        k = len(r) - len(d)
        c = r[-1] / lead
        q[k] = c
        for i, dc in enumerate(d):
            r[k + i] -= c * dc
        r = trim(r)
    return trim(q), r


def pgcd(p, q) -> list:
    """The monic greatest common divisor (Euclid's algorithm over the rationals)."""
    a, b = trim([Fraction(c) for c in p]), trim([Fraction(c) for c in q])
    while b:
        a, b = b, pdivmod(a, b)[1]
    if not a:
        return []
    return [c / a[-1] for c in a]


def int_content(p: list[int]) -> int:
    g = 0
    for c in p:
        g = math.gcd(g, c)
    return g


def pexquo_int(p: list[int], d: list[int]) -> list[int]:
    """p / d for integer polynomials when d divides p exactly (Gauss: the quotient is integral
    when d is primitive); raises ValueError otherwise."""
    r = list(trim(p))
    d = trim(d)
    if len(r) < len(d):
        if r:
            raise ValueError("not an exact division")
        return []
    q = [0] * (len(r) - len(d) + 1)
    lead = d[-1]
    for k in range(len(q) - 1, -1, -1):
        c, rem = divmod(r[k + len(d) - 1], lead)
        if rem:
            raise ValueError("not an exact division")
        q[k] = c
        if c:
            for i, dc in enumerate(d):
                r[k + i] -= c * dc
    if any(r):
        raise ValueError("not an exact division")
    return trim(q)


def pgcd_int(p: list[int], q: list[int]) -> list[int]:
    """The primitive gcd (positive leading coefficient) of two integer polynomials, by the
    primitive pseudo-remainder sequence."""
    a, b = trim(p), trim(q)
    if len(a) < len(b):
        a, b = b, a
    while b:
        r = list(a)
        lead, db = b[-1], len(b)
        while len(r) >= db:  # pseudo-remainder: scale by lead each round, all in integers
            c = r[-1]
            r = [v * lead for v in r]
            k = len(r) - db
            for i, bc in enumerate(b):
                r[k + i] -= c * bc
            r = trim(r)
        g = int_content(r)
        a, b = b, [v // g for v in r] if g else []
    g = int_content(a)
    if not a:
        return []
    a = [v // g for v in a]
    return a if a[-1] > 0 else [-v for v in a]


def peval(p, x):
    v = 0
    for c in reversed(p):
        v = v * x + c
    return v


def degree(p) -> int:
    return len(trim(p)) - 1


def primitive(p) -> tuple[Fraction, list[int]]:
    """(content, primitive integer polynomial) with p = content * primitive, positive leading coefficient."""
    p = trim([Fraction(c) for c in p])
    if not p:
        return Fraction(0), []
    den = 1
    for c in p:
        den = den * c.denominator // math.gcd(den, c.denominator)
    ints = [int(c * den) for c in p]
    g = 0
    for c in ints:
        g = math.gcd(g, c)
    if ints[-1] < 0:
        g = -g
    return Fraction(g, den), [c // g for c in ints]


# --------------------------------------------------------------------------- rendering


def num_text(v) -> str:
    if isinstance(v, int):
        return str(v)
    v = Fraction(v)
    return str(v.numerator) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def coef_text(c, body: str) -> str:
    """A positive coefficient in front of `body` ('x^2', 'y'): '', '3', '(3/2)'; alone when body is ''."""
    if not body:
        return num_text(c)
    if c == 1:
        return body
    c = Fraction(c)
    return (num_text(c) if c.denominator == 1 else f"({num_text(c)})") + body


def signed_join(terms: list[tuple[Fraction, str]]) -> str:
    """'3x^2 - x + 1/2' from (coefficient, body) pairs in display order; '0' when empty."""
    out = []
    for c, body in terms:
        if c == 0:
            continue
        piece = coef_text(abs(c), body)
        if not out:
            out.append(("-" if c < 0 else "") + piece)
        else:
            out.append((" - " if c < 0 else " + ") + piece)
    return "".join(out) or "0"


def power_text(var: str, k: int) -> str:
    return "" if k == 0 else var if k == 1 else f"{var}^{k}"


def poly_text(p, var: str = "x") -> str:
    """Highest power first: '2x^3 - x + 5'; fractional coefficients as '(3/2)x'."""
    p = trim(p)
    return signed_join([(p[k], power_text(var, k)) for k in range(len(p) - 1, -1, -1)])


def factor_text(p, var: str = "x") -> str:
    """A polynomial as a factor in a product: 'x', '(x - 3)', '(2x^2 + 1)'."""
    p = trim(p)
    if p == [0, 1]:
        return var
    return f"({poly_text(p, var)})"


# --------------------------------------------------------------------------- exact roots


def divisors(n: int) -> list[int]:
    n = abs(n)
    small, large = [], []
    i = 1
    while i * i <= n:
        if n % i == 0:
            small.append(i)
            if i * i != n:
                large.append(n // i)
        i += 1
    return small + large[::-1]


def _deflate(p: list[int], num: int, den: int) -> list[int] | None:
    """p / (den x - num) when it divides exactly (integer polynomials, lowest power first), else None."""
    high = p[::-1]
    out = [0] * (len(high) - 1)
    acc = 0
    for k in range(len(high) - 1):
        top = high[k] + num * acc
        if top % den:
            return None
        acc = top // den
        out[k] = acc
    if high[-1] + num * acc != 0:
        return None
    return out[::-1]


def rational_roots(p) -> tuple[list[Fraction], list[int]]:
    """Rational roots with multiplicity (rational root theorem with deflation), and the
    primitive integer cofactor that has no rational root."""
    _, q = primitive(p)
    if not q:
        raise ValueError("the zero polynomial has every number as a root")
    roots: list[Fraction] = []
    while len(q) > 1 and q[0] == 0:
        roots.append(Fraction(0))
        q = q[1:]
    found = True
    while found and len(q) > 1:
        found = False
        for b in divisors(q[-1]):
            for a in divisors(q[0]):
                if math.gcd(a, b) != 1:
                    continue
                for num in (a, -a):
                    rest = _deflate(q, num, b)
                    if rest is not None:
                        roots.append(Fraction(num, b))
                        q = rest
                        found = True
                        break
                if found:
                    break
            if found:
                break
    return roots, q


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
            return num_text(self.p)
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


def real_roots(p) -> list[Surd]:
    """All distinct real roots of a polynomial whose part without rational roots has degree <= 2,
    ascending. Raises ValueError for a higher-degree remainder (not needed by these tasks)."""
    rats, rest = rational_roots(p)
    roots = {Surd(r) for r in rats}
    if len(rest) > 3:
        raise ValueError("a factor of degree > 2 without rational roots")
    if len(rest) == 3:
        roots.update(quadratic_roots(rest[2], rest[1], rest[0]))
    return sorted(roots, key=float)


def surd_json(r: Surd) -> list:
    return [r.p.numerator, r.p.denominator, r.q.numerator, r.q.denominator, r.d]


def surd_from_json(v) -> Surd:
    return Surd(Fraction(v[0], v[1]), Fraction(v[2], v[3]), int(v[4]))


# --------------------------------------------------------------------------- answer readers

_EMPTY_WORDS = {"none", "no solution", "no solutions", "no real solution", "no real solutions", "{}", "empty",
                "empty set", "\u2205", "\\emptyset", "\\varnothing", "no real roots", "no roots", "\\{\\}", "[]"}
_OPEN, _CLOSE = "([{", ")]}"


def is_empty_word(text: str) -> bool:
    return clean(text).strip().strip(".").lower() in _EMPTY_WORDS


def split_top(text: str, separators: str = ",;") -> list[str]:
    """Split at separators that are outside every bracket: 'log(7, 5), 2' -> ['log(7, 5)', '2']."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
        elif ch in separators and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts]


def _encloses(s: str, o: str, c: str) -> bool:
    """Whether s[0] == o and its matching bracket is the last character."""
    if len(s) < 2 or s[0] != o or s[-1] != c:
        return False
    depth = 0
    for i, ch in enumerate(s):
        if ch in _OPEN:
            depth += 1
        elif ch in _CLOSE:
            depth -= 1
            if depth == 0 and i < len(s) - 1:
                return False
    return True


def strip_set_brackets(s: str) -> str:
    s = s.strip()
    s = s.replace("\\{", "{").replace("\\}", "}")
    for o, c in ("{}", "[]"):
        if _encloses(s, o, c):
            return s[1:-1].strip()
    return s


_VALUE_PREFIX = re.compile(r"^\s*[a-z](_?\{?\d+\}?)?\s*=\s*", re.IGNORECASE)
_PLUS_MINUS = re.compile(r"\+\s*/\s*-|\+-|\u00b1|\\pm")


def read_value_items(answer: str) -> list[str]:
    """The items of a set-of-values answer: braces stripped, split on , ; 'or' 'and', 'x =' prefixes
    removed, and 'a +- b' (or with the plus-minus sign) expanded into two items."""
    s = strip_set_brackets(clean(answer))
    s = re.sub(r"\s+(?:or|and)\s+", ",", s, flags=re.IGNORECASE)
    items = []
    for part in split_top(s):
        part = _VALUE_PREFIX.sub("", part).strip()
        if len(_PLUS_MINUS.findall(part)) == 1:
            items += [_PLUS_MINUS.sub("+", part), _PLUS_MINUS.sub("-", part)]
        else:
            items.append(part)
    return items


def _numeric(expr, digits: int = 40) -> complex:
    v = complex(sympy.N(expr, digits))
    if not (math.isfinite(v.real) and math.isfinite(v.imag)):
        raise ParseError("a value is not finite")
    return v


def read_exact_value(item: str, functions=()) -> sympy.Expr:
    """A numeric expression (no variables) using only sqrt, powers and the named functions."""
    if not item:
        raise ParseError("an item of the list is empty")
    expr = parse_expression(item, ())
    allowed = set(functions)
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Function) and node.func not in allowed:
            raise ParseError(f"{node.func.__name__} is not allowed here")
        if node in (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
            raise ParseError("a value is infinite")
    return expr


def same_number(given, expected, digits: int = 40) -> bool:
    a, b = _numeric(given, digits), _numeric(expected, digits)
    return abs(a - b) <= 1e-25 * max(1.0, abs(b))


MAX_VALUES = 20


def grade_value_set(answer: str, expected_texts: list[str], functions=(), what: str = "the solutions") -> Verdict:
    """A set of exact real values, in any order, each in any equivalent exact form; 'none' for the
    empty set. Decimals are accepted only where they are exact (for rational values)."""
    if is_empty_word(answer):
        return right() if not expected_texts else wrong(f"There are solutions: give {what}.")
    try:
        items = read_value_items(answer)
        if len(items) > MAX_VALUES:
            return wrong(f"That is more than {MAX_VALUES} values.")
        given = [read_exact_value(item, functions) for item in items]
        values = [_numeric(g) for g in given]
    except ParseError as exc:
        return wrong(f"{exc}.")
    except (TypeError, ValueError, ArithmeticError):
        return wrong("A value could not be evaluated.")
    if any(abs(v.imag) > 1e-25 * max(1.0, abs(v)) for v in values):
        return wrong("Give real values only.")
    expected = [parse_expression(t, ()) for t in expected_texts]
    targets = [_numeric(e) for e in expected]
    used = [False] * len(targets)
    for item, g, v in zip(items, given, values):
        hit = None
        for j, t in enumerate(targets):
            if abs(v - t) <= 1e-25 * max(1.0, abs(t)):
                hit = j
                break
        if hit is None:
            return wrong(f"{item[:40]} is not one of {what}.")
        if used[hit]:
            return wrong("A value is listed twice.")
        if "." in item and not expected[hit].is_rational:
            return wrong("Give exact values (surds, logarithms, fractions), not decimal approximations.")
        used[hit] = True
    if not all(used):
        return wrong(f"Some of {what} are missing.")
    return right()


def read_assignments(answer: str, names: list[str]) -> dict[str, Fraction]:
    """'x=1, y=-2/3' (any order), or the values alone '(1, -2/3)' in the order of `names`."""
    s = strip_set_brackets(clean(answer))
    if _encloses(s, "(", ")"):
        s = s[1:-1]
    s = re.sub(r"\s+and\s+", ",", s, flags=re.IGNORECASE)
    parts = [p for p in split_top(s) if p]
    if not parts:
        raise ParseError("the answer is empty")
    if all("=" not in p for p in parts):
        if len(parts) != len(names):
            raise ParseError(f"expected {len(names)} values")
        return {n: parse_number(p) for n, p in zip(names, parts)}
    out: dict[str, Fraction] = {}
    lookup = {n.lower(): n for n in names}
    for p in parts:
        if p.count("=") != 1:
            raise ParseError(f"write each value as name=value, got {p[:30]!r}")
        left, right_side = (t.strip() for t in p.split("="))
        name = lookup.get(left.replace(" ", "").lower())
        if name is None:
            raise ParseError(f"unknown name {left[:20]!r}")
        if name in out:
            raise ParseError(f"{name} is given twice")
        out[name] = parse_number(right_side)
    return out


def strip_lhs(answer: str) -> str:
    """'f(g(x)) = 2x + 1' -> '2x + 1': drop one left-hand side, if there is exactly one '='."""
    s = clean(answer)
    if s.count("=") == 1:
        s = s.split("=", 1)[1]
    return s.strip()


# --------------------------------------------------------------------------- intervals

# An interval is (lo, lo_closed, hi, hi_closed) with lo/hi a Fraction or None for -inf/+inf.

_INF = {"inf", "+inf", "infinity", "+infinity", "oo", "+oo", "\u221e", "+\u221e", "\\infty", "+\\infty"}
_NEG_INF = {"-" + w.lstrip("+") for w in _INF}
_UNION = re.compile(r"\bu\b|\u222a|\\cup|\bor\b", re.IGNORECASE)
_ALL_REALS = {"r", "all real numbers", "all reals", "\\mathbb{r}", "\u211d", "(-inf, inf)", "all x"}


def _endpoint(text: str, low: bool):
    t = text.strip().replace(" ", "").lower()
    if t in _INF:
        if low:
            raise ParseError("+inf cannot be a lower endpoint")
        return None
    if t in _NEG_INF:
        if not low:
            raise ParseError("-inf cannot be an upper endpoint")
        return None
    return parse_number(text)


def read_intervals(answer: str) -> list[tuple]:
    """A union of intervals: '(-inf, -2) U [1, 3]', singletons '{2}', 'none' for the empty set,
    'all real numbers' or '(-inf, inf)' for everything. Raises ParseError on malformed text,
    including a closed bracket at an infinite end and an interval with lo > hi."""
    s = clean(answer)
    low = s.lower().strip().strip(".")
    if low in _EMPTY_WORDS:
        return []
    if low in _ALL_REALS:
        return [(None, False, None, False)]
    out = []
    for piece in _UNION.split(s):
        piece = piece.strip()
        if not piece:
            raise ParseError("an interval of the union is empty")
        piece = piece.replace("\\{", "{").replace("\\}", "}")
        if piece[0] == "{" and piece[-1] == "}":
            for item in piece[1:-1].split(","):
                v = parse_number(item)
                out.append((v, True, v, True))
            continue
        m = re.fullmatch(r"([\[(])\s*([^,\[\]()]+?)\s*[,;]\s*([^,\[\]()]+?)\s*([\])])", piece)
        if not m:
            raise ParseError(f"expected an interval like [a, b) or (-inf, b], got {piece[:30]!r}")
        ob, a, b, cb = m.groups()
        lo, hi = _endpoint(a, True), _endpoint(b, False)
        if (lo is None and ob == "[") or (hi is None and cb == "]"):
            raise ParseError("an infinite end takes a round bracket")
        if lo is not None and hi is not None:
            if lo > hi:
                raise ParseError(f"the interval {piece[:30]} has its endpoints in the wrong order")
            if lo == hi and not (ob == "[" and cb == "]"):
                raise ParseError(f"the interval {piece[:30]} is empty")
        out.append((lo, ob == "[", hi, cb == "]"))
    return out


def _lo_key(iv):
    lo, closed = iv[0], iv[1]
    return (0, 0, 0) if lo is None else (1, lo, 0 if closed else 1)


def normalise(intervals: list[tuple]) -> list[tuple]:
    """Sorted, with overlapping or touching intervals merged: the canonical form of the set."""
    out: list[list] = []
    for lo, lc, hi, hc in sorted(intervals, key=_lo_key):
        if out:
            cur = out[-1]
            chi, chc = cur[2], cur[3]
            joined = chi is None or lo is None or lo < chi or (lo == chi and (chc or lc))
            if joined:
                if chi is not None:
                    if hi is None or hi > chi:
                        cur[2], cur[3] = hi, hc
                    elif hi == chi:
                        cur[3] = chc or hc
                continue
        out.append([lo, lc, hi, hc])
    return [tuple(iv) for iv in out]


def interval_text(intervals: list[tuple]) -> str:
    if not intervals:
        return "none"
    parts = []
    for lo, lc, hi, hc in intervals:
        if lo is not None and lo == hi:
            parts.append(f"{{{num_text(lo)}}}")
            continue
        a = "-inf" if lo is None else num_text(lo)
        b = "inf" if hi is None else num_text(hi)
        parts.append(f"{'[' if lc else '('}{a}, {b}{']' if hc else ')'}")
    return " U ".join(parts)


def intervals_json(intervals: list[tuple]) -> list:
    return [[None if lo is None else num_text(lo), lc, None if hi is None else num_text(hi), hc]
            for lo, lc, hi, hc in intervals]


def intervals_from_json(data) -> list[tuple]:
    return [(None if lo is None else Fraction(lo), bool(lc), None if hi is None else Fraction(hi), bool(hc))
            for lo, lc, hi, hc in data]


def grade_intervals(answer: str, expected: list[tuple]) -> Verdict:
    try:
        given = normalise(read_intervals(answer))
    except ParseError as exc:
        return wrong(f"{exc}.")
    want = normalise(expected)
    if given == want:
        return right()
    if [(a, c) for a, _, c, _ in given] == [(a, c) for a, _, c, _ in want]:
        return wrong("The endpoints are right but a bracket (open or closed) is wrong.")
    return wrong("That is not the solution set.")


def solve_by_sign_chart(points, holds) -> list[tuple]:
    """The set {x : holds(x)} as a union of intervals, for a predicate whose truth can change
    only at the given critical points: test each point and a sample inside each gap between them."""
    pts = sorted(set(points))
    if not pts:
        return [(None, False, None, False)] if holds(Fraction(0)) else []
    cells = [(None, pts[0], False, pts[0] - 1)]
    for i, p in enumerate(pts):
        cells.append((p, p, True, p))
        nxt = pts[i + 1] if i + 1 < len(pts) else None
        cells.append((p, nxt, False, p + 1 if nxt is None else (p + nxt) / 2))
    out = [(lo, closed, hi, closed) for lo, hi, closed, sample in cells if holds(sample)]
    return normalise(out)


# --------------------------------------------------------------------------- linear systems


def solve_system(rows) -> tuple[str, list[Fraction] | None]:
    """Gauss-Jordan elimination on augmented rows [a1, ..., an, b], fraction-free on integers
    (each row kept primitive), with a rank test.

    Returns ("unique", solution), ("none", None) or ("infinite", None).
    """
    if not rows:
        raise ValueError("no equations")
    den = 1
    for row in rows:
        for v in row:
            if not isinstance(v, int):
                d = Fraction(v).denominator
                den = den * d // math.gcd(den, d)
    m = [[v * den if isinstance(v, int) else int(Fraction(v) * den) for v in row] for row in rows]
    n = len(m[0]) - 1
    pivots = []
    r = 0
    for col in range(n):
        pivot = next((i for i in range(r, len(m)) if m[i][col] != 0), None)
        if pivot is None:
            continue
        m[r], m[pivot] = m[pivot], m[r]
        top = m[r]
        p = top[col]
        for i in range(len(m)):
            f = m[i][col]
            if i != r and f != 0:
                row = [a * p - f * b for a, b in zip(m[i], top)]
                g = 0
                for v in row:
                    g = math.gcd(g, v)
                m[i] = [v // g for v in row] if g > 1 else row
        pivots.append(col)
        r += 1
        if r == len(m):
            break
    if any(row[n] != 0 and not any(row[:n]) for row in m):
        return "none", None
    if len(pivots) < n:
        return "infinite", None
    solution = [Fraction(0)] * n
    for i, col in enumerate(pivots):
        solution[col] = Fraction(m[i][n], m[i][col])
    return "unique", solution


def degree_bound(e) -> float:
    """An upper bound on the polynomial degree of an unevaluated sympy expression, without
    expanding it (inf for anything that is not a polynomial-shaped expression)."""
    if e.is_number:
        return 0
    if e.is_Symbol:
        return 1
    if e.is_Add:
        return max(degree_bound(a) for a in e.args)
    if e.is_Mul:
        return sum(degree_bound(a) for a in e.args)
    if e.is_Pow and e.exp.is_Integer:
        return abs(int(e.exp)) * degree_bound(e.base)
    return math.inf


# --------------------------------------------------------------------------- absolute values

# An expression with absolute values is a tuple tree:
#   ("poly", [c0, c1, ...])  a polynomial      ("abs", node)      |node|
#   ("sum", [nodes])         a sum             ("scale", k, node)  k * node


def abs_nodes(e) -> int:
    """How many absolute values the expression contains."""
    kind = e[0]
    if kind == "poly":
        return 0
    if kind == "abs":
        return 1 + abs_nodes(e[1])
    if kind == "scale":
        return abs_nodes(e[2])
    return sum(abs_nodes(t) for t in e[1])


def under_signs(e, signs: list[int], constraints: list, pos: list[int]) -> list:
    """The polynomial that `e` equals when each |u| (in preorder) is replaced by sign * u,
    collecting the conditions (u, sign) that make each replacement valid."""
    kind = e[0]
    if kind == "poly":
        return list(e[1])
    if kind == "abs":
        s = signs[pos[0]]
        pos[0] += 1
        inner = under_signs(e[1], signs, constraints, pos)
        constraints.append((inner, s))
        return pscale(inner, s)
    if kind == "scale":
        return pscale(under_signs(e[2], signs, constraints, pos), e[1])
    out: list = []
    for t in e[1]:
        out = padd(out, under_signs(t, signs, constraints, pos))
    return out


def abs_eval(e, x: Fraction) -> Fraction:
    kind = e[0]
    if kind == "poly":
        return peval(e[1], x)
    if kind == "abs":
        return abs(abs_eval(e[1], x))
    if kind == "scale":
        return e[1] * abs_eval(e[2], x)
    return sum((abs_eval(t, x) for t in e[1]), Fraction(0))


def surd_eval(p, r: Surd) -> Surd:
    """A polynomial of degree <= 2 evaluated exactly at p + q sqrt(d)."""
    p = trim(p) + [0, 0, 0]
    a0, a1, a2 = (Fraction(c) for c in p[:3])
    if any(p[3:]):
        raise ValueError("degree above 2")
    # (P + Q s)^2 = P^2 + Q^2 d + 2 P Q s
    sq_p, sq_q = r.p * r.p + r.q * r.q * r.d, 2 * r.p * r.q
    return Surd(a0 + a1 * r.p + a2 * sq_p, a1 * r.q + a2 * sq_q, r.d if (a1 * r.q + a2 * sq_q) else 1)


class InfiniteSolutions(ValueError):
    """The equation holds on a whole interval."""


def solve_abs_equation(lhs, rhs) -> list[Surd]:
    """All real solutions of lhs = rhs for expressions with absolute values whose pieces are
    polynomials of degree <= 2: split every |u| into the cases u >= 0 and u < 0, solve each
    polynomial case exactly, and keep the roots that satisfy their case's conditions.
    Raises InfiniteSolutions when a case is an identity on an interval."""
    n = abs_nodes(lhs) + abs_nodes(rhs)
    found: set[Surd] = set()
    for mask in range(1 << n):
        signs = [1 if (mask >> i) & 1 else -1 for i in range(n)]
        cons: list = []
        pos = [0]
        diff = psub(under_signs(lhs, signs, cons, pos), under_signs(rhs, signs, cons, pos))
        if not diff:  # an identity wherever this case's conditions hold
            found.update(_identity_region_points(cons))
            continue
        if len(diff) == 1:
            continue
        for root in real_roots(diff):
            if all((surd_eval(u, root).sign() * s) >= 0 for u, s in cons):
                found.add(root)
    return sorted(found, key=float)


def _identity_region_points(cons) -> list[Surd]:
    """The points of {x : s * u(x) >= 0 for every condition} when that set is finite; raises
    InfiniteSolutions when it contains an interval."""
    pts: set[Fraction] = set()
    for u, _ in cons:
        if len(u) > 1:
            for r in real_roots(u):
                if not r.rational:
                    raise InfiniteSolutions("an identity on a region with irrational ends")
                pts.add(r.p)
    ordered = sorted(pts)
    samples = ([ordered[0] - 1, ordered[-1] + 1] + [(a + b) / 2 for a, b in zip(ordered, ordered[1:])]
               if ordered else [Fraction(0)])
    if any(all(s * peval(u, x) >= 0 for u, s in cons) for x in samples):
        raise InfiniteSolutions("the equation is an identity on an interval")
    return [Surd(x) for x in ordered if all(s * peval(u, x) >= 0 for u, s in cons)]


def abs_critical_points(lhs, rhs) -> list[Fraction]:
    """Points where lhs - rhs can change sign or a piece changes: the rational roots of every
    case polynomial and of every absolute value's argument. Raises ValueError on irrational ones."""
    n = abs_nodes(lhs) + abs_nodes(rhs)
    pts: set[Fraction] = set()
    for mask in range(1 << n):
        signs = [1 if (mask >> i) & 1 else -1 for i in range(n)]
        cons: list = []
        pos = [0]
        diff = psub(under_signs(lhs, signs, cons, pos), under_signs(rhs, signs, cons, pos))
        for poly in [diff] + [u for u, _ in cons]:
            if len(poly) > 1:
                for r in real_roots(poly):
                    if not r.rational:
                        raise ValueError("an irrational critical point")
                    pts.add(r.p)
    return sorted(pts)


def abs_text(e, top: bool = True) -> str:
    kind = e[0]
    if kind == "poly":
        return poly_text(e[1])
    if kind == "abs":
        return f"|{abs_text(e[1])}|"
    if kind == "scale":
        inner = abs_text(e[2], False)
        inner = f"({inner})" if e[2][0] == "sum" or (e[2][0] == "poly" and len(trim(e[2][1])) > 1) else inner
        return f"{coef_text(e[1], inner) if e[1] > 0 else '-' + coef_text(-e[1], inner)}"
    parts = []
    for i, t in enumerate(e[1]):
        text = abs_text(t, False)
        if i and text.startswith("-"):
            parts.append(" - " + text[1:])
        else:
            parts.append((" + " if i else "") + text)
    return "".join(parts)
