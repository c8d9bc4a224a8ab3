"""Real roots of polynomial equations, exact: quadratics with surd roots, and cubics to quintics
whose roots are rational apart from at most one quadratic factor."""
from __future__ import annotations

import math

from procgym import Draft, Knob, Task, register

from ._polynomials import Steps, pmul, poly_text, power_text, psub, read_poly, signed_join, split_signed
from ._surds import real_roots
from ._value_sets import grade_value_set


def random_linear(rng, lead_max: int, root_max: int) -> list[int]:
    """a x - b, primitive, a > 0: the root b/a (lowest power first: [-b, a])."""
    a = rng.randint(1, lead_max)
    b = rng.randint(-root_max, root_max)
    g = math.gcd(a, b) or 1
    return [-b // g, a // g]


def random_quadratic(rng, kind: str, lead_max: int, root_max: int) -> list[int]:
    """a x^2 + b x + c with a positive non-square discriminant ("surd") or a negative one ("complex")."""
    while True:
        a = rng.randint(1, max(1, lead_max - 1))
        b = rng.randint(-root_max, root_max)
        c = rng.randint(-root_max * 2, root_max * 2)
        disc = b * b - 4 * a * c
        if math.gcd(math.gcd(a, b), c) != 1:
            continue
        if kind == "complex" and disc < 0:
            return [c, b, a]
        if kind == "surd" and disc > 0 and math.isqrt(disc) ** 2 != disc:
            return [c, b, a]


@register
class PolynomialRoots(Task):
    """Find all real roots of a polynomial equation, exactly. Level 1 is a monic quadratic with
    integer roots; then quadratics whose roots are surds ((3 + sqrt(5))/2) or not real at all;
    then cubics, quartics and quintics with integer and fractional roots (rational root theorem,
    synthetic division), repeated roots, at most one leftover quadratic factor with surd or no
    real roots, and terms on both sides of the equation; past level 10, degrees 5 to 8 with
    larger leading coefficients and more repeated roots. The reference roots come from an exact
    solver: the rational root theorem with deflation, then the quadratic formula on what is
    left. Any equivalent exact form of each root is accepted, in any order."""

    name = "algebra/polynomial_roots"
    knobs = (
        Knob("degree", [2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 8),
             doc="degree of the polynomial"),
        Knob("quadratic_factor", ["none", "surd", ["surd", "complex", "none"], "surd", ["surd", "complex", "none"],
                                  ["surd", "none"]] + [["surd", "complex", "none"]] * 14,
             choices=("none", "surd", "complex"),
             doc="a quadratic factor without rational roots: surd roots, no real roots, or none"),
        Knob("lead_max", [1, 1, 3, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6], (1, 9),
             doc="largest leading coefficient of a factor (above 1: fractional roots)"),
        Knob("root_max", [6, 6, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 10, 11, 11, 11, 12, 12, 12, 12], (1, 30),
             doc="largest numerator of a rational root"),
        Knob("repeats", [0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4], (0, 4),
             doc="rational roots that appear twice"),
        Knob("both_sides", [False] * 6 + [True] * 14, doc="terms are split over both sides of the equation"),
    )
    answer_format = ("all distinct real solutions, exact (integers, fractions p/q or surds such as (3 + sqrt(5))/2), "
                     "separated by commas in any order; \"none\" if there is no real solution")
    example = "-2, 1/3, 1 - sqrt(7)"

    def build(self, rng, params):
        deg, quad = params["degree"], params["quadratic_factor"]
        lead, top = params["lead_max"], params["root_max"]
        factors: list[list[int]] = []
        n_linear = deg - 2 if quad != "none" else deg
        if quad != "none":
            factors.append(random_quadratic(rng, quad, lead, top))
        linear = [random_linear(rng, lead, top) for _ in range(n_linear - min(params["repeats"], n_linear // 2))]
        for _ in range(n_linear - len(linear)):
            linear.append(list(linear[rng.randrange(len(linear))]))
        factors += linear
        poly = [1]
        for f in factors:
            poly = pmul(poly, f)
        roots = real_roots(poly)  # the reference: rational root theorem, then the quadratic formula
        question = f"Find all real solutions x of the equation\n\n{self._equation(rng, poly, params['both_sides'])}"
        texts = [r.text() for r in roots]
        return Draft(question, ", ".join(texts) if texts else "none", {"roots": texts})

    @staticmethod
    def _equation(rng, poly: list[int], both_sides: bool) -> str:
        terms = [(poly[k], k) for k in range(len(poly) - 1, -1, -1) if poly[k]]
        if not both_sides or len(terms) < 3:
            return f"{poly_text(poly)} = 0"
        moved = set(rng.sample(range(1, len(terms)), rng.randint(1, len(terms) - 1)))
        left = [(c, power_text("x", k)) for i, (c, k) in enumerate(terms) if i not in moved]
        right = [(-c, power_text("x", k)) for i, (c, k) in enumerate(terms) if i in moved]
        return f"{signed_join(left)} = {signed_join(right)}"

    def effort(self, problem):
        # terms brought to one side, then the reference's search: every synthetic division step
        # over the rational candidates tried, and the quadratic formula on what is left
        lhs, rhs = problem.prompt.split("\n\n")[1].split(" = ")
        poly = psub(read_poly(lhs), read_poly(rhs))
        steps = Steps()
        real_roots([int(c) for c in poly], steps)
        return steps.count + len(split_signed(rhs)) * (rhs != "0")

    def grade(self, answer, problem):
        return grade_value_set(answer, problem.check["roots"], what="the real solutions")
