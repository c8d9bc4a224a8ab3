"""Binomial and geometric probabilities: repeated independent trials, counted successes, waiting
times, negative binomial waits, and races between two players."""
from __future__ import annotations

import re
from fractions import Fraction
from math import comb

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._exact import PROB_EXAMPLE, PROB_FORMAT, fraction_check, grade_exact
from ._phrasing import number_of, ordinal, ordinal_of, question_of, word

TIERS = {
    "basic": ("bin_eq", "bin_ge", "geo_eq", "geo_gt"),
    "middle": ("bin_eq", "bin_ge", "bin_le", "bin_between", "geo_eq", "geo_gt", "geo_le"),
    "conditional": ("bin_between", "bin_cond", "bin_le", "geo_memory", "geo_le", "negbin", "bin_ge"),
    "all": ("bin_between", "bin_cond", "geo_memory", "negbin", "geo_parity", "race", "two_bin"),
    # levels past 10: only the kinds whose sums grow with the trials (long sums, conditioning,
    # memorylessness over many trials, two counts compared)
    "sums": ("bin_between", "bin_cond", "geo_memory", "two_bin"),
}
STORIES = (  # intro, one trial, trials, success, successes, "n trials" sentence, "until" sentence
    ("A basketball player makes each free throw with probability {p}, independently of the other throws.",
     "throw", "throws", "made throw", "made throws", "She takes {n} free throws.",
     "She shoots free throws one at a time and stops after the {nth} made throw."),
    ("Each seed in a packet germinates with probability {p}, independently of the other seeds.",
     "seed", "seeds", "germinating seed", "germinating seeds", "{N} seeds are planted.",
     "Seeds are planted one at a time until the {nth} germinating seed."),
    ("A machine part passes inspection with probability {p}, independently of the other parts.",
     "part", "parts", "passing part", "passing parts", "{N} parts are inspected.",
     "Parts are inspected one at a time until the {nth} passing part."),
    ("A biased coin lands heads with probability {p} on each flip, independently of the other flips.",
     "flip", "flips", "head", "heads", "The coin is flipped {n} times.", "The coin is flipped until the {nth} head."),
    ("An archer hits the target with probability {p} on each shot, independently of the other shots.",
     "shot", "shots", "hit", "hits", "The archer shoots {n} times.", "The archer shoots until the {nth} hit."),
)


def binom_pmf(n: int, p: Fraction, k: int) -> Fraction:
    return comb(n, k) * p ** k * (1 - p) ** (n - k) if 0 <= k <= n else Fraction(0)


def binom_range(n: int, p: Fraction, lo: int, hi: int) -> Fraction:
    """P(lo <= X <= hi) for X ~ Binomial(n, p), summing the pmf."""
    return sum((binom_pmf(n, p, k) for k in range(max(lo, 0), min(hi, n) + 1)), Fraction(0))


def geometric_le(p: Fraction, k: int) -> Fraction:
    """P(first success on or before trial k) = sum of q^(j-1) p for j = 1..k."""
    q = 1 - p
    return sum((q ** (j - 1) * p for j in range(1, k + 1)), Fraction(0))


def geometric_series(first: Fraction, ratio: Fraction) -> Fraction:
    """first + first*ratio + first*ratio^2 + ... for |ratio| < 1."""
    return first / (1 - ratio)


def negbin_pmf(p: Fraction, r: int, k: int) -> Fraction:
    """P(the r-th success happens on trial k): C(k-1, r-1) p^r q^(k-r)."""
    return comb(k - 1, r - 1) * p ** r * (1 - p) ** (k - r) if k >= r else Fraction(0)


def race_first(a: Fraction, b: Fraction) -> Fraction:
    """A and B take turns, A first, until someone succeeds: P(A succeeds first), summing the
    geometric series over rounds in which both fail."""
    return geometric_series(a, (1 - a) * (1 - b))


def two_binomials(n1, p1, n2, p2, relation: str) -> Fraction:
    """P(X rel Y) for independent X ~ Bin(n1, p1), Y ~ Bin(n2, p2), over every pair (x, y)."""
    total = Fraction(0)
    for x in range(n1 + 1):
        px = binom_pmf(n1, p1, x)
        for y in range(n2 + 1):
            if (x > y) if relation == "more" else (x == y):
                total += px * binom_pmf(n2, p2, y)
    return total


def random_p(rng, max_den: int) -> Fraction:
    while True:
        q = rng.randint(2, max_den)
        p = Fraction(rng.randint(1, q - 1), q)
        if p.denominator == q:
            return p


