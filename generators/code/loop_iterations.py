"""How many times one line of a Tiny program runs: count loop iterations through a loop nest."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from .._tiny_lang import LANGUAGE
from ._traced import VARS, draw_loop_program, loop_knobs, numbered, walk

LINES_NOTE = "Line numbers are shown at the left; they are not part of the program."


@register
class LoopIterations(Task):
    """Count how many times a given line runs in a Tiny program with nested while loops and
    if/else: loop bounds are constants, the input n or an enclosing loop's counter, and ifs
    inside the loops skip the line on some iterations. Levels grow the program, the nesting
    (up to four), the loop bounds and loops bounded by the input.
    Generation interprets every drawn program (a few draws of up to max_steps statements each),
    so level 5 makes a few hundred problems/s and level 20 about 100."""

    name = "code/loop_iterations"
    knobs = loop_knobs(Knob)
    answer_format = "the number of times the line runs, as an integer"
    example = "-1"  # a count is never negative

    def build(self, rng, params):
        chosen = {}

        def accept(program, machine):
            stmts = walk(program)
            deepest = max(loops for _, loops in stmts)
            cands = [(line, s) for line, (s, loops) in enumerate(stmts, 1) if loops == deepest and s[0] == "assign"]
            cands = [c for c in cands if c[1][1] in VARS] or cands  # not the counter steps when possible
            line, s = cands[rng.randrange(len(cands))]
            chosen["line"], chosen["count"] = line, machine.counts.get(id(s), 0)
            return chosen["count"] >= 2

        program, n, machine = draw_loop_program(rng, params, accept)
        accept(program, machine)  # the fallback's own target (a no-op re-pick for an accepted draw)
        text, _ = numbered(program)
        line, count = chosen["line"], chosen["count"]
        question = (f"{LANGUAGE}\n\nThe program below starts with the variable n set to {n}. {LINES_NOTE}\n\n{text}\n\n"
                    f"How many times does line {line} run?")
        return Draft(question, str(count), {"count": count, "steps": machine.steps})

    def effort(self, problem):
        # the statements the trace executes
        return problem.check["steps"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["count"], "the number of times the line runs")
