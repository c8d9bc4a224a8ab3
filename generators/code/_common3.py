"""Helpers for the tape-machine, Turing-machine, bitwise and regex-design tasks (code category):
interpreters written here (model text is parsed and run only by these, never by Python), each
with a step or size bound, so any program or pattern text runs in bounded time."""
from __future__ import annotations

import re

# =========================================================================== tape machine

TAPE_RULES = (
    "A tape machine has a row of cells numbered 0, 1, 2, ..., each holding a number from 0 to 255 (all start at 0), "
    "and a pointer that starts at cell 0. It runs its program one symbol at a time, left to right:\n"
    "+ adds 1 to the current cell (255 + 1 wraps to 0); - subtracts 1 (0 - 1 wraps to 255); > moves the pointer "
    "one cell right; < moves it one cell left; . outputs the current cell's value as a number; , reads the next "
    "input number into the current cell; [ jumps to just after the matching ] if the current cell is 0; "
    "] jumps back to just after the matching [ if the current cell is not 0. Other characters are ignored."
)
MAX_CELLS = 256
TAPE_SYMBOLS = "+-<>[].,"


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
    ops = compile_tape(program) if isinstance(program, str) else program
    tape = [0] * MAX_CELLS
    ptr = pc = steps = 0
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
    return out, steps


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


# =========================================================================== Turing machine

def run_turing(table: dict, tape: str, max_steps: int, blank: str = "0") -> tuple[str, int] | None:
    """Run a one-tape Turing machine from state 'A' with the head on the first character of
    `tape`. `table[(state, symbol)] = (write, move, next)` with move 'L'/'R' and next 'H' to halt.
    Returns (the tape from its leftmost to its rightmost non-blank cell, steps), or None when it
    does not halt within `max_steps`."""
    cells = {i: c for i, c in enumerate(tape) if c != blank}
    pos, state, steps = 0, "A", 0
    while state != "H":
        if steps >= max_steps:
            return None
        write, move, state = table[(state, cells.get(pos, blank))]
        if write == blank:
            cells.pop(pos, None)
        else:
            cells[pos] = write
        pos += 1 if move == "R" else -1
        steps += 1
    if not cells:
        return "", steps
    lo, hi = min(cells), max(cells)
    return "".join(cells.get(i, blank) for i in range(lo, hi + 1)), steps


# =========================================================================== bitwise expressions

def eval_bits(node, env: dict, width: int) -> int:
    """Value of a bitwise expression tree, unsigned in `width` bits. Nodes: ("var", name),
    ("num", n), ("not", e), ("shl", e, k), ("shr", e, k), ("rotl", e, k), ("and"|"or"|"xor"|"add"|"sub", a, b)."""
    mask = (1 << width) - 1
    kind = node[0]
    if kind == "var":
        return env[node[1]]
    if kind == "num":
        return node[1]
    if kind == "not":
        return ~eval_bits(node[1], env, width) & mask
    if kind in ("shl", "shr", "rotl"):
        v, k = eval_bits(node[1], env, width), node[2]
        if kind == "shl":
            return (v << k) & mask
        if kind == "shr":
            return v >> k
        return ((v << k) | (v >> (width - k))) & mask
    a, b = eval_bits(node[1], env, width), eval_bits(node[2], env, width)
    if kind == "and":
        return a & b
    if kind == "or":
        return a | b
    if kind == "xor":
        return a ^ b
    if kind == "add":
        return (a + b) & mask
    return (a - b) & mask


SYMBOL = {"and": "&", "or": "|", "xor": "^", "add": "+", "sub": "-", "shl": "<<", "shr": ">>"}


def show_bits(node, top: bool = True) -> str:
    """The expression with every binary operation in parentheses (no precedence to recall)."""
    kind = node[0]
    if kind == "var":
        return node[1]
    if kind == "num":
        return str(node[1])
    if kind == "not":
        return "~" + show_bits(node[1], False)
    if kind == "rotl":
        return f"rotl({show_bits(node[1], True)}, {node[2]})"
    if kind in ("shl", "shr"):
        text = f"{show_bits(node[1], False)} {SYMBOL[kind]} {node[2]}"
    else:
        text = f"{show_bits(node[1], False)} {SYMBOL[kind]} {show_bits(node[2], False)}"
    return text if top else f"({text})"


