"""A tape machine in the style of Brainfuck, interpreted here: trace a program's output, or find
the inputs that make it print a target."""
from __future__ import annotations

import math

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._int_lists import grade_int_list, read_int_list
from ._tape_machine import TAPE_RULES, TapeError, TapeGenerator, compile_tape, run_tape, trace_tape

VERIFY_STEPS = 100_000  # compiled steps allowed when running a model's inputs

def shape(items, nesting, cells, max_add, max_steps) -> tuple[Knob, ...]:
    """The program-shape knobs both tape tasks share: levels 1-10 as released, then each task's
    own values for levels 11-20 (tracing grows faster than inverting can be generated)."""
    return (
        Knob("items", [3, 4, 5, 6, 7, 8, 9, 10, 12, 14] + items, (1, 60),
             doc="top-level program pieces (adds, outputs, loops)"),
        Knob("nesting", [0, 1, 1, 1, 2, 2, 2, 3, 3, 3] + nesting, (0, 5), doc="deepest loop nesting"),
        Knob("cells", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6] + cells, (2, 20), doc="cells the program uses"),
        Knob("max_add", [4, 5, 6, 6, 8, 8, 8, 10, 10, 12] + max_add, (1, 40), doc="longest run of + or -"),
        Knob("max_steps", [200, 400, 600, 800, 1000, 1500, 2000, 2500, 3000, 4000] + max_steps, (50, 20_000),
             doc="most steps (merged runs of + - < > count as one) a generated run may take"),
    )


def _loops(program: str) -> int:
    return program.count("[")


@register
class TapeOutput(Task):
    """Trace a tape-machine program (Brainfuck-like: + - < > [ ] .) and give what it outputs.
    Programs are generated so that every loop halts (its counter is decremented once per pass),
    then run by the interpreter here. Higher levels add pieces, more cells and deeper loop
    nesting, so outputs depend on products of counters and on wrap-around at 0 and 255."""

    name = "code/tape_output"
    knobs = shape(items=[17, 20, 23, 27, 31, 35, 40, 45, 52, 60], nesting=[3, 3, 3, 3, 4, 4, 4, 4, 5, 5],
                  cells=[6, 7, 7, 8, 8, 9, 10, 11, 12, 14], max_add=[12, 12, 14, 14, 16, 16, 18, 18, 20, 20],
                  max_steps=[5000, 6000, 7000, 8000, 9000, 10_000, 12_000, 14_000, 17_000, 20_000])
    answer_format = "the output numbers in order, comma-separated"
    example = "12, -1, 7"  # cells hold 0 to 255: an output of -1 is never an answer

    def build(self, rng, params):
        for _ in range(300):
            gen = TapeGenerator(rng, params["cells"], params["max_add"], params["nesting"])
            program = gen.block(params["items"], 0, frozenset())
            program += gen.finale(1 + params["cells"] // 3)
            try:
                outputs, steps = run_tape(program, (), params["max_steps"])
            except TapeError:
                continue
            if (params["nesting"] and not _loops(program)) or not any(outputs):
                continue
            break
        else:  # pragma: no cover - a few draws always suffice
            raise RuntimeError("could not build a tape program")
        question = f"{TAPE_RULES}\n\nProgram:\n{program}\n\nWhat numbers does the program output, in order?"
        return Draft(question, ", ".join(map(str, outputs)), {"outputs": outputs})

    def effort(self, problem):
        # the trace: every step of the run (runs of + - < > merged, and a simple loop such as
        # [->+++<] worked out as one multiplication per cell it changes)
        program = problem.prompt.split("Program:\n", 1)[1].split("\n\n", 1)[0]
        return trace_tape(program, (), VERIFY_STEPS)[2]

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["outputs"], "the program's output")


