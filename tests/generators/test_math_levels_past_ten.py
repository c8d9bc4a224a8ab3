"""Levels past 10 of the algebra, arithmetic, calculus and linear_algebra tasks, and the effort
measures: the readers behind each measure rebuild the problem exactly from its own record (so
the measure counts the work of the problem asked), hand-checked counts on small instances, and
the fixes that only the new levels needed."""
import re
from fractions import Fraction

import pytest
import sympy

import procgym
from procgym.generators.algebra._absolute_values import read_abs, solve_abs_equation
from procgym.generators.algebra._linear_systems import elimination_steps
from procgym.generators.algebra._polynomials import read_poly, split_signed
from procgym.generators.algebra.linear import expansion_steps, read_sum, render_sum, solve_linear
from procgym.generators.arithmetic._expression_trees import digit_work, evaluate, parse_rendered, render, text_digits
from procgym.generators.arithmetic._work import Tally
from procgym.generators.arithmetic.bases import conversion_work
from procgym.generators.calculus._differentiation import rule_steps
from procgym.generators.calculus._tree import X, degree_bound, fn, mul, power
from procgym.generators.linear_algebra._matrices import from_json, parse_vector
from procgym.generators.linear_algebra._work import Work, eliminate
from procgym.generators.linear_algebra.products import counted_evaluation
from procgym.generators.linear_algebra.vectors import _ASKED, counted_value
from procgym.generators.linear_algebra.vectors import parse_rendered as parse_vector_expression
from procgym.generators.linear_algebra.vectors import render as render_vector_expression
from procgym.kit import frac_text
from procgym.parsing import parse_expression
from answer_helpers import ok

CATEGORIES = ("algebra", "arithmetic", "calculus", "linear_algebra")
NAMES = sorted(n for n in procgym.tasks() if n.split("/")[0] in CATEGORIES)
CAPPED = {"algebra/sequence_formula": 10, "algebra/exp_log_equation": 10, "calculus/extrema": 10,
          "calculus/ode_initial_value": 10, "calculus/derivative": 15, "calculus/taylor_coefficient": 15}


@pytest.mark.parametrize("name", NAMES)
def test_new_levels_generate_verify_and_differ(name):
    task = procgym.get(name)
    assert task.max_level == CAPPED.get(name, 20)
    assert bool(task.cap_reason) == (name in CAPPED)
    for level in range(11, task.max_level + 1):
        assert task.params(0, level) != task.params(0, level - 1), (name, level)
        for seed in range(2):
            p = task.generate(seed=seed, difficulty=level)
            assert ok(p, p.answer), (name, level, seed)
            effort = task.effort(p)
            assert isinstance(effort, (int, float)) and effort >= 0 and effort == task.effort(p)


# --------------------------------------------------------------------------- arithmetic

def test_digit_work_counts_operands_and_results():
    tree = parse_rendered("12 + 3 * 4")
    assert evaluate(tree) == 24
    # 3 * 4 = 12: 1 + 1 + 2 digits; 12 + 12 = 24: 2 + 2 + 2 digits
    assert digit_work(tree, text_digits(frac_text)) == 10


@pytest.mark.parametrize("name", ["arithmetic/expression_value", "arithmetic/fraction_arithmetic"])
def test_rendered_expressions_read_back_exactly(name):
    for level in (1, 10, 20):
        for seed in range(10):
            p = procgym.generate(name, seed=seed, difficulty=level)
            tree = parse_rendered(p.check["expression"])
            assert render(tree) == p.check["expression"]
            value = p.check["value"]
            assert evaluate(tree) == (Fraction(*value) if isinstance(value, list) else value)


def test_base_conversion_work_by_hand():
    assert conversion_work("101", 2, 10) == 3  # Horner: 1, 2, 5
    assert conversion_work("45", 10, 2) == 2 + 2 + 2 + 1 + 1 + 1  # 45, 22, 11, 5, 2, 1
    assert conversion_work("ff", 16, 2) == 8 + 2 + 8  # bits regrouped


def _last_result(monkeypatch, name, levels):
    """Every reference value the effort's Tally computes last equals the problem's answer."""
    last = []
    original = Tally.op
    monkeypatch.setattr(Tally, "op", lambda self, result, *a: (last.append(result), original(self, result, *a))[1])
    task = procgym.get(name)
    for level in levels:
        for seed in range(8):
            p = task.generate(seed=seed, difficulty=level)
            task.effort(p)
            assert last[-1] == Fraction(*p.check["value"]), (name, level, seed)


@pytest.mark.parametrize("name", ["arithmetic/ratio_split", "arithmetic/unit_conversion"])
def test_effort_recomputes_the_answer_from_the_prompt(monkeypatch, name):
    _last_result(monkeypatch, name, (1, 5, 10, 15, 20))


# --------------------------------------------------------------------------- algebra

