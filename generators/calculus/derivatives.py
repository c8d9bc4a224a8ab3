"""Derivatives: differentiate a generated function of x; any equivalent expression is accepted."""
from __future__ import annotations

import ast
import re

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import read_rhs, refused
from procgym.parsing import MAX_DEGREE, MAX_NODES, ParseError, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._differentiation import deriv, rule_steps
from ._tree import C, X, add, degree_bound, div, fn, is_const, mul, power
from ._tree import text as to_text

# the left-hand sides a derivative answer may carry
LABELS = ("f'(x)", "f'", "y'", "dy/dx", "df/dx", "\\frac{dy}{dx}", "\\frac{df}{dx}", "\\frac{d}{dx}f(x)", "d/dx f(x)")


# procgym.parsing reads at most MAX_NODES syntax nodes; a reference derivative stays well under
# that so that an answer written less compactly than the reference still fits.
NODE_BUDGET = MAX_NODES * 3 // 5
_NUMBER = re.compile(r"\d+")


def syntax_nodes(text: str) -> int:
    """The syntax-node count procgym.parsing.parse_expression will see for our own generated text
    (numbers become names there, and ^ becomes **). Only ever called on generated text."""
    return sum(1 for _ in ast.walk(ast.parse(_NUMBER.sub("n", text).replace("^", "**"), mode="eval")))