@register
class TapeInput(Task):
    """Find inputs for a tape-machine program (Brainfuck-like, with , reading an input number)
    so that it outputs a given list of numbers. The verifier runs the model's inputs through the
    interpreter here, so any inputs that produce the target are accepted. Higher levels read more
    inputs and use them as loop counters (multiplying them), with deeper nesting and more cells.
    The generator proves that the output depends on every input (changing any one input changes
    it), which costs extra interpreter runs and redraws: levels 8-10 generate only a few hundred
    problems/s on one core, and levels 15-20 (up to 6 inputs as large as 100) about 50-70/s."""

    name = "code/tape_input"
    knobs = (
        Knob("inputs", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6], (1, 6),
             doc="numbers the program reads"),
        Knob("input_max", [9, 9, 9, 12, 12, 15, 15, 20, 20, 20, 25, 30, 35, 40, 45, 50, 60, 70, 85, 100], (1, 255),
             doc="largest allowed input"),
        *shape(items=[15, 16, 17, 18, 19, 20, 21, 22, 23, 24], nesting=[3] * 10, cells=[6, 6, 7, 7, 7, 8, 8, 8, 9, 9],
               max_add=[12] * 10, max_steps=[4000, 4500, 5000, 5000, 5500, 5500, 6000, 6000, 6000, 6000]),
    )
    answer_format = "the input numbers in the order they are read, comma-separated"
    example = "3, -1, 5"  # inputs run from 0 up: a negative one is never an answer

    def build(self, rng, params):
        k, top = params["inputs"], params["input_max"]
        for _ in range(300):
            gen = TapeGenerator(rng, max(params["cells"], k + 1), params["max_add"], params["nesting"])
            head = "".join(gen.goto(i) + "," for i in range(k))
            program = head + gen.block(params["items"], 0, frozenset()) + gen.finale(1 + params["cells"] // 3)
            ops = compile_tape(program)
            hidden = [rng.randint(0, top) for _ in range(k)]
            try:
                target, _ = run_tape(ops, hidden, params["max_steps"])
                # the output must depend on every input: changing any one of them changes it
                if all(run_tape(ops, hidden[:i] + [(hidden[i] + rng.randint(1, top)) % (top + 1)] + hidden[i + 1:],
                                VERIFY_STEPS)[0] != target for i in range(k)):
                    break
            except TapeError:
                continue
        else:  # pragma: no cover
            raise RuntimeError("could not build a tape input problem")
        question = (f"{TAPE_RULES}\n\nProgram:\n{program}\n\nThe program reads {k} input number{'s' if k > 1 else ''}, "
                    f"each a whole number from 0 to {top}. Find input{'s' if k > 1 else ''} that make{'' if k > 1 else 's'} "
                    f"it output exactly: {', '.join(map(str, target))}")
        return Draft(question, ", ".join(map(str, hidden)),
                     {"program": program, "target": target, "inputs": k, "input_max": top})

    def effort(self, problem):
        """Inverting the program: its trace on the reference inputs, once for every bit of input
        to be decided (the log of the number of candidate input lists)."""
        c = problem.check
        steps = trace_tape(c["program"], read_int_list(problem.answer), VERIFY_STEPS)[2]
        return steps * c["inputs"] * math.log2(c["input_max"] + 1)

    def grade(self, answer, problem):
        c = problem.check
        try:
            got = read_int_list(answer)
        except NotAnAnswer as exc:
            return refused(exc)
        if len(got) != c["inputs"]:
            return wrong(f"Give exactly {c['inputs']} input numbers.")
        if any(not 0 <= v <= c["input_max"] for v in got):
            return wrong(f"Each input must be from 0 to {c['input_max']}.")
        try:
            out, _ = run_tape(c["program"], got, VERIFY_STEPS)
        except TapeError as exc:
            return wrong(f"With those inputs the program fails: {exc}.")
        if out == c["target"]:
            return right()
        return wrong(f"With those inputs the program outputs {', '.join(map(str, out[:20]))}, not the target.")
