"""Levers and doors: pull levers that toggle doors open and shut to find a way to the exit."""
from __future__ import annotations

import re
from collections import deque

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import budget_for, reference_move

DOORS = "ABCDEFGHIJKLMNOP"
_GO = re.compile(r"^(?:(?:go|walk|move|enter|open|use)\s+)?(?:(?:through|thru|via|to)\s+)?(?:door\s+)?([a-p])$")
_ROOM = re.compile(r"^(?:go|walk|move)\s+(?:to\s+)?room\s+(\d{1,2})$")
_PULL = re.compile(r"^(?:(?:pull|use|flip|toggle|push)\s+)?(?:lever\s+)?(\d{1,2})$|^(pull|pull lever)$")


class Puzzle:
    """Rooms 0..n-1 (shown as 1..n), doors joining pairs of rooms, levers each in a room toggling a
    set of doors. A lever state is the bitmask of levers pulled an odd number of times; the door
    state follows from it."""

    def __init__(self, n_rooms: int, doors: list, levers: list, initial: int, start: int, exit_room: int):
        self.n_rooms, self.doors, self.levers = n_rooms, doors, levers  # doors: [a, b]; levers: [room, [door...]]
        self.initial, self.start, self.exit = initial, start, exit_room
        self.toggle = [sum(1 << d for d in doors_) for _, doors_ in levers]
        self.exits = [[(d, b if a == r else a) for d, (a, b) in enumerate(doors) if r in (a, b)]
                      for r in range(n_rooms)]
        self.here = [[i for i, (room, _) in enumerate(levers) if room == r] for r in range(n_rooms)]
        self.door_states = [initial]  # door_states[pulled]: the open doors after those pulls
        for t in self.toggle:
            self.door_states += [s ^ t for s in self.door_states]

    def open_doors(self, pulled: int) -> int:
        return self.door_states[pulled]

    def options(self, room: int, pulled: int):
        """(next room, next pulled mask, command, is a pull) for every useful action."""
        state = self.open_doors(pulled)
        for d, other in self.exits[room]:
            if state >> d & 1:
                yield other, pulled, f"go {DOORS[d]}", 0
        for i in self.here[room]:
            yield room, pulled ^ (1 << i), f"pull {i + 1}", 1

    def solve(self, room: int, pulled: int, stats: dict | None = None):
        """Breadth-first search over (room, levers pulled): the fewest turns to the exit. With
        `stats`, stats["expanded"] counts the states expanded."""
        parent = {(room, pulled): None}
        queue = deque([(room, pulled)])
        while queue:
            state = queue.popleft()
            if stats is not None:
                stats["expanded"] = stats.get("expanded", 0) + 1
            if state[0] == self.exit:
                steps = []
                while parent[state] is not None:
                    state, command = parent[state]
                    steps.append(command)
                return steps[::-1]
            for r, p, command, _ in self.options(*state):
                if (r, p) not in parent:
                    parent[(r, p)] = (state, command)
                    queue.append((r, p))
        return None

    def fewest_pulls(self) -> int | None:
        """0-1 breadth-first search (walking free, pulling costs 1): the fewest pulls any solution needs."""
        start = (self.start, 0)
        dist = {start: 0}
        queue = deque([start])
        while queue:
            state = queue.popleft()
            if state[0] == self.exit:
                return dist[state]
            for r, p, _, cost in self.options(*state):
                nd = dist[state] + cost
                if nd < dist.get((r, p), 1 << 30):
                    dist[(r, p)] = nd
                    (queue.appendleft if cost == 0 else queue.append)((r, p))
        return None


def random_puzzle(rng, n_rooms: int, extra_doors: int, n_levers: int, toggles: int, gates: int) -> Puzzle:
    """A puzzle built around gates. Rooms hang off a random tree; the exit is the room farthest
    from the start. `gates` doors on the way to the exit start shut, each with a lever placed
    somewhere you can reach before that gate; every lever also toggles other doors (never a
    gate), which can shut the way behind or ahead. Other levers are decoys, extra doors make
    loops. The search decides what a puzzle really needs; this only makes good ones likely."""
    tree = [(rng.randrange(max(0, r - 2), r), r) for r in range(1, n_rooms)]  # deep, chain-like trees
    pairs = [(a, b) for a in range(n_rooms) for b in range(a + 1, n_rooms) if (a, b) not in tree]
    loops = rng.sample(pairs, min(extra_doors, len(pairs)))
    parent = {b: a for a, b in tree}
    depth = {0: 0}
    for a, b in tree:  # parents come first: a < b
        depth[b] = depth[a] + 1
    far = max(depth.values())
    exit_room = rng.choice(sorted(r for r, d in depth.items() if d == far))
    path, x = [], exit_room  # tree edges from the start to the exit, in order
    while x != 0:
        path.append((parent[x], x))
        x = parent[x]
    path.reverse()
    edges = tree + loops
    rng.shuffle(edges)
    doors = [list(e) for e in edges]
    index = {tuple(d): i for i, d in enumerate(doors)}
    gate_edges = sorted(rng.sample(range(len(path)), min(gates, len(path), n_levers)))
    gate_doors = [index[path[i]] for i in gate_edges]
    initial = 0
    for d, e in enumerate(edges):
        if e in loops:
            is_open = rng.random() < 0.3
        elif e in path:
            is_open = d not in gate_doors
        else:
            is_open = rng.random() < 0.6
        initial |= is_open << d
    others = [d for d in range(len(doors)) if d not in gate_doors]
    levers = []
    for j, i in enumerate(gate_edges):
        blocked = {path[k] for k in gate_edges[j:]}  # the region before gate j in the tree
        region, stack = {0}, [0]
        while stack:
            x = stack.pop()
            for a, b in tree:
                if (a, b) not in blocked and x in (a, b):
                    y = b if x == a else a
                    if y not in region:
                        region.add(y)
                        stack.append(y)
        room = rng.choice(sorted(region))
        side = rng.sample(others, min(toggles - 1, len(others)))
        levers.append([room, sorted([gate_doors[j]] + side)])
    pool = others or list(range(len(doors)))  # decoys toggle non-gate doors where there are any
    while len(levers) < n_levers:
        levers.append([rng.randrange(n_rooms), sorted(rng.sample(pool, min(toggles, len(pool))))])
    rng.shuffle(levers)
    return Puzzle(n_rooms, doors, levers, initial, 0, exit_room)


