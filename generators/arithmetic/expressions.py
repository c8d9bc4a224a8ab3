"""Arithmetic expressions: evaluate an expression tree written with the usual precedence rules.

The tree machinery here (random trees, an exact evaluator, a renderer that writes only the
parentheses the precedence rules need) is shared with `fractions.py`.
"""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.parsing import ParseError, parse_int
from procgym.verdict import right, wrong

# ---------------------------------------------------------------- expression trees

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


def _literal(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


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
        text = _literal(node.value)
        return text if leftmost or not text.startswith("-") else f"({text})"
    if node.op == "neg":
        return f"-({render(node.left, True, wrap_fractions)})" if leftmost else \
            f"(-({render(node.left, True, wrap_fractions)}))"
    if node.op == "^":
        base = node.left
        inner = render(base, True, wrap_fractions)
        if not (base.op == "num" and base.value >= 0 and base.value.denominator == 1):
            inner = f"({inner})"
        return f"{inner}^{_literal(node.right.value)}"
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


def _values(node: Node):
    """Every intermediate value of a tree."""
    yield node.value
    if node.op != "num":
        yield from _values(node.left)
        if node.right is not None:
            yield from _values(node.right)


def fit_depth(n_ops: int, depth: int) -> int:
    """The depth limit, raised if needed so that a binary tree of that depth holds `n_ops` operators."""
    while 2 ** depth - 1 < n_ops:
        depth += 1
    return depth


# ---------------------------------------------------------------- the task

OPERATOR_SETS = ("+-", "+-*", "+-*/", "+-*/^")


@register
class ExpressionValue(Task):
    """Evaluate an integer arithmetic expression that follows the usual precedence rules. Only
    the parentheses that precedence needs are written, so the order of operations matters.
    Higher levels add operators (more steps), deeper trees (nested parentheses), negative
    numbers and unary minus, exact divisions (left-to-right chains such as 24 / 4 * 2) and small
    powers of bracketed or negative bases."""

    name = "arithmetic/expression_value"
    knobs = (
        Knob("n_ops", [1, 2, 3, 4, 5, 6, 7, 8, 10, 12], (1, 40), doc="binary operators in the expression"),
        Knob("max_depth", [1, 2, 2, 3, 3, 4, 4, 5, 6, 7], (1, 12),
             doc="depth limit of the expression tree (raised if too small to hold n_ops)"),
        Knob("operators", ["+-", "+-*", "+-*", "+-*/", "+-*/", "+-*/^", "+-*/^", "+-*/^", "+-*/^", "+-*/^"],
             choices=OPERATOR_SETS, doc="operators used; ^ adds small powers (squares and cubes)"),
        Knob("negatives", [False, False, False, True, True, True, True, True, True, True],
             doc="negative literals and unary minus"),
        Knob("operand_max", [9, 9, 10, 12, 12, 12, 15, 15, 20, 20], (2, 1000), doc="largest literal"),
        Knob("max_magnitude", [50, 100, 200, 500, 1000, 1000, 2000, 5000, 10000, 20000], (10, 10**12),
             doc="largest absolute value of any intermediate result"),
    )
    answer_format = "an integer"
    example = "-17"

    def build(self, rng, params):
        ops = params["operators"]
        negatives = params["negatives"]
        top = params["operand_max"]
        bound = params["max_magnitude"]
        powers = "^" in ops

        def leaf(r):
            if powers and r.random() < 0.2:
                return self._power(r, negatives)
            v = r.randint(1, top)
            if negatives and r.random() < 0.3:
                v = -v
            return Node("num", value=Fraction(v))

        def ok(v):
            return v.denominator == 1 and abs(v) <= bound

        builder = TreeBuilder(rng, ops.replace("^", ""), leaf, ok, exact_division=True,
                              divisor_max=max(top, 6), signed_divisors=negatives)
        depth = fit_depth(params["n_ops"], params["max_depth"])
        tree = builder.grow(params["n_ops"], depth)
        if negatives and rng.random() < 0.3:
            negated = self._negate_part(rng, tree)
            if all(ok(v) for v in _values(negated)):
                tree = negated
        text = render(tree)
        value = evaluate(tree)
        if value.denominator != 1:  # cannot happen: every division is exact by construction
            raise AssertionError("a generated expression has a non-integer value")
        notes = ""
        if "/" in ops:
            notes += " Every division in it comes out exact."
        if powers:
            notes += " ^ means exponentiation."
        question = f"Evaluate this expression using the standard order of operations.{notes}\n\n{text}"
        return Draft(question, str(int(value)), {"value": int(value), "expression": text})

    @staticmethod
    def _power(rng, negatives: bool) -> Node:
        """A small power: 3^2, (-2)^3, or (5 - 7)^2 at random."""
        e = rng.choice([2, 2, 3])
        top = 9 if e == 2 else 4
        if rng.random() < 0.4:
            a = rng.randint(1, 9)
            b = rng.randint(max(1, a - top), a + top)
            base = Node(rng.choice("+-") if a + b <= top else "-", Node("num", value=Fraction(a)),
                        Node("num", value=Fraction(b)))
            if abs(base.value) > top or base.value == 0:
                base = Node("num", value=Fraction(rng.randint(2, top)))
        else:
            v = rng.randint(2, top)
            base = Node("num", value=Fraction(-v if negatives and rng.random() < 0.4 else v))
        return Node("^", base, Node("num", value=Fraction(e)))

    @staticmethod
    def _negate_part(rng, tree: Node) -> Node:
        """Put a unary minus in front of one operator subtree (never a power, which would read -a^2)."""
        inner = []

        def walk(n):
            if n.op in ("+", "-", "*", "/"):
                inner.append(n)
            if n.op != "num" and n.op != "^":
                walk(n.left)
                if n.right is not None:
                    walk(n.right)

        walk(tree)
        if not inner:
            return tree
        target = inner[rng.randrange(len(inner))]

        def rebuild(n):
            if n is target:
                return Node("neg", n)
            if n.op in ("num", "^"):
                return n
            return Node(n.op, rebuild(n.left), rebuild(n.right) if n.right is not None else None)

        return rebuild(tree)

    def grade(self, answer, problem):
        try:
            value = parse_int(answer)
        except ParseError:
            return wrong("Give the value as a single integer.")
        if value != problem.check["value"]:
            return wrong("That is not the value of the expression.")
        return right()
