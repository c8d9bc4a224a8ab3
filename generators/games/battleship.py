"""Battleship against a hidden fleet: fire at cells, read hit/miss/sunk, sink every ship in budget."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask, plural

from ._boards import cell_name, neighbours8, parse_cell, render_board, strip_prefix

FLEETS = {1: (3,), 2: (3, 2), 3: (4, 3, 2), 4: (4, 3, 3, 2), 5: (5, 4, 3, 3, 2), 6: (5, 4, 4, 3, 3, 2),
          7: (5, 4, 4, 3, 3, 3, 2), 8: (5, 5, 4, 4, 3, 3, 2, 2)}
UNKNOWN, MISS, HIT, SUNK = ".", "o", "x", "#"
ORTHOGONAL = ((-1, 0), (1, 0), (0, -1), (0, 1))


def place_fleet(rng, rows: int, cols: int, lengths, attempts: int = 200) -> list[list[tuple[int, int]]] | None:
    """Ships as lists of cells, placed largest first, each at a random placement (orientation, then
    start cell) that neither overlaps nor touches (even diagonally) the ships already placed;
    a ship that finds no free placement in 100 draws restarts the fleet. None if `attempts`
    restarts fail."""
    for _ in range(attempts):
        blocked: set[tuple[int, int]] = set()
        ships = []
        for length in lengths:
            for _ in range(100):
                dr, dc = (0, 1) if rng.random() < 0.5 else (1, 0)
                if rows - dr * (length - 1) <= 0 or cols - dc * (length - 1) <= 0:
                    continue
                r, c = rng.randrange(rows - dr * (length - 1)), rng.randrange(cols - dc * (length - 1))
                cells = [(r + i * dr, c + i * dc) for i in range(length)]
                if not any(cell in blocked for cell in cells):
                    break
            else:
                break
            ships.append(cells)
            for r, c in cells:
                blocked.add((r, c))
                blocked.update(neighbours8(r, c, rows, cols))
        else:
            return ships
    return None


def lattice(rows: int, cols: int, step: int) -> list[tuple[int, int]]:
    """Cells with (row + col) divisible by `step`: every straight ship of length >= step covers one."""
    return [(r, c) for r in range(rows) for c in range(cols) if (r + c) % step == 0]


def shot_bound(rows: int, cols: int, lengths) -> int:
    """Shots the reference policy needs at most: each lattice cell once while hunting, and per ship
    at most length - 1 further hits and 4 misses while targeting it (capped at every cell once)."""
    return min(rows * cols, len(lattice(rows, cols, min(lengths))) + sum(n + 3 for n in lengths))


def view(rows, cols, fired: set, ships, sunk) -> dict:
    """What the player knows: {cell: MISS/HIT/SUNK} for every fired cell."""
    sunk_cells = {tuple(cell) for i in sunk for cell in ships[i]}
    ship_cells = {tuple(cell) for ship in ships for cell in ship}
    return {cell: SUNK if cell in sunk_cells else HIT if cell in ship_cells else MISS for cell in fired}


def render(rows: int, cols: int, known: dict) -> str:
    return render_board(rows, cols, lambda r, c: known.get((r, c), UNKNOWN))


def choose_shot(rows: int, cols: int, known: dict, afloat: list[int], step: int) -> tuple[int, int]:
    """The reference policy's next shot from the board alone (see Battleship's docstring)."""
    empty = {cell for cell, mark in known.items() if mark == MISS}
    for cell, mark in known.items():  # no ship touches a sunk one
        if mark == SUNK:
            empty.update(n for n in neighbours8(*cell, rows, cols) if known.get(n) != SUNK)
    free = lambda r, c: 0 <= r < rows and 0 <= c < cols and (r, c) not in known and (r, c) not in empty  # noqa: E731
    hits = sorted(cell for cell, mark in known.items() if mark == HIT)
    if hits:  # target the ship of the first unsunk hit: hits that touch belong to one ship
        cluster, frontier = {hits[0]}, [hits[0]]
        while frontier:
            cell = frontier.pop()
            for n in neighbours8(*cell, rows, cols):
                if known.get(n) == HIT and n not in cluster:
                    cluster.add(n)
                    frontier.append(n)
        cells = sorted(cluster)
        if len(cells) >= 2:
            (r0, c0), (r1, c1) = cells[0], cells[-1]
            dr, dc = (1, 0) if c0 == c1 else (0, 1)
            for r, c in ((r0 - dr, c0 - dc), (r1 + dr, c1 + dc)):
                if free(r, c):
                    return r, c
        else:
            r0, c0 = cells[0]
            for dr, dc in ORTHOGONAL:
                if free(r0 + dr, c0 + dc):
                    return r0 + dr, c0 + dc
    # hunt: the lattice cell covered by the most placements of the ships still afloat
    density: dict[tuple[int, int], int] = {}
    for length in afloat:
        for dr, dc in ((0, 1), (1, 0)):
            for r in range(rows - dr * (length - 1)):
                for c in range(cols - dc * (length - 1)):
                    cells = [(r + i * dr, c + i * dc) for i in range(length)]
                    if all(free(*cell) for cell in cells):
                        for cell in cells:
                            density[cell] = density.get(cell, 0) + 1
    best = max((cell for cell in lattice(rows, cols, step) if cell in density),
               key=lambda cell: (density[cell], -cell[0], -cell[1]), default=None)
    if best is None:  # cannot happen while a ship is afloat; any unfired cell keeps the game going
        best = next(((r, c) for r in range(rows) for c in range(cols) if (r, c) not in known), (0, 0))
    return best


@register
class Battleship(TurnBudgetTask):
    """Battleship: a fleet of straight ships (lengths listed in the prompt) is hidden on a grid,
    ships neither overlapping nor touching, not even diagonally. Each turn the player fires at a
    cell (e.g. fire C4) and is told miss, hit, or hit and sunk (with the sunk ship's length); each
    observation redraws the board of shots. Sinking every ship within the shot budget wins;
    repeated cells and invalid actions use a shot. Higher levels enlarge the grid and the fleet
    and cut the slack, so shots must follow a hunt pattern and finish each ship they hit.

    The reference policy reads only the board: with an unsunk hit it targets that ship (the four
    neighbours of a lone hit, then along the line of hits, skipping cells known empty next to
    sunk ships), otherwise it hunts on the lattice of cells with (row + column) divisible by the
    shortest ship's length, choosing the lattice cell covered by the most placements of the ships
    still afloat. Every ship covers a lattice cell, so it needs at most (lattice cells) + sum over
    ships of (length + 3) shots (each ship: its other cells plus at most 3 misses finding its
    direction and 1 at its end), capped at the number of cells; the budget is that bound plus
    `slack` (capped at the cells not yet fired at), so the policy always wins. A few empty cells
    (`given_misses`) start out fired at, for free. `Draft.answer` fires at every ship cell.
    """

    name = "games/battleship"
    knobs = (
        Knob("size", [5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 16], (4, 20),
             doc="rows and columns of the grid"),
        Knob("n_ships", [2, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 6, 7, 7, 8, 7, 8, 8, 8], (1, 8),
             doc="ships in the fleet, by length: 1 (3), 2 (3, 2), 3 (4, 3, 2), 4 (4, 3, 3, 2), "
                 "5 (5, 4, 3, 3, 2), 6 (5, 4, 4, 3, 3, 2), 7 (5, 4, 4, 3, 3, 3, 2), 8 (5, 5, 4, 4, 3, 3, 2, 2)"),
        Knob("given_misses", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12], (0, 100),
             doc="empty cells already fired at (free shots, shown as misses on the first board)"),
        Knob("slack", [8, 6, 5, 4, 3, 2, 1, 0, 0, 0] + [0] * 10, (0, 400), doc="shots allowed beyond the policy's bound"),
    )
    answer_format = "a shot as fire and a cell (column letter, row number), e.g. fire C4"
    example = "fire C4"
    tools = (Tool("fire", "Fire at one cell; the answer is miss, hit, or hit and sunk.", "fire {cell}",
                  (Param("cell", "string", "the cell as column letter and row number, e.g. C4"),)),)
    unit = ("shot", "shots")
    lowercase = True
    invalid_hint = "write fire and a cell, e.g. fire C4"

    def build(self, rng, params):
        size, lengths = params["size"], FLEETS[params["n_ships"]]
        ships = place_fleet(rng, size, size, lengths)
        if ships is None:
            raise ValueError(f"knob 'n_ships': {len(lengths)} ships (lengths {list(lengths)}) do not fit "
                             f"without touching on a {size}x{size} grid")
        ship_cells = {cell for ship in ships for cell in ship}
        water = [(r, c) for r in range(size) for c in range(size) if (r, c) not in ship_cells]
        if params["given_misses"] > len(water):
            raise ValueError(f"knob 'given_misses': {params['given_misses']} is more than the {len(water)} empty cells")
        given = sorted(rng.sample(water, params["given_misses"]))
        budget = min(size * size - len(given), shot_bound(size, size, lengths) + params["slack"])
        fleet = ", ".join(map(str, lengths))
        question = (
            f"Battleship. A fleet of {len(lengths)} ships is hidden on a {size}x{size} grid (columns "
            f"A-{cell_name(0, size - 1)[0]}, rows 1-{size}). Ship lengths: {fleet}. Each ship lies "
            f"horizontally or vertically on consecutive cells; ships do not overlap and do not touch, "
            f"not even diagonally.\n\n"
            f"Each turn, fire at one cell, e.g. fire C4. You are told miss, hit, or hit and sunk (a ship "
            f"sinks when all its cells are hit; you are told its length). You win when every ship is "
            f"sunk. You have {budget} shots; firing at a cell again or an invalid action also uses one."
            + (f" {len(given)} cells have already been fired at for free: "
               f"{', '.join(cell_name(*cell) for cell in given)} (all misses)." if given else "")
            + f"\n\nBoard ({UNKNOWN} not fired at, {MISS} miss, {HIT} hit, {SUNK} sunk ship):\n"
            f"{render(size, size, {cell: MISS for cell in given})}")
        check = {"rows": size, "cols": size, "ships": [[list(cell) for cell in ship] for ship in ships],
                 "lengths": list(lengths), "given": [list(cell) for cell in given], "budget": budget}
        answer = "\n".join(f"fire {cell_name(r, c)}" for ship in ships for r, c in ship)
        return self.draft(question, answer, check)  # every fleet has 3 cells or more: one shot never wins

    def effort(self, problem):
        # the shots the reference policy needs at most: a hunt over the lattice cells not already
        # fired at, and per ship its other cells plus the misses that find its direction and end
        c = problem.check
        given = {tuple(cell) for cell in c["given"]}
        hunt = [cell for cell in lattice(c["rows"], c["cols"], min(c["lengths"])) if cell not in given]
        return len(hunt) + sum(n + 3 for n in c["lengths"])

    def start(self, problem):
        return {"fired": [list(cell) for cell in problem.check["given"]], "sunk": []}

    def afloat(self, problem, state) -> list[int]:
        ships = problem.check["ships"]
        return sorted((len(s) for i, s in enumerate(ships) if i not in state["sunk"]), reverse=True)

    def act(self, problem, state, text):
        c = problem.check
        rows, cols, ships = c["rows"], c["cols"], c["ships"]
        cell, why = parse_cell(strip_prefix(text, "fire at", "fire", "shoot", "attack", "shot"), rows, cols)
        fired = {tuple(x) for x in state["fired"]}
        if cell is None:
            obs = f"Invalid action: {why}."
        elif cell in fired:
            obs = f"You already fired at {cell_name(*cell)}: shot wasted."
        else:
            state["fired"].append(list(cell))
            fired.add(cell)
            hit = next((i for i, ship in enumerate(ships) if list(cell) in ship), None)
            name = cell_name(*cell)
            if hit is None:
                obs = f"{name}: miss."
            elif all(tuple(x) in fired for x in ships[hit]):
                state["sunk"].append(hit)
                obs = f"{name}: hit and sunk! You sank a ship of length {len(ships[hit])}."
                if len(state["sunk"]) == len(ships):
                    return f"{obs} All ships sunk.", WIN
            else:
                obs = f"{name}: hit."
        return f"{obs} Ships afloat: lengths {', '.join(map(str, self.afloat(problem, state)))}.", None

    def view(self, problem, state):
        c = problem.check
        fired = {tuple(x) for x in state["fired"]}
        return render(c["rows"], c["cols"], view(c["rows"], c["cols"], fired, c["ships"], state["sunk"]))

    def unsolved(self, problem, state):
        return f"{plural(len(self.afloat(problem, state)), 'ship')} still afloat."

    def plan(self, problem, state):
        c = problem.check
        rows, cols, ships = c["rows"], c["cols"], c["ships"]
        fired = {tuple(x) for x in state["fired"]}
        known = view(rows, cols, fired, ships, state["sunk"])
        afloat = [len(s) for i, s in enumerate(ships) if i not in state["sunk"]]
        r, col = choose_shot(rows, cols, known, afloat, min(c["lengths"]))
        return f"fire {cell_name(r, col)}"
