"""The final contents of a Tiny list after a sequence of in-place loops and swaps."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register

from .._tiny_lang import LANGUAGE, parse, render
from ._int_lists import grade_int_list
from ._traced import trace

# in-place passes over xs, as Tiny text with {a}, {b}, {m}, {s} filled in per use; the passes
# keep values in 0..m-1 or shrink them, and every index stays in range for lists of 4 or more
PASSES = (
    ("swap", "t = xs[{a}];\nxs[{a}] = xs[{b}];\nxs[{b}] = t;"),
    ("set", "xs[{a}] = (xs[{a}] + xs[{b}]) % {m};"),
    ("prefix", "i = 1;\nwhile (i < len(xs)) {{\n    xs[i] = (xs[i] + xs[i - 1]) % {m};\n    i = i + 1;\n}}"),
    ("reverse", "i = 0;\nwhile (i < len(xs) / 2) {{\n    t = xs[i];\n    xs[i] = xs[len(xs) - 1 - i];\n"
                "    xs[len(xs) - 1 - i] = t;\n    i = i + 1;\n}}"),
    ("rotate", "t = xs[0];\ni = 0;\nwhile (i < len(xs) - 1) {{\n    xs[i] = xs[i + 1];\n    i = i + 1;\n}}\n"
               "xs[len(xs) - 1] = t;"),
    ("parity", "i = 0;\nwhile (i < len(xs)) {{\n    if (xs[i] % 2 == 0) {{\n        xs[i] = xs[i] / 2;\n    }} else {{\n"
               "        xs[i] = (xs[i] * 3 + 1) % {m};\n    }}\n    i = i + 1;\n}}"),
    ("bubble", "i = 0;\nwhile (i < len(xs) - 1) {{\n    if (xs[i] > xs[i + 1]) {{\n        t = xs[i];\n"
               "        xs[i] = xs[i + 1];\n        xs[i + 1] = t;\n    }}\n    i = i + 1;\n}}"),
    ("stride", "i = {s};\nwhile (i < len(xs)) {{\n    xs[i] = (xs[i] + xs[i - {s}] * 2) % {m};\n    i = i + {s};\n}}"),
    ("back", "i = len(xs) - 1;\nwhile (i > 0) {{\n    if (xs[i - 1] < xs[i]) {{\n        xs[i - 1] = xs[i] - xs[i - 1];\n"
             "    }}\n    i = i - 1;\n}}"),
    ("push", "push(xs, (xs[{a}] + xs[{b}]) % {m});"),
)


@register
class ArrayMutation(Task):
    """Give the final contents of a Tiny list after a run of in-place passes over it: swaps,
    element updates, prefix sums, reversal, rotation, a bubble pass, strided and backward
    updates, conditional rewrites and appends. Levels grow the list, the number of passes and
    the kinds of pass in use. Generation parses and interprets the whole program, so level 5
    makes several hundred problems/s."""

    name = "code/array_mutation"
    knobs = (
        Knob("length", [4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10, 10], (4, 12), doc="list length"),
        Knob("passes", [1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12], (1, 14),
             doc="passes over the list"),
        Knob("kinds", [2, 3, 4, 5, 6, 7, 8, 9, 10, 10] + [10] * 10, (1, 10), doc="kinds of pass in use"),
    )
    example = "4, 7"  # each problem shows a list of another length than its answer
    answer_format = "the final list, its integers in order separated by commas"

    def build(self, rng, params):
        n = params["length"]
        xs = [rng.randint(0, 9) for _ in range(n)]
        parts = [f"xs = [{', '.join(map(str, xs))}];"]
        size = n
        for _ in range(params["passes"]):
            kind, text = PASSES[rng.randrange(params["kinds"])]
            a, b = rng.sample(range(size), 2)
            parts.append(text.format(a=a, b=b, m=rng.randint(7, 13), s=rng.randint(2, 3)))
            size += kind == "push"
        program = parse("\n".join(parts))
        machine = trace(program, max_steps=50_000)
        final = machine.variables["xs"]
        question = (f"{LANGUAGE}\n\n{render(program)}\n\nWhat does the list xs hold when this program ends?")
        example = "4, 7" if len(final) != 2 else "4, 7, 1"  # a different length from the answer
        return Draft(question, ", ".join(map(str, final)), {"list": final, "steps": machine.steps}, example=example)

    def effort(self, problem):
        # the statements the trace executes
        return problem.check["steps"]

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["list"], "the final list")
