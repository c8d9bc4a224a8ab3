"""Radicals: simplify expressions with square and cube roots to simplified radical form.

Values are kept exactly as {(index, radicand): coefficient}, with (1, 1) for the rational part and
every radicand free of index-th powers; sums, products, powers and rationalising divisions act on
that form (an exact algebra of our own, cross-checked against sympy in the tests).
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.parsing import ParseError, clean, latex_to_plain, parse_expression
from procgym.verdict import right, wrong

ONE = (1, 1)
SQUARE_FREE = (2, 3, 5, 6, 7, 10, 11, 13, 14, 15, 17, 19, 21, 22, 23)
CUBE_FREE = (2, 3, 4, 5, 6, 7, 9, 10, 11, 12)
KINDS = ("combine", "multiply", "expand", "rationalize", "conjugate")
MAX_RADICAND = 10**7
MAX_RADICALS = 40  # in one answer


# ---------------------------------------------------------------- exact radical algebra

def extract(n: int, k: int) -> tuple[int, int]:
    """(outside, inside) with n = outside^k * inside and inside free of k-th powers."""
    outside, inside, p = 1, n, 2
    while p ** k <= inside:
        while inside % p ** k == 0:
            inside //= p ** k
            outside *= p
        p += 1
    return outside, inside


def radical(c, k: int, n: int) -> dict:
    """c times the k-th root of n, simplified."""
    out, inside = extract(n, k)
    return _tidy({(k, inside) if inside > 1 else ONE: Fraction(c) * out})


def _tidy(v: dict) -> dict:
    return {key: c for key, c in v.items() if c != 0}


def add(a: dict, b: dict, sign: int = 1) -> dict:
    out = dict(a)
    for key, c in b.items():
        out[key] = out.get(key, 0) + sign * c
    return _tidy(out)


def mul(a: dict, b: dict) -> dict:
    out: dict = {}
    for (k1, n1), c1 in a.items():
        for (k2, n2), c2 in b.items():
            if k1 == 1 or k2 == 1 or k1 == k2:
                k = max(k1, k2)
                term = radical(c1 * c2, k, n1 * n2)
            else:
                raise ValueError("products of square and cube roots are not supported")
            out = add(out, term)
    return out


def div(a: dict, b: dict) -> dict:
    """a / b for b a single term or a binomial p + q*sqrt(n), by rationalising the denominator."""
    if not b:
        raise ZeroDivisionError("division by zero")
    if len(b) == 1:
        (k, n), c = next(iter(b.items()))
        # 1 / (c * n^(1/k)) = n^((k-1)/k) / (c * n)
        return mul(a, radical(Fraction(1) / (c * n), k, n ** (k - 1)) if k > 1 else {ONE: 1 / c})
    if len(b) == 2 and ONE in b:
        (k, n), q = next((key, c) for key, c in b.items() if key != ONE)
        if k == 2:
            p = b[ONE]
            conjugate = {ONE: p, (2, n): -q}
            return mul(mul(a, conjugate), {ONE: 1 / (p * p - q * q * n)})
    raise ValueError("only single terms and binomials p + q*sqrt(n) can be divided by")


def power(a: dict, e: int) -> dict:
    out = {ONE: Fraction(1)}
    for _ in range(e):
        out = mul(out, a)
    return out


def to_sympy(v: dict):
    """The value as a sympy number (for tests and cross-checks)."""
    return sum((sympy.Rational(c.numerator, c.denominator) * (sympy.Integer(n) ** sympy.Rational(1, k))
                for (k, n), c in v.items()), sympy.Integer(0))


def value_text(v: dict) -> str:
    """Simplified radical form: the rational part first, then radicals by index and radicand."""
    parts = []
    for (k, n), c in sorted(v.items()):
        sign = "-" if c < 0 else "+"
        c = abs(c)
        if (k, n) == ONE:
            body = str(c.numerator) if c.denominator == 1 else f"{c.numerator}/{c.denominator}"
        else:
            root = f"{'sqrt' if k == 2 else 'cbrt'}({n})"
            body = root if c.numerator == 1 else f"{c.numerator}*{root}"
            if c.denominator != 1:
                body += f"/{c.denominator}"
        parts.append((sign, body))
    if not parts:
        return "0"
    first_sign, first = parts[0]
    text = ("-" if first_sign == "-" else "") + first
    for sign, body in parts[1:]:
        text += f" {sign} {body}"
    return text


# ---------------------------------------------------------------- expression trees

# ("num", int) | ("root", k, n) | (op, left, right) with op in + - * / | ("pow", base, e)
_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "pow": 3, "num": 4, "root": 4}


def evaluate(node) -> dict:
    op = node[0]
    if op == "num":
        return _tidy({ONE: Fraction(node[1])})
    if op == "root":
        return radical(1, node[1], node[2])
    if op == "pow":
        return power(evaluate(node[1]), node[2])
    a, b = evaluate(node[1]), evaluate(node[2])
    if op == "+":
        return add(a, b)
    if op == "-":
        return add(a, b, -1)
    if op == "*":
        return mul(a, b)
    return div(a, b)


def render(node) -> str:
    op = node[0]
    if op == "num":
        return str(node[1])
    if op == "root":
        return f"{'sqrt' if node[1] == 2 else 'cbrt'}({node[2]})"
    if op == "pow":
        return f"({render(node[1])})^{node[2]}"
    if op == "*" and node[1][0] == "num" and node[2][0] == "root":
        return f"{node[1][1]}*{render(node[2])}"  # a coefficient: 3*sqrt(50)
    p = _PREC[op]
    lt, rt = render(node[1]), render(node[2])
    if _PREC[node[1][0]] < p:
        lt = f"({lt})"
    rp = _PREC[node[2][0]]
    if rp < p or (rp == p and op in "-/"):
        rt = f"({rt})"
    return f"{lt} {op} {rt}"


def _num(c: int):
    return ("num", c)


def _scaled(c: int, node):
    return node if c == 1 else ("*", _num(c), node)


class _Maker:
    """Random pieces of radical expressions for one problem."""

    def __init__(self, rng, params):
        self.rng, self.p = rng, params
        pool = list(SQUARE_FREE)
        rng.shuffle(pool)
        self.bases = pool[:params["n_bases"]]

    def coef(self) -> int:
        return self.rng.randint(1, self.p["coef_max"])

    def hidden_square(self, base: int | None = None) -> int:
        """A radicand s^2 * m that simplifies (s >= 2 most of the time)."""
        rng = self.rng
        m = base if base is not None else rng.choice(self.bases)
        plain = self.p["n_terms"] > 1 and rng.random() < 0.15  # an already simple root among others
        s = 1 if plain else rng.randint(2, self.p["max_square"])
        return s * s * m

    def term(self, cube: bool = True):
        """c * sqrt(s^2 m), or c * cbrt(s^3 m) when cube roots are on and allowed here."""
        rng = self.rng
        if cube and self.p["cube_roots"] and rng.random() < 0.3:
            m = rng.choice(CUBE_FREE[:5])
            s = rng.randint(2, min(5, self.p["max_square"]))
            return _scaled(self.coef(), ("root", 3, s ** 3 * m))
        return _scaled(self.coef(), ("root", 2, self.hidden_square()))

    def product(self):
        """sqrt(a) * sqrt(b) whose product hides a square, or c*sqrt(a) * d*sqrt(b)."""
        rng = self.rng
        m = rng.choice(self.bases)
        x, y = rng.sample([1, 2, 3, 5, 6, 7], 2)
        a, b = m * x, m * y * rng.choice([1, 1, 4])
        left, right = ("root", 2, a), ("root", 2, b)
        if rng.random() < 0.5:
            return ("*", _scaled(self.coef(), left), _scaled(self.coef(), right))
        return ("*", left, right)

    def binomial(self, base: int | None = None):
        rng = self.rng
        p = rng.randint(1, self.p["coef_max"])
        q = rng.randint(1, 4)
        if base is None:
            base = self.hidden_square() if rng.random() < 0.4 else rng.choice(self.bases)
        radicand = base
        return (rng.choice("+-"), _num(p), _scaled(q, ("root", 2, radicand)))

    def extra(self, node, n: int):
        """node +- n more terms."""
        for _ in range(n):
            node = (self.rng.choice("+-"), node, self.term())
        return node


def build_expression(rng, params):
    """A random expression tree of the level's kind."""
    kind, n_terms = params["kind"], params["n_terms"]
    mk = _Maker(rng, params)
    if kind == "combine":
        return mk.extra(mk.term(), n_terms - 1)
    if kind == "multiply":
        return mk.extra(mk.product(), n_terms - 1)
    if kind == "expand":
        first = mk.binomial()
        if rng.random() < 0.4:
            node = ("pow", first, 2)
        else:
            node = ("*", first, mk.binomial())
        return mk.extra(node, max(0, n_terms - 2))
    if kind == "rationalize":
        d = rng.choice(mk.bases) * rng.choice([1, 1, 2, 3])
        numerator = _num(rng.randint(1, 6) * d)
        if n_terms >= 3 and rng.random() < 0.5:
            numerator = (rng.choice("+-"), numerator, mk.term(cube=False))
        frac = ("/", numerator, _scaled(rng.randint(1, 2), ("root", 2, d)))
        return mk.extra(frac, max(0, n_terms - 2))
    # conjugate: (a + b sqrt(n)) / (c +- d sqrt(n)) or k / (c - sqrt(n))
    base = rng.choice(mk.bases)
    c = rng.randint(1, 5)
    d = rng.randint(1, 2)
    while c * c == d * d * base:
        c += 1
    den = (rng.choice("+-"), _num(c), _scaled(d, ("root", 2, base)))
    num = mk.binomial(base) if rng.random() < 0.6 else _num(rng.randint(1, 9) * abs(c * c - d * d * base))
    return mk.extra(("/", num, den), max(0, n_terms - 2))


