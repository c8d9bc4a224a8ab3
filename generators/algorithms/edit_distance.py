"""Edit distance (Levenshtein): the minimum number of single-letter insertions, deletions and
substitutions turning one word into another, and at harder levels an optimal edit script,
checked by carrying it out."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from procgym.kit import NotAnAnswer, grade_int, read_items

_OP = re.compile(r"(ins|insert|del|delete|sub|substitute|replace)\s*\(?\s*(\d{1,4})(?:\s+([A-Za-z]))?\s*\)?",
                 re.IGNORECASE)
_KIND = {"ins": "ins", "insert": "ins", "del": "del", "delete": "del", "sub": "sub", "substitute": "sub",
         "replace": "sub"}
MAX_OPS = 500
_WORDS = re.compile(r"^Word 1: ([a-z]+)\nWord 2: ([a-z]+)$", re.MULTILINE)  # the two words, as the prompt shows them


def distance_table(a: str, b: str) -> list[list[int]]:
    """d[i][j]: the edit distance between a[:i] and b[:j] (Wagner-Fischer)."""
    n, m = len(a), len(b)
    d = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        d[i][0] = i
    for j in range(m + 1):
        d[0][j] = j
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1]))
    return d


def edit_script(a: str, b: str) -> list[tuple]:
    """An optimal script, as ("ins", pos, ch) / ("del", pos) / ("sub", pos, ch) with 1-based positions
    in the current word, applied in order. The backtrace runs from the ends of the words, so the
    operations come right to left and never shift the positions of the ones after them."""
    d = distance_table(a, b)
    i, j, ops = len(a), len(b), []
    while i > 0 or j > 0:
        if i and j and a[i - 1] == b[j - 1] and d[i][j] == d[i - 1][j - 1]:
            i, j = i - 1, j - 1
        elif i and j and d[i][j] == d[i - 1][j - 1] + 1:
            ops.append(("sub", i, b[j - 1]))
            i, j = i - 1, j - 1
        elif i and d[i][j] == d[i - 1][j] + 1:
            ops.append(("del", i))
            i -= 1
        else:
            ops.append(("ins", i + 1, b[j - 1]))
            j -= 1
    return ops


def op_text(op: tuple) -> str:
    return " ".join(str(x) for x in op)


def apply_script(word: str, ops: list[tuple]) -> str:
    """Carry out a script; raises ValueError naming the first operation that cannot be done."""
    letters = list(word)
    for k, op in enumerate(ops, 1):
        kind, pos = op[0], op[1]
        if kind == "ins":
            if not 1 <= pos <= len(letters) + 1:
                raise ValueError(f"operation {k} inserts at position {pos}, "
                                 f"but the word then has {len(letters)} letters")
            letters.insert(pos - 1, op[2])
        else:
            if not 1 <= pos <= len(letters):
                raise ValueError(f"operation {k} refers to position {pos}, "
                                 f"but the word then has {len(letters)} letters")
            if kind == "del":
                del letters[pos - 1]
            else:
                letters[pos - 1] = op[2]
    return "".join(letters)


def parse_script(text: str) -> list[tuple]:
    """Operations separated by commas, semicolons or new lines: "ins 3 x", "del 2", "sub 1 k"."""
    try:
        parts = read_items(re.sub(r"\s*[,;]\s*\n\s*", ", ", text), ",;\n")  # "sub 2 a,\ndel 4": one separator
    except NotAnAnswer:
        raise ValueError("write the operations separated by single commas, e.g. sub 2 a, del 4") from None
    if len(parts) > MAX_OPS:
        raise ValueError(f"more than {MAX_OPS} operations")
    ops = []
    for part in parts:
        m = _OP.fullmatch(part.strip())
        if not m:
            raise ValueError(f"{part[:30]!r} is not an operation like 'ins 3 x', 'del 2' or 'sub 1 k'")
        kind, pos, ch = _KIND[m.group(1).lower()], int(m.group(2)), m.group(3)
        if (kind == "del") != (ch is None):
            raise ValueError(f"{part[:30]!r}: 'del' takes a position only; "
                             "'ins' and 'sub' take a position and a letter")
        ops.append((kind, pos) if kind == "del" else (kind, pos, ch.lower()))
    return ops


def _mutate(rng, word: str, edits: int, letters: str) -> str:
    w = list(word)
    for _ in range(edits):
        kind = rng.randrange(3)
        if kind == 0 or len(w) < 2:
            w.insert(rng.randrange(len(w) + 1), rng.choice(letters))
        elif kind == 1:
            del w[rng.randrange(len(w))]
        else:
            w[rng.randrange(len(w))] = rng.choice(letters)
    return "".join(w)


@register
class EditDistance(Task):
    """Edit distance between two lowercase words: the fewest single-letter insertions, deletions and
    substitutions that turn the first into the second (Wagner-Fischer dynamic program). Lower
    levels ask for the number; higher levels ask for an optimal edit script, which the verifier
    carries out step by step (positions refer to the word as it is at that step) and accepts when
    it produces the target with the minimum number of operations, so any optimal script passes.
    Higher levels also lengthen the words, apply more random edits and use a small alphabet, so
    that repeated letters offer many misleading alignments."""

    name = "algorithms/edit_distance"
    knobs = (
        Knob("length", [3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26, 28], (1, 40),
             doc="length of the first word"),
        Knob("edits", [1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15, 16], (1, 40),
             doc="random edits that make the second word"),
        Knob("alphabet", [6, 5, 5, 4, 4, 4, 4] + [3] * 13, (2, 26), doc="number of distinct letters"),
        Knob("script", [False, False, False, False, [False, True]] + [True] * 15,
             doc="ask for an optimal edit script instead of the number"),
    )
    answer_format = "an integer"
    example = "-1"  # a distance is never negative: never an answer

    def build(self, rng, params):
        letters = "abcdefghijklmnopqrstuvwxyz"[:params["alphabet"]]
        a = "".join(rng.choice(letters) for _ in range(params["length"]))
        b = a
        while b == a or not b:
            b = _mutate(rng, a, params["edits"], letters)
        dist = distance_table(a, b)[-1][-1]
        intro = (f"Word 1: {a}\nWord 2: {b}\n\nThe allowed operations are: insert one letter, delete one letter, "
                 "or substitute one letter by another.")
        if not params["script"]:
            question = f"{intro} What is the minimum number of operations that turn word 1 into word 2?"
            return Draft(question, str(dist), {"distance": dist})
        question = (f"{intro} Give a shortest sequence of operations that turns word 1 into word 2.\n"
                    "Write each operation as one of:\n"
                    "  ins P x  - insert the letter x so that it becomes the P-th letter (P = length + 1 appends)\n"
                    "  del P    - delete the P-th letter\n"
                    "  sub P x  - replace the P-th letter by x\n"
                    "Positions count from 1 and refer to the word as it is when that operation is applied; "
                    "the operations are applied one after another in the order written.")
        answer = ", ".join(op_text(op) for op in edit_script(a, b))
        return Draft(question, answer, {"source": a, "target": b, "distance": dist},
                     "the operations in order, separated by commas", "sub 2 a, del 4, ins 1 c")

    def effort(self, problem):
        # Wagner-Fischer fills one cell per pair of prefixes; a script is then traced back, one
        # operation at a time
        words = _WORDS.search(problem.prompt)
        cells = len(words.group(1)) * len(words.group(2)) if words else 0
        return cells + (problem.check["distance"] if "source" in problem.check else 0)

    def grade(self, answer, problem):
        c = problem.check
        if "source" not in c:
            return grade_int(answer, c["distance"], "the edit distance")
        try:
            ops = parse_script(answer)
            result = apply_script(c["source"], ops)
        except ValueError as exc:
            return wrong(f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
        if result != c["target"]:
            return wrong(f"The operations give {result[:40]!r}, not {c['target']!r}.")
        if len(ops) != c["distance"]:
            return wrong(f"That script uses {len(ops)} operations; fewer are enough.")
        return right()
