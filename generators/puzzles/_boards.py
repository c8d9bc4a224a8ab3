"""Boards of cells for the puzzles: cell names, board pictures, neighbours, and the strict
readers of board answers (cell lists, character grids, number grids).

Two naming schemes: spreadsheet style for the placement and move puzzles (a column letter then
a row number, A1 the top-left cell) and chess style for the knight puzzles (a file letter then
a rank number, a1 the bottom-left square). Readers consume the whole answer and raise
`NotAnAnswer` with a one-sentence reason: a word, a second candidate or a missing row is never
skipped over.

    cell_name(2, 1)                              # "B3"
    read_cell(" b3 ", 4, 4)                      # (2, 1)
    read_cells("A1, b2", 4, 4)                   # [(0, 0), (1, 1)]
    square_name(0, 0, 5)                         # "a5": row 0 is the top row of a 5-row board
    parse_square("c2", 5, 4)                     # (3, 2)
    read_char_grid("#..\\n.#.\\n...", 3, 3, "#.")  # ['#..', '.#.', '...']
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview, read_items, strip_brackets

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
FILES = "abcdefghijklmnopqrstuvwxyz"


# ---------------------------------------------------------------- spreadsheet-style cells

_CELL = re.compile(r"([A-Za-z])\s*(\d{1,3})")


def cell_name(r: int, c: int) -> str:
    """The name of the cell in row r, column c (both from 0): column letter, then row number."""
    return f"{LETTERS[c]}{r + 1}"


def read_cell(text: str, rows: int, cols: int) -> tuple[int, int]:
    """(row, col) from a cell name like "C4" (either case); NotAnAnswer when it is not one or
    lies off the board."""
    t = text.strip()
    m = _CELL.fullmatch(t)
    if not m:
        raise NotAnAnswer(f"{preview(t, 24)} is not a cell name like B3")
    c = ord(m.group(1).upper()) - ord("A")
    r = int(m.group(2)) - 1
    if not (0 <= r < rows and 0 <= c < cols):
        raise NotAnAnswer(f"{m.group(1).upper()}{m.group(2)} is not on the board")
    return r, c


def read_cells(text: str, rows: int, cols: int) -> list[tuple[int, int]]:
    """A comma-separated list of cell names (one optional pair of brackets around it), in the
    order given; repeats are kept for the caller to judge."""
    return [read_cell(item, rows, cols) for item in read_items(text)]


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


# ---------------------------------------------------------------- chess-style squares

_SQUARE = re.compile(r"([a-z])(\d{1,2})")


def square_name(r: int, c: int, h: int) -> str:
    """Chess-style name of the cell in row r (0 = top) and column c (0 = left) of an h-row board:
    files a, b, c... from the left, ranks 1, 2, 3... from the bottom."""
    return f"{FILES[c]}{h - r}"


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


# ---------------------------------------------------------------- grid answers

_SPACE = re.compile(r"\s+")
_ROW_SEPARATORS = re.compile(r"[,;]")


def read_char_grid(text: str, rows: int, cols: int, allowed: str, what: str | None = None) -> list[str]:
    """An answer grid of one-character cells as `rows` strings of `cols` characters from
    `allowed`; NotAnAnswer says why not. `what` names the allowed characters in the feedback.

    One row per line; spaces between the cells of a row and a comma or semicolon at the end of
    a line are ignored. A one-line answer may separate its rows by commas, semicolons or
    spaces, or give all rows*cols cells in one run. One pair of brackets around the whole
    answer is ignored, and letters match `allowed` in either case. The rows must be exactly
    the grid: a missing or extra row or cell, or any other character (a word, a second grid),
    is refused. For grids with '.' cells (tasks that keep the full stop) one '.' beyond the last
    row is read as the sentence's full stop when that row is otherwise complete.
    """
    s = strip_brackets(text)
    lines = [line.strip() for line in s.split("\n") if line.strip()]
    if len(lines) == 1 and rows > 1:
        line = lines[0]
        parts = [p.strip() for p in _ROW_SEPARATORS.split(line)]
        if len(parts) == 1:
            parts = line.split()
        if len(parts) == 1 and len(line) in (rows * cols, rows * cols + 1):
            parts = [line[i * cols:(i + 1) * cols] for i in range(rows - 1)] + [line[(rows - 1) * cols:]]
        if any(not p for p in parts):
            raise NotAnAnswer("the grid has an empty row: separate the rows with single line breaks")
        lines = parts
    else:
        lines = [line[:-1] if line[-1] in ",;" else line for line in lines]
    grid = [_SPACE.sub("", line) for line in lines]
    if len(grid) == rows and grid and len(grid[-1]) == cols + 1 and grid[-1].endswith(".") and "." in allowed:
        grid[-1] = grid[-1][:-1]  # the full stop that ends the sentence, after a complete last row
    fold = {ch.lower(): ch for ch in allowed if ch.isalpha()}
    fold.update({ch.upper(): ch for ch in allowed if ch.isalpha()})
    grid = ["".join(fold.get(ch, ch) for ch in row) for row in grid]
    if len(grid) != rows:
        raise NotAnAnswer(f"the grid must have {rows} rows, one per line, not {len(grid)}")
    names = what or ", ".join(repr(a) for a in allowed)
    for r, row in enumerate(grid):
        bad = next((ch for ch in row if ch not in allowed), None)
        if bad is not None:
            shown = bad if bad.isprintable() and bad.isascii() else "?"
            raise NotAnAnswer(f"row {r + 1} has the character {shown!r}; use only {names}")
        if len(row) != cols:
            raise NotAnAnswer(f"row {r + 1} has {len(row)} cells, not {cols}")
    return grid


_NUMBER_LINE = re.compile(r"[0-9\s,;|\[\]()]*")


def read_number_grid(text: str, rows: int, cols: int, lo: int, hi: int) -> list[int]:
    """The rows*cols whole numbers of an answer grid in reading order; NotAnAnswer says why not.

    Numbers are separated by spaces, commas, semicolons or line breaks; brackets and | are
    ignored. A grid over several lines holds one row per line. Each number lies in lo..hi.
    """
    lines = [line for line in text.split("\n") if line.strip()]
    if not all(_NUMBER_LINE.fullmatch(line) for line in lines):
        raise NotAnAnswer("write the grid with whole numbers only, one row per line")
    per_line = [re.findall(r"\d+", line) for line in lines]
    numbers = [s for entries in per_line for s in entries]
    if len(numbers) != rows * cols:
        raise NotAnAnswer(f"the grid must have {rows} rows of {cols} numbers ({rows * cols} numbers), "
                          f"not {len(numbers)}")
    filled = [entries for entries in per_line if entries]
    if len(filled) > 1:
        for r, entries in enumerate(filled):
            if len(entries) != cols:
                raise NotAnAnswer(f"row {r + 1} has {len(entries)} numbers, not {cols}; write one row per line")
    values = []
    for i, s in enumerate(numbers):
        if len(s) > 6 or not lo <= int(s) <= hi:
            raise NotAnAnswer(f"row {i // cols + 1}, column {i % cols + 1} holds {s[:8]}, which is not "
                              f"from {lo} to {hi}")
        values.append(int(s))
    return values
