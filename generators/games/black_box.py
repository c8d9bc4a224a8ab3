"""Black-box function identification: query f(x) at chosen points, then state f exactly."""
from __future__ import annotations

import re
from fractions import Fraction

import sympy

from procgym import Knob, register
from procgym.kit import LOSE, WIN, NotAnAnswer, Param, Tool, TurnBudgetTask, read_expression

FAMILIES = ("integer", "modular")
MAX_QUERY = 10**6
MAX_ANSWER_DEGREE = 60  # an answer whose degree may exceed this is refused before expanding
X = sympy.Symbol("x")
_QUERY = re.compile(r"(?:query\s*)?(?:f\s*\(\s*([+-]?\d{1,7})\s*\)(?:\s*=\s*\??)?"
                    r"|x\s*=\s*([+-]?\d{1,7})|([+-]?\d{1,7}))")
_ANSWER = re.compile(r"(?:answer\s*:?|f\s*\(\s*x\s*\)\s*=)\s*(?:f\s*\(\s*x\s*\)\s*=\s*)?(.+)", re.S)


def is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n ** 0.5) + 1))


def evaluate(coeffs: list[int], x: int, modulus: int | None) -> int:
    """f(x) for coefficients from the constant term up (Horner), reduced mod `modulus` if given."""
    value = 0
    for a in reversed(coeffs):
        value = value * x + a
        if modulus:
            value %= modulus
    return value


def poly_text(coeffs: list[int]) -> str:
    """Coefficients (constant term first) as text like 3x^2 - 2x + 5."""
    terms = []
    for power in range(len(coeffs) - 1, -1, -1):
        a = coeffs[power]
        if a == 0:
            continue
        mag = abs(a)
        body = (str(mag) if power == 0 else ("" if mag == 1 else str(mag)) + ("x" if power == 1 else f"x^{power}"))
        terms.append(("- " if a < 0 else "+ ") + body)
    if not terms:
        return "0"
    text = " ".join(terms)
    return text[2:] if text.startswith("+ ") else "-" + text[2:]


def interpolate(points: list[tuple[int, int]], modulus: int | None) -> list[int]:
    """The coefficients (constant first) of the polynomial of degree < len(points) through the
    points: Lagrange's formula with exact fractions, or modular inverses mod a prime."""
    n = len(points)
    coeffs = [Fraction(0)] * n if modulus is None else [0] * n
    for i, (xi, yi) in enumerate(points):
        basis = [1]  # prod over j != i of (x - xj), constant first
        denom = 1
        for j, (xj, _) in enumerate(points):
            if j != i:
                basis = [(basis[k - 1] if k else 0) - xj * (basis[k] if k < len(basis) else 0)
                         for k in range(len(basis) + 1)]
                denom *= xi - xj
        if modulus is None:
            scale = Fraction(yi, denom)
            for k in range(n):
                coeffs[k] += scale * basis[k]
        else:
            scale = yi * pow(denom % modulus, -1, modulus)
            for k in range(n):
                coeffs[k] = (coeffs[k] + scale * basis[k]) % modulus
    if modulus is None:
        return [int(c) if c.denominator == 1 else c for c in coeffs]
    return coeffs


def degree_bound(expr) -> int:
    """An upper bound on the degree in x of an expression built from + - * and integer powers
    (a large number for anything else), computed without expanding."""
    if expr.is_Number or not expr.has(X):
        return 0
    if expr == X:
        return 1
    if expr.is_Add:
        return max(degree_bound(a) for a in expr.args)
    if expr.is_Mul:
        return sum(degree_bound(a) for a in expr.args)
    if expr.is_Pow and expr.exp.is_Integer and expr.exp >= 0:
        return degree_bound(expr.base) * int(expr.exp)
    return MAX_ANSWER_DEGREE + 1


