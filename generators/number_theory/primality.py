"""Primality: is a number prime? With composites built to look prime."""
from __future__ import annotations

import math
from functools import lru_cache

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import read_choice, read_list
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._integers import factorize

YES = frozenset({"yes", "y", "prime", "is prime", "true"})
NO = frozenset({"no", "n", "composite", "not prime", "not a prime", "false"})


@lru_cache(maxsize=1)
def pseudoprimes() -> tuple[int, ...]:
    """Composites that pass the base-2 Fermat test (2^(n-1) = 1 mod n) and have no factor 2, 3
    or 5: Chernick's Carmichael numbers (6k+1)(12k+1)(18k+1), Cipolla's (4^p - 1)/3, and
    p(2p - 1) with p = 1 (mod 4) and both factors prime. Every one is checked, not assumed."""
    found = set()
    for k in range(1, 1200):
        f = (6 * k + 1, 12 * k + 1, 18 * k + 1)
        if all(sympy.isprime(x) for x in f):
            found.add(math.prod(f))
    for p in sympy.primerange(5, 24):
        found.add((4 ** p - 1) // 3)
    for digits in range(3, 15):
        p = int(10 ** ((digits - 1) / 2) / 1.4) // 4 * 4 + 1
        count = 0
        while count < 10:
            n = p * (2 * p - 1)
            if len(str(n)) > digits:
                break
            if len(str(n)) == digits and sympy.isprime(p) and sympy.isprime(2 * p - 1):
                found.add(n)
                count += 1
            p += 4
    return tuple(sorted(n for n in found if math.gcd(n, 30) == 1 and pow(2, n - 1, n) == 1
                        and not sympy.isprime(n)))


def _prime(rng, lo: int, hi: int) -> int:
    while True:
        p = int(sympy.nextprime(rng.randint(lo - 1, hi - 1)))
        if p <= hi:
            return p


def _semiprime(rng, lo: int, hi: int, balanced: bool) -> int:
    """p * q (or p^2) in [lo, hi] with primes 7 <= p <= q; balanced picks p near sqrt(hi)."""
    root = math.isqrt(hi)
    for _ in range(50):
        low = max(7, root // 4) if balanced else 7
        if low > root:
            low = 7
        p = _prime(rng, low, max(low, root))
        if rng.random() < 0.15 and lo <= p * p <= hi:
            return p * p
        q_lo, q_hi = max(p, -(-lo // p)), hi // p
        if q_lo <= q_hi:
            q = int(sympy.nextprime(rng.randint(q_lo - 1, q_hi - 1)))
            if q <= q_hi:
                return p * q
    return 49 if lo <= 49 <= hi else 7 * _prime(rng, max(7, lo // 7 + 1), max(7, hi // 7))


@register
class Primality(Task):
    """Decide whether numbers are prime (yes/no). Composites that are easy to spot (even, or with
    a factor 3 or 5) give way at higher levels to composites with no small factor: products of
    two primes of similar size, squares of primes, and Fermat pseudoprimes to base 2 including
    Carmichael numbers (561, 1729, 8911, ...), which fool a Fermat test. Higher levels also use
    longer numbers and ask about several numbers at once, each of which must be decided."""

    name = "number_theory/primality"
    knobs = (
        Knob("n_numbers", [1, 1, 1, 1, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (1, 20),
             doc="numbers to decide"),
        Knob("digits", [(2, 2), (2, 3), (3, 3), (3, 4), (4, 4), (4, 5), (5, 6), (6, 8), (7, 10), (9, 12), (10, 12),
             (10, 13), (11, 13), (11, 14), (12, 14), (12, 15), (13, 16), (14, 16), (14, 17), (15, 18)], (2, 18),
             doc="digits of the numbers"),
        Knob("prime_share", [0.5] * 10 + [0.5] * 10, (0.0, 1.0), doc="probability that each number is prime"),
        Knob("hard_share", [0.0, 0.3, 0.5, 0.6, 0.7, 0.8, 0.8, 0.9, 0.9, 1.0] + [1.0] * 10, (0.0, 1.0),
             doc="probability that a composite has no factor 2, 3 or 5"),
        Knob("pseudoprime_share", [0.0, 0.0, 0.0, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.5, 0.5, 0.55, 0.55, 0.55, 0.6,
             0.6, 0.6, 0.6, 0.6], (0.0, 1.0),
             doc="probability that such a composite is a base-2 Fermat pseudoprime (when one of that size is known)"),
    )
    answer_format = "yes if the number is prime, no if it is not"
    example = "no"
    closed_answers = True  # yes or no per number: the example may be an answer, and cannot be avoided fairly

    def build(self, rng, params):
        d = params["digits"]
        lo, hi = 10 ** (d - 1), 10 ** d - 1
        numbers: list[int] = []
        while len(numbers) < params["n_numbers"]:
            if rng.random() < params["prime_share"]:
                n = _prime(rng, lo, hi)
            elif rng.random() < params["hard_share"]:
                pool = [v for v in pseudoprimes() if lo <= v <= hi]
                if pool and rng.random() < params["pseudoprime_share"]:
                    n = rng.choice(pool)
                else:
                    n = _semiprime(rng, lo, hi, balanced=rng.random() < 0.7)
            else:
                n = rng.randint(lo, hi)
                if n % 2 and n % 3 and n % 5:
                    n -= n % 3 if n - n % 3 >= lo else -(3 - n % 3)
            if n not in numbers:
                numbers.append(n)
        verdicts = ["yes" if sympy.isprime(n) else "no" for n in numbers]
        if len(numbers) == 1:
            question = f"Is {numbers[0]} a prime number?"
            fmt = self.answer_format
        else:
            question = (f"For each of these numbers, say whether it is prime:\n\n    {', '.join(map(str, numbers))}")
            fmt = (f"{len(numbers)} answers, yes (prime) or no (not prime), one for each number in the order "
                   f"given, as a comma-separated list")
        example = None if len(numbers) == 1 else ", ".join((["no", "yes"] * 10)[:len(numbers)])
        return Draft(question, ", ".join(verdicts), {"numbers": numbers, "prime": [v == "yes" for v in verdicts]},
                     answer_format=fmt, example=example)

    def effort(self, problem):
        # trial division per number: a prime is tried against every prime up to its square root,
        # a composite against the primes up to its least prime factor
        work = 0
        for n, prime in zip(problem.check["numbers"], problem.check["prime"]):
            if prime:
                work += int(sympy.primepi(math.isqrt(n)))
            else:
                work += int(sympy.primepi(min(factorize(n))))
        return work

    def grade(self, answer, problem):
        expected = problem.check["prime"]
        try:
            given = [read_choice(item, YES | NO) in YES for item in read_list(answer, str, ",;")]
        except ParseError:
            return wrong("Answer yes or no for each number, separated by commas.")
        if len(given) != len(expected):
            return wrong(f"Give exactly {len(expected)} answer(s), one per number.")
        wrong_at = [str(n) for n, g, e in zip(problem.check["numbers"], given, expected) if g != e]
        if wrong_at:
            return wrong("At least one number is misjudged." if len(expected) > 1 else "That is not right.")
        return right()