@register
class BinomialGeometric(Task):
    """Exact probabilities for repeated independent trials. Binomial: exactly, at least, at most or
    between given numbers of successes in n trials, and conditional versions (P(X >= a | X >= b)).
    Geometric: the first success on trial k, after trial k, by trial k, on an even-numbered trial
    (an infinite series), and memorylessness (P(X > s + t | X > s)). Negative binomial: the r-th
    success on trial k. At the top, races (two players alternate until one succeeds) and comparisons
    of two independent binomial counts. Levels add trials, harder success probabilities and the
    kinds that need complements, conditioning or series; past level 10 every question is a long sum
    (a range or a conditional count over many trials, memorylessness, two counts compared)."""

    name = "probability/binomial_geometric"
    knobs = (
        Knob("kinds", ["basic", "basic", "middle", "middle", "conditional", "conditional", "conditional", "all", "all",
             "all"] + ["sums"] * 10, choices=tuple(TIERS), doc="which kinds of question may appear"),
        Knob("n_trials", [3, 4, 4, 5, 6, (6, 7), (7, 8), (7, 9), (8, 10), (9, 12), (10, 12), (10, 13), (11, 13),
             (11, 14), (12, 14), (12, 15), (13, 16), (14, 17), (15, 18), (16, 20)], (2, 20),
             doc="trials in binomial questions"),
        Knob("max_denominator", [2, 3, 4, 4, 5, 6, 6, 8, 8, 10, 10, 11, 11, 12, 12, 13, 14, 14, 15, 16], (2, 16),
             doc="largest denominator of a success probability"),
    )
    answer_format = PROB_FORMAT
    example = PROB_EXAMPLE

    def build(self, rng, params):
        kinds = TIERS[params["kinds"]]
        for _ in range(50):
            kind = rng.choice(kinds)
            question, value = self._question(rng, kind, params)
            if 0 < value < 1:
                break
        return Draft(question, frac_text(value), fraction_check(value))

    def effort(self, problem):
        # the reference's exact arithmetic: every term it sums (a binomial or geometric term, a
        # series' first term and ratio), each costing the digits of its exact fraction, so that
        # more terms, more trials and harder probabilities all count
        q = question_of(problem)
        n = problem.params["n_trials"]
        probs = [Fraction(x) for x in re.findall(r"probability (\d+/\d+)", q)]
        p = probs[0] if probs else Fraction(1)
        num = r"(\w+)"

        def cost(*values):
            return sum(len(str(v.numerator)) + len(str(v.denominator)) for v in values)

        def binomial(count_n, prob, ks):
            return cost(*(binom_pmf(count_n, prob, k) for k in ks))

        def geometric(ks):
            return cost(*((1 - p) ** (j - 1) * p for j in ks))

        if "take turns" in q:
            a, b = probs
            return cost(a, b, (1 - a) * (1 - b), race_first(a, b))
        if "Ann takes" in q:
            n1, n2 = (number_of(x) for x in re.search(rf"Ann takes {num} free.*Ben takes {num} free", q).groups())
            p1, p2 = probs
            pairs = [binom_pmf(n1, p1, x) * binom_pmf(n2, p2, y) for x in range(n1 + 1) for y in range(n2 + 1)
                     if (x > y if "more than" in q else x == y)]
            return binomial(n1, p1, range(n1 + 1)) + binomial(n2, p2, range(n2 + 1)) + cost(*pairs)
        if "-numbered" in q:
            return cost(p, (1 - p) * p, (1 - p) ** 2, geometric_series(p, (1 - p) ** 2))
        if "comes on exactly the" in q:
            m = re.search(r"that the (\w+) [a-z ]+? comes on exactly the (\w+) ", q)
            r, k = (ordinal_of(x) for x in m.groups())
            return cost(p ** r, (1 - p) ** (k - r), negbin_pmf(p, r, k))
        if "none of the first" in q:
            s = number_of(re.search(rf"none of the first {num} ", q).group(1))
            total = number_of(re.search(rf"more than {num} \w+ are needed in total", q).group(1))
            return geometric(range(1, total + 1)) + geometric(range(1, s + 1))
        if "comes on the" in q:
            k = ordinal_of(re.search(r"comes on the (\w+) ", q).group(1))
            return geometric([k])
        if "are needed?" in q:
            return geometric(range(1, number_of(re.search(rf"more than {num} ", q).group(1)) + 1))
        if "comes within the first" in q:
            return geometric(range(1, number_of(re.search(rf"within the first {num} ", q).group(1)) + 1))
        asked = q.rsplit("\n\n", 1)[1]
        if "You are told that there are at least" in q:
            b = number_of(re.search(rf"there are at least {num} ", q).group(1))
            m = re.search(rf"there are (exactly|at least) {num} [a-z ]+\?$", asked)
            a = number_of(m.group(2))
            top = range(a, a + 1) if m.group(1) == "exactly" else range(a, n + 1)
            return binomial(n, p, top) + binomial(n, p, range(b, n + 1))
        m = re.search(rf"at least {num} and at most {num}", asked)
        if m:
            a, b = (number_of(x) for x in m.groups())
            return binomial(n, p, range(a, b + 1))
        m = re.search(rf"of (exactly|at least|at most) {num} ", asked)
        k = number_of(m.group(2))
        ks = {"exactly": range(k, k + 1), "at least": range(k, n + 1), "at most": range(0, k + 1)}[m.group(1)]
        return binomial(n, p, ks)

    def _question(self, rng, kind, params):
        n = params["n_trials"]
        p = random_p(rng, params["max_denominator"])
        story, one, many, succ, succs, trials, until = rng.choice(STORIES)
        intro = story.format(p=frac_text(p))
        if kind.startswith("bin"):
            intro += " " + trials.format(n=word(n), N=word(n).capitalize())
            k = rng.randint(1, n - 1)
            if kind == "bin_eq":
                return intro + f"\n\nWhat is the probability of exactly {word(k)} {succs if k != 1 else succ}?", \
                    binom_pmf(n, p, k)
            if kind == "bin_ge":
                return intro + f"\n\nWhat is the probability of at least {word(k)} {succs if k != 1 else succ}?", \
                    binom_range(n, p, k, n)
            if kind == "bin_le":
                return intro + f"\n\nWhat is the probability of at most {word(k)} {succs if k != 1 else succ}?", \
                    binom_range(n, p, 0, k)
            if kind == "bin_between":
                a = rng.randint(1, n - 1)
                b = rng.randint(a + 1, n)
                return (intro + f"\n\nWhat is the probability that the number of {succs} is at least {word(a)} and "
                                f"at most {word(b)}?"), binom_range(n, p, a, b)
            if kind == "bin_cond":
                b = rng.randint(1, n - 1)
                a = rng.randint(b, n) if rng.random() < 0.7 else b
                if a == b:
                    ev, value = f"exactly {word(b)}", binom_pmf(n, p, b) / binom_range(n, p, b, n)
                else:
                    ev, value = f"at least {word(a)}", binom_range(n, p, a, n) / binom_range(n, p, b, n)
                return (intro + f" You are told that there are at least {word(b)} {succs if b != 1 else succ}.\n\n"
                                f"Given this, what is the probability that there are {ev} {succs}?"), value
            # two_bin handled below
        if kind != "negbin":
            intro += " " + until.format(nth="first")
        if kind == "geo_eq":
            k = rng.randint(2, 6)
            return (intro + f"\n\nWhat is the probability that the first "
                            f"{succ} comes on the {ordinal(k)} {one}?"), (1 - p) ** (k - 1) * p
        if kind == "geo_gt":
            k = rng.randint(2, 6)
            return (intro + f"\n\nWhat is the probability that more than "
                            f"{word(k)} {many} are needed?"), 1 - geometric_le(p, k)
        if kind == "geo_le":
            k = rng.randint(2, 6)
            return (intro + f"\n\nWhat is the probability that the first "
                            f"{succ} comes within the first {word(k)} {many}?"), geometric_le(p, k)
        if kind == "geo_memory":
            s, t = rng.randint(2, 6), rng.randint(1, 4)
            value = (1 - geometric_le(p, s + t)) / (1 - geometric_le(p, s))
            return (intro + f" You are told that none of the first {word(s)} {many} "
                            f"is a {succ}.\n\nGiven this, what is the probability that more than {word(s + t)} {many} "
                            f"are needed in total?"), value
        if kind == "geo_parity":
            q = 1 - p
            even = rng.random() < 0.5
            # first success on trial 2j (even) or 2j - 1 (odd), summed as a geometric series in q^2
            value = geometric_series(q * p if even else p, q * q)
            return (intro + f"\n\nWhat is the probability that the first "
                            f"{succ} comes on an {'even' if even else 'odd'}-numbered {one}?"), value
        if kind == "negbin":
            r = rng.randint(2, 3)
            k = rng.randint(r + 1, r + 5)
            return (intro + " " + until.format(nth=ordinal(r)) + f"\n\nWhat is the probability that the "
                            f"{ordinal(r)} {succ} comes on exactly the {ordinal(k)} {one}?"), negbin_pmf(p, r, k)
        if kind == "race":
            b = random_p(rng, params["max_denominator"])
            a_name, b_name = rng.sample(("Ann", "Ben", "Cleo", "Dan", "Eve", "Finn"), 2)
            first = rng.random() < 0.5
            value = race_first(p, b) if first else 1 - race_first(b, p)
            return (f"{a_name} and {b_name} take turns shooting at a target, {a_name} first, until someone hits it. "
                    f"Each of {a_name}'s shots hits with probability {frac_text(p)} and each of {b_name}'s with "
                    f"probability {frac_text(b)}, independently.\n\nWhat is the probability that "
                    f"{a_name if first else b_name} is the first to hit the target?"), value
        # two_bin
        n1, n2 = rng.randint(2, max(2, n // 2)), rng.randint(2, max(2, n // 2))
        p2 = random_p(rng, params["max_denominator"])
        relation = rng.choice(("more", "equal"))
        value = two_binomials(n1, p, n2, p2, relation)
        ask = "more than" if relation == "more" else "exactly as many as"
        return (f"Ann takes {word(n1)} free throws, each made with probability {frac_text(p)}. Ben takes {word(n2)} "
                f"free throws, each made with probability {frac_text(p2)}. All throws are independent.\n\n"
                f"What is the probability that Ann makes {ask} Ben?"), value

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the probability")
