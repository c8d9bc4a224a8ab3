"""Peg solitaire on small boards: a jump sequence that leaves a single peg, checked by
simulation."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import preview, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import cell_name, read_cell, render_board
from ._plans import read_steps

_JUMP = re.compile(r"([A-Za-z]\s*\d{1,3})\s*(?:-|->|\s)\s*([A-Za-z]\s*\d{1,3})")
MAX_NODES = 200_000  # a safety bound for the solver; boards here need far fewer


def jumps(pegs: int, holes: int, rows: int, cols: int):
    """Every legal jump (from, over, to) as bit indices: a peg jumps over an orthogonally
    adjacent peg into the empty hole just beyond it. `holes` marks the cells of the board."""
    for i in range(rows * cols):
        if not pegs >> i & 1:
            continue
        r, c = divmod(i, cols)
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            r2, c2 = r + 2 * dr, c + 2 * dc
            if 0 <= r2 < rows and 0 <= c2 < cols:
                over, to = (r + dr) * cols + c + dc, r2 * cols + c2
                if pegs >> over & 1 and holes >> to & 1 and not pegs >> to & 1:
                    yield i, over, to


def solve_solitaire(pegs: int, holes: int, rows: int, cols: int, target: int | None = None,
                    stats: dict | None = None) -> list | None:
    """Jumps that leave one peg (on `target` when given), or None. Depth-first search that
    remembers positions already shown to be dead ends. With `stats`, stats["nodes"] is the number
    of positions it expanded."""
    dead: set[int] = set()
    path: list[tuple[int, int, int]] = []
    budget = [MAX_NODES]

    def search(p: int) -> bool:
        if p & (p - 1) == 0:  # one peg left
            return target is None or p == 1 << target
        if p in dead or budget[0] <= 0:
            return False
        budget[0] -= 1
        for f, o, t in jumps(p, holes, rows, cols):
            path.append((f, o, t))
            if search(p ^ (1 << f) ^ (1 << o) ^ (1 << t)):
                return True
            path.pop()
        dead.add(p)
        return False

    found = search(pegs)
    if stats is not None:
        stats["nodes"] = MAX_NODES - budget[0]
    return list(path) if found else None


@register
class PegSolitaire(Task):
    """Peg solitaire: a peg jumps orthogonally over a neighbouring peg into the empty hole just
    beyond, and the jumped peg is removed. Give jumps that leave exactly one peg (on a named
    hole at higher levels). The position is made by playing jumps backwards from a single peg,
    so it is solvable; the reference solution comes from a depth-first search with dead-position
    memory, and any valid jump sequence is accepted. Higher levels grow the board and the
    number of pegs (longer sequences with more dead ends) and fix where the last peg must end;
    levels 11-14 play 14 to 16 pegs on 6x7 to 7x7 boards (about 10/s at level 14)."""

    name = "puzzles/peg_solitaire"
    knobs = (
        Knob("rows", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 7], (3, 10), doc="rows of the board"),
        Knob("cols", [3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7, 7, 8, 7], (3, 10), doc="columns of the board"),
        Knob("pegs", [2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 14, 15, 16, 16], (2, 40), doc="pegs at the start"),
        Knob("gaps", [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5], (0, 20), doc="cells cut out of the board"),
        Knob("target", [False, False, False, False, False, True, True, True, True, True] + [True] * 4,
             doc="the last peg must end on a named hole"),
    )
    cap_reason = ("every peg more multiplies the positions the depth-first search must rule out: 17 pegs on 7x7 "
                  "take it about a third of a second per problem, 20 on 7x8 over a second")
    answer_format = ("the jumps in order as a comma-separated list, each jump as FROM-TO cell names "
                     "(column letter then row number), e.g. C1-A1 moves the peg on C1 over B1 into A1")
    example = "C1-A1,A3-A1"

    def build(self, rng, params):
        rows, cols, want = params["rows"], params["cols"], params["pegs"]
        n = rows * cols
        best = None
        for attempt in range(50):
            gaps = set(rng.sample(range(n), min(params["gaps"], n - 3)))
            holes = sum(1 << i for i in range(n) if i not in gaps)
            last = rng.choice([i for i in range(n) if i not in gaps])
            pegs = 1 << last
            count = 1
            while count < want:  # unjump: a peg on t, empty o and f in a line -> pegs on f and o
                options = []
                for t in range(n):
                    if not pegs >> t & 1:
                        continue
                    r, c = divmod(t, cols)
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                        r2, c2 = r + 2 * dr, c + 2 * dc
                        if 0 <= r2 < rows and 0 <= c2 < cols:
                            o, f = (r + dr) * cols + c + dc, r2 * cols + c2
                            if holes >> o & 1 and holes >> f & 1 and not (pegs >> o & 1) and not (pegs >> f & 1):
                                options.append((t, o, f))
                if not options:
                    break
                t, o, f = rng.choice(options)
                pegs ^= (1 << t) | (1 << o) | (1 << f)
                count += 1
            if best is None or count > best[0]:
                best = (count, holes, pegs, last)
            if count == want:
                break
        count, holes, pegs, last = best
        if count < 2:
            raise ValueError(f"knob 'gaps': {params['gaps']} gaps leave no room for a single jump on this board")
        target = last if params["target"] else None
        solution = solve_solitaire(pegs, holes, rows, cols, target)
        if solution is None:
            raise ValueError("the solver's node budget ran out: use a smaller board or fewer pegs")
        board = []
        for r in range(rows):
            board.append("".join("o" if pegs >> (r * cols + c) & 1 else "." if holes >> (r * cols + c) & 1 else "#"
                                 for c in range(cols)))
        gap_note = " A # is not part of the board: nothing can stand or land there." if holes != (1 << n) - 1 else ""
        goal = (f"Finish with exactly one peg, and it must be on {cell_name(*divmod(target, cols))}."
                if target is not None else "Finish with exactly one peg left, anywhere.")
        question = ("Peg solitaire: o is a peg and . an empty hole (columns lettered from the left, rows numbered "
                    f"from the top).{gap_note}\n\n{render_board(board)}\n\nA move is a jump: a peg jumps over an "
                    "orthogonally adjacent peg (up, down, left or right, never diagonally) into the empty hole just "
                    f"beyond it, and the jumped peg is removed. {goal}")
        name = lambda i: cell_name(*divmod(i, cols))  # noqa: E731
        answer = ",".join(f"{name(f)}-{name(t)}" for f, _, t in solution)
        return Draft(question, answer, {"board": board, "target": name(target) if target is not None else None})

    def effort(self, problem):
        # the positions the depth-first search expands to find a finish (dead ends included)
        c = problem.check
        board = c["board"]
        rows, cols = len(board), len(board[0])
        cells = "".join(board)
        pegs = sum(1 << i for i, ch in enumerate(cells) if ch == "o")
        holes = sum(1 << i for i, ch in enumerate(cells) if ch != "#")
        target = None
        if c["target"] is not None:
            r, col = read_cell(c["target"], rows, cols)
            target = r * cols + col
        stats: dict = {}
        solve_solitaire(pegs, holes, rows, cols, target, stats)
        return stats["nodes"]

    def grade(self, answer, problem):
        c = problem.check
        board = c["board"]
        rows, cols = len(board), len(board[0])
        pegs = {(r, k) for r in range(rows) for k in range(cols) if board[r][k] == "o"}
        holes = {(r, k) for r in range(rows) for k in range(cols) if board[r][k] != "#"}
        try:
            items = read_steps(answer, "jump")
        except ParseError as exc:
            return refused(exc)
        for i, item in enumerate(items, 1):
            m = _JUMP.fullmatch(item)
            if not m:
                return wrong(f"Jump {i} {preview(item, 24)} is not written FROM-TO like C1-A1.")
            try:
                a, b = read_cell(m.group(1), rows, cols), read_cell(m.group(2), rows, cols)
            except ParseError as exc:
                return wrong(f"Jump {i}: {exc}.")
            label = f"Jump {i} ({cell_name(*a)}-{cell_name(*b)})"
            dr, dc = b[0] - a[0], b[1] - a[1]
            if not ((abs(dr) == 2 and dc == 0) or (abs(dc) == 2 and dr == 0)):
                return wrong(f"{label} is illegal: a jump goes exactly two holes up, down, left or right.")
            over = (a[0] + dr // 2, a[1] + dc // 2)
            if a not in pegs:
                return wrong(f"{label} is illegal: there is no peg on {cell_name(*a)}.")
            if over not in pegs:
                return wrong(f"{label} is illegal: there is no peg on {cell_name(*over)} to jump over.")
            if b not in holes:
                return wrong(f"{label} is illegal: {cell_name(*b)} is not part of the board.")
            if b in pegs:
                return wrong(f"{label} is illegal: {cell_name(*b)} already holds a peg.")
            pegs -= {a, over}
            pegs.add(b)
        if len(pegs) != 1:
            return wrong(f"After the last jump {len(pegs)} pegs remain, not one.")
        if c["target"] and cell_name(*next(iter(pegs))) != c["target"]:
            return wrong(f"The last peg ends on {cell_name(*next(iter(pegs)))}, not on {c['target']}.")
        return right()
