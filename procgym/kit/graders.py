"""Graders: read an answer with a strict reader and compare it with the reference, as a Verdict.

Each grader returns `right()` or `wrong(feedback)`; a refused reading becomes
"Not an answer: <reason>." so the agent learns what to fix. Typical use in a task's `grade`:

    return grade_number(answer, Fraction(*problem.check["value"]), decimals=False)
    return grade_expression(answer, problem.answer, ["x"])
    return grade_set(answer, problem.check["nodes"], read_token)
    return grade_assignment(answer, {"x": Fraction(1, 2), "y": 3}, read_number)

Where several answers are valid (paths, colourings, schedules) a task checks constraints itself
after reading with `procgym.kit.readers`; these graders are for answers with one right value.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable

from procgym.parsing import ParseError, equivalent
from procgym.verdict import Verdict, right, wrong

from .readers import (is_none, read_expression, read_grid, read_int, read_labelled, read_list, read_number,
                      read_set, read_value)


def refused(exc: Exception) -> Verdict:
    """The verdict for an answer a reader refused."""
    reason = str(exc).rstrip(".")
    return wrong(f"Not an answer: {reason}.")


def _graded(read: Callable[[], object], ok: Callable[[object], bool], what: str) -> Verdict:
    try:
        given = read()
    except ParseError as exc:
        return refused(exc)
    return right() if ok(given) else wrong(f"That is not {what}.")


def grade_int(answer: str, value: int, what: str = "the answer", name: str | None = None) -> Verdict:
    """One exact integer (`name = value` accepted when `name` is given)."""
    return _graded(lambda: read_value(answer, read_int, name), lambda v: v == value, what)


def grade_number(answer: str, value, what: str = "the exact value", decimals: bool = True,
                 tolerance: float | None = None, name: str | None = None) -> Verdict:
    """One exact rational, any equal form (`3/4`, `6/8`, `0.75` when `decimals`); with
    `tolerance`, a relative tolerance on the value instead of equality."""
    target = Fraction(value)
    if tolerance is None:
        ok = lambda v: v == target  # noqa: E731
    else:
        ok = lambda v: abs(v - target) <= tolerance * max(1, abs(target))  # noqa: E731
    return _graded(lambda: read_value(answer, lambda t: read_number(t, decimals), name), ok, what)


def grade_fraction(answer: str, value, what: str = "the fraction", reduced: bool = True) -> Verdict:
    """A fraction p/q; when `reduced`, an unreduced form (6/8) is refused with a reason."""
    try:
        given = read_number(answer, decimals=False)
    except ParseError as exc:
        return refused(exc)
    if given != Fraction(value):
        return wrong(f"That is not {what}.")
    if reduced and "/" in answer:
        import re

        m = re.fullmatch(r"\s*([+-]?)\s*\(?\s*([+-]?\d+)\s*\)?\s*/\s*\(?\s*([+-]?\d+)\s*\)?\s*", answer)
        if m and Fraction(int(m.group(2)), int(m.group(3))).numerator != abs(int(m.group(2))):
            return wrong("The value is right but the fraction is not in lowest terms.")
    return right()


def grade_expression(answer: str, expected: str, variables=("x",), what: str = "equivalent to the answer") -> Verdict:
    """A symbolic answer equivalent to `expected` (our own text, read the same way): exact
    identity where it can be decided, otherwise probing at points drawn from a hash of both sides."""
    try:
        given = read_expression(answer, variables)
    except ParseError as exc:
        return refused(exc)
    target = read_expression(expected, variables)
    return right() if equivalent(given, target) else wrong(f"That expression is not {what}.")


def grade_set(answer: str, expected: Iterable, item: Callable = str, what: str = "the right set",
              allow_none: bool = True) -> Verdict:
    """An unordered collection without repeats; "none" is the empty set when `allow_none`."""
    expected = set(expected)
    try:
        given = read_set(answer, item, allow_none=allow_none)
    except ParseError as exc:
        return refused(exc)
    if given == expected:
        return right()
    if not expected:
        return wrong("There is none: the answer is the empty set.")
    if not given:
        return wrong(f"There are some: give {what}.")
    return wrong(f"That is not {what}.")


def grade_list(answer: str, expected: list, item: Callable = str, what: str = "the right list") -> Verdict:
    """An ordered list, compared item by item."""
    try:
        given = read_list(answer, item)
    except ParseError as exc:
        return refused(exc)
    if len(given) != len(expected):
        return wrong(f"The list must have {len(expected)} items, got {len(given)}.")
    return right() if list(given) == list(expected) else wrong(f"That is not {what}.")


grade_sequence = grade_list  # a sequence is an ordered list; one name for readers who look for it


def grade_assignment(answer: str, expected: dict, item: Callable = str, what: str = "the right values",
                     case: bool = False) -> Verdict:
    """Values by name, in any order, every name required: `y = 2, x = 1`."""
    try:
        given = read_labelled(answer, list(expected), item, case=case)
    except ParseError as exc:
        return refused(exc)
    bad = [name for name in expected if given[name] != expected[name]]
    return right() if not bad else wrong(f"The value of {bad[0]} is wrong.")


def grade_grid(answer: str, expected: list[list[str]], cell: str = r"\S", separators: str | None = None,
               what: str = "the solution") -> Verdict:
    """A grid compared cell by cell (rows of single characters, or split on `separators`)."""
    try:
        given = read_grid(answer, len(expected), len(expected[0]) if expected else None, cell, separators)
    except ParseError as exc:
        return refused(exc)
    return right() if given == [list(map(str, row)) for row in expected] else wrong(f"That is not {what}.")


def grade_none(answer: str, expected_none: bool) -> Verdict | None:
    """For answers that may be "none": a verdict when either side is "none", else None (go on)."""
    if is_none(answer):
        return right() if expected_none else wrong("There is an answer: give it.")
    if expected_none:
        return wrong('There is none: answer "none".')
    return None
