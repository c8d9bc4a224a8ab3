"""Tents and trees: pitch one tent beside every tree so that tents never touch and each row
and column holds the given number of tents. Each puzzle has exactly one solution, proved by a
solver that counts tent layouts up to two."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import counts_grid_text, read_char_grid

ATTEMPTS = 400
CELLS = "T^."  # the characters of an answer grid


def _matching(tents: list[int], trees: list[int], w: int) -> dict[int, int] | None:
    """A pairing of every tent with a different orthogonally adjacent tree (tent -> tree), or
    None when there is none (augmenting paths)."""
    tree_set = set(trees)
    options = {t: [x for x in (t - w, t + w, t - 1 if t % w else -1, t + 1 if (t + 1) % w else -1)
                   if x in tree_set] for t in tents}
    owner: dict[int, int] = {}

    def augment(t, seen):
        for x in options[t]:
            if x not in seen:
                seen.add(x)
                if x not in owner or augment(owner[x], seen):
                    owner[x] = t
                    return True
        return False

    for t in tents:
        if not augment(t, set()):
            return None
    return {t: x for x, t in owner.items()}


def count_solutions(h: int, w: int, trees: set[int], rows: list[int], cols: list[int],
                    limit: int = 2, out: list | None = None, stats: dict | None = None) -> int:
    """How many tent layouts fit (up to `limit`); the first ones found (tent-cell lists) go to `out`,
    and with `stats`, stats["nodes"] is set to the number of row patterns the search tried.

    A row-by-row search: a row's tents are a set of the row's free cells next to a tree, of
    the row's count, with no two side by side and none touching the previous row's tents, and
    within what each column still needs; a column whose remaining candidate cells cannot hold
    the tents it still needs ends the branch. A tree whose neighbourhood is fully decided must have
    a tent beside it. At the end, tents and trees must pair off one to one (a matching).
    Each layout is one sequence of row patterns, so each is counted once.
    """
    full = (1 << w) - 1
    near = [0] * h  # per row: the cells (bit c) next to some tree and not a tree
    for t in trees:
        r, c = divmod(t, w)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= rr < h and 0 <= cc < w and rr * w + cc not in trees:
                near[rr] |= 1 << cc
    tree_rows = [[t % w for t in trees if t // w == r] for r in range(h)]
    # room[r][c]: the most tents column c can still take in rows r.. (its candidate cells, no two
    # adjacent: greedy from the top is optimal on a line)
    room = [[0] * w for _ in range(h + 2)]
    for c in range(w):
        for r in range(h - 1, -1, -1):
            room[r][c] = max(room[r + 1][c], (near[r] >> c & 1) + room[r + 2][c])
    beside = [[y for y in (x - w, x + w, x - 1 if x % w else -1, x + 1 if (x + 1) % w else -1) if 0 <= y < h * w]
              for x in range(h * w)]
    col_left = list(cols)
    layout = [0] * h
    n_trees = len(trees)
    nodes = 0
    if stats is not None:
        stats["nodes"] = 0
    if sum(rows) != n_trees or sum(cols) != n_trees:
        return 0

    def patterns(allowed: int, k: int):
        """Subsets of `allowed` with k cells, no two side by side."""
        if k == 0:
            yield 0
            return
        m = allowed
        while m:
            low = m & -m
            m ^= low
            rest = m & ~(low << 1)
            for p in patterns(rest, k - 1):
                yield low | p

    def tree_ok(r: int) -> bool:
        """Every tree in row r has a tent beside it (rows r-1..r+1 are decided)."""
        for c in tree_rows[r]:
            beside = (1 << c - 1 if c else 0) | (1 << c + 1 if c + 1 < w else 0)
            if layout[r] & beside:
                continue
            if r and layout[r - 1] >> c & 1 or r + 1 < h and layout[r + 1] >> c & 1:
                continue
            return False
        return True

    def tree_can_wait(r: int) -> bool:
        """Every tree in row r without a tent above or beside it (rows r-1 and r are decided)
        can still get one below it."""
        p = layout[r]
        for c in tree_rows[r]:
            beside = (1 << c - 1 if c else 0) | (1 << c + 1 if c + 1 < w else 0)
            if p & beside or r and layout[r - 1] >> c & 1:
                continue
            if r + 1 == h or not near[r + 1] >> c & 1 or p >> c & 1 or p & beside or col_left[c] <= 0:
                return False
        return True

    def is_tent(x: int) -> bool:
        return layout[x // w] >> x % w & 1

    def augment(x, owner: dict, partner, seen: set) -> bool:
        """Match x to a partner beside it (tree -> tent or tent -> tree), moving others along."""
        for y in beside[x]:
            if y not in seen and partner(y):
                seen.add(y)
                if y not in owner or augment(owner[y], owner, partner, seen):
                    owner[y] = x
                    return True
        return False

    def search(r: int, need: int, tent_trees: dict, tree_tents: dict) -> int:
        """Rows r.. given rows ..r-1; tent_trees pairs every tent so far with its own tree beside it
        (tree -> tent) and tree_tents every tree above row r-1 with its own tent (tent -> tree):
        both must stay possible, and the two together mean the final one-to-one pairing can
        still exist."""
        if r == h:
            if any(col_left) or (h >= 1 and not tree_ok(h - 1)):
                return 0
            tents = [rr * w + c for rr in range(h) for c in range(w) if layout[rr] >> c & 1]
            if _matching(tents, sorted(trees), w) is None:
                return 0
            if out is not None:
                out.append(tents)
            return 1
        prev = layout[r - 1] if r else 0
        for c in range(w):  # a column must still have room for its tents (no two adjacent)
            if col_left[c] > room[r + (prev >> c & 1)][c]:
                return 0
        allowed = near[r] & ~(prev | prev << 1 | prev >> 1) & full
        for c in range(w):
            if col_left[c] <= 0:
                allowed &= ~(1 << c)
        nonlocal nodes
        found = 0
        for p in patterns(allowed, rows[r]):
            nodes += 1
            layout[r] = p
            if r and not tree_ok(r - 1):
                continue
            for c in range(w):
                if p >> c & 1:
                    col_left[c] -= 1
            if tree_can_wait(r):
                pairs = dict(tent_trees), dict(tree_tents)
                if (all(augment(r * w + c, pairs[0], trees.__contains__, set()) for c in range(w) if p >> c & 1)
                        and all(augment((r - 1) * w + c, pairs[1], is_tent, set()) for c in (tree_rows[r - 1] if r else ()))):
                    found += search(r + 1, need - found, *pairs)
            for c in range(w):
                if p >> c & 1:
                    col_left[c] += 1
            if found >= need:
                break
        layout[r] = 0
        return found

    try:
        return search(0, limit, {}, {})
    finally:
        if stats is not None:
            stats["nodes"] = nodes


def make_puzzle(rng, h: int, w: int, n_tents: int):
    """(trees, tents) placed at random: tents never touch, each tent has its own tree beside it."""
    cells = list(range(h * w))
    rng.shuffle(cells)
    tents: list[int] = []
    taken = set()
    for x in cells:
        if len(tents) == n_tents:
            break
        r, c = divmod(x, w)
        if any((r + dr) * w + c + dc in taken for dr in (-1, 0, 1) for dc in (-1, 0, 1)
               if 0 <= r + dr < h and 0 <= c + dc < w):
            continue
        tents.append(x)
        taken.add(x)
    if len(tents) < n_tents:
        return None
    trees = set()
    for t in tents:
        r, c = divmod(t, w)
        spots = [rr * w + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                 if 0 <= rr < h and 0 <= cc < w and rr * w + cc not in taken and rr * w + cc not in trees]
        if not spots:
            return None
        trees.add(rng.choice(spots))
    return trees, sorted(tents)


def tents_problem(grid: list[str], c: dict) -> str | None:
    """Why an answer grid (rows of T, ^ and .) is not the solution of the puzzle in the check `c`,
    or None when it is."""
    h, w = c["rows"], c["cols"]
    trees = set(c["trees"])
    tents = []
    for i in range(h * w):
        ch = grid[i // w][i % w]
        where = f"row {i // w + 1}, column {i % w + 1}"
        if (ch == "T") != (i in trees):
            return f"The cell at {where} {'holds a tree: keep its T' if i in trees else 'has no tree'}."
        if ch == "^":
            tents.append(i)
    for r, k in enumerate(c["row_counts"]):
        have = sum(1 for t in tents if t // w == r)
        if have != k:
            return f"Row {r + 1} has {have} tents, not {k}."
    for col, k in enumerate(c["col_counts"]):
        have = sum(1 for t in tents if t % w == col)
        if have != k:
            return f"Column {col + 1} has {have} tents, not {k}."
    tent_set = set(tents)
    for t in tents:
        r, col = divmod(t, w)
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            rr, cc = r + dr, col + dc
            if 0 <= rr < h and 0 <= cc < w and rr * w + cc in tent_set:
                return f"The tents at row {r + 1}, column {col + 1} and row {rr + 1}, column {cc + 1} touch."
    if _matching(tents, sorted(trees), w) is None:
        return "The tents and trees cannot be paired off one to one with each tent beside its tree."
    return None


@register
class Tents(Task):
    """Tents and trees: pitch tents on empty cells so that every tree has exactly one tent of
    its own directly beside it (above, below, left or right; tents and trees pair off one to
    one), no two tents touch (not even diagonally), and each row and column has the given
    number of tents. The puzzle has exactly one solution, proved by a counting solver; the
    verifier checks the rules, so its feedback names the one broken.

    Levels grow the grid (4x4 to 12x12 at level 10, 20x20 at level 20) and the share of cells
    holding tents, so more trees compete for the same cells and more deduction is needed.

    Random layouts are not always unique, so each problem may try several and run the
    counting solver on each; still about 2,000 problems/s at level 5, 200/s at level 10, about
    90/s at level 15 and 15-20/s at level 20.
    """

    name = "puzzles/tents"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 6, 7, 8, 9, 10, 12, 12, 13, 13, 14, 15, 16, 17, 18, 19, 20], (3, 24),
             doc="grid rows"),
        Knob("cols", [4, 5, 6, 6, 7, 8, 8, 9, 10, 12, 13, 13, 14, 14, 15, 16, 17, 18, 19, 20], (3, 24),
             doc="grid columns"),
        Knob("tent_percent", [16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 20, 20, 21, 21, 21, 21, 21, 21, 21, 21], (5, 25),
             doc="tents as a share of the cells"),
    )
    answer_format = ("the grid with ^ on every tent, one row per line (rows may also be separated by commas): "
                     "copy each tree as T and write . for the other cells")
    example = "^^..,...T,^.^.,T..."  # the first two tents touch: never an answer
    keeps_full_stop = True  # a grid row may end in a '.' cell

    def build(self, rng, params):
        h, w = params["rows"], params["cols"]
        n_tents = max(1, round(h * w * params["tent_percent"] / 100))
        for _ in range(ATTEMPTS):
            made = make_puzzle(rng, h, w, n_tents)
            if made is None:
                continue
            trees, tents = made
            tent_set = set(tents)
            rows = [sum(1 for c in range(w) if r * w + c in tent_set) for r in range(h)]
            cols = [sum(1 for r in range(h) if r * w + c in tent_set) for c in range(w)]
            found: list[list[int]] = []
            if count_solutions(h, w, trees, rows, cols, 2, found) == 1:
                break
        else:
            raise ValueError(f"no puzzle with a unique solution found for these knobs {params}: "
                             "lower tent_percent")
        solution = set(found[0])
        grid = ["".join("T" if r * w + c in trees else "." for c in range(w)) for r in range(h)]
        answer = "\n".join("".join("T" if r * w + c in trees else "^" if r * w + c in solution else "."
                                   for c in range(w)) for r in range(h))
        question = (f"Solve this Tents puzzle on a {h}x{w} grid. 'T' is a tree and '.' an empty cell; the "
                    f"number at the right of each row, and under each column, is how many tents it holds.\n\n"
                    f"{counts_grid_text(grid, rows, cols)}\n\n"
                    f"Put tents on empty cells so that: each tree has its own tent directly above, below, left or "
                    f"right of it, so trees and tents pair off one to one ({len(trees)} trees, {len(trees)} tents); "
                    f"no two tents touch, not even diagonally; and every row and column holds exactly the given "
                    f"number of tents. The puzzle has exactly one solution.")
        check = {"rows": h, "cols": w, "trees": sorted(trees), "row_counts": rows, "col_counts": cols}
        return Draft(question, answer, check)

    def effort(self, problem):
        # the cells to decide (every empty cell beside a tree may hold a tent) plus the row
        # patterns the counting solver tries to find the layout and prove it the only one
        c = problem.check
        h, w, trees = c["rows"], c["cols"], set(c["trees"])
        candidates = {(r + dr) * w + k + dk for r, k in (divmod(t, w) for t in trees)
                      for dr, dk in ((-1, 0), (1, 0), (0, -1), (0, 1))
                      if 0 <= r + dr < h and 0 <= k + dk < w and (r + dr) * w + k + dk not in trees}
        stats: dict = {}
        count_solutions(h, w, trees, c["row_counts"], c["col_counts"], 2, stats=stats)
        return len(candidates) + stats["nodes"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            grid = read_char_grid(answer, c["rows"], c["cols"], CELLS)
        except ParseError as exc:
            return refused(exc)
        why = tents_problem(grid, c)
        return wrong(why) if why else right()
