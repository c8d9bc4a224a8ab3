"""String interleaving: is a string a merge of two (or three) others, keeping each one's order?"""
from __future__ import annotations

import re
import string

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from ._subsequences import apply_witness, interleaving_witness
from ._substrings import random_word

NAMES = "ABC"


def _merge(rng, parts: list[str]) -> str:
    """A random interleaving of the parts (each keeps its own order)."""
    order = [t for t, p in enumerate(parts) for _ in p]
    rng.shuffle(order)
    used = [0] * len(parts)
    out = []
    for t in order:
        out.append(parts[t][used[t]])
        used[t] += 1
    return "".join(out)


def _near_miss(rng, c: str, far: bool) -> str:
    """`c` with two different letters exchanged (neighbours, or anywhere when `far`), so every
    letter count stays the same and counting letters cannot settle the question."""
    n = len(c)
    for _ in range(50):
        i = rng.randrange(n - 1)
        j = rng.randrange(i + 1, n) if far else i + 1
        if c[i] != c[j]:
            return c[:i] + c[j] + c[i + 1:j] + c[i] + c[j + 1:]
    return c


@register
class Interleaving(Task):
    """Decide whether string C is an interleaving of A and B (of A, B and C at the top levels):
    C uses every letter of each exactly once, each in its own order. If so, the answer is a
    witness naming the source of each letter of C, which the verifier replays, so every valid
    witness is accepted; otherwise the answer is no. Half or so of the instances are near misses
    (two letters of a true interleaving exchanged, so letter counts match). Higher levels use
    longer strings and fewer letters, so many letters could come from either string and a greedy
    choice fails, and finally a third source string."""

    name = "strings/interleaving"
    knobs = (
        Knob("length", [3, 4, 4, 5, 6, 7, 8, 9, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18], (1, 30),
             doc="letters in each source string"),
        Knob("sources", [2, 2, 2, 2, 2, 2, 2, 2, 3, 3] + [3] * 10, (2, 3), doc="source strings to interleave"),
        Knob("alphabet", [5, 4, 3, 3, 2, 2, 2, 2, 2, 2] + [2] * 10, (2, 10), doc="letters used"),
        Knob("far_swaps", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="near misses may exchange letters far apart (not only neighbours)"),
    )
    answer_format = ("no if it is not an interleaving; otherwise a string of digits with one digit per letter of "
                     "the target, 1 if that letter comes from A, 2 if from B, 3 if from C")
    example = "1221021"  # strings are numbered from 1: a 0 names none, so this is never an answer

    def build(self, rng, params):
        k, n, letters = params["sources"], params["length"], string.ascii_lowercase[:params["alphabet"]]
        parts = [random_word(rng, max(1, n + rng.randint(-1, 1)), letters) for _ in range(k)]
        target = _merge(rng, parts)
        if rng.random() < 0.5:
            target = _near_miss(rng, target, params["far_swaps"])
        witness = interleaving_witness(parts, target)
        names = NAMES[:k]
        listing = "\n".join(f"{name} = {p}" for name, p in zip(names, parts))
        joined = ", ".join(names[:-1]) + f" and {names[-1]}"
        digits = ", ".join(f"{t + 1} for {name}" for t, name in enumerate(names))
        question = (f"{listing}\nTarget = {target}\n\nIs the target an interleaving of {joined}? An interleaving "
                    f"uses every letter of each of {joined} exactly once, and the letters taken from each one appear "
                    "in the target in the same order as in that string (the strings are merged like shuffled "
                    "cards, without reordering any one of them).\nIf it is, give a witness: for each letter of the "
                    f"target, from left to right, the digit of the string it comes from ({digits}). "
                    "If it is not, answer no.")
        answer = witness if witness is not None else "no"
        fmt = ("no if it is not an interleaving; otherwise a string of digits with one digit per letter of the target, "
               + ", ".join(f"{t + 1} if that letter comes from {name}" for t, name in enumerate(names)))
        return Draft(question, answer, {"parts": parts, "target": target, "possible": witness is not None},
                     answer_format=fmt)

    def effort(self, problem):
        # a memoised search from the start: the states (tuples of prefix lengths of the sources)
        # it reaches by taking the target's next letter from any source whose next letter it is;
        # letters that several sources offer make it branch
        parts, target = problem.check["parts"], problem.check["target"]
        start = tuple(0 for _ in parts)
        seen, frontier = {start}, [start]
        while frontier:
            state = frontier.pop()
            pos = sum(state)
            for t, p in enumerate(state):
                if p < len(parts[t]) and pos < len(target) and parts[t][p] == target[pos]:
                    nxt = state[:t] + (p + 1,) + state[t + 1:]
                    if nxt not in seen:
                        seen.add(nxt)
                        frontier.append(nxt)
        return len(seen) + len(target)

    def grade(self, answer, problem):
        c = problem.check
        s = " ".join(answer.lower().split())
        if s in ("no", "none", "not an interleaving"):
            return right() if not c["possible"] else wrong("It is an interleaving: give a witness.")
        s = re.sub(r"^yes\s*[:,;-]?\s*", "", s)
        s = re.sub(r"[\s,]", "", s)
        if not re.fullmatch(r"[1-9]+", s):
            return wrong("Answer no, or a string of the digits 1, 2 (and 3) with one digit per letter.")
        if not c["possible"]:
            return wrong("The target is not an interleaving, so no witness exists.")
        if len(s) != len(c["target"]):
            return wrong(f"The witness needs exactly {len(c['target'])} digits.")
        built = apply_witness(c["parts"], s)
        if built is None:
            return wrong("The witness takes more letters from a string than it has.")
        if built != c["target"]:
            first = next(i for i, (x, y) in enumerate(zip(built, c["target"])) if x != y)
            return wrong(f"The witness does not rebuild the target (position {first + 1} differs).")
        return right()
