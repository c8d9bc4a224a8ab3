"""Finite-domain constraint solvers for the grid puzzles: `TableSolver` (KenKen, Futoshiki,
Skyscrapers, killer sudoku, Kakuro, magic squares) and `LineSolver` (nonograms, Binairo).

`TableSolver` works over cells whose domains are bitmasks (bit v-1 set means the value v is
still possible). It knows two kinds of constraint:

- all-different units (rows, columns, boxes); a unit with as many cells as there are values
  is "exact": every value must appear in it once, which enables hidden singles;
- table constraints: a tuple of cells and the list of value tuples they may take, each tuple
  encoded as one int, the concatenated one-hot bitmasks of its values (cell k at bits
  k*width .. k*width+width-1). The solver keeps, per table, the set of tuples still alive as
  a bitset over the list (a "compact table"): with, per cell of the table and value, the
  bitset of the tuples giving that cell that value (built once per list and cached), a
  filter is a few big-int ANDs and ORs per cell instead of a test per tuple, and a value
  stays in a cell's domain while some alive tuple supports it (generalised arc
  consistency). Tables of thousands of tuples (Skyscrapers lines, Kakuro runs) are filtered
  some 20 times faster than by scanning them.

Propagation runs naked singles, table filtering and hidden singles to a fixpoint (unique, so
the order of work never changes a result), then the search branches on a cell with the
fewest candidates and counts solutions up to a limit.

    solver = TableSolver(n * n, n, latin_units(n))
    solver.count(domains, tables, limit=2)    # 0, 1 or 2 (2 means "at least two")
    solver.solutions(domains, tables, 2)      # up to 2 solutions, each a list of values

Also here: the cage tables (every value tuple meeting a sum, product, difference or quotient
clue) and the line solver with its clue placements.
"""
from __future__ import annotations

from functools import reduce
from operator import or_


# ---------------------------------------------------------------- the table solver

FEW_TUPLES = 16  # a table with at most this many alive tuples projects their union instead


class OutOfBudget(Exception):
    """A search ran past its node budget."""


