"""Helpers shared by the spatial tasks: compass headings, grid rendering and tolerant grid and
coordinate readers for answers."""
from __future__ import annotations

import re

# headings clockwise from north; x grows to the east, y grows to the north
HEADINGS = ("north", "east", "south", "west")
STEP = {"north": (0, 1), "east": (1, 0), "south": (0, -1), "west": (-1, 0)}
HEADING_ALIASES = {"n": "north", "e": "east", "s": "south", "w": "west",
                   **{h: h for h in HEADINGS}}


def turn(heading: str, quarter_turns: int) -> str:
    """The heading after `quarter_turns` clockwise quarter turns (negative: counterclockwise)."""
    return HEADINGS[(HEADINGS.index(heading) + quarter_turns) % 4]


def render(grid) -> str:
    """A grid (a list of equal-length strings) as text, one row per line."""
    return "\n".join(grid)


_FENCE = re.compile(r"^`{1,3}[a-z]*|`{1,3}$")


def parse_grid(text: str, width_hint: int | None = None) -> list[str] | None:
    """Rows of a grid answer: rows separated by newlines, '/', '|' or ';'; spaces and commas
    between cells are ignored; surrounding brackets, quotes and code fences are dropped.
    Returns None when no row is found."""
    if not isinstance(text, str) or len(text) > 5_000:
        return None
    s = _FENCE.sub("", text.strip()).strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}", '""', "''"):
        s = s[1:-1]
    rows = []
    for part in re.split(r"[\n/|;]", s):
        row = re.sub(r"[\s,'\"\[\]]", "", part)
        if row:
            rows.append(row)
    return rows or None


_INT = re.compile(r"[+-]?\d{1,9}")


def find_ints(text: str, limit: int = 20) -> list[int] | None:
    """All integers in a short text (None when the text is long or has too many)."""
    found = _INT.findall(text.replace("\u2212", "-")[:2_000])
    return None if len(found) > limit else [int(v) for v in found]