# ---------------------------------------------------------------- effort

_TOKEN = re.compile(r"sqrt\(|cbrt\(|\d+| [-+*/] |[()*^]")


def parse_rendered(text: str):
    """The tree of an expression `render` wrote (only ever a problem's own expression, never
    an answer): binary operators between spaces, a tight "*" for a coefficient, "^" on a
    bracketed base."""
    tokens = _TOKEN.findall(text)
    if "".join(tokens) != text:
        raise ValueError(f"not a rendered radical expression: {text!r}")
    pos = 0

    def take():
        nonlocal pos
        pos += 1
        return tokens[pos - 1]

    def level(ops, inner):
        node = inner()
        while pos < len(tokens) and tokens[pos] in ops:
            node = (take().strip(), node, inner())
        return node

    def factor():
        node = atom()
        if pos < len(tokens) and tokens[pos] == "*":
            take()
            node = ("*", node, atom())
        if pos < len(tokens) and tokens[pos] == "^":
            take()
            node = ("pow", node, int(take()))
        return node

    def atom():
        tok = take()
        if tok == "(":
            node = level((" + ", " - "), lambda: level((" * ", " / "), factor))
            take()
            return node
        if tok in ("sqrt(", "cbrt("):
            n = int(take())
            take()
            return ("root", 2 if tok == "sqrt(" else 3, n)
        return ("num", int(tok))

    return level((" + ", " - "), lambda: level((" * ", " / "), factor))


