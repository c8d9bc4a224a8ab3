"""Minesweeper deduction: list exactly the hidden cells that are mines in every arrangement
consistent with the revealed numbers."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import cell_name, neighbours8, read_cells, render_board


def frontier_constraints(shown: list[str]) -> tuple[list[tuple[int, int]], list[tuple[list[int], int]]]:
    """The hidden cells next to a revealed number, and one constraint per revealed cell with
    hidden neighbours: (indices of those hidden cells, how many of them are mines)."""
    rows, cols = len(shown), len(shown[0])
    index: dict[tuple[int, int], int] = {}
    cells: list[tuple[int, int]] = []
    constraints = []
    for r in range(rows):
        for c in range(cols):
            if shown[r][c] == "#":
                continue
            hidden = [(rr, cc) for rr, cc in neighbours8(r, c, rows, cols) if shown[rr][cc] == "#"]
            if not hidden:
                continue
            ids = []
            for cell in hidden:
                if cell not in index:
                    index[cell] = len(cells)
                    cells.append(cell)
                ids.append(index[cell])
            constraints.append((ids, int(shown[r][c])))
    return cells, constraints


def propagate(n: int, constraints, value: list[int]) -> bool:
    """Single-constraint deductions until none applies (a number whose unknown neighbours must
    all be mines, or all safe); updates `value` (-1 unknown, 0 safe, 1 mine). False on a
    contradiction."""
    changed = True
    while changed:
        changed = False
        for ids, count in constraints:
            mines = unknown = 0
            for v in ids:
                if value[v] < 0:
                    unknown += 1
                else:
                    mines += value[v]
            need = count - mines
            if need < 0 or need > unknown:
                return False
            if unknown and (need == 0 or need == unknown):
                fill = 1 if need else 0
                for v in ids:
                    if value[v] < 0:
                        value[v] = fill
                changed = True
    return True


def find_arrangement(group: list[int], constraints, value: list[int]) -> list[int] | None:
    """An assignment extending `value` on the cells of `group` that meets `constraints` (those
    touching the group), or None: backtracking with single-constraint propagation at every node."""
    value = list(value)
    if not propagate(len(value), constraints, value):
        return None
    v = next((u for u in group if value[u] < 0), None)
    if v is None:
        return value
    for guess in (0, 1):
        value[v] = guess
        found = find_arrangement(group, constraints, value)
        if found is not None:
            return found
    return None


def groups(n: int, constraints) -> list[tuple[list[int], list]]:
    """The frontier split into independent groups: cells linked through shared numbers, with
    the constraints on them. Searching each group alone keeps one group's dead end from being
    retried under every combination of the others."""
    parent = list(range(n))

    def root(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for ids, _ in constraints:
        for v in ids[1:]:
            parent[root(v)] = root(ids[0])
    members: dict[int, list[int]] = {}
    for v in range(n):
        members.setdefault(root(v), []).append(v)
    out = []
    for key in sorted(members, key=lambda k: members[k][0]):
        cells = members[key]
        out.append((cells, [con for con in constraints if root(con[0][0]) == key]))
    return out


def certain_mines(shown: list[str]) -> tuple[list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]]:
    """(cells certainly mines, those found by single-number deductions alone, frontier cells).

    A frontier cell is certainly a mine when no arrangement consistent with every number leaves
    it safe. Per independent group of cells: each safe cell of each arrangement found is marked,
    and every cell not yet seen safe gets a search of its own with that cell forced safe.
    Hidden cells away from the numbers are never certain (the total number of mines is not
    given)."""
    cells, constraints = frontier_constraints(shown)
    n = len(cells)
    base = [-1] * n
    if not propagate(n, constraints, base):
        raise ValueError("the revealed numbers contradict each other")
    trivial = [cells[v] for v in range(n) if base[v] == 1]
    certain = []
    for group, cons in groups(n, constraints):
        first = find_arrangement(group, cons, base)
        if first is None:
            raise ValueError("the revealed numbers contradict each other")
        seen_safe = {v for v in group if first[v] == 0}
        for v in group:
            if v in seen_safe:
                continue
            if base[v] == 1:
                certain.append(cells[v])
                continue
            trial = list(base)
            trial[v] = 0
            found = find_arrangement(group, cons, trial)
            if found is None:
                certain.append(cells[v])
            else:
                seen_safe.update(u for u in group if found[u] == 0)
    return sorted(certain), sorted(trivial), cells


def numbers(mines: set, rows: int, cols: int) -> list[list[int]]:
    return [[sum((rr, cc) in mines for rr, cc in neighbours8(r, c, rows, cols)) for c in range(cols)]
            for r in range(rows)]


def reveal(start, counts, revealed: set, rows: int, cols: int) -> None:
    """Reveal `start` as a click does: a 0 opens its neighbours too (flood fill)."""
    stack = [start]
    while stack:
        cell = stack.pop()
        if cell in revealed:
            continue
        revealed.add(cell)
        if counts[cell[0]][cell[1]] == 0:
            stack.extend(x for x in neighbours8(*cell, rows, cols) if x not in revealed)


@register
class MinesweeperDeduction(Task):
    """A Minesweeper board part-way through a game: revealed cells show how many of their up to
    eight neighbours are mines, the rest are hidden. List exactly the hidden cells that are
    mines in every arrangement of mines consistent with all the numbers. The board is opened
    from a first click plus a few more safe clicks next to the open area; the answer is decided
    by a constraint solver (propagation plus backtracking, one search per frontier cell and
    independent group of cells) over all consistent arrangements. Higher levels grow the board
    (4x4 at level 1, 10x12 at level 10, 16x16 at level 20), the mine density and the number of
    clicks (a longer, more tangled frontier), and from
    level 6 at least one certain mine needs reasoning across several numbers (no single number
    forces it), while other frontier cells stay undecided or safe as distractors.

    Generation (CPU time, one core) runs about 2,500 problems/s at level 1, 300/s at level 10
    and 100/s at level 20: each try runs the solver once per frontier cell, and a deep board
    may need several tries."""

    name = "puzzles/minesweeper_deduction"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 15, 16], (3, 16),
             doc="rows of the board"),
        Knob("cols", [4, 5, 6, 6, 7, 8, 8, 9, 10, 12, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16], (3, 16),
             doc="columns of the board"),
        Knob("density", [0.12, 0.14, 0.15, 0.16, 0.17, 0.18, 0.19, 0.2, 0.2, 0.21,
                         0.21, 0.21, 0.22, 0.22, 0.22, 0.23, 0.23, 0.23, 0.24, 0.24], (0.05, 0.4),
             doc="share of the cells holding mines"),
        Knob("clicks", [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16], (0, 20),
             doc="safe cells next to the open area clicked after the first click"),
        Knob("deep", [False, False, False, False, False, True, True, True, True, True] + [True] * 10,
             doc="some certain mine is forced by no single number alone"),
    )
    answer_format = ("the hidden cells that are certainly mines, as a comma-separated list of cell names "
                     "(column letter then row number) in any order, or none if no hidden cell is certainly a mine")
    example = "B1,Z9"  # Z9 is off every board (at most 16x16): never an answer

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        n_mines = max(1, min(rows * cols - 9, round(params["density"] * rows * cols)))
        best = None
        for attempt in range(60):
            start = (rng.randrange(rows), rng.randrange(cols))
            keep_clear = {start, *neighbours8(*start, rows, cols)}
            pool = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in keep_clear]
            mines = set(rng.sample(pool, min(n_mines, len(pool))))
            counts = numbers(mines, rows, cols)
            revealed: set = set()
            reveal(start, counts, revealed, rows, cols)
            for _ in range(params["clicks"]):  # the player clicks safe cells next to the open area
                edge = sorted({x for y in revealed for x in neighbours8(*y, rows, cols)
                               if x not in revealed and x not in mines})
                if not edge:
                    break
                reveal(rng.choice(edge), counts, revealed, rows, cols)
            shown = ["".join(str(counts[r][c]) if (r, c) in revealed else "#" for c in range(cols))
                     for r in range(rows)]
            certain, trivial, frontier = certain_mines(shown)
            if not certain:
                continue
            good = len(certain) > len(trivial) or not params["deep"]
            if best is None or good:
                best = (shown, certain)
            if good:
                break
        if best is None:
            raise ValueError("could not open a board with a certain mine; use more rows, columns or density")
        shown, certain = best
        question = ("A Minesweeper board part-way through a game. A digit is a revealed cell (it is not a mine) and "
                    "says how many of its up to eight neighbours, diagonals included, are mines; # is a hidden "
                    "cell. The total number of mines is not known. Columns are lettered from the left and rows "
                    f"numbered from the top.\n\n{render_board(shown)}\n\nWhich hidden cells are certainly mines, "
                    "that is, mines in every arrangement of mines that fits all the numbers? List exactly those "
                    "cells, no more and no fewer.")
        answer = ",".join(cell_name(*x) for x in certain) or "none"
        mines = [cell_name(*x) for x in certain]
        return Draft(question, answer, {"shown": shown, "mines": mines})

    def effort(self, problem):
        # the cells to deduce: every hidden cell next to a number is decided (mine, safe or
        # undecided), plus one search per group for the cells that no single number settles
        cells, constraints = frontier_constraints(problem.check["shown"])
        base = [-1] * len(cells)
        propagate(len(cells), constraints, base)
        return len(cells) + sum(v < 0 for v in base)

    def grade(self, answer, problem):
        c = problem.check
        shown = c["shown"]
        rows, cols = len(shown), len(shown[0])
        expected = set(c["mines"])
        if is_none(answer):
            return right() if not expected else wrong("Some hidden cells are certainly mines.")
        try:
            cells = read_cells(answer, rows, cols)
        except ParseError as exc:
            return refused(exc)
        names = []
        for r, k in cells:
            name = cell_name(r, k)
            if name in names:
                return wrong(f"{name} is listed twice.")
            if shown[r][k] != "#":
                return wrong(f"{name} is revealed, so it is not a mine.")
            names.append(name)
        for name in names:
            if name not in expected:
                return wrong(f"{name} is not certainly a mine: some arrangement that fits every number leaves it safe.")
        missing = len(expected) - len(names)
        if missing:
            cells_are = f"{missing} cells that are" if missing > 1 else "1 cell that is"
            return wrong(f"The list misses {cells_are} certainly a mine.")
        return right()

