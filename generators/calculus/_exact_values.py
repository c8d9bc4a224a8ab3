"""Exact values such as 3/2 - ln(2) + pi/4: rational combinations of monomials in e, pi,
logarithms of primes and square roots of primes, with arithmetic, elementary functions at
exact points, evaluation of expression trees and readable text.

A value is a dict {key: Fraction}; a key is (exponent of e, power of pi,
((prime, power of ln(prime)), ...), (primes under one sqrt)).

    xtext(xval(fn("ln", C(4)), xconst(0)))   # "2*ln(2)"
"""
from __future__ import annotations

import math
from fractions import Fraction

from procgym.kit import frac_text

F0, F1 = Fraction(0), Fraction(1)


class NotExact(ValueError):
    """A value or series that the exact machinery here does not represent; generators retry."""


ONE = (0, 0, (), ())


def _small(v):
    """An e-exponent as an int when it is one (hashing ints is much faster than Fractions)."""
    return int(v) if v.denominator == 1 else v


def xconst(v) -> dict:
    v = Fraction(v)
    return {ONE: v} if v else {}


def _acc(out: dict, k, v) -> None:
    w = out.get(k)
    w = v if w is None else w + v
    if w:
        out[k] = w
    else:
        out.pop(k, None)


def xadd(a: dict, b: dict, sign: int = 1) -> dict:
    out = dict(a)
    for k, v in b.items():
        _acc(out, k, v if sign == 1 else -v)
    return out


def _kmul(k1, k2):
    if k1 == ONE:
        return 1, k2
    if k2 == ONE:
        return 1, k1
    coef = 1
    logs = dict(k1[2])
    for p, n in k2[2]:
        logs[p] = logs.get(p, 0) + n
    roots = set(k1[3])
    for p in k2[3]:
        if p in roots:
            roots.remove(p)
            coef *= p
        else:
            roots.add(p)
    ex = k1[0] + k2[0]
    if isinstance(ex, Fraction):
        ex = _small(ex)
    return coef, (ex, k1[1] + k2[1], tuple(sorted(logs.items())), tuple(sorted(roots)))


def xmul(a: dict, b: dict) -> dict:
    if len(a) == 1 and ONE in a:
        return xscale(b, a[ONE])
    if len(b) == 1 and ONE in b:
        return xscale(a, b[ONE])
    out: dict = {}
    for k1, v1 in a.items():
        for k2, v2 in b.items():
            c, k = _kmul(k1, k2)
            _acc(out, k, v1 * v2 * c if c != 1 else v1 * v2)
    return out


def xscale(a: dict, c) -> dict:
    if c == 1:
        return dict(a)
    return {k: v * c for k, v in a.items()} if c else {}


def is_rational(a: dict) -> bool:
    return all(k == ONE for k in a)


def rational(a: dict) -> Fraction:
    if not is_rational(a):
        raise NotExact("not a rational value")
    return a.get(ONE, F0)


def xinv(a: dict) -> dict:
    """1/a for a single monomial without logarithms."""
    if len(a) != 1:
        raise NotExact("division by a sum")
    (k, v), = a.items()
    if k[2]:
        raise NotExact("division by a logarithm")
    coef = F1 / v
    for p in k[3]:
        coef /= p  # 1/sqrt(p) = sqrt(p)/p
    return {(-k[0], -k[1], (), k[3]): coef}


def xpow(a: dict, n: int) -> dict:
    if n < 0:
        return xpow(xinv(a), -n)
    out = xconst(1)
    for _ in range(n):
        out = xmul(out, a)
    return out


def xfloat(a: dict) -> float:
    total = 0.0
    for (ex, pi_pow, logs, roots), v in a.items():
        term = float(v) * math.exp(ex) * math.pi ** pi_pow
        for p, n in logs:
            term *= math.log(p) ** n
        for p in roots:
            term *= math.sqrt(p)
        total += term
    return total


def factorize(n: int) -> dict:
    if n <= 0 or n > 10**9:
        raise NotExact("cannot factor")
    out, p = {}, 2
    while p * p <= n:
        while n % p == 0:
            out[p] = out.get(p, 0) + 1
            n //= p
        p += 1
    if n > 1:
        out[n] = out.get(n, 0) + 1
    return out


def x_ln_rational(r: Fraction) -> dict:
    if r <= 0:
        raise NotExact("ln of a non-positive number")
    out: dict = {}
    for p, m in factorize(r.numerator).items():
        out = xadd(out, {(0, 0, ((p, 1),), ()): Fraction(m)})
    for p, m in factorize(r.denominator).items():
        out = xadd(out, {(0, 0, ((p, 1),), ()): Fraction(-m)})
    return out


