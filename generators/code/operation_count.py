"""How many times the counting statements of a loop nest run for a large n: count by formula."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from .._tiny_lang import LANGUAGE, render

COUNTERS = ("i", "j", "k")
# loop kinds in the order the levels introduce them; `p` is the enclosing counter (n at the top)
KINDS = ("up", "from_parent", "to_parent", "double", "step2", "halve")
PARENT_KINDS = ("from_parent", "to_parent", "halve")  # the kinds whose values depend on the enclosing counter


def values(kind: str, n: int, p: int) -> range | list[int]:
    """The counter values one loop of `kind` runs through, given n and the enclosing counter p."""
    if kind == "up":  # c = 0; while (c < n)
        return range(n)
    if kind == "from_parent":  # c = p; while (c < n)
        return range(p, n)
    if kind == "to_parent":  # c = 0; while (c < p)
        return range(p)
    if kind == "step2":  # c = 0; while (c < n); c = c + 2
        return range(0, n, 2)
    out = []
    if kind == "double":  # c = 1; while (c < n); c = c * 2
        c = 1
        while c < n:
            out.append(c)
            c *= 2
        return out
    c = p  # halve: c = p; while (c > 0); c = c / 2
    while c > 0:
        out.append(c)
        c //= 2
    return out


def count(nest: list[tuple[str, bool]], n: int) -> tuple[int, int]:
    """(increments, work): how often the counting statements run, for loops (kind, counts)
    nested outermost first, where `counts` says whether that loop's body adds 1 to c; and the
    table entries the memoised count fills (one per loop depth and enclosing value)."""
    memo: dict[tuple[int, int], int] = {}
    visits = [0]

    def runs(depth: int, p: int) -> int:
        kind, counts = nest[depth]
        key = (depth, p if kind in PARENT_KINDS else -1)  # a loop that ignores p runs alike for every p
        if key not in memo:
            total = 0
            for v in values(kind, n, p):
                visits[0] += 1
                total += counts + (runs(depth + 1, v) if depth + 1 < len(nest) else 0)
            memo[key] = total
        return memo[key]

    return runs(0, n), visits[0]


def program(nest, n: int):
    """The Tiny program of a nest: c counts, the outermost parent is n."""
    def v(name):
        return ("var", name)

    def loop(depth):
        kind, counts = nest[depth]
        c = COUNTERS[depth]
        p = v(COUNTERS[depth - 1]) if depth else v("n")
        start, cond, step = {
            "up": (("num", 0), ("bin", "<", v(c), v("n")), ("bin", "+", v(c), ("num", 1))),
            "from_parent": (p, ("bin", "<", v(c), v("n")), ("bin", "+", v(c), ("num", 1))),
            "to_parent": (("num", 0), ("bin", "<", v(c), p), ("bin", "+", v(c), ("num", 1))),
            "step2": (("num", 0), ("bin", "<", v(c), v("n")), ("bin", "+", v(c), ("num", 2))),
            "double": (("num", 1), ("bin", "<", v(c), v("n")), ("bin", "*", v(c), ("num", 2))),
            "halve": (p, ("bin", ">", v(c), ("num", 0)), ("bin", "/", v(c), ("num", 2))),
        }[kind]
        body = [("assign", "c", ("bin", "+", v("c"), ("num", 1)))] if counts else []
        if depth + 1 < len(nest):
            body += loop(depth + 1)
        return [("assign", c, start), ("while", cond, body + [("assign", c, step)])]

    main = [("assign", "n", ("num", n)), ("assign", "c", ("num", 0))] + loop(0) + [("print", v("c"))]
    return ("program", [], main)


@register
class OperationCount(Task):
    """Give the final value of a counter c incremented inside a nest of while loops, for an n
    too large to trace by hand: loops run to n, from or to the enclosing counter, by steps of
    two, by doubling or by halving, and c may count in several loops of the nest. The answer
    needs the loop nest's closed-form count (triangular numbers, logarithms, sums of them).
    Levels add loop kinds, deepen the nest (up to three) and grow n."""

    name = "code/operation_count"
    knobs = (
        Knob("depth", [1, 2, 2, 2, 2, 2, 3, 3, 3, 3] + [3] * 10, (1, 3), doc="loops in the nest"),
        Knob("kinds", [1, 2, 3, 3, 4, 4, 5, 5, 6, 6] + [6] * 10, (1, 6),
             doc="loop kinds in use (to n, from the enclosing counter, to it, doubling, step 2, halving)"),
        Knob("n", [10, 12, 15, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160], (2, 200),
             doc="the value of n (about; drawn near it)"),
        Knob("counting", [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="loops whose body increments c"),
    )
    answer_format = "the printed value of c, as an integer"
    example = "-1"  # a count is never negative

    def build(self, rng, params):
        d = params["depth"]
        kinds = KINDS[:params["kinds"]]
        nest = []
        for depth in range(d):
            # the enclosing-counter kinds need an enclosing loop; halving at the top halves n
            pool = [k for k in kinds if depth or k not in ("from_parent", "to_parent")]
            nest.append(pool[rng.randrange(len(pool))])
        parents = [k for k in kinds if k in PARENT_KINDS]
        if d >= 2 and parents and not any(k in PARENT_KINDS for k in nest[1:]):
            # a loop tied to its enclosing counter makes the count a real sum, not a product
            nest[rng.randint(1, d - 1)] = parents[rng.randrange(len(parents))]
        counting = set(rng.sample(range(d), min(params["counting"], d))) | {d - 1}
        nest = [(k, i in counting) for i, k in enumerate(nest)]
        n = rng.randint(params["n"] - params["n"] // 5, params["n"])
        total, work = count(nest, n)
        text = render(program(nest, n))
        question = (f"{LANGUAGE}\n\n{text}\n\nWhat does this program print? (Counting the loops' runs with a "
                    f"formula is quicker than tracing them.)")
        return Draft(question, str(total), {"count": total, "work": work, "nest": [list(x) for x in nest], "n": n})

    def effort(self, problem):
        # the counter values the memoised reference count enumerates
        return problem.check["work"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["count"], "the final value of c")
