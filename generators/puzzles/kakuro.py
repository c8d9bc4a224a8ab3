"""Kakuro (small): digits 1-9 in white cells, each run summing to its clue without repeats;
exactly one solution."""
from __future__ import annotations

import math

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_char_grid
from ._csp import OutOfBudget, TableSolver, cage_codes
from ._latin import repeat_problem
from ._regions import neighbours, rc_name

NODE_BUDGET = 400
MAX_REPAIRS = 10  # repairs before a fresh layout: a draw that needs more tends to cycle, and restarts cut the tail
MAX_LAYOUTS = 200  # stuck layout attempts before the knobs are declared impossible


def find_runs(white: list[bool], rows: int, cols: int) -> list[tuple[str, list[int]]]:
    """The maximal across and down runs of white cells (length 2 or more), in reading order of
    their first cell, across before down."""
    out = []
    for r in range(rows):
        c = 0
        while c < cols:
            if white[r * cols + c]:
                start = c
                while c < cols and white[r * cols + c]:
                    c += 1
                if c - start >= 2:
                    out.append(("across", [r * cols + k for k in range(start, c)]))
            else:
                c += 1
    for c in range(cols):
        r = 0
        while r < rows:
            if white[r * cols + c]:
                start = r
                while r < rows and white[r * cols + c]:
                    r += 1
                if r - start >= 2:
                    out.append(("down", [k * cols + c for k in range(start, r)]))
            else:
                r += 1
    return out


def _blacken(white: list[bool], i: int, rows: int, cols: int) -> list[bool] | None:
    """The layout with cell i black and then, repeatedly, every white cell left without a white
    neighbour across or down black too; None if that leaves no white cell or splits the whites.
    The cascade matters on narrow grids: in a 3-row grid a middle-row cell can only turn black
    together with its whole column, and no sequence of single valid steps gets there."""
    white = list(white)
    white[i] = False
    todo = [i]
    while todo:
        j = todo.pop()
        for k in neighbours(j, rows, cols):
            if not white[k]:
                continue
            r, c = divmod(k, cols)
            across = (c > 0 and white[k - 1]) or (c + 1 < cols and white[k + 1])
            down = (r > 0 and white[k - cols]) or (r + 1 < rows and white[k + cols])
            if not (across and down):
                white[k] = False
                todo.append(k)
    return white if _connected(white, rows, cols) else None


def _still_valid(white: list[bool], i: int, rows: int, cols: int) -> bool:
    """Whether a valid layout stays valid with its white cell i turned black (which `white`
    already shows): only i's neighbours can lose a run partner, then the whites must still
    be one piece."""
    for k in neighbours(i, rows, cols):
        if white[k]:
            r, c = divmod(k, cols)
            if not ((c > 0 and white[k - 1]) or (c + 1 < cols and white[k + 1])):
                return False
            if not ((r > 0 and white[k - cols]) or (r + 1 < rows and white[k + cols])):
                return False
    return _connected(white, rows, cols)


_EDGES: dict[tuple[int, int], tuple[int, int]] = {}


def _connected(white: list[bool], rows: int, cols: int) -> bool:
    """Whether the white cells are one orthogonally connected piece (and there is one): a
    flood fill on a bitmask (bit i = cell i), growing by shifted copies of itself."""
    mask = 0
    for k, w in enumerate(white):
        if w:
            mask |= 1 << k
    if not mask:
        return False
    if (rows, cols) not in _EDGES:
        left = sum(1 << (r * cols) for r in range(rows))  # column 0
        right = left << (cols - 1)  # the last column
        _EDGES[(rows, cols)] = (~left, ~right)
    not_left, not_right = _EDGES[(rows, cols)]
    reach = mask & -mask
    while True:
        grown = (reach | ((reach << 1) & not_left) | ((reach >> 1) & not_right) | (reach << cols)
                 | (reach >> cols)) & mask
        if grown == reach:
            return reach == mask
        reach = grown


def _too_long(white, rows, cols, max_run) -> list[list[int]]:
    return [cells for _, cells in find_runs(white, rows, cols) if len(cells) > max_run]


