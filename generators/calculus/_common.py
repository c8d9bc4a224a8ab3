"""Helpers for the calculus task families: expression trees (printing, differentiation, exact and
float evaluation), truncated Laurent series with exact rational coefficients, exact values such as
3/2 - ln(2) + pi/4, polynomials over the rationals, and the guards and readers graders share.

Trees are the tuples of calculus/derivatives.py, built with its folding constructors:

    ("c", Fraction) | ("x",) | ("add", terms) | ("mul", factors) | ("div", num, den) |
    ("pow", base, int) | ("fn", name, arg)

plus ("rpow", base, Fraction) for a rational power and ("sym", name) for a variable other than x
(y, n). Function names: exp, ln, sin, cos, tan, sqrt, atan, abs.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy

from procgym.parsing import clean, parse_number

from ._tree import C, X, add, div, fn, is_const, mul, neg, num_text, power, text  # noqa: F401  (re-exported)

F0, F1 = Fraction(0), Fraction(1)


class NotExact(ValueError):
    """A value or series that the exact machinery here does not represent; generators retry."""


# =========================================================================== tree constructors

def rpow(base, r) -> tuple:
    """base^r for a rational r (an integer r gives an ordinary power)."""
    r = Fraction(r)
    if r.denominator == 1:
        return power(base, int(r))
    if is_const(base, 1):
        return C(1)
    return ("rpow", base, r)


def one_plus(u, c=1) -> tuple:
    """c + u written with the constant first ("1 - 2*x" rather than add's "-2*x + 1")."""
    if is_const(u):
        return C(c + u[1])
    terms = u[1] if u[0] == "add" and not any(t[0] == "c" for t in u[1]) else (u,)
    return ("add", (C(c),) + tuple(terms))


def glossary(*texts: str) -> str:
    """' Here ln is the natural logarithm, ...' naming only the functions that appear in the texts."""
    joined = " ".join(texts)
    notes = []
    if "ln(" in joined:
        notes.append("ln is the natural logarithm")
    if "exp(" in joined:
        notes.append("exp(u) means e^u")
    if "atan(" in joined:
        notes.append("atan is the inverse tangent")
    if not notes:
        return ""
    return " Here " + (", ".join(notes[:-1]) + " and " + notes[-1] if len(notes) > 1 else notes[0]) + "."


def sym(name: str) -> tuple:
    return ("sym", name)


def poly_tree(coeffs, var=X) -> tuple:
    """sum coeffs[i] * var^i (lowest degree first), highest power written first."""
    return add(*(mul(C(c), power(var, i)) for i, c in reversed(list(enumerate(coeffs))) if c))


def linear(a, b, var=X) -> tuple:
    """a*var + b."""
    return add(mul(C(a), var), C(b))


# =========================================================================== printing

# =========================================================================== differentiation

def deriv(e, var: str = "x") -> tuple:
    """d/dvar of a tree by the sum, product, quotient, power and chain rules."""
    kind = e[0]
    if kind == "c":
        return C(0)
    if kind == "x":
        return C(1 if var == "x" else 0)
    if kind == "sym":
        return C(1 if var == e[1] else 0)
    if kind == "add":
        return add(*(deriv(t, var) for t in e[1]))
    if kind == "mul":
        fs = e[1]
        return add(*(mul(*fs[:i], deriv(fs[i], var), *fs[i + 1:]) for i in range(len(fs)) if fs[i][0] != "c"))
    if kind == "div":
        u, v = e[1], e[2]
        du, dv = deriv(u, var), deriv(v, var)
        if is_const(dv, 0):
            return div(du, v)
        return div(add(mul(du, v), neg(mul(u, dv))), power(v, 2))
    if kind == "pow":
        return mul(C(e[2]), power(e[1], e[2] - 1), deriv(e[1], var))
    if kind == "rpow":
        return mul(C(e[2]), rpow(e[1], e[2] - 1), deriv(e[1], var))
    name, u = e[1], e[2]
    du = deriv(u, var)
    if is_const(du, 0):
        return C(0)
    outer = {
        "sin": lambda: fn("cos", u),
        "cos": lambda: neg(fn("sin", u)),
        "tan": lambda: div(C(1), power(fn("cos", u), 2)),
        "exp": lambda: fn("exp", u),
        "ln": lambda: div(C(1), u),
        "sqrt": lambda: div(C(Fraction(1, 2)), fn("sqrt", u)),
        "atan": lambda: div(C(1), add(power(u, 2), C(1))),
    }
    if name not in outer:
        raise ValueError(f"cannot differentiate {name!r}")
    return mul(outer[name](), du)


# =========================================================================== float evaluation

_FLOAT_FN = {"exp": math.exp, "ln": math.log, "sin": math.sin, "cos": math.cos, "tan": math.tan,
             "sqrt": math.sqrt, "atan": math.atan, "abs": abs}


def fval(e, x: float, env: dict | None = None) -> float:
    """The float value of a tree at x (and other variables from env); raises on domain errors."""
    kind = e[0]
    if kind == "c":
        return float(e[1])
    if kind == "x":
        return x
    if kind == "sym":
        return env[e[1]]
    if kind == "add":
        return sum(fval(t, x, env) for t in e[1])
    if kind == "mul":
        out = 1.0
        for f in e[1]:
            out *= fval(f, x, env)
        return out
    if kind == "div":
        return fval(e[1], x, env) / fval(e[2], x, env)
    if kind in ("pow", "rpow"):
        return fval(e[1], x, env) ** float(e[2])
    return _FLOAT_FN[e[1]](fval(e[2], x, env))


# =========================================================================== exact values
# An exact value is a dict {key: Fraction}, a rational combination of monomials; a key is
# (exponent of e, power of pi, ((prime, power of ln(prime)), ...), (primes under one sqrt)).

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
        out.append("e" if ex == 1 else f"e^{ex}" if ex.denominator == 1 and ex > 0 else f"e^({num_text(ex)})")
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


# =========================================================================== truncated Laurent series
# A series is (v, coeffs): sum coeffs[i] t^(v+i) + O(t^(v+len(coeffs))), coeffs[0] != 0 unless
# the list is empty (a value known only to be O(t^v)).

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


# =========================================================================== polynomials
# lists of Fractions (or ints), lowest degree first

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
            s = num_text(mag)
        elif mag == 1:
            s = body
        else:
            s = (num_text(mag) if mag.denominator == 1 else f"({num_text(mag)})") + ("*" if star else "") + body
        parts.append(("-" if c < 0 else "+", s))
    if not parts:
        return "0"
    out = ("-" if parts[0][0] == "-" else "") + parts[0][1]
    return out + "".join(f" {s} {t}" for s, t in parts[1:])


# =========================================================================== grading helpers

def exp_depth(e) -> int:
    """How deeply exponentials (exp, and powers with a symbolic exponent) nest in a sympy tree."""
    if not e.args:
        return 0
    inner = max(exp_depth(a) for a in e.args)
    if isinstance(e, sympy.exp) or (isinstance(e, sympy.Pow) and not e.exp.is_number):
        return inner + 1
    return inner


def tame(e, max_ops: int = 3000, max_exp_depth: int = 3) -> bool:
    """Whether a parsed expression is small and shallow enough to evaluate quickly: numeric
    checks of power towers like ((x^x)^x)^x... take unbounded time in 30-digit arithmetic."""
    try:
        return exp_depth(e) <= max_exp_depth and sympy.count_ops(e) <= max_ops
    except RecursionError:
        return False


_BARS = re.compile(r"\|([^|]{1,300})\|")
_BARE_ARG = re.compile(r"(\\?(?:ln|log|sin|cos|tan|exp))\s+(\d+(?:\.\d+)?|[a-zA-Z])(?![\w^(.])")


def friendly(answer: str) -> str:
    """Rewrite two common notations the core parser does not read, as plain text (nothing is
    evaluated): |u| as abs(u), and a function applied without brackets to one number or letter
    (ln 2, \\ln x, sin x) as ln(2)."""
    s = clean(answer)
    s = _BARS.sub(r"(abs(\1))", s)
    return _BARE_ARG.sub(r"\1(\2)", s)


INFINITY_WORDS = {"oo": 1, "+oo": 1, "inf": 1, "+inf": 1, "infinity": 1, "+infinity": 1, "\u221e": 1, "+\u221e": 1,
                  "\\infty": 1, "+\\infty": 1, "-oo": -1, "-inf": -1, "-infinity": -1, "-\u221e": -1, "-\\infty": -1}


def read_extended(answer: str, words: dict) -> tuple[str, object]:
    """('number', Fraction) | ('inf', +1/-1) | ('word', key in words) for a limit-like answer."""
    s = clean(answer).strip().rstrip(".").strip()
    low = re.sub(r"\s+", " ", s.lower())
    if low in words:
        return "word", words[low]
    squeezed = low.replace(" ", "")
    if squeezed in INFINITY_WORDS:
        return "inf", INFINITY_WORDS[squeezed]
    return "number", parse_number(s)


