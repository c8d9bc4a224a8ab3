"""A small regular-expression engine of our own (Python's `re` never runs a pattern from a task or
a model), shared by strings/regex_match and code/regex_design.

Syntax: literals, `.` (any one character), classes `[abc]`, `[a-c]`, `[^ab]`, the postfix operators
`*`, `+`, `?` on the single item before them, and (where allowed) the anchors `^` at the start and
`$` at the end. A parsed pattern is (anchored_start, anchored_end, items), each item (atom, op)
with atom ('lit', c) | ('any',) | ('class', negated, frozenset) and op in '', '*', '+', '?'.

    parse_regex("^a[bc]*d?")            # (True, False, [(('lit', 'a'), ''), ...])
    search(parse_regex("b+c"), "abbcd")  # True: search semantics, like grep, unless anchored
    full_match(parse_regex("a.c")[2], "abc")

Matching carries the set of reachable positions item by item (no backtracking), so the time is
polynomial whatever the pattern.
"""
from __future__ import annotations

import re


class RegexError(ValueError):
    """A pattern outside the syntax; the message says what is wrong."""


def _class_chars(body: str, strict: bool) -> frozenset:
    if strict and not re.fullmatch(r"([a-z]-[a-z]|[a-z])+", body):
        raise RegexError("a [...] class may hold only lowercase letters and ranges like a-c")
    chars, k = set(), 0
    while k < len(body):
        if k + 2 < len(body) and body[k + 1] == "-":
            if strict and body[k] > body[k + 2]:
                raise RegexError("a range in [...] runs backwards")
            chars.update(chr(x) for x in range(ord(body[k]), ord(body[k + 2]) + 1))
            k += 3
        else:
            chars.add(body[k])
            k += 1
    return frozenset(chars)


def parse_regex(pattern: str, anchors: bool = True, strict: bool = False,
                max_length: int | None = None) -> tuple[bool, bool, list[tuple]]:
    """(anchored_start, anchored_end, items). `anchors=False` refuses ^ and $; `strict` allows only
    lowercase letters as literals and in classes (the whitelist a model's pattern must keep to)."""
    if max_length is not None and len(pattern) > max_length:
        raise RegexError(f"the pattern is longer than {max_length} characters")
    i, items = 0, []
    start = anchors and pattern.startswith("^")
    if start:
        i = 1
    end = anchors and pattern.endswith("$") and len(pattern) > i
    stop = len(pattern) - 1 if end else len(pattern)
    while i < stop:
        c = pattern[i]
        if c == ".":
            atom, i = ("any",), i + 1
        elif c == "[":
            j = pattern.find("]", i + 1)
            if j < 0:
                raise RegexError("a [ is not closed")
            body = pattern[i + 1:j]
            neg = body.startswith("^")
            atom, i = ("class", neg, _class_chars(body[1:] if neg else body, strict)), j + 1
        elif c in "*+?^$" or (strict and not "a" <= c <= "z"):
            raise RegexError(f"the character {c!r} is not allowed here")
        else:
            atom, i = ("lit", c), i + 1
        op = ""
        if i < stop and pattern[i] in "*+?":
            op, i = pattern[i], i + 1
        items.append((atom, op))
    return start, end, items


def _atom_ok(atom, ch: str) -> bool:
    if atom[0] == "lit":
        return ch == atom[1]
    if atom[0] == "any":
        return True
    return (ch in atom[2]) != atom[1]


def _positions(items: list[tuple], text: str, positions: set[int]) -> set[int]:
    """The positions reachable after matching every item, from the given start positions."""
    n = len(text)
    for atom, op in items:
        step = {p + 1 for p in positions if p < n and _atom_ok(atom, text[p])}
        if op == "":
            positions = step
        elif op == "?":
            positions = positions | step
        else:
            reach = set(step) if op == "+" else set(positions) | step
            frontier = set(step)
            while frontier:
                frontier = {p + 1 for p in frontier if p < n and _atom_ok(atom, text[p])} - reach
                reach |= frontier
            positions = reach
        if not positions:
            break
    return positions


def search(parsed: tuple[bool, bool, list[tuple]], text: str) -> bool:
    """Whether the parsed pattern matches somewhere in `text` (anchors respected)."""
    start, end, items = parsed
    reached = _positions(items, text, {0} if start else set(range(len(text) + 1)))
    return len(text) in reached if end else bool(reached)


def full_match(items: list[tuple], text: str) -> bool:
    """Whether the parsed items match all of `text`."""
    return len(text) in _positions(items, text, {0})
