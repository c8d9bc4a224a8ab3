"""Tiny programs with numbered lines, run by a tracing subclass of the Tiny interpreter that
records how often each statement runs, every assignment and every function call. The tracing
interpreter only observes: a program runs exactly as _tiny_lang's Interpreter runs it."""
from __future__ import annotations

from .._tiny_lang import Interpreter, StepLimit, TinyError, render_expr


class TracingInterpreter(Interpreter):
    """Interpreter that counts statement executions (by statement object), logs each
    assignment as (name, value) and each call as (function, args)."""

    def __init__(self, program, max_steps: int = 20_000, max_outputs: int = 1_000):
        super().__init__(program, max_steps, max_outputs)
        self.counts: dict[int, int] = {}
        self.assigns: list[tuple[str, int]] = []
        self.calls: list[tuple[str, tuple]] = []

    def block(self, stmts, env):
        for s in stmts:
            self.counts[id(s)] = self.counts.get(id(s), 0) + 1
            self.steps += 1
            if self.steps > self.max_steps:
                raise StepLimit(f"more than {self.max_steps} steps")
            kind = s[0]
            if kind == "assign":
                v = self.value(s[2], env)
                env[s[1]] = v
                self.assigns.append((s[1], v))
            elif kind == "while":
                while self.truth(self.value(s[1], env)):
                    self.block(s[2], env)
                    self.tick()
            elif kind == "if":
                if self.truth(self.value(s[1], env)):
                    self.block(s[2], env)
                elif s[3] is not None:
                    self.block(s[3], env)
            else:
                self.statement(s, env)

    def call(self, name, args):
        self.calls.append((name, tuple(args)))
        return super().call(name, args)


def trace(program, inputs: dict | None = None, max_steps: int = 20_000):
    """The finished TracingInterpreter of one run, or None when the run fails or hits a limit."""
    machine = TracingInterpreter(program, max_steps)
    try:
        machine.run(inputs)
    except TinyError:
        return None
    return machine


def walk(program):
    """(statement, enclosing loops) for every statement, in the line order of `numbered`."""
    out = []

    def block(body, loops):
        for s in body:
            out.append((s, loops))
            if s[0] == "while":
                block(s[2], loops + 1)
            elif s[0] == "if":
                block(s[2], loops)
                if s[3] is not None:
                    block(s[3], loops)

    for f in program[1]:
        block(f[3], 0)
    block(program[2], 0)
    return out


def numbered(program, indent: str = "    "):
    """Program text in which every statement line carries its number (braces are unnumbered),
    and the statements in line order as (line, statement, depth of enclosing loops)."""
    lines: list[str] = []
    stmts: list[tuple[int, tuple, int]] = []

    def put(text, depth, s=None, loops=0):
        if s is not None:
            stmts.append((len(stmts) + 1, s, loops))
            lines.append(f"{len(stmts):>3}  {indent * depth}{text}")
        else:
            lines.append(f"     {indent * depth}{text}")

    def block(body, depth, loops):
        for s in body:
            kind = s[0]
            if kind == "assign":
                put(f"{s[1]} = {render_expr(s[2])};", depth, s, loops)
            elif kind == "setitem":
                put(f"{s[1]}[{render_expr(s[2])}] = {render_expr(s[3])};", depth, s, loops)
            elif kind == "push":
                put(f"push({s[1]}, {render_expr(s[2])});", depth, s, loops)
            elif kind == "print":
                put(f"print({render_expr(s[1])});", depth, s, loops)
            elif kind == "return":
                put(f"return {render_expr(s[1])};", depth, s, loops)
            elif kind == "while":
                put(f"while ({render_expr(s[1])}) {{", depth, s, loops)
                block(s[2], depth + 1, loops + 1)
                put("}", depth)
            elif kind == "if":
                put(f"if ({render_expr(s[1])}) {{", depth, s, loops)
                block(s[2], depth + 1, loops)
                if s[3] is not None:
                    put("} else {", depth)
                    block(s[3], depth + 1, loops)
                put("}", depth)
            else:
                raise ValueError(f"unknown statement {kind!r}")

    _, funcs, main = program
    for _, name, params, body in funcs:
        put(f"func {name}({', '.join(params)}) {{", 0)
        block(body, 1, 0)
        put("}", 0)
    block(main, 0, 0)
    return "\n".join(lines), stmts


# --------------------------------------------------------------------------- a program generator

VARS = ("x", "y", "z")
COUNTERS = ("i", "j", "k", "l")


