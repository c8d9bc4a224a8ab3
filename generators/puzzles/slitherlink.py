"""Slitherlink: draw one closed loop along the grid lines so that each numbered cell has that
many of its four sides on the loop. Each puzzle has exactly one solution, proved by an
edge-based solver that counts solutions up to two."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

ATTEMPTS = 100


class Lattice:
    """The edges of an h x w grid of cells. Horizontal edge (r, c), between corners (r, c) and
    (r, c+1), is index r * w + c; vertical edge (r, c), between corners (r, c) and (r+1, c),
    is (h + 1) * w + r * (w + 1) + c. Corner (r, c) is r * (w + 1) + c."""

    def __init__(self, h: int, w: int):
        self.h, self.w = h, w
        self.n_edges = (h + 1) * w + h * (w + 1)
        self.n_corners = (h + 1) * (w + 1)
        self.ends = []
        for r in range(h + 1):
            for c in range(w):
                self.ends.append((r * (w + 1) + c, r * (w + 1) + c + 1))
        for r in range(h):
            for c in range(w + 1):
                self.ends.append((r * (w + 1) + c, (r + 1) * (w + 1) + c))
        self.corner_edges = [[] for _ in range(self.n_corners)]
        for e, (a, b) in enumerate(self.ends):
            self.corner_edges[a].append(e)
            self.corner_edges[b].append(e)
        self.cell_edges = [[self.hor(r, c), self.hor(r + 1, c), self.ver(r, c), self.ver(r, c + 1)]
                           for r in range(h) for c in range(w)]
        self.edge_cells = [[] for _ in range(self.n_edges)]
        for cell, edges in enumerate(self.cell_edges):
            for e in edges:
                self.edge_cells[e].append(cell)

    def hor(self, r: int, c: int) -> int:
        return r * self.w + c

    def ver(self, r: int, c: int) -> int:
        return (self.h + 1) * self.w + r * (self.w + 1) + c


def count_solutions(lat: Lattice, clues: list[int], limit: int = 2, out: list | None = None) -> int:
    """How many single loops satisfy the clues (-1 = no clue), counting no further than
    `limit`; the first ones found (lists of 0/1 per edge) are appended to `out`.

    Edges are on, off or unknown. Propagation: a clue with all its loop sides found turns
    the rest off, a clue that needs all its open sides turns them on; a corner with two loop
    edges turns the rest off, one with one loop edge and one open edge turns that on, one
    with no loop edge and one open edge turns it off. Path ends know their partner end, so
    an edge that would close a loop is allowed only if the loop takes every drawn edge (then
    all other edges go off). It branches on an open edge at the path end with the fewest
    ways on (on, then off), so every loop is counted once.
    """
    ends, corner_edges, cell_edges, edge_cells = lat.ends, lat.corner_edges, lat.cell_edges, lat.edge_cells
    clued = [(cell, k) for cell, k in enumerate(clues) if k >= 0]
    n_edges, n_corners = lat.n_edges, lat.n_corners

    def solve(st, work, need):
        val, mate, plen, info = st

        def set_edge(e, v):
            """Give edge e the value v; False on a contradiction."""
            return _branch_set(st, e, v, work, ends, n_edges)

        while work:
            e = work.pop()
            for x in ends[e]:  # the two corners
                on = unknown = 0
                for f in corner_edges[x]:
                    if val[f] == 1:
                        on += 1
                    elif val[f] < 0:
                        unknown += 1
                if on > 2 or (on == 1 and unknown == 0):
                    return 0
                if unknown and (on == 2 or (on == 0 and unknown == 1)):
                    for f in corner_edges[x]:
                        if val[f] < 0 and not set_edge(f, 0):
                            return 0
                elif on == 1 and unknown == 1:
                    f = next(f for f in corner_edges[x] if val[f] < 0)
                    if not set_edge(f, 1):
                        return 0
            for cell in edge_cells[e]:
                k = clues[cell]
                if k < 0:
                    continue
                on = unknown = 0
                for f in cell_edges[cell]:
                    if val[f] == 1:
                        on += 1
                    elif val[f] < 0:
                        unknown += 1
                if on > k or on + unknown < k:
                    return 0
                if unknown and (on == k or on + unknown == k):
                    fill = 0 if on == k else 1
                    for f in cell_edges[cell]:
                        if val[f] < 0 and not set_edge(f, fill):
                            return 0
        if info[1]:
            for cell, k in clued:
                if sum(val[f] == 1 for f in cell_edges[cell]) != k:
                    return 0
            if out is not None:
                out.append([max(v, 0) for v in val])
            return 1
        pick, best = -1, 9
        for x in range(n_corners):  # a path end with the fewest ways on
            if mate[x] not in (x, -1):
                options = [f for f in corner_edges[x] if val[f] < 0]
                if len(options) < best:
                    pick, best = options[0], len(options)
                    if best == 2:
                        break
        if pick < 0:
            pick = next((f for f in range(n_edges) if val[f] < 0), -1)
        if pick < 0:
            return 0  # everything decided and no loop drawn
        total = 0
        for choice in (1, 0):
            st2 = [val[:], mate[:], plen[:], info[:]]
            work2: list[int] = []
            if not _branch_set(st2, pick, choice, work2, ends, n_edges):
                continue
            total += solve(st2, work2, need - total)
            if total >= need:
                break
        return total

    start = [[-1] * n_edges, list(range(lat.n_corners)), [0] * lat.n_corners, [0, False]]
    # clues of 0 and 4 decide their sides at once; every other clue is checked when a side changes
    work: list[int] = []
    for cell, k in clued:
        if k in (0, 4):
            for f in cell_edges[cell]:
                if not _branch_set(start, f, 1 if k == 4 else 0, work, ends, n_edges):
                    return 0
    return solve(start, work, limit)


def _branch_set(st, e, v, work, ends, n_edges) -> bool:
    """Set edge e to v in the solver state `st` and queue it on `work`; False on a contradiction.
    An edge that closes a loop is allowed only when the loop takes every drawn edge (then every
    other edge goes off)."""
    val, mate, plen, info = st
    if val[e] >= 0:
        return val[e] == v
    if v:
        a, b = ends[e]
        ea, eb = mate[a], mate[b]
        if ea < 0 or eb < 0:
            return False
        if ea == b:
            if plen[a] != info[0]:
                return False
            val[e] = 1
            info[0] += 1
            info[1] = True
            work.append(e)
            for f in range(n_edges):
                if val[f] < 0:
                    val[f] = 0
                    work.append(f)
            return True
        length = plen[a] + plen[b] + 1
        mate[ea], mate[eb] = eb, ea
        plen[ea] = plen[eb] = length
        if ea != a:
            mate[a] = -1
        if eb != b:
            mate[b] = -1
        info[0] += 1
    val[e] = v
    work.append(e)
    return True


def random_region(rng, h: int, w: int, size: int) -> set[int] | None:
    """A random set of cells, grown one neighbour at a time, whose outline is one simple loop:
    the cells are connected, the rest of the grid reaches the border (no holes) and no two
    cells meet only at a corner."""
    inside = {rng.randrange(h * w)}

    def ok(region):
        for r in range(1, h):
            for c in range(1, w):
                a, b = (r - 1) * w + c - 1 in region, (r - 1) * w + c in region
                cc, d = r * w + c - 1 in region, r * w + c in region
                if a == d and b == cc and a != b:
                    return False
        outside = [i for i in range(h * w) if i not in region]
        seen = {i for i in outside if i // w in (0, h - 1) or i % w in (0, w - 1)}
        stack = list(seen)
        while stack:
            i = stack.pop()
            r, c = divmod(i, w)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * w + cc
                if 0 <= rr < h and 0 <= cc < w and j not in region and j not in seen:
                    seen.add(j)
                    stack.append(j)
        return len(seen) == len(outside)

    tries = 0
    while len(inside) < size and tries < 8 * size:
        tries += 1
        border = sorted({j for i in inside for j in _neighbours(i, h, w)} - inside)
        x = rng.choice(border)
        if ok(inside | {x}):
            inside.add(x)
    return inside if len(inside) >= size else None


def _neighbours(i: int, h: int, w: int):
    r, c = divmod(i, w)
    if r:
        yield i - w
    if r < h - 1:
        yield i + w
    if c:
        yield i - 1
    if c < w - 1:
        yield i + 1


def outline(lat: Lattice, region: set[int]) -> list[int]:
    """0/1 per edge: the edges between a cell of the region and a cell (or the outside) not in it."""
    val = [0] * lat.n_edges
    for cell in region:
        for e in lat.cell_edges[cell]:
            val[e] ^= 1
    return val


def draw(lat: Lattice, edges: list[int], clues: list[int] | None = None) -> list[str]:
    """The answer drawing: corners '+', loop edges '-' and '|', other edges and cells '.'
    (cells show their clue when `clues` is given)."""
    h, w = lat.h, lat.w
    lines = []
    for r in range(h + 1):
        lines.append("+" + "+".join("-" if edges[lat.hor(r, c)] else "." for c in range(w)) + "+")
        if r < h:
            row = []
            for c in range(w + 1):
                row.append("|" if edges[lat.ver(r, c)] else ".")
                if c < w:
                    k = clues[r * w + c] if clues else -1
                    row.append(str(k) if k >= 0 else ".")
            lines.append("".join(row))
    return lines


def read_drawing(text: str, h: int, w: int) -> tuple[list[int] | None, str]:
    """0/1 per edge from an answer drawing, or (None, why it cannot be read)."""
    lines = [line.replace(" ", "").replace("\t", "") for line in text.strip().replace(",", "\n").replace(";", "\n")
             .splitlines()]
    lines = [line for line in lines if line]
    if len(lines) != 2 * h + 1:
        return None, f"The drawing must have {2 * h + 1} lines (corner lines and cell lines), not {len(lines)}."
    lat = Lattice(h, w)
    val = [0] * lat.n_edges
    for i, line in enumerate(lines):
        if len(line) != 2 * w + 1:
            return None, f"Line {i + 1} of the drawing has {len(line)} characters; each must have {2 * w + 1}."
        r = i // 2
        for j, ch in enumerate(line):
            if i % 2 == 0 and j % 2 == 0:
                if ch != "+":
                    return None, f"Line {i + 1} must have + at every corner (odd positions)."
            elif i % 2 == 0:
                if ch not in "-.":
                    return None, f"Line {i + 1}: a horizontal side must be - (on the loop) or . (not), not {ch[:1]!r}."
                val[lat.hor(r, j // 2)] = ch == "-"
            elif j % 2 == 0:
                if ch not in "|.":
                    return None, f"Line {i + 1}: a vertical side must be | (on the loop) or . (not), not {ch[:1]!r}."
                val[lat.ver(r, j // 2)] = ch == "|"
            elif ch not in ".01234":
                return None, f"Line {i + 1}: a cell must be written as its clue digit or ., not {ch[:1]!r}."
    return val, ""


def loop_problem(lat: Lattice, edges: list[int], clues: list[int]) -> str | None:
    """Why the drawn edges are not one loop meeting the clues, or None when they are."""
    degree = [0] * lat.n_corners
    for e, v in enumerate(edges):
        if v:
            for x in lat.ends[e]:
                degree[x] += 1
    for x, d in enumerate(degree):
        if d not in (0, 2):
            r, c = divmod(x, lat.w + 1)
            return f"The corner in corner-row {r + 1}, corner-column {c + 1} has {d} loop sides; a loop needs 0 or 2."
    drawn = [e for e, v in enumerate(edges) if v]
    if not drawn:
        return "No loop is drawn."
    adjacency = [[] for _ in range(lat.n_corners)]
    for e in drawn:
        a, b = lat.ends[e]
        adjacency[a].append(b)
        adjacency[b].append(a)
    start = lat.ends[drawn[0]][0]
    seen, stack = {start}, [start]
    while stack:
        x = stack.pop()
        for y in adjacency[x]:
            if y not in seen:
                seen.add(y)
                stack.append(y)
    if len(seen) != sum(1 for d in degree if d):
        return "The drawing has more than one loop; it must be a single loop."
    for cell, k in enumerate(clues):
        if k >= 0:
            have = sum(edges[e] for e in lat.cell_edges[cell])
            if have != k:
                return f"The {k} in row {cell // lat.w + 1}, column {cell % lat.w + 1} has {have} sides on the loop."
    return None


@register
class Slitherlink(Task):
    """Slitherlink: draw a single closed loop along the grid lines (never crossing or touching
    itself) so that every numbered cell has exactly that many of its four sides on the loop.
    The loop is drawn as an edge grid. The puzzle has exactly one solution, proved by an
    edge-based counting solver; the verifier checks the rules (one loop, every clue), so its
    feedback names what is wrong.

    Levels grow the grid (3x3 to 8x8) and take clues away while the solution stays unique,
    so more of the loop must be found by longer chains of deduction.

    Generation makes one uniqueness search per clue taken away (proving that no second loop
    exists means exhausting the search), so it runs at about 500 problems/s at level 5 and
    falls to about 50/s at level 9 and 25/s at level 10 (8x8), not thousands.
    """

    name = "puzzles/slitherlink"
    cap_reason = ("proving a loop unique means exhausting the edge search once per clue taken away: past 8x8 a "
                  "problem takes from a fifth of a second (8x9) to several seconds (9x9, 10x10)")
    knobs = (
        Knob("rows", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8], (2, 10), doc="grid rows"),
        Knob("cols", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8], (2, 10), doc="grid columns"),
        Knob("keep_percent", [100, 80, 70, 60, 55, 50, 45, 45, 40, 40], (0, 100),
             doc="share of cells that keep their clue (more stay when removing one would allow a second solution)"),
    )
    answer_format = ("the loop drawn as an edge grid, one line per row of the drawing (lines may also be "
                     "separated by commas): corner lines alternate + with - (a side on the loop) or . (a side "
                     "not on it); cell lines alternate | (a side on the loop) or . with each cell's clue digit "
                     "or .")
    example = "+-+.+,|.|..,+-+.+"

    def effort(self, problem):
        # the sides to deduce (each on the loop or not), and the cells whose clue is hidden (-1)
        c = problem.check
        h, w = c["rows"], c["cols"]
        return h * (w + 1) + w * (h + 1) + sum(1 for clue in c["clues"] if clue < 0)

    def build(self, rng, params):
        h, w = params["rows"], params["cols"]
        lat = Lattice(h, w)
        for _ in range(ATTEMPTS):
            region = random_region(rng, h, w, max(1, round(h * w * rng.uniform(0.4, 0.6))))
            if region is None:
                continue
            loop = outline(lat, region)
            clues = [sum(loop[e] for e in lat.cell_edges[cell]) for cell in range(h * w)]
            if count_solutions(lat, clues) == 1:
                break
        else:
            raise ValueError(f"no puzzle with a unique solution found for these knobs {params}")
        keep = round(h * w * params["keep_percent"] / 100)
        order = list(range(h * w))
        rng.shuffle(order)
        given = h * w
        for cell in order:
            if given <= keep:
                break
            k, clues[cell] = clues[cell], -1
            if count_solutions(lat, clues) == 1:
                given -= 1
            else:
                clues[cell] = k
        found: list[list[int]] = []
        count_solutions(lat, clues, 1, found)
        grid = "\n".join(" ".join(str(clues[r * w + c]) if clues[r * w + c] >= 0 else "." for c in range(w))
                         for r in range(h))
        question = (f"Solve this Slitherlink puzzle with {h} rows and {w} columns of cells ('.' is a cell "
                    f"without a number):\n\n{grid}\n\n"
                    f"Draw one closed loop along the sides of the cells. The loop never crosses or touches itself "
                    f"(every corner has 0 or 2 loop sides) and there is only one loop. Each number tells how many of "
                    f"that cell's four sides are on the loop; cells without a number may have any count. The puzzle "
                    f"has exactly one solution.\n\n"
                    f"Write the loop as a drawing of {2 * h + 1} lines of {2 * w + 1} characters. Corner lines "
                    f"(lines 1, 3, 5, ...) are + at every corner with - or . between: - when that side is on the "
                    f"loop, . when not. Cell lines (lines 2, 4, ...) alternate a vertical side (| on the loop, . not) "
                    f"with the cell (its number or .). For example, the loop around both cells of a 1x2 grid "
                    f"is drawn as the three lines +-+-+ then |...| then +-+-+.")
        return Draft(question, "\n".join(draw(lat, found[0], clues)), {"rows": h, "cols": w, "clues": clues})

    def grade(self, answer, problem):
        c = problem.check
        h, w = c["rows"], c["cols"]
        edges, why = read_drawing(answer, h, w)
        if edges is None:
            return wrong(why)
        problem_text = loop_problem(Lattice(h, w), edges, c["clues"])
        return wrong(problem_text) if problem_text else right()
