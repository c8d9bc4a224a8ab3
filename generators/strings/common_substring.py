"""Longest common substring of two to four strings (a block of consecutive letters in every one)."""
from __future__ import annotations

import string

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._substrings import longest_common_substrings, random_word, read_word


def _mutate(rng, s: str, letters: str) -> str:
    """`s` with one letter changed: a decoy that almost matches a planted block."""
    i = rng.randrange(len(s))
    others = [c for c in letters if c != s[i]]
    return s[:i] + others[rng.randrange(len(others))] + s[i + 1:]


@register
class LongestCommonSubstring(Task):
    """Find a longest string that occurs as a block of consecutive letters in every given string.
    A block is planted in all strings, and at higher levels decoys are planted too: longer blocks
    shared by all strings but one, or copies with one letter changed, so the first long match
    found is often not common to all. More strings (up to four) multiply the checks. Any common
    substring of the greatest length is accepted."""

    name = "strings/longest_common_substring"
    knobs = (
        Knob("n_strings", [2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (2, 6),
             doc="strings that must all contain the answer"),
        Knob("length", [8, 9, 10, 12, 12, 14, 16, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40], (4, 60),
             doc="letters in each string"),
        Knob("alphabet", [4, 4, 4, 3, 3, 3, 3, 3, 3, 3] + [3] * 10, (2, 10), doc="letters used"),
        Knob("planted", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10], (1, 20),
             doc="length of the block planted in every string"),
        Knob("decoys", [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10], (0, 10),
             doc="near-common blocks planted (in all strings but one, or with a letter changed)"),
    )
    answer_format = "the common substring as lowercase letters"
    example = "xyzx"  # the strings use at most the letters a to j: never an answer

    def build(self, rng, params):
        k, n, letters = params["n_strings"], params["length"], string.ascii_lowercase[:params["alphabet"]]
        planted = min(params["planted"], n)
        strings = [random_word(rng, n, letters) for _ in range(k)]
        block = random_word(rng, planted, letters)

        def plant(t, piece):
            s = strings[t]
            i = rng.randrange(len(s) - len(piece) + 1)
            strings[t] = s[:i] + piece + s[i + len(piece):]

        for _ in range(params["decoys"]):
            longer = random_word(rng, min(n, planted + 1 + rng.randrange(2)), letters)
            if rng.random() < 0.5:
                skip = rng.randrange(k)
                for t in range(k):
                    if t != skip:
                        plant(t, longer)
            else:
                for t in range(k):
                    plant(t, longer if t else _mutate(rng, longer, letters))
        for t in range(k):
            plant(t, block)
        best, hits = longest_common_substrings(strings)
        listing = "\n".join(f"{i + 1}. {s}" for i, s in enumerate(strings))
        question = (f"Strings:\n{listing}\n\nFind a longest string that appears in every one of these {k} strings "
                    "as a block of consecutive letters (a substring). If several have the greatest length, give any one.")
        return Draft(question, hits[0], {"strings": strings, "length": best})

    def effort(self, problem):
        # a common-substring table of the shortest string against each other string (cells compared)
        strings = problem.check["strings"]
        base = min(strings, key=len)
        return sum(len(base) * len(s) for s in strings if s is not base) + problem.check["length"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            got = read_word(answer, "the substring as one string of letters")
        except NotAnAnswer as exc:
            return refused(exc)
        missing = [i + 1 for i, s in enumerate(c["strings"]) if got not in s]
        if missing:
            return wrong(f"That is not a substring of string {missing[0]}.")
        if len(got) < c["length"]:
            return wrong("A longer common substring exists.")
        return right()
