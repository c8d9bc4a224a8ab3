"""Per-task tests for code/tape_output, tape_input, turing_machine, bitwise_expression and
regex_design: interpreters on known programs, accepted alternatives and rejected near misses."""
import itertools
import random
import re

import pytest

import procgym
from procgym.generators._regex import RegexError as PatternError
from procgym.generators._regex import full_match
from procgym.generators.code._bits import eval_bits, read_unsigned
from procgym.generators.code._tape_machine import TapeError, run_tape
from procgym.generators.code.regex_design import parse_pattern
from procgym.generators.code.turing import run_turing
from procgym.kit import NotAnAnswer
from answer_helpers import ok

NAMES = ["code/tape_output", "code/tape_input", "code/turing_machine", "code/bitwise_expression",
         "code/regex_design"]


def first(name, level, pred=lambda p: True, seeds=range(300)):
    for seed in seeds:
        p = procgym.generate(name, seed=seed, difficulty=level)
        if pred(p):
            return p
    raise AssertionError(f"no {name} problem matched")


def test_all_registered():
    assert set(NAMES) <= set(procgym.tasks("code/*"))


# ------------------------------------------------------------------ tape machine
def test_tape_interpreter_known_programs():
    assert run_tape("+++.")[0] == [3]
    assert run_tape("++[>+++<-]>.")[0] == [6]
    assert run_tape("-.")[0] == [255]
    assert run_tape("+++[>++[>+<-]<-]>>.")[0] == [6]
    assert run_tape(",>,[<+>-]<.", [4, 5])[0] == [9]
    assert run_tape("+x+ y.")[0] == [2]  # other characters are ignored
    for bad in ("[", "]", "<", "+[]"):
        with pytest.raises(TapeError):
            run_tape(bad, (), 1000)
    with pytest.raises(TapeError):
        run_tape(",", [])


def test_tape_output_forms():
    p = first("code/tape_output", 6, lambda p: len(p.check["outputs"]) >= 2)
    program = p.prompt.split("Program:\n")[1].split("\n")[0]
    assert run_tape(program)[0] == p.check["outputs"]
    outs = p.check["outputs"]
    assert ok(p, ", ".join(map(str, outs))) and ok(p, "[" + ",".join(map(str, outs)) + "]")
    assert ok(p, " ".join(map(str, outs)))
    assert not ok(p, ", ".join(map(str, outs[:-1])))
    assert not ok(p, ", ".join(map(str, outs[:-1] + [outs[-1] + 1])))
    assert not ok(p, ", ".join(map(str, reversed(outs)))) or outs == outs[::-1]


def test_tape_input_accepts_any_inputs_that_work():
    p = first("code/tape_input", 4, lambda p: p.check["inputs"] == 2)
    c = p.check
    hits = [xs for xs in itertools.product(range(c["input_max"] + 1), repeat=2)
            if run_tape(c["program"], list(xs), 100_000)[0] == c["target"]]
    assert hits
    for xs in hits[:5]:
        assert ok(p, ", ".join(map(str, xs)))
    misses = [xs for xs in itertools.product(range(c["input_max"] + 1), repeat=2) if list(xs) not in map(list, hits)]
    assert not ok(p, ", ".join(map(str, misses[0])))
    assert not ok(p, str(hits[0][0]))  # too few inputs
    assert not ok(p, ", ".join(map(str, hits[0])) + ", 1")  # too many
    assert not ok(p, f"{c['input_max'] + 1}, 0")  # out of range


# ------------------------------------------------------------------ Turing machine
def test_turing_known_machine():
    # A: on 1 move right; on 0 write 1 and halt. Appends a 1 to a block of 1s.
    table = {("A", "1"): ("1", "R", "A"), ("A", "0"): ("1", "R", "H")}
    assert run_turing(table, "111", 100) == ("1111", 4)
    loop = {("A", "0"): ("0", "R", "A"), ("A", "1"): ("1", "R", "A")}
    assert run_turing(loop, "1", 50) is None
    eraser = {("A", "1"): ("0", "R", "A"), ("A", "0"): ("0", "L", "H")}
    assert run_turing(eraser, "11", 10) == ("", 3)