class TableSolver:
    """Cells 0..n_cells-1 with values 1..width; all-different `units` and table constraints."""

    def __init__(self, n_cells: int, width: int, units=()):
        self.n_cells = n_cells
        self.width = width
        self.full = (1 << width) - 1
        self.units = [tuple(u) for u in units]
        self.exact = [u for u in self.units if len(u) == width]
        peers = [set() for _ in range(n_cells)]
        for u in self.units:
            for c in u:
                peers[c].update(u)
        self.peers = [tuple(sorted(p - {c})) for c, p in enumerate(peers)]
        # per cell, a bitmask of the exact units holding it: hidden singles rescan only units
        # where some domain changed since their last scan
        self.cell_units = [sum(1 << k for k, u in enumerate(self.exact) if c in u) for c in range(n_cells)]

    # -- public
    def count(self, domains, tables=(), limit: int = 2, budget: int = 0, less=()) -> int:
        """Solutions counted up to `limit`; with a `budget`, OutOfBudget after that many
        search nodes (generators then draw a fresh puzzle rather than wait on a hard one).
        `less` holds cell pairs (a, b) with value(a) < value(b), kept bounds-consistent."""
        return self._run(domains, tables, limit, None, None, budget, less)

    def solutions(self, domains, tables=(), limit: int = 2, rng=None, budget: int = 0, less=()) -> list[list[int]]:
        """Up to `limit` solutions as lists of values (branch order drawn from `rng` if given)."""
        out: list[list[int]] = []
        self._run(domains, tables, limit, out, rng, budget, less)
        return out

    def solve(self, domains, tables=(), rng=None, less=()) -> list[int] | None:
        found = self.solutions(domains, tables, 1, rng, less=less)
        return found[0] if found else None

    # -- internals
    def _run(self, domains, tables, limit, out, rng, budget=0, less=()) -> int:
        self._left = budget or -1
        dom = list(domains)
        if len(dom) != self.n_cells:
            raise ValueError("one domain per cell is needed")
        if not all(dom):
            return 0
        tcells = [tuple(cells) for cells, _ in tables]
        tsup = [supports(codes, len(cells), self.width) for cells, codes in tables]
        # per table: (alive tuples, one bit each; the cells' domains when it was last filtered)
        tabs = [((1 << len(codes)) - 1, (self.full,) * len(cells)) for cells, codes in tables]
        cell_tabs = [[] for _ in range(self.n_cells)]
        for t, cells in enumerate(tcells):
            for c in cells:
                cell_tabs[c].append(t)
        cell_less = [[] for _ in range(self.n_cells)]
        for a, b in less:
            cell_less[a].append((a, b))
            cell_less[b].append((a, b))
        # the union of each whole table: its projection while no tuple has died
        tall = [(1 << len(codes)) - 1 for _, codes in tables]
        tunion = [table_union(codes) for _, codes in tables]
        ctx = (tcells, cell_tabs, cell_less, tsup, [codes for _, codes in tables], tall, tunion)
        # the first pass projects every table onto its cells, even when no tuple is filtered out
        if not self._propagate(dom, tabs, ctx, list(range(self.n_cells)), set(range(len(tabs))), True,
                               (1 << len(self.exact)) - 1):
            return 0
        return self._search(dom, tabs, ctx, limit, out, rng)

    def _propagate(self, dom, tabs, ctx, stack, dirty, project=False, touched=0) -> bool:
        tcells, cell_tabs, cell_less, tsup, tcodes, tall, tunion = ctx
        peers, width, full, exact, cell_units = self.peers, self.width, self.full, self.exact, self.cell_units
        while True:
            while stack:
                c = stack.pop()
                touched |= cell_units[c]
                for a, b in cell_less[c]:  # a < b: a below b's largest value, b above a's smallest
                    if a == c:
                        db = dom[b]
                        nb = db & -((dom[a] & -dom[a]) << 1)
                        if nb != db:
                            if not nb:
                                return False
                            dom[b] = nb
                            stack.append(b)
                    else:
                        da = dom[a]
                        na = da & ((1 << (dom[b].bit_length() - 1)) - 1)
                        if na != da:
                            if not na:
                                return False
                            dom[a] = na
                            stack.append(a)
                d = dom[c]
                if not d & (d - 1):  # a singleton: its value leaves every peer
                    for p in peers[c]:
                        pd = dom[p]
                        if pd & d:
                            pd ^= d
                            if not pd:
                                return False
                            dom[p] = pd
                            stack.append(p)
                if cell_tabs[c]:
                    dirty.update(cell_tabs[c])
            if dirty:
                for t in dirty:
                    cells = tcells[t]
                    sup = tsup[t]
                    alive, last = tabs[t]
                    was = alive
                    now = tuple([dom[c] for c in cells])
                    if now == last and not project:
                        continue
                    for k, d in enumerate(now):
                        gone = last[k] & ~d  # domains only shrink: drop the tuples of the lost values
                        if not gone:
                            continue
                        row = sup[k]
                        if gone.bit_count() > d.bit_count():  # fewer ORs the other way round
                            keep = 0
                            while d:
                                b = d & -d
                                d ^= b
                                keep |= row[b.bit_length() - 1]
                            alive &= keep
                        else:
                            while gone:
                                b = gone & -gone
                                gone ^= b
                                alive &= ~row[b.bit_length() - 1]
                    if not alive:
                        return False
                    if alive == was and not project:
                        tabs[t] = (alive, now)
                        continue
                    if alive == tall[t] or alive.bit_count() <= FEW_TUPLES:  # project a union of tuples
                        if alive == tall[t]:
                            union = tunion[t]
                        else:
                            codes = tcodes[t]
                            union, rest = 0, alive
                            while rest:
                                low = rest & -rest
                                rest ^= low
                                union |= codes[low.bit_length() - 1]
                        for k, c in enumerate(cells):
                            nd = (union >> (k * width)) & full
                            if nd != dom[c]:
                                dom[c] = nd
                                stack.append(c)
                    else:  # a value stays while some alive tuple supports it
                        for k, c in enumerate(cells):
                            d = dom[c]
                            if not d & (d - 1):  # a fixed cell: every alive tuple agrees with it
                                continue
                            nd = 0
                            for b, support in sup[k + len(cells)]:
                                if d & b and alive & support:
                                    nd |= b
                            if nd != d:
                                dom[c] = nd
                                stack.append(c)
                    # the tuples are filtered by `now`; cells narrowed just now get their turn
                    # when the stack wakes this table again
                    tabs[t] = (alive, now)
                dirty.clear()
                project = False
                continue
            while touched:  # hidden singles: a value with one place left in a unit goes there
                low = touched & -touched
                touched ^= low
                u = exact[low.bit_length() - 1]
                once = twice = fixed = 0
                for c in u:
                    d = dom[c]
                    if d & (d - 1):
                        twice |= once & d
                        once |= d
                    else:
                        fixed |= d
                if once | fixed != full:
                    return False
                singles = once & ~twice & ~fixed
                while singles:
                    b = singles & -singles
                    singles ^= b
                    for c in u:
                        if dom[c] & b:
                            dom[c] = b
                            stack.append(c)
                            break
            if not stack:
                return True

    def _search(self, dom, tabs, ctx, limit, out, rng) -> int:
        self._left -= 1
        if not self._left:
            raise OutOfBudget
        best, fewest = -1, 99
        for i, d in enumerate(dom):
            if d & (d - 1):
                k = d.bit_count()
                if k < fewest:
                    best, fewest = i, k
                    if k == 2:
                        break
        if best < 0:
            if out is not None:
                out.append([d.bit_length() for d in dom])
            return 1
        d = dom[best]
        bits = []
        while d:
            b = d & -d
            bits.append(b)
            d ^= b
        if rng is not None:
            rng.shuffle(bits)
        total = 0
        for b in bits:
            child = dom[:]
            child[best] = b
            ctabs = tabs[:]
            if self._propagate(child, ctabs, ctx, [best], set()):
                total += self._search(child, ctabs, ctx, limit - total, out, rng)
                if total >= limit:
                    break
        return total


