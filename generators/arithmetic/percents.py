"""Percentages and ratios: successive percent changes, and sharing a quantity in a ratio."""
from __future__ import annotations

import math
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import decimal_text

from ._amounts import grade_amount

ITEMS = ("a bicycle", "a jacket", "a painting", "a used car", "a laptop", "a sofa", "a guitar", "a watch",
         "a tent", "a camera", "a rug", "a lamp")
ASKS = ("final", "overall", "original")
GIVENS = ("total", "difference", "transfer")
NAMES = ("Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena", "Milo", "Nia")
THINGS = ("marbles", "stickers", "coins", "stamps", "shells", "cards", "beads", "tokens")


# ---------------------------------------------------------------- percent change

def _percent_text(p: Fraction) -> str:
    return decimal_text(p) + "%"


def _change_text(rng, p: Fraction, varied: bool) -> str:
    """A percent change p (positive: increase) in words."""
    up = p > 0
    a = _percent_text(abs(p))
    if not varied:
        return f"{'increases' if up else 'decreases'} by {a}"
    whole = _percent_text(100 + p)
    options = ([f"increases by {a}", f"is raised by {a}", f"goes up {a}", f"rises to {whole} of its value"] if up else
               [f"decreases by {a}", f"is marked down by {a}", f"drops {a}", f"falls to {whole} of its value"])
    return options[rng.randrange(len(options))]


def apply_changes(start: Fraction, changes) -> Fraction:
    """The value after successive percent changes (each relative to the value just before it)."""
    value = Fraction(start)
    for p in changes:
        value += value * Fraction(p) / 100
    return value


@register
class PercentChange(Task):
    """A price goes through successive percent changes. Depending on the level, find the final
    price, the overall percent change (which is not the sum of the changes), or the original
    price from the final one (undoing each change by division, not by subtracting percents).
    Higher levels add changes, fractional percents and varied phrasing ("falls to 85% of its
    value"). Answers are exact: any equal decimal or fraction is accepted, no rounding."""

    name = "arithmetic/percent_change"
    knobs = (
        Knob("n_changes", [1, 2, 2, 3, 3, 4, 5, 6, 7, 8], (1, 12), doc="successive percent changes"),
        Knob("ask", ["final", "final", "final", ["final", "overall"], list(ASKS), ["overall", "original"],
                     "original", ["overall", "original"], ["overall", "original"], ["overall", "original"]],
             choices=ASKS, doc="what is asked: the final price, the overall percent change, or the original price"),
        Knob("fine_percents", [False, False, False, False, True, True, True, True, True, True],
             doc="percents with a decimal part, such as 12.5%"),
        Knob("varied", [False, False, True, True, True, True, True, True, True, True],
             doc="varied phrasing of the changes (rises to 120% of its value, is marked down by 15%)"),
    )
    answer_format = "an exact number (a decimal or a fraction p/q; do not round)"
    example = "-1234.56"  # a price stays positive: never an answer

    def build(self, rng, params):
        ask, fine = params["ask"], params["fine_percents"]
        for _ in range(100):
            start = Fraction(rng.randint(2, 200) * rng.choice([1, 5, 10]))
            changes = []
            for _ in range(params["n_changes"]):
                up = rng.random() < 0.55
                if fine:
                    p = Fraction(rng.randint(5, 500 if up else 450), 10)
                else:
                    p = Fraction(rng.randint(1, 60 if up else 50))
                if fine and rng.random() < 0.4:
                    p = Fraction(round(p * 2), 2)
                changes.append(p if up else -p)
            final = apply_changes(start, changes)
            if final != start and all(changes):
                break
        item = ITEMS[rng.randrange(len(ITEMS))]
        steps = [_change_text(rng, p, params["varied"]) for p in changes]
        if len(steps) == 1:
            story = f"it {steps[0]}."
        else:
            story = "it " + ", then it ".join(steps[:-1]) + f", and finally it {steps[-1]}."
        note = " Each change applies to the price just before it." if len(steps) > 1 else ""
        if ask == "original":
            question = (f"The price of {item} changes: {story}{note} After these changes the price is "
                        f"${decimal_text(final)}. What was the price before the changes, in dollars?")
            value = final
            for p in reversed(changes):
                value = value / (1 + Fraction(p) / 100)
            draft = Draft(question, decimal_text(value), {"value": [value.numerator, value.denominator]})
        else:
            head = f"The price of {item} starts at ${decimal_text(start)}. Then {story}{note}"
            if ask == "final":
                question = f"{head} What is the final price, in dollars?"
                value = final
                draft = Draft(question, decimal_text(value), {"value": [value.numerator, value.denominator]})
            else:
                question = (f"{head} By what percent has the price changed overall, compared with the starting "
                            f"price?")
                value = (final / start - 1) * 100
                draft = Draft(question, decimal_text(value), {"value": [value.numerator, value.denominator],
                                                              "percent": True},
                              answer_format=("the overall change in percent as an exact number, positive for an "
                                             "increase and negative for a decrease (a % sign is optional; do not "
                                             "round)"),
                              example="-150")  # a price never falls below zero: never an answer
        return draft

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        percent = problem.check.get("percent", False)
        return grade_amount(answer, Fraction(p, q), "the overall percent change" if percent else "the price",
                           percent=percent, units=() if percent else ("dollars", "dollar", "USD"))


