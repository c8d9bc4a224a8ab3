"""More helpers for the data_structures families (tries, range queries, monotonic stacks and
deques, linked lists, AVL trees): grading an integer-list answer, and reading integers that may
be labelled by their query number (linear scans and bounded parsers only).

    grade_int_list("3, 0, 5", [3, 0, 5], "query answers")   # right()
    read_labelled_ints("1: 3, 2: 0", 2)                      # [3, 0]
"""
from __future__ import annotations

import re

from procgym.parsing import ParseError, parse_int
from procgym.verdict import Verdict, right, wrong

from ._common import count_hint, is_empty, split_items, strip_brackets

_LABELLED = re.compile(r"(?:q(?:uery)?\s*)?#?\s*(\d{1,3})\s*[:=)]\s*([+-]?\d{1,12})", re.IGNORECASE)
_LEFTOVER = re.compile(r"[\s,;]*")
_LEAD_LABEL = re.compile(r"^\s*(?:answers?|results?|outputs?|values?|final\s+list|list|array|traversal)\s*[:=]\s*",
                         re.IGNORECASE)


def read_labelled_ints(text: str, n: int) -> list[int]:
    """Integers as a plain list ("3, 0, 5", "[3 0 5]") or labelled by position ("1: 3, 2: 0",
    "Q1=3; Q2=0") in any order; a leading "answers:" label is dropped."""
    s = strip_brackets(_LEAD_LABEL.sub("", text.strip().rstrip("."), count=1))
    pairs = _LABELLED.findall(s)
    if pairs and _LEFTOVER.fullmatch(_LABELLED.sub("", s)) is not None:
        values: dict[int, int] = {}
        for label, value in pairs:
            i = int(label)
            if i in values:
                raise ParseError(f"item {i} is given twice")
            if not 1 <= i <= n:
                raise ParseError(f"there is no item {i}")
            values[i] = int(value)
        if len(values) == n:
            return [values[i] for i in range(1, n + 1)]
        return list(values.values())
    items = split_items(s)
    if not items:
        raise ParseError("no numbers were given")
    return [parse_int(x) for x in items]


def grade_int_list(answer: str, expected: list[int], what: str, labelled: bool = True) -> Verdict:
    """An exact list of integers in a fixed order; with `labelled`, "1: 3, 2: 0" is accepted too."""
    if is_empty(answer):
        return right() if not expected else wrong(f"The {what} are not empty.")
    try:
        given = read_labelled_ints(answer, len(expected)) if labelled else \
            [parse_int(x) for x in split_items(_LEAD_LABEL.sub("", answer.strip().rstrip("."), count=1))]
    except ParseError as exc:
        return wrong(f"{exc}.")
    if not given:
        return wrong("No numbers were given.")
    return right() if given == expected else wrong(count_hint(given, expected, f"list of {what}"))
