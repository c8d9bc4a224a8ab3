"""Decimal arithmetic: the exact value of an expression over decimal numbers."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import decimal_text, is_terminating

from ._amounts import grade_amount
from ._expression_trees import Node, TreeBuilder, digit_work, evaluate, fit_depth, parse_rendered, text_digits

# divisors that keep a quotient a short terminating decimal (tried in random order)
DIVISORS = tuple(Fraction(d) for d in ("2", "4", "5", "8", "0.5", "0.25", "0.2", "0.4", "0.8", "1.25", "2.5", "1.5",
                                       "0.3", "0.6", "1.2", "3", "6", "0.05", "0.02", "0.125", "12", "25", "0.04"))
_PREC = {"+": 1, "-": 1, "*": 2, "/": 2}


def render_decimal(node: Node, leftmost: bool = True) -> str:
    """An expression tree over decimal literals with only the parentheses precedence needs."""
    if node.op == "num":
        text = decimal_text(node.value)
        return text if leftmost or node.value >= 0 else f"({text})"
    p = _PREC[node.op]
    left, right = node.left, node.right
    lp = 3 if left.op == "num" else _PREC[left.op]
    rp = 3 if right.op == "num" else _PREC[right.op]
    wrap_left = lp < p
    wrap_right = rp < p or (rp == p and not (right.op == node.op and node.op in "+*"))
    lt = f"({render_decimal(left)})" if wrap_left else render_decimal(left, leftmost)
    rt = f"({render_decimal(right)})" if wrap_right else render_decimal(right, False)
    return f"{lt} {node.op} {rt}"


class DecimalBuilder(TreeBuilder):
    """Trees over decimals whose every intermediate value is a short terminating decimal.

    A division whose divisor is a literal gets a divisor from DIVISORS that keeps the quotient
    within the allowed decimal places; other divisions are kept only if they come out so.
    """

    def __init__(self, rng, ops, leaf, ok, negatives: bool):
        super().__init__(rng, ops, leaf, ok)
        self.negatives = negatives

    def _join(self, op, left, right):
        if op == "/" and right.op == "num":
            options = list(DIVISORS)
            self.rng.shuffle(options)
            for d in options:
                if self.negatives and self.rng.random() < 0.25:
                    d = -d
                if self.ok(left.value / d):
                    return Node("/", left, Node("num", value=d))
            return None
        return super()._join(op, left, right)


@register
class DecimalArithmetic(Task):
    """Compute the exact value of an expression over decimal numbers (standard order of
    operations). Higher levels add operators (more steps: aligning decimal points, counting
    places in products, shifting the point in divisions), nested brackets, more decimal places
    and negative numbers. Every intermediate value is a terminating decimal, so the exact answer
    is a decimal; an equal fraction is accepted too, an approximation is not."""

    name = "arithmetic/decimal_arithmetic"
    knobs = (
        Knob("n_ops", [1, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (1, 20),
             doc="binary operators in the expression"),
        Knob("max_depth", [1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7], (1, 10),
             doc="depth limit of the expression tree (raised if too small to hold n_ops)"),
        Knob("operators", ["+-", "+-", "+-*", "+-*"] + ["+-*/"] * 16,
             choices=("+-", "+-*", "+-*/"), doc="operators used"),
        Knob("negatives", [False, False, False] + [True] * 17, doc="negative literals and divisors"),
        Knob("places", [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4], (0, 6),
             doc="most decimal places of a literal"),
        Knob("int_max", [9, 20, 20, 30, 30, 50, 50, 99, 99, 99, 99, 99, 150, 150, 200, 200, 300, 300, 500, 500],
             (1, 10**6), doc="largest whole part of a literal"),
        Knob("result_places", [2, 2, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10], (0, 12),
             doc="most decimal places of any intermediate value"),
    )
    answer_format = "the exact value as a decimal number, without rounding (an equal fraction p/q is also accepted)"
    example = "-98765432.125"  # every value is at most 50 (int_max + 1) <= 5*10^7 in size: never an answer

    def build(self, rng, params):
        negatives = params["negatives"]
        places, int_max = params["places"], params["int_max"]
        limit = 10 ** max(params["result_places"], places)
        bound = 50 * (int_max + 1)

        def leaf(r):
            k = r.randint(1, places) if places and r.random() < 0.8 else 0
            whole = r.randint(0 if k else 1, int_max)
            frac = r.randint(1, 10 ** k - 1) if k else 0
            if k and frac % 10 == 0:
                frac += 1
            v = Fraction(whole) + Fraction(frac, 10 ** k)
            if negatives and r.random() < 0.3:
                v = -v
            return Node("num", value=v)

        def ok(v):
            return abs(v) <= bound and is_terminating(v) and limit % v.denominator == 0

        builder = DecimalBuilder(rng, params["operators"], leaf, ok, negatives)
        depth = fit_depth(params["n_ops"], params["max_depth"])
        for _ in range(50):
            tree = builder.grow(params["n_ops"], depth)
            if tree.value != 0:
                break
        value = evaluate(tree)
        text = render_decimal(tree)
        question = f"Compute the exact value of this expression (standard order of operations):\n\n{text}"
        return Draft(question, decimal_text(value), {"value": [value.numerator, value.denominator], "expression": text})

    def effort(self, problem):
        # decimal digits handled over every operation, evaluated as written
        return digit_work(parse_rendered(problem.check["expression"]), text_digits(decimal_text))

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        return grade_amount(answer, Fraction(p, q), "the exact value of the expression")
