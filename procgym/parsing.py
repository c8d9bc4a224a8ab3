"""Safe parsing of answers that a model wrote: numbers, lists and symbolic expressions.

Model text is never executed. Expressions go through `ast.parse` (which only parses) and a
whitelist walk that builds sympy objects directly; anything outside the whitelist is rejected.
Every input is bounded: text length, digits per literal, node count, nesting depth and the size
of powers, so `10^10^10`, deep nesting or megabytes of text fail fast with `ParseError`.

    parse_number("-3/4")                  # Fraction(-3, 4)
    parse_expression("2x(x+1)^2", ["x"])  # sympy: 2*x*(x + 1)**2
    equivalent(parse_expression("(x+1)^2", ["x"]), x**2 + 2*x + 1)   # True
"""
from __future__ import annotations

import ast
import hashlib
import math
import random
import re
import threading
from fractions import Fraction

import mpmath
import sympy

from . import budget as _budget

MAX_TEXT = 5_000  # characters of one expression
MAX_DIGITS = 300  # digits of one numeric literal
MAX_NODES = 1_500  # AST nodes of one expression
MAX_DEPTH = 60  # bracket nesting
MAX_EXPONENT = 1_000  # |n| in x^n for a numeric n
MAX_RESULT_DIGITS = 5_000  # digits of a numeric power's result
# total degree in the variables, with exponents multiplied through nesting: ((x+1)^1000)^1000 is
# degree 10^6, and a verifier that expands or builds a Poly from it would never finish
MAX_DEGREE = 100
MAX_PROBE_BITS = 20_000  # log2 of the largest magnitude a probe evaluation may reach (~10^6000)


class ParseError(ValueError):
    """The text is not an answer of the expected form; the message says why, in one sentence."""


# ---------------------------------------------------------------- numbers

_INT = re.compile(r"[+-]?\d{1,%d}" % MAX_DIGITS)
# thousands groups only when well formed: no space after a comma and no leading zero, so "0, 5"
# and "1, 234" stay two numbers (a list) instead of silently becoming 5 and 1234
_GROUPED_INT = re.compile(r"[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d+)?")
_DECIMAL = re.compile(r"[+-]?(\d{0,%d}\.\d{1,%d}|\d{1,%d}\.?)([eE][+-]?\d{1,3})?" % (MAX_DIGITS, MAX_DIGITS, MAX_DIGITS))
_FRACTION = re.compile(r"([+-]?\d{1,%d})\s*/\s*([+-]?\d{1,%d})" % (MAX_DIGITS, MAX_DIGITS))
_LATEX_FRAC = re.compile(r"([+-]?)\\[dt]?frac\{\s*([+-]?\d{1,%d})\s*\}\{\s*([+-]?\d{1,%d})\s*\}" % (MAX_DIGITS, MAX_DIGITS))
_UNICODE = {"\u2212": "-", "\u2013": "-", "\u00d7": "*", "\u00b7": "*", "\u22c5": "*", "\u00f7": "/", "\u2044": "/"}


def clean(text: str) -> str:
    """Strip math-mode wrappers, thin spaces and unicode operator look-alikes."""
    s = text.strip()
    for k, v in _UNICODE.items():
        s = s.replace(k, v)
    s = re.sub(r"^\$+|\$+$", "", s).strip()
    s = re.sub(r"^\\[(\[]|\\[)\]]$", "", s).strip()
    s = s.replace("\\!", "").replace("\\,", "").replace("\\;", "").replace("\\ ", " ")
    s = s.replace("\\left", "").replace("\\right", "").replace("\\displaystyle", "")
    return s.strip()


def _compact(text: str) -> str:
    """Cleaned text without spaces; digits separated only by spaces ("1 3/4", "12 5") are refused
    rather than silently joined into another number, and so is a comma-separated list."""
    s = clean(text).rstrip(".")
    if _SPACED_DIGITS.search(s):
        raise ParseError(f"digits separated by a space in {_preview(text)}: write one number")
    if "," in s and not _GROUPED_INT.fullmatch(s.lstrip("$")):
        raise ParseError(f"expected one number, got a list {_preview(text)}")
    return s.replace(" ", "")


_SPACED_DIGITS = re.compile(r"\d\s+[\d.]|\.\s+\d")
_ZERO_DECIMALS = re.compile(r"(?<=\d)\.0+$")


