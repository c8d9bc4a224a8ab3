"""Solution sets of exact real values (roots of equations): reading and grading them.

An answer lists the solutions in any order, each in any equal exact form (fractions, surds,
logarithms), separated by commas (or "or"/"and"), optionally as `x = ...` or `x_1 = ...`, with
`a ± b` for two values; "none" (or "no real solutions") for the empty set.

    grade_value_set("x = 1/2 or x = -3 ± sqrt(13)", ["1/2", "-3 - sqrt(13)", "-3 + sqrt(13)"])   # right
"""
from __future__ import annotations

import math
import re

import sympy

from procgym.kit import NotAnAnswer, is_none, refused, split_top, strip_brackets
from procgym.parsing import ParseError, clean, parse_expression
from procgym.verdict import Verdict, right, wrong

MAX_VALUES = 20  # values in one answer
DIGITS = 50  # digits of the numeric comparison
TOLERANCE = 1e-40  # relative: values that agree this far are the same exact value
_NO_REAL = {"no real solution", "no real solutions", "no real roots", "no real root", "no roots", "\\{\\}", "[]"}
_ITEM_NAME = re.compile(r"^\s*x(?:_?\{?\d{1,2}\}?)?\s*=\s*")
_WORD_SEPARATOR = re.compile(r"\s+(?:or|and)\s+", re.IGNORECASE)
_PLUS_MINUS = re.compile(r"\+\s*/\s*-|\+-|\u00b1|\\pm")


def says_none(text: str) -> bool:
    """Whether the answer says the solution set is empty ("none", "no real solutions", "{}")."""
    return is_none(text) or " ".join(text.strip().lower().split()) in _NO_REAL


def value_items(answer: str) -> list[str]:
    """The items of a set-of-values answer: set braces stripped, split on , ; "or" "and", each
    `x =` (or `x_1 =`) removed, and `a ± b` expanded into two items. Any other name or relation
    stays in its item, for the value reader to refuse."""
    s = strip_brackets(clean(answer).replace("\\{", "{").replace("\\}", "}"), "{}[]")
    s = _WORD_SEPARATOR.sub(",", s)
    items = []
    for part in split_top(s, ",;"):
        part = _ITEM_NAME.sub("", part, count=1).strip()
        if len(_PLUS_MINUS.findall(part)) == 1:
            items += [_PLUS_MINUS.sub("+", part), _PLUS_MINUS.sub("-", part)]
        else:
            items.append(part)
    return items


def read_exact_value(item: str, functions=()) -> sympy.Expr:
    """A numeric expression (no variables) using only sqrt, powers and the named functions."""
    if not item:
        raise NotAnAnswer("an item of the list is empty")
    expr = parse_expression(item, ())
    allowed = set(functions)
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.Function) and node.func not in allowed:
            raise NotAnAnswer(f"{node.func.__name__} is not allowed here")
        if node in (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan):
            raise NotAnAnswer("a value is infinite")
    return expr


def numeric(expr, digits: int = DIGITS) -> complex:
    """The value of a numeric sympy expression to `digits` digits, as a finite complex number."""
    v = complex(sympy.N(expr, digits))
    if not (math.isfinite(v.real) and math.isfinite(v.imag)):
        raise NotAnAnswer("a value is not finite")
    return v


def grade_value_set(answer: str, expected_texts: list[str], functions=(), what: str = "the solutions") -> Verdict:
    """A set of exact real values, in any order, each in any equal exact form; "none" for the
    empty set. A decimal is accepted only for a rational value, and a rational number (however
    many digits) never for an irrational one."""
    if says_none(answer):
        return right() if not expected_texts else wrong(f"There are solutions: give {what}.")
    try:
        items = value_items(answer)
        if len(items) > MAX_VALUES:
            return wrong(f"That is more than {MAX_VALUES} values.")
        given = [read_exact_value(item, functions) for item in items]
        values = [numeric(g) for g in given]
    except ParseError as exc:
        return refused(exc)
    except (TypeError, ValueError, ArithmeticError):
        return wrong("A value could not be evaluated.")
    if any(abs(v.imag) > TOLERANCE * max(1.0, abs(v)) for v in values):
        return wrong("Give real values only.")
    if not expected_texts:
        return wrong("There is no solution: the answer is none.")
    expected = [parse_expression(t, ()) for t in expected_texts]
    targets = [numeric(e) for e in expected]
    used = [False] * len(targets)
    for item, g, v in zip(items, given, values):
        hit = next((j for j, t in enumerate(targets) if abs(v - t) <= TOLERANCE * max(1.0, abs(t))), None)
        if hit is None:
            return wrong(f"{item[:40]} is not one of {what}.")
        if used[hit]:
            return wrong("A value is listed twice.")
        if not expected[hit].is_Rational and ("." in item or g.is_Rational):
            return wrong("Give exact values (surds, logarithms, fractions), not decimal approximations.")
        used[hit] = True
    if not all(used):
        return wrong(f"Some of {what} are missing.")
    return right()
