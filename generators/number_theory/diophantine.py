"""Linear Diophantine equations a*x + b*y = c: a solution, the general solution, the solution
with the smallest positive x, or the number of solutions in positive integers."""
from __future__ import annotations

import math
import re

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import (NotAnAnswer, drawn_example, read_int, read_labelled, read_list, refused, split_top,
                         strip_brackets)
from procgym.parsing import ParseError, parse_expression
from procgym.verdict import right, wrong

from ._integers import egcd, euclid_steps, read_named_int, says_none

QUESTIONS = ("any", "min_x", "count", "general")
COUNT_EXAMPLES = ("3", "5", "1", "12")
PARAMETERS = ("t", "k", "n", "m", "s")
_PAIR_PREFIX = re.compile(r"^\(\s*x\s*,\s*y\s*\)\s*=\s*", re.IGNORECASE)
# what may follow a general solution, and nothing else: ", where t is an integer", "(t \in Z)",
# "for any integer t" ("t is not an integer" or "for t = 1" are not this)
_INTEGERS = r"(?:\\mathbb ?\{? ?Z ?\}?|Z|the integers|integers)"
# (matched on the answer with its white space collapsed, in its last characters only: see _grade_general)
_PARAM_CLAUSE = re.compile(
    rf" ?[,;]? ?\(? ?(?:(?:where|for|with) (?:(?:any|all|every|some|an?) )?(?:integers? )?[tkmns]"
    rf"(?: is an? integer| ?(?:\u2208|\\in|in) ?{_INTEGERS})?|[tkmns] ?(?:\u2208|\\in|in) ?{_INTEGERS}) ?\)?$",
    re.IGNORECASE)
_JUXTAPOSED = re.compile(r"[A-Za-z)]\s+\d")  # "15t 1": a number after a term, read as a product by the parser
_XY = re.compile(r"^x\s*=\s*(.+?)\s*(?:,|;|\band\b)\s*y\s*=\s*(.+)$", re.IGNORECASE)
_YX = re.compile(r"^y\s*=\s*(.+?)\s*(?:,|;|\band\b)\s*x\s*=\s*(.+)$", re.IGNORECASE)


def equation_text(a: int, b: int, c: int) -> str:
    first = "x" if a == 1 else "-x" if a == -1 else f"{a}x"
    second = ("y" if abs(b) == 1 else f"{abs(b)}y")
    return f"{first} {'+' if b > 0 else '-'} {second} = {c}"


