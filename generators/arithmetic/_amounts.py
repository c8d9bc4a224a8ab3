"""Amounts: one exact number, optionally followed by the unit the question asks for or a
percent sign, read strictly and graded exactly.

    read_amount("84 marbles", units=("marbles",))      # Fraction(84)
    read_amount("-3.5 %", percent=True)                # Fraction(-7, 2)
    grade_amount("12.050", Fraction(241, 20))          # right(): any equal exact value
"""
from __future__ import annotations

import re
from fractions import Fraction

from procgym.kit import read_number, refused
from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

_PERCENT = re.compile(r"\s*(\\?%|percent)$", re.IGNORECASE)


def read_amount(answer: str, units=(), percent: bool = False) -> Fraction:
    """An exact rational (see procgym.kit.read_number); a trailing unit is dropped when it is one
    of `units` (any case), and a trailing % or "percent" when `percent`. Anything else after the
    number (another unit, a second number, a word) is refused, and so is a mixed number (1 3/4)."""
    text = answer.strip()
    units = [u for u in units if u]
    if units:
        words = "|".join(re.escape(u) for u in sorted(units, key=len, reverse=True))
        text = re.sub(rf"(?<=[\d.}}])\s*(?:{words})$", "", text, flags=re.IGNORECASE)
    if percent:
        text = _PERCENT.sub("", text)
    return read_number(text)


def grade_amount(answer: str, value, what: str = "the exact value", percent: bool = False, units=()) -> Verdict:
    """An exact rational answer: any equal decimal or fraction (never an approximation)."""
    try:
        given = read_amount(answer, units, percent)
    except ParseError as exc:
        return refused(exc)
    if given == Fraction(value):
        return right()
    if percent and given == -Fraction(value):
        return wrong("The sign is wrong: an increase is positive and a decrease negative.")
    return wrong(f"That is not {what}.")
