"""Tiny: a small imperative language that procgym generates, prints and interprets itself.

Programs are data here, never Python: a tokenizer, a recursive-descent parser and a tree-walking
interpreter with a step limit, a value bound and a call-depth bound, so any program text (ours,
or text from a record) runs in bounded time and memory.

    func double(a) {
        return a * 2;
    }
    xs = [3, 1, 4];
    push(xs, double(len(xs)));
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

Values are integers and lists of integers. `/` is floor division and `%` takes the sign of the
divisor (so a == (a / b) * b + a % b); comparisons, `and`, `or` and `not` give 1 or 0, and any
non-zero integer counts as true. Functions see only their parameters and their own variables.

The AST is nested tuples (JSON-friendly, comparable):
    expressions: ("num", n) ("var", name) ("list", [e...]) ("index", name, e) ("len", name)
                 ("call", name, [e...]) ("neg", e) ("not", e) ("bin", op, e, e)
    statements:  ("assign", name, e) ("setitem", name, e, e) ("push", name, e) ("print", e)
                 ("if", e, [s...], [s...] | None) ("while", e, [s...]) ("return", e)
    program:     ("program", [("func", name, [params], [s...]), ...], [s...])
"""
from __future__ import annotations

import operator
import re

MAX_VALUE = 10**9  # |any integer| during a run
MAX_LIST = 1_000  # elements in one list
MAX_DEPTH = 40  # nested calls
MAX_TEXT = 20_000  # characters of program text the parser accepts
KEYWORDS = {"func", "return", "if", "else", "while", "print", "push", "len", "and", "or", "not"}

