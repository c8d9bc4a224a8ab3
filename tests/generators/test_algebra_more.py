"""Per-task tests for the algebra tasks of the second wave: exact values on known instances,
cross-checks of the references against sympy, accepted alternative forms and rejected near misses."""
import math
import re
from fractions import Fraction as F

import pytest
import sympy

import procgym
from procgym import Problem
from procgym.generators.algebra._absolute_values import InfiniteSolutions, solve_abs_equation
from procgym.generators.algebra._intervals import intervals_from_json, normalise, read_intervals, solve_by_sign_chart
from procgym.generators.algebra._linear_systems import solve_system
from procgym.generators.algebra._polynomials import pdivmod, pgcd_int, pmul, poly_text, rational_roots
from procgym.generators.algebra._surds import Surd, real_roots
from procgym.generators.algebra.exponentials import perfect_power, power_exponent, rational_log, rewrite_log_bases
from procgym.generators.algebra.functions import apply, inverse
from procgym.generators.algebra.polynomials import monomial_exponents, mv_mul, mv_pow, mv_text
from procgym.generators.algebra.rational import lowest_terms
from procgym.generators.algebra.sequences import exact_root, sum_formula_text, term_formula_text
from procgym.generators.algebra.systems import bareiss_det
from procgym.parsing import parse_expression
from answer_helpers import feedback, ok

NAMES = ["algebra/linear_system", "algebra/polynomial_roots", "algebra/expand_polynomial",
         "algebra/polynomial_division", "algebra/simplify_rational", "algebra/partial_fractions",
         "algebra/solve_inequality", "algebra/absolute_value_equation", "algebra/function_composition",
         "algebra/sequence_formula", "algebra/exp_log_equation"]
x = sympy.Symbol("x")


def record(name, check, answer="x", prompt="hand-made"):
    """A hand-made problem record: verifying needs nothing else (a few tasks read the left-hand
    side an answer may carry, such as f(g(x)) or a_12, from the question)."""
    return Problem(name, 0, None, {}, prompt, answer, check)


def question(p):
    """The task's question text, without the shared answer-format lines."""
    return p.prompt.split("\n\nAnswer format:")[0]


def problems(name, levels=range(1, 11), seeds=range(3)):
    return [procgym.generate(name, seed=s, difficulty=lv) for lv in levels for s in seeds]


def num(text):
    return sympy.N(parse_expression(text, ()), 30)


def close(a, b, tol=1e-20):
    return abs(complex(a) - complex(b)) <= tol * max(1.0, abs(complex(b)))


# --------------------------------------------------------------------------- all of them

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    for p in problems(name, seeds=range(2)):
        assert p.prompt.isascii() and all(c.isprintable() or c == "\n" for c in p.prompt)
        assert ok(p, p.answer), (p.difficulty, p.seed, p.answer)


@pytest.mark.parametrize("name", NAMES)
def test_levels_differ_and_level_five_is_varied(name):
    task = procgym.get(name)
    for level in range(1, 10):
        assert task.params(0, level) != task.params(0, level + 1), level
    assert len({procgym.generate(name, seed=s, difficulty=5).prompt for s in range(10)}) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_garbage_is_rejected(name):
    p = procgym.generate(name, seed=1, difficulty=5)
    for text in ("", "banana", "x=", "(((", "1/0", "inf", "x^", p.answer + "; " + p.answer):
        assert not ok(p, text), text


# --------------------------------------------------------------------------- shared helpers

def test_polynomial_helpers():
    assert pmul([1, 1], [-1, 1]) == [-1, 0, 1]
    assert poly_text([F(1, 2), 0, -3]) == "-3x^2 + 1/2"
    assert poly_text([0, F(-3, 2), 1], "n") == "n^2 - (3/2)n"
    q, r = pdivmod([5, -2, 0, 1], [-1, 1])
    assert q == [-1, 1, 1] and r == [4]
    assert pgcd_int([-6, 1, 1], [-4, 0, 1]) == [-2, 1]  # gcd(x^2 + x - 6, x^2 - 4) = x - 2


def test_rational_roots_and_surds():
    roots, rest = rational_roots(pmul(pmul([3, -2], [1, 0, 1]), [0, 1]))  # x (3 - 2x)(1 + x^2)
    assert sorted(roots) == [0, F(3, 2)] and rest == [1, 0, 1]
    assert [r.text() for r in real_roots([1, -3, 1])] == ["(3 - sqrt(5))/2", "(3 + sqrt(5))/2"]
    assert [r.text() for r in real_roots([-7, -4, 1])] == ["2 - sqrt(11)", "2 + sqrt(11)"]
    assert [r.text() for r in real_roots([-12, 0, 4])] == ["-sqrt(3)", "sqrt(3)"]
    assert real_roots([2, 0, 1]) == []
    assert Surd(F(1), F(-1), 2).sign() == -1 and Surd(F(-2), F(1), 3).sign() == -1 and Surd(F(2), F(-1), 3).sign() == 1


