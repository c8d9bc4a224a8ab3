"""Two-sided Battleship: each player hides a fleet on its own small board and fires at the other's.

Fleets are placed at setup (straight ships that never touch, not even at a corner) and stay
hidden: a player sees its own fleet with the other's shots on it, and of the other fleet only the
answers to its own shots. Shots alternate, player_0 first; whoever first sinks the whole other
fleet wins. With `sunk` announced, a shot that completes a ship says so (and its length);
silent, a shot only says hit or miss.

The heuristic is a density policy: it counts, for every ship that may still be afloat, its
placements that agree with everything its shots have shown (no miss or sunk ship covered, no
touching a sunk ship, and, since ships never touch, no placement beside a hit it does not cover),
weights a placement through hits not yet known to be sunk heavily (to finish a wounded ship), and
fires at the unfired cell covered most. No exact policy: the hidden placements make the game far
too large to solve.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import Param, Tool, plural
from procgym.kit.multiplayer import Illegal, MultiplayerGame, player_name, register_game
from procgym.kit.seat_task import SeatTask, seat_knobs

from ._cells import cell_name, cell_names, read_cell

FLEETS = ("2", "2,2", "3,2", "3,2,2", "3,3,2", "4,3,2", "4,3,3,2", "4,4,3,2", "5,4,3,2", "5,4,3,3,2")
TARGET_WEIGHT = 20  # how much more a placement through k unresolved hits counts: TARGET_WEIGHT ** k
WATER, SHIP, HIT, MISS, SUNK = ".", "S", "X", "o", "#"


def lengths(fleet: str) -> list[int]:
    return [int(x) for x in fleet.split(",")]



def around(cell: int, n: int) -> list[int]:
    """The cell and its (up to) eight neighbours."""
    r, c = divmod(cell, n)
    return [rr * n + cc for rr in range(max(0, r - 1), min(n, r + 2)) for cc in range(max(0, c - 1), min(n, c + 2))]


@lru_cache(maxsize=None)
def placements(n: int, length: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every straight placement of a ship of `length` on an n x n board: (cells, the cells as a
    bit mask, the mask of the cells and all their neighbours)."""
    out = []
    for r in range(n):
        for c in range(n - length + 1):
            out.append(tuple(r * n + c + i for i in range(length)))
    if length > 1:
        for r in range(n - length + 1):
            for c in range(n):
                out.append(tuple((r + i) * n + c for i in range(length)))
    return tuple((cells, mask(cells), placement_halo(cells, n)) for cells in out)


def mask(cells) -> int:
    out = 0
    for cell in cells:
        out |= 1 << cell
    return out


def place_fleet(rng, n: int, fleet: list[int]) -> list[list[int]]:
    """Ships (lists of cells), longest first, each at a random placement that neither overlaps nor
    touches those already placed; a fleet that gets stuck is drawn again."""
    for _ in range(1000):
        blocked, ships = 0, []
        for length in sorted(fleet, reverse=True):
            free = [cells for cells, bits, _ in placements(n, length) if not blocked & bits]
            if not free:
                break
            ship = list(free[rng.randrange(len(free))])
            ships.append(ship)
            blocked |= placement_halo(ship, n)
        else:
            return ships
    raise ValueError(f"knob 'fleet': the ships {fleet} do not fit apart on a {n}x{n} board")


def density(n: int, fleet: list[int], shots: list[int], ships: list[list[int]], announced: bool) -> dict[int, int]:
    """The heuristic's weight of every unfired cell (see the module docstring): what the shooter
    of `shots` at `ships` knows, and only that."""
    return dict(_density(n, tuple(fleet), tuple(shots), tuple(map(tuple, ships)), announced))


@lru_cache(maxsize=4096)  # a match is replayed at generation (search, then the reference line)
def _density(n: int, fleet: tuple, shots: tuple, ships: tuple, announced: bool) -> tuple:
    fired = set(shots)
    ship_of = {cell: i for i, ship in enumerate(ships) for cell in ship}
    hits = mask(cell for cell in fired if cell in ship_of)
    sunk = [i for i, ship in enumerate(ships) if fired.issuperset(ship)] if announced else []
    blocked = mask(fired) & ~hits
    afloat = list(fleet)
    open_hits = hits
    for i in sunk:
        afloat.remove(len(ships[i]))
        blocked |= placement_halo(ships[i], n)
        open_hits &= ~mask(ships[i])
    weight = [0] * (n * n)
    for length in set(afloat):
        copies = afloat.count(length)
        for cells, bits, halo in placements(n, length):
            # beside a hit it does not cover, the placement would touch another ship
            if blocked & bits or halo & open_hits & ~bits:
                continue
            w = copies * TARGET_WEIGHT ** (bits & open_hits).bit_count() if open_hits else copies
            for cell in cells:
                weight[cell] += w
    return tuple((cell, w) for cell, w in enumerate(weight) if cell not in fired)


