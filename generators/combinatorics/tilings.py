"""Tilings of a board with dominoes (and unit squares), counted by a broken-profile DP."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask


def count_tilings(board: list[str], squares: bool, stats=None) -> int:
    """Tilings of the '.' cells of `board` ('#' cells are cut out) by 1x2 dominoes in either
    direction (and 1x1 squares when `squares`). Cells are taken in reading order; the state is the
    mask of the next `width` cells already covered by a vertical domino from above or a horizontal
    one from the left."""
    if len(board[0]) > len(board):  # the profile runs across the shorter side
        board = ["".join(col) for col in zip(*board)]
    h, w = len(board), len(board[0])
    free = [[ch == "." for ch in row] for row in board]
    ways = {0: 1}
    for r in range(h):
        for c in range(w):
            nxt: dict = {}
            for mask, count in ways.items():
                if mask & 1 or not free[r][c]:
                    if mask & 1 and not free[r][c]:
                        continue
                    key = mask >> 1
                    nxt[key] = nxt.get(key, 0) + count
                    continue
                if squares:
                    nxt[mask >> 1] = nxt.get(mask >> 1, 0) + count
                if c + 1 < w and free[r][c + 1] and not mask & 2:
                    key = (mask | 2) >> 1
                    nxt[key] = nxt.get(key, 0) + count
                if r + 1 < h and free[r + 1][c]:
                    key = (mask | (1 << w)) >> 1
                    nxt[key] = nxt.get(key, 0) + count
            if stats is not None:
                stats["cells"] += len(ways)
            ways = nxt
    return ways.get(0, 0)


@register
class BoardTilings(CountTask):
    """Count the ways to tile a board drawn in the prompt with dominoes (and, at some levels, unit
    squares too), where some cells are cut out. Levels widen and lengthen the board and cut more
    cells, so the count needs a state DP across the board rather than a one-line recurrence."""

    name = "combinatorics/board_tilings"
    knobs = (
        Knob("width", [2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6], (1, 9), doc="rows of the board"),
        Knob("length", [(3, 5), (4, 6), (5, 7), (6, 8), (6, 8), (7, 9), (8, 10), (9, 11), (10, 12), (10, 12),
                        (11, 13), (12, 14), (13, 15), (13, 15), (14, 16), (15, 17), (16, 18), (16, 18), (17, 19),
                        (18, 20)],
             (2, 30), doc="columns of the board"),
        Knob("holes", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9], (0, 20),
             doc="cells cut out of the board"),
        Knob("pieces", ["dominoes", "dominoes", "either"] + ["either"] * 17, choices=("dominoes", "either"),
             doc="dominoes only, or sometimes dominoes and unit squares"),
    )

    def build(self, rng, params):
        h, w = params["width"], params["length"]
        squares = params["pieces"] == "either" and rng.random() < 0.4
        count, board = 0, []
        for _ in range(40):
            cells = [(r, c) for r in range(h) for c in range(w)]
            holes = set(rng.sample(cells, min(params["holes"], h * w - 2)))
            if not squares and (h * w - len(holes)) % 2:  # dominoes cover an even number of cells
                holes.add(rng.choice([cell for cell in cells if cell not in holes]))
            board = ["".join("#" if (r, c) in holes else "." for c in range(w)) for r in range(h)]
            count = count_tilings(board, squares)
            if count > 0:
                break
        else:  # nothing tileable drawn: the full board, made even
            w += (h * w) % 2
            board = ["." * w for _ in range(h)]
        stats = {"cells": 0}
        count = count_tilings(board, squares, stats)
        drawing = "\n".join(board)
        pieces = ("dominoes (1x2 pieces, placed horizontally or vertically) and unit squares (1x1 pieces)"
                  if squares else "dominoes (1x2 pieces, placed horizontally or vertically)")
        cut = " The cells marked # are cut out and must stay uncovered." if "#" in drawing else ""
        question = (f"Here is a board of {h} rows and {w} columns; . is a cell to cover.{cut}\n\n{drawing}\n\n"
                    f"In how many ways can every . cell be covered by {pieces}, with no overlaps and nothing "
                    f"hanging off the board? All pieces of one shape are identical; two tilings differ when "
                    f"some piece lies on different cells.")
        return Draft(question, str(count), {"count": count, "board": board, "squares": squares,
                                            "cells": stats["cells"]})

    def effort(self, problem):
        return problem.check["cells"]
