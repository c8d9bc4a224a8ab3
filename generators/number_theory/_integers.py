"""Integer algorithms for the number theory families: factoring, divisor functions, congruence
solvers, towers of powers modulo m, and the two answer forms they share ("none", an integer with
an allowed name on the left).

    factorize(360)                 # {2: 3, 3: 2, 5: 1}
    solve_congruence(4, 6, 10)     # [4, 9]: all x in 0..9 with 4x = 6 (mod 10)
    crt([(2, 3), (3, 5)])          # (8, 15); None when the congruences are incompatible
    tower_mod([3, 7, 2], 100)      # 3^(7^2) mod 100
    says_none("No integer solutions")   # True; "" and "none I think" are not "none"
    read_named_int("x = 43", ["x"])     # 43; "y = 43", "x != 43" and "3x + 1 = 43" are refused
"""
from __future__ import annotations

import math
from functools import lru_cache

import sympy

from procgym.kit import is_none, read_int, read_rhs

# ways to say "there is none" beyond the kit's ("none", "no solution", "{}", ...)
NONE_PHRASES = frozenset({"no integer solution", "no integer solutions", "does not exist", "doesn't exist", "dne",
                          "no such x", "no such integer", "there is no solution", "there are no solutions",
                          "no solution exists"})

CONGRUENCE_NOTE = "(Here u = v (mod m) means that m divides u - v.)"

_SMALL_PRIMES = tuple(int(p) for p in sympy.primerange(2, 1000))


def says_none(text: str, extra=()) -> bool:
    """Whether the whole answer says there is no solution: the kit's words or one of NONE_PHRASES
    (and `extra`); an empty answer is not "none"."""
    key = " ".join(text.lower().split())
    return is_none(text) or key in NONE_PHRASES or key in extra


def read_named_int(text: str, labels=("x",)) -> int:
    """One integer, bare or as `name = value` with a name from `labels` (compared by the kit's
    label_key); any other left-hand side, relation or leftover word is refused."""
    return read_int(read_rhs(text, labels))


# ---------------------------------------------------------------- factoring and divisor functions

def factorize(n: int) -> dict[int, int]:
    """{prime: exponent} of n >= 1: trial division by small primes, sympy for what is left."""
    if n < 1:
        raise ValueError(f"factorize needs n >= 1, got {n}")
    out: dict[int, int] = {}
    for p in _SMALL_PRIMES:
        if p * p > n:
            break
        if n % p == 0:
            k = 0
            while n % p == 0:
                n //= p
                k += 1
            out[p] = k
    if n > 1:
        if n < 1_000_000 or sympy.isprime(n):  # no factor below 1000 and n < 1000^2: n is prime
            out[n] = out.get(n, 0) + 1
        else:
            for p, k in sympy.factorint(n).items():
                out[int(p)] = out.get(int(p), 0) + int(k)
    return dict(sorted(out.items()))


def tau(factors: dict[int, int]) -> int:
    """The number of positive divisors, from a factorization."""
    return math.prod(k + 1 for k in factors.values())


