"""Robot vacuum: clean every reachable cell of a room whose obstacles are felt only by bumping into them."""
from __future__ import annotations

import math
import re
from collections import deque
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

# the policy's fixed order of directions
DIRECTIONS = {"up": (-1, 0), "right": (0, 1), "down": (1, 0), "left": (0, -1)}
ALIASES = {"up": "up", "u": "up", "n": "up", "north": "up",
           "down": "down", "d": "down", "s": "down", "south": "down",
           "left": "left", "l": "left", "w": "left", "west": "left",
           "right": "right", "r": "right", "e": "right", "east": "right"}
_ACTION = re.compile(r"^(?:(?:move|go)\s+)?([a-z]+)$")
CLEAN, BLOCKED, UNKNOWN, ROBOT = ".", "#", "?", "@"
TURN_CAP = 200  # the env's cap on the turns of an interactive episode: every budget fits under it
ROOM_DRAWS = 8  # rooms drawn before a knob setting is refused as needing too many moves


def reachable(rows: int, cols: int, obstacles: set, start) -> set:
    """The free cells connected to `start` by moves between free cells."""
    seen, queue = {start}, deque([start])
    while queue:
        r, c = queue.popleft()
        for dr, dc in DIRECTIONS.values():
            nxt = (r + dr, c + dc)
            if 0 <= nxt[0] < rows and 0 <= nxt[1] < cols and nxt not in obstacles and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


UNSEEN, CLEANED, BUMPED = 0, 1, 2  # what the robot knows of a cell, in the policy's status array


@lru_cache(maxsize=64)
def neighbour_table(rows: int, cols: int) -> tuple:
    """Per cell index (r * cols + c), its in-room neighbours as (direction, index), in the fixed
    order up, right, down, left."""
    table = []
    for r in range(rows):
        for c in range(cols):
            table.append(tuple((name, (r + dr) * cols + c + dc) for name, (dr, dc) in DIRECTIONS.items()
                               if 0 <= r + dr < rows and 0 <= c + dc < cols))
    return tuple(table)


def next_move(table, status, pos: int) -> tuple[str, int]:
    """The reference policy's move from what the robot has learnt (`status` per cell: unseen,
    cleaned or bumped into) and the breadth-first nodes it expanded to choose it: into an
    unexplored neighbour (in the fixed order up, right, down, left) if there is one, otherwise the
    first step of a shortest path over cleaned cells to the nearest cleaned cell that has an
    unexplored neighbour."""
    for name, nxt in table[pos]:
        if status[nxt] == UNSEEN:
            return name, 1
    first = {pos: None}  # cell -> the first move of the path that reached it
    queue, expanded = deque([pos]), 0
    while queue:
        cell = queue.popleft()
        expanded += 1
        way = first[cell]
        for name, nxt in table[cell]:
            if status[nxt] == UNSEEN and cell != pos:
                return way, expanded
        for name, nxt in table[cell]:
            if status[nxt] == CLEANED and nxt not in first:
                first[nxt] = way or name
                queue.append(nxt)
    return "up", expanded  # nothing left to explore: every reachable cell is clean already


def play_policy(rows: int, cols: int, obstacles: set, start, goal: set) -> tuple[list[str], int]:
    """The policy's moves until every cell of `goal` is clean, and the nodes its searches expanded
    (the same moves `plan` gives, played on a status array rather than through the env's steps)."""
    table = neighbour_table(rows, cols)
    blocked = {r * cols + c for r, c in obstacles}
    status = bytearray(rows * cols)
    pos = start[0] * cols + start[1]
    status[pos] = CLEANED
    dirty, moves, work = len(goal) - 1, [], 0
    while dirty:
        move, expanded = next_move(table, status, pos)
        moves.append(move)
        work += expanded
        nxt = next(i for name, i in table[pos] if name == move)  # the policy never walks into the wall
        if nxt in blocked:
            status[nxt] = BUMPED
        else:
            pos = nxt
            if status[nxt] == UNSEEN:
                status[nxt] = CLEANED
                dirty -= 1
    return moves, work


