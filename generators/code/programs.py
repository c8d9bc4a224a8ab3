"""Programs in Tiny, procgym's own small language: trace what a program prints, and find an
input that makes a program print a given output. Program text is generated here and run only by
the Tiny interpreter in _tiny_lang.py, never as Python."""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_int, read_labelled, read_value, refused
from procgym.verdict import right, wrong

from ._int_lists import grade_int_list, read_int_list
from .._tiny_lang import LANGUAGE, Interpreter, TinyError, parse, render, run

INT_NAMES = ("x", "y", "z", "s", "t", "p", "q", "r", "u", "v", "w")
COUNTERS = ("i", "j", "k", "l")
LIST_NAMES = ("xs", "ys", "zs")
FUNC_NAMES = ("f", "g", "h", "e")
PARAMS = ("a", "b")
INPUT_NAMES = ("n", "m")
PROBE_STEPS = 20_000  # default step limit of `printed`
VERIFY_STEPS = 50_000  # steps the verifier allows one run of a program on a submitted input
MAX_PRINTED = 100_000  # |printed value| in a generated program
OUTPUT_EXAMPLES = ("7, -2, 15", "3, 0, -8", "12, 5", "-4, 9, 1")  # program_output shows one that is not the answer
PROGRAM_MARK = "Each print statement prints one integer.\n\n"  # program_output's program follows it


@dataclass
class Scope:
    ints: list = field(default_factory=list)  # integer variables that may be read
    assignable: list = field(default_factory=list)  # of those, the ones statements may assign
    lists: list = field(default_factory=list)  # list variables
    busy: set = field(default_factory=set)  # lists an enclosing loop iterates over: no push
    walks: list = field(default_factory=list)  # (counter, list) pairs of enclosing loops over a list
    funcs: dict = field(default_factory=dict)  # callable function name -> number of parameters
    counters: int = 0  # enclosing loops
    in_function: bool = False
    max_depth: int = 0  # deepest block nesting allowed


