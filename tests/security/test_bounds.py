"""Bounds on hostile input: response and answer length caps before any parsing, digit, exponent,
degree and nesting caps in the safe parser, and probe evaluation that refuses out-of-range values
instead of computing them."""
import sympy
import pytest

import procgym
from procgym.extract import MAX_ANSWER_CHARS, MAX_RESPONSE_CHARS
from procgym.parsing import MAX_DEGREE, ParseError, degree_bound, equivalent, parse_expression, _tame

x, y = sympy.symbols("x y")


def test_a_response_over_the_cap_is_refused_before_extraction():
    p = procgym.generate("arithmetic/basic_operations", seed=0) if "arithmetic/basic_operations" in procgym.tasks() \
        else procgym.generate(procgym.tasks("arithmetic/*")[0], seed=0)
    text = "x" * MAX_RESPONSE_CHARS + f"<answer>{p.answer}</answer>"
    verdict = procgym.verify(p, text)
    assert verdict.reward == 0.0 and f"longer than {MAX_RESPONSE_CHARS}" in verdict.feedback
    assert procgym.verify(p, f"<answer>{p.answer}</answer>").correct  # the cap is not the reason


def test_an_answer_over_the_cap_is_refused():
    p = procgym.generate(procgym.tasks("arithmetic/*")[0], seed=0)
    verdict = procgym.verify(p, "<answer>" + "1" * (MAX_ANSWER_CHARS + 1) + "</answer>")
    assert verdict.reward == 0.0 and f"longer than {MAX_ANSWER_CHARS}" in verdict.feedback


def test_a_too_long_action_is_refused_by_step():
    name = next(n for n in procgym.tasks() if procgym.get(n).interactive)
    task = procgym.get(name)
    p = task.generate(seed=0, difficulty=1)
    state = task.initial_state(p)
    new, observation, reward, done = task.step(p, state, "a" * (MAX_ANSWER_CHARS + 1))
    # refused before parsing, but it still costs a turn like any invalid action (issue #6)
    assert observation.startswith("That action is longer than") and reward == 0.0 and new != state
    new, observation, reward, done = task.step(p, state, None)
    assert observation.startswith("That action is not text.") and reward == 0.0 and new != state


@pytest.mark.parametrize("text,bound", [
    ("x", 1), ("x^3 y^2", 5), ("(x+1)^10", 10), ("((x+1)^10)^10", 100), ("sin(x^4)", 4), ("(x+y)^3 (x-1)", 4),
    ("2^100", 0), ("x^(1/2)", 1), ("x^-3", 3),
])
def test_degree_bound(text, bound):
    assert degree_bound(parse_expression(text, ["x", "y"])) == bound


def test_degree_bound_works_on_unevaluated_trees():
    with sympy.evaluate(False):
        e = parse_expression("-x^2 + 1", ["x"])
    assert degree_bound(e) == 2


@pytest.mark.parametrize("text", [
    "((x+1)^1000)^1000",  # degree 10^6 once sympy merges the exponents
    "(x+1)^101", "x^60 x^60", "((x^2+1)^30+1)^30",
])
def test_degrees_above_the_cap_are_refused(text):
    with pytest.raises(ParseError, match="degree"):
        parse_expression(text, ["x"])


def test_the_degree_cap_still_allows_real_answers():
    assert degree_bound(parse_expression("(x+1)^%d" % MAX_DEGREE, ["x"])) == MAX_DEGREE
    assert equivalent(parse_expression("(x+1)^12", ["x"]), sympy.expand((x + 1) ** 12))


@pytest.mark.parametrize("text", [
    "exp(exp(exp(exp(exp(exp(exp(x)))))))", "e^(e^(e^(e^(e^(e^x)))))", "exp(10^300)", "exp(exp(10^3))",
    "sinh(cosh(exp(exp(x))))", "sin(exp(exp(exp(x))))",
])
def test_growth_towers_are_compared_without_being_computed(text):
    e = parse_expression(text, ["x"])
    assert not equivalent(e, e + 1)
    assert equivalent(e, e)  # identical: decided exactly, without evaluation


def test_tame():
    point = {x: sympy.Rational(53, 10)}
    assert _tame(sympy.sin(x) ** 2 + sympy.exp(x), point)
    assert not _tame(sympy.exp(sympy.exp(sympy.exp(sympy.exp(x)))), point)
    assert not _tame(x ** 100000, point)  # 5.3^100000 is about 2^240000
    assert not _tame(sympy.Integer(10) ** 30000, {})


def test_constant_difference_with_symbols_is_not_expanded():
    """Regression: (x+1)^100 against (x+1)^100 + 1 differ by the constant -1; the old code then
    evaluated each side with x unbound, which expanded (x+1)^100 symbolically (seconds)."""
    e = parse_expression("(x+1)^100", ["x"])
    assert not equivalent(e, e + 1)
    assert equivalent(e, sympy.expand(e))


@pytest.mark.parametrize("text", [
    "(" * 61 + "x" + ")" * 61, "9" * 301, "10^10^10", "2^(2^(2^10))", "x" * 6000, "+".join(["x"] * 1600),
])
def test_parser_caps(text):
    with pytest.raises(ParseError):
        parse_expression(text, ["x"])


def test_the_env_refuses_a_giant_action_before_extraction():
    name = next(n for n in procgym.tasks() if procgym.get(n).interactive)
    env = procgym.make(name, difficulty=1, max_turns=3)
    env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step("a" * (MAX_RESPONSE_CHARS + 1))
    assert f"longer than {MAX_RESPONSE_CHARS}" in observation and reward == 0.0 and not terminated


@pytest.mark.parametrize("text", ["\\frac{" * 300 + "1" + "}{2}" * 300, "\\sqrt{" * 500 + "x" + "}" * 500,
                                  "[" * 61 + "x" + "]" * 61])
def test_latex_nesting_is_refused_before_the_recursive_rewrite(text):
    with pytest.raises(ParseError, match="nests deeper"):
        parse_expression(text, ["x"])
