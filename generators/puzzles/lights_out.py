"""Lights Out: a set of presses that turns every light off, checked by simulation."""
from __future__ import annotations

from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import cell_name, read_cells, render_board

MAX_ENUMERATED_NULLITY = 16  # minimal solutions enumerate 2^nullity candidates at most


def press_masks(rows: int, cols: int, wrap: bool) -> list[int]:
    """For each cell (row-major bit index), the lights a press there toggles: itself and its
    orthogonal neighbours (around the edges too when the board wraps)."""
    masks = []
    for r in range(rows):
        for c in range(cols):
            m = 1 << (r * cols + c)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                rr, cc = r + dr, c + dc
                if wrap:
                    rr, cc = rr % rows, cc % cols
                elif not (0 <= rr < rows and 0 <= cc < cols):
                    continue
                m |= 1 << (rr * cols + cc)
            masks.append(m)
    return masks


@lru_cache(maxsize=64)
def elimination(rows: int, cols: int, wrap: bool):
    """Gaussian elimination over GF(2) of the press matrix, done once per board shape.

    Returns (steps, pivots, null_basis): `steps` lists, per pivot row, the combination of
    original equations (a bit mask over lights) that forms it, so a light pattern b reduces in
    one pass; `pivots` gives each pivot row's press variable; `null_basis` spans the press sets
    that change nothing."""
    n = rows * cols
    masks = press_masks(rows, cols, wrap)
    # equation for light j: sum of presses i whose mask covers j; the matrix is symmetric
    eq = [sum(1 << i for i in range(n) if masks[i] >> j & 1) for j in range(n)]
    combo = [1 << j for j in range(n)]
    pivots = []
    row = 0
    for col in range(n):
        sel = next((k for k in range(row, n) if eq[k] >> col & 1), None)
        if sel is None:
            continue
        eq[row], eq[sel] = eq[sel], eq[row]
        combo[row], combo[sel] = combo[sel], combo[row]
        for k in range(n):
            if k != row and eq[k] >> col & 1:
                eq[k] ^= eq[row]
                combo[k] ^= combo[row]
        pivots.append(col)
        row += 1
    rank = row
    pivot_set = set(pivots)
    null_basis = []
    for free in range(n):
        if free in pivot_set:
            continue
        vec = 1 << free
        for k, p in enumerate(pivots):
            if eq[k] >> free & 1:
                vec |= 1 << p
        null_basis.append(vec)
    consistency = combo[rank:]  # combinations that must vanish for a solvable pattern
    return combo[:rank], pivots, null_basis, consistency


def solve_lights(lit: int, rows: int, cols: int, wrap: bool, minimal: bool = True) -> int | None:
    """A press set (bit mask over cells) that turns the `lit` pattern off, or None if none
    exists; with `minimal`, one with the fewest presses (enumerating the null space)."""
    steps, pivots, null_basis, consistency = elimination(rows, cols, wrap)
    if any(bin(c & lit).count("1") & 1 for c in consistency):
        return None
    x = 0
    for comb, p in zip(steps, pivots):
        if bin(comb & lit).count("1") & 1:
            x |= 1 << p
    if not minimal or not null_basis:
        return x
    if len(null_basis) > MAX_ENUMERATED_NULLITY:
        raise ValueError(f"nullity {len(null_basis)} is too large to enumerate")
    best, cur = x, x
    for i in range(1, 1 << len(null_basis)):  # Gray code: one basis vector changes per step
        cur ^= null_basis[(i & -i).bit_length() - 1]
        if bin(cur).count("1") < bin(best).count("1"):
            best = cur
    return best


def cells_of(mask: int, cols: int) -> list[tuple[int, int]]:
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(divmod(i, cols))
        mask >>= 1
        i += 1
    return out


def presses_problem(cells: list[tuple[int, int]], c: dict) -> str | None:
    """Why pressing `cells` does not solve the board in the check `c` (or not in the fewest
    presses where that is asked), or None when it does. A cell pressed twice is pressed twice
    (the prompt says so: it undoes the first press)."""
    rows, cols = c["rows"], c["cols"]
    masks = press_masks(rows, cols, c["wrap"])
    state = sum(1 << (r * cols + k) for r, row in enumerate(c["lit"]) for k, ch in enumerate(row) if ch == "1")
    for r, k in cells:
        state ^= masks[r * cols + k]
    if state:
        on = cells_of(state, cols)
        names = ", ".join(cell_name(*x) for x in on[:3]) + (" ..." if len(on) > 3 else "")
        return f"After these presses {len(on)} light{'s are' if len(on) > 1 else ' is'} still on ({names})."
    if c["minimal"] and len(cells) != c["fewest"]:
        return f"Those {len(cells)} presses turn every light off, but fewer presses can."
    return None


