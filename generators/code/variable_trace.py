"""The sequence of values one variable of a Tiny program is assigned, in order."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register

from .._tiny_lang import LANGUAGE
from ._int_lists import grade_int_list
from ._traced import VARS, draw_loop_program, loop_knobs, numbered

MAX_VALUES = [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24]


@register
class VariableTrace(Task):
    """Give every value a chosen variable of a Tiny program is assigned, in order, from its
    initial assignment on: a value repeated by a later assignment is listed again. Levels grow
    the program, the loop nesting and bounds, and the number of values to list.
    Generation interprets every drawn program (a few draws of up to max_steps statements each),
    so level 5 makes a few hundred problems/s and level 20 about 100."""

    name = "code/variable_trace"
    knobs = loop_knobs(Knob) + (
        Knob("max_values", MAX_VALUES, (2, 40), doc="most assignments of the traced variable"),
    )
    example = "4, 7"  # each problem shows a list of another length than its answer
    answer_format = "the values in order, separated by commas"

    def build(self, rng, params):
        top = params["max_values"]
        least = min(3, top)
        target = VARS[rng.randrange(len(VARS))]

        def values(machine):
            return [v for name, v in machine.assigns if name == target]

        program, n, machine = draw_loop_program(
            rng, params, lambda program, machine: len(values(machine)) >= least)
        vals = values(machine)[:top]  # a long run: its first values stand
        text, _ = numbered(program)
        extra = "" if len(values(machine)) <= top else f" Give only its first {top} values."
        question = (f"{LANGUAGE}\n\nThe program below starts with the variable n set to {n}. Line numbers are shown "
                    f"at the left; they are not part of the program.\n\n{text}\n\nList every value the variable "
                    f"{target} is assigned, in the order the assignments run, starting with its first assignment. "
                    f"List a value again each time an assignment gives it, even if it does not change.{extra}")
        answer = ", ".join(map(str, vals))
        example = "4, 7" if len(vals) != 2 else "4, 7, 1"  # a different length from the answer
        return Draft(question, answer, {"values": vals, "steps": machine.steps}, example=example)

    def effort(self, problem):
        # the trace, plus one recorded value per assignment of the variable
        return problem.check["steps"] + len(problem.check["values"])

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], "the sequence of values")