def test_solve_system_classifies():
    assert solve_system([[1, 1, 3], [1, -1, 1]]) == ("unique", [2, 1])
    assert solve_system([[1, 1, 2], [2, 2, 4]]) == ("infinite", None)
    assert solve_system([[1, 1, 2], [2, 2, 5]]) == ("none", None)
    assert solve_system([[F(1, 2), 1, 1], [1, 0, 3]]) == ("unique", [3, F(-1, 2)])
    assert bareiss_det([[2, 1, 0], [1, 3, 1], [0, 1, 4]]) == sympy.Matrix([[2, 1, 0], [1, 3, 1], [0, 1, 4]]).det()


def test_interval_reader_and_normal_form():
    got = normalise(read_intervals("(-inf, 2) U [2, 5) U {5} u (7,8]"))
    assert got == [(None, False, 5, True), (7, False, 8, True)]
    assert read_intervals("none") == [] and read_intervals("all real numbers") == [(None, False, None, False)]
    for bad in ("[-inf, 2)", "(1, inf]", "(3, 1)", "(2, 2)", "x > 2", "(1, 2, 3)"):
        with pytest.raises(ValueError):
            read_intervals(bad)
    square = solve_by_sign_chart([F(1), F(3)], lambda v: (v - 1) ** 2 * (v - 3) <= 0)
    assert square == [(None, False, 3, True)]
    assert solve_by_sign_chart([F(1)], lambda v: (v - 1) ** 2 <= 0) == [(1, True, 1, True)]


def test_abs_equation_solver():
    lin = lambda a, b: ("poly", [b, a])  # noqa: E731
    assert [r.text() for r in solve_abs_equation(("abs", lin(1, -3)), ("poly", [5]))] == ["-2", "8"]
    assert [r.text() for r in solve_abs_equation(("abs", lin(2, -1)), lin(1, 1))] == ["0", "2"]
    assert solve_abs_equation(("abs", lin(1, 0)), lin(1, -5)) == []  # |x| = x - 5: both cases extraneous
    nested = ("abs", ("sum", [("abs", lin(1, 0)), ("poly", [-2])]))
    assert [r.text() for r in solve_abs_equation(nested, ("poly", [1]))] == ["-3", "-1", "1", "3"]
    with pytest.raises(InfiniteSolutions):
        solve_abs_equation(("sum", [("abs", lin(1, -1)), ("abs", lin(1, -4))]), ("poly", [3]))


# --------------------------------------------------------------------------- algebra/linear_system

def _system_from_prompt(p):
    names = p.check["names"]
    lines = question(p).split("\n\n")[1].splitlines()
    eqs = []
    for line in lines:
        left, right = line.split("=")
        eqs.append(parse_expression(left, names) - parse_expression(right, names))
    return eqs, [sympy.Symbol(n) for n in names]


def test_linear_system_matches_sympy():
    for p in problems("algebra/linear_system", seeds=range(4)):
        eqs, syms = _system_from_prompt(p)
        sol = sympy.linsolve(eqs, syms)
        if sol == sympy.EmptySet:
            assert p.check["kind"] == "none", p.prompt
            continue
        (point,) = sol
        if any(v.free_symbols for v in point):
            assert p.check["kind"] == "infinite", p.prompt
        else:
            assert p.check["kind"] == "unique"
            assert [sympy.Rational(a, b) for a, b in p.check["values"]] == list(point)


def test_linear_system_forms():
    p = record("algebra/linear_system", {"kind": "unique", "names": ["x", "y", "z"], "values": [[1, 1], [-2, 1], [3, 2]]})
    for good in ("x=1, y=-2, z=3/2", "z = 1.5, x = 1, y = -2", "(1, -2, 3/2)", "x=1; y=-2; z=3/2", "x=1, y=-2 and z=3/2",
                 "X=1, Y=-2, Z=3/2"):
        assert ok(p, good), good
    for bad in ("x=1, y=2, z=3/2", "x=1, y=-2", "x=1, y=-2, z=3/2, x=1", "(1, -2)", "infinite", "none", "x=1, y=-2, z=1"):
        assert not ok(p, bad), bad
    inf = record("algebra/linear_system", {"kind": "infinite", "names": ["x", "y"], "values": None})
    assert ok(inf, "infinite") and ok(inf, "Infinitely many solutions.") and not ok(inf, "none") and not ok(inf, "x=1, y=1")
    empty = record("algebra/linear_system", {"kind": "none", "names": ["x", "y"], "values": None})
    assert ok(empty, "none") and ok(empty, "No solution") and not ok(empty, "infinite")


def test_linear_system_levels_reach_singular_systems():
    kinds = {procgym.generate("algebra/linear_system", seed=s, difficulty=9).check["kind"] for s in range(40)}
    assert kinds == {"unique", "none", "infinite"}
    assert {procgym.generate("algebra/linear_system", seed=s, difficulty=1).check["kind"] for s in range(20)} == {"unique"}


# --------------------------------------------------------------------------- algebra/polynomial_roots

def test_polynomial_roots_match_sympy():
    for p in problems("algebra/polynomial_roots"):
        left, right = question(p).split("\n\n")[1].split("=")
        poly = sympy.Poly(parse_expression(left) - parse_expression(right), x)
        want = sorted(float(r) for r in set(sympy.real_roots(poly)))
        got = sorted(float(num(t)) for t in p.check["roots"])
        assert len(want) == len(got) and all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(want, got)), p.prompt


