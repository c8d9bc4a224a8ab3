"""Hashiwokakero (bridges): connect numbered islands with horizontal and vertical bridges so
that every island has as many bridges as its number, bridges never cross, at most two join a
pair, and all islands are connected. Each puzzle has exactly one solution, proved by a
counting solver."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_items, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels

ATTEMPTS = 300
_BRIDGE = re.compile(r"([A-Z])\s*-\s*([A-Z])\s*:\s*([0-9]{1,3})")
_LINE_BREAK = re.compile(r"\s*[,;]?\s*\n\s*")  # one bridge per line: a line break separates like a comma


def sight_edges(islands: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs (i, j), i < j, of islands in the same row or column with no island between."""
    at = {rc: i for i, rc in enumerate(islands)}
    bottom, right_end = max(r for r, _ in islands), max(c for _, c in islands)
    edges = []
    for i, (r, c) in enumerate(islands):
        for dr, dc in ((0, 1), (1, 0)):
            rr, cc = r + dr, c + dc
            while rr <= bottom and cc <= right_end:
                if (rr, cc) in at:
                    edges.append(tuple(sorted((i, at[(rr, cc)]))))
                    break
                rr, cc = rr + dr, cc + dc
    return sorted(edges)


def crossings(islands: list[tuple[int, int]], edges: list[tuple[int, int]]) -> list[list[int]]:
    """For each edge, the indices of the edges it would cross."""
    out = [[] for _ in edges]
    for x, (a, b) in enumerate(edges):
        (r1, c1), (r2, c2) = islands[a], islands[b]
        if r1 != r2:
            continue  # x horizontal, y vertical below
        for y, (p, q) in enumerate(edges):
            (s1, d1), (s2, d2) = islands[p], islands[q]
            if d1 == d2 and min(s1, s2) < r1 < max(s1, s2) and min(c1, c2) < d1 < max(c1, c2):
                out[x].append(y)
                out[y].append(x)
    return out


def count_solutions(islands, numbers, limit: int = 2, out: list | None = None) -> tuple[int, list]:
    """(How many bridge layouts solve the puzzle, up to `limit`; the sight edges). The first
    layouts found (bridge counts per sight edge) are appended to `out`.

    Every sight edge has a range [lo, hi] of bridge counts (0-2). Propagation: an island's
    number bounds each of its edges by what the others can and must give; an edge with a
    bridge forbids the edges crossing it; a group of islands joined by bridges, with no
    bridge left to give and not holding every island, is a dead end; and the edges that may
    still carry bridges must connect all islands. It branches on an open edge of the island
    with the least freedom.
    """
    edges = sight_edges(islands)
    cross = crossings(islands, edges)
    n = len(islands)
    incident = [[] for _ in range(n)]
    for x, (a, b) in enumerate(edges):
        incident[a].append(x)
        incident[b].append(x)

    def connected(use) -> bool:
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        groups = n
        for x, (a, b) in enumerate(edges):
            if use[x]:
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[ra] = rb
                    groups -= 1
        return groups == 1

    def closed_group(lo) -> bool:
        """Whether some group joined by bridges is complete but not everything."""
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for x, (a, b) in enumerate(edges):
            if lo[x]:
                ra, rb = find(a), find(b)
                if ra != rb:
                    parent[ra] = rb
        open_groups = set()
        roots = set()
        for i in range(n):
            root = find(i)
            roots.add(root)
            if sum(lo[x] for x in incident[i]) < numbers[i]:
                open_groups.add(root)
        return len(roots) > 1 and len(open_groups) < len(roots)

    def search(lo, hi, need):
        changed = True
        while changed:
            changed = False
            for i in range(n):
                inc = incident[i]
                s_lo = sum(lo[x] for x in inc)
                s_hi = sum(hi[x] for x in inc)
                k = numbers[i]
                if s_lo > k or s_hi < k:
                    return 0
                for x in inc:
                    new_lo = max(lo[x], k - (s_hi - hi[x]))
                    new_hi = min(hi[x], k - (s_lo - lo[x]))
                    if new_lo > new_hi:
                        return 0
                    if new_lo != lo[x] or new_hi != hi[x]:
                        s_lo += new_lo - lo[x]
                        s_hi += new_hi - hi[x]
                        lo[x], hi[x] = new_lo, new_hi
                        changed = True
                        if new_lo:
                            for y in cross[x]:
                                if lo[y]:
                                    return 0
                                hi[y] = 0
        if closed_group(lo) or not connected(hi):
            return 0
        pick, slack = -1, 99
        for i in range(n):
            open_edges = [x for x in incident[i] if lo[x] < hi[x]]
            if open_edges:
                room = sum(hi[x] - lo[x] for x in open_edges)
                if room < slack:
                    pick, slack = open_edges[0], room
        if pick < 0:
            if out is not None:
                out.append(lo[:])
            return 1
        total = 0
        for v in range(hi[pick], lo[pick] - 1, -1):
            lo2, hi2 = lo[:], hi[:]
            lo2[pick] = hi2[pick] = v
            if v:
                if any(lo2[y] for y in cross[pick]):
                    continue
                for y in cross[pick]:
                    hi2[y] = 0
            total += search(lo2, hi2, need - total)
            if total >= need:
                break
        return total

    lo = [0] * len(edges)
    hi = [min(2, numbers[a], numbers[b]) for a, b in edges]
    return search(lo, hi, limit), edges


