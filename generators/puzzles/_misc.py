"""Helpers shared by the misc puzzle tasks (twenty_four, knights, sokoban, slitherlink, hashi,
battleship, tents, akari, numberlink): reading character grids, chess-style square names and
grid rendering with row and column counts.

    rows, why = read_char_grid("#..\n.#.\n...", 3, 3, "#.")   # (['#..', '.#.', '...'], '')
    square_name(0, 0, 5)    # 'a5': row 0 is the top row of a 5-row board
    parse_square("c2", 5, 4)  # (3, 2)
"""
from __future__ import annotations

import re

_ROW_SPLIT = re.compile(r"[\n,;]+")
_SPACE = re.compile(r"\s+")
FILES = "abcdefghijklmnopqrstuvwxyz"


def read_char_grid(text: str, h: int, w: int, allowed: str, upper: bool = True) -> tuple[list[str] | None, str]:
    """An h x w grid of characters from `allowed`, or (None, why it cannot be read).

    Rows are separated by newlines, commas or semicolons; whitespace inside a row is ignored
    (no allowed character is a space), and letters are read case-insensitively (upper-cased
    when `upper`). A single run of h*w characters is read in reading order. Brackets around
    the whole answer are ignored.
    """
    s = text.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    if upper:
        s = s.upper()
    rows = [_SPACE.sub("", r) for r in _ROW_SPLIT.split(s)]
    rows = [r for r in rows if r]
    if len(rows) == 1 and len(rows[0]) == h * w and h > 1:
        rows = [rows[0][i * w:(i + 1) * w] for i in range(h)]
    if len(rows) != h:
        return None, f"The grid must have {h} rows of {w} characters, one row per line; found {len(rows)} rows."
    for i, r in enumerate(rows):
        if len(r) != w:
            return None, f"Row {i + 1} has {len(r)} characters; every row must have {w}."
        bad = next((ch for ch in r if ch not in allowed), None)
        if bad is not None:
            shown = bad if bad.isprintable() and bad.isascii() else "?"
            return None, f"Row {i + 1} has the character {shown!r}; use only {', '.join(repr(a) for a in allowed)}."
    return rows, ""


def square_name(r: int, c: int, h: int) -> str:
    """Chess-style name of the cell in row r (0 = top) and column c (0 = left) of an h-row board:
    files a, b, c... from the left, ranks 1, 2, 3... from the bottom."""
    return f"{FILES[c]}{h - r}"


_SQUARE = re.compile(r"([a-z])(\d{1,2})")


def parse_square(text: str, h: int, w: int) -> tuple[int, int] | None:
    """(row, column) of a chess-style square name on an h x w board, or None."""
    m = _SQUARE.fullmatch(text.strip().lower())
    if not m:
        return None
    c, rank = FILES.index(m.group(1)), int(m.group(2))
    if c >= w or not 1 <= rank <= h:
        return None
    return h - rank, c


def board_text(cells: list[list[str]], h: int) -> str:
    """A board with rank numbers on the left and file letters below (chess style)."""
    w = len(cells[0])
    lines = [f"{h - r:>2} " + " ".join(cells[r]) for r in range(h)]
    lines.append("   " + " ".join(FILES[c] for c in range(w)))
    return "\n".join(lines)


def counts_grid_text(rows: list[str], row_counts: list[int], col_counts: list[int]) -> str:
    """A grid of characters (separated by spaces) with each row's count at its right and the
    column counts underneath."""
    width = max(len(str(n)) for n in col_counts)
    lines = [" ".join(r) + f"  {n}" for r, n in zip(rows, row_counts)]
    if width == 1:
        lines.append("")
        lines.append(" ".join(str(n) for n in col_counts))
    else:
        lines.append("")
        lines.append("column counts, left to right: " + " ".join(str(n) for n in col_counts))
    return "\n".join(lines)