def placement_halo(ship, n: int) -> int:
    return mask(x for cell in ship for x in around(cell, n))


def render(n: int, marks: dict[int, str]) -> str:
    rows = ["   " + " ".join(chr(ord("a") + c) for c in range(n))]
    rows += [f"{r + 1:>2} " + " ".join(marks.get(r * n + c, WATER) for c in range(n)) for r in range(n)]
    return "\n".join(rows)


@register_game
class Battleship(MultiplayerGame):
    """Battleship for two players: each hides a fleet of straight ships (never touching, not even
    at a corner) on its own square board; they take turns firing at a cell of the other's board
    and hear hit or miss (and, where announced, that a ship sank); the first to sink the whole other
    fleet wins. Knobs set the board size, the fleet, and whether sinkings are announced."""

    name = "battleship"
    knobs = (Knob("size", [4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 10, 10], (3, 10),
                  doc="rows and columns of each board"),
             Knob("fleet", ["2,2", "3,2", "3,2", "3,2,2", "3,2,2", "3,3,2", "4,3,2", "4,3,2", "4,3,3,2", "4,3,3,2",
                            "4,3,3,2", "4,3,3,2", "4,4,3,2", "4,4,3,2", "5,4,3,2", "5,4,3,2", "5,4,3,3,2", "5,4,3,3,2",
                            "5,4,3,3,2", "5,4,3,3,2"], choices=FLEETS, doc="ship lengths of each fleet"),
             Knob("sunk", ["announced"] * 6 + ["silent"] * 14, choices=("announced", "silent"),
                  doc="announced: a shot that sinks a ship says so; silent: shots only say hit or miss"))
    roles = ("fires first", "fires second")
    action_format = "a cell of the other player's board as column letter and row number, e.g. b3"
    example = "z9"  # boards have at most 10 columns: never a cell
    policies = ("random", "heuristic")

    def setup(self, rng, params):
        n, fleet = params["size"], lengths(params["fleet"])
        return {"size": n, "fleet": fleet, "announced": params["sunk"] == "announced",
                "ships": [place_fleet(rng, n, fleet), place_fleet(rng, n, fleet)], "shots": [[], []], "turn": 0,
                "winner": None}

    def to_move(self, state):
        return [] if state["winner"] is not None else [state["turn"]]

    def read(self, state, seat, text):
        n = state["size"]
        cell = read_cell(text, n, "b3")
        if cell in state["shots"][seat]:
            raise Illegal(f"you already fired at {text}.")
        return cell

    def apply(self, state, moves):
        (seat, cell), = moves.items()
        n, other = state["size"], 1 - seat
        state["shots"][seat].append(cell)
        state["turn"] = other
        fired = set(state["shots"][seat])
        sentence = f"{player_name(seat)} fires at {cell_name(cell, n)}: "
        ship = next((s for s in state["ships"][other] if cell in s), None)
        if ship is None:
            return sentence + "miss."
        if all(fired.issuperset(s) for s in state["ships"][other]):
            state["winner"] = seat
            return sentence + f"hit, and that sinks the last ship of {player_name(other)}: {player_name(seat)} wins."
        if state["announced"] and fired.issuperset(ship):
            return sentence + f"hit, and it sinks a ship of length {len(ship)}."
        return sentence + "hit."

    def payoffs(self, state):
        return [1, -1] if state["winner"] == 0 else [-1, 1]

    def known(self, state, seat) -> dict[int, str]:
        """`seat`'s marks on the other board: its shots' answers."""
        other_ships = state["ships"][1 - seat]
        fired = set(state["shots"][seat])
        marks = {}
        for cell in fired:
            ship = next((s for s in other_ships if cell in s), None)
            sunk = ship is not None and fired.issuperset(ship) and (state["announced"] or state["winner"] is not None)
            marks[cell] = MISS if ship is None else SUNK if sunk else HIT
        return marks

    def observe(self, state, seat):
        n, other = state["size"], 1 - seat
        fired_at = set(state["shots"][other])
        own = {}
        for ship in state["ships"][seat]:
            down = fired_at.issuperset(ship)
            for cell in ship:
                own[cell] = SUNK if down else HIT if cell in fired_at else SHIP
        for cell in fired_at:
            own.setdefault(cell, MISS)
        marks = self.known(state, seat)
        afloat = ""
        if state["announced"]:
            sunk = [len(s) for s in state["ships"][other] if set(state["shots"][seat]).issuperset(s)]
            left = list(state["fleet"])
            for length in sunk:
                left.remove(length)
            afloat = f" Ships of {player_name(other)} still afloat: lengths {', '.join(map(str, left)) or 'none'}."
        return (f"Your fleet, with {player_name(other)}'s shots ({SHIP} ship, {HIT} hit, {SUNK} sunk, {MISS} miss):\n"
                f"{render(n, own)}\nYour shots at {player_name(other)}'s fleet ({HIT} hit, {SUNK} sunk, {MISS} miss, "
                f"{WATER} not fired at):\n{render(n, marks)}\nYou fired {plural(len(state['shots'][seat]), 'shot')}."
                f"{afloat}")

    def legal(self, state, seat):
        n = state["size"]
        fired = set(state["shots"][seat])
        names = cell_names(n)
        return [names[cell] for cell in range(n * n) if cell not in fired]

    def rules(self, params):
        n, fleet = params["size"], lengths(params["fleet"])
        told = ("A shot that completes a ship is announced as sinking it (with its length)."
                if params["sunk"] == "announced" else "Shots only say hit or miss: nobody is told when a ship sinks.")
        return (f"Battleship for two players, player_0 and player_1. Each has a {n}x{n} board (columns a-"
                f"{chr(ord('a') + n - 1)} from the left, rows 1-{n} from the top) with a hidden fleet of straight "
                f"ships of lengths {', '.join(map(str, fleet))}, each lying across or down; ships never touch, not "
                f"even at a corner. Players take turns, player_0 first, firing one shot at a cell of the other's "
                f"board they have not fired at before; every shot is answered hit or miss for both to hear. {told} "
                f"The first to hit every cell of the other's fleet wins (payoff +1, the other -1).")

    def strategy(self, policy, state, seat):
        if policy == "heuristic":
            weight = density(state["size"], state["fleet"], state["shots"][seat], state["ships"][1 - seat],
                             state["announced"])
            top = max(weight.values())
            best = [cell for cell, w in sorted(weight.items()) if w == top]
            return {cell_name(cell, state["size"]): Fraction(1, len(best)) for cell in best}
        return super().strategy(policy, state, seat)


