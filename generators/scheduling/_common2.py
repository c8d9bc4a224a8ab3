"""More helpers for the scheduling families (CPU bursts, deadlines, parallel machines, exam
timetables): splitting a multi-part answer, and reading per-item integer lists, name lists and
NAME=VALUE assignments (bounded regexes and linear scans only).

    split_parts("14,6,19; 23/3", 2)              # ["14,6,19", "23/3"]
    read_per_item("P1=14, P2=6", "P", 2)          # [14, 6]
    read_name_list("C, A, B", {"A", "B", "C"})    # ["C", "A", "B"]
    read_assignment("A=1, B=2", {"A", "B"})       # {"A": 1, "B": 2}
"""
from __future__ import annotations

import re

from procgym.parsing import ParseError, parse_int

_LABEL = re.compile(
    r"^\s*(?:(?:the\s+)?(?:min(?:imum)?|max(?:imum)?|average|avg|mean|optimal|best|smallest|largest|total|"
    r"number\s+of|completion|waiting|turnaround|lateness|makespan|slots?|times?|"
    r"order|sequence|schedule|jobs?|machines?|assignments?|on[\s-]*time|exams?|set|count)\s*){1,6}[:=]\s*",
    re.IGNORECASE)
_SPLIT = re.compile(r"[\s,;]+")
_NAME = re.compile(r"[A-Za-z]{1,2}\d{0,2}")
_NAME_SPLIT = re.compile(r"\s*(?:,|;|->|=>|\u2192|\s)\s*")
_PAIR = re.compile(r"([A-Za-z]{1,2}\d{0,2})\s*(?:=|:|->|\u2192)\s*([+-]?\d{1,9})")
_LEFTOVER = re.compile(r"[\s,;]*")


def strip_brackets(text: str) -> str:
    s = text.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    return s.strip()


def strip_label(text: str) -> str:
    """Drop a leading "makespan:", "average waiting time =", "order:"-style label."""
    return _LABEL.sub("", text, count=1).strip()


def split_parts(text: str, n: int) -> list[str] | None:
    """An answer of `n` parts separated by semicolons (or by lines, or "|"), labels dropped;
    None when it does not have exactly that many parts."""
    text = text.strip().rstrip(".")
    for sep in (";", "\n", "|"):
        parts = [p for p in text.split(sep)]
        if len(parts) == n:
            return [strip_label(p) for p in parts]
    return None


def read_ints(text: str) -> list[int]:
    """Integers separated by commas or spaces (outer brackets removed)."""
    items = [x for x in _SPLIT.split(strip_brackets(text)) if x]
    if not items:
        raise ParseError("no numbers were given")
    return [parse_int(x) for x in items]


def read_per_item(text: str, prefix: str, n: int) -> list[int]:
    """One integer per item 1..n: a plain list in order, or labelled "P1=14, P2=6" in any order."""
    s = strip_brackets(text.strip().rstrip("."))
    pairs = _PAIR.findall(s)
    if pairs and _LEFTOVER.fullmatch(_PAIR.sub("", s)) is not None:
        values: dict[int, int] = {}
        for label, value in pairs:
            m = re.fullmatch(re.escape(prefix) + r"(\d{1,2})", label, re.IGNORECASE)
            if m is None or not 1 <= int(m.group(1)) <= n:
                raise ParseError(f"{label!r} is not one of {prefix}1 to {prefix}{n}")
            i = int(m.group(1))
            if i in values:
                raise ParseError(f"{label} is given twice")
            values[i] = int(value)
        if len(values) != n:
            raise ParseError(f"give a value for each of {prefix}1 to {prefix}{n}")
        return [values[i] for i in range(1, n + 1)]
    return read_ints(s)


def read_name_list(text: str, names, what: str = "job") -> list[str]:
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


def read_assignment(text: str, names, what: str = "job") -> dict[str, int]:
    """NAME=VALUE pairs (also NAME: VALUE, NAME -> VALUE), comma- or space-separated; every name
    checked against `names`, none given twice."""
    s = strip_brackets(text.strip().rstrip("."))
    pairs = _PAIR.findall(s)
    if not pairs or _LEFTOVER.fullmatch(_PAIR.sub("", s)) is None:
        raise ParseError(f"write the {what}s as NAME=NUMBER pairs separated by commas")
    out: dict[str, int] = {}
    for name, value in pairs:
        name = name.upper()
        if name not in names:
            raise ParseError(f"{name[:20]!r} is not one of the {what}s")
        if name in out:
            raise ParseError(f"{name} is given twice")
        out[name] = int(value)
    return out