_SUPPORTS: dict[int, tuple] = {}


_UNIONS: dict[int, tuple] = {}


def table_union(codes: list[int]) -> int:
    """The OR of a table's codes: per cell, every value some tuple gives it (cached like
    supports)."""
    entry = _UNIONS.get(id(codes))
    if entry is not None and entry[0] is codes:
        return entry[1]
    if len(_UNIONS) > 20_000:
        _UNIONS.clear()
    union = reduce(or_, codes, 0)
    _UNIONS[id(codes)] = (codes, union)
    return union


def supports(codes: list[int], size: int, width: int) -> list[list[int]]:
    """Per cell k of a table and value index v (value v+1), the bitset of the tuples in
    `codes` (bit j = codes[j]) that give cell k that value; then, at index size + k, the
    (value bit, bitset) pairs of cell k's values that occur. Cached by the list's identity
    (the lists come from the tasks' own caches, so a list is indexed once); the cache keeps
    each list alive, so an identity is never reused while its entry stands."""
    entry = _SUPPORTS.get(id(codes))
    if entry is not None and entry[0] is codes:
        return entry[1]
    if len(_SUPPORTS) > 20_000:
        _SUPPORTS.clear()
    full = (1 << width) - 1
    nbytes = (len(codes) + 7) >> 3
    rows = [[bytearray(nbytes) for _ in range(width)] for _ in range(size)]
    for j, x in enumerate(codes):
        at, bit = j >> 3, 1 << (j & 7)
        for k in range(size):
            rows[k][((x >> (k * width)) & full).bit_length() - 1][at] |= bit
    out = [[int.from_bytes(b, "little") for b in row] for row in rows]
    # then, per cell, (value bit, support) for the values some tuple gives it
    out += [[(1 << v, row[v]) for v in range(width) if row[v]] for row in out]
    _SUPPORTS[id(codes)] = (codes, out)
    return out


def encode(values, width: int) -> int:
    """A tuple of values (1-based) as one int of concatenated one-hot masks."""
    code = 0
    for k, v in enumerate(values):
        code |= 1 << (k * width + v - 1)
    return code


def decode(code: int, size: int, width: int) -> list[int]:
    full = (1 << width) - 1
    return [((code >> (k * width)) & full).bit_length() for k in range(size)]


# ---------------------------------------------------------------- cage tables

