"""Keys and doors in the dark: explore a dungeon room by room, collect keys, open doors, find the exit."""
from __future__ import annotations

import math
import re
from collections import deque
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

# the policy's fixed order of directions
DIRECTIONS = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}
ALIASES = {"north": "north", "n": "north", "up": "north", "east": "east", "e": "east", "right": "east",
           "south": "south", "s": "south", "down": "south", "west": "west", "w": "west", "left": "west"}
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange", "white", "black")
_ACTION = re.compile(r"^(?:(?:go|move|walk)\s+)?([a-z]+)$")
OPEN, WALL = "open", "wall"
TURN_CAP = 200  # the env's cap on the turns of an interactive episode: every budget fits under it
DRAWS = 30  # dungeons drawn before one is accepted without its locks (bounded generation)


def carve(rng, rows: int, cols: int, extra_percent: int) -> dict:
    """Passages between neighbouring rooms: a random spanning tree (randomized depth-first search)
    plus `extra_percent`% of the other neighbouring pairs. {(room, room): OPEN}, rooms r * cols + c,
    each pair once with the smaller room first."""
    passages, seen, stack = {}, {0}, [0]
    while stack:
        room = stack[-1]
        options = [nxt for nxt in neighbours(room, rows, cols).values() if nxt not in seen]
        if not options:
            stack.pop()
            continue
        nxt = options[rng.randrange(len(options))]
        passages[(min(room, nxt), max(room, nxt))] = OPEN
        seen.add(nxt)
        stack.append(nxt)
    others = sorted({(min(a, b), max(a, b)) for a in range(rows * cols) for b in neighbours(a, rows, cols).values()}
                    - set(passages))
    rng.shuffle(others)
    for pair in others[:round(len(others) * extra_percent / 100)]:
        passages[pair] = OPEN
    return passages


@lru_cache(maxsize=4096)
def neighbours(room: int, rows: int, cols: int) -> dict:
    """{direction: neighbouring room} inside the grid (cached: callers never change it)."""
    r, c = divmod(room, cols)
    return {name: (r + dr) * cols + c + dc for name, (dr, dc) in DIRECTIONS.items()
            if 0 <= r + dr < rows and 0 <= c + dc < cols}


def region(passages: dict, start: int, keys) -> set:
    """Rooms reachable from `start` through open passages and doors whose key is in `keys`."""
    links: dict = {}
    for (a, b), status in passages.items():
        if status == OPEN or status in keys:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    seen, queue = {start}, deque([start])
    while queue:
        for nxt in links.get(queue.popleft(), ()):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen


def solvable(passages: dict, keys_at: dict, start: int, exit_room: int) -> bool:
    """Whether the exit can be reached: keys are never lost, so the rooms within reach only grow as
    the keys in them are picked up."""
    held: set = set()
    while True:
        rooms = region(passages, start, held)
        if exit_room in rooms:
            return True
        new = {keys_at[room] for room in rooms if room in keys_at} - held
        if not new:
            return False
        held |= new


def distances(passages: dict, start: int) -> dict:
    """Moves from `start` to every room through open passages (breadth-first search)."""
    links: dict = {}
    for (a, b), status in passages.items():
        if status == OPEN:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    dist, queue = {start: 0}, deque([start])
    while queue:
        room = queue.popleft()
        for nxt in links.get(room, ()):
            if nxt not in dist:
                dist[nxt] = dist[room] + 1
                queue.append(nxt)
    return dist


def shortest_path(passages: dict, start: int, goal: int, keys) -> list[int]:
    """The rooms of a shortest path from start to goal through passable passages (BFS), or []."""
    links: dict = {}
    for (a, b), status in sorted(passages.items()):
        if status == OPEN or status in keys:
            links.setdefault(a, []).append(b)
            links.setdefault(b, []).append(a)
    back, queue = {start: None}, deque([start])
    while queue:
        room = queue.popleft()
        if room == goal:
            path = []
            while room is not None:
                path.append(room)
                room = back[room]
            return path[::-1]
        for nxt in links.get(room, ()):
            if nxt not in back:
                back[nxt] = room
                queue.append(nxt)
    return []


