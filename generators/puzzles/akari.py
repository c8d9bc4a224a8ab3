"""Light Up (Akari): place light bulbs so that every white cell is lit, no bulb shines on
another, and numbered black cells have that many bulbs next to them. Each puzzle has exactly
one solution, proved by a solver that counts solutions up to two."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_char_grid

ATTEMPTS = 200
CELLS = "#01234.*"  # the characters of an answer grid
FIXES = 12  # cells blackened to rule out other solutions before a fresh draw


class Board:
    """The fixed geometry of a puzzle as bitmasks over cells r * w + c: the white cells, what
    each white cell sees (its row and column runs up to black cells or the edge, itself
    included), and the white neighbours of each black cell."""

    def __init__(self, h: int, w: int, black: set[int]):
        self.h, self.w = h, w
        n = h * w
        self.white = sum(1 << i for i in range(n) if i not in black)
        # a white cell sees the run of white cells through it in its row and in its column: one
        # pass per line gives every run, shared by the cells on it
        self.sight = [0] * n
        lines = [[r * w + c for c in range(w)] for r in range(h)] + [[r * w + c for r in range(h)] for c in range(w)]
        for line in lines:
            run: list[int] = []
            for i in line + [-1]:  # -1: the edge closes the last run
                if i >= 0 and i not in black:
                    run.append(i)
                    continue
                mask = sum(1 << j for j in run)
                for j in run:
                    self.sight[j] |= mask
                run = []
        self.around = {}
        for i in black:
            r, c = divmod(i, w)
            self.around[i] = sum(1 << (rr * w + cc) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                                 if 0 <= rr < h and 0 <= cc < w and rr * w + cc not in black)


def count_solutions(board: Board, numbers: dict[int, int], limit: int = 2, out: list | None = None) -> int:
    """How many bulb placements satisfy the rules (counting no further than `limit`); the
    first ones found (as bulb bitmasks) are appended to `out`.

    Propagation: a number whose bulbs are complete forbids its other neighbours, a number
    that needs all its open neighbours gets them, and an unlit cell that only one open cell
    can light gets a bulb there. Then it branches on one open cell of the unlit cell with the
    fewest options (bulb there, or not), so every placement is counted once.
    """
    white, sight = board.white, board.sight
    clues = [(board.around[i], n) for i, n in numbers.items()]

    def place(bulbs, lit, m):
        """Put bulbs on the cells of m; None if one would see another."""
        while m:
            low = m & -m
            m ^= low
            if lit & low:
                return None
            bulbs |= low
            lit |= sight[low.bit_length() - 1]
        return bulbs, lit

    def search(bulbs, blocked, lit, need):
        while True:
            changed = False
            avail = white & ~bulbs & ~blocked & ~lit
            for around, n in clues:
                have = (around & bulbs).bit_count()
                open_ = around & avail
                free = open_.bit_count()
                if have > n or have + free < n:
                    return 0
                if open_ and have == n:
                    blocked |= open_
                    avail &= ~open_
                    changed = True
                elif open_ and have + free == n:
                    placed = place(bulbs, lit, open_)
                    if placed is None:
                        return 0
                    bulbs, lit = placed
                    avail = white & ~bulbs & ~blocked & ~lit
                    changed = True
            best, best_count = 0, 99
            dark = white & ~lit
            while dark:  # the unlit cells in reading order (lit grows on the way: look again)
                low = dark & -dark
                dark ^= low
                i = low.bit_length() - 1
                if not lit >> i & 1:
                    options = sight[i] & avail
                    if not options:
                        return 0
                    k = options.bit_count()
                    if k == 1:
                        bulbs |= options
                        lit |= sight[options.bit_length() - 1]
                        avail &= ~lit
                        changed = True
                    elif k < best_count:
                        best, best_count = options, k
            if not changed:
                break
        if lit & white == white:
            if all((around & bulbs).bit_count() == n for around, n in clues):
                if out is not None:
                    out.append(bulbs)
                return 1
            return 0
        x = best & -best
        found = search(bulbs | x, blocked, lit | sight[x.bit_length() - 1], need)
        if found >= need:
            return found
        return found + search(bulbs, blocked | x, lit, need - found)

    return search(0, 0, 0, limit)


def make_puzzle(rng, h: int, w: int, black_percent: int, keep_percent: int):
    """(black cells, numbers, solution bulbs) with exactly one solution, or None."""
    n = h * w
    k = max(1, round(n * black_percent / 100))
    black = set(rng.sample(range(n), k))
    board = Board(h, w, black)
    order = [i for i in range(n) if i not in black]
    rng.shuffle(order)
    bulbs = lit = 0
    for i in order:  # a random maximal set of bulbs that do not see each other lights every cell
        if not lit >> i & 1:
            bulbs |= 1 << i
            lit |= board.sight[i]
    for _ in range(FIXES + 1):
        numbers = {i: (board.around[i] & bulbs).bit_count() for i in sorted(black)}
        others: list[int] = []
        if count_solutions(board, numbers, 2, others) == 1:
            break
        # a second solution exists: blacken a white cell where it has a bulb and ours has none
        # (keeping every cell lit by our bulbs), which rules that solution out
        other = next(b for b in others if b != bulbs)
        spots = [i for i in range(n) if (other & ~bulbs) >> i & 1]
        rng.shuffle(spots)
        for x in spots:
            trial = Board(h, w, black | {x})
            lit = 0
            for i in range(n):
                if bulbs >> i & 1:
                    lit |= trial.sight[i]
            if lit & trial.white == trial.white:
                black.add(x)
                board = trial
                break
        else:
            return None
    else:
        return None
    keep = round(len(black) * keep_percent / 100)
    order = sorted(numbers)
    rng.shuffle(order)
    for i in order:  # take numbers away while the solution stays unique
        if len(numbers) <= keep:
            break
        value = numbers.pop(i)
        if count_solutions(board, numbers) != 1:
            numbers[i] = value
    found: list[int] = []
    count_solutions(board, numbers, 1, found)
    return black, numbers, found[0], board


def picture(h: int, w: int, black: set[int], numbers: dict[int, int], bulbs: int = 0) -> list[str]:
    return ["".join(str(numbers[i]) if i in numbers else "#" if i in black else "*" if bulbs >> i & 1 else "."
                    for i in range(r * w, (r + 1) * w)) for r in range(h)]


def bulbs_problem(rows: list[str], c: dict) -> str | None:
    """Why an answer grid (rows of CELLS) is not the solution of the puzzle in the check `c`,
    or None when it is."""
    h, w = c["rows"], c["cols"]
    black = set(c["black"])
    numbers = {int(k): v for k, v in c["numbers"].items()}
    bulbs = 0
    for i in range(h * w):
        ch = rows[i // w][i % w]
        where = f"row {i // w + 1}, column {i % w + 1}"
        if i in black:
            if ch not in ("#", str(numbers.get(i, "#"))):
                return f"The cell at {where} is black in the puzzle: copy it as {str(numbers.get(i, '#'))}."
        elif ch == "*":
            bulbs |= 1 << i
        elif ch != ".":
            return f"The cell at {where} is white: write . or *."
    board = Board(h, w, black)
    lit = 0
    for i in range(h * w):
        if bulbs >> i & 1:
            if board.sight[i] & bulbs & ~(1 << i):
                return f"The bulb at row {i // w + 1}, column {i % w + 1} is lit by another bulb."
            lit |= board.sight[i]
    dark = board.white & ~lit
    if dark:
        i = (dark & -dark).bit_length() - 1
        return f"The white cell at row {i // w + 1}, column {i % w + 1} is not lit."
    for i, n in sorted(numbers.items()):
        have = (board.around[i] & bulbs).bit_count()
        if have != n:
            return f"The {n} at row {i // w + 1}, column {i % w + 1} has {have} bulbs next to it."
    return None


@register
class Akari(Task):
    """Light Up (Akari): put light bulbs on white cells so that every white cell is lit (a bulb
    lights its own cell and every cell in its row and column up to a black cell or the edge),
    no bulb lights another bulb, and each numbered black cell has exactly that many bulbs on
    the cells directly above, below, left and right of it. The puzzle has exactly one
    solution, proved by a counting solver (propagation and branching); the verifier checks the
    rules, so its feedback names the broken one.

    Levels grow the grid (4x4 to 10x10 at level 10, 13x13 at level 20), make black cells
    sparser (longer runs, more interaction) and take away numbers while the solution stays
    unique, so more deduction and search is needed.

    Generation makes one uniqueness check per number taken away: about 1,500 problems/s at
    level 5, falling to about 200/s at level 9, 110/s at level 10 (10x10) and about 10/s at
    level 20 (13x13).
    """

    name = "puzzles/akari"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 6, 7, 7, 8, 9, 10, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13], (3, 14),
             doc="grid rows"),
        Knob("cols", [4, 5, 5, 6, 6, 7, 7, 8, 9, 10, 11, 11, 11, 12, 12, 12, 12, 13, 13, 13], (3, 14),
             doc="grid columns"),
        Knob("black_percent", [25, 25, 22, 22, 20, 20, 18, 18, 16, 16, 16, 15, 15, 15, 15, 14, 14, 15, 14, 14], (5, 60),
             doc="share of black cells"),
        Knob("keep_percent", [100, 80, 60, 50, 40, 35, 30, 25, 20, 15, 12, 10, 8, 8, 6, 6, 5, 5, 5, 4], (0, 100),
             doc="share of black cells that keep their number (more stay when removing one would allow "
                 "a second solution)"),
    )
    answer_format = ("the grid with a * on every bulb cell, one row per line (rows may also be separated by commas): "
                     "copy the black cells (# and digits) as they are and write . for white cells without a bulb")
    example = "*.#.,*1*.,#..*,*..2"  # the first two bulbs light each other: never an answer
    keeps_full_stop = True  # a grid row may end in a '.' cell

    def build(self, rng, params):
        h, w = params["rows"], params["cols"]
        for _ in range(ATTEMPTS):
            made = make_puzzle(rng, h, w, params["black_percent"], params["keep_percent"])
            if made is not None:
                break
        else:
            raise ValueError(f"no puzzle with a unique solution found for these knobs {params}: "
                             "raise black_percent")
        black, numbers, bulbs, _ = made
        grid = "\n".join(picture(h, w, black, numbers))
        question = (f"Solve this Light Up (Akari) puzzle on a {h}x{w} grid. '.' is a white cell, '#' a black cell, "
                    f"and a digit a black cell with a number.\n\n{grid}\n\n"
                    f"Place light bulbs on some white cells. A bulb lights its own cell and every white cell in "
                    f"its row and column, up to the nearest black cell or the edge of the grid. Rules: every white "
                    f"cell must be lit; no bulb may be lit by another bulb; a numbered black cell must have exactly "
                    f"that many bulbs among the (up to four) cells directly above, below, left and right of it. "
                    f"Black cells without a number may have any number of bulbs next to them. The puzzle has "
                    f"exactly one solution.")
        check = {"rows": h, "cols": w, "black": sorted(black), "numbers": {str(k): v for k, v in numbers.items()}}
        return Draft(question, "\n".join(picture(h, w, black, numbers, bulbs)), check)

    def effort(self, problem):
        # the cells to deduce: every white cell gets a bulb or stays dark
        c = problem.check
        return c["rows"] * c["cols"] - len(c["black"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            rows = read_char_grid(answer, c["rows"], c["cols"], CELLS)
        except ParseError as exc:
            return refused(exc)
        why = bulbs_problem(rows, c)
        return wrong(why) if why else right()
