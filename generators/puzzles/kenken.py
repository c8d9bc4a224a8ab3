"""KenKen: a Latin square whose cages carry an arithmetic clue; exactly one solution."""
from __future__ import annotations

import math

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._csp import OutOfBudget, cage_codes, clashes
from ._latin import digit_rows, latin_problem, latin_solver, random_latin, read_digit_grid
from ._regions import components, random_cages, rc_name, region_labels, region_map, spaced

OPERATIONS = {"add": "+", "add_sub": "+-", "arith": "+-*", "all": "+-*/"}
WORDS = {"+": "sum", "-": "difference", "*": "product", "/": "quotient", "=": "value"}
MAX_REPAIRS = 60
NODE_BUDGET = 400  # search nodes per uniqueness check before a fresh draw


def cage_value(op: str, values) -> int | None:
    """The clue a cage with these values has under `op` (None where the op does not apply)."""
    if op == "+":
        return sum(values)
    if op == "*":
        p = 1
        for v in values:
            p *= v
        return p
    if op == "=":
        return values[0] if len(values) == 1 else None
    if len(values) != 2:
        return None
    big, small = max(values), min(values)
    if op == "-":
        return big - small if big != small else None
    return big // small if big % small == 0 and big != small else None


def _ops_for(size: int, allowed: str) -> list[str]:
    if size == 1:
        return ["="]
    return [op for op in allowed if size == 2 or op in "+*"]


def make_kenken(rng, n: int, max_cage: int, allowed: str):
    """(solution, cages): cages are [op, target, cells]. Proven unique by the table solver:
    cages are drawn at random, then while a second solution exists a cage where the two
    solutions differ gets a different operation that rules the second one out, or is split.
    A draw whose search runs past the node budget is dropped for a fresh one."""
    while True:
        try:
            return _attempt(rng, n, max_cage, allowed)
        except OutOfBudget:
            continue


def _attempt(rng, n, max_cage, allowed):
    solver = latin_solver(n)
    solution = random_latin(n, rng)
    sizes = list(range(2, max_cage + 1)) + [max_cage]
    cages = []
    for cells in random_cages(rng, n, n, sizes):
        values = [solution[c] for c in cells]
        ops = [op for op in _ops_for(len(cells), allowed) if cage_value(op, values) is not None]
        # the weak clues (+ and *) are likelier on big cages; on pairs prefer - and / when allowed
        if len(cells) == 2 and any(op in "-/" for op in ops) and rng.random() < 0.6:
            ops = [op for op in ops if op in "-/"]
        op = ops[rng.randrange(len(ops))] if ops else "+"
        cages.append([op, cage_value(op, values), cells])
    domains = [(1 << n) - 1] * (n * n)
    for _ in range(MAX_REPAIRS):
        tables = [(cells, cage_codes(n, len(cells), op, target, clashes(cells, n))) for op, target, cells in cages]
        found = solver.solutions(domains, tables, 2, budget=NODE_BUDGET)
        if len(found) == 1:
            return solution, cages
        other = found[0] if found[0] != solution else found[1]
        diff = [i for i in range(n * n) if other[i] != solution[i]]
        owner = {c: k for k, (_, _, cells) in enumerate(cages) for c in cells}
        fixes = []
        for k in sorted({owner[i] for i in diff}):
            op, target, cells = cages[k]
            mine = [solution[c] for c in cells]
            theirs = [other[c] for c in cells]
            for new in _ops_for(len(cells), allowed):
                t = cage_value(new, mine)
                if new != op and t is not None and cage_value(new, theirs) != t:
                    fixes.append((k, new, t))
        if fixes:
            k, new, t = fixes[rng.randrange(len(fixes))]
            cages[k] = [new, t, cages[k][2]]
            continue
        # no operation separates the two: split a differing cage around one differing cell
        cell = diff[rng.randrange(len(diff))]
        k = owner[cell]
        cells = cages.pop(k)[2]
        pieces = [[cell]] + components([c for c in cells if c != cell], n, n)
        for piece in pieces:
            values = [solution[c] for c in piece]
            ops = [op for op in _ops_for(len(piece), allowed) if cage_value(op, values) is not None] or ["+"]
            op = ops[rng.randrange(len(ops))]
            cages.append([op, cage_value(op, values), piece])
        cages.sort(key=lambda cage: cage[2])
    raise RuntimeError("no unique KenKen found")  # pragma: no cover (splitting always converges)


def clue_text(op: str, target: int) -> str:
    return f"{WORDS[op]} {target}"