def test_polynomial_roots_forms():
    p = record("algebra/polynomial_roots", {"roots": ["-3 - sqrt(13)", "-3 + sqrt(13)", "1/2"]})
    for good in ("-3 - sqrt(13), -3 + sqrt(13), 1/2", "-3 ± sqrt(13), 0.5", "x = 1/2, x = -3 +- sqrt(13)",
                 "\\frac{1}{2}, -3+\\sqrt{13}, -3-\\sqrt{13}", "{1/2, -3+sqrt(13), -3-sqrt(13)}",
                 "1/2, (-6+sqrt(52))/2, -3-13^(1/2)", "x=1/2 or x=-3+sqrt(13) or x=-3-sqrt(13)"):
        assert ok(p, good), good
    for bad in ("-3 + sqrt(13), 1/2", "-3 - sqrt(13), -3 + sqrt(13), 1/2, 1/2", "3 - sqrt(13), -3 + sqrt(13), 1/2",
                "-6.605551275463989, 0.605551275463989, 0.5", "none", "-3 - sqrt(13), -3 + sqrt(13), -1/2",
                "-3 - sqrt(13), -3 + sqrt(13), 1/2, 2"):
        assert not ok(p, bad), bad
    nothing = record("algebra/polynomial_roots", {"roots": []})
    assert ok(nothing, "none") and ok(nothing, "no real solutions") and not ok(nothing, "0")
    assert "decimal" in feedback(record("algebra/polynomial_roots", {"roots": ["sqrt(2)"]}),
                                 "1.41421356237309504880168872420969807856967187537694")


# --------------------------------------------------------------------------- algebra/expand_polynomial

def test_expand_helpers():
    assert mv_text(mv_pow({(1, 0): 1, (0, 1): 2}, 2)) == "x^2 + 4xy + 4y^2"
    assert mv_text(mv_mul({(1, 0): 2, (0, 0): -3}, {(1, 0): 1, (0, 0): 1})) == "2x^2 - x - 3"
    with sympy.evaluate(False):
        shape = parse_expression("-3x^2y", ["x", "y"])
    assert monomial_exponents(shape, ["x", "y"]) == (2, 1)


def test_expand_matches_sympy():
    for p in problems("algebra/expand_polynomial"):
        names = p.check["vars"]
        expr = parse_expression(question(p).split("\n\n")[1], names)
        assert sympy.expand(expr - parse_expression(p.answer, names)) == 0, p.prompt


def test_expand_forms():
    p = record("algebra/expand_polynomial", {"vars": ["x", "y"], "terms": [[2, 0, 1], [1, 1, 4], [0, 2, 4], [0, 0, -3]]})
    for good in ("x^2 + 4xy + 4y^2 - 3", "4y^2 - 3 + x^2 + 4x*y", "x**2+4*x*y+4*y**2-3", "x^2 + 4yx + 4y^2 - 3",
                 "= x^2 + 4xy + 4y^2 - 3", "x^{2}+4xy+4y^{2}-3"):
        assert ok(p, good), good
    for bad in ("(x+2y)^2 - 3", "x^2 + 2xy + 2xy + 4y^2 - 3", "x^2 + 4xy + 4y^2 + 3", "x^2 + 4xy + 4y^2",
                "x(x + 4y) + 4y^2 - 3", "x^2 + 4xy + (2y)^2 - 3"):
        assert not ok(p, bad), bad
    assert "like terms" in feedback(p, "x^2 + 2xy + 2xy + 4y^2 - 3")


# --------------------------------------------------------------------------- algebra/polynomial_division

def test_division_matches_sympy():
    for p in problems("algebra/polynomial_division"):
        parts = question(p).split("\n\n")
        q, r = sympy.div(parse_expression(parts[1]), parse_expression(parts[3]), x)
        given_q, given_r = (parse_expression(s) for s in p.answer.split(";"))
        assert sympy.expand(q - given_q) == 0 and sympy.expand(r - given_r) == 0, p.prompt


def test_division_forms():
    p = record("algebra/polynomial_division", {"quotient": [[-1, 1], [1, 1], [1, 1]], "remainder": [[4, 1]]})
    for good in ("x^2 + x - 1; 4", "q(x) = x^2 + x - 1; r(x) = 4", "Quotient: x^2+x-1; Remainder: 4", "x^2 + x - 1, 4",
                 "Q = x^2+x-1, R = 4"):
        assert ok(p, good), good
    for bad in ("x^2 + x + 1; 4", "x^2 + x - 1; -4", "x^2 + x - 1", "4; x^2 + x - 1", "x^2+x-1 + 4/(x-1)"):
        assert not ok(p, bad), bad
    half = record("algebra/polynomial_division", {"quotient": [[-1, 2], [1, 1]], "remainder": [[0, 1]]})
    assert ok(half, "x - 1/2; 0") and ok(half, "(2x-1)/2; 0") and ok(half, "x - 0.5; 0")
    assert not ok(half, "x - 1/2") and not ok(half, "x + 1/2; 0")


