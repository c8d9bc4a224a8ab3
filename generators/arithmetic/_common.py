"""Helpers shared by the arithmetic task families: exact decimals and grading exact numbers.

    decimal_text(Fraction(-241, 20))     # "-12.05"
    number_text(Fraction(1, 3))           # "1/3" (not a terminating decimal)
    grade_exact("12.050", Fraction(241, 20))   # right(): any equal exact value
"""
from __future__ import annotations

import re
from fractions import Fraction

from procgym.parsing import ParseError, parse_number
from procgym.verdict import Verdict, right, wrong

_MIXED = re.compile(r"\d\s+\d+\s*/|\d\s*\\[dt]?frac")  # "1 3/4", "1\frac{3}{4}": mixed numbers
_PERCENT = re.compile(r"\s*(\\?%|percent)\s*$", re.IGNORECASE)


def is_terminating(value) -> bool:
    """Whether a rational has a finite decimal expansion (its denominator is 2^a 5^b)."""
    q = Fraction(value).denominator
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def decimal_text(value) -> str:
    """A terminating rational as an exact decimal: 12.05, -0.125, 7 (no trailing zeros)."""
    value = Fraction(value)
    if not is_terminating(value):
        raise ValueError(f"{value} has no finite decimal expansion")
    sign = "-" if value < 0 else ""
    value = abs(value)
    places = 0
    while (value * 10 ** places).denominator != 1:
        places += 1
    digits = str((value * 10 ** places).numerator).rjust(places + 1, "0")
    if places == 0:
        return sign + digits
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def number_text(value) -> str:
    """An exact decimal when the value terminates, otherwise a reduced fraction p/q."""
    value = Fraction(value)
    if is_terminating(value):
        return decimal_text(value)
    return f"{value.numerator}/{value.denominator}"


def parse_exact(answer: str, percent: bool = False, units=()) -> Fraction:
    """An exact rational from an answer (see parse_number); a trailing % is dropped when `percent`,
    and a trailing unit word when it is one of `units` ("84 marbles", "12.5 kg").

    Mixed numbers ("1 3/4") are refused rather than misread.
    """
    text = answer.strip()
    units = [u for u in units if u]
    if units:
        words = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
        text = re.sub(rf"(?<=[\d.}}])\s*({words})\.?$", "", text, flags=re.IGNORECASE)
    if percent:
        text = _PERCENT.sub("", text)
    if _MIXED.search(text):
        raise ParseError("write a single fraction p/q or a decimal, not a mixed number")
    return parse_number(text)


def grade_exact(answer: str, value, what: str = "the exact value", percent: bool = False, units=()) -> Verdict:
    """An exact rational answer: any equal decimal or fraction (never an approximation)."""
    try:
        given = parse_exact(answer, percent, units)
    except ParseError as exc:
        return wrong(f"Give one exact number: {exc}.")
    if given == Fraction(value):
        return right()
    if percent and given == -Fraction(value):
        return wrong("The sign is wrong: an increase is positive and a decrease negative.")
    return wrong(f"That is not {what}.")
