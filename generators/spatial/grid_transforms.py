"""Compose rotations and reflections of a letter grid; the answer is the resulting grid."""
from __future__ import annotations

import re
import string

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused, strip_brackets
from procgym.parsing import ParseError
from procgym.verdict import right, wrong


def rotate_cw(g):
    """Rotate 90 degrees clockwise: the first column, read bottom to top, becomes the first row."""
    return ["".join(row[c] for row in reversed(g)) for c in range(len(g[0]))]


def rotate_ccw(g):
    return ["".join(row[c] for row in g) for c in reversed(range(len(g[0])))]


def rotate_180(g):
    return [row[::-1] for row in reversed(g)]


def flip_lr(g):
    return [row[::-1] for row in g]


def flip_ud(g):
    return list(reversed(g))


def transpose(g):
    return ["".join(row[c] for row in g) for c in range(len(g[0]))]


def anti_transpose(g):
    return rotate_180(transpose(g))


# name -> (function, wording); the first four are the gentle menu of the low levels
TRANSFORMS = {
    "cw": (rotate_cw, "rotate the grid 90 degrees clockwise"),
    "lr": (flip_lr, "reflect the grid left-to-right (mirror each row)"),
    "ud": (flip_ud, "reflect the grid top-to-bottom (reverse the order of the rows)"),
    "180": (rotate_180, "rotate the grid 180 degrees"),
    "ccw": (rotate_ccw, "rotate the grid 90 degrees counterclockwise"),
    "tr": (transpose, "reflect the grid across its main diagonal (top-left to bottom-right), so rows become columns"),
    "atr": (anti_transpose, "reflect the grid across its anti-diagonal (top-right to bottom-left)"),
}


_ROWS = re.compile(r"[/;|]")
_CELL_GAPS = re.compile(r"[\s,]+")


def read_letter_grid(text: str) -> list[str]:
    """The rows of a letter-grid answer, upper-cased: rows separated by '/' (or ';', '|') or one
    per line, letters written together or separated by spaces or commas. NotAnAnswer for an
    empty row or anything but letters (a word would be read as a row and fail the shape)."""
    rows = []
    for line in strip_brackets(text).split("\n"):
        if not line.strip():
            continue
        for part in _ROWS.split(line):
            row = _CELL_GAPS.sub("", part)
            if not row:
                raise NotAnAnswer("the grid has an empty row: separate the rows with single '/'")
            if not row.isascii() or not row.isalpha():
                raise NotAnAnswer("write the grid as rows of letters separated by '/'")
            rows.append(row.upper())
    return rows


def apply_all(grid, ops):
    """The grid after applying the named transforms in order."""
    for op in ops:
        grid = TRANSFORMS[op][0](grid)
    return grid


# format examples; each problem shows one that is not its answer
_EXAMPLES = ("ABC/DEF", "DEF/ABC", "CBA/FED", "AD/BE/CF", "FED/CBA")


@register
class GridTransform(Task):
    """Apply a sequence of rotations and reflections to a small letter grid and give the result.
    Higher levels compose more transforms, use non-square grids (rotations change the shape),
    add diagonal reflections and repeat letters so cells cannot be tracked by letter alone."""

    name = "spatial/grid_transform"
    knobs = (
        Knob("n_ops", [1, 2, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 25], (1, 30),
             doc="transforms applied in sequence"),
        Knob("rows", [2, 2, 3, 3, (3, 4), (3, 4), (3, 5), (4, 5), (4, 6), (5, 6), (5, 6), (5, 7), (5, 7), (6, 7),
                      (6, 7), (6, 8), (6, 8), (7, 8), (7, 9), (8, 9)], (1, 10), doc="grid rows"),
        Knob("cols", [2, 3, 3, 3, (3, 4), (3, 5), (3, 5), (4, 5), (4, 6), (5, 6), (5, 6), (5, 7), (5, 7), (6, 7),
                      (6, 7), (6, 8), (6, 8), (7, 8), (7, 9), (8, 9)], (1, 10), doc="grid columns"),
        Knob("menu", [4, 4, 5, 5, 6, 7, 7, 7, 7, 7] + [7] * 10, (2, 7), doc="how many kinds of transform may appear"),
        Knob("alphabet", [26, 26, 26, 9, 6, 5, 4, 3, 3, 2] + [2] * 10, (2, 26), doc="distinct letters (few: repeats)"),
    )
    answer_format = "the resulting grid with its rows separated by '/' (or one row per line), e.g. ABC/DEF"
    example = "ABC/DEF"

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        letters = string.ascii_uppercase[:params["alphabet"]]
        if len(letters) >= rows * cols:
            cells = rng.sample(letters, rows * cols)
        else:
            cells = [rng.choice(letters) for _ in range(rows * cols)]
        grid = ["".join(cells[r * cols:(r + 1) * cols]) for r in range(rows)]
        menu = list(TRANSFORMS)[:params["menu"]]
        ops = [rng.choice(menu) for _ in range(params["n_ops"])]
        result = apply_all(grid, ops)
        steps = "\n".join(f"{i}. {TRANSFORMS[op][1]}" for i, op in enumerate(ops, 1))
        picture = "\n".join(grid)
        question = (f"Here is a grid of letters with {rows} rows and {cols} columns:\n{picture}\n\n"
                    f"Apply these transformations in order, each to the result of the previous one:\n{steps}\n\n"
                    "What is the final grid?")
        # every letter grid can be an answer: the example is drawn last, among those wrong here
        return Draft(question, "/".join(result), {"grid": result},
                     example=rng.choice([e for e in _EXAMPLES if e.split("/") != result]))

    def effort(self, problem):
        # each transform moves every cell of the grid once
        p = problem.params
        return p["n_ops"] * p["rows"] * p["cols"]

    def grade(self, answer, problem):
        expected = problem.check["grid"]
        try:
            rows = read_letter_grid(answer)
        except ParseError as exc:
            return refused(exc)
        if len(rows) != len(expected) or any(len(r) != len(expected[0]) for r in rows):
            return wrong(f"The final grid has {len(expected)} rows of {len(expected[0])} letters.")
        return right() if rows == expected else wrong("That is not the final grid.")
