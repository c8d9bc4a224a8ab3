"""Per-task tests for the linear_algebra tasks: exact values (cross-checked with sympy), accepted
alternative forms and rejected near misses."""
import random
import re
from collections import Counter
from fractions import Fraction

import pytest
import sympy

import procgym
from procgym import Problem
from procgym.envs import in_charset
from procgym.generators.linear_algebra._matrices import (answer_side, charpoly, det, identity, inverse, lu_unimodular,
                                                         mat_pow, matmul, parse_matrix, parse_vector, rank,
                                                         rational_eigenvalues, read_tuple, rref, solve_system,
                                                         unimodular)
from procgym.generators.linear_algebra.basis import poly_text
from procgym.generators.linear_algebra.eigen import read_eigenvalues
from procgym.generators.linear_algebra.products import evaluate as evaluate_product
from procgym.generators.linear_algebra.products import expr_text
from procgym.generators.linear_algebra.systems import equation_text
from procgym.generators.linear_algebra.vectors import Degenerate, render
from procgym.generators.linear_algebra.vectors import evaluate as evaluate_vector
from procgym.parsing import ParseError
from answer_helpers import example_never_pays, ok, tag

NAMES = ["linear_algebra/determinant", "linear_algebra/matrix_inverse", "linear_algebra/matrix_rank",
         "linear_algebra/linear_system", "linear_algebra/eigenvalues", "linear_algebra/matrix_power",
         "linear_algebra/matrix_product", "linear_algebra/vector_operations", "linear_algebra/change_of_basis"]
F = Fraction


def record(name, check, answer="x"):
    """A hand-made problem record: verifying needs nothing else."""
    return Problem(name, 0, 5, {}, "hand-made", answer, check)


def sym(m):
    return sympy.Matrix([[sympy.Rational(x.numerator, x.denominator) if isinstance(x, F) else x for x in row]
                         for row in m])


def fr(x):
    x = sympy.Rational(x)
    return F(int(x.p), int(x.q))


def prompt_matrices(prompt):
    """The matrices printed in a prompt, in order (blocks of lines starting with '[')."""
    blocks, current = [], []
    for line in prompt.splitlines():
        if line.startswith("["):
            current.append(line)
        elif current:
            blocks.append(parse_matrix("\n".join(current)))
            current = []
    if current:
        blocks.append(parse_matrix("\n".join(current)))
    return blocks


PROBLEMS = [(name, level, seed) for name in NAMES for level in (1, 4, 7, 10) for seed in range(4)]


