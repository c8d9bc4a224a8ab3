"""Morse code: encode, decode, and decode a stream with no gaps given the list of possible words."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import normalize
from procgym.verdict import right, wrong

from ._letters import grade_letters, question_of
from ._morse import FROM_MORSE, MORSE, count_parses, morse_word
from ._words import pick_words, vocabulary

MODES = ("encode", "decode", "stream")
TABLE = "  ".join(f"{c.upper()} {MORSE[c]}" for c in sorted(MORSE))
# dots and dashes as typeset (middle dot, bullet, em dash, underscore); minus signs and en dashes
# are already "-" after the shared normalisation
_DOTS = str.maketrans({"\u00b7": ".", "\u2022": ".", "\u2219": ".", "\u2014": "-", "_": "-"})


def encode(message: str) -> str:
    """Letters separated by one space, words by ' / '."""
    return " / ".join(" ".join(MORSE[c] for c in w) for w in message.split())


def read_morse(text: str) -> list[list[str]] | None:
    """Words (lists of letter codes) from Morse text with letters split by spaces and words by '/';
    None when a token is not dots and dashes."""
    s = text.translate(_DOTS)
    words = [w.split() for w in s.split("/")]
    if any(not w for w in words) or any(not re.fullmatch(r"[.-]{1,8}", tok) for w in words for tok in w):
        return None
    return words


@register
class Morse(Task):
    """International Morse code for the letters a-z (the table is in the prompt). Levels 1-4
    encode or decode a message written with gaps (a space between letters, a slash between
    words); levels 5-10 give the code as one unbroken stream of dots and dashes together with a
    list of the words the message may use, so the stream must be split into words whose codes fit
    (letters of different lengths make many false starts). The generator proves by dynamic
    programming over the stream that exactly one sequence of letters from the list fits."""

    name = "ciphers/morse"
    knobs = (
        Knob("mode", ["encode", "decode", ["encode", "decode"], "decode", "stream", "stream", "stream", "stream",
             "stream", "stream"] + ["stream"] * 10, choices=MODES,
             doc="encode, decode with gaps, or decode a gapless stream given a word list"),
        Knob("n_words", [1, 2, 3, 4, 2, 2, 3, 3, 4, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12], (1, 12),
             doc="words in the message"),
        Knob("vocabulary", [4, 4, 4, 4, 5, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36, 40], (2, 60),
             doc="words in the list (stream mode)"),
    )
    answer_format = "as asked"
    example = "hello world"
    keeps_full_stop = True  # Morse code can end in a dot

    def build(self, rng, params):
        mode, n_words = params["mode"], params["n_words"]
        intro = f"Morse code table: {TABLE}"
        for _ in range(200):
            words = pick_words(rng, n_words, min_len=2, max_len=6)
            if mode != "stream":
                break
            vocab = vocabulary(rng, words, max(params["vocabulary"], len(set(words))))
            pieces: dict[str, list[str]] = {}
            for w in vocab:
                pieces.setdefault(morse_word(w), []).append(w)
            stream = "".join(morse_word(w) for w in words)
            if count_parses(stream, pieces) == 1:
                break
        else:  # pragma: no cover - the draws above almost always succeed within a few tries
            raise RuntimeError("could not build an unambiguous Morse stream")
        message = " ".join(words)
        if mode == "encode":
            question = (f"{intro}\n\nEncode the message '{message}' in Morse code. Write a single space between "
                        "the codes of two letters and ' / ' (a slash with spaces) between words.")
            return Draft(question, encode(message), {"mode": mode, "words": [[MORSE[c] for c in w] for w in words]},
                         answer_format="Morse code with dots and dashes, a space between letters and / between words",
                         example=".... .. / - .... . .-. .")
        if mode == "decode":
            question = (f"{intro}\n\nDecode this Morse code (a space separates letters, / separates words):\n"
                        f"{encode(message)}")
        else:
            question = (f"{intro}\n\nA message in Morse code was written with all gaps removed, between letters and "
                        f"between words:\n{stream}\nEvery word of the message is one of these words (a word may "
                        f"repeat): {', '.join(vocab)}.\nDecode the message.")
        return Draft(question, message, {"mode": mode, "letters": "".join(words)},
                     answer_format="the message in lowercase letters, words separated by spaces", example="hello world")

    def effort(self, problem):
        # every dot and dash is read or written; for a gapless stream each listed word is first
        # written in code, then a DP tries each code at every position some reading reaches
        c = problem.check
        if c["mode"] == "encode":
            return sum(len(code) for w in c["words"] for code in w)
        symbols = sum(len(MORSE[ch]) for ch in c["letters"])
        if c["mode"] == "decode":
            return symbols
        question = question_of(problem)
        stream = re.search(r"between words:\n([.-]+)\n", question).group(1)
        vocab = re.search(r"\(a word may repeat\): ([a-z, ]+)\.", question).group(1).split(", ")
        codes = [morse_word(w) for w in vocab]
        reached = [False] * (len(stream) + 1)
        reached[0] = True
        tries = 0
        for i in range(len(stream)):
            if reached[i]:
                tries += len(codes)
                for code in codes:
                    if stream.startswith(code, i):
                        reached[i + len(code)] = True
        return symbols + sum(len(code) for code in codes) + tries

    def grade(self, answer, problem):
        c = problem.check
        if c["mode"] != "encode":  # a message in letters: a final full stop ends the sentence
            return grade_letters(normalize(answer), c["letters"], "the message")
        got = read_morse(answer)
        if got is None:
            return wrong("Write dots and dashes, a space between letters and / between words.")
        if got == c["words"]:
            return right()
        if [t for w in got for t in w] == [t for w in c["words"] for t in w]:
            return wrong("The letters are right but the words are not separated correctly by /.")
        bad = [t for w in got for t in w if t not in FROM_MORSE]
        if bad:
            return wrong(f"{bad[0]} is not the code of any letter.")
        return wrong("That is not the Morse code of the message.")