def choose_move(seen: dict, pos: int, keys) -> tuple[str, int]:
    """The reference policy's move from the rooms it has seen (room -> {direction: (status,
    neighbour)}) and the keys it holds, with the breadth-first nodes it expanded: through a
    passable exit of this room into a room never entered (in the order north, east, south, west),
    otherwise the first step of a shortest known path to the nearest entered room with such an
    exit. Keys are never lost, so a search over rooms with the keys now held is the search over
    (room, keys) states from here."""
    def passable(status):
        return status == OPEN or status in keys

    def fresh_exit(room):
        for name, (status, nxt) in seen[room].items():
            if passable(status) and nxt not in seen:
                return name
        return None

    here = fresh_exit(pos)
    if here is not None:
        return here, 1
    first, queue, expanded = {pos: None}, deque([pos]), 0
    while queue:
        room = queue.popleft()
        expanded += 1
        if room != pos and fresh_exit(room) is not None:
            return first[room], expanded
        for name, (status, nxt) in seen[room].items():
            if passable(status) and nxt in seen and nxt not in first:
                first[nxt] = first[room] or name
                queue.append(nxt)
    return "north", expanded  # nothing left to explore: cannot happen in a solvable dungeon


def exits_of(passages: dict, room: int, rows: int, cols: int) -> dict:
    """{direction: (status, neighbour)} of a room: OPEN, WALL or a door's colour."""
    out, around = {}, neighbours(room, rows, cols)
    for name in DIRECTIONS:
        nxt = around.get(name)
        status = WALL if nxt is None else passages.get((min(room, nxt), max(room, nxt)), WALL)
        out[name] = (status, -1 if nxt is None else nxt)
    return out


def play_policy(passages, keys_at, rows, cols, start, exit_room) -> list[str]:
    """The policy's moves until it enters the exit (what `plan` does, on plain structures rather
    than through the env's steps)."""
    pos, keys, moves = start, set(), []
    seen = {start: exits_of(passages, start, rows, cols)}
    if start in keys_at:
        keys.add(keys_at[start])
    while pos != exit_room and len(moves) < 4 * TURN_CAP:
        move, _ = choose_move(seen, pos, keys)
        moves.append(move)
        status, nxt = seen[pos][move]
        if status == OPEN or status in keys:
            pos = nxt
            if pos not in seen:
                seen[pos] = exits_of(passages, pos, rows, cols)
            if pos in keys_at:
                keys.add(keys_at[pos])
    return moves


def room_name(room: int, cols: int) -> str:
    r, c = divmod(room, cols)
    return f"({r + 1}, {c + 1})"


