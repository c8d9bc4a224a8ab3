"""The value a recursive Tiny function returns for a given argument."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from .._tiny_lang import LANGUAGE, render
from ._recursion import SIZE, draw
from ._traced import trace


@register
class RecursionValue(Task):
    """Give the value a recursive Tiny function returns: linear, halving, parity-split, two-way
    (Fibonacci-like, best done bottom-up), mutually recursive or two-argument recursion. Levels
    unlock the branching shapes in that order and grow the argument."""

    name = "code/recursion_value"
    knobs = (
        Knob("shapes", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6] + [6] * 10, (1, 6),
             doc="recursion shapes in use (linear, halving, parity, two-way, mutual, two-argument)"),
        Knob("size", SIZE, (0.0, 1.0), doc="argument size as a fraction of the shape's range"),
    )
    answer_format = "the printed integer"
    example = "1000000007"  # beyond the largest value a Tiny run may hold

    def build(self, rng, params):
        for _ in range(30):
            funcs, args = draw(rng, params["shapes"], params["size"])
            program = ("program", funcs, [("print", ("call", "f", [("num", a) for a in args]))])
            machine = trace(program, max_steps=60_000)
            if machine is not None:
                break
        else:  # pragma: no cover - every shape's range runs within the limits
            raise RuntimeError("could not generate a program")
        value = machine.output[0]
        question = f"{LANGUAGE}\n\n{render(program)}\n\nWhat does this program print?"
        return Draft(question, str(value), {"value": value, "steps": machine.steps})

    def effort(self, problem):
        # the interpreter steps of the call tree
        return problem.check["steps"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the printed value")