def x_sqrt_rational(r: Fraction) -> dict:
    if r < 0:
        raise NotExact("sqrt of a negative number")
    if r == 0:
        return {}
    n = r.numerator * r.denominator  # sqrt(p/q) = sqrt(p*q)/q
    coef, roots = Fraction(1, r.denominator), []
    for p, m in factorize(n).items():
        coef *= p ** (m // 2)
        if m % 2:
            roots.append(p)
    return {(0, 0, (), tuple(sorted(roots))): coef}


_HALF = Fraction(1, 2)
_SIN_TABLE = {  # sin(r*pi) for r in [0, 1/2], as (rational, sqrt prime or None)
    F0: (F0, None), Fraction(1, 6): (_HALF, None), Fraction(1, 4): (_HALF, 2),
    Fraction(1, 3): (_HALF, 3), _HALF: (F1, None),
}


def _sin_pi(r: Fraction) -> dict:
    r = r % 2
    sign = 1
    if r >= 1:
        r, sign = r - 1, -1
    if r > _HALF:
        r = 1 - r
    if r not in _SIN_TABLE:
        raise NotExact("no exact sine")
    c, root = _SIN_TABLE[r]
    return {(0, 0, (), (root,) if root else ()): sign * c} if c else {}


def _pi_multiple(a: dict) -> Fraction:
    if not a:
        return F0
    if len(a) == 1:
        (k, v), = a.items()
        if k == (0, 1, (), ()):
            return v
    raise NotExact("not a rational multiple of pi")


def xfn(name: str, a: dict) -> dict:
    if name == "exp":
        return {(_small(rational(a)), 0, (), ()): F1}
    if name == "ln":
        if is_rational(a):
            return x_ln_rational(rational(a))
        if len(a) == 1:
            (k, v), = a.items()
            if k[1:] == (0, (), ()) and v > 0:
                return xadd(x_ln_rational(v), xconst(k[0]))
        raise NotExact("ln of a non-rational value")
    if name == "sqrt":
        return x_sqrt_rational(rational(a))
    if name == "abs":
        return a if xfloat(a) >= 0 else xscale(a, -1)
    if name == "atan":
        r = rational(a)
        if r in (0, 1, -1):
            return {(0, 1, (), ()): r / 4} if r else {}
        raise NotExact("no exact arctangent")
    r = _pi_multiple(a)
    if name == "sin":
        return _sin_pi(r)
    if name == "cos":
        return _sin_pi(r + _HALF)
    if name == "tan":
        s, c = _sin_pi(r), _sin_pi(r + _HALF)
        if not c:
            raise NotExact("tan is undefined here")
        return xmul(s, xinv(c))
    raise NotExact(f"unknown function {name}")


def xval(e, x: dict, env: dict | None = None) -> dict:
    """The exact value of a tree at an exact x (other variables from env)."""
    kind = e[0]
    if kind == "sym":
        return env[e[1]]
    if kind == "c":
        return xconst(e[1])
    if kind == "x":
        return x
    if kind == "add":
        out: dict = {}
        for t in e[1]:
            out = xadd(out, xval(t, x, env))
        return out
    if kind == "mul":
        out = xconst(1)
        for f in e[1]:
            out = xmul(out, xval(f, x, env))
        return out
    if kind == "div":
        return xmul(xval(e[1], x, env), xinv(xval(e[2], x, env)))
    if kind == "pow":
        return xpow(xval(e[1], x, env), e[2])
    if kind == "rpow":
        base, r = xval(e[1], x, env), e[2]
        if r.denominator != 2:
            raise NotExact("only square roots")
        return xpow(x_sqrt_rational(rational(base)), r.numerator)
    if kind == "fn":
        return xfn(e[1], xval(e[2], x, env))
    raise NotExact(f"cannot evaluate {kind}")


def _atom_texts(key) -> list[str]:
    ex, pi_pow, logs, roots = key
    out = []
    if ex:
        out.append("e" if ex == 1 else f"e^{ex}" if ex.denominator == 1 and ex > 0 else f"e^({frac_text(ex)})")
    if pi_pow:
        out.append("pi" if pi_pow == 1 else f"pi^{pi_pow}" if pi_pow > 0 else f"pi^({pi_pow})")
    for p, n in logs:
        out.append(f"ln({p})" if n == 1 else f"ln({p})^{n}")
    for p in roots:
        out.append(f"sqrt({p})")
    return out


def _key_order(key):
    ex, pi_pow, logs, roots = key
    return (key == ONE, -ex, -pi_pow, logs, roots)


def xtext(a: dict) -> str:
    """Readable exact text: '3/2 - ln(2)', 'e^2/4 + 1/4', 'pi/4 - 1/2'."""
    if not a:
        return "0"
    parts = []
    for k in sorted(a, key=_key_order):
        v = a[k]
        atoms = _atom_texts(k)
        p, q = abs(v.numerator), v.denominator
        if atoms:
            body = "*".join(atoms) if p == 1 else f"{p}*" + "*".join(atoms)
        else:
            body = str(p)
        if q != 1:
            body = f"{body}/{q}"
        parts.append(("-" if v < 0 else "+", body))
    out = ("-" if parts[0][0] == "-" else "") + parts[0][1]
    return out + "".join(f" {s} {b}" for s, b in parts[1:])
