"""String programs inferred from examples: a hidden sequence of listed string operations."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_token, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._primitives import string_operations
from ._programs import determined_puzzle, menu_question, search_effort

_TEST_WORD = re.compile(r"What is the output for ([a-z]+)\?")


@register
class StringProgram(Task):
    """A hidden program, a sequence of 1-5 listed string operations (reverse, rotations, deletions,
    doubling, sorting, letter replacements and shifts, de-duplication, pair swaps, mirror-append),
    turns each input word into its output. From input/output examples, give the output for a test
    word. Uniqueness is exact: every composition of up to the stated number of listed operations
    that reproduces the examples is enumerated (deduplicated by its values on the example and test
    words) and all agree on the test output. Higher levels compose more operations, whose effects
    interact (a replacement before or after a sort), and list more distractors. The exact uniqueness
    proof makes the top levels the slowest (about 1,000-2,000 problems/s of CPU time on one core at
    levels 9-10; past level 10, with five operations from up to 10 listed, about 100)."""

    name = "induction/string_program"
    knobs = (
        Knob("n_ops", [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 4, 5, 5, 5, 5, 5], (1, 5),
             doc="operations in the hidden program"),
        Knob("menu", [3, 4, 4, 5, 6, 5, 6, 7, 8, 5, 6, 7, 8, 6, 10, 7, 8, 8, 9, 9], (1, 30),
             doc="operations listed (the true ones plus distractors)"),
        Knob("letters", [3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8], (2, 8),
             doc="letters the words use"),
        Knob("word_len", [5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14], (1, 20),
             doc="most letters per input word (words have 2 to 3 fewer at least)"),
        Knob("n_examples", [2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 4, 3], (1, 10),
             doc="examples shown at first (more if needed)"),
    )
    answer_format = "the output word in lowercase letters"
    # words use the letters a-h and at most 5 operations each move a letter on by one (next letter),
    # so an output never holds a letter past m: this is never the answer (cabba may be)
    example = "xyzzy"

    def build(self, rng, params):
        letters = "abcdefgh"[:params["letters"]]
        ops = string_operations(letters)
        hi = params["word_len"]
        lo = max(1, hi - 3)

        def word(r):
            return "".join(letters[r.randrange(len(letters))] for _ in range(r.randint(lo, hi)))

        program, menu, examples, test, expected = determined_puzzle(
            rng, ops, params["n_ops"], params["menu"], params["n_examples"], word)
        question = menu_question(ops, menu, params["n_ops"], examples, test, "each input word into an output word")
        return Draft(question, expected, {"word": expected})

    def effort(self, problem):
        # every candidate composition of the listed operations, tried on words of this length
        test = _TEST_WORD.search(problem.prompt).group(1)
        return search_effort(problem.prompt, problem.params["n_ops"], len(test))

    def grade(self, answer, problem):
        try:
            got = read_token(answer, r"[A-Za-z]{1,200}", "one word of letters").lower()
        except ParseError as exc:
            return refused(exc)
        return right() if got == problem.check["word"] else wrong("That is not the output word.")
