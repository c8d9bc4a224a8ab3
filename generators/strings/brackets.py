"""Balanced-bracket repair: insert the fewest brackets to make a bracket string balanced."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_int, refused
from procgym.verdict import right, wrong

from ._brackets import CLOSERS, PAIRS, dp_work, is_balanced, min_insertions
from ._subsequences import is_subsequence

TYPES = "([{"


def repair(s: str) -> str:
    """One optimal repair, rebuilt from the interval DP."""
    n = len(s)
    dp = [[0] * (n + 1) for _ in range(n + 1)]
    choice = [[None] * (n + 1) for _ in range(n + 1)]
    for length in range(1, n + 1):
        for i in range(0, n - length + 1):
            j = i + length
            best, how = 1 + dp[i + 1][j], None
            if s[i] in PAIRS:
                for k in range(i + 1, j):
                    if s[k] == PAIRS[s[i]] and dp[i + 1][k] + dp[k + 1][j] < best:
                        best, how = dp[i + 1][k] + dp[k + 1][j], k
            dp[i][j], choice[i][j] = best, how

    def build(i, j):
        if i >= j:
            return ""
        k, c = choice[i][j], s[i]
        if k is None:
            return c + PAIRS[c] + build(i + 1, j) if c in PAIRS else CLOSERS[c] + c + build(i + 1, j)
        return c + build(i + 1, k) + s[k] + build(k + 1, j)
    return build(0, n)


@register
class BracketRepair(Task):
    """Make a string of brackets balanced by inserting as few brackets as possible (no
    deletions). The answer gives the number of insertions and one repaired string; the verifier
    checks the count equals the minimum (interval dynamic programming), and that the string is
    balanced, keeps the original as a subsequence and is exactly that much longer, so every
    optimal repair is accepted. Higher levels use more bracket types (so a closer can be the
    wrong kind), longer strings and more damage (removed and stray brackets)."""

    name = "strings/bracket_repair"
    knobs = (
        Knob("types", [1, 1, 2, 2, 2, 3, 3, 3, 3, 3] + [3] * 10, (1, 3), doc="bracket kinds: (), [], {}"),
        Knob("pairs", [3, 4, 4, 5, 6, 7, 8, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 30, 33, 36], (1, 40),
             doc="pairs in the balanced string before damage"),
        Knob("damage", [1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18], (1, 30),
             doc="brackets removed or stray brackets added"),
    )
    answer_format = ("the number of inserted brackets, a semicolon, then the repaired string, e.g. 0; ([]){}"
                     " (the repaired string must contain the original brackets in order)")
    example = "0; ([]){}"  # the string is never balanced already, so 0 insertions is never an answer

    def _balanced(self, rng, pairs, kinds):
        if pairs == 0:
            return ""
        k = rng.randint(0, pairs - 1)
        o = rng.choice(kinds)
        return o + self._balanced(rng, k, kinds) + PAIRS[o] + self._balanced(rng, pairs - 1 - k, kinds)

    def build(self, rng, params):
        kinds = TYPES[:params["types"]]
        while True:
            s = list(self._balanced(rng, params["pairs"], kinds))
            for _ in range(params["damage"]):
                if rng.random() < 0.6 and len(s) > 1:
                    del s[rng.randrange(len(s))]
                else:
                    o = rng.choice(kinds)
                    s.insert(rng.randrange(len(s) + 1), rng.choice((o, PAIRS[o])))
            s = "".join(s)
            if not is_balanced(s):
                break
        k = min_insertions(s)
        fixed = repair(s)
        question = (f"Insert as few brackets as possible into this string so that it becomes balanced (every "
                    f"opening bracket closed by a closing bracket of the same kind, properly nested). You may only "
                    f"insert brackets, anywhere; you may not delete or change any.\n\nString: {s}\n\n"
                    "Give the minimum number of insertions and one repaired string.")
        return Draft(question, f"{k}; {fixed}", {"s": s, "k": k})

    def effort(self, problem):
        # the interval DP's spans and partner candidates, plus the brackets inserted
        return dp_work(problem.check["s"]) + problem.check["k"]

    def grade(self, answer, problem):
        c = problem.check
        parts = re.split(r"[;\n]", answer, maxsplit=1)
        if len(parts) != 2:
            return wrong("Write the count, a semicolon, then the repaired string.")
        try:
            k = read_int(parts[0])
        except NotAnAnswer as exc:
            return refused(exc)
        t = re.sub(r"\s", "", parts[1])
        if k != c["k"]:
            return wrong("That is not the minimum number of insertions.")
        if not is_balanced(t):
            return wrong("The repaired string is not balanced.")
        if not is_subsequence(c["s"], t):
            return wrong("The repaired string does not keep the original brackets in order.")
        if len(t) != len(c["s"]) + c["k"]:
            return wrong("The repaired string does not use exactly the minimum number of insertions.")
        return right()
