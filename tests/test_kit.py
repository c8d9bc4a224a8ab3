"""The answer-reading toolkit on its own: normalisation, strict readers, graders and text."""
from fractions import Fraction

import pytest
import sympy

from procgym.kit import (NotAnAnswer, clock_text, decimal_text, frac_text, grade_assignment, grade_expression,
                         grade_fraction, grade_grid, grade_int, grade_list, grade_none, grade_number, grade_set,
                         is_none, money_text, normalize, number_text, plural, read_choice, read_grid, read_int,
                         read_items, read_labelled, read_list, read_number, read_set, read_token, read_value,
                         read_yes_no, refuse_hedges, split_top, strip_brackets, table)
from procgym.parsing import equivalent, parse_expression, probe_points


# --------------------------------------------------------------------------- normalize

@pytest.mark.parametrize("raw,clean", [
    ("  $\\text{\u22123}$. ", "-3"),
    ("2022-09-04\u00a009:44", "2022-09-04 09:44"),
    ("x\u00b2+1", "x^2+1"),
    ("x\u207b\u00b9", "x^-1"),
    ("\uff11\uff12\uff13", "123"),
    ('"(x + 1)(x + 3)."', "(x + 1)(x + 3)"),
    ("D,B,A.", "D,B,A"),
    ("**42**", "42"),
    ("`x = 3`.", "x = 3"),
    ("a\r\nb  ", "a\nb"),
    ("\u201cyes\u201d", "yes"),
    ("\\(\\frac{1}{2}\\)", "\\frac{1}{2}"),
    ("1\u200b2", "12"),
    ("3...", "3..."),
])
def test_normalize_folds_variants(raw, clean):
    assert normalize(raw) == clean


def test_normalize_keeps_a_full_stop_when_asked():
    assert normalize("#.#.\n..#.", full_stop=False) == "#.#.\n..#."
    assert normalize("#.#.\n..#.") == "#.#.\n..#"


# --------------------------------------------------------------------------- readers

@pytest.mark.parametrize("text,value", [("42", 42), ("-7", -7), ("+3", 3), ("1,234,567", 1234567), ("42.0", 42)])
def test_read_int_accepts(text, value):
    assert read_int(text) == value


@pytest.mark.parametrize("text", ["", "3 or 4", "not 3", "0, 5", "1, 234", "2 5", "2\n5", "12a", "3.5", "01,234",
                                  "x = 3", "3 I think"])
def test_read_int_refuses(text):
    with pytest.raises(NotAnAnswer):
        read_int(text)


@pytest.mark.parametrize("text,value", [("3/4", Fraction(3, 4)), ("6/8", Fraction(3, 4)), ("0.75", Fraction(3, 4)),
                                        ("\\frac{3}{4}", Fraction(3, 4)), ("-\\frac{1}{2}", Fraction(-1, 2)),
                                        ("1e-3", Fraction(1, 1000)), ("1,234.5", Fraction(2469, 2))])
def test_read_number_accepts(text, value):
    assert read_number(text) == value


def test_read_number_refuses_decimals_when_asked_for_a_fraction():
    assert read_number("3/4", decimals=False) == Fraction(3, 4)
    with pytest.raises(NotAnAnswer):
        read_number("0.75", decimals=False)


@pytest.mark.parametrize("text", ["3/4 or 1/2", "3/0", "1 3/4", "0.75, 1", "about 0.75"])
def test_read_number_refuses(text):
    with pytest.raises(NotAnAnswer):
        read_number(text)


def test_read_value_checks_the_left_hand_side():
    assert read_value("x = 3/4", read_number, "x") == Fraction(3, 4)
    assert read_value("3/4", read_number, "x") == Fraction(3, 4)
    for text in ("x != 3/4", "y = 3/4", "3x + 1 = 3/4", "x < 3/4", "x >= 3/4", "x \u2260 3"):
        with pytest.raises(NotAnAnswer):
            read_value(text, read_number, "x")


def test_lists_and_sets():
    assert read_list("[3, 1, 2]", read_int) == [3, 1, 2]
    assert read_list("(A; B)", read_token, separators=";") == ["A", "B"]
    assert read_set("{2, 1}", read_int) == {1, 2}
    assert read_set("none", read_int, allow_none=True) == set()
    assert split_top("(1, 2), (3, 4)") == ["(1, 2)", "(3, 4)"]
    assert strip_brackets("(1, 2), (3, 4)") == "(1, 2), (3, 4)"
    assert strip_brackets("[1, 2]") == "1, 2"
    assert read_items("", allow_empty=True) == []
    for bad in ("1,,2", "1, 2,", "", "1, 1"):
        with pytest.raises(NotAnAnswer):
            read_set(bad, read_int)
    with pytest.raises(NotAnAnswer):
        read_set("", read_int, allow_none=True)  # empty is not "none"


def test_labelled_values_by_name_in_any_order():
    assert read_labelled("n = 26, m = 23", ["m", "n"], read_int) == {"m": 23, "n": 26}
    assert read_labelled("M: 23; N: 26", ["m", "n"], read_int) == {"m": 23, "n": 26}
    for bad in ("m = 23", "m = 23, n = 26, k = 1", "m = 23, m = 24, n = 1", "m != 23, n = 26", "23, 26"):
        with pytest.raises(NotAnAnswer):
            read_labelled(bad, ["m", "n"], read_int)


