"""Domain readers for the calculus answers: a limit-like value (a number, +-oo, or a word such
as DNE or diverges), and guards that keep a parsed expression small enough to check quickly.

    read_extended("-oo", {"dne": "dne"})   # ("inf", -1)
"""
from __future__ import annotations

import sympy

from procgym.kit import read_number


def exp_depth(e) -> int:
    """How deeply exponentials (exp, and powers with a symbolic exponent) nest in a sympy tree."""
    if not e.args:
        return 0
    inner = max(exp_depth(a) for a in e.args)
    if isinstance(e, sympy.exp) or (isinstance(e, sympy.Pow) and not e.exp.is_number):
        return inner + 1
    return inner


def tame(e, max_ops: int = 3000, max_exp_depth: int = 3) -> bool:
    """Whether a parsed expression is small and shallow enough to evaluate quickly: numeric
    checks of power towers like ((x^x)^x)^x... take unbounded time in 30-digit arithmetic."""
    try:
        return exp_depth(e) <= max_exp_depth and sympy.count_ops(e) <= max_ops
    except RecursionError:
        return False


INFINITY_WORDS = {"oo": 1, "+oo": 1, "inf": 1, "+inf": 1, "infinity": 1, "+infinity": 1, "\u221e": 1, "+\u221e": 1,
                  "\\infty": 1, "+\\infty": 1, "-oo": -1, "-inf": -1, "-infinity": -1, "-\u221e": -1, "-\\infty": -1}


def read_extended(answer: str, words: dict) -> tuple[str, object]:
    """('number', Fraction) | ('inf', +1/-1) | ('word', words[key]) for a limit-like answer: the
    whole answer is one of the words (any case), an infinity (oo, -inf, \\infty...) or one number."""
    low = " ".join(answer.lower().split())
    if low in words:
        return "word", words[low]
    if low.replace(" ", "") in INFINITY_WORDS:
        return "inf", INFINITY_WORDS[low.replace(" ", "")]
    return "number", read_number(answer)
