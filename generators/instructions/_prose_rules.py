"""More rules for free prose (the constructive writer's texts): keywords in a given order, word
ranges per paragraph, counts of long and short words, a greeting line.

They share the Constraint protocol and the KINDS registry of _constraints.py; every parameter is
measured on the written reference text (`fit`), so the reference keeps them by construction.
"""
from __future__ import annotations

import functools
import re

from ._constraints import Constraint, _compare, _Count, _kind, keys, paragraphs, words


@_kind
class KeywordOrder(Constraint):
    kind, family, counting = "keyword_order", "keyword_order", True

    def prepare(self, plan, rng, slack):
        chosen = []
        for _ in range(rng.randint(3, 5)):
            w = plan.fresh_keyword()
            plan.keywords.append((w, 1))
            chosen.append(w)
        self.p["words"] = chosen

    def fit(self, text, rng, slack):
        # the writer places words in random sentences: the order asked is the order they came out in
        k = keys(text)
        self.p["words"] = sorted(self.p["words"], key=k.index)

    def describe(self):
        listed = ", ".join(f"'{w}'" for w in self.p["words"])
        return f"Use each of the words {listed} exactly once, in this order (ignoring case and punctuation)."

    def check(self, text):
        k = keys(text)
        at = []
        for w in self.p["words"]:
            bad = _compare(f"uses of '{w}'", k.count(w), "==", 1)
            if bad:
                return bad
            at.append(k.index(w))
        return None if at == sorted(at) else "the words are not in the order asked"


@_kind
class ParagraphBudget(Constraint):
    kind, family, counting = "paragraph_budget", "paragraphs", True
    conflicts = frozenset({"acrostic_lines", "two_responses", "sections_exact", "title", "echo_request",
                           "postscript", "paragraphs_exact"})

    def prepare(self, plan, rng, slack):
        plan.paras = max(plan.paras, rng.randint(2, 5))

    def fit(self, text, rng, slack):
        ranges = []
        for para in paragraphs(text):
            n = len(words(para))
            lo = max(1, n - rng.randint(0, slack // 2))
            ranges.append([lo, n + rng.randint(0, slack // 2)])
        self.p["ranges"] = ranges

    def describe(self):
        parts = []
        for i, (lo, hi) in enumerate(self.p["ranges"], 1):
            parts.append(f"paragraph {i}: exactly {lo}" if lo == hi else f"paragraph {i}: {lo} to {hi}")
        return (f"Write exactly {len(self.p['ranges'])} paragraphs, separated by blank lines, with these numbers "
                f"of words: {'; '.join(parts)}.")

    def check(self, text):
        paras = paragraphs(text)
        bad = _compare("paragraphs", len(paras), "==", len(self.p["ranges"]))
        if bad:
            return bad
        for i, (para, (lo, hi)) in enumerate(zip(paras, self.p["ranges"]), 1):
            bad = _compare(f"words in paragraph {i}", len(words(para)), "in", lo, hi)
            if bad:
                return bad
        return None


_NOT_LETTER = re.compile(r"[^A-Za-z]")


@functools.lru_cache(maxsize=32)  # the rules of one problem measure the same text several times
def _profile(text: str) -> tuple[int, ...]:
    """The letters of each word of the text, in order."""
    return tuple(len(_NOT_LETTER.sub("", t)) for t in words(text))


@_kind
class LongWords(_Count):
    kind, family, what = "long_words", "long_words", "long words"
    conflicts = frozenset({"max_word_letters"})  # a cap of 5 or 6 letters leaves no long word to count

    def fit(self, text, rng, slack):
        self.p["at"] = rng.choice((6, 7))
        super().fit(text, rng, slack)

    def measure(self, text):
        return sum(n >= self.p["at"] for n in _profile(text))

    def describe(self):
        n = self.p["n"]
        return f"Exactly {n} word{' has' if n == 1 else 's have'} {self.p['at']} or more letters."


@_kind
class ShortWords(_Count):
    kind, family, what = "short_words", "short_words", "short words"
    conflicts = frozenset({"min_word_letters"})

    def fit(self, text, rng, slack):
        self.p["at"] = rng.choice((2, 3))
        super().fit(text, rng, slack)

    def measure(self, text):
        return sum(n <= self.p["at"] for n in _profile(text))

    def describe(self):
        n = self.p["n"]
        return f"Exactly {n} word{' has' if n == 1 else 's have'} {self.p['at']} or fewer letters."


@_kind
class MidWordsAtLeast(_Count):
    kind, family, what, op = "mid_words_at_least", "mid_words", "words of 4 or 5 letters", ">="

    def measure(self, text):
        return sum(4 <= n <= 5 for n in _profile(text))

    def describe(self):
        n = self.p["n"]
        return f"At least {n} word{' has' if n == 1 else 's have'} 4 or 5 letters."


@_kind
class AverageLetters(Constraint):
    kind, family, counting = "average_letters", "average", True

    def fit(self, text, rng, slack):
        ws = _profile(text)
        total = sum(ws)
        # bounds on the mean held in tenths: lo <= 10 * letters / words <= hi
        mean10 = 10 * total // len(ws)
        self.p["lo"] = mean10 - rng.randint(1, 3 + slack)
        self.p["hi"] = mean10 + rng.randint(2, 4 + slack)

    def describe(self):
        return (f"The average number of letters per word is from {self.p['lo'] / 10:.1f} to "
                f"{self.p['hi'] / 10:.1f} (total letters divided by the number of words).")

    def check(self, text):
        ws = _profile(text)
        if not ws:
            return "it has no words"
        total = sum(ws)
        # exact in integers: lo/10 <= total/len <= hi/10
        if 10 * total < self.p["lo"] * len(ws) or 10 * total > self.p["hi"] * len(ws):
            return f"its average is {total / len(ws):.2f} letters per word, outside the range asked"
        return None
