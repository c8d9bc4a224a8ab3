"""Frozen lake: cross slippery ice to the goal without falling through a hole."""
from __future__ import annotations

from collections import deque
from functools import lru_cache

import numpy as np

from procgym import Knob, register
from procgym.kit import LOSE, WIN, TurnBudgetTask
from procgym.seeding import stable_rng

from ._plans import DIR_NAMES, DIRECTIONS, budget_for, move_tool, parse_direction

ICE, HOLE, START, GOAL, AGENT = ".", "H", "S", "G", "@"
SIDEWAYS = {"up": ("left", "right"), "down": ("right", "left"), "left": ("down", "up"), "right": ("up", "down")}
MIN_SUCCESS = 0.4  # maps where even the best play succeeds less often than this are redrawn


def slip(noise_seed: int, turn: int, percent: int, move: str) -> str:
    """Where a move on `turn` really goes: the intended direction, or with probability percent%
    one of the two directions at right angles (even odds). Drawn from a stream fixed by the
    problem's noise seed and the turn alone, so an episode replays exactly."""
    rng = stable_rng("planning/frozen_lake", noise_seed, turn)
    u, side = rng.random(), rng.random()
    if u * 100 >= percent:
        return move
    return SIDEWAYS[move][0 if side < 0.5 else 1]


def land(grid, cell, move):
    """The cell a move really reaches (the edge of the lake stops you)."""
    dr, dc = DIRECTIONS[move]
    r, c = cell[0] + dr, cell[1] + dc
    return (r, c) if 0 <= r < len(grid) and 0 <= c < len(grid[0]) else tuple(cell)


@lru_cache(maxsize=64)
def landing_table(rows: int, cols: int):
    """nxt[a, k, i]: the cell (row-major) that action a (in DIR_NAMES order) reaches from cell i
    when it goes its k-th way (0: as chosen, 1 and 2: the sideways slips). It depends on the
    lake's size alone, so it is built once per size (read-only)."""
    grid = [[ICE] * cols for _ in range(rows)]
    nxt = np.zeros((4, 3, rows * cols), dtype=np.int64)
    for i in range(rows * cols):
        cell = divmod(i, cols)
        for a, move in enumerate(DIR_NAMES):
            for k, real in enumerate((move,) + SIDEWAYS[move]):
                r, c = land(grid, cell, real)
                nxt[a, k, i] = r * cols + c
    nxt.setflags(write=False)
    return nxt


