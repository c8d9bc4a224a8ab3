"""Helpers shared by the probability tasks: exact answers, grading fractions, phrasing, and an exact
linear solver.

    grade_fraction("3/8", {"value": [3, 8]})              # right()
    grade_fraction("6/16", {"value": [3, 8]})             # wrong: not in lowest terms
    grade_fraction("0.375", {"value": [3, 8], "decimals": True})   # right(): the prompt allowed decimals
    solve_linear([[2, 1], [1, 3]], [3, 5])                # [Fraction(4, 5), Fraction(7, 5)]
"""
from __future__ import annotations

import re
from collections import defaultdict
from fractions import Fraction
from math import gcd

from procgym.parsing import ParseError, clean, parse_number
from procgym.verdict import Verdict, right, wrong

from .._math import frac_text

PROB_FORMAT = "a fraction p/q in lowest terms (exact; not a decimal)"
PROB_EXAMPLE = "5/12"
EXACT_FORMAT = "an exact number: an integer or a fraction p/q in lowest terms (not a decimal)"
EXACT_DECIMAL_FORMAT = ("an exact number: an integer, a fraction p/q in lowest terms, or a terminating decimal "
                        "equal to the exact value (do not round)")

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Ken", "Liam",
         "Mona", "Nina", "Omar", "Peggy", "Quinn", "Rita", "Sam", "Tara", "Uma", "Victor", "Wendy", "Yusuf"]
COLOURS = ["red", "blue", "green", "yellow", "white", "black", "orange", "purple"]
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve"]
ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth"]

_FRACTION_FORM = re.compile(r"[+-]?(?:\\[dt]?frac\{([+-]?\d+)\}\{([+-]?\d+)\}|([+-]?\d+)/([+-]?\d+))")
_INTEGER_FORM = re.compile(r"[+-]?\d{1,3}(?:,\d{3})+|[+-]?\d+")


