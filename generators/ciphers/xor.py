"""Repeating-key XOR on bytes written in hex: encrypt, decrypt, recover the key from a known
plaintext, and decrypt from the key length and a crib."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from ._letters import LOWER, grade_exact_text, question_of
from ._words import pick_words

MODES = ("encrypt", "decrypt", "key", "crib")

RULES = ("Repeating-key XOR: the message and the key are byte strings (ASCII text: 'a' is 61 in hex, 'b' is 62, "
         "..., 'z' is 7a, a space is 20). Byte i of the message is XORed with byte i mod L of the key, where L is "
         "the key length (so the key repeats). Hex writes each byte as two hex digits, e.g. 'hi' is 6869. "
         "Example: the message 'ab' with the key 'c' (63) gives 02 01, written 0201.")

_HEX_RUN = re.compile(r"(?:0x)?((?:[0-9a-f]{2})+)")
_HEX_BYTE = re.compile(r"(?:0x)?[0-9a-f]{2}")


def xor(data: bytes, key: bytes) -> bytes:
    return bytes(b ^ key[i % len(key)] for i, b in enumerate(data))


def read_hex(answer: str) -> bytes | None:
    """Hex bytes, in one run ("0a1b2c", "0x0a1b2c") or one byte per group, the groups split by
    spaces, colons, commas or dashes or each led by 0x ("0a 1b:2c", "0x0a, 0x1b"); None if not hex
    (nothing may stand before the first byte)."""
    s = answer.strip().lower()
    m = _HEX_RUN.fullmatch(s)
    if m:
        return bytes.fromhex(m.group(1))
    parts = re.split(r"\s*[:,-]\s*|\s+|(?<=[0-9a-f])(?=0x)", s)
    if not all(_HEX_BYTE.fullmatch(p) for p in parts):
        return None
    return bytes.fromhex("".join(p[-2:] for p in parts))


@register
class RepeatingXor(Task):
    """Repeating-key XOR with hex. Level 1 encrypts a word with a one-byte key; levels 2-4
    decrypt, with longer keys and messages; levels 5-6 recover the key from a plaintext and its
    ciphertext; levels 6-10 give the ciphertext, the key length and the message's first words
    (at least one key length of them), so the key must be recovered from the crib and then the
    rest decrypted, with longer keys and messages."""

    name = "ciphers/xor"
    knobs = (
        Knob("mode", ["encrypt", ["encrypt", "decrypt"], "decrypt", ["encrypt", "decrypt"], ["decrypt", "key"], "key",
             ["key", "crib"], "crib", "crib", "crib"] + ["crib"] * 10, choices=MODES,
             doc="encrypt, decrypt, recover the key from a known plaintext, or decrypt from a crib"),
        Knob("key_length", [1, 1, 2, 2, 3, 3, 3, 4, 5, 6, 7, 7, 8, 8, 9, 10, 11, 12, 13, 14], (1, 16),
             doc="bytes in the key"),
        Knob("n_words", [1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 6, 7, 7, 8, 9, 10, 11, 12, 13, 14], (1, 20),
             doc="words in the message"),
    )
    answer_format = "as asked"
    example = "0a1b2c"

    def build(self, rng, params):
        mode, length = params["mode"], params["key_length"]
        key_text = "".join(LOWER[rng.randrange(26)] for _ in range(length))
        key = key_text.encode()
        words = pick_words(rng, params["n_words"])
        while len(" ".join(words)) < length + 2:
            words += pick_words(rng, 1)
        plain = " ".join(words)
        data = plain.encode()
        cipher = xor(data, key)
        hex_key, hex_cipher = key.hex(), cipher.hex()
        if mode == "encrypt":
            question = f"{RULES}\n\nEncrypt the message '{plain}' with the key '{key_text}' (hex {hex_key})."
            answer = xor(data, key).hex()
            fmt, example = "the ciphertext in hex, two lowercase hex digits per byte, no spaces", "0a1b2c"
            check = {"kind": "hex", "expected": answer}
        elif mode == "decrypt":
            question = (f"{RULES}\n\nThis ciphertext (hex) was made with the key '{key_text}' (hex {hex_key}):\n"
                        f"{hex_cipher}\nDecrypt it.")
            answer = xor(cipher, key).decode()
            fmt, example = "the plaintext message exactly (lowercase words separated by single spaces)", "meet at noon"
            check = {"kind": "text", "expected": answer}
        elif mode == "key":
            question = (f"{RULES}\n\nThe message '{plain}' encrypts to this hex ciphertext under a key of "
                        f"{length} byte{'s' if length > 1 else ''}:\n{hex_cipher}\nFind the key.")
            stream = xor(cipher, data)
            answer = stream[:length].decode()
            fmt = f"the key as {length} ASCII character{'s' if length > 1 else ''} (or its hex, two digits per byte)"
            example = "k3y"  # keys are lowercase letters: one with a digit is never an answer
            check = {"kind": "key", "expected": stream[:length].hex()}
        else:
            take = 1
            while len(" ".join(words[:take])) < length:
                take += 1
            crib = " ".join(words[:take]).encode()
            # recover the key from the crib, then decrypt everything with it
            found = xor(cipher[:len(crib)], crib)[:length]
            answer = xor(cipher, found).decode()
            question = (f"{RULES}\n\nThis hex ciphertext was made with an unknown key of {length} "
                        f"byte{'s' if length > 1 else ''}:\n{hex_cipher}\n"
                        f"The message begins with '{crib.decode()}'. Decrypt the whole message.")
            fmt, example = "the plaintext message exactly (lowercase words separated by single spaces)", "meet at noon"
            check = {"kind": "text", "expected": answer}
        return Draft(question, answer, check, answer_format=fmt, example=example)

    def effort(self, problem):
        # every byte of the message is converted between hex and text and XORed with its key
        # byte; a crib's bytes first give the key
        mode = problem.params["mode"]
        question = question_of(problem)
        if mode == "encrypt":
            size = len(problem.check["expected"]) // 2
        else:
            size = len(re.findall(r"\n([0-9a-f]+)\n", question)[-1]) // 2
        work = 2 * size
        if mode == "crib":
            work += len(re.search(r"The message begins with '([a-z ]+)'", question).group(1))
        return work

    def grade(self, answer, problem):
        c = problem.check
        if c["kind"] == "text":
            return grade_exact_text(answer, c["expected"], "the plaintext")
        if c["kind"] == "hex":
            got = read_hex(answer)
            if got is None:
                return wrong("Write the ciphertext as hex digits, two per byte.")
            expected = bytes.fromhex(c["expected"])
            if got == expected:
                return right()
            if len(got) != len(expected):
                return wrong(f"The ciphertext has {len(expected)} bytes, not {len(got)}.")
            return wrong("That is not the ciphertext.")
        expected = bytes.fromhex(c["expected"])
        if answer.encode("utf-8", "replace") == expected:  # the key as ASCII text
            return right()
        got = read_hex(answer)  # or as hex
        if got == expected:
            return right()
        return wrong("That is not the key.")