# --------------------------------------------------------------------------- all nine

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_deterministically_and_verifies(name):
    for level in range(1, 11):
        for seed in range(3):
            p = procgym.generate(name, seed=seed, difficulty=level)
            assert p.to_dict() == procgym.generate(name, seed=seed, difficulty=level).to_dict()
            assert in_charset(p.prompt)
            assert ok(p, p.answer), (name, level, seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_levels_differ(name):
    task = procgym.get(name)
    for level in range(1, 10):
        assert [k.levels[level - 1] for k in task.knobs] != [k.levels[level] for k in task.knobs], (name, level)


# --------------------------------------------------------------------------- shared helpers

@pytest.mark.parametrize("text", [
    "[[1, -1/2], [0, 3]]", "[[1,-1/2],[0,3]]", "[1, -1/2; 0, 3]", "1, -1/2; 0, 3", "1 -1/2\n0 3",
    "[1 -1/2]\n[0 3]", "(1, -1/2), (0, 3)", "((1, -1/2), (0, 3))", "{{1, -1/2}, {0, 3}}",
    "\\begin{pmatrix} 1 & -\\frac{1}{2} \\\\ 0 & 3 \\end{pmatrix}",
    "\\left[\\begin{array}{cc} 1 & -1/2 \\\\ 0 & 3 \\end{array}\\right]",
    "[[1, -0.5], [0, 3]]", "\\begin{bmatrix} 2/2 & -2/4 \\\\ 0 & 3 \\end{bmatrix}",
    "[[1, -1 / 2], [0, 3.0]]", "1/2 [[2, -1], [0, 6]]", "\\frac{1}{2}\\begin{pmatrix} 2 & -1 \\\\ 0 & 6 \\end{pmatrix}",
    "-1/2 * [[-2, 1], [0, -6]]", "2 \\cdot \\begin{bmatrix} 1/2 & -1/4 \\\\ 0 & 3/2 \\end{bmatrix}", "\\begin{pmatrix} 1 & -\\frac12 \\\\ 0 & 3 \\end{pmatrix}",
])
def test_parse_matrix_forms(text):
    assert parse_matrix(text) == [[F(1), F(-1, 2)], [F(0), F(3)]]


@pytest.mark.parametrize("text", [
    "", "[[1, 2], [3]]", "[[[1]]]", "1 - 2", "[[1, x], [0, 3]]", "[[1, 2], [3, 4]] and more", "[" * 5000,
    "[[1,2],[3,4]", "\\input{x}", "1,,2", "9" * 400, "A^{-1} = [[1, -1/2], [0, 3]]", "not [[1, 2], [3, 4]]",
    "2 3 [[1, 2], [3, 4]]", "[[1, 2], [3, 4]] 2", "x [[1, 2], [3, 4]]", "1\n[[1, 2], [3, 4]]", "0\n\n[[1, 2], [3, 4]]",
    "[[1, 2], [3, 4]] or [[1, 2], [3, 5]]",
])
def test_parse_matrix_rejects(text):
    with pytest.raises(ParseError):
        parse_matrix(text)


def test_parse_vector_forms():
    for text in ("(1, -2, 1/2)", "[1, -2, 1/2]", "<1, -2, 1/2>", "1, -2, 1/2", "[[1], [-2], [1/2]]", "1\n-2\n0.5",
                 "\\begin{pmatrix} 1 \\\\ -2 \\\\ \\frac{1}{2} \\end{pmatrix}", "\\langle 1, -2, 1/2 \\rangle",
                 "\\{1, -2, 1/2\\}", "(1, -2, 1/2)^T", "[1, -2, 1/2]^{T}", "\\begin{pmatrix} 1 & -2 & 1/2 \\end{pmatrix}^\\top"):
        assert parse_vector(text) == [F(1), F(-2), F(1, 2)], text
    with pytest.raises(ParseError):
        parse_vector("[[1, 2], [3, 4]]")


def test_answer_side_checks_the_left_hand_side():
    assert answer_side("[[1, 2], [3, 4]]", ["A^-1"]) == "[[1, 2], [3, 4]]"
    for text in ("A^{-1} = [[1]]", "A^(-1) = [[1]]", "a^-1 = [[1]]", "A^{ -1 } = [[1]]"):
        assert answer_side(text, ["A^-1"]) == "[[1]]", text
    assert answer_side("\\det(A) = 5", ["det(A)"]) == "5" and answer_side("A^T * B = [[1]]", ["A^T B"]) == "[[1]]"
    for text in ("x != [[1]]", "B = [[1]]", "3x + 1 = [[1]]", "A^{-1} = [[1]] = [[2]]", "A^{-1} \\neq [[1]]",
                 "A^{-1} \\approx [[1]]", "A^{-1} <= [[1]]", "A^{-1} = "):
        with pytest.raises(ParseError):
            answer_side(text, ["A^-1"])


def test_read_tuple_reads_names_by_name():
    names = ["x", "y", "z"]
    expected = [F(1), F(-2, 3), F(4)]
    for text in ("(1, -2/3, 4)", "x = 1, y = -2/3, z = 4", "z = 4, y = -2/3, x = 1", "(z, x, y) = (4, 1, -2/3)",
                 "x=1; y=-2/3; z=4", "x = 1, y = -2/3 and z = 4", "X = 1, Y = -2/3, Z = 4", "1\n-2/3\n4"):
        assert read_tuple(text, names) == expected, text
    assert read_tuple("y_{2} = -2/3, y_1 = 1, y3 = 4", ["y1", "y2", "y3"]) == expected
    assert read_tuple("[v]_C = (1, -2/3, 4)", names, ["[v]_C"]) == expected
    for text in ("x = 1, y = -2/3", "x = 1, y = -2/3, w = 4", "x = 1, x = 1, y = -2/3, z = 4", "(x, y) = (1, -2/3, 4)",
                 "(x, x, y) = (1, -2/3, 4)", "x != (1, -2/3, 4)", "v = (1, -2/3, 4)", "3x + 1 = (1, -2/3, 4)",
                 "not (1, -2/3, 4)", "(1, -2/3, 4) I think", "(1, -2/3)", "(1, -2/3, 4) or (1, 2, 3)", "x = 1",
                 "x = 1, y != -2/3, z = 4", "[v]_B = (1, -2/3, 4)"):
        with pytest.raises(ParseError):
            read_tuple(text, names, ["[v]_C"])


def test_exact_algorithms_match_sympy():
    rng = random.Random(7)
    for _ in range(150):
        rows, cols = rng.randint(1, 5), rng.randint(1, 6)
        m = [[rng.choice([0, 0, 1, -1, 2, -3, 5, F(1, 2), F(-4, 3)]) for _ in range(cols)] for _ in range(rows)]
        r_mat, pivots = rref(m)
        s_mat, s_piv = sym(m).rref()
        assert r_mat == [[fr(x) for x in s_mat.row(i)] for i in range(rows)] and pivots == list(s_piv)
        assert rank(m) == sym(m).rank()
        sq = [row[:rows] + [1] * max(0, rows - cols) for row in m]
        assert det(sq) == fr(sym(sq).det())
        inv = inverse(sq)
        if sym(sq).det() == 0:
            assert inv is None
        else:
            assert sym(inv) == sym(sq).inv()
        b = [rng.randint(-3, 3) for _ in range(rows)]
        status, value = solve_system(m, b)
        sols = sympy.linsolve((sym(m), sympy.Matrix(b)))
        if not sols:
            assert status == "none"
        else:
            (sol,) = sols
            free = set().union(*(sympy.sympify(e).free_symbols for e in sol))
            assert status == ("unique" if not free else "infinite")
            if status == "unique":
                assert [fr(e) for e in sol] == value
            else:
                assert value == cols - sym(m).rank()


def test_charpoly_eigenvalues_and_powers_match_sympy():
    rng = random.Random(3)
    t = sympy.Symbol("t")
    for _ in range(60):
        n = rng.randint(1, 4)
        m = [[rng.randint(-4, 4) for _ in range(n)] for _ in range(n)]
        assert [F(c) for c in charpoly(m)] == [fr(c) for c in sym(m).charpoly(t).all_coeffs()]
        assert sym(mat_pow(m, 5)) == sym(m) ** 5
        p_mat, p_inv = lu_unimodular(rng, n, rng.randint(0, 12), 2)
        assert matmul(p_mat, p_inv) == identity(n)
        eig = sorted(F(rng.randint(-6, 6), rng.choice((1, 2, 3))) for _ in range(n))
        tri = [[eig[i] if i == j else (rng.randint(-1, 1) if j > i else 0) for j in range(n)] for i in range(n)]
        a = matmul(matmul(p_mat, tri), p_inv)
        assert rational_eigenvalues(a) == eig
        expected = sorted(fr(v) for v, k in sym(a).eigenvals().items() for _ in range(k))
        assert expected == eig
    for _ in range(50):
        n = rng.randint(1, 5)
        p_mat, p_inv = unimodular(rng, n, rng.randint(0, 10), 2)
        assert matmul(p_mat, p_inv) == identity(n) and abs(det(p_mat)) == 1


# --------------------------------------------------------------------------- determinant

def test_determinant_known_instance_and_forms():
    p = record("linear_algebra/determinant", {"value": "69/2"})
    for text in ("69/2", "34.5", "\\frac{69}{2}", "138/4", "$69/2$", "det(A) = 69/2", "\\det A = 69/2", "|A| = 69/2",
                 "69/2."):
        assert ok(p, text), text
    for text in ("-69/2", "69", "35", "34", "69/4", "2/69", "x != 69/2", "3x + 1 = 69/2", "det(B) = 69/2", "0, 69/2",
                 "69/2 I think", "not 69/2", "det(A) \\approx 69/2", "69 2"):
        assert not ok(p, text), text


@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/determinant"])
def test_determinant_matches_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    (m,) = prompt_matrices(p.prompt)
    assert F(p.answer) == fr(sym(m).det())


# --------------------------------------------------------------------------- inverse

def test_inverse_forms_and_near_misses():
    p = record("linear_algebra/matrix_inverse", {"singular": False, "inverse": [["1", "-1/2"], ["-1", "2"]]})
    for text in ("[[1, -1/2], [-1, 2]]", "1 -1/2; -1 2", "A^{-1} = [[1, -0.5], [-1, 2]]",
                 "A^(-1) = [[1, -1/2], [-1, 2]]",
                 "\\begin{pmatrix} 1 & -\\frac12 \\\\ -1 & 2 \\end{pmatrix}", "[[2/2, -2/4], [-1, 2]]",
                 "A^{-1} = \\begin{bmatrix} 1 & -1/2 \\\\ -1 & 2 \\end{bmatrix}", "$[[1, -1/2], [-1, 2]]$."):
        assert ok(p, text), text
    for text in ("[[1, -1], [-1/2, 2]]", "[[1, 1/2], [-1, 2]]", "[[-1, 1/2], [1, -2]]", "[[1, -1/2, 0], [-1, 2, 0]]",
                 "singular", "[[1, -1/2]]", "x != [[1, -1/2], [-1, 2]]", "3x + 1 = [[1, -1/2], [-1, 2]]",
                 "B = [[1, -1/2], [-1, 2]]", "not [[1, -1/2], [-1, 2]]", "[[1, -1/2], [-1, 2]] I think",
                 "[[1, -1/2], [-1, 2]] or singular", "A^{-1} \\neq [[1, -1/2], [-1, 2]]"):
        assert not ok(p, text), text
    s = record("linear_algebra/matrix_inverse", {"singular": True})
    for text in ("singular", "Singular.", "not invertible", "The matrix is singular", "no inverse", "None"):
        assert ok(s, text), text
    for text in ("[[1, 0], [0, 1]]", "0", "invertible", "singular I think", "not singular", "singular or not", ""):
        assert not ok(s, text), text


@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/matrix_inverse"])
def test_inverse_matches_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    (m,) = prompt_matrices(p.prompt)
    if sym(m).det() == 0:
        assert p.answer == "singular"
    else:
        assert sym(parse_matrix(p.answer)) == sym(m).inv()


def test_inverse_singular_share_and_hidden_dependency():
    task = procgym.get("linear_algebra/matrix_inverse")
    problems = [task.generate(seed=s, difficulty=10) for s in range(60)]
    singular = [p for p in problems if p.answer == "singular"]
    assert 8 <= len(singular) <= 35
    for p in singular:  # no two equal or proportional rows: the dependency must be found by elimination
        (m,) = prompt_matrices(p.prompt)
        assert all(sym([a]).rank() + sym([b]).rank() == sym([a, b]).rank() for i, a in enumerate(m) for b in m[i + 1:])


# --------------------------------------------------------------------------- rank

@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/matrix_rank"])
def test_rank_matches_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    (m,) = prompt_matrices(p.prompt)
    assert int(p.answer) == sym(m).rank()
    assert ok(p, p.answer + ".") and not ok(p, str(int(p.answer) + 1)) and not ok(p, str(int(p.answer) - 1))
    assert ok(p, f"rank(A) = {p.answer}") and not ok(p, f"x != {p.answer}") and not ok(p, f"0, {p.answer}")


def test_rank_is_deficient_at_high_levels():
    task = procgym.get("linear_algebra/matrix_rank")
    for s in range(10):
        p = task.generate(seed=s, difficulty=10)
        (m,) = prompt_matrices(p.prompt)
        assert int(p.answer) <= min(len(m), len(m[0])) - 2


# --------------------------------------------------------------------------- linear systems

def _solve_prompt(prompt):
    names = re.search(r"unknowns ([^:]+):", prompt).group(1).split(", ")
    symbols = sympy.symbols(names)
    lines = [ln for ln in prompt.split("\n\n")[1].splitlines() if "=" in ln]
    eqs = []
    for line in lines:
        lhs, rhs = line.split("=")
        expr = sympy.Integer(0)
        for sign, coef, name in re.findall(r"([+-]?)\s*(\d*)([a-z]\d?)", lhs.replace(" ", "")):
            expr += (-1 if sign == "-" else 1) * int(coef or 1) * symbols[names.index(name)]
        eqs.append(sympy.Eq(expr, sympy.Rational(rhs.strip())))
    return sympy.linsolve(eqs, symbols), symbols


@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/linear_system"])
def test_linear_system_matches_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    sols, symbols = _solve_prompt(p.prompt)
    if not sols:
        assert p.answer == "none"
        return
    (sol,) = sols
    free = set().union(*(sympy.sympify(e).free_symbols for e in sol))
    if free:
        assert p.answer == f"infinite {len(free)}"
    else:
        assert parse_vector(p.answer) == [fr(e) for e in sol]


def test_linear_system_statuses_all_occur():
    task = procgym.get("linear_algebra/linear_system")
    seen = Counter(p.check["status"] for p in (task.generate(seed=s, difficulty=8) for s in range(60)))
    assert set(seen) == {"unique", "none", "infinite"}
    assert Counter(task.generate(seed=s, difficulty=1).check["status"] for s in range(20)) == {"unique": 20}


def test_linear_system_forms_and_near_misses():
    names = ["x", "y", "z"]
    p = record("linear_algebra/linear_system", {"status": "unique", "solution": ["1", "-2/3", "4"], "names": names})
    for text in ("(1, -2/3, 4)", "[1, -2/3, 4]", "1, -2/3, 4", "x = 1, y = -2/3, z = 4", "z = 4, x = 1, y = -2/3",
                 "(x, y, z) = (1, -2/3, 4)", "x=1; y=-4/6; z=4.0", "(z, x, y) = (4, 1, -2/3)",
                 "x = 1, y = -2/3 and z = 4",
                 "$x = 1,\\ y = -\\frac{2}{3},\\ z = 4$", "(1, -2/3, 4)."):
        assert ok(p, text), text
    for text in ("(1, 2/3, 4)", "(-2/3, 1, 4)", "(1, -2/3)", "x = 1, y = -2/3", "x = 1, y = -2/3, w = 4", "none",
                 "infinite 1", "(1, -0.67, 4)", "not (1, -2/3, 4)", "x != (1, -2/3, 4)", "(1, -2/3, 4) I think",
                 "y = 1, x = -2/3, z = 4", "(y, x, z) = (1, -2/3, 4)", "(1, -2/3, 4) or none",
                 "x = 1, y = -2/3, y = 4"):
        assert not ok(p, text), text
    two = record("linear_algebra/linear_system",
                 {"status": "unique", "solution": ["13/10", "39/5"], "names": ["x", "y"]})
    assert ok(two, "y = 39/5, x = 13/10") and ok(two, "(13/10, 39/5)")
    assert not ok(two, "not (13/10, 39/5)") and not ok(two, "x = 39/5, y = 13/10")
    inf = record("linear_algebra/linear_system", {"status": "infinite", "free": 1, "names": names})
    for text in ("infinite 1", "Infinite, 1", "infinitely many, 1 free parameter", "infinitely many solutions (1)",
                 "infinite (1 free parameter)", "Infinite 1."):
        assert ok(inf, text), text
    for text in ("infinite 2", "infinite", "infinitely many", "none", "(1, 2, 3)", "infinite 0", "infinite 1, none",
                 "infinite 1 I think", "infinite 1 or 2", "infinite 1\nnone", "infinite 1 (not sure)", "infinite 1?"):
        assert not ok(inf, text), text
    none = record("linear_algebra/linear_system", {"status": "none", "names": names})
    for text in ("none", "None.", "no solution", "No solutions", "inconsistent", "The system is inconsistent"):
        assert ok(none, text), text
    for text in ("infinite 1", "(0, 0, 0)", "0", "none I think", "not none", "none or infinite 1", "no"):
        assert not ok(none, text), text


def test_equation_text():
    assert equation_text([1, -2, 0], 5, ["x", "y", "z"]) == "x - 2y = 5"
    assert equation_text([-1, 0, 3], -4, ["x1", "x2", "x3"]) == "-x1 + 3x3 = -4"


# --------------------------------------------------------------------------- eigenvalues

@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/eigenvalues"])
def test_eigenvalues_match_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    (m,) = prompt_matrices(p.prompt)
    expected = Counter(fr(v) for v, k in sym(m).eigenvals().items() for _ in range(k))
    assert sum(expected.values()) == len(m)
    assert Counter(read_eigenvalues(p.answer)) == expected


def test_eigenvalue_matrices_are_not_triangular_and_levels_add_structure():
    task = procgym.get("linear_algebra/eigenvalues")
    for s in range(10):
        (m,) = prompt_matrices(task.generate(seed=s, difficulty=5).prompt)
        n = len(m)
        assert any(m[i][j] for i in range(n) for j in range(i)) and any(m[i][j] for i in range(n) for j in range(i + 1, n))
    top = [task.generate(seed=s, difficulty=10) for s in range(20)]
    assert any(len(set(p.check["values"])) < len(p.check["values"]) for p in top)  # repeated eigenvalues
    assert any(F(v).denominator > 1 for p in top for v in p.check["values"])  # fractional eigenvalues
    defective = 0
    for p in top:
        (m,) = prompt_matrices(p.prompt)
        defective += not sym(m).is_diagonalizable()
    assert defective >= 3


def test_eigenvalue_forms_and_near_misses():
    p = record("linear_algebra/eigenvalues", {"values": ["-1", "2", "2"]})
    for text in ("2, 2, -1", "-1, 2, 2", "{2, 2, -1}", "[2, -1, 2]", "2 (multiplicity 2), -1", "-1, 2 (x2)",
                 "2 with multiplicity 2, -1", "eigenvalues: 2, 2, -1", "\u03bb = 2, 2, -1", "4/2, 2, -1.0",
                 "2, 2, and -1", "The eigenvalues are 2, 2 and -1",
                 "lambda1 = 2, lambda2 = 2, lambda3 = -1", "2 (algebraic multiplicity 2), -1 (multiplicity 1)",
                 "\\lambda_1 = 2, \\lambda_2 = 2, \\lambda_3 = -1", "\u03bb_{1} = -1, \u03bb_{2} = 2, \u03bb_{3} = 2",
                 "\\{2, 2, -1\\}"):
        assert ok(p, text), text
    for text in ("2, -1", "2, -1, -1", "2, 2, 1", "2, 2, -1, 0", "2 (multiplicity 3), -1", "-2, -2, 1", "2, 2",
                 "x != 2, 2, -1", "2, 2, -1 = 0", "mu = 2, 2, -1", "x = 2, x = 2, x = -1", "2, 2, -1 I think",
                 "not 2, 2, -1", "2, 2, -1 or 2, -1, -1", "lambda1 != 2, 2, -1"):
        assert not ok(p, text), text
    assert "multiplicity" in procgym.verify(p, tag("2, -1")).feedback


# --------------------------------------------------------------------------- matrix products and powers

def test_product_evaluation_and_text():
    mats = {"A": [[1, 2], [3, 4]], "B": [[0, 1], [1, 0]], "C": [[F(1, 2), 0], [0, 1]]}
    expr = [(1, [("A", False, 1), ("B", True, 1)]), (-2, [("C", False, 1)]), (3, [("B", False, 2)])]
    assert expr_text(expr) == "A * B^T - 2 * C + 3 * B^2"
    assert evaluate_product(expr, mats) == [[2 - 1 + 3, 1], [4, 3 - 2 + 3]]


def _product_by_sympy(prompt):
    mats = dict(zip("ABCD", (sym(m) for m in prompt_matrices(prompt))))
    text = re.search(r"compute (?:tr\()?(.+?)(?:\), the trace of .*|\. \(M\^T)", prompt).group(1)
    total = None
    for sign, term in re.findall(r"(^-?|[+-] )([^+-]+)", text):
        factors = [f.strip() for f in term.split("*")]
        coef = -1 if sign.strip() == "-" else 1
        if factors[0].isdigit():
            coef *= int(factors.pop(0))
        prod = sympy.eye(mats[factors[0][0]].rows)
        prod = None
        for f in factors:
            m = mats[f[0]]
            m = m.T if "^T" in f else m
            m = m ** 2 if f.endswith("^2") else m
            prod = m if prod is None else prod * m
        total = coef * prod if total is None else total + coef * prod
    return total


@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/matrix_product"])
def test_matrix_product_matches_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    expected = _product_by_sympy(p.prompt)
    if p.check["kind"] == "trace":
        assert F(p.answer) == fr(expected.trace())
    else:
        assert sym(parse_matrix(p.answer)) == expected


def test_matrix_product_forms_and_near_misses():
    p = record("linear_algebra/matrix_product", {"kind": "matrix", "value": [["2", "1"], ["4", "3"]]})
    for text in ("[[2, 1], [4, 3]]", "2 1\n4 3", "[2 1; 4 3]"):
        assert ok(p, text), text
    for text in ("[[2, 4], [1, 3]]", "[[2, 1], [4, 3], [0, 0]]", "[[2, 1]]", "10", "x != [[2, 1], [4, 3]]",
                 "AB = [[2, 1], [4, 3]]", "[[2, 1], [4, 3]] I think"):
        assert not ok(p, text), text
    t = record("linear_algebra/matrix_product", {"kind": "trace", "value": "-7/2"})
    assert ok(t, "-7/2") and ok(t, "-3.5") and ok(t, "tr = -7/2") and not ok(t, "7/2") and not ok(t, "-3")
    assert not ok(t, "x != -7/2") and not ok(t, "0, -7/2") and not ok(t, "3x + 1 = -7/2")
    task = procgym.get("linear_algebra/matrix_product")
    for level in (1, 5, 8):
        g = task.generate(seed=2, difficulty=level)
        asked = re.search(r"\n\ncompute (?:tr\((.+?)\), the trace of .+?|(.+?))\. \(M\^T is", g.prompt)
        lhs = f"tr({asked.group(1)})" if asked.group(1) else asked.group(2)
        assert ok(g, f"{lhs} = {g.answer}") and ok(g, f"{lhs.replace(' * ', '')} = {g.answer}")
        assert not ok(g, f"{lhs} + I = {g.answer}") and not ok(g, f"X = {g.answer}")


@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/matrix_power"])
def test_matrix_power_matches_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    (a,) = prompt_matrices(p.prompt)
    k = int(re.search(r"Compute A\^(\d+)", p.prompt).group(1))
    assert k == p.check["exponent"]
    assert sym(parse_matrix(p.answer)) == sym(a) ** k


def test_matrix_power_known_instance_and_near_misses():
    p = record("linear_algebra/matrix_power", {"value": [["1", "20"], ["0", "1"]], "exponent": 10})
    assert ok(p, "[[1, 20], [0, 1]]") and ok(p, "1 20; 0 1") and ok(p, "A^{10} = [[1, 20], [0, 1]]")
    for text in ("[[1, 18], [0, 1]]", "[[1, 2], [0, 1]]", "[[1, 0], [20, 1]]", "[[1, 20], [0, 1], [0, 0]]",
                 "A^9 = [[1, 20], [0, 1]]", "x != [[1, 20], [0, 1]]", "[[1, 20], [0, 1]] or [[1, 2], [0, 1]]"):
        assert not ok(p, text), text


def test_matrix_power_is_disguised_at_high_levels():
    task = procgym.get("linear_algebra/matrix_power")
    for s in range(10):
        p = task.generate(seed=s, difficulty=9)
        (a,) = prompt_matrices(p.prompt)
        n = len(a)
        assert any(a[i][j] for i in range(n) for j in range(i)) and any(a[i][j] for i in range(n) for j in range(i + 1, n))
        assert p.check["exponent"] >= 10


# --------------------------------------------------------------------------- vectors

def test_vector_operations_known_values():
    values = {"a": [1, 2, 3], "b": [4, 5, 6], "c": [1, 0, 0]}
    a, b, c = ("leaf", "a"), ("leaf", "b"), ("leaf", "c")
    assert evaluate_vector(("dot", a, b), values) == 32
    assert evaluate_vector(("cross", a, b), values) == [-3, 6, -3]
    assert evaluate_vector(("proj", a, b), values) == [F(128, 77), F(160, 77), F(192, 77)]
    assert evaluate_vector(("norm2", ("comb", [(2, a), (-1, b)])), values) == 4 + 1 + 0
    assert evaluate_vector(("dot", a, ("cross", b, c)), values) == sympy.Matrix([[1, 2, 3], [4, 5, 6], [1, 0, 0]]).det()
    # projection onto span(b, c) agrees with the least-squares formula B (B^T B)^-1 B^T u
    bm = sympy.Matrix([[4, 1], [5, 0], [6, 0]])
    expected = bm * (bm.T * bm).inv() * bm.T * sympy.Matrix([1, 2, 3])
    assert evaluate_vector(("span", a, b, c), values) == [fr(x) for x in expected]
    with pytest.raises(Degenerate):
        evaluate_vector(("proj", a, ("cross", b, b)), values)
    assert render(("dot", ("comb", [(2, a), (-1, b)]), ("cross", c, a))) == "(2a - b) \u00b7 (c \u00d7 a)"
    assert render(("span", ("comb", [(1, a), (3, ("proj", b, c))]), b, c)) == "proj(a + 3 proj(b onto c) onto span(b, c))"


def test_vector_operations_forms_and_near_misses():
    p = record("linear_algebra/vector_operations", {"kind": "vector", "value": ["128/77", "-2", "0"]})
    for text in ("(128/77, -2, 0)", "[128/77, -2, 0]", "<128/77, -2, 0>", "128/77, -2, 0", "(256/154, -2.0, 0)",
                 "z = 0, x = 128/77, y = -2", "\\left(\\frac{128}{77}, -2, 0\\right)"):
        assert ok(p, text), text
    for text in ("(128/77, 2, 0)", "(128/77, -2)", "(1.66, -2, 0)", "-2", "(0, -2, 128/77)", "x != (128/77, -2, 0)",
                 "(z, y, x) = (128/77, -2, 0)", "v = (128/77, -2, 0)", "not (128/77, -2, 0)",
                 "y = 128/77, x = -2, z = 0"):
        assert not ok(p, text), text
    s = record("linear_algebra/vector_operations", {"kind": "scalar", "value": "-16"})
    assert ok(s, "-16") and ok(s, "-16.0") and not ok(s, "16") and not ok(s, "(-16, 0, 0)")
    assert not ok(s, "x != -16") and not ok(s, "0, -16") and not ok(s, "-16 I think")
    g = procgym.generate("linear_algebra/vector_operations", seed=0, difficulty=6)
    asked = re.search(r"\n\ncompute (.+?)\.\n\(", g.prompt).group(1)
    latex = asked.replace("\u00d7", "\\times").replace("\u00b7", "\\cdot")
    assert ok(g, f"{asked} = {g.answer}") and ok(g, f"{latex} = {g.answer}") and not ok(g, f"a = {g.answer}")


def test_vector_operations_levels_ramp():
    task = procgym.get("linear_algebra/vector_operations")
    low = [task.generate(seed=s, difficulty=1) for s in range(10)]
    assert all(p.check["kind"] == "scalar" and "\u00b7" in p.prompt for p in low)
    high = [task.generate(seed=s, difficulty=9) for s in range(20)]
    assert sum("proj(" in p.prompt for p in high) >= 15
    assert any("span(" in p.prompt for p in high)


# --------------------------------------------------------------------------- change of basis

def _coordinates_by_sympy(prompt):
    x = sympy.Symbol("x")
    if "polynomials" in prompt:
        polys = re.findall(r"^p\d+ = (.+)$", prompt, re.M)
        target = re.search(r"= (.+)\n\nAnswer", prompt).group(1)
        n = len(polys)

        def coeffs(text):
            poly = sympy.Poly(sympy.sympify(text.replace("^", "**").replace("x", "*x").replace(" *x", " x")
                                            .replace("-*x", "-x").replace("+ *x", "+ x")
                                            .lstrip("*"), locals={"x": x}), x)
            out = [0] * n
            for (power,), c in poly.terms():
                out[power] = c
            return out

        basis = sympy.Matrix([coeffs(p) for p in polys]).T
        return basis.solve(sympy.Matrix(coeffs(target)))
    vec = lambda s: [sympy.Rational(t) for t in s.split(", ")]  # noqa: E731
    b = sympy.Matrix([vec(s) for s in re.findall(r"^b\d+ = \((.+)\)$", prompt, re.M)]).T
    if "Two bases" in prompt:
        c = sympy.Matrix([vec(s) for s in re.findall(r"^c\d+ = \((.+)\)$", prompt, re.M)]).T
        coords = sympy.Matrix(vec(re.search(r"has coordinates \((.+?)\) with respect to B", prompt).group(1)))
        return c.solve(b * coords)
    v = sympy.Matrix(vec(re.search(r"coordinates of v = \((.+?)\)", prompt).group(1)))
    return b.solve(v)


@pytest.mark.parametrize("name,level,seed", [x for x in PROBLEMS if x[0] == "linear_algebra/change_of_basis"])
def test_change_of_basis_matches_sympy(name, level, seed):
    p = procgym.generate(name, seed=seed, difficulty=level)
    assert parse_vector(p.answer) == [fr(v) for v in _coordinates_by_sympy(p.prompt)]


def test_change_of_basis_modes_and_forms():
    task = procgym.get("linear_algebra/change_of_basis")
    modes = Counter(task.generate(seed=s, difficulty=5).params["mode"] for s in range(30))
    assert set(modes) == {"standard", "two_bases", "polynomial"}
    assert poly_text([3, -1, 0, 2]) == "2x^3 - x + 3" and poly_text([0, 0]) == "0"
    p = record("linear_algebra/change_of_basis", {"value": ["2", "-1/3", "5"]})
    for text in ("(2, -1/3, 5)", "[2, -1/3, 5]", "2, -1/3, 5", "(4/2, -2/6, 5.0)", "(y1, y2, y3) = (2, -1/3, 5)",
                 "y_2 = -1/3, y_1 = 2, y_3 = 5", "(y3, y2, y1) = (5, -1/3, 2)", "[v]_B = (2, -1/3, 5)"):
        assert ok(p, text), text
    for text in ("(2, 1/3, 5)", "(-1/3, 2, 5)", "(2, -1/3)", "(2, -0.33, 5)", "(2, -1/3, 5, 0)", "x != (2, -1/3, 5)",
                 "(y3, y2, y1) = (2, -1/3, 5)", "y = (2, -1/3, 5)", "3x + 1 = (2, -1/3, 5)", "not (2, -1/3, 5)",
                 "y1 = 2, y2 = -1/3", "y2 = 2, y1 = -1/3, y3 = 5", "[v]_C = (2, -1/3, 5)", "(2, -1/3, 5) I think"):
        assert not ok(p, text), text
    two = next(task.generate(seed=s, difficulty=8) for s in range(30)
               if "Two bases" in task.generate(seed=s, difficulty=8).prompt)
    assert ok(two, f"[v]_C = {two.answer}") and not ok(two, f"[v]_B = {two.answer}")


@pytest.mark.parametrize("name", NAMES)
def test_verifiers_stay_bounded_on_crafted_text(name):
    """A hang guard (not a speed test): long whitespace runs and repetitions must not blow up a regex."""
    import time

    attacks = ["1" + " " * 19000 + "x", "1" + " " * 19000 + "/", "2 (multiplicity" + " " * 19000 + "2)",
               "(" + "1," * 9000 + ")", "infinite " + "1 " * 9000, "x = " * 4000, "[[" + "1," * 5000 + "]]",
               "1\t" * 9000 + "/", "y1, " * 3000 + "= 1", "\\frac{" * 3000]
    p = procgym.generate(name, seed=0, difficulty=5)
    for text in attacks:
        start = time.perf_counter()
        assert not ok(p, text)
        assert time.perf_counter() - start < 1.0, text[:30]


@pytest.mark.parametrize("name", NAMES)
def test_the_prompt_example_is_never_the_answer(name):
    """The example a prompt shows is never correct for its own problem, and it never tells the answer
    away: either one example that is never an answer, or one drawn per problem from several wrong ones."""
    example_never_pays(name)
