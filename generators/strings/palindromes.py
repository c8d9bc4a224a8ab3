"""Palindromic substrings: count them (by position or distinct), or find a longest one."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, grade_int, refused
from procgym.verdict import right, wrong

from ._substrings import palindromic_substrings, read_word

MODES = ("count", "distinct", "longest")


@register
class PalindromicSubstrings(Task):
    """Palindromic substrings (contiguous, reading the same both ways, length at least 2) of a
    random string. Modes: count them by position (the same text at two places counts twice),
    count the distinct ones, or give one longest palindromic substring (any of maximal length is
    accepted, checked as a substring, a palindrome and of maximal length). Computed by centre
    expansion. Higher levels lengthen the string and shrink the alphabet (so palindromes nest
    and overlap) and move to the distinct count, which needs deduplication."""

    name = "strings/palindromic_substrings"
    released_dips = {8: "level 8 switches to a 3-letter alphabet, which makes far fewer palindromes to count"}
    knobs = (
        Knob("mode", ["longest", "count", "longest", "count", ["count", "longest", "distinct"],
             ["count", "longest", "distinct"], "distinct", ["count", "distinct"], "distinct", "distinct"]
             + ["distinct"] * 10, choices=MODES, doc="what to find"),
        Knob("length", [6, 7, 9, 10, 12, 14, 16, 18, 22, 26, 28, 30, 32, 35, 38, 41, 44, 48, 52, 56], (2, 80),
             doc="string length"),
        Knob("alphabet", [4, 3, 3, 3, 3, 3, 2, 3, 2, 2] + [2] * 10, (2, 26), doc="distinct letters"),
    )
    answer_format = "an integer, or a string of letters, as asked"
    example = "-1"  # a count is never negative: never an answer (see build for the longest palindrome)

    def build(self, rng, params):
        letters = "abcdefghijklmnopqrstuvwxyz"[:params["alphabet"]]
        mode = params["mode"]
        for _ in range(100):
            s = "".join(rng.choice(letters) for _ in range(params["length"]))
            spans = [(a, b) for a, b in palindromic_substrings(s) if b - a >= 2]
            if spans:
                break
        definition = ("A palindromic substring is a block of consecutive letters, at least 2 letters long, that "
                      "reads the same forwards and backwards.")
        if mode == "longest":
            best = max(b - a for a, b in spans)
            answers = sorted({s[a:b] for a, b in spans if b - a == best})
            question = f"{definition}\n\nString: {s}\n\nGive a longest palindromic substring of this string."
            return Draft(question, answers[0], {"mode": mode, "s": s, "best": best},
                         answer_format="the substring, as letters with no spaces (any one of maximal length)",
                         example="abcab")  # not a palindrome: never an answer
        if mode == "count":
            value = len(spans)
            ask = ("How many palindromic substrings does it have? Count by position: the same letters at two "
                   "different places count twice.")
        else:
            value = len({s[a:b] for a, b in spans})
            ask = "How many distinct palindromic substrings does it have? Count each different string once."
        question = f"{definition}\n\nString: {s}\n\n{ask}"
        return Draft(question, str(value), {"mode": mode, "value": value}, answer_format="an integer")

    def effort(self, problem):
        # centre expansion: every centre is tried and every palindrome found extends one step; the
        # distinct count compares each found palindrome with those already seen
        s = re.search(r"String: ([a-z]+)", problem.prompt).group(1)
        spans = [(a, b) for a, b in palindromic_substrings(s) if b - a >= 2]
        work = 2 * len(s) - 1 + len(spans)
        if problem.check["mode"] == "distinct":
            work += sum(b - a for a, b in spans)  # each palindrome's letters, to tell repeats apart
        return work

    def grade(self, answer, problem):
        c = problem.check
        if c["mode"] != "longest":
            return grade_int(answer, c["value"], "the number of palindromic substrings")
        try:
            t = read_word(answer, "the substring as letters only")
        except NotAnAnswer as exc:
            return refused(exc)
        if t not in c["s"]:
            return wrong("That is not a substring of the string.")
        if t != t[::-1]:
            return wrong("That substring is not a palindrome.")
        if len(t) != c["best"]:
            return wrong("A longer palindromic substring exists.")
        return right()
