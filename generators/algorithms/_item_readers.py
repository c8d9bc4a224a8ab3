"""Readers for the answers of the algorithms families: lists of item names, integer lists,
1-based positions and ranges, and groups of items (bins). Strict: the whole answer is consumed,
every name is checked, hedge words are refused, nothing is executed.

    read_names("A, c, D", {"A", "B", "C", "D"})   # ["A", "C", "D"]
    read_int_list("[3, 5, -2]")                   # [3, 5, -2]
    read_positions("3, 7", 10)                    # [3, 7]   (1-based, range-checked)
    read_range("3 to 7")                          # (3, 7)
    read_groups("A,C; B | D,E", {...})            # [["A", "C"], ["B"], ["D", "E"]]
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview, read_int_list, refuse_hedges, split_top, strip_brackets

_NAME = re.compile(r"[A-Za-z]{1,2}")
_NAME_SPLIT = re.compile(r"\s*[,;]\s*|\s+")
_RANGE = re.compile(r"(?:(?:positions?|from)\s+)?(\d{1,6})\s*(?:,|-|\.\.\.?|to|\s)\s*(\d{1,6})", re.IGNORECASE)
_GROUP = re.compile(r"\s*([{\[(])([^{}\[\]()]*)([}\])])\s*")
_CLOSING = {"{": "}", "[": "]", "(": ")"}
_BIN_LABEL = re.compile(r"(?:bin|box|group)\s*\d{1,3}\s*[:=]\s*", re.IGNORECASE)


def read_names(text: str, names, what: str = "item") -> list[str]:
    """Names separated by commas or semicolons (or spaces), inside at most one pair of brackets;
    upper-cased and each checked against `names` (repeats are kept for the caller)."""
    s = strip_brackets(text)
    if not s:
        raise NotAnAnswer(f"no {what} names were given")
    refuse_hedges(s)
    out = []
    for item in _NAME_SPLIT.split(s):
        name = item.upper()
        if not _NAME.fullmatch(item) or name not in names:
            raise NotAnAnswer(f"{preview(item, 20)} is not one of the {what}s" if item else
                              "a name is missing between two separators: separate the names with single commas")
        out.append(name)
    return out




def read_positions(text: str, n: int) -> list[int]:
    """1-based positions (see read_int_list), each checked to lie in 1..n."""
    values = read_int_list(text)
    for v in values:
        if not 1 <= v <= n:
            raise NotAnAnswer(f"{v} is not a position from 1 to {n}")
    return values


def read_range(text: str) -> tuple[int, int]:
    """Two positions written "3, 7", "3-7", "3..7", "3 to 7", "[3, 7]" or "from 3 to 7"."""
    m = _RANGE.fullmatch(strip_brackets(text))
    if not m:
        raise NotAnAnswer("write the first and last positions as two integers, e.g. 3, 7")
    return int(m.group(1)), int(m.group(2))


def _bracketed(text: str) -> list[str] | None:
    """The insides of bracketed groups when `text` is only groups separated by single commas or
    semicolons (or white space); None otherwise."""
    groups, pos = [], 0
    while pos < len(text):
        m = _GROUP.match(text, pos)
        if not m or _CLOSING[m.group(1)] != m.group(3):
            return None
        groups.append(m.group(2))
        pos = m.end()
        if pos < len(text) and text[pos] in ",;":
            pos += 1
            if pos >= len(text.rstrip()):
                return None
    return groups or None


def read_groups(text: str, names, what: str = "item") -> list[list[str]]:
    """Groups of names: "A,C; B; D" (semicolons, bars or lines between groups, each group may be
    labelled "Bin 1: A,C"), or bracketed, "[A,C],[B],[D]" (also inside one more pair of brackets).
    Names are checked against `names`."""
    s = text.strip()
    groups = _bracketed(s)
    if groups is None and strip_brackets(s) != s:
        groups = _bracketed(strip_brackets(s))
    if groups is None:
        for sep in ";\n|":
            if sep in s:
                groups = split_top(s, sep)
                break
        else:
            groups = [s]
        groups = [_BIN_LABEL.sub("", g, count=1) if _BIN_LABEL.match(g) else g for g in groups]
    if any(not g.strip() for g in groups):
        raise NotAnAnswer("a group is empty")
    return [read_names(g, names, what) for g in groups]
