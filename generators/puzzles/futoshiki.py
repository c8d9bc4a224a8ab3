"""Futoshiki: a Latin square with inequality signs between neighbours; exactly one solution."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._csp import OutOfBudget
from ._latin import digit_rows, latin_problem, latin_solver, random_latin, read_digit_grid
from ._regions import rc_name

NODE_BUDGET = 500  # search nodes per uniqueness check before a fresh draw


def count_solutions(n: int, givens: list[int], less, limit: int = 2, budget: int = 0) -> list[list[int]]:
    """Solutions (up to `limit`) of a Futoshiki: givens (0 = empty) and pairs (a, b) with a < b."""
    full = (1 << n) - 1
    domains = [1 << (g - 1) if g else full for g in givens]
    return latin_solver(n).solutions(domains, (), limit, budget=budget, less=less)


def make_futoshiki(rng, n: int, density: float, givens: int, prune: float):
    """(solution, givens, less), proven unique by the solver.

    Start from a random Latin square with a random share `density` of the neighbour pairs
    marked and `givens` digits shown. While a second solution exists, one more clue that the
    second solution breaks is added (an inequality where the two order a pair differently,
    else a digit). Then each clue, in random order, is tried for removal with probability
    `prune`: it goes when the puzzle without it, but with its negation (the sign reversed, or
    the cell barred from its digit), has no solution, which is exactly "still unique" and
    cheaper to refute than counting two. Higher levels prune more, leaving fewer clues and
    longer chains of deduction. A search past NODE_BUDGET never restarts the draw: a repair
    then shows a digit instead, and a clue whose removal was not proven safe stays, so a
    puzzle is always reached and is unique by proof.
    """
    while True:
        try:
            return _attempt(rng, n, density, givens, prune)
        except OutOfBudget:
            continue


def _attempt(rng, n, density, n_givens, prune):
    solver = latin_solver(n)
    full = (1 << n) - 1
    solution = random_latin(n, rng)
    pairs = [(i, i + 1) for i in range(n * n) if (i + 1) % n] + [(i, i + n) for i in range(n * n - n)]
    order = lambda a, b: (a, b) if solution[a] < solution[b] else (b, a)  # noqa: E731
    less = {order(a, b) for a, b in pairs if rng.random() < density}
    shown = set(rng.sample(range(n * n), min(n_givens, n * n)))
    while True:
        grid = [solution[i] if i in shown else 0 for i in range(n * n)]
        try:
            found = count_solutions(n, grid, sorted(less), 2, NODE_BUDGET)
        except OutOfBudget:  # no second solution in sight: show a digit, which always helps
            shown.add(rng.choice([i for i in range(n * n) if i not in shown]))
            continue
        if len(found) == 1:
            break
        other = found[0] if found[0] != solution else found[1]
        split = [(a, b) for a, b in pairs if (solution[a] < solution[b]) != (other[a] < other[b])]
        if split:
            less.add(order(*split[rng.randrange(len(split))]))
        else:
            diff = [i for i in range(n * n) if solution[i] != other[i]]
            shown.add(diff[rng.randrange(len(diff))])
    clues = [("less", pair) for pair in sorted(less)] + [("given", i) for i in sorted(shown)]
    rng.shuffle(clues)
    for kind, what in clues:
        if rng.random() >= prune:
            continue
        if kind == "less":
            rest = sorted(less - {what}) + [what[::-1]]
            domains = [1 << (solution[i] - 1) if i in shown else full for i in range(n * n)]
        else:
            rest = sorted(less)
            domains = [1 << (solution[i] - 1) if i in shown and i != what else full for i in range(n * n)]
            domains[what] = full & ~(1 << (solution[what] - 1))
        try:
            redundant = not solver.count(domains, (), 1, NODE_BUDGET, rest)
        except OutOfBudget:  # not proven redundant in time: the clue stays
            redundant = False
        if redundant:
            (less if kind == "less" else shown).discard(what)
    grid = [solution[i] if i in shown else 0 for i in range(n * n)]
    return solution, grid, sorted(less)


def render(n: int, givens: list[int], less: list[tuple[int, int]]) -> str:
    """Cells as digits or '.', '<' or '>' between row neighbours, '^' or 'v' between column
    neighbours ('^': the upper cell is the smaller)."""
    rel = {}
    for a, b in less:
        rel[(a, b)] = "<" if b == a + 1 else "^"
        rel[(b, a)] = ">" if b == a + 1 else "v"
    lines = []
    for r in range(n):
        row = ""
        for c in range(n):
            i = r * n + c
            row += str(givens[i]) if givens[i] else "."
            if c + 1 < n:
                row += f" {rel.get((i, i + 1), ' ')} "
        lines.append(row.rstrip())
        if r + 1 < n:
            below = "   ".join(rel.get((r * n + c, r * n + c + n), " ") for c in range(n))
            lines.append(below.rstrip())
    return "\n".join(lines)


@register
class Futoshiki(Task):
    """Fill an n x n grid with 1..n, each digit once per row and column, so that every
    inequality sign between two neighbouring cells holds and the given digits stay. Each puzzle
    has exactly one solution, proven by a bitmask solver (rows and columns all-different, each
    sign a table of the ordered digit pairs) that counts solutions up to two. Higher levels grow
    the grid, start from fewer signs and digits and prune more redundant clues, so a solution
    needs longer chains of inequalities (a < b < c forces bounds two cells away) instead of
    single look-ups. The verifier checks the rules and the givens.

    Generation runs below 1,000 problems/s, and why: the unique-solution search calls the solver
    once per added clue and once per clue tried for pruning (about 70 calls on a 7x7 grid), and
    signs alone propagate weakly, so each call searches. Measured as CPU time on one core (`python
    bench/generation.py --clock cpu`): about 5,000/s at level 1, 800/s at level 5 (5x5), 40/s at
    level 10 (7x7) and about 4/s at level 14 (8x8, every clue tried for pruning).
    """

    name = "puzzles/futoshiki"
    knobs = (
        Knob("size", [4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (3, 9), doc="side of the grid (digits 1..size)"),
        Knob("density", [0.35, 0.3, 0.3, 0.25, 0.25, 0.25, 0.2, 0.2, 0.25, 0.25, 0.2, 0.3, 0.25, 0.2], (0.0, 1.0),
             doc="share of neighbour pairs given a sign before the uniqueness repair"),
        Knob("givens", [4, 3, 3, 2, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0], (0, 81),
             doc="digits shown before the uniqueness repair"),
        Knob("prune", [0.0, 0.3, 0.4, 0.5, 0.6, 0.6, 0.8, 1.0, 0.8, 1.0, 1.0, 0.6, 0.8, 1.0], (0.0, 1.0),
             doc="chance that each clue is tried for removal (kept when removing it loses uniqueness)"),
    )
    cap_reason = ("cells hold one digit, so 9x9 is the largest grid, and a 9x9 puzzle pruned to a few signs "
                  "takes the solver over a second to prove unique (8x8 with every clue tried is level 14)")
    answer_format = "the completed grid, one row per line, each row as its digits"
    example = "1234\n1234\n1234\n1234"

    def build(self, rng, params):
        n = params["size"]
        solution, givens, less = make_futoshiki(rng, n, params["density"], params["givens"], params["prune"])
        signs = "\n".join(f"{rc_name(a, n)} < {rc_name(b, n)}" for a, b in less)
        question = (f"Solve this {n}x{n} Futoshiki puzzle. Fill every empty cell ('.') with a digit from 1 to {n} "
                    f"so that each row and each column contains every digit from 1 to {n} exactly once and every "
                    f"inequality holds. In the grid, '<' and '>' between two cells of a row compare them left to "
                    f"right; '^' between two cells of a column means the upper cell is smaller than the lower one, "
                    f"and 'v' means the upper cell is larger. The given digits stay as they are. The puzzle has "
                    f"exactly one solution.\n\n{render(n, givens, less)}\n\n"
                    f"The same inequalities, listed (r = row, c = column, from the top left):\n{signs}")
        check = {"size": n, "givens": digit_rows(givens, n), "less": [list(p) for p in less]}
        return Draft(question, "\n".join(digit_rows(solution, n)), check,
                     example="\n".join("".join(str(d) for d in range(1, n + 1)) for _ in range(n)))

    def effort(self, problem):
        # the cells to deduce: every empty cell of the grid
        return sum(row.count(".") for row in problem.check["givens"])

    def grade(self, answer, problem):
        c = problem.check
        n = c["size"]
        try:
            grid = read_digit_grid(answer, n)
        except ParseError as exc:
            return refused(exc)
        givens = [0 if ch == "." else int(ch) for row in c["givens"] for ch in row]
        why = latin_problem(grid, n, givens)
        if why:
            return wrong(why)
        for a, b in c["less"]:
            if not grid[a] < grid[b]:
                return wrong(f"{rc_name(a, n)} must be less than {rc_name(b, n)}, "
                             f"but they hold {grid[a]} and {grid[b]}.")
        return right()
