"""A warehouse robot picks items off the floor and delivers them to the dock, a few at a time."""
from __future__ import annotations

from collections import deque
from itertools import combinations, permutations
from math import comb, factorial

from procgym import Knob, register
from procgym.kit import WIN, Tool, TurnBudgetTask

from ._plans import DIRECTIONS, budget_for, move_tool, parse_direction, reference_move

SHELF, FLOOR, DOCK, ROBOT = "#", ".", "D", "@"
LETTERS = "abcdefgh"


def bfs_tree(grid, source) -> dict:
    """{cell: (distance, parent, direction taken from the parent)} over floor cells."""
    tree = {source: (0, None, None)}
    queue = deque([source])
    while queue:
        cell = queue.popleft()
        d = tree[cell][0] + 1
        for name, (dr, dc) in DIRECTIONS.items():
            nxt = (cell[0] + dr, cell[1] + dc)
            if nxt not in tree and grid[nxt[0]][nxt[1]] != SHELF:
                tree[nxt] = (d, cell, name)
                queue.append(nxt)
    return tree


def walk(tree, target) -> list[str]:
    moves, cell = [], target
    while tree[cell][1] is not None:
        moves.append(tree[cell][2])
        cell = tree[cell][1]
    return moves[::-1]


class Plan:
    """Optimal delivery by dynamic programming over trips. Every solution splits into trips, each
    ending with one deliver at the dock; a trip picks at most `capacity` items in some order. So
    the cost from a state is the best first trip (from the robot, finishing any items carried)
    plus g(rest), g(R) = min over trips S from the dock (|S| <= capacity) of trip(S) + g(R - S),
    where a trip costs its walking plus one turn per pick and one for the deliver."""

    def __init__(self, grid, items: dict, dock, capacity: int):
        self.grid, self.items, self.dock, self.capacity = grid, items, tuple(dock), capacity
        self.trees = {p: bfs_tree(grid, p) for p in list(items.values()) + [self.dock]}
        names = sorted(items)
        dock_tree = self.trees[self.dock]
        from_dock = {trip: self.best_order(dock_tree, trip)
                     for k in range(1, capacity + 1) for trip in combinations(names, k)}
        self.g = {(): (0, ())}
        for size in range(1, len(names) + 1):
            for rest in combinations(names, size):
                best = None
                for k in range(1, min(capacity, size) + 1):
                    for trip in combinations(rest, k):
                        cost, order = from_dock[trip]
                        total = cost + self.g[tuple(x for x in rest if x not in trip)][0]
                        if best is None or total < best[0]:
                            best = (total, order)
                self.g[rest] = best

    def best_order(self, tree, trip):
        """(cost, order): from the root of BFS `tree`, pick the items of `trip` and deliver, in
        the cheapest order (walking + one turn per pick + one to deliver)."""
        best = None
        for order in permutations(trip):
            cost, here = 0, tree
            for name in order:
                cost += here[self.items[name]][0] + 1
                here = self.trees[self.items[name]]
            cost += here[self.dock][0] + 1
            if best is None or cost < best[0]:
                best = (cost, order)
        return best

    def actions(self, pos, carried, remaining) -> list[str]:
        """An optimal action sequence from the robot's state: the best first trip (it may pick
        nothing when items are carried), then the dock-to-dock trips g chose."""
        pos, remaining = tuple(pos), sorted(remaining)
        tree = bfs_tree(self.grid, pos)
        best = None
        for k in range(0 if carried else 1, min(self.capacity - len(carried), len(remaining)) + 1):
            for trip in combinations(remaining, k):
                cost, order = self.best_order(tree, trip)
                left = tuple(x for x in remaining if x not in trip)
                if best is None or cost + self.g[left][0] < best[0]:
                    best = (cost + self.g[left][0], order, left)
        _, order, rest = best
        trips = [order]
        while rest:
            trips.append(self.g[rest][1])
            rest = tuple(x for x in rest if x not in trips[-1])
        out, here = [], tree
        for trip in trips:
            for name in trip:
                out += walk(here, self.items[name])
                out.append("pick")
                here = self.trees[self.items[name]]
            out += walk(here, self.dock)
            out.append("deliver")
            here = self.trees[self.dock]
        return out


def layout(rng, rows: int, cols: int, gap_percent: int):
    """Shelf rows (every other interior row) with random gaps; the two end columns stay open,
    so all floor is connected."""
    grid = [[SHELF] * (cols + 2)] + [[SHELF] + [FLOOR] * cols + [SHELF] for _ in range(rows)] + [[SHELF] * (cols + 2)]
    for r in range(2, rows, 2):
        for c in range(2, cols):
            if rng.randrange(100) >= gap_percent:
                grid[r][c] = SHELF
    return grid


