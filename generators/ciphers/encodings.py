"""Hex and base64: encode, decode, and peel several layers (named, or to be recognised)."""
from __future__ import annotations

import base64
import binascii
import re

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from ._letters import grade_exact_text, question_of
from ._words import pick_words

MODES = ("encode", "decode")
LAYERS = ("hex", "base64")

RULES = ("Encodings of ASCII text: hex writes each byte as two lowercase hex digits ('hi' -> 6869); base64 "
         "(standard alphabet A-Z a-z 0-9 + /, with = padding) writes each 3 bytes as 4 characters ('hi' -> aGk=). "
         "Applying an encoding to an encoded string encodes that string's characters as ASCII text.")
_PLAIN = re.compile(r"[a-z]+( [a-z]+)+")


def apply(text: str, layer: str) -> str:
    data = text.encode("ascii")
    return data.hex() if layer == "hex" else base64.b64encode(data).decode("ascii")


def undo(text: str, layer: str) -> str | None:
    """Decode one layer, or None when `text` is not valid in that encoding or not ASCII."""
    try:
        if layer == "hex":
            if len(text) % 2 or not re.fullmatch(r"[0-9a-f]*", text):
                return None
            data = bytes.fromhex(text)
        else:
            data = base64.b64decode(text, validate=True)
        decoded = data.decode("ascii")
    except (ValueError, binascii.Error, UnicodeDecodeError):
        return None
    return decoded if decoded.isprintable() else None


def messages(encoded: str, layers: int) -> set[str]:
    """Every text of the message's form (lowercase words, at least two) that `layers` decodings,
    each hex or base64, turn `encoded` into."""
    level = {encoded}
    for _ in range(layers):
        level = {d for t in level for layer in LAYERS if (d := undo(t, layer)) is not None}
    return {t for t in level if _PLAIN.fullmatch(t)}


def _leads_to(text: str, message: str, layers: int) -> bool:
    """Whether exactly `layers` decodings, each hex or base64, turn `text` into `message`."""
    if layers == 0:
        return text == message
    return any((d := undo(text, layer)) is not None and _leads_to(d, message, layers - 1) for layer in LAYERS)


@register
class Encodings(Task):
    """Hex and base64. Levels 1-3 encode or decode one layer; levels 4-6 decode two or three
    named layers in order; levels 7-10 give only the number of layers (up to four), so each
    layer's encoding must be recognised from its alphabet before it is decoded. An unnamed
    chain is proven to decode to exactly one message of the stated form."""

    name = "ciphers/encodings"
    released_dips = {7: "two unnamed layers on a shorter message against three named layers on a longer one"}
    knobs = (
        Knob("mode", ["encode", ["encode", "decode"], "decode", ["encode", "decode"], "decode", "decode", "decode",
             "decode", "decode", "decode"] + ["decode"] * 10, choices=MODES, doc="encode a message or decode one"),
        Knob("layers", [1, 1, 1, 2, 2, 3, 2, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6], (1, 6),
             doc="encodings applied one after another"),
        Knob("named", [True, True, True, True, True, True, False, False, False, False] + [False] * 10,
             doc="say which encoding each layer used (False: only the number of layers)"),
        Knob("n_words", [2, 2, 2, 2, 2, 3, 2, 3, 3, 3, 4, 3, 4, 5, 3, 4, 5, 6, 7, 8], (2, 12),
             doc="words in the message"),
    )
    answer_format = "as asked"
    example = "aGk="

    def build(self, rng, params):
        mode, n_layers, named = params["mode"], params["layers"], params["named"] or params["mode"] == "encode"
        for _ in range(100):
            plain = " ".join(pick_words(rng, params["n_words"], max_len=5 if n_layers > 2 else 8))
            chain = [LAYERS[rng.randrange(2)] for _ in range(n_layers)]
            encoded = plain
            for layer in chain:
                encoded = apply(encoded, layer)
            if mode == "encode" or named or messages(encoded, n_layers) == {plain}:
                break
        else:  # pragma: no cover
            raise RuntimeError("could not build an encodings problem")
        steps = ", then ".join(chain)
        if mode == "encode":
            question = (f"{RULES}\n\nEncode the message '{plain}' with {steps}"
                        f"{' (in this order)' if n_layers > 1 else ''}.")
            answer = plain
            for layer in chain:
                answer = apply(answer, layer)
            last = "lowercase hex" if chain[-1] == "hex" else "base64 with = padding"
            return Draft(question, answer, {"kind": chain[-1], "expected": answer},
                         answer_format=f"the encoded string ({last}) with no spaces",
                         example="6869" if chain[-1] == "hex" else "aGk=")
        if named:
            how = f"encoded with {steps}" + (" (in this order)" if n_layers > 1 else "")
        else:
            how = (f"encoded {n_layers} times in a row, each time with either hex or base64 (you must work out "
                   f"which); the message itself is lowercase words separated by single spaces")
        question = f"{RULES}\n\nA message was {how}. The result is:\n{encoded}\nRecover the message."
        answer = encoded
        for layer in reversed(chain):
            answer = undo(answer, layer)
        return Draft(question, answer, {"kind": "text", "expected": answer},
                     answer_format="the message exactly as text (case-sensitive), without quotes",
                     example="meet at noon")

    def effort(self, problem):
        # every character of every layer's input is converted; a layer whose encoding is not
        # named is first told apart by its alphabet (another pass over its characters)
        question = question_of(problem)
        if problem.check["kind"] != "text":  # encoding: the named chain from the message
            plain = re.search(r"Encode the message '([a-z ]+)' with ", question).group(1)
            chain = re.search(r"' with ([a-z0-9, ]+?)(?: \(in this order\))?\.$", question).group(1).split(", then ")
            work, text = 0, plain
            for layer in chain:
                work += len(text)
                text = apply(text, layer)
            return work
        encoded = re.search(r"The result is:\n(\S+)\n", question).group(1)
        if "you must work out which" not in question:  # named layers: one decoding each
            work, text, message = 0, encoded, problem.check["expected"]
            for left in range(problem.params["layers"] - 1, -1, -1):
                work += len(text)
                text = next(t for layer in LAYERS if (t := undo(text, layer)) is not None
                            and _leads_to(t, message, left))
            return work
        # unnamed layers: both decodings are tried on every text reached, as `messages` does
        work, level = 0, {encoded}
        for _ in range(problem.params["layers"]):
            work += sum(2 * len(t) for t in level)
            level = {d for t in level for layer in LAYERS if (d := undo(t, layer)) is not None}
        return work

    def grade(self, answer, problem):
        c = problem.check
        if c["kind"] == "text":
            return grade_exact_text(answer, c["expected"], "the message")
        s = re.sub(r"\s+", "", answer)  # hex or base64 may be written in spaced groups
        if c["kind"] == "hex":
            if not re.fullmatch(r"[0-9a-fA-F]+", s):
                return wrong("Write the hex digits only.")
            return right() if s.lower() == c["expected"] else wrong("That is not the hex encoding.")
        if not re.fullmatch(r"[A-Za-z0-9+/]+=*", s):
            return wrong("Write base64 characters only (A-Z a-z 0-9 + / and = padding).")
        # missing or extra padding is forgiven: the characters before it fix the bytes
        return right() if s.rstrip("=") == c["expected"].rstrip("=") else wrong("That is not the base64 encoding.")
