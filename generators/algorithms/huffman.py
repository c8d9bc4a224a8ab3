"""Optimal prefix codes (Huffman): the fewest bits needed to encode a message symbol by symbol,
and at harder levels a code itself, checked for being prefix-free and of optimal total length."""
from __future__ import annotations

import heapq
import re

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from procgym.kit import NotAnAnswer, grade_int, preview, refused, split_assignment, strip_brackets
from procgym.parsing import ParseError

_BITS = re.compile(r"[01]{1,200}")


def huffman_code(freqs: dict[str, int]) -> dict[str, str]:
    """A Huffman code: repeatedly merge the two lightest subtrees (ties broken by creation order)."""
    if len(freqs) == 1:
        return {s: "0" for s in freqs}
    heap = [(f, k, {s: ""}) for k, (s, f) in enumerate(sorted(freqs.items()))]
    heapq.heapify(heap)
    k = len(heap)
    while len(heap) > 1:
        f1, _, left = heapq.heappop(heap)
        f2, _, right = heapq.heappop(heap)
        merged = {s: "0" + c for s, c in left.items()}
        merged.update({s: "1" + c for s, c in right.items()})
        heapq.heappush(heap, (f1 + f2, k, merged))
        k += 1
    return heap[0][2]


def encoded_bits(freqs: dict[str, int], code: dict[str, str]) -> int:
    return sum(f * len(code[s]) for s, f in freqs.items())


def prefix_clash(codes: list[str]) -> tuple[str, str] | None:
    """Two code words where one is a prefix of the other (or equal), or None. Sorting puts any
    prefix right before some word that extends it, so neighbours suffice."""
    ordered = sorted(codes)
    for a, b in zip(ordered, ordered[1:]):
        if b.startswith(a):
            return a, b
    return None


def read_code(text: str, symbols) -> dict[str, str]:
    """LETTER=BITS pairs ("A=0, B=10"; also "A: 0" or "A -> 0", one per line, or in braces), each
    letter of `symbols` at most once (missing ones are left to the caller)."""
    s = re.sub(r"\s*(=|:|->|\u2192)\s*", r"\1", strip_brackets(text))
    code: dict[str, str] = {}
    for part in re.split(r"\s*[,;\n]\s*|\s+", s):
        try:
            letter, bits = split_assignment(part)
        except NotAnAnswer:
            raise NotAnAnswer(f"{preview(part, 20)} is not LETTER=BITS: write e.g. P=0,Q=10,R=11") from None
        letter = letter.upper()
        if letter not in symbols:
            raise NotAnAnswer(f"{letter[:20]} is not a letter of the message")
        if letter in code:
            raise NotAnAnswer(f"{letter} has more than one code word")
        if not _BITS.fullmatch(bits):
            raise NotAnAnswer(f"{preview(bits, 20)} is not a code word of 0s and 1s")
        code[letter] = bits
    return code


@register
class HuffmanCoding(Task):
    """Optimal prefix codes: symbols with frequencies (or, at higher levels, a message whose letters
    must be counted first) are encoded with a binary prefix code minimising the total encoded
    length. Lower levels ask for that minimum number of bits; from level 5 the answer is a code
    word per symbol, accepted when it is prefix-free and reaches the optimum computed by
    Huffman's algorithm, so any optimal code (ties allow many) passes. Higher levels add symbols
    and frequency ties, and from level 7 give the message instead of the counts."""

    name = "algorithms/huffman_coding"
    knobs = (
        Knob("n_symbols", [3, 4, 4, 5, 6, 6, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20], (2, 26),
             doc="number of distinct symbols"),
        Knob("max_freq", [10, 10, 15, 20, 25, 30, 8, 9, 10, 12, 12, 13, 14, 15, 16, 17, 18, 19, 20, 20], (1, 1000),
             doc="largest symbol frequency"),
        Knob("give_code", [False, False, False, False, [False, True]] + [True] * 15,
             doc="ask for an optimal code instead of the total number of bits"),
        Knob("from_text", [False] * 6 + [True] * 14,
             doc="give the message itself, so the frequencies must be counted"),
    )
    answer_format = "an integer"
    example = "-1"  # a length is never negative: never an answer
    several_answers = True  # any prefix-free code of optimal length passes

    def build(self, rng, params):
        n, top = params["n_symbols"], params["max_freq"]
        symbols = sorted(rng.sample("ABCDEFGHIJKLMNOPQRSTUVWXYZ", n))
        freqs = {s: rng.randint(1, top) for s in symbols}
        code = huffman_code(freqs)
        bits = encoded_bits(freqs, code)
        if params["from_text"]:
            letters = [s for s, f in freqs.items() for _ in range(f)]
            rng.shuffle(letters)
            intro = (f"A message of {len(letters)} letters is to be sent in binary:\n{''.join(letters)}\n\n"
                     "Each letter is replaced by its code word, a string of 0s and 1s; the code must be prefix-free "
                     "(no code word is the beginning of another), so the message can be decoded.")
        else:
            listing = ", ".join(f"{s} appears {f} time{'s' if f > 1 else ''}" for s, f in freqs.items())
            intro = (f"A message uses the letters {', '.join(symbols)}: {listing}. Each letter is replaced by its "
                     "code word, a string of 0s and 1s; the code must be prefix-free (no code word is the beginning "
                     "of another), so the message can be decoded.")
        if not params["give_code"]:
            question = f"{intro} What is the smallest possible total length, in bits, of the encoded message?"
            return Draft(question, str(bits), {"bits": bits})
        question = f"{intro} Give a code that makes the encoded message as short as possible."
        answer = ",".join(f"{s}={code[s]}" for s in symbols)
        # the format example: Q=1 begins R=11, so it is not prefix-free and never an answer
        return Draft(question, answer, {"freqs": freqs, "bits": bits},
                     "each letter's code word as LETTER=BITS, comma-separated", "P=0,Q=1,R=11")

    def effort(self, problem):
        # count the letters of a given message (or read the n counts), make the n - 1 merges of
        # Huffman's algorithm, each a search of the remaining weights for the two lightest, and
        # read off every code word bit by bit
        n = problem.params["n_symbols"]
        freqs = problem.check.get("freqs")
        reading = sum(freqs.values()) if freqs and problem.params["from_text"] else n
        merges = sum(range(2, n + 1))  # a merge among k weights looks at each of them
        code_bits = sum(len(word) for word in huffman_code(freqs).values()) if freqs else 0
        return reading + merges + code_bits

    def grade(self, answer, problem):
        c = problem.check
        if "freqs" not in c:
            return grade_int(answer, c["bits"], "the smallest total length")
        freqs = c["freqs"]
        try:
            code = read_code(answer, freqs)
        except ParseError as exc:
            return refused(exc)
        missing = sorted(set(freqs) - set(code))
        if missing:
            return wrong(f"{missing[0]} has no code word.")
        clash = prefix_clash(list(code.values()))
        if clash:
            return wrong(f"The code is not prefix-free: {clash[0]} begins {clash[1]}.")
        bits = encoded_bits(freqs, code)
        if bits != c["bits"]:
            return wrong(f"That code needs {bits} bits, which is not the smallest possible.")
        return right()
