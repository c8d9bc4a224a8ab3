"""Tiling a board with holes by dominoes or polyominoes: a tiling checked by its constraints, or
"none" when a search proves no tiling exists."""
from __future__ import annotations

from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import cell_name, neighbours4, read_char_grid, render_board

CELLS = "#" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"  # a hole, or the label of the piece on a cell
SHAPES = {
    "domino": ((0, 0), (0, 1)),
    "I-tromino": ((0, 0), (0, 1), (0, 2)),
    "L-tromino": ((0, 0), (1, 0), (1, 1)),
    "T-tetromino": ((0, 0), (0, 1), (0, 2), (1, 1)),
    "L-tetromino": ((0, 0), (1, 0), (2, 0), (2, 1)),
}
PIECE_SETS = {
    "domino": ("domino",),
    "i_tromino": ("I-tromino",),
    "l_tromino": ("L-tromino",),
    "trominoes": ("I-tromino", "L-tromino"),
    "t_tetromino": ("T-tetromino",),
    "l_tetromino": ("L-tetromino",),
    "domino_l_tromino": ("domino", "L-tromino"),
}
DESCRIBE = {
    "domino": "dominoes (1x2 rectangles)",
    "I-tromino": "straight trominoes (1x3 rectangles)",
    "L-tromino": "L-trominoes (three cells in an L: a 2x2 square missing one cell)",
    "T-tetromino": "T-tetrominoes (three cells in a row plus one cell below the middle one)",
    "L-tetromino": "L-tetrominoes (three cells in a column plus one cell beside the bottom one)",
}
MAX_STATES = 300_000  # a safety bound on the exact-cover search; boards here need far fewer


class SearchBound(ValueError):
    """The exact-cover search ran past MAX_STATES."""


def orientations(shape) -> list[frozenset]:
    """Every rotation and reflection of a shape, each normalised to touch row 0 and column 0."""
    out = set()
    cells = list(shape)
    for _ in range(2):
        for _ in range(4):
            cells = [(c, -r) for r, c in cells]
            mr, mc = min(r for r, _ in cells), min(c for _, c in cells)
            out.add(frozenset((r - mr, c - mc) for r, c in cells))
        cells = [(r, -c) for r, c in cells]
    return sorted(out, key=sorted)


@lru_cache(maxsize=None)
def shape_forms(piece: str) -> frozenset:
    return frozenset(orientations(SHAPES[piece]))


@lru_cache(maxsize=64)
def placements(rows: int, cols: int, pieces: tuple[str, ...]) -> list[list[int]]:
    """For each cell, the bit masks of every piece placement whose first cell (in reading
    order) is that cell."""
    out: list[list[int]] = [[] for _ in range(rows * cols)]
    for piece in pieces:
        for form in orientations(SHAPES[piece]):
            cells = sorted(form)
            ar, ac = cells[0]
            for r in range(rows):
                for c in range(cols):
                    placed = [(r + dr - ar, c + dc - ac) for dr, dc in cells]
                    if all(0 <= x < rows and 0 <= y < cols for x, y in placed):
                        out[r * cols + c].append(sum(1 << (x * cols + y) for x, y in placed))
    return out


def solve_tiling(free: int, rows: int, cols: int, pieces: tuple[str, ...]) -> list[int] | None:
    """Placements (bit masks) that cover exactly the `free` cells, or None when none exists.

    Exact-cover search: the first uncovered cell in reading order must be the first cell of
    some piece, so only placements anchored there are tried; uncovered sets already shown to
    be untileable are remembered, which makes the search a dynamic program over frontiers.
    Raises SearchBound past MAX_STATES expanded sets."""
    table = placements(rows, cols, pieces)
    dead: set[int] = set()
    chosen: list[int] = []
    budget = [MAX_STATES]

    def search(left: int) -> bool:
        if not left:
            return True
        if left in dead:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            raise SearchBound("the tiling search ran past its bound: use a smaller board")
        first = (left & -left).bit_length() - 1
        for m in table[first]:
            if m & left == m:
                chosen.append(m)
                if search(left ^ m):
                    return True
                chosen.pop()
        dead.add(left)
        return False

    return list(chosen) if search(free) else None


