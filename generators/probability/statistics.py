"""Descriptive statistics of a generated data set: mean, median, modes, range, population and
sample variance and standard deviation, also of linearly transformed data."""
from __future__ import annotations

import math
import re
from collections import Counter
from fractions import Fraction
from math import gcd

from procgym import Draft, Knob, Task, register
from procgym.kit import decimal_text, frac_text, grade_expression, read_number, read_set, refused, drawn_example
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._exact import EXACT_DECIMAL_FORMAT, EXACT_FORMAT, fraction_check, grade_exact
from ._phrasing import question_of

TIERS = {
    "centre": ("mean", "median", "range"),
    "modes": ("mean", "median", "mode", "range"),
    "variance": ("median", "mode", "pop_var", "sample_var"),
    "spread": ("pop_var", "sample_var", "pop_sd", "sample_sd", "median"),
    "transform": ("pop_var", "sample_var", "pop_sd", "sample_sd", "t_mean", "t_var", "t_sd"),
}
SUBJECTS = ("the number of goals scored in each match of a season", "the ages of the members of a chess club",
            "the scores of students on a quiz", "the number of books read by each member of a reading group")
DECIMAL_SUBJECTS = ("the daily rainfall in millimetres over a period", "the weights of parcels in kilograms",
                    "the lengths of phone calls in minutes", "the heights of seedlings in centimetres")
SD_FORMAT = ("an exact expression, simplified, using sqrt for square roots, for example 3*sqrt(2)/4 "
             "(no decimal approximations)")


def mean(xs) -> Fraction:
    return sum(xs, Fraction(0)) / len(xs)


def median(xs) -> Fraction:
    s = sorted(xs)
    mid = len(s) // 2
    return Fraction(s[mid]) if len(s) % 2 else (Fraction(s[mid - 1]) + s[mid]) / 2


def modes(xs) -> list:
    counts = Counter(xs)
    top = max(counts.values())
    return sorted(x for x, c in counts.items() if c == top)


def variance(xs, sample: bool) -> Fraction:
    """Sum of squared deviations from the mean, divided by n (population) or n - 1 (sample)."""
    mu = mean(xs)
    ss = sum(((Fraction(x) - mu) ** 2 for x in xs), Fraction(0))
    return ss / (len(xs) - 1 if sample else len(xs))


def sqrt_text(value: Fraction) -> str:
    """sqrt(p/q) simplified: k*sqrt(r)/d with r square-free, or a plain number when it is rational."""
    p, q = value.numerator, value.denominator
    inner = p * q  # sqrt(p/q) = sqrt(p*q)/q
    k, r = 1, inner
    f = 2
    while f * f <= r:
        while r % (f * f) == 0:
            r //= f * f
            k *= f
        f += 1
    g = gcd(k, q)
    k, d = k // g, q // g
    if r == 1:
        return frac_text(Fraction(k, d))
    head = f"sqrt({r})" if k == 1 else f"{k}*sqrt({r})"
    return head if d == 1 else f"{head}/{d}"


def value_text(v) -> str:
    return decimal_text(v)


# each problem shows one of these that is not its answer, drawn last in build (nothing else depends on it)
EXAMPLES = ("37/6", "-5/2", "41/3", "9")
MODE_EXAMPLES = ("4, 7", "2, 5", "10", "3, 8, 9")


def _example(rng, value) -> str:
    return drawn_example(rng, EXAMPLES, lambda e: Fraction(e) != value)


