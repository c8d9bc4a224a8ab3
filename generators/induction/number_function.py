"""Number functions inferred from examples: a hidden sequence of listed digit and arithmetic operations."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from ._primitives import number_operations
from ._programs import determined_puzzle, menu_question, search_effort

OPS = number_operations()
_TEST_NUMBER = re.compile(r"What is the output for (\d+)\?")


@register
class NumberFunction(Task):
    """A hidden function on whole numbers, a sequence of 1-5 listed operations (digit sum, digit
    reversal, digit sorting, dropping or appending a digit, squaring, halving, |n - reverse(n)|,
    adding, multiplying, remainders), maps each input to its output. From examples, give the output
    for a test number. Uniqueness is exact: every composition of up to the stated number of listed
    operations that reproduces the examples is enumerated (deduplicated by its values on the example
    and test inputs) and all agree on the test output. Higher levels compose more operations (digit
    operations after arithmetic ones) and list more distractors. The exact uniqueness proof makes
    the top levels the slowest (about 900-2,000 problems/s of CPU time on one core at levels
    9-10; past level 10, with five operations from up to 10 listed, a few dozen)."""

    name = "induction/number_function"
    knobs = (
        Knob("n_ops", [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 4, 4, 5, 5, 4, 5, 5], (1, 5),
             doc="operations in the hidden function"),
        Knob("menu", [3, 4, 4, 5, 6, 5, 6, 7, 8, 5, 6, 7, 5, 8, 9, 6, 6, 10, 7, 7], (1, 30),
             doc="operations listed (the true ones plus distractors)"),
        Knob("max_input", [99, 99, 999, 999, 999, 9999, 9999, 9999, 99999, 99999, 99999] + [999_999] * 9, (9, 10**6),
             doc="largest example input"),
        Knob("n_examples", [2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3, 4, 4, 3], (1, 10),
             doc="examples shown at first (more if needed)"),
    )
    answer_format = "a whole number"
    example = "-4521"  # every operation maps whole numbers to whole numbers 0 or more: never the answer

    def build(self, rng, params):
        top = params["max_input"]

        def number(r):
            return r.randint(10, top)

        program, menu, examples, test, expected = determined_puzzle(
            rng, OPS, params["n_ops"], params["menu"], params["n_examples"], number)
        question = menu_question(OPS, menu, params["n_ops"], examples, test, "each whole number into another")
        return Draft(question, str(expected), {"value": expected})

    def effort(self, problem):
        # every candidate composition of the listed operations, tried on numbers of this many digits
        test = _TEST_NUMBER.search(problem.prompt).group(1)
        return search_effort(problem.prompt, problem.params["n_ops"], len(test))

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the output")
