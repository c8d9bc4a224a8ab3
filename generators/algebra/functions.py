"""Function composition and inverse functions, answered symbolically."""
from __future__ import annotations

import re

import sympy

from procgym import Draft, Knob, Task, register
from procgym.kit import read_rhs, refused
from procgym.parsing import ParseError, equivalent, parse_expression
from procgym.verdict import right, wrong

from ._polynomials import Steps, int_content, padd, pexquo_int, pgcd_int, pmul, poly_text, ppow, pscale, read_poly

NAMES = ["f", "g", "h", "p"]
KINDS = {"linear": ("linear",), "polynomial": ("linear", "quadratic"),
         "rational": ("linear", "quadratic", "mobius"), "mixed": ("linear", "quadratic", "mobius", "cubic")}
INVERTIBLE = ("linear", "mobius")


def _nz(rng, top: int) -> int:
    return rng.choice([-1, 1]) * rng.randint(1, top)


def make_function(rng, kind: str, top: int) -> tuple:
    """(kind, coefficients): linear a x + b; quadratic a x^2 + b x + c; mobius (a x + b)/(c x + d)
    with c != 0 and a d - b c != 0; cubic a x^3 + b."""
    if kind == "linear":
        return ("linear", (_nz(rng, top), rng.randint(-top, top)))
    if kind == "quadratic":
        return ("quadratic", (rng.choice([-2, -1, 1, 1, 2]), rng.randint(-top, top), rng.randint(-top, top)))
    if kind == "cubic":
        return ("cubic", (rng.choice([-2, -1, 1, 1, 2]), rng.randint(-top, top)))
    while True:
        a, b, c, d = rng.randint(-top, top), rng.randint(-top, top), rng.randint(1, 3), rng.randint(-top, top)
        if a * d - b * c != 0 and (a or b):
            return ("mobius", (a, b, c, d))


def degree_of(fn) -> int:
    return {"linear": 1, "quadratic": 2, "cubic": 3, "mobius": 1}[fn[0]]


def fn_text(fn, u: str = "x") -> str:
    """The function applied to the text u ('x' or a bracketed expression)."""
    kind, c = fn
    if kind == "linear":
        return poly_text([c[1], c[0]], u)
    if kind == "quadratic":
        return poly_text([c[2], c[1], c[0]], u)
    if kind == "cubic":
        return poly_text([c[1], 0, 0, c[0]], u)
    a, b, cc, d = c
    return f"({poly_text([b, a], u)})/({poly_text([d, cc], u)})"


def apply(fn, num: list[int], den: list[int], steps: Steps | None = None) -> tuple[list[int], list[int]]:
    """fn(N/D) as a reduced quotient of integer polynomials; `steps` counts every coefficient
    product and sum, and the gcd's pseudo-remainder updates."""
    kind, c = fn
    if steps is not None:  # the products each kind multiplies out, and its sums and scalings
        terms = lambda p: sum(1 for v in p if v)  # noqa: E731
        n, d = terms(num), terms(den)
        steps.add({"linear": 2 * (n + d), "mobius": 4 * (n + d), "quadratic": 3 * (n + d) ** 2 + 3 * (n + d),
                   "cubic": 2 * (n + d) ** 3 + 2 * (n + d)}[kind])
    if kind == "linear":
        out = (padd(pscale(num, c[0]), pscale(den, c[1])), den)
    elif kind == "quadratic":
        out = (padd(padd(pscale(pmul(num, num), c[0]), pscale(pmul(num, den), c[1])), pscale(pmul(den, den), c[2])),
               pmul(den, den))
    elif kind == "cubic":
        out = (padd(pscale(ppow(num, 3), c[0]), pscale(ppow(den, 3), c[1])), ppow(den, 3))
    else:
        a, b, cc, d = c
        out = (padd(pscale(num, a), pscale(den, b)), padd(pscale(num, cc), pscale(den, d)))
    return reduce_fraction(*out, steps=steps)


