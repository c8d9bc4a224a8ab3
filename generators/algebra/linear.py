"""Linear equations in one unknown: brackets, terms on both sides, fractional coefficients."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, grade_number, read_rhs, refused
from procgym.parsing import ParseError

from ._polynomials import split_signed

# A term is ("c", value) for a constant, ("x", coefficient) for coefficient * x, or
# ("g", k, [terms], d) for k * (terms) / d: a bracketed group, scaled and optionally divided.


def linear_form(terms) -> tuple[Fraction, Fraction]:
    """(a, b) with sum(terms) == a*x + b, by exact expansion of every bracket."""
    a = b = Fraction(0)
    for t in terms:
        if t[0] == "c":
            b += t[1]
        elif t[0] == "x":
            a += t[1]
        else:
            ia, ib = linear_form(t[2])
            a += t[1] * ia / t[3]
            b += t[1] * ib / t[3]
    return a, b


def solve_linear(lhs, rhs) -> Fraction | None:
    """The unique solution of lhs = rhs, or None if x cancels out."""
    al, bl = linear_form(lhs)
    ar, br = linear_form(rhs)
    if al == ar:
        return None
    return (br - bl) / (al - ar)


def _coef(v: Fraction) -> str:
    """A coefficient written before x or a bracket: '' for 1, '3', '(2/3)'."""
    if v == 1:
        return ""
    return frac_text(v) if v.denominator == 1 else f"({frac_text(v)})"


def render_sum(terms) -> str:
    if not terms:
        return "0"
    out = []
    for i, t in enumerate(terms):
        negative, body = _term(t)
        if i == 0:
            out.append(("-" if negative else "") + body)
        else:
            out.append((" - " if negative else " + ") + body)
    return "".join(out)


def _term(t) -> tuple[bool, str]:
    if t[0] == "c":
        return t[1] < 0, frac_text(abs(t[1]))
    if t[0] == "x":
        return t[1] < 0, f"{_coef(abs(t[1]))}x"
    _, k, inner, d = t
    body = f"{_coef(abs(k))}({render_sum(inner)})"
    return k < 0, body + (f"/{d}" if d != 1 else "")


_GROUP = re.compile(r"(\d+|\(\d+/\d+\))?\((.*)\)(?:/(\d+))?")
_X_TERM = re.compile(r"(\d+|\((\d+/\d+)\))?x")


def read_sum(text: str) -> list:
    """The terms of a side `render_sum` wrote, as the tuples above (a problem's own text only)."""
    out = []
    for sign, body in split_signed(text):
        if m := _GROUP.fullmatch(body):
            k = Fraction(m.group(1).strip("()")) if m.group(1) else Fraction(1)
            out.append(("g", sign * k, read_sum(m.group(2)), int(m.group(3) or 1)))
        elif m := _X_TERM.fullmatch(body):
            out.append(("x", sign * Fraction(m.group(2) or m.group(1) or 1)))
        else:
            out.append(("c", sign * Fraction(body)))
    return out


def expansion_steps(terms, depth: int = 0) -> int:
    """Steps to expand and collect: each x or constant term is multiplied through every bracket
    around it and then collected (depth + 1 steps); a bracket is one distribution, plus one to
    clear its divisor; a fractional coefficient of x is one more (clearing it)."""
    steps = 0
    for t in terms:
        if t[0] == "g":
            steps += 1 + (t[3] != 1) + expansion_steps(t[2], depth + 1)
        else:
            steps += depth + 1 + (t[0] == "x" and t[1].denominator != 1)
    return steps


@register
class LinearEquation(Task):
    """Solve a linear equation in x. Higher levels put x on both sides, add terms (more collecting),
    brackets to expand (nested at the top levels, with negative multipliers), fractional
    coefficients and divided brackets (clearing denominators), and non-integer solutions; past level
    10, up to 20 terms with brackets nested five deep. The reference solution comes from exact
    expansion of the generated equation into a*x + b on each side (checked against sympy.solve in
    the tests); sympy.solve itself takes about 3 ms per equation, too slow for the 1,000 problems/s
    target."""

    name = "algebra/linear_equation"
    knobs = (
        Knob("n_terms", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (2, 20),
             doc="top-level terms over both sides"),
        Knob("brackets", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8], (0, 20),
             doc="top-level terms that are brackets"),
        Knob("nesting", [1, 1, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5], (1, 5),
             doc="how deep brackets nest"),
        Knob("fraction_terms", [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8], (0, 20),
             doc="terms with a fractional coefficient or a divided bracket"),
        Knob("x_both_sides", [False] + [True] * 19, doc="x appears on both sides"),
        Knob("coef_max", [5, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 14, 14, 15, 15, 16, 16, 18, 20], (2, 100),
             doc="largest coefficient"),
        Knob("max_solution_denominator", [1, 1, 1, 1, 1, 2, 3, 4, 6, 8, 8, 9, 10, 10, 12, 12, 12, 12, 12, 12],
             (1, 1000), doc="largest denominator of the solution (1: an integer solution)"),
    )
    answer_format = ("the value of x as an exact number: an integer, a fraction p/q or a terminating "
                     "decimal (x = ... is also accepted)")
    example = "-1000/3"  # solutions are at most coef_max (100) in size: never an answer

    def build(self, rng, params):
        top, d_max = params["coef_max"], params["max_solution_denominator"]
        for _ in range(100):
            lhs, rhs = self._sides(rng, params)
            al, bl = linear_form(lhs)
            ar, br = linear_form(rhs)
            if al != ar:
                break
        else:
            raise AssertionError("could not generate a linear equation")  # not reached in practice
        # Steer the solution to a small value with denominator at most d_max by adding a constant
        # c to the right side: c = A*t + B for a random target t when that is a simple number,
        # else an integer near it that still gives such a solution.
        big_a, big_b = al - ar, bl - br
        c = self._steer(rng, big_a, big_b, top, d_max)
        if c != 0:
            rhs = rhs + [("c", c)]
        solution = solve_linear(lhs, rhs)  # the reference: solve the equation as written
        text = f"{render_sum(lhs)} = {render_sum(rhs)}"
        question = f"Solve this equation for x (3(x + 1) means 3 times (x + 1)):\n\n{text}"
        return Draft(question, frac_text(solution), {"value": [solution.numerator, solution.denominator],
                                                "equation": text})

    @staticmethod
    def _steer(rng, big_a: Fraction, big_b: Fraction, top: int, d_max: int) -> Fraction:
        fallback = None
        for _ in range(20):
            q = rng.randint(1, d_max)
            k = rng.randint(-top * q, top * q)
            c0 = big_a * Fraction(k, q) + big_b
            if c0.denominator <= 6:
                return c0
            if fallback is None or c0.denominator < fallback.denominator:
                fallback = c0
            for o in (0, 1, -1, 2, -2, 3, -3):
                c = Fraction(round(c0) + o)
                s = (c - big_b) / big_a
                if s.denominator <= d_max and abs(s) <= top:
                    return c
        return fallback

    def _sides(self, rng, params):
        n, top = params["n_terms"], params["coef_max"]
        n_groups = min(params["brackets"], n)
        kinds = ["g"] * n_groups + [rng.choice("xc") for _ in range(n - n_groups)]
        if "x" not in kinds and "g" not in kinds:
            kinds[0] = "x"
        rng.shuffle(kinds)
        fractional = set(rng.sample(range(n), min(params["fraction_terms"], n)))
        terms = [self._term(rng, kind, i in fractional, params["nesting"], top) for i, kind in enumerate(kinds)]
        if not params["x_both_sides"]:
            constants = [t for t in terms if t[0] == "c"]
            rest = [t for t in terms if t[0] != "c"]
            keep = rng.randint(0, len(constants)) if len(rest) > 0 else len(constants)
            lhs = rest + constants[:keep]
            rng.shuffle(lhs)
            return lhs, constants[keep:]
        cut = rng.randint(1, n - 1)
        lhs, rhs = terms[:cut], terms[cut:]
        for side in (lhs, rhs):
            if not any(t[0] in "xg" for t in side):
                side[rng.randrange(len(side))] = self._term(rng, "x", False, 1, top)
        return lhs, rhs

    def _term(self, rng, kind, fractional, depth, top):
        if kind == "c":
            if fractional:  # a constant cannot carry a fraction alone: make it a divided bracket
                kind = "g"
            else:
                return ("c", Fraction(_nonzero(rng, 2 * top)))
        if kind == "x":
            if fractional:
                q = rng.randint(2, 6)
                p = rng.choice([v for v in range(1, top + 1) if v % q])
                return ("x", Fraction(p * rng.choice((1, -1)), q))
            return ("x", Fraction(_nonzero(rng, top)))
        inner = [self._term(rng, "x", False, 1, top), ("c", Fraction(_nonzero(rng, top)))]
        if depth > 1:
            inner[rng.randrange(2)] = self._term(rng, "g", False, depth - 1, min(top, 3))
            if rng.random() < 0.5:
                inner.append(self._term(rng, rng.choice("xc"), False, 1, top))
        rng.shuffle(inner)
        if inner[0][0] == "c" and inner[0][1] < 0:
            inner.reverse()  # prefer (x - 3) over (-3 + x)
        if fractional:
            d = rng.randint(2, 6)
            k = Fraction(rng.choice([v for v in range(1, top + 1) if v % d]) * rng.choice((1, -1)))
            return ("g", k, inner, d)
        k = Fraction(-1 if rng.random() < 0.25 else rng.randint(2, max(2, top)) * rng.choice((1, -1)))
        return ("g", k, inner, 1)

    def effort(self, problem):
        # expand and collect both sides, then move x to one side and divide: two steps
        lhs, rhs = problem.check["equation"].split(" = ")
        return expansion_steps(read_sum(lhs)) + expansion_steps(read_sum(rhs)) + 2

    def grade(self, answer, problem):
        try:
            value = read_rhs(answer, ("x", "X"))
        except ParseError as exc:
            return refused(exc)
        return grade_number(value, Fraction(*problem.check["value"]), "the value of x")


def _nonzero(rng, top: int) -> int:
    v = rng.randint(1, top)
    return v if rng.random() < 0.5 else -v
