"""The position of a word in the alphabetical list of all arrangements of its letters."""
from __future__ import annotations

import string
from collections import Counter

from procgym import Draft, Knob, register

from ._counting import CountTask, multinomial


def arrangement_rank(word: str, descending: bool = False, stats=None) -> int:
    """1-based position of `word` among the distinct arrangements of its letters in alphabetical
    (or reverse) order: at each position, count the arrangements that start like `word` so far and
    then put a smaller (later) letter there, a multinomial of the letters left each time."""
    left = Counter(word)
    rank = 1
    for ch in word:
        for other in sorted(left):
            if left[other] and ((other > ch) if descending else (other < ch)):
                left[other] -= 1
                rank += multinomial(left.values())
                left[other] += 1
            if stats is not None:
                stats["terms"] += 1
        left[ch] -= 1
    return rank


@register
class PermutationRank(CountTask):
    """A word's position in the dictionary list of every distinct arrangement of its letters.
    Levels grow the word, then repeat letters (identical letters make identical arrangements, which
    are listed once), and at higher levels the list may run in reverse alphabetical order."""

    name = "combinatorics/permutation_rank"
    knobs = (
        Knob("length", [4, 5, 6, 7, 9, 10, 10, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (2, 26),
             doc="letters in the word"),
        Knob("kinds", [4, 5, 6, 7, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 14], (2, 26),
             doc="different letters (fewer than the length: repeats)"),
        Knob("order", ["up"] * 10 + ["either"] * 10, choices=("up", "either"),
             doc="alphabetical order only, or either direction"),
    )
    answer_format = "a single integer: the position (the first word in the list is at position 1)"

    def build(self, rng, params):
        n, kinds = params["length"], min(params["kinds"], params["length"])
        letters = sorted(rng.sample(string.ascii_uppercase, kinds))
        pool = letters + [rng.choice(letters) for _ in range(n - kinds)]
        rng.shuffle(pool)
        word = "".join(pool)
        descending = params["order"] == "either" and rng.random() < 0.5
        stats = {"terms": 0}
        rank = arrangement_rank(word, descending, stats)
        repeats = len(set(word)) < len(word)
        how = "reverse alphabetical order (Z first)" if descending else "alphabetical (dictionary) order"
        note = (" Arrangements that read the same are listed only once." if repeats else "")
        question = (f"All the different arrangements of the letters of the word {word} (using every letter "
                    f"exactly as often as it appears in {word}) are listed in {how}, numbered from 1.{note}\n\n"
                    f"At which position in the list is {word} itself?")
        return Draft(question, str(rank), {"count": rank, "word": word, "descending": descending,
                                           "terms": stats["terms"]})

    def effort(self, problem):
        return problem.check["terms"]
