"""Per-task tests for code/*: the Tiny interpreter's semantics and round trip, the machines'
exact traces, accepted alternative forms and rejected near misses."""
import random
import re
import textwrap

import pytest

import procgym
from procgym.generators.code._int_lists import read_int_list
from procgym.generators._tiny_lang import StepLimit, TinyError, parse, render, run
from procgym.generators.code.machines import MachineError, assemble, run_registers, run_stack
from procgym.generators.code.programs import ProgramGenerator
from procgym.kit import NotAnAnswer
from answer_helpers import ok, tag

NAMES = ["code/program_output", "code/program_input", "code/stack_machine", "code/register_machine"]


def program_text(problem):
    """The program shown in a code/program_* prompt (between the question and the answer format)."""
    body = problem.prompt.split("\n\n")
    start = next(i for i, part in enumerate(body) if part.startswith(("Find", "What does")) or " Find " in part)
    return "\n\n".join(body[start + 1:]).split("\n\nAnswer format:")[0]


@pytest.mark.parametrize("name", NAMES)
def test_every_level_verifies_and_level_five_varies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (level, seed)
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


# --------------------------------------------------------------------------- the Tiny language

def tiny(src, **inputs):
    return run(textwrap.dedent(src), inputs)


def test_tiny_arithmetic_semantics():
    assert tiny("print(7 / 2); print(-7 / 2); print(7 % 3); print(-7 % 3); print(7 % -3);") == [3, -4, 1, 2, -2]
    assert tiny("print(2 + 3 * 4); print((2 + 3) * 4); print(10 - 4 - 3); print(-2 * 3);") == [14, 20, 3, -6]
    assert tiny("print(1 < 2); print(2 <= 1); print(3 == 3 and 0); print(0 or 5); print(not 1 == 2);") == \
        [1, 0, 0, 1, 1]
    assert tiny("print(not 0 and 0);") == [0]  # not binds tighter than and


def test_tiny_control_flow_lists_and_functions():
    src = """
    func add3(a) {
        return a + 3;
    }
    func fact(a) {
        if (a <= 1) {
            return 1;
        }
        return a * fact(a - 1);
    }
    xs = [4, 1];
    push(xs, add3(len(xs)));
    xs[0] = xs[0] * 10;
    i = 0;
    s = 0;
    while (i < len(xs)) {
        if (xs[i] % 2 == 0) {
            s = s + xs[i];
        } else {
            s = s - 1;
        }
        i = i + 1;
    }
    print(s);
    print(xs[2]);
    print(fact(5));
    """
    # xs = [40, 1, 5]: s = 40 - 1 - 1
    assert tiny(src) == [38, 5, 120]
    assert tiny("x = n * 2; if (x > 10) { print(1); } else { print(0); }", n=6) == [1]


def test_tiny_functions_see_only_their_own_variables():
    with pytest.raises(TinyError):
        tiny("x = 5; func f(a) { return a + x; } print(f(1));")
    assert tiny("x = 5; func f(a) { x = a; return x; } print(f(1)); print(x);") == [1, 5]


@pytest.mark.parametrize("src", [
    "print(y);", "xs = [1]; print(xs[1]);", "print(1 / 0);", "print(1 % 0);", "xs = [1]; print(xs);",
    "print(f(1));", "func f(a) { return a; } print(f(1, 2));", "print(1 < 2 < 3);", "x = ;", "print(1",
    "while (1) { x = 1; }", "func f(a) { return f(a); } print(f(1));", "x = 9; while (1) { x = x * x; }",
    "print(__import__);", "x = 1; x.y = 2;", "return 1;",
])
def test_tiny_rejects_bad_programs(src):
    with pytest.raises(TinyError):
        tiny(src)


def test_tiny_step_limit():
    with pytest.raises(StepLimit):
        run("i = 0; while (i < 100) { i = i + 1; }", max_steps=50)
    assert run("i = 0; while (i < 10) { i = i + 1; } print(i);", max_steps=50) == [10]


