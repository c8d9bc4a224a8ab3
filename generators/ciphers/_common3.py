"""Helpers for the Morse, check-digit, affine and columnar-transposition tasks (ciphers category):
the Morse table, check-digit arithmetic and reading digit answers."""
from __future__ import annotations

import re

MORSE = {
    "a": ".-", "b": "-...", "c": "-.-.", "d": "-..", "e": ".", "f": "..-.", "g": "--.", "h": "....",
    "i": "..", "j": ".---", "k": "-.-", "l": ".-..", "m": "--", "n": "-.", "o": "---", "p": ".--.",
    "q": "--.-", "r": ".-.", "s": "...", "t": "-", "u": "..-", "v": "...-", "w": ".--", "x": "-..-",
    "y": "-.--", "z": "--..",
}
FROM_MORSE = {v: k for k, v in MORSE.items()}


def morse_word(word: str) -> str:
    """A word's letters in Morse, run together (no gaps)."""
    return "".join(MORSE[c] for c in word)


def count_parses(stream: str, pieces: dict[str, list[str]], limit: int = 2) -> int:
    """How many different texts (capped at `limit`) `stream` spells when split into a sequence of
    the codes in `pieces` (code -> the words it stands for); dynamic programming over prefixes,
    keeping the set of texts per prefix, so two splits that spell the same letters count once.
    When a prefix has too many readings to track, the answer is `limit` (ambiguous), which errs
    on the safe side for a generator that wants exactly one reading."""
    texts: list[set[str]] = [set() for _ in range(len(stream) + 1)]
    texts[0].add("")
    lengths = sorted({len(c) for c in pieces})
    for i in range(len(stream)):
        if not texts[i]:
            continue
        for n in lengths:
            code = stream[i:i + n]
            if len(code) == n and code in pieces:
                bucket = texts[i + n]
                for t in texts[i]:
                    for w in pieces[code]:
                        bucket.add(t + w)
                if len(bucket) > 64:  # too many readings to track: call it ambiguous (safe side)
                    return limit
    return min(limit, len(texts[len(stream)]))


# ------------------------------------------------------------------ check digits
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


def digits_of(answer: str, allow_x: bool = False) -> str | None:
    """The answer's digits (and a final X when allowed) with spaces and hyphens removed; None when
    anything else is there."""
    s = answer.strip().strip("'\"`").strip().rstrip(".").upper()
    s = re.sub(r"[\s-]", "", s)
    pattern = r"\d*X|\d+" if allow_x else r"\d+"
    if not s or len(s) > 100 or not re.fullmatch(pattern, s):
        return None
    return s
