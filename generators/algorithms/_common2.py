"""Helpers for the second batch of algorithms families (sums, packing, sorting traces, searches,
subarrays, palindromes): reading the position lists, grouped labels and two-part answers a model
writes (linear scans and bounded parsers only), and the subset-sum tables several tasks share.

    read_positions("3, 7", 10)              # [3, 7]   (1-based, range-checked)
    two_parts("sum = 17; positions 3-7")    # ("17", "3-7")
    read_groups("A,C; B | D,E")             # [["A", "C"], ["B"], ["D", "E"]]  (labels checked by the caller)
    over_used([7, 7], [7, 3])               # 7: the value is used more often than it is listed
"""
from __future__ import annotations

import re
from collections import Counter

from procgym.parsing import ParseError

from ._common import read_ints, strip_brackets

_LEAD_LABEL = re.compile(r"^\s*[A-Za-z][A-Za-z ]{0,30}?\s*\d{0,3}\s*[:=]\s*")
_LEAD_WORDS = re.compile(r"^\s*(?:the\s+)?(?:positions?|indices|index|subarray|from|range|group|bins?\s*\d*)\s+",
                         re.IGNORECASE)
_RANGE = re.compile(r"^\s*[\[(]?\s*(\d{1,6})\s*(?:,|;|-|\.\.\.?|to|\s)\s*(\d{1,6})\s*[\])]?\s*$", re.IGNORECASE)
_GROUP_SEP = re.compile(r"\s*(?:;|\||\n)\s*")
_BRACKET_GROUP = re.compile(r"[\[({]([^\[\](){}]*)[\])}]")


def drop_label(text: str) -> str:
    """Drop a leading "sum:", "positions =", "Bin 2:" style label or "positions" word."""
    s = _LEAD_LABEL.sub("", text, count=1)
    return _LEAD_WORDS.sub("", s, count=1).strip()


def two_parts(text: str) -> tuple[str, str] | None:
    """A two-part answer "first; second" (or on two lines, or "first | second"), labels dropped."""
    for sep in (";", "\n", "|"):
        if sep in text:
            first, second = text.split(sep, 1)
            return drop_label(first), drop_label(second)
    return None


def read_positions(text: str, n: int) -> list[int]:
    """1-based positions separated by commas or spaces, each checked to lie in 1..n."""
    values = read_ints(drop_label(text))
    for v in values:
        if not 1 <= v <= n:
            raise ParseError(f"{v} is not a position from 1 to {n}")
    return values


def read_range(text: str) -> tuple[int, int]:
    """Two positions written "3, 7", "3-7", "3..7", "3 to 7" or "[3, 7]"."""
    m = _RANGE.match(drop_label(text))
    if not m:
        raise ParseError("write the start and end positions as two integers, e.g. 3, 7")
    return int(m.group(1)), int(m.group(2))


def read_groups(text: str) -> list[list[str]]:
    """Groups of labels: "A,C; B; D" (semicolons, bars or lines between groups) or "[A,C],[B],[D]".

    Each group's items are upper-cased and stripped of quotes; empty groups are dropped. The
    caller checks that each item is a known label.
    """
    s = text.strip()
    inner = strip_brackets(s) if s[:2] in ("[[", "((", "{{", "[(", "[{") else s
    bracketed = _BRACKET_GROUP.findall(inner)
    if bracketed and not _BRACKET_GROUP.sub("", inner).strip(" ,;|\n\t"):
        parts = bracketed
    else:
        parts = _GROUP_SEP.split(s)
    groups = []
    for part in parts:
        items = [x.strip("'\"`.").upper() for x in re.split(r"[\s,]+", strip_brackets(drop_label(part))) if x]
        items = [x for x in items if x]
        if items:
            groups.append(items)
    if not groups:
        raise ParseError("no groups were given")
    return groups


def over_used(chosen, pool) -> int | None:
    """The first value in `chosen` used more often than it occurs in `pool`, or None."""
    have = Counter(pool)
    for value, times in Counter(chosen).items():
        if times > have.get(value, 0):
            return value
    return None


def reach_tables(values: list[int]) -> list[int]:
    """Subset-sum bitsets of the prefixes: bit s of tables[i] is set when some subset of
    values[:i] sums to s (values are non-negative)."""
    tables = [1]
    for v in values:
        tables.append(tables[-1] | (tables[-1] << v))
    return tables


def subset_for(values: list[int], tables: list[int], target: int) -> list[int] | None:
    """Indices of a subset of `values` summing to `target`, traced back through `reach_tables`."""
    if target < 0 or not tables[-1] >> target & 1:
        return None
    chosen = []
    for i in range(len(values), 0, -1):
        if not tables[i - 1] >> target & 1:
            chosen.append(i - 1)
            target -= values[i - 1]
    return chosen[::-1]


def count_subsets(values: list[int]) -> list[int]:
    """ways[s]: the number of subsets (by index) of `values` summing to s."""
    ways = [1] + [0] * sum(values)
    top = 0
    for v in values:
        top += v
        for s in range(top, v - 1, -1):
            ways[s] += ways[s - v]
    return ways


def fewest_terms(values: list[int]) -> list[int]:
    """fewest[s]: the fewest of `values` (each used at most once) summing to s; a large number
    where s cannot be reached."""
    total = sum(values)
    never = len(values) + 1
    fewest = [0] + [never] * total
    top = 0
    for v in values:
        top += v
        for s in range(top, v - 1, -1):
            if fewest[s - v] + 1 < fewest[s]:
                fewest[s] = fewest[s - v] + 1
    return fewest
