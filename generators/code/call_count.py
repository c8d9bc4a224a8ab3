"""How many calls a recursive Tiny function makes for a given argument."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from .._tiny_lang import LANGUAGE, render
from ._recursion import SIZE, draw
from ._traced import trace


@register
class CallCount(Task):
    """Count the function calls a recursive Tiny program makes, the first call included: the
    call tree of a linear, halving, parity-split, two-way (Fibonacci-like), mutually recursive
    or two-argument function. Levels unlock the branching shapes in that order and grow the
    argument, so the count is a sum over a growing call tree."""

    name = "code/call_count"
    knobs = (
        Knob("shapes", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6] + [6] * 10, (1, 6),
             doc="recursion shapes in use (linear, halving, parity, two-way, mutual, two-argument)"),
        Knob("size", SIZE, (0.0, 1.0), doc="argument size as a fraction of the shape's range"),
    )
    answer_format = "the number of calls, as an integer"
    example = "0"  # the first call always counts

    def build(self, rng, params):
        for _ in range(30):
            funcs, args = draw(rng, params["shapes"], params["size"])
            main = [("print", ("call", "f", [("num", a) for a in args]))]
            program = ("program", funcs, main)
            machine = trace(program, max_steps=60_000)
            if machine is not None:
                break
        else:  # pragma: no cover - every shape's range runs within the limits
            raise RuntimeError("could not generate a program")
        calls = len(machine.calls)
        names = " and ".join(sorted({f[1] for f in funcs}))
        what = "calls of f and g together" if len(funcs) > 1 else "calls of f"
        question = (f"{LANGUAGE}\n\n{render(program)}\n\nWhen this program runs, how many function calls are made in "
                    f"total ({what}), counting the first call {'f(' + ', '.join(map(str, args)) + ')'} itself?")
        return Draft(question, str(calls), {"calls": calls, "steps": machine.steps, "functions": names})

    def effort(self, problem):
        # the statements of the whole call tree
        return problem.check["steps"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["calls"], "the number of calls")
