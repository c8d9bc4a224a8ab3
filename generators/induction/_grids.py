"""Square grids of coloured cells for the 2-D grid puzzles (induction category): the grid
operations a problem lists, the text of a grid, and the reader of a grid answer.

A grid is a string of n*n digits in reading order (0 is the background): strings hash fast,
permutations of cells are one itemgetter call and recolouring is one str.translate. Every
operation is (name, description, function), as the enumerator in _programs.py expects."""
from __future__ import annotations

import re
from functools import lru_cache
from operator import itemgetter

from procgym.kit import NotAnAnswer


@lru_cache(maxsize=None)
def _perm(n: int, kind: str):
    """An itemgetter that rearranges the cells of an n x n grid."""
    if kind == "rot_cw":  # new (i, j) takes old (n-1-j, i)
        idx = [(n - 1 - j) * n + i for i in range(n) for j in range(n)]
    elif kind == "rot_ccw":
        idx = [j * n + (n - 1 - i) for i in range(n) for j in range(n)]
    elif kind == "rot_180":
        idx = list(range(n * n - 1, -1, -1))
    elif kind == "mirror":
        idx = [i * n + (n - 1 - j) for i in range(n) for j in range(n)]
    elif kind == "flip":
        idx = [(n - 1 - i) * n + j for i in range(n) for j in range(n)]
    else:  # transpose
        idx = [j * n + i for i in range(n) for j in range(n)]
    return itemgetter(*idx)


def permute(g: str, kind: str) -> str:
    n = _side(g)
    return "".join(_perm(n, kind)(g))


@lru_cache(maxsize=None)
def _side_of(length: int) -> int:
    n = int(round(length ** 0.5))
    return n


def _side(g: str) -> int:
    return _side_of(len(g))


def _rows(g: str, n: int) -> list[str]:
    return [g[i:i + n] for i in range(0, n * n, n)]


def gravity_down(g: str) -> str:
    n = _side(g)
    cols = _rows(permute(g, "transpose"), n)  # each column, top to bottom
    return permute("".join(c.replace("0", "").rjust(n, "0") for c in cols), "transpose")


def gravity_up(g: str) -> str:
    n = _side(g)
    cols = _rows(permute(g, "transpose"), n)
    return permute("".join(c.replace("0", "").ljust(n, "0") for c in cols), "transpose")


def gravity_left(g: str) -> str:
    n = _side(g)
    return "".join(r.replace("0", "").ljust(n, "0") for r in _rows(g, n))


def shift_down(g: str) -> str:
    n = _side(g)
    return "0" * n + g[:-n]


@lru_cache(maxsize=None)
def _edge_masks(n: int) -> tuple[int, int, int]:
    """Bit masks over the n*n cells (bit i = cell i from the left of the string): all cells, and
    the cells not in the first column and not in the last column."""
    size = n * n
    full = (1 << size) - 1
    first = sum(1 << (size - 1 - i * n) for i in range(n))  # the bit of column 0 in each row
    last = sum(1 << (size - 1 - (i * n + n - 1)) for i in range(n))
    return full, full & ~first, full & ~last


_NONZERO = str.maketrans("0123456789", "0111111111")


def outline_fill(g: str, c: int) -> str:
    """Colour c on every background cell that touches (up, down, left, right) a non-background
    cell; the neighbourhood test is done on a bit mask of the coloured cells, shifted four ways."""
    n = _side(g)
    full, not_first, not_last = _edge_masks(n)
    bits = int(g.translate(_NONZERO), 2)
    # a cell's right neighbour is the next lower bit; moving a bit up marks its left neighbour
    near = ((bits << 1) & not_last) | ((bits >> 1) & not_first) | ((bits << n) & full) | (bits >> n)
    near &= ~bits
    marks = format(near, "0%db" % (n * n))
    mark = str(c)
    return "".join(mark if m == "1" else v for v, m in zip(g, marks))


def grid_operations(palette) -> list:
    """(name, description, function) for every grid operation a problem may list."""
    return list(_grid_operations(tuple(palette)))


@lru_cache(maxsize=256)
def _grid_operations(palette: tuple) -> tuple:
    ops = [
        ("rotate right", "rotate the grid 90 degrees clockwise", lambda g: permute(g, "rot_cw")),
        ("rotate left", "rotate the grid 90 degrees counterclockwise", lambda g: permute(g, "rot_ccw")),
        ("rotate 180", "rotate the grid 180 degrees", lambda g: permute(g, "rot_180")),
        ("mirror", "mirror the grid left to right (reverse each row)", lambda g: permute(g, "mirror")),
        ("flip", "flip the grid upside down (reverse the order of the rows)", lambda g: permute(g, "flip")),
        ("transpose", "swap rows and columns (the first row becomes the first column)",
         lambda g: permute(g, "transpose")),
        ("gravity down", "let every coloured cell fall to the bottom of its column, keeping their order",
         gravity_down),
        ("gravity up", "let every coloured cell rise to the top of its column, keeping their order", gravity_up),
        ("gravity left", "slide every coloured cell to the left end of its row, keeping their order", gravity_left),
        ("shift down", "move every cell one row down; the bottom row disappears and the top row becomes 0s",
         shift_down),
    ]
    for a in palette:
        for b in range(1, 10):
            if a != b:
                ops.append((f"recolor {a} to {b}", f"change every cell of colour {a} to colour {b}",
                            (lambda t: lambda g: g.translate(t))(str.maketrans(str(a), str(b)))))
    for i, a in enumerate(palette):
        for b in palette[i + 1:]:
            ops.append((f"swap {a} and {b}", f"exchange colours {a} and {b} everywhere",
                        (lambda t: lambda g: g.translate(t))(str.maketrans(f"{a}{b}", f"{b}{a}"))))
    for c in range(1, 10):
        ops.append((f"outline {c}", f"colour {c} every 0 cell that touches a coloured cell up, down, left or right",
                    (lambda c: lambda g: outline_fill(g, c))(c)))
    return tuple(ops)


def grid_text(g: str) -> str:
    """Rows separated by '/'."""
    n = _side(g)
    return "/".join(_rows(g, n))


_GRID_CHARS = re.compile(r"[0-9/;|,\s\[\]()]*")


def read_square_grid(answer: str, n: int) -> str:
    """An n x n grid of digits as a digit string in reading order. Rows may be separated by '/',
    ';', '|' or line breaks (or by spaces when all rows are on one line), digits within a row by
    spaces or commas, and brackets may group them ([[1,2],[3,4]]); the n*n digits as one block
    are read in reading order. Any other character (a word, a minus sign) is refused, and so
    is a grid of another size."""
    s = answer.strip()
    if len(s) > 2000 or not _GRID_CHARS.fullmatch(s):
        raise NotAnAnswer(f"write {n} rows of {n} digits, separated by /")
    s = re.sub(r"[\[\]()]", " ", s)
    rows = [r for r in re.split(r"[/;|\n]+", s) if r.strip()]
    if len(rows) == 1:
        rows = rows[0].split()
    rows = [t for t in (re.sub(r"[\s,]", "", r) for r in rows) if t]
    if len(rows) == n and all(len(r) == n for r in rows):
        return "".join(rows)
    if len(rows) == 1 and len(rows[0]) == n * n:
        return rows[0]  # all the digits in reading order
    raise NotAnAnswer(f"write {n} rows of {n} digits, separated by /")
