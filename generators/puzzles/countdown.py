"""Countdown numbers: reach a target with + - * / and parentheses, each given number used once at most.

The answer is read by `_arithmetic.read_arithmetic`: `ast.parse` (parsing only, nothing is
executed), a whitelist walk (binary + - * /, integer literals, parentheses) and exact Fractions.
Every literal must be one of the given numbers, as a multiset: a number not in the puzzle, or
one used more often than it is given, fails.
"""
from __future__ import annotations

from collections import Counter

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._arithmetic import read_arithmetic

LARGE = (25, 50, 75, 100)
SMALL = tuple(range(1, 11)) * 2  # the classic deck: two of each small number
NODE_BUDGET = 30_000  # search nodes per attempt before a fresh draw (up to six numbers)
BIG_NODE_BUDGET = 100_000  # with seven or eight numbers (past level 10), whose searches run longer
ATTEMPTS = 2_000  # target proposals before giving up on the knobs
TARGETS_PER_DRAW = 10  # target proposals per draw of numbers

_PREC = {"+": 1, "-": 1, "*": 2, "/": 2}


class _OutOfBudget(Exception):
    pass


# ---------------------------------------------------------------- the solver

def solve(numbers: list[int], target: int, exact: bool, budget: int = NODE_BUDGET, stats: dict | None = None):
    """An expression tree reaching `target`, or None: exhaustive depth-first search.

    Repeatedly combines two of the remaining values with + - * / (keeping intermediate results
    whole and non-negative, which loses no integer target), remembering every multiset of values
    already explored. With `exact`, a solution must use every number. Raises _OutOfBudget after
    `budget` search nodes. A tree is an int (a given number) or (op, left, right). With `stats`,
    stats["nodes"] is set to the number of search nodes it took.
    """
    seen: set[tuple[int, ...]] = set()
    nodes = 0

    def dfs(values, trees):
        nonlocal nodes
        nodes += 1
        if nodes > budget:
            raise _OutOfBudget
        if not exact and target in values:
            return trees[values.index(target)]
        count = len(values)
        if count == 2:  # the last step, inline: the most numerous nodes of the search
            a, b = values
            ta, tb = trees
            if a < b:
                a, ta, b, tb = b, tb, a, ta
            if a + b == target:
                return ("+", ta, tb)
            if a - b == target:
                return ("-", ta, tb)
            if a * b == target:
                return ("*", ta, tb)
            if b and a == target * b:
                return ("/", ta, tb)
            return None
        if count == 1:
            return None
        key = tuple(sorted(values))
        if key in seen:
            return None
        seen.add(key)
        for i in range(count):
            for j in range(i + 1, count):
                a, b, ta, tb = values[i], values[j], trees[i], trees[j]
                if a < b:
                    a, ta, b, tb = b, tb, a, ta
                rest_v = values[:i] + values[i + 1:j] + values[j + 1:]
                rest_t = trees[:i] + trees[i + 1:j] + trees[j + 1:]
                rest_v.append(0)
                rest_t.append(None)
                options = [(a + b, "+")]
                if a > b or (exact and a == b):
                    options.append((a - b, "-"))
                if b > 1 or (exact and b == 1):
                    options.append((a * b, "*"))
                if b > 1 and a % b == 0:
                    options.append((a // b, "/"))
                for value, op in options:
                    rest_v[-1] = value
                    rest_t[-1] = (op, ta, tb)
                    found = dfs(rest_v, rest_t)
                    if found is not None:
                        return found
        return None

    try:
        return dfs(list(numbers), list(numbers))
    finally:
        if stats is not None:
            stats["nodes"] = nodes


def node_budget(n_numbers: int) -> int:
    return NODE_BUDGET if n_numbers <= 6 else BIG_NODE_BUDGET


def propose_target(rng, numbers: list[int], k: int) -> int:
    """The value of a random combination of k of the numbers: a target worth handing to `solve`.

    Most uniformly drawn targets in a wide range are unreachable with all numbers, and proving
    that costs a full search; proposing reachable values keeps generation fast. The reference
    answer is still whatever the exhaustive solver finds, not this combination.
    """
    values = rng.sample(numbers, k)
    while len(values) > 1:
        b, a = sorted((values.pop(rng.randrange(len(values))), values.pop(rng.randrange(len(values)))))
        options = [a + b, a * b] if b > 1 else [a + b]
        if a > b:
            options.append(a - b)
        if b > 1 and a % b == 0:
            options.append(a // b)
        if b == 1 and len(values) > 0:
            options.append(a * b)  # keeps a 1 usable without changing the value
        values.append(rng.choice(options))
    return values[0]


def reachable_with_at_most(numbers: list[int], k: int) -> set[int]:
    """Every value some k or fewer of the numbers reach (whole non-negative intermediate steps)."""
    n = len(numbers)
    values: dict[int, set[int]] = {1 << i: {numbers[i]} for i in range(n)}
    masks = sorted((m for m in range(1, 1 << n) if 2 <= m.bit_count() <= k), key=int.bit_count)
    for mask in masks:
        out: set[int] = set()
        sub = (mask - 1) & mask
        while sub:
            other = mask ^ sub
            if sub < other:
                for a in values[sub]:
                    for b in values[other]:
                        out.add(a + b)
                        out.add(a * b)
                        out.add(abs(a - b))
                        if b and a % b == 0:
                            out.add(a // b)
                        if a and b % a == 0:
                            out.add(b // a)
            sub = (sub - 1) & mask
        values[mask] = out
    return set().union(*values.values()) if values else set()


def render(tree) -> str:
    """An expression with only the parentheses it needs."""
    return _render(tree)[0]


def _render(tree) -> tuple[str, int]:
    if isinstance(tree, int):
        return str(tree), 3
    op, left, right = tree
    (ls, lp), (rs, rp) = _render(left), _render(right)
    prec = _PREC[op]
    if lp < prec:
        ls = f"({ls})"
    if rp < prec or (rp == prec and op in "-/"):
        rs = f"({rs})"
    return f"{ls}{op}{rs}", prec


# ---------------------------------------------------------------- reading an answer

@register
class Countdown(Task):
    """Reach a target number by combining given numbers with + - * / and parentheses, each number
    used at most once (from level 7: exactly once). The expression is evaluated exactly (fractions
    are allowed along the way) and every number in it must come from the list. Each instance is
    solved at generation time by an exhaustive search, whose solution is the reference answer.
    Higher levels add numbers and large numbers, raise the target, demand that every number be
    used, and pick targets that no small subset reaches (at least `min_numbers` numbers are
    needed), so the search for a combination gets deeper.

    Past level 10 the targets grow and seven, then eight numbers are given, all to be used.

    Generation slows with six numbers (about 6,000/s at level 5 but 200-400/s at levels 9-10 on
    one core, and 10-30/s past level 14 with seven or eight numbers), and why: each target is
    solved by the exhaustive search, and proving that no four of them reach it enumerates every
    subset of up to four numbers."""

    name = "puzzles/countdown"
    knobs = (
        Knob("n_numbers", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 8, 8], (2, 8),
             doc="how many numbers are given"),
        Knob("n_large", [0, 0, 0, 1, 1, 1, 1, 2, 2, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 2], (0, 4),
             doc="how many of them come from 25, 50, 75, 100"),
        Knob("target_min", [5, 10, 10, 20, 50, 100, 100, 100, 100, 200, 500, 1000, 500, 1000, 2000, 1000, 2000, 3000,
                             5000, 5000], (1, 100_000),
             doc="smallest target"),
        Knob("target_max", [20, 40, 60, 100, 200, 300, 500, 999, 999, 999, 2000, 5000, 2000, 5000, 9999, 9999, 9999,
                             12000, 20000, 20000], (1, 100_000),
             doc="largest target"),
        Knob("exact", [False] * 6 + [True] * 4 + [True] * 10,
             doc="every number must be used exactly once (else at most once)"),
        Knob("min_numbers", [2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5], (1, 8),
             doc="the target cannot be made from fewer numbers than this (checked with whole-number steps)"),
    )
    answer_format = ("an arithmetic expression using the given numbers, + - * / and parentheses "
                     "(an optional trailing = target is allowed)")
    example = "(6+4)*5-0"  # the numbers are 1 or more, so 0 is never one of them: never an answer

    def build(self, rng, params):
        n, large, m = params["n_numbers"], params["n_large"], params["min_numbers"]
        lo, hi, exact = params["target_min"], params["target_max"], params["exact"]
        if large > n:
            raise ValueError(f"knob 'n_large': {large} is more than n_numbers ({n})")
        if m > n:
            raise ValueError(f"knob 'min_numbers': {m} is more than n_numbers ({n})")
        if lo > hi:
            raise ValueError(f"knob 'target_min': {lo} is more than target_max ({hi})")
        tree, attempts = None, 0
        while tree is None:
            if attempts >= ATTEMPTS:
                raise ValueError(f"no solvable puzzle found for these knobs {params}: widen target_min..target_max")
            numbers = sorted(rng.sample(LARGE, large) + rng.sample(SMALL, n - large))
            too_easy = None  # what fewer than min_numbers of these numbers reach, computed once per draw
            for _ in range(TARGETS_PER_DRAW):
                attempts += 1
                target = propose_target(rng, numbers, n if exact else rng.randint(m, n))
                if not lo <= target <= hi:
                    continue
                if m > 1:
                    if too_easy is None:
                        too_easy = reachable_with_at_most(numbers, m - 1)
                    if target in too_easy:
                        continue
                try:
                    tree = solve(numbers, target, exact, node_budget(n))
                except _OutOfBudget:
                    continue
                if tree is not None:
                    break
        answer = render(tree)
        literals, value, _ = read_arithmetic(answer)  # the reference passes the verifier's own reading
        if value != target or (Counter(literals) - Counter(numbers)) or (exact and sorted(literals) != numbers):
            raise RuntimeError(f"solver produced a wrong expression {answer!r}")  # pragma: no cover
        use = ("Each number must be used exactly once" if exact else
               "Each number may be used at most once, and you do not have to use them all")
        if len(set(numbers)) < len(numbers):
            use += " (a number listed twice counts as two numbers)"
        question = (f"Numbers: {', '.join(map(str, numbers))}\nTarget: {target}\n\n"
                    f"Write an arithmetic expression that equals the target, combining the numbers with "
                    f"+, -, *, / and parentheses. {use}. "
                    f"No other numbers may appear, and no number may be negated or joined to another "
                    f"(1 and 2 do not make 12). The expression is evaluated exactly, so fractions may "
                    f"occur along the way.")
        return Draft(question, answer, {"numbers": numbers, "target": target, "exact": exact})

    def effort(self, problem):
        # the search nodes the exhaustive solver expands before it reaches the target (the
        # reference answer is the expression it finds)
        c, stats = problem.check, {}
        solve(c["numbers"], c["target"], c["exact"], node_budget(len(c["numbers"])), stats)
        return stats["nodes"]

    def grade(self, answer, problem):
        c = problem.check
        target = c["target"]
        try:
            literals, value, claimed = read_arithmetic(answer)
        except ParseError as exc:
            return refused(exc)
        if claimed is not None and claimed != target:
            return wrong(f"The expression must equal {target}.")
        extra = Counter(literals) - Counter(c["numbers"])
        if extra:
            bad = min(extra)
            given = c["numbers"].count(bad)
            return wrong(f"{bad} is not one of the numbers." if not given else
                         f"{bad} is used more often than it is given.")
        if c["exact"] and sorted(literals) != sorted(c["numbers"]):
            return wrong("Every number must be used exactly once.")
        if value is None:
            return wrong("The expression divides by zero.")
        if value != target:
            return wrong(f"The expression equals {value}, not {target}.")
        return right()