# --------------------------------------------------------------------------- algebra/simplify_rational

def test_lowest_terms():
    assert lowest_terms(pmul([3, 1], [2, 1]), pmul([3, 1], [-2, 1])) == ([2, 1], [-2, 1])
    assert lowest_terms([2, 2], [-4, -2]) == ([-1, -1], [2, 1])  # (2x + 2)/(-2x - 4) = -(x + 1)/(x + 2)


def test_simplify_matches_sympy():
    for p in problems("algebra/simplify_rational"):
        expr = parse_expression(question(p).split("\n\n")[1].replace("[", "(").replace("]", ")"))
        answer = parse_expression(p.answer)
        assert sympy.cancel(expr - answer) == 0, p.prompt
        n, d = sympy.fraction(sympy.cancel(expr))
        given_n, given_d = sympy.fraction(sympy.together(answer))
        assert sympy.degree(given_d, x) == sympy.degree(d, x), p.prompt


def test_simplify_forms():
    p = record("algebra/simplify_rational", {"num": [1, 1], "den": [-2, 1]})  # (x + 1)/(x - 2)
    for good in ("(x+1)/(x-2)", "(-x-1)/(2-x)", "(x+1)*(x-2)^(-1)", "((1/2)x+1/2)/((1/2)x-1)", "\\frac{x+1}{x-2}"):
        assert ok(p, good), good
    for bad in ("(x^2-5x-6)/(x^2-8x+12)", "(x+1)(x-6)/((x-2)(x-6))", "(2x+2)/(2x-4)", "(x-1)/(x-2)", "(x+1)/(x+2)",
                "x+1/(x-2)"):
        assert not ok(p, bad), bad
    assert "x - 6" in feedback(p, "(x+1)(x-6)/((x-2)(x-6))")
    poly = record("algebra/simplify_rational", {"num": [4, 1], "den": [1]})
    assert ok(poly, "x + 4") and not ok(poly, "(x^2 + 7x + 12)/(x + 3)")


# --------------------------------------------------------------------------- algebra/partial_fractions

def test_partial_fractions_match_sympy():
    for p in problems("algebra/partial_fractions"):
        line = question(p).split("\n\n")[1]
        left, right = line.split(" = ")
        values = dict(item.split("=") for item in p.answer.split(", "))
        names = list(values)
        for n in names:
            right = re.sub(rf"\b{n}\b", f"({values[n]})", right)
            right = right.replace(f"{n}x", f"({values[n]})x")
        lhs, rhs = parse_expression(left), parse_expression(right)
        assert sympy.cancel(lhs - rhs) == 0, p.prompt
        assert sympy.cancel(sympy.apart(lhs, x) - rhs) == 0


def test_partial_fractions_forms():
    p = record("algebra/partial_fractions", {"names": ["A", "B", "C"], "values": [[1, 1], [-2, 1], [0, 1]]})
    for good in ("A=1, B=-2, C=0", "C = 0, A = 1, B = -2", "a=1, b=-2, c=0", "(1, -2, 0)", "A=1.0, B=-2, C=0"):
        assert ok(p, good), good
    for bad in ("A=1, B=2, C=0", "A=1, B=-2", "A=1,B=-2,C=0,D=1", "(1, -2)", "A=-2, B=1, C=0"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- algebra/solve_inequality

_ABS = re.compile(r"\|([^|]+)\|")


def _as_sympy_set(intervals):
    out = sympy.EmptySet
    for lo, lc, hi, hc in intervals:
        a = -sympy.oo if lo is None else sympy.Rational(lo)
        b = sympy.oo if hi is None else sympy.Rational(hi)
        out = out.union(sympy.FiniteSet(a) if a == b else sympy.Interval(a, b, not lc, not hc))
    return out


def test_inequalities_match_sympy():
    for p in problems("algebra/solve_inequality", seeds=range(3)):
        text = _ABS.sub(r"abs(\1)", question(p).split("\n\n")[1])
        if text.count("<") + text.count(">") == 2:  # a compound inequality lo < mid < hi
            lo, op1, mid, op2, hi = re.split(r"\s*(<=|<)\s*", text)
            rel = sympy.And(*(sympy.Rel(parse_expression(a), parse_expression(b), o)
                              for a, o, b in ((lo, op1, mid), (mid, op2, hi))))
            want = rel.as_set()
        else:
            left, op, right = re.split(r"\s*(<=|>=|<|>)\s*", text)
            rel = sympy.Rel(parse_expression(left), parse_expression(right), op)
            want = sympy.solve_univariate_inequality(rel, x, relational=False, domain=sympy.S.Reals)
        got = _as_sympy_set(intervals_from_json(p.check["intervals"]))
        assert got == want, (p.prompt, got, want)


def test_inequality_forms():
    p = record("algebra/solve_inequality",
               {"intervals": [[None, False, "-2", False], ["1/2", True, "3", True], ["5", True, "5", True]]})
    for good in ("(-inf, -2) U [1/2, 3] U {5}", "(-oo,-2)U[0.5,3]U[5,5]", "(-infinity, -2) \u222a [1/2, 3] \u222a {5}",
                 "{5} U [1/2, 3] U (-inf, -2)", "(-\\infty, -2) \\cup [\\frac{1}{2}, 3] \\cup \\{5\\}",
                 "(-inf, -2) or [1/2, 3] or {5}", "(-inf, -2) U [1/2, 3) U [3, 3] U {5}"):
        assert ok(p, good), good
    for bad in ("(-inf, -2] U [1/2, 3] U {5}", "(-inf, -2) U (1/2, 3] U {5}", "(-inf, -2) U [1/2, 3]",
                "[-inf, -2) U [1/2, 3] U {5}", "(3, 1/2)", "(-inf, -2) U [1/2, 3] U {6}", "none"):
        assert not ok(p, bad), bad
    assert "bracket" in feedback(p, "(-inf, -2] U [1/2, 3] U {5}")
    everything = record("algebra/solve_inequality", {"intervals": [[None, False, None, False]]})
    assert ok(everything, "(-inf, inf)") and ok(everything, "all real numbers") and ok(everything, "(-inf, 0) U [0, inf)")
    assert not ok(everything, "(-inf, 0) U (0, inf)") and not ok(everything, "none")


# --------------------------------------------------------------------------- algebra/absolute_value_equation

def _abs_to_sympy(text):
    """'||2x + 7| - 3|' -> 'abs(abs(2x + 7) - 3)': a bar opens outside every bar, or after an
    operator or another opening bar; otherwise it closes."""
    out, prev, depth = [], "", 0
    for ch in text:
        if ch == "|":
            opens = depth == 0 or prev in ("", "(", "+", "-", "*", "=", "open")
            out.append("abs(" if opens else ")")
            depth += 1 if opens else -1
            prev = "open" if opens else ")"
        else:
            out.append(ch)
            if not ch.isspace():
                prev = ch
    return "".join(out)


def test_absolute_value_equations_match_sympy():
    for p in problems("algebra/absolute_value_equation", seeds=range(3)):
        left, right = _abs_to_sympy(question(p).split("\n\n")[1]).split("=")
        sols = sympy.solveset(sympy.Eq(parse_expression(left), parse_expression(right)), x, sympy.S.Reals)
        want = sorted(float(s) for s in sols)
        got = sorted(float(num(t)) for t in p.check["roots"])
        assert len(want) == len(got) and all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(want, got)), p.prompt