def parse_int(text: str) -> int:
    """An integer written plainly: `42`, `-7`, `+3`, `1,234,567`; a trailing period is allowed."""
    s = _compact(text)
    if _GROUPED_INT.fullmatch(s):
        s = s.replace(",", "")
    s = _ZERO_DECIMALS.sub("", s)  # "42.0" is the integer 42
    if not _INT.fullmatch(s):
        raise ParseError(f"expected an integer, got {_preview(text)}")
    return int(s)


def parse_number(text: str) -> Fraction:
    """An exact rational: an integer, a finite decimal (`0.25`, `1e-3`), `p/q`, or `\\frac{p}{q}`."""
    s = _compact(text)
    if _GROUPED_INT.fullmatch(s):
        s = s.replace(",", "")
    m = _LATEX_FRAC.fullmatch(s)
    if m:
        sign, p, q = m.groups()
        value = _ratio(p, q)
        return -value if sign == "-" else value
    m = _FRACTION.fullmatch(s)
    if m:
        return _ratio(*m.groups())
    if _DECIMAL.fullmatch(s) and any(ch.isdigit() for ch in s):
        return Fraction(s)
    raise ParseError(f"expected a number (an integer, decimal or fraction p/q), got {_preview(text)}")


def _ratio(p: str, q: str) -> Fraction:
    if int(q) == 0:
        raise ParseError("the fraction has a zero denominator")
    return Fraction(int(p), int(q))


def parse_list(text: str, separators: str = ",;") -> list[str]:
    """Items of a list answer: brackets stripped, split on the separators, whitespace trimmed.

    `"[A, B, C]"`, `"A,B,C"` and `"(A; B; C)"` all give ["A", "B", "C"]; an empty text gives [].
    """
    s = clean(text)
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    if not s.strip():
        return []
    parts = re.split("[" + re.escape(separators) + "]", s)
    return [p.strip() for p in parts]


def _preview(text: str, n: int = 40) -> str:
    text = str(text)
    return repr(text if len(text) <= n else text[:n] + "...")


# ---------------------------------------------------------------- expressions

FUNCTIONS = {
    "sqrt": sympy.sqrt, "exp": sympy.exp, "log": sympy.log, "ln": sympy.log,
    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "cot": sympy.cot,
    "sec": sympy.sec, "csc": sympy.csc, "asin": sympy.asin, "acos": sympy.acos,
    "atan": sympy.atan, "arcsin": sympy.asin, "arccos": sympy.acos, "arctan": sympy.atan,
    "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh, "abs": sympy.Abs,
}
CONSTANTS = {"pi": sympy.pi, "e": sympy.E, "E": sympy.E, "oo": sympy.oo, "inf": sympy.oo, "infinity": sympy.oo}
_LATEX_WORDS = {
    "\\cdot": "*", "\\times": "*", "\\div": "/", "\\pi": " pi ", "\\infty": " oo ",
    "\\ln": " ln", "\\log": " log", "\\exp": " exp",
    **{f"\\{f}": f" {f}" for f in ("sin", "cos", "tan", "cot", "sec", "csc", "arcsin", "arccos",
                                   "arctan", "sinh", "cosh", "tanh")},
}
_TOKEN = re.compile(r"\s*(?:(\d+\.\d*|\.\d+|\d+)|([A-Za-z_][A-Za-z_0-9]*)|(\*\*|[-+*/(),|]))")
MAX_SYMBOLIC_POWERS = 6  # powers with a variable exponent: x^x^x... towers make evaluation explode


def latex_to_plain(s: str) -> str:
    """Rewrite the LaTeX a model commonly writes (\\frac, \\sqrt, ^{}, \\cdot, ...) as plain math."""
    for word, plain in _LATEX_WORDS.items():
        s = s.replace(word, plain)
    s = re.sub(r"\\[dt]frac", r"\\frac", s)
    s = _rewrite_commands(s)
    s = s.replace("{", "(").replace("}", ")").replace("[", "(").replace("]", ")")
    if "\\" in s:
        raise ParseError("the expression has an unsupported LaTeX command")
    return s


def _check_nesting(s: str) -> None:
    """Refuse brackets of any kind ((), [], {}) nested deeper than MAX_DEPTH, in one linear pass."""
    depth = 0
    for ch in s:
        if ch in "([{":
            depth += 1
            if depth > MAX_DEPTH:
                raise ParseError(f"the expression nests deeper than {MAX_DEPTH} brackets")
        elif ch in ")]}":
            depth -= 1


