"""Matrix products: expressions of products, transposes and traces, and matrix powers."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._matrices import (MATRIX_FORMS, grade_matrix, grade_scalar, identity, lu_unimodular, mat_add, mat_pow, mat_scale,
                        mat_text, matmul, matrix_answer, max_abs, named_matrices, nonzero, random_matrix,
                        small_fraction, to_json, trace, transpose)
from ._work import Work, read_matrix, read_named_matrices
from ._work import matmul as counted_matmul

_ASKED = re.compile(r"\n\ncompute (?:tr\((.+?)\), the trace of .+?|(.+?))\. \(M\^T is")

LETTERS = "ABCDEF"


@register
class MatrixProduct(Task):
    """Evaluate a matrix expression built from products, transposes, squares and integer combinations
    of given matrices, or the trace of such an expression. Level 1 multiplies two 2x2 matrices;
    higher levels chain three or four factors (rectangular shapes that only fit with the right
    transposes), sum several products with coefficients (2AB^T - BA + C), ask for traces, grow the
    matrices to 4x4 (6x6 past level 10) and add fractional entries. The reference evaluates the
    expression with exact arithmetic. About 80 problems/s at level 20, where sums of products of up
    to six 6x6 matrices with fractions are evaluated exactly."""

    name = "linear_algebra/matrix_product"
    released_dips = {4: "level 4 multiplies two factors where level 3 chains three, with smaller entries"}
    knobs = (
        Knob("size", [2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (2, 6),
             doc="largest matrix dimension"),
        Knob("factors", [2, 2, 3, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6], (1, 6),
             doc="factors in each product term"),
        Knob("terms", [1, 1, 1, 1, 1, 2, 2, 3, 2, 3, 3, 4, 3, 4, 4, 5, 4, 5, 5, 5], (1, 5),
             doc="product terms added together"),
        Knob("rectangular", [False, True, True, True, True] + [False] * 15,
             doc="single-product chains of rectangular matrices"),
        Knob("transpose_percent", [0, 0, 25, 25, 30, 30, 30, 35, 35, 35, 40, 40, 40, 45, 45, 45, 50, 50, 50, 50],
             (0, 100), doc="chance (percent) that a factor appears transposed"),
        Knob("trace_percent", [0, 0, 0, 30, 30, 40, 40] + [50] * 13, (0, 100),
             doc="chance (percent) of asking for the trace instead of the matrix"),
        Knob("entry_max", [3, 4, 4, 3, 4, 4, 4, 5, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 8], (1, 20),
             doc="largest absolute entry of a given matrix"),
        Knob("fraction_entries", [0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8], (0, 10),
             doc="non-integer fractions among the given entries"),
    )
    answer_format = f"the result as {MATRIX_FORMS}, with exact entries"
    example = "[[1, -2], [0, 7/5]]"  # never the answer: fractions here have denominators 2 and 3 only

    def build(self, rng, params):
        n, k, top = params["size"], params["factors"], params["entry_max"]
        terms = params["terms"]
        want_trace = rng.randrange(100) < params["trace_percent"]
        shapes: dict[str, tuple[int, int]] = {}
        expr: list[tuple[int, list[tuple[str, bool, int]]]] = []  # (coefficient, [(letter, transposed, power)])
        if params["rectangular"] and terms == 1 and n > 1:
            dims = [rng.randint(2 if n > 2 else 1, n) for _ in range(k + 1)]
            if want_trace:
                dims[-1] = dims[0]
            if len(set(dims)) == 1 and not (want_trace and k == 1):  # make at least one factor rectangular
                dims[rng.randrange(1, k) if k > 1 else 1] = n - 1 if dims[0] == n else n
            factors = []
            for i in range(k):
                letter = LETTERS[i]
                flip = rng.randrange(100) < params["transpose_percent"]
                shapes[letter] = (dims[i + 1], dims[i]) if flip else (dims[i], dims[i + 1])
                factors.append((letter, flip, 1))
            expr.append((1, factors))
        else:
            pool = LETTERS[:min(len(LETTERS), max(2, k if terms == 1 else 3))]
            for letter in pool:
                shapes[letter] = (n, n)
            for t in range(terms):
                length = k if t == 0 else rng.randint(1, k)
                factors = []
                for i in range(length):
                    letter = pool[i] if t == 0 and i < len(pool) else rng.choice(pool)
                    flip = rng.randrange(100) < params["transpose_percent"]
                    power = 2 if (t > 0 and length == 1 and rng.random() < 0.5) else 1
                    factors.append((letter, flip, power))
                coef = 1 if t == 0 else nonzero(rng, 3)
                expr.append((coef, factors))
        mats = {letter: random_matrix(rng, r, c, top) for letter, (r, c) in shapes.items()}
        cells = [(letter, i, j) for letter, (r, c) in shapes.items() for i in range(r) for j in range(c)]
        for letter, i, j in rng.sample(cells, min(params["fraction_entries"], len(cells))):
            mats[letter][i][j] = small_fraction(rng, max(1, top // 2), 3)
        result = evaluate(expr, mats)  # the reference: exact evaluation of the expression
        text = expr_text(expr)
        legend = "M^T is the transpose of M, M^2 = M * M, and * is the matrix product"
        if want_trace and len(result) == len(result[0]):
            value = trace(result)
            question = (f"Given the matrices\n\n{named_matrices(mats)}\n\ncompute tr({text}), the trace of {text}. "
                        f"({legend}.)")
            return Draft(question, frac_text(value), {"kind": "trace", "value": frac_text(value)},
                         answer_format="the trace as an exact number: an integer or a fraction p/q",
                         example="-7/5")  # never the answer: denominators here are products of 2 and 3
        question = (f"Given the matrices\n\n{named_matrices(mats)}\n\ncompute {text}. ({legend}.)")
        return Draft(question, matrix_answer(result), {"kind": "matrix", "value": to_json(result)})

    def effort(self, problem):
        return counted_evaluation(problem.prompt)[1]

    def grade(self, answer, problem):
        c = problem.check
        asked = _ASKED.search(problem.prompt)  # "AB = [[...]]" and "tr(AB) = 3" name what was computed
        if c["kind"] == "trace":
            labels = ["trace", "tr"] + ([f"tr({asked.group(1)})"] if asked and asked.group(1) else [])
            return grade_scalar(answer, c["value"], "the trace", labels)
        labels = [asked.group(2)] if asked and asked.group(2) else []
        return grade_matrix(answer, c["value"], "the result", labels)


def counted_evaluation(prompt: str):
    """(value, work) of the expression a prompt asks for, evaluated as the reference does it
    and counted: each term's products left to right (a square as a product), its scaling, the
    sum of the terms, and the trace's additions when the trace is asked for."""
    asked = _ASKED.search(prompt)
    text = asked.group(1) or asked.group(2)
    mats = read_named_matrices(prompt)
    work, total = Work(), None
    for sign, term in re.findall(r"(^-|[-+] )?([^+-]+?)(?= [-+] |$)", text):
        parts = term.strip().split(" * ")
        coef = (-1 if sign.strip() == "-" else 1) * (int(parts.pop(0)) if parts[0].isdigit() else 1)
        prod = None
        for factor in parts:
            m = transpose(mats[factor[0]]) if "^T" in factor else mats[factor[0]]
            if factor.endswith("^2"):
                m = counted_matmul(m, m, work)
            prod = m if prod is None else counted_matmul(prod, m, work)
        prod = [[work.op(coef * x, coef, x) if x and coef not in (1, -1) else coef * x for x in row] for row in prod]
        total = prod if total is None else [[work.op(x + y, x, y) for x, y in zip(r1, r2)]
                                            for r1, r2 in zip(total, prod)]
    if not asked.group(1):
        return total, work.total
    value = total[0][0]
    for i in range(1, len(total)):
        value = work.op(value + total[i][i], value, total[i][i])
    return value, work.total


