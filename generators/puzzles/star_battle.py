"""Star Battle (one star per row, column and region, stars never touching); exactly one solution."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_char_grid
from ._csp import OutOfBudget
from ._regions import components, neighbours, rc_name, region_labels, region_map, spaced

NODE_BUDGET = 20_000
MAX_REPAIRS = 30


_MASKS: dict[int, tuple] = {}


def _masks(n: int) -> tuple[list[int], list[int]]:
    """(row masks + column masks, per cell: its row, its column and the cells around it)."""
    if n not in _MASKS:
        rows = [sum(1 << (r * n + c) for c in range(n)) for r in range(n)]
        cols = [sum(1 << (r * n + c) for r in range(n)) for c in range(n)]
        around = []
        for i in range(n * n):
            r, c = divmod(i, n)
            near = sum(1 << (rr * n + cc) for rr in range(max(0, r - 1), min(n, r + 2))
                       for cc in range(max(0, c - 1), min(n, c + 2)))
            around.append(near | rows[r] | cols[c])
        _MASKS[n] = (rows + cols, around)
    return _MASKS[n]


def count_placements(region: list[int], n: int, limit: int = 2, budget: int = 0, out=None, force: int = -1) -> int:
    """Star placements (one per row, column and region, no two stars touching, diagonals
    included), counted up to `limit`. An exact-cover search over bitmasks of the cells still
    open: it picks the row, column or region with the fewest open cells (none: a dead end),
    tries each, and a star closes its row, column, region and the eight cells around it.
    Cells with region -1 belong to no region and never hold a star. With `force`, only
    placements with a star on that cell are counted."""
    lines, around = _masks(n)
    regs = [0] * n
    for i, g in enumerate(region):
        if g >= 0:
            regs[g] |= 1 << i
    items = lines + regs
    cover = [around[i] | regs[g] if g >= 0 else 0 for i, g in enumerate(region)]
    left = [budget or -1]
    chosen: list[int] = []

    def rec(open_: int, todo: int) -> int:
        left[0] -= 1
        if not left[0]:
            raise OutOfBudget
        if not todo:
            if out is not None:
                stars = [0] * n
                for i in chosen:
                    stars[i // n] = i % n
                out.append(stars)
            return 1
        best, fewest = 0, n * n + 1
        t = todo
        while t:
            low = t & -t
            t ^= low
            k = (items[low.bit_length() - 1] & open_).bit_count()
            if k < fewest:
                best, fewest = low.bit_length() - 1, k
                if k <= 1:
                    break
        if not fewest:
            return 0
        cells = items[best] & open_
        total = 0
        while cells:
            x = cells & -cells
            cells ^= x
            i = x.bit_length() - 1
            chosen.append(i)
            g = region[i]
            total += rec(open_ & ~cover[i], todo & ~((1 << (i // n)) | (1 << (n + i % n)) | (1 << (2 * n + g))))
            chosen.pop()
            if total >= limit:
                break
        return total

    open_ = sum(1 << i for i, g in enumerate(region) if g >= 0)
    todo = (1 << (3 * n)) - 1
    if force >= 0:
        if not open_ >> force & 1:
            return 0
        chosen.append(force)
        open_ &= ~cover[force]
        todo &= ~((1 << (force // n)) | (1 << (n + force % n)) | (1 << (2 * n + region[force])))
    return rec(open_, todo)


def random_stars(rng, n: int) -> list[int]:
    """A random column per row, all different, consecutive rows at least two columns apart."""
    cols: list[int] = []

    def rec() -> bool:
        if len(cols) == n:
            return True
        options = [c for c in range(n) if c not in cols and (not cols or abs(c - cols[-1]) >= 2)]
        rng.shuffle(options)
        for c in options:
            cols.append(c)
            if rec():
                return True
            cols.pop()
        return False

    rec()
    return cols


def make_star_battle(rng, n: int):
    """(stars, region), proven unique by the solver.

    Regions grow from the stars of a random placement, one cell at a time: a random region
    with free neighbours takes a random one of them, unless the solver (for which cells not
    yet in a region hold no star) then finds a placement with a star on the new cell, which
    would be a second one; adding a cell only adds
    placements, so a refused (cell, region) pair is never tried again. Cells that no region
    can take join a neighbouring region anyway, and then, while a second placement exists,
    one of its stars that is not a star of the answer moves, as a cell, into a neighbouring
    region (both regions staying connected), so that placement has two stars in one region
    and none in another while the answer is untouched. A draw that does not settle within
    MAX_REPAIRS moves starts again.
    """
    while True:
        try:
            found = _attempt(rng, n)
        except OutOfBudget:
            continue
        if found:
            return found


_NEIGHBOURS: dict[int, list[list[int]]] = {}


def _neighbour_table(n: int) -> list[list[int]]:
    """Per cell of an n x n grid, its orthogonal neighbours (cached)."""
    if n not in _NEIGHBOURS:
        _NEIGHBOURS[n] = [neighbours(i, n, n) for i in range(n * n)]
    return _NEIGHBOURS[n]


def _free_neighbours(region: list[int], n: int) -> list[tuple[int, int]]:
    """(free cell, region) pairs where the free cell borders the region, sorted."""
    return sorted({(nb, region[i]) for i in range(n * n) if region[i] >= 0
                   for nb in neighbours(i, n, n) if region[nb] < 0})


def _attempt(rng, n):
    stars = random_stars(rng, n)
    mine = [r * n + c for r, c in enumerate(stars)]
    region = [-1] * (n * n)
    for r, c in enumerate(stars):
        region[r * n + c] = r
    refused: set[tuple[int, int]] = set()
    nbs = _neighbour_table(n)
    frontier = set(_free_neighbours(region, n))  # kept equal to _free_neighbours(region, n)
    while True:
        options = sorted(frontier - refused)
        if not options:
            break
        growing = sorted({g for _, g in options})
        g = growing[rng.randrange(len(growing))]
        cells = [x for x, h in options if h == g]
        x = cells[rng.randrange(len(cells))]
        region[x] = g
        # the placement so far is unique, so a second one would put a star on x
        if count_placements(region, n, 1, NODE_BUDGET, force=x):
            region[x] = -1
            refused.add((x, g))
        else:
            frontier = {pair for pair in frontier if pair[0] != x}
            frontier.update((nb, g) for nb in nbs[x] if region[nb] < 0)
    while -1 in region:
        options = _free_neighbours(region, n)
        x, g = options[rng.randrange(len(options))]
        region[x] = g
    for _ in range(MAX_REPAIRS):
        found: list[list[int]] = []
        if count_placements(region, n, 2, NODE_BUDGET, found) == 1:
            return stars, region
        other = found[0] if found[0] != stars else found[1]
        moves = []
        for r, c in enumerate(other):
            a = r * n + c
            if a in mine:
                continue
            home = region[a]
            rest = [i for i in range(n * n) if region[i] == home and i != a]
            if len(components(rest, n, n)) != 1:
                continue
            for g in sorted({region[nb] for nb in neighbours(a, n, n)} - {home}):
                moves.append((a, g))
        if not moves:
            return None
        a, g = moves[rng.randrange(len(moves))]
        region[a] = g
    return None


@register
class StarBattle(Task):
    """Place stars in an n x n grid divided into n regions so that every row, every column and
    every region holds exactly one star, and no two stars touch, not even diagonally. Each
    puzzle has exactly one solution, proven by an exact-cover search over bitmasks (the row,
    column or region with the fewest open cells first) that counts placements up to two; the
    regions are grown cell by cell from a hidden placement, each cell only where the solution
    stays unique. Higher levels grow the grid: more regions and longer elimination chains. The
    verifier checks the rules.

    Generation runs below 1,000 problems/s, and why: every cell a region grows by costs a solver
    call, and a draw whose repairs stall starts again (about 4 draws on a 10x10 grid). Measured as
    CPU time on one core (`python bench/generation.py --clock cpu`): about 2,300/s at level 1, 500/s
    at level 5 (7x7) and 80/s at level 10 (10x10).
    """

    name = "puzzles/star_battle"
    cap_reason = ("the grid side is the only knob, and growing regions cell by cell with a uniqueness proof for "
                  "each takes about 0.2 s per problem at 11x11 (level 11), half a second at 12x12 and seconds past it")
    knobs = (Knob("size", [5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11], (5, 12), doc="side of the grid and number of regions"),)
    answer_format = "the grid, one row per line, each row as its cells: * for a star and . for an empty cell"
    example = "*....\n..*..\n....*\n.*...\n...*."
    keeps_full_stop = True  # a grid row may end in a '.' cell

    def effort(self, problem):
        # cells to decide: a star or not
        return problem.check["size"] ** 2

    def build(self, rng, params):
        n = params["size"]
        stars, region = make_star_battle(rng, n)
        labels = region_labels(n)
        groups = [[i for i in range(n * n) if region[i] == g] for g in range(n)]
        # name regions in reading order of their first cell
        order = sorted(range(n), key=lambda g: groups[g][0])
        groups = [groups[g] for g in order]
        question = (f"Solve this {n}x{n} Star Battle puzzle. The grid is divided into {n} regions, shown by letters "
                    f"(cells with the same letter form one region). Place stars so that every row, every column "
                    f"and every region contains exactly one star, and no two stars touch each other, not even "
                    f"diagonally. The puzzle has exactly one solution.\n\n"
                    f"{spaced(region_map(groups, n, n, labels))}")
        answer = ["".join("*" if stars[r] == c else "." for c in range(n)) for r in range(n)]
        return Draft(question, "\n".join(answer), {"size": n, "regions": region_map(groups, n, n, labels)},
                     example="\n".join(("*" + "." * (n - 1)) for _ in range(n)))

    def grade(self, answer, problem):
        c = problem.check
        n, regions = c["size"], c["regions"]
        try:
            rows = read_char_grid(answer, n, n, "*.", "* (star) and . (empty)")
        except ParseError as exc:
            return refused(exc)
        stars = [r * n + col for r in range(n) for col in range(n) if rows[r][col] == "*"]
        for r in range(n):
            k = rows[r].count("*")
            if k != 1:
                return wrong(f"Row {r + 1} has {k} stars, not 1.")
        for col in range(n):
            k = sum(1 for r in range(n) if rows[r][col] == "*")
            if k != 1:
                return wrong(f"Column {col + 1} has {k} stars, not 1.")
        labels = sorted({ch for row in regions for ch in row})
        for label in labels:
            k = sum(1 for i in stars if regions[i // n][i % n] == label)
            if k != 1:
                return wrong(f"Region {label} has {k} stars, not 1.")
        for a in stars:
            for b in stars:
                if a < b and abs(a // n - b // n) <= 1 and abs(a % n - b % n) <= 1:
                    return wrong(f"The stars at {rc_name(a, n)} and {rc_name(b, n)} touch.")
        return right()