def _braced(s: str, i: int) -> tuple[str, int]:
    """The content of the group starting at s[i] == '{' and the index after it."""
    if i >= len(s) or s[i] != "{":
        # \frac12 style: a single character argument
        if i < len(s) and s[i].isalnum():
            return s[i], i + 1
        raise ParseError("a LaTeX command is missing its {argument}")
    depth = 0
    for j in range(i, len(s)):
        depth += {"{": 1, "}": -1}.get(s[j], 0)
        if depth == 0:
            return s[i + 1:j], j + 1
    raise ParseError("the expression has unbalanced braces")


def _rewrite_commands(s: str) -> str:
    out, i = [], 0
    while i < len(s):
        if s.startswith("\\frac", i):
            num, i = _braced(s, i + 5)
            den, i = _braced(s, i)
            out.append(f"(({_rewrite_commands(num)})/({_rewrite_commands(den)}))")
        elif s.startswith("\\sqrt", i):
            i += 5
            index = None
            if i < len(s) and s[i] == "[":
                close = s.find("]", i)
                if close < 0:
                    raise ParseError("the expression has an unclosed \\sqrt[")
                index, i = s[i + 1:close], close + 1
            body, i = _braced(s, i)
            body = _rewrite_commands(body)
            out.append(f"sqrt({body})" if index is None else f"(({body})**(1/({_rewrite_commands(index)})))")
        else:
            out.append(s[i])
            i += 1
    return "".join(out)


_GLUED_ARGUMENT = re.compile(r"([a-z]+)(\d+)")


def _tokenize(s: str, variables: set[str]) -> list[str]:
    tokens, pos = [], 0
    while pos < len(s):
        if s[pos:].strip() == "":
            break
        m = _TOKEN.match(s, pos)
        if not m:
            raise ParseError(f"unexpected character {s[pos:].lstrip()[:1]!r} in the expression")
        number, name, op = m.groups()
        glued = _GLUED_ARGUMENT.fullmatch(name) if name is not None else None
        if glued and glued.group(1) in FUNCTIONS and name not in variables:  # sqrt2, ln3: a function and its number
            tokens.extend([glued.group(1), "(", glued.group(2), ")"])
            pos = m.end()
            continue
        if name is not None and name not in FUNCTIONS and name not in CONSTANTS and name not in variables:
            # "xy" means x*y when both are variables; "2pi" already split by the regex
            if all(ch in variables for ch in name):
                tokens.extend(name)
                pos = m.end()
                continue
            raise ParseError(f"unknown name {name[:20]!r} in the expression")
        if number is not None and m.start(1) > pos and tokens and (
                tokens[-1] == ")" or tokens[-1][0].isalnum() or tokens[-1][0] in "._") and tokens[-1] not in FUNCTIONS:
            # "2x 3" or "(x+1) 5": a number after a space following a value is a second answer,
            # never a factor (while "3 x", "2 pi" and "sin 2x" read as usual)
            raise ParseError("a number stands after a space following a value: write one expression")
        tokens.append(number or name or op)
        pos = m.end()
    return tokens


def _bars_to_abs(tokens: list[str]) -> list[str]:
    """|x| -> abs(x). A bar closes the innermost open bar when it follows a value, else it opens
    one; `ln|x|` becomes ln(abs(x))."""
    out: list[str] = []
    closers: list[str] = []
    for tok in tokens:
        if tok != "|":
            out.append(tok)
            continue
        follows_value = bool(out) and (out[-1] == ")" or out[-1][0].isalnum() or out[-1][0] in "._") \
            and out[-1] not in FUNCTIONS
        if closers and follows_value:
            out.extend(closers.pop())
        elif out and out[-1] in FUNCTIONS:
            out.extend(["(", "abs", "("])
            closers.append([")", ")"])
        else:
            out.extend(["abs", "("])
            closers.append([")"])
    if closers:
        raise ParseError("the expression has an unclosed |")
    return out


