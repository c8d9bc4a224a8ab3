"""Helpers for the deduction games (hangman, battleship, minesweeper, ...): command words, grid
cells named like B4 (column letter, row number), board drawings and word lists in prose."""
from __future__ import annotations

import re
import string

COLUMNS = string.ascii_uppercase
_CELL = re.compile(r"^([a-z])\s*(\d{1,3})$|^(\d{1,3})\s*([a-z])$")


def strip_prefix(text: str, *words: str) -> str:
    """`text` without one leading command word from `words` followed by a space ("guess e" -> "e");
    a command word alone is left as it is (it may be the guess itself)."""
    for w in words:
        if text.startswith(w + " "):
            return text[len(w) + 1:].strip()
    return text


def cell_name(r: int, c: int) -> str:
    """Row r, column c (both from 0) as a name like B4: column letter, then row number from 1."""
    return f"{COLUMNS[c]}{r + 1}"


def parse_cell(text: str, rows: int, cols: int) -> tuple[tuple[int, int] | None, str | None]:
    """((row, col), None) for a cell name like B4 (also b4, B 4, 4B); (None, why) otherwise."""
    m = _CELL.match(text.strip())
    if not m:
        return None, f"write a cell as a column letter and a row number, e.g. {cell_name(rows - 1, 0)}"
    letter, number = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
    c, r = COLUMNS.index(letter.upper()), int(number) - 1
    if c >= cols or not 0 <= r < rows:
        return None, (f"{letter.upper()}{number} is off the board (columns A-{COLUMNS[cols - 1]}, "
                      f"rows 1-{rows})")
    return (r, c), None


def render_board(rows: int, cols: int, glyph) -> str:
    """A grid drawing: a header of column letters, then one line per row, numbered from 1;
    `glyph(r, c)` gives each cell's character."""
    width = len(str(rows))
    lines = [" " * (width + 1) + " ".join(COLUMNS[:cols])]
    for r in range(rows):
        lines.append(f"{r + 1:>{width}} " + " ".join(glyph(r, c) for c in range(cols)))
    return "\n".join(lines)


def neighbours8(r: int, c: int, rows: int, cols: int):
    """The up to eight cells around (r, c), in row-major order."""
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr or dc) and 0 <= r + dr < rows and 0 <= c + dc < cols:
                yield r + dr, c + dc


def policy_turns(task, problem) -> int:
    """The turns the task's reference policy takes to finish the episode (at most its budget): the
    steps of the reference solution, for `effort`."""
    state, turns, done = task.initial_state(problem), 0, False
    while not done and turns < task.budget(problem):
        state, _, _, done = task.step(problem, state, task.plan(problem, state))
        turns += 1
    return turns


def join_and(items) -> str:
    items = [str(i) for i in items]
    if len(items) <= 2:
        return " and ".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def join_or(items) -> str:
    items = [str(i) for i in items]
    if len(items) <= 2:
        return " or ".join(items)
    return ", ".join(items[:-1]) + " or " + items[-1]
