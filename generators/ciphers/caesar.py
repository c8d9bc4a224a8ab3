"""Caesar ciphers: encode and decode with a known shift, and break an unknown shift from a crib
or from the words the message may contain."""
from __future__ import annotations

import re
from procgym import Draft, Knob, Task, register

from ._letters import grade_letters, question_of, shift_text
from ._words import pick_words, segmentable, vocabulary

MODES = ("encode", "decode", "crib", "words")

RULES = ("A Caesar cipher with shift k replaces each letter by the letter k places later in the alphabet, "
         "wrapping around from Z to A (with shift 3: a -> D, x -> A); spaces are kept as they are. "
         "Plaintext is written in lowercase and ciphertext in uppercase.")


def plausible_shifts(cipher: str, mode: str, crib: str, vocab: frozenset, spaced: bool) -> list[int]:
    """Every shift 1-25 under which the ciphertext decodes to a text that fits the clue: it
    contains the crib (crib mode), or it is made only of the listed words (words mode)."""
    found = []
    for k in range(1, 26):
        plain = shift_text(cipher, -k).lower()
        if mode == "crib":
            fits = crib in plain.split() if spaced else crib in plain
        elif spaced:
            fits = all(w in vocab for w in plain.split())
        else:
            fits = segmentable(plain, vocab)
        if fits:
            found.append(k)
    return found


@register
class Caesar(Task):
    """Caesar cipher. Levels 1-3 encode or decode with the shift given; levels 4-6 hide the
    shift and give a crib (a word the plaintext contains), so the shift must be found first;
    levels 6-10 give only a list of words the plaintext is made of, so shifts must be tried and
    checked against the list, with more words and a longer list; levels 8-10 also run the words
    together without spaces, so the decryption must be segmented to be checked. Every unknown
    shift is proven unique: no other shift fits the clue."""

    name = "ciphers/caesar"
    knobs = (
        Knob("mode", ["encode", ["encode", "decode"], "decode", ["decode", "crib"], "crib", ["crib", "words"],
             "words", "words", "words", "words"] + ["words"] * 10, choices=MODES,
             doc="encode or decode with a given shift, or break an unknown shift from a crib or a word list"),
        Knob("n_words", [2, 3, 3, 4, 5, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24], (1, 40),
             doc="words in the message"),
        Knob("vocabulary", [8, 8, 10, 12, 14, 16, 20, 26, 32, 40, 46, 52, 58, 64, 70, 78, 86, 94, 102, 110], (4, 200),
             doc="words in the list the plaintext is drawn from (words mode)"),
        Knob("keep_spaces", [True, True, True, True, True, True, True, False, False, False] + [False] * 10,
             doc="keep the spaces between words (False: the letters run together)"),
    )
    answer_format = ("the requested text as letters, words separated by single spaces "
                     "(letter case and spacing are not graded)")
    example = "meet me at noon"

    def build(self, rng, params):
        mode, spaced = params["mode"], params["keep_spaces"]
        for _ in range(200):
            words = pick_words(rng, params["n_words"])
            plain = " ".join(words) if spaced else "".join(words)
            k = rng.randint(1, 25)
            cipher = shift_text(plain, k).upper()
            crib, vocab = "", frozenset()
            if mode == "crib":
                crib = max(words, key=len) if rng.random() < 0.5 else words[rng.randrange(len(words))]
                if len(crib) < 3:
                    continue
            elif mode == "words":
                vocab = frozenset(vocabulary(rng, words, max(params["vocabulary"], len(set(words)))))
            if mode in ("crib", "words"):
                shifts = plausible_shifts(cipher, mode, crib, vocab, spaced)
                if shifts != [k]:
                    continue  # the clue must single out one shift
                answer = shift_text(cipher, -shifts[0]).lower()
            break
        else:  # pragma: no cover - the loop practically always succeeds early
            raise RuntimeError("could not build a Caesar problem")
        layout = "" if spaced else " The spaces between words were removed before encryption."
        if mode == "encode":
            question = f"{RULES}{layout}\n\nEncrypt this plaintext with shift {k}:\n{plain}"
            answer, what = shift_text(plain, k).upper(), "the ciphertext"
        elif mode == "decode":
            question = f"{RULES}{layout}\n\nThis ciphertext was made with shift {k}. Decrypt it:\n{cipher}"
            answer, what = shift_text(cipher, -k).lower(), "the plaintext"
        elif mode == "crib":
            question = (f"{RULES}{layout}\n\nThis ciphertext was made with an unknown shift between 1 and 25. "
                        f"The plaintext contains the word '{crib}'. Decrypt it:\n{cipher}")
            what = "the plaintext"
        else:
            listing = ", ".join(sorted(vocab))
            question = (f"{RULES}{layout}\n\nThis ciphertext was made with an unknown shift between 1 and 25. "
                        f"Every word of the plaintext is one of these words: {listing}.\n"
                        f"Decrypt it:\n{cipher}")
            what = "the plaintext"
        expected = "".join(answer.lower().split())
        return Draft(question, answer, {"expected": expected, "what": what})

    def effort(self, problem):
        # one shift per letter of the text; an unknown shift is found first: from the crib at each
        # ciphertext word of its length, or by trying all 25 shifts, each read until its first
        # word is checked against the list (the whole text, to be segmented, without spaces)
        letters = len(problem.check["expected"])
        mode = problem.params["mode"]
        question = question_of(problem)
        cipher = question.rsplit(":\n", 1)[1].strip()
        if mode in ("encode", "decode"):
            return letters
        if mode == "crib":
            crib = re.search(r"contains the word '([a-z]+)'", question).group(1)
            words = cipher.split()
            places = sum(len(w) == len(crib) for w in words) if len(words) > 1 else len(cipher) - len(crib) + 1
            return letters + places * len(crib)
        words = cipher.split()
        tried = len(words[0]) if len(words) > 1 else len(cipher)
        return letters + 25 * tried

    def grade(self, answer, problem):
        return grade_letters(answer, problem.check["expected"], problem.check["what"])