def _prime_factors(n: int) -> int:
    count, p = 0, 2
    while p * p <= n:
        while n % p == 0:
            n //= p
            count += 1
        p += 1
    return count + (n > 1)


def _product_work(a: dict, b: dict) -> int:
    """One step per pair of terms multiplied, plus one per prime factor pulled out of the
    product's radicand when it is simplified again."""
    work = 0
    for (k1, n1) in a:
        for (k2, n2) in b:
            work += 1
            if k1 > 1 and k2 > 1:
                work += _prime_factors(extract(n1 * n2, k1)[0])
    return work


def radical_work(node) -> int:
    """Term operations of the exact evaluation, step for step as `evaluate` does it: a root's
    simplification costs one step plus one per prime factor pulled out, a sum one per term
    merged, a product `_product_work`, a power its repeated products, a division by one term the
    product with its rationalising factor, and a division by a binomial the product with the
    conjugate, the conjugate's norm and the scaling by it."""
    op = node[0]
    if op == "num":
        return 0
    if op == "root":
        return 1 + _prime_factors(extract(node[2], node[1])[0])
    if op == "pow":
        base, acc, work = evaluate(node[1]), {ONE: Fraction(1)}, radical_work(node[1])
        for _ in range(node[2]):
            work += _product_work(acc, base)
            acc = mul(acc, base)
        return work
    a, b = evaluate(node[1]), evaluate(node[2])
    work = radical_work(node[1]) + radical_work(node[2])
    if op in "+-":
        return work + len(a) + len(b)
    if op == "*":
        return work + _product_work(a, b)
    if len(b) == 1:
        (k, n), c = next(iter(b.items()))
        factor = radical(Fraction(1) / (c * n), k, n ** (k - 1)) if k > 1 else {ONE: 1 / c}
        return work + 2 + _product_work(a, factor)
    conjugate = {key: (c if key == ONE else -c) for key, c in b.items()}
    return work + _product_work(a, conjugate) + 3 + len(div(a, b))


