"""Simple substitution ciphers broken with a word list and a crib, the decoding proven unique by
an exhaustive search."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Draft, Knob, Task, register

from ._letters import UPPER, grade_letters, question_of
from ._words import WORDS, pick_words

RULES = ("A simple substitution cipher replaces each plaintext letter by a fixed ciphertext letter: the same "
         "letter always by the same letter, and different letters by different letters. Spaces are kept. "
         "Plaintext is written in lowercase and ciphertext in uppercase.")


@lru_cache(maxsize=4096)
def pattern(word: str) -> tuple[int, ...]:
    """The shape of a word's repeated letters: 'seed' and 'TOOK' give (0, 1, 1, 2)."""
    seen: dict[str, int] = {}
    return tuple(seen.setdefault(c, len(seen)) for c in word)


def decodings(cipher_words, vocab, known: dict[str, str], limit: int = 2, work: list | None = None) -> list[list[str]]:
    """Up to `limit` ways to read every ciphertext word as a listed word under one consistent
    letter substitution that agrees with the `known` pairs (ciphertext letter -> plaintext letter).

    A backtracking search: the ciphertext word with the fewest candidates left goes next, and
    each choice filters the other words' candidates before going deeper. `work`, when given, is a
    one-element list that receives the number of (ciphertext word, listed word) fit checks made."""
    forward = dict(known)
    backward = {p: c for c, p in known.items()}

    def fits(c: str, w: str) -> bool:
        if work is not None:
            work[0] += 1
        for a, b in zip(c, w):
            if forward.get(a, b) != b or backward.get(b, a) != a:
                return False
        return True

    distinct = sorted(set(cipher_words))
    start = {c: [w for w in vocab if len(w) == len(c) and pattern(w) == pattern(c) and fits(c, w)] for c in distinct}
    solutions: list[dict[str, str]] = []

    def search(cands: dict[str, list[str]], chosen: dict[str, str]) -> None:
        if len(solutions) >= limit:
            return
        if not cands:
            solutions.append(dict(chosen))
            return
        best = min(cands, key=lambda c: (len(cands[c]), c))
        rest = [c for c in cands if c != best]
        for w in cands[best]:
            added = []
            for a, b in zip(best, w):
                if a not in forward:
                    forward[a], backward[b] = b, a
                    added.append((a, b))
            narrowed = {}
            for c in rest:
                options = [x for x in cands[c] if fits(c, x)]
                if not options:
                    break
                narrowed[c] = options
            if len(narrowed) == len(rest):
                chosen[best] = w
                search(narrowed, chosen)
                del chosen[best]
            for a, b in added:
                del forward[a], backward[b]

    if all(start.values()):
        search(start, {})
    return [[s[c] for c in cipher_words] for s in solutions]


@lru_cache(maxsize=1)
def _shapes() -> dict[tuple, list[str]]:
    """The listed words grouped by (length, letter pattern)."""
    groups: dict[tuple, list[str]] = {}
    for w in WORDS:
        groups.setdefault((len(w), pattern(w)), []).append(w)
    return groups


@register
class Substitution(Task):
    """Break a simple substitution cipher: the plaintext words come from a given list and a few
    letter pairs are revealed. Higher levels add words and list entries (chosen to share the
    message words' lengths and letter patterns, so they compete), and reveal fewer pairs, so
    more of the key must be deduced from the word shapes and the consistency of the whole
    substitution. The decoding is proven unique by an exhaustive search; where the requested
    number of revealed pairs leaves several decodings, more pairs are revealed."""

    name = "ciphers/substitution"
    knobs = (
        Knob("n_words", [3, 3, 4, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24], (1, 30),
             doc="words in the message"),
        Knob("vocabulary", [6, 8, 10, 12, 14, 16, 20, 24, 28, 34, 38, 42, 46, 50, 55, 60, 66, 72, 80, 88], (2, 200),
             doc="words in the list"),
        Knob("revealed", [4, 4, 3, 3, 3, 2, 2, 1, 1, 0] + [0] * 10, (0, 26),
             doc="ciphertext letters whose plaintext letter is given (more if needed for uniqueness)"),
        Knob("lookalikes", [0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.9, 0.9, 0.9, 0.95, 0.95, 0.95, 1.0, 1.0,
             1.0, 1.0, 1.0], (0.0, 1.0),
             doc="share of extra list words drawn to match a message word's length and letter pattern"),
    )
    answer_format = ("the plaintext as lowercase words separated by single spaces "
                     "(letter case and spacing are not graded)")
    example = "meet me at noon"

    def build(self, rng, params):
        words = pick_words(rng, params["n_words"], min_len=3)
        vocab = set(words)
        by_shape = _shapes()
        while len(vocab) < max(params["vocabulary"], len(set(words))):
            if rng.random() < params["lookalikes"]:
                target = words[rng.randrange(len(words))]
                pool = [w for w in by_shape[(len(target), pattern(target))] if w not in vocab]
                if pool:
                    vocab.add(pool[rng.randrange(len(pool))])
                    continue
            vocab.add(WORDS[rng.randrange(len(WORDS))])
        vocab = sorted(vocab)
        letters = list(UPPER)
        rng.shuffle(letters)
        key = {p: c for p, c in zip("abcdefghijklmnopqrstuvwxyz", letters)}
        cipher_words = ["".join(key[ch] for ch in w) for w in words]
        used = sorted({c for w in cipher_words for c in w})
        rng.shuffle(used)
        inverse = {c: p for p, c in key.items()}
        reveal = min(params["revealed"], len(used))
        while True:
            known = {c: inverse[c] for c in used[:reveal]}
            found = decodings(cipher_words, vocab, known)
            if len(found) == 1:
                break
            reveal += 1  # several decodings: reveal one more pair (all revealed is always unique)
        plain = " ".join(found[0])
        pairs = ", ".join(f"{c} = {known[c]}" for c in sorted(known))
        clue = f"These ciphertext letters are known (ciphertext = plaintext): {pairs}.\n" if known else \
            "No letters are revealed.\n"
        question = (f"{RULES}\n\nEvery word of the plaintext is one of these words: {', '.join(vocab)}.\n{clue}"
                    f"Decrypt this ciphertext:\n{' '.join(cipher_words)}")
        return Draft(question, plain, {"expected": plain.replace(" ", "")})

    def effort(self, problem):
        # the exhaustive search that proves the decoding unique: its (ciphertext word, listed
        # word) checks against the substitution built so far
        question = question_of(problem)
        vocab = re.search(r"one of these words: ([a-z, ]+)\.\n", question).group(1).split(", ")
        known = dict(re.findall(r"([A-Z]) = ([a-z])", question.split("(ciphertext = plaintext):", 1)[-1]))
        cipher_words = question.rsplit("Decrypt this ciphertext:\n", 1)[1].split()
        work = [0]
        decodings(cipher_words, sorted(vocab), known, work=work)
        return work[0]

    def grade(self, answer, problem):
        return grade_letters(answer, problem.check["expected"], "the plaintext")