def test_absolute_value_forms():
    p = record("algebra/absolute_value_equation", {"roots": ["-3", "7/2"]})
    for good in ("-3, 7/2", "x = -3 or x = 7/2", "{3.5, -3}", "7/2, -3"):
        assert ok(p, good), good
    for bad in ("-3", "3, 7/2", "none", "-3, 7/2, 1", "-3, -7/2"):
        assert not ok(p, bad), bad
    surd = record("algebra/absolute_value_equation", {"roots": ["2 - 3sqrt(2)", "2 + 3sqrt(2)"]})
    assert ok(surd, "2 ± 3sqrt(2)") and ok(surd, "2 - sqrt(18), 2 + sqrt(18)") and not ok(surd, "2 + 3sqrt(2)")


# --------------------------------------------------------------------------- algebra/function_composition

def _definitions(p):
    defs = {}
    for line in question(p).splitlines():
        m = re.fullmatch(r"([fghp])\(x\) = (.*)", line)
        if m:
            defs[m.group(1)] = parse_expression(m.group(2))
    return defs


def test_composition_matches_sympy():
    for p in problems("algebra/function_composition"):
        defs = _definitions(p)
        m = re.search(r"(?:Find|F\(x\) =) ([fghp(]+x\)+)", question(p))
        if "^(-1)" in question(p) and m is None:  # the inverse of a single function
            (fn,) = defs.values()
            composed = fn
        else:
            chain = re.findall(r"([fghp])\(", m.group(1))
            composed = x
            for n in reversed(chain):
                composed = defs[n].subs(x, composed)
        answer = parse_expression(p.answer)
        if "^(-1)" in question(p):
            assert sympy.cancel(composed.subs(x, answer) - x) == 0, p.prompt
        else:
            assert sympy.cancel(composed - answer) == 0, p.prompt


def test_composition_helpers_and_forms():
    assert apply(("mobius", (1, 2, 1, -1)), [0, 1], [1]) == ([2, 1], [-1, 1])
    assert inverse(("linear", (2, 3))) == ("mobius", (1, -3, 0, 2))
    assert inverse(("mobius", (1, 2, 3, 4))) == ("mobius", (4, -2, -3, 1))
    p = record("algebra/function_composition", {"num": [1, 2], "den": [-3, 1]},  # (2x + 1)/(x - 3)
               prompt="Let ...\n\nFind f(g(x)) as an expression in x.")
    for good in ("(2x+1)/(x-3)", "f(g(x)) = (2x+1)/(x-3)", "2 + 7/(x-3)", "(4x+2)/(2x-6)", "\\frac{2x+1}{x-3}"):
        assert ok(p, good), good
    for bad in ("(2x-1)/(x-3)", "2x+1/(x-3)", "(x-3)/(2x+1)", "(2x+1)/(x+3)", "7"):
        assert not ok(p, bad), bad