def test_choices_tokens_and_none():
    assert read_choice("  YES ", ["yes", "no"]) == "yes"
    assert read_yes_no("false") is False
    assert read_token("B7") == "B7"
    assert is_none("None.") and is_none("no solution") and is_none("\u2205")
    assert not is_none("") and not is_none("0")
    for bad in ("yes or no", "maybe yes"):
        with pytest.raises(NotAnAnswer):
            read_choice(bad, ["yes", "no"])
    with pytest.raises(NotAnAnswer):
        read_token("B7 C8")


def test_refuse_hedges():
    refuse_hedges("Alice")
    refuse_hedges("not A", allowed=["not"])
    for text in ("Alice or Bob", "not Alice", "Alice?", "x != 2", "maybe Alice", "Alice is wrong"):
        with pytest.raises(NotAnAnswer):
            refuse_hedges(text)


def test_read_grid():
    assert read_grid("12\n34", 2, 2, r"\d") == [["1", "2"], ["3", "4"]]
    assert read_grid("1 2\n3 4", 2, 2, r"\d") == [["1", "2"], ["3", "4"]]
    assert read_grid("1,2\n3,4", 2, 2, r"\d", separators=",") == [["1", "2"], ["3", "4"]]
    for bad in ("12\n3", "12\n34\n56", "1x\n34"):
        with pytest.raises(NotAnAnswer):
            read_grid(bad, 2, 2, r"\d")


# --------------------------------------------------------------------------- graders

def test_graders_accept_and_refuse():
    assert grade_int("x = 12", 12, name="x").correct
    assert not grade_int("x != 12", 12, name="x").correct
    assert grade_int("12 or 13", 12).feedback.startswith("Not an answer:")
    assert grade_number("0.5", Fraction(1, 2)).correct
    assert not grade_number("0.5", Fraction(1, 2), decimals=False).correct
    assert grade_number("3.14", Fraction(314159, 100000), tolerance=1e-3).correct
    assert grade_fraction("3/4", Fraction(3, 4)).correct
    assert not grade_fraction("6/8", Fraction(3, 4)).correct
    assert grade_fraction("6/8", Fraction(3, 4), reduced=False).correct
    assert grade_set("3, 1, 2", {1, 2, 3}, read_int).correct
    assert grade_set("none", set(), read_int).correct
    assert not grade_set("", set(), read_int).correct
    assert not grade_set("1, 2", {1, 2, 3}, read_int).correct
    assert grade_list("1, 2, 3", [1, 2, 3], read_int).correct
    assert not grade_list("3, 2, 1", [1, 2, 3], read_int).correct
    assert grade_assignment("y = 39/5, x = 13/10", {"x": Fraction(13, 10), "y": Fraction(39, 5)}, read_number).correct
    assert not grade_assignment("x = 39/5, y = 13/10", {"x": Fraction(13, 10), "y": Fraction(39, 5)}, read_number).correct
    assert grade_grid("ab\ncd", [["a", "b"], ["c", "d"]]).correct
    assert grade_none("none", True).correct and grade_none("3", False) is None
    assert not grade_none("", True).correct


PROBE_ATTACK = "(x - 37/100)(x + 83/100)(x - 121/100)(x - 27/10)(x + 19/10)(x - 53/10)(x - 7/100)"


@pytest.mark.parametrize("expected,given", [
    ("2*x + 3", "3 + 2x"), ("x^2 + 2*x + 1", "(x+1)^2"), ("e^x*(x + 1)", "x e^x + e^x"),
    ("1/(x^2 - 1)", "\\frac{1}{2(x-1)} - \\frac{1}{2(x+1)}"), ("sin(2*x)", "2 sin x cos x"), ("ln(x^2)", "2 ln|x|"),
])
def test_grade_expression_accepts_equivalents(expected, given):
    assert grade_expression(given, expected).correct


@pytest.mark.parametrize("expected,given", [
    ("2*x + 3", f"2x + 3 + {PROBE_ATTACK}"), ("sin(x)", f"sin(x) + {PROBE_ATTACK}"),
    ("x^2", "x^2 + 10^-30"), ("ln(x^2)", "2 ln(x)"), ("2*x + 3", "2x + 3 or 2x"), ("2*x", "2 5 x"),
])
def test_grade_expression_refuses_near_misses(expected, given):
    assert not grade_expression(given, expected).correct


def test_probe_points_depend_on_both_sides_and_cover_both_signs():
    x = sympy.Symbol("x")
    a, b = parse_expression("sin(x)"), parse_expression("cos(x)")
    points = probe_points(a, b)
    assert points == probe_points(a, b)  # deterministic
    assert points != probe_points(a, b + 1)
    assert any(p > 0 for p in points) and any(p < 0 for p in points)
    assert equivalent(parse_expression("(x+1)^100"), sympy.expand((x + 1) ** 100))


# --------------------------------------------------------------------------- text

def test_text_formatting():
    assert plural(1, "turn") == "1 turn" and plural(3, "box", "boxes") == "3 boxes"
    assert frac_text(Fraction(6, 8)) == "3/4" and frac_text(4) == "4"
    assert decimal_text(Fraction(-241, 20)) == "-12.05" and number_text(Fraction(1, 3)) == "1/3"
    assert money_text(123456) == "1234.56" and money_text(-5) == "-0.05"
    assert clock_text(545) == "09:05" and clock_text(3725, seconds=True) == "01:02:05"
    assert table([["a", 1], ["bb", 22]], ["name", "n"]) == "name  n\n----  --\na     1\nbb    22"
