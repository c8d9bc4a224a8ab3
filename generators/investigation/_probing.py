"""Shared pieces of the probing investigation tasks (network_fault, bisect_commit,
inventory_audit, witness_interviews, log_triage, api_explorer, cache_bug, circuit_probe):
reading an answer that names one thing or a pair, and the bisection step the reference
policies use, so that a policy's worst case can be computed without playing it."""
from __future__ import annotations

import re

from procgym.kit import LOSE, WIN, normalize, preview

_NAME = re.compile(r"[a-z][a-z0-9]{0,15}")


def names_in(text: str, count: int) -> list[str] | None:
    """Exactly `count` names (letters and digits, starting with a letter) separated by spaces,
    commas or one hyphen each, in lower case; None for anything else (a hedge, leftover words)."""
    parts = [p for p in re.split(r"\s*[,\s-]\s*", text.strip().lower()) if p]
    if len(parts) != count or not all(_NAME.fullmatch(p) for p in parts):
        return None
    if re.search(r"\b(?:or|and|not|maybe)\b", text.lower()):
        return None
    return parts


def judge_names(given: str, expected: list[str], ordered: bool, what: str) -> tuple[str, str | None]:
    """The answer command for one name or a pair of names: WIN, LOSE, or None (not an answer)."""
    given = normalize(given)
    found = names_in(given, len(expected))
    if found is None:
        return (f"Invalid answer {preview(given)}: give {what}, and nothing else.", None)
    right = found == expected if ordered else sorted(found) == sorted(expected)
    shown = "-".join(expected)
    if right:
        return f"Correct: the answer is {shown}.", WIN
    return f"Wrong answer {preview(given)}: the answer was {shown}.", LOSE


def midpoint_probe(lo: int, hi: int, usable) -> int | None:
    """The probe a bisection between a known-good index `lo` and a known-bad index `hi` makes:
    the usable index strictly between them nearest the middle (tried outwards from it, the one
    above before the one below), or None when none is left."""
    mid = (lo + hi) // 2
    for step in range(hi - lo):
        for k in (mid - step, mid + step + 1):
            if lo < k < hi and usable(k):
                return k
    return None
