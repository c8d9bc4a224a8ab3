"""Rotations of a string: which candidates are rotations (and by how much), and the least or
greatest rotation."""
from __future__ import annotations

import re
import string

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._rotations import (least_rotation, least_rotation_work, naive_compare_work, read_rotation_entries, rotate,
                         rotation_offsets)
from ._substrings import random_word, read_word

ROTATE_RULE = ("Rotating a string left by k moves its first k letters, in order, to its end: rotating "
               "'abcde' left by 2 gives 'cdeab'; rotating by 0 leaves it unchanged.")
DECOYS = ("changed", "swapped", "reversed", "block")


def _decoy(rng, a: str, kind: str) -> str:
    """A string of the same length and (except 'changed') the same letters as `a`, made to look
    like a rotation: a rotation with one letter changed, two neighbours swapped, a rotation of the
    reversed string, or a rotation with two blocks exchanged."""
    n = len(a)
    r = rotate(a, rng.randrange(n))
    if kind == "changed":
        i = rng.randrange(n)
        others = [c for c in sorted(set(a)) if c != r[i]]
        return r[:i] + others[rng.randrange(len(others))] + r[i + 1:]
    if kind == "swapped":
        i = rng.randrange(n - 1)
        return r[:i] + r[i + 1] + r[i] + r[i + 2:]
    if kind == "reversed":
        return rotate(a[::-1], rng.randrange(n))
    i = rng.randrange(1, n - 1)
    j = rng.randrange(i + 1, n)
    return r[:i] + r[j:] + r[i:j]


