"""Step-by-step versions of three classic puzzles, played one move at a time with the board shown
after every move: Lights Out, water jugs and peg solitaire. (The puzzles/ category holds their
one-shot forms, where the whole solution is written at once.)"""
from __future__ import annotations

import re
from collections import deque
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask, plural

# a cell: row and column, as 2 3, 2, 3, (2, 3) or r2c3 / row 2 col 3
_NUM = r"(-?\d{1,4})"
_CELL = rf"(?:\( ?{_NUM} ?, ?{_NUM} ?\)|{_NUM}(?: ?, ?| ){_NUM}|r(?:ow)? ?{_NUM} ?,? ?c(?:ol(?:umn)?)? ?{_NUM})"
_PRESS = re.compile(rf"(?:(?:press|toggle|click) )?(?:(?:cell|at) )?{_CELL}")
_JUMP = re.compile(rf"(?:(?:jump|move) )?(?:from )?{_CELL} ?(?:to|->|-) ?{_CELL}")


def cells(match) -> list[int]:
    """The row and column numbers of the cells a _PRESS or _JUMP match names, in order."""
    return [int(g) for g in match.groups() if g is not None]


def grid_text(rows: int, cols: int, char) -> str:
    """A board with 1-based row and column numbers; `char(r, c)` gives each cell."""
    head = "    " + " ".join(str((c + 1) % 10) for c in range(cols))
    return "\n".join([head] + [f"{r + 1:>2}  " + " ".join(char(r, c) for c in range(cols)) for r in range(rows)])


# ============================================================================ Lights Out

def press_masks(rows: int, cols: int) -> tuple[int, ...]:
    """Per cell (row-major bit), the lights a press toggles: the cell and its orthogonal neighbours."""
    masks = []
    for r in range(rows):
        for c in range(cols):
            m = 1 << (r * cols + c)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    m |= 1 << ((r + dr) * cols + c + dc)
            masks.append(m)
    return tuple(masks)


@lru_cache(maxsize=64)
def _elimination(rows: int, cols: int):
    """Gaussian elimination over GF(2) of the press matrix, done once per board shape: the pivot
    rows (as (light-combination, press-combination) bitmask pairs) and a basis of the presses
    that change nothing (the null space)."""
    masks = press_masks(rows, cols)
    n = rows * cols
    # row i of the system: which presses toggle light i; track which lights form each row
    eq = [(sum(1 << j for j in range(n) if masks[j] >> i & 1), 1 << i) for i in range(n)]
    pivots, r = [], 0
    for col in range(n):
        k = next((i for i in range(r, n) if eq[i][0] >> col & 1), None)
        if k is None:
            continue
        eq[r], eq[k] = eq[k], eq[r]
        for i in range(n):
            if i != r and eq[i][0] >> col & 1:
                eq[i] = (eq[i][0] ^ eq[r][0], eq[i][1] ^ eq[r][1])
        pivots.append(col)
        r += 1
    free = [c for c in range(n) if c not in pivots]
    null = []
    for f in free:
        v = 1 << f
        for i, p in enumerate(pivots):
            if eq[i][0] >> f & 1:
                v |= 1 << p
        null.append(v)
    return tuple(pivots), tuple(eq[:len(pivots)]), tuple(eq[len(pivots):]), tuple(null)


def min_presses(rows: int, cols: int, lights: int) -> int | None:
    """A set of presses (a bitmask of cells) of least size that turns every light off, or None
    when there is none: one solution by elimination, then the best over its null-space coset."""
    pivots, rowsys, zero_rows, null = _elimination(rows, cols)
    parity = lambda x: bin(x).count("1") & 1  # noqa: E731
    if any(parity(combo & lights) for _, combo in zero_rows):
        return None
    x = 0
    for (_, combo), p in zip(rowsys, pivots):
        if parity(combo & lights):
            x |= 1 << p
    best = x
    for k in range(1, 1 << len(null)):
        y = x
        for j, v in enumerate(null):
            if k >> j & 1:
                y ^= v
        if bin(y).count("1") < bin(best).count("1") or (bin(y).count("1") == bin(best).count("1") and y < best):
            best = y
    return best


