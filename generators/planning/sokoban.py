"""Sokoban played move by move: push every box onto a target within a move budget."""
from __future__ import annotations

import heapq
from collections import deque

from procgym import Knob, register
from procgym.kit import WIN, TurnBudgetTask

from ._plans import DIR_NAMES, DIRECTIONS, budget_for, move_tool, parse_direction, reference_move

WALL, FLOOR, TARGET, BOX, BOX_ON, PLAYER, PLAYER_ON = "#", ".", "o", "B", "*", "@", "+"
BUILD_LIMIT = 800  # push states a generation search may expand (levels needing more are skipped)
SEARCH_LIMIT = 50_000  # the policy's bound when it re-plans from a position off the reference plan


def bits(mask: int):
    """The indices of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class Level:
    """A level's static part. Cells are flat indices (index = row * width + col; the border is
    wall); the search works on bitboards (bit i = cell i)."""

    def __init__(self, rows: list[str]):
        self.height, self.width = len(rows), len(rows[0])
        w = self.width
        self.floor = frozenset(r * w + c for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != WALL)
        self.targets = frozenset(r * w + c for r, row in enumerate(rows) for c, ch in enumerate(row)
                                 if ch in (TARGET, BOX_ON, PLAYER_ON))
        self.steps = tuple((name, dr * w + dc) for name, (dr, dc) in DIRECTIONS.items())
        self.step_of = dict(self.steps)
        self.push_distance = self._pull_distances()
        self.floor_bits = sum(1 << i for i in self.floor)
        self.target_bits = sum(1 << i for i in self.targets)
        self.live_bits = sum(1 << i for i in self.push_distance)  # cells a box may stand on
        self.squares = {i: [sum(1 << j for j in (c, c + 1, c + w, c + w + 1))
                            for c in (i, i - 1, i - w, i - w - 1)] for i in self.floor}

    def _pull_distances(self) -> dict:
        """Pushes a lone box needs from each cell to its nearest target (a box on a cell missing
        from the map can never reach a target: a dead square). Found by pulling boxes off targets."""
        dist = {t: 0 for t in self.targets}
        queue = deque(self.targets)
        while queue:
            cell = queue.popleft()
            for _, d in self.steps:  # pull from cell to cell+d: the puller stands on cell+d, steps to cell+2d
                nxt = cell + d
                if nxt in self.floor and nxt + d in self.floor and nxt not in dist:
                    dist[nxt] = dist[cell] + 1
                    queue.append(nxt)
        return dist

    def region(self, player: int, boxes: int) -> int:
        """Bitboard of the cells the player reaches without pushing (boxes is a bitboard)."""
        free, w = self.floor_bits & ~boxes, self.width
        seen = 1 << player
        while True:
            grown = (seen | seen << 1 | seen >> 1 | seen << w | seen >> w) & free
            if grown == seen:
                return seen
            seen = grown

    def reach(self, player: int, boxes) -> set:
        """The cells the player reaches without pushing (boxes as cells)."""
        return set(bits(self.region(player, sum(1 << b for b in boxes))))

    def walk(self, player: int, goal: int, boxes) -> list[str]:
        """Direction names of a shortest walk (ties broken up, down, left, right)."""
        parent = {player: None}
        queue = deque([player])
        while queue:
            cell = queue.popleft()
            if cell == goal:
                break
            for name, step in self.steps:
                nxt = cell + step
                if nxt in self.floor and nxt not in boxes and nxt not in parent:
                    parent[nxt] = (cell, name)
                    queue.append(nxt)
        moves, cell = [], goal
        while parent[cell] is not None:
            cell, name = parent[cell]
            moves.append(name)
        return moves[::-1]

    def solve(self, player: int, boxes, limit: int | None = None, stats: dict | None = None):
        """A* over push states: a state is the boxes plus the region the player can walk to
        (named by its lowest cell), an edge is one push, and the heuristic is the sum of each
        box's lone push distance to a target (admissible and consistent), so the first solved
        state popped has the fewest pushes. Pushes onto dead squares, or that freeze a box off
        target in a 2x2 block of walls and boxes, are pruned. Returns the pushes as (box cell,
        direction name), or None (unsolvable, or more than `limit` states expanded). With
        `stats`, stats["expanded"] counts the push states expanded."""
        floor, targets, w = self.floor_bits, self.target_bits, self.width
        live, squares, dist = self.live_bits, self.squares, self.push_distance
        heappush, heappop = heapq.heappush, heapq.heappop
        box_bits = sum(1 << b for b in boxes)
        if box_bits & ~live:
            return None
        parent = {}
        heap = [(sum(dist[b] for b in boxes), 0, 0, box_bits, player, None, None)]
        counter = expanded = 0
        while heap:
            _, neg_g, _, boxes_now, pl, prev, push = heappop(heap)
            free, seen = floor & ~boxes_now, 1 << pl
            while True:  # the player's region, grown a step at a time (inlined Level.region)
                grown = (seen | seen << 1 | seen >> 1 | seen << w | seen >> w) & free
                if grown == seen:
                    break
                seen = grown
            reg = seen
            key = (boxes_now, reg & -reg)
            if key in parent:
                continue
            parent[key] = (prev, push)
            if boxes_now & targets == boxes_now:
                pushes = []
                while parent[key][0] is not None:
                    key, push = parent[key]
                    pushes.append(push)
                return pushes[::-1]
            expanded += 1
            if stats is not None:
                stats["expanded"] = expanded
            if limit is not None and expanded > limit:
                return None
            g = 1 - neg_g
            h_now = sum(dist[b] for b in bits(boxes_now))
            open_cells = live & ~boxes_now
            for name, step in self.steps:
                if step > 0:  # box b moves when b - step is walkable and b + step is open
                    movable = boxes_now & (reg << step) & (open_cells >> step)
                else:
                    movable = boxes_now & (reg >> -step) & (open_cells << -step)
                while movable:
                    low = movable & -movable
                    movable ^= low
                    b = low.bit_length() - 1
                    dest = b + step
                    moved = boxes_now ^ low ^ (1 << dest)
                    if not (1 << dest) & targets:
                        stuck = moved & ~targets
                        free = floor & ~moved
                        if any(not sq & free and sq & stuck for sq in squares[dest]):
                            continue
                    counter += 1
                    heappush(heap, (g + h_now - dist[b] + dist[dest], -g, counter, moved, b, key, (b, name)))
        return None

    def moves_of(self, player: int, boxes, pushes) -> list[str]:
        """The move sequence that walks (by shortest walks) to and makes each push in turn."""
        boxes, moves = set(boxes), []
        for b, name in pushes:
            moves += self.walk(player, b - self.step_of[name], boxes)
            moves.append(name)
            boxes.remove(b)
            boxes.add(b + self.step_of[name])
            player = b
        return moves


def carve(rng, rows: int, cols: int, floor_percent: int) -> list[list[str]]:
    """A room of rows x cols interior cells inside a wall border, its floor carved by a random
    walk (so it is connected) until floor_percent% of the interior is open."""
    grid = [[WALL] * (cols + 2) for _ in range(rows + 2)]
    r, c = rng.randint(1, rows), rng.randint(1, cols)
    grid[r][c] = FLOOR
    need, have = max(4, round(rows * cols * floor_percent / 100)), 1
    while have < need:
        dr, dc = DIRECTIONS[DIR_NAMES[rng.randrange(4)]]
        if 1 <= r + dr <= rows and 1 <= c + dc <= cols:
            r, c = r + dr, c + dc
            if grid[r][c] == WALL:
                grid[r][c] = FLOOR
                have += 1
    return grid


def reverse_play(rng, level: Level, targets: list[int], pulls: int):
    """Start solved (a box on every target), then pull boxes around at random: a pull is the
    reverse of a push, so the position reached can be pushed back. Pulls that take a box farther
    from the targets are preferred. Returns (player, boxes)."""
    boxes = set(targets)
    free = sorted(level.floor - boxes)
    player = free[rng.randrange(len(free))]
    dist = level.push_distance
    for _ in range(pulls):
        reach = level.reach(player, boxes)
        options = [(b, step) for b in sorted(boxes) for _, step in level.steps
                   if b + step in reach and b + 2 * step in reach]
        if not options:
            break
        away = [(b, s) for b, s in options if dist.get(b + s, 0) > dist.get(b, 0)]
        pool = away if away and rng.random() < 0.75 else options
        b, step = pool[rng.randrange(len(pool))]
        boxes.remove(b)
        boxes.add(b + step)
        player = b + 2 * step
    spots = sorted(level.reach(player, boxes))
    return spots[rng.randrange(len(spots))], boxes


def render(height: int, width: int, walls: list[str], player: int, boxes) -> str:
    out = []
    for r in range(height):
        line = []
        for c in range(width):
            i, ch = r * width + c, walls[r][c]
            if i == player:
                ch = PLAYER_ON if ch == TARGET else PLAYER
            elif i in boxes:
                ch = BOX_ON if ch == TARGET else BOX
            line.append(ch)
        out.append("".join(line))
    return "\n".join(out)


@register
class Sokoban(TurnBudgetTask):
    """Sokoban: walk a warehouse keeper around a small room and push every box onto a target,
    one cell per turn, within a move budget. Boxes can be pushed, never pulled, and only one at a
    time, so a box shoved into a corner is lost. Levels are made by reverse play: boxes start on
    their targets and are pulled away at random (pulls away from the targets preferred). A search
    over push states (boxes plus the player's reachable region; A* ordered by the boxes' lone push
    distances, an admissible heuristic, so it is a breadth-first search by pushes that looks at
    promising states first) then finds a solution with the fewest pushes, walking to each push by
    a shortest path. That proves the level solvable independently of how it was made; the budget
    is the plan's moves plus slack. Higher levels: bigger rooms, more boxes, more scrambling, a
    minimum number of pushes and less slack.

    The reference policy follows that plan while the position is one it passes through, and
    otherwise searches again from the current position. Generation runs the search, so the top
    levels generate a few hundred problems per second rather than a thousand (levels 11-15, with
    bigger rooms and more pushes, about 25-50).
    """

    name = "planning/sokoban"
    cap_reason = ("every level is proved solvable at generation by the push search within 800 states per try, "
                  "and level 15 (a 9x9 room, 15 pushes) already generates only about 25 problems/s; bigger rooms "
                  "or a fourth box make most tries fail that budget, so more levels need a stronger solver")
    knobs = (
        Knob("rows", [4, 5, 5, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8, 8, 9], (3, 12), doc="interior rows of the room"),
        Knob("cols", [4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 8, 8, 8, 9, 9], (3, 12), doc="interior columns of the room"),
        Knob("floor_percent", [75, 72, 70, 68, 66, 65, 64, 62, 62, 60, 60, 60, 58, 58, 56], (40, 100),
             doc="percent of the interior carved as floor"),
        Knob("n_boxes", [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], (1, 6), doc="boxes (and targets)"),
        Knob("pulls", [3, 5, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30], (1, 100),
             doc="random pulls of reverse play"),
        Knob("min_pushes", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], (1, 60),
             doc="fewest pushes a solution needs (levels needing fewer are re-scrambled, best kept)"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 5, 5, 5, 0, 0, 0], (0, 1000),
             doc="moves allowed beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = "a move: up, down, left or right (also u, d, l, r or north, south, west, east)"
    example = "left"
    tools = (move_tool("Move one cell, pushing a box that is in the way."),)
    lowercase = True
    invalid_hint = "move with up, down, left or right (or u, d, l, r; north, south, west, east)"

    def build(self, rng, params):
        rows, cols, k = params["rows"], params["cols"], params["n_boxes"]
        best = None
        for _ in range(40):
            grid = carve(rng, rows, cols, params["floor_percent"])
            h, w = rows + 2, cols + 2
            cells = [r * w + c for r in range(h) for c in range(w) if grid[r][c] != WALL]
            if len(cells) < k + 3:
                continue
            targets = rng.sample(cells, k)
            for t in targets:
                grid[t // w][t % w] = TARGET
            walls = ["".join(row) for row in grid]
            level = Level(walls)
            player, boxes = reverse_play(rng, level, targets, params["pulls"])
            lower = sum(level.push_distance[b] for b in boxes)  # no solution has fewer pushes
            if lower == 0 or (best is not None and lower <= len(best[3])):
                continue
            pushes = level.solve(player, boxes, limit=BUILD_LIMIT)
            if pushes is None:  # a reverse-played level is solvable: only the limit gets here
                continue
            if best is None or len(pushes) > len(best[3]):
                best = (walls, player, boxes, pushes, level)
            if len(pushes) >= params["min_pushes"]:
                break
        if best is None:
            raise ValueError(f"no Sokoban level found: n_boxes={k} is too many for a {rows}x{cols} room "
                             f"with floor_percent={params['floor_percent']}")
        walls, player, boxes, pushes, level = best
        moves = level.moves_of(player, boxes, pushes)
        budget = budget_for(len(moves), params["slack_percent"])
        board = render(level.height, level.width, walls, player, boxes)
        goal_text = ("Push the box onto the target." if len(boxes) == 1 else
                     f"Push all {len(boxes)} boxes onto the targets, one box per target.")
        question = (
            f"Sokoban. You are the keeper (@) in a room drawn as a grid: # = wall, . = floor, o = target, "
            f"B = box, * = box on a target, @ = you, + = you on a target. Row 0 is the top row.\n\n"
            f"{goal_text} Each turn, move one cell up, "
            f"down, left or right. Walking into a box pushes it one cell further in the same direction, "
            f"which works only if that cell is floor or a target with no box on it. You cannot pull "
            f"boxes or push two at once. A move into a wall or an unpushable box, or an invalid "
            f"action, still uses a turn. You have {budget} turns.\n\n{board}")
        check = {"walls": walls, "player": player, "boxes": sorted(boxes), "budget": budget,
                 "plan_moves": len(moves), "pushes": len(pushes)}
        # any direction may be the one push that solves a level, and no action outside the four is
        # valid: the example is drawn (last of all draws) from the directions that do not win at once
        # (at least three: one push solves for at most one direction), so it tells only that
        shown = [d for d in ("up", "down", "left", "right") if not self.wins_at_once(check, d)]
        return self.draft(question, "\n".join(moves), check, example=shown[rng.randrange(len(shown))])

    def effort(self, problem):
        # the push-state search's expansions, plus the moves of the plan that walks to each push
        c = problem.check
        stats: dict = {}
        Level(c["walls"]).solve(c["player"], c["boxes"], limit=SEARCH_LIMIT, stats=stats)
        return stats.get("expanded", 0) + c["plan_moves"]

    def start(self, problem):
        return {"player": problem.check["player"], "boxes": list(problem.check["boxes"])}

    def act(self, problem, state, text):
        move = parse_direction(text)
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        walls = problem.check["walls"]
        w = len(walls[0])
        dr, dc = DIRECTIONS[move]
        step = dr * w + dc
        player, boxes = state["player"], state["boxes"]
        nxt = player + step

        def free(i):
            return walls[i // w][i % w] != WALL and i not in boxes

        if walls[nxt // w][nxt % w] == WALL:
            return f"A wall blocks the way {move}.", None
        if nxt in boxes:
            if not free(nxt + step):
                return f"The box {move} of you cannot move: something blocks it.", None
            boxes[boxes.index(nxt)] = nxt + step
            boxes.sort()
            state["player"] = nxt
            on = sum(walls[b // w][b % w] == TARGET for b in boxes)
            if on == len(boxes):
                return f"You push a box {move}. Every box is on a target.", WIN
            return f"You push a box {move}; {on} of {len(boxes)} on targets.", None
        state["player"] = nxt
        return f"You move {move}.", None

    def view(self, problem, state):
        walls = problem.check["walls"]
        return render(len(walls), len(walls[0]), walls, state["player"], set(state["boxes"]))

    def unsolved(self, problem, state):
        return "not every box is on a target."

    def plan(self, problem, state):
        """Follow the reference plan while the position is one it passes through; otherwise
        search again (over push states) from the current position."""
        move = reference_move(self, problem, state, lambda s: (s["player"], tuple(sorted(s["boxes"]))))
        if move is not None:
            return move
        level = Level(problem.check["walls"])
        pushes = level.solve(state["player"], state["boxes"], limit=SEARCH_LIMIT)
        if not pushes:  # a deadlock the agent made (or nothing to do): any move will do
            return "up"
        return level.moves_of(state["player"], state["boxes"], pushes[:1])[0]
