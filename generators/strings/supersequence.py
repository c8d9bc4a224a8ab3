"""Shortest common supersequence: the shortest string containing each given string as a subsequence."""
from __future__ import annotations

import string

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._subsequences import is_subsequence, shortest_supersequence
from ._substrings import random_word, read_word


@register
class ShortestCommonSupersequence(Task):
    """Find a shortest string that contains each given string as a subsequence (its letters in
    order, not necessarily adjacent). The optimum comes from dynamic programming over prefix
    tuples; any supersequence of optimal length is accepted. Higher levels use longer strings
    that share more structure (so the best merge is not the obvious one) and then three strings,
    where the merge must serve all three at once."""

    name = "strings/shortest_common_supersequence"
    knobs = (
        Knob("n_strings", [2, 2, 2, 2, 2, 2, 3, 3, 3, 3] + [3] * 10, (2, 3), doc="strings to cover"),
        Knob("length", [3, 4, 5, 6, 7, 8, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], (1, 20),
             doc="letters in each string"),
        Knob("alphabet", [3, 3, 3, 3, 3, 3, 3, 3, 3, 3] + [3] * 10, (2, 8), doc="letters used"),
    )
    answer_format = "the supersequence as lowercase letters"
    example = "xyzxy"  # the strings use at most the letters a to h: it contains none of them, never an answer

    def build(self, rng, params):
        k, n, letters = params["n_strings"], params["length"], string.ascii_lowercase[:params["alphabet"]]
        strings = [random_word(rng, max(1, n + rng.randint(-1, 1)), letters) for _ in range(k)]
        best = shortest_supersequence(strings)
        listing = "\n".join(f"{i + 1}. {s}" for i, s in enumerate(strings))
        question = (f"Strings:\n{listing}\n\nFind a shortest string that contains each of these strings as a "
                    "subsequence: its letters appear in that order in the answer, though not necessarily next to "
                    "each other ('ace' is a subsequence of 'abcde'). If several are shortest, give any one.")
        return Draft(question, best, {"strings": strings, "length": len(best)})

    def effort(self, problem):
        # the DP's states: one per tuple of prefix lengths
        states = 1
        for s in problem.check["strings"]:
            states *= len(s) + 1
        return states

    def grade(self, answer, problem):
        c = problem.check
        try:
            got = read_word(answer, "the supersequence as one string of letters")
        except NotAnAnswer as exc:
            return refused(exc)
        missing = [i + 1 for i, s in enumerate(c["strings"]) if not is_subsequence(s, got)]
        if missing:
            return wrong(f"String {missing[0]} is not a subsequence of the answer.")
        if len(got) > c["length"]:
            return wrong("A shorter common supersequence exists.")
        return right()
