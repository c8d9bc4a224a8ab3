"""Inclusion-exclusion: integers divisible by some of several numbers, and overlapping survey groups."""
from __future__ import annotations

from math import comb, lcm

from procgym import Draft, Knob, register

from ._counting import CountTask, and_list

PRIMES = [2, 3, 5, 7, 11, 13, 17]
COMPOSITES = [4, 6, 8, 9, 10, 12, 14, 15, 18, 20, 21, 22, 24, 25, 28, 30, 33, 35]
SUBJECTS = ["French", "German", "Spanish", "Latin", "Italian"]
QUESTIONS = {
    "basic": ("at_least_one", "none"),
    "exact": ("at_least_one", "none", "exactly_one", "only_first"),
    "general": ("none", "exactly_one", "only_first", "exactly", "at_least"),
}


def from_intersections(sizes: list[int], m: int, question: str, r: int = 1) -> int:
    """The count asked for, from the size of every intersection (a list indexed by the bitmask of
    the m sets; index 0 is the whole universe), by inclusion-exclusion on the sums S_j of j-fold intersections:
    exactly r = sum_j (-1)^(j-r) C(j, r) S_j, at least r = sum_j (-1)^(j-r) C(j-1, r-1) S_j."""
    if question == "only_first":
        return sum((-1) ** (bin(mask).count("1") - 1) * size for mask, size in enumerate(sizes) if mask & 1)
    s = [0] * (m + 1)
    for mask, size in enumerate(sizes):
        s[bin(mask).count("1")] += size
    if question == "none":
        question, r = "exactly", 0
    elif question == "at_least_one":
        question, r = "at_least", 1
    elif question == "exactly_one":
        question, r = "exactly", 1
    if question == "exactly":
        return sum((-1) ** (j - r) * comb(j, r) * s[j] for j in range(r, m + 1))
    return sum((-1) ** (j - r) * comb(j - 1, r - 1) * s[j] for j in range(r, m + 1))


