"""Fraction arithmetic: the exact value of sums, differences, products and quotients of fractions."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, grade_number

from ._expression_trees import Node, TreeBuilder, digit_work, evaluate, fit_depth, parse_rendered, render, text_digits


@register
class FractionArithmetic(Task):
    """Compute the exact value of an expression over fractions, following the usual precedence
    rules. Any equal rational is accepted (3/4, 6/8, 0.75, \\frac{3}{4}); an approximation such
    as 0.7499 is not. Higher levels add operators (more steps: common denominators, reducing,
    inverting divisors), mix all four operations under precedence, nest brackets, and add
    negative fractions."""

    name = "arithmetic/fraction_arithmetic"
    knobs = (
        Knob("n_ops", [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12], (1, 20),
             doc="binary operators in the expression"),
        Knob("max_depth", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7], (1, 10),
             doc="depth limit of the expression tree (raised if too small to hold n_ops)"),
        Knob("operators", ["+-", "*/", "+-*"] + ["+-*/"] * 17,
             choices=("+-", "*/", "+-*", "+-*/"), doc="operators used"),
        Knob("negatives", [False, False, False] + [True] * 17, doc="negative fractions among the operands"),
        Knob("max_denominator", [6, 8, 9, 10, 12, 12, 12, 15, 16, 20, 24, 24, 24, 24, 30, 30, 30, 36, 36, 36],
             (2, 1000), doc="largest denominator of an operand"),
        Knob("max_intermediate", [100, 200, 300, 500, 1000, 1000, 2000, 5000, 5000, 10000, 20000, 20000, 50000,
                                  50000, 10**5, 10**5, 2 * 10**5, 2 * 10**5, 5 * 10**5, 5 * 10**5], (10, 10**12),
             doc="largest numerator or denominator of any intermediate result"),
    )
    answer_format = ("an exact number: a fraction p/q, an integer or a terminating decimal "
                     "(any equal value is accepted, it need not be reduced; no mixed numbers)")
    example = "-1/2000000000001"  # every denominator is at most max_intermediate (10^12): never an answer

    def build(self, rng, params):
        top = params["max_denominator"]
        bound = params["max_intermediate"]
        negatives = params["negatives"]

        def leaf(r):
            q = r.randint(2, top)
            p = r.randint(1, q - 1) if r.random() < 0.8 else r.randint(q + 1, 2 * q - 1)
            v = Fraction(p, q)
            if negatives and r.random() < 0.3:
                v = -v
            return Node("num", value=v)

        def ok(v):
            return v.denominator <= bound and abs(v.numerator) <= bound

        builder = TreeBuilder(rng, params["operators"], leaf, ok)
        tree = builder.grow(params["n_ops"], fit_depth(params["n_ops"], params["max_depth"]))
        text = render(tree)
        value = evaluate(tree)
        question = f"Compute the exact value of this expression (standard order of operations):\n\n{text}"
        return Draft(question, frac_text(value), {"value": [value.numerator, value.denominator],
                                                  "expression": text})

    def effort(self, problem):
        # digits of numerators and denominators handled over every operation, evaluated as written
        return digit_work(parse_rendered(problem.check["expression"]), text_digits(frac_text))

    def grade(self, answer, problem):
        return grade_number(answer, Fraction(*problem.check["value"]), "the exact value of the expression")
