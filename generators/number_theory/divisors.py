"""Divisor functions: counts and sums of divisors, Euler's totient, and perfect, abundant and
deficient numbers."""
from __future__ import annotations

from functools import lru_cache

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, read_choice, read_list, read_rhs, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._integers import factorize, phi, sigma, tau, trial_division_work, value_of

_PRIMES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47)
KINDS = ("tau", "sigma", "phi", "odd_tau", "square_tau", "multiple_tau", "power_tau", "sigma_odd",
         "coprime_count")
FUNCTIONS = {"tau": tau, "sigma": sigma, "phi": phi}
DEFINITIONS = {
    "tau": "d(k) is the number of positive divisors of k",
    "sigma": "sigma(k) is the sum of the positive divisors of k (k itself included)",
    "phi": "phi(k) is Euler's totient: how many of 1, 2, ..., k are coprime to k",
}
NOTATION = {"tau": "d", "sigma": "sigma", "phi": "phi"}
# how a model may name the function on the left of its answer: "d(360) = 24", "\\sigma(360) = 1170"
SYMBOLS = {"tau": ("d", "tau", "\\tau", "\u03c4"), "sigma": ("sigma", "\\sigma", "\u03c3"),
           "phi": ("phi", "\\phi", "\\varphi", "\u03c6", "\u03d5")}


def value_labels(check: dict) -> list[str]:
    """The left-hand sides that name the value asked for: f(n), f(g(n)) or d(n^e) in any of the
    usual notations; none for the counts that have no standard notation."""
    n, kind = check["n"], check["kind"]
    if kind in SYMBOLS:
        return [f"{f}({n})" for f in SYMBOLS[kind]]
    if kind == "power_tau":
        return [f"{f}({n}^{check['e']})" for f in SYMBOLS["tau"]]
    if "(" in kind:  # a composition "outer(inner)"
        outer, inner = kind[:-1].split("(")
        return [f"{f}({g}({n}))" for f in SYMBOLS[outer] for g in SYMBOLS[inner]]
    return []


def _random_factors(rng, n_primes: int, max_exponent: int, max_value: int, big_prime: bool) -> dict[int, int]:
    primes = rng.sample(_PRIMES[:max(n_primes + 3, 6)], n_primes)
    if big_prime:
        primes[-1] = int(sympy.nextprime(rng.randint(50, 400)))
    factors = {p: rng.randint(1, max_exponent) for p in primes}
    while value_of(factors) > max_value:
        top = max(factors, key=lambda p: p ** factors[p])
        if factors[top] > 1:
            factors[top] -= 1
        elif len(factors) > 1:
            del factors[top]
        else:
            break
    return dict(sorted(factors.items()))


