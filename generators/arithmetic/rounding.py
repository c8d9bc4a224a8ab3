"""Rounding: to decimal places, significant figures or a place value, under a stated tie rule."""
from __future__ import annotations

import re
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, decimal_text, refused
from procgym.parsing import ParseError, clean, parse_number
from procgym.verdict import right, wrong

from ._work import Tally, numbers_in

MODES = ("places", "sigfigs", "place_value")
RULES = ("half_away", "half_even")
RULE_TEXT = {
    "half_away": "When the part being dropped is exactly half a unit of the last kept digit (a tie), round away "
                 "from zero (2.5 becomes 3 and -2.5 becomes -3).",
    "half_even": "When the part being dropped is exactly half a unit of the last kept digit (a tie), round so that "
                 "the last kept digit is even (2.5 becomes 2, 3.5 becomes 4, -2.5 becomes -2).",
}
PLACE_NAMES = {3: "thousand", 2: "hundred", 1: "ten", 0: "whole number", -1: "tenth", -2: "hundredth",
               -3: "thousandth"}
_PLAIN = re.compile(r"-?(\d+(\.\d+)?|\.\d+)")
_GROUPED = re.compile(r"-?\d{1,3}(,\d{3})+(\.\d+)?")


def round_to_exponent(value: Fraction, exponent: int, rule: str) -> Decimal:
    """`value` rounded to a multiple of 10^exponent, as a Decimal whose last digit is that place."""
    with localcontext() as ctx:
        ctx.prec = 100
        exact = Decimal(value.numerator) / Decimal(value.denominator)  # terminating: exact at this precision
        mode = ROUND_HALF_UP if rule == "half_away" else ROUND_HALF_EVEN
        return exact.quantize(Decimal(1).scaleb(exponent), rounding=mode)


def round_sigfigs(value: Fraction, figures: int, rule: str) -> Decimal:
    """`value` rounded to `figures` significant figures (a carry such as 9.96 -> 10.0 is re-rounded)."""
    with localcontext() as ctx:
        ctx.prec = 100
        exact = Decimal(value.numerator) / Decimal(value.denominator)
    exponent = exact.adjusted() - figures + 1
    rounded = round_to_exponent(value, exponent, rule)
    if rounded.adjusted() > exact.adjusted():  # the carry added a digit in front: keep `figures` digits
        rounded = round_to_exponent(value, exponent + 1, rule)
    return rounded


def plain(d: Decimal) -> str:
    """A Decimal in plain notation keeping its last place: 2.50, 0.00120, 12000."""
    text = format(d, "f")
    return "0" if text in ("-0", "-0.0") else text


def rounded_text(answer: str) -> str:
    """The answer as plain digits: a leading +, well-formed grouping commas and a leading lone
    point ('.040') normalised; white space inside the number is refused (two numbers)."""
    s = clean(answer)
    if re.search(r"\s", s):
        raise NotAnAnswer("write the rounded number without spaces")
    if s.startswith("+"):
        s = s[1:]
    if _GROUPED.fullmatch(s):
        s = s.replace(",", "")
    if s.startswith(".") or s.startswith("-."):
        s = s.replace(".", "0.", 1)
    return s


