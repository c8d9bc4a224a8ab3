"""The code/* tasks past level 10: every task goes on to level 20, and each effort measure is the
trace its reference interpreter runs, checked by hand on small programs and against the
generated problems."""
import math

import pytest

import procgym
from procgym.generators.code import machines, programs
from procgym.generators.code._tape_machine import run_tape, trace_tape
from procgym.generators.code.regex_design import MAX_PATTERN, parse_pattern
from answer_helpers import ok


@pytest.mark.parametrize("name", sorted(procgym.tasks("code/*")))
def test_every_task_goes_to_level_twenty(name):
    task = procgym.get(name)
    assert task.max_level == 20 and not task.cap_reason
    p = task.generate(seed=0, difficulty=20)
    assert ok(p, p.answer) and task.effort(p) > task.effort(task.generate(seed=0, difficulty=1))


def test_a_simple_loop_is_one_multiplication_of_the_reader():
    # + + + [ - > + + < ] > .: the interpreter runs 19 steps, a reader folds the loop into 3 * 2
    assert run_tape("+++[->++<]>.", ()) == ([6], 19)
    assert trace_tape("+++[->++<]>.", ()) == ([6], 19, 5)  # add, loop, one multiply, move, output
    # a loop around a simple loop is still walked pass by pass: 3 passes of 5 steps each
    out, steps, reader = trace_tape("+++[>+++[->+<]<-]>>.", ())
    assert out == [9] and reader == 25 and steps == 67


def test_machine_programs_read_back_from_the_prompt_run_the_same_trace():
    program = [("PUSH", 3), ("PUSH", 4), ("ADD",), ("DUP",), ("JZ", 7), ("PUSH", -2)]
    assert machines.read_program("Program:\n" + machines.render_stack(program) + "\n\nWhat") == program
    task = procgym.get("code/stack_machine")
    for level in (5, 20):
        p = task.generate(seed=3, difficulty=level)
        stack, steps = machines.run_stack(machines.read_program(p.prompt), 10**5)
        assert stack == p.check["stack"] and task.effort(p) == steps
    task = procgym.get("code/register_machine")
    p = task.generate(seed=3, difficulty=20)
    final, _ = machines.run_registers(machines.read_program(p.prompt),
                                      dict(zip(p.check["names"], _starts(p))), 10**5)
    assert [final[r] for r in p.check["names"]] == p.check["values"]


def _starts(p):
    """The registers' starting values stated in a register-machine prompt."""
    if "All registers start at 0." in p.prompt:
        return [0] * len(p.check["names"])
    text = p.prompt.split("They start as ", 1)[1].split(".\n", 1)[0]
    return [int(item.split(" = ")[1]) for item in text.split(", ")]


def test_tiny_traces():
    loop = "x = 1;\ni = 0;\nwhile (i < 3) {\n    x = x * 2;\n    i = i + 1;\n}\nprint(x);"
    assert programs.trace_steps(loop) == 2 + 1 + 3 * 3 + 1  # two assignments, the loop, 3 passes, print
    task = procgym.get("code/program_input")
    p = task.generate(seed=1, difficulty=20)
    inputs = dict(zip(p.check["inputs"], (int(v) for v in p.answer.split(", "))))
    assert task.effort(p) == programs.trace_steps(p.check["program"], inputs) * 2 * math.log2(p.check["max"] + 1)


def test_hidden_patterns_past_level_ten_fit_the_length_limit():
    for seed in range(20):
        p = procgym.generate("code/regex_design", seed=seed, difficulty=20)
        assert len(p.answer) <= MAX_PATTERN and len(parse_pattern(p.answer)) == 10
        assert len(p.check["positives"]) == 16 and len(p.check["negatives"]) == 20 and ok(p, p.answer)
