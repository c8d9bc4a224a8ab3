"""The tape machine (Brainfuck-like) of the code/tape_* tasks: its rules, a compiler and a
step-bounded interpreter written here (model inputs run only through these, never through Python),
and a generator of programs that always halt."""
from __future__ import annotations

TAPE_RULES = (
    "A tape machine has a row of cells numbered 0, 1, 2, ..., each holding a number from 0 to 255 (all start at 0), "
    "and a pointer that starts at cell 0. It runs its program one symbol at a time, left to right:\n"
    "+ adds 1 to the current cell (255 + 1 wraps to 0); - subtracts 1 (0 - 1 wraps to 255); > moves the pointer "
    "one cell right; < moves it one cell left; . outputs the current cell's value as a number; , reads the next "
    "input number into the current cell; [ jumps to just after the matching ] if the current cell is 0; "
    "] jumps back to just after the matching [ if the current cell is not 0. Other characters are ignored."
)
MAX_CELLS = 256


class TapeError(Exception):
    """A tape program that cannot run: unbalanced brackets, the pointer left of cell 0, too many
    steps, or an input read past the end of the inputs."""


def compile_tape(program: str) -> list[tuple]:
    """Runs of + - and < > merged into ('add', n) and ('move', n); brackets become ('jz', t) and
    ('jnz', t) with matched targets; '.' -> ('out',), ',' -> ('in',). Raises TapeError."""
    ops: list[list] = []
    stack: list[int] = []
    for ch in program:
        if ch in "+-":
            d = 1 if ch == "+" else -1
            if ops and ops[-1][0] == "add":
                ops[-1][1] += d
            else:
                ops.append(["add", d])
        elif ch in "<>":
            d = 1 if ch == ">" else -1
            if ops and ops[-1][0] == "move":
                ops[-1][1] += d
            else:
                ops.append(["move", d])
        elif ch == "[":
            stack.append(len(ops))
            ops.append(["jz", None])
        elif ch == "]":
            if not stack:
                raise TapeError("a ] has no matching [")
            start = stack.pop()
            ops[start][1] = len(ops) + 1
            ops.append(["jnz", start + 1])
        elif ch == ".":
            ops.append(["out"])
        elif ch == ",":
            ops.append(["in"])
    if stack:
        raise TapeError("a [ has no matching ]")
    return _fold_simple_loops([tuple(op) for op in ops])


def _fold_simple_loops(ops: list[tuple]) -> list[tuple]:
    """Replace each innermost loop whose body only adds and moves, returns the pointer to where it
    started and takes exactly 1 from the starting cell per pass (like [->+++<]) by one ('loop',
    changes, body_length) op that applies the body v times at once, v being the starting cell's
    value. The result and the step count are exactly those of running the loop pass by pass."""
    out: list[tuple] = []
    i = 0
    while i < len(ops):
        op = ops[i]
        if op[0] == "jz":
            j, offset, changes = i + 1, 0, {}
            while j < len(ops) and ops[j][0] in ("add", "move"):
                if ops[j][0] == "add":
                    changes[offset] = changes.get(offset, 0) + ops[j][1]
                else:
                    offset += ops[j][1]
                j += 1
            if j < len(ops) and ops[j][0] == "jnz" and offset == 0 and changes.get(0, 0) % 256 == 255:
                rest = tuple(sorted((k, v) for k, v in changes.items() if k != 0))
                out.append(("loop", rest, j - i - 1))
                i = j + 1
                continue
        out.append(op)
        i += 1
    # jump targets moved: recompute them from the bracket structure of the new list
    fixed, stack = [], []
    for k, op in enumerate(out):
        if op[0] == "jz":
            stack.append(k)
            fixed.append(None)
        elif op[0] == "jnz":
            start = stack.pop()
            fixed[start] = ("jz", k + 1)
            fixed.append(("jnz", start + 1))
        else:
            fixed.append(op)
    return fixed


