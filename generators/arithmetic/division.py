"""Long division: the whole-number quotient and remainder of one integer by another."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_int, read_labelled, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

_R_BETWEEN = re.compile(r"^([+-]?\d[\d,]*)\s*(?:r|rem|remainder)\s*([+-]?\d[\d,]*)$", re.IGNORECASE)
_NAMES = {"quotient": "q", "remainder": "r"}
_PLAIN = re.compile(r"\s*;\s*|,\s+|\s+|\s*,(?=\s*[+-])")


def euclid_divide(a: int, b: int) -> tuple[int, int]:
    """(q, r) with a = b*q + r and 0 <= r < |b| (Euclidean division), by long division on |a|."""
    if b == 0:
        raise ZeroDivisionError("division by zero")
    # schoolbook long division of |a| by |b|, one digit at a time
    q_abs, r = 0, 0
    for digit in str(abs(a)):
        r = r * 10 + int(digit)
        q_digit = 0
        while r >= abs(b):
            r -= abs(b)
            q_digit += 1
        q_abs = q_abs * 10 + q_digit
    # |a| = |b| q_abs + r; fix signs so that the remainder stays in [0, |b|)
    if a < 0 and r:
        q_abs, r = q_abs + 1, abs(b) - r
    q = q_abs if (a >= 0) == (b > 0) else -q_abs
    return q, r


def read_pair(answer: str) -> tuple[int, int]:
    """Two integers, quotient then remainder: '123 4', '123, 4', '123; 4', '123 R 4', '123 r4',
    '123 remainder 4'; or labelled in any order: 'q = 123, r = 4', 'Remainder: 4, Quotient: 123'."""
    s = answer.strip()
    m = _R_BETWEEN.match(s)
    if m:
        return read_int(m.group(1)), read_int(m.group(2))
    if re.search(r"[A-Za-z]", s):
        named = re.sub(r"\b(quotient|remainder)\b", lambda w: _NAMES[w.group(1).lower()], s, flags=re.IGNORECASE)
        named = re.sub(r"\s+is\s+", " = ", named, flags=re.IGNORECASE)
        values = read_labelled(named, ["q", "r"], read_int)
        return values["q"], values["r"]
    parts = [p for p in _PLAIN.split(s) if p]
    if len(parts) == 1 and parts[0].count(",") == 1:
        try:
            read_int(parts[0])  # a grouped integer such as 1,234 is one number
        except ParseError:
            parts = parts[0].split(",")
    if len(parts) != 2:
        raise NotAnAnswer("give exactly two integers: the quotient, then the remainder")
    return read_int(parts[0]), read_int(parts[1])


@register
class LongDivision(Task):
    """Divide one integer by another: give the whole-number quotient and the remainder. Higher
    levels need more long-division steps (more quotient digits), multi-digit divisors (each
    quotient digit must be estimated), zeros inside the quotient (a classic slip), and finally
    negative numbers under the stated convention that the remainder is never negative."""

    name = "arithmetic/long_division"
    knobs = (
        Knob("quotient_digits", [1, 2, 3, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (1, 40),
             doc="digits of the quotient (long-division steps)"),
        Knob("divisor_digits", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 8], (1, 20),
             doc="digits of the divisor"),
        Knob("inner_zeros", [False, False] + [True] * 18, doc="the quotient has zero digits inside it"),
        Knob("negatives", [False] * 8 + [True] * 12,
             doc="the dividend or the divisor may be negative (remainder still 0 <= r < |divisor|)"),
    )
    answer_format = "the quotient and the remainder as two integers separated by a space, quotient first"
    example = "0 4"  # the quotient has at least one nonzero digit: never an answer

    def build(self, rng, params):
        qd, dd = params["quotient_digits"], params["divisor_digits"]
        d = rng.randint(max(2, 10 ** (dd - 1)), 10 ** dd - 1)
        digits = [rng.randint(1, 9)] + [rng.randint(0, 9) for _ in range(qd - 1)]
        if params["inner_zeros"] and qd >= 3:
            for _ in range(max(1, (qd - 1) // 3)):
                digits[rng.randint(1, qd - 2)] = 0
        q = int("".join(map(str, digits)))
        r = rng.randint(0, d - 1) if rng.random() < 0.9 else 0
        a = q * d + r
        if params["negatives"]:
            sign = rng.choice(["a", "b", "ab"])
            a, d = (-a if "a" in sign else a), (-d if "b" in sign else d)
        quotient, remainder = euclid_divide(a, d)
        if params["negatives"]:
            rule = (f"Find the integers q and r with {a} = ({d})*q + r and 0 <= r < {abs(d)} (the remainder is "
                    f"never negative).")
        else:
            rule = f"Find the whole-number quotient q and the remainder r, so that {a} = {d}*q + r with 0 <= r < {d}."
        question = f"Divide {a} by {d} using long division. {rule}"
        return Draft(question, f"{quotient} {remainder}", {"quotient": quotient, "remainder": remainder})

    def effort(self, problem):
        # schoolbook long division: each digit of the dividend brought down is one step whose
        # trial multiple of the divisor costs its digits; a negative operand adds the sign fix
        m = re.search(r"Divide (-?\d+) by (-?\d+)", problem.prompt)
        a, d = int(m.group(1)), int(m.group(2))
        return len(str(abs(a))) * len(str(abs(d))) + (a < 0 or d < 0)

    def grade(self, answer, problem):
        try:
            q, r = read_pair(answer)
        except ParseError as exc:
            return refused(exc)
        c = problem.check
        if (q, r) == (c["quotient"], c["remainder"]):
            return right()
        if (r, q) == (c["quotient"], c["remainder"]):
            return wrong("Give the quotient first, then the remainder.")
        if q != c["quotient"]:
            return wrong("The quotient is wrong.")
        return wrong("The remainder is wrong.")
