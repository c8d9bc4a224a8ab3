"""Run-length encoding: encode, decode, and edits that make neighbouring runs merge."""
from __future__ import annotations

import re
import string
from itertools import groupby

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

MODES = ("encode", "decode", "concat", "delete")
_RUN = re.compile(r"(\d+)([A-Za-z])")
_CODE = re.compile(r"(?:\d+[A-Za-z])*")

RULES = ("Run-length encoding writes each maximal run of one repeated letter as the run's length followed by "
         "the letter, including runs of length 1 (so 'aaabccdddd' encodes as '3a1b2c4d' and 'ab' as '1a1b'). "
         "Two neighbouring runs never share a letter. Letters are case-sensitive: 'a' and 'A' are different.")


def encode(text: str) -> str:
    return "".join(f"{len(list(run))}{ch}" for ch, run in groupby(text))


def decode(code: str) -> str:
    return "".join(ch * int(n) for n, ch in _RUN.findall(code))


def _canonical(code: str) -> str | None:
    """The encoding of what `code` decodes to, merging repeated letters, without decoding it
    (counts may be huge); None when a count has more than 6 digits."""
    merged: list[list] = []
    for digits, ch in _RUN.findall(code):
        if len(digits) > 6:
            return None
        n = int(digits)
        if n == 0:
            continue
        if merged and merged[-1][1] == ch:
            merged[-1][0] += n
        else:
            merged.append([n, ch])
    return "".join(f"{n}{ch}" for n, ch in merged)


def _clean(answer: str) -> str:
    """The answer without the spaces and commas a model may put between runs."""
    return re.sub(r"[\s,]+", "", answer)


@register
class RunLength(Task):
    """Run-length encoding and decoding with the count always written ('aaab' -> '3a1b').
    Modes: encode a string; decode a code; concat (the encoding of two decoded codes joined,
    where equal letters at the seam must merge into one run); delete (decode, remove every
    occurrence of one letter, re-encode, where the runs on either side of a removed run may
    merge). Higher levels move from encode/decode to the merging modes and add runs, longer runs
    (multi-digit counts) and more letters, up to case-sensitive mixed-case alphabets."""

    name = "strings/run_length"
    knobs = (
        Knob("mode", ["encode", "decode", ["encode", "decode"], ["encode", "decode"],
             ["encode", "decode", "concat"], ["encode", "decode", "concat", "delete"],
             ["decode", "concat", "delete"], ["concat", "delete"], ["concat", "delete"], ["concat", "delete"]]
             + [["concat", "delete"]] * 10,
             choices=MODES, doc="what to do: encode, decode, concat or delete (a list: one drawn per problem)"),
        Knob("n_runs", [3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 23, 26, 29, 32, 36, 40, 44, 48, 53, 58], (1, 100),
             doc="runs in the (first) decoded string"),
        Knob("max_run", [4, 5, 6, 9, 9, 12, 15, 15, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50], (1, 99),
             doc="longest run"),
        Knob("alphabet_size", [3, 3, 4, 4, 5, 6, 6, 8, 10, 12, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30], (2, 52),
             doc="distinct letters used"),
        Knob("mixed_case", [False, False, False, False, False, False, True, True, True, True] + [True] * 10,
             doc="draw letters from upper and lower case (case-sensitive)"),
    )
    answer_format = "a single string with no spaces: a code such as 3a1b2c, or a plain string such as aaabcc, as asked"
    example = "3x0y2z"  # no run has 0 letters, and a plain string has no digits: never an answer

    def _runs(self, rng, letters, n_runs, max_run, first=None):
        out, prev = [], None
        for i in range(n_runs):
            ch = first if i == 0 and first else rng.choice([c for c in letters if c != prev])
            length = 1 if rng.random() < 0.25 else rng.randint(1, max_run)
            out.append(ch * length)
            prev = ch
        return "".join(out)

    def build(self, rng, params):
        pool = string.ascii_letters if params["mixed_case"] else string.ascii_lowercase
        letters = rng.sample(pool, min(params["alphabet_size"], len(pool)))
        n_runs, max_run, mode = params["n_runs"], params["max_run"], params["mode"]
        # deleting a letter must leave something: a delete problem has at least two runs (two letters)
        text = self._runs(rng, letters, max(n_runs, 2) if mode == "delete" else n_runs, max_run)
        if mode == "encode":
            question = f"{RULES}\n\nGive the run-length encoding of this string:\n{text}"
            answer = encode(text)
        elif mode == "decode":
            question = f"{RULES}\n\nDecode this run-length code into the string it stands for:\n{encode(text)}"
            answer = text
        elif mode == "concat":
            # pieces joined in order; usually a piece starts with the letter the previous one ends
            # with, so runs merge at the seams (a one-run middle piece can merge three runs into one)
            names = ["P", "Q", "R"][:2 if n_runs < 10 else 3]
            pieces = [text]
            for i in range(1, len(names)):
                seam = pieces[-1][-1] if rng.random() < 0.7 else None
                short = i < len(names) - 1 and seam and rng.random() < 0.4
                size = 1 if short else max(1, n_runs // 2)
                pieces.append(self._runs(rng, letters, size, max_run, first=seam))
            codes = ", ".join(f"{name} has code {encode(piece)}" for name, piece in zip(names, pieces))
            joined = " followed directly by ".join(names)
            question = f"{RULES}\n\nThe string {codes}. Give the run-length encoding of {joined}."
            answer = encode("".join(pieces))
        else:
            # usually delete a letter whose runs sit between two runs of one letter, so they merge
            runs = ["".join(r) for _, r in groupby(text)]
            mergers = sorted({runs[i][0] for i in range(1, len(runs) - 1) if runs[i - 1][0] == runs[i + 1][0]})
            if mergers and rng.random() < 0.8:
                gone = rng.choice(mergers)
            else:
                gone = rng.choice(sorted(set(text)))
            rest = text.replace(gone, "")
            question = (f"{RULES}\n\nDecode the code {encode(text)}, delete every '{gone}' from the string, and give "
                        "the run-length encoding of what remains.")
            answer = encode(rest)
        return Draft(question, answer, {"mode": mode, "answer": answer})

    def effort(self, problem):
        # the reference decodes every code it is given and encodes the string it must give, one
        # step per letter each way
        mode, answer = problem.check["mode"], problem.check["answer"]
        if mode == "encode":
            return len(decode(answer))
        if mode == "decode":
            return len(answer)
        question = problem.prompt.split("\n\n", 2)[1]  # the paragraph after the rules
        codes = re.findall(r"code ((?:\d+[A-Za-z])+)", question)
        return sum(len(decode(code)) for code in codes) + len(decode(answer))

    def grade(self, answer, problem):
        expected = problem.check["answer"]
        given = _clean(answer)
        if not given:
            return wrong("The answer is empty.")
        if given == expected:
            return right()
        if problem.check["mode"] == "decode":
            if given.lower() == expected.lower():
                return wrong("The letters are right but their case is not: letters are case-sensitive.")
            return wrong("That is not the decoded string.")
        if not _CODE.fullmatch(given):
            return wrong("Write the code as count-letter pairs with no other characters, e.g. 3a1b2c.")
        if _canonical(given) == expected:
            return wrong("That code decodes correctly but is not the encoding: runs must be maximal, each count written.")
        return wrong("That is not the right run-length encoding.")