def divisible_counts(divisors: list[int], lo: int, hi: int) -> list[int]:
    """For every subset (bitmask) of the divisors: how many n in [lo, hi] the lcm of the subset divides."""
    out = []
    for mask in range(1 << len(divisors)):
        d = lcm(*[x for i, x in enumerate(divisors) if mask >> i & 1]) if mask else 1
        out.append(hi // d - (lo - 1) // d)
    return out


def phrase(question: str, r: int, names: list[str]) -> str:
    """The condition, after "divisible by" / "study"."""
    if question == "at_least_one":
        return f"at least one of {and_list(names)}"
    if question == "none":
        return f"none of {and_list(names, 'or')}"
    if question == "exactly_one":
        return f"exactly one of {and_list(names)}"
    if question == "only_first":
        return f"{names[0]} but by none of {and_list(names[1:], 'or')}"
    return f"{question.replace('_', ' ')} {r} of {and_list(names)}"


@register
class InclusionExclusion(CountTask):
    """Count the integers in a range divisible by some of several given numbers, or the people in
    overlapping groups from the sizes of all intersections (a survey). Low levels ask "at least one"
    or "none" of two or three primes on [1, N]; higher levels add divisors that share factors (so
    intersections need an lcm), ranges [A, B], "exactly one", "this one but no other", "exactly r"
    and "at least r", and more sets; past level 10 only divisors (a survey stops at four groups),
    more of them and larger ranges."""

    # past six divisors the pool of small divisors that do not divide one another runs dry (and a
    # survey already lists all the combinations of four groups): only the ranges could grow further
    cap_reason = ("at most six divisors (the pool of small divisors none of which divides another runs out) and "
                  "four survey groups, so past level 15 only the size of the range could grow")

    name = "combinatorics/inclusion_exclusion"
    knobs = (
        Knob("n_sets", [2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6], (2, 6),
             doc="divisors, or groups in a survey (at most 4)"),
        Knob("upper", [(30, 100), (100, 300), (100, 1000), (500, 2000), (1000, 5000), (1000, 10**4), (10**4, 10**5),
                       (10**4, 10**5), (10**5, 10**6), (10**5, 10**6), (10**6, 10**7), (10**5, 10**6), (10**6, 10**7),
                       (10**7, 10**8), (10**8, 10**9)], (10, 10**12), doc="upper end of the range of integers"),
        Knob("shared_factors", [False] * 4 + [True] * 11,
             doc="divisors may share prime factors, so an intersection needs their lcm"),
        Knob("interval", [False] * 5 + [True] * 10, doc="the range starts above 1"),
        Knob("questions", ["basic"] * 3 + ["exact"] * 3 + ["general"] * 9, choices=tuple(QUESTIONS),
             doc="which kinds of question may be asked"),
        Knob("form", ["divisors", "divisors"] + [["divisors", "survey"]] * 8 + ["divisors"] * 5,
             choices=("divisors", "survey"), doc="integers in a range, or a survey of overlapping groups"),
    )

    def build(self, rng, params):
        for _ in range(50):
            draft = self._draft(rng, params)
            if draft.check["count"] > 0:
                return draft
        return draft

    def _draft(self, rng, params):
        m = params["n_sets"]
        question = rng.choice(QUESTIONS[params["questions"]])
        if params["form"] == "survey":
            m = min(m, 4)
        r = rng.randint(2, m) if question in ("exactly", "at_least") else 1
        if params["form"] == "survey":
            return self._survey(rng, params, m, question, r)
        hi = params["upper"]
        lo = rng.randint(hi // 10, hi // 2) if params["interval"] else 1
        for _ in range(100):
            if params["shared_factors"]:
                pool = PRIMES[:4] + COMPOSITES
                divisors = rng.sample(pool, m)
                # no divisor may divide another, or one condition would swallow the other
                if any(a != b and b % a == 0 for a in divisors for b in divisors):
                    continue
                if all(a * b == lcm(a, b) for i, a in enumerate(divisors) for b in divisors[i + 1:]):
                    continue  # make at least one pair share a factor
            else:
                divisors = rng.sample(PRIMES[:m + 2], m)
            break
        if question != "only_first":
            divisors.sort()
        sizes = divisible_counts(divisors, lo, hi)
        count = from_intersections(sizes, m, question, r)
        span = f"1 <= n <= {hi}" if lo == 1 else f"{lo} <= n <= {hi}"
        text = (f"How many integers n with {span} are divisible by {phrase(question, r, [str(d) for d in divisors])}?")
        return Draft(text, str(count), {"count": count, "form": "divisors", "divisors": divisors, "lo": lo, "hi": hi,
                                        "question": question, "r": r})

    @staticmethod
    def _survey(rng, params, m, question, r):
        names = rng.sample(SUBJECTS, m)
        top = rng.randint(4, 25)
        regions = [rng.randint(0, top) for _ in range(1 << m)]  # regions[0]: students in no group
        sizes = [sum(v for region, v in enumerate(regions) if region & mask == mask) for mask in range(1 << m)]
        total = sizes[0]
        count = from_intersections(sizes, m, question, r)
        lines = []
        for mask in sorted(range(1, 1 << m), key=lambda x: (bin(x).count("1"), x)):
            group = [names[i] for i in range(m) if mask >> i & 1]
            lines.append(f"- {' and '.join(group)}: {sizes[mask]}")
        ask = {"at_least_one": "at least one of these languages", "none": "none of these languages",
               "exactly_one": "exactly one of these languages",
               "only_first": f"{names[0]} but none of the other languages",
               "exactly": f"exactly {r} of these languages", "at_least": f"at least {r} of these languages"}[question]
        text = (f"Each of the {total} students at a school was asked which of the languages {and_list(names)} they "
                f"study. Below is the number of students who study each combination of languages; each number counts "
                f"everyone who studies all the languages named, whatever else they study:\n" + "\n".join(lines)
                + f"\n\nHow many students study {ask}?")
        return Draft(text, str(count), {"count": count, "form": "survey", "names": names, "sizes": sizes,
                                        "regions": regions, "question": question, "r": r})

    def effort(self, problem):
        # one term per intersection of the sets: for divisors each needs the lcm of its members and
        # two floor divisions of numbers with as many digits as the range's ends; a survey's terms
        # are read off; then the terms are summed with their signs
        c = problem.check
        if c["form"] == "survey":
            return 2 * len(c["sizes"])
        m = len(c["divisors"])
        lcms = sum(max(1, bin(mask).count("1")) for mask in range(1 << m))
        return lcms + (1 << m) * (2 * len(str(c["hi"])) + 1)