# ---------------------------------------------------------------- ratio split

def combine_links(links) -> list[int]:
    """Smallest whole parts x0:x1:...:xn from consecutive ratios x_i : x_(i+1) = u : v."""
    parts = [links[0][0], links[0][1]]
    for u, v in links[1:]:
        last = parts[-1]
        m = math.lcm(last, u)
        parts = [x * (m // last) for x in parts]
        parts.append(v * (m // u))
    g = math.gcd(*parts)
    return [x // g for x in parts]


def _ratio(parts) -> str:
    return ":".join(str(x) for x in parts)


@register
class RatioSplit(Task):
    """People share a quantity in a given ratio; find one person's share. What is known about
    the quantity varies by level: the total, the difference between two shares, or the ratio
    after one person gives some to another (which needs an equation). Higher levels add people
    and state the ratio as a chain of pairwise ratios (A:B and B:C) that must be combined first."""

    name = "arithmetic/ratio_split"
    knobs = (
        Knob("n_people", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5], (2, 8), doc="people sharing"),
        Knob("given", ["total", "total", "total", "difference", ["total", "difference"], "transfer",
                       ["difference", "transfer"], "transfer", "transfer", "transfer"], choices=GIVENS,
             doc="what is known: the total, a difference of two shares, or the ratio after a transfer"),
        Knob("chained", [False, False, False, False, True, False, True, True, True, True],
             doc="the ratio is given as pairwise ratios between neighbours"),
        Knob("part_max", [5, 6, 7, 8, 9, 10, 12, 13, 15, 18], (2, 100), doc="largest part of a pairwise ratio"),
    )
    answer_format = "an exact number"
    example = "-84"  # shares are positive: never an answer

    def build(self, rng, params):
        n, top, given = params["n_people"], params["part_max"], params["given"]
        names = rng.sample(NAMES, n)
        thing = THINGS[rng.randrange(len(THINGS))]
        for _ in range(200):
            links = [(rng.randint(1, top), rng.randint(1, top)) for _ in range(n - 1)]
            links = [(u // math.gcd(u, v), v // math.gcd(u, v)) for u, v in links]
            parts = combine_links(links)
            if max(parts) <= 60 and len(set(parts)) > 1:
                break
        k = rng.randint(2, 12)
        amounts = [x * k for x in parts]
        ask = rng.randrange(n)
        if params["chained"]:
            ratio = ", and ".join(f"the ratio of {names[i]}'s {thing} to {names[i + 1]}'s is {_ratio(links[i])}"
                                  for i in range(n - 1))
            setup = f"{', '.join(names[:-1])} and {names[-1]} have some {thing}: {ratio}."
        else:
            setup = (f"{', '.join(names[:-1])} and {names[-1]} have {thing} in the ratio {_ratio(parts)} "
                     f"(in that order).")
        # facts stated from `amounts`; the answer is recomputed from the facts alone
        unit_parts = combine_links(links)
        if given == "total":
            total = sum(amounts)
            fact = f" Together they have {total} {thing}."
            unit = Fraction(total, sum(unit_parts))
        elif given == "difference":
            i, j = rng.sample(range(n), 2)
            while parts[i] == parts[j]:
                i, j = rng.sample(range(n), 2)
            if amounts[i] < amounts[j]:
                i, j = j, i
            diff = amounts[i] - amounts[j]
            fact = f" {names[i]} has {diff} more {thing} than {names[j]}."
            unit = Fraction(diff, unit_parts[i] - unit_parts[j])
        else:
            i, j = rng.sample(range(n), 2)
            t = rng.randint(1, amounts[i] - 1)  # amounts are at least 2: k >= 2
            new_i, new_j = amounts[i] - t, amounts[j] + t
            g = math.gcd(new_i, new_j)
            p, q = new_i // g, new_j // g
            fact = (f" Then {names[i]} gives {t} {thing} to {names[j]}, and afterwards the ratio of "
                    f"{names[i]}'s {thing} to {names[j]}'s is {p}:{q}.")
            # (a*u - t) / (b*u + t) = p / q  =>  u = t (p + q) / (a q - p b)
            unit = Fraction(t * (p + q), unit_parts[i] * q - p * unit_parts[j])
        when = " at the start" if given == "transfer" else ""
        question = f"{setup}{fact} How many {thing} does {names[ask]} have{when}?"
        value = unit * unit_parts[ask]
        return Draft(question, str(value) if value.denominator == 1 else f"{value.numerator}/{value.denominator}",
                     {"value": [value.numerator, value.denominator], "thing": thing})

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        return grade_amount(answer, Fraction(p, q), "the share", units=(problem.check.get("thing", ""),))
