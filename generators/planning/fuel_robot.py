"""A robot crosses a grid of roads and sand to a goal, refuelling at stations on the way."""
from __future__ import annotations

import heapq
from collections import deque

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Tool, TurnBudgetTask

from ._plans import DIRECTIONS, budget_for, move_tool, parse_direction, reference_move

ROAD, SAND, ROCK, STATION, GOAL, ROBOT = ".", "~", "#", "F", "G", "@"
COST = {ROAD: 1, STATION: 1, GOAL: 1, SAND: 2}


def neighbours(grid, cell):
    r, c = cell
    for name, (dr, dc) in DIRECTIONS.items():
        nr, nc = r + dr, c + dc
        if 0 <= nr < len(grid) and 0 <= nc < len(grid[0]) and grid[nr][nc] != ROCK:
            yield name, (nr, nc)


def adjacency(grid) -> dict:
    """{cell: [(neighbour, fuel to enter it), ...]} over the passable cells."""
    return {(r, c): [(nxt, COST[grid[nxt[0]][nxt[1]]]) for _, nxt in neighbours(grid, (r, c))]
            for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != ROCK}


def fuel_costs(adj: dict, source) -> tuple[dict, dict]:
    """Dijkstra: the least fuel to drive from `source` to every cell (entering a cell costs its
    terrain), and each cell's predecessor on such a route."""
    dist, prev = {source: 0}, {source: None}
    heap = [(0, source)]
    while heap:
        d, cell = heapq.heappop(heap)
        if d > dist[cell]:
            continue
        for nxt, cost in adj[cell]:
            nd = d + cost
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt], prev[nxt] = nd, cell
                heapq.heappush(heap, (nd, nxt))
    return dist, prev


def leg_table(adj, points) -> list[dict]:
    return [fuel_costs(adj, p)[0] for p in points]


def min_capacity(points, legs) -> int | None:
    """The smallest tank that makes the trip from points[0] to points[-1] possible (start full,
    refuel at the points between): a minimax path, each leg weighing the least fuel it needs."""
    goal = len(points) - 1
    best = {0: 0}
    heap = [(0, 0)]
    while heap:
        worst, i = heapq.heappop(heap)
        if i == goal:
            return worst
        if worst > best[i]:
            continue
        for j, p in enumerate(points):
            if j != i and p in legs[i]:
                w = max(worst, legs[i][p])
                if w < best.get(j, 1 << 30):
                    best[j] = w
                    heapq.heappush(heap, (w, j))
    return None


def fewest_refuels(points, legs, capacity) -> int:
    """Fewest stops between points[0] and points[-1] with no leg longer than the tank (BFS)."""
    goal = len(points) - 1
    hops = {0: 0}
    queue = deque([0])
    while queue:
        i = queue.popleft()
        if i == goal:
            return hops[i] - 1
        for j, p in enumerate(points):
            if j not in hops and legs[i].get(p, 1 << 30) <= capacity:
                hops[j] = hops[i] + 1
                queue.append(j)
    return -1


def plan(grid, start, fuel: int, capacity: int, goal, stats: dict | None = None):
    """Breadth-first search over (cell, fuel left): the fewest turns (moves and refuels) to the goal.
    With `stats`, stats["expanded"] counts the states expanded."""
    parent = {(start, fuel): None}
    queue = deque([(start, fuel)])
    while queue:
        state = queue.popleft()
        if stats is not None:
            stats["expanded"] = stats.get("expanded", 0) + 1
        cell, f = state
        if cell == goal:
            steps = []
            while parent[state] is not None:
                state, action = parent[state]
                steps.append(action)
            return steps[::-1]
        options = []
        for name, nxt in neighbours(grid, cell):
            cost = COST[grid[nxt[0]][nxt[1]]]
            if cost <= f:
                options.append(((nxt, f - cost), name))
        if grid[cell[0]][cell[1]] == STATION and f < capacity:
            options.append(((cell, capacity), "refuel"))
        for nxt_state, action in options:
            if nxt_state not in parent:
                parent[nxt_state] = (state, action)
                queue.append(nxt_state)
    return None


def render(grid, robot) -> str:
    cols = len(grid[0])
    lines = ["   " + "".join(str(c % 10) for c in range(cols))]
    for r, row in enumerate(grid):
        cells = [ROBOT if (r, c) == tuple(robot) else ch for c, ch in enumerate(row)]
        lines.append(f"{r:>2} " + "".join(cells))
    return "\n".join(lines)


