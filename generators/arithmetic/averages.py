"""Averages: means, medians and weighted means, forwards and backwards (a missing value, a group)."""
from __future__ import annotations

import functools
import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import decimal_text, number_text

from ._amounts import grade_amount
from ._work import Tally, numbers_in

KINDS = ("mean", "median", "weighted", "missing", "combined", "replace")
UNITS = ("kg", "cm", "seconds", "degrees", "dollars", "points")
SUBJECTS = ("test scores", "daily temperatures (in degrees)", "weights of parcels (in kg)", "heights of plants (in cm)",
            "times of runners (in seconds)", "prices of books (in dollars)")


def mean(values) -> Fraction:
    values = [Fraction(v) for v in values]
    return sum(values, Fraction(0)) / len(values)


def median(values) -> Fraction:
    s = sorted(Fraction(v) for v in values)
    mid = len(s) // 2
    return s[mid] if len(s) % 2 else (s[mid - 1] + s[mid]) / 2


def weighted_mean(values, weights) -> Fraction:
    total = sum((Fraction(v) * w for v, w in zip(values, weights)), Fraction(0))
    return total / sum(weights)


def make_mean_nice(values: list, i: int, unit: Fraction, positive: bool) -> None:
    """Shift values[i] by less than len(values) units so that the mean is a whole number of units."""
    n = len(values)
    r = (sum(values, Fraction(0)) / unit) % n
    values[i] -= r * unit
    if positive and values[i] < unit:
        values[i] += n * unit


def _list(values) -> str:
    return ", ".join(decimal_text(v) for v in values)


@register
class Averages(Task):
    """Questions about averages, from direct to backwards. Direct: the mean or the median of a
    list, or a weighted mean. Backwards (harder levels): the value missing from a list with a
    known mean; the mean of one group from the combined mean of two; the value that replaced
    another when the mean changed. Higher levels add values, decimal and negative values, and
    steps; past level 10 weighted means and missing values over ever longer lists of larger
    values. Answers are exact: any equal decimal or fraction."""

    name = "arithmetic/averages"
    released_dips = {
        6: "level 6 mixes in the combined-groups question, four arithmetic steps on stated means and counts "
           "against level 5's pass over a whole list",
        7: "level 7 asks only combined-groups and replaced-value questions, four steps each, no list to sum",
    }
    knobs = (
        Knob("kind", ["mean", ["mean", "median"], ["median", "weighted"], "weighted", ["weighted", "missing"],
                      ["missing", "combined"], ["combined", "replace"], "replace", ["combined", "replace"],
                      ["combined", "replace"]] + [["weighted", "missing"]] * 10,
             choices=KINDS, doc="what is asked"),
        Knob("n_values", [3, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 25, 28, 32], (2, 40),
             doc="values in the list (or groups, for weights)"),
        Knob("decimals", [False] * 4 + [True] * 16, doc="values with one decimal place"),
        Knob("negatives", [False] * 6 + [True] * 14, doc="values may be negative (temperatures)"),
        Knob("value_max", [20, 30, 50, 60, 80, 100, 100, 100, 150, 200, 200, 250, 300, 350, 400, 500, 600, 700, 800,
                           1000], (2, 10**6), doc="largest value"),
    )
    answer_format = "an exact number (an integer, a decimal or a fraction p/q; do not round)"
    example = "-12345678.5"  # every value is at most value_max (10^6) in size: never an answer

    def build(self, rng, params):
        kind, n, top = params["kind"], params["n_values"], params["value_max"]
        neg = params["negatives"] and kind != "combined"  # quiz scores are not negative
        subject = "daily temperatures (in degrees)" if neg else SUBJECTS[rng.randrange(len(SUBJECTS))]

        def value():
            v = Fraction(rng.randint(1, top * (10 if params["decimals"] else 1)), 10 if params["decimals"] else 1)
            return -v if neg and rng.random() < 0.35 else v

        values = [value() for _ in range(n)]
        unit = Fraction(1, 10) if params["decimals"] else Fraction(1)
        if kind == "mean":
            answer = mean(values)
            question = f"The {subject} are: {_list(values)}. What is their mean (average)?"
        elif kind == "median":
            shuffled = list(values)
            rng.shuffle(shuffled)
            answer = median(values)
            question = f"The {subject} are: {_list(shuffled)}. What is their median?"
        elif kind == "weighted":
            weights = [rng.randint(1, 6) for _ in values]
            answer = weighted_mean(values, weights)
            rows = "\n".join(f"- value {decimal_text(v)} with weight {w}" for v, w in zip(values, weights))
            question = (f"A weighted average combines these values with these weights:\n{rows}\n\n"
                        f"What is the weighted mean (the sum of value times weight, divided by the sum of weights)?")
        elif kind == "missing":
            # the list's mean is stated; one value is hidden
            make_mean_nice(values, n - 1, unit, not neg)
            known, hidden = values[:-1], values[-1]
            m = mean(values)
            answer = m * n - sum(known, Fraction(0))
            question = (f"There are {n} {subject} and their mean is {number_text(m)}. {n - 1} of them are: "
                        f"{_list(known)}. What is the remaining one?")
            assert answer == hidden
        elif kind == "combined":
            n2 = rng.randint(2, max(2, n))
            other = [value() for _ in range(n2)]
            make_mean_nice(values, 0, unit, not neg)
            both = values + other
            make_mean_nice(both, n, unit, not neg)
            m1, m_all = mean(values), mean(both)
            answer = (m_all * (n + n2) - m1 * n) / n2
            question = (f"In a quiz, the {n} members of group A have a mean score of {number_text(m1)}. Group B "
                        f"has {n2} members. The mean score over all {n + n2} members of both groups is "
                        f"{number_text(m_all)}. What is the mean score of group B?")
        else:  # replace: one value is swapped for another and the mean changes
            i = rng.randrange(n)
            make_mean_nice(values, (i + 1) % n, unit, not neg)
            old = values[i]
            after = list(values)
            after[i] = value()
            make_mean_nice(after, i, unit, not neg)
            while after[i] == old:
                after[i] += n * unit
            m_before, m_after = mean(values), mean(after)
            answer = m_after * n - (m_before * n - old)
            question = (f"A list of {n} {subject} has mean {number_text(m_before)}. One value, {decimal_text(old)}, "
                        f"is replaced by a new value, and the mean becomes {number_text(m_after)}. What is the new "
                        f"value?")
        return Draft(question, number_text(answer), {"value": [answer.numerator, answer.denominator]})

    def effort(self, problem):
        return average_work(problem.params["kind"], numbers_in(problem.prompt))

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        return grade_amount(answer, Fraction(p, q), "the answer", units=_units(problem.prompt))


