"""Tests for the code tasks on loops, traces, recursion, short-circuiting, list mutation, query
pipelines, loop bounds and operation counts. Expected values come from hand traces of fixed
programs and from an independent evaluator written here (it walks the parsed AST directly)."""
import re

import pytest

import procgym
from procgym.generators._tiny_lang import LANGUAGE, parse
from procgym.generators.code._pipeline import run as run_query
from procgym.generators.code._traced import numbered, trace
from procgym.generators.code.operation_count import count
from answer_helpers import ok

NAMES = ["code/loop_iterations", "code/variable_trace", "code/dead_code", "code/call_count", "code/recursion_value",
         "code/short_circuit", "code/array_mutation", "code/query_pipeline", "code/off_by_one",
         "code/operation_count"]


# --------------------------------------------------------------------------- an independent evaluator

class Ref:
    """A second Tiny evaluator: statements counted by their pre-order position, calls and
    assignments logged. Small, with no limits: the test programs are known to halt."""

    def __init__(self, program):
        _, funcs, self.main = program
        self.funcs = {f[1]: (f[2], f[3]) for f in funcs}
        self.order = {}
        for f in funcs:
            self._number(f[3])
        self._number(self.main)
        self.counts, self.calls, self.assigns, self.out = {}, [], [], []

    def _number(self, body):
        for s in body:
            self.order[id(s)] = len(self.order) + 1
            if s[0] == "while":
                self._number(s[2])
            elif s[0] == "if":
                self._number(s[2])
                if s[3]:
                    self._number(s[3])

    def run(self, env=None):
        self.env = dict(env or {})
        self.block(self.main, self.env)
        return self

    def block(self, body, env):
        for s in body:
            line = self.order[id(s)]
            self.counts[line] = self.counts.get(line, 0) + 1
            k = s[0]
            if k == "assign":
                env[s[1]] = self.ev(s[2], env)
                self.assigns.append((s[1], env[s[1]]))
            elif k == "setitem":
                env[s[1]][self.ev(s[2], env)] = self.ev(s[3], env)
            elif k == "push":
                env[s[1]].append(self.ev(s[2], env))
            elif k == "print":
                self.out.append(self.ev(s[1], env))
            elif k == "return":
                return ("ret", self.ev(s[1], env))
            elif k == "while":
                while self.ev(s[1], env):
                    r = self.block(s[2], env)
                    if r:
                        return r
            elif k == "if":
                r = self.block(s[2], env) if self.ev(s[1], env) else self.block(s[3] or [], env)
                if r:
                    return r
        return None

    def ev(self, e, env):
        k = e[0]
        if k == "num":
            return e[1]
        if k == "var":
            return env[e[1]]
        if k == "index":
            return env[e[1]][self.ev(e[2], env)]
        if k == "len":
            return len(env[e[1]])
        if k == "list":
            return [self.ev(x, env) for x in e[1]]
        if k == "neg":
            return -self.ev(e[1], env)
        if k == "not":
            return int(not self.ev(e[1], env))
        if k == "call":
            args = [self.ev(x, env) for x in e[2]]
            self.calls.append(e[1])
            params, body = self.funcs[e[1]]
            r = self.block(body, dict(zip(params, args)))
            return r[1] if r else 0
        op, a = e[1], e[2]
        if op == "and":
            return int(bool(self.ev(a, env)) and bool(self.ev(e[3], env)))
        if op == "or":
            return int(bool(self.ev(a, env)) or bool(self.ev(e[3], env)))
        x, y = self.ev(a, env), self.ev(e[3], env)
        return {"+": lambda: x + y, "-": lambda: x - y, "*": lambda: x * y, "/": lambda: x // y,
                "%": lambda: x % y, "<": lambda: int(x < y), "<=": lambda: int(x <= y), ">": lambda: int(x > y),
                ">=": lambda: int(x >= y), "==": lambda: int(x == y), "!=": lambda: int(x != y)}[op]()


def numbered_program(prompt):
    """The AST and n of a numbered-lines prompt (the line-number column stripped)."""
    text = prompt.split("not part of the program.", 1)[1]
    text = re.split(r"\n\n(?:How many|List every|Which numbered)", text.split("\n\n", 1)[1])[0]
    n = int(re.search(r"variable n set to (\d+)", prompt).group(1))
    return parse("\n".join(line[5:] for line in text.split("\n"))), n



# --------------------------------------------------------------------------- every task

