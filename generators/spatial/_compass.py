"""Compass headings for the walking tasks, and the strict reader of a position-and-heading
answer.

    turn("north", 1)                       # "east"
    read_position("-2, 5, south")          # (-2, 5, "south")
    read_position("(x = -2, y = 5) facing S")   # (-2, 5, "south")
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview, strip_brackets

# headings clockwise from north; x grows to the east, y grows to the north
HEADINGS = ("north", "east", "south", "west")
STEP = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}
HEADING_ALIASES = {"n": "north", "e": "east", "s": "south", "w": "west",
                   **{h: h for h in HEADINGS}}


def turn(heading: str, quarter_turns: int) -> str:
    """The heading after `quarter_turns` clockwise quarter turns (negative: counterclockwise)."""
    return HEADINGS[(HEADINGS.index(heading) + quarter_turns) % 4]


_PAIR = (r"(?:(?P<n1>[xy])\s*[=:]\s*)?(?P<v1>[+-]?\d{1,9})\s*,\s*"
         r"(?:(?P<n2>[xy])\s*[=:]\s*)?(?P<v2>[+-]?\d{1,9})")
_POSITION = re.compile(
    rf"(?P<open>\()?\s*{_PAIR}\s*(?(open)\))"  # the coordinates, bare or in one pair of brackets
    r"\s*(?:[,;]\s*|\s+)"  # then the heading, after a comma or a space
    r"(?:(?:facing|heading|direction|dir)\s*[:=]?\s*)?(?P<h>[a-z]+)",
    re.IGNORECASE)


def read_position(text: str) -> tuple[int, int, str]:
    """(x, y, heading) from `x, y, direction`: "-2, 5, south", "(-2, 5), south", "(-2, 5) facing
    S", "x = -2, y = 5, facing south" (labels by name, either order). NotAnAnswer otherwise: a
    second candidate, a negation, extra words or a missing part are not an answer."""
    s = strip_brackets(text.strip())
    m = _POSITION.fullmatch(s)
    if m is None and s != text.strip():
        m = _POSITION.fullmatch(text.strip())
    if m is None:
        raise NotAnAnswer(f"{preview(text)} is not a position and heading like -2, 5, south")
    heading = HEADING_ALIASES.get(m["h"].lower())
    if heading is None:
        raise NotAnAnswer(f"{preview(m['h'])} is not a direction: write north, east, south or west")
    names = (m["n1"], m["n2"])
    x, y = int(m["v1"]), int(m["v2"])
    if any(names):
        if None in names or {names[0].lower(), names[1].lower()} != {"x", "y"}:
            raise NotAnAnswer("label both coordinates, x and y, or neither")
        if names[0].lower() == "y":
            x, y = y, x
    return x, y, heading