def test_turing_task_forms_and_replay():
    p = first("code/turing_machine", 6)
    rules = re.findall(r"state (\w), reading (\d): write (\d), move (left|right), (HALT|go to state (\w))", p.prompt)
    table = {(s, r): (w, "L" if m == "left" else "R", "H" if h == "HALT" else nxt) for s, r, w, m, h, nxt in rules}
    tape = p.prompt.split("Input tape: ")[1].split(" ")[0]
    assert run_turing(table, tape, 10_000)[0] == p.answer
    assert ok(p, p.answer) and ok(p, " ".join(p.answer)) and ok(p, ",".join(p.answer))
    assert not ok(p, "0" + p.answer + "0")
    assert not ok(p, p.answer[:-1])
    assert not ok(p, p.answer[::-1]) or p.answer == p.answer[::-1]
    assert not ok(p, "empty")


# ------------------------------------------------------------------ bitwise
def test_bitwise_evaluator_known_values():
    env = {"x": 0b1100, "y": 0b1010}
    assert eval_bits(("and", ("var", "x"), ("var", "y")), env, 4) == 0b1000
    assert eval_bits(("not", ("var", "x")), env, 4) == 0b0011
    assert eval_bits(("shl", ("var", "x"), 1), env, 4) == 0b1000
    assert eval_bits(("rotl", ("var", "x"), 1), env, 4) == 0b1001
    assert eval_bits(("sub", ("var", "y"), ("var", "x")), env, 4) == 14
    assert read_unsigned("0xff") == 255 and read_unsigned("0b101") == 5 and read_unsigned("1,024") == 1024
    assert read_unsigned("0b1111 0000") == 240 and read_unsigned("0xdead_beef") == 0xDEADBEEF
    for bad in ("abc", "0 4", "0\n4", "0x ff", "0b10 1", "-0x1f", "5 or 6", "0, 4"):
        with pytest.raises(NotAnAnswer):
            read_unsigned(bad)


def test_bitwise_forms_and_near_misses():
    p = first("code/bitwise_expression", 8, lambda p: int(p.answer) > 1)
    v, w = int(p.answer), p.check["width"]
    assert ok(p, str(v)) and ok(p, hex(v)) and ok(p, hex(v).upper().replace("X", "x")) and ok(p, bin(v))
    assert not ok(p, str(v + 1)) and not ok(p, str(v + (1 << w)))
    assert not ok(p, str(-v))
    assert not ok(p, "0x" + p.answer)  # the decimal digits read as hex


def test_bitwise_prompt_values_reproduce_the_answer():
    from procgym.generators.code.bitwise import _tree
    r = random.Random(4)
    for _ in range(200):
        tree = _tree(r, 6, ["and", "or", "xor", "not", "shl", "shr", "add", "sub", "rotl"], ["x", "y"], 8)
        env = {"x": r.randrange(256), "y": r.randrange(256)}
        assert 0 <= eval_bits(tree, env, 8) < 256
    p = first("code/bitwise_expression", 3, lambda p: "&" in p.prompt)
    assert int(p.answer) == p.check["value"]


# ------------------------------------------------------------------ regex design
def test_pattern_parser_whitelist():
    assert parse_pattern("a[b-d]*.?") == [(("lit", "a"), ""), (("class", False, frozenset("bcd")), "*"),
                                          (("any",), "?")]
    for bad in ("(a|b)", "a**", "[z-a]", "a{3}", "\\d", "[]", "A", "a|b", "[a", "*a", "a" * 61):
        with pytest.raises(PatternError):
            parse_pattern(bad)


def test_full_match_agrees_with_re():
    r = random.Random(11)
    for _ in range(3000):
        pat = "".join(r.choice(["a", "b", ".", "[ab]", "[^a]", "[a-c]"]) + r.choice(["", "*", "+", "?"])
                      for _ in range(r.randint(1, 6)))
        t = "".join(r.choice("abcd") for _ in range(r.randint(0, 9)))
        assert full_match(parse_pattern(pat), t) == bool(re.fullmatch(pat, t)), (pat, t)


