"""A small text adventure: find keys, unlock doors, pry open a crate and bring the idol home."""
from __future__ import annotations

from collections import deque

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import budget_for, parse_direction, reference_move

ROOM_NAMES = ("Hall", "Library", "Kitchen", "Cellar", "Armory", "Chapel", "Gallery", "Study", "Pantry",
              "Vault", "Garden", "Tower", "Crypt", "Attic", "Forge", "Stable", "Ballroom", "Workshop",
              "Greenhouse", "Dungeon", "Treasury", "Larder", "Courtyard", "Observatory")
COLOURS = ("red", "blue", "green", "yellow", "white", "black")
TRINKETS = ("rope", "candle", "old map", "silver coin", "apple", "lantern", "book", "feather", "bottle")
IDOL, CROWBAR = "golden idol", "crowbar"
COMPASS = {"up": "north", "down": "south", "left": "west", "right": "east"}
STEP = {"north": (-1, 0), "south": (1, 0), "west": (0, -1), "east": (0, 1)}
ITEMS = (*(f"{colour} key" for colour in COLOURS), CROWBAR, IDOL, *TRINKETS)  # everything a house may hold
_WAY = Param("direction", "string", "a compass direction", enum=tuple(STEP))
ALIASES = {"idol": IDOL, "gold idol": IDOL, "the idol": IDOL, "bar": CROWBAR, "crow bar": CROWBAR,
           "map": "old map", "coin": "silver coin"}


