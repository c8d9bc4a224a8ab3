"""Morse code for the letters a-z, and counting the readings of a gapless Morse stream."""
from __future__ import annotations

MORSE = {
    "a": ".-", "b": "-...", "c": "-.-.", "d": "-..", "e": ".", "f": "..-.", "g": "--.", "h": "....",
    "i": "..", "j": ".---", "k": "-.-", "l": ".-..", "m": "--", "n": "-.", "o": "---", "p": ".--.",
    "q": "--.-", "r": ".-.", "s": "...", "t": "-", "u": "..-", "v": "...-", "w": ".--", "x": "-..-",
    "y": "-.--", "z": "--..",
}
FROM_MORSE = {v: k for k, v in MORSE.items()}


def morse_word(word: str) -> str:
    """A word's letters in Morse, run together (no gaps)."""
    return "".join(MORSE[c] for c in word)


def count_parses(stream: str, pieces: dict[str, list[str]], limit: int = 2) -> int:
    """How many different texts (capped at `limit`) `stream` spells when split into a sequence of
    the codes in `pieces` (code -> the words it stands for); dynamic programming over prefixes,
    keeping the set of texts per prefix, so two splits that spell the same letters count once.
    When a prefix has too many readings to track, the answer is `limit` (ambiguous), which errs
    on the safe side for a generator that wants exactly one reading."""
    texts: list[set[str]] = [set() for _ in range(len(stream) + 1)]
    texts[0].add("")
    lengths = sorted({len(c) for c in pieces})
    for i in range(len(stream)):
        if not texts[i]:
            continue
        for n in lengths:
            code = stream[i:i + n]
            if len(code) == n and code in pieces:
                bucket = texts[i + n]
                for t in texts[i]:
                    for w in pieces[code]:
                        bucket.add(t + w)
                if len(bucket) > 64:  # too many readings to track: call it ambiguous (safe side)
                    return limit
    return min(limit, len(texts[len(stream)]))
