"""Hitori: shade cells so no number repeats in a line, shaded cells never touch, and the
unshaded cells stay connected; exactly one solution."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_char_grid
from ._csp import OutOfBudget
from ._latin import random_latin
from ._regions import rc_name

NODE_BUDGET = 400
MAX_REPAIRS = 40


class HitoriSolver:
    """Counts the shadings of an n x n number grid that keep every number at most once per row
    and column among the unshaded cells, never shade two orthogonal neighbours, and leave the
    unshaded cells connected.

    The state is two bitboards (shaded, unshaded; bit r*n+c). Propagation: a shaded cell's
    neighbours are unshaded; an unshaded cell shades every other cell with its number in its
    row and column; the cells not shaded must be connected to the unshaded ones (a flood
    fill), and any that are cut off must be shaded. Once every group of equal numbers in a line
    has at most one cell that is not shaded, leaving the rest unshaded is one solution, and a
    second exists exactly when one more cell could be shaded: one with no shaded neighbour
    whose loss keeps the rest connected."""

    def __init__(self, n: int, grid: list[int]):
        self.n = n
        self.full = (1 << (n * n)) - 1
        left = sum(1 << (r * n) for r in range(n))
        self.not_first_col = self.full & ~left
        self.not_last_col = self.full & ~(left << (n - 1))
        groups = []
        for line in [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]:
            by_value: dict[int, int] = {}
            for i in line:
                by_value[grid[i]] = by_value.get(grid[i], 0) | (1 << i)
            groups += [g for _, g in sorted(by_value.items()) if g & (g - 1)]
        self.groups = groups

    def spread(self, s: int) -> int:
        """s and its orthogonal neighbours."""
        return (s | ((s << 1) & self.not_first_col) | ((s >> 1) & self.not_last_col) | (s << self.n) | (s >> self.n)) \
            & self.full

    def fill(self, seed: int, region: int) -> int:
        """The cells of `region` connected to `seed` (a subset of it)."""
        while True:
            grown = self.spread(seed) & region
            if grown == seed:
                return seed
            seed = grown

    def count(self, limit: int = 2, budget: int = 0, shaded: int = 0, unshaded: int = 0, out=None) -> int:
        self._left = budget or -1
        return self._search(shaded, unshaded, limit, out)

    def _propagate(self, s: int, u: int):
        groups = self.groups
        while True:
            if ((s << 1) & self.not_first_col & s) or ((s << self.n) & s):
                return None  # two shaded neighbours
            u2 = u | (self.spread(s) & ~s)
            s2 = s
            for g in groups:
                x = g & u2
                if x:
                    if x & (x - 1):
                        return None  # a number twice unshaded in one line
                    s2 |= g & ~x
            if s2 & u2:
                return None
            region = self.full & ~s2
            if u2:
                reach = self.fill(u2 & -u2, region)
                if u2 & ~reach:
                    return None  # unshaded cells cut apart
                s2 |= region & ~reach  # cells cut off from the unshaded ones must be shaded
            if s2 == s and u2 == u:
                return s, u
            s, u = s2, u2

    def _search(self, s, u, limit, out) -> int:
        self._left -= 1
        if not self._left:
            raise OutOfBudget
        state = self._propagate(s, u)
        if state is None:
            return 0
        s, u = state
        for g in self.groups:
            open_ = g & ~s
            if open_ & (open_ - 1):  # two or more not shaded: decide one of them
                cell = open_ & ~u
                cell &= -cell
                total = self._search(s | cell, u, limit, out)
                if total < limit:
                    total += self._search(s, u | cell, limit - total, out)
                return total
        # every group is settled: the open cells unshaded is a solution
        if out is not None:
            out.append(s)
        region = self.full & ~s
        free = region & ~u & ~self.spread(s)
        while free:
            x = free & -free
            free ^= x
            rest = region & ~x
            if self.fill(rest & -rest, rest) == rest:
                if out is not None and limit > 1:
                    out.append(s | x)
                return 2 if limit > 1 else 1
        return 1


def shading_rows(s: int, n: int) -> list[str]:
    return ["".join("#" if s >> (r * n + c) & 1 else "." for c in range(n)) for r in range(n)]


def make_hitori(rng, n: int, share: float):
    """(numbers, shading): a random Latin square, a random set of shaded cells (never touching,
    the rest connected, up to `share` of the cells, drawn until no more fit) whose numbers are
    replaced by numbers repeated from their row or column. While the solver finds a second
    shading, the number of a shaded cell near a difference is redrawn, or a cell that the
    second solution shades is shaded too; after MAX_REPAIRS a fresh draw."""
    while True:
        try:
            found = _attempt(rng, n, share)
        except OutOfBudget:
            continue
        if found:
            return found


def _attempt(rng, n, share):
    base = random_latin(n, rng)
    probe = HitoriSolver(n, base)
    full = probe.full
    order = list(range(n * n))
    rng.shuffle(order)
    s = 0
    target = int(share * n * n)
    for i in order:
        if s.bit_count() >= target:
            break
        b = 1 << i
        if probe.spread(b) & s:
            continue
        rest = full & ~(s | b)
        if probe.fill(rest & -rest, rest) == rest:
            s |= b
    shaded = [i for i in range(n * n) if s >> i & 1]

    def options(i):
        r, c = divmod(i, n)
        line = [r * n + k for k in range(n)] + [k * n + c for k in range(n)]
        return sorted({base[j] for j in line if j != i and not s >> j & 1})

    grid = list(base)
    for i in shaded:
        opts = options(i)
        grid[i] = opts[rng.randrange(len(opts))]
    for _ in range(MAX_REPAIRS):
        solver = HitoriSolver(n, grid)
        found: list[int] = []
        if solver.count(2, NODE_BUDGET, out=found) == 1:
            return grid, s
        other = found[0] if found[0] != s else found[1]
        diff = s ^ other
        extra = [i for i in range(n * n) if other >> i & 1 and not s >> i & 1]
        added = False
        for i in extra:
            b = 1 << i
            rest = full & ~(s | b)
            if not probe.spread(b) & s and probe.fill(rest & -rest, rest) == rest:
                s |= b
                opts = options(i)
                grid[i] = opts[rng.randrange(len(opts))]
                added = True
                break
        if added:
            continue
        near = probe.spread(diff) & s
        cells = [i for i in range(n * n) if near >> i & 1] or shaded
        i = cells[rng.randrange(len(cells))]
        opts = options(i)
        grid[i] = opts[rng.randrange(len(opts))]
    return None


@register
class Hitori(Task):
    """Shade cells of an n x n grid of numbers so that no number appears twice among the
    unshaded cells of any row or column, no two shaded cells share an edge, and all unshaded
    cells are connected through shared edges. Each puzzle has exactly one shading, proven by a
    bitboard solver that counts shadings up to two (shading every cell the rules allow, not just
    duplicates, is counted, so the prompt's rules alone pin the answer). Higher levels grow the
    grid and shade more cells, so chains of forced shadings and the connectivity rule carry more
    of the deduction. The verifier checks the three rules.

    Generation runs below 1,000 problems/s at the largest sizes, and why: every repair of the
    numbers costs a solver call. Measured as CPU time on one core (`python bench/generation.py
    --clock cpu`): about 3,300/s at level 1, 1,700/s at level 5 (6x6), 300/s at level 10 (12x12) and
    about 50/s at level 20 (20x20).
    """

    name = "puzzles/hitori"
    knobs = (
        Knob("size", [4, 4, 5, 5, 6, 7, 8, 9, 10, 12, 13, 13, 14, 14, 15, 16, 17, 18, 19, 20], (3, 20),
             doc="side of the grid (numbers 1..size)"),
        Knob("shaded", [0.2, 0.25, 0.25, 0.3, 0.3, 0.3, 0.35, 0.35, 0.35, 0.35, 0.35, 0.37, 0.35, 0.37, 0.37, 0.37,
                        0.38, 0.38, 0.4, 0.4], (0.0, 0.5),
             doc="target share of shaded cells (fewer when no more fit)"),
    )
    answer_format = ("the shading, one row per line, each row as its cells: # for a shaded cell and . for an "
                     "unshaded one")
    example = "#...\n..#.\n.#..\n...#"
    keeps_full_stop = True  # a grid row may end in a '.' cell

    def build(self, rng, params):
        n = params["size"]
        grid, s = make_hitori(rng, n, params["shaded"])
        rows = "\n".join(" ".join(str(v) for v in grid[r * n:(r + 1) * n]) for r in range(n))
        question = (f"Solve this {n}x{n} Hitori puzzle. Shade some cells so that:\n"
                    f"- no number appears more than once among the unshaded cells of any row or any column;\n"
                    f"- no two shaded cells are next to each other horizontally or vertically;\n"
                    f"- all unshaded cells form one connected area (through horizontal and vertical steps).\n"
                    f"The puzzle has exactly one solution.\n\n{rows}")
        return Draft(question, "\n".join(shading_rows(s, n)), {"size": n, "numbers": grid},
                     example="\n".join(("#." * n)[:n] for _ in range(n)))

    def effort(self, problem):
        # the cells in doubt: every cell whose number repeats in its row or column (the others
        # are never shaded), each to be shaded or kept
        c = problem.check
        doubt = 0
        for group in HitoriSolver(c["size"], c["numbers"]).groups:
            doubt |= group
        return doubt.bit_count()

    def grade(self, answer, problem):
        c = problem.check
        n, numbers = c["size"], c["numbers"]
        try:
            rows = read_char_grid(answer, n, n, "#.", "# (shaded) and . (unshaded)")
        except ParseError as exc:
            return refused(exc)
        shaded = [ch == "#" for row in rows for ch in row]
        for label, lines in (("Row", [[r * n + k for k in range(n)] for r in range(n)]),
                             ("Column", [[k * n + col for k in range(n)] for col in range(n)])):
            for k, line in enumerate(lines):
                seen: dict[int, int] = {}
                for i in line:
                    if not shaded[i]:
                        if numbers[i] in seen:
                            return wrong(f"{label} {k + 1} keeps two unshaded {numbers[i]}s "
                                         f"({rc_name(seen[numbers[i]], n)} and {rc_name(i, n)}).")
                        seen[numbers[i]] = i
        for i in range(n * n):
            r, col = divmod(i, n)
            if shaded[i] and col + 1 < n and shaded[i + 1]:
                return wrong(f"Shaded cells {rc_name(i, n)} and {rc_name(i + 1, n)} are next to each other.")
            if shaded[i] and r + 1 < n and shaded[i + n]:
                return wrong(f"Shaded cells {rc_name(i, n)} and {rc_name(i + n, n)} are next to each other.")
        open_cells = [i for i in range(n * n) if not shaded[i]]
        if not open_cells:
            return wrong("Every cell is shaded; the unshaded cells must form one connected area.")
        reached, todo = {open_cells[0]}, [open_cells[0]]
        while todo:
            i = todo.pop()
            r, col = divmod(i, n)
            for j, ok in ((i - n, r > 0), (i + n, r + 1 < n), (i - 1, col > 0), (i + 1, col + 1 < n)):
                if ok and not shaded[j] and j not in reached:
                    reached.add(j)
                    todo.append(j)
        if len(reached) != len(open_cells):
            cut = next(i for i in open_cells if i not in reached)
            return wrong(f"The unshaded cells are not all connected: {rc_name(cut, n)} is cut off "
                         f"from {rc_name(open_cells[0], n)}.")
        return right()
