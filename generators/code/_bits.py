"""Bitwise expressions on fixed-width unsigned integers: evaluation, printing, and the reader of an
unsigned answer in decimal, 0x hexadecimal or 0b binary."""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, read_int

def eval_bits(node, env: dict, width: int) -> int:
    """Value of a bitwise expression tree, unsigned in `width` bits. Nodes: ("var", name),
    ("num", n), ("not", e), ("shl", e, k), ("shr", e, k), ("rotl", e, k), ("and"|"or"|"xor"|"add"|"sub", a, b)."""
    mask = (1 << width) - 1
    kind = node[0]
    if kind == "var":
        return env[node[1]]
    if kind == "num":
        return node[1]
    if kind == "not":
        return ~eval_bits(node[1], env, width) & mask
    if kind in ("shl", "shr", "rotl"):
        v, k = eval_bits(node[1], env, width), node[2]
        if kind == "shl":
            return (v << k) & mask
        if kind == "shr":
            return v >> k
        return ((v << k) | (v >> (width - k))) & mask
    a, b = eval_bits(node[1], env, width), eval_bits(node[2], env, width)
    if kind == "and":
        return a & b
    if kind == "or":
        return a | b
    if kind == "xor":
        return a ^ b
    if kind == "add":
        return (a + b) & mask
    return (a - b) & mask


SYMBOL = {"and": "&", "or": "|", "xor": "^", "add": "+", "sub": "-", "shl": "<<", "shr": ">>"}


def show_bits(node, top: bool = True) -> str:
    """The expression with every binary operation in parentheses (no precedence to recall)."""
    kind = node[0]
    if kind == "var":
        return node[1]
    if kind == "num":
        return str(node[1])
    if kind == "not":
        return "~" + show_bits(node[1], False)
    if kind == "rotl":
        return f"rotl({show_bits(node[1], True)}, {node[2]})"
    if kind in ("shl", "shr"):
        text = f"{show_bits(node[1], False)} {SYMBOL[kind]} {node[2]}"
    else:
        text = f"{show_bits(node[1], False)} {SYMBOL[kind]} {show_bits(node[2], False)}"
    return text if top else f"({text})"


# 0x / 0b numbers: digits in one run, or in groups of four after the first, split by single spaces
# or underscores ("0b1111 0000", "0xdead_beef"); a space anywhere else splits two numbers
_HEX = re.compile(r"\+?0x([0-9a-f]{1,64}(?:[ _][0-9a-f]{4}){0,16})")
_BIN = re.compile(r"\+?0b([01]{1,256}(?:[ _][01]{4}){0,64})")


def read_unsigned(answer: str) -> int:
    """One number written in decimal (thousands groups as in 1,024 allowed), 0x hexadecimal or 0b
    binary; NotAnAnswer for anything else, such as two numbers ("0 4") or a sign before 0x."""
    s = answer.strip().lower()
    for pattern, base in ((_HEX, 16), (_BIN, 2)):
        m = pattern.fullmatch(s)
        if m:
            return int(re.sub("[ _]", "", m.group(1)), base)
    if re.search(r"0[xb]", s):
        raise NotAnAnswer("write one number: decimal, 0x hexadecimal or 0b binary")
    return read_int(s)