def test_full_match_is_fast_on_hostile_patterns():
    items = parse_pattern(".*" * 30)
    assert full_match(items, "a" * 2000)
    assert not full_match(parse_pattern("a*" * 29 + "b"), "a" * 2000)


def test_regex_design_grading_on_a_known_instance():
    p = procgym.generate("code/regex_design", seed=0, difficulty=1).to_dict()
    p["check"] = {"positives": ["ab", "aab", "aaab"], "negatives": ["b", "abb", "ba"], "limit": 6}
    assert procgym.verify(p, "<answer>a+b</answer>").correct
    assert procgym.verify(p, "<answer>^a+b$</answer>").correct
    assert procgym.verify(p, "<answer>/a*ab/</answer>").correct
    assert procgym.verify(p, "<answer>[a]+b</answer>").correct
    assert not procgym.verify(p, "<answer>a*b</answer>").correct  # matches "b"
    assert not procgym.verify(p, "<answer>a+b+</answer>").correct  # matches "abb"
    assert not procgym.verify(p, "<answer>aa?b</answer>").correct  # misses "aaab"
    assert not procgym.verify(p, "<answer>(a|aa|aaa)b</answer>").correct  # not in the syntax
    assert not procgym.verify(p, "<answer>aaa?a?b</answer>").correct  # 7 characters: over the limit


def test_regex_design_reference_and_near_misses():
    for seed in range(20):
        p = procgym.generate("code/regex_design", seed=seed, difficulty=7)
        assert ok(p, p.answer)
        assert not ok(p, ".*")
        assert not ok(p, p.check["positives"][0])


# ------------------------------------------------------------------ answer reading (issue 17)
def test_bitwise_refuses_two_candidates():
    p = first("code/bitwise_expression", 5, lambda p: int(p.answer) >= 10)
    v = int(p.answer)
    assert ok(p, f"{v:,}") and ok(p, hex(v)) and ok(p, f"{v}.")
    a, b = str(v)[:-1], str(v)[-1]
    for text in (f"{a}\n{b}", f"{a} {b}", f"0\n{v}", f"0, {v}", f"{v} or {v + 1}", f"-{v}", f"{v}?",
                 f"not {v}", f"x = {v} + 0", "0x" + format(v, "x")[:-1] + " " + format(v, "x")[-1]):
        assert not ok(p, text), text


def test_regex_design_keeps_a_final_dot():
    p = procgym.generate("code/regex_design", seed=0, difficulty=1).to_dict()
    p["check"] = {"positives": ["ab", "ac"], "negatives": ["a", "b"], "limit": 4}
    assert procgym.verify(p, "<answer>a.</answer>").correct  # "." is the pattern's last item, not a full stop
    assert procgym.verify(p, "<answer>`a.`</answer>").correct
    assert not procgym.verify(p, "<answer>a</answer>").correct
    assert not procgym.verify(p, "<answer>a. or ab</answer>").correct
    assert not procgym.verify(p, "<answer>a.\nab</answer>").correct


def test_examples_are_never_an_answer():
    # one example for every problem (it can never be right), or one drawn among fixed wrong values:
    # either way it says nothing about the answer
    drawn = {"code/program_output": {"7, -2, 15", "3, 0, -8", "12, 5", "-4, 9, 1"},
             "code/stack_machine": {"3, -1, 12", "5, 0, -4", "-2, 7", "8, 8, -5, 1"}}
    for name in ("code/regex_design", "code/bitwise_expression", "code/register_machine", "code/tape_input",
                 "code/tape_output", "code/turing_machine", "code/program_output", "code/stack_machine"):
        shown = set()
        for level in range(1, 11):
            for seed in range(20):
                p = procgym.generate(name, seed=seed, difficulty=level)
                example = p.prompt.rsplit("for example <answer>", 1)[1].split("</answer>")[0]
                assert not ok(p, example), (name, level, seed, example)
                shown.add(example)
        assert shown == drawn.get(name, {procgym.get(name).example}), (name, shown)