def label_tiling(tiles: list[int], rows: int, cols: int, holes: set) -> list[str]:
    """Grid rows with a letter per piece, touching pieces always different, holes as '#'."""
    owner = {}
    for k, m in enumerate(tiles):
        i = 0
        while m:
            if m & 1:
                owner[divmod(i, cols)] = k
            m >>= 1
            i += 1
    letter: dict[int, str] = {}
    for k in range(len(tiles)):
        cells = [x for x, o in owner.items() if o == k]
        near = {letter.get(owner.get(y)) for x in cells for y in neighbours4(*x, rows, cols)}
        letter[k] = next(ch for ch in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if ch not in near)
    return ["".join("#" if (r, c) in holes else letter[owner[(r, c)]] for c in range(cols)) for r in range(rows)]


def tiling_problem(grid: list[str], c: dict) -> str | None:
    """Why an answer grid (rows of CELLS) is not a tiling of the board in the check `c`, or None
    when it is."""
    board = c["board"]
    rows, cols = len(board), len(board[0])
    for r in range(rows):
        for k in range(cols):
            ch, hole = grid[r][k], board[r][k] == "#"
            if hole and ch != "#":
                return f"{cell_name(r, k)} is a hole and must stay #."
            if not hole and ch == "#":
                return f"{cell_name(r, k)} is not a hole: every '.' cell must be covered."
            if not hole and not (ch.isascii() and ch.isalnum()):
                return f"{cell_name(r, k)} holds {ch!r}: label covered cells with letters."
    forms = {}
    for p in c["pieces"]:
        for f in shape_forms(p):
            forms[f] = p
    sizes = sorted({len(SHAPES[p]) for p in c["pieces"]})
    seen = set()
    for r in range(rows):
        for k in range(cols):
            if (r, k) in seen or grid[r][k] == "#":
                continue
            label = grid[r][k]
            piece, stack = [], [(r, k)]
            seen.add((r, k))
            while stack:
                x = stack.pop()
                piece.append(x)
                for y in neighbours4(*x, rows, cols):
                    if y not in seen and grid[y[0]][y[1]] == label:
                        seen.add(y)
                        stack.append(y)
            mr, mc = min(x for x, _ in piece), min(y for _, y in piece)
            shape = frozenset((x - mr, y - mc) for x, y in piece)
            if shape not in forms:
                where = cell_name(*min(piece))
                if len(piece) not in sizes:
                    return (f"The {len(piece)} touching cells labelled {label} from {where} are not one "
                            "piece: touching pieces need different letters.")
                return f"The cells labelled {label} from {where} do not form an allowed piece."
    if not c["tileable"]:  # unreachable for a valid grid: the search proved no tiling exists
        return "That is not a valid tiling."
    return None


