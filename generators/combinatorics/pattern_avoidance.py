"""Strings avoiding forbidden substrings (and containing a required one), counted by an automaton DP."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask, and_list


def count_strings(n: int, alphabet: str, forbidden: list[str], required: str | None = None, stats=None) -> int:
    """Strings of length n over `alphabet` with no forbidden substring (and, if given, `required`
    as a substring at least once). The automaton's states are the prefixes of the patterns: after
    each letter, the longest suffix of what was read that is such a prefix (as in Aho-Corasick)."""
    patterns = forbidden + ([required] if required else [])
    prefixes = sorted({p[:i] for p in patterns for i in range(len(p) + 1)})

    def step(state: str, ch: str):
        t = state + ch
        if any(t.endswith(f) for f in forbidden):
            return None, False
        hit = bool(required) and t.endswith(required)
        for i in range(len(t) + 1):
            if t[i:] in prefixes:
                return t[i:], hit
        return "", hit

    table = {(s, ch): step(s, ch) for s in prefixes for ch in alphabet}
    ways = {("", False): 1}
    for _ in range(n):
        nxt: dict = {}
        for (s, seen), count in ways.items():
            for ch in alphabet:
                t, hit = table[(s, ch)]
                if t is not None:
                    key = (t, seen or hit)
                    nxt[key] = nxt.get(key, 0) + count
        if stats is not None:
            stats["cells"] += len(ways) * len(alphabet)
        ways = nxt
    return sum(c for (s, seen), c in ways.items() if seen or not required)


@register
class PatternAvoidingStrings(CountTask):
    """Count the strings of a given length over a small alphabet that contain none of some forbidden
    blocks of consecutive letters; higher levels grow the length, the alphabet and the number and
    length of the forbidden blocks, and add a block that must appear."""

    name = "combinatorics/pattern_avoiding_strings"
    knobs = (
        Knob("length", [(5, 6), (6, 8), (7, 9), (8, 10), (9, 12), (10, 13), (11, 14), (12, 16), (13, 18), (14, 20),
                        (16, 22), (18, 24), (20, 26), (22, 28), (24, 30), (26, 32), (28, 35), (30, 38), (32, 41),
                        (35, 45)], (2, 60), doc="letters in the string"),
        Knob("letters", [2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5], (2, 6), doc="alphabet size"),
        Knob("n_forbidden", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7], (1, 10),
             doc="forbidden blocks"),
        Knob("block", [2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7], (2, 8),
             doc="most letters in a forbidden block (each has 2 or more)"),
        Knob("required", [False] * 7 + [True] * 13, doc="also one block that must appear"),
    )

    def build(self, rng, params):
        n, alphabet = params["length"], "ABCDEF"[:params["letters"]]
        blocks = []
        for _ in range(params["n_forbidden"]):
            size = rng.randint(2, params["block"])
            blocks.append("".join(rng.choice(alphabet) for _ in range(size)))
        forbidden = sorted(set(blocks))
        required = None
        if params["required"]:
            for _ in range(20):
                cand = "".join(rng.choice(alphabet) for _ in range(rng.randint(2, 3)))
                if all(f not in cand for f in forbidden):
                    required = cand
                    break
        stats = {"cells": 0}
        count = count_strings(n, alphabet, forbidden, required, stats)
        if count == 0:  # too strict: drop the required block and the forbidden blocks but one
            forbidden, required, stats = forbidden[:1], None, {"cells": 0}
            count = count_strings(n, alphabet, forbidden, required, stats)
        rule = (f"none of the blocks {and_list(forbidden, 'or')} appears anywhere as consecutive letters"
                if len(forbidden) > 1 else f"the block {forbidden[0]} does not appear anywhere as consecutive letters")
        extra = f", and the block {required} appears at least once as consecutive letters" if required else ""
        question = (f"Consider all strings of exactly {n} letters, each letter one of {and_list(list(alphabet))}. "
                    f"How many of them satisfy the following: {rule}{extra}?")
        return Draft(question, str(count), {"count": count, "n": n, "alphabet": alphabet, "forbidden": forbidden,
                                            "required": required, "cells": stats["cells"]})

    def effort(self, problem):
        return problem.check["cells"]