PREC = {"or": 1, "and": 2, "==": 4, "!=": 4, "<": 4, "<=": 4, ">": 4, ">=": 4,
        "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
NOT_PREC, NEG_PREC = 3, 7

LANGUAGE = (
    "The language: statements end with ';' and blocks are in braces. Values are integers and lists of integers. "
    "x = e assigns; xs[i] = e sets an element (lists are indexed from 0); push(xs, e) appends e to the end of "
    "list xs; len(xs) is its length; print(e) prints the integer e. if (c) {...} else {...} and while (c) {...} "
    "treat any non-zero value as true. Operators, from loosest to tightest: or; and; not; comparisons "
    "(== != < <= > >=, giving 1 for true and 0 for false); + -; * / %; unary minus. a / b is floor division "
    "(it rounds down: 7 / 2 is 3 and -7 / 2 is -4) and a % b has the sign of b (so -7 % 3 is 2). "
    "func f(a, b) {...} defines a function: it sees only its parameters and its own variables, and "
    "return e ends it with the value e."
)


class TinyError(Exception):
    """A program that cannot run: a syntax error, a runtime error or a limit reached."""


class StepLimit(TinyError):
    """The program ran more steps than allowed (it may not halt)."""


# --------------------------------------------------------------------------- parsing

_TOKEN = re.compile(r"(\d+)|([A-Za-z_][A-Za-z_0-9]*)|(==|!=|<=|>=|[-+*/%<>=(){}\[\];,])|(\S)")


def tokenize(text: str) -> list[str]:
    if len(text) > MAX_TEXT:
        raise TinyError("the program is too long")
    tokens = []
    for number, name, op, bad in _TOKEN.findall(text):
        if bad:
            raise TinyError(f"unexpected character {bad!r}")
        if number and len(number) > 9:
            raise TinyError("a number literal is too long")
        tokens.append(number or name or op)
    return tokens


class _Parser:
    def __init__(self, tokens: list[str]):
        self.t, self.i = tokens, 0

    def peek(self, k: int = 0) -> str | None:
        j = self.i + k
        return self.t[j] if j < len(self.t) else None

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (expected is not None and tok != expected):
            raise TinyError(f"expected {expected or 'more'} but found {tok!r}")
        self.i += 1
        return tok

    def name(self) -> str:
        tok = self.take()
        if not re.fullmatch(r"[A-Za-z_][A-Za-z_0-9]*", tok) or tok in KEYWORDS:
            raise TinyError(f"expected a name but found {tok!r}")
        return tok

    def program(self):
        funcs, main = [], []
        while self.peek() is not None:
            if self.peek() == "func":
                self.take()
                fname = self.name()
                self.take("(")
                params = []
                while self.peek() != ")":
                    if params:
                        self.take(",")
                    params.append(self.name())
                self.take(")")
                funcs.append(("func", fname, params, self.block()))
            else:
                main.append(self.statement())
        return ("program", funcs, main)

    def block(self) -> list:
        self.take("{")
        body = []
        while self.peek() != "}":
            if self.peek() is None:
                raise TinyError("a block is not closed")
            body.append(self.statement())
        self.take("}")
        return body

    def statement(self):
        tok = self.peek()
        if tok == "if":
            self.take()
            self.take("(")
            cond = self.expr()
            self.take(")")
            then = self.block()
            other = None
            if self.peek() == "else":
                self.take()
                other = [self.statement()] if self.peek() == "if" else self.block()
            return ("if", cond, then, other)
        if tok == "while":
            self.take()
            self.take("(")
            cond = self.expr()
            self.take(")")
            return ("while", cond, self.block())
        if tok in ("print", "return"):
            self.take()
            if tok == "print":
                self.take("(")
                value = self.expr()
                self.take(")")
            else:
                value = self.expr()
            self.take(";")
            return (tok, value)
        if tok == "push":
            self.take()
            self.take("(")
            target = self.name()
            self.take(",")
            value = self.expr()
            self.take(")")
            self.take(";")
            return ("push", target, value)
        target = self.name()
        if self.peek() == "[":
            self.take()
            index = self.expr()
            self.take("]")
            self.take("=")
            value = self.expr()
            self.take(";")
            return ("setitem", target, index, value)
        self.take("=")
        value = self.expr()
        self.take(";")
        return ("assign", target, value)

    def expr(self, min_prec: int = 1):
        left = self.unary()
        while True:
            op = self.peek()
            prec = PREC.get(op)
            if prec is None or prec < min_prec:
                return left
            self.take()
            right = self.expr(prec + 1)
            if prec == 4 and PREC.get(self.peek()) == 4:
                raise TinyError("comparisons do not chain: use parentheses")
            left = ("bin", op, left, right)

    def unary(self):
        tok = self.peek()
        if tok == "-":
            self.take()
            operand = self.unary()
            return ("neg", operand)
        if tok == "not":
            self.take()
            return ("not", self.expr(NOT_PREC))
        return self.primary()

    def primary(self):
        tok = self.take()
        if tok.isdigit():
            return ("num", int(tok))
        if tok == "(":
            inner = self.expr()
            self.take(")")
            return inner
        if tok == "[":
            items = []
            while self.peek() != "]":
                if items:
                    self.take(",")
                items.append(self.expr())
            self.take("]")
            return ("list", items)
        if tok == "len":
            self.take("(")
            target = self.name()
            self.take(")")
            return ("len", target)
        self.i -= 1
        name = self.name()
        if self.peek() == "(":
            self.take()
            args = []
            while self.peek() != ")":
                if args:
                    self.take(",")
                args.append(self.expr())
            self.take(")")
            return ("call", name, args)
        if self.peek() == "[":
            self.take()
            index = self.expr()
            self.take("]")
            return ("index", name, index)
        return ("var", name)


def parse(text: str):
    """The AST of a program text; raises TinyError on a syntax error."""
    try:
        return _Parser(tokenize(text)).program()
    except RecursionError:
        raise TinyError("the program nests too deeply") from None


# --------------------------------------------------------------------------- rendering

def render_expr(e, parent: int = 0) -> str:
    kind = e[0]
    if kind == "num":
        return str(e[1])
    if kind == "var":
        return e[1]
    if kind == "list":
        return "[" + ", ".join(render_expr(x) for x in e[1]) + "]"
    if kind == "index":
        return f"{e[1]}[{render_expr(e[2])}]"
    if kind == "len":
        return f"len({e[1]})"
    if kind == "call":
        return f"{e[1]}(" + ", ".join(render_expr(x) for x in e[2]) + ")"
    if kind == "neg":
        inner = e[1]
        text = "-(" + render_expr(inner) + ")" if inner[0] == "neg" else "-" + render_expr(inner, NEG_PREC)
        return f"({text})" if parent > NEG_PREC else text
    if kind == "not":
        text = "not " + render_expr(e[1], NOT_PREC)
        return f"({text})" if parent > NOT_PREC else text
    op, a, b = e[1], e[2], e[3]
    prec = PREC[op]
    # left-associative; comparisons do not chain, so a comparison operand is bracketed too
    text = f"{render_expr(a, prec + (prec == 4))} {op} {render_expr(b, prec + 1)}"
    return f"({text})" if prec < parent else text


def render(program, indent: str = "    ") -> str:
    """Program text for an AST; parse(render(ast)) == ast."""
    lines: list[str] = []

    def block(stmts, depth):
        for s in stmts:
            statement(s, depth)

    def statement(s, depth):
        pad = indent * depth
        kind = s[0]
        if kind == "assign":
            lines.append(f"{pad}{s[1]} = {render_expr(s[2])};")
        elif kind == "setitem":
            lines.append(f"{pad}{s[1]}[{render_expr(s[2])}] = {render_expr(s[3])};")
        elif kind == "push":
            lines.append(f"{pad}push({s[1]}, {render_expr(s[2])});")
        elif kind == "print":
            lines.append(f"{pad}print({render_expr(s[1])});")
        elif kind == "return":
            lines.append(f"{pad}return {render_expr(s[1])};")
        elif kind == "while":
            lines.append(f"{pad}while ({render_expr(s[1])}) {{")
            block(s[2], depth + 1)
            lines.append(f"{pad}}}")
        elif kind == "if":
            lines.append(f"{pad}if ({render_expr(s[1])}) {{")
            block(s[2], depth + 1)
            if s[3] is not None:
                lines.append(f"{pad}}} else {{")
                block(s[3], depth + 1)
            lines.append(f"{pad}}}")
        else:
            raise ValueError(f"unknown statement {kind!r}")

    _, funcs, main = program
    for _, name, params, body in funcs:
        lines.append(f"func {name}({', '.join(params)}) {{")
        block(body, 1)
        lines.append("}")
    block(main, 0)
    return "\n".join(lines)


# --------------------------------------------------------------------------- running

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
            ">=": operator.ge}


