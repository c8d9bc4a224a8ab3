"""The 24 game and its variants: combine every given number exactly once to make the target.

Answers are read by `_arithmetic.read_arithmetic` (`ast.parse`, parsing only, and a whitelist
walk: binary + - * /, whole number literals, parentheses), evaluated exactly with Fractions,
and the literals must be the given numbers as a multiset. Some problems have no solution; then the answer is the word
`none`, and the generator has proved it by an exhaustive search over every expression.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import gcd

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._arithmetic import read_arithmetic

ATTEMPTS = 3_000

# every 4 numbers from 1..13 that make 24 only through a non-whole intermediate value (8/(3-8/3)),
# found by the exhaustive search (whole-number search fails, rational search succeeds); the tests
# recompute this list from all 1,820 multisets
FRACTION_ONLY_24 = ((1, 3, 4, 6), (1, 4, 5, 6), (1, 5, 5, 5), (1, 6, 6, 8), (1, 8, 12, 12), (2, 2, 11, 11),
                    (2, 2, 13, 13), (2, 3, 5, 12), (2, 4, 10, 10), (2, 5, 5, 10), (2, 7, 7, 10), (3, 3, 7, 7),
                    (3, 3, 8, 8), (4, 4, 7, 7), (5, 5, 7, 11), (5, 7, 7, 11))
_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2}


# ---------------------------------------------------------------- the exhaustive solver

def _combine(a, b, whole: bool):
    """(value, op, swapped) for every way to combine two reduced rationals a, b = (num, den).

    With `whole`, only whole-number results (of whole inputs) are produced."""
    an, ad = a
    bn, bd = b
    out = []
    n, d = an * bd + bn * ad, ad * bd
    g = gcd(n, d)
    out.append(((n // g, d // g), "+", False))
    n = an * bn
    g = gcd(n, d)
    out.append(((n // g, d // g), "*", False))
    n = an * bd - bn * ad
    if n:
        g = gcd(n, d)
        out.append(((n // g, d // g), "-", False))
        out.append(((-n // g, d // g), "-", True))
    else:
        out.append(((0, 1), "-", False))
    if bn and not (whole and an % bn):
        n, d = an * bd, ad * bn
        if d < 0:
            n, d = -n, -d
        g = gcd(n, d)
        out.append(((n // g, d // g), "/", False))
    if an and not (whole and bn % an) and a != b:
        n, d = bn * ad, bd * an
        if d < 0:
            n, d = -n, -d
        g = gcd(n, d)
        out.append(((n // g, d // g), "/", True))
    return out


def solve(numbers: list[int], target: int, whole: bool = False, stats: dict | None = None):
    """An expression tree using every number once and equal to `target`, or None.

    Exhaustive depth-first search: repeatedly replace two of the remaining values by their sum,
    product, either difference or either quotient, remembering every multiset of values that
    has already failed. Exact rationals (reduced (num, den) pairs) throughout; with `whole`,
    every intermediate value must be a whole number. Negative intermediates are allowed: they
    can only arise from subtraction, which the answer may use freely. A tree is an int or
    (op, left, right). With `stats`, stats["nodes"] is set to the number of combinations of two
    values the search tried (the expressions it looked at).
    """
    failed: set = set()
    nodes = 0

    def last(a, b, ta, tb):
        nonlocal nodes
        nodes += 1
        (an, ad), (bn, bd) = a, b
        t = target * ad * bd
        if an * bd + bn * ad == t:
            return ("+", ta, tb)
        if an * bn == t:
            return ("*", ta, tb)
        if an * bd - bn * ad == t:
            return ("-", ta, tb)
        if bn * ad - an * bd == t:
            return ("-", tb, ta)
        if bn and an * bd == target * ad * bn:
            return ("/", ta, tb)
        if an and bn * ad == target * an * bd:
            return ("/", tb, ta)
        return None

    def needed(x):
        """{w: how x and w combine to the target} for every value w that finishes with x."""
        xn, xd = x
        out = {(target * xd - xn, xd): ("+", False), (xn - target * xd, xd): ("-", False),
               (target * xd + xn, xd): ("-", True)}
        if xn:
            for n, d, how in ((target * xd, xn, ("*", False)), (xn, xd * target, ("/", False)),
                              (target * xn, xd, ("/", True))):
                if d < 0:
                    n, d = -n, -d
                g = gcd(n, d)
                out.setdefault((n // g, d // g), how)
        return out

    def three(values, trees):
        """The last two steps at once: for each value x, the values that finish with x, looked up
        among the combinations of the other two."""
        nonlocal nodes
        for i in range(3):
            j, k = (1, 2) if i == 0 else (0, 2) if i == 1 else (0, 1)
            want = needed(values[i])
            for value, op, swapped in _combine(values[j], values[k], whole):
                nodes += 1
                how = want.get(value)
                if how is not None:
                    inner = (op, trees[k], trees[j]) if swapped else (op, trees[j], trees[k])
                    return (how[0], inner, trees[i]) if how[1] else (how[0], trees[i], inner)
        return None

    def dfs(values, trees):
        nonlocal nodes
        k = len(values)
        if k == 2:
            return last(values[0], values[1], trees[0], trees[1])
        if k == 3:
            return three(values, trees)
        key = tuple(sorted(values))
        if key in failed:
            return None
        tried = set()
        for i in range(k):
            for j in range(i + 1, k):
                pair = (values[i], values[j]) if values[i] <= values[j] else (values[j], values[i])
                if pair in tried:
                    continue
                tried.add(pair)
                rest_v = values[:i] + values[i + 1:j] + values[j + 1:]
                rest_t = trees[:i] + trees[i + 1:j] + trees[j + 1:]
                for value, op, swapped in _combine(values[i], values[j], whole):
                    if whole and value[1] != 1:
                        continue
                    nodes += 1
                    tree = (op, trees[j], trees[i]) if swapped else (op, trees[i], trees[j])
                    found = dfs(rest_v + [value], rest_t + [tree])
                    if found is not None:
                        return found
        failed.add(key)
        return None

    if len(numbers) == 1:
        return numbers[0] if numbers[0] == target else None
    try:
        return dfs([(x, 1) for x in numbers], list(numbers))
    finally:
        if stats is not None:
            stats["nodes"] = nodes


def render(tree) -> str:
    """The expression with only the parentheses it needs."""
    text, _ = _render(tree)
    return text


def _render(tree):
    if isinstance(tree, int):
        return str(tree), 3
    op, left, right = tree
    (lt, lp), (rt, rp) = _render(left), _render(right)
    p = _PRECEDENCE[op]
    if lp < p:
        lt = f"({lt})"
    if rp < p or (rp == p and op in "-/"):
        rt = f"({rt})"
    return f"{lt} {op} {rt}" if p == 1 else f"{lt}{op}{rt}", p


def _value(tree) -> Fraction:
    if isinstance(tree, int):
        return Fraction(tree)
    op, a, b = tree
    a, b = _value(a), _value(b)
    return a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a / b


def fraction_target(rng, numbers: list[int], lo: int, hi: int) -> int | None:
    """A target in [lo, hi] that a random expression of the numbers with a non-whole step
    reaches, or None: a candidate for a problem whose every solution needs a fraction (the
    caller proves that with the whole-number search)."""
    items = [(Fraction(x), x) for x in numbers]
    fractional = False
    while len(items) > 1:
        i, j = rng.sample(range(len(items)), 2)
        (a, ta), (b, tb) = items[i], items[j]
        items = [x for k, x in enumerate(items) if k not in (i, j)]
        op = rng.choice("+-*//")  # division twice as likely: it makes the fractions
        if op == "/" and b == 0:
            return None
        value = a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else a / b
        fractional |= value.denominator != 1
        items.append((value, (op, ta, tb)))
    value = items[0][0]
    if not fractional or value.denominator != 1 or not lo <= value <= hi:
        return None
    return int(value)


def has_fraction_step(tree) -> bool:
    """Whether some intermediate value of the tree is not a whole number."""
    if isinstance(tree, int):
        return False
    return _value(tree).denominator != 1 or has_fraction_step(tree[1]) or has_fraction_step(tree[2])


@register
class TwentyFour(Task):
    """The 24 game and its variants: combine all the given numbers, each exactly once, with
    + - * / and parentheses to make the target, or answer `none` when no expression can.
    Every problem is decided by an exhaustive search over all expressions with exact rational
    arithmetic, so a `none` answer is proved, and any correct expression is accepted (the
    verifier evaluates it exactly and checks the numbers as a multiset; never string equality).

    Levels ramp the count of numbers (3, then 4, then 5), their size, the target (24, then a
    random target), the share of problems with no solution (which must be proved by
    exhausting the search), and the share whose every solution needs a fractional
    intermediate value such as 8/(3-8/3), which whole-number reasoning misses. Levels 11-15
    keep five numbers but raise them to 40, the targets to 2,000 and the share of none answers
    to 40%, so fewer expressions hit the target and more problems need the whole search.

    Rates (one core): about 3,000 problems/s at level 5 and 2,000+/s up to level 8; levels
    9-10 run at 100-150/s, and why: with five numbers each problem is decided by an
    exhaustive search over tens of thousands of expressions, a full one whenever the answer
    is none (15-30/s at levels 12-15, with bigger numbers). Fraction-only problems for
    targets other than 24 are rare (tens of ms each), so the levels ask for them only with
    target 24, from a table the tests recompute.
    """

    name = "puzzles/twenty_four"
    knobs = (
        Knob("n_numbers", [3, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5], (2, 5), doc="how many numbers are given"),
        Knob("max_number", [6, 9, 10, 12, 13, 13, 13, 13, 13, 13, 15, 20, 25, 30, 40], (2, 50),
             doc="largest number (numbers are 1..max)"),
        Knob("target_min", [24, 24, 24, 24, 24, 24, 24, 10, 50, 100, 100, 200, 300, 300, 500], (1, 10_000),
             doc="smallest target"),
        Knob("target_max", [24, 24, 24, 24, 24, 24, 24, 99, 150, 300, 400, 600, 999, 999, 2000], (1, 10_000),
             doc="largest target"),
        Knob("none_percent", [0, 0, 10, 15, 20, 25, 25, 30, 25, 30, 30, 35, 35, 40, 40], (0, 100),
             doc="percent of problems with no solution (the answer is none)"),
        Knob("fraction_percent", [0, 0, 0, 0, 10, 25, 40, 0, 0, 0, 0, 0, 0, 0, 0], (0, 100),
             doc="percent of solvable problems whose every solution needs a non-whole intermediate value"),
    )
    cap_reason = ("five numbers are the most the exhaustive search decides quickly: with six, proving a "
                  "target unreachable (the none answers) tries over a million expressions, seconds per "
                  "problem, and past level 15 bigger numbers and targets no longer lengthen the search")
    answer_format = ("an arithmetic expression that uses each given number exactly once, with + - * / and "
                     "parentheses (an optional trailing = target is allowed), or the single word none if no "
                     "such expression exists")
    example = "(7-2)*3+0"  # the numbers are 1 or more, so 0 is never one of them: never an answer

    def build(self, rng, params):
        n, top = params["n_numbers"], params["max_number"]
        lo, hi = params["target_min"], params["target_max"]
        if lo > hi:
            raise ValueError(f"knob 'target_min': {lo} is more than target_max ({hi})")
        want_none = rng.randrange(100) < params["none_percent"]
        want_fraction = not want_none and rng.randrange(100) < params["fraction_percent"]
        for _ in range(ATTEMPTS):
            numbers = sorted(rng.randint(1, top) for _ in range(n))
            if want_fraction and n == 4 and lo == hi == 24:
                table = [q for q in FRACTION_ONLY_24 if q[-1] <= top]
                if not table:
                    raise ValueError(f"knob 'max_number': no 4 numbers up to {top} need a fraction to make 24")
                numbers, target = list(rng.choice(table)), 24
            elif want_fraction:  # slow: such targets are rare (tens of ms per problem)
                target = fraction_target(rng, numbers, lo, hi)
                if target is None or solve(numbers, target, whole=True) is not None:
                    continue
            else:
                target = rng.randint(lo, hi)
            tree = solve(numbers, target)
            if tree is not None and has_fraction_step(tree) and not want_fraction:
                tree = solve(numbers, target, whole=True) or tree  # whole steps read best
            if (tree is None) == want_none:
                break
        else:
            kind = "with no solution" if want_none else "that needs a fraction" if want_fraction else "with a solution"
            raise ValueError(f"no puzzle {kind} found for these knobs {params}: widen max_number or the targets")
        if want_fraction and not has_fraction_step(tree):  # pragma: no cover - the whole search found none
            raise RuntimeError("the fraction classification disagrees with the solver")
        if tree is None:
            answer = "none"
        else:
            answer = render(tree)
            literals, value, _ = read_arithmetic(answer)  # the reference passes the verifier's own reading
            if value != target or sorted(literals) != numbers:  # pragma: no cover
                raise RuntimeError(f"solver produced a wrong expression {answer!r}")
        dup = " (a number listed twice must be used twice)" if len(set(numbers)) < n else ""
        question = (f"Numbers: {', '.join(map(str, numbers))}\nTarget: {target}\n\n"
                    f"Write an arithmetic expression equal to {target} that uses every one of these numbers "
                    f"exactly once{dup}, combined with +, -, *, / and parentheses. No other numbers may "
                    f"appear; a number may not be negated on its own, and digits may not be joined "
                    f"(1 and 2 do not make 12). Division is exact, so fractions may occur along the way. "
                    f"If no such expression exists, answer none.")
        return Draft(question, answer, {"numbers": numbers, "target": target, "solvable": tree is not None})

    def effort(self, problem):
        # the expressions the exhaustive search tries, whole-number steps first (they read best,
        # and most problems need nothing else), then, where they fail, with fractions: a problem
        # that needs a fraction or has no solution exhausts the whole-number search first
        numbers, target = problem.check["numbers"], problem.check["target"]
        whole: dict = {}
        if solve(numbers, target, whole=True, stats=whole) is not None:
            return whole["nodes"]
        rational: dict = {}
        solve(numbers, target, stats=rational)
        return whole["nodes"] + rational["nodes"]

    def grade(self, answer, problem):
        c = problem.check
        target, numbers = c["target"], c["numbers"]
        if is_none(answer):
            if c["solvable"]:
                return wrong(f"An expression for {target} exists, so none is wrong.")
            return right()
        try:
            literals, value, claimed = read_arithmetic(answer)
        except ParseError as exc:
            return refused(exc)
        if claimed is not None and claimed != target:
            return wrong(f"The expression must equal {target}, not {claimed}.")
        extra = Counter(literals) - Counter(numbers)
        if extra:
            bad = min(extra)
            return wrong(f"{bad} is used more often than it is given." if bad in numbers
                         else f"{bad} is not one of the numbers.")
        missing = Counter(numbers) - Counter(literals)
        if missing:
            return wrong(f"Every number must be used exactly once: {min(missing)} is missing.")
        if value is None:
            return wrong("The expression divides by zero.")
        if value != target:
            return wrong(f"The expression equals {value}, not {target}.")
        return right()
