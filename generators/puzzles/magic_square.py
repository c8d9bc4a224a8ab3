"""Magic squares: complete a partly filled normal magic square; exactly one completion."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_number_grid
from ._csp import OutOfBudget

NODE_BUDGET = 3_000
FILL_BUDGET = 100  # search nodes per try at a random full square before a restart


class MagicSolver:
    """Completes a partly filled n x n normal magic square: the numbers 1..n*n once each, every
    row, column and both main diagonals summing to n(n*n+1)/2.

    A depth-first search over bitmasks of the numbers still free: it fills a cell of the line
    with the fewest blanks (a line with one blank is forced), and a number goes into a cell
    only if every line through the cell can still reach the magic sum with distinct free
    numbers (between the sum of the smallest and of the largest that many)."""

    def __init__(self, n: int):
        self.n = n
        self.total = n * (n * n + 1) // 2
        lines = [[r * n + c for c in range(n)] for r in range(n)] + [[r * n + c for r in range(n)] for c in range(n)]
        lines.append([i * n + i for i in range(n)])
        lines.append([i * n + n - 1 - i for i in range(n)])
        self.lines = lines
        self.lines_of = [[k for k, line in enumerate(lines) if i in line] for i in range(n * n)]

    def count(self, grid: list[int], limit: int = 2, out=None, rng=None, budget: int = 0) -> int:
        """Completions of `grid` (0 = blank) counted up to `limit`; with `out`, they are
        appended to it; with `rng`, numbers are tried in random order; with `budget`,
        OutOfBudget after that many search nodes."""
        n = self.n
        grid = list(grid)
        used = 0
        for v in grid:
            if v:
                if not 1 <= v <= n * n or used >> v & 1:
                    return 0
                used |= 1 << v
        sums = [sum(grid[i] for i in line) for line in self.lines]
        blanks = [sum(1 for i in line if not grid[i]) for line in self.lines]
        for s, b in zip(sums, blanks):
            if s > self.total or (not b and s != self.total):
                return 0
        self._left = budget or -1
        return self._search(grid, used, sums, blanks, limit, out, rng)

    @staticmethod
    def _reachable(need: int, k: int, free: int) -> bool:
        """Whether k distinct numbers of the set `free` (a bitmask) may sum to `need`: the
        bounds test, between the k smallest and the k largest."""
        if k == 0:
            return need == 0
        lo = hi = 0
        f, c = free, 0
        while c < k and f:
            b = f & -f
            f ^= b
            lo += b.bit_length() - 1
            c += 1
        if c < k or need < lo:
            return False
        f, c = free, 0
        while c < k:
            top = f.bit_length() - 1
            f ^= 1 << top
            hi += top
            c += 1
        return need <= hi

    def _search(self, grid, used, sums, blanks, limit, out, rng) -> int:
        self._left -= 1
        if not self._left:
            raise OutOfBudget
        nn, total = self.n * self.n, self.total
        free = ((1 << (nn + 1)) - 2) & ~used
        best, fewest = -1, nn + 1
        for k, b in enumerate(blanks):
            if b and b < fewest:
                best, fewest = k, b
                if b == 1:
                    break
        if best < 0:
            if out is not None:
                out.append(list(grid))
            return 1
        cell = next(i for i in self.lines[best] if not grid[i])
        need = total - sums[best]
        if fewest == 1:
            values = [need] if 1 <= need <= nn and free >> need & 1 else []
        else:
            values = [v for v in range(1, min(nn, need - 1) + 1) if free >> v & 1]
            if rng is not None:
                rng.shuffle(values)
        count = 0
        through = self.lines_of[cell]
        for v in values:
            rest = free & ~(1 << v)
            if not all(self._reachable(total - sums[k] - v, blanks[k] - 1, rest) for k in through):
                continue
            grid[cell] = v
            for k in through:
                sums[k] += v
                blanks[k] -= 1
            count += self._search(grid, used | (1 << v), sums, blanks, limit - count, out, rng)
            for k in through:
                sums[k] -= v
                blanks[k] += 1
            grid[cell] = 0
            if count >= limit:
                break
        return count


def latin_magic(rng, n: int) -> list[int]:
    """A random magic square of odd prime order n from two orthogonal diagonal Latin squares,
    A[r][c] = s((a1 r + b1 c) mod n) and B[r][c] = t((a2 r + b2 c) mod n) with random symbol
    permutations s, t: n*A + B + 1 puts 1..n*n once each, and every row, column and diagonal
    holds each symbol of A and of B once, so all sum to n(n*n+1)/2."""
    pairs = [(a, b) for a in range(1, n) for b in range(1, n) if (a + b) % n and (a - b) % n]
    while True:
        a1, b1 = pairs[rng.randrange(len(pairs))]
        a2, b2 = pairs[rng.randrange(len(pairs))]
        if (a1 * b2 - a2 * b1) % n:
            break
    s, t = list(range(n)), list(range(n))
    rng.shuffle(s)
    rng.shuffle(t)
    return [n * s[(a1 * r + b1 * c) % n] + t[(a2 * r + b2 * c) % n] + 1 for r in range(n) for c in range(n)]


_SOLVERS: dict[int, MagicSolver] = {}


def solver_for(n: int) -> MagicSolver:
    if n not in _SOLVERS:
        _SOLVERS[n] = MagicSolver(n)
    return _SOLVERS[n]


def random_square(solver: MagicSolver, rng) -> list[int]:
    """A random magic square by randomised search on the empty grid, restarted (with the
    stream moved on, so in a new random order) whenever it passes FILL_BUDGET nodes: the search
    time is heavy-tailed (a few seeds take 30 times the median), and short restarts cut the
    mean on 4x4 squares about fourfold."""
    n = solver.n
    while True:
        found: list[list[int]] = []
        try:
            solver.count([0] * (n * n), 1, found, rng, budget=FILL_BUDGET)
            return found[0]
        except OutOfBudget:
            continue


def make_magic(rng, n: int, blanks: int) -> tuple[list[int], list[int]]:
    """(square, puzzle): a random magic square (a randomised search on the empty grid for
    n = 3 and 4; the orthogonal-Latin-square construction for n = 5, where the search is slow),
    then cells in random order are blanked while the solver still counts exactly one
    completion (a search past the node budget counts as ambiguous, so the cell stays), until
    `blanks` cells are blank or no cell can go."""
    solver = solver_for(n)
    if n in (5, 7):
        square = latin_magic(rng, n)
    else:
        square = random_square(solver, rng)
    puzzle = list(square)
    order = list(range(n * n))
    rng.shuffle(order)
    done = 0
    for i in order:
        if done >= blanks:
            break
        value, puzzle[i] = puzzle[i], 0
        try:
            unique = solver.count(puzzle, 2, budget=NODE_BUDGET) == 1
        except OutOfBudget:
            unique = False
        if unique:
            done += 1
        else:
            puzzle[i] = value
    return square, puzzle


def render(grid: list[int], n: int) -> str:
    width = len(str(n * n))
    return "\n".join(" ".join((str(v) if v else ".").rjust(width) for v in grid[r * n:(r + 1) * n]) for r in range(n))


@register
class MagicSquare(Task):
    """Complete a partly filled n x n magic square: each number 1..n*n exactly once, and every
    row, every column and both main diagonals sum to the magic constant n(n*n+1)/2. Each puzzle
    has exactly one completion (a unique-solution task, not any-valid-completion), proven by a
    bitmask search that counts completions up to two while cells are blanked; the verifier
    still checks the rules and the givens, so it would accept any valid completion. Higher
    levels grow the square (3x3, 4x4, 5x5; 7x7 from level 11) and blank more cells, so fewer
    lines are one step from their sum and numbers must be placed by combining lines.

    Generation runs below 1,000 problems/s on 4x4 and 5x5 squares, and why: each blanked cell costs
    a uniqueness search, and a random 4x4 square is itself a search (restarted when it runs long).
    Measured as CPU time on one core (`python bench/generation.py --clock cpu`): about 2,900/s at
    level 1, 460/s at level 5 (4x4), 80/s at level 10 (5x5), about 70/s at level 15 (7x7, 20
    blanks) and 20/s at level 17 (22 blanks).
    """

    name = "puzzles/magic_square"
    knobs = (
        Knob("size", [3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 7, 7, 7, 7, 7, 7, 7], (3, 7),
             doc="side of the square (numbers 1..size^2; 6 is refused: no fast construction)"),
        Knob("blanks", [3, 5, 7, 6, 9, 12, 10, 12, 14, 16, 16, 17, 18, 19, 20, 21, 22], (1, 49),
             doc="target number of blank cells (fewer when no more can go without losing uniqueness)"),
    )
    cap_reason = ("a 5x5 square stops being uniquely completable at about 17 blanks and 6x6 has no fast "
                  "construction; on 7x7 squares (from level 11) each blank past about 22 costs uniqueness "
                  "proofs that run out of their node budget (under 5 problems/s at 23)")
    answer_format = "the completed square, one row per line, the numbers in a row separated by spaces"
    example = "1 2 3\n4 5 6\n7 8 9"

    def build(self, rng, params):
        n = params["size"]
        if n == 6:  # no Latin-square construction (6 is not prime) and the random search is slow
            raise ValueError("knob 'size': 6 is not supported (use 3, 4, 5 or 7)")
        square, puzzle = make_magic(rng, n, min(params["blanks"], n * n))
        total = n * (n * n + 1) // 2
        question = (f"Complete this {n}x{n} magic square ('.' marks a blank cell). Fill the blanks so that the "
                    f"square holds every whole number from 1 to {n * n} exactly once and every row, every column "
                    f"and both main diagonals add up to {total}. The given numbers stay as they are. The square has "
                    f"exactly one completion.\n\n{render(puzzle, n)}")
        answer = "\n".join(" ".join(str(v) for v in square[r * n:(r + 1) * n]) for r in range(n))
        return Draft(question, answer, {"size": n, "givens": puzzle},
                     example="\n".join(" ".join(str(r * n + c + 1) for c in range(n)) for r in range(n)))

    def effort(self, problem):
        # the line-sum arithmetic: each blank is found from a line of n numbers (n - 1 additions
        # and one subtraction from the magic sum)
        c = problem.check
        return c["size"] * sum(1 for v in c["givens"] if not v)

    def grade(self, answer, problem):
        c = problem.check
        n, givens = c["size"], c["givens"]
        try:
            grid = read_number_grid(answer, n, n, 1, n * n)
        except ParseError as exc:
            return refused(exc)
        for i, (v, g) in enumerate(zip(grid, givens)):
            if g and v != g:
                return wrong(f"Row {i // n + 1}, column {i % n + 1} must keep its given number {g}.")
        seen: dict[int, int] = {}
        for i, v in enumerate(grid):
            if v in seen:
                j = seen[v]
                return wrong(f"{v} appears twice (row {j // n + 1}, column {j % n + 1} and row {i // n + 1}, "
                             f"column {i % n + 1}).")
            seen[v] = i
        total = n * (n * n + 1) // 2
        lines = [(f"Row {r + 1}", [r * n + k for k in range(n)]) for r in range(n)]
        lines += [(f"Column {k + 1}", [r * n + k for r in range(n)]) for k in range(n)]
        lines += [("The main diagonal (top left to bottom right)", [i * n + i for i in range(n)]),
                  ("The anti-diagonal (top right to bottom left)", [i * n + n - 1 - i for i in range(n)])]
        for label, cells in lines:
            s = sum(grid[i] for i in cells)
            if s != total:
                return wrong(f"{label} sums to {s}, not {total}.")
        return right()
