"""Helpers for the algorithms families: reading the label lists, number lists and two-part answers
a model writes (linear scans and bounded parsers only), and small shared solvers.

    read_labels("A, C, D", {"A", "B", "C", "D"})  # ["A", "C", "D"]
    read_ints("[3, 5, -2]")                       # [3, 5, -2]
    split_two("17; A,C")                          # ("17", "A,C")
"""
from __future__ import annotations

import re

from procgym.parsing import ParseError, parse_int

_NONE = {"none", "no", "nothing", "empty", "{}", "[]", "()", "\u2205", "impossible", "not possible",
         "no solution", "there is none", "does not exist", "no subset", "no set"}
_ITEM_SPLIT = re.compile(r"[\s,;]+")
_LABEL = re.compile(r"[A-Za-z]{1,2}")
_PART_LABEL = re.compile(r"^\s*(?:max(?:imum)?\s*)?(?:total\s*)?(?:profit|value|weight|cost|schedule|jobs|"
                         r"order|items|set|answer)\s*[:=]\s*", re.IGNORECASE)


def is_none(text: str) -> bool:
    """Whether the answer says "none" (or an equivalent: no, empty, {}, impossible, ...)."""
    return text.strip().strip(".!").strip().lower() in _NONE


def strip_brackets(text: str) -> str:
    s = text.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    return s.strip()


def strip_label(text: str) -> str:
    """Drop a leading "profit:", "items =" style label from one part of an answer."""
    return _PART_LABEL.sub("", text, count=1).strip()


def split_items(text: str) -> list[str]:
    """Items separated by commas, semicolons or white space, outer brackets removed."""
    return [x for x in _ITEM_SPLIT.split(strip_brackets(text)) if x]


def read_labels(text: str, labels, what: str = "item") -> list[str]:
    """Upper-cased labels, each checked against `labels` (duplicates are kept for the caller)."""
    items = split_items(text)
    if not items:
        raise ParseError(f"no {what} names were given")
    out = []
    for item in items:
        name = item.strip("'\"`.").upper()
        if not _LABEL.fullmatch(name) or name not in labels:
            raise ParseError(f"{item[:20]!r} is not one of the {what}s")
        out.append(name)
    return out


def read_ints(text: str, separators: str = r"[\s,;]+") -> list[int]:
    """Integers separated by commas, semicolons or spaces (outer brackets removed)."""
    items = [x for x in re.split(separators, strip_brackets(text)) if x]
    if not items:
        raise ParseError("no numbers were given")
    return [parse_int(x) for x in items]


def split_two(text: str) -> tuple[str, str] | None:
    """A two-part answer "first; second" (or on two lines, or "first | second"), labels dropped."""
    for sep in (";", "\n", "|"):
        if sep in text:
            first, second = text.split(sep, 1)
            return strip_label(first), strip_label(second)
    return None


def is_subsequence(small, big) -> bool:
    """Whether `small` occurs in `big` in order (not necessarily contiguously): a greedy scan."""
    it = iter(big)
    return all(any(x == y for y in it) for x in small)