class ProgramGenerator:
    """Random structured Tiny programs. Loops always count a fresh counter to a bound the body
    cannot change, new variables are introduced only at a block's top level (so they are defined
    on every path), and list indexes are always in range; the interpreter's limits catch values
    or outputs that grow too much, and the caller then draws again."""

    def __init__(self, rng, nesting: int, loops: bool, iterations: int, lists: bool, functions: int,
                 inputs: tuple = (), input_bound: bool = False, loop_prints: bool = True):
        self.loop_prints = loop_prints
        self.rng, self.nesting, self.loops, self.iterations = rng, nesting, loops, iterations
        self.lists, self.functions, self.inputs, self.input_bound = lists, functions, inputs, input_bound

    # ----------------------------------------------------------------- helpers
    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def const(self, lo: int = 0, hi: int = 9):
        return ("num", self.rng.randint(lo, hi))

    # ----------------------------------------------------------------- program
    def program(self, n_statements: int, extra_prints: int = 0):
        funcs, callable_ = [], {}
        for name in FUNC_NAMES[:self.functions]:
            funcs.append(self.function(name, dict(callable_)))
            callable_[name] = len(funcs[-1][2])
        scope = Scope(ints=list(self.inputs), lists=[], funcs=callable_, max_depth=self.nesting)
        self.uncalled = set(callable_)
        main: list = []
        slots = max(0, n_statements - 1) + extra_prints
        forced = set(self.rng.sample(range(slots), extra_prints))
        for index in range(slots):
            if index in forced and scope.ints:  # a top-level print runs exactly once
                main.append(("print", self.expr(scope, self.rng.randint(1, 2), prefer_var=True)))
            else:
                main += self.statement(scope, 0)
        for name in sorted(self.uncalled):  # every function is called at least once
            if scope.ints:
                main.append(("print", self.call(scope, name, 1)))
        main.append(("print", self.expr(scope, 2, prefer_var=True)))
        return ("program", funcs, main)

    def function(self, name: str, callable_: dict):
        self.uncalled = set()
        params = list(PARAMS[:self.rng.randint(1, 2)])
        scope = Scope(ints=list(params), assignable=list(params), funcs=callable_, in_function=True,
                      max_depth=min(1, self.nesting - 1))
        body: list = []
        for _ in range(self.rng.randint(1, 2)):
            body += self.statement(scope, 0)
        body.append(("return", self.expr(scope, 2, prefer_var=True)))
        return ("func", name, params, body)

    # ----------------------------------------------------------------- statements
    def statement(self, scope: Scope, depth: int) -> list:
        rng = self.rng
        free_ints = [v for v in INT_NAMES if v not in scope.ints]
        options = []
        if depth == 0 and free_ints:
            options += ["new"] * (6 if len(scope.assignable) < 2 else 2)
        if scope.assignable:
            options += ["update"] * 4
        if not scope.in_function and scope.ints and (self.loop_prints or not scope.counters):
            options += ["print"] * 2
        if depth < scope.max_depth and scope.assignable:  # a block always has something to assign
            options += ["if"] * 2
            if self.loops and scope.counters < len(COUNTERS):
                options += ["while"] * 3
        if self.lists and not scope.in_function:
            if depth == 0 and len(scope.lists) < len(LIST_NAMES):
                options += ["list"] * (2 if not scope.lists else 1)
            if [x for x in scope.lists if x not in scope.busy]:
                options += ["push"]
            if scope.lists:
                options += ["setitem"]
        if not options:  # only at the top level: inside a block "update" is always possible
            options = ["new"] if free_ints else ["update"]
        kind = self.pick(options)
        if kind == "new":
            name = free_ints[0] if rng.random() < 0.5 else self.pick(free_ints)
            value = self.expr(scope, rng.randint(0, 2)) if scope.ints else self.const(1, 9)
            scope.ints.append(name)
            scope.assignable.append(name)
            return [("assign", name, value)]
        if kind == "update":
            return [self.update(scope)]
        if kind == "print":
            return [("print", self.expr(scope, rng.randint(0, 2), prefer_var=True))]
        if kind == "list":
            name = LIST_NAMES[len(scope.lists)]
            items = [self.const(0, 9) for _ in range(rng.randint(2, 5))]
            scope.lists.append(name)
            return [("assign", name, ("list", items))]
        if kind == "push":
            name = self.pick([x for x in scope.lists if x not in scope.busy])
            return [("push", name, self.expr(scope, rng.randint(0, 1)))]
        if kind == "setitem":
            name = self.pick(scope.lists)
            return [("setitem", name, self.index(scope, name), self.expr(scope, rng.randint(0, 2)))]
        if kind == "if":
            cond = self.condition(scope)
            then = self.block(scope, depth + 1)
            other = self.block(scope, depth + 1) if rng.random() < 0.5 else None
            return [("if", cond, then, other)]
        return self.loop(scope, depth)

    def block(self, scope: Scope, depth: int, size: int | None = None) -> list:
        out: list = []
        for _ in range(size or self.rng.randint(1, 2)):
            out += self.statement(scope, depth)
        return out

    def update(self, scope: Scope):
        rng = self.rng
        v = self.pick(scope.assignable)
        me = ("var", v)
        form = rng.randrange(7)
        other = self.expr(scope, rng.randint(0, 1))
        if other == me:
            other = self.const(1, 9)
        if form == 0:
            value = ("bin", "+", me, other)
        elif form == 1:
            value = ("bin", "-", me, other)
        elif form == 2:
            value = ("bin", "%", ("bin", "+", ("bin", "*", me, self.const(2, 3)), self.expr(scope, 0)),
                     self.const(5, 20))
        elif form == 3:
            value = ("bin", "/", me, self.const(2, 4))
        elif form == 4:
            value = ("bin", "*", me, self.const(2, 3)) if scope.counters == 0 else ("bin", "+", me, self.const(1, 9))
        elif form == 5:
            value = ("bin", "-", other, me)
        else:
            value = self.expr(scope, rng.randint(1, 2))
            if value == me:
                value = ("bin", "+", me, self.const(1, 9))
        return ("assign", v, value)

    def loop(self, scope: Scope, depth: int) -> list:
        rng = self.rng
        counter = COUNTERS[scope.counters]
        walk = None
        bound = self.const(2, max(2, self.iterations))
        free_lists = [x for x in scope.lists if x not in scope.busy]
        if free_lists and rng.random() < 0.4:
            walk = self.pick(free_lists)
            bound = ("len", walk)
        elif self.input_bound and self.inputs and not scope.in_function and scope.counters == 0 \
                and rng.random() < 0.5:
            bound = ("var", self.pick(list(self.inputs)))
        up = walk is not None or rng.random() < 0.6
        inner = Scope(ints=scope.ints + [counter], assignable=list(scope.assignable), lists=scope.lists,
                      busy=scope.busy | ({walk} if walk else set()),
                      walks=scope.walks + ([(counter, walk)] if walk else []), funcs=scope.funcs,
                      counters=scope.counters + 1, in_function=scope.in_function, max_depth=scope.max_depth)
        body = self.block(inner, depth + 1, self.rng.randint(1, 3 if depth == 0 else 2))
        c = ("var", counter)
        if up:
            start = ("num", 0)
            cond = ("bin", "<", c, bound)
            step = ("assign", counter, ("bin", "+", c, ("num", 1)))
        else:
            start = bound
            cond = ("bin", ">", c, ("num", 0))
            step = ("assign", counter, ("bin", "-", c, ("num", 1)))
        return [("assign", counter, start), ("while", cond, body + [step])]

    # ----------------------------------------------------------------- expressions
    def index(self, scope: Scope, name: str):
        walking = [c for c, lst in scope.walks if lst == name]
        if walking and self.rng.random() < 0.7:
            return ("var", self.pick(walking))
        if self.rng.random() < 0.5:
            return self.const(0, 1)  # every list starts with at least two elements
        return ("bin", "%", self.leaf(scope, allow_lists=False), ("len", name))

    def leaf(self, scope: Scope, allow_lists: bool = True):
        rng = self.rng
        r = rng.random()
        if allow_lists and scope.lists and r < 0.15:
            name = self.pick(scope.lists)
            return ("len", name) if rng.random() < 0.25 else ("index", name, self.index(scope, name))
        if scope.ints and r < 0.75:
            return ("var", self.pick(scope.ints))
        return self.const(0, 9)

    def expr(self, scope: Scope, size: int, prefer_var: bool = False):
        rng = self.rng
        if size <= 0 or (not prefer_var and rng.random() < 0.2):
            if prefer_var and scope.ints:
                return ("var", self.pick(scope.ints))
            return self.leaf(scope)
        if scope.funcs and rng.random() < 0.2:
            waiting = [] if scope.in_function else sorted(self.uncalled & set(scope.funcs))
            return self.call(scope, self.pick(waiting or sorted(scope.funcs)), size - 1)
        op = self.pick(("+", "+", "-", "-", "*", "%", "/"))
        left = self.expr(scope, size - 1, prefer_var or op in ("%", "/", "*"))
        if op in ("%", "/"):
            return ("bin", op, left, self.const(2, 9))
        if op == "*":
            return ("bin", "*", left, self.const(2, 4)) if rng.random() < 0.7 else ("bin", "*", self.const(2, 3), left)
        right = self.expr(scope, size - 1)
        if right == left or (left[0] == right[0] == "num"):
            right = self.const(1, 9) if left[0] != "num" else ("var", self.pick(scope.ints)) if scope.ints else left
        return ("bin", op, left, right)

    def call(self, scope: Scope, name: str, size: int):
        self.uncalled.discard(name)
        return ("call", name, [self.expr(scope, size) for _ in range(scope.funcs[name])])

    def condition(self, scope: Scope):
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            test = ("bin", "%", ("var", self.pick(scope.ints)), self.const(2, 3))
            return ("bin", self.pick(("==", "!=")), test, ("num", 0))
        cmp_ = ("bin", self.pick(("<", "<=", ">", ">=", "==", "!=")), self.expr(scope, rng.randint(0, 1), True),
                self.expr(scope, rng.randint(0, 1)))
        if self.nesting >= 2 and r > 0.8:
            other = ("bin", self.pick(("<", ">", "!=")), ("var", self.pick(scope.ints)), self.const(0, 9))
            return ("bin", self.pick(("and", "or")), cmp_, other)
        if r > 0.75:
            return ("not", cmp_)
        return cmp_


