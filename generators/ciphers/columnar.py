"""Columnar transposition with a key word: encode, decode, and double transposition."""
from __future__ import annotations

from functools import lru_cache

from procgym import Draft, Knob, Task, register

from ._letters import grade_letters
from ._words import WORDS, pick_words

RULE = ("Columnar transposition with a key word: write the message's letters (spaces removed) in rows, left to "
        "right, as many letters per row as the key has letters; the last row may be shorter, and it is not padded. "
        "Label the columns with the key's letters, then read the columns out top to bottom, taking the columns in "
        "the alphabetical order of their key letters (every key has distinct letters). The result is the ciphertext.")


@lru_cache(maxsize=None)
def keys_of_length(n: int) -> tuple[str, ...]:
    """Words with n distinct letters: usable keys."""
    return tuple(w for w in WORDS if len(w) == n and len(set(w)) == n)


def column_order(key: str) -> list[int]:
    return sorted(range(len(key)), key=lambda i: key[i])


def encode(text: str, key: str) -> str:
    k = len(key)
    return "".join(text[c::k] for c in column_order(key))


def decode(cipher: str, key: str) -> str:
    """Undo `encode`: column c has ceil or floor of len/k letters, the first len % k columns the longer."""
    k, n = len(key), len(cipher)
    rows, extra = divmod(n, k)
    columns = [""] * k
    pos = 0
    for c in column_order(key):
        size = rows + (1 if c < extra else 0)
        columns[c] = cipher[pos:pos + size]
        pos += size
    return "".join(columns[i % k][i // k] for i in range(n))


def _key(rng, n: int) -> str:
    pool = keys_of_length(n)
    if pool:
        return pool[rng.randrange(len(pool))]
    letters = list("abcdefghijklmnopqrstuvwxyz")
    rng.shuffle(letters)
    return "".join(letters[:n])


@register
class ColumnarTransposition(Task):
    """Columnar transposition. Levels climb from encoding with a short key, to decoding (which
    needs the column lengths of the unpadded grid worked out first), to longer keys and
    messages, and finally double transposition (two keys, applied one after the other), which
    must be undone in reverse order."""

    name = "ciphers/columnar_transposition"
    released_dips = {
        3: "level 3 encodes with a 4-letter key where level 2 decodes with a 3-letter one: about equal work",
    }
    knobs = (
        Knob("mode", ["encode", "decode", "encode", "decode", "decode", "decode", "encode", "decode", "decode",
             "decode"] + ["decode"] * 10, choices=("encode", "decode"), doc="encode or decode"),
        Knob("key_length", [3, 3, 4, 4, 5, 5, 3, 4, 5, 6, 6, 7, 7, 8, 4, 5, 5, 6, 6, 7], (2, 8),
             doc="letters in the (first) key"),
        Knob("layers", [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="transpositions applied one after another"),
        Knob("n_words", [2, 3, 3, 3, 4, 5, 3, 3, 4, 4, 5, 5, 6, 6, 5, 5, 6, 6, 7, 8], (1, 20),
             doc="words in the message"),
    )
    answer_format = "the resulting letters, lowercase, without spaces"
    example = "tnaeoemt"

    def build(self, rng, params):
        mode, layers = params["mode"], params["layers"]
        words = pick_words(rng, params["n_words"], min_len=3, max_len=7)
        plain = "".join(words)
        keys = [_key(rng, params["key_length"] + i) for i in range(layers)]
        cipher = plain
        for key in keys:
            cipher = encode(cipher, key)
        if layers == 1:
            how = f"the key word '{keys[0]}'"
        else:
            how = ("double transposition: first with the key word '" + "', then the result again with the key word '"
                   .join(keys) + "'")
        if mode == "encode":
            question = f"{RULE}\n\nEncrypt the message '{' '.join(words)}' using {how}."
            return Draft(question, cipher, {"expected": cipher}, answer_format="the ciphertext letters, lowercase, without spaces")
        question = (f"{RULE}\n\nThe ciphertext '{cipher}' was made using {how}. Decrypt it: give the message's "
                    "letters in order (without spaces).")
        check = cipher
        for key in reversed(keys):
            check = decode(check, key)
        return Draft(question, check, {"expected": check}, answer_format="the message's letters, lowercase (spaces are ignored)")

    def effort(self, problem):
        # per layer: order the key's columns, then move every letter; decoding first works out
        # each column's length
        letters = len(problem.check["expected"])
        total = 0
        for i in range(problem.params["layers"]):
            k = problem.params["key_length"] + i
            total += letters + k + (k if problem.params["mode"] == "decode" else 0)
        return total

    def grade(self, answer, problem):
        return grade_letters(answer, problem.check["expected"], "the text")