@register
class FuelRobot(TurnBudgetTask):
    """Drive a robot across a grid to the goal G on a limited tank. Each move costs fuel: 1 onto
    road (., F, G), 2 onto sand (~); rock (#) is impassable. At a fuel station F the command
    refuel fills the tank (a turn). The robot starts full; with too little fuel for a move the
    move fails, and a robot that can afford no move and stands on no station is stranded (the
    episode ends, lost). The tank is the smallest that makes the trip possible (a minimax path
    over start, stations and goal) plus `extra_fuel`, and maps needing fewer than `min_refuels`
    refuels are redrawn. A breadth-first search over (cell, fuel left), Dijkstra with unit
    costs, gives the fewest turns; the budget is that plus slack. Higher levels: bigger maps,
    more rock and sand, more refuels needed, a tighter tank and budget.

    The reference policy follows the optimal plan while the state is one it passes through and
    otherwise re-plans with the same search.

    Past level 10 the maps grow to 14x15 with up to 8 stations and 6 refuels; the search over
    (cell, fuel) states on every map drawn makes level 20 generate about 40 problems/s.
    """

    name = "planning/fuel_robot"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (3, 16), doc="grid rows"),
        Knob("cols", [5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15], (3, 16),
             doc="grid columns"),
        Knob("rock_percent", [5, 10, 10, 12, 15, 15, 18, 18, 20, 20, 20, 20, 22, 22, 22, 24, 24, 24, 25, 25], (0, 40),
             doc="percent of cells that are rock"),
        Knob("sand_percent", [0, 5, 10, 12, 15, 18, 20, 22, 25, 25, 25, 26, 27, 28, 28, 30, 30, 30, 30, 30], (0, 50),
             doc="percent of cells that are sand"),
        Knob("n_stations", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (0, 12), doc="fuel stations"),
        Knob("min_refuels", [0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (0, 10),
             doc="refuels the trip must need"),
        Knob("extra_fuel", [4, 2, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="tank capacity beyond the least possible"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 5, 5, 5, 5, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="turns allowed beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = "a move: up, down, left or right (also u, d, l, r or north, south, west, east), or refuel"
    example = "refuel"  # refuelling never moves the robot, so the example never wins (a move may)
    tools = (move_tool("Drive one cell, paying its fuel cost."),
             Tool("refuel", "Fill the tank at the fuel station you are on.", "refuel"))
    lowercase = True
    invalid_hint = "move with up, down, left or right, or refuel at a station"

    def build(self, rng, params):
        rows, cols, k = params["rows"], params["cols"], params["min_refuels"]
        best = None
        for attempt in range(100):
            grid = [[ROAD] * cols for _ in range(rows)]
            cells = [(r, c) for r in range(rows) for c in range(cols)]
            rng.shuffle(cells)
            n_rock = rows * cols * params["rock_percent"] // 100
            n_sand = rows * cols * params["sand_percent"] // 100
            for r, c in cells[:n_rock]:
                grid[r][c] = ROCK
            for r, c in cells[n_rock:n_rock + n_sand]:
                grid[r][c] = SAND
            adj = adjacency(grid)
            free = sorted(cells[n_rock + n_sand:])
            start = free[rng.randrange(len(free))]
            reach, prev = fuel_costs(adj, start)
            far = sorted((cell for cell in free if cell in reach and cell != start), key=lambda x: (-reach[x], x))
            if len(far) < params["n_stations"] + 1:
                continue
            goal = far[rng.randrange(min(3, len(far)))]
            # stations: k spread along a cheapest route (where refuels are wanted), the rest anywhere
            route, cell = [], prev[goal]
            while cell is not None and cell != start:
                route.append(cell)
                cell = prev[cell]
            route.reverse()
            stations = set()
            for i in range(1, min(k, params["n_stations"]) + 1):
                want = reach[goal] * i / (min(k, params["n_stations"]) + 1)
                spots = sorted(route, key=lambda x: (abs(reach[x] - want), x))[:3]
                spots = [x for x in spots if grid[x[0]][x[1]] == ROAD and x not in stations]
                if spots:
                    stations.add(spots[rng.randrange(len(spots))])
            others = sorted(x for x in free if x in reach and x not in (start, goal) and x not in stations)
            stations |= set(rng.sample(others, min(max(0, params["n_stations"] - len(stations)), len(others))))
            stations = sorted(stations)
            points = [start] + stations + [goal]
            legs = leg_table(adj, points)
            capacity = min_capacity(points, legs) + params["extra_fuel"]
            refuels = fewest_refuels(points, legs, capacity)
            if best is None or refuels > best[-1]:
                best = (grid, start, goal, stations, capacity, refuels)
            if refuels >= k:
                break
        if best is None:
            raise ValueError(f"no map found: a {rows}x{cols} grid with rock_percent={params['rock_percent']} and "
                             f"n_stations={params['n_stations']} leaves too little open road")
        grid, start, goal, stations, capacity, refuels = best
        for r, c in stations:
            grid[r][c] = STATION
        grid[goal[0]][goal[1]] = GOAL
        grid = ["".join(row) for row in grid]
        steps = plan(grid, start, capacity, capacity, goal)
        budget = budget_for(len(steps), params["slack_percent"])
        question = (
            f"Fuel robot. Your robot (@) is on a grid of {rows} rows and {cols} columns (row 0 at the top, "
            f"column 0 at the left) and must reach the goal G. Terrain: . = road, ~ = sand, # = rock "
            f"(impassable), F = fuel station (road), G = goal (road).\n\n{render(grid, start)}\n\n"
            f"The tank holds {capacity} fuel and starts full. Moving one cell up, down, left or right "
            f"costs 1 fuel onto road, a station or the goal, and 2 fuel onto sand. Standing on a station, "
            f"the command refuel fills the tank. A move into rock or off the grid, or one you lack the "
            f"fuel for, fails; if you can afford no move and are not on a station you are stranded and "
            f"lose. Every turn (move, refuel, failed or invalid action) counts. You have {budget} turns.")
        check = {"grid": grid, "start": list(start), "goal": list(goal), "capacity": capacity,
                 "budget": budget, "optimal": len(steps), "min_refuels": refuels}
        return self.draft(question, "\n".join(steps), check)

    def effort(self, problem):
        # the breadth-first search over (cell, fuel left) states that finds the fewest turns
        c = problem.check
        stats: dict = {}
        plan(c["grid"], tuple(c["start"]), c["capacity"], c["capacity"], tuple(c["goal"]), stats)
        return stats.get("expanded", 0)

    def start(self, problem):
        return {"pos": list(problem.check["start"]), "fuel": problem.check["capacity"]}

    def act(self, problem, state, text):
        c = problem.check
        grid, capacity = c["grid"], c["capacity"]
        r, col = state["pos"]
        if text in ("refuel", "fuel", "fill", "fill up", "refill"):
            if grid[r][col] != STATION:
                return "There is no fuel station here.", None
            state["fuel"] = capacity
            return f"You refuel. Fuel {capacity}/{capacity}.", None
        move = parse_direction(text)
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        dr, dc = DIRECTIONS[move]
        nr, nc = r + dr, col + dc
        if not (0 <= nr < len(grid) and 0 <= nc < len(grid[0])):
            return f"The edge of the grid blocks the way {move}.", None
        if grid[nr][nc] == ROCK:
            return f"Rock blocks the way {move}.", None
        cost = COST[grid[nr][nc]]
        if cost > state["fuel"]:
            return f"Not enough fuel to move {move} ({cost} needed, {state['fuel']} left).", None
        state["pos"], state["fuel"] = [nr, nc], state["fuel"] - cost
        if (nr, nc) == tuple(c["goal"]):
            return f"You move {move} and reach the goal.", WIN
        obs = f"You move {move} to row {nr}, column {nc}. Fuel {state['fuel']}/{capacity}."
        stuck = all(COST[grid[a][b]] > state["fuel"] for _, (a, b) in neighbours(grid, (nr, nc)))
        if stuck and grid[nr][nc] != STATION:
            return f"{obs} You cannot afford any move and there is no station here: the robot is stranded.", LOSE
        return obs, None

    def view(self, problem, state):
        return render(problem.check["grid"], state["pos"])

    def unsolved(self, problem, state):
        return "the robot did not reach the goal."

    def plan(self, problem, state):
        move = reference_move(self, problem, state, lambda s: (tuple(s["pos"]), s["fuel"]))
        if move is not None:
            return move
        c = problem.check
        steps = plan(c["grid"], tuple(state["pos"]), state["fuel"], c["capacity"], tuple(c["goal"]))
        return steps[0] if steps else "refuel"