_CAGE_CACHE: dict[tuple, list[int]] = {}


def cage_codes(width: int, size: int, op: str, target: int, clash=()) -> list[int]:
    """Every value tuple (values 1..width) of a cage, encoded for TableSolver, that meets the
    cage's clue. `op` is "+", "*", "-" (size 2: larger minus smaller), "/" (size 2: larger
    over smaller), "=" (size 1) or "distinct+" (a sum with all values different, as in killer
    sudoku). `clash` lists the index pairs (a, b) of cells that must differ (same row or column).
    Cached, since repaired puzzles ask for the same cages again."""
    clash = tuple(sorted(clash))
    if op == "distinct+":
        clash = ()
    key = (width, size, op, target, clash)
    found = _CAGE_CACHE.get(key)
    if found is not None:
        return found
    if len(_CAGE_CACHE) > 200_000:
        _CAGE_CACHE.clear()
    if op == "distinct+":
        # every sum of this size at once: one pass over the tuples of distinct values costs
        # what a single target's pruned search costs on the sums kakuro asks for most
        for total, codes in _distinct_sums(width, size).items():
            _CAGE_CACHE[(width, size, op, total, ())] = codes
        return _CAGE_CACHE.setdefault(key, [])
    earlier = [[a for a, b in clash if b == k] for k in range(size)]
    if op == "distinct+":
        earlier = [list(range(k)) for k in range(size)]
    values = range(1, width + 1)
    out: list[int] = []
    if op == "=":
        out = [1 << (target - 1)] if 1 <= target <= width else []
    elif op in ("-", "/"):
        for a in values:
            for b in values:
                if a == b and clash:
                    continue
                big, small = max(a, b), min(a, b)
                if (op == "-" and big - small == target) or (op == "/" and big == target * small):
                    out.append(encode((a, b), width))
    else:
        tup = [0] * size
        additive = op != "*"

        def rec(k, acc):
            left = size - k
            if left == 0:
                if acc == target:
                    out.append(encode(tup, width))
                return
            for v in values:
                if additive:
                    nxt = acc + v
                    if nxt + (left - 1) > target:
                        break
                    if nxt + (left - 1) * width < target:
                        continue
                else:
                    nxt = acc * v
                    if target % nxt:
                        continue
                if any(tup[a] == v for a in earlier[k]):
                    continue
                tup[k] = v
                rec(k + 1, nxt)

        rec(0, 0 if additive else 1)
    _CAGE_CACHE[key] = out
    return out


def _distinct_sums(width: int, size: int) -> dict[int, list[int]]:
    """Encoded tuples of `size` distinct values 1..width, grouped by their sum (a depth-first
    walk carrying the used values as a bitmask and the partial code)."""
    out: dict[int, list[int]] = {}

    def rec(k: int, used: int, code: int, total: int) -> None:
        if k == size:
            out.setdefault(total, []).append(code)
            return
        shift = k * width
        for v in range(width):
            if not used >> v & 1:
                rec(k + 1, used | (1 << v), code | (1 << (shift + v)), total + v + 1)

    rec(0, 0, 0, 0)
    return out


def clashes(cells, cols: int, boxes=None) -> tuple:
    """Index pairs of a cage's cells that share a row or a column (or a box, given `boxes`, a
    function from cell to box id)."""
    out = []
    for a in range(len(cells)):
        for b in range(a + 1, len(cells)):
            ra, ca = divmod(cells[a], cols)
            rb, cb = divmod(cells[b], cols)
            if ra == rb or ca == cb or (boxes is not None and boxes(cells[a]) == boxes(cells[b])):
                out.append((a, b))
    return tuple(out)


# ---------------------------------------------------------------- line solver (nonograms, binairo)