@register
class RotationCheck(Task):
    """For each candidate string, say whether it is a rotation of a given string and, if so, the
    smallest left rotation that produces it. Higher levels add candidates and harder decoys (a
    rotation with one changed letter, then two swapped neighbours, rotations of the reversed
    string and exchanged blocks, which keep every letter count), and periodic strings, where
    several rotations give the same result and only the smallest counts."""

    name = "strings/rotation_check"
    knobs = (
        Knob("length", [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 44], (3, 60),
             doc="letters in the string"),
        Knob("candidates", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (1, 26),
             doc="candidate strings to classify"),
        Knob("decoy_kinds", [1, 1, 2, 2, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="kinds of near-miss decoys used (changed letter, swapped neighbours, reversed, exchanged blocks)"),
        Knob("periodic", [False, False, False, False, False, [False, True], True, True, True, True] + [True] * 10,
             doc="build the string from a repeated block, so that several rotations coincide"),
        Knob("alphabet", [4, 4, 4, 3, 3, 3, 3, 2, 3, 2] + [2] * 10, (2, 6), doc="letters used"),
    )
    answer_format = ("one entry per candidate, in order, separated by commas: the smallest k (from 0 up) "
                     "such that rotating the string left by k gives the candidate, or no if it is not a rotation")
    example = "3, no, -1"  # rotations are counted from 0 up: -1 is never an answer

    def build(self, rng, params):
        n, letters = params["length"], string.ascii_lowercase[:params["alphabet"]]
        if params["periodic"]:
            periods = [d for d in range(2, n // 2 + 1) if n % d == 0]
            if periods:
                block = random_word(rng, periods[rng.randrange(len(periods))], letters)
                a = block * (n // len(block))
            else:
                a = random_word(rng, n, letters)
        else:
            a = random_word(rng, n, letters)
        if len(set(a)) == 1:
            a = a[:-1] + ("b" if a[-1] == "a" else "a")
        kinds = DECOYS[:params["decoy_kinds"]]
        cands, answers = [], []
        for _ in range(params["candidates"]):
            if rng.random() < 0.45:
                b = rotate(a, rng.randrange(n))
            else:
                b = _decoy(rng, a, kinds[rng.randrange(len(kinds))])
            offsets = rotation_offsets(a, b)
            cands.append(b)
            answers.append(str(offsets[0]) if offsets else "no")
        labels = node_labels(len(cands))
        lines = [ROTATE_RULE, "", f"String: {a}", "", "Candidates:"]
        lines += [f"{lab}. {b}" for lab, b in zip(labels, cands)]
        lines += ["", "For each candidate, in order, give the smallest left rotation of the string that equals it, "
                  "or no if no rotation of the string equals it."]
        return Draft("\n".join(lines), ", ".join(answers), {"answers": answers})

    def effort(self, problem):
        # each candidate is compared with the string's rotations letter by letter
        a = re.search(r"\nString: ([a-z]+)\n", problem.prompt).group(1)
        listing = problem.prompt.split("\nCandidates:\n", 1)[1].split("\n\n", 1)[0]
        return sum(naive_compare_work(a, line.split(". ", 1)[1]) for line in listing.splitlines())

    def grade(self, answer, problem):
        expected = problem.check["answers"]
        try:
            given = read_rotation_entries(answer, node_labels(len(expected)))
        except NotAnAnswer as exc:
            return refused(exc)
        if len(given) != len(expected):
            return wrong(f"Give exactly {len(expected)} entries, one per candidate.")
        for i, (got, want) in enumerate(zip(given, expected), 1):
            if got != want:
                return wrong(f"Entry {i} is wrong.")
        return right()


@register
class MinimalRotation(Task):
    """The lexicographically least (or, at higher levels, greatest) rotation of a string, found
    with Booth's algorithm. Higher levels plant near-copies of one block in the string, so many
    rotations agree on a long prefix and must be compared deep into the string, and use smaller
    alphabets; the greatest-rotation levels also reverse the comparison."""

    name = "strings/minimal_rotation"
    knobs = (
        Knob("length", [5, 6, 8, 9, 10, 12, 14, 16, 18, 22, 24, 26, 28, 30, 33, 36, 40, 44, 48, 52], (2, 80),
             doc="letters in the string"),
        Knob("alphabet", [5, 4, 4, 3, 3, 3, 2, 3, 2, 2] + [2] * 10, (2, 8), doc="letters used"),
        Knob("near_copies", [0, 0, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9], (0, 10),
             doc="copies of one block planted with a single letter changed in each, making near-ties"),
        Knob("order", ["least", "least", "least", "least", "least", ["least", "greatest"], "greatest", "least",
             "greatest", ["least", "greatest"]] + [["least", "greatest"]] * 10, choices=("least", "greatest"),
             doc="ask for the least or the greatest rotation"),
    )
    answer_format = "the rotation as a string of lowercase letters"
    example = "xyzxy"  # strings use at most the letters a to h: never an answer

    def build(self, rng, params):
        n, letters, copies = params["length"], string.ascii_lowercase[:params["alphabet"]], params["near_copies"]
        while True:
            if copies:
                size = max(2, n // (copies + 1))
                block = random_word(rng, size, letters)
                parts = []
                for _ in range(copies + 1):
                    i = rng.randrange(size)
                    parts.append(block[:i] + letters[rng.randrange(len(letters))] + block[i + 1:])
                s = "".join(parts)
                s = (s + random_word(rng, max(0, n - len(s)), letters))[:n]
                s = rotate(s, rng.randrange(n))
            else:
                s = random_word(rng, n, letters)
            if len(set(s)) > 1:
                break
        greatest = params["order"] == "greatest"
        if greatest:  # the greatest rotation is the least one under the reversed letter order
            flip = str.maketrans(string.ascii_lowercase, string.ascii_lowercase[::-1])
            k = least_rotation(s.translate(flip))
        else:
            k = least_rotation(s)
        best = rotate(s, k)
        word = "greatest (latest in dictionary order)" if greatest else "least (earliest in dictionary order)"
        question = (f"{ROTATE_RULE}\n\nString: {s}\n\nAmong all rotations of the string (rotating left by 0 up to "
                    f"{n - 1}), which one is the {word}? Rotations are compared letter by letter, in the usual "
                    "alphabetical order a < b < c ...")
        return Draft(question, best, {"best": best, "string": s})

    def effort(self, problem):
        # every rotation is compared with the best so far, as deep as their common prefix goes
        s = problem.check["string"]
        if problem.params["order"] == "greatest":  # the same scan under the reversed letter order
            s = s.translate(str.maketrans(string.ascii_lowercase, string.ascii_lowercase[::-1]))
        return least_rotation_work(s)

    def grade(self, answer, problem):
        best, s = problem.check["best"], problem.check["string"]
        try:
            got = read_word(answer, "the rotation as one string of letters")
        except NotAnAnswer as exc:
            return refused(exc)
        if got == best:
            return right()
        if not rotation_offsets(s, got):
            return wrong("That is not a rotation of the string.")
        return wrong("That rotation is not the one asked for.")
