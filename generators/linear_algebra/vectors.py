"""Vector expressions in 3D: dot and cross products, combinations and orthogonal projections."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, drawn_example

from ._matrices import (cross, dot, grade_scalar, grade_vector, parse_vector, small_fraction, solve_system, vec_text)
from ._work import Work, eliminate

_ASKED = re.compile(r"\n\ncompute (.+?)\.\n\(")
_VECTOR_MARKUP = re.compile(r"\\(?:mathbf|vec|boldsymbol|bm|mathrm|text|operatorname)|[\s(){}]")


def expression_key(text: str) -> str:
    """An expression over the named vectors as written in the prompt or restated by a model
    ("a × b", "\\mathbf{a} \\times \\mathbf{b}"), for comparing a left-hand side with the question."""
    s = text.replace("\\times", "\u00d7").replace("\\cdot", "\u00b7").replace("*", "\u00b7")
    return _VECTOR_MARKUP.sub("", s).lower()


# A node is ("leaf", name) | ("comb", [(k, node), ...]) | ("cross", u, w) | ("proj", u, w)
# | ("span", u, w1, w2) for vectors, and ("dot", u, w) | ("norm2", u) for scalars.
VECTOR_OPS = ("comb", "cross", "proj", "span")
VECTOR_EXAMPLES = ("(1, -2/3, 4)", "(2, 0, -1)", "(-3, 1/2, 5)", "(0, 4, -7/2)")
SCALAR_EXAMPLES = ("-7/2", "5/3", "-4", "9")


class Degenerate(Exception):
    """A projection onto the zero vector or onto a degenerate span: draw again."""


def evaluate(node, values):
    kind = node[0]
    if kind == "leaf":
        return values[node[1]]
    if kind == "comb":
        out = [Fraction(0)] * 3
        for k, child in node[1]:
            v = evaluate(child, values)
            out = [a + k * b for a, b in zip(out, v)]
        return out
    if kind == "cross":
        return cross(evaluate(node[1], values), evaluate(node[2], values))
    if kind == "dot":
        return dot(evaluate(node[1], values), evaluate(node[2], values))
    if kind == "norm2":
        v = evaluate(node[1], values)
        return dot(v, v)
    if kind == "proj":
        u, w = evaluate(node[1], values), evaluate(node[2], values)
        ww = dot(w, w)
        if ww == 0:
            raise Degenerate
        c = Fraction(dot(u, w)) / ww
        return [c * x for x in w]
    if kind == "span":  # solve the normal equations G c = B^T u with Gram matrix G
        u = evaluate(node[1], values)
        w1, w2 = evaluate(node[2], values), evaluate(node[3], values)
        gram = [[dot(w1, w1), dot(w1, w2)], [dot(w2, w1), dot(w2, w2)]]
        status, c = solve_system(gram, [dot(w1, u), dot(w2, u)])
        if status != "unique":
            raise Degenerate
        return [c[0] * a + c[1] * b for a, b in zip(w1, w2)]
    raise ValueError(kind)


def render(node, top: bool = True) -> str:
    kind = node[0]
    if kind == "leaf":
        return node[1]
    if kind == "comb":
        out = []
        for i, (k, child) in enumerate(node[1]):
            body = render(child, False)
            if child[0] in ("comb",):
                body = f"({body})"
            mag = abs(k)
            if mag != 1:
                body = f"{frac_text(mag)}{body}" if child[0] in ("leaf", "cross") else f"{frac_text(mag)} {body}"
            out.append(("-" if k < 0 else "") + body if i == 0 else (" - " if k < 0 else " + ") + body)
        text = "".join(out)
        return text
    if kind in ("cross", "dot"):
        sym = " \u00d7 " if kind == "cross" else " \u00b7 "
        left, right = (_operand(node[i]) for i in (1, 2))
        text = left + sym + right
        return text if top else f"({text})"
    if kind == "norm2":
        return f"|{render(node[1])}|^2"
    if kind == "proj":
        return f"proj({render(node[1])} onto {render(node[2])})"
    if kind == "span":
        return f"proj({render(node[1])} onto span({render(node[2])}, {render(node[3])}))"
    raise ValueError(kind)


def _operand(node) -> str:
    text = render(node, False)
    if node[0] == "comb" and not (len(node[1]) == 1 and node[1][0][1][0] == "leaf"):
        return f"({text})"
    if node[0] == "comb":
        return f"({text})" if node[1][0][0] != 1 else text
    return text


def parse_rendered(text: str):
    """The tree of an expression `render` wrote (only ever a problem's own expression, never an
    answer)."""
    pos = 0

    def at(s):
        return text.startswith(s, pos)

    def eat(s):
        nonlocal pos
        if not at(s):
            raise ValueError(f"expected {s!r} at {pos} in {text!r}")
        pos += len(s)

    def expr():
        terms = [term()]
        while at(" + ") or at(" - "):
            sign = -1 if at(" - ") else 1
            eat(" + " if sign > 0 else " - ")
            k, node = term()
            terms.append((sign * k, node))
        if len(terms) == 1 and terms[0][0] == 1:
            return terms[0][1]
        return ("comb", terms)

    def term():
        nonlocal pos
        sign = 1
        if at("-"):
            eat("-")
            sign = -1
        m = re.match(r"\d+ ?", text[pos:])
        k = 1
        if m:
            k = int(m.group(0))
            pos += len(m.group(0))
        return sign * k, product()

    def product():
        left = primary()
        for sym, kind in ((" \u00d7 ", "cross"), (" \u00b7 ", "dot")):
            if at(sym):
                eat(sym)
                return (kind, left, primary())
        return left

    def primary():
        nonlocal pos
        if at("proj("):
            eat("proj(")
            u = expr()
            eat(" onto ")
            if at("span("):
                eat("span(")
                w1 = expr()
                eat(", ")
                w2 = expr()
                eat(")")
                eat(")")
                return ("span", u, w1, w2)
            w = expr()
            eat(")")
            return ("proj", u, w)
        if at("|"):
            eat("|")
            inner = expr()
            eat("|^2")
            return ("norm2", inner)
        if at("("):
            eat("(")
            inner = expr()
            eat(")")
            return inner
        name = re.match(r"[a-z]", text[pos:]).group(0)
        pos += 1
        return ("leaf", name)

    node = expr()
    if pos != len(text):
        raise ValueError(f"trailing text in {text!r}")
    return node


def counted_value(node, values, work: Work):
    """The value of an expression, every scalar step counted in `work` (dot products, cross
    products, scalings and sums componentwise; a projection onto a span by its normal
    equations, solved by elimination)."""
    kind = node[0]

    def dot_(u, w):
        acc = None
        for x, y in zip(u, w):
            p = work.op(x * y, x, y) if x and y else Fraction(0)
            acc = p if acc is None else work.op(acc + p, acc, p)
        return acc

    def scale(k, v):
        return [work.op(k * x, k, x) if x and k not in (1, -1) else k * x for x in v]

    def plus(u, w):
        return [work.op(x + y, x, y) for x, y in zip(u, w)]

    if kind == "leaf":
        return [Fraction(x) for x in values[node[1]]]
    if kind == "comb":
        total = None
        for k, child in node[1]:
            v = scale(k, counted_value(child, values, work))
            total = v if total is None else plus(total, v)
        return total
    if kind in ("cross", "dot"):
        u, w = counted_value(node[1], values, work), counted_value(node[2], values, work)
        if kind == "dot":
            return dot_(u, w)
        products = [(u[i] * w[j], u[j] * w[i]) for i, j in ((1, 2), (2, 0), (0, 1))]
        for (i, j), (p, q) in zip(((1, 2), (2, 0), (0, 1)), products):
            work.op(p, u[i], w[j])
            work.op(q, u[j], w[i])
            work.op(p - q, p, q)
        return [p - q for p, q in products]
    if kind == "norm2":
        v = counted_value(node[1], values, work)
        return dot_(v, v)
    if kind == "proj":
        u, w = counted_value(node[1], values, work), counted_value(node[2], values, work)
        uw, ww = dot_(u, w), dot_(w, w)
        return scale(work.op(uw / ww, uw, ww), w)
    u = counted_value(node[1], values, work)
    w1, w2 = counted_value(node[2], values, work), counted_value(node[3], values, work)
    gram = [[dot_(w1, w1), dot_(w1, w2), dot_(w1, u)], [None, dot_(w2, w2), dot_(w2, u)]]
    gram[1][0] = gram[0][1]
    pivots, reduced = eliminate(gram, work, full=True)
    return plus(scale(reduced[0][2], w1), scale(reduced[1][2], w2))


@register
class VectorOperations(Task):
    """Evaluate an expression over given 3D vectors: dot products, cross products, integer
    combinations and orthogonal projections (onto a vector, and onto the plane spanned by two
    vectors). Level 1 is one dot product; higher levels nest operations more deeply (triple
    products, projections of cross products, (2a - b) \u00b7 (c \u00d7 d)), add projections whose exact
    answers are fractions, projections onto spans that need the normal equations, more vectors and
    fractional components; past level 10, nesting six deep with up to five projections. The
    reference evaluates the expression with exact fractions. About 65 problems/s at level 20, where
    deep expressions are redrawn until their exact value stays readable."""

    name = "linear_algebra/vector_operations"
    knobs = (
        Knob("depth", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6], (1, 8),
             doc="nesting depth of the expression"),
        Knob("n_vectors", [2, 2, 3, 3, 3, 3] + [4] * 14, (2, 4), doc="named vectors given"),
        Knob("cross", [False] + [True] * 19, doc="cross products allowed"),
        Knob("projections", [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 4, 3, 4, 4, 4, 5], (0, 5),
             doc="most projections in one expression"),
        Knob("span_projections", [False] * 6 + [True] * 14, doc="projections onto the span of two vectors allowed"),
        Knob("entry_max", [5, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6], (1, 20),
             doc="largest absolute integer component"),
        Knob("fraction_entries", [0, 0, 0, 0, 0, 0, 0, 1, 1, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6], (0, 12),
             doc="components that are fractions p/q"),
    )
    answer_format = "the value: a number, or a vector (x, y, z), with exact entries"
    example = "(1, -2/3, 4)"

    def build(self, rng, params):
        names = "abcd"[:params["n_vectors"]]
        top = params["entry_max"]
        ops = ["comb"] + (["cross"] if params["cross"] else []) + (["proj"] if params["projections"] > 0 else []) + (
            ["span"] if params["span_projections"] else [])
        kept = None  # the last draw that evaluated, in case all 60 are turned down
        for _ in range(60):
            values = {nm: [rng.randint(-top, top) for _ in range(3)] for nm in names}
            cells = [(nm, i) for nm in names for i in range(3)]
            for nm, i in rng.sample(cells, min(params["fraction_entries"], len(cells))):
                values[nm][i] = small_fraction(rng, max(1, top // 2), 3)
            if any(not any(v) for v in values.values()):
                continue
            scalar = params["depth"] == 1 and not params["cross"] or rng.random() < 0.4
            node = self._node(rng, "scalar" if scalar else "vector", params["depth"], names, ops,
                              [params["projections"]], True)
            try:
                result = evaluate(node, values)  # the reference: exact evaluation
            except Degenerate:
                continue
            kept = (values, node, result)
            if not _acceptable(node, result, params["projections"], params["depth"]):
                continue
            if _uses_all_ops(node, ops, params["depth"]):
                break
        else:
            if kept is not None:  # the very last draw may have been degenerate: the prompt must match the answer
                values, node, result = kept
        listing = "\n".join(f"{nm} = {vec_text(values[nm])}" for nm in names)
        legend = "\u00b7 is the dot product, \u00d7 the cross product"
        if "proj" in ops:
            legend += ", proj(u onto w) the orthogonal projection of u onto the line spanned by w"
        if "span" in ops:
            legend += ", proj(u onto span(v, w)) the orthogonal projection of u onto the plane spanned by v and w"
        question = f"Given the vectors\n\n{listing}\n\ncompute {render(node)}.\n({legend}.)"
        # the example is drawn last (nothing else depends on it) and is never this problem's answer
        if isinstance(result, list):
            return Draft(question, vec_text(result), {"kind": "vector", "value": [frac_text(x) for x in result]},
                         answer_format="the vector as (x, y, z) with exact components (integers or fractions p/q)",
                         example=drawn_example(rng, VECTOR_EXAMPLES, lambda c: parse_vector(c) != result))
        return Draft(question, frac_text(result), {"kind": "scalar", "value": frac_text(result)},
                     answer_format="the number as an exact value: an integer or a fraction p/q",
                     example=drawn_example(rng, SCALAR_EXAMPLES, lambda c: Fraction(c) != result))

    def _node(self, rng, kind, depth, names, ops, budget, root=False):
        """A random expression of the given kind; `budget` is a one-item list: projections left."""
        if kind == "scalar":
            if depth <= 1:
                u, w = rng.sample(names, 2)
                return ("dot", ("leaf", u), ("leaf", w))
            if rng.random() < 0.15:
                return ("norm2", self._node(rng, "vector", depth - 1, names, ops, budget))
            return ("dot",) + self._pair(rng, depth - 1, names, ops, budget)
        if depth <= 0:
            return ("leaf", rng.choice(names))
        allowed = [o for o in ops if o not in ("proj", "span") or budget[0] > 0] or ["comb"]
        choices = [o for o in allowed if o != "comb"] if root and len(allowed) > 1 else allowed
        op = rng.choice(choices)
        sub = depth - 1
        if op == "comb":
            count = rng.randint(2, 3 if len(names) > 2 else 2)
            picks = rng.sample(names, min(count, len(names)))
            terms = [(self._coef(rng), ("leaf", p)) for p in picks]
            if sub > 0:
                i = rng.randrange(len(terms))
                inner = [o for o in allowed if o != "comb"] or allowed
                terms[i] = (terms[i][0], self._node(rng, "vector", sub, names, inner, budget))
            return ("comb", terms)
        if op == "cross":
            return ("cross",) + self._pair(rng, sub, names, ops, budget)
        budget[0] -= 1
        if op == "proj":  # project onto a leaf, a combination or a cross product, never onto a projection
            u = self._node(rng, "vector", sub, names, ops, budget) if sub > 0 else ("leaf", rng.choice(names))
            plain = [o for o in ops if o not in ("proj", "span")]
            w = self._node(rng, "vector", rng.randint(0, sub), names, plain, budget)
            return ("proj", u, w)
        # span: the plane of two given vectors; the projected vector may be an expression
        w1, w2 = rng.sample(names, 2)
        u = self._node(rng, "vector", sub, names, ops, budget) if sub > 0 else ("leaf", rng.choice(
            [nm for nm in names if nm not in (w1, w2)] or names))
        return ("span", u, ("leaf", w1), ("leaf", w2))

    def _pair(self, rng, sub, names, ops, budget):
        """Two operands, one of depth `sub` and one at most as deep (two leaves when sub is 0)."""
        if sub <= 0:
            u, w = rng.sample(names, 2)
            return ("leaf", u), ("leaf", w)
        deep = rng.randrange(2)
        kids = [self._node(rng, "vector", sub if i == deep else rng.randint(0, sub), names, ops, budget)
                for i in range(2)]
        return kids[0], kids[1]

    @staticmethod
    def _coef(rng):
        return rng.choice((1, 1, -1, 2, -2, 3))

    def effort(self, problem):
        values = {nm: parse_vector(v) for nm, v in re.findall(r"^([a-z]) = (\(.*\))$", problem.prompt, re.M)}
        work = Work()
        counted_value(parse_rendered(_ASKED.search(problem.prompt).group(1)), values, work)
        return work.total

    def grade(self, answer, problem):
        c = problem.check
        asked = _ASKED.search(problem.prompt)  # "a × b = (...)" restates the expression asked for
        key = expression_key(asked.group(1)) if asked else None
        restated = lambda lhs: expression_key(lhs) == key  # noqa: E731
        if c["kind"] == "vector":
            return grade_vector(answer, c["value"], ["x", "y", "z"], "the resulting vector", lhs_ok=restated)
        return grade_scalar(answer, c["value"], "the value", lhs_ok=restated)


MAX_DENOMINATOR = 2_000
MAX_NUMERATOR = 20_000
RELEASED_DEPTH = 4  # past it (levels 11 and up) the bounds grow tenfold per level of nesting


def _acceptable(node, result, max_projections: int, depth: int = RELEASED_DEPTH) -> bool:
    """Reject zero answers (easy to guess), unwieldy fractions, too many projections, projections
    onto projections, and binary operations on two identical operands (a × a, proj(u onto u)).
    Deeper expressions than the released ones multiply more numbers, so "unwieldy" grows with them."""
    values = result if isinstance(result, list) else [result]
    if not any(values):
        return False
    scale = 10 ** max(0, depth - RELEASED_DEPTH)
    if any(Fraction(v).denominator > MAX_DENOMINATOR * scale or abs(Fraction(v).numerator) > MAX_NUMERATOR * scale
           for v in values):
        return False
    count = 0
    stack = [node]
    while stack:
        n = stack.pop()
        kind = n[0]
        if kind in ("proj", "span"):
            count += 1
        if kind == "proj" and n[2][0] in ("proj", "span"):
            return False
        if kind in ("cross", "dot", "proj") and render(n[1]) == render(n[2]):
            return False
        if kind == "comb":
            stack.extend(c for _, c in n[1])
        else:
            stack.extend(c for c in n[1:] if isinstance(c, tuple))
    return count <= max_projections


def _uses_all_ops(node, ops, depth) -> bool:
    """At depth >= 3, prefer expressions that use a projection when projections are enabled."""
    if depth < 3 or "proj" not in ops:
        return True
    found = set()

    def walk(n):
        found.add(n[0])
        for child in n[1:]:
            if isinstance(child, tuple):
                walk(child)
            elif isinstance(child, list):
                for _, c in child:
                    walk(c)

    walk(node)
    return bool(found & {"proj", "span"})
