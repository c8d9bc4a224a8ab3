"""Prime factorization: write a whole number as a product of primes."""
from __future__ import annotations

import re
from functools import lru_cache

import sympy

from procgym import Draft, Knob, Task, register
from procgym.parsing import clean
from procgym.verdict import right, wrong

from ._integers import trial_division_work


_ITEM = re.compile(r"(\d{1,40})(?:\^(\d{1,5}))?")
_LHS = re.compile(r"^\s*(\d{1,40})\s*=")


@lru_cache(maxsize=64)
def primes_between(lo: int, hi: int) -> tuple[int, ...]:
    """The primes p with lo < p <= hi."""
    return tuple(sympy.primerange(lo + 1, hi + 1))


def parse_factorization(text: str) -> dict[int, int] | str:
    """{prime: exponent} from "2^3 * 3 * 5", "2^{3} \\cdot 3", "2**3*3*5", "2^3 x 3 x 5" or "2, 2, 2, 3, 5";
    a string saying what is wrong otherwise. Never evaluates a power."""
    s = clean(text)
    for word, plain in (("\\cdot", "*"), ("\\times", "*"), ("**", "^"), ("{", ""), ("}", ""),
                        ("\u00b2", "^2"), ("\u00b3", "^3"), ("x", "*"), ("X", "*")):
        s = s.replace(word, plain)
    s = s.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()"):
        s = s[1:-1]
    items = re.split(r"[,;]", s) if ("," in s or ";" in s) else s.split("*")
    counts: dict[int, int] = {}
    for item in items:
        item = item.replace(" ", "")
        m = _ITEM.fullmatch(item)
        if not m:
            return "Write the factors as primes or prime powers, e.g. 2^3 * 3 * 5 or 2, 2, 2, 3, 5."
        p, k = int(m.group(1)), int(m.group(2) or 1)
        if k < 1:
            return "Each exponent must be a positive integer."
        counts[p] = counts.get(p, 0) + k
    return counts


@register
class PrimeFactorization(Task):
    """Factor a whole number into primes. Higher levels multiply more prime factors (more
    division steps, with repeats) and include larger prime factors that trial division only
    finds after many candidates."""

    name = "number_theory/prime_factorization"
    knobs = (
        Knob("n_factors", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 10, 11, 12, 12, 13, 14, 15, 16], (1, 40),
             doc="prime factors, counted with multiplicity"),
        Knob("small_prime_max", [5, 7, 7, 11, 11, 13, 13, 17, 19, 23, 29, 29, 31, 37, 37, 41, 43, 47, 53, 59],
             (2, 10**4), doc="largest prime among the ordinary factors"),
        Knob("large_factors", [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6], (0, 40),
             doc="factors drawn from the primes above small_prime_max (at most n_factors)"),
        Knob("large_prime_max", [11, 13, 17, 23, 31, 47, 67, 97, 131, 199, 251, 307, 367, 431, 503, 587, 677, 773,
             877, 997], (3, 10**4), doc="largest prime among the large factors"),
    )
    answer_format = ("the prime factorization, either as a product of prime powers such as 2^3 * 3 * 5 "
                     "(any order), or as a comma-separated list of the prime factors with repeats such "
                     "as 2, 2, 2, 3, 5")
    example = "2^2 * 7 * 20011"  # never the answer: every prime factor here is below 20000

    def build(self, rng, params):
        n_large = min(params["large_factors"], params["n_factors"])
        small = primes_between(1, params["small_prime_max"])
        large = primes_between(params["small_prime_max"], max(params["large_prime_max"], params["small_prime_max"]))
        if n_large and not large:
            large = primes_between(params["small_prime_max"], 2 * params["small_prime_max"])
        chosen = [rng.choice(small) for _ in range(params["n_factors"] - n_large)]
        chosen += [rng.choice(large) for _ in range(n_large)]
        n = 1
        for p in chosen:
            n *= p
        # every prime factor is at most `limit`, so trial division up to it completes the
        # factorisation (factorint's default rho search crawls on many mid-sized factors)
        limit = max(small[-1], large[-1] if large else 2)
        factors = sorted(sympy.factorint(n, limit=limit).items())
        if any(p > limit and not sympy.isprime(p) for p, _ in factors):  # defensive: not expected
            factors = sorted(sympy.factorint(n).items())
        answer = " * ".join(f"{p}^{k}" if k > 1 else str(p) for p, k in factors)
        question = f"Find the prime factorization of {n}."
        return Draft(question, answer, {"n": n, "factors": [[int(p), int(k)] for p, k in factors]})

    def effort(self, problem):
        # trial division: every prime tried and every division that takes a factor out
        return trial_division_work(problem.check["n"])

    def grade(self, answer, problem):
        n = problem.check["n"]
        m = _LHS.match(clean(answer))
        if m and int(m.group(1)) == n:
            answer = answer[answer.index("=") + 1:]
        parsed = parse_factorization(answer)
        if isinstance(parsed, str):
            return wrong(parsed)
        expected = {p: k for p, k in problem.check["factors"]}
        if parsed == expected:
            return right()
        odd = sorted(p for p in parsed if p not in expected)
        if odd and not sympy.isprime(odd[0]):
            return wrong(f"{odd[0]} is not a prime.")
        return wrong(f"That is not the prime factorization of {n}.")
