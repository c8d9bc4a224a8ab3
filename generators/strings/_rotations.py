"""Rotations of a string: rotate, find the rotation offsets between two strings, the least rotation
(Booth's algorithm), and the reader of a list of rotation offsets."""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, read_items, read_token


def rotate(s: str, k: int) -> str:
    """`s` rotated left by k places."""
    if not s:
        return s
    k %= len(s)
    return s[k:] + s[:k]


def rotation_offsets(a: str, b: str) -> list[int]:
    """Every k in [0, len(a)) with rotate(a, k) == b (empty when b is not a rotation of a)."""
    if len(a) != len(b):
        return []
    doubled = a + a
    out, i = [], doubled.find(b)
    while 0 <= i < len(a):
        out.append(i)
        i = doubled.find(b, i + 1)
    return out


def least_rotation(s: str) -> int:
    """Booth's algorithm: the start of the lexicographically least rotation of `s` (the smallest
    such start when the string is periodic), in linear time."""
    t = s + s
    f = [-1] * len(t)
    k = 0
    for j in range(1, len(t)):
        c = t[j]
        i = f[j - k - 1]
        while i != -1 and c != t[k + i + 1]:
            if c < t[k + i + 1]:
                k = j - i - 1
            i = f[i]
        if c != t[k + i + 1]:  # i == -1
            if c < t[k]:
                k = j
            f[j - k] = -1
        else:
            f[j - k] = i + 1
    return k


def naive_compare_work(a: str, b: str) -> int:
    """Letter comparisons of the plain way to find b among a's rotations: each rotation, in
    turn, is compared with b letter by letter until a letter differs (or all match)."""
    if len(a) != len(b):
        return 1
    n, work = len(a), 0
    for k in range(n):
        for i in range(n):
            work += 1
            if a[(k + i) % n] != b[i]:
                break
    return work


def least_rotation_work(s: str) -> int:
    """Letter comparisons of the plain way to find the least rotation: each rotation is compared
    with the best so far until they differ."""
    n, best, work = len(s), 0, 0
    for k in range(1, n):
        for i in range(n):
            work += 1
            x, y = s[(k + i) % n], s[(best + i) % n]
            if x != y:
                if x < y:
                    best = k
                break
    return work


_ENTRY_LABEL = re.compile(r"([A-Za-z]{1,2})\s*[.:)=]\s*(.*)", re.S)


def _rotation_entry(text: str) -> str:
    """One entry: a whole number (canonical digits) or "no"."""
    if " ".join(text.lower().split()) in ("no", "none", "not a rotation"):
        return "no"
    return str(int(read_token(text, r"\+?\d{1,4}", "a whole number or no")))


def read_rotation_entries(answer: str, labels: list[str]) -> list[str]:
    """The entries in candidate order: "3, no, 0", or labelled as "A: 3, B: no, C: 0" (labels matched
    by name, in any order, every one required)."""
    items = read_items(re.sub(r"([,;])[ \t]*\n", r"\1", answer), separators=",;\n")
    found = [_ENTRY_LABEL.fullmatch(item) for item in items]
    if not any(found):
        return [_rotation_entry(item) for item in items]
    if not all(found):
        raise NotAnAnswer("label every entry (A: 3) or none of them")
    table = {lab.lower(): lab for lab in labels}
    given: dict[str, str] = {}
    for m in found:
        label = table.get(m.group(1).lower())
        if label is None:
            raise NotAnAnswer(f"{m.group(1)!r} is not one of the candidates' labels")
        if label in given:
            raise NotAnAnswer(f"candidate {label} is given twice")
        given[label] = _rotation_entry(m.group(2))
    missing = [lab for lab in labels if lab not in given]
    if missing:
        raise NotAnAnswer(f"no entry for candidate {missing[0]}")
    return [given[lab] for lab in labels]
