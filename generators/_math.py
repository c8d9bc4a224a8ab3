"""Helpers shared by the math task families: rendering exact values and grading common answer kinds.

    frac_text(Fraction(3, 4))                 # "3/4"
    expr_text(x**2 + 3*x)                      # "x^2 + 3*x"
    grade_number(answer, Fraction(3, 4))       # accepts 3/4, 6/8, 0.75, \\frac{3}{4}
    grade_expression(answer, "2*x + 3", ["x"]) # any equivalent expression
"""
from __future__ import annotations

from fractions import Fraction

import sympy

from procgym.parsing import ParseError, equivalent, parse_expression, parse_int, parse_list, parse_number
from procgym.verdict import Verdict, right, wrong


def frac_text(value) -> str:
    """An exact rational as "p/q" (or "n" when it is an integer)."""
    value = Fraction(value)
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def frac_json(value) -> list[int]:
    """A Fraction as JSON: [numerator, denominator]."""
    value = Fraction(value)
    return [value.numerator, value.denominator]


def expr_text(expr) -> str:
    """A sympy expression as plain text with ^ for powers, readable by parse_expression."""
    return sympy.sstr(expr, order="lex").replace("**", "^")


def grade_int(answer: str, value: int, what: str = "the answer") -> Verdict:
    """An exact integer answer."""
    try:
        given = parse_int(answer)
    except ParseError as exc:
        return wrong(f"{exc}.")
    return right() if given == value else wrong(f"That is not {what}.")


def grade_number(answer: str, value, what: str = "the exact value", decimals: bool = True) -> Verdict:
    """An exact rational answer: any equivalent fraction, and finite decimals when `decimals`."""
    try:
        given = parse_number(answer)
    except ParseError as exc:
        return wrong(f"{exc}.")
    if not decimals and "." in answer:
        return wrong("Give an exact fraction, not a decimal.")
    return right() if given == Fraction(value) else wrong(f"That is not {what}.")


def grade_number_set(answer: str, values, what: str = "the solutions") -> Verdict:
    """A set of exact rationals, comma-separated, in any order; "none" for the empty set."""
    expected = {Fraction(v) for v in values}
    text = answer.strip().lower()
    if text in ("none", "no solution", "no solutions", "{}", "empty", "\u2205"):
        return right() if not expected else wrong(f"There are solutions: give {what}.")
    try:
        given = [parse_number(item) for item in parse_list(answer)]
    except ParseError as exc:
        return wrong(f"{exc}.")
    if len(given) != len(set(given)):
        return wrong("A value is listed twice.")
    return right() if set(given) == expected else wrong(f"Those are not {what}.")


def grade_expression(answer: str, expected: str, variables=("x",), what: str = "equivalent to the answer") -> Verdict:
    """A symbolic answer: any expression equivalent to `expected` (our own text, parsed the same way)."""
    try:
        given = parse_expression(answer, variables)
    except ParseError as exc:
        return wrong(f"{exc}.")
    target = parse_expression(expected, variables)
    return right() if equivalent(given, target) else wrong(f"That expression is not {what}.")