def make_program(rng, params: dict, inputs: tuple = (), input_bound: bool = False, attempts: int = 200,
                 extra_prints: int = 0, loop_prints: bool = True):
    """Up to `attempts` random program ASTs for the knob values; the caller keeps the first one
    that runs within its limits."""
    gen = ProgramGenerator(rng, params["nesting"], params["loops"], params["iterations"], params["lists"],
                           params["functions"], inputs, input_bound, loop_prints)
    for _ in range(attempts):
        program = gen.program(params["statements"], extra_prints)
        yield program


def printed(program, inputs: dict | None = None, max_steps: int = PROBE_STEPS) -> list[int] | None:
    """What a program prints, or None when it fails or breaks a generation limit: too many
    steps, a printed value beyond MAX_PRINTED, or nothing but zeros printed."""
    try:
        out = run(program, inputs, max_steps=max_steps, max_outputs=60)
    except TinyError:
        return None
    if any(abs(v) > MAX_PRINTED for v in out) or not any(out):
        return None
    return out


PROGRAM_KNOBS = (
    Knob("nesting", [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (0, 5),
         doc="deepest nesting of if and while blocks"),
    Knob("loops", [False, False, True, True, True, True, True, True, True, True] + [True] * 10, doc="use while loops"),
    Knob("iterations", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8, 8], (2, 20),
         doc="largest constant loop bound"),
    Knob("lists", [False, False, False, True, True, True, True, True, True, True] + [True] * 10, doc="use lists"),
)