@pytest.mark.parametrize("name", NAMES)
def test_reference_answer_verifies_and_problems_vary(name):
    for level in (1, 3, 5, 8, 10, 14, 20):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (level, seed)
            assert procgym.generate(name, seed=seed, difficulty=level).prompt == p.prompt  # deterministic
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_hedges_and_empty_answers_are_refused(name):
    p = procgym.generate(name, seed=4, difficulty=6)
    for bad in ("", "I don't know", f"{p.answer} or 3", f"not {p.answer}"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- line-tracing tasks

@pytest.mark.parametrize("level", [1, 4, 7, 12, 20])
def test_loop_tasks_agree_with_the_independent_evaluator(level):
    for seed in range(6):
        p = procgym.generate("code/loop_iterations", seed=seed, difficulty=level)
        program, n = numbered_program(p.prompt)
        ref = Ref(program).run({"n": n})
        line = int(re.search(r"How many times does line (\d+) run", p.prompt).group(1))
        assert p.answer == str(ref.counts.get(line, 0))

        p = procgym.generate("code/dead_code", seed=seed, difficulty=level)
        program, n = numbered_program(p.prompt)
        ref = Ref(program).run({"n": n})
        dead = [k for k in range(1, len(ref.order) + 1) if k not in ref.counts]
        assert p.answer == (", ".join(map(str, dead)) if dead else "none")

        p = procgym.generate("code/variable_trace", seed=seed, difficulty=level)
        program, n = numbered_program(p.prompt)
        ref = Ref(program).run({"n": n})
        var = re.search(r"the variable (\w) is assigned", p.prompt).group(1)
        values = [v for name, v in ref.assigns if name == var][:p.params["max_values"]]
        assert p.answer == ", ".join(map(str, values))


def test_hand_traced_loop_nest():
    # i runs 0..2 and j runs 0..i: line 7 runs 1 + 2 + 3 = 6 times; the if on line 8 is true
    # for j == 0 only, so line 9 runs 3 times and the else (line 10) 3 times; x is assigned
    # 0, then 1, 2, 3 (line 9) - line 10 only changes y
    src = "x = 0; y = 0; i = 0; while (i < 3) { j = 0; while (j < i + 1) { y = y + 1; " \
          "if (j == 0) { x = x + 1; } else { y = y + 2; } j = j + 1; } i = i + 1; } if (x > 5) { y = 0; }"
    program = parse(src)
    text, stmts = numbered(program)
    assert [line for line, s, _ in stmts if s[0] == "if"] == [8, 13]
    machine = trace(program)
    by_line = {line: machine.counts.get(id(s), 0) for line, s, _ in stmts}
    assert by_line[7] == 6 and by_line[9] == 3 and by_line[10] == 3 and by_line[14] == 0
    assert [v for name, v in machine.assigns if name == "x"] == [0, 1, 2, 3]
    assert machine.variables["y"] == 6 + 3 * 2
    assert " 14      y = 0;" in text


def test_dead_code_accepts_any_order_and_rejects_near_misses():
    for seed in range(20):
        p = procgym.generate("code/dead_code", seed=seed, difficulty=5)
        dead = p.check["dead"]
        if len(dead) >= 2:
            break
    assert ok(p, ", ".join(map(str, reversed(dead))))
    assert ok(p, "[" + ", ".join(map(str, dead)) + "]")
    assert not ok(p, ", ".join(map(str, dead[1:])))
    assert not ok(p, ", ".join(map(str, dead + [dead[-1]])))
    assert not ok(p, "none")


def test_variable_trace_order_matters():
    for seed in range(20):
        p = procgym.generate("code/variable_trace", seed=seed, difficulty=4)
        values = p.check["values"]
        if values != sorted(values):
            break
    assert ok(p, "[" + ", ".join(map(str, values)) + "]")
    assert not ok(p, ", ".join(map(str, sorted(values))))
    assert not ok(p, ", ".join(map(str, values[:-1])))


# --------------------------------------------------------------------------- recursion

def fib_like_calls(n, base, step):
    """Calls of f(a) = f(a-1) + f(a-step) with f(a) = ... for a <= base: by a table."""
    calls = {}
    for a in range(min(base, n) - step, n + 1):
        calls[a] = 1 if a <= base else 1 + calls[a - 1] + calls[a - step]
    return calls[n]


def test_call_count_and_value_match_the_independent_evaluator():
    for level in (1, 4, 7, 10, 16, 20):
        for seed in range(5):
            for name in ("code/call_count", "code/recursion_value"):
                p = procgym.generate(name, seed=seed, difficulty=level)
                program = parse(re.split(r"\n\n(?:When this|What does)", p.prompt.split(LANGUAGE + "\n\n", 1)[1])[0])
                ref = Ref(program).run()
                expected = str(len(ref.calls)) if name == "code/call_count" else str(ref.out[0])
                assert p.answer == expected, (name, level, seed)


def test_call_count_hand_values():
    # linear: f(4) -> f(3) -> f(2) -> f(1) stops (a <= 1): 4 calls
    prog = parse("func f(a) { if (a <= 1) { return a + 1; } return f(a - 1) + 4; } print(f(4));")
    machine = trace(prog)
    assert len(machine.calls) == 4 and machine.output == [2 + 4 * 3]
    # two-way: f(a) = f(a-1) + f(a-2), base a <= 1: calls(n) = 1 + calls(n-1) + calls(n-2)
    prog = parse("func f(a) { if (a <= 1) { return 1; } return f(a - 1) + f(a - 2); } print(f(10));")
    machine = trace(prog)
    assert len(machine.calls) == fib_like_calls(10, 1, 2) == 177
    assert machine.output == [89]


def test_call_count_feedback_and_forms():
    p = procgym.generate("code/call_count", seed=2, difficulty=6)
    calls = p.check["calls"]
    assert ok(p, str(calls)) and ok(p, f"f is called {calls} times") is False
    assert not ok(p, str(calls - 1)) and not ok(p, str(calls + 1))


# --------------------------------------------------------------------------- short-circuit

def test_short_circuit_hand_trace():
    # p(2): 2 % 3 == 1 is false, so 'and' skips the second call; q(2) runs for the 'or'
    prog = parse("func p(a) { return a % 3 == 1; } func q(a) { return a < 5; } x = 2; c = 0; "
                 "if (p(x) and p(x + 1) or q(x)) { c = c + 1; } print(c);")
    machine = trace(prog)
    assert [name for name, _ in machine.calls] == ["p", "q"] and machine.output == [1]


def test_short_circuit_matches_the_independent_evaluator_and_reads_names():
    for level in (1, 5, 9, 15, 20):
        for seed in range(5):
            p = procgym.generate("code/short_circuit", seed=seed, difficulty=level)
            text = p.prompt.split("(short-circuit evaluation); both give 1 or 0.\n\n", 1)[1]
            program = parse(text.split("\n\nList the calls", 1)[0])
            assert p.answer == ", ".join(Ref(program).run().calls)
    p = procgym.generate("code/short_circuit", seed=1, difficulty=8)
    calls = p.check["calls"]
    assert ok(p, ", ".join(c.upper() for c in calls))
    assert ok(p, "[" + ", ".join(calls) + "]")
    assert not ok(p, ", ".join(calls[:-1]))
    assert not ok(p, ", ".join(calls + [calls[-1]]))


# --------------------------------------------------------------------------- lists and queries

def test_array_mutation_hand_and_independent():
    p = procgym.generate("code/array_mutation", seed=3, difficulty=1)
    # xs = [9, 3, 6, 9]; swap xs[2] and xs[1]
    assert "xs = [9, 3, 6, 9];" in p.prompt and p.answer == "9, 6, 3, 9"
    assert ok(p, "[9, 6, 3, 9]") and not ok(p, "9, 3, 6, 9") and not ok(p, "9, 6, 3")
    for level in (2, 6, 10, 20):
        for seed in range(5):
            p = procgym.generate("code/array_mutation", seed=seed, difficulty=level)
            program = parse(p.prompt.split(LANGUAGE + "\n\n", 1)[1].split("\n\nWhat does the list", 1)[0])
            assert p.answer == ", ".join(map(str, Ref(program).run().env["xs"]))


def query_by_hand(rows, stages):
    """An independent reading of the query stages (as shown in the prompt)."""
    rows = [dict(r) for r in rows]
    for st in stages:
        w = st.split()
        val = (lambda r, t: r[t] if t.isalpha() else int(t))
        if w[0] == "where":
            if w[2] == "%":
                col, m, op, x = w[1], int(w[3]), w[4], w[5]
                rows = [r for r in rows if {"==": r[col] % m == int(x), "!=": r[col] % m != int(x)}[op]]
            else:
                col, op, x = w[1], w[2], w[3]
                cmp_ = {"<": lambda a, b: a < b, "<=": lambda a, b: a <= b, ">": lambda a, b: a > b,
                        ">=": lambda a, b: a >= b, "!=": lambda a, b: a != b}[op]
                rows = [r for r in rows if cmp_(r[col], val(r, x))]
        elif w[0] == "set":
            for r in rows:
                a, b = val(r, w[3]), val(r, w[5])
                r[w[1]] = a + b if w[4] == "+" else a - b if w[4] == "-" else a * b
        elif w[0] == "order":
            rows.sort(key=lambda r: r[w[2]], reverse=w[3] == "desc")  # Python's sort is stable both ways
        elif w[0] == "limit":
            rows = rows[:int(w[1])]
        elif w[0] == "skip":
            rows = rows[int(w[1]):]
        elif w[0] == "count":
            return str(len(rows))
        elif w[0] == "sum":
            return str(sum(r[w[1]] for r in rows))
        elif w[0] in ("max", "min"):
            return str((max if w[0] == "max" else min)(r[w[1]] for r in rows))
        elif w[0] == "values":
            return ", ".join(str(r[w[1]]) for r in rows)


def test_query_pipeline_matches_an_independent_reading():
    for level in (1, 4, 8, 12, 20):
        for seed in range(6):
            p = procgym.generate("code/query_pipeline", seed=seed, difficulty=level)
            table, query = p.prompt.split("\n\nQuery:\n", 1)
            lines = table.split("\n\n", 1)[1].split("\n")
            rows = [dict(zip("abc", map(int, line.split()))) for line in lines[2:]]
            stages = query.split("\n\nWhat is the result?")[0].split("\n")
            assert p.answer == query_by_hand(rows, stages), (level, seed)


def test_query_pipeline_hand_value():
    rows = [{"a": 8, "b": 3, "c": 5}, {"a": 0, "b": 9, "c": 7}, {"a": 1, "b": 5, "c": 6}, {"a": 9, "b": 3, "c": 1}]
    # a <= 3 keeps rows 2 and 3; sorted by b desc: b = 9, 5; their c: 7, 6
    assert run_query(rows, [("where", "a", "<=", 3, 0), ("order", "b", True), ("values", "c")])[0] == [7, 6]
    # ties keep their order: b = 3 for rows 1 and 4, asc puts them first in table order
    assert run_query(rows, [("order", "b", False), ("values", "a")])[0] == [8, 9, 1, 0]
    assert run_query(rows, [("set", "d", "a", "*", "b"), ("skip", 1), ("sum", "d")])[0] == 0 + 5 + 27


# --------------------------------------------------------------------------- loop bounds and counts

def test_off_by_one_only_the_answer_prints_the_target():
    for level in (1, 5, 10, 20):
        for seed in range(5):
            p = procgym.generate("code/off_by_one", seed=seed, difficulty=level)
            body = p.prompt.split("left blank:\n\n", 1)[1]
            text, rest = body.split("\n\nEach option below", 1)
            target = int(re.search(r"print (-?\d+)\?", rest).group(1))
            options = re.findall(r"^([A-F])\) i = (\d+); while \((.*)\)$", rest, re.M)
            hits = []
            for letter, start, cond in options:
                src = text.replace("START;", f"i = {start};").replace("while (CONDITION)", f"while ({cond})")
                if Ref(parse(src)).run().out == [target]:
                    hits.append(letter)
            assert hits == [p.answer], (level, seed)
    p = procgym.generate("code/off_by_one", seed=0, difficulty=6)
    assert ok(p, p.answer.lower()) and ok(p, p.answer + ")") and ok(p, "option " + p.answer)
    wrong = next(L for L in "ABCDEF" if L != p.answer)
    assert not ok(p, wrong) and not ok(p, f"{p.answer} or {wrong}")


def test_operation_count_closed_forms():
    n = 37
    assert count([("up", False), ("up", True)], n)[0] == n * n
    assert count([("up", False), ("from_parent", True)], n)[0] == n * (n + 1) // 2
    assert count([("up", True), ("to_parent", True)], n)[0] == n + n * (n - 1) // 2
    assert count([("double", True)], n)[0] == 6  # 1, 2, 4, 8, 16, 32
    assert count([("halve", True)], n)[0] == 6  # 37, 18, 9, 4, 2, 1
    assert count([("step2", False), ("double", True)], n)[0] == 19 * 6
    # halving j over each i < n: sum of bit lengths of 0..n-1
    assert count([("up", False), ("halve", True)], n)[0] == sum(i.bit_length() for i in range(n))


def test_operation_count_matches_running_the_program():
    for level in (1, 3, 6, 9, 13):
        for seed in range(4):
            p = procgym.generate("code/operation_count", seed=seed, difficulty=level)
            program = parse(p.prompt.split(LANGUAGE + "\n\n", 1)[1].split("\n\nWhat does", 1)[0])
            assert p.answer == str(Ref(program).run().out[0])