@register
class LightsOut(Task):
    """Lights Out: pressing a cell toggles it and its orthogonal neighbours (on a wrapping
    board, across the edges too). Find presses that turn every light off. The board is made by
    random presses from all-off, so it is solvable; the reference comes from Gaussian elimination
    over GF(2) and, where the fewest presses are required, from enumerating the null space of
    the press matrix. Answers are checked by simulating the presses. Low levels require the
    fewest presses; higher levels grow the board (with more presses to undo and boards whose
    press matrix is singular, so a light pattern has several solutions) and make it wrap; levels
    11-20 grow the torus from 7x8 to 13x13 with more presses to undo, and ask for the fewest
    presses again."""

    name = "puzzles/lights_out"
    knobs = (
        # levels 11-20 keep to torus shapes whose press matrix has nullity at most 4 (a 10x10 or
        # 12x12 torus has 16: 65,536 candidates to find the fewest presses)
        Knob("rows", [2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 11, 11, 12, 13], (1, 16),
             doc="rows of the board"),
        Knob("cols", [3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 11, 11, 12, 13, 13], (2, 16),
             doc="columns of the board"),
        Knob("presses", [(1, 2), (2, 3), (3, 4), (3, 5), (4, 6), (5, 8), (6, 10), (8, 12), (10, 15), (12, 20),
                         (14, 22), (16, 24), (18, 27), (20, 30), (22, 33), (24, 36), (26, 40), (28, 44), (30, 48),
                         (32, 52)], (1, 100), doc="random presses that make the starting pattern"),
        Knob("minimal", [True, True, True, True, True, False, False, False, False, False] + [True] * 10,
             doc="require the fewest possible presses"),
        Knob("wrap", [False, False, False, False, False, False, False, False, True, True] + [True] * 10,
             doc="the board wraps around its edges (a torus)"),
    )
    answer_format = ("the cells to press as a comma-separated list of cell names, column letter then row "
                     "number, in any order")
    example = "A1,C2,Z9"  # Z9 is off every board (at most 16 columns): never an answer

    def build(self, rng, params):
        rows, cols, wrap = params["rows"], params["cols"], params["wrap"]
        n = rows * cols
        masks = press_masks(rows, cols, wrap)
        lit = 0
        for attempt in range(20):  # some press sets cancel out (pressing every cell of a 7x2 torus)
            for i in rng.sample(range(n), min(params["presses"], n) - attempt // 10):
                lit ^= masks[i]
            if lit:
                break
        if not lit:
            lit = masks[rng.randrange(n)]
        best = solve_lights(lit, rows, cols, wrap, minimal=True)
        fewest = bin(best).count("1")
        board = ["".join("1" if lit >> (r * cols + c) & 1 else "0" for c in range(cols)) for r in range(rows)]
        rule = ("Pressing a cell toggles that light and the lights directly above, below, left and right of it "
                "(on/off)")
        rule += (". The board wraps around: the top row neighbours the bottom row and the left column the right "
                 "column, so presses on an edge toggle lights on the opposite edge." if wrap else
                 "; cells outside the board are ignored.")
        goal = ("Use the fewest possible presses." if params["minimal"] else
                "Any set of presses that turns every light off is accepted.")
        question = (f"A {rows}x{cols} Lights Out board (1 = light on, 0 = off; columns lettered from the left, rows "
                    f"numbered from the top):\n\n{render_board(board)}\n\n{rule} Pressing a cell twice undoes it. "
                    f"Find presses that turn every light off. {goal}")
        answer = ",".join(cell_name(r, c) for r, c in cells_of(best, cols))
        check = {"rows": rows, "cols": cols, "wrap": wrap, "lit": board, "minimal": params["minimal"],
                 "fewest": fewest}
        return Draft(question, answer, check)

    def effort(self, problem):
        # the reference solver's work: Gaussian elimination over GF(2) on one equation per light
        # and one unknown per cell (n pivots, each clearing up to n rows), the presses of the
        # answer, and where the fewest presses are asked, every combination of the null space
        # (2^nullity candidates)
        c = problem.check
        n = c["rows"] * c["cols"]
        null_basis = elimination(c["rows"], c["cols"], c["wrap"])[2]
        candidates = 2 ** len(null_basis) if c["minimal"] else 1
        return n * n + c["fewest"] + candidates - 1

    def grade(self, answer, problem):
        c = problem.check
        try:
            cells = read_cells(answer, c["rows"], c["cols"])
        except ParseError as exc:
            return refused(exc)
        why = presses_problem(cells, c)
        return wrong(why) if why else right()