# --------------------------------------------------------------------------- algebra/sequence_formula

def test_sequence_helpers():
    assert exact_root(F(-8, 27), 3, True) == F(-2, 3)
    assert exact_root(F(16), 4, True) == 2 and exact_root(F(16), 4, False) == -2
    with pytest.raises(ValueError):
        exact_root(F(12), 2, True)
    assert term_formula_text("arithmetic", F(3), F(4)) == "4n - 1"
    assert term_formula_text("geometric", F(3), F(-2)) == "3*(-2)^(n - 1)"
    assert sum_formula_text("arithmetic", F(1), F(2)) == "n^2"
    n = sympy.Symbol("n")
    s = parse_expression(sum_formula_text("geometric", F(5), F(1, 2)), ["n"])
    assert [s.subs(n, k) for k in (1, 2, 3)] == [5, sympy.Rational(15, 2), sympy.Rational(35, 4)]


def test_sequence_references_by_brute_force():
    n = sympy.Symbol("n")
    for p in problems("algebra/sequence_formula", seeds=range(4)):
        text = question(p)
        m = re.search(r"The sequence (.*), \.\.\. is", text)
        if not m or "closed-form" not in text:
            continue
        shown = [F(t) for t in m.group(1).split(", ")]
        geometric = "geometric" in text
        step = shown[1] / shown[0] if geometric else shown[1] - shown[0]
        terms = [shown[0] * step ** i if geometric else shown[0] + i * step for i in range(13)]
        expr = parse_expression(p.answer, ["n"])
        for k in range(1, 14):
            want = terms[k - 1] if "n-th term" in text else sum(terms[:k])
            assert expr.subs(n, k) == sympy.Rational(want.numerator, want.denominator), p.prompt


def test_sequence_forms():
    values = [[3 * 2 ** (k - 1), 1] for k in (1, 2, 3, 4, 5, 6, 9, 13)]
    p = record("algebra/sequence_formula", {"values": values})
    for good in ("3*2^(n-1)", "a_n = 3 * 2^(n - 1)", "(3/2)*2^n", "3(2^(n-1))", "3*2^(n+1)/4"):
        assert ok(p, good), good
    for bad in ("3*2^n", "6n - 3", "3*2^(n-1) + 1", "2^(n-1)", "a_(n-1)*2"):
        assert not ok(p, bad), bad
    value = record("algebra/sequence_formula", {"value": [1023, 64]},
                   prompt="... Find the sum of the first 10 terms, a_1 + a_2 + ... + a_10.")
    assert ok(value, "1023/64") and ok(value, "15.984375") and ok(value, "S_10 = 1023/64")
    assert not ok(value, "1023/63") and not ok(value, "16")


# --------------------------------------------------------------------------- algebra/exp_log_equation

def test_exp_log_helpers():
    assert power_exponent(F(1, 8), 2) == -3 and power_exponent(F(12), 2) is None
    assert perfect_power(27) == (3, 3) and perfect_power(6) == (6, 1)
    assert rational_log(F(2), 4) == F(1, 2) and rational_log(F(1, 8), 4) == F(-3, 2) and rational_log(F(3), 4) is None
    assert rewrite_log_bases("log_3(6), \\log_{2}(x + 1)") == "log(6, 3), log(x + 1, 2)"
    assert rewrite_log_bases("x = log_3 6") == "x = log(6, 3)"


def _exp_log_sides(p):
    text = rewrite_log_bases(question(p).split("\n\n")[1])
    left, right = text.split("=")
    return parse_expression(left), parse_expression(right)


def test_exp_log_roots_satisfy_the_equation_and_none_is_missed():
    for p in problems("algebra/exp_log_equation", seeds=range(4)):
        left, right = _exp_log_sides(p)
        f = sympy.lambdify(x, left - right, "mpmath")
        log_args = [sympy.lambdify(x, a.args[0], "mpmath") for a in (left - right).atoms(sympy.log) if a.has(x)]
        for t in p.check["roots"]:
            v = complex(sympy.N((left - right).subs(x, parse_expression(t, ())), 30))
            assert abs(v) < 1e-15, (p.prompt, t)
        # count sign changes of the (real-valued) difference on a grid: no root may be missing
        crossings, prev = 0, None
        for i in range(-4000, 4001):
            try:
                v = complex(f(i / 200))
                if any(complex(g(i / 200)).real <= 0 for g in log_args):  # outside the domain of a logarithm
                    v = complex(0, 1)
            except (ValueError, ZeroDivisionError, OverflowError):
                prev = None
                continue
            if abs(v.imag) > 1e-12:
                prev = None
                continue
            if prev is not None and (prev < 0) != (v.real < 0):
                crossings += 1
            prev = v.real
        in_range = [t for t in p.check["roots"] if abs(float(num(t))) < 19.9]
        assert crossings == len(in_range), (p.prompt, crossings, p.check["roots"])


