"""Machine traces: a stack machine and a register machine, each interpreted here, with jumps
that make loops and branches. Programs are generated as labelled blocks and assembled to
numbered lines; the answer is the machine's final state after running the program."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, is_none, read_int, read_labelled, refused
from procgym.verdict import right, wrong

from ._int_lists import read_int_list

MAX_VALUE = 10**6  # |any value| during a generated run
MAX_TRACE = 100_000  # steps effort() allows when it re-runs a program (generated ones take far fewer)
_LISTING = re.compile(r"^ *\d+: (.+)$", re.MULTILINE)
_STARTS = re.compile(r"They start as (.+)\.")
_START_VALUE = re.compile(r"([a-f]) = (-?\d+)")


def read_program(prompt: str) -> list[tuple]:
    """The numbered program listed in a prompt, as instructions with integer arguments."""
    listing = prompt.split("Program:\n", 1)[1].split("\n\n", 1)[0]
    return [tuple(int(a) if a.lstrip("-").isdigit() else a for a in line.split())
            for line in _LISTING.findall(listing)]


class MachineError(Exception):
    """A run that cannot finish: underflow, a bad operand, a value too large or too many steps."""


def assemble(items: list) -> list[tuple]:
    """Resolve labels: `items` holds ("label", name) markers and instructions whose jump target
    is a label name; the result has 1-based line numbers as targets (len + 1 ends the program)."""
    where, line = {}, 1
    for item in items:
        if item[0] == "label":
            where[item[1]] = line
        else:
            line += 1
    out = []
    for item in items:
        if item[0] == "label":
            continue
        out.append(tuple(where[a] if isinstance(a, str) and a.startswith("@") else a for a in item))
    return out


# =========================================================================== stack machine

STACK_RULES = (
    "A stack machine runs a numbered program, starting at line 1 with an empty stack, one line after another, "
    "and stops when it moves past the last line (a jump to the line after the last one also stops it). "
    "Instructions (the top of the stack is its last item):\n"
    "PUSH n: push the integer n. POP: remove the top item. DUP: push a copy of the top item. "
    "SWAP: exchange the top two items. OVER: push a copy of the second item from the top. "
    "ROT: move the third item from the top to the top (x y z becomes y z x).\n"
    "ADD, SUB, MUL, MOD: pop b (the top), then pop a, and push a + b, a - b, a * b, or a mod b "
    "(the remainder of a divided by b, with the sign of b).\n"
    "JZ t: pop the top item and jump to line t if it is 0. JNZ t: pop the top item and jump to line t if it is "
    "not 0. JMP t: jump to line t."
)
NEEDS = {"PUSH": 0, "POP": 1, "DUP": 1, "SWAP": 2, "OVER": 2, "ROT": 3, "ADD": 2, "SUB": 2, "MUL": 2, "MOD": 2,
         "JZ": 1, "JNZ": 1, "JMP": 0}
EFFECT = {"PUSH": 1, "POP": -1, "DUP": 1, "SWAP": 0, "OVER": 1, "ROT": 0, "ADD": -1, "SUB": -1, "MUL": -1,
          "MOD": -1, "JZ": -1, "JNZ": -1, "JMP": 0}


def run_stack(program: list, max_steps: int, max_value: int = MAX_VALUE) -> tuple[list[int], int]:
    """The final stack (bottom first) and the number of steps; raises MachineError."""
    stack: list[int] = []
    pc, steps = 1, 0
    while 1 <= pc <= len(program):
        steps += 1
        if steps > max_steps:
            raise MachineError("too many steps")
        op, *arg = program[pc - 1]
        if len(stack) < NEEDS[op]:
            raise MachineError(f"stack underflow at line {pc}")
        pc += 1
        if op == "PUSH":
            stack.append(arg[0])
        elif op == "POP":
            stack.pop()
        elif op == "DUP":
            stack.append(stack[-1])
        elif op == "SWAP":
            stack[-1], stack[-2] = stack[-2], stack[-1]
        elif op == "OVER":
            stack.append(stack[-2])
        elif op == "ROT":
            stack.append(stack.pop(-3))
        elif op in ("ADD", "SUB", "MUL", "MOD"):
            b, a = stack.pop(), stack.pop()
            if op == "MOD" and b == 0:
                raise MachineError("mod by zero")
            value = a + b if op == "ADD" else a - b if op == "SUB" else a * b if op == "MUL" else a % b
            if abs(value) > max_value:
                raise MachineError("a value grew too large")
            stack.append(value)
        elif op == "JZ":
            if stack.pop() == 0:
                pc = arg[0]
        elif op == "JNZ":
            if stack.pop() != 0:
                pc = arg[0]
        else:  # JMP
            pc = arg[0]
    return stack, steps


class StackGenerator:
    """Labelled stack programs: straight-line segments (a random walk over the stack depth),
    counted loops whose counter sits on top of the value they work on, and conditional skips."""

    def __init__(self, rng, max_count: int, nested: bool):
        self.rng, self.max_count, self.nested, self.labels = rng, max_count, nested, 0

    def label(self) -> str:
        self.labels += 1
        return f"@{self.labels}"

    def segment(self, n: int, depth: int, floor: int, end: int | None, small: bool = False) -> list:
        """`n` or so random instructions from stack depth `depth`, never touching the items below
        `floor`, ending at depth `end` (None: anywhere from floor + 1 up)."""
        rng, out = self.rng, []
        for _ in range(n):
            room = depth - floor
            options = ["PUSH"] * (3 if room < 2 else 1)
            if room >= 1:
                options += ["DUP"] if room < 4 else []
                options += ["POP"] if room >= 2 else []
            if room >= 2:
                options += ["ADD", "ADD", "SUB", "SUB", "MUL", "SWAP", "OVER", "MODK"]
            if room >= 3:
                options += ["ROT", "ADD", "SUB"]
            op = options[rng.randrange(len(options))]
            last = out[-1] if out else ("",)
            if (last[0] == "DUP" and op in ("SUB", "POP", "MODK")) or (last[0] == "PUSH" and op == "POP") \
                    or (last[0] == op == "SWAP"):
                op = "PUSH"  # no instruction pairs that cancel out or always give 0
            if op == "MODK":  # a mod only ever by a pushed positive constant
                out += [("PUSH", rng.randint(2, 9)), ("MOD",)]
                continue
            if op == "MUL" and small:
                out += [("PUSH", rng.randint(2, 3)), ("MUL",)]
                continue
            if op == "PUSH":
                out.append(("PUSH", rng.randint(1, 9)))
            else:
                out.append((op,))
            depth += EFFECT[op]
        target = end if end is not None else min(depth, floor + 1 + rng.randrange(2))
        while depth > target:
            op = ("ADD", "SUB", "MUL", "ADD")[rng.randrange(4)] if depth - floor >= 2 else "POP"
            if out and out[-1][0] == "DUP" and op in ("SUB", "POP"):
                op = "ADD"
            out.append((op,))
            depth -= 1
        while depth < target:
            out.append(("PUSH", rng.randint(1, 9)))
            depth += 1
        return out

    def loop(self, depth: int, inner_allowed: bool) -> list:
        """A counted loop over the top item x: [.. x] -> [.. x'] (the counter is pushed above x)."""
        rng = self.rng
        top, end = self.label(), self.label()
        count = rng.randint(2, self.max_count)
        choice = rng.randrange(4)
        if choice == 0:
            body = [("DUP",), ("ROT",), ("ADD",), ("SWAP",)]  # x += counter
        elif inner_allowed and self.nested and choice == 1:
            body = [("SWAP",)] + self.loop(depth + 1, False) + [("SWAP",)]
        else:
            body = [("SWAP",)] + self.segment(rng.randint(1, 3), depth + 1, depth, depth + 1, small=True) + [("SWAP",)]
        return ([("PUSH", count), ("label", top), ("DUP",), ("JZ", end)] + body
                + [("PUSH", 1), ("SUB",), ("JMP", top), ("label", end), ("POP",)])

    def branch(self, depth: int) -> list:
        """Run a short segment over the top item x only when a test on x holds."""
        rng = self.rng
        skip = self.label()
        k = rng.randint(2, 4)
        test = rng.randrange(3)
        if test == 0:  # x mod k != 0
            head = [("DUP",), ("PUSH", k), ("MOD",), ("JZ", skip)]
        elif test == 1:  # x == k
            head = [("DUP",), ("PUSH", k), ("SUB",), ("JNZ", skip)]
        else:  # x == 0 is skipped
            head = [("DUP",), ("JZ", skip)]
        return head + self.segment(rng.randint(1, 3), depth, depth - 1, depth) + [("label", skip)]

    def program(self, n_ops: int, loops: int, branches: int) -> list:
        rng = self.rng
        blocks = ["loop"] * loops + ["branch"] * branches
        rng.shuffle(blocks)
        pieces = len(blocks) + 1
        sizes = [n_ops // pieces + (1 if i < n_ops % pieces else 0) for i in range(pieces)]
        items: list = [("PUSH", rng.randint(1, 9))]
        depth = 1
        for i, size in enumerate(sizes):
            seg = self.segment(max(1, size), depth, 0, None)
            items += seg
            for ins in seg:
                depth += EFFECT[ins[0]]
            if i < len(blocks):
                items += self.loop(depth, True) if blocks[i] == "loop" else self.branch(depth)
        return assemble(items)


# the stack machine's prompt example: one of these that is not the answer
STACK_EXAMPLES = ("3, -1, 12", "5, 0, -4", "-2, 7", "8, 8, -5, 1")


def render_stack(program: list) -> str:
    width = len(str(len(program)))
    return "\n".join(f"{i:>{width}}: {' '.join(map(str, ins))}" for i, ins in enumerate(program, 1))


@register
class StackMachine(Task):
    """Trace a stack machine (PUSH, POP, DUP, SWAP, OVER, ROT, ADD, SUB, MUL, MOD and the jumps
    JZ, JNZ, JMP) and give the final stack. Level 1 is a few straight-line instructions; higher
    levels add instructions, conditional skips, counted loops (a counter kept on the stack above
    the value it works on), and at levels 9-10 loops nested inside loops, with longer traces.
    Past level 10 (up to 44 instructions and 6 loops) more drawn programs break the value or step limits
    and are drawn again: about 100 problems/s at level 20."""

    name = "code/stack_machine"
    knobs = (
        Knob("n_ops", [4, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 44], (1, 100),
             doc="straight-line instructions outside loops"),
        Knob("branches", [0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6], (0, 10),
             doc="conditional skips"),
        Knob("loops", [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6], (0, 10), doc="counted loops"),
        Knob("nested", [False] * 8 + [True] * 12, doc="allow a loop inside a loop"),
        Knob("max_count", [2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8], (2, 20),
             doc="largest loop count"),
        Knob("max_steps", [12, 20, 30, 60, 80, 100, 150, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1200, 1400, 1600,
                           1800], (5, 5000), doc="most instructions executed"),
    )
    answer_format = "the final stack from bottom to top as integers separated by commas (or the word empty)"
    example = "3, -1, 12"

    def build(self, rng, params):
        gen = StackGenerator(rng, params["max_count"], params["nested"])
        for _ in range(300):
            program = gen.program(params["n_ops"], params["loops"], params["branches"])
            try:
                stack, _steps = run_stack(program, params["max_steps"], max_value=20_000)
            except MachineError:
                continue
            if stack and len(stack) <= 6:
                break
        else:  # pragma: no cover
            raise RuntimeError("could not generate a stack program")
        question = f"{STACK_RULES}\n\nProgram:\n{render_stack(program)}\n\nWhat is on the stack when the program stops?"
        answer = ", ".join(map(str, stack))
        # the example: drawn last, uniformly from the fixed STACK_EXAMPLES that are not the answer
        # (at least 3), so that seeing it rules out only itself
        wrong_stacks = [shown for shown in STACK_EXAMPLES if shown != answer]
        return Draft(question, answer, {"stack": stack}, example=wrong_stacks[rng.randrange(len(wrong_stacks))])

    def effort(self, problem):
        # the trace: every instruction the machine executes before it stops
        return run_stack(read_program(problem.prompt), MAX_TRACE)[1]

    def grade(self, answer, problem):
        expected = problem.check["stack"]
        if is_none(answer) or " ".join(answer.lower().split()) in ("[]", "empty stack", "the stack is empty"):
            return right() if not expected else wrong("The stack is not empty.")
        try:
            given = read_int_list(answer)
        except NotAnAnswer as exc:
            return refused(exc)
        if given == expected:
            return right()
        if given == expected[::-1] and len(expected) > 1:
            return wrong("List the stack from bottom to top.")
        if len(given) != len(expected):
            items = f"{len(expected)} item{'s' if len(expected) != 1 else ''}"
            return wrong(f"The final stack has {items}, not {len(given)}.")
        return wrong("That is not the final stack.")


# =========================================================================== register machine

REGISTER_RULES = (
    "A register machine has integer registers {names}. It runs a numbered program starting at line 1, one line "
    "after another, and stops when it moves past the last line (a jump to the line after the last one also "
    "stops it). In the instructions, r is a register and x is a register or an integer:\n"
    "set r x: r = x. inc r: r = r + 1. dec r: r = r - 1. add r x: r = r + x. sub r x: r = r - x. "
    "mul r x: r = r * x.\n"
    "jnz x t: jump to line t if x is not 0. jmp t: jump to line t."
)
REG_NAMES = "abcdef"


def run_registers(program: list, registers: dict, max_steps: int) -> tuple[dict, int]:
    regs = dict(registers)
    pc, steps = 1, 0

    def val(x):
        return regs[x] if isinstance(x, str) else x

    while 1 <= pc <= len(program):
        steps += 1
        if steps > max_steps:
            raise MachineError("too many steps")
        op, *args = program[pc - 1]
        pc += 1
        if op == "set":
            regs[args[0]] = val(args[1])
        elif op == "inc":
            regs[args[0]] += 1
        elif op == "dec":
            regs[args[0]] -= 1
        elif op == "add":
            regs[args[0]] += val(args[1])
        elif op == "sub":
            regs[args[0]] -= val(args[1])
        elif op == "mul":
            regs[args[0]] *= val(args[1])
        elif op == "jnz":
            if val(args[0]) != 0:
                pc = args[1]
        elif op == "jmp":
            pc = args[0]
        else:
            raise MachineError(f"unknown instruction {op}")
        if op not in ("jnz", "jmp") and abs(regs[args[0]]) > MAX_VALUE:
            raise MachineError("a value grew too large")
    return regs, steps


class RegisterGenerator:
    """Labelled register programs: straight-line arithmetic on the data registers, counted
    do-while loops on a counter register the body leaves alone, and if / if-else blocks."""

    def __init__(self, rng, names: str, max_count: int, nested: bool):
        self.rng, self.names, self.max_count, self.nested, self.labels = rng, names, max_count, nested, 0

    def label(self) -> str:
        self.labels += 1
        return f"@{self.labels}"

    def straight(self, n: int, data: list[str], readable: list[str], in_loop: bool) -> list:
        rng, out = self.rng, []
        for _ in range(n):
            r = data[rng.randrange(len(data))]
            kind = rng.randrange(10)
            x = readable[rng.randrange(len(readable))] if rng.random() < 0.5 else rng.randint(1, 9)
            if x == r:
                x = rng.randint(1, 9)
            last = out[-1] if out else ("", "")
            if last[1] == r and {last[0], ("inc", "dec", "add", "sub")[min(kind // 2, 3)]} in ({"inc", "dec"},
                                                                                               {"add", "sub"}):
                kind = 8 if not in_loop else 5  # no neighbouring instructions that cancel out
            if kind < 2:
                out.append(("inc", r))
            elif kind < 3:
                out.append(("dec", r))
            elif kind < 6:
                out.append(("add", r, x))
            elif kind < 8:
                out.append(("sub", r, x))
            elif kind < 9 and not in_loop:
                out.append(("mul", r, rng.randint(2, 3) if isinstance(x, int) else x))
            else:
                out.append(("set", r, x if not in_loop or isinstance(x, str) else rng.randint(0, 9)))
        return out

    def loop(self, counters: list[str], data: list[str], readable: list[str], depth: int) -> list:
        rng = self.rng
        counter = counters[depth]
        top = self.label()
        count = rng.randint(2, self.max_count)
        inner = readable + [counter]
        body = self.straight(rng.randint(1, 2), data, inner, True)
        if self.nested and depth + 1 < len(counters) and rng.random() < 0.6:
            body += self.loop(counters, data, inner, depth + 1)
            body += self.straight(rng.randint(0, 1), data, inner, True)
        return [("set", counter, count), ("label", top)] + body + [("dec", counter), ("jnz", counter, top)]

    def branch(self, data: list[str], readable: list[str]) -> list:
        rng = self.rng
        test = readable[rng.randrange(len(readable))]
        if rng.random() < 0.5:  # if test == 0: block
            skip = self.label()
            return [("jnz", test, skip)] + self.straight(rng.randint(1, 2), data, readable, False) + [("label", skip)]
        yes, done = self.label(), self.label()  # if test != 0: A else B
        return ([("jnz", test, yes)] + self.straight(rng.randint(1, 2), data, readable, False) + [("jmp", done),
                ("label", yes)] + self.straight(rng.randint(1, 2), data, readable, False) + [("label", done)])

    def program(self, n_ops: int, loops: int, branches: int, counters: list[str], data: list[str]) -> list:
        rng = self.rng
        blocks = ["loop"] * loops + ["branch"] * branches
        rng.shuffle(blocks)
        pieces = len(blocks) + 1
        sizes = [n_ops // pieces + (1 if i < n_ops % pieces else 0) for i in range(pieces)]
        items: list = []
        readable = list(data)
        for i, size in enumerate(sizes):
            items += self.straight(max(1, size), data, readable, False)
            if i < len(blocks):
                items += self.loop(counters, data, readable, 0) if blocks[i] == "loop" else self.branch(data, readable)
        return assemble(items)


def render_registers(program: list) -> str:
    width = len(str(len(program)))
    return "\n".join(f"{i:>{width}}: {' '.join(map(str, ins))}" for i, ins in enumerate(program, 1))


@register
class RegisterMachine(Task):
    """Run a register machine program (set, inc, dec, add, sub, mul, jnz, jmp) and give every
    register's final value. Level 1 is straight-line code on two registers; higher levels add
    registers, if and if-else blocks made of jumps, counted loops, nested loops (levels 6-10)
    and starting values other than zero, with longer traces."""

    name = "code/register_machine"
    knobs = (
        Knob("registers", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6], (2, 6),
             doc="registers (loops use the last ones as counters)"),
        Knob("n_ops", [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34], (1, 100),
             doc="straight-line instructions outside blocks"),
        Knob("branches", [0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 10),
             doc="if or if-else blocks"),
        Knob("loops", [0, 0, 1, 1, 2, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6], (0, 10), doc="counted loops"),
        Knob("nested", [False] * 5 + [True] * 15, doc="allow a loop inside a loop (needs 4 or more registers)"),
        Knob("max_count", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8], (2, 20),
             doc="largest loop count"),
        Knob("initial", [False] * 6 + [True] * 14, doc="start the data registers at given values instead of 0"),
        Knob("max_steps", [10, 20, 40, 60, 80, 120, 160, 200, 260, 320, 400, 480, 560, 640, 720, 800, 900, 1000, 1100,
                           1200], (5, 5000), doc="most instructions executed"),
    )
    answer_format = "every register's final value as name=value pairs separated by commas, e.g. a=1, b=2"
    example = "a=4, z=-3"  # registers run from a to at most f: naming z is never an answer

    def build(self, rng, params):
        names = REG_NAMES[:params["registers"]]
        n_counters = 0 if params["loops"] == 0 else (2 if params["nested"] and len(names) >= 4 else 1)
        counters = list(names[len(names) - n_counters:])
        data = [r for r in names if r not in counters]
        gen = RegisterGenerator(rng, names, params["max_count"], n_counters == 2)
        for _ in range(300):
            start = {r: (rng.randint(-5, 9) if params["initial"] and r in data else 0) for r in names}
            program = gen.program(params["n_ops"], params["loops"], params["branches"], counters, data)
            try:
                final, _steps = run_registers(program, start, params["max_steps"])
            except MachineError:
                continue
            if any(final[r] != start[r] for r in data) and all(abs(v) <= 10_000 for v in final.values()):
                break
        else:  # pragma: no cover
            raise RuntimeError("could not generate a register program")
        listed = ", ".join(names[:-1]) + " and " + names[-1]
        if params["initial"]:
            begin = "They start as " + ", ".join(f"{r} = {start[r]}" for r in names) + "."
        else:
            begin = "All registers start at 0."
        question = (f"{REGISTER_RULES.format(names=listed)}\n{begin}\n\nProgram:\n{render_registers(program)}\n\n"
                    "What are the values of the registers when the program stops?")
        answer = ", ".join(f"{r}={final[r]}" for r in names)
        return Draft(question, answer, {"names": list(names), "values": [final[r] for r in names]})

    def effort(self, problem):
        # the trace: every instruction the machine executes before it stops
        start = dict.fromkeys(problem.check["names"], 0)
        given = _STARTS.search(problem.prompt)
        if given:
            start.update({r: int(v) for r, v in _START_VALUE.findall(given.group(1))})
        return run_registers(read_program(problem.prompt), start, MAX_TRACE)[1]

    def grade(self, answer, problem):
        names, values = problem.check["names"], problem.check["values"]
        try:
            if any(sep in answer for sep in ("=", ":", "->")):
                given = read_labelled(answer, names, read_int)  # by name, any order, every register
                got = [given[n] for n in names]
            else:  # plain values, in the register order a, b, c, ...
                got = read_int_list(answer)
        except NotAnAnswer as exc:
            return refused(exc)
        if len(got) != len(names):
            return wrong(f"Give all {len(names)} registers: {', '.join(names)}.")
        if got == values:
            return right()
        wrong_names = [n for n, g, v in zip(names, got, values) if g != v]
        return wrong(f"Register{'s' if len(wrong_names) > 1 else ''} {', '.join(wrong_names)} "
                     f"{'are' if len(wrong_names) > 1 else 'is'} wrong.")
