"""Percentages and ratios: successive percent changes, and sharing a quantity in a ratio."""
from __future__ import annotations

import math
import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import decimal_text

from ._amounts import grade_amount
from ._work import Tally, numbers_in

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
        Knob("n_changes", [1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], (1, 30),
             doc="successive percent changes"),
        Knob("ask", ["final", "final", "final", ["final", "overall"], list(ASKS), ["overall", "original"],
                     "original"] + [["overall", "original"]] * 13,
             choices=ASKS, doc="what is asked: the final price, the overall percent change, or the original price"),
        Knob("fine_percents", [False] * 4 + [True] * 16, doc="percents with a decimal part, such as 12.5%"),
        Knob("varied", [False, False] + [True] * 18,
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

    def effort(self, problem):
        return percent_work(problem.prompt, problem.params["ask"])

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        percent = problem.check.get("percent", False)
        return grade_amount(answer, Fraction(p, q), "the overall percent change" if percent else "the price",
                           percent=percent, units=() if percent else ("dollars", "dollar", "USD"))


_CHANGE = re.compile(r"(increases by|is raised by|goes up|rises to|decreases by|is marked down by|drops|falls to) "
                     r"([\d.]+)%")
_PRICE = re.compile(r"(?:starts at|the price is) \$([\d.]+)")


def percent_work(prompt: str, ask: str) -> int:
    """Digits handled by the reference: each change's factor (100 + p)/100 is formed (given
    directly by "rises to 120% of its value") and multiplies the running price, or divides it
    when undoing the changes from the final price; the overall change needs two steps more."""
    tally = Tally()
    factors = []
    for verb, amount in _CHANGE.findall(prompt):
        p = numbers_in(amount)[0]
        if verb in ("rises to", "falls to"):
            factors.append(p / 100)
        else:
            signed = p if verb in ("increases by", "is raised by", "goes up") else -p
            factors.append(tally.op((100 + signed) / 100, 100, signed))
    price = numbers_in(_PRICE.search(prompt).group(1))[0]
    value = price
    for f in (reversed(factors) if ask == "original" else factors):
        value = tally.op(value / f if ask == "original" else value * f, value, f)
    if ask == "overall":
        ratio = tally.op(value / price, value, price)
        tally.op((ratio - 1) * 100, ratio)
    return tally.total


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
    released_dips = {4: "level 4 gives a difference of two shares, one subtraction of parts where level 3 sums all "
                        "of them"}
    knobs = (
        Knob("n_people", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 8), doc="people sharing"),
        Knob("given", ["total", "total", "total", "difference", ["total", "difference"], "transfer",
                       ["difference", "transfer"]] + ["transfer"] * 13, choices=GIVENS,
             doc="what is known: the total, a difference of two shares, or the ratio after a transfer"),
        Knob("chained", [False, False, False, False, True, False] + [True] * 14,
             doc="the ratio is given as pairwise ratios between neighbours"),
        Knob("part_max", [5, 6, 7, 8, 9, 10, 12, 13, 15, 18, 20, 20, 22, 24, 24, 26, 28, 28, 30, 32], (2, 100),
             doc="largest part of a pairwise ratio"),
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

    def effort(self, problem):
        return ratio_work(problem.prompt)

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        return grade_amount(answer, Fraction(p, q), "the share", units=(problem.check.get("thing", ""),))


def ratio_work(prompt: str) -> int:
    """Digits handled by the reference, from the prompt: pairwise ratios combined into one (a
    least common multiple and a rescaling of every part so far per link), then the value of one
    part from the stated fact (a sum of the parts, a difference, or the transfer equation
    u = t (p + q) / (a q - p b)), then the share asked for."""
    tally = Tally()
    people = re.match(r"(.+?) have ", prompt).group(1)
    names = people.replace(" and ", ", ").split(", ")
    links = [tuple(int(v) for v in m) for m in re.findall(r"is (\d+):(\d+)(?:, and|\.)", prompt.split(" Then ")[0])]
    if "in the ratio" in prompt:
        parts = [int(v) for v in re.search(r"in the ratio ([\d:]+)", prompt).group(1).split(":")]
    else:
        parts = list(links[0])
        for u, v in links[1:]:
            last = parts[-1]
            m = tally.op(math.lcm(last, u), last, u)
            parts = [tally.op(x * (m // last), x, m // last) for x in parts] + [tally.op(v * (m // u), v, m // u)]
    ask = names.index(re.search(r"How many \w+ does (\w+) have", prompt).group(1))
    if m := re.search(r"Together they have (\d+)", prompt):
        total = int(m.group(1))
        whole = tally.total_of(parts)
        unit = tally.op(Fraction(total, whole), total, whole)
    elif m := re.search(r"(\w+) has (\d+) more \w+ than (\w+)\.", prompt):
        i, diff, j = names.index(m.group(1)), int(m.group(2)), names.index(m.group(3))
        gap = tally.op(parts[i] - parts[j], parts[i], parts[j])
        unit = tally.op(Fraction(diff, gap), diff, gap)
    else:
        m = re.search(r"Then (\w+) gives (\d+) \w+ to (\w+), .* is (\d+):(\d+)\.", prompt)
        i, j = names.index(m.group(1)), names.index(m.group(3))
        t, p, q = int(m.group(2)), int(m.group(4)), int(m.group(5))
        top = tally.op(t * tally.op(p + q, p, q), t, p + q)
        bottom = tally.op(tally.op(parts[i] * q, parts[i], q) - tally.op(p * parts[j], p, parts[j]),
                          parts[i] * q, p * parts[j])
        unit = tally.op(Fraction(top, bottom), top, bottom)
    tally.op(unit * parts[ask], unit, parts[ask])
    return tally.total