@register
class Rounding(Task):
    """Round a number as instructed: to a number of decimal places, of significant figures, or
    to the nearest ten, hundred, tenth, ...; the tie rule (away from zero, or to even) is stated.
    The answer must show exactly the kept digits, trailing zeros included (2.50, not 2.5).
    Higher levels move from decimal places to significant figures (leading zeros, carries that
    add a digit) and place values, switch to round-half-to-even, add negative numbers, plant
    exact ties and runs of nines, and ask to round the exact result of a sum or product first;
    past level 10, longer numbers and sums or products of up to seven terms."""

    name = "arithmetic/rounding"
    knobs = (
        Knob("mode", ["places", "places", ["places", "sigfigs"], "sigfigs"] + [list(MODES)] * 16, choices=MODES,
             doc="round to decimal places, significant figures, or a named place value"),
        Knob("rule", ["half_away", "half_away", "half_away", "half_away", list(RULES), list(RULES), "half_even",
                      "half_even", list(RULES), "half_even"] + [list(RULES)] * 10, choices=RULES,
             doc="how ties are rounded"),
        Knob("digits", [3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22], (2, 30),
             doc="significant digits of the number to round"),
        Knob("tricky_percent", [0, 10, 20, 30, 40, 40, 50, 50, 60, 60, 60, 65, 65, 70, 70, 75, 75, 80, 80, 80],
             (0, 100), doc="chance that the number is an exact tie or has a run of nines that carries"),
        Knob("negatives", [False] * 5 + [True] * 15, doc="the number may be negative"),
        Knob("steps", [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6], (0, 6),
             doc="0: the number is given; 1-6: it is the exact result of a sum or product to compute first"),
    )
    answer_format = ("the rounded number in plain decimal notation with exactly the digits the rounding keeps "
                     "(keep trailing zeros, e.g. 2.50; no scientific notation)")
    example = "0.0350000"  # a rounded answer keeps at most 6 decimal places: never an answer

    def build(self, rng, params):
        mode, rule, n = params["mode"], params["rule"], params["digits"]
        # e: the exponent of the last kept digit; low: of the number's last digit (low < e <= top)
        if mode == "places":
            e = -rng.randint(1, 4)
            low = rng.randint(e - n + 1, e - 1)
        elif mode == "place_value":
            e = rng.choice(sorted(PLACE_NAMES))
            low = rng.randint(e - n + 1, e - 1)
        else:
            low = rng.randint(-7, 2)
            e = low + rng.randint(1, n - 1)
        top = low + n - 1
        keep = top - e + 1  # digits before the cut
        digits = [rng.randint(1, 9)] + [rng.randint(0, 9) for _ in range(n - 1)]
        if rng.random() * 100 < params["tricky_percent"]:
            if rng.random() < 0.5:
                digits[keep:] = [5] + [0] * (n - keep - 1)  # an exact tie
            else:
                start = max(0, keep - rng.randint(1, 3))
                digits[start:keep] = [9] * (keep - start)  # a run of nines that carries
                digits[keep] = max(digits[keep], 5)
        value = Fraction(int("".join(map(str, digits)))) * Fraction(10) ** low
        if params["negatives"] and rng.random() < 0.4:
            value = -value
        if mode == "sigfigs":
            result = round_sigfigs(value, keep, rule)
            what = f"to {keep} significant figure{'s' if keep != 1 else ''}"
        else:
            result = round_to_exponent(value, e, rule)
            what = (f"to {-e} decimal place{'s' if e != -1 else ''}" if mode == "places"
                    else f"to the nearest {PLACE_NAMES[e]}")
        shown = self._shown(rng, value, params["steps"])
        question = f"{shown} Round it {what}. {RULE_TEXT[rule]}"
        answer = plain(result)
        return Draft(question, answer, {"digits": answer})

    @staticmethod
    def _shown(rng, value: Fraction, steps: int) -> str:
        """The number, either plainly or as the exact result of a sum or product of decimals."""
        if steps == 0:
            return f"Consider the number {decimal_text(value)}."
        if rng.random() < 0.5:
            # a sum of steps + 1 decimals that adds up to the value
            parts, rest = [], value
            for _ in range(steps):
                part = Fraction(rng.randint(1, 999) * rng.choice([1, -1]), 10 ** rng.randint(0, 3))
                parts.append(part)
                rest -= part
            parts.append(rest)
            rng.shuffle(parts)
            expr = " + ".join(_signed(p) for p in parts)
        else:
            # a product: dividing by 2s and 5s keeps every factor a terminating decimal
            factors, rest = [], value
            for _ in range(steps):
                f = Fraction(rng.choice([2, 4, 5, 8, 16, 25, 125]), 10 ** rng.randint(0, 2))
                factors.append(f)
                rest /= f
            factors.append(rest)
            rng.shuffle(factors)
            expr = " * ".join(_signed(f) for f in factors)
        return f"Consider the exact value of {expr}."

    def effort(self, problem):
        """Digits handled: the exact sum or product first (when asked), then every digit of the
        number scanned for the cut and the tie test, and every kept digit a carry changes."""
        shown = re.search(r"Consider the (?:number|exact value of) (.+?)\. Round it", problem.prompt).group(1)
        numbers = numbers_in(shown)
        tally = Tally()
        value = numbers[0]
        for v in numbers[1:]:
            value = tally.op(value * v if " * " in shown else value + v, value, v)
        exact = decimal_text(abs(value)).lstrip("0.").replace(".", "")
        kept = problem.check["digits"].lstrip("-0.").replace(".", "")
        carried = sum(a != b for a, b in zip(exact, kept)) + abs(len(kept) - len(exact[:len(kept)]))
        return tally.total + len(exact) + carried

    def grade(self, answer, problem):
        expected = problem.check["digits"]
        try:
            s = rounded_text(answer)
        except ParseError as exc:
            return refused(exc)
        if s == expected:
            return right()
        if not _PLAIN.fullmatch(s):
            return wrong("Write the rounded number in plain decimal notation, such as 0.0350.")
        try:
            same = parse_number(s) == parse_number(expected)
        except ParseError:
            same = False
        if same:
            return wrong("The value is right but the digits are not: keep exactly the digits the rounding keeps.")
        return wrong("That is not the correctly rounded number.")


def _signed(v: Fraction) -> str:
    return decimal_text(v) if v >= 0 else f"({decimal_text(v)})"