@register
class PolyominoTiling(Task):
    """Tile a board with holes by the given pieces (dominoes, trominoes or tetrominoes, rotations
    and reflections allowed), or answer none when no tiling exists. A tileable board comes from
    randomly tiling a board around some holes (cells no piece fits become holes too); an
    untileable one moves holes of such a board until an exact-cover search proves no tiling is
    left, keeping the cell count a multiple of the piece size (and, for dominoes, the two
    checkerboard colours equal), so no counting argument settles it. Any valid tiling is
    accepted; the reference comes from the search. Higher levels grow the board, move to
    trominoes and tetrominoes, and more often pose boards with no tiling."""

    name = "puzzles/polyomino_tiling"
    knobs = (
        Knob("rows", [2, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 11, 12, 12], (2, 14),
             doc="rows of the board"),
        Knob("cols", [4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 9, 10, 10, 11, 11, 11, 12, 12, 12], (2, 14),
             doc="columns of the board"),
        Knob("pieces", [["domino"], ["domino"], ["domino"], ["domino", "i_tromino"],
                        ["domino", "l_tromino", "i_tromino"], ["l_tromino", "trominoes", "domino_l_tromino"],
                        ["trominoes", "l_tromino", "t_tetromino"], ["l_tetromino", "t_tetromino", "trominoes"],
                        ["l_tetromino", "t_tetromino", "l_tromino"], ["l_tetromino", "t_tetromino", "trominoes"]]
             + [["l_tetromino", "t_tetromino", "l_tromino"]] * 10,
             choices=tuple(PIECE_SETS), doc="the piece set"),
        Knob("holes", [2, 2, 2, 3, 3, 4, 4, 5, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12], (0, 60),
             doc="holes placed before tiling"),
        Knob("impossible", [False, False, [False, True], [False, True], [False, True], [False, True],
                            [False, True], [False, False, True], [False, True], [False, True]] + [[False, True]] * 10,
             doc="pose a board that has no tiling"),
    )
    answer_format = ("the tiled board as rows separated by new lines or commas, each row one character per cell: "
                     "# for a hole and a letter for each covered cell, touching pieces with different letters "
                     "(a letter may be reused for pieces that do not touch); or none if no tiling exists")
    example = "AAB,#CB"  # C alone is one cell, smaller than every piece: never an answer

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        pieces = PIECE_SETS[params["pieces"]]
        n = rows * cols
        table = placements(rows, cols, pieces)
        size = min(len(SHAPES[p]) for p in pieces)
        for attempt in range(30):
            holes = set(rng.sample(range(n), min(params["holes"], n - size)))
            covered = 0
            free = [i for i in range(n) if i not in holes]
            for i in free:  # random greedy tiling in reading order; cells no piece fits become holes
                if covered >> i & 1:
                    continue
                fits = [m for m in table[i] if not m & covered and not any(m >> h & 1 for h in holes)]
                if fits:
                    covered |= rng.choice(fits)
                else:
                    holes.add(i)
            if covered:
                break
        # the greedy fill leaves its stray holes near the end of the reading order: flip the board
        flip_r, flip_c = rng.random() < 0.5, rng.random() < 0.5
        tileable = 0
        for i in range(n):
            if covered >> i & 1:
                r, c = divmod(i, cols)
                tileable |= 1 << ((rows - 1 - r if flip_r else r) * cols + (cols - 1 - c if flip_c else c))
        if params["impossible"]:
            board = self._untileable(rng, tileable, rows, cols, pieces)
            if board is not None:
                tileable = board
        tiles = solve_tiling(tileable, rows, cols, pieces)
        hole_cells = {divmod(i, cols) for i in range(n) if not tileable >> i & 1}
        grid = ["".join("#" if (r, c) in hole_cells else "." for c in range(cols)) for r in range(rows)]
        names = [DESCRIBE[p] for p in pieces]
        what = names[0] if len(names) == 1 else " and ".join(names) + " (any mix of the two)"
        question = (f"Cover every '.' cell of this board with {what}, with no overlaps and nothing on a '#' "
                    f"(a hole). Pieces may be rotated and reflected. Columns are lettered from the left and rows "
                    f"numbered from the top.\n\n{render_board(grid)}\n\nIf the board cannot be covered, answer none.")
        answer = "\n".join(label_tiling(tiles, rows, cols, hole_cells)) if tiles else "none"
        check = {"board": grid, "pieces": list(pieces), "tileable": tiles is not None}
        return Draft(question, answer, check)

    @staticmethod
    def _untileable(rng, free: int, rows: int, cols: int, pieces) -> int | None:
        """A board with as many cells as `free`, one or two holes moved, that has no tiling."""
        n = rows * cols
        if free == (1 << n) - 1:
            return None
        domino = pieces == ("domino",)
        for attempt in range(40):
            board = free
            for _ in range(1 + attempt % 2):
                inside = [i for i in range(n) if board >> i & 1]
                outside = [i for i in range(n) if not board >> i & 1]
                a = rng.choice(inside)
                same = [h for h in outside if not domino or (sum(divmod(h, cols)) - sum(divmod(a, cols))) % 2 == 0]
                if not same:
                    continue
                board ^= (1 << a) | (1 << rng.choice(same))
            try:
                if board != free and solve_tiling(board, rows, cols, pieces) is None:
                    return board
            except SearchBound:  # not proven untileable in time (only on the boards past level 10)
                continue
        return None

    def effort(self, problem):
        # the cells to cover, each by a piece placed around the holes (the exact-cover search's
        # own count of states is no measure: it finds most tilings at once, and proves some
        # boards untileable at once by a colouring, however large)
        return sum(row.count(".") for row in problem.check["board"])

    def grade(self, answer, problem):
        c = problem.check
        board = c["board"]
        if is_none(answer):
            return wrong("A tiling exists.") if c["tileable"] else right()
        try:
            grid = read_char_grid(answer, len(board), len(board[0]), CELLS)
        except ParseError as exc:
            return refused(exc)
        why = tiling_problem(grid, c)
        return wrong(why) if why else right()