def sigma(factors: dict[int, int]) -> int:
    """The sum of the positive divisors, from a factorization."""
    return math.prod((p ** (k + 1) - 1) // (p - 1) for p, k in factors.items())


def phi(factors: dict[int, int]) -> int:
    """Euler's totient, from a factorization."""
    return math.prod((p - 1) * p ** (k - 1) for p, k in factors.items())


def divisors(factors: dict[int, int]) -> list[int]:
    """All positive divisors in increasing order, from a factorization."""
    out = [1]
    for p, k in factors.items():
        out = [d * p ** e for d in out for e in range(k + 1)]
    return sorted(out)


def value_of(factors: dict[int, int]) -> int:
    return math.prod(p ** k for p, k in factors.items())


# ---------------------------------------------------------------- congruences

def egcd(a: int, b: int) -> tuple[int, int, int]:
    """(g, x, y) with a*x + b*y = g = gcd(a, b) >= 0."""
    old_r, r, old_x, x, old_y, y = a, b, 1, 0, 0, 1
    while r:
        q = old_r // r
        old_r, r = r, old_r - q * r
        old_x, x = x, old_x - q * x
        old_y, y = y, old_y - q * y
    if old_r < 0:
        old_r, old_x, old_y = -old_r, -old_x, -old_y
    return old_r, old_x, old_y


def solve_congruence(a: int, b: int, m: int) -> list[int]:
    """All x in 0..m-1 with a*x = b (mod m), increasing; [] when there are none."""
    a, b = a % m, b % m
    g, u, _ = egcd(a, m)
    if g == 0:  # a = 0 (mod m) with m >= 1 cannot happen since egcd(0, m) = m; kept for safety
        return []
    if b % g:
        return []
    step = m // g
    x0 = (u * (b // g)) % step
    return [x0 + k * step for k in range(g)]


def crt(pairs) -> tuple[int, int] | None:
    """Merge x = r (mod m) congruences: (r, lcm) with 0 <= r < lcm, or None if incompatible."""
    r, m = 0, 1
    for ri, mi in pairs:
        g, p, _ = egcd(m, mi)
        if (ri - r) % g:
            return None
        lcm = m // g * mi
        r = (r + (ri - r) // g * p % (mi // g) * m) % lcm
        m = lcm
    return r, m


# ---------------------------------------------------------------- towers of powers

def capped_tower(bases, cap: int) -> int:
    """min(value of bases[0]^(bases[1]^(...)), cap), for non-negative bases, without computing it."""
    value = min(bases[-1], cap)
    for b in reversed(bases[:-1]):
        if b in (0, 1):
            value = 1 if (b == 1 or value == 0) else 0
            continue
        result = 1
        for _ in range(value):
            result *= b
            if result >= cap:
                result = cap
                break
        value = result
    return value


@lru_cache(maxsize=4096)
def totient(m: int) -> int:
    return phi(factorize(m))


def tower_mod(bases, m: int) -> int:
    """bases[0]^(bases[1]^(...)) mod m, by the generalised Euler theorem: a^E = a^(E mod phi(m) +
    phi(m)) (mod m) whenever E is at least the largest exponent in m's factorization."""
    bases = tuple(bases)
    if m == 1:
        return 0
    if len(bases) == 1:
        return bases[0] % m
    cap = m.bit_length() + 1  # exceeds every prime exponent of m
    exponent = capped_tower(bases[1:], cap)
    if exponent < cap:
        return pow(bases[0], exponent, m)
    ph = totient(m)
    return pow(bases[0], tower_mod(bases[1:], ph) + ph, m)


def combine_mod(values, ops, m: int) -> int:
    """values[0] ops[0] values[1] ... modulo m, with * binding tighter than + (usual precedence)."""
    total, product = 0, values[0] % m
    for op, v in zip(ops, values[1:]):
        if op == "*":
            product = product * v % m
        else:
            total, product = (total + product) % m, v % m
    return (total + product) % m


# ---------------------------------------------------------------- work counts (for effort measures)

def euclid_steps(a: int, b: int) -> int:
    """Division steps the Euclidean algorithm takes on (a, b) (absolute values)."""
    a, b, steps = abs(a), abs(b), 0
    while b:
        a, b = b, a % b
        steps += 1
    return steps


def trial_division_work(n: int) -> int:
    """Steps of factoring n by trial division: one per prime tried (while p^2 <= what is left),
    one per division that takes a factor out. Counted from the factorization rather than run: the
    primes up to the second largest prime factor are all tried, and then those up to the largest
    one q when it is repeated, else up to sqrt(q) (what is left is then q, a prime)."""
    if n < 2:
        return 0
    factors = sorted(factorize(n).items())
    q, e = factors[-1]
    below = factors[-2][0] if len(factors) > 1 else 1
    limit = q if e >= 2 else max(below, math.isqrt(q))
    divisions = sum(k for _, k in factors) - (1 if e == 1 else 0)
    return int(sympy.primepi(limit)) + divisions
