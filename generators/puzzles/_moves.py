"""Helpers for the move, placement and deduction puzzles (queens, lights out, minesweeper, peg
solitaire, tiling, sliding tiles, water jugs, river crossing, Hanoi variants, cryptarithms):
cell names, board rendering and strict list parsing.

Cells are named spreadsheet-style: a column letter then a row number, A1 being the top-left
cell. Parsers tolerate whitespace and case, and nothing that changes meaning; their errors
are one short sentence that says what was wrong.

    cell_name(2, 1)                          # "B3"
    parse_cell(" b3 ", 4, 4)                 # (2, 1)
    parse_cells("A1, b2", 4, 4)              # [(0, 0), (1, 1)]
    render_board([".Q", "Q."])               # a board with column letters and row numbers
"""
from __future__ import annotations

import re

from procgym.parsing import ParseError, clean

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_ITEMS = 2_000  # items of one list answer: longer lists are refused before any work

_CELL = re.compile(r"([A-Za-z])\s*(\d{1,3})")


def cell_name(r: int, c: int) -> str:
    """The name of the cell in row r, column c (both from 0): column letter, then row number."""
    return f"{LETTERS[c]}{r + 1}"


def show(text: str, n: int = 24) -> str:
    """A short quoted preview of model text for feedback."""
    text = str(text)
    return repr(text if len(text) <= n else text[:n] + "...")


def parse_cell(text: str, rows: int, cols: int) -> tuple[int, int]:
    """(row, col) from a cell name like "C4" (case and inner spaces tolerated)."""
    t = text.strip()
    m = _CELL.fullmatch(t)
    if not m:
        raise ParseError(f"{show(t)} is not a cell name like B3")
    c = ord(m.group(1).upper()) - ord("A")
    r = int(m.group(2)) - 1
    if not (0 <= r < rows and 0 <= c < cols):
        raise ParseError(f"{m.group(1).upper()}{m.group(2)} is not on the board")
    return r, c


def split_items(answer: str, what: str = "item") -> list[str]:
    """The items of a comma-separated answer: one pair of outer brackets is dropped, items are
    stripped, and an empty item (",," or a trailing comma) is an error, not silently skipped."""
    s = clean(answer)
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    if not s.strip():
        return []
    if s.count(",") >= MAX_ITEMS:
        raise ParseError(f"the list has more than {MAX_ITEMS} {what}s")
    items = [p.strip() for p in s.split(",")]
    for i, item in enumerate(items, 1):
        if not item:
            raise ParseError(f"{what} {i} of the list is empty")
    return items


def parse_cells(answer: str, rows: int, cols: int) -> list[tuple[int, int]]:
    """A comma-separated list of cell names, in the order given (duplicates kept)."""
    return [parse_cell(item, rows, cols) for item in split_items(answer, "cell")]


def is_none(answer: str) -> bool:
    """Whether the answer is the word "none" (case, spaces and a final period tolerated)."""
    return clean(answer).strip().rstrip(".").strip().lower() == "none"


def render_board(rows: list[str], gap: str = " ") -> str:
    """A board (one string per row, one character per cell) with column letters on top and
    row numbers on the left."""
    width = len(str(len(rows)))
    cols = max((len(r) for r in rows), default=0)
    head = " " * (width + 2) + gap.join(LETTERS[:cols])
    body = [f"{i + 1:>{width}}  " + gap.join(row) for i, row in enumerate(rows)]
    return "\n".join([head] + body)


def neighbours4(r: int, c: int, rows: int, cols: int):
    """The orthogonal neighbours of (r, c) inside a rows x cols board."""
    if r > 0:
        yield r - 1, c
    if r + 1 < rows:
        yield r + 1, c
    if c > 0:
        yield r, c - 1
    if c + 1 < cols:
        yield r, c + 1


def neighbours8(r: int, c: int, rows: int, cols: int):
    """The up to eight neighbours of (r, c), diagonals included."""
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield r + dr, c + dc


def ordinal_list(items: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