def trace_steps(program, inputs: dict | None = None) -> int:
    """The statements a run executes (the length of its trace); the program is text or an AST."""
    machine = Interpreter(parse(program) if isinstance(program, str) else program, VERIFY_STEPS, MAX_PRINTED)
    machine.run(inputs)
    return machine.steps


@register
class ProgramOutput(Task):
    """Trace a program in Tiny, a small imperative language whose rules the prompt states, and
    give everything it prints. Level 1 is straight-line arithmetic; higher levels add if/else,
    while loops (nested deeper), lists with push and indexing, floor division and modulo, and
    functions that call each other, with more statements and more printed values.
    Past level 10 (up to 36 statements) most drawn programs print or run too much and are drawn again,
    so level 20 makes about 60 problems/s."""

    name = "code/program_output"
    knobs = (
        Knob("statements", [3, 4, 5, 6, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36], (1, 40),
             doc="top-level statements of the main program"),
        *PROGRAM_KNOBS,
        Knob("functions", [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (0, 4),
             doc="functions defined before the main program"),
        Knob("max_outputs", [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 23, 26, 29, 32, 36, 40], (1, 50),
             doc="most values the program may print"),
        Knob("max_steps", [20, 35, 60, 90, 120, 160, 220, 300, 400, 500, 600, 750, 900, 1100, 1300, 1600, 1900, 2200,
                           2600, 3000], (5, 5000), doc="most statements the run may execute (the length of the trace)"),
    )
    answer_format = "the printed integers in order, separated by commas"
    example = "7, -2, 15"

    def build(self, rng, params):
        for program in make_program(rng, params):
            out = printed(program, max_steps=params["max_steps"])
            if out is not None and len(out) <= params["max_outputs"]:
                break
        else:  # pragma: no cover - generation practically always succeeds early
            raise RuntimeError("could not generate a program")
        text = render(program)  # parse(render(p)) == p: the text shown is the program that was run
        question = f"{LANGUAGE}\n\nWhat does this program print? {PROGRAM_MARK}{text}"
        answer = ", ".join(map(str, out))
        # the example: drawn last, uniformly from the fixed OUTPUT_EXAMPLES that are not the answer
        # (at least 3), so that seeing it rules out only itself
        wrong_outputs = [shown for shown in OUTPUT_EXAMPLES if shown != answer]
        return Draft(question, answer, {"output": out}, example=wrong_outputs[rng.randrange(len(wrong_outputs))])

    def effort(self, problem):
        # the trace: every statement the interpreter executes on the way to the output
        program = problem.prompt.split(PROGRAM_MARK, 1)[1].split("\n\nAnswer format:", 1)[0]
        return trace_steps(program)

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["output"], "the printed output")


def read_inputs(answer: str, names: list[str]) -> list[int]:
    """The input values in the order of `names`: bare ("5" or "5, 3", in that order) or labelled
    ("n = 5", "m = 3, n = 5": matched by name, any order, every input required)."""
    if len(names) == 1:
        return [read_value(answer, read_int, names[0])]
    if any(sep in answer for sep in "=:"):
        given = read_labelled(answer, names, read_int)
        return [given[v] for v in names]
    values = read_int_list(answer)
    if len(values) != len(names):
        raise NotAnAnswer(f"give {len(names)} integers: {', '.join(names)}")
    return values


