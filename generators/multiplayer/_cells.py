"""Cells of a square board named by column letter and row number ("b3": column b, row 3), as the
board games of this folder write them; cell (row r, column c) of an n x n board is r * n + c."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym.kit.multiplayer import Illegal

_CELL = re.compile(r"([a-z])(\d{1,2})")


@lru_cache(maxsize=16)
def cell_names(n: int) -> tuple[str, ...]:
    """The name of every cell of an n x n board, by index."""
    return tuple(f"{chr(ord('a') + cell % n)}{cell // n + 1}" for cell in range(n * n))


def cell_name(cell: int, n: int) -> str:
    return cell_names(n)[cell]


def read_cell(text: str, n: int, example: str) -> int:
    """The index of the cell `text` names on an n x n board, or Illegal saying why."""
    found = _CELL.fullmatch(text)
    if not found:
        raise Illegal(f"{text[:20]!r} is not a cell: write a column letter and a row number, e.g. {example}.")
    col, row = ord(found.group(1)) - ord("a"), int(found.group(2)) - 1
    if not (0 <= col < n and 0 <= row < n):
        raise Illegal(f"the cell {text} is off the board: columns a-{chr(ord('a') + n - 1)}, rows 1-{n}.")
    return row * n + col