_HEX = re.compile(r"[+]?0x[0-9a-f]{1,64}")
_BIN = re.compile(r"[+]?0b[01]{1,256}")
_DEC = re.compile(r"[+-]?\d{1,80}")


def read_unsigned(answer: str) -> int | None:
    """A number written in decimal, 0x hexadecimal or 0b binary (underscores and spaces between
    digit groups allowed); None when it is none of these."""
    s = answer.strip().strip("'\"`").strip().rstrip(".").lower().replace("_", "")
    s = re.sub(r"(?<=[0-9a-fx])\s+(?=[0-9a-f])", "", s)
    if _HEX.fullmatch(s):
        return int(s.lstrip("+"), 16)
    if _BIN.fullmatch(s):
        return int(s.lstrip("+"), 2)
    s = s.replace(",", "") if re.fullmatch(r"[+-]?\d{1,3}(,\d{3})+", s) else s
    if _DEC.fullmatch(s):
        return int(s)
    return None


# =========================================================================== regex design

REGEX_SYNTAX = (
    "Pattern syntax (nothing else is allowed): a lowercase letter matches itself; . matches any one character; "
    "[abc] matches one of the listed letters and [^abc] any letter not listed (a range like [a-c] is allowed); "
    "X* matches zero or more of X, X+ one or more, X? zero or one, where X is the single letter, . or [...] just "
    "before the operator. There are no groups, no |, and no anchors: a pattern must match a whole string."
)
MAX_PATTERN = 60


class PatternError(ValueError):
    pass


def parse_pattern(pattern: str) -> list[tuple]:
    """[(atom, op)] with atom ('lit', c) | ('any',) | ('class', negated, frozenset) and op in
    '', '*', '+', '?'. Only the whitelisted syntax above is accepted; raises PatternError."""
    if len(pattern) > MAX_PATTERN:
        raise PatternError(f"the pattern is longer than {MAX_PATTERN} characters")
    items, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if "a" <= c <= "z":
            atom, i = ("lit", c), i + 1
        elif c == ".":
            atom, i = ("any",), i + 1
        elif c == "[":
            j = pattern.find("]", i + 1)
            if j < 0:
                raise PatternError("a [ is not closed")
            body = pattern[i + 1:j]
            neg = body.startswith("^")
            body = body[1:] if neg else body
            if not re.fullmatch(r"([a-z]-[a-z]|[a-z])+", body):
                raise PatternError("a [...] class may hold only lowercase letters and ranges like a-c")
            chars, k = set(), 0
            while k < len(body):
                if k + 2 < len(body) and body[k + 1] == "-":
                    if body[k] > body[k + 2]:
                        raise PatternError("a range in [...] runs backwards")
                    chars.update(chr(x) for x in range(ord(body[k]), ord(body[k + 2]) + 1))
                    k += 3
                else:
                    chars.add(body[k])
                    k += 1
            atom, i = ("class", neg, frozenset(chars)), j + 1
        else:
            raise PatternError(f"the character {c!r} is not allowed here")
        op = ""
        if i < len(pattern) and pattern[i] in "*+?":
            op, i = pattern[i], i + 1
        items.append((atom, op))
    return items


def _atom_ok(atom, ch: str) -> bool:
    if atom[0] == "lit":
        return ch == atom[1]
    if atom[0] == "any":
        return True
    return (ch in atom[2]) != atom[1]


def full_match(items: list[tuple], text: str) -> bool:
    """Whether the parsed pattern matches all of `text`: the set of reachable positions is carried
    item by item, so the time is O(items * len(text)^2) whatever the pattern (no backtracking)."""
    n = len(text)
    positions = {0}
    for atom, op in items:
        step = {p + 1 for p in positions if p < n and _atom_ok(atom, text[p])}
        if op == "":
            positions = step
        elif op == "?":
            positions = positions | step
        else:
            reach = set(step) if op == "+" else set(positions) | step
            frontier = set(step)
            while frontier:
                frontier = {p + 1 for p in frontier if p < n and _atom_ok(atom, text[p])} - reach
                reach |= frontier
            positions = reach
        if not positions:
            return False
    return n in positions
