"""Subsequences of strings and lists for the subsequence families (longest increasing, common and
palindromic subsequences): the subsequence test, and the reader of a letter-string answer.

    is_subsequence("ACE", "ABCDE")   # True
    read_letters("A, B, A")          # "ABA"
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview, strip_brackets

_WORD = re.compile(r"[A-Za-z]+")
_SINGLE_LETTERS = re.compile(r"[A-Za-z](?:\s*[,\s-]\s*[A-Za-z])+")


def is_subsequence(small, big) -> bool:
    """Whether `small` occurs in `big` in order (not necessarily contiguously): a greedy scan."""
    it = iter(big)
    return all(any(x == y for y in it) for x in small)


def read_letters(text: str, example: str = "ABCBA") -> str:
    """A string of letters, upper-cased: one word ("ABCBA"), or single letters separated by
    commas, spaces or dashes ("A, B, C, B, A"), inside at most one pair of brackets."""
    s = strip_brackets(text)
    if _WORD.fullmatch(s):
        return s.upper()
    if _SINGLE_LETTERS.fullmatch(s):
        return "".join(re.findall(r"[A-Za-z]", s)).upper()
    raise NotAnAnswer(f"{preview(s, 30)} is not one string of capital letters, e.g. {example}")
