"""Arithmetic expressions: evaluate an expression tree written with the usual precedence rules."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, grade_int

from ._expression_trees import (Node, TreeBuilder, digit_work, evaluate, fit_depth, node_values, parse_rendered, render,
                                text_digits)

OPERATOR_SETS = ("+-", "+-*", "+-*/", "+-*/^")


@register
class ExpressionValue(Task):
    """Evaluate an integer arithmetic expression that follows the usual precedence rules. Only
    the parentheses that precedence needs are written, so the order of operations matters.
    Higher levels add operators (more steps), deeper trees (nested parentheses), negative
    numbers and unary minus, exact divisions (left-to-right chains such as 24 / 4 * 2) and small
    powers of bracketed or negative bases."""

    name = "arithmetic/expression_value"
    knobs = (
        Knob("n_ops", [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36], (1, 40),
             doc="binary operators in the expression"),
        Knob("max_depth", [1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12], (1, 12),
             doc="depth limit of the expression tree (raised if too small to hold n_ops)"),
        Knob("operators", ["+-", "+-*", "+-*", "+-*/", "+-*/"] + ["+-*/^"] * 15,
             choices=OPERATOR_SETS, doc="operators used; ^ adds small powers (squares and cubes)"),
        Knob("negatives", [False, False, False] + [True] * 17, doc="negative literals and unary minus"),
        Knob("operand_max", [9, 9, 10, 12, 12, 12, 15, 15, 20, 20, 20, 25, 25, 30, 30, 30, 40, 40, 50, 50], (2, 1000),
             doc="largest literal"),
        Knob("max_magnitude", [50, 100, 200, 500, 1000, 1000, 2000, 5000, 10000, 20000, 20000, 50000, 50000, 10**5,
                               10**5, 2 * 10**5, 2 * 10**5, 5 * 10**5, 5 * 10**5, 10**6], (10, 10**12),
             doc="largest absolute value of any intermediate result"),
    )
    answer_format = "an integer"
    example = "-1234567890123"  # every value is at most max_magnitude (10^12) in size: never an answer

    def build(self, rng, params):
        ops = params["operators"]
        negatives = params["negatives"]
        top = params["operand_max"]
        bound = params["max_magnitude"]
        powers = "^" in ops

        def leaf(r):
            if powers and r.random() < 0.2:
                return self._power(r, negatives)
            v = r.randint(1, top)
            if negatives and r.random() < 0.3:
                v = -v
            return Node("num", value=Fraction(v))

        def ok(v):
            return v.denominator == 1 and abs(v) <= bound

        builder = TreeBuilder(rng, ops.replace("^", ""), leaf, ok, exact_division=True,
                              divisor_max=max(top, 6), signed_divisors=negatives)
        depth = fit_depth(params["n_ops"], params["max_depth"])
        tree = builder.grow(params["n_ops"], depth)
        if negatives and rng.random() < 0.3:
            negated = self._negate_part(rng, tree)
            if all(ok(v) for v in node_values(negated)):
                tree = negated
        text = render(tree)
        value = evaluate(tree)
        if value.denominator != 1:  # cannot happen: every division is exact by construction
            raise AssertionError("a generated expression has a non-integer value")
        notes = ""
        if "/" in ops:
            notes += " Every division in it comes out exact."
        if powers:
            notes += " ^ means exponentiation."
        question = f"Evaluate this expression using the standard order of operations.{notes}\n\n{text}"
        return Draft(question, str(int(value)), {"value": int(value), "expression": text})

    @staticmethod
    def _power(rng, negatives: bool) -> Node:
        """A small power: 3^2, (-2)^3, or (5 - 7)^2 at random."""
        e = rng.choice([2, 2, 3])
        top = 9 if e == 2 else 4
        if rng.random() < 0.4:
            a = rng.randint(1, 9)
            b = rng.randint(max(1, a - top), a + top)
            base = Node(rng.choice("+-") if a + b <= top else "-", Node("num", value=Fraction(a)),
                        Node("num", value=Fraction(b)))
            if abs(base.value) > top or base.value == 0:
                base = Node("num", value=Fraction(rng.randint(2, top)))
        else:
            v = rng.randint(2, top)
            base = Node("num", value=Fraction(-v if negatives and rng.random() < 0.4 else v))
        return Node("^", base, Node("num", value=Fraction(e)))

    @staticmethod
    def _negate_part(rng, tree: Node) -> Node:
        """Put a unary minus in front of one operator subtree (never a power, which would read -a^2)."""
        inner = []

        def walk(n):
            if n.op in ("+", "-", "*", "/"):
                inner.append(n)
            if n.op != "num" and n.op != "^":
                walk(n.left)
                if n.right is not None:
                    walk(n.right)

        walk(tree)
        if not inner:
            return tree
        target = inner[rng.randrange(len(inner))]

        def rebuild(n):
            if n is target:
                return Node("neg", n)
            if n.op in ("num", "^"):
                return n
            return Node(n.op, rebuild(n.left), rebuild(n.right) if n.right is not None else None)

        return rebuild(tree)

    def effort(self, problem):
        # digits handled over every operation of the expression, evaluated as written
        return digit_work(parse_rendered(problem.check["expression"]), text_digits(frac_text))

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the value of the expression")
