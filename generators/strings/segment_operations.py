"""Scrambling a string step by step: reversals, rotations, swaps and moves applied in sequence."""
from __future__ import annotations

import string

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._rotations import rotate
from ._substrings import read_word

# The operation kinds, in the order the levels introduce them.
KINDS = ("swap_positions", "rotate", "reverse_range", "swap_letters", "move", "rotate_letter")


def apply_op(s: str, op: list) -> str:
    """One operation (positions are 1-based in the text, 0-based here)."""
    kind = op[0]
    if kind == "swap_positions":
        i, j = op[1], op[2]
        chars = list(s)
        chars[i], chars[j] = chars[j], chars[i]
        return "".join(chars)
    if kind == "rotate":
        return rotate(s, op[1] if op[2] == "left" else -op[1])
    if kind == "reverse_range":
        i, j = op[1], op[2]
        return s[:i] + s[i:j + 1][::-1] + s[j + 1:]
    if kind == "swap_letters":
        return s.translate(str.maketrans(op[1] + op[2], op[2] + op[1]))
    if kind == "move":
        chars = list(s)
        c = chars.pop(op[1])
        chars.insert(op[2], c)
        return "".join(chars)
    # rotate_letter: rotate right by one more than the (0-based) index of the letter
    return rotate(s, -(s.index(op[1]) + 1))


def describe(op: list) -> str:
    kind = op[0]
    if kind == "swap_positions":
        return f"swap the letters at positions {op[1] + 1} and {op[2] + 1}"
    if kind == "rotate":
        return f"rotate {op[2]} by {op[1]}"
    if kind == "reverse_range":
        return f"reverse the letters at positions {op[1] + 1} through {op[2] + 1}"
    if kind == "swap_letters":
        return f"swap the letters {op[1]} and {op[2]} (wherever they are)"
    if kind == "move":
        return f"move the letter at position {op[1] + 1} to position {op[2] + 1}"
    return f"rotate right by the letter {op[1]}"


def random_op(rng, s: str, kinds) -> list:
    n = len(s)
    kind = kinds[rng.randrange(len(kinds))]
    i, j = sorted(rng.sample(range(n), 2))
    if kind == "swap_positions":
        return [kind, i, j]
    if kind == "rotate":
        return [kind, rng.randint(1, n - 1), "left" if rng.random() < 0.5 else "right"]
    if kind == "reverse_range":
        return [kind, i, j]
    if kind == "swap_letters":
        return [kind, s[i], s[j]]
    if kind == "move":
        return [kind, i, j] if rng.random() < 0.5 else [kind, j, i]
    return [kind, s[rng.randrange(n)]]


RULES = {
    "swap_positions": "swap the letters at positions i and j: exchange those two letters",
    "rotate": "rotate left/right by k: move the first k letters to the end (left), or the last k letters to the "
              "front (right)",
    "reverse_range": "reverse the letters at positions i through j: reverse that block (both ends included) in place",
    "swap_letters": "swap the letters x and y: every x becomes y and every y becomes x",
    "move": "move the letter at position i to position j: take it out, then insert it so that it ends up at position j",
    "rotate_letter": "rotate right by the letter x: find the position p of x (counting from 1) in the current "
                     "string and rotate right by p",
}


@register
class SegmentOperations(Task):
    """Apply a list of string operations in order and give the final string: swaps by position,
    rotations, reversals of a block, swaps by letter, moves, and rotations that depend on where a
    letter currently is. Each level adds steps, and new kinds of operation (ones that refer to
    letters rather than positions force the solver to track the current string exactly)."""

    name = "strings/segment_operations"
    knobs = (
        Knob("length", [5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15], (3, 26),
             doc="letters in the string (all different)"),
        Knob("n_ops", [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 28], (1, 40),
             doc="operations applied"),
        Knob("kinds", [2, 3, 3, 4, 5, 6, 6, 6, 6, 6] + [6] * 10, (1, 6),
             doc="operation kinds in use (swap positions, rotate, reverse block, swap letters, move, rotate by letter)"),
    )
    answer_format = "the final string of lowercase letters"
    example = "cbdac"  # the letters of the string are all different: one with a repeat is never an answer

    def build(self, rng, params):
        letters = list(string.ascii_lowercase[:params["length"]])
        rng.shuffle(letters)
        start = "".join(letters)
        kinds = KINDS[:params["kinds"]]
        s, ops = start, []
        for _ in range(params["n_ops"]):
            op = random_op(rng, s, kinds)
            ops.append(op)
            s = apply_op(s, op)
        used = [k for k in KINDS if any(op[0] == k for op in ops)]
        rules = "\n".join(f"- {RULES[k]}" for k in used)
        steps = "\n".join(f"{i + 1}. {describe(op)}" for i, op in enumerate(ops))
        question = (f"Start with the string {start} and apply these operations in order, each to the result of the "
                    f"one before. Positions count from 1 at the left.\n\nThe operations mean:\n{rules}\n\n"
                    f"Operations:\n{steps}\n\nWhat is the final string?")
        return Draft(question, s, {"final": s, "start": start})

    def effort(self, problem):
        # every operation rewrites the whole current string
        return problem.params["n_ops"] * problem.params["length"]

    def grade(self, answer, problem):
        final = problem.check["final"]
        try:
            got = read_word(answer, "the final string as one string of letters")
        except NotAnAnswer as exc:
            return refused(exc)
        if got == final:
            return right()
        if sorted(got) != sorted(final):
            return wrong("The answer must use exactly the letters of the start string.")
        return wrong("That is not the final string.")