def render_known(rows: int, cols: int, pos, cleaned: set, blocked: set) -> str:
    lines = []
    for r in range(rows):
        lines.append("".join(ROBOT if (r, c) == pos else CLEAN if (r, c) in cleaned
                             else BLOCKED if (r, c) in blocked else UNKNOWN for c in range(cols)))
    return "\n".join(lines)


@register
class RobotVacuum(TurnBudgetTask):
    """Robot vacuum: a robot stands in a rectangular room (its size and the robot's position are
    known) scattered with hidden obstacles. Each turn it moves one cell up, down, left or right;
    a move into an obstacle or the wall is a bump (the robot stays, and now knows that cell is
    blocked). Every cell the robot enters is cleaned; the game is won the moment every cell it
    can reach is clean, within a move budget. Levels 1-8 show the map of what the robot has
    learnt after every move; from level 9 only the move's result is told, so the robot must keep
    its own map. Higher levels: bigger rooms, more obstacles (walls of obstacles that wall off
    parts of the room and leave dead ends), no map, less slack, up to 11 x 11 rooms at level 16
    (see `cap_reason`; a room whose budget would pass the 200-turn cap is redrawn, at most 8
    times).

    The reference policy reads only what the robot has learnt: it steps into an unexplored
    neighbouring cell if there is one (order up, right, down, left), otherwise it walks a
    shortest path over cleaned cells to the nearest cleaned cell with an unexplored neighbour
    (breadth-first search). The budget is the policy's moves on this room plus `slack_percent`%
    of them (rounded up). `Draft.answer` is the policy's moves. Generation plays the policy
    (with its searches) to set the budget.
    """

    name = "games/robot_vacuum"
    cap_reason = ("an interactive episode is capped at 200 turns: the policy cleans an 11 x 11 room a quarter "
                  "full of obstacles in up to about 190 moves (300 seeds), so level 16 is the largest room "
                  "whose budget fits, and the levels before it already take away the map and the slack")
    knobs = (
        Knob("rows", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (2, 12),
             doc="rows of the room"),
        Knob("cols", [3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11], (2, 12),
             doc="columns of the room"),
        Knob("obstacle_percent", [10, 12, 15, 15, 18, 20, 20, 22, 22, 25, 25, 25, 25, 25, 25, 25],
             (0, 60), doc="percent of the cells that hold an obstacle"),
        Knob("show_map", [True] * 8 + [False] * 8, doc="whether each observation draws the map learnt so far"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 15, 10, 10, 10, 8, 8, 6, 5], (0, 1000),
             doc="moves allowed beyond the policy's, as a percent of them (rounded up)"),
    )
    answer_format = "a move: up, down, left or right (also u, d, l, r or north, south, west, east)"
    example = "up"
    tools = (Tool("move", "Move the robot one cell; the reply says where it is, or that it bumped.", "{direction}",
                  (Param("direction", "string", "the way to move", enum=tuple(DIRECTIONS)),)),)
    unit = ("move", "moves")
    lowercase = True
    invalid_hint = "move with up, down, left or right (or u, d, l, r; N, S, W, E)"

    def room(self, rng, params):
        """A room: (obstacles, start, reachable cells), the start boxed in by obstacles only rarely;
        a boxed-in start has the obstacles next to it cleared (bounded, deterministic)."""
        rows, cols = params["rows"], params["cols"]
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        count = min(len(cells) - 4, round(len(cells) * params["obstacle_percent"] / 100))
        obstacles = set(rng.sample(cells, max(0, count)))
        free = [cell for cell in cells if cell not in obstacles]
        start = free[rng.randrange(len(free))]
        goal = reachable(rows, cols, obstacles, start)
        if len(goal) < 4:
            obstacles -= {(start[0] + dr, start[1] + dc) for dr, dc in DIRECTIONS.values()}
            goal = reachable(rows, cols, obstacles, start)
        return obstacles, start, goal

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        for _ in range(ROOM_DRAWS):  # the budget must fit the env's cap on an episode's turns
            obstacles, start, goal = self.room(rng, params)
            moves, work = play_policy(rows, cols, obstacles, start, goal)
            budget = len(moves) + math.ceil(len(moves) * params["slack_percent"] / 100)
            if budget <= TURN_CAP:
                break
        else:
            raise ValueError(f"knob 'rows': rooms of {rows}x{cols} cells need more than {TURN_CAP} moves; "
                             f"use fewer rows or columns")
        question = (
            f"Robot vacuum. A robot stands in a room of {rows} rows and {cols} columns of cells; row 1 is the "
            f"top row and column 1 the leftmost. The robot is at row {start[0] + 1}, column {start[1] + 1}, "
            f"a cell it has cleaned. Some cells hold obstacles, which you cannot see.\n\n"
            f"Each turn, move the robot one cell: up (row - 1), down (row + 1), left (column - 1) or right "
            f"(column + 1). A move into an obstacle or the wall is a bump: the robot stays where it is. "
            f"Every cell the robot enters is cleaned. You win as soon as every cell the robot can reach "
            f"is clean (cells walled off by obstacles do not count). You have {budget} moves; a bump or "
            f"an invalid action also uses one."
            + (f"\n\nAfter each move you see the map learnt so far: {ROBOT} robot, {CLEAN} cleaned, "
               f"{BLOCKED} known obstacle, {UNKNOWN} not yet known.\n\n"
               f"{render_known(rows, cols, start, {start}, set())}" if params["show_map"] else ""))
        check = {"rows": rows, "cols": cols, "obstacles": sorted(list(cell) for cell in obstacles),
                 "start": list(start), "reachable": len(goal), "show_map": params["show_map"],
                 "budget": budget, "policy_moves": len(moves), "policy_work": work}
        # three reachable cells or more (a boxed-in start has its neighbours cleared): one move never wins
        return self.draft(question, "\n".join(moves), check)

    def effort(self, problem):
        # the policy's moves plus the breadth-first nodes it expanded choosing them
        return problem.check["policy_moves"] + problem.check["policy_work"]

    def start(self, problem):
        return {"pos": list(problem.check["start"]), "cleaned": [list(problem.check["start"])], "blocked": []}

    def act(self, problem, state, text):
        c = problem.check
        m = _ACTION.match(text)
        move = ALIASES.get(m.group(1)) if m else None
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        r, col = state["pos"]
        dr, dc = DIRECTIONS[move]
        nr, nc = r + dr, col + dc
        if not (0 <= nr < c["rows"] and 0 <= nc < c["cols"]):
            return f"Bump! The wall stops the robot moving {move}; it stays at row {r + 1}, column {col + 1}.", None
        if [nr, nc] in c["obstacles"]:
            if [nr, nc] not in state["blocked"]:
                state["blocked"].append([nr, nc])
            return (f"Bump! An obstacle stops the robot moving {move}; it stays at row {r + 1}, "
                    f"column {col + 1}."), None
        state["pos"] = [nr, nc]
        fresh = [nr, nc] not in state["cleaned"]
        if fresh:
            state["cleaned"].append([nr, nc])
        said = f"The robot moves {move} to row {nr + 1}, column {nc + 1}" + (" and cleans it." if fresh else ".")
        if fresh and len(state["cleaned"]) == c["reachable"]:
            return f"{said} Every reachable cell is clean.", WIN
        return said, None

    def view(self, problem, state):
        c = problem.check
        if not c["show_map"]:
            return ""
        return render_known(c["rows"], c["cols"], tuple(state["pos"]), {tuple(x) for x in state["cleaned"]},
                            {tuple(x) for x in state["blocked"]})

    def unsolved(self, problem, state):
        left = problem.check["reachable"] - len(state["cleaned"])
        return f"{left} reachable {'cell was' if left == 1 else 'cells were'} still dirty."

    def plan(self, problem, state):
        c = problem.check
        rows, cols = c["rows"], c["cols"]
        status = bytearray(rows * cols)
        for r, col in state["cleaned"]:
            status[r * cols + col] = CLEANED
        for r, col in state["blocked"]:
            status[r * cols + col] = BUMPED
        r, col = state["pos"]
        move, _ = next_move(neighbour_table(rows, cols), status, r * cols + col)
        return move
