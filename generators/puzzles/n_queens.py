"""N-Queens with pre-placed queens and blocked squares: any valid placement is correct."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import cell_name, read_cells, render_board


def solve_queens(n: int, fixed: dict[int, int], blocked: set[tuple[int, int]], rng=None) -> list[int] | None:
    """One placement as the column of each row's queen, or None. `fixed` maps rows to the
    columns of pre-placed queens; no queen may stand on a blocked square.

    Backtracking with forward checking: every open row keeps a bit mask of the columns still
    safe, a placement clears the squares it attacks in every other row, and the next row to
    fill is one with the fewest safe columns (a row with none is a dead end at once). With `rng`
    the columns are tried in a random order, giving a random solution."""
    full = (1 << n) - 1
    avail = []
    for r in range(n):
        mask = full
        for c in range(n):
            if (r, c) in blocked:
                mask &= ~(1 << c)
        avail.append(mask)
    cols_out = [-1] * n

    def place(r: int, c: int, avail: list[int]) -> list[int] | None:
        new = list(avail)
        new[r] = 0
        for rr in range(n):
            if cols_out[rr] < 0 and rr != r:
                d = abs(rr - r)
                hit = 1 << c
                if c + d < n:
                    hit |= 1 << (c + d)
                if c - d >= 0:
                    hit |= 1 << (c - d)
                new[rr] &= ~hit
                if not new[rr]:
                    return None
        return new

    for r, c in sorted(fixed.items()):
        if not avail[r] >> c & 1:
            return None
        avail = place(r, c, avail)
        cols_out[r] = c
        if avail is None:
            return None

    def search(avail: list[int]) -> bool:
        open_rows = [r for r in range(n) if cols_out[r] < 0]
        if not open_rows:
            return True
        r = min(open_rows, key=lambda x: (bin(avail[x]).count("1"), x))
        choices = [c for c in range(n) if avail[r] >> c & 1]
        if rng is not None:
            rng.shuffle(choices)
        for c in choices:
            new = place(r, c, avail)
            if new is None:
                continue
            cols_out[r] = c
            if search(new):
                return True
            cols_out[r] = -1
        return False

    return list(cols_out) if search(avail) else None


def attack(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """How two queens attack each other ("row", "column", "diagonal"), or None."""
    if a[0] == b[0]:
        return "row"
    if a[1] == b[1]:
        return "column"
    if abs(a[0] - b[0]) == abs(a[1] - b[1]):
        return "diagonal"
    return None


def placement_problem(cells: list[tuple[int, int]], c: dict) -> str | None:
    """Why the queens on `cells` are not a valid placement for the board in the check `c`, or
    None when they are."""
    n = c["size"]
    seen = set()
    for cell in cells:
        if cell in seen:
            return f"{cell_name(*cell)} is listed twice."
        seen.add(cell)
    names = {cell_name(*cell) for cell in cells}
    for b in c["blocked"]:
        if b in names:
            return f"{b} is blocked: no queen may stand there."
    for g in c["given"]:
        if g not in names:
            return f"The pre-placed queen on {g} is missing from the list."
    if len(cells) != n:
        return f"Place exactly {n} queens: the list has {len(cells)}."
    for i, a in enumerate(cells):
        for b in cells[i + 1:]:
            how = attack(a, b)
            if how:
                return f"The queens on {cell_name(*a)} and {cell_name(*b)} attack each other along a {how}."
    return None


@register
class NQueens(Task):
    """Place n queens on an n x n board so that no two share a row, a column or a diagonal.
    Some queens may already stand on the board and must stay; blocked squares may not hold a
    queen (they do not stop attacks). The puzzle is cut from a random full placement, so it is
    always solvable; the reference placement comes from a backtracking solver run on the puzzle
    as posed, and any valid placement is accepted. Higher levels grow the board and add
    pre-placed queens and blocked squares, so the memorised textbook placements stop fitting and
    the search must backtrack around the constraints."""

    name = "puzzles/n_queens"
    knobs = (
        Knob("size", [4, 5, 6, 6, 8, 8, 9, 10, 11, 12, 13, 13, 14, 15, 15, 16, 17, 18, 19, 20], (4, 20),
             doc="side of the board and number of queens"),
        Knob("given", [0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 10),
             doc="queens already placed"),
        Knob("blocked", [1, 2, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 28, 32, 36, 40, 45, 50, 55, 60], (0, 100),
             doc="squares where no queen may stand"),
    )
    answer_format = ("the squares of all the queens (the pre-placed ones included) as a comma-separated "
                     "list of cell names, column letter then row number, in any order")
    example = "B1,D2,A3,Z9"  # Z9 is off every board (at most 20x20): never an answer

    def build(self, rng, params):
        n = params["size"]
        hidden = solve_queens(n, {}, set(), rng)  # a random full placement
        rows = rng.sample(range(n), min(params["given"], n))
        fixed = {r: hidden[r] for r in sorted(rows)}
        queens = {(r, c) for r, c in enumerate(hidden)}
        fixed_cells = [(r, c) for r, c in fixed.items()]
        # blocked squares: empty in the hidden placement and not attacked by a given queen, so
        # each one removes a real option
        free = [(r, c) for r in range(n) for c in range(n)
                if (r, c) not in queens and not any(attack((r, c), q) for q in fixed_cells)]
        blocked = set(rng.sample(free, min(params["blocked"], len(free))))
        solution = solve_queens(n, fixed, blocked)
        board = []
        for r in range(n):
            board.append("".join("Q" if fixed.get(r) == c else "x" if (r, c) in blocked else "." for c in range(n)))
        lines = [f"Place {n} queens on this {n}x{n} board so that no two queens share a row, a column or a "
                 f"diagonal (so no queen attacks another)."]
        if fixed:
            lines.append("Squares marked Q already hold a queen; those queens stay where they are and count "
                         f"among the {n}.")
        if blocked:
            lines.append("Squares marked x are blocked: no queen may stand there (a blocked square does not "
                         "stop an attack).")
        lines.append("Empty squares are marked '.'. Columns are lettered from the left and rows numbered "
                     "from the top. Any valid placement is accepted.")
        question = " ".join(lines) + "\n\n" + render_board(board)
        answer = ",".join(cell_name(r, c) for r, c in enumerate(solution))
        check = {"size": n, "given": sorted(cell_name(r, c) for r, c in fixed_cells),
                 "blocked": sorted(cell_name(r, c) for r, c in blocked)}
        return Draft(question, answer, check)

    def effort(self, problem):
        # the constraints a placement must meet: every pair of queens apart (row, column and
        # diagonals), every blocked square avoided and every pre-placed queen kept. (The
        # solver's own search is no measure here: forward checking places the queens with
        # almost no backtracking, and fewer still when some are given.)
        c = problem.check
        n = c["size"]
        return n * (n - 1) // 2 + len(c["blocked"]) + len(c["given"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            cells = read_cells(answer, c["size"], c["size"])
        except ParseError as exc:
            return refused(exc)
        why = placement_problem(cells, c)
        return wrong(why) if why else right()
