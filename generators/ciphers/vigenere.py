"""Vigenere ciphers: encode and decode with a known key, and recover the key from its length and
a crib (a known piece of plaintext) at a known or an unknown position."""
from __future__ import annotations

import re
from procgym import Draft, Knob, Task, register

from ._letters import UPPER, grade_letters, question_of
from ._words import pick_words

MODES = ("encode", "decode", "crib_start", "crib")

RULES = ("A Vigenere cipher uses a key word whose letters stand for shifts A=0, B=1, ..., Z=25. The key's "
         "letters are used in turn, one per plaintext letter, starting again from the key's first letter when "
         "it runs out; each letter is moved forward by its key letter's shift, wrapping from Z to A. Spaces "
         "are kept as they are and do not use up a key letter. Example: key KEY encrypts 'a ab' as 'K EZ' "
         "(shifts 10, 4, 24). Plaintext is written in lowercase and ciphertext in uppercase.")


def vigenere(text: str, key: str, sign: int = 1) -> str:
    """Encrypt (sign=1) or decrypt (sign=-1) letters of `text` with `key`; spaces pass through."""
    out, i = [], 0
    shifts = [ord(c) - 65 for c in key.upper()]
    for ch in text:
        if ch.isalpha():
            out.append(UPPER[(ord(ch.upper()) - 65 + sign * shifts[i % len(shifts)]) % 26])
            i += 1
        else:
            out.append(ch)
    return "".join(out)


def keys_from_crib(cipher: str, crib: str, key_length: int, anywhere: bool) -> dict[str, str]:
    """Every key of the given length under which the crib (whole words, spaces included) decrypts
    from a word-aligned place in the ciphertext (the start only, unless `anywhere`), each mapped
    to its plaintext. A crib shorter than the key leaves key letters open and gives no key."""
    letters_before, starts, n = [], [], 0
    for i, ch in enumerate(cipher):
        if (i == 0 or cipher[i - 1] == " ") and ch != " ":
            starts.append(i)
            letters_before.append(n)
        n += ch != " "
    found: dict[str, str] = {}
    for start, offset in zip(starts, letters_before):
        if not anywhere and start != 0:
            break
        piece = cipher[start:start + len(crib)]
        if len(piece) != len(crib) or any((a == " ") != (b == " ") for a, b in zip(piece, crib)):
            continue
        if start + len(crib) < len(cipher) and cipher[start + len(crib)] != " ":
            continue  # the crib's last word must end where a ciphertext word ends
        key: list[int | None] = [None] * key_length
        pos, consistent = offset, True
        for c, p in zip(piece, crib):
            if c == " ":
                continue
            shift = (ord(c) - ord(p.upper())) % 26
            slot = pos % key_length
            if key[slot] is None:
                key[slot] = shift
            elif key[slot] != shift:
                consistent = False
                break
            pos += 1
        if consistent and None not in key:
            text = "".join(UPPER[s] for s in key)
            found[text] = vigenere(cipher, text, -1).lower()
    return found


@register
class Vigenere(Task):
    """Vigenere cipher. Levels 1-5 encode or decode with the key given, with longer keys and
    messages; levels 6-8 give only the key's length and the start of the plaintext, so the key
    must be recovered first; levels 8-10 give a crib of whole words at an unknown place, so every
    word-aligned place must be tried, the key recovered and checked for consistency where the crib
    is longer than the key. The crib is proven to single out one key and one plaintext."""

    name = "ciphers/vigenere"
    knobs = (
        Knob("mode", ["decode", ["encode", "decode"], "decode", ["encode", "decode"], "decode",
             ["decode", "crib_start"], "crib_start", ["crib_start", "crib"], "crib", "crib"] + ["crib"] * 10,
             choices=MODES, doc="encode or decode with the key, or recover it from a crib at the start or anywhere"),
        Knob("key_length", [2, 2, 3, 3, 4, 4, 5, 5, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12, 12], (1, 12),
             doc="letters in the key"),
        Knob("n_words", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (1, 40),
             doc="words in the message"),
    )
    answer_format = ("the requested text as letters, words separated by single spaces "
                     "(letter case and spacing are not graded)")
    example = "meet me at noon"

    def build(self, rng, params):
        mode, length = params["mode"], params["key_length"]
        n_words = params["n_words"]
        for _ in range(300):
            key = "".join(UPPER[rng.randrange(26)] for _ in range(length))
            words = pick_words(rng, n_words)
            while len("".join(words)) < length + 2:  # room for a crib longer than the key
                words += pick_words(rng, 1)
            plain = " ".join(words)
            cipher = vigenere(plain, key)
            if mode in ("encode", "decode"):
                break
            if mode == "crib_start":
                take = 1
                while take < len(words) and len("".join(words[:take])) < length:
                    take += 1
                crib = " ".join(words[:take])
            else:
                spans = [(i, j) for i in range(len(words)) for j in range(i + 1, len(words) + 1)
                         if length + 2 <= len("".join(words[i:j])) <= length + 8]
                if not spans:
                    continue
                inner = [s for s in spans if s[0] > 0]  # a crib that is not at the start when possible
                spans = inner or spans
                i, j = spans[rng.randrange(len(spans))]
                crib = " ".join(words[i:j])
            if len(crib.replace(" ", "")) < length:
                continue
            found = keys_from_crib(cipher, crib, length, anywhere=mode == "crib")
            if len(set(found.values())) == 1:
                break
        else:  # pragma: no cover
            raise RuntimeError("could not build a Vigenere problem")
        if mode == "encode":
            question = f"{RULES}\n\nEncrypt this plaintext with the key {key}:\n{plain}"
            answer, what = vigenere(plain, key), "the ciphertext"
        elif mode == "decode":
            question = f"{RULES}\n\nThis ciphertext was made with the key {key}. Decrypt it:\n{cipher}"
            answer, what = vigenere(cipher, key, -1).lower(), "the plaintext"
        else:
            where = "begins with" if mode == "crib_start" else "contains, somewhere, the consecutive words"
            question = (f"{RULES}\n\nThis ciphertext was made with an unknown key of {length} letters. The plaintext "
                        f"{where} '{crib}'. Decrypt it:\n{cipher}")
            answer, what = next(iter(found.values())), "the plaintext"
        return Draft(question, answer, {"expected": answer.lower().replace(" ", ""), "what": what})

    def effort(self, problem):
        # one shift per letter; a crib first gives the key: its letters are subtracted at the
        # start, or at every word-aligned place where its words fit, checking that the key repeats
        letters = len(problem.check["expected"])
        mode = problem.params["mode"]
        if mode in ("encode", "decode"):
            return letters
        question = question_of(problem)
        cipher = question.rsplit(":\n", 1)[1].strip()
        crib = re.search(r"(?:begins with|consecutive words) '([a-z ]+)'", question).group(1)
        if mode == "crib_start":
            places = 1
        else:
            shape = [len(w) for w in crib.split()]
            words = [len(w) for w in cipher.split()]
            places = sum(words[i:i + len(shape)] == shape for i in range(len(words)))
        return letters + places * len(crib.replace(" ", ""))

    def grade(self, answer, problem):
        return grade_letters(answer, problem.check["expected"], problem.check["what"])