def average_work(kind: str, numbers: list[Fraction]) -> int:
    """Digits handled by the reference computation of one question, from the numbers its prompt
    states (in order): sums, products and quotients step by step; a median's sort counts the
    digits of every comparison."""
    tally = Tally()
    if kind == "mean":
        total = tally.total_of(numbers)
        tally.op(total / len(numbers), total, len(numbers))
    elif kind == "median":
        def compare(a, b):
            tally.op((a > b) - (a < b), a, b)
            return (a > b) - (a < b)
        ordered = sorted(numbers, key=functools.cmp_to_key(compare))
        mid = len(ordered) // 2
        if len(ordered) % 2 == 0:
            tally.op((ordered[mid - 1] + ordered[mid]) / 2, ordered[mid - 1], ordered[mid])
    elif kind == "weighted":
        values, weights = numbers[0::2], numbers[1::2]
        products = [tally.op(v * w, v, w) for v, w in zip(values, weights)]
        top, bottom = tally.total_of(products), tally.total_of(weights)
        tally.op(top / bottom, top, bottom)
    elif kind == "missing":
        n, m, known = numbers[0], numbers[1], numbers[3:]
        total = tally.op(m * n, m, n)
        rest = tally.total_of(known)
        tally.op(total - rest, total, rest)
    elif kind == "combined":
        n, m1, n2, n_all, m_all = numbers[:5]
        everyone, group_a = tally.op(m_all * n_all, m_all, n_all), tally.op(m1 * n, m1, n)
        group_b = tally.op(everyone - group_a, everyone, group_a)
        tally.op(group_b / n2, group_b, n2)
    else:  # replace
        n, before, old, after = numbers[:4]
        total_before, total_after = tally.op(before * n, before, n), tally.op(after * n, after, n)
        rest = tally.op(total_before - old, total_before, old)
        tally.op(total_after - rest, total_after, rest)
    return tally.total


def _units(prompt: str) -> tuple[str, ...]:
    """The unit an answer may carry: the one the question's values are in ("(in kg)"), points for
    quiz scores; any of UNITS for a question that names none."""
    m = re.search(r"\(in ([a-z]+)\)", prompt)
    if m:
        return (m.group(1),)
    if "score" in prompt:
        return ("points",)
    return UNITS