@register
class Levers(TurnBudgetTask):
    """Levers and doors: rooms are joined by doors that are open or shut; each lever, in some
    room, toggles a fixed set of doors (every shut one opens, every open one shuts). Walk
    through open doors and pull levers to reach the exit room within a turn budget. Everything
    is known from the start. A breadth-first search over (room, levers pulled an odd number of
    times) gives the fewest turns, and a 0-1 search the fewest pulls any solution needs: puzzles
    needing fewer than `min_pulls` are redrawn (the best kept). The budget is the optimum plus
    slack. Higher levels: more rooms, doors and levers, levers that toggle more doors (so a pull
    that opens the way ahead can shut the way back), more pulls needed and less slack.

    The reference policy follows the optimal plan while the state is one it passes through and
    otherwise re-plans with the same search.

    Past level 10: up to 13 rooms, 8 levers toggling 5 doors each and 7 pulls needed; the redraws
    until a puzzle needs that many pulls make level 20 generate about 75 problems/s.
    """

    name = "planning/levers"
    knobs = (
        Knob("n_rooms", [3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13], (2, 14), doc="rooms"),
        Knob("extra_doors", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 3, 3], (0, 6),
             doc="doors beyond a spanning tree (loops)"),
        Knob("n_levers", [1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (1, 10), doc="levers"),
        Knob("toggles", [1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5], (1, 8),
             doc="doors each lever toggles"),
        Knob("min_pulls", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7], (0, 10),
             doc="pulls every solution must make"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="turns allowed beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = "an action: go <door letter> to walk through an open door of your room, or pull <lever number>"
    example = "pull 2"
    tools = (Tool("go", "Walk through an open door of your room.", "go {door}",
                  (Param("door", "string", "the door's letter", enum=tuple(DOORS)),)),
             Tool("pull", "Pull a lever in your room: it opens or shuts the doors it is wired to.", "pull {lever}",
                  (Param("lever", "integer", "the lever's number"),)),
             Tool("look", "Look around your room (this uses a turn).", "look"))
    lowercase = True
    invalid_hint = "use go <door letter> (e.g. go B) or pull <lever number> (e.g. pull 2)"

    def build(self, rng, params):
        best = None
        for attempt in range(300):
            gates = params["min_pulls"] + rng.randrange(2)
            puzzle = random_puzzle(rng, params["n_rooms"], params["extra_doors"], params["n_levers"], params["toggles"],
                                   gates)
            pulls = puzzle.fewest_pulls()
            if pulls is None:
                continue
            if best is None or pulls > best[1]:
                best = (puzzle, pulls)
            if pulls >= params["min_pulls"]:
                break
        if best is None:
            raise ValueError("no solvable puzzle found for these knobs: try fewer toggles or more levers")
        puzzle, pulls = best
        steps = puzzle.solve(puzzle.start, 0)
        budget = budget_for(len(steps), params["slack_percent"])
        n = puzzle.n_rooms
        door_lines = [f"- Door {DOORS[d]} joins rooms {a + 1} and {b + 1}; it starts "
                      f"{'open' if puzzle.initial >> d & 1 else 'shut'}." for d, (a, b) in enumerate(puzzle.doors)]
        lever_lines = [f"- Lever {i + 1} is in room {room + 1} and toggles "
                       f"{self.door_list(doors)}." for i, (room, doors) in enumerate(puzzle.levers)]
        question = (
            f"Levers and doors. A building has {n} rooms, numbered 1 to {n}, joined by doors:\n"
            + "\n".join(door_lines) + "\n\nLevers:\n" + "\n".join(lever_lines) + "\n\n"
            f"Pulling a lever toggles each of its doors: a shut door opens and an open door shuts. Levers "
            f"can be pulled any number of times. You start in room {puzzle.start + 1}; reach room "
            f"{puzzle.exit + 1}, the exit. Each turn, either go through an open door of your room (go "
            f"and the door's letter) or pull a lever in your room (pull and its number). A shut door, a "
            f"lever in another room, or an invalid action still uses a turn. You have {budget} turns.\n\n"
            f"{self.describe(puzzle, puzzle.start, 0)}")
        check = {"n_rooms": n, "doors": puzzle.doors, "levers": puzzle.levers, "initial": puzzle.initial,
                 "start": puzzle.start, "exit": puzzle.exit, "budget": budget, "optimal": len(steps),
                 "fewest_pulls": pulls}
        return self.draft(question, "\n".join(steps), check)  # only going through a door wins, never a pull

    @staticmethod
    def door_list(doors) -> str:
        names = [f"door {DOORS[d]}" for d in doors]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    @staticmethod
    def puzzle(problem) -> Puzzle:
        c = problem.check
        return Puzzle(c["n_rooms"], [list(d) for d in c["doors"]], [[r, list(ds)] for r, ds in c["levers"]],
                      c["initial"], c["start"], c["exit"])

    def describe(self, puzzle: Puzzle, room: int, pulled: int) -> str:
        state = puzzle.open_doors(pulled)
        doors = "; ".join(f"{DOORS[d]} ({'open' if state >> d & 1 else 'shut'}) to room {other + 1}"
                          for d, other in puzzle.exits[room])
        levers = ", ".join(str(i + 1) for i in puzzle.here[room]) or "none"
        opened = ", ".join(DOORS[d] for d in range(len(puzzle.doors)) if state >> d & 1) or "none"
        return f"You are in room {room + 1}. Doors here: {doors}. Levers here: {levers}. Open doors: {opened}."

    def effort(self, problem):
        # the breadth-first search over (room, levers pulled) states that finds the fewest turns
        puzzle = self.puzzle(problem)
        stats: dict = {}
        puzzle.solve(puzzle.start, 0, stats)
        return stats.get("expanded", 0)

    def start(self, problem):
        return {"room": problem.check["start"], "pulled": 0}

    def act(self, problem, state, text):
        puzzle = self.puzzle(problem)
        room, pulled = state["room"], state["pulled"]
        if text in ("look", "look around", "wait"):
            return "You look around.", None
        m_pull, m_go, m_room = _PULL.match(text), _GO.match(text), _ROOM.match(text)
        if m_pull:
            if m_pull.group(1) is None:
                if len(puzzle.here[room]) != 1:
                    return ("There is no lever here." if not puzzle.here[room] else
                            "Which lever? Say pull and its number."), None
                lever = puzzle.here[room][0]
            else:
                lever = int(m_pull.group(1)) - 1
                if not 0 <= lever < len(puzzle.levers):
                    return f"There is no lever {lever + 1}.", None
                if puzzle.levers[lever][0] != room:
                    return f"Lever {lever + 1} is in room {puzzle.levers[lever][0] + 1}, not here.", None
            before = puzzle.open_doors(pulled)
            state["pulled"] = pulled ^ (1 << lever)
            after = puzzle.open_doors(state["pulled"])
            changes = [f"door {DOORS[d]} {'opens' if after >> d & 1 else 'shuts'}"
                       for d in puzzle.levers[lever][1] if (before ^ after) >> d & 1]
            return f"You pull lever {lever + 1}: {', '.join(changes)}.", None
        if m_go or m_room:
            doors = puzzle.exits[room]
            if m_go:
                d = DOORS.index(m_go.group(1).upper())
                chosen = [(dd, other) for dd, other in doors if dd == d]
                if not chosen:
                    return f"Door {DOORS[d]} is not in room {room + 1}.", None
            else:
                target = int(m_room.group(1)) - 1
                chosen = [(dd, other) for dd, other in doors if other == target]
                if not chosen:
                    return f"No door of room {room + 1} leads to room {target + 1}.", None
                open_ones = [x for x in chosen if puzzle.open_doors(pulled) >> x[0] & 1]
                chosen = open_ones or chosen
            d, other = chosen[0]
            if not puzzle.open_doors(pulled) >> d & 1:
                return f"Door {DOORS[d]} is shut.", None
            state["room"] = other
            if other == puzzle.exit:
                return f"You go through door {DOORS[d]} into room {other + 1}, the exit.", WIN
            return f"You go through door {DOORS[d]} into room {other + 1}.", None
        return f"Invalid action: {self.invalid_hint}.", None

    def view(self, problem, state):
        return self.describe(self.puzzle(problem), state["room"], state["pulled"])

    def unsolved(self, problem, state):
        return "you did not reach the exit."

    def plan(self, problem, state):
        move = reference_move(self, problem, state, lambda s: (s["room"], s["pulled"]))
        if move is not None:
            return move
        steps = self.puzzle(problem).solve(state["room"], state["pulled"])
        return steps[0] if steps else "look"
