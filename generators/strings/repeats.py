"""Longest repeated substring: a longest block that occurs at least twice (or three times)."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._substrings import longest_repeated, occurrences, read_word

# the prompt's example is one of these that is not an answer: two of each length, and every answer
# has one length, so at least four are left
EXAMPLES = ("abca", "bcab", "cab", "bac", "abcab", "cabca")


@register
class LongestRepeatedSubstring(Task):
    """Find a longest substring that occurs at least t times in a string (occurrences may
    overlap). Any substring of maximal length with enough occurrences is accepted. Strings have
    planted repeats with small mutations, so near-longest decoys exist. Computed by counting all
    substrings per length. Higher levels lengthen the string, shrink the alphabet, plant longer
    mutated repeats and raise t from 2 to 3."""

    name = "strings/longest_repeated_substring"
    knobs = (
        Knob("length", [8, 10, 12, 14, 16, 18, 22, 26, 30, 36, 40, 44, 48, 52, 56, 60, 66, 72, 78, 84], (4, 120),
             doc="string length"),
        Knob("alphabet", [4, 4, 4, 3, 4, 3, 3, 4, 3, 3] + [3] * 10, (2, 26), doc="distinct letters"),
        Knob("times", [2, 2, 2, 2, 2, 3, 2, 3, 3, 3] + [3] * 10, (2, 4), doc="occurrences required"),
        Knob("plant", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13], (0, 30),
             doc="length of the planted repeated block"),
    )
    answer_format = "the substring, as letters with no spaces (any one of maximal length)"
    example = "abca"

    def build(self, rng, params):
        letters = "abcdefghijklmnopqrstuvwxyz"[:params["alphabet"]]
        n, times = params["length"], params["times"]
        for _ in range(100):
            s = [rng.choice(letters) for _ in range(n)]
            block = [rng.choice(letters) for _ in range(min(params["plant"], n // times))]
            for copy in range(times):
                if len(block) == 0:
                    break
                at = rng.randrange(n - len(block) + 1)
                b = list(block)
                if copy and rng.random() < 0.4:  # a mutated copy: a decoy near the true answer
                    b[rng.randrange(len(b))] = rng.choice(letters)
                s[at:at + len(b)] = b
            s = "".join(s)
            best, hits = longest_repeated(s, times)
            if best >= 2:
                break
        what = "twice" if times == 2 else f"{times} times"
        question = (f"String: {s}\n\nFind a longest substring (a block of consecutive letters) that occurs at least "
                    f"{what} in the string. Occurrences may overlap.")
        # the example: drawn last, uniformly from the EXAMPLES that are not answers, so that seeing
        # it rules out only itself
        wrong_strings = [shown for shown in EXAMPLES if shown not in hits]
        return Draft(question, hits[0], {"s": s, "best": best, "times": times},
                     example=wrong_strings[rng.randrange(len(wrong_strings))])

    def effort(self, problem):
        # every substring is counted, length by length from the longest down to the answer's
        # length; then the occurrences of the answer are confirmed
        n, best = len(problem.check["s"]), problem.check["best"]
        return sum(n - length + 1 for length in range(best, n)) + n * problem.check["times"]

    def grade(self, answer, problem):
        c = problem.check
        try:
            t = read_word(answer, "the substring as letters only")
        except NotAnAnswer as exc:
            return refused(exc)
        if occurrences(c["s"], t) < c["times"]:
            return wrong(f"That block does not occur at least {c['times']} times.")
        if len(t) != c["best"]:
            return wrong("A longer repeated block exists.")
        return right()