class _Return(Exception):
    def __init__(self, value):
        self.value = value


class Interpreter:
    """Runs a program AST. `run` returns the printed integers; errors raise TinyError."""

    def __init__(self, program, max_steps: int = 100_000, max_outputs: int = 1_000):
        _, funcs, self.main = program
        self.funcs = {}
        for _, name, params, body in funcs:
            if name in self.funcs:
                raise TinyError(f"function {name} is defined twice")
            self.funcs[name] = (params, body)
        self.max_steps, self.max_outputs = max_steps, max_outputs
        self.steps, self.depth = 0, 0
        self.output: list[int] = []

    def run(self, inputs: dict | None = None) -> list[int]:
        env = dict(inputs or {})
        try:
            self.block(self.main, env)
        except _Return:
            raise TinyError("return outside a function") from None
        except RecursionError:
            raise TinyError("the program nests too deeply") from None
        self.variables = env
        return self.output

    def tick(self):
        self.steps += 1
        if self.steps > self.max_steps:
            raise StepLimit(f"more than {self.max_steps} steps")

    def block(self, stmts, env):
        for s in stmts:
            self.steps += 1
            if self.steps > self.max_steps:
                raise StepLimit(f"more than {self.max_steps} steps")
            kind = s[0]
            if kind == "assign":
                env[s[1]] = self.value(s[2], env)
            elif kind == "while":
                value, body = self.value, s[2]
                while self.truth(value(s[1], env)):
                    self.block(body, env)
                    self.tick()
            elif kind == "if":
                if self.truth(self.value(s[1], env)):
                    self.block(s[2], env)
                elif s[3] is not None:
                    self.block(s[3], env)
            else:
                self.statement(s, env)

    def statement(self, s, env):
        """The statements `block` does not handle inline: print, setitem, push, return."""
        kind = s[0]
        if kind == "print":
            v = self.value(s[1], env)
            if type(v) is not int:
                raise TinyError("print takes an integer")
            self.output.append(v)
            if len(self.output) > self.max_outputs:
                raise TinyError("too much output")
        elif kind == "setitem":
            xs = self.list_var(s[1], env)
            i = self.index(xs, self.value(s[2], env))
            xs[i] = self.integer(self.value(s[3], env))
        elif kind == "push":
            xs = self.list_var(s[1], env)
            if len(xs) >= MAX_LIST:
                raise TinyError("a list grew too long")
            xs.append(self.integer(self.value(s[2], env)))
        elif kind == "return":
            raise _Return(self.value(s[1], env))
        else:
            raise TinyError(f"unknown statement {kind!r}")

    @staticmethod
    def truth(v) -> bool:
        if type(v) is not int:
            raise TinyError("a condition must be an integer")
        return v != 0

    @staticmethod
    def integer(v) -> int:
        if type(v) is not int:
            raise TinyError("expected an integer, found a list")
        return v

    def list_var(self, name, env) -> list:
        if name not in env:
            raise TinyError(f"{name} is not defined")
        xs = env[name]
        if not isinstance(xs, list):
            raise TinyError(f"{name} is not a list")
        return xs

    @staticmethod
    def index(xs, i) -> int:
        if not isinstance(i, int) or not 0 <= i < len(xs):
            raise TinyError(f"index {i} is out of range")
        return i

    def value(self, e, env):
        kind = e[0]
        if kind == "num":
            return e[1]
        if kind == "var":
            try:
                return env[e[1]]
            except KeyError:
                raise TinyError(f"{e[1]} is not defined") from None
        if kind == "bin":
            op = e[1]
            if op == "and":
                return 1 if self.truth(self.value(e[2], env)) and self.truth(self.value(e[3], env)) else 0
            if op == "or":
                return 1 if self.truth(self.value(e[2], env)) or self.truth(self.value(e[3], env)) else 0
            a = self.value(e[2], env)
            b = self.value(e[3], env)
            if type(a) is not int or type(b) is not int:
                raise TinyError("expected an integer, found a list")
            if op in _COMPARE:
                return int(_COMPARE[op](a, b))
            if op in ("/", "%"):
                if b == 0:
                    raise TinyError("division by zero")
                r = a // b if op == "/" else a % b
            elif op == "+":
                r = a + b
            elif op == "-":
                r = a - b
            elif op == "*":
                r = a * b
            else:
                raise TinyError(f"unknown operator {op!r}")
            if not -MAX_VALUE <= r <= MAX_VALUE:
                raise TinyError("a value grew too large")
            return r
        if kind == "neg":
            return -self.integer(self.value(e[1], env))
        if kind == "not":
            return 0 if self.truth(self.value(e[1], env)) else 1
        if kind == "index":
            xs = self.list_var(e[1], env)
            return xs[self.index(xs, self.value(e[2], env))]
        if kind == "len":
            return len(self.list_var(e[1], env))
        if kind == "list":
            if len(e[1]) > MAX_LIST:
                raise TinyError("a list is too long")
            return [self.integer(self.value(x, env)) for x in e[1]]
        if kind == "call":
            return self.call(e[1], [self.value(x, env) for x in e[2]])
        raise TinyError(f"unknown expression {kind!r}")

    def call(self, name, args):
        if name not in self.funcs:
            raise TinyError(f"function {name} is not defined")
        params, body = self.funcs[name]
        if len(args) != len(params):
            raise TinyError(f"{name} takes {len(params)} arguments")
        if self.depth >= MAX_DEPTH:
            raise TinyError("too many nested calls")
        self.tick()
        self.depth += 1
        try:
            self.block(body, dict(zip(params, args)))
        except _Return as r:
            return r.value
        finally:
            self.depth -= 1
        return 0


def run(program, inputs: dict | None = None, max_steps: int = 100_000, max_outputs: int = 1_000) -> list[int]:
    """The integers a program (an AST or its text) prints; raises TinyError when it cannot run."""
    if isinstance(program, str):
        program = parse(program)
    return Interpreter(program, max_steps, max_outputs).run(inputs)