def random_layout(rng, rows: int, cols: int, black_share: float, max_run: int, block_break: float = 1.0) -> list[bool]:
    """White/black cells: every white cell lies in an across run and a down run of 2 to
    `max_run` cells, and the white cells are connected. From an all-white grid, cells of
    over-long runs (one whose blackening keeps the layout valid, else the one whose cascade
    in `_blacken` blackens fewest cells), then (each time with chance `block_break`) a cell
    of a 2x2 white block, then random cells turn black, each only when the layout stays valid (so it always is),
    until no run is too long and `black_share` of the cells are black. 2x2 white blocks are
    where two solutions most often differ (a swap of digits around the square)."""
    tries = 0
    while True:
        white = [True] * (rows * cols)
        stuck = False
        while True:
            long_runs = _too_long(white, rows, cols, max_run)
            if not long_runs:
                break
            cells = [i for run in long_runs for i in run]
            rng.shuffle(cells)
            best = None  # a single valid cell if any; else the cascade that blackens fewest cells
            for i in cells:
                white[i] = False
                if _still_valid(white, i, rows, cols):
                    best = white
                    break
                white[i] = True
                trial = _blacken(white, i, rows, cols)
                if trial is not None and (best is None or sum(trial) > sum(best)):
                    best = trial
            if best is None:
                stuck = True
                break
            white = best
        if stuck:
            tries += 1
            if tries >= MAX_LAYOUTS:
                raise ValueError(f"no Kakuro layout of {rows}x{cols} cells has runs of 2 to {max_run} cells "
                                 f"(knobs 'rows', 'cols', 'max_run')")
            continue
        for _ in range(rows * cols):  # break 2x2 white blocks where the layout allows
            blocks = [r * cols + c for r in range(rows - 1) for c in range(cols - 1)
                      if white[r * cols + c] and white[r * cols + c + 1] and white[(r + 1) * cols + c]
                      and white[(r + 1) * cols + c + 1]]
            if not blocks or rng.random() >= block_break:
                break
            top = blocks[rng.randrange(len(blocks))]
            corner = [top, top + 1, top + cols, top + cols + 1]
            rng.shuffle(corner)
            for i in corner:
                white[i] = False
                if _still_valid(white, i, rows, cols):
                    break
                white[i] = True
        order = list(range(rows * cols))
        rng.shuffle(order)
        target = int(black_share * rows * cols)
        black = white.count(False)
        for i in order:
            if black >= target:
                break
            if white[i]:
                white[i] = False
                if _still_valid(white, i, rows, cols):
                    black += 1
                else:
                    white[i] = True
        return white


def _combinations() -> dict[tuple[int, int], int]:
    """(run length, sum) -> how many sets of distinct digits 1-9 have that sum."""
    out: dict[tuple[int, int], int] = {}
    for mask in range(1, 512):
        digits = [d + 1 for d in range(9) if mask >> d & 1]
        key = (len(digits), sum(digits))
        out[key] = out.get(key, 0) + 1
    return out


COMBINATIONS = _combinations()
LOG_SPLITS = {key: math.log(count) for key, count in COMBINATIONS.items()}


def make_kakuro(rng, rows: int, cols: int, black_share: float, max_run: int, steer: float):
    """(white, digits, runs with sums), proven unique by the table solver (runs are
    all-different units; each run a table of the distinct-digit tuples with its sum).

    A random layout gets a random fill. Then `steer` * (white cells) random single-digit
    changes are tried, each kept when it does not raise the sum of log(number of digit sets
    with that sum) over the two runs it touches: sums with few splits make a unique solution
    likelier (and the puzzle easier, so higher levels steer less). While the solver finds a
    second solution, the digit change at a differing cell that best lowers that measure is
    made (two sums change); after MAX_REPAIRS, a fresh layout and fill."""
    while True:
        white = random_layout(rng, rows, cols, black_share, max_run)
        run_list = find_runs(white, rows, cols)
        solver = TableSolver(rows * cols, 9, [cells for _, cells in run_list])
        domains = [511 if w else 1 for w in white]  # black cells are pinned to a dummy 1
        run_cells = [cells for _, cells in run_list]
        runs_at = {i: [r for r, cells in enumerate(run_cells) if i in cells] for i in range(rows * cols) if white[i]}
        whites = sorted(runs_at)
        try:
            digits = solver.solve(domains, (), rng)
            totals = [sum(digits[j] for j in cells) for cells in run_cells]  # kept up to date by put()

            def cost(i, d):
                return sum(LOG_SPLITS[(len(run_cells[r]), totals[r] - digits[i] + d)] for r in runs_at[i])

            def options(i):
                used = {digits[j] for r in runs_at[i] for j in run_cells[r]}
                return [d for d in range(1, 10) if d not in used]

            def put(i, d):
                for r in runs_at[i]:
                    totals[r] += d - digits[i]
                digits[i] = d

            for _ in range(int(steer * len(whites))):
                i = whites[rng.randrange(len(whites))]
                opts = options(i)
                if opts:
                    d = opts[rng.randrange(len(opts))]
                    if cost(i, d) <= cost(i, digits[i]):
                        put(i, d)
            for _ in range(MAX_REPAIRS):
                tables = [(cells, cage_codes(9, len(cells), "distinct+", sum(digits[i] for i in cells)))
                          for _, cells in run_list]
                found = solver.solutions(domains, tables, 2, budget=NODE_BUDGET)
                if len(found) == 1:
                    sums = [(kind, cells, sum(digits[i] for i in cells)) for kind, cells in run_list]
                    return white, digits, sums
                other = found[0] if found[0] != digits else found[1]
                changes = [(cost(i, d), i, d) for i in whites if other[i] != digits[i] for d in options(i)]
                if not changes:
                    break
                best = min(c for c, _, _ in changes)
                pool = [(i, d) for c, i, d in changes if c == best]
                i, d = pool[rng.randrange(len(pool))]
                put(i, d)
        except OutOfBudget:
            continue