@register
class DivisorFunctions(Task):
    """Compute an arithmetic function of n: the number of divisors, the sum of divisors, Euler's
    totient, and at higher levels counts that need the factorization's structure (odd divisors,
    square divisors, divisors that are multiples of m, divisors of n^k, the sum of odd divisors,
    integers up to a multiple of n that are coprime to n) and compositions such as d(sigma(n)),
    where the intermediate value must be factored again. Higher levels also use more distinct
    prime factors, higher powers and a larger prime factor."""

    name = "number_theory/divisor_functions"
    knobs = (
        Knob("question", [["tau"], ["tau", "sigma"], ["tau", "sigma", "phi"], ["tau", "sigma", "phi", "odd_tau"],
             ["sigma", "phi", "odd_tau", "square_tau", "multiple_tau"],
             ["phi", "odd_tau", "square_tau", "multiple_tau", "power_tau", "sigma_odd"],
             list(KINDS), list(KINDS), list(KINDS), list(KINDS)] + [list(KINDS)] * 10, choices=KINDS,
             doc="what is asked (a list: one is drawn per problem)"),
        Knob("n_primes", [(1, 2), (2, 2), (2, 3), (2, 3), (3, 3), (3, 4), (3, 4), (4, 5), (4, 5), (5, 6), (5, 6),
             (5, 7), (6, 7), (6, 7), (6, 8), (7, 8), (7, 8), (7, 9), (8, 9), (8, 10)], (1, 12),
             doc="distinct prime factors of n (fewer if max_value forces it)"),
        Knob("max_exponent", [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12], (1, 40),
             doc="largest exponent in n's factorization"),
        Knob("max_value", [100, 500, 2000, 10**4, 10**5, 10**6, 10**7, 10**8, 10**9, 10**10, 3 * 10**10, 10**11,
             3 * 10**11, 10**12, 3 * 10**12, 10**13, 3 * 10**13, 10**14, 3 * 10**14, 10**15], (12, 10**15),
             doc="largest n"),
        Knob("big_prime_share", [0.0, 0.0, 0.0, 0.1, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.5, 0.55, 0.55, 0.55, 0.6,
             0.6, 0.6, 0.6, 0.6], (0.0, 1.0), doc="probability that one prime factor of n lies between 50 and 400"),
        Knob("compose_share", [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.3, 0.4, 0.5, 0.5, 0.8, 0.85, 0.9, 0.9, 0.95, 0.95,
             1.0, 1.0, 1.0, 1.0], (0.0, 1.0), doc="probability of asking for f(g(n)) with f, g among d, sigma and phi"),
    )
    answer_format = "a non-negative integer"
    example = "0"  # never the answer: every count and sum asked here is at least 1

    def build(self, rng, params):
        kind = params["question"]
        big = rng.random() < params["big_prime_share"] and params["max_value"] >= 1000
        factors = _random_factors(rng, params["n_primes"], params["max_exponent"], params["max_value"], big)
        n = value_of(factors)
        if n < 6:
            factors = factorize(n * 6)
            n *= 6
        f = factorize(n)  # recomputed from n: the answer rests on the number shown, not on how it was built
        check = {"n": n, "kind": kind}
        if rng.random() < params["compose_share"]:
            inner, outer = rng.choice(sorted(FUNCTIONS)), rng.choice(sorted(FUNCTIONS))
            middle = FUNCTIONS[inner](f)
            value = FUNCTIONS[outer](factorize(middle))
            used = sorted({inner, outer})
            question = (f"Compute {NOTATION[outer]}({NOTATION[inner]}({n})), where "
                        + "; and ".join(DEFINITIONS[u] for u in used) + ".")
            check["kind"] = f"{outer}({inner})"
        elif kind in FUNCTIONS:
            value = FUNCTIONS[kind](f)
            question = {
                "tau": f"How many positive divisors does {n} have?",
                "sigma": f"What is the sum of all positive divisors of {n} ({n} itself included)?",
                "phi": (f"How many of the integers 1, 2, ..., {n} are coprime to {n} "
                        f"(that is, Euler's totient phi({n}))?"),
            }[kind]
        elif kind == "odd_tau":
            value = tau({p: k for p, k in f.items() if p != 2})
            question = f"How many positive divisors of {n} are odd?"
        elif kind == "sigma_odd":
            value = sigma({p: k for p, k in f.items() if p != 2})
            question = f"What is the sum of the odd positive divisors of {n}?"
        elif kind == "square_tau":
            value = tau({p: k // 2 for p, k in f.items()})
            question = f"How many positive divisors of {n} are perfect squares (1 counts as a square)?"
        elif kind == "multiple_tau":
            primes = list(f)
            m = 1
            for p in rng.sample(primes, rng.randint(1, min(2, len(primes)))):
                m *= p ** rng.randint(1, f[p])
            value = tau(factorize(n // m))
            question = f"How many positive divisors of {n} are multiples of {m}?"
            check["m"] = m
        elif kind == "power_tau":
            e = rng.randint(2, 4)
            value = tau({p: k * e for p, k in f.items()})
            question = f"How many positive divisors does {n}^{e} have?"
            check["e"] = e
        else:  # coprime_count
            t = rng.randint(2, 9)
            value = t * phi(f)
            question = f"How many of the integers 1, 2, ..., {t * n} are coprime to {n}?"
            check["limit"] = t * n
        check["value"] = value
        return Draft(question, str(value), check)

    def effort(self, problem):
        # factor n by trial division, then one product term per prime; a composition factors the
        # intermediate value again; a count of multiples of m also factors m
        c = problem.check
        n = c["n"]
        work = trial_division_work(n) + len(factorize(n))
        if "(" in c["kind"]:
            outer, inner = c["kind"][:-1].split("(")
            middle = FUNCTIONS[inner](factorize(n))
            work += trial_division_work(middle) + len(factorize(middle))
        if "m" in c:
            work += trial_division_work(c["m"])
        return work

    def grade(self, answer, problem):
        try:
            value = read_rhs(answer, value_labels(problem.check))
        except ParseError as exc:
            return refused(exc)
        return grade_int(value, problem.check["value"], "the right value")


CLASSES = ("perfect", "abundant", "deficient")


def classify(n: int) -> str:
    s = sigma(factorize(n))
    return "perfect" if s == 2 * n else "abundant" if s > 2 * n else "deficient"


@lru_cache(maxsize=1)
def perfect_numbers() -> tuple[int, ...]:
    """Even perfect numbers below 10^15, from the Mersenne primes 2^p - 1 (Euclid-Euler)."""
    return tuple(2 ** (p - 1) * (2 ** p - 1) for p in range(2, 27) if sympy.isprime(2 ** p - 1))


def _tricky(rng, top: int) -> int:
    """A number whose class is easy to misjudge: a power of two (sigma = 2n - 1), 2^k * p with p
    next to 2^(k+1) - 1, or an odd number with many small factors (odd abundant ones exist)."""
    choice = rng.randrange(3)
    if choice == 0 and top >= 8:
        high = top.bit_length() - 1
        return 2 ** rng.randint(max(3, high - 6), high)
    if choice == 1 and top >= 40:
        k = rng.randint(max(2, (top.bit_length() - 1) // 2 - 4), max(2, (top.bit_length() - 1) // 2))
        target = 2 ** (k + 1) - 1
        p = int(sympy.prevprime(target) if rng.random() < 0.5 else sympy.nextprime(target))
        if 2 ** k * p <= top:
            return 2 ** k * p
    pool = [3, 3, 3, 3, 5, 5, 5, 7, 7, 11, 13, 17, 19, 23]
    rng.shuffle(pool)
    n = 1
    for p in pool:
        if n * p <= top:
            n *= p
    return max(n, 9)


@register
class Abundance(Task):
    """Classify numbers as perfect (the proper divisors sum to n), abundant (they sum to more) or
    deficient (less), which needs the sum of divisors. Higher levels use larger numbers, classify
    several numbers at once, and mix in near misses: powers of two (one short of perfect),
    2^k * p with p next to 2^(k+1) - 1, odd numbers with many small factors (the odd abundant
    numbers such as 945), and perfect numbers themselves."""

    name = "number_theory/abundance"
    knobs = (
        Knob("n_numbers", [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10], (1, 20),
             doc="numbers to classify"),
        Knob("max_value", [30, 100, 300, 1000, 3000, 10**4, 3 * 10**4, 10**5, 10**6, 10**7, 2 * 10**7, 5 * 10**7,
             10**8, 2 * 10**8, 5 * 10**8, 10**9, 2 * 10**9, 5 * 10**9, 10**10, 2 * 10**10], (10, 10**12),
             doc="largest number"),
        Knob("tricky_share", [0.0, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.5, 0.6] + [0.6] * 10, (0.0, 1.0),
             doc="probability that a number is a near miss (see the docstring)"),
        Knob("perfect_share", [0.15, 0.15, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1] + [0.1] * 10, (0.0, 1.0),
             doc="probability that a number is a perfect number (when one is small enough)"),
    )
    answer_format = "perfect, abundant or deficient"
    example = "deficient"
    closed_answers = True  # three words per number: the example may be an answer, and cannot be avoided fairly

    def build(self, rng, params):
        top = params["max_value"]
        numbers: list[int] = []
        perfect = [p for p in perfect_numbers() if p <= top]
        perfect = [p for p in perfect if p >= min(top // 1000, perfect[-1])] if perfect else []
        for _ in range(200):
            if len(numbers) == params["n_numbers"]:
                break
            r = rng.random()
            if perfect and r < params["perfect_share"]:
                n = rng.choice(perfect)
            elif rng.random() < params["tricky_share"]:
                n = _tricky(rng, top)
            else:
                want = rng.choice(("abundant", "deficient"))
                lo = max(2, top // 10)
                for _ in range(40):
                    n = rng.randint(lo, top)
                    if classify(n) == want:
                        break
            if n not in numbers and n >= 2:
                numbers.append(n)
        classes = [classify(n) for n in numbers]
        if len(numbers) == 1:
            question = (f"Is {numbers[0]} perfect, abundant or deficient? A number n is perfect if the sum of its "
                        f"proper divisors (the positive divisors other than n) equals n, abundant if that sum is "
                        f"greater than n, and deficient if it is less.")
            fmt = self.answer_format
        else:
            question = (f"Classify each of these numbers as perfect, abundant or deficient:\n\n    "
                        f"{', '.join(map(str, numbers))}\n\nA number n is perfect if the sum of its proper divisors "
                        f"(the positive divisors other than n) equals n, abundant if that sum is greater than n, "
                        f"and deficient if it is less.")
            fmt = (f"{len(numbers)} words, each perfect, abundant or deficient, one for each number in the order "
                   f"given, as a comma-separated list")
        return Draft(question, ", ".join(classes), {"numbers": numbers, "classes": classes}, answer_format=fmt,
                     example=None if len(numbers) == 1 else ", ".join((["deficient", "abundant"] * 10)[:len(numbers)]))

    def effort(self, problem):
        # per number: factor it by trial division, sum its divisors (one term per prime), compare
        return sum(trial_division_work(n) + len(factorize(n)) + 1 for n in problem.check["numbers"])

    def grade(self, answer, problem):
        expected = problem.check["classes"]
        try:
            given = read_list(answer, lambda item: read_choice(item, CLASSES), ",;")
        except ParseError:
            return wrong("Use only the words perfect, abundant and deficient, separated by commas.")
        if len(given) != len(expected):
            return wrong(f"Give exactly {len(expected)} word(s), one per number.")
        if given != expected:
            return wrong("At least one number is misclassified." if len(expected) > 1 else "That is not its class.")
        return right()