@register
class ProgramInput(Task):
    """Find an input that makes a Tiny program print a given output: the program starts with its
    input variable(s) set, and any input in the stated range that produces exactly that output
    is correct (the verifier runs the answer through the Tiny interpreter). Higher levels widen
    the input range and add a second input, loops bounded by the input, lists, functions and
    more printed values, so the program must be inverted rather than tried value by value."""

    name = "code/program_input"
    knobs = (
        Knob("statements", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18], (1, 40),
             doc="top-level statements of the main program"),
        *PROGRAM_KNOBS,
        Knob("functions", [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4], (0, 4),
             doc="functions defined before the main program"),
        Knob("inputs", [1, 1, 1, 1, 1, 1, 2, 2, 2, 2] + [2] * 10, (1, 2), doc="input variables"),
        Knob("input_max", [9, 15, 20, 25, 30, 40, 20, 30, 40, 50, 60, 70, 80, 100, 120, 150, 200, 250, 300, 400],
             (1, 1000), doc="inputs range over 0..input_max"),
        Knob("max_outputs", [1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (1, 20),
             doc="most values the program may print"),
        Knob("min_outputs", [1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6], (1, 20),
             doc="fewest values the program must print (each one a further condition on the input)"),
        Knob("max_steps", [20, 35, 60, 90, 120, 160, 220, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600,
                           1800, 2000], (5, 5000), doc="most statements the run on the hidden input may execute"),
    )
    answer_format = "the input value(s) as integers"
    example = "-1"  # inputs run from 0 up: a negative one is never an answer

    def build(self, rng, params):
        names = INPUT_NAMES[:params["inputs"]]
        top = params["input_max"]
        for program in make_program(rng, params, inputs=names, input_bound=top <= 60,
                                    extra_prints=params["min_outputs"] - 1, loop_prints=False):
            parsed = program
            chosen = {v: rng.randint(0, top) for v in names}
            out = printed(parsed, chosen, params["max_steps"])
            most = max(params["max_outputs"], params["min_outputs"])
            if out is None or not params["min_outputs"] <= len(out) <= most:
                continue
            # the output must depend on the input: most other inputs must print something else
            results = [printed(parsed, {v: rng.randint(0, top) for v in names}, 3 * params["max_steps"])
                       for _ in range(4)]
            if sum(r == out for r in results) <= 1 and sum(r is None for r in results) <= 1:
                break
        else:  # pragma: no cover
            raise RuntimeError("could not generate a program")
        text = render(program)  # parse(render(p)) == p: the verifier runs this text
        ranges = " and ".join(f"{v}" for v in names)
        setting = (f"The program starts with the variable{'s' if len(names) > 1 else ''} {ranges} already set to "
                   f"the input{'s' if len(names) > 1 else ''}: {'each' if len(names) > 1 else 'an'} integer from 0 "
                   f"to {top}.")
        shown = ", ".join(map(str, out)) + (" (in this order)" if len(out) > 1 else "")
        question = (f"{LANGUAGE}\n\n{setting} Find {'inputs' if len(names) > 1 else 'an input'} for which the "
                    f"program prints exactly {shown} and nothing else. Each print statement prints one integer. "
                    f"Any such input is accepted.\n\n{text}")
        answer = ", ".join(str(chosen[v]) for v in names)
        fmt = ("the value of n as an integer" if len(names) == 1 else
               "the values of n and m as two integers separated by a comma, n first")
        return Draft(question, answer, {"program": text, "inputs": list(names), "max": top, "output": out},
                     answer_format=fmt, example=self.example if len(names) == 1 else "-1, 4")

    def effort(self, problem):
        """Inverting the program: its trace on the reference input, once for every bit of input
        to be decided (the log of the number of candidate inputs)."""
        c = problem.check
        inputs = dict(zip(c["inputs"], read_int_list(problem.answer)))
        return trace_steps(c["program"], inputs) * len(c["inputs"]) * math.log2(c["max"] + 1)

    def grade(self, answer, problem):
        c = problem.check
        names = c["inputs"]
        try:
            values = read_inputs(answer, names)
        except NotAnAnswer as exc:
            return refused(exc)
        if any(not 0 <= v <= c["max"] for v in values) or re.search(r"-\s*\d", answer):  # nor is "-0"
            return wrong(f"Inputs must be integers from 0 to {c['max']}.")
        try:
            out = run(c["program"], dict(zip(names, values)), max_steps=VERIFY_STEPS, max_outputs=1_000)
        except TinyError:
            return wrong("The program does not run to the end with that input.")
        if out == c["output"]:
            return right()
        return wrong(f"With that input the program prints {', '.join(map(str, out[:20]))}, not the target.")