def general_solution(a: int, b: int, c: int) -> tuple[int, int, int, int] | None:
    """(x0, y0, p, q) with every integer solution x = x0 + p*t, y = y0 + q*t, or None."""
    g, u, v = egcd(a, b)
    if c % g:
        return None
    x0, y0 = u * (c // g), v * (c // g)
    p, q = b // g, -(a // g)
    # the particular solution with the smallest non-negative x, for a tidy reference answer
    shift = -(x0 // abs(p)) * (1 if p > 0 else -1)
    return x0 + p * shift, y0 + q * shift, p, q


def min_positive_x(a: int, b: int, c: int) -> tuple[int, int] | None:
    sol = general_solution(a, b, c)
    if sol is None:
        return None
    x0, _, p, _ = sol
    step = abs(p)
    x = x0 % step or step
    return x, (c - a * x) // b


def count_positive(a: int, b: int, c: int) -> int:
    """Solutions with x >= 1 and y >= 1, for a, b > 0."""
    sol = min_positive_x(a, b, c)
    if sol is None:
        return 0
    x, _ = sol
    step = b // math.gcd(a, b)
    x_max = (c - b) // a  # y >= 1 means a*x <= c - b
    return 0 if x_max < x else (x_max - x) // step + 1


def linear_text(start: int, coef: int, param: str = "t") -> str:
    """start + coef*param, tidily: "2 - 3t", "-t", "5t"."""
    term = f"{abs(coef) if abs(coef) != 1 else ''}{param}"
    if start == 0:
        return term if coef > 0 else f"-{term}"
    return f"{start} {'-' if coef < 0 else '+'} {term}"


def parse_pair(text: str) -> tuple[int, int]:
    """x, y from "7, -3", "(7, -3)", "x = 7, y = -3" or "y = -3 and x = 7" (read by name), or
    "(x, y) = (7, -3)" (also "(y, x) = (-3, 7)")."""
    s = " ".join(text.split()).replace(" and ", ", ")  # white space collapsed: no long runs to rescan
    if s.count("=") == 1 and s.lstrip().startswith(("(", "[")):
        lhs, _, rhs = s.partition("=")
        names = [name.strip().lower() for name in split_top(strip_brackets(lhs), ",")]
        if sorted(names) != ["x", "y"]:
            raise NotAnAnswer(f"the left-hand side {lhs.strip()!r} must name x and y")
        values = read_list(rhs, read_int)
        if len(values) != 2:
            raise NotAnAnswer("expected two integers x, y")
        pair = dict(zip(names, values))
        return pair["x"], pair["y"]
    if "=" in s:
        pair = read_labelled(s, ["x", "y"], read_int)
        return pair["x"], pair["y"]
    values = read_list(s, read_int)
    if len(values) != 2:
        raise NotAnAnswer("expected two integers x, y")
    return values[0], values[1]


def general_ok(a: int, b: int, c: int, x0: int, p: int, y0: int, q: int) -> bool:
    """Whether x = x0 + p t, y = y0 + q t gives every integer solution of a x + b y = c exactly once."""
    return a * x0 + b * y0 == c and a * p + b * q == 0 and abs(p) == abs(b) // math.gcd(a, b)


@register
class LinearDiophantine(Task):
    """Solve a*x + b*y = c in integers. The question says which answer is wanted: any one integer
    solution (checked by substitution), the solution with the smallest positive x, the number of
    solutions in positive integers, or the general solution in terms of a parameter t (any correct
    parametrisation that covers every solution exactly once is accepted). When gcd(a, b) does not
    divide c there is no solution. Higher levels move from "any solution" to the general solution
    and to counting, use larger coefficients, share a factor between a and b (so the equation may
    have no solution), and use negative coefficients."""

    name = "number_theory/linear_diophantine"
    knobs = (
        Knob("question", [["any"], ["any"], ["any", "min_x"], ["min_x", "count"], ["min_x", "count", "general"],
             list(QUESTIONS[1:]), list(QUESTIONS[1:]), list(QUESTIONS[1:]), list(QUESTIONS[1:]),
             list(QUESTIONS[1:])] + [list(QUESTIONS[1:])] * 10, choices=QUESTIONS,
             doc="what is asked (a list: one is drawn per problem)"),
        Knob("coef_max", [9, 12, 15, 20, 30, 50, 80, 120, 200, 400, 700, 1000, 2000, 3000, 5000, 10**4, 2 * 10**4,
             5 * 10**4, 10**5, 2 * 10**5], (3, 10**9), doc="largest |a| and |b|"),
        Knob("shared_share", [0.0, 0.2, 0.3, 0.4, 0.5, 0.5, 0.5, 0.6, 0.6, 0.6, 0.6, 0.6, 0.65, 0.65, 0.65, 0.7, 0.7,
             0.7, 0.7, 0.7], (0.0, 1.0), doc="probability that gcd(a, b) > 1"),
        Knob("none_share", [0.0, 0.0, 0.2, 0.25, 0.25, 0.25, 0.3, 0.3, 0.3, 0.3] + [0.3] * 10, (0.0, 1.0),
             doc="probability that an equation with gcd(a, b) > 1 has no solution"),
        Knob("negative_share", [0.0, 0.0, 0.0, 0.2, 0.3, 0.3, 0.4, 0.4, 0.5, 0.5] + [0.5] * 10, (0.0, 1.0),
             doc="probability of a negative coefficient (not for counting questions)"),
    )
    answer_format = "two integers x, y separated by a comma, or none"
    example = "0, 0"  # never a solution: the right-hand side c is never 0

    def build(self, rng, params):
        kind = params["question"]
        top = params["coef_max"]
        g = 1
        if rng.random() < params["shared_share"]:
            g = rng.randint(2, max(2, min(12, top // 3)))
        while True:
            a, b = g * rng.randint(1, max(1, top // g)), g * rng.randint(1, max(1, top // g))
            if math.gcd(a, b) == g and a != b and min(a, b) > 1:
                break
            g = 1 if g > 1 and rng.random() < 0.1 else g
        if kind != "count" and rng.random() < params["negative_share"]:
            if rng.random() < 0.5:
                a = -a
            else:
                b = -b
        lcm = abs(a * b) // g
        if kind == "count":
            c = g * rng.randint(max(1, (a + b) // g), 4 * lcm // g)
        else:
            c = g * rng.randint(1, max(2, lcm // g)) * rng.choice((1, 1, -1))
        if g > 1 and rng.random() < params["none_share"]:
            c += rng.randint(1, g - 1)
        equation = equation_text(a, b, c)
        check = {"a": a, "b": b, "c": c, "question": kind}
        none = "If there is no integer solution, answer none."
        if kind == "any":
            sol = general_solution(a, b, c)
            question = (f"Find one solution in integers x, y of\n\n    {equation}\n\n"
                        f"Any integer solution is accepted. {none}")
            answer = "none" if sol is None else f"{sol[0]}, {sol[1]}"
            fmt = "two integers x, y separated by a comma (x first), or none"
            example = "0, 0"  # never a solution: c is never 0
        elif kind == "min_x":
            sol = min_positive_x(a, b, c)
            question = (f"Among all solutions in integers x, y of\n\n    {equation}\n\nfind the one whose x is the "
                        f"smallest positive integer possible (y may be any integer). {none}")
            answer = "none" if sol is None else f"{sol[0]}, {sol[1]}"
            check["min_x"] = None if sol is None else sol[0]
            fmt = "two integers x, y separated by a comma (x first), or none"
            example = "0, 0"  # never a solution: c is never 0
        elif kind == "count":
            count = count_positive(a, b, c)
            question = f"How many solutions does\n\n    {equation}\n\nhave with x and y both positive integers?"
            answer = str(count)
            check["count"] = count
            fmt = "a non-negative integer (0 if there are none)"
            example = None  # drawn below, after every other draw
        else:
            sol = general_solution(a, b, c)
            question = (f"Find the general solution in integers of\n\n    {equation}\n\nGive x and y in terms of an "
                        f"integer parameter t, so that every integer t gives a solution and every solution "
                        f"arises from exactly one t. {none}")
            if sol is None:
                answer = "none"
            else:
                x0, y0, p, q = sol
                answer = f"x = {linear_text(x0, p)}, y = {linear_text(y0, q)}"
            check["solvable"] = sol is not None
            fmt = "x = (expression in t), y = (expression in t), or none"
            example = "x = 3t, y = -2t"  # never a solution: t = 0 gives (0, 0), and c is never 0
        if example is None:  # a count can be any small number: one that is not this one, drawn last
            example = drawn_example(rng, COUNT_EXAMPLES, lambda e: int(e) != count)
        return Draft(question, answer, check, answer_format=fmt, example=example)

    def effort(self, problem):
        # the extended Euclidean algorithm on (a, b), forward and back, then the steps of the
        # answer asked for: scale a particular solution, shift it to the least positive x, write
        # the parametrisation, or bound x and count the steps in between
        c = problem.check
        extra = {"any": 6, "general": 6, "min_x": 8, "count": 12}[c["question"]]
        return 2 * euclid_steps(c["a"], c["b"]) + extra

    def grade(self, answer, problem):
        c = problem.check
        kind = c["question"]
        if kind == "count":
            if says_none(answer):
                return right() if c["count"] == 0 else wrong("There are solutions in positive integers.")
            try:
                value = read_named_int(answer, ("N", "count", "number of solutions"))
            except ParseError as exc:
                return refused(exc)
            return right() if value == c["count"] else wrong("That is not the number of positive solutions.")
        a, b, rhs = c["a"], c["b"], c["c"]
        solvable = rhs % math.gcd(a, b) == 0
        if says_none(answer):
            return right() if not solvable else wrong("The equation has integer solutions.")
        if kind == "general":
            return self._grade_general(answer, a, b, rhs, solvable)
        try:
            x, y = parse_pair(answer)
        except ParseError as exc:
            return refused(exc)
        if not solvable:
            return wrong("The equation has no integer solution.")
        if a * x + b * y != rhs:
            return wrong("Those values do not satisfy the equation.")
        if kind == "min_x" and x != c["min_x"]:
            return wrong("That is a solution, but not the one with the smallest positive x.")
        return right()

    def _grade_general(self, answer, a, b, rhs, solvable):
        s = " ".join(answer.split())  # one space between words: the patterns below never rescan long runs
        tail = s[-80:]
        clause = _PARAM_CLAUSE.search(tail)
        if clause:
            s = s[:len(s) - len(tail) + clause.start()].strip()
        m = _PAIR_PREFIX.match(s)
        if m:
            inner = s[m.end():].strip()
            if len(inner) >= 2 and inner[0] + inner[-1] == "()":
                inner = inner[1:-1]
            parts = [p.strip() for p in inner.split(",")]
            if len(parts) != 2:
                return wrong("Write the general solution as x = ..., y = ... .")
            x_text, y_text = parts
        else:
            m = _XY.match(s) or _YX.match(s)
            if not m:
                return wrong("Write the general solution as x = ..., y = ... .")
            x_text, y_text = m.groups() if m.re is _XY else m.groups()[::-1]
        if _JUXTAPOSED.search(x_text) or _JUXTAPOSED.search(y_text):
            return wrong("Not an answer: a number stands after a term with no operator between them.")
        try:
            x_expr = parse_expression(x_text, PARAMETERS)
            y_expr = parse_expression(y_text, PARAMETERS)
        except ParseError as exc:
            return refused(exc)
        if not solvable:
            return wrong("The equation has no integer solution.")
        free = x_expr.free_symbols | y_expr.free_symbols
        if len(free) != 1:
            return wrong("Use exactly one integer parameter t.")
        t = free.pop()
        coeffs = []
        for expr in (x_expr, y_expr):
            poly = sympy.Poly(sympy.expand(expr), t) if expr.is_polynomial(t) else None
            if poly is None or poly.degree() > 1:
                return wrong("x and y must be linear in t.")
            slope, start = poly.coeff_monomial(t), poly.coeff_monomial(1)
            if not (slope.is_Integer and start.is_Integer):
                return wrong("Each integer t must give integer x and y: use integer coefficients.")
            coeffs.append((int(start), int(slope)))
        (x0, p), (y0, q) = coeffs
        if a * x0 + b * y0 != rhs or a * p + b * q != 0:
            return wrong("That does not give solutions for every t.")
        if not general_ok(a, b, rhs, x0, p, y0, q):
            return wrong("That misses some solutions (or repeats them): check the step in t.")
        return right()