@register
class KenKen(Task):
    """Fill an n x n grid with 1..n so that every row and column holds each digit once and every
    cage meets its clue: the sum, product, difference (larger minus smaller) or quotient (larger
    over smaller) of its digits, or the digit itself for a one-cell cage. Each puzzle has exactly
    one solution, proven by a bitmask table solver (rows and columns all-different, each cage a
    table of the digit tuples that meet its clue) that counts solutions up to two; while there
    are two, a cage where they differ gets an operation that rules the second out, or is split.
    Higher levels grow the grid, the cages and the operations (from sums only to all four), so
    clues narrow less and more cages must be reasoned about together. The verifier checks the
    rules, so any grid meeting them (only the reference can) passes.

    Generation is a unique-solution search, which is why it runs below 1,000 problems/s on the
    largest grids: every repair costs a solver call. Measured as CPU time on one core (`python
    bench/generation.py --clock cpu`): about 5,500/s at level 1, 2,200/s at level 5 (5x5), 120/s
    at level 10 (8x8) and about 17/s at level 11 (9x9).
    """

    name = "puzzles/kenken"
    knobs = (
        Knob("size", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9], (3, 9), doc="side of the grid (digits 1..size)"),
        Knob("max_cage", [2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4], (2, 6), doc="largest cage drawn"),
        Knob("operations", ["add", "add_sub", "add_sub", "arith", "all", "all", "all", "all", "all", "all", "all"],
             choices=tuple(OPERATIONS), doc="the operations cages may use (add, add_sub, arith = + - *, all)"),
    )
    cap_reason = ("9x9 (level 11) is the largest grid written one digit per cell, and larger cages do not make "
                  "it harder: the uniqueness repairs split them back (about 114 bits of clue uncertainty at "
                  "largest cages of 5 or 6 cells against 106 at 4) while generation falls under 4 problems/s")
    answer_format = "the completed grid, one row per line, each row as its digits"
    example = "123\n231\n312"

    def build(self, rng, params):
        n = params["size"]
        while True:
            solution, cages = make_kenken(rng, n, params["max_cage"], OPERATIONS[params["operations"]])
            if len(cages) <= 52:
                break
        labels = region_labels(len(cages))
        groups = [cells for _, _, cells in cages]
        clues = "\n".join(f"{labels[k]}: {clue_text(op, t)} ({len(cells)} cell{'s' if len(cells) > 1 else ''})"
                          for k, (op, t, cells) in enumerate(cages))
        question = (f"Solve this {n}x{n} KenKen puzzle. Fill every cell with a digit from 1 to {n} so that each "
                    f"row and each column contains every digit from 1 to {n} exactly once. The grid is divided "
                    f"into cages, shown by letters (cells with the same letter form one cage). Each cage has a "
                    f"clue: 'sum' is the total of its digits, 'product' their product, 'difference' the larger "
                    f"minus the smaller of its two digits, 'quotient' the larger divided by the smaller of its "
                    f"two digits, and 'value' the digit of a one-cell cage. Digits may repeat inside a cage if "
                    f"they are in different rows and columns. The puzzle has exactly one solution.\n\n"
                    f"Cage map:\n{spaced(region_map(groups, n, n, labels))}\n\nClues:\n{clues}")
        check = {"size": n, "cages": [[labels[k], op, t, cells] for k, (op, t, cells) in enumerate(cages)]}
        return Draft(question, "\n".join(digit_rows(solution, n)), check,
                     example="\n".join("".join(str(d) for d in range(1, n + 1)) for _ in range(n)))

    def effort(self, problem):
        # the uncertainty the clues leave, in bits: for each cage, the fillings of its cells
        # that meet its clue (the solver's table for the cage), which the rows, columns and
        # other cages must narrow to one
        c = problem.check
        n = c["size"]
        return sum(math.log2(len(cage_codes(n, len(cells), op, target, clashes(cells, n))))
                   for _, op, target, cells in c["cages"])

    def grade(self, answer, problem):
        c = problem.check
        n = c["size"]
        try:
            grid = read_digit_grid(answer, n)
        except ParseError as exc:
            return refused(exc)
        why = latin_problem(grid, n)
        if why:
            return wrong(why)
        for label, op, target, cells in c["cages"]:
            values = [grid[i] for i in cells]
            got = cage_value(op, values)
            if got != target:
                where = ", ".join(rc_name(i, n) for i in cells)
                if op == "=":
                    return wrong(f"Cage {label} ({where}) must hold {target}, not {values[0]}.")
                shown = "undefined" if got is None else got
                return wrong(f"Cage {label} ({where}) has {WORDS[op]} {shown}, not {target}.")
        return right()