# ---------------------------------------------------------------- reading an answer

_RADICALS = [
    (3, re.compile(r"\\sqrt\s*\[\s*3\s*\]\s*\{\s*(\d{1,12})\s*\}")),
    (3, re.compile(r"\\sqrt\s*\[\s*3\s*\]\s*(\d)(?!\d)")),
    (2, re.compile(r"\\sqrt\s*\{\s*(\d{1,12})\s*\}")),
    (2, re.compile(r"\\sqrt\s*(\d)(?!\d)")),
    (3, re.compile(r"(?<![A-Za-z])cbrt\s*\(\s*(\d{1,12})\s*\)")),
    (2, re.compile(r"(?<![A-Za-z])sqrt\s*\(\s*(\d{1,12})\s*\)")),
    (2, re.compile(r"\u221a\s*\(\s*(\d{1,12})\s*\)")),
    (2, re.compile(r"\u221a\s*(\d{1,12})")),
    (3, re.compile(r"\u221b\s*\(\s*(\d{1,12})\s*\)")),
    (3, re.compile(r"\u221b\s*(\d{1,12})")),
]
_LEFTOVER = re.compile(r"sqrt|cbrt|root|\u221a|\u221b|\^|\*\*", re.IGNORECASE)


def read_radical_form(answer: str) -> dict:
    """An answer in simplified radical form as {(index, radicand): coefficient}.

    Raises NotAnAnswer, saying why, when the text is not a sum of rational multiples of distinct
    simplified radicals with no radical in a denominator: each radical and the rational part
    written once (2*sqrt(3) + 1 - 1 is not simplified), every coefficient one reduced number
    (2*3*sqrt(5) and 2*sqrt(5)/4 are not), no zero term. One group over a common denominator,
    (3 + 2*sqrt(5))/4, is allowed when nothing in it cancels.
    """
    s = clean(answer)
    found: list[tuple[int, int]] = []

    def sub(k):
        def repl(m):
            found.append((k, int(m.group(1))))
            return f" rad{len(found) - 1} "
        return repl

    for k, pattern in _RADICALS:
        s = pattern.sub(sub(k), s)
    if _LEFTOVER.search(s):
        raise NotAnAnswer("write each radical as sqrt(n) or cbrt(n) with n a whole number, and no powers")
    if len(found) > MAX_RADICALS:
        raise NotAnAnswer(f"the answer has more than {MAX_RADICALS} radicals")
    seen = set()
    for k, n in found:
        name = "sqrt" if k == 2 else "cbrt"
        if n < 2:
            raise NotAnAnswer(f"{name}({n}) is not simplified")
        if n > MAX_RADICAND:
            raise NotAnAnswer(f"{name}({n}) has too large a radicand")
        out, inside = extract(n, k)
        if out > 1:
            raise NotAnAnswer(f"{name}({n}) is not simplified: {n} has the factor {out}^{k}")
        if (k, n) in seen:
            raise NotAnAnswer(f"{name}({n}) appears more than once: combine like terms")
        seen.add((k, n))
    if _radical_in_denominator(s):
        raise NotAnAnswer("a radical is left in a denominator")
    names = [f"rad{i}" for i in range(len(found))]
    expr = parse_expression(s, names)
    with sympy.evaluate(False):
        shape = parse_expression(s, names)
    _check_shape(shape)
    if not names:
        if not expr.is_Rational:
            raise NotAnAnswer("the answer is not an exact number")
        return _tidy({ONE: Fraction(int(expr.p), int(expr.q))})
    symbols = [sympy.Symbol(n) for n in names]
    degree = _degree(expr)
    if degree == math.inf:
        raise NotAnAnswer("a radical is left in a denominator or inside another function")
    if degree > 1:
        raise NotAnAnswer("radicals are multiplied together: multiply them out")
    try:
        poly = sympy.Poly(expr, *symbols)
    except sympy.PolynomialError:
        raise NotAnAnswer("a radical is left in a denominator or inside another function") from None
    out = {}
    for monomial, coeff in poly.terms():
        if sum(monomial) > 1:
            raise NotAnAnswer("radicals are multiplied together: multiply them out")
        if not coeff.is_Rational:
            raise NotAnAnswer("a coefficient is not a rational number")
        key = ONE if sum(monomial) == 0 else found[monomial.index(1)]
        out[key] = Fraction(int(coeff.p), int(coeff.q))
    if any(found[i] not in out for i in range(len(found))):
        raise NotAnAnswer("a radical has a zero coefficient")
    return _tidy(out)