def build_world(rng, rows: int, cols: int, n_locks: int, crate: bool, n_trinkets: int, extra_percent: int):
    """A grid of rooms joined by a random spanning tree, locked doors on tree edges, keys placed
    so every lock can be opened in some order (each key lies in the part of the house already
    open when its door is the next to open), the idol beyond the last lock, extra passages only
    inside the parts that locks separate, and trinkets anywhere."""
    n = rows * cols
    names = rng.sample(ROOM_NAMES, n)
    cells = [(i // cols, i % cols) for i in range(n)]
    start = rng.randrange(n)
    # random spanning tree by a randomized depth-first walk
    tree, seen, stack = [], {start}, [start]
    while stack:
        r, c = cells[stack[-1]]
        options = [(r + dr) * cols + c + dc for dr, dc in STEP.values()
                   if 0 <= r + dr < rows and 0 <= c + dc < cols and (r + dr) * cols + c + dc not in seen]
        if not options:
            stack.pop()
            continue
        nxt = options[rng.randrange(len(options))]
        tree.append((stack[-1], nxt))  # parent, child: the child lies farther from the start
        seen.add(nxt)
        stack.append(nxt)
    locked = rng.sample(range(len(tree)), min(n_locks, len(tree)))
    colours = rng.sample(COLOURS, len(locked))
    lock_colour = {tree[i]: colours[j] for j, i in enumerate(locked)}
    # zones: the parts of the tree that the locked edges separate
    adj = {i: [] for i in range(n)}
    for a, b in tree:
        if (a, b) not in lock_colour:
            adj[a].append(b)
            adj[b].append(a)
    zone = {}
    for i in range(n):
        if i in zone:
            continue
        zone[i], queue = i, [i]
        while queue:
            x = queue.pop()
            for y in adj[x]:
                if y not in zone:
                    zone[y] = i
                    queue.append(y)
    edges = [(a, b) for a, b in tree]
    for i in range(n):
        for j in (i + 1, i + cols):
            if j < n and (j != i + 1 or j % cols) and (i, j) not in edges and (j, i) not in edges \
                    and zone[i] == zone[j] and rng.randrange(100) < extra_percent:
                edges.append((i, j))
    # open locks one at a time, each key inside what is already open
    items = {i: [] for i in range(n)}
    region = {i for i in range(n) if zone[i] == zone[start]}
    order, pending = [], [e for e in tree if e in lock_colour]
    crate_at, crate_holds, crowbar_placed = None, None, False
    crate_lock = rng.randrange(len(pending)) if crate and pending else None
    while pending:
        frontier = [e for e in pending if e[0] in region]
        edge = frontier[rng.randrange(len(frontier))]
        pending.remove(edge)
        key = f"{lock_colour[edge]} key"
        spots = sorted(region)
        if len(order) == crate_lock:
            crate_at = spots[rng.randrange(len(spots))]
            crate_holds = key
            items[spots[rng.randrange(len(spots))]].append(CROWBAR)
            crowbar_placed = True
        else:
            items[spots[rng.randrange(len(spots))]].append(key)
        order.append(edge)
        region |= {i for i in range(n) if zone[i] == zone[edge[1]]}
    if crate and not crowbar_placed:  # no locks: the crate holds the idol instead
        crate_at = None
    last_zone = [i for i in range(n) if zone[i] == zone[order[-1][1]]] if order else \
        [i for i in range(n) if i != start]
    candidates = [i for i in last_zone if i != start] or [i for i in range(n) if i != start]
    idol_room = candidates[rng.randrange(len(candidates))]
    if crate and crate_at is None:
        crate_at, crate_holds = idol_room, IDOL
        items[rng.choice(sorted(i for i in range(n)))].append(CROWBAR)
    else:
        items[idol_room].append(IDOL)
    for t in rng.sample(TRINKETS, n_trinkets):
        items[rng.randrange(n)].append(t)
    doors = [{"colour": lock_colour[e], "rooms": list(e)} for e in order]
    door_of = {tuple(sorted(d["rooms"])): k for k, d in enumerate(doors)}
    exits = [[] for _ in range(n)]
    for a, b in sorted(edges, key=lambda e: (min(e), max(e))):
        for x, y in ((a, b), (b, a)):
            (xr, xc), (yr, yc) = cells[x], cells[y]
            way = next(w for w, (dr, dc) in STEP.items() if (xr + dr, xc + dc) == (yr, yc))
            exits[x].append([way, y, door_of.get(tuple(sorted((a, b))), -1)])
    order_ways = list(STEP)
    for ex in exits:
        ex.sort(key=lambda e: order_ways.index(e[0]))
    return {"rooms": names, "exits": exits, "doors": doors, "items": [items[i] for i in range(n)],
            "crate": None if crate_at is None else {"room": crate_at, "holds": crate_holds},
            "start": start}


def plan(world: dict, room: int, carry, unlocked, crate_open: bool, stats: dict | None = None) -> list[str] | None:
    """Breadth-first search over (room, useful items carried, doors unlocked, crate opened):
    the shortest command sequence that brings the idol to the start room. Trinkets are ignored
    (carrying them never helps). With `stats`, stats["expanded"] counts the states expanded."""
    useful = [f"{d['colour']} key" for d in world["doors"]] + [CROWBAR, IDOL]
    bit = {name: 1 << i for i, name in enumerate(useful)}
    crate = world["crate"]
    start_state = (room, sum(bit[x] for x in carry if x in bit), sum(1 << d for d in unlocked), bool(crate_open))
    parent = {start_state: None}
    queue = deque([start_state])
    idol = bit[IDOL]
    while queue:
        state = queue.popleft()
        if stats is not None:
            stats["expanded"] = stats.get("expanded", 0) + 1
        r, held, opened, cr = state
        if r == world["start"] and held & idol:
            steps = []
            while parent[state] is not None:
                state, command = parent[state]
                steps.append(command)
            return steps[::-1]
        options = []
        for way, nxt, door in world["exits"][r]:
            if door < 0 or opened >> door & 1:
                options.append(((nxt, held, opened, cr), f"go {way}"))
            elif held & bit[f"{world['doors'][door]['colour']} key"]:
                options.append(((r, held, opened | 1 << door, cr), f"unlock {way}"))
        here = list(world["items"][r])
        if crate and crate["room"] == r:
            if cr:
                here.append(crate["holds"])
            elif held & bit[CROWBAR]:
                options.append(((r, held, opened, True), "open crate"))
        for item in here:
            if item in bit and not held & bit[item]:
                options.append(((r, held | bit[item], opened, cr), f"take {item}"))
        for nxt_state, command in options:
            if nxt_state not in parent:
                parent[nxt_state] = (state, command)
                queue.append(nxt_state)
    return None


def article(item: str) -> str:
    return ("an " if item[0] in "aeiou" else "a ") + item


def listing(things) -> str:
    things = list(things)
    if not things:
        return "nothing"
    if len(things) == 1:
        return things[0]
    return ", ".join(things[:-1]) + " and " + things[-1]


@register
class TextAdventure(TurnBudgetTask):
    """A text adventure in a house of rooms on a grid: walk between rooms (go north/south/east/
    west), take items, unlock coloured doors with the matching keys, pry open a crate with the
    crowbar, and carry the golden idol back to the room you start in, within a turn budget. The
    whole map is known (rooms, passages, doors, where every item lies). Worlds are built to be
    solvable: locks are opened in an order where each key lies in the part of the house already
    open. A breadth-first search over (room, useful items carried, doors unlocked, crate opened)
    finds the shortest plan; the budget is its length plus slack. Higher levels: more rooms,
    more locked doors whose keys lie behind other doors, a crate holding a key, useless trinkets
    and less slack.

    The reference policy follows the shortest plan while the state is one it passes through and
    otherwise plans again with the same search from the current state.
    """

    name = "planning/text_adventure"
    knobs = (
        Knob("rows", [1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4), doc="rows of rooms"),
        Knob("cols", [3, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6], (2, 6), doc="columns of rooms"),
        Knob("n_locks", [0, 1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 4, 5, 5, 6, 5, 6, 6, 6, 6], (0, 6), doc="locked doors"),
        Knob("crate", [False] * 4 + [True] * 16,
             doc="a nailed crate (opened with the crowbar) holds a key or the idol"),
        Knob("n_trinkets", [0, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 9, 9], (0, 9),
             doc="useless items lying around"),
        Knob("extra_percent", [0, 20, 20, 25, 25, 30, 30, 30, 35, 35, 35, 35, 35, 40, 40, 40, 45, 45, 50,
             60], (0, 100),
             doc="chance (percent) of each extra passage between neighbouring rooms within a locked part"),
        Knob("slack_percent", [150, 120, 100, 80, 60, 50, 40, 30, 20, 10, 8, 8, 6, 5, 4, 3, 2, 1, 0, 0], (0, 1000),
             doc="turns allowed beyond the shortest plan, as a percent of it (rounded up)"),
    )
    answer_format = ("one command: go <direction> (north, south, east, west, or just the direction), take <item>, "
                     "unlock <direction>, open crate, look or inventory")
    example = "go north"
    tools = (Tool("go", "Go through an exit of your room.", "go {direction}", (_WAY,)),
             Tool("take", "Pick up an item in your room.", "take {item}",
                  (Param("item", "string", "the item, as the room lists it", enum=ITEMS),)),
             Tool("unlock", "Unlock the locked door on one side of your room with the key of its colour.",
                  "unlock {direction}", (_WAY,)),
             Tool("open_crate", "Pry open the crate in your room with the crowbar.", "open crate"),
             Tool("look", "Describe your room (this uses a turn).", "look"),
             Tool("inventory", "List what you carry (this uses a turn).", "inventory"))
    lowercase = True
    invalid_hint = "use go <direction>, take <item>, unlock <direction>, open crate, look or inventory"

    def build(self, rng, params):
        world = build_world(rng, params["rows"], params["cols"], params["n_locks"], params["crate"],
                            params["n_trinkets"], params["extra_percent"])
        steps = plan(world, world["start"], [], [], False)
        budget = budget_for(len(steps), params["slack_percent"])
        world["budget"] = budget
        rooms = world["rooms"]
        home = rooms[world["start"]]
        lines = []
        for r, name in enumerate(rooms):
            ways = "; ".join(self.exit_text(world, r, e, []) for e in world["exits"][r])
            things = [article(x) for x in world["items"][r]]
            if world["crate"] and world["crate"]["room"] == r:
                things.append(f"a nailed-shut crate holding {article(world['crate']['holds'])}")
            lines.append(f"- {name}: exits {ways}. Items: {listing(things)}.")
        question = (
            f"Text adventure. You are in the {home} of an old house. Somewhere in the house is a golden "
            f"idol: take it and carry it back to the {home}. The map:\n" + "\n".join(lines) + "\n\n"
            f"Commands (one per turn): go north / go south / go east / go west (or just the direction, "
            f"or n, s, e, w) moves through an exit; take <item> picks up an item in your room (you can "
            f"carry any number); unlock <direction> unlocks the locked door on that side of your room "
            f"if you carry the key of its colour (keys are kept, a door stays unlocked); open crate pries "
            f"open a crate in your room if you carry the crowbar, after which you can take what it holds; "
            f"look and inventory describe your room and what you carry. You win the moment you are in "
            f"the {home} carrying the idol. Every command, even an invalid or failed one, uses a turn. "
            f"You have {budget} turns.\n\n{self.describe_room(world, self.initial_state(world))}")
        return self.draft(question, "\n".join(steps), world)  # you set out empty-handed: one step never wins

    def effort(self, problem):
        # the breadth-first search over (room, items carried, doors unlocked, crate opened)
        world = problem.check
        stats: dict = {}
        plan(world, world["start"], [], [], False, stats)
        return stats.get("expanded", 0)

    # ---- state -----------------------------------------------------------------------------
    def start(self, problem):
        return {"room": problem.check["start"], "carry": [], "unlocked": [], "crate_open": False}

    @staticmethod
    def items_here(world, state) -> list[str]:
        r = state["room"]
        here = [x for x in world["items"][r] if x not in state["carry"]]
        crate = world["crate"]
        if crate and crate["room"] == r and state["crate_open"] and crate["holds"] not in state["carry"]:
            here.append(crate["holds"])
        return here

    @staticmethod
    def exit_text(world, r, exit_, unlocked) -> str:
        way, nxt, door = exit_
        text = f"{way} to the {world['rooms'][nxt]}"
        if door >= 0:
            colour = world["doors"][door]["colour"]
            text += f" (through a {colour} door, {'unlocked' if door in unlocked else 'locked'})"
        return text

    def describe_room(self, world, state) -> str:
        r = state["room"]
        ways = "; ".join(self.exit_text(world, r, e, state["unlocked"]) for e in world["exits"][r])
        things = [article(x) for x in self.items_here(world, state)]
        crate = world["crate"]
        if crate and crate["room"] == r:
            things.append("an open crate" if state["crate_open"] else "a nailed-shut crate")
        return (f"You are in the {world['rooms'][r]}. Exits: {ways}. You see: {listing(things)}. "
                f"You carry: {listing(state['carry'])}.")

    # ---- dynamics --------------------------------------------------------------------------
    def act(self, problem, state, text):
        world = problem.check
        words = text.split()
        verb, rest = words[0], " ".join(w for w in words[1:] if w not in ("the", "a", "an", "door"))
        if text in ("look", "look around", "l"):
            return "You look around.", None
        if text in ("inventory", "inv", "i"):
            return f"You carry: {listing(state['carry'])}.", None
        if verb in ("take", "get", "grab", "pick"):
            if verb == "pick" and words[1:2] == ["up"]:
                rest = " ".join(w for w in words[2:] if w not in ("the", "a", "an"))
            return self.take(world, state, rest)
        if verb in ("unlock", "open") and rest not in ("crate", "box"):
            return self.unlock(world, state, rest)
        if verb == "use" and rest.endswith(" key"):
            return self.unlock(world, state, rest[:-4])
        if text in ("open crate", "open box", "use crowbar", "use crowbar on crate", "pry crate",
                    "pry open crate", "open the crate", "use the crowbar", "break crate"):
            return self.open_crate(world, state)
        if verb == "drop":
            return "There is no need to drop anything (there is no drop command).", None
        way = parse_direction(text)
        if way is None and verb == "go" and len(words) == 2:
            way = parse_direction(words[1])
        if way is not None:
            return self.go(world, state, COMPASS[way])
        return f"Invalid command: {self.invalid_hint}.", None

    def go(self, world, state, way):
        exit_ = next((e for e in world["exits"][state["room"]] if e[0] == way), None)
        if exit_ is None:
            return f"There is no exit {way} from the {world['rooms'][state['room']]}.", None
        _, nxt, door = exit_
        if door >= 0 and door not in state["unlocked"]:
            return f"The {world['doors'][door]['colour']} door to the {way} is locked.", None
        state["room"] = nxt
        if nxt == world["start"] and IDOL in state["carry"]:
            return f"You go {way} into the {world['rooms'][nxt]} carrying the golden idol.", WIN
        return f"You go {way}.", None

    def take(self, world, state, name):
        here = self.items_here(world, state)
        name = ALIASES.get(name, name)
        if name == "key":
            keys = [x for x in here if x.endswith(" key")]
            if len(keys) == 1:
                name = keys[0]
            elif keys:
                return f"Which key? Here: {listing(keys)}.", None
        if not name:
            return "Take what? Name the item.", None
        if name not in here:
            return f"There is no {name} here.", None
        state["carry"].append(name)
        if name == IDOL and state["room"] == world["start"]:
            return "You take the golden idol.", WIN
        return f"You take the {name}.", None

    def unlock(self, world, state, what):
        r = state["room"]
        locked = [e for e in world["exits"][r] if e[2] >= 0 and e[2] not in state["unlocked"]]
        way = COMPASS.get(parse_direction(what) or "", None)
        if way is not None:
            chosen = [e for e in world["exits"][r] if e[0] == way]
            if not chosen or chosen[0][2] < 0:
                return f"There is no door to the {way}.", None
            if chosen[0][2] in state["unlocked"]:
                return f"The door to the {way} is already unlocked.", None
        elif what in COLOURS:
            chosen = [e for e in locked if world["doors"][e[2]]["colour"] == what]
            if not chosen:
                return f"There is no locked {what} door here.", None
        elif what == "":
            if len(locked) != 1:
                return ("There is no locked door here." if not locked else
                        "Which door? Say unlock and a direction."), None
            chosen = locked
        else:
            return f"Invalid command: unlock a door by its direction, e.g. unlock {world['exits'][r][0][0]}.", None
        door = chosen[0][2]
        key = f"{world['doors'][door]['colour']} key"
        if key not in state["carry"]:
            return f"You need the {key} to unlock that door.", None
        state["unlocked"].append(door)
        return f"You unlock the {world['doors'][door]['colour']} door to the {chosen[0][0]}.", None

    def open_crate(self, world, state):
        crate = world["crate"]
        if not crate or crate["room"] != state["room"]:
            return "There is no crate here.", None
        if state["crate_open"]:
            return "The crate is already open.", None
        if CROWBAR not in state["carry"]:
            return "The crate is nailed shut: you need the crowbar.", None
        state["crate_open"] = True
        return f"You pry the crate open. Inside is {article(crate['holds'])}.", None

    def view(self, problem, state):
        return self.describe_room(problem.check, state)

    def unsolved(self, problem, state):
        return f"the idol is not in the {problem.check['rooms'][problem.check['start']]}."

    def plan(self, problem, state):
        def key(s):
            return (s["room"], tuple(sorted(s["carry"])), tuple(sorted(s["unlocked"])), s["crate_open"])

        move = reference_move(self, problem, state, key)
        if move is not None:
            return move
        steps = plan(problem.check, state["room"], state["carry"], state["unlocked"], state["crate_open"])
        return steps[0] if steps else "look"
