"""Helpers for the scheduling families: clock times, and reading the task names, clock times,
labelled numbers and two-part answers a model writes (bounded regexes and linear scans only).

    clock(570)                          # "09:30"
    read_clock("9:30")                  # 570
    read_names("A -> C -> F", {...})    # ["A", "C", "F"]
    split_two("17; A,C")                # ("17", "A,C")
"""
from __future__ import annotations

import re

from procgym.parsing import ParseError

_NAME = re.compile(r"[A-Za-z]{1,2}")
_NAME_SPLIT = re.compile(r"\s*(?:,|;|<->|->|=>|-->|--|-|>|\u2192|\s)\s*")
_CLOCK = re.compile(r"(\d{1,2})\s*[:.h]\s*(\d{2})")
_PART_LABEL = re.compile(
    r"^\s*(?:min(?:imum)?\s*)?(?:total\s*)?(?:time|duration|days?|length|makespan|completion(?:\s*time)?|"
    r"critical\s*path|path|chain|tasks?|start(?:\s*time)?)\s*[:=]\s*", re.IGNORECASE)


def clock(minutes: int) -> str:
    """Minutes after midnight as a 24-hour "HH:MM"."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def read_clock(text: str) -> int:
    """A 24-hour clock time "H:MM" or "HH:MM" (also "09.30", "9h30") as minutes after midnight."""
    s = text.strip().rstrip(".").strip()
    m = _CLOCK.fullmatch(s)
    if not m:
        raise ParseError(f"expected a time like 09:30, got {s[:20]!r}")
    h, mm = int(m.group(1)), int(m.group(2))
    if h > 23 or mm > 59:
        raise ParseError(f"{s[:20]!r} is not a valid time of day")
    return 60 * h + mm


def strip_brackets(text: str) -> str:
    s = text.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    return s.strip()


def strip_label(text: str) -> str:
    """Drop a leading "time:", "critical path =", "start:"-style label from one part of an answer."""
    return _PART_LABEL.sub("", text, count=1).strip()


def split_two(text: str) -> tuple[str, str] | None:
    """A two-part answer "first; second" (or on two lines, or "first | second"), labels dropped."""
    for sep in (";", "\n", "|"):
        if sep in text:
            first, second = text.split(sep, 1)
            return strip_label(first), strip_label(second)
    return None


def read_names(text: str, names, what: str = "task") -> list[str]:
    """Upper-cased names separated by commas, spaces or arrows, each checked against `names`."""
    items = [x for x in _NAME_SPLIT.split(strip_brackets(text)) if x]
    if not items:
        raise ParseError(f"no {what} names were given")
    out = []
    for item in items:
        name = item.strip("'\"`.").upper()
        if not _NAME.fullmatch(name) or name not in names:
            raise ParseError(f"{item[:20]!r} is not one of the {what}s")
        out.append(name)
    return out
