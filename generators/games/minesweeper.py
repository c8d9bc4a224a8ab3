"""Minesweeper played cell by cell, on boards that logic alone clears: no guess is ever needed."""
from __future__ import annotations

from functools import lru_cache

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask

from ._boards import cell_name, neighbours8, parse_cell, render_board, strip_prefix

HIDDEN, FLAG, ZERO, MINE = "#", "F", ".", "*"
ATTEMPTS = 2000  # boards drawn per problem before giving up on a knob setting


@lru_cache(maxsize=256)
def neighbour_table(rows: int, cols: int) -> tuple[tuple[int, ...], ...]:
    """For each cell id r * cols + c, the ids of its up to eight neighbours."""
    return tuple(tuple(nr * cols + nc for nr, nc in neighbours8(r, c, rows, cols))
                 for r in range(rows) for c in range(cols))


def numbers(rows: int, cols: int, mines) -> list[int]:
    """Each cell's count of neighbouring mines, by cell id (mines count their mine neighbours too)."""
    nbrs = neighbour_table(rows, cols)
    counts = [0] * (rows * cols)
    for m in mines:
        for n in nbrs[m]:
            counts[n] += 1
    return counts


def reveal(cell: int, nbrs, counts, revealed: dict) -> None:
    """Reveal a safe cell into `revealed` ({cell id: number}); a 0 also reveals its neighbours, recursively."""
    stack = [cell]
    while stack:
        cur = stack.pop()
        if cur in revealed:
            continue
        revealed[cur] = counts[cur]
        if counts[cur] == 0:
            stack.extend(n for n in nbrs[cur] if n not in revealed)


def deduce(nbrs, revealed: dict, total_mines: int, known_mines=(), numbered=None) -> tuple[set, set]:
    """(cells proven safe, cells proven mines) among the hidden cells (ids), from the shown numbers
    and the mine total. Three sound rules, cheapest first; it returns as soon as a round proves a
    cell safe (revealing it gives more to reason with), else when nothing more follows:

    - one number: if its undecided hidden neighbours must hold all or none of its remaining mines,
      they are all mines or all safe;
    - two numbers A and B (sets of undecided cells holding m_A and m_B more mines): the cells of A
      outside B hold at least m_A - m_B mines, so if that equals their count they are all mines
      and the cells of B outside A are all safe (this includes the subset rule);
    - the total: if the mines left equal the undecided cells, all are mines; if none are left,
      all are safe.
    """
    safe: set = set()
    mines: set = set(known_mines)
    border = []
    for cell in (revealed if numbered is None else numbered):  # `numbered`: the revealed cells worth a look
        k = revealed[cell]
        if k:
            ns = [n for n in nbrs[cell] if n not in revealed]
            if any(n not in mines for n in ns):
                border.append((k, ns))
    while True:
        before = len(safe) + len(mines)
        constraints = []
        for k, ns in border:
            undecided = [n for n in ns if n not in safe and n not in mines]
            if not undecided:
                continue
            need = k - (len(ns) - len(undecided) - sum(n in safe for n in ns))
            if need == 0:
                safe.update(undecided)
            elif need == len(undecided):
                mines.update(undecided)
            else:
                constraints.append((frozenset(undecided), need))
        if safe:
            return safe, mines
        if len(safe) + len(mines) > before:
            continue
        by_cell: dict = {}
        for i, (cells, _) in enumerate(constraints):
            for cell in cells:
                by_cell.setdefault(cell, []).append(i)
        for i, (a, need_a) in enumerate(constraints):
            for j in {j for cell in a for j in by_cell[cell]}:
                b, need_b = constraints[j]
                if j != i and need_a - need_b == len(a - b) > 0:
                    mines.update(a - b)
                    safe.update(b - a)
        if len(safe) + len(mines) > before:
            continue
        undecided = [cell for cell in range(len(nbrs)) if cell not in revealed and cell not in mines]
        left = total_mines - len(mines)
        if undecided and left == 0:
            safe.update(undecided)
        elif undecided and left == len(undecided):
            mines.update(undecided)
        if len(safe) + len(mines) == before:
            return safe, mines


def solve(rows: int, cols: int, mines: set, start: int) -> list | None:
    """Clear the board (cell ids) from `start` by deduction alone; the reveals in order, or None
    if it stalls (the board would need a guess)."""
    nbrs = neighbour_table(rows, cols)
    counts = numbers(rows, cols, mines)
    revealed: dict = {}
    reveal(start, nbrs, counts, revealed)
    order, known = [], set()
    active = [cell for cell in revealed if counts[cell]]
    goal = rows * cols - len(mines)
    while len(revealed) < goal:
        safe, known = deduce(nbrs, revealed, len(mines), known, active)
        safe -= revealed.keys()
        if not safe:
            return None
        before = set(revealed)
        for cell in sorted(safe):
            if cell not in revealed:
                order.append(cell)
                reveal(cell, nbrs, counts, revealed)
        active = [cell for cell in active + [x for x in revealed if x not in before]
                  if counts[cell] and any(n not in revealed and n not in known for n in nbrs[cell])]
    return order