def test_exp_log_forms():
    p = record("algebra/exp_log_equation", {"roots": ["log(6)/log(3)", "2"]})
    for good in ("log(6)/log(3), 2", "ln(6)/ln(3), 2", "log_3(6), 2", "\\log_{3}(6), 2", "log(6, 3), 2",
                 "1 + log(2)/log(3), 2", "x = log_3 6, x = 2"):
        assert ok(p, good), good
    for bad in ("1.6309, 2", "log(3)/log(6), 2", "log(6)/log(3)", "log(6)/log(3), 2, 3", "none", "log(6)/log(3), -2"):
        assert not ok(p, bad), bad
    e = record("algebra/exp_log_equation", {"roots": ["-2 + log(10)/2"]})
    assert ok(e, "(ln(10) - 4)/2") and ok(e, "log(sqrt(10)) - 2") and not ok(e, "-2 + ln(10)")
    assert ok(record("algebra/exp_log_equation", {"roots": ["(e^(3) - (-1))/(2)"]}), "(e^3 + 1)/2")


# --------------------------------------------------------------------------- answer reading: left-hand sides, hedges

PROBE_ATTACK = "(x - 37/100)(x + 83/100)(x - 121/100)(x - 27/10)(x + 19/10)(x - 53/10)(x - 7/100)"


def test_expand_left_hand_sides_are_checked():
    p = procgym.generate("algebra/expand_polynomial", seed=0, difficulty=1)  # 9x^2 - 3x - 6
    a = p.answer
    shown = question(p).split("\n\n")[1]
    for good in (a, f"{shown} = {a}", f"= {a}", f"${a}$."):
        assert ok(p, good), good
    for bad in (f"x != {a}", f"3x + 1 = {a}", f"x = {a}", f"y = {a}", f"{a} = {a} + 1", f"{a} + {PROBE_ATTACK}",
                f"{a}\n{a} + 1", f"{a} \\approx"):
        assert not ok(p, bad), bad


def test_composition_left_hand_sides_are_checked():
    p = record("algebra/function_composition", {"num": [1, 2], "den": [-3, 1]},
               prompt="Let ...\n\nFind f(g(x)) as an expression in x.")
    for good in ("(f \\circ g)(x) = (2x+1)/(x-3)", "(f\u2218g)(x) = (2x+1)/(x-3)", "y = \\frac{2x+1}{x-3}"):
        assert ok(p, good), good
    for bad in ("x != (2x+1)/(x-3)", "g(f(x)) = (2x+1)/(x-3)", "3x + 1 = (2x+1)/(x-3)", "f(g(x)) = (2x+1)/(x-3) = 2",
                f"(2x+1)/(x-3) + {PROBE_ATTACK}", "(2x+1)/(x-3)\n(2x+1)/(x+3)"):
        assert not ok(p, bad), bad
    inverse = record("algebra/function_composition", {"num": [1, 2], "den": [-3, 1]},
                     prompt="Let\nf(x) = ...\n\nFind the inverse function f^(-1)(x).")
    assert ok(inverse, "f^{-1}(x) = (2x+1)/(x-3)") and ok(inverse, "f\u207b\u00b9(x) = (2x+1)/(x-3)")
    assert not ok(inverse, "f(x) = (2x+1)/(x-3)")


def test_sequence_formula_is_checked_as_an_identity():
    values = [[3 * 2 ** (k - 1), 1] for k in (1, 2, 3, 4, 5, 6, 9, 13)]
    p = record("algebra/sequence_formula", {"values": values},
               prompt="... Find a closed-form expression for the n-th term a_n.")
    # right at every checked n (1..6, 9, 13) but wrong at n = 7: not the same formula
    wrong_at_7 = "3*2^(n-1) + (n-1)(n-2)(n-3)(n-4)(n-5)(n-6)(n-9)(n-13)"
    for bad in (wrong_at_7, "x != 3*2^(n-1)", "S_n = 3*2^(n-1)", "3x + 1 = 3*2^(n-1)", f"3*2^(n-1) + {PROBE_ATTACK}"):
        assert not ok(p, bad), bad
    for good in ("a_{n} = 3 \\cdot 2^{n-1}", "6 \\cdot 2^{n-2}", "3 * 4^n / 2^(n+1)", "3/2 * 2^n"):
        assert ok(p, good), good
    value = record("algebra/sequence_formula", {"value": [1023, 64]},
                   prompt="... Find the sum of the first 10 terms, a_1 + a_2 + ... + a_10.")
    for bad in ("a_10 = 1023/64", "S_11 = 1023/64", "x != 1023/64", "1023/64 or 1023/63"):
        assert not ok(value, bad), bad


def test_simplify_rational_left_hand_sides_are_checked():
    p = record("algebra/simplify_rational", {"num": [1, 1], "den": [-2, 1]})  # (x + 1)/(x - 2)
    assert ok(p, "\\frac{x^2-5x-6}{x^2-8x+12} = \\frac{x+1}{x-2}")
    for bad in ("x != (x+1)/(x-2)", "3x + 1 = (x+1)/(x-2)", "x = (x+1)/(x-2)", f"(x+1)/(x-2) + {PROBE_ATTACK}",
                "(x+1)/(x-2)\n(x-1)/(x-2)"):
        assert not ok(p, bad), bad