def _flat_terms(e) -> list:
    """The terms of a sum, nested sums flattened."""
    if e.is_Add:
        return [t for a in e.args for t in _flat_terms(a)]
    return [e]


def _factors(e, numbers: list, divisors: list, others: list) -> None:
    """Split an unevaluated product into its numbers, the numbers it divides by, and the rest."""
    if e.is_Mul:
        for a in e.args:
            _factors(a, numbers, divisors, others)
    elif e.is_Pow and e.exp == -1 and e.base.is_Number:
        divisors.append(e.base)
    elif e.is_Number:
        numbers.append(e)
    else:
        others.append(e)


def _coefficient(numbers: list, divisors: list) -> tuple[int, int]:
    """(|numerator|, denominator) of a term's coefficient written as at most one number over at
    most one number, in lowest terms; NotAnAnswer otherwise."""
    numbers = [n for n in numbers if abs(n) != 1]
    if len(numbers) > 1 or len(divisors) > 1:
        raise NotAnAnswer("a coefficient is written as a product or quotient of several numbers: simplify it")
    top = abs(sympy.Rational(numbers[0])) if numbers else sympy.Integer(1)
    bottom = sympy.Rational(divisors[0]) if divisors else sympy.Integer(1)
    value = top / abs(bottom)
    if value == 0:
        raise NotAnAnswer("a term is zero")
    if divisors and (not top.is_Integer or not bottom.is_Integer or value.q != abs(bottom)):
        raise NotAnAnswer("a coefficient is a fraction not in lowest terms")
    return int(value.p), int(value.q)


def _check_shape(shape) -> None:
    """The written form is simplified: see read_radical_form."""
    if shape.is_Number and shape == 0:
        return
    rational_terms = 0
    for term in _flat_terms(shape):
        numbers, divisors, others = [], [], []
        _factors(term, numbers, divisors, others)
        groups = [o for o in others if o.is_Add]
        radicals = [o for o in others if o.is_Symbol]
        if len(groups) + len(radicals) != len(others):
            raise NotAnAnswer("write each term as a number times one radical")
        if groups:  # (a + b*sqrt(n))/d: the group alone over a number
            if len(groups) > 1 or radicals or [n for n in numbers if abs(n) != 1]:
                raise NotAnAnswer("multiply out the brackets")
            inner = []
            for t in _flat_terms(groups[0]):
                n2, d2, o2 = [], [], []
                _factors(t, n2, d2, o2)
                if d2 or any(o.is_Add for o in o2) or len(o2) > 1:
                    raise NotAnAnswer("a bracketed group may only hold whole multiples of radicals")
                inner.append(_coefficient(n2, [])[0])
                rational_terms += not o2
            if len(divisors) > 1 or math.gcd(*inner, int(divisors[0]) if divisors else 0) != 1:
                raise NotAnAnswer("the bracketed group and its denominator have a common factor: cancel it")
            continue
        if len(radicals) > 1:
            raise NotAnAnswer("radicals are multiplied together: multiply them out")
        _coefficient(numbers, divisors)
        rational_terms += not radicals
    if rational_terms > 1:
        raise NotAnAnswer("the rational part is written in several terms: combine them")


def _degree(e) -> float:
    """An upper bound on the degree of e in its symbols, without expanding; inf if not a polynomial."""
    if not e.free_symbols:
        return 0
    if e.is_Symbol:
        return 1
    if e.is_Add:
        return max(_degree(a) for a in e.args)
    if e.is_Mul:
        return sum(_degree(a) for a in e.args)
    if e.is_Pow:
        base, exponent = e.args
        if exponent.free_symbols or not exponent.is_Integer or exponent < 0:
            return math.inf
        return _degree(base) * int(exponent)
    return math.inf