@register
class KeyAndDoors(TurnBudgetTask):
    """Keys and doors in the dark: a dungeon is a grid of rooms (its size and each room's
    coordinates are known) joined by passages, some of them locked doors of a colour; keys lie in
    some rooms, and one room holds the exit. Only the room the player stands in is seen: its
    exits (open passage, wall or a door and its colour) and any key, which is picked up on
    entering (a key opens every door of its colour and is kept). Each turn the player walks north,
    east, south or west; a wall or a door without its key stops them. Entering the exit's room
    wins, within a move budget. Higher levels: more rooms, more colours of doors and keys (each
    door on the way to the exit at the time it was placed, its key somewhere reachable without
    it, so some keys lie behind other doors), more loops, less slack.

    The reference policy reads only what it has seen: it walks through a passable exit into a
    room never entered (order north, east, south, west), otherwise along a shortest known path
    to the nearest entered room with such an exit (breadth-first search; keys are never lost,
    so the rooms reachable only grow). The budget is its moves on this dungeon plus
    `slack_percent`% of them (rounded up), at most 200 (the turn cap of an episode; a dungeon
    past it is redrawn); `Draft.answer` is a shortest path to the exit through the keys, found by
    searching (room, keys) states with the whole map.
    """

    name = "games/key_and_doors"
    knobs = (
        Knob("rows", [2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8], (2, 10), doc="rows of rooms"),
        Knob("cols", [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8], (2, 10), doc="columns of rooms"),
        Knob("colours", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (0, 8),
             doc="colours of locked doors, one key each"),
        Knob("extra_passages", [0, 0, 5, 5, 10, 10, 10, 15, 15, 15, 15, 20, 20, 20, 20, 20, 20, 20, 20, 20], (0, 100),
             doc="percent of the non-tree neighbouring pairs of rooms joined too (loops)"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 35, 30, 25, 20, 20, 18, 16, 15, 14, 12, 12, 10, 10, 10, 10],
             (0, 1000), doc="moves allowed beyond the policy's, as a percent of them (rounded up)"),
    )
    answer_format = "a move: north, east, south or west (also n, e, s, w)"
    example = "north"
    tools = (Tool("go", "Walk into the next room; the reply describes it, or says what stopped you.", "go {direction}",
                  (Param("direction", "string", "the way to walk", enum=tuple(DIRECTIONS)),)),)
    unit = ("move", "moves")
    lowercase = True
    invalid_hint = "write go and a direction: north, east, south or west"

    def dungeon(self, rng, params):
        """(passages, keys by room, start, exit), solvable; the locks of a dungeon that could not
        be locked solvably in DRAWS tries are dropped (never seen at the knobs' levels)."""
        rows, cols, k = params["rows"], params["cols"], params["colours"]
        for _ in range(DRAWS):
            passages = carve(rng, rows, cols, params["extra_passages"])
            start = rng.randrange(rows * cols)
            dist = distances(passages, start)
            far = max(dist.values())
            exit_room = rng.choice(sorted(room for room, d in dist.items() if d == far))
            keys_at: dict = {}
            for i, colour in enumerate(COLOURS[:k]):
                path = shortest_path(passages, start, exit_room, COLOURS[:i])
                edges = [(min(a, b), max(a, b)) for a, b in zip(path, path[1:])]
                edges = [e for e in edges if passages[e] == OPEN]
                if not edges:
                    break
                passages[edges[rng.randrange(len(edges))]] = colour
                free = sorted(region(passages, start, COLOURS[:i]) - set(keys_at) - {exit_room})
                if not free:
                    break
                keys_at[free[rng.randrange(len(free))]] = colour
            if len(keys_at) == k and solvable(passages, keys_at, start, exit_room):
                moves = play_policy(passages, keys_at, rows, cols, start, exit_room)
                budget = len(moves) + math.ceil(len(moves) * params["slack_percent"] / 100)
                if budget <= TURN_CAP:
                    return passages, keys_at, start, exit_room, moves, budget
        raise ValueError(f"knob 'rows': no dungeon of {rows}x{cols} rooms with {k} colours fitted "
                         f"{TURN_CAP} moves in {DRAWS} draws")

    def build(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        passages, keys_at, start, exit_room, moves, budget = self.dungeon(rng, params)
        colours = sorted({c for c in keys_at.values()}, key=COLOURS.index)
        check = {"rows": rows, "cols": cols, "passages": [[a, b, s] for (a, b), s in sorted(passages.items())],
                 "keys": [[room, colour] for room, colour in sorted(keys_at.items())], "start": start,
                 "exit": exit_room, "budget": budget, "policy_moves": len(moves)}
        question = (
            f"Keys and doors. You are in a dark dungeon of {rows} rows and {cols} columns of rooms; room "
            f"(r, c) is in row r (1 at the north) and column c (1 at the west). One room holds the exit, "
            f"and you do not know which. You see only the room you are in: its exits to the north, east, "
            f"south and west (an open passage, a wall, or a locked door of some colour) and any key lying "
            f"in it."
            + (f" Doors and keys come in {len(colours)} {'colour' if len(colours) == 1 else 'colours'}: "
               f"{', '.join(colours)}. A key is picked up when you enter its room; it opens every door of "
               f"its colour and you keep it." if colours else "")
            + f"\n\nEach turn, walk one room north, east, south or west (e.g. go east). A wall, or a door "
            f"whose key you do not hold, stops you and still uses the move, as does an invalid action. You "
            f"win when you enter the exit's room. You have {budget} moves.\n\n"
            f"{self.describe_room(check, start, set(self.keys_here(check, start)))}")
        answer = self.shortest_plan(check)
        return self.draft(question, "\n".join(answer), check)

    # --- the dungeon from the check record ---------------------------------------------------
    @staticmethod
    def passages(check) -> dict:
        return {(a, b): s for a, b, s in check["passages"]}

    @staticmethod
    def keys_here(check, room) -> list[str]:
        return [colour for r, colour in check["keys"] if r == room]

    def describe_room(self, check, room, held) -> str:
        rows, cols = check["rows"], check["cols"]
        parts = []
        for name, (status, _) in exits_of(self.passages(check), room, rows, cols).items():
            text = {OPEN: "open passage", WALL: "wall"}.get(status) or (
                f"{status} door ({'you hold its key' if status in held else 'locked'})")
            parts.append(f"{name}: {text}")
        keys = ", ".join(sorted(held, key=COLOURS.index)) or "none"
        return f"You are in room {room_name(room, cols)}. Exits: {'; '.join(parts)}. Keys held: {keys}."

    def shortest_plan(self, check) -> list[str]:
        """A shortest walk to the exit with the whole map: breadth-first search over (room, keys held)."""
        rows, cols = check["rows"], check["cols"]
        passages = self.passages(check)
        bit = {colour: 1 << i for i, colour in enumerate(COLOURS)}
        key_bits = {room: bit[colour] for room, colour in check["keys"]}
        # per room, (direction, neighbour, the key bit it needs: 0 for an open passage), walls left out
        table = [[(name, nxt, 0 if status == OPEN else bit[status])
                  for name, (status, nxt) in exits_of(passages, room, rows, cols).items() if status != WALL]
                 for room in range(rows * cols)]
        first = (check["start"], key_bits.get(check["start"], 0))
        back, queue = {first: None}, deque([first])
        while queue:
            node = queue.popleft()
            room, held = node
            if room == check["exit"]:
                moves = []
                while back[node] is not None:
                    node, move = back[node]
                    moves.append(move)
                return [f"go {move}" for move in moves[::-1]]
            for name, nxt, need in table[room]:
                if need & held == need:
                    state = (nxt, held | key_bits.get(nxt, 0))
                    if state not in back:
                        back[state] = (node, name)
                        queue.append(state)
        raise RuntimeError("games/key_and_doors: the dungeon has no way out")  # solvable by construction

    def effort(self, problem):
        # the policy's moves plus the (room, keys held) states its searches range over: keys only
        # accumulate, so every room under each of the colours + 1 sets of keys it holds in turn
        c = problem.check
        return c["policy_moves"] + c["rows"] * c["cols"] * (len(c["keys"]) + 1)

    # --- dynamics ----------------------------------------------------------------------------
    def start(self, problem):
        c = problem.check
        room = c["start"]
        return {"pos": room, "keys": sorted(self.keys_here(c, room), key=COLOURS.index),
                "seen": {str(room): self._exits(c, room)}}

    def _exits(self, check, room) -> dict:
        return {name: [status, nxt] for name, (status, nxt) in
                exits_of(self.passages(check), room, check["rows"], check["cols"]).items()}

    def act(self, problem, state, text):
        c = problem.check
        m = _ACTION.match(text)
        move = ALIASES.get(m.group(1)) if m else None
        if move is None:
            return f"Invalid action: {self.invalid_hint}.", None
        status, nxt = state["seen"][str(state["pos"])][move]
        here = room_name(state["pos"], c["cols"])
        if status == WALL:
            return f"A wall blocks the way {move}; you stay in room {here}.", None
        if status != OPEN and status not in state["keys"]:
            return f"The {status} door {move} is locked and you hold no {status} key; you stay in room {here}.", None
        state["pos"] = nxt
        if nxt == c["exit"]:
            return f"You go {move} into room {room_name(nxt, c['cols'])} and find the exit!", WIN
        found = [k for k in self.keys_here(c, nxt) if k not in state["keys"]]
        state["keys"] = sorted(set(state["keys"]) | set(found), key=COLOURS.index)
        if str(nxt) not in state["seen"]:
            state["seen"][str(nxt)] = self._exits(c, nxt)
        said = f"You go {move}" + (f" and pick up the {' and '.join(found)} key." if found else ".")
        return said, None

    def view(self, problem, state):
        return self.describe_room(problem.check, state["pos"], set(state["keys"]))

    def unsolved(self, problem, state):
        return f"the exit was in room {room_name(problem.check['exit'], problem.check['cols'])}."

    def plan(self, problem, state):
        seen = {int(room): {name: (status, nxt) for name, (status, nxt) in exits.items()}
                for room, exits in state["seen"].items()}
        move, _ = choose_move(seen, state["pos"], set(state["keys"]))
        return f"go {move}"
