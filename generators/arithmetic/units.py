"""Unit conversion through a chain of stated conversion facts between made-up units.

The units are invented so that every fact the problem needs is in the prompt and no
remembered factor can interfere. The answer is found by a breadth-first search over the facts,
multiplying exact factors along the path.
"""
from __future__ import annotations

import math
import re
from collections import deque
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import decimal_text, number_text

from ._amounts import grade_amount
from ._work import Tally, numbers_in

UNIT_NAMES = ("blip", "zorp", "snib", "quorf", "glim", "drubb", "plonk", "wib", "skell", "frin", "morv", "yoop",
              "kelb", "vrin", "grop", "naff", "jesk", "lurn", "pidd", "rosk", "tulm", "vask", "wemp", "zilt",
              "brask", "clev", "dorn", "fesk", "hask", "jorm", "klep", "mib", "nusk", "prav", "rimb", "sarn",
              "tesk", "umbo", "wosk", "yarl", "zeb", "trell", "gonk", "fipp", "dwel", "crom", "spov", "thrin")
COMPOUNDS = ("none", "rate", "area")


def units_of(name: str) -> str:
    """The plural of a made-up unit name."""
    return name + "s"


def convert(facts, source: str, target: str, tally: Tally | None = None) -> Fraction:
    """How many `target` make one `source`, from facts (a, u, b, v) meaning a u = b v (BFS);
    `tally` counts the digits of every factor the search multiplies out."""
    graph: dict[str, list[tuple[str, Fraction]]] = {}
    for a, u, b, v in facts:
        graph.setdefault(u, []).append((v, Fraction(b, 1) / a))  # 1 u = b/a v
        graph.setdefault(v, []).append((u, Fraction(a, 1) / b))
    factor = {source: Fraction(1)}
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v, f in graph.get(u, ()):
            if v not in factor:
                factor[v] = factor[u] * f
                if tally is not None:
                    tally.op(factor[v], factor[u], f)
                queue.append(v)
    if target not in factor:
        raise ValueError(f"no chain of facts leads from {source} to {target}")
    return factor[target]


def _fact_text(rng, fact, ratio_facts: bool) -> str:
    a, u, b, v = fact
    left = f"{a} {u if a == 1 else units_of(u)}"
    right = f"{b} {v if b == 1 else units_of(v)}"
    if rng.random() < 0.5:
        left, right = right, left
    if ratio_facts and rng.random() < 0.3:
        return f"{left} make {right}" if not left.startswith("1 ") else f"{left} equals {right}"
    return f"{left} = {right}"


class _Dimension:
    """A tree of units: a path of `length` facts from the start unit to the goal, plus branches."""

    def __init__(self, rng, names: list[str], length: int, distractors: int, ratio_facts: bool, factor_max: int):
        self.path = [names.pop() for _ in range(length + 1)]
        self.facts = []
        for u, v in zip(self.path, self.path[1:]):
            self.facts.append(self._fact(rng, u, v, ratio_facts, factor_max))
        for _ in range(distractors):
            anchor = self.path[rng.randrange(len(self.path))] if rng.random() < 0.7 else None
            anchor = anchor or rng.choice([f[1] for f in self.facts] + [f[3] for f in self.facts])
            self.facts.append(self._fact(rng, anchor, names.pop(), ratio_facts, factor_max))

    @staticmethod
    def _fact(rng, u: str, v: str, ratio_facts: bool, factor_max: int):
        """a u = b v, one side 1 unless a ratio fact; the bigger unit on either side of the path."""
        if ratio_facts and rng.random() < 0.4:
            a, b = rng.randint(2, 9), rng.randint(2, 9)
            while math.gcd(a, b) != 1 or a == b:
                a, b = rng.randint(2, 9), rng.randint(2, 9)
        else:
            a, b = 1, rng.randint(2, factor_max)
        return (a, u, b, v) if rng.random() < 0.5 else (b, u, a, v)