def make_puzzle(rng, h: int, w: int, n_islands: int, double_percent: int, extra_percent: int):
    """Islands and their bridges, grown from one island: each new island is placed along a
    free line from an existing one (at least one empty cell between, never next to another
    island, never on a bridge) and joined to it; then some islands in sight of each other get
    extra bridges, which makes loops. Returns (islands, bridges {(i, j): count}) or None."""
    grid = {}  # (r, c) -> "island" or "bridge"
    first = (rng.randrange(h), rng.randrange(w))
    islands = [first]
    grid[first] = "island"
    bridges = {}

    def lonely(r, c):
        return all(grid.get((r + dr, c + dc)) != "island" for dr, dc in ((0, 1), (0, -1), (1, 0), (-1, 0)))

    tries = 0
    while len(islands) < n_islands and tries < 60 * n_islands:
        tries += 1
        i = rng.randrange(len(islands))
        r, c = islands[i]
        dr, dc = rng.choice(((0, 1), (0, -1), (1, 0), (-1, 0)))
        run = []
        rr, cc = r + dr, c + dc
        while 0 <= rr < h and 0 <= cc < w and (rr, cc) not in grid:
            run.append((rr, cc))
            rr, cc = rr + dr, cc + dc
        spots = [k for k in range(1, len(run)) if lonely(*run[k])]
        if not spots:
            continue
        k = rng.choice(spots)
        new = run[k]
        for cell in run[:k]:
            grid[cell] = "bridge"
        grid[new] = "island"
        islands.append(new)
        bridges[(i, len(islands) - 1)] = 2 if rng.randrange(100) < double_percent else 1
    if len(islands) < n_islands:
        return None
    order = sorted(range(n_islands), key=lambda i: islands[i])  # letters in reading order
    rank = {old: new for new, old in enumerate(order)}
    islands = [islands[i] for i in order]
    bridges = {tuple(sorted((rank[a], rank[b]))): v for (a, b), v in bridges.items()}
    used = set(bridges)
    edges = sight_edges(islands)
    cross = crossings(islands, edges)
    index = {e: x for x, e in enumerate(edges)}
    for e in edges:  # extra bridges between islands already in sight: loops
        if e in used or rng.randrange(100) >= extra_percent:
            continue
        if any(edges[y] in used for y in cross[index[e]]):
            continue
        used.add(e)
        bridges[e] = 2 if rng.randrange(100) < double_percent else 1
    return islands, bridges


