"""Battleship solitaire: find where a known fleet lies from the number of ship cells in each
row and column (and a few revealed cells). Each puzzle has exactly one solution, proved by a
solver that counts fleet placements up to two."""
from __future__ import annotations

from collections import Counter
from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import read_char_grid

FLEETS = ("2,1", "3,1,1", "3,2,1,1", "3,2,2,1,1", "4,3,2,1,1", "4,3,2,2,1,1", "4,3,3,2,2,1,1",
          "4,3,3,2,2,2,1,1", "4,3,3,2,2,2,1,1,1", "4,3,3,2,2,2,1,1,1,1")
ATTEMPTS = 100
NODE_BUDGET = 4_000  # search nodes for one layout's uniqueness proofs before a fresh layout
CELLS = "#.~"  # the characters of an answer grid ('~' as copied from the puzzle reads as water)


class _OutOfBudget(Exception):
    pass


@lru_cache(maxsize=None)
def placements(n: int, length: int) -> list[tuple[int, int, tuple[int, ...], tuple[int, ...]]]:
    """Every way to put a ship of `length` on an n x n grid: (cells mask, mask of the cells
    around it (the ship included, diagonals too), rows used, columns used)."""
    out = []
    for r in range(n):
        for c in range(n):
            for dr, dc in ((0, 1), (1, 0)) if length > 1 else ((0, 1),):
                cells = [(r + dr * k, c + dc * k) for k in range(length)]
                if any(rr >= n or cc >= n for rr, cc in cells):
                    continue
                mask = sum(1 << (rr * n + cc) for rr, cc in cells)
                halo = 0
                for rr, cc in cells:
                    for ar in (-1, 0, 1):
                        for ac in (-1, 0, 1):
                            if 0 <= rr + ar < n and 0 <= cc + ac < n:
                                halo |= 1 << ((rr + ar) * n + cc + ac)
                out.append((mask, halo, tuple(rr for rr, _ in cells), tuple(cc for _, cc in cells)))
    return out


@lru_cache(maxsize=None)
def _row_patterns(n: int) -> tuple:
    """Every row pattern (a bitmask of ship cells, bit c = column c) with, per pattern, its
    cell count, its runs of two or more cells (horizontal ships) and its lone cells."""
    out = []
    for p in range(1 << n):
        runs, single, c = [], 0, 0
        while c < n:
            if p >> c & 1:
                start = c
                while c < n and p >> c & 1:
                    c += 1
                if c - start == 1:
                    single |= 1 << start
                else:
                    runs.append(c - start)
            else:
                c += 1
        out.append((p, p.bit_count(), tuple(runs), single))
    return tuple(out)


@lru_cache(maxsize=None)
def _patterns_by_count(n: int) -> tuple:
    """Every row pattern in decreasing order, and per cell count k those with k cells."""
    every = range((1 << n) - 1, -1, -1)
    return every, tuple(tuple(p for p in every if p.bit_count() == k) for k in range(n + 1))


