"""Coordinates with respect to a basis: of vectors, between two bases, and of polynomials."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register

from procgym.kit import frac_text, drawn_example

from ._matrices import (dense_enough, grade_vector, matvec, parse_vector, scramble, solve_system, transpose, triangular_start, vec_text)
from ._work import Work, eliminate


def poly_text(coeffs) -> str:
    """sum coeffs[i] x^i, highest power first: "2x^2 - x + 3"."""
    out = []
    for power in range(len(coeffs) - 1, -1, -1):
        c = coeffs[power]
        if c == 0:
            continue
        mag = abs(c)
        if power == 0:
            body = frac_text(mag)
        else:
            var = "x" if power == 1 else f"x^{power}"
            body = var if mag == 1 else f"{frac_text(mag)}{var}"
        if not out:
            out.append(("-" if c < 0 else "") + body)
        else:
            out.append((" - " if c < 0 else " + ") + body)
    return "".join(out) or "0"


def read_poly(text: str, n: int) -> list[Fraction]:
    """The coefficients (lowest power first, n of them) of a polynomial `poly_text` wrote."""
    coeffs = [Fraction(0)] * n
    for term in text.replace(" - ", " + -").split(" + "):
        sign, mag, power = re.fullmatch(r"(-?)(\d+(?:/\d+)?)?(x(?:\^\d+)?)?", term).groups()
        k = 0 if not power else 1 if power == "x" else int(power[2:])
        coeffs[k] += (-1 if sign else 1) * Fraction(mag or 1)
    return coeffs


def _listed(prompt: str, letter: str) -> list[list[Fraction]]:
    """The vectors b1 = (...), b2 = (...) (or c1, ...) a prompt lists, in order."""
    return [parse_vector(v) for v in re.findall(rf"^{letter}\d+ = (\(.*\))$", prompt, re.M)]


EXAMPLES = ("(2, -1/3, 5)", "(1, 0, -2)", "(-3, 1/2, 4)", "(5, -1, 1/3)")  # each problem shows one that is wrong
MAX_COORDINATE = 99  # redraw when a coordinate's numerator is larger (heavy arithmetic, no more insight)
# past the released dimensions (up to 4) coordinates of that size are rare: a bound per dimension
LARGE_DIM_COORDINATE = {5: 499, 6: 999}


def combination_text(coeffs, names) -> str:
    """"2b1 - b2 + 3b3" (zero terms left out)."""
    out = []
    for c, name in zip(coeffs, names):
        if c == 0:
            continue
        body = name if abs(c) == 1 else f"{frac_text(abs(c))}{name}"
        out.append(("-" if c < 0 else "") + body if not out else (" - " if c < 0 else " + ") + body)
    return "".join(out) or "0"


def _coords_text(prefix: str, n: int) -> str:
    return ", ".join(f"{prefix}{i}" for i in range(1, n + 1))


@register
class ChangeOfBasis(Task):
    """Find the coordinates of a vector with respect to a basis. Modes: a vector of Q^n in a
    basis given by its vectors ("standard"); a vector given by its coordinates in one basis,
    wanted in another ("two_bases": two solves or a transition matrix); and a polynomial in a
    basis of polynomials of degree < n ("polynomial": the same problem in disguise). Higher levels
    grow the dimension (2 to 4, past level 10 to 6), mix the bases more densely and allow larger determinants so the
    coordinates become fractions. The reference solves the linear system by exact Gauss-Jordan
    elimination."""

    name = "linear_algebra/change_of_basis"
    released_dips = {8: "level 8 returns to dimension 3, a smaller elimination than level 7's dimension 4"}
    knobs = (
        Knob("dim", [2, 2, 3, 3, 3, 3, 4, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6], (2, 6), doc="dimension of the space"),
        Knob("mode", ["standard", "standard", "standard", ["standard", "polynomial"],
                      ["standard", "two_bases", "polynomial"], ["two_bases", "polynomial"],
                      ["standard", "two_bases", "polynomial"], ["two_bases", "polynomial"],
                      ["two_bases", "polynomial"]] + ["two_bases"] * 11,
             choices=("standard", "two_bases", "polynomial"),
             doc="vector in one basis, vector from one basis to another, or polynomial coordinates"),
        Knob("max_det", [1, 3, 1, 2, 3, 4, 2, 5, 4, 6, 8, 4, 6, 8, 10, 5, 7, 9, 11, 12], (1, 100),
             doc="largest |determinant| of a basis matrix (1: integer coordinates)"),
        Knob("entry_max", [4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 7, 6, 6, 7, 7, 6, 7, 7, 8, 8], (2, 50),
             doc="largest absolute basis entry (where possible)"),
        Knob("mixing", [2, 3, 5, 6, 6, 7, 10, 8, 12, 14, 16, 14, 16, 18, 20, 18, 20, 22, 24, 26], (0, 50),
             doc="row and column operations hiding the structure"),
    )
    answer_format = "the coordinates in order, as (c1, c2, ...) with exact entries (integers or fractions p/q)"
    example = "(2, -1/3, 5)"

    def _basis(self, rng, params):
        n = params["dim"]
        for _ in range(30):
            d = rng.randint(1, params["max_det"]) * rng.choice((1, -1))
            m = scramble(rng, triangular_start(rng, n, d, 2), params["mixing"], 2, params["entry_max"])
            if n == 2 or dense_enough(m):
                break
        return m  # columns are the basis vectors

    def build(self, rng, params):
        for _ in range(20):
            draft, coords = self._attempt(rng, params)
            if max(abs(x.numerator) for x in coords) <= LARGE_DIM_COORDINATE.get(params["dim"], MAX_COORDINATE):
                break
        # drawn last: nothing else in the problem depends on it, and it is never this problem's answer
        draft.example = drawn_example(rng, EXAMPLES, lambda c: parse_vector(c) != coords)
        return draft

    def _attempt(self, rng, params):
        n, mode = params["dim"], params["mode"]
        b = self._basis(rng, params)
        c0 = [rng.randint(-4, 4) for _ in range(n)]
        if not any(c0):
            c0[rng.randrange(n)] = rng.choice((1, -1))
        columns = transpose(b)
        if mode == "two_bases":
            c = self._basis(rng, params)
            v = matvec(b, c0)
            status, coords = solve_system(c, v)  # the reference: solve C y = B [v]_B
            b_list = "\n".join(f"b{j + 1} = {vec_text(col)}" for j, col in enumerate(columns))
            c_list = "\n".join(f"c{j + 1} = {vec_text(col)}" for j, col in enumerate(transpose(c)))
            combo = combination_text(c0, [f"b{j}" for j in range(1, n + 1)])
            question = (f"Two bases of R^{n} are B = (b1, ..., b{n}) and C = (c1, ..., c{n}), with\n\n{b_list}\n\n"
                        f"{c_list}\n\nA vector v has coordinates {vec_text(c0)} with respect to B, that is "
                        f"v = {combo}. Find the coordinates of v with respect to C: the numbers "
                        f"{_coords_text('y', n)} with v = " + " + ".join(f"y{j} c{j}" for j in range(1, n + 1)) + ".")
        else:
            v = matvec(b, c0)
            if params["max_det"] > 1:  # shift the target so the coordinates are fractions
                v = [x + rng.randint(-2, 2) for x in v]
                if not any(v):
                    v[0] = 1
            status, coords = solve_system(b, v)  # the reference: solve B y = v
            if mode == "polynomial":
                p_list = "\n".join(f"p{j + 1} = {poly_text(col)}" for j, col in enumerate(columns))
                question = (f"The polynomials\n\n{p_list}\n\nform a basis of the polynomials of degree at most "
                            f"{n - 1}. Find the numbers {_coords_text('y', n)} with\n\n"
                            + " + ".join(f"y{j} p{j}" for j in range(1, n + 1)) + f" = {poly_text(v)}")
            else:
                b_list = "\n".join(f"b{j + 1} = {vec_text(col)}" for j, col in enumerate(columns))
                question = (f"The vectors\n\n{b_list}\n\nform a basis of R^{n}. Find the coordinates of "
                            f"v = {vec_text(v)} with respect to this basis: the numbers {_coords_text('y', n)} "
                            "with v = " + " + ".join(f"y{j} b{j}" for j in range(1, n + 1)) + ".")
        if status != "unique":
            raise AssertionError("a basis matrix was singular")  # not reached: bases have nonzero determinant
        return Draft(question, vec_text(coords), {"value": [frac_text(x) for x in coords]},
                     answer_format=f"the coordinates in order, as ({_coords_text('y', n)}) with exact entries "
                                   "(integers or fractions p/q)"), coords

    def effort(self, problem):
        """Gauss-Jordan elimination of [basis | target]; between two bases, the vector is first
        assembled from its coordinates in B (every product and sum counted)."""
        prompt, work = problem.prompt, Work()
        n = len(problem.check["value"])
        if "Two bases of R^" in prompt:
            coords = parse_vector(re.search(r"has coordinates (\(.*?\)) with respect to B", prompt).group(1))
            target = [Fraction(0)] * n
            for c, b in zip(coords, _listed(prompt, "b")):
                target = [t if not (c and x) else work.op(t + c * x, t, c, x) for t, x in zip(target, b)]
            basis = _listed(prompt, "c")
        elif prompt.startswith("The polynomials"):
            basis = [read_poly(p, n) for p in re.findall(r"^p\d+ = (.*)$", prompt, re.M)]
            target = read_poly(re.search(r"^y1 p1 .* = (.*)$", prompt, re.M).group(1), n)
        else:
            basis = _listed(prompt, "b")
            target = parse_vector(re.search(r"coordinates of v = (\(.*?\)) with respect", prompt).group(1))
        rows = [[vector[i] for vector in basis] + [target[i]] for i in range(n)]
        eliminate(rows, work, full=True)
        return work.total

    def grade(self, answer, problem):
        n = len(problem.check["value"])
        # "[v]_C = (...)" names the coordinate vector in the basis asked for (C, or B with one basis)
        basis = "C" if "Two bases of R^" in problem.prompt else "B"
        labels = [f"[v]_{basis}", f"v_{basis}", "[p]_B"] if basis == "B" else [f"[v]_{basis}", f"v_{basis}"]
        return grade_vector(answer, problem.check["value"], [f"y{i}" for i in range(1, n + 1)], "the coordinates",
                            labels)