def _bare_function_arguments(tokens: list[str]) -> list[str]:
    """`ln x`, `sin 2x` -> ln(x), sin(2*x): a function name followed by an atom, not a bracket,
    takes the atom (and a following variable, as in `sin 2x`) as its argument."""
    out: list[str] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok in FUNCTIONS and nxt is not None and nxt != "(" and nxt not in FUNCTIONS and (
                nxt[0].isalnum() or nxt[0] in "._"):
            arg = [nxt]
            j = i + 2
            if nxt[0].isdigit() and j < len(tokens) and tokens[j][0].isalpha() and tokens[j] not in FUNCTIONS:
                arg.append(tokens[j])
                j += 1
            out.extend([tok, "(", *arg, ")"])
            i = j
        else:
            out.append(tok)
            i += 1
    return out


def _with_implicit_products(tokens: list[str]) -> list[str]:
    out: list[str] = []
    for tok in tokens:
        if out:
            prev = out[-1]
            if (prev[0].isdigit() or prev[0] == ".") and (tok[0].isdigit() or tok[0] == "."):
                # "2 5" or "2.5.3": two numbers side by side are two answers, never a product
                raise ParseError("two numbers stand side by side: write one expression")
            prev_ends_value = prev == ")" or prev[0].isdigit() or prev[0] == "." or (
                (prev[0].isalpha() or prev[0] == "_") and prev not in FUNCTIONS)
            tok_starts_value = tok == "(" or tok[0].isdigit() or tok[0] == "." or tok[0].isalpha() or tok[0] == "_"
            if prev_ends_value and tok_starts_value:
                out.append("*")
        out.append(tok)
    return out


def parse_expression(text: str, variables=("x",)) -> sympy.Expr:
    """A sympy expression from plain or LaTeX math, built without executing anything.

    Accepts `+ - * / ^ **`, parentheses, implicit products (`2x`, `3(x+1)`, `xy`), the
    functions in FUNCTIONS, the constants pi, e and oo, and the given variable names.
    Raises ParseError naming the problem otherwise.
    """
    if not isinstance(text, str):
        raise ParseError("the answer is not text")
    s = clean(text)
    if len(s) > MAX_TEXT:
        raise ParseError(f"the expression is longer than {MAX_TEXT} characters")
    if not s:
        raise ParseError("the answer is empty")
    if "\n" in s:  # "4\nx" is two lines, two answers: never the product 4x
        raise ParseError("the expression spans several lines: write one expression on one line")
    s = s.replace("\u03c0", " pi ").replace("\u221a", "sqrt").replace("\u00b2", "^2").replace("\u00b3", "^3")
    _check_nesting(s)  # before the LaTeX rewrite, which recurses into nested \frac and \sqrt
    s = latex_to_plain(s)
    depth = 0
    for ch in s:
        depth += 1 if ch == "(" else -1 if ch == ")" else 0
        if depth > MAX_DEPTH:
            raise ParseError(f"the expression nests deeper than {MAX_DEPTH} brackets")
        if depth < 0:
            raise ParseError("the expression has unbalanced parentheses")
    s = s.replace("^", "**")
    tokens = _with_implicit_products(_bare_function_arguments(_bars_to_abs(_tokenize(s, set(variables)))))
    if not tokens:
        raise ParseError("the answer is empty")
    # Numeric literals become placeholder names bound to exact sympy numbers: "0.1" stays 1/10.
    names = {v: sympy.Symbol(v) for v in variables}
    for i, tok in enumerate(tokens):
        if tok[0].isdigit() or tok[0] == ".":
            if len(tok.replace(".", "")) > MAX_DIGITS:
                raise ParseError(f"a number has more than {MAX_DIGITS} digits")
            names[f"__n{i}"] = sympy.Rational(tok)
            tokens[i] = f"__n{i}"
    source = " ".join(tokens)
    try:
        tree = ast.parse(source, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        raise ParseError(f"could not parse {_preview(text)} as an expression") from None
    if sum(1 for _ in ast.walk(tree)) > MAX_NODES:
        raise ParseError(f"the expression has more than {MAX_NODES} parts")
    try:
        expr = _build(tree.body, names)
        if sum(1 for p in expr.atoms(sympy.Pow) if not p.exp.is_number) > MAX_SYMBOLIC_POWERS:
            raise ParseError(f"the expression has more than {MAX_SYMBOLIC_POWERS} powers with variable exponents")
        if degree_bound(expr) > MAX_DEGREE:
            raise ParseError(f"the expression has a degree above {MAX_DEGREE}")
        return expr
    except ParseError:
        raise
    except (ArithmeticError, ValueError, TypeError, RecursionError, MemoryError):
        raise ParseError(f"could not evaluate {_preview(text)}") from None


_BINOPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
}


