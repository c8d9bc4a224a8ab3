"""Exact polynomial arithmetic in one variable, rendering, and rational roots.

Polynomials are lists of Fractions (or ints), lowest power first: [c0, c1, c2] is c0 + c1 x + c2 x^2;
the zero polynomial is [].

    pmul([1, 1], [-1, 1])                  # [-1, 0, 1]: (1 + x)(-1 + x) = x^2 - 1
    poly_text([Fraction(1, 2), 0, -3])     # "-3x^2 + 1/2"
    rational_roots([-2, 1, 1])             # ([1, -2], [1]): x^2 + x - 2 = (x - 1)(x + 2)
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

from procgym.kit import frac_text



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


def pgcd_int(p: list[int], q: list[int], steps: "Steps | None" = None) -> list[int]:
    """The primitive gcd (positive leading coefficient) of two integer polynomials, by the
    primitive pseudo-remainder sequence; `steps` counts one per coefficient each round updates."""
    a, b = trim(p), trim(q)
    if len(a) < len(b):
        a, b = b, a
    while b:
        r = list(a)
        lead, db = b[-1], len(b)
        while len(r) >= db:  # pseudo-remainder: scale by lead each round, all in integers
            if steps is not None:
                steps.add(len(r))
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


def coef_text(c, body: str) -> str:
    """A positive coefficient in front of `body` ('x^2', 'y'): '', '3', '(3/2)'; alone when body is ''."""
    if not body:
        return frac_text(c)
    if c == 1:
        return body
    c = Fraction(c)
    return (frac_text(c) if c.denominator == 1 else f"({frac_text(c)})") + body


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


class Steps:
    """A count of the elementary steps a reference computation takes (for a task's effort):
    functions that accept `steps` add one per multiply-add they perform."""

    def __init__(self):
        self.count = 0

    def add(self, n: int = 1) -> None:
        self.count += n


def _deflate(p: list[int], num: int, den: int, steps: Steps | None = None) -> list[int] | None:
    """p / (den x - num) when it divides exactly (integer polynomials, lowest power first), else None."""
    high = p[::-1]
    out = [0] * (len(high) - 1)
    acc = 0
    for k in range(len(high) - 1):
        if steps is not None:
            steps.add()
        top = high[k] + num * acc
        if top % den:
            return None
        acc = top // den
        out[k] = acc
    if high[-1] + num * acc != 0:
        return None
    return out[::-1]


def rational_roots(p, steps: Steps | None = None) -> tuple[list[Fraction], list[int]]:
    """Rational roots with multiplicity (rational root theorem with deflation), and the
    primitive integer cofactor that has no rational root; `steps` counts every synthetic
    division step over the candidates tried."""
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
                    rest = _deflate(q, num, b, steps)
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




# --------------------------------------------------------------------------- reading our own text

_MONOMIAL = re.compile(r"(?:\((\d+(?:/\d+)?)\)|(\d+(?:/\d+)?))?(?:([a-z])(?:\^(\d+))?)?")


def read_poly(text: str, var: str = "x") -> list[Fraction]:
    """The coefficients (lowest power first) of a polynomial `poly_text` wrote: "3x^2 - x + 1/2",
    "(3/2)x - 4". Only ever called on a problem's own text, never on an answer."""
    out: list[Fraction] = []
    for sign, term in split_signed(text):
        m = _MONOMIAL.fullmatch(term)
        if m is None or (m.group(3) and m.group(3) != var):
            raise ValueError(f"not a polynomial in {var}: {text!r}")
        coeff = Fraction(m.group(1) or m.group(2) or 1)
        k = 0 if not m.group(3) else int(m.group(4) or 1)
        out += [Fraction(0)] * (k + 1 - len(out))
        out[k] += sign * coeff
    return trim(out)


def split_signed(text: str) -> list[tuple[int, str]]:
    """(sign, term) for the top-level terms of a sum written with " + " and " - " (a leading "-"
    is the first term's sign); bracketed parts are kept whole."""
    terms, depth, start, sign = [], 0, 0, 1
    s = text.strip()
    if s.startswith("-"):
        sign, s = -1, s[1:]
    i = 0
    while i < len(s):
        ch = s[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth -= 1
        elif depth == 0 and s.startswith((" + ", " - "), i):
            terms.append((sign, s[start:i]))
            sign = -1 if s[i + 1] == "-" else 1
            i += 3
            start = i
            continue
        i += 1
    terms.append((sign, s[start:]))
    return terms