def count_solutions(n: int, fleet: list[int], rows: list[int | None], cols: list[int | None],
                    ship_hints: int, water_hints: int, limit: int = 2, out: list | None = None,
                    dead: set | None = None, budget: list[int] | None = None) -> int:
    """How many ways to place the fleet fit the counts (None = not given) and the revealed
    cells, up to `limit`; the first ones found (ship-cell masks, bit r * n + c) go to `out`.

    A row-by-row search over the set of ship cells. A row's pattern must have the row's
    count, avoid revealed water and columns already full, cover revealed ship cells, and
    never touch the previous row's ships diagonally (which also rules out bent ships). A run
    of two or more cells in a row is a finished horizontal ship; a lone cell starts or extends
    a vertical ship, which is finished when the next row leaves its column empty. Finished
    ships are taken from the fleet as they appear, so a wrong length fails at once. States
    with no completion are remembered (the rest of the search depends only on the row, the
    previous row, the open vertical ships, the column counts left and the fleet left). Each
    set of ship cells is a different pattern sequence, so each solution is counted once.

    `dead` may carry those states over from an earlier call with the same fleet and counts
    and fewer revealed cells: more revealed cells only remove solutions, so dead stays dead.
    `budget` ([nodes left], shared between calls) raises _OutOfBudget when it runs out.
    """
    patterns = _row_patterns(n)
    full = (1 << n) - 1
    lengths = sorted(set(fleet))
    if any(k is not None and k > n for k in rows + cols):
        return 0
    left = Counter(fleet)
    col_left = [99 if k is None else k for k in cols]  # 99: not given, never a limit
    given_cols = [c for c in range(n) if cols[c] is not None]
    water = [water_hints >> (r * n) & full for r in range(n)]
    hints = [ship_hints >> (r * n) & full for r in range(n)]
    shape = [pat[1:] for pat in patterns]  # indexed by the pattern itself
    every_pattern, by_count = _patterns_by_count(n)
    total_cells = sum(fleet)

    long_lengths = [k for k in lengths if k >= 2]
    # per ship length, the room for ships of that length in the rows from r down (rows do not change)
    row_room = {k: [sum((n if rows[x] is None else rows[x]) // k for x in range(r, n)) for r in range(n + 1)]
                for k in long_lengths}

    def longest_left():
        return max((k for k in lengths if left[k] > 0), default=0)

    def search(r, prev_single, vlen, placed, cells, need):
        if budget is not None:
            budget[0] -= 1
            if budget[0] < 0:
                raise _OutOfBudget
        if r == n:
            for c in range(n):
                if vlen[c]:
                    left[vlen[c]] -= 1
            ok = all(v == 0 for v in left.values()) and all(cols[c] is None or col_left[c] == 0 for c in range(n))
            for c in range(n):
                if vlen[c]:
                    left[vlen[c]] += 1
            if ok:
                if out is not None:
                    out.append(placed)
                return 1
            return 0
        key = (r, prev_single, prev_row_long[r], tuple(vlen), tuple(col_left), tuple(left[k] for k in lengths))
        if key in dead:
            return 0
        if any(col_left[c] > n - r for c in given_cols):
            dead.add(key)
            return 0
        # every ship not yet started lies in one remaining row or one column: enough room?
        open_ships = sum(1 for v in vlen if v)  # open vertical ships are among them (at most)
        col_room = [n - r if cols[c] is None else min(col_left[c], n - r) for c in range(n)]
        for length in long_lengths:
            ships = sum(left[k] for k in lengths if k >= length) - open_ships
            room = row_room[length][r] + sum(v // length for v in col_room)
            if ships > room:
                dead.add(key)
                return 0
        allowed = full & ~water[r] & ~(((prev_single << 1) | (prev_single >> 1)) & full)
        long_prev = prev_row_long[r]
        allowed &= ~((long_prev | long_prev << 1 | long_prev >> 1) & full)
        for c in range(n):
            if col_left[c] <= 0:
                allowed &= ~(1 << c)
        want = rows[r]
        hint = hints[r]
        found = 0
        # the row's patterns within `allowed`, in decreasing order (as counting down through
        # the subsets of `allowed` meets them), only those with the row's count when it is given
        for p in (by_count[want] if want is not None else every_pattern):
            if p & ~allowed:
                continue
            k, runs, single = shape[p]
            if not hint & ~p and cells + k <= total_cells:
                ok = True
                used = []
                for length in runs:
                    left[length] -= 1
                    used.append(length)
                    if left[length] < 0:
                        ok = False
                new_vlen = list(vlen)
                if ok:
                    for c in range(n):
                        bit = 1 << c
                        if single & bit:
                            new_vlen[c] = vlen[c] + 1 if prev_single & bit else 1
                        elif vlen[c]:
                            new_vlen[c] = 0
                            left[vlen[c]] -= 1
                            used.append(vlen[c])
                            if left[vlen[c]] < 0:
                                ok = False
                    if ok and max(new_vlen) > longest_left():
                        ok = False
                if ok:
                    for c in range(n):
                        if p >> c & 1:
                            col_left[c] -= 1
                    prev_row_long[r + 1] = p & ~single
                    found += search(r + 1, single, new_vlen, placed | p << (r * n), cells + k, need - found)
                    for c in range(n):
                        if p >> c & 1:
                            col_left[c] += 1
                for length in used:
                    left[length] += 1
                if found >= need:
                    break
        if not found:
            dead.add(key)
        return found

    if dead is None:
        dead = set()  # search states with no completion
    prev_row_long = [0] * (n + 1)  # per row: the previous row's cells in horizontal ships
    return search(0, 0, [0] * n, 0, 0, limit)


def random_fleet(rng, n: int, fleet: list[int]) -> int | None:
    """A random placement of the fleet with no two ships touching, as a ship-cell mask."""
    blocked = ships = 0
    for length in sorted(fleet, reverse=True):
        opts = [(m, h) for m, h, _, _ in placements(n, length) if not m & blocked]
        if not opts:
            return None
        mask, halo = opts[rng.randrange(len(opts))]
        ships |= mask
        blocked |= halo
    return ships


def ship_problem(n: int, ships: set[int], fleet: list[int]) -> str | None:
    """Why a set of ship cells is not the fleet (straight ships, none touching), or None."""
    part_of, lengths = {}, []
    for i in sorted(ships):
        if i in part_of:
            continue
        part, stack = {i}, [i]
        while stack:
            x = stack.pop()
            r, c = divmod(x, n)
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                y = rr * n + cc
                if 0 <= rr < n and 0 <= cc < n and y in ships and y not in part:
                    part.add(y)
                    stack.append(y)
        if len({x // n for x in part}) > 1 and len({x % n for x in part}) > 1:
            r, c = divmod(i, n)
            return f"The ship at row {r + 1}, column {c + 1} is not straight (ships are 1 cell wide)."
        for x in part:
            part_of[x] = i
        lengths.append(len(part))
    for i in sorted(ships):
        r, c = divmod(i, n)
        for dr, dc in ((1, 1), (1, -1)):
            rr, cc = r + dr, c + dc
            if 0 <= rr < n and 0 <= cc < n and rr * n + cc in ships:
                return f"Ships touch diagonally at row {r + 1}, column {c + 1}."
    if Counter(lengths) != Counter(fleet):
        return (f"The ships have lengths {', '.join(map(str, sorted(lengths, reverse=True)))}, "
                f"but the fleet is {', '.join(map(str, sorted(fleet, reverse=True)))}.")
    return None


def fleet_problem(rows: list[str], c: dict) -> str | None:
    """Why an answer grid (rows of CELLS) is not the solution of the puzzle in the check `c`,
    or None when it is."""
    n = c["size"]
    ships = {r * n + col for r in range(n) for col in range(n) if rows[r][col] == "#"}
    for i in c["ship_hints"]:
        if i not in ships:
            return f"Row {i // n + 1}, column {i % n + 1} is a revealed ship cell."
    for i in c["water_hints"]:
        if i in ships:
            return f"Row {i // n + 1}, column {i % n + 1} is revealed water."
    for r, k in enumerate(c["rows"]):
        have = sum(1 for col in range(n) if r * n + col in ships)
        if k is not None and have != k:
            return f"Row {r + 1} has {have} ship cells, not {k}."
    for col, k in enumerate(c["cols"]):
        have = sum(1 for r in range(n) if r * n + col in ships)
        if k is not None and have != k:
            return f"Column {col + 1} has {have} ship cells, not {k}."
    return ship_problem(n, ships, c["fleet"])


@register
class Battleship(Task):
    """Battleship solitaire: a known fleet of straight ships hides in a square grid; the number
    of ship cells in each row and column is given, plus a few revealed cells (ship or water).
    Ships never touch, not even diagonally. Mark every ship cell. The puzzle has exactly one
    solution: revealed cells are added, one at a time where a second solution differs, until
    the counting solver finds only one. The verifier checks the rules, not the reference.

    Levels grow the grid (4x4 to 9x9) and the fleet, and at levels 7 and 9 hide one row or
    column count, so the fleet must be placed by longer chains of deduction.

    Each problem runs the counting solver once per revealed cell it adds, and proving the
    last layout unique searches every placement: about 650 problems/s at level 5, but 60/s
    at level 7, 35/s at level 8, 15/s at level 9 and 8/s at level 10 (9x9, nine ships), not
    thousands. A layout whose proofs run past a node budget is replaced by a fresh one.
    """

    name = "puzzles/battleship"
    knobs = (
        Knob("size", [4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (3, 12), doc="grid side"),
        Knob("fleet", list(FLEETS[:8]) + [FLEETS[7], FLEETS[8]], choices=FLEETS, doc="ship lengths"),
        Knob("hidden_counts", [0, 0, 0, 0, 0, 0, 1, 0, 1, 0], (0, 10), doc="row or column counts not given"),
    )
    cap_reason = ("the uniqueness proof counts fleet placements row by row (2^n patterns a row): one step past "
                  "level 10 (a tenth ship, a hidden count or a 10x10 grid) already takes about a second per problem")
    answer_format = ("the grid with # for every ship cell and . for water, one row per line (rows may also "
                     "be separated by commas)")
    example = "##.#,#...,...#,.#.."  # the top-left ship cells form an L, which no ship is: never an answer
    keeps_full_stop = True  # a grid row may end in a '.' cell

    def build(self, rng, params):
        n, hidden = params["size"], params["hidden_counts"]
        fleet = [int(x) for x in params["fleet"].split(",")]
        if hidden > 2 * n:
            raise ValueError(f"knob 'hidden_counts': {hidden} is more than the {2 * n} counts of a {n}x{n} grid")
        for _ in range(ATTEMPTS):
            ships = random_fleet(rng, n, fleet)
            if ships is None:
                continue
            rows = [bin(ships >> (r * n) & ((1 << n) - 1)).count("1") for r in range(n)]
            cols = [sum(ships >> (r * n + c) & 1 for r in range(n)) for c in range(n)]
            for x in rng.sample(range(2 * n), hidden):
                if x < n:
                    rows[x] = None
                else:
                    cols[x - n] = None
            ship_hints = water_hints = 0
            dead: set = set()
            budget = [NODE_BUDGET]
            for _ in range(n * n):
                found: list[int] = []
                try:
                    if count_solutions(n, fleet, rows, cols, ship_hints, water_hints, 2, found, dead, budget) == 1:
                        break
                except _OutOfBudget:
                    break
                other = next(s for s in found if s != ships)
                diff = [i for i in range(n * n) if (other ^ ships) >> i & 1]
                x = diff[rng.randrange(len(diff))]
                if ships >> x & 1:
                    ship_hints |= 1 << x
                else:
                    water_hints |= 1 << x
            else:  # pragma: no cover - every revealed cell removes at least one solution
                continue
            if budget[0] < 0:
                continue  # the proof was too costly: a fresh layout
            break
        else:
            raise ValueError(f"no fleet layout found for these knobs {params}: enlarge the grid")
        solution: list[int] = []
        count_solutions(n, fleet, rows, cols, ship_hints, water_hints, 1, solution)
        picture = []
        for r in range(n):
            line = " ".join("#" if ship_hints >> (r * n + c) & 1 else "~" if water_hints >> (r * n + c) & 1 else "."
                            for c in range(n))
            picture.append(f"{line}  {'?' if rows[r] is None else rows[r]}")
        picture.append("")
        picture.append(" ".join("?" if k is None else str(k) for k in cols))
        fleet_text = ", ".join(f"{k} ship{'s' if k > 1 else ''} of {length} cell{'s' if length > 1 else ''}"
                               for length, k in sorted(Counter(fleet).items(), reverse=True))
        question = (f"Solve this Battleship puzzle on a {n}x{n} grid. The fleet is: {fleet_text} "
                    f"({len(fleet)} ships, {sum(fleet)} ship cells). Each ship is a straight line of cells, "
                    f"horizontal or vertical. Ships never touch each other, not even at a corner.\n\n"
                    f"The number at the right of each row, and under each column, is how many of its cells are "
                    f"ship cells ('?' means that count is not given). '#' marks a cell known to be part of a "
                    f"ship, '~' a cell known to be water, '.' an unknown cell.\n\n" + "\n".join(picture)
                    + "\n\nFind every ship cell. The puzzle has exactly one solution.")
        answer = "\n".join("".join("#" if solution[0] >> (r * n + c) & 1 else "." for c in range(n)) for r in range(n))
        check = {"size": n, "fleet": fleet, "rows": rows, "cols": cols,
                 "ship_hints": [i for i in range(n * n) if ship_hints >> i & 1],
                 "water_hints": [i for i in range(n * n) if water_hints >> i & 1]}
        return Draft(question, answer, check)

    def effort(self, problem):
        # the cells to deduce (ship or water), and a line's worth more for each count not given
        # (that line's cells are then deduced from the fleet and the crossing lines alone)
        c = problem.check
        hidden = sum(k is None for k in c["rows"] + c["cols"])
        return c["size"] ** 2 - len(c["ship_hints"]) - len(c["water_hints"]) + c["size"] * hidden

    def grade(self, answer, problem):
        c = problem.check
        try:
            rows = read_char_grid(answer, c["size"], c["size"], CELLS)
        except ParseError as exc:
            return refused(exc)
        why = fleet_problem(rows, c)
        return wrong(why) if why else right()
