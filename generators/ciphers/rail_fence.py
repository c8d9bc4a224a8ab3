"""Rail fence (zigzag) transposition: encode and decode with 2 to 6 rails, and two layers."""
from __future__ import annotations

import re
from procgym import Draft, Knob, Task, register

from ._letters import grade_letters, question_of
from ._words import pick_words

MODES = ("encode", "decode")

RULES = ("The rail fence cipher with R rails writes the message's letters in a zigzag over R rows (rails): the "
         "first letter on rail 1, the next on rail 2, and so on down to rail R, then back up to rail 1, then down "
         "again, one letter per column. The ciphertext is rail 1 read left to right, then rail 2, and so on. "
         "Example: HELLOWORLD on 3 rails is written as\n"
         "H . . . O . . . L .\n"
         ". E . L . W . R . D\n"
         ". . L . . . O . . .\n"
         "and gives HOLELWRDLO.")


def rail_of(i: int, rails: int) -> int:
    """The rail (0-based) of the i-th letter."""
    if rails == 1:
        return 0
    cycle = 2 * (rails - 1)
    r = i % cycle
    return r if r < rails else cycle - r


def encode(text: str, rails: int) -> str:
    rows = [[] for _ in range(rails)]
    for i, ch in enumerate(text):
        rows[rail_of(i, rails)].append(ch)
    return "".join("".join(r) for r in rows)


def decode(cipher: str, rails: int) -> str:
    """Invert `encode`: count each rail's letters, cut the ciphertext into rails, read the zigzag."""
    order = sorted(range(len(cipher)), key=lambda i: (rail_of(i, rails), i))
    out = [""] * len(cipher)
    for ch, i in zip(cipher, order):
        out[i] = ch
    return "".join(out)


@register
class RailFence(Task):
    """Rail fence cipher. Levels ramp the rails from 2 to 6 and the message length, move from
    encoding to decoding (which needs the letter count of each rail first), and at levels 8-10
    apply two layers with different rail counts, so decoding must undo them in reverse order."""

    name = "ciphers/rail_fence"
    knobs = (
        Knob("mode", ["encode", "decode", ["encode", "decode"], "decode", ["encode", "decode"], "decode",
             "decode", ["encode", "decode"], "decode", "decode"] + ["decode"] * 10, choices=MODES,
             doc="encode or decode"),
        Knob("rails", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10], (2, 10),
             doc="rails (of the first layer)"),
        Knob("letters", [8, 10, 12, 14, 16, 18, 20, 22, 26, 30, 34, 38, 42, 46, 50, 56, 62, 68, 74, 80], (3, 200),
             doc="about how many letters the message has"),
        Knob("layers", [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="rail fence layers applied one after another"),
    )
    answer_format = "the requested text as uppercase letters with no spaces (spaces and letter case are not graded)"
    example = "HOLELWRDLO"

    def build(self, rng, params):
        mode, layers = params["mode"], params["layers"]
        words: list[str] = []
        while len("".join(words)) < params["letters"]:
            words += pick_words(rng, 1)
        plain = "".join(words).upper()
        rails = [params["rails"]]
        while len(rails) < layers:
            options = [r for r in range(2, 7) if r not in rails]
            rails.append(options[rng.randrange(len(options))])
        cipher = plain
        for r in rails:
            cipher = encode(cipher, r)
        if layers == 1:
            how = f"with {rails[0]} rails"
        else:
            how = ("with " + f"{rails[0]} rails" + "".join(f", and the result was encrypted again with {r} rails"
                                                          for r in rails[1:]))
        if mode == "encode":
            verb = how.replace("was encrypted", "is encrypted")
            question = (f"{RULES}\n\nEncrypt this message {verb}:\n{plain}" if layers == 1 else
                        f"{RULES}\n\nThe message {plain} is encrypted {verb}. Give the final ciphertext.")
            answer, what = cipher, "the ciphertext"
        else:
            question = f"{RULES}\n\nA message was encrypted {how}. The ciphertext is:\n{cipher}\nRecover the message."
            answer = cipher
            for r in reversed(rails):
                answer = decode(answer, r)
            what = "the message"
        return Draft(question, answer, {"expected": answer.lower(), "what": what})

    def effort(self, problem):
        # per layer: every letter is placed on its rail; decoding first counts each rail's letters
        letters = len(problem.check["expected"])
        rails = [int(r) for r in re.findall(r"(\d+) rails", question_of(problem).split("\n\n", 1)[1])]
        return sum(letters + (r if problem.params["mode"] == "decode" else 0) for r in rails)

    def grade(self, answer, problem):
        return grade_letters(answer, problem.check["expected"], problem.check["what"])
