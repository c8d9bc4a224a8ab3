"""The work of a reference computation, for a task's effort measure: every arithmetic step
counts the digits of its operands and of its result, so more steps and longer numbers both
count (schoolbook work).

    tally = Tally()
    total = tally.op(a + b, a, b)      # returns a + b, counting the digits of a, b and a + b
    tally.total
"""
from __future__ import annotations

import re
from fractions import Fraction

from procgym.kit import number_text

NUMBER = re.compile(r"-?\d+(?:\.\d+)?(?:/\d+)?")


def number_digits(value) -> int:
    """Digits of a number as it is written exactly: a decimal when it terminates, else p/q."""
    return sum(ch.isdigit() for ch in number_text(Fraction(value)))


def numbers_in(text: str) -> list[Fraction]:
    """Every number written in a generated text (integers, decimals, p/q), in order. Only ever
    called on a problem's own prompt, never on an answer."""
    out = []
    for token in NUMBER.findall(text):
        whole, _, den = token.partition("/")
        out.append(Fraction(whole) / Fraction(den or 1))
    return out


class Tally:
    """Counts the digits handled by a computation, one `op` per arithmetic step."""

    def __init__(self):
        self.total = 0

    def op(self, result, *operands):
        self.total += sum(number_digits(v) for v in (*operands, result))
        return result

    def total_of(self, values):
        """The sum of values, added one at a time."""
        values = [Fraction(v) for v in values]
        acc = values[0] if values else Fraction(0)
        for v in values[1:]:
            acc = self.op(acc + v, acc, v)
        return acc
