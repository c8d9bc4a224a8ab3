"""Sum witnesses: a subset hitting a target (or "none"), k different positions summing to a
target, and a split into two groups with the smallest difference. Every answer is a witness the
verifier checks by its constraints, so any valid one is correct; "none" and optimality are decided
by our own subset-sum dynamic programs."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._item_readers import read_int_list, read_positions
from ._subsets import count_subsets, fewest_terms, over_used, reach_tables, subset_for

DIFF_LABELS = {"difference", "smallest difference", "minimum difference", "min difference", "diff"}
GROUP_LABELS = {"group", "one group", "first group", "subset"}
NO_SUBSET = {"no subset", "no such subset", "impossible", "not possible", "no", "there is no such subset"}


# --------------------------------------------------------------------------- solvers

def find_k_sum(values: list[int], k: int, target: int, tally: list[int] | None = None) -> list[int] | None:
    """k distinct indices (increasing) whose values sum to target, or None: k-2 nested choices
    and a hash-map two-sum on the rest, O(n^(k-1)). `tally[0]`, when given, counts the values
    the search looks at."""
    n = len(values)
    tally = [0] if tally is None else tally

    def search(start: int, k: int, target: int) -> list[int] | None:
        if k == 1:
            for j in range(start, n):
                tally[0] += 1
                if values[j] == target:
                    return [j]
            return None
        if k == 2:
            seen: dict[int, int] = {}
            for j in range(start, n):
                tally[0] += 1
                if target - values[j] in seen:
                    return [seen[target - values[j]], j]
                seen.setdefault(values[j], j)
            return None
        for i in range(start, n - k + 1):
            tally[0] += 1
            rest = search(i + 1, k - 1, target - values[i])
            if rest is not None:
                return [i] + rest
        return None

    return search(0, k, target) if 1 <= k <= n else None


def best_partition(values: list[int], balanced: bool = False) -> tuple[int, list[int]]:
    """The smallest |sum(A) - sum(B)| over splits of `values` (non-negative) into two groups, and
    the indices of one group, by subset-sum bitsets; with `balanced`, the group sizes must differ
    by at most one (bitsets per group size)."""
    total, n = sum(values), len(values)
    if not balanced:
        tables = reach_tables(values)
        s = total // 2
        while not tables[-1] >> s & 1:
            s -= 1
        return total - 2 * s, subset_for(values, tables, s)
    m = (n + 1) // 2
    tables = [[1] + [0] * m]
    for v in values:
        prev = tables[-1]
        tables.append([prev[0]] + [prev[c] | (prev[c - 1] << v) for c in range(1, m + 1)])
    best = None
    for c in sorted({n // 2, m}):
        bits, s = tables[-1][c], 0
        while bits:
            if bits & 1:
                cand = (abs(total - 2 * s), c, s)
                best = cand if best is None or cand < best else best
            bits >>= 1
            s += 1
    diff, c, s = best
    group = []
    for i in range(n, 0, -1):
        if not tables[i - 1][c] >> s & 1:
            group.append(i - 1)
            c, s = c - 1, s - values[i - 1]
    return diff, group[::-1]


def greedy_partition(values: list[int]) -> int:
    """The difference the largest-first greedy split reaches (each number to the lighter group)."""
    a = b = 0
    for v in sorted(values, reverse=True):
        if a <= b:
            a += v
        else:
            b += v
    return abs(a - b)


# --------------------------------------------------------------------------- subset sum

@register
class SubsetSum(Task):
    """Subset sum with a witness: given positive integers and a target, give a subset whose sum is
    exactly the target, or "none" when no subset reaches it. Reachability is decided by a
    subset-sum bitset DP; any subset that uses each listed number at most once and hits the target
    is accepted. Higher levels add numbers and larger values, mix in unreachable targets (so
    "none" must be argued, not guessed), and prefer targets hit by exactly one subset. The top
    levels generate more slowly (some 50-100 problems/s on one core): the tables counting subsets
    and their fewest terms grow with the count of numbers times their total."""

    name = "algorithms/subset_sum"
    knobs = (
        Knob("n_numbers", [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24], (2, 40),
             doc="how many numbers are given"),
        Knob("max_value", [10, 12, 15, 20, 30, 40, 60, 80, 120, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 1000],
             (2, 1000), doc="largest number"),
        Knob("min_terms", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (1, 20),
             doc="a reachable target needs at least this many numbers"),
        Knob("none_rate", [0.0, 0.0, 0.2, 0.25] + [0.3] * 16, (0.0, 1.0),
             doc="chance that the target is unreachable (the answer is none)"),
        Knob("unique", [False, False, False] + [True] * 17, doc="prefer targets that exactly one subset reaches"),
    )
    answer_format = "the numbers of the subset, comma-separated (in any order), or none if no subset has that sum"
    example = "4,9,0"  # the numbers are positive, so 0 is never among them: never an answer

    def build(self, rng, params):
        n, top = params["n_numbers"], params["max_value"]
        terms = min(params["min_terms"], n)
        target = None
        for attempt in range(60):
            values = [rng.randint(1, top) for _ in range(n)]
            total = sum(values)
            tables = reach_tables(values)
            reach = tables[-1]
            lo, hi = min(values) + 1, total - 1
            band = range(max(lo, total // 5), min(hi, 4 * total // 5) + 1)
            if rng.random() < params["none_rate"]:
                holes = [t for t in band if not reach >> t & 1] or [t for t in range(lo, hi + 1) if not reach >> t & 1]
                if holes:
                    target = rng.choice(holes)
                    break
                continue
            ways, fewest = count_subsets(values), fewest_terms(values)
            cands = [t for t in range(lo, hi + 1) if ways[t] and fewest[t] >= terms]
            if not cands and attempt < 50:
                continue
            cands = cands or [t for t in range(1, total + 1) if ways[t]]
            if params["unique"]:
                least = min(ways[t] for t in cands)
                if least > 1 and attempt < 40:
                    continue
                cands = [t for t in cands if ways[t] == least]
            target = rng.choice(cands)
            break
        chosen = subset_for(values, tables, target)
        question = (f"Here are {n} positive integers:\n{', '.join(map(str, values))}\n\n"
                    f"Find a subset of them whose sum is exactly {target}. Each listed number may be used at most "
                    "once (a value listed twice may be used twice). If no subset has that sum, answer none.")
        answer = "none" if chosen is None else ",".join(str(values[i]) for i in chosen)
        return Draft(question, answer, {"numbers": values, "target": target, "reachable": chosen is not None})

    def effort(self, problem):
        # the subset-sum DP marks, number by number, every sum up to the target it can reach (all
        # of them are needed to show "none"); a subset found is then traced back
        c = problem.check
        terms = 0 if not c["reachable"] else len(subset_for(c["numbers"], reach_tables(c["numbers"]), c["target"]))
        return len(c["numbers"]) * c["target"] + terms

    def grade(self, answer, problem):
        c = problem.check
        if is_none(answer) or " ".join(answer.lower().split()) in NO_SUBSET:
            return wrong("Some subset does reach the target.") if c["reachable"] else right()
        try:
            chosen = read_int_list(answer, ",;+")
        except ParseError as exc:
            return refused(exc)
        extra = over_used(chosen, c["numbers"])
        if extra is not None:
            return wrong(f"{extra} is used more often than it appears in the list.")
        if sum(chosen) != c["target"]:
            return wrong(f"Those numbers add up to {sum(chosen)}, not {c['target']}.")
        return right()


# --------------------------------------------------------------------------- k-sum

@register
class KSum(Task):
    """Two-sum and k-sum with index witnesses: given integers at positions 1..n and a target, give
    k different positions whose values add up to the target. A solution always exists (found by
    our own search: k-2 nested choices and a hash-map two-sum); any k distinct positions with the
    right sum are accepted. Higher levels lengthen the list, raise k from 2 to 5, add negative
    values, and set traps where reusing one position would hit the target."""

    name = "algorithms/k_sum"
    knobs = (
        Knob("n_numbers", [5, 6, 7, 8, 9, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40], (2, 40),
             doc="length of the list"),
        Knob("k", [2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5], (2, 5),
             doc="how many positions to choose"),
        Knob("max_value", [20, 30, 40, 50, 50, 60, 80, 100, 100, 150, 160, 180, 200, 220, 250, 280, 300, 340, 370, 400],
             (2, 1000), doc="largest absolute value"),
        Knob("negatives", [False] * 4 + [True] * 16, doc="allow negative values"),
        Knob("reuse_trap", [False, False] + [True] * 18,
             doc="prefer targets that one position used twice would also reach"),
    )
    answer_format = "the positions (numbered from 1), comma-separated, in any order"
    example = "2,99"  # position 99 is past the end of every list: never an answer

    def build(self, rng, params):
        n, top = params["n_numbers"], params["max_value"]
        k = min(params["k"], n)
        lo = -top if params["negatives"] else 1
        for attempt in range(60):
            values = [rng.randint(lo, top) for _ in range(n)]
            if params["reuse_trap"] and n > k and attempt < 45:
                i = rng.randrange(n)
                if values.count(values[i]) != 1:
                    continue
                others = rng.sample([j for j in range(n) if j != i], k - 2)
                target = 2 * values[i] + sum(values[j] for j in others)
            else:
                target = sum(values[j] for j in rng.sample(range(n), k))
            found = find_k_sum(values, k, target)
            if found is not None:
                break
        listing = ", ".join(f"{i + 1}: {v}" for i, v in enumerate(values))
        question = (f"A list of {n} integers, shown as position: value, with positions numbered from 1:\n{listing}\n\n"
                    f"Find {k} different positions whose values add up to exactly {target}. A position may not be "
                    "used twice, although two different positions may hold equal values.")
        # k positions, the last one 99: past the end of every list (at most 40 numbers), never an answer
        example = (",".join(str(2 * j + 1) for j in range(k - 1)) if k != 2 else "2") + ",99"
        return Draft(question, ",".join(str(i + 1) for i in found), {"numbers": values, "k": k, "target": target},
                     f"the {k} positions (numbered from 1), comma-separated, in any order", example)

    def effort(self, problem):
        # the reference search: k - 2 nested choices and a hash-map two-sum, counted in values
        # looked at until a solution turns up
        c = problem.check
        tally = [0]
        find_k_sum(c["numbers"], c["k"], c["target"], tally)
        return tally[0]

    def grade(self, answer, problem):
        c = problem.check
        values, k = c["numbers"], c["k"]
        try:
            chosen = read_positions(read_parts(answer, [{"positions", "indices", "position"}])[0], len(values))
        except ParseError as exc:
            return refused(exc)
        if len(set(chosen)) != len(chosen):
            return wrong("A position is used more than once.")
        if len(chosen) != k:
            return wrong(f"Give exactly {k} positions, not {len(chosen)}.")
        total = sum(values[i - 1] for i in chosen)
        if total != c["target"]:
            return wrong(f"The values at those positions add up to {total}, not {c['target']}.")
        return right()


# --------------------------------------------------------------------------- partition

@register
class BalancedPartition(Task):
    """Split a list of positive integers into two groups so that the difference of the group sums is
    as small as possible; answer with the difference and one group, which the verifier checks
    (any optimal split is accepted). The optimum comes from a subset-sum bitset DP (per group size
    when sizes are constrained). Higher levels add numbers and larger values, prefer instances where
    the largest-first greedy split is not optimal, and at the top levels require the two groups to
    have equal sizes (or sizes differing by one)."""

    name = "algorithms/balanced_partition"
    knobs = (
        Knob("n_numbers", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 35, 38], (2, 40),
             doc="how many numbers"),
        Knob("max_value", [10, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 140, 160, 180, 200, 240, 280, 320, 360, 400],
             (1, 1000), doc="largest number"),
        Knob("greedy_trap", [False, False] + [True] * 18,
             doc="prefer instances where the largest-first greedy split is not optimal"),
        Knob("equal_sizes", [False] * 7 + [True] * 13,
             doc="the two groups must have sizes differing by at most one"),
    )
    answer_format = ("the smallest difference, a semicolon, then the numbers of one group, comma-separated "
                     "(the other group is all the remaining numbers)")
    example = "3; 8, 5, 0"  # the numbers are positive, so 0 is never among them: never an answer

    def build(self, rng, params):
        n, top, balanced = params["n_numbers"], params["max_value"], params["equal_sizes"]
        for attempt in range(40):
            values = [rng.randint(1, top) for _ in range(n)]
            diff, group = best_partition(values, balanced)
            if not params["greedy_trap"] or n < 4 or attempt >= 30 or greedy_partition(values) > diff:
                break
        size_rule = ""
        if balanced:
            size_rule = (" The two groups must contain the same number of numbers." if n % 2 == 0 else
                         " The sizes of the two groups must differ by at most one.")
        question = (f"Here are {n} positive integers:\n{', '.join(map(str, values))}\n\n"
                    "Split them into two groups, each number in exactly one group (a value listed twice counts as "
                    "two numbers), so that the difference between the two group sums is as small as possible."
                    f"{size_rule} "
                    "Give that smallest difference and the numbers of one of the groups.")
        answer = f"{diff}; " + ", ".join(str(values[i]) for i in group)
        return Draft(question, answer, {"numbers": values, "best": diff, "balanced": balanced})

    def effort(self, problem):
        # the subset-sum DP marks, number by number, every reachable sum up to half the total;
        # with equal sizes it does so once per group size up to half the count
        c = problem.check
        n, half = len(c["numbers"]), sum(c["numbers"]) // 2
        return n * half * ((n + 1) // 2 if c["balanced"] else 1)

    def grade(self, answer, problem):
        c = problem.check
        values = c["numbers"]
        try:
            first, second = read_parts(answer, [DIFF_LABELS, GROUP_LABELS])
            claimed = read_int(first)
            group = read_int_list(second)
        except ParseError as exc:
            return refused(exc)
        extra = over_used(group, values)
        if extra is not None:
            return wrong(f"{extra} is used more often than it appears in the list.")
        n, k = len(values), len(group)
        if c["balanced"] and abs(n - 2 * k) > 1:
            return wrong(f"That group has {k} numbers and the other {n - k}: the sizes must differ by at most one.")
        diff = abs(sum(values) - 2 * sum(group))
        if diff != claimed:
            return wrong(f"With that group the sums differ by {diff}, not {claimed}.")
        if diff != c["best"]:
            return wrong(f"A difference of {diff} is not the smallest possible.")
        return right()
