"""Truncated Laurent series with exact rational coefficients: arithmetic, elementary functions of
a series, the series of an expression tree around a point or at +-oo, and Maclaurin coefficients.

A series is (v, coeffs): sum coeffs[i] t^(v+i) + O(t^(v+len(coeffs))), coeffs[0] != 0 unless
the list is empty (a value known only to be O(t^v)).

    taylor(fn("exp", X), 4)   # [1, 1, 1/2, 1/6]
"""
from __future__ import annotations

import math
from fractions import Fraction

import sympy

from ._exact_values import F0, F1, NotExact

_HALF = Fraction(1, 2)


class NeedPrecision(NotExact):
    """Cancellation used up the requested precision; retry with more terms."""


def _norm(v: int, c: list) -> tuple:
    i = 0
    while i < len(c) and c[i] == 0:
        i += 1
    return v + i, c[i:]


def _ints(c: list) -> tuple[list[int], int]:
    """Coefficients over a common denominator: (numerators, D)."""
    d = 1
    for x in c:
        q = x.denominator
        if q != 1 and d % q:
            d = d * q // math.gcd(d, q)
    return [x.numerator * (d // x.denominator) for x in c], d


def _fracs(nums: list[int], dens) -> list:
    """Fractions nums[k] / dens[k] (dens a list) or nums[k] / dens (an int)."""
    if isinstance(dens, int):
        return [Fraction(a, dens) for a in nums]
    return [Fraction(a, b) for a, b in zip(nums, dens)]


def _falling(n: int) -> list[list[int]]:
    """ff[k][j] = (k-1)!/(k-j)! for 1 <= j <= k < n."""
    ff = [[1] * (k + 1) for k in range(n)]
    for k in range(1, n):
        for j in range(2, k + 1):
            ff[k][j] = ff[k][j - 1] * (k - j + 1)
    return ff


def s_const(c, n: int) -> tuple:
    c = Fraction(c)
    return (0, [c] + [F0] * (n - 1)) if c else (n, [])


def s_add(a, b) -> tuple:
    (va, ca), (vb, cb) = a, b
    prec = min(va + len(ca), vb + len(cb))
    v = min(va, vb)
    out = [F0] * max(0, prec - v)
    for i, c in enumerate(ca):
        if va + i < prec:
            out[va + i - v] += c
    for i, c in enumerate(cb):
        if vb + i < prec:
            out[vb + i - v] += c
    return _norm(v, out)


def s_scale(a, k) -> tuple:
    k = Fraction(k)
    if k == 0:
        return (a[0] + len(a[1]), [])
    return (a[0], [c * k for c in a[1]])


def s_mul(a, b) -> tuple:
    (va, ca), (vb, cb) = a, b
    n = min(len(ca), len(cb))
    if n == 0:
        return (va + vb + max(len(ca), len(cb)), [])
    A, da = _ints(ca[:n])
    B, db = _ints(cb[:n])
    out = [0] * n
    for i in range(n):
        ai = A[i]
        if ai:
            for j in range(n - i):
                out[i + j] += ai * B[j]
    return (va + vb, _fracs(out, da * db))


def s_inv(a) -> tuple:
    v, c = a
    if not c:
        raise NeedPrecision("division by a series known only to be small")
    A, d = _ints(c)  # c = A / d; 1/c has coefficients d * B_k / A0^(k+1)
    n, a0 = len(A), A[0]
    B, powers = [1] + [0] * (n - 1), [1]
    for k in range(1, n):
        powers.append(powers[-1] * a0)
        B[k] = -sum(A[j] * B[k - j] * powers[j - 1] for j in range(1, k + 1))
    return (-v, [Fraction(d * B[k], a0 ** (k + 1)) for k in range(n)])


def s_pow(a, k: int) -> tuple:
    if k < 0:
        return s_pow(s_inv(a), -k)
    out = (0, [F1] + [F0] * (len(a[1]) - 1)) if a[1] else None
    if out is None:
        return (a[0] * k, []) if k else (0, [F1])
    for _ in range(k):
        out = s_mul(out, a)
    return out


def _split(a) -> tuple[Fraction, list]:
    """(u0, plain coefficients from t^0, absolute precision) for a series with v >= 0."""
    v, c = a
    if v < 0:
        raise NotExact("a function of a series that blows up")
    n = v + len(c)
    plain = [F0] * v + list(c)
    return plain[0] if plain else F0, plain, n


def _deriv_coeffs(u):
    return [i * u[i] for i in range(1, len(u))]


def s_fn(name: str, a, side: int = 0) -> tuple:
    """exp, sin, cos, tan, atan, ln, sqrt of a series (exact rational coefficients only)."""
    if name == "sqrt":
        return s_rpow(a, _HALF, side)
    if name == "abs":
        if not a[1]:
            raise NeedPrecision("abs of a tiny series")
        sign = 1 if a[1][0] > 0 else -1
        if a[0] % 2 and side == 0:
            raise NotExact("abs of a sign-changing series")
        if a[0] % 2 and side < 0:
            sign = -sign
        return s_scale(a, sign)
    u0, u, n = _split(a)
    if n == 0:
        raise NeedPrecision("no terms")
    if name in ("exp", "sin", "cos", "tan", "atan") and u0 != 0:
        raise NotExact(f"{name} at a nonzero point is not rational")
    U, d = _ints(u)  # u = U / d; results are scaled by d^k k!
    ff = _falling(n)
    dp = [1]
    for _ in range(n):
        dp.append(dp[-1] * d)
    scale = [1] * n  # d^k k!
    for k in range(1, n):
        scale[k] = scale[k - 1] * d * k
    if name == "exp":
        E = [1] + [0] * (n - 1)
        for k in range(1, n):
            E[k] = sum(j * U[j] * dp[j - 1] * E[k - j] * ff[k][j] for j in range(1, k + 1) if U[j])
        return _norm(0, _fracs(E, scale))
    if name in ("sin", "cos", "tan"):
        S, Cc = [0] * n, [1] + [0] * (n - 1)
        for k in range(1, n):
            S[k] = sum(j * U[j] * dp[j - 1] * Cc[k - j] * ff[k][j] for j in range(1, k + 1) if U[j])
            Cc[k] = -sum(j * U[j] * dp[j - 1] * S[k - j] * ff[k][j] for j in range(1, k + 1) if U[j])
        if name == "sin":
            return _norm(0, _fracs(S, scale))
        if name == "cos":
            return _norm(0, _fracs(Cc, scale))
        return s_mul(_norm(0, _fracs(S, scale)), s_inv((0, _fracs(Cc, scale))))
    if name == "ln":
        if u0 != 1:
            raise NotExact("ln away from 1 is not rational")
        q = s_mul((0, _deriv_coeffs(u) or [F0]), s_inv((0, u[:n - 1] or [F1])))
        return _integrate(q, n)
    if name == "atan":
        one_plus = s_add(s_const(1, n), s_mul((0, u), (0, u)))
        q = s_mul((0, _deriv_coeffs(u) or [F0]), s_inv(one_plus))
        return _integrate(q, n)
    raise NotExact(f"unknown function {name}")


def _integrate(q, n: int) -> tuple:
    """The series with zero constant term whose derivative is q, to order t^n."""
    v, c = q
    plain = [F0] * v + list(c)
    out = [F0] + [plain[k - 1] / k for k in range(1, min(n, len(plain) + 1))]
    return _norm(0, out)


def s_rpow(a, r, side: int = 0) -> tuple:
    """a^r for rational r: a = c t^v (1 + w) with c^r rational and t^(v r) defined on the side."""
    r = Fraction(r)
    if r.denominator == 1:
        return s_pow(a, int(r))
    v, c = a
    if not c:
        raise NeedPrecision("power of a tiny series")
    c0 = c[0]
    lead = _rational_root(c0, r)
    if (v * r).denominator != 1:
        raise NotExact("fractional power of t")
    vr = int(v * r)
    sign = 1
    if r.denominator == 2 and side < 0 and (v // 2) % 2:  # sqrt(t^(2k)) = |t|^k
        sign = -1
    elif r.denominator == 2 and side == 0 and (v // 2) % 2 and v:
        raise NotExact("two-sided |t|^k with odd k")
    n = len(c)
    W, d = _ints([ci / c0 for ci in c])  # w = W / d with W[0] = d
    a_, b_ = r.numerator, r.denominator
    ff = _falling(n)
    P = [1] + [0] * (n - 1)
    db = d * b_
    dbp = [1]
    for _ in range(n):
        dbp.append(dbp[-1] * db)
    scale = [1] * n  # (d b)^k k!
    for k in range(1, n):
        scale[k] = scale[k - 1] * db * k
        P[k] = sum(((a_ + b_) * j - b_ * k) * W[j] * dbp[j - 1] * P[k - j] * ff[k][j]
                   for j in range(1, k + 1) if W[j])
    p = _fracs(P, scale)
    return (vr, [sign * lead * x for x in p])


def _rational_root(c: Fraction, r: Fraction) -> Fraction:
    q = r.denominator
    if c < 0 and q % 2 == 0:
        raise NotExact("even root of a negative number")
    sgn = -1 if c < 0 else 1
    a, b = abs(c.numerator), c.denominator
    ra, rb = round(a ** (1 / q)), round(b ** (1 / q))
    for x in (ra - 1, ra, ra + 1):
        for y in (rb - 1, rb, rb + 1):
            if x >= 0 and y > 0 and x ** q == a and y ** q == b:
                return (sgn * Fraction(x, y)) ** r.numerator
    raise NotExact("no rational root")


def sval(e, xs: tuple, m: int, side: int = 0) -> tuple:
    """The Laurent series of a tree where x is the series xs; constants carry m terms."""
    kind = e[0]
    if kind == "c":
        return s_const(e[1], m)
    if kind == "x":
        return xs
    if kind == "add":
        out = sval(e[1][0], xs, m, side)
        for t in e[1][1:]:
            out = s_add(out, sval(t, xs, m, side))
        return out
    if kind == "mul":
        out = sval(e[1][0], xs, m, side)
        for f in e[1][1:]:
            out = s_mul(out, sval(f, xs, m, side))
        return out
    if kind == "div":
        return s_mul(sval(e[1], xs, m, side), s_inv(sval(e[2], xs, m, side)))
    if kind == "pow":
        return s_pow(sval(e[1], xs, m, side), e[2])
    if kind == "rpow":
        return s_rpow(sval(e[1], xs, m, side), e[2], side)
    if kind == "fn":
        return s_fn(e[1], sval(e[2], xs, m, side), side)
    raise NotExact(f"no series for {kind}")


def series_at(e, point, m: int, side: int = 0) -> tuple:
    """The series of a tree in t around x = point (a Fraction, or +1/-1 meaning x = 1/t at
    +oo/-oo with side +1/-1), with about m terms of relative precision."""
    if point in ("+oo", "-oo"):
        xs = (-1, [F1] + [F0] * m)
    elif point == 0:
        xs = (1, [F1] + [F0] * m)
    else:
        xs = (0, [Fraction(point), F1] + [F0] * m)
    return sval(e, xs, m + 2, side)


def taylor(e, n: int) -> list[Fraction]:
    """The Maclaurin coefficients of x^0..x^(n-1) of a tree (exact)."""
    for extra in (2, 8, 20):
        try:
            v, c = series_at(e, 0, n + extra)
        except NeedPrecision:
            continue
        if v < 0:
            raise NotExact("a pole at 0")
        plain = [F0] * v + list(c)
        if len(plain) >= n:
            return plain[:n]
    raise NotExact("not enough precision")


def series_work(e, var, order: int) -> int:
    """Coefficient operations of expanding a sympy expression in power series to `order` by
    hand (for a task's effort): an elementary function's series costs order + 1 coefficients,
    and composing it with a non-trivial inner series a product of series per coefficient,
    (order + 1)^2; a product of k series (k - 1) triangular products of (order + 1)(order + 2)/2
    steps; a reciprocal or a fractional power one such product; a sum one step per coefficient
    per term."""
    if not e.has(var) or e == var:
        return 0
    n = order + 1
    triangle = n * (n + 1) // 2
    args = [a for a in e.args if a.has(var)]
    inner = sum(series_work(a, var, order) for a in args)
    if e.is_Add:
        return inner + len(args) * n
    if e.is_Mul:
        return inner + (len(args) - 1) * triangle
    if e.is_Pow:
        if e.exp.is_Integer and e.exp > 0:
            return inner + (int(e.exp) - 1) * triangle
        return inner + triangle + (n * n if not _plain(e.base, var) else 0)
    return inner + n + (n * n if not _plain(e.args[0], var) else 0)  # a function of its argument


def _plain(arg, var) -> bool:
    """Whether an argument is a linear k x or 1 + k x, where an elementary series applies as is."""
    return sympy.Poly(arg, var).degree() <= 1 if arg.is_polynomial(var) else False