def run_tape(program, inputs=(), max_steps: int = 100_000) -> tuple[list[int], int]:
    """The outputs and the number of compiled steps run; `program` is text or the list that
    compile_tape made of it. Raises TapeError."""
    out, steps, _ = trace_tape(program, inputs, max_steps)
    return out, steps


def trace_tape(program, inputs=(), max_steps: int = 100_000) -> tuple[list[int], int, int]:
    """run_tape's outputs and steps, and the steps a reader works through: every compiled step,
    except that a simple loop (folded into one multiplication) counts one step per cell it
    changes instead of one per pass."""
    ops = compile_tape(program) if isinstance(program, str) else program
    tape = [0] * MAX_CELLS
    ptr = pc = steps = 0
    folded = 0  # steps of simple loops that a multiplication does at once
    out: list[int] = []
    feed = list(inputs)
    n = len(ops)
    while pc < n:
        steps += 1
        if steps > max_steps:
            raise TapeError("too many steps")
        op = ops[pc]
        kind = op[0]
        pc += 1
        if kind == "add":
            tape[ptr] = (tape[ptr] + op[1]) & 255
        elif kind == "move":
            ptr += op[1]
            if not 0 <= ptr < MAX_CELLS:
                raise TapeError("the pointer left the tape")
        elif kind == "jz":
            if tape[ptr] == 0:
                pc = op[1]
        elif kind == "jnz":
            if tape[ptr] != 0:
                pc = op[1]
        elif kind == "loop":
            v = tape[ptr]
            if v:
                # the same steps as the pass-by-pass run: the [ once, then body and ] v times
                steps += v * (op[2] + 1)
                folded += v * (op[2] + 1) - len(op[1])
                if steps > max_steps:
                    raise TapeError("too many steps")
                for off, d in op[1]:
                    if not 0 <= ptr + off < MAX_CELLS:
                        raise TapeError("the pointer left the tape")
                    tape[ptr + off] = (tape[ptr + off] + d * v) & 255
                tape[ptr] = 0
        elif kind == "out":
            out.append(tape[ptr])
        else:
            if not feed:
                raise TapeError("the program reads more inputs than were given")
            tape[ptr] = feed.pop(0) & 255
    return out, steps, steps - folded


class TapeGenerator:
    """Programs that always halt: a loop's counter cell is decremented exactly once per pass and
    touched nowhere else in its body, and the body returns the pointer to the counter, so a loop
    runs as many times as its counter's value. Nested loops multiply."""

    def __init__(self, rng, cells: int, max_add: int, nesting: int):
        self.rng, self.cells, self.max_add, self.nesting = rng, cells, max_add, nesting
        self.ptr = 0

    def goto(self, cell: int) -> str:
        d = cell - self.ptr
        self.ptr = cell
        return (">" * d) if d > 0 else ("<" * -d)

    def block(self, items: int, depth: int, busy: frozenset, outputs: bool = True) -> str:
        rng, out = self.rng, []
        free = [c for c in range(self.cells) if c not in busy]
        for _ in range(items):
            r = rng.random()
            cell = free[rng.randrange(len(free))]
            if r < 0.3 and depth < self.nesting and len(free) >= 2:
                out.append(self.goto(cell) + "[")
                inner = self.block(rng.randint(1, 2), depth + 1, busy | {cell}, outputs=False)
                out.append(inner + self.goto(cell) + "-]")
            elif r < 0.42 and outputs:
                out.append(self.goto(cell) + ".")
            else:
                k = rng.randint(1, self.max_add)
                out.append(self.goto(cell) + ("+" * k if rng.random() < 0.8 else "-" * k))
        return "".join(out)

    def finale(self, count: int) -> str:
        """Output `count` different cells at the end, so the final state is asked about too."""
        cells = list(range(self.cells))
        self.rng.shuffle(cells)
        return "".join(self.goto(c) + "." for c in cells[:count])