def answer_coeffs(text: str) -> tuple[list | None, str | None]:
    """The stated polynomial's coefficients (constant first, as Fractions), or (None, why)."""
    try:
        expr = read_expression(text, ("x",))
    except NotAnAnswer as exc:
        return None, f"{exc}"
    if degree_bound(expr) > MAX_ANSWER_DEGREE:
        return None, "that is not a polynomial in x of small degree"
    try:
        poly = sympy.Poly(expr, X)
    except (sympy.PolynomialError, sympy.GeneratorsNeeded, ValueError, TypeError):
        return None, "that is not a polynomial in x"
    coeffs = poly.all_coeffs()[::-1]
    if not all(c.is_Rational for c in coeffs):
        return None, "the coefficients must be numbers"
    return [Fraction(int(c.p), int(c.q)) for c in coeffs], None


@register
class BlackBoxFunction(TurnBudgetTask):
    """Identify a hidden function from a stated family by querying it: a polynomial of degree at
    most k with integer coefficients in [-C, C] (the "integer" family), or a polynomial of degree
    at most k modulo a prime p (the "modular" family; k = 1 is a linear function a*x + b mod p).
    Each turn the player queries f at an integer x, or states f (answer 3x^2 - 2x + 5): the
    statement is graded exactly (the same polynomial; in the modular family, coefficients agree
    mod p, which for p > k is the same function on 0..p-1) and ends the game. Higher levels raise
    the degree (more unknowns: k + 1 queries and an interpolation, by finite differences or by
    Lagrange's formula with modular inverses) and remove the slack. In the modular family k + 1
    queries are necessary (p^(k+1) candidate functions, p possible replies per query), so at
    slack 0 every query must count; in the integer family one query at x > 2C decides all the
    coefficients (its base-(2C+1) digits), which the budget allows but does not need.

    The prompt gives f at `given_points` random points for free. The reference policy queries the
    smallest non-negative x not yet known until it knows k + 1 points, then interpolates; the
    budget is those queries (k + 1 - given_points) plus the statement plus `slack`.
    `Draft.answer` is the statement of f.
    """

    name = "games/black_box"
    knobs = (
        Knob("family", ["integer", "modular"] * 10, choices=FAMILIES, doc="integer polynomials, or polynomials mod a prime"),
        Knob("degree", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (0, 12),
             doc="the highest possible degree k"),
        Knob("coef_max", [3, 3, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 12, 12, 14, 14, 16, 16, 18, 18], (1, 1000),
             doc="integer family: coefficients lie in [-coef_max, coef_max]"),
        Knob("modulus", [7, 11, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79], (2, 997),
             doc="modular family: the prime p (must exceed the degree)"),
        Knob("given_points", [1] * 20, (0, 9),
             doc="values of f at random points shown in the prompt for free (at most the degree + 1)"),
        Knob("slack", [3, 3, 2, 2, 1, 1, 1, 0, 0, 0] + [0] * 10, (0, 100),
             doc="turns allowed beyond the queries needed (k + 1 points in all) and the answer"),
    )
    answer_format = "a query like f(3), or a final statement like answer 3x^2 - 2x + 5"
    example = "f(3)"
    tools = (Tool("query", "Evaluate the hidden function f at an integer x; the answer is f(x).", "f({x})",
                  (Param("x", "integer", "the point to evaluate f at"),)),
             Tool("answer", "State f as a polynomial in x; this ends the game, right or wrong.", "answer {polynomial}",
                  (Param("polynomial", "string", "f as a polynomial in x, e.g. 3x^2 - 2x + 5"),)))
    invalid_hint = "query like f(3), or state f like answer 3x^2 - 2x + 5"

    def build(self, rng, params):
        family, k, slack = params["family"], params["degree"], params["slack"]
        p = params["modulus"] if family == "modular" else None
        if p is not None and (not is_prime(p) or p <= k):
            raise ValueError(f"knob 'modulus': {p} must be a prime greater than the degree {k}")
        if p is None:
            cmax = params["coef_max"]
            coeffs = [rng.randint(-cmax, cmax) for _ in range(k + 1)]
            if k >= 1 and coeffs[k] == 0:
                coeffs[k] = rng.choice([-1, 1]) * rng.randint(1, cmax)
            family_text = (f"f is a polynomial in x of degree at most {k} with integer coefficients between "
                           f"-{cmax} and {cmax}")
            domain = f"x may be any integer from -{MAX_QUERY} to {MAX_QUERY}"
            grading = "the same polynomial as f"
        else:
            coeffs = [rng.randrange(p) for _ in range(k + 1)]
            if k >= 1 and coeffs[k] == 0:
                coeffs[k] = rng.randrange(1, p)
            family_text = (f"f(x) = (a polynomial in x of degree at most {k} with integer coefficients) mod {p}; "
                           f"{p} is prime")
            domain = f"x may be any integer from 0 to {p - 1}, and the reply f(x) is a number from 0 to {p - 1}"
            grading = f"a polynomial of degree at most {k} whose coefficients agree with f's mod {p}"
        n_given = params["given_points"]
        if n_given > k + 1:
            raise ValueError(f"knob 'given_points': {n_given} is more than the degree + 1 ({k + 1})")
        pool = range(p) if p else range(-9, 10)
        given = [[x, evaluate(coeffs, x, p)] for x in sorted(rng.sample(pool, n_given))]
        budget = k + 1 - n_given + 1 + slack
        known = ""
        if given:
            known = f" Already known: {', '.join(f'f({x}) = {y}' for x, y in given)}."
        question = (
            f"Black box. A hidden function f is fixed: {family_text}.{known}\n\n"
            f"Each turn, either query f at an integer x (write f(3); {domain}), or state f (write answer followed by "
            f"a polynomial in x, e.g. answer 3x^2 - 2x + 5). Your statement is right if it is {grading}; "
            f"it ends the game either way. You have {budget} turns; every query, statement and invalid "
            f"action uses one.")
        check = {"family": family, "degree": k, "modulus": p, "coeffs": coeffs, "given": given, "budget": budget}
        return self.draft(question, f"answer {poly_text(coeffs)}", check)  # a query never wins

    def effort(self, problem):
        # k + 1 points interpolated: (k + 1)^2 terms of Lagrange's formula, plus one modular inverse
        # per basis polynomial in the modular family
        points = problem.check["degree"] + 1
        return points * points + (points if problem.check["modulus"] else 0)

    def start(self, problem):
        return {"queries": []}

    def act(self, problem, state, text):
        c = problem.check
        p, k, coeffs = c["modulus"], c["degree"], c["coeffs"]
        low = text.lower()
        answer = _ANSWER.fullmatch(low)
        query = _QUERY.fullmatch(low) if not answer else None
        if answer:
            given, why = answer_coeffs(answer.group(1))
            if given is None:
                return f"Invalid statement: {why}; write answer and a polynomial in x, e.g. answer 3x^2 - 2x + 5.", None
            if p is None:
                right = given + [0] * (len(coeffs) - len(given)) == coeffs + [0] * (len(given) - len(coeffs))
            elif any(a.denominator != 1 for a in given):
                right = False
            else:
                reduced = [int(a) % p for a in given]
                while len(reduced) > 1 and reduced[-1] == 0:
                    reduced.pop()
                right = len(reduced) <= k + 1 and reduced + [0] * (k + 1 - len(reduced)) == [a % p for a in coeffs]
            truth = poly_text(coeffs) + (f" mod {p}" if p else "")
            if right:
                return f"Correct: f(x) = {truth}.", WIN
            return f"Wrong: f(x) = {truth}.", LOSE
        raw = next((g for g in query.groups() if g is not None), None) if query else None
        if raw is None:
            return f"Invalid action: {self.invalid_hint}.", None
        x = int(raw)
        lo, hi = (0, p - 1) if p else (-MAX_QUERY, MAX_QUERY)
        if not lo <= x <= hi:
            return f"Invalid query: x must be an integer from {lo} to {hi}.", None
        value = evaluate(coeffs, x, p)
        state["queries"].append([x, value])
        return f"f({x}) = {value}.", None

    def unsolved(self, problem, state):
        return "f was not stated."

    def plan(self, problem, state):
        c = problem.check
        k, p = c["degree"], c["modulus"]
        points = {}
        for x, y in c["given"] + state["queries"]:
            points.setdefault(x, y)
        if len(points) < k + 1:
            x = next(x for x in range(len(points) + k + 2) if x not in points)
            return f"f({x})"
        coeffs = interpolate(sorted(points.items())[:k + 1], p)
        return f"answer {poly_text(coeffs)}"
