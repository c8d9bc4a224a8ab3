"""Digit sums and digital roots of large numbers written as expressions."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, read_rhs, refused
from procgym.parsing import ParseError

from ._integers import combine_mod

LABELS = ("digit sum", "sum", "S", "digital root", "root", "answer")


def digit_sum(n: int) -> int:
    return sum(map(int, str(abs(n))))


def digital_root(n: int) -> int:
    """Repeated digit sums until one digit remains (n >= 0)."""
    while n >= 10:
        n = digit_sum(n)
    return n


def evaluate(text: str) -> int:
    """The value of an expression as this module writes it: integers, + - * ^ and brackets, with
    the usual precedence (our own texts only, never an answer)."""
    tokens = re.findall(r"\d+|[-+*^()]", text)
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def expr():
        value = term()
        while peek() in ("+", "-"):
            value = value + term() if take() == "+" else value - term()
        return value

    def term():
        value = power()
        while peek() == "*":
            take()
            value *= power()
        return value

    def power():
        base = atom()
        if peek() == "^":
            take()
            return base ** power()
        return base

    def atom():
        if take() == "(":
            value = expr()
            take()  # ")"
            return value
        return int(tokens[pos - 1])

    return expr()


def _power10(c: int, k: int) -> str:
    if k == 0:
        return str(c)
    return f"10^{k}" if c == 1 else f"{c} * 10^{k}"


def _sum_form(rng, n_terms: int, top: int) -> tuple[int, str]:
    """c0*10^k0 +- c1*10^k1 +- ... +- d: subtractions make runs of 9s by borrowing."""
    while True:
        exps = sorted(rng.sample(range(2, top + 1), min(n_terms, top - 1)), reverse=True)
        value, text = 0, ""
        for i, k in enumerate(exps):
            c = rng.randint(1, 9) if rng.random() < 0.7 else rng.randint(10, 99)
            sign = 1 if i == 0 else rng.choice((1, -1))
            value += sign * c * 10 ** k
            text = _power10(c, k) if i == 0 else f"{text} {'+' if sign > 0 else '-'} {_power10(c, k)}"
        d = rng.randint(1, 999)
        sign = rng.choice((1, -1, -1))
        value += sign * d
        text = f"{text} {'+' if sign > 0 else '-'} {d}"
        if value > 0:
            return value, text


def _product_form(rng, n_terms: int, top: int) -> tuple[int, str]:
    """(10^n - 1) * m, (10^n + 1) * m, (10^n - 1)^2, (10^a + b) * (10^c - d) and sums of such."""
    value, parts = 0, []
    for _ in range(max(1, n_terms - 1)):
        n = rng.randint(max(3, top // 2), top)
        shape = rng.randrange(4)
        if shape == 0:
            m = rng.randint(2, 999)
            v, t = (10 ** n - 1) * m, f"(10^{n} - 1) * {m}"
        elif shape == 1:
            m = rng.randint(2, 999)
            v, t = (10 ** n + 1) * m, f"(10^{n} + 1) * {m}"
        elif shape == 2:
            b = rng.randint(1, 9)
            v, t = (10 ** n - b) ** 2, f"(10^{n} - {b})^2"
        else:
            k = rng.randint(2, n - 1)
            b, d = rng.randint(1, 20), rng.randint(1, 20)
            v, t = (10 ** n + b) * (10 ** k - d), f"(10^{n} + {b}) * (10^{k} - {d})"
        value += v
        parts.append(t)
    return value, " + ".join(parts)


def _root_form(rng, n_terms: int, top: int) -> tuple[int, str]:
    """Powers a^b combined by + and *, plus a constant; returns the value modulo 9 and the text."""
    bases = [(rng.randint(2, 99), rng.randint(max(2, top // 2), 10 * top)) for _ in range(n_terms)]
    ops = [rng.choice("+*") for _ in bases[1:]] + ["+"]
    c = rng.randint(1, 999)
    residue = combine_mod([pow(a, b, 9) for a, b in bases] + [c], ops, 9)
    text = f"{bases[0][0]}^{bases[0][1]}" + "".join(f" {op} {a}^{b}" for op, (a, b) in zip(ops, bases[1:]))
    return residue, f"{text} + {c}"


@register
class DigitSums(Task):
    """Digit sums of huge numbers written with powers of ten, such as 3 * 10^40 - 7 * 10^12 + 58
    or (10^25 - 1) * 437, and digital roots of expressions such as 7^500 * 13^222 + 48. The numbers
    are far too long to write out by hand, so the solver must reason about their digit patterns
    (borrowing makes runs of 9s) or work modulo 9. Higher levels add terms (more borrows and
    carries, more powers to reduce), longer numbers, and products instead of plain sums."""

    name = "number_theory/digit_sums"
    knobs = (
        Knob("question", [["digit_sum"], ["digit_sum"]] + [["digit_sum", "digital_root"]] * 18,
             choices=("digit_sum", "digital_root"), doc="what is asked (a list: one is drawn per problem)"),
        Knob("n_terms", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10], (1, 10),
             doc="powers of ten (or powers) in the expression"),
        Knob("max_exponent", [6, 10, 15, 20, 30, 40, 60, 80, 100, 150, 200, 250, 300, 350, 400, 500, 600, 700, 800,
             1000], (3, 2000), doc="largest power of ten"),
        Knob("product_share", [0.0, 0.0, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.55, 0.55, 0.55, 0.6,
             0.6, 0.6, 0.6, 0.6], (0.0, 1.0),
             doc="probability of a product form such as (10^n - 1) * m instead of a sum of powers of ten"),
    )
    answer_format = "a non-negative integer"
    example = "0"  # never the answer: a positive number's digit sum and digital root are positive

    def build(self, rng, params):
        top, terms = params["max_exponent"], params["n_terms"]
        if params["question"] == "digital_root":
            residue, text = _root_form(rng, terms, top)
            value = residue or 9  # the value is positive: a digital root is 9, not 0, on multiples of 9
            question = (f"What is the digital root of {text}? The digital root of a positive integer is the "
                        f"single digit reached by repeatedly replacing the number with the sum of its digits."
                        + (" (Usual precedence: powers first, then *, then +.)" if "*" in text else ""))
        else:
            if rng.random() < params["product_share"]:
                number, text = _product_form(rng, terms, top)
            else:
                number, text = _sum_form(rng, terms, top)
            value = digit_sum(number)
            question = f"What is the sum of the decimal digits of the integer {text}?"
            if "*" in text and "(" not in text:
                question += " (Usual precedence: powers first, then *, then + and -.)"
        return Draft(question, str(value), {"value": value, "expression": text})

    def effort(self, problem):
        # a digit sum: each power term is placed, and each run of equal digits of the result
        # (the pattern that borrows and carries leave) is summed; a digital root: each power is
        # reduced modulo 9 (base, then exponent along the cycle of powers), then combined
        text = problem.check["expression"]
        terms = text.count("^")
        if "digital root" in problem.prompt:
            return 3 * terms + text.count(" + ") + text.count(" * ")
        number = evaluate(text)
        runs = sum(1 for i, ch in enumerate(str(number)) if i == 0 or ch != str(number)[i - 1])
        return terms + runs

    def grade(self, answer, problem):
        try:
            value = read_rhs(answer, LABELS)
        except ParseError as exc:
            return refused(exc)
        return grade_int(value, problem.check["value"], "the right value")