def test_division_labels_in_any_order():
    p = record("algebra/polynomial_division", {"quotient": [[-1, 1], [1, 1], [1, 1]], "remainder": [[4, 1]]})
    for good in ("r(x) = 4; q(x) = x^2 + x - 1", "Remainder: 4\nQuotient: x^2 + x - 1", "x^2 + x - 1\n4"):
        assert ok(p, good), good
    for bad in ("q(x) = 4; r(x) = x^2 + x - 1", "q = x^2 + x - 1; q = 4", "s(x) = x^2 + x - 1; r(x) = 4",
                "x^2 + x - 1; 4; 4", f"x^2 + x - 1 + {PROBE_ATTACK}; 4"):
        assert not ok(p, bad), bad


def test_inequality_overlapping_pieces_are_a_hedge():
    everything = record("algebra/solve_inequality", {"intervals": [[None, False, None, False]]})
    for bad in ("(-inf, inf) or [1/2, 5/2]", "[1/2, 5/2] or (-inf, inf)", "(-inf, 1] U [1, inf)", "(-inf, 2) U (1, inf)"):
        assert not ok(everything, bad), bad
    p = record("algebra/solve_inequality", {"intervals": [["1/2", True, "5/2", True]]})
    for good in ("[1/2, 5/2]", "x \\in [\\frac{1}{2}, \\frac{5}{2}]", "[0.5, 2.5]"):
        assert ok(p, good), good
    for bad in ("[1/2, 5/2] or [1, 2]", "[1/2, 2] U [2, 5/2]", "{1/2, 1/2} U (1/2, 5/2]", "x > 1/2"):
        assert not ok(p, bad), bad


def test_linear_system_and_constants_by_name_in_any_order():
    p = record("algebra/linear_system", {"kind": "unique", "names": ["x", "y"], "values": [[3, 1], [-2, 1]]})
    for good in ("y = -2, x = 3", "(x, y) = (3, -2)", "(y, x) = (-2, 3)", "x = 3 and y = -2"):
        assert ok(p, good), good
    for bad in ("x = -2, y = 3", "(x, y) = (-2, 3)", "x = 3, y = -2, z = 0", "x = 3, y != -2", "x = 3, y = -2 or 2",
                "3 -2", "x = 3"):
        assert not ok(p, bad), bad
    q = record("algebra/partial_fractions", {"names": ["A", "B"], "values": [[2, 1], [-1, 3]]})
    assert ok(q, "B = -1/3, A = 2") and not ok(q, "A = -1/3, B = 2") and not ok(q, "A = 2, A = 2, B = -1/3")


def test_value_sets_refuse_approximations_and_other_names():
    p = record("algebra/polynomial_roots", {"roots": ["-3 - sqrt(13)", "-3 + sqrt(13)", "1/2"]})
    approx = "-6605551275463989293119221267470495946251296573845246212710453056227166948293010445204619082018490717/10**100"
    for bad in (f"{approx}, -3 + sqrt(13), 1/2", "y = 1/2, x = -3 + sqrt(13), x = -3 - sqrt(13)",
                "x != 1/2, -3 + sqrt(13), -3 - sqrt(13)", "1/2, -3 + sqrt(13), -3 - sqrt(13), 1/2 + 0"):
        assert not ok(p, bad), bad
    assert ok(p, "x_1 = 1/2, x_2 = -3 + \\sqrt{13}, x_3 = -3 - \\sqrt{13}")


def test_examples_are_never_correct_answers():
    """The prompt's example never pays, also in the problems where an earlier example was the answer."""
    from procgym.contract import prompt_example
    from answer_helpers import tag

    for name, level, seed in (("algebra/exp_log_equation", 8, 26), ("algebra/sequence_formula", 2, 129)):
        p = procgym.generate(name, seed=seed, difficulty=level)
        example = prompt_example(p.prompt)
        assert not procgym.verify(p, tag(example)).correct, (name, level, seed, example)


def test_kit_read_rhs():
    """procgym.kit.read_rhs, added for the expression answers of these categories: a left-hand side is
    checked (one of the labels, or the task's own test), never thrown away."""
    from procgym.kit import NotAnAnswer, label_key, read_rhs

    assert read_rhs("2x + 1", ["y"]) == "2x + 1" and read_rhs("= 2x + 1") == "2x + 1"
    assert read_rhs("f(g(x)) = 2x + 1", ["f(g(x))"]) == "2x + 1"
    assert read_rhs("F^{-1}(x) = x/2", ["F^(-1)(x)"]) == "x/2" and label_key("a_{12}") == label_key("a_12")
    assert read_rhs("\\lim_{x \\to 0} f(x) = 1", lhs_ok=lambda lhs: lhs.startswith("\\lim")) == "1"
    assert read_rhs("\\lim_{x -> 0} f(x) = 1", lhs_ok=lambda lhs: lhs.startswith("\\lim")) == "1"
    for bad in ("x != 2x + 1", "3x + 1 = 2x + 1", "y = 2x + 1 = 3", "y <= 2x + 1", "y \\approx 2x", "y \\neq 2",
                "x \\in (0, 1)", "2x + 1\n2x - 1", "y = ", "g(f(x)) = 2x + 1"):
        with pytest.raises(NotAnAnswer):
            read_rhs(bad, ["y", "f(g(x))"])
