"""The safe parser: what it accepts, what it rejects, and that hostile input stays cheap."""
from fractions import Fraction

import pytest
import sympy

from procgym.parsing import ParseError, equivalent, parse_expression, parse_int, parse_list, parse_number

x, y = sympy.symbols("x y")


@pytest.mark.parametrize("text,value", [("42", 42), ("-7", -7), ("+3", 3), ("1,234,567", 1234567), ("12.", 12),
                                        (" 5 ", 5), ("$8$", 8), ("42.0", 42), ("-3.00", -3), ("\u22123", -3)])
def test_parse_int_accepts(text, value):
    assert parse_int(text) == value


@pytest.mark.parametrize("text", ["", "4.5", "1,23", "12a", "0x10", "1e3", "9" * 301, "2^3", "five"])
def test_parse_int_rejects(text):
    with pytest.raises(ParseError):
        parse_int(text)


@pytest.mark.parametrize("text,value", [("3/4", Fraction(3, 4)), ("6/8", Fraction(3, 4)), ("0.75", Fraction(3, 4)),
                                        ("\\frac{3}{4}", Fraction(3, 4)), ("-\\dfrac{3}{4}", Fraction(-3, 4)),
                                        ("-3/4", Fraction(-3, 4)), ("1e-3", Fraction(1, 1000)), (".5", Fraction(1, 2)),
                                        ("7", Fraction(7))])
def test_parse_number_accepts_equivalent_forms(text, value):
    assert parse_number(text) == value


@pytest.mark.parametrize("text", ["1/0", "3/4/5", "abc", "", "0.75.1", "1e99999", "\\frac{3}{0}"])
def test_parse_number_rejects(text):
    with pytest.raises(ParseError):
        parse_number(text)


@pytest.mark.parametrize("text", ["1 3/4", "-1 7", "12 5"])
def test_digits_separated_by_spaces_are_not_joined(text):
    with pytest.raises(ParseError, match="separated by a space"):
        parse_number(text)
    with pytest.raises(ParseError):
        parse_int(text)


def test_parse_number_keeps_near_misses_apart():
    assert parse_number("0.7499") != Fraction(3, 4)
    assert parse_number("0.333") != Fraction(1, 3)


def test_parse_list_strips_brackets_and_spaces():
    assert parse_list("[A, B ,C]") == ["A", "B", "C"]
    assert parse_list("(1; 2; 3)") == ["1", "2", "3"]
    assert parse_list("  ") == []


@pytest.mark.parametrize("text,expected", [
    ("2x(x+1)^2", 2 * x * (x + 1) ** 2), ("\\frac{1}{2}x^2", x**2 / 2), ("0.1x", x / 10),
    ("\\sqrt{x}", sympy.sqrt(x)), ("e^{2x}", sympy.exp(2 * x)), ("3\\cdot x", 3 * x), ("x**2", x**2),
    ("\\left(x+1\\right)^{2}", (x + 1) ** 2), ("xy", x * y), ("sin(x)cos(x)", sympy.sin(x) * sympy.cos(x)),
    ("\\sqrt[3]{x}", x ** sympy.Rational(1, 3)), ("2\u03c0", 2 * sympy.pi), ("ln(x)", sympy.log(x)),
    ("ln x", sympy.log(x)), ("\\ln x + 1", sympy.log(x) + 1), ("sin 2x", sympy.sin(2 * x)),
    ("ln|x|", sympy.log(sympy.Abs(x))), ("12sqrt2", 12 * sympy.sqrt(2)), ("\u221a2 x", sympy.sqrt(2) * x), ("2|x|", 2 * sympy.Abs(x)), ("||x|-1|", sympy.Abs(sympy.Abs(x) - 1)),
])
def test_parse_expression(text, expected):
    assert sympy.simplify(parse_expression(text, ["x", "y"]) - expected) == 0


@pytest.mark.parametrize("text", [
    "__import__('os').system('ls')", "lambda: 1", "x.__class__", "open('f')", "f'{x}'", "[i for i in x]",
    "10^10^10", "(10^900)^900", "(" * 100 + "x" + ")" * 100, "x" * 6000, "+".join(["x"] * 1600), "9" * 400, "x = 1", "x; y", "a", "1 if x else 2",
    "\\input{/etc/passwd}", "\\def\\x{y}", "", "x +", "x ** ** 2", "|x", "((x^x)^x)^x", "x^(x^x)",
])
def test_parse_expression_rejects_non_arithmetic_and_oversized(text):
    with pytest.raises(ParseError):
        parse_expression(text, ["x"])


def test_equivalence_accepts_equal_and_rejects_near_misses():
    p = lambda s: parse_expression(s, ["x"])  # noqa: E731
    assert equivalent(p("(x+1)^2"), x**2 + 2 * x + 1)
    assert equivalent(p("sin(x)^2 + cos(x)^2"), sympy.Integer(1))
    assert equivalent(p("(1+sqrt(2))^2"), 3 + 2 * sympy.sqrt(2))
    assert equivalent(p("2/(x-1) - 2/(x+1)"), 4 / (x**2 - 1))
    assert not equivalent(p("(x+1)^2"), x**2 + 2 * x)
    assert not equivalent(p("x^2 + 2x + 1.000001"), (x + 1) ** 2)
    assert not equivalent(p("log(x^2)"), 2 * sympy.log(x))  # differs for negative x
    assert not equivalent(p("49.1327412287183"), 24 + 8 * sympy.pi)  # a decimal is not the exact value
    assert not equivalent(p("1.4142135623730951 x"), sympy.sqrt(2) * x)