def parse_cell(text: str, rows: int, cols: int):
    """'press 2 3', '2 3', '(2, 3)', 'r2c3' -> (row, col) 0-based, or an error sentence."""
    m = _PRESS.fullmatch(text)
    if not m:
        return None, "write press ROW COL, e.g. press 2 3."
    r, c = cells(m)
    if not (1 <= r <= rows and 1 <= c <= cols):
        return None, f"cell ({r}, {c}) is off the board (rows 1-{rows}, columns 1-{cols})."
    return (r - 1, c - 1), None


@register
class LightsOutStepwise(TurnBudgetTask):
    """Lights Out played press by press: a grid of lights, some on; pressing a cell toggles it and
    its orthogonal neighbours; turn every light off within the turn budget, seeing the board after
    each press. The budget is the fewest presses that solve the board (Gaussian elimination over
    GF(2) plus a search of the null space) plus `slack`. Higher levels use bigger boards,
    scrambles of more presses (so more presses are needed and their interactions matter) and
    less slack. The reference policy recomputes a least solution from the current board and
    presses its first cell, so it never wastes a press. Generation runs that policy to write
    `Draft.answer`; at level 10 (6x6 boards) that is about 500 problems/s."""

    name = "games/lights_out_stepwise"
    knobs = (
        Knob("rows", [2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9], (2, 10), doc="rows of the board"),
        Knob("cols", [3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10], (2, 10), doc="columns of the board"),
        Knob("presses", [(1, 2), (2, 3), (3, 4), (3, 5), (4, 6), (5, 7), (6, 9), (7, 10), (8, 12), (10, 14), (11, 15),
                         (12, 16), (13, 18), (14, 20), (15, 22), (16, 24), (18, 26), (20, 28), (22, 30), (24, 32)],
             (1, 40), doc="distinct random presses that scramble the board"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], (0, 30),
             doc="turns beyond the fewest presses"),
    )
    answer_format = "a press as press ROW COL (1-based)"
    # a press on row 0 is off every board, so the example never solves one (any press on the board
    # may: a board scrambled by one press is solved by it)
    example = "press 0 0"
    tools = (Tool("press", "Press a cell: it and its orthogonal neighbours toggle.", "press {row} {col}",
                  (Param("row", "integer", "the row, 1 at the top"),
                   Param("col", "integer", "the column, 1 at the left"))),)
    lowercase = True
    invalid_hint = "write press ROW COL, e.g. press 2 3"

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        masks = press_masks(rows, cols)
        for _ in range(100):
            lights = 0
            for cell in rng.sample(range(rows * cols), min(params["presses"], rows * cols)):
                lights ^= masks[cell]
            if lights:
                break
        best = min_presses(rows, cols, lights)
        optimal = bin(best).count("1")
        check = {"rows": rows, "cols": cols, "lights": lights, "optimal": optimal,
                 "budget": optimal + params["slack"]}
        line = self.reference_line(check)
        question = (
            f"Lights Out. A board of {rows} rows and {cols} columns of lights; # is on, . is off:\n"
            f"{grid_text(rows, cols, lambda r, c: '#' if lights >> (r * cols + c) & 1 else '.')}\n\n"
            "Pressing a cell toggles it and its up, down, left and right neighbours (on becomes off and off "
            "becomes on). Turn every light off. Press one cell per turn with press ROW COL (rows and columns "
            "numbered from 1 as shown); you see the board after each press. You have "
            f"{plural(check['budget'], 'turn')}; an invalid action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(line), check)

    def effort(self, problem):
        # the elimination solves one equation per light, then the least solution is pressed
        c = problem.check
        return c["rows"] * c["cols"] + c["optimal"]

    def start(self, problem):
        return {"lights": problem.check["lights"]}

    def act(self, problem, state, text):
        rows, cols = problem.check["rows"], problem.check["cols"]
        cell, error = parse_cell(text, rows, cols)
        if cell is None:
            return f"Invalid action: {error}", None
        r, c = cell
        state["lights"] ^= press_masks(rows, cols)[r * cols + c]
        on = bin(state["lights"]).count("1")
        if not on:
            return f"You press ({r + 1}, {c + 1}). All lights are off.", WIN
        return f"You press ({r + 1}, {c + 1}). {plural(on, 'light')} on.", None

    def view(self, problem, state):
        rows, cols, lights = problem.check["rows"], problem.check["cols"], state["lights"]
        return grid_text(rows, cols, lambda r, c: "#" if lights >> (r * cols + c) & 1 else ".")

    def unsolved(self, problem, state):
        return "the puzzle is not solved."

    def plan(self, problem, state):
        rows, cols = problem.check["rows"], problem.check["cols"]
        best = min_presses(rows, cols, state["lights"])
        cell = (best & -best).bit_length() - 1
        return f"press {cell // cols + 1} {cell % cols + 1}"


# ============================================================================ Water jugs

JUGS = "ABCD"


def jug_moves(caps: tuple, amounts: tuple):
    """(action text, next amounts) for every move, in a fixed order: fill, empty, pour."""
    n = len(caps)
    for i in range(n):
        if amounts[i] < caps[i]:
            yield f"fill {JUGS[i]}", amounts[:i] + (caps[i],) + amounts[i + 1:]
    for i in range(n):
        if amounts[i]:
            yield f"empty {JUGS[i]}", amounts[:i] + (0,) + amounts[i + 1:]
    for i in range(n):
        for j in range(n):
            if i != j and amounts[i] and amounts[j] < caps[j]:
                k = min(amounts[i], caps[j] - amounts[j])
                nxt = list(amounts)
                nxt[i] -= k
                nxt[j] += k
                yield f"pour {JUGS[i]} into {JUGS[j]}", tuple(nxt)


def reached(goal: dict, amounts) -> bool:
    return goal["amount"] in amounts if goal["jug"] is None else amounts[goal["jug"]] == goal["amount"]


@lru_cache(maxsize=2_000)
def jug_tree(caps: tuple) -> dict:
    """Breadth-first search from empty jugs: {state: (moves, parent state, action)} for every
    reachable state. The moves are those of `jug_moves`, written out inline because this runs
    once per jug set at generation and dominates its cost."""
    n = len(caps)
    start = (0,) * n
    tree, frontier, depth = {start: (0, None, None)}, [start], 0
    while frontier:
        depth += 1
        nxt = []
        for s in frontier:
            options = []
            for i in range(n):
                if s[i] < caps[i]:
                    options.append((f"fill {JUGS[i]}", s[:i] + (caps[i],) + s[i + 1:]))
            for i in range(n):
                if s[i]:
                    options.append((f"empty {JUGS[i]}", s[:i] + (0,) + s[i + 1:]))
            for i in range(n):
                if not s[i]:
                    continue
                for j in range(n):
                    room = caps[j] - s[j]
                    if i != j and room:
                        k = s[i] if s[i] < room else room
                        t = list(s)
                        t[i] -= k
                        t[j] += k
                        options.append((f"pour {JUGS[i]} into {JUGS[j]}", tuple(t)))
            for action, t in options:
                if t not in tree:
                    tree[t] = (depth, s, action)
                    nxt.append(t)
        frontier = nxt
    return tree


def jug_distances(caps: tuple) -> dict:
    """The fewest moves from empty jugs to every reachable state."""
    return {s: d for s, (d, _, _) in jug_tree(caps).items()}


def tree_plan(caps: tuple, goal: dict) -> list[str]:
    """A shortest move list from empty jugs to the goal, read off the cached search tree."""
    tree = jug_tree(caps)
    state = min((s for s in tree if reached(goal, s)), key=lambda s: (tree[s][0], s))
    out = []
    while tree[state][1] is not None:
        _, parent, action = tree[state]
        out.append(action)
        state = parent
    return out[::-1]


@lru_cache(maxsize=5_000)
def goal_costs(caps: tuple, named: bool) -> list:
    """Sorted (fewest moves, (jug or None, amount)) for every goal reachable from empty jugs,
    leaving out goals met by filling one jug from the tap."""
    need = {}
    for s, (d, _, _) in jug_tree(caps).items():
        for j, a in enumerate(s):
            if a:
                key = (j if named else None, a)
                need[key] = min(need.get(key, 1 << 30), d)
    return sorted((d, key) for key, d in need.items() if key[1] not in caps or d > 1)


def jug_plan(caps: tuple, start: tuple, goal: dict) -> list[str] | None:
    """A shortest move list from `start` to a goal state (BFS with parents), None if unreachable."""
    parent, queue = {start: None}, deque([start])
    while queue:
        s = queue.popleft()
        if reached(goal, s):
            out = []
            while parent[s] is not None:
                s, action = parent[s]
                out.append(action)
            return out[::-1]
        for action, t in jug_moves(caps, s):
            if t not in parent:
                parent[t] = (s, action)
                queue.append(t)
    return None


_JUG = Param("jug", "string", "a jug's letter", enum=tuple(JUGS))
_JUG_ACTION = re.compile(r"^(fill|empty|pour)\s+(?:jug\s+)?([a-d])(?:\s+(?:into|to|in|->|>)?\s*(?:jug\s+)?([a-d]))?$")


@register
class WaterJugsStepwise(TurnBudgetTask):
    """Water jugs played move by move: jugs of given capacities start empty; fill one from the
    tap, empty one, or pour one into another until the source is empty or the target full;
    measure the goal amount (in any jug, or in a named jug at levels 4+) within the turn budget,
    seeing the jugs after every move. The budget is the fewest moves (breadth-first search over
    jug contents) plus `slack`. Higher levels add a third jug, larger capacities, goals that need
    more moves and less slack. The reference policy re-plans a shortest route from the current
    contents each turn. Generation searches up to 60 jug sets for a goal needing `min_moves`
    moves (a breadth-first search each, cached per jug set), so with three jugs it makes about
    1,000 problems/s at level 5 but only a few hundred at level 10 while its jug sets are not yet
    cached (150/s measured on a loaded machine)."""

    name = "games/water_jugs_stepwise"
    knobs = (
        Knob("jugs", [2, 2, 2, 2, 3, 3, 3, 3, 3, 3] + [3] * 10, (2, 4), doc="number of jugs"),
        Knob("max_capacity", [5, 7, 9, 11, 9, 10, 11, 12, 13, 15, 16, 17, 18, 19, 20, 20, 22, 22, 24, 24], (3, 24),
             doc="largest jug capacity"),
        Knob("min_moves", [2, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (1, 30),
             doc="fewest moves the goal must need (at least; the most found if none)"),
        Knob("named_jug", [False] * 3 + [True] * 17, doc="whether the goal amount must end up in one named jug"),
        Knob("slack", [4, 4, 3, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 30),
             doc="turns beyond the fewest moves"),
    )
    answer_format = "a move: fill A, empty A, or pour A into B"
    example = "pour A into B"
    tools = (Tool("fill", "Fill a jug to the brim from the tap.", "fill {jug}", (_JUG,)),
             Tool("empty", "Empty a jug onto the ground.", "empty {jug}", (_JUG,)),
             Tool("pour", "Pour one jug into another until the first is empty or the second is full.",
                  "pour {source} into {target}",
                  (Param("source", "string", "the jug to pour from", enum=tuple(JUGS)),
                   Param("target", "string", "the jug to pour into", enum=tuple(JUGS)))))
    lowercase = True
    invalid_hint = "write fill A, empty A or pour A into B"

    def build(self, rng, params):
        n, top, want = params["jugs"], params["max_capacity"], params["min_moves"]
        if top - 1 < n:
            raise ValueError(f"knob 'max_capacity': {top} leaves too few capacities (2 to {top}) for {n} different jugs")
        best = None
        for _ in range(60):
            caps = tuple(sorted(rng.sample(range(2, top + 1), n)))
            options = goal_costs(caps, params["named_jug"])
            if not options:
                continue
            d, key = options[-1] if options[-1][0] < want else rng.choice([o for o in options if o[0] >= want])
            if best is None or d > best[0]:
                best = (d, caps, key)
            if d >= want:
                break
        d, caps, (jug, amount) = best
        goal = {"jug": jug, "amount": amount}
        check = {"caps": list(caps), "goal": goal, "optimal": d, "budget": d + params["slack"]}
        line = tree_plan(caps, goal)
        jugs = ", ".join(f"{JUGS[i]} holds {c} litres" for i, c in enumerate(caps))
        target = (f"exactly {amount} litres in jug {JUGS[jug]}" if jug is not None
                  else f"exactly {amount} litres in any one jug")
        question = (
            f"Water jugs. You have {n} jugs, all empty: {jugs}. There is a tap and a drain.\n"
            f"Goal: {target}.\n"
            "Each turn make one move: fill X (fill jug X to the top from the tap), empty X (pour jug X down the "
            "drain), or pour X into Y (pour from X into Y until X is empty or Y is full). You see every jug "
            f"after each move. You have {plural(check['budget'], 'turn')}; an invalid move is rejected and "
            "still uses a turn.")
        return self.draft(question, "\n".join(line), check)  # pouring from an empty jug never wins

    def effort(self, problem):
        # breadth-first search over jug contents settles every state no farther than the goal
        c = problem.check
        return sum(1 for d in jug_distances(tuple(c["caps"])).values() if d <= c["optimal"])

    def start(self, problem):
        return {"amounts": [0] * len(problem.check["caps"])}

    def act(self, problem, state, text):
        check = problem.check
        caps, amounts, n = check["caps"], state["amounts"], len(check["caps"])
        m = _JUG_ACTION.match(text)
        if not m:
            return f"Invalid move: {self.invalid_hint}.", None
        verb, x, y = m.group(1), m.group(2).upper(), (m.group(3) or "").upper()
        names = JUGS[:n]
        for j in (x, y):
            if j and j not in names:
                return f"Invalid move: there is no jug {j} (jugs: {', '.join(names)}).", None
        i = names.index(x)
        if verb == "pour":
            if not y:
                return "Invalid move: say where to pour, e.g. pour A into B.", None
            if x == y:
                return "Invalid move: pour one jug into a different jug.", None
            j = names.index(y)
            k = min(amounts[i], caps[j] - amounts[j])
            amounts[i] -= k
            amounts[j] += k
            said = f"You pour {plural(k, 'litre')} from {x} into {y}."
        elif y:
            return f"Invalid move: {verb} takes one jug, e.g. {verb} {x}.", None
        elif verb == "fill":
            amounts[i] = caps[i]
            said = f"You fill {x}."
        else:
            amounts[i] = 0
            said = f"You empty {x}."
        return said, (WIN if reached(check["goal"], amounts) else None)

    def view(self, problem, state):
        caps = problem.check["caps"]
        return "Jugs: " + ", ".join(f"{JUGS[i]} {a}/{c}" for i, (a, c) in enumerate(zip(state["amounts"], caps)))

    def unsolved(self, problem, state):
        return "the puzzle is not solved."

    def plan(self, problem, state):
        check = problem.check
        steps = jug_plan(tuple(check["caps"]), tuple(state["amounts"]), check["goal"])
        return steps[0] if steps else "empty A"


# ============================================================================ Peg solitaire

DIRS = ((0, 1), (1, 0), (0, -1), (-1, 0))


def peg_moves(rows: int, cols: int, pegs: int):
    """(from, over, to) cell indices of every legal jump, in a fixed order."""
    for cell in range(rows * cols):
        if not pegs >> cell & 1:
            continue
        r, c = divmod(cell, cols)
        for dr, dc in DIRS:
            r2, c2 = r + 2 * dr, c + 2 * dc
            if 0 <= r2 < rows and 0 <= c2 < cols:
                over, to = (r + dr) * cols + c + dc, r2 * cols + c2
                if pegs >> over & 1 and not pegs >> to & 1:
                    yield cell, over, to


@lru_cache(maxsize=200_000)
def peg_solution(rows: int, cols: int, pegs: int, target: int) -> tuple | None:
    """A jump sequence from `pegs` to a single peg (on cell `target`, unless target is -1), by
    depth-first search with memoised dead ends; None when there is none."""
    if bin(pegs).count("1") == 1:
        return () if target < 0 or pegs == 1 << target else None
    for f, o, t in peg_moves(rows, cols, pegs):
        rest = peg_solution(rows, cols, pegs & ~(1 << f) & ~(1 << o) | (1 << t), target)
        if rest is not None:
            return ((f, o, t),) + rest
    return None


def peg_search_size(rows: int, cols: int, pegs: int, target: int) -> int:
    """The boards `peg_solution`'s search settles from `pegs` (the same search, with a memo of
    its own so that the count does not depend on the cache)."""
    memo: dict = {}

    def solvable(pegs: int) -> bool:
        if pegs not in memo:
            if bin(pegs).count("1") == 1:
                memo[pegs] = target < 0 or pegs == 1 << target
            else:
                memo[pegs] = any(solvable(pegs & ~(1 << f) & ~(1 << o) | (1 << t))
                                 for f, o, t in peg_moves(rows, cols, pegs))
        return memo[pegs]

    solvable(pegs)
    return len(memo)


@register
class PegSolitaireStepwise(TurnBudgetTask):
    """Peg solitaire played jump by jump: pegs on a rectangular board; a peg jumps over an
    orthogonally adjacent peg into the empty cell beyond, and the jumped peg is removed; leave a
    single peg (on the marked cell at levels 6+). Each turn is one jump, or undo to take the last
    jump back; the board is shown after each. Boards are made by jumping backwards from one peg,
    so a solution exists; the budget is the jumps needed (pegs - 1) plus `slack` turns for
    undoing dead ends. Higher levels add pegs on bigger boards (deeper search, more dead ends),
    demand the final peg on a given cell and leave less slack. The reference policy follows a
    solution found by depth-first search from the current board, and undoes when the board has
    none. `Draft.answer` is the backward construction replayed forwards (so generation needs no
    search); the search runs only when the policy plays."""

    name = "games/peg_solitaire_stepwise"
    knobs = (
        Knob("rows", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7], (3, 7), doc="rows of the board"),
        Knob("cols", [3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 7, 7, 7, 7, 7], (3, 7), doc="columns of the board"),
        Knob("pegs", [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 15, 16, 17, 17, 18, 18, 19], (2, 24),
             doc="pegs at the start"),
        Knob("target", [False] * 5 + [True] * 15, doc="whether the last peg must end on a marked cell"),
        Knob("slack", [6, 6, 6, 8, 8, 8, 8, 8, 10, 10, 10, 10, 10, 10, 10, 10, 8, 8, 6, 6], (0, 40),
             doc="turns beyond the jumps needed"),
    )
    answer_format = "a jump as jump R1 C1 to R2 C2 (rows and columns from 1), or undo"
    example = "undo"  # there is nothing to undo at the start: the example never wins (any jump may)
    tools = (Tool("jump", "Jump a peg over an orthogonally adjacent peg into the empty cell beyond; the jumped peg "
                          "is removed.", "jump {from_row} {from_col} to {to_row} {to_col}",
                  (Param("from_row", "integer", "the jumping peg's row, from 1"),
                   Param("from_col", "integer", "the jumping peg's column, from 1"),
                   Param("to_row", "integer", "the empty cell's row, from 1"),
                   Param("to_col", "integer", "the empty cell's column, from 1"))),
             Tool("undo", "Take the last jump back.", "undo"))
    lowercase = True
    invalid_hint = "write jump R1 C1 to R2 C2, or undo"

    def build(self, rng, params):
        rows, cols, want = params["rows"], params["cols"], params["pegs"]
        if want > rows * cols * 2 // 3:
            raise ValueError(f"knob 'pegs': {want} pegs do not fit a {rows}x{cols} board with room to jump")
        best = None
        for _ in range(50):
            end = rng.randrange(rows * cols)
            pegs, undo = 1 << end, []
            for _ in range(want - 1):
                back = []  # reverse jumps: a peg at `to` splits into pegs at `over` and `from`
                for to in range(rows * cols):
                    if not pegs >> to & 1:
                        continue
                    r, c = divmod(to, cols)
                    for dr, dc in DIRS:
                        r2, c2 = r + 2 * dr, c + 2 * dc
                        if 0 <= r2 < rows and 0 <= c2 < cols:
                            over, frm = (r + dr) * cols + c + dc, r2 * cols + c2
                            if not pegs >> over & 1 and not pegs >> frm & 1:
                                back.append((to, over, frm))
                if not back:
                    break
                to, over, frm = rng.choice(back)
                pegs = pegs & ~(1 << to) | (1 << over) | (1 << frm)
                undo.append((frm, to))
            count = bin(pegs).count("1")
            if best is None or count > best[1]:
                best = (pegs, count, end, undo)
            if count >= want:
                break
        pegs, count, end, undo = best
        target = end if params["target"] else -1
        check = {"rows": rows, "cols": cols, "pegs": pegs, "target": target,
                 "budget": count - 1 + params["slack"]}
        # the backward construction, replayed forwards, is one solution (the verifier replays it)
        line = [f"jump {f // cols + 1} {f % cols + 1} to {t // cols + 1} {t % cols + 1}" for f, t in reversed(undo)]
        goal = (f"leave exactly one peg, and it must be on the marked cell ({end // cols + 1}, {end % cols + 1})"
                if target >= 0 else "leave exactly one peg (anywhere)")
        question = (
            f"Peg solitaire on a board of {rows} rows and {cols} columns (o is a peg, . an empty hole"
            f"{', * the marked empty hole' if target >= 0 else ''}; rows and columns numbered from 1):\n"
            f"{self.view(self.as_problem(check), self.initial_state(check))}\n\n"
            "A jump moves a peg over an adjacent peg (up, down, left or right) into the empty hole directly "
            f"beyond it, and the jumped peg is removed. Goal: {goal}.\n"
            "Each turn, either jump with jump R1 C1 to R2 C2 (from the peg's cell to the empty cell two steps "
            "away), or undo to take back your last jump. You see the board after each turn. You have "
            f"{plural(check['budget'], 'turn')}; an invalid action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(line), check)

    def effort(self, problem):
        # the depth-first search for a solution from the start: boards it settles (dead ends included)
        c = problem.check
        return peg_search_size(c["rows"], c["cols"], c["pegs"], c["target"])

    def start(self, problem):
        return {"pegs": problem.check["pegs"], "undo": []}

    def act(self, problem, state, text):
        check = problem.check
        rows, cols = check["rows"], check["cols"]
        if text in ("undo", "back", "take back"):
            if not state["undo"]:
                return "Nothing to undo.", None
            state["pegs"] = state["undo"].pop()
            return "You take back your last jump.", None
        m = _JUMP.fullmatch(text)
        if not m:
            return f"Invalid action: {self.invalid_hint}.", None
        r1, c1, r2, c2 = cells(m)
        if not all(1 <= r <= rows for r in (r1, r2)) or not all(1 <= c <= cols for c in (c1, c2)):
            return f"Invalid jump: cells must be within rows 1-{rows} and columns 1-{cols}.", None
        dr, dc = r2 - r1, c2 - c1
        if sorted((abs(dr), abs(dc))) != [0, 2]:
            return "Invalid jump: a peg jumps exactly two cells up, down, left or right.", None
        frm, to = (r1 - 1) * cols + c1 - 1, (r2 - 1) * cols + c2 - 1
        over = (r1 - 1 + dr // 2) * cols + c1 - 1 + dc // 2
        pegs = state["pegs"]
        if not pegs >> frm & 1:
            return f"Invalid jump: there is no peg at ({r1}, {c1}).", None
        if not pegs >> over & 1:
            return f"Invalid jump: there is no peg to jump over at ({r1 + dr // 2}, {c1 + dc // 2}).", None
        if pegs >> to & 1:
            return f"Invalid jump: ({r2}, {c2}) is not empty.", None
        state["undo"].append(pegs)
        state["pegs"] = pegs & ~(1 << frm) & ~(1 << over) | (1 << to)
        left = bin(state["pegs"]).count("1")
        said = f"You jump ({r1}, {c1}) to ({r2}, {c2}). {plural(left, 'peg')} left."
        if left == 1:
            if check["target"] < 0 or state["pegs"] == 1 << check["target"]:
                return said, WIN
            return f"{said} The last peg is not on the marked cell: undo to try again.", None
        if not any(True for _ in peg_moves(rows, cols, state["pegs"])):
            said += " No jump is possible: undo to go back."
        return said, None

    def view(self, problem, state):
        check = problem.check
        rows, cols, pegs, target = check["rows"], check["cols"], state["pegs"], check["target"]

        def char(r, c):
            cell = r * cols + c
            return "o" if pegs >> cell & 1 else "*" if cell == target else "."
        return grid_text(rows, cols, char)

    def unsolved(self, problem, state):
        return "the puzzle is not solved."

    def plan(self, problem, state):
        check = problem.check
        rows, cols = check["rows"], check["cols"]
        path = peg_solution(rows, cols, state["pegs"], check["target"])
        if not path:
            return "undo"
        f, _, t = path[0]
        return f"jump {f // cols + 1} {f % cols + 1} to {t // cols + 1} {t % cols + 1}"