class LineSolver:
    """A grid of black/white (1/0) cells where each row and each column must be one of a given
    list of lines (bitmasks: bit k = cell k of the line, counted from the left or the top).

    Each line keeps the set of its candidates still alive as a bitset over its list, and per
    position k the bitset of the candidates with a black cell there (built once per list and
    cached), so learning a cell of a line is one big-int AND, however many candidates it has
    (a 12-cell Binairo line has over a thousand). Cells on which all alive candidates agree
    become known and wake the crossing lines. With `distinct`, a line down to one candidate
    removes it from the other lines of its direction (no two rows and no two columns alike).
    The search branches on the line with the fewest candidates.

        solver = LineSolver(rows, cols)
        solver.count(row_cands, col_cands, limit=2)   # 0, 1 or 2 (2: at least two)
    """

    def __init__(self, rows: int, cols: int):
        self.rows, self.cols = rows, cols

    def count(self, row_cands, col_cands, limit: int = 2, known=None, distinct: bool = False,
              budget: int = 0, out=None, rng=None) -> int:
        """Solutions counted up to `limit`. `known` is rows*cols cells: 1, 0 or -1 (unknown).
        With `out`, solutions are appended to it as flat lists of 0/1; with `rng`, the search
        tries candidates in random order; with `budget`, OutOfBudget after that many nodes."""
        rows, cols = self.rows, self.cols
        ones = [0] * (rows + cols)  # lines 0..rows-1 rows (bit = column), then columns (bit = row)
        zeros = [0] * (rows + cols)
        for i, v in enumerate(known or ()):
            if v < 0:
                continue
            r, c = divmod(i, cols)
            side = ones if v else zeros
            side[r] |= 1 << c
            side[rows + c] |= 1 << r
        if any(o & z for o, z in zip(ones, zeros)):
            return 0
        self._left = budget or -1
        self._distinct = distinct
        self._lists = [*row_cands, *col_cands]
        self._sup = [line_supports(cs, cols if k < rows else rows) for k, cs in enumerate(self._lists)]
        self._index = [line_index(cs) for cs in self._lists] if distinct else []
        alive = [(1 << len(cs)) - 1 for cs in self._lists]
        seen = [0] * (rows + cols)  # per line, the known cells it has already been filtered by
        state = (alive, ones, zeros, seen)
        if not self._propagate(state, set(range(rows + cols))):
            return 0
        return self._search(state, limit, out, rng)

    def _cross(self, line):
        """(the first crossing line, the position of `line` along them, the length of `line`)."""
        return (self.rows, line, self.cols) if line < self.rows else (0, line - self.rows, self.rows)

    def _propagate(self, state, dirty) -> bool:
        alive, ones, zeros, seen = state
        rows, lists, sups, index = self.rows, self._lists, self._sup, self._index
        distinct = self._distinct
        while dirty:
            line = dirty.pop()
            o, z = ones[line], zeros[line]
            a = was = alive[line]
            sup = sups[line]
            new = (o | z) & ~seen[line]
            while new:
                low = new & -new
                new ^= low
                k = low.bit_length() - 1
                a &= sup[k] if o & low else ~sup[k]
            if not a:
                return False
            alive[line] = a
            seen[line] = o | z
            cross, pos, length = self._cross(line)
            free = ((1 << length) - 1) & ~(o | z)
            sure1 = sure0 = 0
            while free:
                low = free & -free
                free ^= low
                s = sup[low.bit_length() - 1]
                if not a & ~s:
                    sure1 |= low
                elif not a & s:
                    sure0 |= low
            if sure1 or sure0:
                ones[line] |= sure1
                zeros[line] |= sure0
                for bits, side in ((sure1, ones), (sure0, zeros)):
                    while bits:
                        low = bits & -bits
                        bits ^= low
                        j = cross + low.bit_length() - 1
                        side[j] |= 1 << pos
                        dirty.add(j)
            if distinct and not a & (a - 1) and was & (was - 1):
                p = lists[line][a.bit_length() - 1]
                lo, hi = (0, rows) if line < rows else (rows, len(lists))
                for other in range(lo, hi):
                    if other != line:
                        j = index[other].get(p)
                        if j is not None and alive[other] >> j & 1:
                            alive[other] ^= 1 << j
                            dirty.add(other)
        return True

    def _search(self, state, limit, out, rng) -> int:
        self._left -= 1
        if not self._left:
            raise OutOfBudget
        alive, ones, zeros, seen = state
        best, fewest = -1, 1 << 30
        for line, a in enumerate(alive):
            if a & (a - 1):
                k = a.bit_count()
                if k < fewest:
                    best, fewest = line, k
        if best < 0:
            if out is not None:
                out.append([ones[r] >> c & 1 for r in range(self.rows) for c in range(self.cols)])
            return 1
        a = alive[best]
        options = []
        while a:
            low = a & -a
            a ^= low
            options.append(low.bit_length() - 1)
        if rng is not None:
            rng.shuffle(options)
        cross, k, width = self._cross(best)
        full = (1 << width) - 1
        total = 0
        for j in options:
            p = self._lists[best][j]
            child = ([*alive], [*ones], [*zeros], [*seen])
            # the branch sets the line's cells and cuts its candidates to p; _propagate then
            # wakes the crossing lines (and applies `distinct`)
            child[0][best] = 1 << j
            child[1][best] = p
            child[2][best] = full & ~p
            child[3][best] = full
            dirty = set()
            for i in range(width):
                side = child[1] if p >> i & 1 else child[2]
                side[cross + i] |= 1 << k
                dirty.add(cross + i)
            if self._distinct:
                lo, hi = (0, self.rows) if best < self.rows else (self.rows, len(alive))
                for other in range(lo, hi):
                    if other != best:
                        at = self._index[other].get(p)
                        if at is not None and child[0][other] >> at & 1:
                            child[0][other] ^= 1 << at
                            dirty.add(other)
            if self._propagate(child, dirty):
                total += self._search(child, limit - total, out, rng)
                if total >= limit:
                    break
        return total