def _build(node: ast.AST, symbols: dict) -> sympy.Expr:
    _budget.check()  # at most MAX_NODES calls; each may do some sympy arithmetic
    if isinstance(node, ast.BinOp):
        left, right = _build(node.left, symbols), _build(node.right, symbols)
        if isinstance(node.op, ast.Pow):
            return _power(left, right)
        op = _BINOPS.get(type(node.op))
        if op is None:
            raise ParseError("the expression uses an operator that is not allowed")
        if isinstance(node.op, ast.Div) and right == 0:
            raise ParseError("the expression divides by zero")
        return op(left, right)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _build(node.operand, symbols)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.Name):
        if node.id in symbols:
            return symbols[node.id]
        if node.id in CONSTANTS:
            return CONSTANTS[node.id]
        raise ParseError(f"unknown name {node.id[:20]!r}")
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FUNCTIONS and not node.keywords:
        args = [_build(a, symbols) for a in node.args]
        name = node.func.id
        if len(args) == 1 or (name == "log" and len(args) == 2):
            return FUNCTIONS[name](*args)
        raise ParseError(f"{name} takes one argument")
    raise ParseError("the expression contains something that is not arithmetic")


def _power(base: sympy.Expr, exponent: sympy.Expr) -> sympy.Expr:
    if exponent.is_number:
        if not exponent.is_real or abs(float(exponent)) > MAX_EXPONENT:
            raise ParseError(f"an exponent is larger than {MAX_EXPONENT}")
        if base.is_number and base.is_rational and exponent.is_Integer and base != 0:
            p, q = sympy.fraction(sympy.Rational(base))
            digits = max(_digits(p), _digits(q)) * abs(int(exponent))
            if digits > MAX_RESULT_DIGITS:
                raise ParseError("a power is too large to evaluate")
    else:
        if base.is_number and abs(base) > 10**6:
            raise ParseError("a power with a symbolic exponent has too large a base")
        if any(not p.exp.is_number for p in base.atoms(sympy.Pow)) or any(
                not p.exp.is_number for p in exponent.atoms(sympy.Pow)):
            raise ParseError("power towers with variable exponents are not supported")
    return base ** exponent


