"""Modular exponentiation: remainders and last digits of huge powers and towers of powers."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_rhs, refused, drawn_example
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._integers import capped_tower, combine_mod, totient, tower_mod, trial_division_work


def power_work(bases, m: int) -> int:
    """Steps of reducing bases[0]^(bases[1]^(...)) modulo m the way tower_mod does: a small
    exponent is used as it is; a large one is reduced modulo phi(m) (factoring m for its totient,
    and reading a written exponent digit by digit), recursively up the tower; then the power is
    taken by repeated squaring (two steps per bit of the exponent used)."""
    bases = tuple(bases)
    if m == 1 or len(bases) == 1:
        return 1
    cap = m.bit_length() + 1
    exponent = capped_tower(bases[1:], cap)
    if exponent < cap:
        return 2 * exponent.bit_length() + 1
    ph = totient(m)
    reduce = len(str(bases[1])) if len(bases) == 2 else power_work(bases[1:], ph)
    return trial_division_work(m) + reduce + 2 * (2 * ph).bit_length() + 1


def _tower_bases(text: str) -> list[int]:
    """The bases of a tower as _render_tower writes it: "3^(7^50)" -> [3, 7, 50]."""
    return [int(t) for t in re.findall(r"\d+", text)]


def _render_tower(bases) -> str:
    text = str(bases[-1])
    for b in reversed(bases[:-1]):
        text = f"{b}^{text}" if text.isdigit() else f"{b}^({text})"
    return text


@register
class ModularPower(Task):
    """Find the remainder of a huge power modulo m, or its last k digits: 7^2023 mod 100, the
    last two digits of 3^(7^50) + 13^400. The exponents are far too large to expand, so the
    solver must reduce them (repeated squaring, cycles of powers, Euler's theorem, CRT).
    Higher levels add exponent digits, larger moduli, several powers combined by + and *
    (each its own reduction), and towers a^(b^c) whose exponents must themselves be reduced
    modulo phi(m), phi(phi(m)), ... ."""

    name = "number_theory/modular_power"
    knobs = (
        Knob("modulus", [(5, 12), (7, 20), (10, 50), (10, 100), (20, 200), (50, 500), (100, 1000), (100, 2000),
             (500, 5000), (1000, 10000), (2000, 20000), (5000, 50000), (10**4, 10**5), (2 * 10**4, 2 * 10**5),
             (5 * 10**4, 5 * 10**5), (10**5, 10**6), (2 * 10**5, 2 * 10**6), (5 * 10**5, 5 * 10**6), (10**6, 10**7),
             (2 * 10**6, 2 * 10**7)], (2, 10**9), doc="the modulus m"),
        Knob("exponent_digits", [1, 2, 2, 3, 4, 6, 9, 12, 18, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90, 100], (1, 200),
             doc="digits of a plain exponent (towers use small levels, see tower_height)"),
        Knob("n_terms", [1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (1, 10),
             doc="powers combined by + and *"),
        Knob("tower_height", [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="exponent levels of the first power: 1 is a^b, 2 is a^(b^c), 3 is a^(b^(c^d))"),
        Knob("last_digits_share", [0.0, 0.2, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3] + [0.3] * 10, (0.0, 1.0),
             doc="probability of asking for the last digits (m a power of ten) instead of a remainder"),
    )
    answer_format = "an integer from 0 to m - 1, where m is the modulus"
    example = "43"  # the class default; each problem shows one of EXAMPLES that is not its answer
    EXAMPLES = ("43", "7", "18", "91")

    def build(self, rng, params):
        last_digits = rng.random() < params["last_digits_share"]
        m = params["modulus"]
        k = 0
        if last_digits:
            k = max(1, len(str(m)) - 1)
            m = 10 ** k
        digits = params["exponent_digits"]
        terms, texts = [], []
        for i in range(params["n_terms"]):
            height = params["tower_height"] if i == 0 else rng.randint(1, params["tower_height"])
            while True:
                a = rng.randint(2, max(30, 3 * m))
                if a % m not in (0, 1):
                    break
            if height == 1:
                bases = [a, rng.randint(max(2, 10 ** (digits - 1)), 10 ** digits - 1)]
            else:
                top = rng.randint(2, 10 ** min(digits, 3) - 1)
                bases = [a] + [rng.randint(2, 20) for _ in range(height - 1)] + [top]
            terms.append(tower_mod(bases, m))
            texts.append(_render_tower(bases))
        ops = [rng.choice("+*") for _ in terms[1:]]
        value = combine_mod(terms, ops, m)
        expression = texts[0] + "".join(f" {op} {text}" for op, text in zip(ops, texts[1:]))
        precedence = " (usual precedence: powers first, then *, then +)" if len(texts) > 2 else ""
        if last_digits:
            plural = "digit" if k == 1 else f"{k} digits"
            verb = "is" if k == 1 else "are"
            question = f"What {verb} the last {plural} of the integer {expression}?{precedence}"
            fmt = (f"the last {plural} written as an integer from 0 to {m - 1}"
                   + ("" if k == 1 else " (leading zeros may be kept or dropped: 07 or 7)"))
            answer = str(value)
        else:
            question = (f"Compute ({expression}) mod {m}: the remainder when {expression} is divided by {m}."
                        f"{precedence}")
            fmt = f"an integer from 0 to {m - 1}"
            answer = str(value)
        example = drawn_example(rng, self.EXAMPLES, lambda e: e != answer)  # drawn last, never the answer
        return Draft(question, answer, {"value": value, "m": m, "last_digits": k}, answer_format=fmt, example=example)

    def effort(self, problem):
        # each power (or tower) reduced modulo m, then the results combined
        question = problem.prompt.split("\n\nAnswer format:", 1)[0]
        if problem.check["last_digits"]:
            expression = re.search(r" of the integer (.+?)\?", question).group(1)
        else:
            expression = re.search(r"^Compute \((.+?)\) mod \d+:", question).group(1)
        terms = re.split(r" [+*] ", expression)
        return sum(power_work(_tower_bases(t), problem.check["m"]) for t in terms) + len(terms) - 1

    def grade(self, answer, problem):
        c = problem.check
        try:
            text = read_rhs(answer, ["x"])
            value = read_int(text)
        except ParseError as exc:
            return refused(exc)
        if c["last_digits"] and len(text.lstrip("+")) > c["last_digits"]:
            return wrong(f"Give exactly the last {c['last_digits']} digit(s).")
        if not 0 <= value < c["m"]:
            return wrong(f"Give the remainder in the range 0 to {c['m'] - 1}.")
        if value != c["value"]:
            return wrong("That is not the right remainder.")
        return right()
