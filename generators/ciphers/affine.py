"""The affine cipher E(x) = a*x + b mod 26 (Atbash is a = 25, b = 25): apply it, invert it, break it from a crib."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Draft, Knob, Task, register

from ._letters import LOWER, euclid_steps, grade_letters, question_of
from ._words import pick_words

UNITS = (1, 3, 5, 7, 9, 11, 15, 17, 19, 21, 23, 25)  # the a with gcd(a, 26) = 1
MODES = ("atbash", "encode", "decode", "crib_start", "crib_anywhere")
RULE = ("The affine cipher with key (a, b) numbers the letters a=0, b=1, ..., z=25 and replaces the letter with "
        "number x by the letter with number (a*x + b) mod 26; other characters are unchanged. a is coprime to 26, "
        "so the cipher can be undone.")


@lru_cache(maxsize=None)
def affine_table(a: int, b: int) -> dict:
    """The str.translate table of the affine map x -> a*x + b."""
    return str.maketrans(LOWER, "".join(LOWER[(a * x + b) % 26] for x in range(26)))


@lru_cache(maxsize=None)
def inverse_table(a: int, b: int) -> dict:
    """The table of the inverse map y -> a^-1 * (y - b)."""
    inv = pow(a, -1, 26)
    return str.maketrans(LOWER, "".join(LOWER[(inv * (y - b)) % 26] for y in range(26)))


def keys_fitting(cipher: str, crib: str, anywhere: bool, spaced: bool) -> set[str]:
    """The plaintexts of every key (a, b) whose decryption of `cipher` starts with `crib`
    (or, when `anywhere`, contains it as a word, or as a run of letters when the text is unspaced)."""
    found = set()
    for a in UNITS:
        for b in range(26):
            plain = cipher.translate(inverse_table(a, b))
            if not anywhere:
                hit = plain.startswith(crib)
            elif spaced:
                hit = crib in plain.split()
            else:
                hit = crib in plain
            if hit:
                found.add(plain)
    return found


@register
class Affine(Task):
    """The affine cipher. Levels climb from Atbash (the mirror alphabet), to encoding and then
    decoding with a given key (decoding needs the inverse of a modulo 26), to breaking an unknown
    key from a crib: a word the message starts with, then a word somewhere in it, and finally
    with the spaces removed so the crib's place must be found too. For a crib, every one of the
    312 keys is tried and the generator keeps only messages that exactly one key explains."""

    name = "ciphers/affine"
    knobs = (
        Knob("mode", ["atbash", "encode", "decode", ["encode", "decode"], "decode", "crib_start", "crib_start",
             "crib_anywhere", "crib_anywhere", "crib_anywhere"] + ["crib_anywhere"] * 10, choices=MODES,
             doc="Atbash, encode or decode with a key, or recover the key from a crib"),
        Knob("n_words", [2, 2, 3, 4, 4, 4, 5, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], (1, 30),
             doc="words in the message"),
        Knob("keep_spaces", [True, True, True, True, True, True, True, True, True, False] + [False] * 10,
             doc="keep the spaces between words (False: the letters run together)"),
    )
    answer_format = "the text in lowercase letters"
    example = "meet at noon"

    def build(self, rng, params):
        mode, spaced = params["mode"], params["keep_spaces"]
        for _ in range(100):
            words = pick_words(rng, params["n_words"], min_len=2, max_len=7)
            plain = " ".join(words) if spaced else "".join(words)
            if mode == "atbash":
                a = b = 25
            else:
                a, b = UNITS[rng.randrange(1, len(UNITS))], rng.randrange(26)
            cipher = plain.translate(affine_table(a, b))
            if not mode.startswith("crib"):
                break
            anywhere = mode == "crib_anywhere"
            crib = words[rng.randrange(1, len(words))] if anywhere else words[0]
            if len(set(crib)) >= 2 and keys_fitting(cipher, crib, anywhere, spaced) == {plain}:
                break
        else:  # pragma: no cover - a distinct-letter crib almost always fixes the key
            raise RuntimeError("could not build an affine problem with a unique key")
        if mode == "atbash":
            question = ("Atbash replaces each letter by its mirror in the alphabet: a<->z, b<->y, c<->x, and so on "
                        f"(it is the affine cipher with a = 25, b = 25). Apply Atbash to: {plain}")
            return Draft(question, cipher, {"expected": cipher.replace(" ", "")})
        if mode == "encode":
            question = f"{RULE}\n\nEncrypt the message '{plain}' with the key a = {a}, b = {b}."
            return Draft(question, cipher, {"expected": cipher.replace(" ", "")})
        if mode == "decode":
            question = f"{RULE}\n\nThe ciphertext '{cipher}' was encrypted with the key a = {a}, b = {b}. Decrypt it."
        elif mode == "crib_start":
            question = (f"{RULE}\n\nThe ciphertext '{cipher}' was encrypted with an unknown key. The message begins "
                        f"with the word '{crib}'. Find the key and decrypt the message.")
        else:
            where = "is one of its words" if spaced else "appears somewhere in it (the spaces were removed)"
            question = (f"{RULE}\n\nThe ciphertext '{cipher}' was encrypted with an unknown key. The word '{crib}' "
                        f"{where}. Find the key and decrypt the message.")
        return Draft(question, plain, {"expected": plain.replace(" ", "")},
                     answer_format="the message in lowercase letters" + (", words separated by spaces" if spaced else ""))

    def effort(self, problem):
        # one table step per letter; decoding with a key first inverts a modulo 26; a crib is
        # tried at every place it could stand (each word of its length, or each letter offset
        # when the spaces are gone), solving for the key from its letters there
        letters = len(problem.check["expected"])
        mode = problem.params["mode"]
        question = question_of(problem)
        if mode in ("atbash", "encode"):
            return letters
        if mode == "decode":
            a = int(re.search(r"key a = (\d+)", question).group(1))
            return letters + 2 * euclid_steps(a, 26)
        cipher = re.search(r"The ciphertext '([a-z ]+)'", question).group(1)
        crib = re.search(r"The (?:message begins with the )?word '([a-z]+)'", question).group(1)
        if mode == "crib_start":
            places = 1
        elif " " in cipher:
            places = sum(len(w) == len(crib) for w in cipher.split())
        else:
            places = len(cipher) - len(crib) + 1
        return letters + places * len(crib) + 2 * euclid_steps(25, 26)

    def grade(self, answer, problem):
        return grade_letters(answer, problem.check["expected"], "the text")