def run_name(kind: str, cells: list[int], cols: int) -> str:
    return f"{kind} {rc_name(cells[0], cols)}-{rc_name(cells[-1], cols)}"


@register
class Kakuro(Task):
    """Fill the white cells of a small Kakuro with digits 1 to 9: each run of white cells
    (across or down, listed with its cells) must add up to its clue, and no digit repeats
    inside a run. Each puzzle has exactly one solution, proven by a bitmask table solver (runs
    all-different, each run a table of the distinct-digit tuples with its sum) counting
    solutions up to two; a fill with a second solution is repaired by changing a digit where
    the two differ. Higher levels grow the grid and allow longer runs, whose sums split in more
    ways, so runs must be crossed against each other. The verifier checks the rules.

    Generation runs below 1,000 problems/s, and why: each repair costs a solver call, and long runs
    have tables of thousands of digit tuples (built once per process, so the first problems of a
    session are slower). Measured as CPU time on one core (`python bench/generation.py --clock
    cpu`): about 1,400/s at level 1, 450/s at level 5 (5x6), 95/s at level 10 (8x8) and about 10/s at level 16
    (10x11).
    """

    name = "puzzles/kakuro"
    knobs = (
        Knob("rows", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10], (2, 16), doc="rows of the grid"),
        Knob("cols", [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10, 11], (2, 16), doc="columns of the grid"),
        Knob("max_run", [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7], (2, 9), doc="longest run of white cells"),
        Knob("black_share", [0.15, 0.15, 0.15, 0.15, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2], (0.0, 0.6),
             doc="share of black cells in the layout (more where runs must be broken)"),
        Knob("steer", [8.0, 8.0, 6.0, 5.0, 4.0, 3.0, 3.0, 2.0, 2.0, 1.5, 1.5, 1.5, 1.5, 1.5, 1.2, 1.2], (0.0, 50.0),
             doc="digit changes per white cell tried to steer sums toward few splits (fewer: harder sums)"),
    )
    cap_reason = ("each repair runs the table solver over runs of up to seven distinct digits: past 10x11 (level "
                  "16) a problem takes about a second")
    answer_format = ("the whole grid, one row per line, each row as its cells: # for a black cell and the digit "
                     "for a white cell")
    example = "#12\n123\n12#"

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        white, digits, sums = make_kakuro(rng, rows, cols, params["black_share"], params["max_run"], params["steer"])
        picture = "\n".join(" ".join("." if white[r * cols + c] else "#" for c in range(cols)) for r in range(rows))
        listing = "\n".join(f"{run_name(kind, cells, cols)} ({len(cells)} cells): sum {total}"
                            for kind, cells, total in sums)
        question = (f"Solve this {rows}x{cols} Kakuro puzzle. In the grid below, '#' is a black cell and '.' a "
                    f"white cell to fill with a digit from 1 to 9. Each run of white cells (a horizontal 'across' "
                    f"run or a vertical 'down' run, given by its first and last cell; r = row, c = column, from the "
                    f"top left) must add up to its sum, and no digit may repeat within a run. The puzzle has "
                    f"exactly one solution.\n\n{picture}\n\nRuns:\n{listing}")
        answer = ["".join(str(digits[r * cols + c]) if white[r * cols + c] else "#" for c in range(cols))
                  for r in range(rows)]
        check = {"rows": rows, "cols": cols, "layout": ["".join("." if white[r * cols + c] else "#"
                                                                 for c in range(cols)) for r in range(rows)],
                 "runs": [[kind, cells, total] for kind, cells, total in sums]}
        example = "\n".join("".join("#" if ch == "#" else "1" for ch in row) for row in check["layout"])
        return Draft(question, "\n".join(answer), check, example=example)

    def effort(self, problem):
        # the cells to deduce (every white cell gets a digit), and the digit sets each run's sum
        # allows, to be crossed against each other
        c = problem.check
        cells = sum(row.count(".") for row in c["layout"])
        return cells + sum(COMBINATIONS[(len(run), total)] for _, run, total in c["runs"])

    def grade(self, answer, problem):
        c = problem.check
        rows, cols = c["rows"], c["cols"]
        try:
            grid = read_char_grid(answer, rows, cols, "#123456789", "# and the digits 1 to 9")
        except ParseError as exc:
            return refused(exc)
        for r in range(rows):
            for col in range(cols):
                black = c["layout"][r][col] == "#"
                if black and grid[r][col] != "#":
                    return wrong(f"{rc_name(r * cols + col, cols)} is a black cell; write # there.")
                if not black and grid[r][col] == "#":
                    return wrong(f"{rc_name(r * cols + col, cols)} is a white cell; it needs a digit.")
        flat = [0 if ch == "#" else int(ch) for row in grid for ch in row]
        for kind, cells, total in c["runs"]:
            values = [flat[i] for i in cells]
            name = run_name(kind, cells, cols)
            why = repeat_problem(values, f"The {name} run")
            if why:
                return wrong(why)
            if sum(values) != total:
                return wrong(f"The {name} run sums to {sum(values)}, not {total}.")
        return right()