@register
class UnitConversion(Task):
    """Convert an amount between made-up units using conversion facts stated in the prompt.
    Higher levels lengthen the chain of conversions (up and down in size), add facts that are
    not on the way (distractors), facts of the form "3 A make 8 B", and compound quantities: a
    rate (A per B into C per D, two chains at once) or an area (square units: each factor
    squared); past level 10 the chains grow to 17 facts among as many distractors. The answer
    is exact: any equal decimal or fraction."""

    name = "arithmetic/unit_conversion"
    knobs = (
        Knob("chain", [1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], (1, 24),
             doc="conversion facts on the way from one unit to the other"),
        Knob("distractors", [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (0, 24),
             doc="facts not needed for the conversion"),
        Knob("ratio_facts", [False, False, False] + [True] * 17,
             doc="some facts relate several of one unit to several of another (3 A = 8 B)"),
        Knob("compound", ["none", "none", "none", "none", ["none", "rate"], ["rate", "area"], ["none", "rate", "area"]]
             + [["rate", "area"]] * 13, choices=COMPOUNDS,
             doc="a plain amount, a rate (units per unit) or an area (square units)"),
        Knob("factor_max", [10, 10, 12, 12, 12, 16, 16, 20, 20] + [24] * 11, (2, 1000), doc="largest factor in a fact"),
    )
    answer_format = "an exact number (an integer, a decimal or a fraction p/q; do not round)"
    example = "-37.5"  # amounts and factors are positive: never an answer

    def build(self, rng, params):
        names = list(UNIT_NAMES)
        rng.shuffle(names)
        chain, extra, ratio, top = params["chain"], params["distractors"], params["ratio_facts"], params["factor_max"]
        compound = params["compound"]
        amount = Fraction(rng.randint(1, 40)) if rng.random() < 0.6 else Fraction(rng.randint(11, 199), 10)
        if compound == "rate":
            split = rng.randint(max(1, chain - 4), chain) if chain > 1 else 1
            top_dim = _Dimension(rng, names, split, extra - extra // 2, ratio, top)
            bottom = _Dimension(rng, names, max(1, chain - split), extra // 2, ratio, top)
            facts = top_dim.facts + bottom.facts
            (src, dst), (per_src, per_dst) = self._ends(rng, top_dim), self._ends(rng, bottom)
            value = amount * convert(facts, src, dst) / convert(facts, per_src, per_dst)
            quantity = f"{decimal_text(amount)} {units_of(src)} per {per_src}"
            goal = f"{units_of(dst)} per {per_dst}"
        else:
            dim = _Dimension(rng, names, chain, extra, ratio, top)
            facts = dim.facts
            src, dst = self._ends(rng, dim)
            factor = convert(facts, src, dst)
            if compound == "area":
                value = amount * factor ** 2
                quantity = f"{decimal_text(amount)} square {units_of(src)}"
                goal = f"square {units_of(dst)}"
            else:
                value = amount * factor
                quantity = f"{decimal_text(amount)} {units_of(src)}"
                goal = units_of(dst)
        rng.shuffle(facts)
        lines = "\n".join(f"- {_fact_text(rng, f, ratio)}" for f in facts)
        area = (" A square unit is a square whose side is 1 of that unit." if compound == "area" else "")
        question = (f"These made-up units are related as follows:\n{lines}\n\nConvert {quantity} to {goal}.{area}")
        return Draft(question, number_text(value), {"value": [value.numerator, value.denominator], "unit": dst})

    @staticmethod
    def _ends(rng, dim: _Dimension) -> tuple[str, str]:
        return (dim.path[0], dim.path[-1]) if rng.random() < 0.5 else (dim.path[-1], dim.path[0])

    def effort(self, problem):
        """The reference's work from the prompt: every fact read, and the digits of every factor
        the breadth-first search multiplies out (distractor branches included), for each chain
        the question needs, then the amount scaled (squared factors for an area)."""
        facts = [(int(a), _singular(u, a), int(b), _singular(v, b)) for a, u, b, v in _FACT.findall(problem.prompt)]
        m = _QUESTION.search(problem.prompt)
        amount, src, per_src, dst, per_dst = numbers_in(m.group(1))[0], m.group(2), m.group(3), m.group(4), m.group(5)
        tally = Tally()
        factor = convert(facts, _singular(src, 2), _singular(dst, 2), tally)
        if per_src:
            per = convert(facts, per_src, per_dst, tally)
            factor = tally.op(factor / per, factor, per)
        elif problem.prompt.count("square "):
            factor = tally.op(factor * factor, factor, factor)
        tally.op(amount * factor, amount, factor)
        return len(facts) + tally.total

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        return grade_amount(answer, Fraction(p, q), "the converted amount", units=goal_units(problem))


_FACT = re.compile(r"^- (\d+) ([a-z]+) (?:=|make|equals) (\d+) ([a-z]+)$", re.M)
_QUESTION = re.compile(r"Convert ([\d.]+) (?:square )?([a-z]+)(?: per ([a-z]+))? "
                       r"to (?:square )?([a-z]+)(?: per ([a-z]+))?\.")


def _singular(unit: str, count) -> str:
    """The unit name behind a count's wording ("3 zorps", "1 zorp"): names never end in s."""
    return unit[:-1] if int(count) != 1 and unit.endswith("s") else unit


_GOAL = re.compile(r"Convert .+ to ((?:square )?[a-z]+(?: per [a-z]+)?)\.")


def goal_units(problem) -> list[str]:
    """The unit an answer may end with: the goal the question names ("zorps per blip"), plural or
    singular; without such a question, the target unit (optionally square)."""
    m = _GOAL.search(problem.prompt)
    if m:
        goal = m.group(1)
        head, _, tail = goal.partition(" per ")
        singular = head[:-1] if head.endswith("s") else head
        return [goal, singular + (f" per {tail}" if tail else "")]
    unit = problem.check["unit"]
    return [f"{square}{unit}{s}" for square in ("", "square ") for s in ("", "s")]