def q_tables(grid, goal, percent: int, horizon: int) -> list:
    """Finite-horizon value iteration. tables[t][a, i] is the best chance of reaching the goal
    with t turns left when taking action a (in DIR_NAMES order) from cell i (row-major) and
    playing on optimally; holes are 0, the goal is 1."""
    rows, cols = len(grid), len(grid[0])
    n = rows * cols
    p = percent / 100
    nxt = landing_table(rows, cols)
    holes = np.array([grid[i // cols][i % cols] == HOLE for i in range(n)])
    g = goal[0] * cols + goal[1]
    value = np.zeros(n)
    value[g] = 1.0
    tables = [None]
    for _ in range(horizon):
        q = (1 - p) * value[nxt[:, 0]] + (p / 2) * value[nxt[:, 1]] + (p / 2) * value[nxt[:, 2]]
        q[:, holes] = 0.0
        q[:, g] = 1.0
        tables.append(q)
        value = q.max(axis=0)
    return tables


def best_move(q, cell, cols) -> str:
    """The first action (up, down, left, right) within 1e-12 of the best chance."""
    column = q[:, cell[0] * cols + cell[1]]
    top = column.max()
    return DIR_NAMES[next(a for a in range(4) if column[a] >= top - 1e-12)]


def render(grid, agent) -> str:
    return "\n".join("".join(AGENT if (r, c) == tuple(agent) else ch for c, ch in enumerate(row))
                     for r, row in enumerate(grid))


@register
class FrozenLake(TurnBudgetTask):
    """Frozen lake: walk across ice from S to the goal G without falling into a hole (H), within a
    turn budget. The ice is slippery: each move goes the intended way, but with the stated
    probability it slips to one of the two directions at right angles instead (walking off the
    edge leaves you in place). The slips are drawn from a random stream fixed by the problem
    and the turn number, so an episode is deterministic given the problem and the actions. The
    budget is the shortest path times (1 + slack). The reference policy re-plans every step by
    finite-horizon value iteration (the move with the best chance of reaching the goal in the
    turns left). Maps where even that chance is below 40% are redrawn, and the problem's slip
    stream is redrawn until the policy wins on it, so the policy wins every instance (its winning
    moves are the reference answer). Higher levels: larger lakes, more holes, more slipping and a
    tighter budget.

    Past level 10 the lakes grow to 12x12 with more holes; the value iteration behind every map
    and slip stream drawn makes level 20 generate only about 25-50 problems/s.
    """

    name = "planning/frozen_lake"
    released_dips = {10: "level 10's extra slipping and tighter budget make the map filter keep shorter routes"}
    knobs = (
        Knob("size", [4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12], (3, 14),
             doc="the lake is size x size"),
        Knob("hole_percent", [10, 12, 14, 16, 18, 18, 20, 20, 22, 22, 22, 24, 22, 23, 24, 22, 23, 24, 22,
             23], (0, 30),
             doc="percent of cells that are holes"),
        Knob("slip_percent", [10, 10, 15, 15, 20, 20, 25, 25, 30, 33] + [33] * 10, (0, 50),
             doc="chance (percent) that a move slips sideways"),
        Knob("slack_percent", [200, 180, 160, 140, 120, 110, 100, 90, 80, 70] + [70] * 10, (0, 1000),
             doc="turns allowed beyond the shortest path, as a percent of it (rounded up)"),
    )
    answer_format = "a move: up, down, left or right (also u, d, l, r or north, south, west, east)"
    example = "down"
    tools = (move_tool("Move one cell across the ice; you may slip sideways instead."),)
    lowercase = True
    invalid_hint = "move with up, down, left or right (or u, d, l, r; north, south, west, east)"

    def build(self, rng, params):
        n, percent = params["size"], params["slip_percent"]
        for attempt in range(500):
            cells = [(r, c) for r in range(n) for c in range(n)]
            start, goal = rng.sample(cells, 2)
            if abs(start[0] - goal[0]) + abs(start[1] - goal[1]) < n - 1:
                continue
            grid = [[ICE] * n for _ in range(n)]
            others = [x for x in cells if x not in (start, goal)]
            for r, c in rng.sample(others, len(cells) * params["hole_percent"] // 100):
                grid[r][c] = HOLE
            grid[start[0]][start[1]], grid[goal[0]][goal[1]] = START, GOAL
            grid = ["".join(row) for row in grid]
            shortest = self.shortest(grid, start, goal)
            if shortest is None:
                continue
            budget = budget_for(shortest, params["slack_percent"])
            tables = q_tables(grid, goal, percent, budget)
            if tables[budget][:, start[0] * n + start[1]].max() < MIN_SUCCESS:
                continue
            for _ in range(30):
                noise = rng.randrange(2**31)
                moves = self.simulate(grid, start, goal, percent, noise, tables, budget)
                if moves is not None:
                    break
            else:
                continue
            break
        else:
            raise ValueError("no frozen lake found that the policy wins: lower hole_percent or slip_percent, "
                             "or raise slack_percent")
        question = (
            f"Frozen lake. You stand on a frozen lake drawn as a grid (row 0 at the top): S = start, "
            f". = ice, H = hole, G = goal, @ = you.\n\n{render(grid, start)}\n\n"
            f"Reach G without falling into a hole. Each turn, move up, down, left or right. The ice is "
            f"slippery: a move goes the way you chose with probability {100 - percent}%, and slips to "
            f"each of the two directions at right angles with probability {percent / 2:g}% (a slip off "
            f"the edge of the lake leaves you where you are). Entering a hole ends the game. An invalid "
            f"action uses a turn without moving. You have {budget} turns.")
        check = {"grid": grid, "start": list(start), "goal": list(goal), "slip_percent": percent,
                 "noise_seed": noise, "budget": budget, "shortest": shortest}
        # start and goal are at least size - 1 >= 2 steps apart: no single move wins
        return self.draft(question, "\n".join(moves), check)

    @staticmethod
    def shortest(grid, start, goal):
        n_rows, n_cols = len(grid), len(grid[0])
        dist = {tuple(start): 0}
        queue = deque([tuple(start)])
        while queue:
            cell = queue.popleft()
            if cell == tuple(goal):
                return dist[cell]
            for dr, dc in DIRECTIONS.values():
                r, c = cell[0] + dr, cell[1] + dc
                if 0 <= r < n_rows and 0 <= c < n_cols and grid[r][c] != HOLE and (r, c) not in dist:
                    dist[(r, c)] = dist[cell] + 1
                    queue.append((r, c))
        return None

    @staticmethod
    def simulate(grid, start, goal, percent, noise, tables, budget):
        """The policy's moves on this slip stream if it wins, else None."""
        cell, moves, cols = tuple(start), [], len(grid[0])
        for turn in range(1, budget + 1):
            move = best_move(tables[budget - turn + 1], cell, cols)
            moves.append(move)
            cell = land(grid, cell, slip(noise, turn, percent, move))
            if cell == tuple(goal):
                return moves
            if grid[cell[0]][cell[1]] == HOLE:
                return None
        return None

    def effort(self, problem):
        # finite-horizon value iteration: every cell's four moves (three outcomes each) once per
        # turn of the budget
        c = problem.check
        return len(c["grid"]) * len(c["grid"][0]) * c["budget"]

    def start(self, problem):
        return {"pos": list(problem.check["start"])}

    def act(self, problem, state, text):
        c = problem.check
        move = parse_direction(text)
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        real = slip(c["noise_seed"], state["turn"], c["slip_percent"], move)
        before = tuple(state["pos"])
        cell = land(c["grid"], before, real)
        state["pos"] = list(cell)
        what = f"You move {move}." if real == move else f"You slip and slide {real} instead of {move}."
        if cell == before:
            what += " The edge of the lake stops you."
        if cell == tuple(c["goal"]):
            return f"{what} You reach the goal.", WIN
        if c["grid"][cell[0]][cell[1]] == HOLE:
            return f"{what} You fall into a hole at row {cell[0]}, column {cell[1]}.", LOSE
        return f"{what} You are at row {cell[0]}, column {cell[1]}.", None

    def view(self, problem, state):
        return render(problem.check["grid"], state["pos"])

    def unsolved(self, problem, state):
        return "you did not reach the goal."

    def plan(self, problem, state):
        c = problem.check
        left = c["budget"] - state["turn"]
        if left <= 0:
            return "up"
        tables = q_tables(c["grid"], c["goal"], c["slip_percent"], left)
        return best_move(tables[left], state["pos"], len(c["grid"][0]))