def word(n: int) -> str:
    """'three' for small numbers, digits otherwise."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def ordinal(n: int) -> str:
    return ORDINALS[n] if 0 <= n < len(ORDINALS) else f"{n}th"


def plural(n: int, one: str, many: str | None = None) -> str:
    return one if n == 1 else (many or one + "s")


def and_list(items, conj: str = "and") -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"


def fraction_check(value, decimals: bool = False, **extra) -> dict:
    """The JSON check of an exact answer: {"value": [p, q], "decimals": bool, ...}."""
    value = Fraction(value)
    return {"value": [value.numerator, value.denominator], "decimals": decimals, **extra}


def is_terminating(value) -> bool:
    q = Fraction(value).denominator
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def decimal_text(value) -> str:
    """A terminating rational as an exact decimal (12.05, -0.125, 7)."""
    value = Fraction(value)
    if not is_terminating(value):
        raise ValueError(f"{value} has no finite decimal expansion")
    sign = "-" if value < 0 else ""
    value = abs(value)
    places = 0
    while (value * 10 ** places).denominator != 1:
        places += 1
    digits = str((value * 10 ** places).numerator).rjust(places + 1, "0")
    return sign + (digits if places == 0 else f"{digits[:-places]}.{digits[-places:]}")


def percent_text(value) -> str:
    """A probability as a percentage with an exact terminating decimal: 0.025 -> '2.5%'."""
    return decimal_text(Fraction(value) * 100) + "%"


def answer_form(text: str) -> str:
    """How an already-parsed number was written: 'fraction', 'integer' or 'decimal'."""
    s = clean(text).replace(" ", "").rstrip(".")
    if _FRACTION_FORM.fullmatch(s):
        return "fraction"
    if _INTEGER_FORM.fullmatch(s):
        return "integer"
    return "decimal"


def grade_fraction(answer: str, check: dict, what: str = "the exact answer") -> Verdict:
    """An exact rational answer that must equal check["value"]: fractions must be in lowest terms;
    decimals are accepted only when check["decimals"] (the prompt said so) and then only exact ones."""
    p, q = check["value"]
    value = Fraction(p, q)
    try:
        given = parse_number(answer)
    except ParseError as exc:
        return wrong(f"{exc}.")
    if given != value:
        return wrong(f"That is not {what}.")
    form = answer_form(answer)
    if form == "decimal" and not check.get("decimals", False):
        return wrong("Give the exact value as a fraction p/q, not a decimal.")
    if form == "fraction":
        m = _FRACTION_FORM.fullmatch(clean(answer).replace(" ", "").rstrip("."))
        num, den = (int(g) for g in (m.groups()[:2] if m.group(1) is not None else m.groups()[2:]))
        if gcd(num, den) != 1:
            return wrong("The fraction is not in lowest terms.")
    return right()


def exact_text(value) -> str:
    return frac_text(Fraction(value))


def prob_text(value) -> str:
    """A probability as it is stated in a prompt: '1/3', '3/4'."""
    return frac_text(Fraction(value))


def solve_linear(a, b) -> list[Fraction] | None:
    """The unique solution of a x = b (square, rational entries) by fraction-free Gauss-Jordan
    elimination on integer rows (each row scaled to integers and kept divided by its gcd), or None
    when the system is singular."""
    n = len(a)
    m = []
    for row, y in zip(a, b):
        vals = list(row) + [y]
        if all(type(v) is int for v in vals):
            m.append(vals)
            continue
        vals = [Fraction(v) for v in vals]
        den = 1
        for v in vals:
            den = den * v.denominator // gcd(den, v.denominator)
        m.append([v.numerator * (den // v.denominator) for v in vals])
    for col in range(n):
        pivot = next((r for r in range(col, n) if m[r][col] != 0), None)
        if pivot is None:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        prow = m[col]
        pv = prow[col]
        for r in range(n):
            if r != col and m[r][col] != 0:
                f = m[r][col]
                row = [x * pv - f * y for x, y in zip(m[r], prow)]
                g = 0
                for x in row:
                    g = gcd(g, x)
                m[r] = [x // g for x in row] if g > 1 else row
    return [Fraction(m[i][n], m[i][i]) for i in range(n)]


class Space:
    """A finite probability space for fast exact event algebra: outcomes with positive integer
    weights, grouped by weight, an event being one bitmask per weight group. Then
    P(A | B) = sum_w w * |A and B in group w| / sum_w w * |B in group w|, with no loop over outcomes.

        space = Space([((1, 1), 1), ((1, 2), 2), ((2, 2), 1)])
        even = space.event(lambda o: sum(o) % 2 == 0, key="even")
        space.probability(even)                      # Fraction(1, 2)
    """

    def __init__(self, items):
        groups: dict = defaultdict(list)
        for outcome, weight in items:
            if weight:
                groups[weight].append(outcome)
        self.weights = sorted(groups)
        self.groups = [groups[w] for w in self.weights]
        self.full = tuple((1 << len(g)) - 1 for g in self.groups)
        self._cache: dict = {}

    def event(self, predicate, key=None) -> tuple:
        """The masks of the outcomes where predicate holds (cached under `key` when given)."""
        if key is not None and key in self._cache:
            return self._cache[key]
        masks = tuple(int("".join("1" if predicate(o) else "0" for o in reversed(g)), 2) for g in self.groups)
        if key is not None:
            self._cache[key] = masks
        return masks

    def measure(self, masks) -> int:
        return sum(w * m.bit_count() for w, m in zip(self.weights, masks))

    @staticmethod
    def combine(join: str, events) -> tuple:
        """'all' (and), 'any' (or) or 'one' (exactly one) of several events."""
        events = list(events)
        out = []
        for parts in zip(*events):
            if join == "all":
                m = -1
                for x in parts:
                    m &= x
            elif join == "any":
                m = 0
                for x in parts:
                    m |= x
            else:
                ones = twos = 0
                for x in parts:
                    twos |= ones & x
                    ones ^= x
                m = ones & ~twos
            out.append(m)
        return tuple(out)

    def probability(self, event, given=None) -> Fraction:
        """P(event | given) (given None: unconditional); Fraction(-1) when P(given) = 0."""
        given = self.full if given is None else given
        den = self.measure(given)
        if den == 0:
            return Fraction(-1)
        return Fraction(self.measure(tuple(a & b for a, b in zip(event, given))), den)
