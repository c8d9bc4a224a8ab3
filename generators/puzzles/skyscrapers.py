"""Skyscrapers: a Latin square of building heights with visibility clues; exactly one solution."""
from __future__ import annotations

from itertools import permutations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._csp import OutOfBudget, encode
from ._latin import digit_rows, latin_problem, latin_solver, random_latin, read_digit_grid

NODE_BUDGET = 400  # search nodes per uniqueness check before a fresh draw
SIDES = ("top", "bottom", "left", "right")
_LINES: dict[int, dict] = {}


def visible(heights) -> int:
    """How many buildings are seen from the front of a line: each taller than all before it."""
    seen, top = 0, 0
    for h in heights:
        if h > top:
            seen, top = seen + 1, h
    return seen


def line_codes(n: int, front: int, back: int, negate: str = "") -> list[int]:
    """Encoded permutations of 1..n whose visibility from the front is `front` and from the back
    is `back` (0 = no clue). With negate="front" (or "back") that clue is reversed: the
    visibility must differ from it (used to prove a clue redundant)."""
    if n not in _LINES:
        table: dict = {}
        for p in permutations(range(1, n + 1)):
            table.setdefault((visible(p), visible(p[::-1])), []).append(encode(p, n))
        _LINES[n] = {"by": table, "cache": {}}
    cache = _LINES[n]["cache"]
    key = (front, back, negate)
    if key not in cache:
        out = []
        for (f, b), codes in sorted(_LINES[n]["by"].items()):
            ok_f = not front or ((f != front) if negate == "front" else (f == front))
            ok_b = not back or ((b != back) if negate == "back" else (b == back))
            if ok_f and ok_b:
                out.extend(codes)
        cache[key] = out
    return cache[key]


def lines(n: int) -> list[tuple[list[int], str, str]]:
    """Each row and column as (cells front to back, the clue side at its front, at its back)."""
    out = [([r * n + c for c in range(n)], f"left:{r}", f"right:{r}") for r in range(n)]
    out += [([r * n + c for r in range(n)], f"top:{c}", f"bottom:{c}") for c in range(n)]
    return out


def clue_keys(n: int) -> list[str]:
    return [f"{side}:{k}" for side in SIDES for k in range(n)]


def tables_for(n: int, clues: dict, negate_key: str = "") -> list:
    tables = []
    for cells, front, back in lines(n):
        f, b = clues.get(front, 0), clues.get(back, 0)
        if f or b:
            negate = "front" if negate_key == front else "back" if negate_key == back else ""
            tables.append((cells, line_codes(n, f, b, negate)))
    return tables


def make_skyscrapers(rng, n: int, prune: float):
    """(solution, clues, givens): all 4n clues of a random Latin square, plus given digits
    where the clues alone leave two solutions; then each clue and given, in random order, is
    tried for removal with probability `prune`, and goes when the puzzle without it but with
    its negation (the visibility differing from the clue, or the cell barred from its digit)
    has no solution, which is exactly "still unique". A search past NODE_BUDGET never restarts
    the draw: a repair then gives a digit instead, and an item whose removal was not proven
    safe stays."""
    while True:
        try:
            return _attempt(rng, n, prune)
        except OutOfBudget:
            continue


def _attempt(rng, n, prune):
    solver = latin_solver(n)
    full = (1 << n) - 1
    solution = random_latin(n, rng)
    clues = {}
    for cells, front, back in lines(n):
        heights = [solution[c] for c in cells]
        clues[front], clues[back] = visible(heights), visible(heights[::-1])
    shown: set[int] = set()

    def domains(skip=-1):
        return [1 << (solution[i] - 1) if i in shown and i != skip else full for i in range(n * n)]

    while True:
        try:
            found = solver.solutions(domains(), tables_for(n, clues), 2, budget=NODE_BUDGET)
        except OutOfBudget:  # no second solution in sight: give a digit, which always helps
            shown.add(rng.choice([i for i in range(n * n) if i not in shown]))
            continue
        if len(found) == 1:
            break
        other = found[0] if found[0] != solution else found[1]
        diff = [i for i in range(n * n) if other[i] != solution[i]]
        shown.add(diff[rng.randrange(len(diff))])
    items = [("clue", k) for k in clue_keys(n)] + [("given", i) for i in sorted(shown)]
    rng.shuffle(items)
    for kind, what in items:
        if rng.random() >= prune:
            continue
        if kind == "clue":
            doms, tables = domains(), tables_for(n, clues, what)
        else:
            doms, tables = domains(what), tables_for(n, clues)
            doms[what] = full & ~(1 << (solution[what] - 1))
        try:
            redundant = not solver.count(doms, tables, 1, NODE_BUDGET)
        except OutOfBudget:  # not proven redundant in time: the clue stays
            redundant = False
        if redundant:
            if kind == "clue":
                del clues[what]
            else:
                shown.discard(what)
    givens = [solution[i] if i in shown else 0 for i in range(n * n)]
    return solution, clues, givens


