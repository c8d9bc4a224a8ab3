"""Numberlink (Flow): join each pair of equal letters by a path through side-adjacent cells,
paths never share a cell, every cell is used, and no path touches itself. Each puzzle has
exactly one solution, proved by a solver that counts fillings up to two."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._boards import read_char_grid

ATTEMPTS = 300


class Grid:
    def __init__(self, h: int, w: int):
        self.h, self.w = h, w
        self.nbrs = []
        for i in range(h * w):
            r, c = divmod(i, w)
            self.nbrs.append([rr * w + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                              if 0 <= rr < h and 0 <= cc < w])
        self.nmask = [sum(1 << j for j in js) for js in self.nbrs]

    def flood(self, start: int, free: int) -> int:
        """Cells of `free` reachable from the cell bits `start` (start cells included)."""
        reach, frontier = start, start
        while frontier:
            grow = 0
            m = frontier
            while m:
                low = m & -m
                m ^= low
                grow |= self.nmask[low.bit_length() - 1]
            frontier = grow & free & ~reach
            reach |= frontier
        return reach


def count_solutions(grid: Grid, pairs: list[tuple[int, int]], limit: int = 2, out: list | None = None) -> int:
    """How many fillings join every pair (up to `limit`); the first ones found (a colour per
    cell, 1-based) are appended to `out`.

    Each colour's path grows from its first end. A step onto an empty cell is allowed only if
    the cell touches no other cell of that colour but the head (and the far end); a head next
    to its far end must finish there. After each step: every empty cell needs two neighbours
    that are empty or an unfinished path's head or far end; every unfinished head must still
    reach its far end through empty cells; and every pocket of empty cells must be reachable
    by some unfinished colour, head and far end both touching it. It branches on the colour
    with the fewest moves, so each filling is counted once.
    """
    n = grid.h * grid.w
    nbrs, nmask = grid.nbrs, grid.nmask
    k = len(pairs)
    colour = [0] * n
    for x, (a, b) in enumerate(pairs, 1):
        colour[a] = colour[b] = x
    empty0 = sum(1 << i for i in range(n) if not colour[i])
    ends = [b for _, b in pairs]

    def moves(x, head, empty):
        """Legal next cells for colour x+1 from head."""
        target = ends[x]
        if nmask[head] >> target & 1:
            return [target]
        out_moves = []
        m = nmask[head] & empty
        while m:
            low = m & -m
            m ^= low
            cell = low.bit_length() - 1
            ok = True
            for j in nbrs[cell]:
                if j != head and j != target and colour[j] == x + 1:
                    ok = False
                    break
            if ok:
                out_moves.append(cell)
        return out_moves

    def feasible(heads, done, empty):
        # every empty cell needs two usable neighbours
        usable = empty
        for x in range(k):
            if not done[x]:
                usable |= 1 << heads[x] | 1 << ends[x]
        m = empty
        while m:
            low = m & -m
            m ^= low
            if (nmask[low.bit_length() - 1] & usable).bit_count() < 2:
                return False
        # every unfinished head reaches its far end; every pocket is served by some colour
        served = 0
        for x in range(k):
            if done[x]:
                continue
            region = grid.flood(nmask[heads[x]] & empty, empty)
            if not nmask[ends[x]] & region and not nmask[heads[x]] >> ends[x] & 1:
                return False
            reach_end = grid.flood(nmask[ends[x]] & empty, empty)
            served |= region & reach_end
        return not empty & ~served

    def search(heads, done, empty, need):
        if all(done):
            if empty:
                return 0
            if out is not None:
                out.append(colour[:])
            return 1
        best, best_moves = -1, None
        for x in range(k):
            if not done[x]:
                ms = moves(x, heads[x], empty)
                if not ms:
                    return 0
                if best_moves is None or len(ms) < len(best_moves):
                    best, best_moves = x, ms
                    if len(ms) == 1:
                        break
        found = 0
        for cell in best_moves:
            if cell == ends[best]:
                done2 = done[:]
                done2[best] = True
                if feasible(heads, done2, empty):
                    found += search(heads, done2, empty, need - found)
            else:
                colour[cell] = best + 1
                heads2 = heads[:]
                heads2[best] = cell
                empty2 = empty & ~(1 << cell)
                if feasible(heads2, done, empty2):
                    found += search(heads2, done, empty2, need - found)
                colour[cell] = 0
            if found >= need:
                break
        return found

    heads = [a for a, _ in pairs]
    done = [False] * k
    if not feasible(heads, done, empty0):
        return 0
    return search(heads, done, empty0, limit)


def random_paths(rng, grid: Grid, k: int) -> list[list[int]] | None:
    """k paths covering the grid, none touching itself, or None: starting from every cell as a
    path of its own, two paths whose ends touch are joined at random (short paths preferred)
    whenever the joined path does not touch itself, until k paths are left; every path must end
    with three or more cells (two letters side by side would be no puzzle)."""
    n = grid.h * grid.w
    paths: dict[int, list[int]] = {i: [i] for i in range(n)}  # path id -> cells in order
    owner = list(range(n))
    fails = 0
    while len(paths) > k and fails < 40 * n:
        ids = list(paths)
        p = min((ids[rng.randrange(len(ids))] for _ in range(3)), key=lambda i: len(paths[i]))  # a short one
        path = paths[p]
        end_index = rng.choice((0, -1))
        e = path[end_index]
        options = [f for f in grid.nbrs[e] if owner[f] != p and f in (paths[owner[f]][0], paths[owner[f]][-1])]
        if not options:
            fails += 1
            continue
        f = rng.choice(options)
        q = owner[f]
        other = paths[q]
        small, big = (path, q) if len(path) <= len(other) else (other, p)
        touches = sum(1 for x in small for y in grid.nbrs[x] if owner[y] == big)
        if touches != 1:  # only the joint e-f may touch
            fails += 1
            continue
        first = path if end_index == -1 else path[::-1]
        second = other if other[0] == f else other[::-1]
        merged = first + second
        del paths[q]
        paths[p] = merged
        for x in second:
            owner[x] = p
    result = list(paths.values())
    if len(result) != k or any(len(x) < 3 for x in result):
        return None
    return result


def paths_problem(rows: list[str], c: dict) -> str | None:
    """Why an answer grid (rows of pair letters) is not the solution of the puzzle in the check
    `c`, or None when it is."""
    h, w = c["rows"], c["cols"]
    pairs = [tuple(p) for p in c["pairs"]]
    names = node_labels(len(pairs))
    cells = "".join(rows)
    grid = Grid(h, w)
    for x, (a, b) in enumerate(pairs):
        name = names[x]
        for end in (a, b):
            if cells[end] != name:
                return (f"The cell at row {end // w + 1}, column {end % w + 1} is an end of {name}: "
                        f"keep {name}.")
        mine = [i for i in range(h * w) if cells[i] == name]
        for i in mine:
            same = sum(1 for j in grid.nbrs[i] if cells[j] == name)
            want = 1 if i in (a, b) else 2
            if same != want:
                where = f"row {i // w + 1}, column {i % w + 1}"
                if i in (a, b):
                    return (f"The end of {name} at {where} must touch exactly one other {name} cell, "
                            f"not {same}.")
                return (f"The {name} cell at {where} touches {same} other {name} cells; a path cell "
                        f"touches exactly two (no branches, no dead ends, no touching itself).")
        seen, stack = {a}, [a]
        while stack:
            i = stack.pop()
            for j in grid.nbrs[i]:
                if cells[j] == name and j not in seen:
                    seen.add(j)
                    stack.append(j)
        if len(seen) != len(mine):
            return f"The {name} cells do not form one path: some are not connected to its ends."
    return None


@register
class Numberlink(Task):
    """Numberlink (also sold as Flow): each letter appears in exactly two cells; join every pair
    by a path of side-adjacent cells. Paths never cross or share a cell, every cell of the grid
    is on some path, and no path touches itself (apart from consecutive cells, no two cells of
    a path are side by side). The answer is the grid filled with letters. The puzzle has
    exactly one solution, proved by a counting solver; the verifier checks the rules.

    Levels grow the grid (4x4 to 9x9) and the number of pairs, so paths are longer and wind
    around each other, and more of them compete for the same cells.

    Building a cover of k paths that never touch themselves takes random joins (and often a
    fresh start), and each cover is checked by the counting solver: about 180 problems/s at
    level 5, falling to about 55/s at level 8, 35/s at level 9 and 11/s at level 10 (9x9, 14
    pairs), not thousands.
    """

    name = "puzzles/numberlink"
    knobs = (
        Knob("rows", [4, 4, 5, 5, 6, 6, 7, 7, 8, 9], (3, 12), doc="grid rows"),
        Knob("cols", [4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (3, 12), doc="grid columns"),
        Knob("pairs", [4, 5, 6, 7, 8, 9, 10, 11, 12, 14], (1, 26),
             doc="letter pairs to join (a grid of n cells needs roughly n/6 or more: paths may not touch themselves)"),
    )
    cap_reason = ("random path covers of grids past 9x9 are seldom unique, so the search for one already takes "
                  "half a second to two seconds per problem at 9x10 and 10x10 (level 10 makes about 10/s)")
    answer_format = ("the grid with every cell filled by the letter of the path through it, one row per line "
                     "(rows may also be separated by commas)")
    example = "AAB,AAB,CCB"  # the A path fills a 2x2 block, so it touches itself: never an answer

    def build(self, rng, params):
        h, w, k = params["rows"], params["cols"], params["pairs"]
        if 2 * k > h * w:
            raise ValueError(f"knob 'pairs': {k} pairs do not fit a {h}x{w} grid")
        grid = Grid(h, w)
        for _ in range(ATTEMPTS):
            paths = random_paths(rng, grid, k)
            if paths is None:
                continue
            paths.sort(key=lambda p: min(p[0], p[-1]))  # letters in reading order of first ends
            pairs = [(min(p[0], p[-1]), max(p[0], p[-1])) for p in paths]
            found: list[list[int]] = []
            if count_solutions(grid, pairs, 2, found) == 1:
                break
        else:
            raise ValueError(f"no puzzle with a unique solution found for these knobs {params}")
        names = node_labels(k)
        ends = {cell: names[x] for x, pair in enumerate(pairs) for cell in pair}
        puzzle = "\n".join(" ".join(ends.get(r * w + c, ".") for c in range(w)) for r in range(h))
        answer = "\n".join("".join(names[found[0][r * w + c] - 1] for c in range(w)) for r in range(h))
        question = (f"Solve this Numberlink puzzle on a {h}x{w} grid. Each letter appears in exactly two cells; "
                    f"'.' is an empty cell.\n\n{puzzle}\n\n"
                    f"Join the two cells of each letter by a path that steps between side-adjacent cells (up, "
                    f"down, left, right). Rules: paths never cross or share a cell; every cell of the grid belongs "
                    f"to exactly one path; and no path touches itself: two cells of the same path may be side by "
                    f"side only if they are consecutive on it. The puzzle has exactly one solution.")
        check = {"rows": h, "cols": w, "pairs": [list(p) for p in pairs]}
        return Draft(question, answer, check)

    def effort(self, problem):
        # the cells to deduce: every cell that is not a path's end is given to one path
        c = problem.check
        return c["rows"] * c["cols"] - 2 * len(c["pairs"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            rows = read_char_grid(answer, c["rows"], c["cols"], "".join(node_labels(len(c["pairs"]))))
        except ParseError as exc:
            return refused(exc)
        why = paths_problem(rows, c)
        return wrong(why) if why else right()