def test_tiny_render_parse_round_trip_on_generated_programs():
    rng = random.Random(1)
    for trial in range(300):
        gen = ProgramGenerator(rng, nesting=rng.randint(0, 3), loops=True, iterations=5, lists=rng.random() < 0.7,
                               functions=rng.randint(0, 3), inputs=("n",) if trial % 2 else (), input_bound=True)
        program = gen.program(rng.randint(2, 10))
        assert parse(render(program)) == program
    # a hand-made tree with every operator and bracket case
    tree = ("program", [], [("print", ("bin", "-", ("num", 1), ("bin", "-", ("num", 2), ("num", 3)))),
                            ("print", ("not", ("bin", "and", ("num", 1), ("num", 0)))),
                            ("print", ("bin", "==", ("bin", "<", ("num", 1), ("num", 2)), ("num", 1))),
                            ("print", ("neg", ("neg", ("num", 4))))])
    assert parse(render(tree)) == tree
    assert run(tree) == [2, 1, 1, 4]


# --------------------------------------------------------------------------- code/program_output

def test_program_output_answer_is_the_traced_output():
    for level in (1, 5, 10):
        for seed in range(3):
            p = procgym.generate("code/program_output", seed=seed, difficulty=level)
            assert run(program_text(p)) == read_int_list(p.answer)


def test_program_output_forms_and_near_misses():
    p = next(q for q in (procgym.generate("code/program_output", seed=s, difficulty=6) for s in range(50))
             if len(q.check["output"]) >= 2 and len(set(q.check["output"])) > 1)
    values = p.check["output"]
    assert ok(p, "[" + ", ".join(map(str, values)) + "]")
    assert ok(p, "\n".join(map(str, values)))
    assert ok(p, " ".join(map(str, values)))
    assert not ok(p, ", ".join(map(str, values[::-1])))
    assert not ok(p, ", ".join(map(str, values[:-1])))
    assert not ok(p, ", ".join(map(str, values[:-1] + [values[-1] + 1])))
    assert not ok(p, ", ".join(map(str, values + [0])))


def test_read_int_list():
    assert read_int_list("[3, -1, 4]") == read_int_list("3;-1;4") == read_int_list("3\n-1\n4") == [3, -1, 4]
    assert read_int_list("3 -1 4") == [3, -1, 4]
    for bad in ("", "3, x", "1 - 2", "3,,4", "3, 4,", "[]", "3, 4 or 5"):
        with pytest.raises(NotAnAnswer):
            read_int_list(bad)


# --------------------------------------------------------------------------- code/program_input

def test_program_input_accepts_every_valid_input_and_nothing_else():
    for level, seed in ((1, 0), (4, 1), (6, 2)):
        p = procgym.generate("code/program_input", seed=seed, difficulty=level)
        text, target, top = p.check["program"], p.check["output"], p.check["max"]
        assert program_text(p) == text
        valid = [n for n in range(top + 1) if _runs_to(text, {"n": n}, target)]
        assert valid and int(p.answer) in valid
        for n in range(top + 1):
            assert ok(p, str(n)) == (n in valid), n
        assert ok(p, f"n = {valid[0]}")
        assert not ok(p, str(top + 1)) and not ok(p, "-1")


def _runs_to(text, inputs, target):
    try:
        return run(text, inputs, max_steps=50_000) == target
    except TinyError:
        return False


def test_program_input_two_inputs():
    p = procgym.generate("code/program_input", seed=3, difficulty=8)
    assert p.check["inputs"] == ["n", "m"]
    n, m = read_int_list(p.answer)
    assert ok(p, f"n={n}, m={m}") and ok(p, f"({n}, {m})")
    assert not ok(p, str(n))  # one value where two are asked
    found_wrong = False
    for dn in range(1, p.check["max"] + 1):
        other = (n + dn) % (p.check["max"] + 1)
        if not _runs_to(p.check["program"], {"n": other, "m": m}, p.check["output"]):
            assert not ok(p, f"{other}, {m}")
            found_wrong = True
            break
    assert found_wrong


def test_program_input_hostile_answers_stay_bounded():
    p = procgym.generate("code/program_input", seed=0, difficulty=10)
    for text in ("9" * 400, "-" * 50, "1e9", "n = 10**10", "[" * 100):
        assert not ok(p, text)