def render(n: int, clues: dict, givens: list[int]) -> str:
    def clue(key):
        return str(clues[key]) if key in clues else " "

    top = "    " + " ".join(clue(f"top:{c}") for c in range(n))
    bottom = "    " + " ".join(clue(f"bottom:{c}") for c in range(n))
    rule = "  +" + "-" * (2 * n + 1) + "+"
    rows = [f"{clue(f'left:{r}')} | " + " ".join(str(g) if g else "." for g in givens[r * n:(r + 1) * n])
            + f" | {clue(f'right:{r}')}" for r in range(n)]
    return "\n".join([top.rstrip(), rule, *(row.rstrip() for row in rows), rule, bottom.rstrip()])


def describe(key: str) -> str:
    side, k = key.split(":")
    k = int(k) + 1
    return {"top": f"column {k} seen from the top", "bottom": f"column {k} seen from the bottom",
            "left": f"row {k} seen from the left", "right": f"row {k} seen from the right"}[side]


@register
class Skyscrapers(Task):
    """Place buildings of heights 1..n in an n x n grid, each height once per row and column, so
    that every clue around the edge counts the buildings visible from that side (a building
    hides every shorter one behind it). Each puzzle has exactly one solution, proven by a
    bitmask table solver (each clued line a table of the permutations with those visibilities)
    that counts solutions up to two; where the clues leave two solutions, digits are given.
    Higher levels grow the grid and drop more clues (each only when the puzzle stays unique),
    so the remaining clues must be combined across lines. The verifier checks the rules.

    Generation runs below 1,000 problems/s, and why: every clue tried for removal costs a solver
    call (about 40 on a 7x7 grid) on line tables of up to 5,040 permutations. Measured as CPU time
    on one core (`python bench/generation.py --clock cpu`): about 2,200/s at level 1, 500/s at level
    5 (5x5), 40/s at level 10 (7x7) and about 5/s at levels 11-13 (8x8, tables of 40,320
    permutations).
    """

    name = "puzzles/skyscrapers"
    cap_reason = ("a 9x9 grid's line tables hold 362,880 permutations each, and 8x8 with most clues tried for "
                  "removal (level 13) already makes only about 3 problems/s")
    knobs = (
        Knob("size", [4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 8, 8, 8], (3, 9), doc="side of the grid (heights 1..size)"),
        Knob("prune", [0.2, 0.5, 0.8, 0.4, 0.7, 1.0, 0.6, 0.8, 1.0, 1.0, 0.4, 0.6, 0.8], (0.0, 1.0),
             doc="chance that each clue or given is tried for removal (kept when removing it loses uniqueness)"),
    )
    answer_format = "the completed grid of heights, one row per line, each row as its digits"
    example = "1234\n1234\n1234\n1234"

    def effort(self, problem):
        # the cells to deduce, and the edge clues taken away (each a line whose view must be
        # worked out from the crossing lines instead of read off)
        c = problem.check
        return sum(row.count(".") for row in c["givens"]) + 4 * c["size"] - len(c["clues"])

    def build(self, rng, params):
        n = params["size"]
        solution, clues, givens = make_skyscrapers(rng, n, params["prune"])
        listing = "\n".join(f"{describe(k)}: {clues[k]} visible" for k in clue_keys(n) if k in clues)
        given_text = (" Some heights are given inside the grid ('.' marks an empty cell); they stay as they are."
                      if any(givens) else "")
        question = (f"Solve this {n}x{n} Skyscrapers puzzle. Each cell holds a building of height 1 to {n}, and "
                    f"each row and each column contains every height from 1 to {n} exactly once. A number outside "
                    f"the grid tells how many buildings are visible looking along that row or column from that "
                    f"side: a building is visible when it is taller than every building in front of it. An edge "
                    f"without a number gives no clue.{given_text} The puzzle has exactly one solution.\n\n"
                    f"{render(n, clues, givens)}\n\nThe same clues, listed:\n{listing}")
        check = {"size": n, "clues": {k: clues[k] for k in clue_keys(n) if k in clues},
                 "givens": digit_rows(givens, n)}
        return Draft(question, "\n".join(digit_rows(solution, n)), check,
                     example="\n".join("".join(str(d) for d in range(1, n + 1)) for _ in range(n)))

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
        for cells, front, back in lines(n):
            heights = [grid[i] for i in cells]
            for key, seen in ((front, visible(heights)), (back, visible(heights[::-1]))):
                if key in c["clues"] and c["clues"][key] != seen:
                    what = describe(key)
                    return wrong(f"In {what}, {seen} building{'s are' if seen != 1 else ' is'} visible, "
                                 f"not {c['clues'][key]}.")
        return right()