def opening(rows: int, cols: int, mines: set, start: int) -> dict:
    revealed: dict = {}
    reveal(start, neighbour_table(rows, cols), numbers(rows, cols, mines), revealed)
    return revealed


@register
class Minesweeper(TurnBudgetTask):
    """Minesweeper, one cell per turn: the board opens with the first click already made (always
    safe: the start cell and its neighbours hold no mines) and its cascade shown; each turn the
    player reveals a cell (a number counts the mines among its up to eight neighbours; a 0 opens
    its neighbours), or flags or unflags one. Revealing every safe cell wins; revealing a mine
    loses. Every board is generated so that deduction alone clears it: the generator keeps only
    boards that its solver (three sound rules: single numbers, pairs of overlapping numbers, and
    the mine total, to a fixed point) clears from the opening, so no guess is ever needed. Higher
    levels enlarge the board and raise the mine density, so more cells need the pair and
    counting rules rather than single numbers.

    The reference policy runs the same solver on the visible board and reveals the first cell it
    proves safe. The budget is one action per hidden cell (enough to reveal each safe cell and
    flag each mine). Boards are drawn until the solver clears one (at most 2,000 tries); at 16-18%
    mines only one in three or four qualifies and each try runs the solver, so generation runs at
    about 1,000 problems per second at level 5 and a few hundred at level 10. `Draft.answer` is the
    solver's reveals in order.
    """

    name = "games/minesweeper"
    knobs = (
        Knob("rows", [5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 14], (3, 16),
             doc="rows of the board"),
        Knob("cols", [5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 14, 14], (3, 16),
             doc="columns of the board"),
        Knob("mine_percent", [10, 11, 12, 13, 14, 15, 16, 16, 17, 18, 18, 18, 19, 19, 20, 20, 20, 21, 22, 22], (1, 30),
             doc="mines as a percent of the cells (rounded, at least 1)"),
        Knob("min_reveals", [2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 38], (0, 200),
             doc="boards the solver clears in fewer reveals than this (after the opening) are redrawn"),
    )
    answer_format = "an action: reveal and a cell (column letter, row number), e.g. reveal C4; or flag C4 / unflag C4"
    example = "flag C4"  # a flag reveals nothing, so the example never wins (a reveal may open the board)
    tools = tuple(Tool(verb, description, verb + " {cell}",
                       (Param("cell", "string", "the cell as column letter and row number, e.g. C4"),))
                  for verb, description in (
                      ("reveal", "Reveal a cell: a mine loses; a number counts the mines around it."),
                      ("flag", "Flag a cell you believe holds a mine (it reveals nothing)."),
                      ("unflag", "Take the flag off a cell.")))
    unit = ("action", "actions")
    lowercase = True
    invalid_hint = "write reveal and a cell, e.g. reveal C4"

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        n_mines = max(1, round(rows * cols * params["mine_percent"] / 100))
        nbrs = neighbour_table(rows, cols)
        order = None
        for _ in range(ATTEMPTS):
            start = rng.randrange(1, rows - 1) * cols + rng.randrange(1, cols - 1)  # off the edges
            clear = {start, *nbrs[start]}
            allowed = [cell for cell in range(rows * cols) if cell not in clear]
            if len(allowed) < n_mines:
                break
            mines = set(rng.sample(allowed, n_mines))
            order = solve(rows, cols, mines, start)
            if order is not None and len(order) >= params["min_reveals"]:
                break
            order = None
        if order is None:
            raise ValueError(f"knob 'mine_percent': no {rows}x{cols} board with {n_mines} mines that logic alone "
                             f"clears in at least {params['min_reveals']} reveals was found in {ATTEMPTS} tries")
        shown = opening(rows, cols, mines, start)
        budget = rows * cols - len(shown)
        name = lambda cell: cell_name(*divmod(cell, cols))  # noqa: E731
        question = (
            f"Minesweeper. The board has {rows} rows and {cols} columns (columns "
            f"A-{cell_name(0, cols - 1)[0]}, rows 1-{rows}) and hides {n_mines} mines. A revealed cell "
            f"shows how many of its up to eight neighbours (including diagonal ones) are mines; {ZERO} "
            f"means none, and a revealed 0 opens its neighbours automatically. The first click, at "
            f"{name(start)}, has been made for you (it is always safe).\n\n"
            f"Each turn, reveal one hidden cell (reveal C4), or flag (flag C4) or unflag (unflag C4) a "
            f"cell you think is a mine; flags are only notes for you. Revealing a mine loses. You win "
            f"when every cell without a mine is revealed. No guessing is ever needed: the numbers always "
            f"prove some hidden cell safe. You have {budget} actions, one per hidden cell; an invalid "
            f"action uses one too.\n\n"
            f"Board ({HIDDEN} hidden, {FLAG} flag, {ZERO} 0, digits 1-8):\n"
            f"{render(rows, cols, shown, set())}")
        check = {"rows": rows, "cols": cols, "mines": sorted(mines), "start": start, "budget": budget}
        return self.draft(question, "\n".join(f"reveal {name(cell)}" for cell in order), check)

    def effort(self, problem):
        # the cells logic must decide: each safe cell the solver proves and reveals itself (cells a
        # 0 opens come free), and each mine
        return len(problem.answer.split("\n")) + len(problem.check["mines"])

    def start(self, problem):
        c = problem.check
        shown = opening(c["rows"], c["cols"], set(c["mines"]), c["start"])
        return {"revealed": sorted([cell, k] for cell, k in shown.items()), "flags": []}

    def act(self, problem, state, text):
        c = problem.check
        rows, cols = c["rows"], c["cols"]
        mines = set(c["mines"])
        revealed = {cell: k for cell, k in state["revealed"]}
        flags = set(state["flags"])
        verb = "reveal"
        for word in ("unflag", "flag", "reveal", "open", "click", "dig"):
            if text == word or text.startswith(word + " "):
                verb = "reveal" if word in ("open", "click", "dig") else word
                text = strip_prefix(text, word)
                break
        rc, why = parse_cell(text, rows, cols)
        cell = None if rc is None else rc[0] * cols + rc[1]
        name = None if rc is None else cell_name(*rc)
        if cell is None:
            obs = f"Invalid action: {why}."
        elif cell in revealed:
            obs = f"{name} is already revealed."
        elif verb == "flag":
            if cell in flags:
                obs = f"{name} is already flagged."
            else:
                flags.add(cell)
                obs = f"Flagged {name}."
        elif verb == "unflag":
            if cell not in flags:
                obs = f"{name} is not flagged."
            else:
                flags.discard(cell)
                obs = f"Unflagged {name}."
        elif cell in flags:
            obs = f"{name} is flagged: unflag it before revealing it."
        elif cell in mines:
            return f"Boom: {name} is a mine. You lose.\n{render(rows, cols, revealed, flags, mines)}", LOSE
        else:
            before = len(revealed)
            reveal(cell, neighbour_table(rows, cols), numbers(rows, cols, mines), revealed)
            opened = len(revealed) - before
            obs = f"{name}: {revealed[cell]}." + (f" {opened} cells opened." if opened > 1 else "")
            flags -= revealed.keys()
        state["revealed"] = sorted([x, k] for x, k in revealed.items())
        state["flags"] = sorted(flags)
        if len(revealed) == rows * cols - len(mines):
            return f"{obs} Every safe cell is revealed.\n{render(rows, cols, revealed, flags)}\nYou win.", WIN
        return obs, None

    def view(self, problem, state):
        c = problem.check
        return render(c["rows"], c["cols"], {cell: k for cell, k in state["revealed"]}, set(state["flags"]))

    def unsolved(self, problem, state):
        return "the board is not cleared."

    def plan(self, problem, state):
        c = problem.check
        rows, cols = c["rows"], c["cols"]
        revealed = {cell: k for cell, k in state["revealed"]}
        safe, _ = deduce(neighbour_table(rows, cols), revealed, len(c["mines"]))
        safe -= revealed.keys()
        if not safe:  # never reached on generated boards; keep the game going with a truly safe cell
            safe = {x for x in range(rows * cols) if x not in c["mines"] and x not in revealed}
        cell = min(safe)
        name = cell_name(*divmod(cell, cols))
        return f"unflag {name}" if cell in state["flags"] else f"reveal {name}"


def render(rows: int, cols: int, revealed: dict, flags: set, mines: set | None = None) -> str:
    """The board drawing: revealed numbers (. for 0), F for flags, # for hidden cells (and * for the
    mines once the game is lost)."""
    def glyph(r, c):
        cell = r * cols + c
        if cell in revealed:
            return ZERO if revealed[cell] == 0 else str(revealed[cell])
        if mines is not None and cell in mines:
            return MINE
        return FLAG if cell in flags else HIDDEN
    return render_board(rows, cols, glyph)