def evaluate(expr, mats):
    total = None
    for coef, factors in expr:
        prod = None
        for letter, flip, power in factors:
            m = transpose(mats[letter]) if flip else mats[letter]
            if power > 1:
                m = mat_pow(m, power)
            prod = m if prod is None else matmul(prod, m)
        term = mat_scale(prod, coef) if coef != 1 else prod
        total = term if total is None else mat_add(total, term)
    return total


def expr_text(expr) -> str:
    out = []
    for i, (coef, factors) in enumerate(expr):
        body = " * ".join(f"{letter}{'^T' if flip else ''}{'^2' if power == 2 else ''}"
                          for letter, flip, power in factors)
        mag = abs(coef)
        body = body if mag == 1 else f"{mag} * {body}"
        if i == 0:
            out.append(("-" if coef < 0 else "") + body)
        else:
            out.append((" - " if coef < 0 else " + ") + body)
    return "".join(out)


# --------------------------------------------------------------------------- powers

_BLOCKS = {  # 2x2 integer matrices with a known finite order
    3: [[0, -1], [1, -1]],
    4: [[0, -1], [1, 0]],
    6: [[1, -1], [1, 0]],
}


def structured(rng, n: int, kind: str):
    """An n x n integer matrix whose powers follow a pattern (before disguise)."""
    if kind == "unipotent":
        return [[1 if i == j else (rng.randint(-2, 2) if j > i else 0) for j in range(n)] for i in range(n)]
    if kind == "neg_unipotent":
        return [[-1 if i == j else (rng.randint(-2, 2) if j > i else 0) for j in range(n)] for i in range(n)]
    if kind == "nilpotent":
        m = [[rng.randint(-2, 2) if j > i else 0 for j in range(n)] for i in range(n)]
        m[0][1] = m[0][1] or 1
        return m
    if kind == "involution":
        signs = [rng.choice((1, -1)) for _ in range(n)]
        signs[0], signs[-1] = 1, -1
        return [[signs[i] if i == j else 0 for j in range(n)] for i in range(n)]
    if kind in ("idempotent", "shifted_idempotent"):  # E (E^2 = E), or I + E with (I + E)^k = I + (2^k - 1)E
        ones = [rng.choice((0, 1)) for _ in range(n)]
        ones[0], ones[-1] = 1, 0
        shift = 1 if kind == "shifted_idempotent" else 0
        return [[ones[i] + shift if i == j else 0 for j in range(n)] for i in range(n)]
    if kind == "periodic":
        block = _BLOCKS[rng.choice(sorted(_BLOCKS))]
        m = identity(n)
        m[0][0], m[0][1], m[1][0], m[1][1] = block[0][0], block[0][1], block[1][0], block[1][1]
        if n > 2:
            m[2][2] = rng.choice((1, -1))
        return m
    # "doubling": eigenvalues among 2, 1, -1 (entries grow like 2^k, so only small exponents)
    diag = [2] + [rng.choice((1, -1, 2)) for _ in range(n - 1)]
    return [[diag[i] if i == j else (rng.randint(-1, 1) if j > i and diag[i] != diag[j] else 0) for j in range(n)]
            for i in range(n)]