def test_polynomial_text_reads_back():
    assert read_poly("3x^2 - (1/2)x + 5") == [5, Fraction(-1, 2), 3]
    assert split_signed("-(x + 1) + 2x - 3") == [(-1, "(x + 1)"), (1, "2x"), (-1, "3")]


def test_linear_equation_sides_read_back_and_expansion_steps():
    terms = read_sum("3(x + 1) - 2x")
    assert render_sum(terms) == "3(x + 1) - 2x"
    # the bracket is distributed (1), x and 1 each multiplied through it and collected (2 + 2), -2x (1)
    assert expansion_steps(terms) == 6
    for level in (10, 20):
        for seed in range(10):
            p = procgym.generate("algebra/linear_equation", seed=seed, difficulty=level)
            lhs, rhs = p.check["equation"].split(" = ")
            assert solve_linear(read_sum(lhs), read_sum(rhs)) == Fraction(*p.check["value"])


def test_elimination_steps_by_hand():
    # x + y = 3, x - y = 1: pivot row 1 divided (2 entries), row 2 cleared (multiplier + 3),
    # pivot row 2 divided (1 entry), row 1 cleared (multiplier + 2)
    assert elimination_steps([[1, 1, 3], [1, -1, 1]]) == 2 + 4 + 1 + 3


def test_absolute_value_text_reads_back_to_the_same_solutions():
    # inside bars "6|" closes the bar: it is not 6 times a new absolute value
    assert solve_abs_equation(read_abs("2|-x - 6| + 6"), read_abs("14")) == \
        solve_abs_equation(("sum", [("scale", 2, ("abs", ("poly", [-6, -1]))), ("poly", [6])]), ("poly", [14]))
    task = procgym.get("algebra/absolute_value_equation")
    for level in (9, 15, 20):
        for seed in range(10):
            p = task.generate(seed=seed, difficulty=level)
            lhs, rhs = (read_abs(side) for side in p.prompt.split("\n\n")[1].split(" = "))
            assert [r.text() for r in solve_abs_equation(lhs, rhs)] == p.check["roots"]


def test_three_absolute_values_have_at_most_two_solutions_and_rarely_none():
    answers = [procgym.generate("algebra/absolute_value_equation", seed=s, difficulty=20, form="three_abs").answer
               for s in range(40)]
    assert all(a == "none" or len(a.split(", ")) <= 2 for a in answers)
    assert sum(a == "none" for a in answers) <= 4


# --------------------------------------------------------------------------- calculus

def test_rule_steps_count_the_rules():
    x = sympy.Symbol("x")
    assert rule_steps(parse_expression("sin(x^2)", ["x"]), x) == 3  # x, its power, the sine
    assert rule_steps(parse_expression("x*exp(x)", ["x"]), x) == 1 + 2 + 3  # two factors: 2 terms, 1 sum


def test_tree_degree_bound_matches_the_parser():
    from procgym.parsing import degree_bound as parser_bound
    from procgym.generators.calculus._tree import text
    tree = mul(power(fn("sin", power(X, 3)), 2), power(X, 5))
    assert degree_bound(tree) == parser_bound(parse_expression(text(tree), ["x"])) == 11


def test_derivatives_past_level_ten_stay_checkable():
    task = procgym.get("calculus/derivative")
    for level in (11, 13, 15):
        for seed in range(12):
            p = task.generate(seed=seed, difficulty=level)
            assert ok(p, p.answer), (level, seed)


# --------------------------------------------------------------------------- linear algebra

def test_counted_elimination_by_hand():
    work = Work()
    pivots, reduced = eliminate([[2, 1], [4, 3]], work)
    assert pivots == [0, 1] and reduced[1] == [0, 1]
    assert work.total == 3 + 4 + 4  # the multiplier 4/2, then 4 - 2*2 and 3 - 2*1


def test_matrix_product_effort_evaluates_the_question():
    task = procgym.get("linear_algebra/matrix_product")
    for level in (1, 10, 15, 20):
        for seed in range(6):
            p = task.generate(seed=seed, difficulty=level)
            value, _ = counted_evaluation(p.prompt)
            want = Fraction(p.check["value"]) if p.check["kind"] == "trace" else from_json(p.check["value"])
            assert value == want


def test_vector_prompt_matches_its_answer_at_every_level():
    """When every draw is turned down the last one that evaluated is kept, so the printed
    expression is always the one the answer belongs to (deep levels exhaust the draws)."""
    task = procgym.get("linear_algebra/vector_operations")
    for level in (10, 18, 19, 20):
        for seed in range(25):
            p = task.generate(seed=seed, difficulty=level)
            asked = _ASKED.search(p.prompt).group(1)
            node = parse_vector_expression(asked)
            assert render_vector_expression(node) == asked
            values = {nm: parse_vector(v) for nm, v in re.findall(r"^([a-z]) = (\(.*\))$", p.prompt, re.M)}
            got = counted_value(node, values, Work())
            want = ([Fraction(v) for v in p.check["value"]] if p.check["kind"] == "vector"
                    else Fraction(p.check["value"]))
            assert got == want, (level, seed)
