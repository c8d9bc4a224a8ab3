"""Regions of a grid of cells numbered in reading order (i = r * cols + c): neighbours,
connected pieces, random cage partitions, region maps and the r1c1 cell names the constraint
puzzles use in their feedback.

    components({0, 1, 5}, 2, 4)     # [[0, 1, 5]]: 0-1 and 1-5 share an edge
    rc_name(5, 4)                   # "r2c2"
"""
from __future__ import annotations


def neighbours(i: int, rows: int, cols: int) -> list[int]:
    r, c = divmod(i, cols)
    out = []
    if r:
        out.append(i - cols)
    if r + 1 < rows:
        out.append(i + cols)
    if c:
        out.append(i - 1)
    if c + 1 < cols:
        out.append(i + 1)
    return out


def random_cages(rng, rows: int, cols: int, sizes, fits=None) -> list[list[int]]:
    """Partition the grid into connected cages. For each cage (started at the first free cell
    in a random order) a target size is drawn from `sizes` (a list to pick from) and the cage
    grows by random free neighbours while `fits(cage, cell)` allows. Cages are sorted by their
    first cell in reading order, cells inside a cage too."""
    owner = [-1] * (rows * cols)
    order = list(range(rows * cols))
    rng.shuffle(order)
    cages: list[list[int]] = []
    for start in order:
        if owner[start] >= 0:
            continue
        target = sizes[rng.randrange(len(sizes))]
        cage = [start]
        owner[start] = len(cages)
        while len(cage) < target:
            frontier = sorted({nb for c in cage for nb in neighbours(c, rows, cols) if owner[nb] < 0})
            if fits is not None:
                frontier = [nb for nb in frontier if fits(cage, nb)]
            if not frontier:
                break
            nb = frontier[rng.randrange(len(frontier))]
            owner[nb] = len(cages)
            cage.append(nb)
        cages.append(cage)
    cages = [sorted(c) for c in cages]
    cages.sort()
    return cages


def components(cells, rows: int, cols: int) -> list[list[int]]:
    """The orthogonally connected pieces of a set of cells, each sorted, in reading order."""
    left = set(cells)
    pieces = []
    for start in sorted(cells):
        if start not in left:
            continue
        left.discard(start)
        piece, todo = [start], [start]
        while todo:
            c = todo.pop()
            for nb in neighbours(c, rows, cols):
                if nb in left:
                    left.discard(nb)
                    piece.append(nb)
                    todo.append(nb)
        pieces.append(sorted(piece))
    return pieces


def rc_name(i: int, cols: int) -> str:
    r, c = divmod(i, cols)
    return f"r{r + 1}c{c + 1}"


def region_labels(k: int) -> list[str]:
    """Labels for k regions: A..Z, then a..z (one character each, so a map stays a grid)."""
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    if k > len(alphabet):
        raise ValueError(f"at most {len(alphabet)} regions, asked for {k}")
    return list(alphabet[:k])


def region_map(groups, rows: int, cols: int, labels=None) -> list[str]:
    """Rows of one label character per cell: which group each cell belongs to."""
    labels = labels or region_labels(len(groups))
    grid = ["?"] * (rows * cols)
    for g, cells in enumerate(groups):
        for c in cells:
            grid[c] = labels[g]
    return ["".join(grid[r * cols:(r + 1) * cols]) for r in range(rows)]


def spaced(rows_: list[str]) -> str:
    """Rows of one-character cells, shown with a space between cells."""
    return "\n".join(" ".join(row) for row in rows_)