@register
class MatrixPower(Task):
    """Compute A^k exactly. Small exponents use general integer matrices (repeated multiplication);
    larger exponents use matrices with a pattern in their powers (unipotent, nilpotent, involutions,
    idempotents, finite-order rotations, eigenvalues 2 and +-1) that higher levels disguise by
    conjugating with a dense integer matrix P (A = P S P^-1), so the pattern must be found by
    computing A^2, A^3, ... or by diagonalising. Higher levels raise k and the size (2x2 to 3x3,
    past level 10 to 5x5 and k up to 1000). The reference is exponentiation by repeated squaring."""

    name = "linear_algebra/matrix_power"
    released_dips = {4: "level 4 moves to structured matrices with the pattern visible (triangular, diagonal): "
                        "their products have many zero terms, unlike level 3's dense ones"}
    knobs = (
        Knob("size", [2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5], (2, 5), doc="rows (= columns) of A"),
        Knob("exponent", [2, 3, 4, (5, 8), (5, 12), (3, 4), (5, 10), (8, 20), (10, 50), (20, 100), (30, 150),
                          (50, 200), (100, 300), (50, 200), (100, 300), (100, 500), (200, 600), (100, 500),
                          (200, 600), (300, 1000)], (2, 1000), doc="the power k"),
        Knob("disguise", [0, 0, 0, 0, 2, 0, 2, 3, 4, 6, 8, 8, 10, 8, 10, 12, 12, 12, 14, 16], (0, 20),
             doc="nonzero off-diagonal entries of the conjugating P = LU (0: the pattern is visible)"),
        Knob("entry_max", [3, 3, 3, 3, 3, 2, 3, 4, 5, 6, 6, 7, 8, 6, 7, 8, 9, 8, 9, 10], (1, 20),
             doc="largest absolute entry of A"),
    )
    answer_format = f"A^k as {MATRIX_FORMS}, with exact integer entries"
    example = "[[1, -20, 0], [0, 1, 3]]"  # not square, so never a power of A

    # pattern kinds with weights: answers that are I, 0 or A itself (involutions, nilpotents,
    # idempotents) are kept rare so that guessing them rarely pays
    KINDS = {"unipotent": 3, "neg_unipotent": 2, "periodic": 2, "doubling": 2, "shifted_idempotent": 2,
             "involution": 1, "idempotent": 1, "nilpotent": 1}
    SMALL_K = {"doubling": 10, "shifted_idempotent": 16}  # kinds whose entries grow like 2^k

    def build(self, rng, params):
        n, k, top = params["size"], params["exponent"], params["entry_max"]
        a = None
        if k <= 4:
            for _ in range(20):
                a = random_matrix(rng, n, n, top)
                if sum(1 for row in a for x in row if x) >= n + 1:
                    break
        else:
            kinds = [kd for kd in self.KINDS if k <= self.SMALL_K.get(kd, k)]
            weights = [self.KINDS[kd] for kd in kinds]
            kind = rng.choices(kinds, weights)[0]  # drawn once: redraws must not favour kinds with small entries
            for attempt in range(40):
                s = structured(rng, n, kind)
                if params["disguise"] == 0:
                    a = s
                    break
                p_mat, p_inv = lu_unimodular(rng, n, params["disguise"])
                a = matmul(matmul(p_mat, s), p_inv)
                if max_abs(a) <= max(top, 2) and not _triangular(a):
                    break
        result = mat_pow(a, k)  # the reference: repeated squaring of the printed matrix
        question = f"Let\n\nA =\n{mat_text(a)}\n\nCompute A^{k} (the matrix A multiplied by itself {k} times)."
        return Draft(question, matrix_answer(result), {"value": to_json(result), "exponent": k})

    def effort(self, problem):
        # the reference's repeated squaring of the printed matrix, every product counted
        a = read_matrix(problem.prompt.split("A =\n", 1)[1])
        k, work = problem.check["exponent"], Work()
        result, base = None, a
        while k:
            if k & 1:
                result = base if result is None else counted_matmul(result, base, work)
            k >>= 1
            if k:
                base = counted_matmul(base, base, work)
        return work.total

    def grade(self, answer, problem):
        k = problem.check["exponent"]
        return grade_matrix(answer, problem.check["value"], "A^k", [f"A^{k}", f"A^({k})"])


def _triangular(m) -> bool:
    n = len(m)
    return not any(m[i][j] for i in range(n) for j in range(i)) or not any(
        m[i][j] for i in range(n) for j in range(i + 1, n))