@register
class DescriptiveStatistics(Task):
    """Descriptive statistics of a data set given as a list or as a frequency table: the mean,
    median, mode(s) and range at low levels; then the population and sample variance (exact
    fractions) and standard deviation (exact square-root expressions), the prompt saying which
    divisor (n or n - 1) to use; at the top, statistics of transformed data y = a*x + b. Levels add
    values, frequency tables, one-decimal data and the harder statistics."""

    name = "probability/descriptive_statistics"
    knobs = (
        Knob("n_values", [5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26, 28], (3, 60),
             doc="data values"),
        Knob("stats", ["centre", "modes", "variance", "variance", "spread", "spread", "spread", "transform",
             "transform", "transform"] + ["transform"] * 10, choices=tuple(TIERS), doc="which statistics may be asked"),
        Knob("table_percent", [0, 0, 0, 20, 30, 40, 50, 60, 70, 80, 80, 80, 85, 85, 85, 90, 90, 90, 90, 90], (0, 100),
             doc="chance that the data come as a frequency table"),
        Knob("decimals", [False, False, False, False, False, False, True, True, True, True] + [True] * 10,
             doc="values may have one decimal place"),
        Knob("value_max", [10, 12, 15, 20, 20, 25, 30, 40, 50, 60, 60, 65, 70, 75, 80, 85, 90, 95, 100, 110],
             (3, 1000), doc="largest value"),
    )
    answer_format = EXACT_FORMAT
    example = "37/6"

    def build(self, rng, params):
        n, top = params["n_values"], params["value_max"]
        stat = rng.choice(TIERS[params["stats"]])
        tenths = params["decimals"] and rng.random() < 0.6
        unit = Fraction(1, 10) if tenths else Fraction(1)
        lo = rng.randint(1, top // 3)
        pool = list(range(int(lo / unit), int(top / unit) + 1))
        distinct = rng.randint(max(2, n // 3), max(3, min(len(pool), 2 * n // 3 + 1)))
        support = sorted(rng.sample(pool, min(distinct, len(pool))))
        data = [Fraction(v) * unit for v in support] + [Fraction(rng.choice(support)) * unit
                                                        for _ in range(n - len(support))]
        if stat == "mode":  # one value (or a tie of two) appears most often
            favourite = rng.sample(data, 2 if rng.random() < 0.3 else 1)
            for f in favourite:
                data.append(f)
                data.append(f)
        rng.shuffle(data)
        n = len(data)
        if len(set(data)) == 1:
            data[0] += unit
        subject = rng.choice(DECIMAL_SUBJECTS if tenths else SUBJECTS)
        table = rng.randrange(100) < params["table_percent"]
        if table:
            counts = Counter(data)
            rows = "\n".join(f"- value {value_text(v)}: {counts[v]} {'time' if counts[v] == 1 else 'times'}"
                             for v in sorted(counts))
            question = (f"A data set of {n} values records {subject}. It is summarised by how often each "
                        f"value occurs:\n{rows}\n\n")
        else:
            question = (f"A data set of {n} values records {subject}:\n"
                        f"{', '.join(value_text(v) for v in data)}\n\n")
        decimals = tenths
        fmt = EXACT_DECIMAL_FORMAT if decimals else EXACT_FORMAT
        if stat in ("t_mean", "t_var", "t_sd"):
            a = rng.choice((2, 3, -2, 5, 10, -3))
            b = rng.randint(-20, 20)
            if a * mean(data) + b == 0:
                b += 1  # a zero answer would read like a non-answer
            ys = [a * x + b for x in data]
            sample = rng.random() < 0.5
            question += (f"Each value x is converted to a new value y = {a}x {'+' if b >= 0 else '-'} {abs(b)}. "
                         f"Treat the data as a {'sample' if sample else 'whole population'}"
                         f" ({'divide by n - 1' if sample else 'divide by n'} for the variance).\n\n")
            which = "sample" if sample else "population"
            if stat == "t_mean":
                value = mean(ys)
                question += "What is the mean of the new values y?"
            elif stat == "t_var":
                value = variance(ys, sample)
                question += f"What is the {which} variance of the new values y?"
            else:
                var = variance(ys, sample)
                question += f"What is the {which} standard deviation of the new values y?"
                return Draft(question, sqrt_text(var), {"kind": "sqrt", "expected": sqrt_text(var)}, SD_FORMAT,
                             "-3*sqrt(2)/4")  # never the answer: a standard deviation is not negative
            return Draft(question, frac_text(value), fraction_check(value, decimals), fmt, _example(rng, value))
        if stat == "mean":
            value = mean(data)
            question += "What is the mean of the data?"
        elif stat == "median":
            value = median(data)
            question += "What is the median of the data?"
        elif stat == "range":
            value = max(data) - min(data)
            question += "What is the range of the data (the largest value minus the smallest)?"
        elif stat == "mode":
            ms = modes(data)
            question += "What is the mode of the data? If several values are tied as most frequent, give all of them."
            return Draft(question, ", ".join(value_text(m) for m in ms),
                         {"kind": "modes", "values": [[m.numerator, m.denominator] for m in ms]},
                         "the mode, or all tied modes as a comma-separated list",
                         drawn_example(rng, MODE_EXAMPLES, lambda e: {Fraction(x) for x in e.split(", ")} != set(ms)))
        else:
            sample = stat.startswith("sample")
            var = variance(data, sample)
            question += ("Treat the data as a sample: the sample variance divides the sum of squared deviations from "
                         "the mean by n - 1." if sample else
                         "Treat the data as the whole population: the population variance divides the sum of squared "
                         "deviations from the mean by n.")
            which = "sample" if sample else "population"
            if stat.endswith("sd"):
                question += f"\n\nWhat is the {which} standard deviation of the data?"
                return Draft(question, sqrt_text(var), {"kind": "sqrt", "expected": sqrt_text(var)}, SD_FORMAT,
                             "-3*sqrt(2)/4")  # never the answer: a standard deviation is not negative
            value = var
            question += f"\n\nWhat is the {which} variance of the data?"
        return Draft(question, frac_text(value), fraction_check(value, decimals), fmt, _example(rng, value))

    def effort(self, problem):
        # passes over the data: a list is read value by value, a frequency table row by row (a
        # product per row); the mean and range take one pass, the median a sort, the modes a
        # tally, a variance the mean and then a squared deviation per entry, a standard deviation
        # also the simplification of its square root; transformed data add a pass for y = ax + b
        q = question_of(problem)
        n = int(re.search(r"A data set of (\d+) values", q).group(1))
        rows = q.count("\n- value ")
        entries = 2 * rows if rows else n
        asked = q.rsplit("\n\n", 1)[1]
        if "median" in asked:
            return entries + (rows if rows else math.ceil(n * math.log2(n)))
        if "mode" in asked or "range" in asked or asked.startswith("What is the mean of the data"):
            return entries + 1
        work = 0
        if "new values y" in asked:
            work += entries
            if "mean of the new" in asked:
                return work + entries + 1
        work += 3 * entries + 2
        return work + (4 if "standard deviation" in asked else 0)

    def grade(self, answer, problem):
        c = problem.check
        if c.get("kind") == "sqrt":
            return grade_expression(answer, c["expected"], (), "the standard deviation")
        if c.get("kind") == "modes":  # every tied mode, in any order, separated by commas or semicolons
            try:
                given = read_set(answer, read_number, ",;")
            except ParseError as exc:
                return refused(exc)
            return right() if given == {Fraction(p, q) for p, q in c["values"]} else wrong("Those are not the modes.")
        return grade_exact(answer, c, "the exact value")