# --------------------------------------------------------------------------- code/stack_machine

def test_stack_machine_exact_traces():
    assert run_stack([("PUSH", 3), ("PUSH", 4), ("ADD",), ("PUSH", 2), ("MUL",)], 100)[0] == [14]
    assert run_stack([("PUSH", 7), ("PUSH", 2), ("SUB",), ("PUSH", -7), ("PUSH", 3), ("MOD",)], 100)[0] == [5, 2]
    assert run_stack([("PUSH", 1), ("PUSH", 2), ("PUSH", 3), ("ROT",)], 100)[0] == [2, 3, 1]
    assert run_stack([("PUSH", 1), ("PUSH", 2), ("OVER",), ("SWAP",)], 100)[0] == [1, 1, 2]
    # sum 3 + 2 + 1 with a counter above the accumulator
    loop = assemble([("PUSH", 0), ("PUSH", 3), ("label", "@top"), ("DUP",), ("JZ", "@end"), ("DUP",), ("ROT",),
                     ("ADD",), ("SWAP",), ("PUSH", 1), ("SUB",), ("JMP", "@top"), ("label", "@end"), ("POP",)])
    assert loop[3] == ("JZ", 12)
    stack, steps = run_stack(loop, 1000)
    assert stack == [6] and steps == 2 + 3 * 9 + 2 + 1
    with pytest.raises(MachineError):
        run_stack([("ADD",)], 10)
    with pytest.raises(MachineError):
        run_stack([("JMP", 1)], 10)


def test_stack_machine_forms_and_near_misses():
    p = next(q for q in (procgym.generate("code/stack_machine", seed=s, difficulty=6) for s in range(100))
             if len(q.check["stack"]) >= 2 and q.check["stack"] != q.check["stack"][::-1])
    stack = p.check["stack"]
    assert ok(p, str(stack)) and ok(p, " ".join(map(str, stack)))
    verdict = procgym.verify(p, tag(", ".join(map(str, stack[::-1]))))
    assert not verdict.correct and "bottom to top" in verdict.feedback
    assert not ok(p, ", ".join(map(str, stack[:-1] + [stack[-1] - 1])))
    assert not ok(p, ", ".join(map(str, stack[1:])))
    assert not ok(p, "empty")


# --------------------------------------------------------------------------- code/register_machine

def test_register_machine_exact_traces():
    # a = 3 * 4 with nested counting, then a conditional skip
    program = assemble([("set", "b", 3), ("label", "@outer"), ("set", "c", 4), ("label", "@inner"), ("inc", "a"),
                        ("dec", "c"), ("jnz", "c", "@inner"), ("dec", "b"), ("jnz", "b", "@outer"),
                        ("jnz", "a", "@skip"), ("set", "a", 99), ("label", "@skip"), ("mul", "a", 2),
                        ("sub", "a", "b")])
    regs, steps = run_registers(program, {"a": 0, "b": 0, "c": 0}, 1000)
    assert regs == {"a": 24, "b": 0, "c": 0}
    assert steps == 1 + 3 * (1 + 4 * 3 + 2) + 1 + 2
    with pytest.raises(MachineError):
        run_registers([("jmp", 1)], {"a": 0}, 50)


def test_register_machine_forms_and_near_misses():
    p = procgym.generate("code/register_machine", seed=2, difficulty=7)
    names, values = p.check["names"], p.check["values"]
    pairs = [f"{n}={v}" for n, v in zip(names, values)]
    assert ok(p, ", ".join(reversed(pairs)))  # any order
    assert ok(p, "; ".join(f"{n}: {v}" for n, v in zip(names, values)))
    assert ok(p, ", ".join(p.upper() for p in pairs))
    assert ok(p, ", ".join(map(str, values)))  # plain values in register order
    assert not ok(p, ", ".join(pairs[:-1]))  # a register missing
    assert not ok(p, ", ".join(pairs + [pairs[0]]))  # a register twice
    bumped = [f"{n}={v + (1 if i == 0 else 0)}" for i, (n, v) in enumerate(zip(names, values))]
    verdict = procgym.verify(p, tag(", ".join(bumped)))
    assert not verdict.correct and names[0] in verdict.feedback
    assert not ok(p, ", ".join(pairs) + ", z=1")
    assert not ok(p, ", ".join(pairs) + " and more")


