"""Amounts as a model writes them for a money figure or a table value: an optional sign and an
optional "$" in front of an exact number (`1520.75`, `1,520.75`, `-$73.55`, `$2.50`, `5/2`).

    read_amount("-$1,234.50")          # Fraction(-2469, 2)
    grade_money("1,905", 190500)       # right: 1905.00
"""
from __future__ import annotations

import re
from fractions import Fraction

from procgym.kit import NotAnAnswer, preview, read_number, refused
from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

_CURRENCY = re.compile(r"([+-]?)\s*\\?\$\s*(.*)", re.S)  # "$" or LaTeX's "\$"


def read_amount(text: str) -> Fraction:
    """One exact number (see `procgym.kit.read_number`) with an optional "$" (or LaTeX's "\\$")
    in front, before or after the sign (`-$73.55`, `$-73.55`); two signs are refused."""
    m = _CURRENCY.fullmatch(text.strip())
    if m:
        sign, rest = m.groups()
        if sign and rest[:1] in ("+", "-"):
            raise NotAnAnswer(f"{preview(text)} has two signs")
        text = sign + rest
    return read_number(text)


def grade_amount(answer: str, value, what: str = "the answer") -> Verdict:
    """An exact value in any form `read_amount` reads."""
    try:
        given = read_amount(answer)
    except ParseError as exc:
        return refused(exc)
    return right() if given == Fraction(value) else wrong(f"That is not {what}.")


def grade_money(answer: str, cents: int, what: str = "the amount") -> Verdict:
    """A money amount compared in cents: 1234.50, 1,234.50, $1234.5 and 1234.500 are all 123450
    cents; an amount with a fraction of a cent is wrong."""
    try:
        given = read_amount(answer)
    except ParseError as exc:
        return refused(exc)
    return right() if given * 100 == cents else wrong(f"That is not {what}.")