@register
class Hashi(Task):
    """Hashiwokakero (bridges): join numbered islands with straight horizontal or vertical
    bridges. Each island has exactly as many bridge ends as its number; a pair of islands is
    joined by at most two bridges; bridges run between islands in the same row or column with
    nothing between them and never cross each other; every island is connected to every
    other through bridges. The puzzle has exactly one solution, proved by a counting solver;
    the verifier checks every rule, so its feedback names the one broken.

    Levels grow the grid and the number of islands, use more double bridges, and add loops
    (extra bridges between islands in sight of each other), so more candidate bridges
    compete and the search is deeper.

    Random layouts are not always unique, so each problem may try several layouts and run
    the counting solver on each; still about 1,700 problems/s at level 5 and 450/s at level 10.
    """

    name = "puzzles/hashi"
    knobs = (
        Knob("rows", [5, 5, 6, 7, 7, 8, 9, 9, 10, 11, 11, 12, 12, 13], (3, 20), doc="grid rows"),
        Knob("cols", [5, 5, 6, 7, 7, 8, 9, 9, 10, 11, 11, 12, 12, 13], (3, 20), doc="grid columns"),
        Knob("islands", [4, 5, 6, 8, 10, 12, 14, 16, 19, 22, 23, 24, 25, 26], (2, 26), doc="number of islands"),
        Knob("double_percent", [20, 30, 30, 35, 35, 40, 40, 40, 45, 45, 45, 50, 50, 50], (0, 100),
             doc="chance that a bridge of the hidden solution is doubled"),
        Knob("extra_percent", [0, 0, 10, 15, 20, 25, 30, 35, 40, 45, 45, 50, 55, 60], (0, 100),
             doc="chance of an extra bridge between islands already in sight of each other (makes loops)"),
    )
    cap_reason = "islands are named by single capital letters A-Z, and level 14 has all 26"
    answer_format = ("the bridges as a comma-separated list, each as two island letters and the number of "
                     "bridges between them (1 or 2), like A-B:2; list each joined pair once")
    example = "A-C:1, B-D:2"

    def build(self, rng, params):
        h, w, k = params["rows"], params["cols"], params["islands"]
        if k > h * w // 2:
            raise ValueError(f"knob 'islands': {k} islands do not fit a {h}x{w} grid")
        for _ in range(ATTEMPTS):
            made = make_puzzle(rng, h, w, k, params["double_percent"], params["extra_percent"])
            if made is None:
                continue
            islands, bridges = made
            numbers = [0] * k
            for (a, b), v in bridges.items():
                numbers[a] += v
                numbers[b] += v
            found: list[list[int]] = []
            count, edges = count_solutions(islands, numbers, 2, found)
            if count == 1:
                break
        else:
            raise ValueError(f"no puzzle with a unique solution found for these knobs {params}")
        names = node_labels(k)
        cells = [["." for _ in range(w)] for _ in range(h)]
        letters = [["." for _ in range(w)] for _ in range(h)]
        for i, (r, c) in enumerate(islands):
            cells[r][c] = str(numbers[i])
            letters[r][c] = names[i]
        answer = ", ".join(f"{names[a]}-{names[b]}:{v}" for (a, b), v in zip(edges, found[0]) if v)
        question = (f"Solve this bridges (Hashiwokakero) puzzle on a {h}x{w} grid. Each digit is an island "
                    f"that needs that many bridges; '.' is water.\n\n"
                    + "\n".join(" ".join(row) for row in cells)
                    + "\n\nThe islands are named by letters in reading order (left to right, top to bottom):\n\n"
                    + "\n".join(" ".join(row) for row in letters)
                    + "\n\nRules: bridges run straight along a row or a column between two islands with only water "
                      "between them; they never cross other bridges or islands; two islands are joined by at most "
                      "two bridges; each island has exactly as many bridges as its number (a double bridge counts "
                      "two); and all islands must be connected into one group. The puzzle has exactly one "
                      "solution.")
        return Draft(question, answer, {"rows": h, "cols": w, "islands": [list(rc) for rc in islands],
                                        "numbers": numbers})

    def effort(self, problem):
        # the candidate bridges (islands in sight of each other) the solver sets to 0, 1 or 2
        return len(sight_edges([tuple(rc) for rc in problem.check["islands"]]))

    def grade(self, answer, problem):
        c = problem.check
        islands = [tuple(rc) for rc in c["islands"]]
        numbers = c["numbers"]
        n = len(islands)
        names = node_labels(n)
        try:
            items = read_items(_LINE_BREAK.sub(",", answer.upper()), separators=",;")
        except ParseError as exc:
            return refused(exc)
        if len(items) > 4 * n:
            return wrong("The list has more pairs than the puzzle can have.")
        edges = sight_edges(islands)
        index = {e: x for x, e in enumerate(edges)}
        cross = crossings(islands, edges)
        count = [0] * len(edges)
        for item in items:
            m = _BRIDGE.fullmatch(item)
            if not m:
                shown = item[:20] if item.isascii() and item.isprintable() else "an entry"
                return wrong(f"{shown!r} is not written like A-B:2.")
            a, b, k = m.group(1), m.group(2), int(m.group(3))
            if a not in names[:n] or b not in names[:n]:
                return wrong(f"There is no island {a if a not in names[:n] else b}.")
            i, j = sorted((names.index(a), names.index(b)))
            if i == j:
                return wrong(f"A bridge must join two different islands, not {a} and itself.")
            if k not in (1, 2):
                return wrong(f"{a}-{b} has {k} bridges; a pair may have 1 or 2.")
            if (i, j) not in index:
                return wrong(f"{a} and {b} are not in the same row or column with only water between them.")
            x = index[(i, j)]
            if count[x]:
                return wrong(f"The pair {a}-{b} is listed twice; give each pair once with its total.")
            count[x] = k
        for x, ys in enumerate(cross):
            for y in ys:
                if count[x] and count[y]:
                    (a, b), (p, q) = edges[x], edges[y]
                    return wrong(f"The bridges {names[a]}-{names[b]} and {names[p]}-{names[q]} cross.")
        for i in range(n):
            have = sum(count[x] for x, e in enumerate(edges) if i in e)
            if have != numbers[i]:
                return wrong(f"Island {names[i]} needs {numbers[i]} bridges but has {have}.")
        seen, stack = {0}, [0]
        while stack:
            i = stack.pop()
            for x, (a, b) in enumerate(edges):
                if count[x] and i in (a, b):
                    j = b if i == a else a
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
        if len(seen) != n:
            return wrong("The islands are not all connected into one group.")
        return right()