def test_register_machine_answer_matches_the_shown_program():
    for level in (1, 5, 10):
        p = procgym.generate("code/register_machine", seed=4, difficulty=level)
        lines = re.findall(r"^\s*\d+: (.+)$", p.prompt.split("Program:\n")[1].split("\n\n")[0], re.M)
        program = []
        for line in lines:
            op, *args = line.split()
            program.append((op, *[int(a) if re.fullmatch(r"-?\d+", a) else a for a in args]))
        starts = dict(re.findall(r"([a-f]) = (-?\d+)", p.prompt))
        regs = {n: int(starts.get(n, 0)) for n in p.check["names"]}
        final, _ = run_registers(program, regs, 10_000)
        assert [final[n] for n in p.check["names"]] == p.check["values"]


# --------------------------------------------------------------------------- answer reading (issue 17)

def test_register_machine_reads_unicode_minus_and_names():
    p = next(q for q in (procgym.generate("code/register_machine", seed=s, difficulty=8) for s in range(60))
             if any(v < 0 for v in q.check["values"]) and len(set(q.check["values"])) > 1)
    names, values = p.check["names"], p.check["values"]
    pairs = [f"{n} = {v}" for n, v in zip(names, values)]
    assert ok(p, ", ".join(pairs).replace("-", "\u2212"))  # U+2212 minus: the shared normalisation reads it
    assert ok(p, "\n".join(reversed(pairs)))
    swapped = [f"{n} = {v}" for n, v in zip(names, values[1:] + values[:1])]
    assert not ok(p, ", ".join(swapped))  # names are read: values under the wrong names are wrong
    assert not ok(p, ", ".join(pairs).replace("=", "!=", 1))
    assert not ok(p, ", ".join(pairs) + " or " + pairs[0])


def test_program_input_reads_labels_by_name():
    for seed in range(200):
        p = procgym.generate("code/program_input", seed=seed, difficulty=8)
        n, m = read_int_list(p.answer)
        if n != m and not _runs_to(p.check["program"], {"n": m, "m": n}, p.check["output"]):
            break
    else:
        raise AssertionError("no two-input problem whose swapped inputs fail")
    assert ok(p, f"m = {m}, n = {n}") and ok(p, f"n: {n}; m: {m}")
    assert not ok(p, f"m = {n}, n = {m}")  # swapped labels: read by name, so wrong (audit FP6)
    assert not ok(p, f"n = {n}")  # every input is required
    assert not ok(p, f"n = {n}, m = {m}, k = 1")
    assert not ok(p, f"n = {n}, m != {m}")
    one = next(q for q in (procgym.generate("code/program_input", seed=s, difficulty=3) for s in range(40)))
    v = one.answer
    assert ok(one, f"n = {v}") and not ok(one, f"m = {v}") and not ok(one, f"3n + 1 = {v}") and not ok(one, f"-{v}")


def test_program_input_example_is_never_an_answer():
    for level in range(1, 11):
        for seed in range(20):
            p = procgym.generate("code/program_input", seed=seed, difficulty=level)
            example = p.prompt.rsplit("for example <answer>", 1)[1].split("</answer>")[0]
            assert not ok(p, example), (level, seed, example)
            # a negative input, the same in every problem: it says nothing about the answer
            assert example == ("-1" if len(p.check["inputs"]) == 1 else "-1, 4"), (level, seed, example)


def test_stack_machine_empty_words():
    from procgym import Problem
    p = procgym.generate("code/stack_machine", seed=0, difficulty=1)
    q = Problem.from_dict({**p.to_dict(), "check": {"stack": []}})
    assert ok(q, "empty") and ok(q, "none") and ok(q, "[]") and ok(q, "The stack is empty")
    assert not ok(q, "0") and not ok(q, "empty or 0")
