"""Equations with absolute values: solution sets, exact, with extraneous cases to discard."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register

from ._absolute_values import InfiniteSolutions, abs_text, read_abs, solve_abs_equation
from ._polynomials import Steps, peval
from ._value_sets import grade_value_set

FORMS = ("basic", "shifted", "linear_rhs", "two_abs", "sum", "nested", "quadratic", "quadratic_linear", "sum_linear",
         "three_abs", "quadratic_two_abs", "two_quadratics")


def _lin(a: int, b: int) -> tuple:
    return ("poly", [b, a])


@register
class AbsoluteValueEquation(Task):
    """Solve an equation with absolute values for all real x. Level 1 is |ax + b| = c (c may be
    negative or zero); then a multiple of the absolute value with a constant to move first; an
    absolute value equal to a linear expression (a case can give an extraneous root that must be
    discarded); two absolute values; sums |x - a| + |x - b| = c (three regions); nested absolute
    values ||x - a| - b| = c; absolute values of quadratics (surd roots) equal to a constant or a
    linear expression; past level 10, three absolute values (eight cases) and absolute values of
    quadratics on both sides, with larger coefficients. The reference splits every absolute value
    into its two cases, solves each polynomial case exactly (rational root theorem, quadratic
    formula) and keeps only the roots that satisfy their case's conditions."""

    name = "algebra/absolute_value_equation"
    knobs = (
        Knob("form", ["basic", ["basic", "shifted"], ["shifted", "linear_rhs"], ["linear_rhs", "two_abs"],
                      ["two_abs", "sum", "linear_rhs"], ["sum", "nested", "linear_rhs"], ["nested", "quadratic", "sum"],
                      ["quadratic", "quadratic_linear", "sum_linear"], ["quadratic_linear", "nested", "sum_linear"],
                      ["quadratic_linear", "sum_linear"], ["quadratic_linear", "sum_linear", "quadratic_two_abs"],
                      ["sum_linear", "quadratic_two_abs", "three_abs"], ["quadratic_two_abs", "three_abs"],
                      ["three_abs", "two_quadratics"], ["three_abs", "two_quadratics"],
                      ["three_abs", "two_quadratics"], ["three_abs", "two_quadratics"],
                      ["three_abs", "two_quadratics"], ["three_abs", "two_quadratics"],
                      ["three_abs", "two_quadratics"]],
             choices=FORMS, doc="the shape of the equation"),
        Knob("lead_max", [1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 6, 6, 7, 8, 9], (1, 9),
             doc="largest coefficient of x inside an absolute value"),
        Knob("coef_max", [8, 8, 9, 9, 9, 10, 10, 11, 12, 12, 13, 14, 15, 16, 18, 20, 22, 24, 27, 30], (1, 50),
             doc="largest constant"),
    )
    answer_format = ("all real solutions, exact (integers, fractions p/q or surds such as 2 - sqrt(3)), separated by "
                     "commas in any order; \"none\" if there is no solution")
    # five solutions: no equation of the task has more than four, so the example is never an answer
    example = "-7/2, -1, 0, 3, 1 + sqrt(5)"

    def build(self, rng, params):
        for _ in range(100):
            lhs, rhs = getattr(self, f"_{params['form']}")(rng, params["lead_max"], params["coef_max"])
            try:
                roots = solve_abs_equation(lhs, rhs)  # the reference: case split, exact solving, checks
            except InfiniteSolutions:
                continue
            break
        else:
            raise AssertionError("could not draw an equation with finitely many solutions")
        question = f"Solve this equation for the real number x:\n\n{abs_text(lhs)} = {abs_text(rhs)}"
        texts = [r.text() for r in roots]
        return Draft(question, ", ".join(texts) if texts else "none", {"roots": texts})

    @staticmethod
    def _inner(rng, lead: int, top: int) -> tuple:
        a = rng.randint(1, lead) * (1 if rng.random() < 0.85 else -1)
        return _lin(a, rng.randint(-top, top))

    def _basic(self, rng, lead, top):
        c = rng.randint(1, top + 4) if rng.random() < 0.85 else rng.choice([0, -rng.randint(1, 5)])
        return ("abs", self._inner(rng, lead, top)), ("poly", [c])

    def _shifted(self, rng, lead, top):
        k = rng.randint(2, 4)
        m = rng.choice([-1, 1]) * rng.randint(1, top)
        c = rng.randint(-top, 2 * top)
        return ("sum", [("scale", k, ("abs", self._inner(rng, lead, top))), ("poly", [m])]), ("poly", [c])

    def _linear_rhs(self, rng, lead, top):
        rhs = _lin(rng.choice([-3, -2, -1, 1, 2, 3]), rng.randint(-top, top))
        return ("abs", self._inner(rng, lead, top)), rhs

    def _two_abs(self, rng, lead, top):
        left = ("abs", self._inner(rng, lead, top))
        right = ("abs", self._inner(rng, lead, top))
        if rng.random() < 0.4:
            right = ("scale", rng.randint(2, 3), right)
        return left, right

    def _sum(self, rng, lead, top):
        a, b = rng.sample(range(-top, top + 1), 2)
        first = ("abs", _lin(1, -a))
        second = ("abs", _lin(rng.randint(1, lead), -b))
        return ("sum", [first, second]), ("poly", [rng.randint(0, 2 * top)])

    def _nested(self, rng, lead, top):
        inner = ("abs", self._inner(rng, lead, top))
        b = rng.randint(1, top)
        return ("abs", ("sum", [inner, ("poly", [-b])])), ("poly", [rng.randint(0, top)])

    @staticmethod
    def _quadratic_inner(rng, top):
        return ("poly", [rng.randint(-top, top), rng.randint(-top // 2 - 1, top // 2 + 1), 1])

    def _quadratic(self, rng, lead, top):
        return ("abs", self._quadratic_inner(rng, top)), ("poly", [rng.randint(0, 2 * top)])

    def _quadratic_linear(self, rng, lead, top):
        return ("abs", self._quadratic_inner(rng, top)), _lin(rng.choice([-3, -2, -1, 1, 2, 3]), rng.randint(0, 2 * top))

    def _sum_linear(self, rng, lead, top):
        left = ("sum", [("abs", self._inner(rng, lead, top)), ("abs", self._inner(rng, lead, top))])
        return left, _lin(rng.choice([-2, -1, 1, 2, 3]), rng.randint(-top, 2 * top))

    def effort(self, problem):
        # the reference's case split, counted: every case's polynomial, its solving and its checks
        lhs, rhs = (read_abs(side) for side in problem.prompt.split("\n\n")[1].split(" = "))
        steps = Steps()
        solve_abs_equation(lhs, rhs, steps)
        return steps.count

    # past level 10: more absolute values (eight cases), and absolute values of quadratics on both sides

    def _three_abs(self, rng, lead, top):
        # convex minus linear: at most two solutions, never the example's five; the line passes
        # above the sum at a point near the kinks, so there usually are two
        inners = [self._inner(rng, lead, top) for _ in range(3)]
        slope, x0 = rng.choice([-3, -2, -1, 1, 2, 3]), rng.randint(-top // 2, top // 2)
        height = sum(abs(peval(u[1], x0)) for u in inners)
        return ("sum", [("abs", u) for u in inners]), _lin(slope, height - slope * x0 + rng.randint(1, top))

    def _quadratic_two_abs(self, rng, lead, top):
        # |q| = |l| splits into q = l and q = -l: at most four solutions
        return ("abs", self._quadratic_inner(rng, top)), ("abs", self._inner(rng, lead, top))

    def _two_quadratics(self, rng, lead, top):
        # |q1| = k|q2| splits into q1 = k q2 and q1 = -k q2: at most four solutions
        right = ("abs", self._quadratic_inner(rng, top))
        return ("abs", self._quadratic_inner(rng, top)), ("scale", rng.randint(2, lead + 1), right)

    def grade(self, answer, problem):
        return grade_value_set(answer, problem.check["roots"], what="the solutions")