def _radical_in_denominator(s: str) -> bool:
    """Whether any divisor in the text (after a / or in a \\frac) contains a radical placeholder."""
    s = latex_to_plain(s)
    for i, ch in enumerate(s):
        if ch != "/":
            continue
        j = i + 1
        while j < len(s) and s[j] == " ":
            j += 1
        if j < len(s) and s[j] == "(":
            depth, k = 0, j
            while k < len(s):
                depth += {"(": 1, ")": -1}.get(s[k], 0)
                if depth == 0:
                    break
                k += 1
            operand = s[j:k + 1]
        else:
            m = re.match(r"[A-Za-z_0-9.]*", s[j:])
            operand = m.group(0)
        if "rad" in operand:
            return True
    return False


# ---------------------------------------------------------------- the task

@register
class SimplifyRadical(Task):
    """Simplify an expression with square roots (and, at higher levels, cube roots) to
    simplified radical form. The answer must be simplified, not only equal: radicands free of
    square (cube) factors, like terms combined, no radical in a denominator. Higher levels go
    from pulling a square out of one root, to combining several terms (some of which do not
    combine), multiplying roots, expanding binomials and squares, and rationalising a
    denominator, finally by its conjugate; past level 10 those three kinds come with up to eleven
    terms over more radicands."""

    name = "arithmetic/simplify_radical"
    released_dips = {
        5: "level 5 multiplies two roots in a two-term expression, fewer term steps than level 4's three roots "
           "to simplify and combine",
        8: "level 8 rationalises a one-root denominator, fewer term products than expanding level 7's binomials",
    }
    knobs = (
        Knob("kind", ["combine", "combine", "combine", "combine", "multiply", ["combine", "multiply"], "expand",
                      "rationalize", ["rationalize", "conjugate"], "conjugate"]
             + [["expand", "rationalize", "conjugate"]] * 10, choices=KINDS,
             doc="what must be done: combine like radicals, multiply roots, expand binomials, rationalise "
                 "a denominator, or rationalise by the conjugate"),
        Knob("n_terms", [1, 1, 2, 3, 2, 3, 3, 3, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10, 11], (1, 12),
             doc="terms in the expression"),
        Knob("coef_max", [1, 4, 5, 6, 6, 8, 6, 6, 6, 8, 8, 8, 9, 9, 10, 10, 10, 12, 12, 12], (1, 50),
             doc="largest coefficient in front of a root"),
        Knob("max_square", [3, 4, 5, 6, 6, 7, 6, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10, 10], (2, 30),
             doc="largest square root pulled out of a radicand"),
        Knob("n_bases", [1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4], (1, 5),
             doc="distinct simplified radicands in play"),
        Knob("cube_roots", [False] * 5 + [True] * 15, doc="some terms are cube roots"),
    )
    answer_format = ("simplified radical form: a sum of terms, each a rational number or a rational multiple of "
                     "sqrt(n) or cbrt(n), where n > 1 is a whole number with no square factor (no cube factor for "
                     "cbrt) other than 1; like terms combined; no radical in a denominator")
    # radicands are built from primes up to 23, so sqrt(29) never appears: never an answer
    example = "3 - 2*sqrt(29) + sqrt(6)/2"

    def build(self, rng, params):
        for _ in range(100):
            tree = build_expression(rng, params)
            value = evaluate(tree)
            if value and max(max(abs(c.numerator), c.denominator) for c in value.values()) <= 10**4:
                break
        text = render(tree)
        cube = " cbrt(n) is the real cube root of n." if "cbrt" in text else ""
        question = f"Simplify this expression.{cube}\n\n{text}"
        return Draft(question, value_text(value),
                     {"value": [[k, n, c.numerator, c.denominator] for (k, n), c in sorted(value.items())],
                      "expression": text})

    def effort(self, problem):
        return radical_work(parse_rendered(problem.check["expression"]))

    def grade(self, answer, problem):
        try:
            given = read_radical_form(answer)
        except ParseError as exc:
            return refused(NotAnAnswer(f"not in simplified radical form: {exc}"))
        expected = {(k, n): Fraction(p, q) for k, n, p, q in problem.check["value"]}
        if given != expected:
            return wrong("That is not the value of the expression.")
        return right()
