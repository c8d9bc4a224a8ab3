"""Reading the arithmetic answers of the number puzzles (Countdown, the 24 game): an expression
of whole numbers with + - * / and parentheses, optionally followed (or preceded) by = and the
target, read exactly.

The text is parsed with `ast.parse` (parsing only; nothing is executed) and walked against a
whitelist: binary + - * /, whole-number literals, parentheses. Values are exact Fractions.

    read_arithmetic("(6+4)*5-2")        # ([6, 4, 5, 2], Fraction(48, 1), None)
    read_arithmetic("8/(3-8/3) = 24")   # ([8, 3, 8, 3], Fraction(24, 1), 24)
"""
from __future__ import annotations

import ast
import re
from fractions import Fraction

from procgym.kit import NotAnAnswer
from procgym.parsing import clean

MAX_CHARS = 500
MAX_NODES = 200
MAX_DEPTH = 40

_ALLOWED = re.compile(r"[0-9\s+\-*/()]*")
_PLAIN_INT = re.compile(r"\s*\d{1,12}\s*")
# the LaTeX a model writes for the four operations and for brackets
_LATEX = {"\\times": "*", "\\cdot": "*", "\\div": "/", "\\left": "", "\\right": "", "[": "(", "]": ")"}
_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def read_arithmetic(text: str) -> tuple[list[int], Fraction | None, int | None]:
    """(the number literals in order, the exact value or None on a division by zero, the
    target claimed after or before "=" or None). NotAnAnswer with a one-sentence reason when
    the text is not one such expression."""
    s = clean(text)  # operator look-alikes (x as U+00D7, U+00F7) and LaTeX spacing
    for latex, plain in _LATEX.items():
        s = s.replace(latex, plain)
    if len(s) > MAX_CHARS:
        raise NotAnAnswer(f"the expression is longer than {MAX_CHARS} characters")
    claimed = None
    if "=" in s:
        lhs, _, rhs = s.partition("=")
        if "=" in rhs:
            raise NotAnAnswer("write one expression, optionally followed by = and the target")
        if _PLAIN_INT.fullmatch(rhs):
            claimed, s = int(rhs), lhs
        elif _PLAIN_INT.fullmatch(lhs):
            claimed, s = int(lhs), rhs
        else:
            raise NotAnAnswer("write one expression, optionally followed by = and the target")
    s = s.strip()
    if "." in s:
        raise NotAnAnswer("use whole numbers only")
    if not s or not _ALLOWED.fullmatch(s):
        raise NotAnAnswer("use only the given numbers, + - * / and parentheses")
    depth = 0
    for ch in s:
        depth += 1 if ch == "(" else -1 if ch == ")" else 0
        if depth > MAX_DEPTH or depth < 0:
            raise NotAnAnswer("the parentheses are unbalanced or nested too deeply")
    try:
        tree = ast.parse(" ".join(s.split()), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise NotAnAnswer("the expression could not be read: check the parentheses and operators") from None
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise NotAnAnswer("the expression is too long")
    literals: list[int] = []
    _collect(tree.body, literals)
    if not literals:
        raise NotAnAnswer("the expression has no numbers")
    try:
        value = _evaluate(tree.body)
    except ZeroDivisionError:
        value = None
    return literals, value, claimed


def _collect(node, literals: list[int]) -> None:
    if isinstance(node, ast.BinOp):
        if type(node.op) not in _OPS:
            raise NotAnAnswer("only + - * / are allowed (no powers or floor division)")
        _collect(node.left, literals)
        _collect(node.right, literals)
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        literals.append(node.value)
    elif isinstance(node, ast.UnaryOp):
        raise NotAnAnswer("a sign on its own (like -3) is not allowed: combine the numbers with + - * /")
    else:
        raise NotAnAnswer("the expression may contain only numbers, + - * / and parentheses")


def _evaluate(node) -> Fraction:
    if isinstance(node, ast.Constant):
        return Fraction(node.value)
    left, right = _evaluate(node.left), _evaluate(node.right)
    op = type(node.op)
    if op is ast.Add:
        return left + right
    if op is ast.Sub:
        return left - right
    if op is ast.Mult:
        return left * right
    return left / right  # ZeroDivisionError is the caller's
