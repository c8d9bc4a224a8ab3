"""Systems of linear equations Ax = b: one solution, no solution, or infinitely many."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text, is_none, refused, drawn_example
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._matrices import (dense_enough, has_parallel_lines, make_dependent, matvec, parse_vector, read_tuple, scramble, solve_system, triangular_start, vec_text)
from ._work import Work, eliminate, read_linear

_INCONSISTENT = {"inconsistent", "the system is inconsistent", "no solutions", "the system has no solution"}
# "infinite 1", "Infinite, 1", "infinitely many, 1 free parameter", "infinitely many solutions (1)": the whole answer
_FREE = r"(\d{1,3})(?:\s+free\s+(?:parameters?|variables?)|\s+parameters?)?"
_INFINITE = re.compile(rf"infinite(?:ly\s+many)?(?:\s+solutions)?\s*(?:[,:;]?\s*{_FREE}|\(\s*{_FREE}\s*\))",
                       re.IGNORECASE)


EXAMPLES = ("(1, -2/3, 4)", "(2, 0, -1)", "(-3, 1/2, 5)", "(0, 4, -7/2)")


def variable_names(n: int) -> list[str]:
    return ["x", "y", "z"][:n] if n <= 3 else [f"x{i}" for i in range(1, n + 1)]


def equation_text(coeffs, rhs, names) -> str:
    out = []
    for c, name in zip(coeffs, names):
        if c == 0:
            continue
        mag = abs(c)
        body = name if mag == 1 else f"{frac_text(mag)}{name}"
        if not out:
            out.append(("-" if c < 0 else "") + body)
        else:
            out.append((" - " if c < 0 else " + ") + body)
    return "".join(out) + f" = {frac_text(rhs)}"


@register
class LinearSystem(Task):
    """Solve a system of linear equations: give the unique solution, say there is none, or say there
    are infinitely many and how many free parameters the general solution has. Higher levels add
    unknowns (2 to 5, past level 10 up to 8), redundant equations that are combinations of the
    others, more singular systems (inconsistent or underdetermined, with the dependency hidden
    across several equations, and two to four free parameters at the top levels) and larger
    determinants, so unique solutions are fractions. The reference is exact Gauss-Jordan elimination
    of the augmented matrix as printed."""

    name = "linear_algebra/linear_system"
    released_dips = {2: "level 2 mixes in singular 2x2 systems, whose elimination stops after the first pivot"}
    knobs = (
        Knob("unknowns", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8], (2, 8),
             doc="number of unknowns"),
        Knob("extra_equations", [0, 0, 0, 0, 1, 1, 1, 2, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4], (0, 4),
             doc="equations beyond the number of unknowns (redundant combinations)"),
        Knob("singular_percent", [0, 30, 30, 35, 40, 40, 45, 45] + [50] * 12, (0, 100),
             doc="chance (percent) that the system has no solution or infinitely many"),
        Knob("max_deficiency", [1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4], (1, 5),
             doc="largest drop of the coefficient rank below the number of unknowns"),
        Knob("coef_max", [5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 9, 10, 10, 10, 11, 11, 12, 12, 12, 12], (2, 50),
             doc="largest absolute coefficient (where possible)"),
        Knob("max_det", [1, 1, 1, 2, 3, 4, 5, 6, 6, 8, 8, 10, 10, 12, 12, 14, 14, 16, 16, 18], (1, 100),
             doc="largest |determinant| of a square uniquely solvable system (1: integer solutions)"),
        Knob("mixing", [3, 4, 6, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38], (0, 50),
             doc="row and column operations hiding the structure"),
    )
    answer_format = ("if the system has exactly one solution, the values of the unknowns in the order listed, "
                     "as exact numbers in parentheses, e.g. (1, -2/3, 4); if it has no solution, the word none; "
                     "if it has infinitely many, the word infinite followed by the number of free parameters in "
                     "the general solution, e.g. infinite 1")
    example = "(1, -2/3, 4)"  # the class default; each problem shows one of EXAMPLES that is not its answer

    def build(self, rng, params):
        n, top = params["unknowns"], params["coef_max"]
        m = n + params["extra_equations"]
        names = variable_names(n)
        kind = "unique"
        if rng.randrange(100) < params["singular_percent"]:
            kind = rng.choice(("none", "infinite"))
        for _ in range(30):
            d = rng.randint(1, params["max_det"] if kind == "unique" else 2) * rng.choice((1, -1))
            full = scramble(rng, triangular_start(rng, n, d, 2), params["mixing"], 2, top)
            x0 = [rng.randint(-5, 5) for _ in range(n)]
            r = n if kind == "unique" else n - rng.randint(1, min(params["max_deficiency"], n - 1))
            a = [list(row) for row in full[:r]] + [[0] * n for _ in range(m - r)]
            for t in range(r, m):
                make_dependent(rng, a, t, min(r, rng.randint(2, 3)), 2, top, sources=range(r))
            b = matvec(a, x0)
            if kind == "unique" and params["max_det"] > 1:  # shift the right sides: a fractional solution
                shifted = [bi + rng.randint(-2, 2) for bi in b[:n]]
                xs = solve_system(a[:n], shifted)[1]
                b = [Fraction(v).numerator for v in matvec(a, xs)]  # integers: redundant rows are integer combinations
            if kind == "none":
                t = rng.randrange(r, m)
                b[t] += rng.choice((1, -1)) * rng.randint(1, 4)
            order = list(range(m))
            rng.shuffle(order)
            a, b = [a[i] for i in order], [b[i] for i in order]
            if dense_enough(a) and (n == 2 or r < 2 or not has_parallel_lines(a, False)):
                break
        status, value = solve_system(a, b)  # the reference: elimination of the printed system
        lines = "\n".join(equation_text(row, rhs, names) for row, rhs in zip(a, b))
        question = (f"Solve the system of linear equations in the unknowns {', '.join(names)}:\n\n{lines}")
        if status == "unique":
            answer, check = vec_text(value), {"status": "unique", "solution": [frac_text(v) for v in value]}
        elif status == "none":
            answer, check = "none", {"status": "none"}
        else:
            answer, check = f"infinite {value}", {"status": "infinite", "free": value}
        check["names"] = names
        # drawn last: nothing else in the problem depends on it, and it is never this problem's answer
        example = drawn_example(rng, EXAMPLES, lambda c: status != "unique" or parse_vector(c) != value)
        return Draft(question, answer, check, example=example)

    def effort(self, problem):
        # Gauss-Jordan elimination of the augmented matrix as printed
        names = problem.check["names"]
        rows = []
        for line in problem.prompt.split("\n\n")[1].splitlines():
            lhs, rhs = line.split(" = ")
            rows.append(read_linear(lhs, names) + [Fraction(rhs)])
        work = Work()
        eliminate(rows, work, full=True)
        return work.total

    def grade(self, answer, problem):
        c = problem.check
        text = " ".join(answer.split())
        if is_none(text) or text.lower() in _INCONSISTENT:
            return right() if c["status"] == "none" else wrong("The system has solutions.")
        if text.lower().startswith("infinite"):
            m = _INFINITE.fullmatch(text)
            if not m:
                return wrong("Not an answer: give the number of free parameters as one integer, e.g. infinite 1.")
            if c["status"] != "infinite":
                return wrong("The system does not have infinitely many solutions.")
            if int(m.group(1) or m.group(2)) != c["free"]:
                return wrong("That is not the number of free parameters.")
            return right()
        try:
            values = read_tuple(answer, c["names"])
        except ParseError as exc:
            return refused(exc)
        if c["status"] != "unique":
            return wrong("The system does not have exactly one solution.")
        if values != [Fraction(v) for v in c["solution"]]:
            return wrong("Those values do not solve the system.")
        return right()
