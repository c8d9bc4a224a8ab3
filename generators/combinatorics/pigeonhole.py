"""Pigeonhole minimum counts: the fewest draws that guarantee a goal, found as (largest draw that
misses the goal) + 1."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import COLOURS, CountTask, and_list

GOALS = {
    "basic": ("same", "specific"),
    "middle": ("same", "specific", "distinct", "any_of", "all_of", "numbers"),
    "full": ("distinct", "any_of", "all_of", "m_of", "numbers", "numbers_two"),
}


def worst_any_of(counts: dict, need: dict) -> int:
    """Largest draw with fewer than need[c] of every colour c in `need` (an OR goal missed)."""
    return sum(min(n, need[c] - 1) if c in need else n for c, n in counts.items())


def worst_all_of(counts: dict, need: dict) -> int:
    """Largest draw missing an AND goal: fall short on the one colour that lets the most others in."""
    total = sum(counts.values())
    return max(total - counts[c] + need[c] - 1 for c in need)


def worst_m_of(counts: dict, colours: list, m: int, a: int) -> int:
    """Largest draw in which fewer than m of `colours` reach a items each: m - 1 of them may be taken
    whole (the ones that add most), the rest capped at a - 1, other colours taken whole."""
    base = sum(min(n, a - 1) if c in colours else n for c, n in counts.items())
    gains = sorted((counts[c] - min(counts[c], a - 1) for c in colours), reverse=True)
    return base + sum(gains[:m - 1])


def max_independent_set(n_vertices: int, edges: list, stats: dict | None = None) -> int:
    """Size of a largest vertex set with no edge inside it, by branch and reduce on bitmasks: a vertex
    of degree <= 1 is always safe to take; separate components are solved apart; otherwise branch on
    a vertex of largest degree (leave it out, or take it and drop its neighbours). Memoised. With
    `stats`, stats["calls"] counts the subproblems the search visits."""
    adj = [0] * n_vertices
    for u, v in edges:
        if u != v:
            adj[u] |= 1 << v
            adj[v] |= 1 << u
    memo: dict[int, int] = {}

    def bits(mask: int):
        while mask:
            low = mask & -mask
            yield low.bit_length() - 1
            mask ^= low

    def solve(mask: int) -> int:
        if stats is not None:
            stats["calls"] = stats.get("calls", 0) + 1
        taken = 0
        changed = True
        while changed and mask:
            changed = False
            for v in bits(mask):
                if mask >> v & 1 and (adj[v] & mask).bit_count() <= 1:
                    taken += 1
                    mask &= ~(adj[v] | 1 << v)
                    changed = True
        if not mask:
            return taken
        if mask in memo:
            return taken + memo[mask]
        comp, frontier = 0, mask & -mask
        while frontier:
            comp |= frontier
            grow = 0
            for v in bits(frontier):
                grow |= adj[v]
            frontier = grow & mask & ~comp
        if comp != mask:
            best = solve(comp) + solve(mask & ~comp)
        else:
            v = max(bits(mask), key=lambda x: ((adj[x] & mask).bit_count(), x))
            best = max(solve(mask & ~(1 << v)), 1 + solve(mask & ~(adj[v] | 1 << v)))
        memo[mask] = best
        return taken + best

    return solve((1 << n_vertices) - 1)


def number_edges(lo: int, hi: int, rule: list) -> list:
    """Pairs (as offsets from lo) of distinct numbers in [lo, hi] that satisfy the pair rule."""
    kind, value = rule
    out = []
    for x in range(lo, hi + 1):
        for y in range(x + 1, hi + 1):
            if (kind == "sum" and x + y == value) or (kind == "diff" and y - x == value) or \
                    (kind == "mod" and (y - x) % value == 0):
                out.append((x - lo, y - lo))
    return out


def pair_phrase(rule: list) -> str:
    kind, value = rule
    if kind == "sum":
        return f"add up to {value}"
    if kind == "diff":
        return f"differ by exactly {value}"
    return f"differ by a multiple of {value}"


@register
class Pigeonhole(CountTask):
    """Find the fewest items that must be drawn to guarantee a goal: socks of the same colour, of a
    named colour, of several different colours, enough of each of some colours, or (from the numbers
    lo..hi) two numbers with a given sum, difference or difference divisible by m. The answer is one
    more than the largest draw that misses the goal, which an adversary builds. Higher levels add
    colours and distractor colours, OR and AND goals with different amounts, "m colours with a each",
    and pair rules combined with OR (a maximum independent set search)."""

    name = "combinatorics/pigeonhole"
    answer_format = "a single integer"
    knobs = (
        Knob("n_colours", [2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10], (2, 10),
             doc="colours in the drawer"),
        Knob("max_count", [5, 6, 8, 8, 10, 10, 12, 12, 15, 15, 15, 18, 18, 20, 20, 24, 24, 28, 28, 30], (2, 100),
             doc="most socks of one colour"),
        Knob("n_max", [(8, 10), (10, 12), (10, 14), (12, 16), (14, 20), (16, 24), (20, 28), (24, 32), (28, 36),
                       (30, 40), (32, 42), (34, 45), (36, 48), (38, 50), (40, 54), (42, 58), (45, 62), (48, 66),
                       (52, 70), (56, 75)], (4, 120), doc="largest number in number problems"),
        Knob("goals", ["basic"] * 3 + ["middle"] * 3 + ["full"] * 14, choices=tuple(GOALS),
             doc="which kinds of goal may be asked"),
    )

    def build(self, rng, params):
        for _ in range(100):
            goal = rng.choice(GOALS[params["goals"]])
            if goal.startswith("numbers"):
                draft = self._numbers(rng, params, two=goal == "numbers_two")
            else:
                draft = self._drawer(rng, params, goal)
            if draft is not None:
                return draft
        raise RuntimeError("no pigeonhole problem found")  # not reached: every goal has a fallback

    def effort(self, problem):
        # a drawer: the adversary's worst draw adds up every colour, weighing each goal colour;
        # numbers: the pair graph's edges, then the independent-set search's subproblems
        c = problem.check
        if c["form"] == "drawer":
            spec = c["spec"]
            return len(c["counts"]) + len(spec.get("need") or spec.get("colours"))
        size = c["hi"] - c["lo"] + 1
        edges = sorted({e for rule in c["rules"] for e in number_edges(c["lo"], c["hi"], rule)})
        stats: dict = {}
        max_independent_set(size, edges, stats)
        return size + len(edges) + stats.get("calls", 0)

    def _drawer(self, rng, params, goal):
        k = params["n_colours"]
        colours = rng.sample(COLOURS, k)
        counts = {c: rng.randint(2, params["max_count"]) for c in colours}
        listing = and_list(f"{counts[c]} {c}" for c in colours)
        total = sum(counts.values())
        if goal == "same":
            a = rng.randint(2, max(2, min(4, max(counts.values()) - 1)))
            need = {c: a for c in colours}
            worst = worst_any_of(counts, need)
            spec = {"type": "any_of", "need": need}
            ask = f"at least {a} socks of the same colour"
        elif goal == "specific":
            c = rng.choice(colours)
            a = rng.randint(min(2, counts[c]), counts[c])
            need = {c: a}
            worst = worst_all_of(counts, need)
            spec = {"type": "all_of", "need": need}
            ask = f"at least {a} {c} sock{'s' if a > 1 else ''}"
        elif goal == "distinct":
            m = rng.randint(2, k)
            worst = worst_m_of(counts, colours, m, 1)
            spec = {"type": "m_of", "colours": colours, "m": m, "a": 1}
            ask = f"socks of at least {m} different colours"
        elif goal in ("any_of", "all_of"):
            chosen = rng.sample(colours, rng.randint(2, min(3, k)))
            need = {c: rng.randint(2, max(2, counts[c] - 1)) for c in chosen}
            worst = (worst_any_of if goal == "any_of" else worst_all_of)(counts, need)
            spec = {"type": goal, "need": need}
            joiner = "or" if goal == "any_of" else "and"
            ask = and_list([f"at least {need[c]} {c} socks" for c in chosen], joiner)
            if goal == "any_of" and len(chosen) > 2:
                ask = "at least one of: " + and_list([f"{need[c]} {c} socks" for c in chosen], "or")
            elif goal == "any_of":
                ask = f"either {ask}"
        else:  # m_of: at least m of the chosen colours with a socks each
            chosen = sorted(rng.sample(colours, rng.randint(2, k)), key=colours.index)
            a = rng.randint(2, 3)
            eligible = [c for c in chosen if counts[c] >= a]
            if len(eligible) < 2:
                return None
            m = rng.randint(2, len(eligible))
            worst = worst_m_of(counts, chosen, m, a)
            spec = {"type": "m_of", "colours": chosen, "m": m, "a": a}
            among = "" if len(chosen) == k else f", counting only the colours {and_list(chosen)}"
            ask = f"at least {a} socks in each of at least {m} different colours{among}"
        answer = worst + 1
        if answer > total:
            return None
        question = (f"A drawer holds {total} socks: {listing}. Socks of the same colour are identical. In the "
                    f"dark, you take socks out one at a time without seeing their colour. What is the smallest "
                    f"number of socks you must take out to be certain of having {ask}?")
        return Draft(question, str(answer), {"count": answer, "form": "drawer", "counts": counts, "goal": goal,
                                             "spec": spec})

    def _numbers(self, rng, params, two):
        hi = params["n_max"]
        lo = rng.randint(2, max(2, hi // 4)) if two else 1
        size = hi - lo + 1
        kinds = rng.sample(["sum", "diff", "mod"], 2 if two else 1)
        rules = []
        for kind in kinds:
            if kind == "sum":
                rules.append(["sum", rng.randint(2 * lo + 3, 2 * hi - 3)])
            elif kind == "diff":
                rules.append(["diff", rng.randint(2, max(2, size // 3))])
            else:
                rules.append(["mod", rng.randint(3, max(3, size // 3))])
        edges = sorted({e for rule in rules for e in number_edges(lo, hi, rule)})
        if not edges:
            return None
        answer = max_independent_set(size, edges) + 1
        if answer > size:
            return None
        condition = " or ".join(pair_phrase(r) for r in rules)
        question = (f"Numbers are chosen from the whole numbers {lo}, {lo + 1}, ..., {hi}, with no number chosen "
                    f"twice. What is the smallest k such that every choice of k different numbers is certain to "
                    f"contain two numbers that {condition}?")
        return Draft(question, str(answer), {"count": answer, "form": "numbers", "lo": lo, "hi": hi, "rules": rules})
