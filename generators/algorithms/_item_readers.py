"""Readers for the answers of the algorithms families: lists of item names, integer lists,
1-based positions and ranges, and groups of items (bins). Strict: the whole answer is consumed,
every name is checked, hedge words are refused, nothing is executed.

    read_item_names("A, c, D", {"A", "B", "C", "D"})   # ["A", "C", "D"]
    read_int_list("[3, 5, -2]")                   # [3, 5, -2]
    read_positions("3, 7", 10)                    # [3, 7]   (1-based, range-checked)
    read_range("3 to 7")                          # (3, 7)
    read_groups("A,C; B | D,E", {...})            # [["A", "C"], ["B"], ["D", "E"]]
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, bracketed_groups, read_int_list, read_names, split_top, strip_brackets

_RANGE = re.compile(r"(?:(?:positions?|from)\s+)?(\d{1,6})\s*(?:,|-|\.\.\.?|to|\s)\s*(\d{1,6})", re.IGNORECASE)
_BIN_LABEL = re.compile(r"(?:bin|box|group)\s*\d{1,3}\s*[:=]\s*", re.IGNORECASE)







def read_item_names(text: str, names, what: str = "item") -> list[str]:
    """Names checked against `names` (see procgym.kit.read_names for the separators)."""
    return read_names(text, names, what, name=r"[A-Za-z]{1,2}")

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




def read_groups(text: str, names, what: str = "item") -> list[list[str]]:
    """Groups of names: "A,C; B; D" (semicolons, bars or lines between groups, each group may be
    labelled "Bin 1: A,C"), or bracketed, "[A,C],[B],[D]" (also inside one more pair of brackets).
    Names are checked against `names`."""
    s = text.strip()
    groups = bracketed_groups(s)
    if groups is None and strip_brackets(s) != s:
        groups = bracketed_groups(strip_brackets(s))
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
    return [read_item_names(g, names, what) for g in groups]
