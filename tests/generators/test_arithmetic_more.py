"""Per-task tests for the second wave of arithmetic tasks: exact values on known instances,
accepted alternative forms, rejected near misses, and cross-checks of the reference solvers."""
import random
import re
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from fractions import Fraction

import pytest
import sympy

import procgym
from procgym import Problem
from procgym.generators.arithmetic.averages import make_mean_nice, mean, median, weighted_mean
from procgym.generators.arithmetic.decimals import render_decimal
from procgym.generators.arithmetic.division import euclid_divide, read_pair
from procgym.generators.arithmetic._expression_trees import Node
from procgym.generators.arithmetic.percents import apply_changes, combine_links
from procgym.generators.arithmetic.radicals import evaluate as rad_evaluate
from procgym.generators.arithmetic.radicals import extract, read_radical_form, to_sympy, value_text
from procgym.generators.arithmetic.roman import from_roman, is_canonical, to_roman
from procgym.generators.arithmetic.rounding import plain, round_sigfigs, round_to_exponent
from procgym.generators.arithmetic.units import convert
from procgym.kit import decimal_text, is_terminating, number_text
from procgym.parsing import equivalent, parse_expression
from answer_helpers import ok, tag

NAMES = ["arithmetic/decimal_arithmetic", "arithmetic/simplify_radical", "arithmetic/percent_change",
         "arithmetic/ratio_split", "arithmetic/unit_conversion", "arithmetic/long_division", "arithmetic/rounding",
         "arithmetic/roman_numerals", "arithmetic/averages"]
F = Fraction


def record(name, answer, check):
    return Problem(name, 0, 5, {}, "(test)", answer, check)


def num(v):
    return Node("num", value=Fraction(v))