def degree_bound(e: sympy.Expr) -> int:
    """An upper bound on the total degree of `e` in its free symbols, found without expanding.

    Exponents multiply through nesting, products add and sums take the maximum; a function or a
    symbolic power counts the degree of its arguments, so the bound also caps how big any
    expansion of the expression can get."""
    if e.is_Symbol:
        return 1
    if e.is_Number or not e.free_symbols:
        return 0
    if e.is_Mul:
        return sum(degree_bound(a) for a in e.args)
    if e.is_Pow:
        base = degree_bound(e.base)
        if e.exp.is_Rational:  # plain integers: under sympy.evaluate(False), abs() would stay symbolic
            return base * -(-abs(int(e.exp.p)) // int(e.exp.q))
        return base + degree_bound(e.exp)
    return max((degree_bound(a) for a in e.args), default=0)


def _digits(n) -> int:
    n = abs(int(n))
    if n < 10**300:
        return 1 if n == 0 else int(math.log10(n)) + 1
    return int(n.bit_length() * math.log10(2)) + 1  # str(n) is refused beyond 4300 digits, and slow


# ---------------------------------------------------------------- equivalence

PROBE_POINTS = 8  # points per undecided comparison; every defined one must agree
MIN_AGREEING = 4  # of which at least this many must be defined on both sides


def probe_points(a: sympy.Expr, b: sympy.Expr, n: int = PROBE_POINTS) -> list[sympy.Rational]:
    """`n` rational points in (-3, 3), drawn from a SHA-256 of both expressions.

    No fixed point set exists to aim at: changing the answer changes the points, so an answer
    that is wrong only away from a handful of known points cannot be built. The draw is
    deterministic, so a verdict is the same in every process."""
    digest = hashlib.sha256(f"{sympy.srepr(a)}|{sympy.srepr(b)}".encode()).digest()
    rng = random.Random(int.from_bytes(digest, "big"))
    # signs alternate, so both half-lines are always probed (log(x^2) and 2 log(x) differ only
    # for x < 0); magnitudes from 0.05 to 3 over a prime denominator, so no small rational is hit
    first = rng.choice((1, -1))
    return [sympy.Rational(first * (-1) ** k * rng.randrange(5_000, 300_000), 100_003) for k in range(n)]


def equivalent(a: sympy.Expr, b: sympy.Expr, tolerance: float = 1e-20) -> bool:
    """Whether two expressions are equal as functions, decided exactly where it can be.

    Polynomial differences small enough to expand, and rational functions whose numerator is,
    are decided exactly. Otherwise both sides are evaluated with 40-digit arithmetic at
    PROBE_POINTS points drawn from a hash of the two expressions (see `probe_points`) and must
    agree to `tolerance` (relative) at every point where both are defined, at least MIN_AGREEING
    of them. The tight tolerance keeps a 15-digit decimal from passing for pi or sqrt(2).
    """
    try:
        diff = a - b
        if diff == 0:
            return True
        if diff.is_Rational:  # a nonzero exact constant, however small: not equal
            return False
        if _small_polynomial(diff):
            return sympy.expand(diff) == 0
        exact = _rational_zero(diff)
        if exact is not None:
            return exact
        # the symbols of both sides, not of the difference: (x+1)^256 - ((x+1)^256 + 1) is the
        # constant -1, and evaluating a side with x left unbound expands it symbolically
        free = sorted(a.free_symbols | b.free_symbols, key=str)
        points = probe_points(a, b, PROBE_POINTS * max(1, len(free)))
        agreed, ctx = 0, _context(precise=True)
        for k in range(PROBE_POINTS):
            _budget.check()
            point = {s: points[k * len(free) + i] for i, s in enumerate(free)}
            try:  # mpmath at 300 bits over the expression tree: several times faster than evalf
                va, vb = _probe(a, point, ctx, {}), _probe(b, point, ctx, {})
            except (_Overflow, ValueError, ZeroDivisionError):  # undefined or out of range: skip the point
                continue
            gap = abs(va - vb) / max(1, abs(va), abs(vb))
            if not gap <= tolerance:
                return False
            agreed += 1
            if not free:
                return True
        return agreed >= MIN_AGREEING
    except (TypeError, ValueError, ArithmeticError, RecursionError, MemoryError, AttributeError):
        return False


def _rational_zero(diff: sympy.Expr) -> bool | None:
    """For a small rational function, whether it is identically zero (its numerator expands to
    0); None when `diff` is not one or is too large to decide this way."""
    if not diff.free_symbols or sympy.count_ops(diff) > 150 or degree_bound(diff) > 30:
        return None
    if not diff.is_rational_function():
        return None
    numerator, _ = sympy.fraction(sympy.together(diff))
    if not _small_polynomial(numerator):
        return None
    return sympy.expand(numerator) == 0


def _small_polynomial(e: sympy.Expr) -> bool:
    """Whether `e` is a polynomial in its symbols small enough to expand. The structural degree
    bound replaces sympy.degree_list, which builds a dense Poly first: with the generators left
    to sympy, a constant such as exp(10^300) becomes a generator of degree 10^300."""
    try:
        if not e.free_symbols or sympy.count_ops(e) >= 400 or not e.is_polynomial():
            return False
        # one variable: expanding even degree 100 takes milliseconds; several multiply the terms
        return degree_bound(e) <= (MAX_DEGREE if len(e.free_symbols) == 1 else 30)
    except Exception:  # is_polynomial raises on some non-polynomials
        return False


def _finite(z: complex) -> bool:
    return math.isfinite(z.real) and math.isfinite(z.imag)


# ---------------------------------------------------------------- probe magnitude guard

class _Overflow(ArithmeticError):
    """A value at a probe point is too large to evaluate."""


_LOCAL = threading.local()
_GROWTH_LIMIT = MAX_PROBE_BITS * math.log(2)  # exp(z) with re(z) above this is out of range


def _context(precise: bool = False):
    """A private mpmath context per thread (the global `mpmath.mp` is shared state): 53 bits for
    the magnitude guard, 300 bits (about 90 digits) for comparing values, so cancellation
    in an expanded polynomial leaves enough digits for the 1e-20 tolerance."""
    name = "precise" if precise else "ctx"
    ctx = getattr(_LOCAL, name, None)
    if ctx is None:
        ctx = mpmath.MPContext()
        ctx.prec = 300 if precise else 53
        setattr(_LOCAL, name, ctx)
    return ctx


def _tame(expr: sympy.Expr, point: dict) -> bool:
    """Whether every intermediate value of `expr` at `point` stays below 2^MAX_PROBE_BITS.

    Evaluates bottom-up in 53-bit arithmetic and refuses a node before computing it when its
    result would be out of range, so exp(exp(exp(exp(x)))) or sin(x)^(10^300) cost microseconds
    instead of exhausting memory inside the full-precision evalf that follows.
    """
    try:
        _probe(expr, point, _context(), {})
        return True
    except _Overflow:
        return False
    except (TypeError, ValueError, ArithmeticError, AttributeError, RecursionError):
        return True  # not a size problem: evalf decides


def _probe(e, point, ctx, memo):
    if e in memo:
        return memo[e]
    _budget.check()
    if e.is_Symbol:
        value = ctx.mpc(point[e]) if e in point else ctx.mpc(1)
    elif e.is_Rational:
        if max(_digits(e.p), _digits(e.q)) > MAX_PROBE_BITS // 3:
            raise _Overflow()
        value = ctx.mpc(ctx.mpf(e.p) / e.q)
    elif e.is_Number:
        if not e.is_finite:
            raise ValueError("not a finite number")
        value = ctx.mpc(complex(e))
    elif e is sympy.pi:
        value = ctx.mpc(ctx.pi)
    elif e is sympy.E:
        value = ctx.mpc(ctx.e)
    elif e is sympy.I:
        value = ctx.mpc(0, 1)
    else:
        args = [_probe(a, point, ctx, memo) for a in e.args]
        value = _combine(e, args, ctx)
    if not (ctx.isfinite(value.real) and ctx.isfinite(value.imag)):
        raise ValueError("not finite")
    if value != 0 and ctx.mag(value) > MAX_PROBE_BITS:
        raise _Overflow()
    memo[e] = value
    return value


def _combine(e, args, ctx):
    if e.is_Add:
        return ctx.fsum(args)
    if e.is_Mul:
        if sum(ctx.mag(a) for a in args if a != 0) > MAX_PROBE_BITS:
            raise _Overflow()
        return ctx.fprod(args)
    if e.is_Pow:
        base, exponent = args
        if base == 0:
            return ctx.mpc(0) if exponent.real > 0 else ctx.mpc(ctx.inf)
        # |b^z| = exp(re(z) ln|b| - im(z) arg b): refuse before computing when that is out of range
        size = exponent.real * ctx.log(abs(base)) - exponent.imag * ctx.arg(base)
        if abs(size) > _GROWTH_LIMIT:
            raise _Overflow()
        return ctx.power(base, exponent)
    name = type(e).__name__
    if name in ("exp", "sinh", "cosh") and abs(args[0].real) > _GROWTH_LIMIT:
        raise _Overflow()
    if name in ("sin", "cos", "tan", "cot", "sec", "csc") and abs(args[0].imag) > _GROWTH_LIMIT:
        raise _Overflow()
    function = _MPMATH.get(name)
    if function is not None and len(args) == 1:
        return function(ctx)(args[0])
    # a function the table does not know: its arguments are in range, so sympy may evaluate it
    return ctx.mpc(complex(e.func(*[sympy.Float(a.real, 15) + sympy.I * sympy.Float(a.imag, 15) for a in args])
                           .evalf(15)))


_MPMATH = {name: (lambda n: lambda ctx: getattr(ctx, n))(name) for name in
           ("exp", "log", "sin", "cos", "tan", "cot", "sec", "csc", "asin", "acos", "atan", "acot", "asec",
            "acsc", "sinh", "cosh", "tanh", "coth", "sech", "csch", "asinh", "acosh", "atanh", "acoth",
            "asech", "acsch")}
_MPMATH["Abs"] = lambda ctx: lambda z: ctx.mpc(abs(z))
_MPMATH["sign"] = lambda ctx: lambda z: ctx.mpc(ctx.sign(z))
_MPMATH["re"] = lambda ctx: lambda z: ctx.mpc(z.real)
_MPMATH["im"] = lambda ctx: lambda z: ctx.mpc(z.imag)
