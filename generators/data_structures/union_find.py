"""Union-find: answer "same set?" queries interleaved with unions, and count the sets at the end."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._value_lists import listed_operations, numbered, read_yes_no_list

ANSWER_LABELS = {"answers", "queries", "query answers", "query results"}
SET_LABELS = {"sets", "number of sets", "set count", "count", "components"}


_ELEMENTS = re.compile(r"Elements 1 to (\d+) each start")  # the number of elements, as the prompt states it


class DisjointSets:
    """Disjoint sets over 1..n with path halving and union by size."""

    def __init__(self, n: int):
        self.parent = list(range(n + 1))
        self.size = [1] * (n + 1)
        self.count = n

    def find(self, x: int) -> int:
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def depth(self, x: int) -> int:
        """The nodes on the path from x up to its root, the root included (changes nothing)."""
        nodes = 1
        while self.parent[x] != x:
            x = self.parent[x]
            nodes += 1
        return nodes

    def union(self, a: int, b: int) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        if self.size[ra] < self.size[rb]:
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.size[ra] += self.size[rb]
        self.count -= 1
        return True


def run_union_find(n: int, ops: list[tuple]) -> tuple[list[bool], int]:
    """The answers to the queries in order, and the number of sets at the end."""
    ds = DisjointSets(n)
    answers = []
    for kind, a, b in ops:
        if kind == "union":
            ds.union(a, b)
        else:
            answers.append(ds.find(a) == ds.find(b))
    return answers, ds.count


@register
class UnionFind(Task):
    """Elements 1..n start in their own sets; "union a b" merges the sets of a and b, and
    "query a b" asks whether a and b are in the same set at that moment. Give the query answers
    and the number of sets at the end, both from a disjoint-set simulation. Higher levels add
    elements, unions and queries, include unions of elements already together (which change
    nothing), and ask about pairs never joined directly, so the answer needs chains of unions."""

    name = "data_structures/union_find"
    knobs = (
        Knob("n_elements", [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 44], (2, 100),
             doc="elements 1..n"),
        Knob("n_unions", [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 31, 34, 37, 40], (1, 200),
             doc="union operations"),
        Knob("n_queries", [2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20], (1, 100),
             doc="same-set queries"),
        Knob("redundant", [0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 50),
             doc="unions of elements already in one set"),
        Knob("indirect", [False, False] + [True] * 18, doc="'yes' queries favour pairs never joined directly"),
    )
    answer_format = ("the query answers in order as yes or no, comma-separated, then a semicolon, then the number "
                     "of sets at the end")
    example = "yes,no,no; 0"  # there is always at least one set: never an answer

    def build(self, rng, params):
        n, nu, nq = params["n_elements"], params["n_unions"], params["n_queries"]
        kinds = ["union"] * nu + ["query"] * nq
        rng.shuffle(kinds)
        if kinds[0] == "query":  # start with a union so the first query is not trivially "no"
            kinds.remove("union")
            kinds.insert(0, "union")
        redundant_at = set(rng.sample([i for i, k in enumerate(kinds) if k == "union" and i > 0],
                                      min(params["redundant"], nu - 1)))
        ds = DisjointSets(n)
        direct: set[tuple[int, int]] = set()  # pairs (a < b) joined by a union directly
        ops: list[tuple] = []
        for i, kind in enumerate(kinds):
            if kind == "union":
                same = i in redundant_at
                a, b = _pick(rng, ds, n, same, avoid=direct if same and params["indirect"] else set())
                ds.union(a, b)
                direct.add((min(a, b), max(a, b)))
            else:
                want_yes = rng.random() < 0.5
                a, b = _pick(rng, ds, n, want_yes, avoid=direct if want_yes and params["indirect"] else set())
            if rng.random() < 0.5:
                a, b = b, a
            ops.append((kind, a, b))
        answers, count = run_union_find(n, ops)
        question = (f"Elements 1 to {n} each start in a set of their own. \"union a b\" merges the set containing a "
                    f"with the set containing b (if they are already in the same set, nothing changes). "
                    f"\"query a b\" asks whether a and b are in the same set at that moment.\n\n"
                    f"Operations:\n{numbered(f'{k} {a} {b}' for k, a, b in ops)}\n\n"
                    f"Answer each query, in order, and give the number of sets after all the operations.")
        answer = ",".join("yes" if x else "no" for x in answers) + f"; {count}"
        return Draft(question, answer, {"answers": answers, "sets": count})

    def effort(self, problem):
        # the disjoint-set run: every union and query follows the parent links from its two
        # elements up to their roots; the sets are counted over all n elements at the end
        n = int(_ELEMENTS.search(problem.prompt).group(1))
        ds, work = DisjointSets(n), n
        for line in listed_operations(problem.prompt):
            kind, a, b = line.split()
            a, b = int(a), int(b)
            work += ds.depth(a) + ds.depth(b)
            if kind == "union":
                ds.union(a, b)
            else:  # the query's finds halve the paths, as in the reference run
                ds.find(a)
                ds.find(b)
        return work

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [ANSWER_LABELS, SET_LABELS])
            given = read_yes_no_list(first)
            sets = read_int(second)
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(c["answers"]):
            return wrong(f"There are {len(c['answers'])} queries to answer, not {len(given)}.")
        if given != c["answers"]:
            return wrong("Not every query answer is right.")
        if sets != c["sets"]:
            return wrong("That is not the number of sets at the end.")
        return right()


def _pick(rng, ds: DisjointSets, n: int, same: bool, avoid: set) -> tuple[int, int]:
    """A pair (a < b) in the same set (when `same`) or in different sets, preferring pairs not in
    `avoid`; falls back to the other kind when no pair of the wanted kind exists."""
    if same:
        groups: dict[int, list[int]] = {}
        for x in range(1, n + 1):
            groups.setdefault(ds.find(x), []).append(x)
        wanted = [(a, b) for g in groups.values() for j, a in enumerate(g) for b in g[j + 1:]]
        if wanted:
            return rng.choice([p for p in wanted if p not in avoid] or wanted)
    if ds.count > 1:
        while True:  # some pair is in different sets: rejection sampling finds one quickly
            a, b = sorted(rng.sample(range(1, n + 1), 2))
            if ds.find(a) != ds.find(b):
                return a, b
    return tuple(sorted(rng.sample(range(1, n + 1), 2)))