class LoopProgram:
    """Random structured programs over x, y, z and an input n: assignments kept small by `%`,
    if/else on comparisons, and counted while loops whose bound is a constant, n, or an
    enclosing counter (so loop counts depend on the loop nest, not only on constants)."""

    def __init__(self, rng, depth: int, iterations: int, input_loops: bool):
        self.rng, self.depth, self.iterations, self.input_loops = rng, depth, iterations, input_loops

    def pick(self, seq):
        return seq[self.rng.randrange(len(seq))]

    def term(self, counters):
        r = self.rng.random()
        if counters and r < 0.3:
            return ("var", self.pick(counters))
        if r < 0.75:
            return ("var", self.pick(VARS))
        return ("num", self.rng.randint(1, 9))

    def expr(self, counters):
        rng = self.rng
        a, b = self.term(counters), self.term(counters)
        if a == b:  # x - x and the like are trivial
            b = ("num", self.rng.randint(1, 9)) if a[0] != "num" else ("var", self.pick(VARS))
        op = self.pick(("+", "+", "-", "*"))
        e = ("bin", op, a, b)
        if op == "*" or rng.random() < 0.4:
            e = ("bin", "%", e, ("num", rng.randint(5, 19)))
        return e

    def cond(self, counters):
        rng = self.rng
        r = rng.random()
        if r < 0.3:
            return ("bin", self.pick(("==", "!=")), ("bin", "%", self.term(counters), ("num", rng.randint(2, 3))),
                    ("num", 0))
        if counters and r < 0.5:
            return ("bin", self.pick(("<", ">", "==")), ("var", self.pick(counters)), ("num", rng.randint(0, 3)))
        left, right = ("var", self.pick(VARS)), self.term(counters)
        if right == left:
            right = ("num", rng.randint(0, 9))
        return ("bin", self.pick(("<", "<=", ">", ">=")), left, right)

    def loop(self, counters, depth, size):
        rng = self.rng
        c = COUNTERS[len(counters)]
        r = rng.random()
        if counters and r < 0.35:
            bound = ("bin", "+", ("var", counters[-1]), ("num", rng.randint(0, 2)))
        elif self.input_loops and r < 0.65:
            bound = ("var", "n")
        else:
            bound = ("num", rng.randint(1, self.iterations))
        body = self.block(counters + [c], depth + 1, max(1, size))
        return [("assign", c, ("num", 0)),
                ("while", ("bin", "<", ("var", c), bound), body + [("assign", c, ("bin", "+", ("var", c), ("num", 1)))])]

    def block(self, counters, depth, size, force_loop=False):
        rng = self.rng
        out = []
        for k in range(size):
            r = rng.random()
            if (force_loop and k == 0) or (depth < self.depth and r < 0.35 and len(counters) < len(COUNTERS)):
                out += self.loop(counters, depth, rng.randint(1, 2))
            elif depth < self.depth and r < 0.6:
                other = self.block(counters, depth + 1, 1) if rng.random() < 0.5 else None
                out.append(("if", self.cond(counters), self.block(counters, depth + 1, rng.randint(1, 2)), other))
            else:
                out.append(("assign", self.pick(VARS), self.expr(counters)))
        return out

    def program(self, statements: int):
        rng = self.rng
        init = [("assign", v, ("num", rng.randint(0, 9))) for v in VARS]
        body = self.block([], 0, statements, force_loop=True)
        return ("program", [], init + body)


def draw_loop_program(rng, params: dict, accept, attempts: int = 25):
    """The first (program, n, machine) drawn for the knobs whose run `accept(program, machine)`
    approves and runs at least a third of max_steps (so the work grows with the level, not with
    luck); bounded: after `attempts` draws the longest approved run (else the longest run) is taken."""
    gen = LoopProgram(rng, params["depth"], params["iterations"], params["input_loops"])
    floor = params["max_steps"] // 3
    best, best_any = None, None
    for _ in range(attempts):
        program = gen.program(params["statements"])
        n = rng.randint(1, params["iterations"])
        machine = trace(program, {"n": n}, params["max_steps"])
        if machine is None:
            continue
        if best_any is None or machine.steps > best_any[2].steps:
            best_any = (program, n, machine)
        if machine.steps >= floor and accept(program, machine):
            return program, n, machine
        if (best is None or machine.steps > best[2].steps) and accept(program, machine):
            best = (program, n, machine)
    if best_any is None:  # pragma: no cover - a run within the limits is practically always drawn
        raise RuntimeError("could not generate a program")
    return best or best_any


def loop_knobs(Knob):
    """The knobs shared by the line-tracing tasks (Knob passed in to keep this module light)."""
    return (
        Knob("statements", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12], (1, 20),
             doc="top-level statements after the initial assignments"),
        Knob("depth", [1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="deepest nesting of loops and ifs"),
        Knob("iterations", [2, 3, 3, 4, 4, 4, 5, 5, 5, 6] + [6] * 10, (1, 12),
             doc="largest constant loop bound (and the input n)"),
        Knob("input_loops", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="loops may run up to the input n"),
        Knob("max_steps", [60, 90, 130, 180, 240, 300, 380, 460, 550, 650, 720, 800, 880, 960, 1040, 1120, 1200,
                           1280, 1360, 1450], (20, 5000),
             doc="most statements a run may execute (a run is redrawn below a third of it)"),
    )