@register
class Derivative(Task):
    """Differentiate a function of x. Level 1-2 need the power and sum rules; level 3 adds sin, cos,
    exp and ln; level 4 the chain rule; level 5 products; level 6 quotients; levels 8-10 nest
    compositions two and three deep (chain rule inside chain rule, inside products and quotients);
    levels 11-15 add terms, products and quotients. Any expression equal to the derivative is
    accepted. The reference comes from a symbolic differentiator over the generated tree
    (_differentiation.deriv, checked against sympy.diff in the tests), because sympy.diff and its
    printer take about 10 ms per function."""

    name = "calculus/derivative"
    cap_reason = ("a reference derivative must stay within the safe parser's node budget (NODE_BUDGET) so that an "
                  "answer written less compactly still parses; past level 15 (six terms, three products, two "
                  "quotients, chains two deep) most draws of larger functions exceed it and generation would "
                  "mostly redraw")
    knobs = (
        Knob("n_terms", [2, 3, 3, 2, 2, 2, 3, 2, 3, 2, 3, 3, 4, 5, 6], (1, 6), doc="terms in the sum"),
        Knob("chain_depth", [0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 2, 2, 2, 2], (0, 4),
             doc="deepest composition of functions"),
        Knob("functions", [False, False] + [True] * 13,
             doc="sin, cos, exp and ln (tan from chain depth 2) besides powers"),
        Knob("products", [0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 3], (0, 6),
             doc="terms that are products (product rule)"),
        Knob("quotients", [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2], (0, 6),
             doc="terms that are quotients (quotient rule)"),
        Knob("coef_max", [5, 6, 7, 8] + [9] * 11, (1, 50), doc="largest coefficient"),
        Knob("max_power", [3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4], (2, 12), doc="largest exponent"),
    )
    released_dips = {4: "level 4 brings in the chain rule on two terms where level 3 differentiates three "
                        "without it: one new rule, fewer rule applications"}
    answer_format = ("an expression in x equal to f'(x), using + - * / ^, brackets and the functions sin, cos, "
                     "tan, exp, ln; it need not be simplified: any equivalent expression is accepted")
    example = "6*x*cos(3*x^2) - 2/x"

    def build(self, rng, params):
        best = None
        # past the released settings (levels 11 and up), a derivative must also stay within the
        # parser's degree limit: chains of powers can pass degree 100 there
        strict = params["n_terms"] > 3 or params["products"] > 1 or params["quotients"] > 1
        for _ in range(50):
            f, df = self._function(rng, params)
            text, dtext = to_text(f), to_text(df)
            size = syntax_nodes(dtext)
            if strict and degree_bound(df) > MAX_DEGREE:
                size = MAX_NODES + size  # never kept while a parseable draw exists
            if best is None or size < best[0]:
                best = (size, text, dtext)
            if size <= NODE_BUDGET:
                break
        size, text, dtext = best
        if size > MAX_NODES:
            raise ValueError(f"knobs {sorted(params)}: these settings give derivatives too long to check; "
                             "use fewer terms or a smaller chain_depth")
        question = (f"Differentiate with respect to x:\n\nf(x) = {text}\n\n"
                    f"Here ln is the natural logarithm and exp(u) means e^u.")
        return Draft(question, dtext, {"function": text, "derivative": dtext})

    def _function(self, rng, params):
        n = params["n_terms"]
        n_q = min(params["quotients"], n)
        n_p = min(params["products"], n - n_q)
        kinds = ["q"] * n_q + ["p"] * n_p + ["s"] * (n - n_q - n_p)
        rng.shuffle(kinds)
        top_depth = params["chain_depth"]
        deep = rng.randrange(n)  # one term reaches the full chain depth
        terms, seen = [], set()
        for i, kind in enumerate(kinds):
            depth = top_depth if i == deep else rng.randint(0, top_depth)
            for _ in range(10):  # no like terms: 2*exp(x) + ... - 3*exp(x) is a wasted step
                term = self._term(rng, kind, depth, params)
                if _shape(term) not in seen:
                    break
            seen.add(_shape(term))
            terms.append(term)
        if params["chain_depth"] == 0 and not params["functions"] and rng.random() < 0.5:
            terms.append(C(_signed(rng, params["coef_max"] * 2)))
        f = add(*terms)
        if is_const(f):
            f = add(f, mul(C(_signed(rng, params["coef_max"])), X))
        return f, deriv(f)

    # ------------------------------------------------------------------ generation

    def _term(self, rng, kind, depth, params):
        coef = C(_signed(rng, params["coef_max"]))
        if kind == "s":
            return mul(coef, self._atom(rng, depth, params))
        if kind == "p":
            a = self._atom(rng, depth, params)
            b = self._atom(rng, rng.randint(0, depth), params)
            for _ in range(5):
                if b[0] != a[0] or b != a:
                    break
                b = self._atom(rng, rng.randint(0, depth), params)
            return mul(coef, a, b)
        numerator = self._atom(rng, depth, params) if rng.random() < 0.6 else self._poly(rng, params, 1)
        denominator = self._poly(rng, params, 2) if rng.random() < 0.6 else self._atom(rng, 0, params)
        if denominator == numerator or is_const(denominator):
            denominator = add(X, C(rng.randint(1, params["coef_max"])))
        return div(mul(coef, numerator), denominator)

    def _atom(self, rng, depth, params, banned=()):
        """x^n or a function of x at depth 0; an outer function or power of an inner part above."""
        funcs = [f for f in ("sin", "cos", "exp", "ln") if f not in banned] if params["functions"] else []
        if depth == 0:
            choices = (["pow"] if "pow" not in banned or not funcs else []) + funcs
            pick = rng.choice(choices)
            if pick == "pow":
                return power(X, rng.randint(1, params["max_power"]))
            return fn(pick, X)
        outer = (["pow"] if "pow" not in banned else []) + funcs + \
            (["tan"] if funcs and depth >= 2 and "tan" not in banned else [])
        pick = rng.choice(outer)
        # exp of a power or of another exp grows past what a checker can evaluate; tan of tan is cruel
        extra = {"exp": ("exp", "pow"), "tan": ("tan",)}.get(pick, ())
        inner = self._inner(rng, depth - 1, params, banned + extra)
        if pick == "pow":
            return power(inner, rng.randint(2, params["max_power"]))
        return fn(pick, inner)

    def _inner(self, rng, depth, params, banned):
        if depth == 0:
            return self._poly(rng, params, 2, small="exp" in banned)
        part = self._atom(rng, depth, params, banned)
        if rng.random() < 0.5:
            return part
        return add(mul(C(rng.randint(1, 4)), part), C(_signed(rng, params["coef_max"])))

    @staticmethod
    def _poly(rng, params, max_degree: int, small: bool = False) -> tuple:
        top = 3 if small else params["coef_max"]
        k = rng.randint(1, max_degree)
        lead = mul(C(_signed(rng, top)), power(X, k))
        if k == 2 and rng.random() < 0.5:
            lead = add(lead, mul(C(_signed(rng, top)), X))
        return add(lead, C(_signed(rng, top)))

    def effort(self, problem):
        # rule applications (power, product, quotient, chain) over the function's tree
        return rule_steps(parse_expression(problem.check["function"], ["x"]), sympy.Symbol("x"))

    # ------------------------------------------------------------------ grading

    def grade(self, answer, problem):
        try:
            given = parse_expression(read_rhs(answer, LABELS), ["x"])
        except ParseError as e:
            return refused(e)
        reference = parse_expression(problem.check["derivative"], ["x"])
        if not equivalent(given, reference):
            return wrong("That expression is not the derivative of f.")
        return right()


def _shape(term) -> tuple:
    """A term without its numeric coefficient, to spot like terms."""
    if term[0] == "mul" and term[1][0][0] == "c":
        rest = term[1][1:]
        return rest[0] if len(rest) == 1 else ("mul", rest)
    return term


def _signed(rng, top: int) -> int:
    v = rng.randint(1, max(1, top))
    return v if rng.random() < 0.6 else -v