# --------------------------------------------------------------------------- all nine

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for level in range(1, 11):
        for seed in range(25):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (name, level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_levels_differ_and_level_five_varies(name):
    task = procgym.get(name)
    for level in range(1, 10):
        assert task.params(0, level) != task.params(0, level + 1), (name, level)
    prompts = {task.generate(seed=s, difficulty=5).prompt for s in range(20)}
    assert len(prompts) >= 18


# --------------------------------------------------------------------------- shared helpers

def test_decimal_text_and_number_text():
    assert decimal_text(F(-241, 20)) == "-12.05"
    assert decimal_text(F(1, 8)) == "0.125"
    assert decimal_text(F(-3, 40)) == "-0.075"
    assert decimal_text(F(7)) == "7"
    assert number_text(F(1, 3)) == "1/3" and number_text(F(5, 2)) == "2.5"
    assert is_terminating(F(3, 80)) and not is_terminating(F(1, 6))
    with pytest.raises(ValueError):
        decimal_text(F(1, 3))


# --------------------------------------------------------------------------- decimal_arithmetic

def test_decimal_render():
    tree = Node("*", Node("+", num(F("1.5")), num(F("-0.25"))), num(F("-2")))
    assert render_decimal(tree) == "(1.5 + (-0.25)) * (-2)"
    assert render_decimal(Node("-", num(F("7.2")), Node("-", num(3), num(F("0.04"))))) == "7.2 - (3 - 0.04)"


def test_decimal_values_match_an_independent_parse():
    for level in range(1, 11):
        for seed in range(30):
            p = procgym.generate("arithmetic/decimal_arithmetic", seed=seed, difficulty=level)
            value = parse_expression(p.check["expression"], [])
            assert value == sympy.Rational(*p.check["value"]) and value != 0
            assert sympy.Rational(p.answer) == value  # the reference is the exact decimal


def test_decimal_forms():
    p = record("arithmetic/decimal_arithmetic", "-12.05", {"value": [-241, 20], "expression": "(test)"})
    for good in ("-12.05", "-12.050", "-241/20", "$-12.05$", "\u221212.05", "-\\frac{241}{20}", "-12.05."):
        assert ok(p, good), good
    for bad in ("12.05", "-12.04", "-12.0500001", "-12.1", "-12", "-12 1/20", "-12,05", "about -12.05"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- simplify_radical

def test_radical_algebra_exact_values():
    assert extract(72, 2) == (6, 2) and extract(54, 3) == (3, 2) and extract(15, 2) == (1, 15)
    three_sqrt50_minus_two_sqrt18 = ("-", ("*", ("num", 3), ("root", 2, 50)), ("*", ("num", 2), ("root", 2, 18)))
    assert value_text(rad_evaluate(three_sqrt50_minus_two_sqrt18)) == "9*sqrt(2)"
    assert value_text(rad_evaluate(("/", ("num", 7), ("-", ("num", 2), ("root", 2, 5))))) == "-14 - 7*sqrt(5)"
    assert value_text(rad_evaluate(("pow", ("+", ("num", 1), ("root", 2, 12)), 2))) == "13 + 4*sqrt(3)"
    assert value_text(rad_evaluate(("/", ("num", 12), ("root", 2, 6)))) == "2*sqrt(6)"
    assert value_text(rad_evaluate(("+", ("root", 3, 54), ("root", 3, 16)))) == "5*cbrt(2)"
    assert value_text(rad_evaluate(("/", ("num", 1), ("*", ("num", 2), ("root", 2, 3))))) == "sqrt(3)/6"


def _sympy_of(text):
    """Our own expression text as sympy, with cbrt(n) written as n^(1/3) for the parser."""
    import re
    return parse_expression(re.sub(r"cbrt\((\d+)\)", r"((\1)^(1/3))", text), [])


def test_radical_reference_matches_sympy():
    for level in range(1, 11):
        for seed in range(25):
            p = procgym.generate("arithmetic/simplify_radical", seed=seed, difficulty=level)
            expected = {(k, n): F(a, b) for k, n, a, b in p.check["value"]}
            assert expected
            assert equivalent(_sympy_of(p.check["expression"]), to_sympy(expected)), p.check
            assert read_radical_form(p.answer) == expected


def test_radical_forms():
    ans = "-41/13 + 141*sqrt(17)/26 - 5*cbrt(3)"
    p = record("arithmetic/simplify_radical", ans,
               {"value": [[1, 1, -41, 13], [2, 17, 141, 26], [3, 3, -5, 1]], "expression": "(test)"})
    for good in (ans, "141*sqrt(17)/26 - 41/13 - 5cbrt(3)", "-41/13 + (141/26)sqrt(17) - 5*\\sqrt[3]{3}",
                 "\\frac{141\\sqrt{17}}{26} - \\frac{41}{13} - 5\\sqrt[3]{3}", "-41/13 + 141\u221a17/26 - 5\u221b3",
                 "(-82 + 141*sqrt(17))/26 - 5 cbrt(3)", "$-\\frac{41}{13}+\\frac{141}{26}\\sqrt{17}-5\\sqrt[3]{3}$"):
        assert ok(p, good), good
    for bad in ("-41/13 + 141*sqrt(17)/26 + 5*cbrt(3)",      # sign
                "-41/13 + 141*sqrt(17)/25 - 5*cbrt(3)",      # coefficient off
                "-41/13 + 141*sqrt(68)/52 - 5*cbrt(3)",      # equal, radicand not square-free
                "-41/13 + 141*sqrt(17)/26 - cbrt(375)",      # equal, radicand not cube-free
                "-41/13 + 141/(26/sqrt(17)) - 5*cbrt(3)",    # radical in a denominator
                "-41/13 + 141*17/(26*sqrt(17)) - 5*cbrt(3)",
                "-41/13 + 100*sqrt(17)/26 + 41*sqrt(17)/26 - 5*cbrt(3)",  # like terms not combined
                "-41/13 + 141*17^(1/2)/26 - 5*cbrt(3)",      # not written with sqrt
                "-41/13 + 141*sqrt(17)/26 - 5*cbrt(3) + sqrt(2)*sqrt(3) - sqrt(6)",
                "-41/13 + 141*sqrt(17)/26 - 5*cbrt(3) + 0*sqrt(2)",
                "-3.154 + 22.36 - 7.21", "sqrt(x)"):
        assert not ok(p, bad), bad
    q = record("arithmetic/simplify_radical", "6*sqrt(2)", {"value": [[2, 2, 6, 1]], "expression": "sqrt(72)"})
    assert ok(q, "6sqrt(2)") and ok(q, "6\\sqrt2") and ok(q, "6 * \u221a(2)") and ok(q, "sqrt(2)*6")
    assert not ok(q, "sqrt(72)") and not ok(q, "2*sqrt(18)") and not ok(q, "3*sqrt(8)") and not ok(q, "8.485")
    assert "not simplified" in procgym.verify(q, tag("sqrt(72)")).feedback


# --------------------------------------------------------------------------- percent_change

def test_percent_changes_exact():
    assert apply_changes(F(80), [F(15)]) == 92
    assert apply_changes(F(200), [F(20), F(-10)]) == F(216)
    assert apply_changes(F(100), [F(25), F(-20)]) == 100


def test_percent_original_answers_are_the_whole_starting_price():
    for level in range(1, 11):
        for seed in range(30):
            p = procgym.generate("arithmetic/percent_change", seed=seed, difficulty=level)
            value = F(*p.check["value"])
            if "before the changes" in p.prompt:
                assert value.denominator == 1 and value > 0
            assert value != 0


def test_percent_forms():
    p = record("arithmetic/percent_change", "216", {"value": [216, 1]})
    for good in ("216", "216.00", "$216", "216 dollars", "432/2", "$216.00$"):
        assert ok(p, good), good
    for bad in ("215.99", "216.01", "-216", "216%", "217", "216 euros"):
        assert not ok(p, bad), bad
    o = record("arithmetic/percent_change", "-3.5", {"value": [-7, 2], "percent": True})
    for good in ("-3.5", "-3.5%", "\u22123.5 %", "-7/2", "-3.50 percent", "-3.5\\%"):
        assert ok(o, good), good
    for bad in ("3.5", "3.5%", "-0.035", "-3.4", "-4"):
        assert not ok(o, bad), bad
    assert "sign" in procgym.verify(o, tag("3.5%")).feedback


# --------------------------------------------------------------------------- ratio_split

def test_combine_links():
    assert combine_links([(2, 3), (4, 5)]) == [8, 12, 15]
    assert combine_links([(1, 2), (3, 1), (2, 5)]) == [3, 6, 2, 5]
    assert combine_links([(4, 6)]) == [2, 3]


def test_ratio_answers_are_whole_and_positive():
    for level in range(1, 11):
        for seed in range(30):
            p = procgym.generate("arithmetic/ratio_split", seed=seed, difficulty=level)
            a, b = p.check["value"]
            assert b == 1 and a > 0, p.prompt


def test_ratio_forms():
    p = record("arithmetic/ratio_split", "84", {"value": [84, 1], "thing": "marbles"})
    for good in ("84", "84 marbles", "84.0", "168/2", "84 Marbles"):
        assert ok(p, good), good
    for bad in ("83", "85", "-84", "84 coins", "8.4", "84:1"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- unit_conversion

def test_convert_by_search():
    facts = [(1, "a", 4, "b"), (3, "b", 8, "c"), (5, "d", 1, "c")]
    assert convert(facts, "a", "c") == F(32, 3)
    assert convert(facts, "c", "a") == F(3, 32)
    assert convert(facts, "a", "d") == F(160, 3)
    with pytest.raises(ValueError):
        convert(facts, "a", "zz")


def test_unit_forms():
    p = record("arithmetic/unit_conversion", "32/3", {"value": [32, 3], "unit": "snib"})
    for good in ("32/3", "64/6", "\\frac{32}{3}", "32/3 snibs", "32/3 snib", "32/3 square snibs"):
        assert ok(p, good), good
    for bad in ("10.67", "10.666666", "3/32", "32/3 zorps", "11", "10 2/3"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- long_division

def test_euclid_divide_matches_python():
    assert euclid_divide(98765, 43) == (2296, 37)
    assert euclid_divide(-17, 5) == (-4, 3)
    assert euclid_divide(17, -5) == (-3, 2)
    assert euclid_divide(-17, -5) == (4, 3)
    rng = random.Random(0)
    for _ in range(3000):
        a, b = rng.randint(-10**9, 10**9), rng.choice([-1, 1]) * rng.randint(1, 10**4)
        r = a % abs(b)
        assert euclid_divide(a, b) == ((a - r) // b, r)


def test_long_division_checks_out():
    for level in range(1, 11):
        for seed in range(30):
            p = procgym.generate("arithmetic/long_division", seed=seed, difficulty=level)
            q, r = read_pair(p.answer)
            a, d = (int(t) for t in p.prompt.split("Divide ")[1].split(" using")[0].split(" by "))
            assert a == d * q + r and 0 <= r < abs(d)


def test_long_division_forms():
    p = record("arithmetic/long_division", "2296 37", {"quotient": 2296, "remainder": 37})
    for good in ("2296 37", "2296 R 37", "2296r37", "2296 remainder 37", "2296, 37", "q = 2296, r = 37",
                 "Quotient: 2296, Remainder: 37", "2,296 37", "2296; 37"):
        assert ok(p, good), good
    for bad in ("37 2296", "2296", "2295 37", "2296 36", "2296 37 0", "2296.86", "2296 -37"):
        assert not ok(p, bad), bad
    assert "first" in procgym.verify(p, tag("37 2296")).feedback


# --------------------------------------------------------------------------- rounding

def test_rounding_helpers():
    assert plain(round_sigfigs(F("99.96"), 3, "half_away")) == "100"
    assert plain(round_sigfigs(F("99.96"), 2, "half_away")) == "100"
    assert plain(round_sigfigs(F("0.0012345"), 3, "half_even")) == "0.00123"
    assert plain(round_sigfigs(F("0.0012350"), 3, "half_even")) == "0.00124"
    assert plain(round_sigfigs(F("0.0012250"), 3, "half_even")) == "0.00122"
    assert plain(round_to_exponent(F("2.45"), -1, "half_even")) == "2.4"
    assert plain(round_to_exponent(F("-2.45"), -1, "half_away")) == "-2.5"
    assert plain(round_to_exponent(F("2.4961"), -2, "half_away")) == "2.50"
    assert plain(round_to_exponent(F(12345), 2, "half_away")) == "12300"
    assert plain(round_to_exponent(F(-1250), 2, "half_even")) == "-1200"


def test_rounding_matches_an_independent_rounder():
    """Read the number and the instruction back from the prompt and round with decimal directly."""
    import re
    for level in range(1, 11):
        for seed in range(30):
            p = procgym.generate("arithmetic/rounding", seed=seed, difficulty=level, steps=0)
            number = Decimal(re.search(r"Consider the number (-?[\d.]+)\.", p.prompt).group(1))
            mode = ROUND_HALF_UP if "away from zero" in p.prompt.split("tie")[1] else ROUND_HALF_EVEN
            m = re.search(r"to (\d+) (decimal place|significant figure)", p.prompt)
            if m and m.group(2) == "decimal place":
                expected = number.quantize(Decimal(1).scaleb(-int(m.group(1))), rounding=mode)
            elif m:
                got = Decimal(p.answer)
                assert len(str(abs(got)).replace(".", "").lstrip("0")) <= max(int(m.group(1)), len(str(abs(int(got)))))
                half_unit = Decimal(5).scaleb(number.adjusted() - int(m.group(1)))
                assert abs(got - number) <= half_unit * Decimal("1.0000001")
                continue
            else:
                place = {"thousand": 3, "hundred": 2, "ten": 1, "whole number": 0, "tenth": -1, "hundredth": -2,
                         "thousandth": -3}[re.search(r"nearest ([a-z ]+?)\.", p.prompt).group(1)]
                expected = number.quantize(Decimal(1).scaleb(place), rounding=mode)
            assert Decimal(p.answer) == expected and p.answer == plain(expected), p.prompt


def test_rounding_forms():
    p = record("arithmetic/rounding", "2.50", {"digits": "2.50"})
    for good in ("2.50", " 2.50 ", "+2.50", "$2.50$"):
        assert ok(p, good), good
    for bad in ("2.5", "2.500", "2.49", "2.51", "5/2", "2.50e0", "-2.50", "250e-2"):
        assert not ok(p, bad), bad
    assert "digits" in procgym.verify(p, tag("2.5")).feedback
    q = record("arithmetic/rounding", "12000", {"digits": "12000"})
    assert ok(q, "12,000") and ok(q, "12000.") and not ok(q, "12000.0") and not ok(q, "1.2e4") and not ok(q, "12")
    r = record("arithmetic/rounding", "-0.040", {"digits": "-0.040"})
    assert ok(r, "-0.040") and ok(r, "-.040") and ok(r, "\u22120.040") and not ok(r, "-0.04") and not ok(r, "0.040")


# --------------------------------------------------------------------------- roman_numerals

def test_roman_round_trip_and_canonical_form():
    assert to_roman(1944) == "MCMXLIV" and to_roman(3999) == "MMMCMXCIX" and to_roman(4) == "IV"
    assert from_roman("MCMXLIV") == 1944 and from_roman("iiii") == 4
    for n in range(1, 4000):
        r = to_roman(n)
        assert from_roman(r) == n and is_canonical(r)
    assert not is_canonical("IIII") and not is_canonical("VX") and not is_canonical("IC") and not is_canonical("")
    with pytest.raises(ValueError):
        to_roman(0)


def test_roman_arithmetic_values():
    for level in range(5, 11):
        for seed in range(30):
            p = procgym.generate("arithmetic/roman_numerals", seed=seed, difficulty=level)
            if "expression" in p.check:
                text = " ".join(str(from_roman(t)) if t.isalpha() else t for t in p.check["expression"].split())
                assert parse_expression(text, []) == p.check["value"] == from_roman(p.answer)


def test_roman_forms():
    p = record("arithmetic/roman_numerals", "MCMXLIV", {"value": 1944, "roman": True})
    for good in ("MCMXLIV", "mcmxliv", " MCMXLIV ", "M CM XL IV", "$MCMXLIV$"):
        assert ok(p, good), good
    for bad in ("MCMXLIII", "MDCCCCXLIV", "MCMXXXXIV", "MCMXLIIII", "1944", "MCMXLV", "MCMXLIV.5"):
        assert not ok(p, bad), bad
    assert "standard form" in procgym.verify(p, tag("MDCCCCXLIV")).feedback
    q = record("arithmetic/roman_numerals", "1944", {"value": 1944, "roman": False})
    assert ok(q, "1944") and ok(q, "1,944") and not ok(q, "MCMXLIV") and not ok(q, "1945")


# --------------------------------------------------------------------------- averages

def test_average_helpers():
    assert mean([1, 2, 4]) == F(7, 3)
    assert median([5, 1, 4, 2]) == 3 and median([3, 9, 1]) == 3
    assert weighted_mean([90, 80], [3, 1]) == F(175, 2)
    values = [F(3), F(8), F(3)]
    make_mean_nice(values, 2, F(1), True)
    assert mean(values).denominator == 1 and all(v >= 1 for v in values)


def test_missing_value_answers_complete_the_mean():
    import re
    for seed in range(40):
        p = procgym.generate("arithmetic/averages", seed=seed, difficulty=5, kind="missing")
        n, m = re.search(r"There are (\d+) .* mean is (-?[\d./]+)\.", p.prompt).groups()
        known = [F(v) for v in re.search(r"are: ([-\d., ]+)\. What", p.prompt).group(1).split(", ")]
        assert sum(known) + F(*p.check["value"]) == F(m) * int(n)


def test_average_forms():
    p = record("arithmetic/averages", "175/2", {"value": [175, 2]})
    for good in ("175/2", "87.5", "87.50", "87.5 points", "\\frac{175}{2}", "350/4"):
        assert ok(p, good), good
    for bad in ("87", "88", "87.4", "-87.5", "87 1/2", "87.5 apples"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- answer reading: simplified form, labels, hedges

def test_radical_answer_must_be_in_simplified_form():
    """Equal is not enough: the rational part once, each coefficient one reduced number, no zero term."""
    p = record("arithmetic/simplify_radical", "1 + 2*sqrt(3) + sqrt(7)",
               {"value": [[1, 1, 1, 1], [2, 3, 2, 1], [2, 7, 1, 1]], "expression": "(test)"})
    for good in ("1 + 2*sqrt(3) + sqrt(7)", "2\\sqrt{3} + \\sqrt{7} + 1", "\\sqrt 7 + 1 + 2\\sqrt 3"):
        assert ok(p, good), good
    for bad in ("2*sqrt(3) + sqrt(7) + 1 - 1 + 1", "2*sqrt(3) + sqrt(7) + 1/2 + 1/2", "2*3/3*sqrt(3) + sqrt(7) + 1",
                "4*sqrt(3)/2 + sqrt(7) + 1", "1 + 2*sqrt(3) + sqrt(7) + 0", "1 + 2*sqrt(3) + sqrt(7) + 0*sqrt(5)",
                "(2 + 4*sqrt(3) + 2*sqrt(7))/2", "1 + sqrt(3)*(1 + 1) + sqrt(7)", "1 + 2*sqrt(3) + sqrt(7) or 1"):
        assert not ok(p, bad), bad
    q = record("arithmetic/simplify_radical", "3/4 + sqrt(5)/2", {"value": [[1, 1, 3, 4], [2, 5, 1, 2]],
                                                                   "expression": "(test)"})
    assert ok(q, "(3 + 2sqrt(5))/4") and ok(q, "\\frac{3 + 2\\sqrt{5}}{4}") and ok(q, "0.75 + 0.5\\sqrt{5}")
    assert not ok(q, "(6 + 4sqrt(5))/8") and not ok(q, "(3 + 2sqrt(5))/4 + 0")


def test_long_division_labels_in_any_order():
    p = record("arithmetic/long_division", "2296 37", {"quotient": 2296, "remainder": 37})
    for good in ("r = 37, q = 2296", "Remainder: 37, Quotient: 2296", "remainder is 37, quotient is 2296"):
        assert ok(p, good), good
    for bad in ("q = 37, r = 2296", "r = 37", "q = 2296, r = 37, r = 36", "x = 2296, r = 37", "2296 37 or 2296 36",
                "2296 r 37 r 1", "q != 2296, r = 37"):
        assert not ok(p, bad), bad


def test_rounding_refuses_spaced_digits():
    p = record("arithmetic/rounding", "12000", {"digits": "12000"})
    for bad in ("12 000", "1 2000", "12000 12000", "12000\n12000"):
        assert not ok(p, bad), bad


def test_roman_spaces_only_between_place_values():
    p = record("arithmetic/roman_numerals", "MCMXLIV", {"value": 1944, "roman": True})
    assert ok(p, "M CM XL IV") and ok(p, "MCMXLIV")
    for bad in ("MCM XLIV", "MCMXLIV MCMXLIV", "M C M X L I V", "IV XL CM M"):
        assert not ok(p, bad), bad


def test_unit_suffix_is_the_asked_unit():
    p = procgym.generate("arithmetic/unit_conversion", seed=0, difficulty=6)  # a rate: "... per ..."
    goal = re.search(r"Convert .+ to ((?:square )?[a-z]+(?: per [a-z]+)?)\.", p.prompt).group(1)
    assert ok(p, f"{p.answer} {goal}")
    head, _, tail = goal.partition(" per ")
    assert not ok(p, f"{p.answer} {head} per {tail}x") and not ok(p, f"{p.answer} {head}")
    assert not ok(p, f"{p.answer} {goal} or 1")


def test_average_unit_is_the_question_unit():
    p = next(q for q in (procgym.generate("arithmetic/averages", seed=s, difficulty=2) for s in range(40))
             if "(in kg)" in q.prompt)
    assert ok(p, f"{p.answer} kg") and not ok(p, f"{p.answer} cm") and not ok(p, f"{p.answer} points")


@pytest.mark.parametrize("name,level,seed", [("arithmetic/expression_value", 3, 103), ("arithmetic/ratio_split", 3, 74),
                                             ("arithmetic/roman_numerals", 9, 130), ("arithmetic/rounding", 8, 16),
                                             ("arithmetic/unit_conversion", 2, 131),
                                             ("arithmetic/fraction_arithmetic", 1, 113)])
def test_examples_are_never_correct_answers(name, level, seed):
    """The prompt's example never pays, also in the problems where an earlier example was the answer."""
    from procgym.contract import prompt_example

    p = procgym.generate(name, seed=seed, difficulty=level)
    example = prompt_example(p.prompt)
    assert not ok(p, example), (example, p.answer)


def test_roman_example_is_drawn_per_problem_and_never_the_answer():
    """Any standard numeral can be an answer, so the example is drawn for every problem from a fixed list,
    leaving out the answer: it never pays, and its presence says nothing about the answer."""
    from procgym.contract import prompt_example
    from procgym.generators.arithmetic.roman import EXAMPLES

    shown = []
    for seed in range(30):
        p = procgym.generate("arithmetic/roman_numerals", seed=seed, difficulty=8)
        example = prompt_example(p.prompt)
        assert example in EXAMPLES and example != p.answer
        shown.append(example)
    assert len(set(shown)) >= 4
    q = procgym.generate("arithmetic/roman_numerals", seed=0, difficulty=2)  # Roman to number
    assert prompt_example(q.prompt) == "4000" and not ok(q, "4000")