def render(grid, items: dict, done, carried, robot) -> str:
    out = [list(row) for row in grid]
    for name, (r, c) in items.items():
        if name not in done and name not in carried:
            out[r][c] = name
    out[robot[0]][robot[1]] = ROBOT
    return "\n".join("".join(row) for row in out)


@register
class Warehouse(TurnBudgetTask):
    """Warehouse pick-and-deliver: a robot in a warehouse of shelf rows must bring every item
    (lowercase letters) to the dock D. It moves one cell per turn, picks up the item on its cell
    with pick (one turn) and can carry at most `capacity` items; deliver at the dock hands over
    everything carried (one turn). The optimum comes from a dynamic program over trips (each
    trip picks up to `capacity` items in its cheapest order, then delivers), and the budget is
    that plus slack. Higher levels: bigger warehouses, more items, capacities that force
    grouping decisions, and less slack.

    The reference policy follows the optimal plan while the state is one it passes through and
    otherwise re-plans with the same program from the current state.

    Past level 10: up to 15x16 floors with 8 items and room for 4; the trip program over every
    set of items makes level 20 generate about 50 problems/s.
    """

    name = "planning/warehouse"
    knobs = (
        Knob("rows", [3, 3, 5, 5, 5, 7, 7, 7, 9, 9, 9, 11, 11, 11, 13, 13, 13, 15, 15, 15], (3, 15),
             doc="interior rows (shelves on every other one)"),
        Knob("cols", [5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16], (4, 16),
             doc="interior columns"),
        Knob("n_items", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 8], (1, 8), doc="items to deliver"),
        Knob("capacity", [1, 1, 2, 2, 2, 2, 3, 2, 3, 3, 3, 2, 3, 3, 4, 3, 3, 4, 4, 4], (1, 7),
             doc="items the robot can carry at once"),
        Knob("gap_percent", [30, 30, 25, 25, 20, 20, 20, 15, 15, 15, 15, 15, 12, 12, 12, 10, 10, 10, 10, 8], (0, 100),
             doc="percent of shelf cells left open"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 5, 5, 5, 5, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="turns allowed beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = ("an action: a move (up, down, left or right; also u, d, l, r or north, south, west, east), "
                     "pick, or deliver")
    example = "pick"
    tools = (move_tool("Move the robot one cell."),
             Tool("pick", "Pick up the item on your cell.", "pick"),
             Tool("deliver", "Hand over every item you carry, on the dock.", "deliver"))
    lowercase = True
    invalid_hint = "move with up, down, left or right, pick up the item here with pick, or deliver at the dock"

    def build(self, rng, params):
        rows, cols, n = params["rows"], params["cols"], params["n_items"]
        grid = layout(rng, rows, cols, params["gap_percent"])
        floor = [(r, c) for r in range(1, rows + 1) for c in range(1, cols + 1) if grid[r][c] == FLOOR]
        # items sit in front of shelves (a shelf above or below, not the outer wall)
        by_shelf = [(r, c) for r, c in floor
                    if (r > 1 and grid[r - 1][c] == SHELF) or (r < rows and grid[r + 1][c] == SHELF)]
        edge = [x for x in floor if x[1] in (1, cols)]
        dock = edge[rng.randrange(len(edge))]
        spots = [x for x in by_shelf if x != dock]
        if len(spots) < n + 1:
            spots = [x for x in floor if x != dock]
        cells = rng.sample(spots, n + 1)
        robot, places = cells[0], sorted(cells[1:])
        rng.shuffle(places)
        items = {LETTERS[i]: places[i] for i in range(n)}
        grid[dock[0]][dock[1]] = DOCK
        grid = ["".join(row) for row in grid]
        planner = Plan(grid, items, dock, params["capacity"])
        steps = planner.actions(robot, [], sorted(items))
        budget = budget_for(len(steps), params["slack_percent"])
        question = (
            f"Warehouse. You drive a robot (@) in a warehouse drawn as a grid (row 0 at the top): # = shelf "
            f"or wall, . = floor, D = the dock, and the letters {', '.join(sorted(items))} are items "
            f"on the floor.\n\n{render(grid, items, [], [], robot)}\n\n"
            f"Deliver every item to the dock. Each turn, do one thing: move one cell up, down, left or "
            f"right; pick, which picks up the item on your cell; or deliver, which on the dock hands over "
            f"everything you carry. You can carry at most {params['capacity']} "
            f"item{'s' if params['capacity'] > 1 else ''} at once. A move into a shelf or wall, a pick or "
            f"deliver that does nothing, or an invalid action, still uses a turn. You have {budget} turns.")
        check = {"grid": grid, "items": {k: list(v) for k, v in items.items()}, "dock": list(dock),
                 "robot": list(robot), "capacity": params["capacity"], "budget": budget, "optimal": len(steps)}
        return self.draft(question, "\n".join(steps), check)  # only a delivery wins, never a pick

    def effort(self, problem):
        # the trip program: every trip of up to `capacity` items is priced in each of its orders,
        # every set of items left is split over its possible first trips, and the plan is walked
        c = problem.check
        n, cap = len(c["items"]), c["capacity"]
        orders = sum(comb(n, k) * factorial(k) for k in range(1, cap + 1))
        splits = sum(comb(n, size) * sum(comb(size, k) for k in range(1, min(cap, size) + 1))
                     for size in range(1, n + 1))
        return orders + splits + c["optimal"]

    def start(self, problem):
        return {"pos": list(problem.check["robot"]), "carried": [], "delivered": []}

    def act(self, problem, state, text):
        c = problem.check
        grid, items = c["grid"], c["items"]
        r, col = state["pos"]
        words = text.split()
        if words and words[0] in ("pick", "take", "grab", "load"):
            here = [k for k, v in items.items() if v == [r, col] and k not in state["carried"]
                    and k not in state["delivered"]]
            named = [w for w in words[1:] if w not in ("up", "it", "item", "the")]
            if len(named) > 1 or named and named[0] not in LETTERS:
                return f"Invalid action: {self.invalid_hint}.", None
            if not here or named and named[0] != here[0]:
                return (f"Item {named[0]} is not on your cell." if named else "There is no item on your cell."), None
            if len(state["carried"]) >= c["capacity"]:
                return f"You already carry {c['capacity']} item{'s' if c['capacity'] > 1 else ''}: deliver first.", None
            state["carried"].append(here[0])
            return f"You pick up item {here[0]}. Carrying: {', '.join(sorted(state['carried']))}.", None
        if text in ("deliver", "drop", "unload", "drop off", "deliver items", "drop all"):
            if [r, col] != c["dock"]:
                return "You can only deliver on the dock.", None
            if not state["carried"]:
                return "You carry nothing to deliver.", None
            handed = sorted(state["carried"])
            state["delivered"] = sorted(state["delivered"] + handed)
            state["carried"] = []
            if len(state["delivered"]) == len(items):
                return f"You deliver {', '.join(handed)}. Every item is delivered.", WIN
            return (f"You deliver {', '.join(handed)}. Delivered {len(state['delivered'])} of "
                    f"{len(items)}.", None)
        move = parse_direction(text)
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        dr, dc = DIRECTIONS[move]
        if grid[r + dr][col + dc] == SHELF:
            return f"A shelf blocks the way {move}.", None
        state["pos"] = [r + dr, col + dc]
        here = [k for k, v in items.items() if v == state["pos"] and k not in state["carried"]
                and k not in state["delivered"]]
        return f"You move {move}." + (f" Item {here[0]} is here." if here else ""), None

    def view(self, problem, state):
        c = problem.check
        items = {k: tuple(v) for k, v in c["items"].items()}
        carried = ", ".join(sorted(state["carried"])) or "nothing"
        return (f"Carrying: {carried} ({len(state['carried'])}/{c['capacity']}). Delivered: "
                f"{len(state['delivered'])} of {len(items)}.\n"
                + render(c["grid"], items, state["delivered"], state["carried"], state["pos"]))

    def unsolved(self, problem, state):
        return "not every item was delivered."

    def plan(self, problem, state):
        def key(s):
            return (tuple(s["pos"]), tuple(sorted(s["carried"])), tuple(sorted(s["delivered"])))

        move = reference_move(self, problem, state, key)
        if move is not None:
            return move
        c = problem.check
        items = {k: tuple(v) for k, v in c["items"].items()}
        remaining = [k for k in sorted(items) if k not in state["carried"] and k not in state["delivered"]]
        if not remaining and not state["carried"]:
            return "deliver"
        planner = Plan(c["grid"], items, c["dock"], c["capacity"])
        steps = planner.actions(state["pos"], state["carried"], remaining)
        return steps[0]
