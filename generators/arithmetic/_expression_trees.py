"""Arithmetic expression trees: random trees with a given number of operators, an exact
evaluator, and a renderer that writes only the parentheses the precedence rules need.

    render(Node("-", Node("num", value=Fraction(10)), Node("-", ...)))   # "10 - (4 - 3)"
"""
from __future__ import annotations

import re
from fractions import Fraction

from procgym.kit import frac_text


# precedence of what a node renders as: sums 1, products and quotients 2, a leading unary minus 3,
# powers 4, non-negative literals 5
_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "neg": 3, "^": 4}


class Node:
    """A node of an arithmetic expression tree: a literal ("num") or an operator over children."""

    __slots__ = ("op", "left", "right", "value")

    def __init__(self, op: str, left=None, right=None, value: Fraction | None = None):
        self.op, self.left, self.right = op, left, right
        self.value = value if op == "num" else evaluate_node(op, left, right)

    def count_ops(self) -> int:
        if self.op == "num":
            return 0
        return 1 + self.left.count_ops() + (self.right.count_ops() if self.right is not None else 0)


def evaluate_node(op: str, left: Node, right: Node | None) -> Fraction | None:
    """The exact value of one operator over evaluated children (None: undefined, e.g. x/0)."""
    a = left.value
    b = right.value if right is not None else None
    if a is None or (right is not None and b is None):
        return None
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        return None if b == 0 else a / b
    if op == "^":
        return a ** int(b)
    if op == "neg":
        return -a
    raise ValueError(f"unknown operator {op!r}")


def evaluate(node: Node) -> Fraction:
    """The exact value of a tree, recomputed from its leaves (the reference evaluator)."""
    if node.op == "num":
        return node.value
    left = evaluate(node.left)
    right = evaluate(node.right) if node.right is not None else None
    if node.op == "/" and right == 0:
        raise ZeroDivisionError("division by zero in a generated expression")
    return evaluate_node(node.op, Node("num", value=left), None if right is None else Node("num", value=right))


def _prec(node: Node) -> int:
    if node.op == "num":
        if node.value < 0:
            return 3
        return 5 if node.value.denominator == 1 else 2  # a fraction literal reads like a quotient
    return _PREC[node.op]


def render(node: Node, leftmost: bool = True, wrap_fractions: bool = True) -> str:
    """The expression as text, with only the parentheses that precedence and associativity need.

    A part that starts with a minus sign is bracketed unless it opens the whole expression or a
    bracket ("3 * (-4)", never "3 * -4"). Fraction literals are bracketed next to * and / when
    `wrap_fractions` is set ("(3/4) / (5/6)"), so a literal always reads as one number.
    """
    if node.op == "num":
        text = frac_text(node.value)
        return text if leftmost or not text.startswith("-") else f"({text})"
    if node.op == "neg":
        return f"-({render(node.left, True, wrap_fractions)})" if leftmost else \
            f"(-({render(node.left, True, wrap_fractions)}))"
    if node.op == "^":
        base = node.left
        inner = render(base, True, wrap_fractions)
        if not (base.op == "num" and base.value >= 0 and base.value.denominator == 1):
            inner = f"({inner})"
        return f"{inner}^{frac_text(node.right.value)}"
    p = _PREC[node.op]
    left, right = node.left, node.right
    wrap_left = _prec(left) < p
    rp = _prec(right)
    wrap_right = rp < p or (rp == p and not (right.op == node.op and node.op in "+*"))
    if wrap_fractions and node.op in "*/":
        wrap_left = wrap_left or (left.op == "num" and left.value.denominator != 1)
        wrap_right = wrap_right or (right.op == "num" and right.value.denominator != 1)
    lt = f"({render(left, True, wrap_fractions)})" if wrap_left else render(left, leftmost, wrap_fractions)
    rt = f"({render(right, True, wrap_fractions)})" if wrap_right else render(right, False, wrap_fractions)
    return f"{lt} {node.op} {rt}"


