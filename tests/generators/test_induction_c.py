"""Per-task tests for induction/grid_transform_2d, string_program, number_function and
operation_cycle: primitives on known values, independent brute-force checks that the answer is
determined, accepted alternative forms and rejected near misses."""
import itertools
import re

import procgym
import pytest

from procgym.generators.induction._grids import grid_operations, grid_text, outline_fill, permute, read_square_grid
from procgym.generators.induction._primitives import number_operations, string_operations
from procgym.generators.induction._programs import run_program
from procgym.kit import NotAnAnswer
from procgym.generators.induction.operation_cycle import continuations, fitting_ops
from answer_helpers import ok

NAMES = ["induction/grid_transform_2d", "induction/string_program", "induction/number_function",
         "induction/operation_cycle"]


def test_all_registered():
    assert set(NAMES) <= set(procgym.tasks("induction/*"))


def brute_outputs(ops, menu, depth, examples, test):
    """Test outputs of every sequence of 1..depth menu operations that fits the examples
    (plain enumeration, no deduplication: independent of the generator's enumerator)."""
    fns = {n: f for n, _d, f in ops}
    found = set()
    for k in range(1, depth + 1):
        for prog in itertools.product(menu, repeat=k):
            if all(run_program(fns, prog, x) == y for x, y in examples):
                out = run_program(fns, prog, test)
                if out is not None:
                    found.add(out)
    return found


def menu_from(prompt, ops):
    docs = {d: n for n, d, _f in ops}
    lines = [line[2:] for line in prompt.split("\n") if line.startswith("- ")]
    return [docs[line.split(": ", 1)[1]] if ": " in line and line.split(": ", 1)[1] in docs else docs[line]
            for line in lines]


# ------------------------------------------------------------------ grids
def test_grid_operations_known_values():
    g = "123456789"
    assert grid_text(permute(g, "rot_cw")) == "741/852/963"
    assert grid_text(permute(g, "rot_ccw")) == "369/258/147"
    assert grid_text(permute(g, "mirror")) == "321/654/987"
    assert grid_text(permute(g, "flip")) == "789/456/123"
    assert grid_text(permute(g, "transpose")) == "147/258/369"
    ops = {n: f for n, _d, f in grid_operations([1, 2])}
    assert grid_text(ops["gravity down"]("100020003")) == "000/000/123"
    assert grid_text(ops["gravity up"]("000020103")) == "123/000/000"
    assert grid_text(ops["gravity left"]("010002300")) == "100/200/300"
    assert grid_text(ops["shift down"]("120000003")) == "000/120/000"
    assert grid_text(ops["swap 1 and 2"]("120000021")) == "210/000/012"
    assert grid_text(outline_fill("000010000", 5)) == "050/515/050"


def test_read_grid_forms():
    assert read_square_grid("12/34", 2) == "1234"
    assert read_square_grid("12\n34", 2) == "1234"
    assert read_square_grid("1 2\n3 4", 2) == "1234"
    assert read_square_grid("[[1,2],[3,4]]", 2) == "1234"
    assert read_square_grid("1234", 2) == "1234"
    assert read_square_grid("12 34", 2) == "1234"
    for text in ("123/4", "12/3x", "\u00b2\u00b2/11", "12/34 or 12/43", "12/34\n12/43", "-12/34", "12/34 (not sure)"):
        with pytest.raises(NotAnAnswer):
            read_square_grid(text, 2)


def test_grid_task_is_determined_and_forms():
    for seed in range(6):
        p = procgym.generate("induction/grid_transform_2d", seed=seed, difficulty=5)
        n = p.check["size"]
        palette = sorted({int(ch) for ch in re.findall(r"\d", p.prompt.split("Example 1:")[1]) if ch != "0"})
        ops = grid_operations(list(range(1, 10)))
        menu = menu_from(p.prompt, ops)
        blocks = re.findall(r"Example \d+:\n([\d\n]+?)\n->\n([\d\n]+?)(?:\n\n|$)", p.prompt)
        examples = [(x.replace("\n", ""), y.replace("\n", "")) for x, y in blocks]
        test = p.prompt.split("test grid?\n")[1].split("\n\n")[0].replace("\n", "")
        assert len(test) == n * n and palette
        assert brute_outputs(ops, menu, p.params["n_ops"], examples, test) == {p.check["grid"].replace("/", "")}
    p = procgym.generate("induction/grid_transform_2d", seed=1, difficulty=5)
    rows = p.answer.split("/")
    assert ok(p, p.answer) and ok(p, "\n".join(rows)) and ok(p, "\n".join(" ".join(r) for r in rows))
    assert ok(p, "".join(rows))
    flat = "".join(rows)
    changed = flat[:-1] + ("1" if flat[-1] != "1" else "2")
    assert not ok(p, changed)
    assert not ok(p, "/".join(rows[:-1]))
    assert not ok(p, "/".join(rows[::-1])) or rows == rows[::-1]


# ------------------------------------------------------------------ strings
def test_string_operations_known_values():
    ops = {n: f for n, _d, f in string_operations("abc")}
    assert ops["swap pairs"]("abcde") == "badce"
    assert ops["double letters"]("ab") == "aabb"
    assert ops["dedupe"]("abcab") == "abc"
    assert ops["next letter"]("azb") == "bac"
    assert ops["mirror append"]("abc") == "abccba"
    assert ops["delete a"]("aaa") is None  # an empty word is undefined
    assert ops["a to c"]("abca") == "cbcc"
    assert ops["rotate right"]("abc") == "cab"