_LINE_SUPPORTS: dict[int, tuple] = {}
_LINE_INDEX: dict[int, tuple] = {}


def line_supports(cands: list[int], length: int) -> list[int]:
    """Per position k of a line, the bitset of the candidates in `cands` (bit j = cands[j])
    with a black cell at k. Cached by the list's identity; the cache keeps the list alive, so
    an identity is never reused while its entry stands."""
    entry = _LINE_SUPPORTS.get(id(cands))
    if entry is not None and entry[0] is cands:
        return entry[1]
    if len(_LINE_SUPPORTS) > 20_000:
        _LINE_SUPPORTS.clear()
    nbytes = (len(cands) + 7) >> 3
    rows = [bytearray(nbytes) for _ in range(length)]
    for j, p in enumerate(cands):
        at, bit = j >> 3, 1 << (j & 7)
        while p:
            low = p & -p
            p ^= low
            rows[low.bit_length() - 1][at] |= bit
    out = [int.from_bytes(b, "little") for b in rows]
    _LINE_SUPPORTS[id(cands)] = (cands, out)
    return out


def line_index(cands: list[int]) -> dict[int, int]:
    """Candidate -> its position in `cands` (cached like line_supports)."""
    entry = _LINE_INDEX.get(id(cands))
    if entry is not None and entry[0] is cands:
        return entry[1]
    if len(_LINE_INDEX) > 20_000:
        _LINE_INDEX.clear()
    out = {p: j for j, p in enumerate(cands)}
    _LINE_INDEX[id(cands)] = (cands, out)
    return out


_PLACEMENTS: dict[tuple, list[int]] = {}


def placements(clue: tuple, length: int) -> list[int]:
    """Every line of `length` cells (bitmask, bit k = cell k) whose runs of black cells are the
    clue's, in order (an empty clue: the all-white line). Cached."""
    key = (clue, length)
    found = _PLACEMENTS.get(key)
    if found is not None:
        return found
    if len(_PLACEMENTS) > 100_000:
        _PLACEMENTS.clear()
    out: list[int] = []
    blocks = [b for b in clue if b]

    def rec(k: int, start: int, acc: int):
        if k == len(blocks):
            out.append(acc)
            return
        size = blocks[k]
        rest = sum(blocks[k + 1:]) + len(blocks) - k - 1
        for s in range(start, length - size - rest + 1):
            rec(k + 1, s + size + 1, acc | (((1 << size) - 1) << s))

    rec(0, 0, 0)
    _PLACEMENTS[key] = out
    return out


def runs(cells) -> list[int]:
    """The lengths of the runs of 1s (black cells) along a line, in order."""
    out, count = [], 0
    for v in cells:
        if v:
            count += 1
        elif count:
            out.append(count)
            count = 0
    if count:
        out.append(count)
    return out
