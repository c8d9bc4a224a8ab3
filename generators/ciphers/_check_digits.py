"""Check digits: the Luhn sum and ISBN-10 / ISBN-13 check characters, and readers of digit answers."""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, read_token

def luhn_sum(digits: str) -> int:
    """The Luhn sum of a digit string: from the right, every second digit is doubled (and 9 taken
    off when the double exceeds 9)."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2 == 1:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return total


def luhn_valid(digits: str) -> bool:
    return luhn_sum(digits) % 10 == 0


def luhn_check_digit(payload: str) -> str:
    """The digit to append to `payload` so that the whole number passes the Luhn test."""
    return str((10 - luhn_sum(payload + "0") % 10) % 10)


def isbn10_check(first9: str) -> str:
    """The ISBN-10 check character (0-9 or X) for nine digits: weights 10 down to 2, total + check = 0 mod 11."""
    total = sum((10 - i) * int(d) for i, d in enumerate(first9))
    v = (11 - total % 11) % 11
    return "X" if v == 10 else str(v)


def isbn10_valid(isbn: str) -> bool:
    if not re.fullmatch(r"\d{9}[\dX]", isbn):
        return False
    return sum((10 - i) * (10 if c == "X" else int(c)) for i, c in enumerate(isbn)) % 11 == 0


def isbn13_check(first12: str) -> str:
    """The ISBN-13 check digit for twelve digits: weights 1, 3, 1, 3, ...; total + check = 0 mod 10."""
    total = sum((1 if i % 2 == 0 else 3) * int(d) for i, d in enumerate(first12))
    return str((10 - total % 10) % 10)


def isbn13_valid(isbn: str) -> bool:
    if not re.fullmatch(r"\d{13}", isbn):
        return False
    return sum((1 if i % 2 == 0 else 3) * int(d) for i, d in enumerate(isbn)) % 10 == 0


def hyphenate(isbn: str, rng) -> str:
    """The ISBN with hyphens between a few groups (hyphens carry no meaning for the check)."""
    n = len(isbn)
    cuts = sorted(rng.sample(range(1, n - 1), 3)) + [n - 1]
    out, prev = [], 0
    for c in cuts:
        out.append(isbn[prev:c])
        prev = c
    out.append(isbn[prev:])
    return "-".join(p for p in out if p)


def read_check_digit(answer: str, allow_x: bool = False) -> str:
    """One digit (or, when `allow_x`, X for 10, in either case); NotAnAnswer for anything else: a
    sign ("-6"), two digits, words."""
    pattern, what = (r"[0-9Xx]", "a single digit or X") if allow_x else (r"[0-9]", "a single digit")
    return read_token(answer, pattern, what).upper()


# an ISBN-13 written as digit groups split by single hyphens or spaces, after an optional "ISBN" label
_ISBN13 = re.compile(r"(?:isbn(?:-?13)?:?\s*)?(\d+(?:[- ]\d+)*)", re.IGNORECASE)


def read_isbn13(answer: str) -> str:
    """The 13 digits of an ISBN-13 answer ("978-0-306-40615-7", "9780306406157", "ISBN 978..."), or
    NotAnAnswer: no sign in front, no other characters, exactly 13 digits."""
    m = _ISBN13.fullmatch(answer.strip())
    digits = re.sub(r"[- ]", "", m.group(1)) if m else ""
    if len(digits) != 13:
        raise NotAnAnswer("give the 13 digits of the ISBN-13 (hyphens allowed)")
    return digits