def test_string_program_is_determined_and_forms():
    for seed in range(6):
        p = procgym.generate("induction/string_program", seed=seed, difficulty=5)
        ops = string_operations("abcdefgh")
        menu = menu_from(p.prompt, ops)
        examples = re.findall(r"^([a-z]+) -> ([a-z]+)$", p.prompt, re.M)
        test = p.prompt.split("What is the output for ")[1].split("?")[0]
        assert brute_outputs(ops, menu, p.params["n_ops"], examples, test) == {p.answer}
    p = procgym.generate("induction/string_program", seed=2, difficulty=4)
    assert ok(p, p.answer) and ok(p, p.answer.upper()) and ok(p, f"'{p.answer}'")
    assert not ok(p, p.answer[::-1]) or p.answer == p.answer[::-1]
    assert not ok(p, p.answer + "a")
    assert not ok(p, " ".join(p.answer)) or len(p.answer) == 1


# ------------------------------------------------------------------ numbers
def test_number_operations_known_values():
    ops = {n: f for n, _d, f in number_operations()}
    assert ops["reverse digits"](120) == 21
    assert ops["sort digits up"](3102) == 123
    assert ops["sort digits down"](3102) == 3210
    assert ops["minus reverse"](21) == 9
    assert ops["append 7"](12) == 127
    assert ops["square"](10**5) is None  # beyond the bound: undefined


def test_number_function_is_determined_and_forms():
    for seed in range(6):
        p = procgym.generate("induction/number_function", seed=seed, difficulty=5)
        ops = number_operations()
        menu = menu_from(p.prompt, ops)
        examples = [(int(a), int(b)) for a, b in re.findall(r"^(\d+) -> (\d+)$", p.prompt, re.M)]
        test = int(p.prompt.split("What is the output for ")[1].split("?")[0])
        assert brute_outputs(ops, menu, p.params["n_ops"], examples, test) == {int(p.answer)}
    p = next(q for q in (procgym.generate("induction/number_function", seed=s, difficulty=5) for s in range(50))
             if int(q.answer) >= 1000)
    v = int(p.answer)
    assert ok(p, str(v)) and ok(p, f"{v:,}") and ok(p, f"{v}.")
    assert not ok(p, str(v + 1)) and not ok(p, str(v * 10))


# ------------------------------------------------------------------ operation cycles
def test_operation_cycle_solver():
    assert fitting_ops(3, 6, ("add", "sub", "mul")) == {("add", 3), ("mul", 2)}
    assert continuations([1, 2, 3], 1, ("add", "sub"), 1) == {(4,)}
    # 2 -> 4 alone: add 2 or multiply by 2
    assert continuations([2, 4], 1, ("add", "mul"), 1) == {(6,), (8,)}
    # with a cycle bound of 2 and only one transition, the second position is unseen: open
    assert None in continuations([2, 4], 2, ("add", "mul"), 1)
    # +3, *2 alternating
    terms = [1, 4, 8, 11, 22, 25]
    assert continuations(terms, 2, ("add", "sub", "mul"), 2) == {(50, 53)}


def test_operation_cycle_task_forms():
    p = procgym.generate("induction/operation_cycle", seed=3, difficulty=6)
    terms = [int(t) for t in p.prompt.split("Terms: ")[1].split("\n")[0].split(", ")]
    bound = int(re.search(r"between 1 and (\d+)", p.prompt).group(1))
    kinds = ("add", "sub", "mul", "div")[:p.params["kinds"]]
    nxt = p.check["next"]
    assert continuations(terms, bound, kinds, len(nxt)) == {tuple(nxt)}
    assert ok(p, ", ".join(map(str, nxt))) and ok(p, "[" + " ".join(map(str, nxt)) + "]")
    assert not ok(p, ", ".join(map(str, nxt[:-1])))
    assert not ok(p, ", ".join(map(str, nxt[:-1] + [nxt[-1] + 1])))
    assert not ok(p, ", ".join(map(str, terms[-len(nxt):])))


# ------------------------------------------------------------------ answers read with the kit
def test_operation_cycle_reads_minus_signs_and_refuses_hedges():
    p = next(q for q in (procgym.generate("induction/operation_cycle", seed=s, difficulty=8) for s in range(200))
             if any(v < 0 for v in q.check["next"]))
    text = ", ".join(map(str, p.check["next"]))
    assert ok(p, text.replace("-", "\u2212")) and ok(p, text.replace("-", "\u2013")) and ok(p, f"{text}.")
    for bad in (f"{text} or 0", f"not {text}", f"{text}\n0", text.replace("-", "")):
        assert not ok(p, bad), bad


def test_number_function_refuses_lists_and_hedges():
    p = procgym.generate("induction/number_function", seed=3, difficulty=4)
    v = p.check["value"]
    assert ok(p, f"{v}.") and ok(p, f"${v}$")
    for bad in (f"0, {v}", f"{v} or {v + 1}", f"x != {v}", f"3x + 1 = {v}", f"-{v}", f"{v} I think"):
        assert not ok(p, bad), bad


def test_grid_2d_refuses_hedges():
    p = procgym.generate("induction/grid_transform_2d", seed=1, difficulty=5)
    for bad in (f"{p.answer} or {p.answer}", f"not {p.answer}", f"{p.answer}\n{p.answer}", f"{p.answer} I think"):
        assert not ok(p, bad), bad
