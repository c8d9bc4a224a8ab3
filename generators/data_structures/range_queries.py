"""Range queries under point updates: sums, minima and maxima of subarrays, and the entries of a
Fenwick (binary indexed) tree, as a segment tree and a Fenwick tree would answer them."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register

from ._value_lists import grade_int_list, listed_operations, numbered

_INF = float("inf")


class SegmentTree:
    """An iterative segment tree over a[0..n-1] keeping the sum, minimum and maximum of each node."""

    __slots__ = ("size", "sums", "mins", "maxs")

    def __init__(self, values: list[int]):
        size = 1
        while size < len(values):
            size *= 2
        self.size = size
        self.sums = [0] * (2 * size)
        self.mins = [_INF] * (2 * size)
        self.maxs = [-_INF] * (2 * size)
        for i, v in enumerate(values):
            self.sums[size + i] = self.mins[size + i] = self.maxs[size + i] = v
        for i in range(size - 1, 0, -1):
            self._pull(i)

    def _pull(self, i: int) -> None:
        a, b = 2 * i, 2 * i + 1
        self.sums[i] = self.sums[a] + self.sums[b]
        self.mins[i] = min(self.mins[a], self.mins[b])
        self.maxs[i] = max(self.maxs[a], self.maxs[b])

    def set(self, i: int, value: int) -> None:
        i += self.size
        self.sums[i] = self.mins[i] = self.maxs[i] = value
        i //= 2
        while i:
            self._pull(i)
            i //= 2

    def get(self, i: int) -> int:
        return self.sums[self.size + i]

    def query(self, kind: str, lo: int, hi: int) -> int:
        """The sum, min or max of a[lo..hi] (inclusive, 0-based)."""
        s, mn, mx = 0, _INF, -_INF
        lo += self.size
        hi += self.size + 1
        while lo < hi:
            if lo & 1:
                s, mn, mx = s + self.sums[lo], min(mn, self.mins[lo]), max(mx, self.maxs[lo])
                lo += 1
            if hi & 1:
                hi -= 1
                s, mn, mx = s + self.sums[hi], min(mn, self.mins[hi]), max(mx, self.maxs[hi])
            lo //= 2
            hi //= 2
        return {"sum": s, "min": mn, "max": mx}[kind]


class Fenwick:
    """A Fenwick tree, 1-based: tree[k] holds the sum of a[k - low(k) + 1 .. k]."""

    __slots__ = ("tree",)

    def __init__(self, values: list[int]):
        self.tree = [0] * (len(values) + 1)
        for i, v in enumerate(values, 1):
            self.add(i, v)

    def add(self, k: int, delta: int) -> None:
        while k < len(self.tree):
            self.tree[k] += delta
            k += k & -k


def run_queries(values: list[int], ops: list[tuple]) -> list[int]:
    """Run ("add", i, d), ("set", i, v), ("sum"|"min"|"max", l, r) and ("node", k) operations on a
    1-based array; return the query answers in order."""
    seg, fen = SegmentTree(values), Fenwick(values)
    out = []
    for op in ops:
        kind = op[0]
        if kind in ("add", "set"):
            i = op[1] - 1
            old = seg.get(i)
            new = old + op[2] if kind == "add" else op[2]
            seg.set(i, new)
            fen.add(op[1], new - old)
        elif kind == "node":
            out.append(fen.tree[op[1]])
        else:
            out.append(seg.query(kind, op[1] - 1, op[2] - 1))
    return out


QUERY_KINDS = {
    "sum": ["sum"], "sum_min": ["sum", "min"], "sum_min_max": ["sum", "min", "max"],
    "sum_node": ["sum", "sum", "node"], "all": ["sum", "min", "max", "node"],
}
# format examples; each problem shows one that is not its answer
_EXAMPLES = ("17,-3,8", "5,12,0", "-4,9,21", "30,6,-1", "2,2,15")


@register
class RangeQueries(Task):
    """An array changes by point updates while range queries ask for the sum (and at higher
    levels the minimum or maximum) of a subarray, or the value a Fenwick (binary indexed) tree
    stores at a given index; give every query's answer at its moment. Answers come from a real
    segment tree and Fenwick tree. Higher levels add elements, updates and queries, move from
    "add" updates to a mix with "set" updates (which replace a value), add negative values, and
    add min/max queries and Fenwick-node queries (which need the tree's index arithmetic)."""

    name = "data_structures/range_queries"
    knobs = (
        Knob("n_values", [5, 6, 7, 8, 8, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 36, 40], (2, 64),
             doc="array length"),
        Knob("n_updates", [2, 3, 4, 4, 5, 6, 7, 8, 10, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 28], (0, 60),
             doc="point updates"),
        Knob("n_queries", [2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 18], (1, 40),
             doc="queries"),
        Knob("updates", ["add", "add", "add"] + ["mixed"] * 17,
             choices=("add", "set", "mixed"), doc="update kinds: add a delta, set a value, or both"),
        Knob("negatives", [False] * 4 + [True] * 16, doc="values and deltas may be negative"),
        Knob("queries",
             ["sum", "sum", "sum", "sum_min", "sum_min", "sum_min_max", "sum_node", "sum_node"] + ["all"] * 12,
             choices=tuple(QUERY_KINDS), doc="which query kinds appear"),
    )
    answer_format = "the answers to the queries, in the order they appear, as a comma-separated list of integers"
    example = "17,-3,8"

    def build(self, rng, params):
        n, neg = params["n_values"], params["negatives"]
        lo = -9 if neg else 0
        values = [rng.randint(lo, 20) for _ in range(n)]
        kinds = QUERY_KINDS[params["queries"]]
        slots = ["u"] * params["n_updates"] + ["q"] * params["n_queries"]
        rng.shuffle(slots)
        if slots[-1] == "u":  # end on a query, so the last update matters
            j = max(i for i, s in enumerate(slots) if s == "q")
            slots[j], slots[-1] = "u", "q"
        if slots[0] == "q" and "u" in slots:  # start with an update
            j = slots.index("u")
            slots[0], slots[j] = "u", "q"
        query_kinds = kinds[:params["n_queries"]]
        query_kinds += [rng.choice(kinds) for _ in range(params["n_queries"] - len(query_kinds))]
        rng.shuffle(query_kinds)
        ops: list[tuple] = []
        for slot in slots:
            if slot == "u":
                mode = params["updates"] if params["updates"] != "mixed" else rng.choice(["add", "set"])
                i = rng.randint(1, n)
                if mode == "add":
                    d = rng.randint(-8, 8) if neg else rng.randint(1, 9)
                    ops.append(("add", i, d or 5))
                else:
                    ops.append(("set", i, rng.randint(lo, 20)))
            else:
                kind = query_kinds.pop()
                if kind == "node":
                    ops.append(("node", rng.randint(2, n)))
                else:
                    a, b = sorted(rng.sample(range(1, n + 1), 2))
                    ops.append((kind, a, b))
        answers = run_queries(values, ops)

        def text(op):
            kind = op[0]
            if kind == "add":
                return f"add {op[2]} to a[{op[1]}]"
            if kind == "set":
                return f"set a[{op[1]}] = {op[2]}"
            if kind == "node":
                return f"node {op[1]}"
            return f"{kind} {op[1]} {op[2]}"

        used = {op[0] for op in ops}
        rules = []
        if "add" in used:
            rules.append("\"add d to a[i]\" increases a[i] by d")
        if "set" in used:
            rules.append("\"set a[i] = v\" replaces a[i] with v")
        names = {"sum": "sum", "min": "smallest value", "max": "largest value"}
        for kind in ("sum", "min", "max"):
            if kind in used:
                rules.append(f"\"{kind} l r\" asks for the {names[kind]} of a[l], a[l+1], ..., a[r]")
        if "node" in used:
            rules.append("\"node k\" asks for the value a Fenwick (binary indexed) tree over the array stores at "
                         "index k, which is the sum of a[k-low(k)+1], ..., a[k], where low(k) is the largest power "
                         "of two that divides k (so node 6 holds a[5] + a[6] and node 8 holds a[1] + ... + a[8])")
        question = (f"An array a[1..{n}] starts as:\n"
                    + ", ".join(f"a[{i}]={v}" for i, v in enumerate(values, 1))
                    + "\n\nPositions are 1-based and ranges include both ends. The operations mean:\n- "
                    + ";\n- ".join(rules) + ".\n\nOperations, in order:\n" + numbered(text(op) for op in ops)
                    + "\n\nAnswer each query using the array as it is at that moment.")
        # sums have no value that no problem reaches: the example is drawn last, among those wrong here
        return Draft(question, ",".join(map(str, answers)), {"values": answers},
                     example=rng.choice([e for e in _EXAMPLES if e != ",".join(map(str, answers))]))

    def effort(self, problem):
        # each update changes one value; each query reads the values it covers: a range l..r,
        # or the low(k) values a Fenwick node k sums
        work = 0
        for line in listed_operations(problem.prompt):
            words = line.split()
            if words[0] in ("sum", "min", "max"):
                work += int(words[2]) - int(words[1]) + 1
            elif words[0] == "node":
                k = int(words[1])
                work += k & -k
            else:
                work += 1
        return work

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], "query answers")
