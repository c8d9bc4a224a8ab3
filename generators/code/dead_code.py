"""Which numbered lines of a Tiny program never run for the given input."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_set, read_int

from .._tiny_lang import LANGUAGE
from ._traced import draw_loop_program, loop_knobs, numbered, walk


def dead_lines(program, machine) -> list[int]:
    return [line for line, (s, _) in enumerate(walk(program), 1) if machine.counts.get(id(s), 0) == 0]


@register
class DeadCode(Task):
    """List the numbered lines of a Tiny program that never run when it starts with the given
    input: branches whose condition is never true (or never false) on any iteration, and loops
    whose body is never entered. Levels grow the program, the nesting of loops and ifs, and the
    loop bounds, so deciding a branch needs the variables' values on every iteration.
    Generation interprets every drawn program (a few draws of up to max_steps statements each),
    so level 5 makes a few hundred problems/s and level 20 about 100."""

    name = "code/dead_code"
    knobs = loop_knobs(Knob)
    answer_format = 'the line numbers, separated by commas, in any order (or "none")'
    example = "0"  # lines are numbered from 1

    def build(self, rng, params):
        def accept(program, machine):
            dead = dead_lines(program, machine)
            # some branch decided each way, or a nest where the dead line is not the only if
            ifs = [s for s, _ in walk(program) if s[0] == "if" and machine.counts.get(id(s), 0)]
            return bool(dead) and (len(ifs) >= 2 or params["depth"] == 1)

        program, n, machine = draw_loop_program(rng, params, accept)
        dead = dead_lines(program, machine)
        text, stmts = numbered(program)
        question = (f"{LANGUAGE}\n\nThe program below starts with the variable n set to {n}. Line numbers are shown "
                    f"at the left; they are not part of the program. A line runs when its statement starts (for an "
                    f"if or while line: when its condition is evaluated).\n\n{text}\n\nWhich numbered lines never "
                    f"run?")
        answer = ", ".join(map(str, dead)) if dead else "none"
        return Draft(question, answer, {"dead": dead, "lines": len(stmts), "steps": machine.steps})

    def effort(self, problem):
        # the trace, and a verdict on every numbered line
        return problem.check["steps"] + problem.check["lines"]

    def grade(self, answer, problem):
        return grade_set(answer, problem.check["dead"], read_int, "the lines that never run")