def reduce_fraction(num: list[int], den: list[int], steps: Steps | None = None) -> tuple[list[int], list[int]]:
    if not num:
        return [], [1]
    g = pgcd_int(num, den, steps)
    num, den = pexquo_int(num, g), pexquo_int(den, g)
    k = int_content(num + den)
    k = -k if den[-1] < 0 else k
    return [v // k for v in num], [v // k for v in den]


def inverse(fn) -> tuple:
    """The inverse of an invertible function, solved from y = f(x): a Mobius map as its matrix's adjugate."""
    kind, c = fn
    if kind == "linear":  # y = a x + b  ->  x = (y - b)/a, the Mobius map (1 x - b)/(0 x + a)
        return ("mobius", (1, -c[1], 0, c[0]))
    if kind == "mobius":
        a, b, cc, d = c
        return ("mobius", (d, -b, -cc, a))
    raise ValueError(f"{kind} functions are not invertible here")


def rational_text(num, den) -> str:
    if den == [1]:
        return poly_text(num)
    if len(den) == 1:
        return f"({poly_text(num)})/{den[0]}"
    return f"({poly_text(num)})/({poly_text(den)})"


@register
class FunctionComposition(Task):
    """Compose functions or find an inverse function, symbolically. Level 1 composes two linear
    functions; higher levels bring quadratics, Mobius functions (ax + b)/(cx + d) and cubics,
    chains of three or four applications (with repeats such as f(g(f(x)))), the inverse of a
    linear or Mobius function, and the inverse of a composition; past level 10, chains of up to
    eight applications of four functions. The reference is computed
    exactly: each application maps a quotient of polynomials to a reduced quotient (polynomial
    gcd), and inverses come from solving y = f(x) (the adjugate of a Mobius map's matrix). Any
    equivalent expression is accepted; domain restrictions are not asked for."""

    name = "algebra/function_composition"
    released_dips = {3: "level 3 asks for the inverse of one linear function, a two-step solve, after level 2's "
                        "compositions with quadratics"}
    knobs = (
        Knob("ask", ["compose", "compose", "inverse", ["compose", "inverse"], ["compose", "inverse"],
                     ["compose", "inverse", "inverse_composition"]] + [["compose", "inverse_composition"]] * 14,
             choices=("compose", "inverse", "inverse_composition"), doc="what is asked"),
        Knob("kinds", ["linear", "polynomial", "linear", "polynomial", "rational", "rational", "rational"]
             + ["mixed"] * 13, choices=tuple(KINDS), doc="which kinds of function appear"),
        Knob("chain_length", [2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (2, 8),
             doc="function applications in a composition"),
        Knob("n_functions", [2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="distinct functions defined"),
        Knob("coef_max", [4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14], (1, 20),
             doc="largest coefficient"),
    )
    # the example is the constant 1/2 written unreduced: a composition or an inverse of the task's
    # non-constant functions is never constant, so it is never an answer
    answer_format = "an expression in x (any equivalent form), e.g. (2x + 1)/(4x + 2)"
    example = "(2x + 1)/(4x + 2)"

    def build(self, rng, params):
        ask, top = params["ask"], params["coef_max"]
        pool = KINDS[params["kinds"]] if ask == "compose" else tuple(k for k in KINDS[params["kinds"]] if k in INVERTIBLE)
        pool = pool or ("linear",)
        n_fns = 1 if ask == "inverse" else max(2, params["n_functions"])
        names = NAMES[:n_fns]
        for _ in range(50):
            fns = {n: make_function(rng, rng.choice(pool), top) for n in names}
            if ask == "inverse":
                chain = [names[0]]
            else:
                chain = list(names) + [rng.choice(names) for _ in range(max(0, params["chain_length"] - n_fns))]
                rng.shuffle(chain)
                if len(chain) < 2:
                    chain = chain * 2
            deg = 1
            for n in chain:
                deg *= degree_of(fns[n])
            if deg <= 6:
                break
        num, den = [0, 1], [1]
        if ask == "compose":
            for n in reversed(chain):  # the innermost function applies first
                num, den = apply(fns[n], num, den)
        else:
            for n in chain:  # (f o g)^-1 = g^-1 o f^-1: apply the outer inverse first
                num, den = apply(inverse(fns[n]), num, den)
        defs = "\n".join(f"{n}(x) = {fn_text(fns[n])}" for n in names)
        call = "x"
        for n in reversed(chain):
            call = f"{n}({call})"
        if ask == "compose":
            task = f"Find {call} as an expression in x."
        elif ask == "inverse":
            task = f"Find the inverse function {names[0]}^(-1)(x)."
        else:
            task = f"Let F(x) = {call}. Find the inverse function F^(-1)(x)."
        question = f"Let\n{defs}\n\n{task}"
        return Draft(question, rational_text(num, den), {"num": num, "den": den})

    def effort(self, problem):
        """The reference's applications, innermost first (for an inverse, each inverse from the
        adjugate, four steps, applied outer one first), with every product, sum and gcd
        update counted."""
        prompt = problem.prompt
        fns = {name: _read_function(body) for name, body in re.findall(r"^([a-z])\(x\) = (.*)$", prompt, re.M)}
        composed = re.search(r"Find ([a-z()]+) as an expression in x\.", prompt)
        inverted = re.search(r"Let F\(x\) = ([a-z()]+)\.", prompt)
        call = (composed or inverted).group(1) if composed or inverted else next(iter(fns)) + "(x)"
        chain = re.findall(r"([a-z])\(", call)
        steps, num, den = Steps(), [0, 1], [1]
        for name in (reversed(chain) if composed else chain):
            if not composed:
                steps.add(4)
            num, den = apply(fns[name] if composed else inverse(fns[name]), num, den, steps)
        return steps.count

    def grade(self, answer, problem):
        x = sympy.Symbol("x")
        c = problem.check
        target = (sum((sympy.Integer(v) * x ** k for k, v in enumerate(c["num"])), sympy.Integer(0))
                  / sum((sympy.Integer(v) * x ** k for k, v in enumerate(c["den"])), sympy.Integer(0)))
        try:
            given = parse_expression(read_rhs(answer, asked_labels(problem.prompt)), ["x"])
        except ParseError as exc:
            return refused(exc)
        if not given.has(x) and target.has(x):
            return wrong("The answer must be an expression in x.")
        return right() if equivalent(given, target) else wrong("That expression is not the right function.")


def _read_function(text: str) -> tuple:
    """(kind, coefficients) of a function `fn_text` wrote (a problem's own text)."""
    if m := re.fullmatch(r"\((.*)\)/\((.*)\)", text):
        (b, a), (d, cc) = (([int(v) for v in read_poly(g)] + [0, 0])[:2] for g in m.groups())
        return ("mobius", (a, b, cc, d))
    p = [int(v) for v in read_poly(text)]
    if len(p) == 2:
        return ("linear", (p[1], p[0]))
    return ("quadratic", (p[2], p[1], p[0])) if len(p) == 3 else ("cubic", (p[3], p[0]))


_ASKED_CALL = re.compile(r"Find ([A-Za-z()]+) as an expression in x\.")
_ASKED_INVERSE = re.compile(r"Find the inverse function ([A-Za-z])\^\(-1\)\(x\)\.")


def asked_labels(prompt: str) -> list[str]:
    """The left-hand sides an answer may carry: the function the question asks for, in call
    (`f(g(x))`) or composition (`(f o g)(x)`) notation, `f^(-1)(x)` for an inverse, or `y`."""
    labels = ["y"]
    m = _ASKED_CALL.search(prompt)
    if m:
        call = m.group(1)
        chain = re.findall(r"([A-Za-z])\(", call)
        labels += [call] + [f"({sep.join(chain)})(x)" for sep in ("\u2218", "\\circ", "o")]
    m = _ASKED_INVERSE.search(prompt)
    if m:
        labels.append(f"{m.group(1)}^(-1)(x)")
    return labels
