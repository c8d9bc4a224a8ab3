"""Roman numerals: convert in both directions, and compute with numbers written in Roman numerals."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int
from procgym.parsing import clean
from procgym.verdict import right, wrong

from ._work import Tally

SYMBOLS = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
PAIRS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
         (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
CANONICAL = re.compile(r"M{0,3}(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})")
DIRECTIONS = ("to_roman", "from_roman", "arithmetic")
RULES = ("Roman numerals use I = 1, V = 5, X = 10, L = 50, C = 100, D = 500, M = 1000, written from largest to "
         "smallest; a smaller symbol before a larger one is subtracted, only in the pairs IV = 4, IX = 9, XL = 40, "
         "XC = 90, CD = 400, CM = 900, and no symbol repeats more than three times in a row.")


def to_roman(n: int) -> str:
    """The standard Roman numeral of 1 <= n <= 3999 (greedy over the value-symbol pairs)."""
    if not 1 <= n <= 3999:
        raise ValueError(f"{n} has no standard Roman numeral")
    out = []
    for value, symbol in PAIRS:
        count, n = divmod(n, value)
        out.append(symbol * count)
    return "".join(out)


def from_roman(text: str) -> int:
    """The value of a Roman numeral read by the subtractive rule (canonical or not); ValueError if not one."""
    s = text.upper()
    if not s or any(ch not in SYMBOLS for ch in s):
        raise ValueError(f"{text!r} is not a Roman numeral")
    total = 0
    for i, ch in enumerate(s):
        v = SYMBOLS[ch]
        total += -v if i + 1 < len(s) and SYMBOLS[s[i + 1]] > v else v
    return total


def is_canonical(text: str) -> bool:
    return bool(text) and CANONICAL.fullmatch(text) is not None


def place_groups(text: str) -> list[str]:
    """The thousands, hundreds, tens and ones of a standard numeral, the empty ones left out:
    MCMXLIV -> ["M", "CM", "XL", "IV"]."""
    m = re.fullmatch(r"(M{0,3})(CM|CD|D?C{0,3})(XC|XL|L?X{0,3})(IX|IV|V?I{0,3})", text)
    return [g for g in m.groups() if g] if m else []


@register
class RomanNumerals(Task):
    """Convert between Roman numerals and ordinary numbers, or compute with Roman numerals and
    answer in Roman numerals. The rules of standard form are stated; a Roman answer must be in
    standard form (IIII or VIV for 4 is rejected). Higher levels use larger numbers with more
    subtractive pairs, then arithmetic on several Roman operands (+, -, then *) whose result must
    be written back in Roman numerals; past level 10, more operands (up to 16)."""

    name = "arithmetic/roman_numerals"
    knobs = (
        Knob("max_value", [20, 50, 100, 400, 1000, 2000] + [3999] * 14, (1, 3999),
             doc="largest number involved (3999 is the largest standard numeral)"),
        Knob("direction", ["to_roman", "from_roman", ["to_roman", "from_roman"], ["to_roman", "from_roman"],
                           list(DIRECTIONS), list(DIRECTIONS)] + ["arithmetic"] * 14, choices=DIRECTIONS,
             doc="number to Roman, Roman to number, or arithmetic on Roman numerals"),
        Knob("n_operands", [2, 2, 2, 2, 2, 2, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16], (2, 16),
             doc="Roman operands in an arithmetic problem"),
        Knob("operators", ["+", "+", "+", "+", "+-", "+-", "+-", "+-"] + ["+-*"] * 12, choices=("+", "+-", "+-*"),
             doc="operators in an arithmetic problem"),
    )
    answer_format = "a Roman numeral in standard form"
    example = "MCMXLIV"

    def build(self, rng, params):
        top, direction = params["max_value"], params["direction"]
        if direction == "to_roman":
            n = self._number(rng, top)
            question = f"{RULES}\n\nWrite {n} in Roman numerals."
            return Draft(question, to_roman(n), {"value": n, "roman": True}, example=_example(rng, to_roman(n)))
        if direction == "from_roman":
            n = self._number(rng, top)
            question = f"{RULES}\n\nWhat number does the Roman numeral {to_roman(n)} stand for?"
            return Draft(question, str(from_roman(to_roman(n))), {"value": n, "roman": False},
                         answer_format="an integer in ordinary digits", example="4000")  # n <= 3999: never an answer
        terms, ops = self._expression(rng, params)
        text = to_roman(terms[0]) + "".join(f" {op} {to_roman(t)}" for op, t in zip(ops, terms[1:]))
        value = _evaluate([from_roman(to_roman(t)) for t in terms], ops)
        question = (f"{RULES}\n\nCompute {text}, where the operands are Roman numerals and the usual order of "
                    f"operations applies. Write the result in Roman numerals.")
        return Draft(question, to_roman(value), {"value": value, "roman": True, "expression": text},
                     example=_example(rng, to_roman(value)))

    @staticmethod
    def _number(rng, top: int) -> int:
        """A number up to `top`, usually with a subtractive pair in it once numbers are large enough."""
        n = rng.randint(max(1, top // 10), top)
        if top >= 40 and rng.random() < 0.7 and not any(p in to_roman(n) for p in ("IV", "IX", "XL", "XC", "CD", "CM")):
            n = rng.randint(max(1, top // 10), top)
        return n

    def _expression(self, rng, params):
        """Operands and operators whose value (usual precedence) is in 1..max_value(3999)."""
        top = max(params["max_value"], 10)
        k, allowed = params["n_operands"], params["operators"]
        for _ in range(500):
            ops = [allowed[rng.randrange(len(allowed))] for _ in range(k - 1)]
            terms = []
            for i in range(k):
                small = (i > 0 and ops[i - 1] == "*") or (i + 1 < k and ops[i] == "*")
                terms.append(rng.randint(2, 30) if small else rng.randint(max(1, top // 20), top // 2))
            value = _evaluate(terms, ops)
            if 1 <= value <= min(3999, top):
                return terms, ops
        return [top // 2, top // 4], ["+"]

    def effort(self, problem):
        """Symbols read and written, plus the digits the arithmetic handles (products first)."""
        c = problem.check
        if "expression" not in c:  # one conversion: a symbol per step each way
            return len(to_roman(c["value"])) + len(str(c["value"]))
        numerals, ops = c["expression"].split()[0::2], c["expression"].split()[1::2]
        terms = [from_roman(t) for t in numerals]
        tally = Tally()
        values, signs = [terms[0]], []
        for op, t in zip(ops, terms[1:]):
            if op == "*":
                values[-1] = tally.op(values[-1] * t, values[-1], t)
            else:
                signs.append(op)
                values.append(t)
        total = values[0]
        for op, v in zip(signs, values[1:]):
            total = tally.op(total + v if op == "+" else total - v, total, v)
        return sum(map(len, numerals)) + tally.total + len(to_roman(total))

    def grade(self, answer, problem):
        c = problem.check
        if not c["roman"]:
            return grade_int(answer, c["value"], "the value of the numeral")
        groups = clean(answer).upper().split()
        s = "".join(groups)
        if not s or any(ch not in SYMBOLS for ch in s):
            return wrong("Write the answer with the Roman symbols I, V, X, L, C, D and M only.")
        if len(groups) > 1 and not (is_canonical(s) and groups == place_groups(s)):
            return wrong("Write one numeral: spaces may only separate its thousands, hundreds, tens and ones.")
        if is_canonical(s) and from_roman(s) == c["value"]:
            return right()
        try:
            read = from_roman(s)
        except ValueError:
            read = None
        if read == c["value"]:
            return wrong("That numeral is not in standard form.")
        return wrong("That is not the right number.")


# every standard numeral up to 3999 can be an answer, so the example is drawn per problem, last
# (after everything else in the problem), from these, leaving out the answer: it never pays and,
# drawn for every problem alike, never hints at the answer
EXAMPLES = ("MCMXLIV", "MMXXIV", "DCCLXXXIX", "CDXLIV", "MMMCMXCIX", "XLIX")


def _example(rng, answer: str) -> str:
    options = [e for e in EXAMPLES if e != answer]
    return options[rng.randrange(len(options))]


def _evaluate(terms: list[int], ops: list[str]) -> int:
    """The value of t0 op t1 op ... with * before + and -, left to right otherwise."""
    values, signs = [terms[0]], []
    for op, t in zip(ops, terms[1:]):
        if op == "*":
            values[-1] *= t
        else:
            signs.append(op)
            values.append(t)
    total = values[0]
    for op, v in zip(signs, values[1:]):
        total = total + v if op == "+" else total - v
    return total
