"""Bitwise expressions on fixed-width unsigned integers: evaluate a nested expression."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._bits import eval_bits, read_unsigned, show_bits

# operator groups, in the order the levels introduce them
GROUPS = (("and", "or", "xor"), ("not",), ("shl", "shr"), ("add", "sub"), ("rotl",))
RULES = {
    "and": "a & b: bitwise AND", "or": "a | b: bitwise OR", "xor": "a ^ b: bitwise XOR",
    "not": "~a: flip every one of the {w} bits",
    "shl": "a << k: shift left by k bits, dropping bits pushed past bit {top}", "shr": "a >> k: shift right by k bits",
    "add": "a + b: addition modulo 2^{w}", "sub": "a - b: subtraction modulo 2^{w} (wrapping below 0)",
    "rotl": "rotl(a, k): rotate left by k bits within {w} bits (bits leaving the top re-enter at the bottom)",
}


def _tree(rng, n: int, ops: list[str], names: list[str], width: int):
    if n == 0:
        if rng.random() < 0.75:
            return ("var", names[rng.randrange(len(names))])
        return ("num", rng.randrange(1, 1 << width))
    op = ops[rng.randrange(len(ops))]
    if op == "not":
        return ("not", _tree(rng, n - 1, ops, names, width))
    if op in ("shl", "shr", "rotl"):
        return (op, _tree(rng, n - 1, ops, names, width), rng.randint(1, min(3, width - 1)))
    left = rng.randint(0, n - 1)
    return (op, _tree(rng, left, ops, names, width), _tree(rng, n - 1 - left, ops, names, width))


def _literal(rng, v: int, width: int, style: str) -> str:
    if style == "hex":
        return "0x" + format(v, "0%dx" % ((width + 3) // 4))
    if style == "bin":
        return "0b" + format(v, "0%db" % width)
    return str(v)


@register
class BitwiseExpression(Task):
    """Evaluate a nested expression of bitwise operations on unsigned integers of a fixed width.
    Every binary operation is parenthesised, so no precedence rules are needed. Higher levels add
    operations (AND/OR/XOR, then NOT within the width, shifts, wrapping addition and subtraction,
    rotations), deeper nesting, wider words and values written in a mix of decimal, hex and binary."""

    name = "code/bitwise_expression"
    knobs = (
        Knob("width", [4, 4, 8, 8, 8, 8, 12, 16, 16, 16, 16, 20, 24, 24, 28, 32, 32, 32, 32, 32], (2, 32),
             doc="bits per value"),
        Knob("n_ops", [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 31, 35, 40], (1, 40),
             doc="operations in the expression"),
        Knob("groups", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5] + [5] * 10, (1, 5),
             doc="operator groups in use (and/or/xor, not, shifts, add/sub, rotate)"),
        Knob("variables", [2, 2, 2, 2, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 3), doc="variables x, y, z"),
        Knob("mixed_bases", [False, False, False, False, True, True, True, True, True, True] + [True] * 10,
             doc="write values in decimal, hex (0x) or binary (0b) at random"),
    )
    answer_format = "the value as a decimal integer (0x hexadecimal or 0b binary also accepted)"
    example = "-1"  # values are unsigned: never an answer

    def build(self, rng, params):
        width = params["width"]
        ops = [op for group in GROUPS[:params["groups"]] for op in group]
        names = ["x", "y", "z"][:params["variables"]]
        env = {name: rng.randrange(1 << width) for name in names}
        for _ in range(50):  # x ^ x and the like are trivial: draw again
            tree = _tree(rng, params["n_ops"], ops, names, width)
            if not _twin(tree):
                break
        styles = ["dec", "hex", "bin"] if params["mixed_bases"] else ["dec"]

        def relit(node):  # constants get a display form too
            if node[0] == "num":
                return ("lit", _literal(rng, node[1], width, styles[rng.randrange(len(styles))]), node[1])
            return (node[0],) + tuple(relit(c) if isinstance(c, tuple) else c for c in node[1:])

        shown = relit(tree)
        text = _render(shown)
        value = eval_bits(tree, env, width)
        used = sorted({op for op in ops if _uses(tree, op)}, key=ops.index)
        rules = "\n".join("- " + RULES[op].format(w=width, top=width - 1) for op in used)
        assigns = ", ".join(f"{n} = {_literal(rng, env[n], width, styles[rng.randrange(len(styles))])}" for n in names)
        question = (f"All values are unsigned {width}-bit integers (0 to {(1 << width) - 1}). 0x marks hexadecimal "
                    f"and 0b binary.\nOperations:\n{rules}\n\nWith {assigns}, what is the value of\n{text}\n?")
        return Draft(question, str(value), {"value": value, "width": width})

    def effort(self, problem):
        # every operation of the expression works on all the bits of a word
        return problem.params["n_ops"] * problem.check["width"]

    def grade(self, answer, problem):
        try:
            got = read_unsigned(answer)
        except NotAnAnswer as exc:
            return refused(exc)
        value = problem.check["value"]
        if got == value:
            return right()
        if got - value == 1 << problem.check["width"] or value - got == 1 << problem.check["width"]:
            return wrong(f"Reduce the result modulo 2^{problem.check['width']}.")
        return wrong("That is not the value of the expression.")


def _twin(node) -> bool:
    """Whether some binary operation has two identical operands."""
    kids = [c for c in node[1:] if isinstance(c, tuple)]
    if len(kids) == 2 and kids[0] == kids[1]:
        return True
    return any(_twin(c) for c in kids)


def _uses(node, op: str) -> bool:
    if node[0] == op:
        return True
    return any(_uses(c, op) for c in node[1:] if isinstance(c, tuple))


def _render(node) -> str:
    """show_bits with display literals: ('lit', text, value) leaves print as their text."""
    if node[0] == "lit":
        return node[1]
    swapped = _swap_literals(node)
    text = show_bits(swapped)
    for i, lit in enumerate(_literals(node)):
        text = text.replace(f"\x00{i}\x00", lit)
    return text


def _literals(node) -> list[str]:
    if node[0] == "lit":
        return [node[1]]
    return [t for c in node[1:] if isinstance(c, tuple) for t in _literals(c)]


def _swap_literals(node, counter=None):
    """Replace each literal by a placeholder variable (numbered in order) so show_bits can print the tree."""
    counter = counter if counter is not None else [0]
    if node[0] == "lit":
        name = f"\x00{counter[0]}\x00"
        counter[0] += 1
        return ("var", name)
    return (node[0],) + tuple(_swap_literals(c, counter) if isinstance(c, tuple) else c for c in node[1:])
