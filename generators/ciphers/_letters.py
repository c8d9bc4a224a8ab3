"""Letters for the cipher tasks: alphabet shifts, and graders of a letter-string or exact-text answer."""
from __future__ import annotations

import re
import string
from functools import lru_cache

from procgym.verdict import right, wrong

UPPER = string.ascii_uppercase
LOWER = string.ascii_lowercase


@lru_cache(maxsize=64)
def _shift_table(k: int) -> dict:
    k %= 26
    return str.maketrans(LOWER + UPPER, LOWER[k:] + LOWER[:k] + UPPER[k:] + UPPER[:k])


def shift_text(text: str, k: int) -> str:
    """Every letter moved k places along the alphabet (case kept); other characters unchanged."""
    return text.translate(_shift_table(k))


_LETTERS_AND_SPACES = re.compile(r"[A-Za-z\s]+")


def letters_only(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def grade_letters(answer: str, expected: str, what: str = "the plaintext"):
    """A letter string compared letter by letter, ignoring case and spaces; only letters and
    spaces are allowed (digits or symbols mean the answer is not a letter string). Extra words, a
    negation or a second candidate change the letters, so they are wrong."""
    if not _LETTERS_AND_SPACES.fullmatch(answer):
        return wrong("Use only letters and spaces.")
    got = letters_only(answer)
    if got == expected:
        return right()
    if len(got) != len(expected):
        return wrong(f"That is not {what}: it has {len(got)} letters, not {len(expected)}.")
    return wrong(f"That is not {what}.")


def grade_exact_text(answer: str, expected: str, what: str = "the message"):
    """Text compared exactly (case-sensitive), runs of white space read as one space."""
    got = " ".join(answer.split())
    if got == expected:
        return right()
    if got.lower() == expected.lower():
        return wrong(f"The letters are right but the case is not: {what} is case-sensitive.")
    return wrong(f"That is not {what}.")


def question_of(problem) -> str:
    """The problem's question: its prompt without the closing answer-format paragraph (the effort
    measures read the ciphertext, cribs and word lists from it)."""
    return problem.prompt.split("\n\nAnswer format:", 1)[0]


def euclid_steps(a: int, m: int) -> int:
    """Division steps of the Euclidean algorithm on (m, a): the work of inverting a modulo m."""
    steps = 0
    while a:
        m, a = a, m % a
        steps += 1
    return steps