class TreeBuilder:
    """Grows random expression trees with a given number of binary operators and a depth limit.

    `leaf(rng)` draws a literal; `ok(value)` says whether an intermediate value is acceptable
    (magnitude, denominator); `exact_division` keeps every quotient an integer by choosing the
    divisor among the divisors of the dividend.
    """

    def __init__(self, rng, ops: str, leaf, ok, exact_division: bool = False, divisor_max: int = 12,
                 signed_divisors: bool = False):
        self.rng, self.ops, self.leaf, self.ok = rng, ops, leaf, ok
        self.exact_division, self.divisor_max, self.signed_divisors = exact_division, divisor_max, signed_divisors

    def grow(self, n_ops: int, depth: int) -> Node:
        rng = self.rng
        if n_ops <= 0:
            return self.leaf(rng)
        cap = 2 ** (depth - 1) - 1  # operators that fit in a child of depth - 1
        first = self.ops[rng.randrange(len(self.ops))]
        lo, hi = max(0, n_ops - 1 - cap), min(n_ops - 1, cap)
        k = hi if (first == "/" and self.exact_division) else rng.randint(lo, hi)
        left = self.grow(k, depth - 1)
        right = self.grow(n_ops - 1 - k, depth - 1)
        others = [o for o in self.ops if o != first]
        rng.shuffle(others)
        for op in [first] + others:
            node = self._join(op, left, right)
            if node is not None:
                return node
        # one of a + b and a - b is no larger in magnitude than the larger operand
        plus, minus = Node("+", left, right), Node("-", left, right)
        return plus if self.ok(plus.value) else minus

    def _join(self, op: str, left: Node, right: Node) -> Node | None:
        if op not in "+-*/":
            return None
        if op == "/" and self.exact_division:
            b = right.value
            if b == 0 or left.value % b != 0 or abs(b) == 1:
                if right.op != "num":
                    return None
                d = self._divisor(left.value)
                if d is None:
                    return None
                right = Node("num", value=Fraction(d))
        node = Node(op, left, right)
        if node.value is None or not self.ok(node.value):
            return None
        return node

    def _divisor(self, a: Fraction) -> int | None:
        """A divisor of the integer `a` in 2..divisor_max (sign chosen like the literals), or None."""
        n = abs(int(a))
        if n < 2:
            return None
        choices = [d for d in range(2, min(self.divisor_max, n) + 1) if n % d == 0]
        if len(choices) > 1 and choices[-1] == n:
            choices.pop()  # a / a is a wasted step when another divisor exists
        if not choices:
            return None
        d = choices[self.rng.randrange(len(choices))]
        return -d if self.signed_divisors and self.rng.random() < 0.3 else d


def node_values(node: Node):
    """Every intermediate value of a tree."""
    yield node.value
    if node.op != "num":
        yield from node_values(node.left)
        if node.right is not None:
            yield from node_values(node.right)


def fit_depth(n_ops: int, depth: int) -> int:
    """The depth limit, raised if needed so that a binary tree of that depth holds `n_ops` operators."""
    while 2 ** depth - 1 < n_ops:
        depth += 1
    return depth


# --------------------------------------------------------------------------- effort

_TOKEN = re.compile(r"\d+(?:\.\d+)?(?:/\d+)?| [-+*/] |[-()^]")


def parse_rendered(text: str) -> Node:
    """The tree of an expression this module (or decimals.render_decimal) rendered: binary
    operators stand between spaces, a literal is "7", "3/4" or "1.25" (a fraction literal has no
    spaces), "-" without a space is a sign or a unary minus, "^" a power. Only ever called on
    generated text (a problem's own expression), never on an answer."""
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text:
        raise ValueError(f"not a rendered expression: {text!r}")
    pos = 0

    def peek():
        return tokens[pos] if pos < len(tokens) else None

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def expr(ops=(" + ", " - ")):
        inner = term if ops[0] == " + " else unary
        node = inner()
        while peek() in ops:
            op = take().strip()
            node = Node(op, node, inner())
        return node

    def term():
        return expr((" * ", " / "))

    def unary():
        if peek() == "-":
            take()
            if peek() == "(":
                return Node("neg", power())
            literal = power()  # "-3" is a negative literal, "-3^2" does not occur
            return Node("num", value=-literal.value) if literal.op == "num" else Node("neg", literal)
        return power()

    def power():
        base = atom()
        if peek() == "^":
            take()
            return Node("^", base, atom())
        return base

    def atom():
        tok = take()
        if tok == "(":
            node = expr()
            take()  # ")"
            return node
        whole, _, den = tok.partition("/")
        return Node("num", value=Fraction(whole) / Fraction(den or 1))

    return expr()


def digit_work(node: Node, digits) -> int:
    """Digits handled over every operation of the tree: each operator application counts the
    digits of its operands and of its result (`digits(value)`), a power one multiplication per
    extra factor: schoolbook work, which grows with both more steps and longer numbers."""
    if node.op == "num":
        return 0
    below = digit_work(node.left, digits) + (digit_work(node.right, digits) if node.right is not None else 0)
    if node.op == "neg":
        return below + digits(node.value)
    if node.op == "^":
        base, work, acc = node.left.value, 0, node.left.value
        for _ in range(int(node.right.value) - 1):
            work += digits(acc) + digits(base) + digits(acc * base)
            acc *= base
        return below + work
    return below + digits(node.left.value) + digits(node.right.value) + digits(node.value)


def text_digits(render_number):
    """digits(value) for digit_work: the digit characters of a number as the task writes it."""
    return lambda value: sum(ch.isdigit() for ch in render_number(value))