_POLICY_TEXT = {
    "random": "The other player fires at a cell drawn uniformly at random among those it has not fired at.",
    "heuristic": ("The other player counts, for each ship that may still be afloat, the placements that agree with "
                  "its shots so far, weights placements through its unsunk hits heavily, and fires at the cell "
                  "covered most (at random among ties)."),
}


@register
class BattleshipMatch(SeatTask):
    """Two-sided Battleship against a built-in opponent: sink the opponent's hidden fleet before it
    sinks yours, from deals where that can be done against the opponent's seeded shots. Levels
    1-2 face random shots, the rest a placement-counting hunter. Higher levels bring bigger boards
    and fleets (four ships packed on 6x6 at levels 9-10), and from level 7 sinkings are not
    announced, so which hits belong to one ship must be worked out from the shape of the hits and
    the rule that ships never touch.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 280 problems/s at level 1, 150/s at level 5 and 80/s at level 10
    (bench/generation.py --seconds 1, one core).
    """

    name = "multiplayer/battleship"
    game = Battleship()
    knobs = seat_knobs(game, size=[4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9],
                       opponent=["random"] * 2 + ["heuristic"] * 18, spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)
    tools = (Tool("fire", "Fire one shot at a cell of the other player's board.", "{cell}",
                  (Param("cell", "string", "the cell, column letter then row number, e.g. b3"),)),)

    def order(self, c, m, moves):
        # the referee sees the fleet: the fastest line fires only at ship cells, and which ones
        # first does not matter (the opponent's shots do not depend on where the agent fires)
        state, seat = m.state, c["seat"]
        fired = set(state["shots"][seat])
        targets = [cell for ship in state["ships"][1 - seat] for cell in ship if cell not in fired]
        return [cell_name(min(targets), state["size"])]

    def opponent_text(self, c):
        return _POLICY_TEXT[c["opponent"]]

    def longest(self, params, seat):
        return params["size"] ** 2
