"""Readers of truth-value answers for the logic tasks: one value (T/F, true/false, 1/0), a column
of them, and an assignment of values to named variables.

    read_truth("t")                                   # True
    read_truth_list("0110") == read_truth_list("F, T, T, F")
    read_truth_assignment("q=F p=T", ["p", "q"])      # {"p": True, "q": False}; every name required

Readers raise NotAnAnswer (procgym.kit) with a one-sentence reason.
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview, read_labelled, strip_brackets

_TRUE = {"t", "true", "1"}
_FALSE = {"f", "false", "0"}


def read_truth(text: str) -> bool:
    """One truth value: T/F, true/false or 1/0, any case."""
    word = text.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    raise NotAnAnswer(f"could not read {preview(text, 20)} as a truth value: write T/F or 1/0")


def read_truth_list(text: str, compact: bool = True) -> list[bool]:
    """Truth values separated by commas, semicolons, spaces or line breaks, in one optional pair
    of brackets; a compact string such as 0110 or TFFT also works when `compact`."""
    s = strip_brackets(text)
    if compact and len(s) > 1 and re.fullmatch(r"[01]+|[tfTF]+", s):
        return [ch in "1tT" for ch in s]
    items = [x for x in re.split(r"[,;\s]+", s) if x]
    if not items:
        raise NotAnAnswer("the answer is empty: give the truth values")
    return [read_truth(x) for x in items]


_IS = re.compile(r"\b([A-Za-z_]\w*)\s+is\s+", re.IGNORECASE)
# a space (not a comma) in front of the next "name =": "x1=T x2=F" lists two items
_NEXT_ITEM = re.compile(r"(?<=\S)[ \t]+(?=[A-Za-z_]\w*\s*(?:=|:|->))")


def read_truth_assignment(text: str, names, what: str = "variable") -> dict[str, bool]:
    """{name: value} for every name in `names`, from "x1=T, x2=F" (also "x1: true", "x1 is 1"; items
    separated by commas, semicolons, line breaks or spaces; names in any order and any case).
    Every name must get exactly one value and no other name may appear."""
    if not re.search(r"=|:|->|\bis\b", text, re.IGNORECASE):
        raise NotAnAnswer(f"write each {what} as name=T or name=F")
    return read_labelled(_NEXT_ITEM.sub(", ", _IS.sub(r"\1 = ", text)), list(names), read_truth)
