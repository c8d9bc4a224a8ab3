"""Reading and grading geometry answers: exact values (integers, fractions, sqrt and pi), whole
degrees, points, and equations in x and y.

    grade_value("8pi + 24", "24 + 8*pi", rational=False)   # right()
    read_exact("Area = 24 + 8*pi cm^2")   # 8*pi + 24 (a name on the left and a unit are allowed)
    read_point("(3/2, -4)")               # (Fraction(3, 2), Fraction(-4, 1))
    read_point("y = -4, x = 3/2")         # the same point: coordinates are read by name
    equation_coefficients("y = 2x + 3")   # {(0, 1): 1, (1, 0): -2, (0, 0): -3}

A value may carry a plain name on the left ("Area =", "PT =", "\\angle ABC ="), a unit ("cm^2",
"square units") and an approximation that agrees with it ("24 + 8*pi \\approx 49.13"). Any other
left-hand side ("3x + 1 ="), another relation ("x != ..."), a hedge word, text in \\text{} that is
not a unit, or an approximation that disagrees with the exact part is refused.
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

import sympy

from procgym.kit import (NotAnAnswer, frac_text, preview, read_labelled, read_number, refused, split_top,
                         strip_brackets)
from procgym.parsing import ParseError, clean, parse_expression
from procgym.verdict import Verdict, right, wrong

VALUE_FORMAT = ("the exact value, written with integers, fractions, pi and sqrt( ) where needed "
                "(e.g. 24 + 8*pi or 30 + 5*sqrt(2)); decimal approximations are not accepted")

_UNIT_WORDS = r"(?:(?:square|sq\.?|cubic|cu\.?)\s*)?(?:units?|cm|mm|m|km|in|ft|inches|feet|meters|metres)"
_UNIT = re.compile(rf"(?<![A-Za-z])(?:\\(?:text|mathrm|operatorname)\s*\{{\s*{_UNIT_WORDS}\s*\}}|{_UNIT_WORDS})"
                   r"(?:\s*\^\s*\{?\s*[23]\s*\}?)?\s*$", re.IGNORECASE)
# a plain name on the left: "Area", "the area", "PT", "\angle ABC", "m∠ABC", "A(sector)"
_LABEL = re.compile(r"^\s*((?:m\s*)?\u2220\s*[A-Za-z]{1,4}|[A-Za-z\\][A-Za-z_\\ {}]{0,30}(?:\([A-Za-z ]{0,10}\))?)"
                    r"\s*=(?!=)\s*")
_APPROX = re.compile(r"\\approx|\u2248|~=")
# the words a label may be made of, besides the names of points, segments and angles in the question
LABEL_WORDS = frozenset("""area perimeter volume surface length radius diameter circumference arc chord sector segment
tangent angle measure side height distance total shaded exact the of figure region solid value answer interior
cone cylinder sphere hemisphere cube box prism pyramid polygon triangle circle hull convex sa theta
a b c d h k l m n p r s v x""".split())
_RELATION = re.compile(r"!=|\u2260|=/=|<|>|\u2264|\u2265|\\(?:neq|ne|leq|le|geq|ge|lt|gt|sim|equiv)(?![A-Za-z])")
_BARE_ROOT = re.compile(r"(?:\u221a|(?<![A-Za-z\\])sqrt)\s*(\d{1,12})(?![\d.])")


def prompt_names(prompt: str) -> frozenset:
    """The names of points, segments and angles a question mentions (AB, PT, ABC), in lower case."""
    return frozenset(name.lower() for name in re.findall(r"\b[A-Z]{1,4}\b", prompt))


def label_ok(label: str, names=frozenset()) -> bool:
    """Whether a label names a measure: made only of LABEL_WORDS and `names` ("Area", "the shaded
    area", "PT", "angle ABC", "\\angle ABC", "m\u2220ABC", "V_{cone}")."""
    s = re.sub(r"\\(?:text|mathrm|mathbf|operatorname)(?![A-Za-z])", " ", label)
    s = s.replace("\u2220", " angle ").replace("\\angle", " angle ").replace("\\theta", " theta ")
    words = re.sub(r"[\\{}()_^]", " ", s).lower().split()
    return bool(words) and all(w in LABEL_WORDS or w in names for w in words)


def split_value(answer: str, names=frozenset()) -> tuple[str, str | None]:
    """(the exact part, the approximation given after it or None) of a value answer, with its
    label and units removed; refuses other relations, a label that does not name a measure (see
    label_ok), hedges, two approximations and a second '='."""
    s = clean(answer)
    m = _RELATION.search(s)
    if m:
        raise NotAnAnswer(f"{preview(s)} is not an equation ({m.group(0)!r}): give the value")
    parts = _APPROX.split(s)
    if len(parts) > 2:
        raise NotAnAnswer("give one exact value (and at most one approximation of it)")
    s, approx = parts[0].strip(), (strip_suffix(parts[1], _UNIT).strip() if len(parts) == 2 else None)
    if "=" in s:
        label = _LABEL.match(s)
        if not label or "=" in s[label.end():] or not label_ok(label.group(1), names):
            raise NotAnAnswer(f"{preview(s)}: the left-hand side must name what is asked (Area = ..., PT = ...)")
        s = s[label.end():]
    s = strip_suffix(s, _UNIT)
    return _BARE_ROOT.sub(r"sqrt(\1)", s).strip(), approx


def _plain_number(e) -> bool:
    """Only rationals, pi, sums, products and rational powers: what an exact answer here needs."""
    for node in sympy.preorder_traversal(e):
        if node.is_Rational or node is sympy.pi:
            continue
        if isinstance(node, (sympy.Add, sympy.Mul)):
            continue
        if isinstance(node, sympy.Pow) and node.exp.is_Rational:
            continue
        return False
    return True


def read_exact(answer: str, names=frozenset()):
    """An exact real number written with integers, fractions, sqrt and pi, as a sympy number. A
    decimal approximation after it ("\\approx 49.13") must be the value rounded or truncated to the
    digits shown."""
    text, approx = split_value(answer, names)
    if not text:
        raise NotAnAnswer("give the exact value, not an approximation")
    expr = parse_expression(text, ())
    if not _plain_number(expr):
        raise NotAnAnswer("write an exact number using integers, fractions, sqrt( ) and pi only")
    if approx is not None:
        shown = read_number(approx)
        places = len(approx.split(".", 1)[1]) if "." in approx else 0
        try:
            scaled = float(expr.evalf(30)) * 10 ** places
            grid = {math.floor(scaled + 0.5), math.ceil(scaled - 0.5), math.trunc(scaled)}  # rounded or truncated
            close = any(abs(float(shown) * 10 ** places - g) < 1e-6 for g in grid)
        except (TypeError, ValueError, OverflowError):
            close = False
        if not close:
            raise NotAnAnswer(f"the approximation {preview(approx)} does not agree with the exact value")
    return expr


def same_number(a, b) -> bool:
    """Equal exact numbers, compared at 60 significant digits (far beyond any decimal an answer
    could reasonably approximate them with)."""
    try:
        da, db = a.evalf(60), b.evalf(60)
        if not (da.is_real and db.is_real):
            return False
        return bool(abs(da - db) <= sympy.Float("1e-45", 60) * max(1, abs(db)))
    except (TypeError, ValueError, ArithmeticError, AttributeError):
        return False


def grade_value(answer: str, expected: str, rational: bool, what: str = "the exact value",
                names=frozenset()) -> Verdict:
    """Any exact form equal to `expected` (our own text); a bare decimal or fraction is refused
    for an irrational value, so approximations never pass. `names`: see label_ok."""
    try:
        given = read_exact(answer, names)
    except ParseError as exc:
        return refused(exc)
    if given.is_Rational and not rational:
        return wrong("The value is irrational: give it exactly (with sqrt or pi), not as a decimal.")
    target = parse_expression(expected, ())
    return right() if same_number(given, target) else wrong(f"That is not {what}.")


_DEGREES = re.compile(r"\s*+(?:\^\s*+\{?\s*+\\circ\s*+\}?|\\circ|\u00b0|degrees?|deg)\s*+$", re.IGNORECASE)


def strip_suffix(text: str, suffix: re.Pattern) -> str:
    """`text` without a trailing match of `suffix` (a pattern anchored at the end: a unit, a degree
    sign), looked for in the last characters only, so a long run of spaces is never rescanned."""
    tail = text[-80:]
    m = suffix.search(tail)
    return text[:len(text) - len(tail) + m.start()] if m else text


def grade_degrees(answer: str, value: int, what: str = "the angle", names=frozenset()) -> Verdict:
    """An angle in whole degrees: "40", "40°", "40 degrees", "40^\\circ", "angle ABC = 40°"."""
    try:
        text, approx = split_value(answer, names)
        if approx is not None:
            raise NotAnAnswer("give the angle exactly, without an approximation")
        given = read_number(strip_suffix(text, _DEGREES))
    except ParseError as exc:
        return refused(exc)
    return right() if given == value else wrong(f"That is not {what}.")


_POINT_NAME = re.compile(r"^\s*([A-Za-z][A-Za-z0-9']{0,3})\s*(?=[(\[])")


def _coordinates(text: str) -> tuple[Fraction, Fraction]:
    parts = split_top(strip_brackets(text.strip()), ",;")
    if len(parts) != 2:
        raise NotAnAnswer("write the point as (x, y) with two coordinates")
    return read_number(parts[0]), read_number(parts[1])


def _named(name: str, names) -> bool:
    """Whether a point's name on the left is allowed: one of `names`, or any capital letter (with
    digits or primes) when the question names no point."""
    name = name.strip()
    return name in names if names else bool(re.fullmatch(r"[A-Z][0-9']{0,2}", name))


def read_point(answer: str, names=()) -> tuple[Fraction, Fraction]:
    """A point: "(x, y)" (brackets optional), "x = ..., y = ..." in any order, "(x, y) = (...)",
    or with its name in front ("P = (...)", "P(...)"): one of `names`, or a capital letter when
    `names` is empty. Any other name, relation or word is refused."""
    s = clean(answer)
    m = _RELATION.search(s)
    if m:
        raise NotAnAnswer(f"{preview(s)} is not an equation ({m.group(0)!r}): give the point")
    if s.count("=") > 1 or re.match(r"^\s*[xy]\s*=", s, re.IGNORECASE):
        coords = read_labelled(s, ["x", "y"], read_number)
        return coords["x"], coords["y"]
    if "=" in s:
        lhs, _, rhs = s.partition("=")
        inner = [p.strip().lower() for p in split_top(strip_brackets(lhs.strip()), ",")]
        if sorted(inner) == ["x", "y"]:
            x, y = _coordinates(rhs)
            return (x, y) if inner == ["x", "y"] else (y, x)
        if not _named(lhs, names):
            raise NotAnAnswer(f"{preview(lhs.strip())} is not the name of the point asked for")
        return _coordinates(rhs)
    m = _POINT_NAME.match(s)
    if m:
        if not _named(m.group(1), names):
            raise NotAnAnswer(f"{preview(m.group(1))} is not the name of the point asked for")
        s = s[m.end():]
    return _coordinates(s)


def grade_point(answer: str, point, what: str = "the point", names=()) -> Verdict:
    try:
        given = read_point(answer, names)
    except ParseError as exc:
        return refused(exc)
    target = (Fraction(point[0]), Fraction(point[1]))
    if given == target:
        return right()
    if given == target[::-1]:
        return wrong("The coordinates are swapped: give (x, y).")
    return wrong(f"That is not {what}.")


# ---------------------------------------------------------------- equations in x and y

X, Y = sympy.Symbol("x"), sympy.Symbol("y")
MAX_EQUATION_DEGREE = 4


def _degree(e) -> int:
    """An upper bound of the polynomial degree in x and y; ParseError if not a polynomial."""
    if not e.free_symbols:
        return 0
    if e.is_Symbol:
        return 1
    if isinstance(e, sympy.Add):
        return max(_degree(a) for a in e.args)
    if isinstance(e, sympy.Mul):
        total = sum(_degree(a) for a in e.args)
        if total > MAX_EQUATION_DEGREE:
            raise ParseError("the equation has too high a degree")
        return total
    if isinstance(e, sympy.Pow) and e.exp.is_Integer and e.exp > 0:
        d = _degree(e.base) * int(e.exp)
        if d > MAX_EQUATION_DEGREE:
            raise ParseError("the equation has too high a degree")
        return d
    raise ParseError("the equation is not polynomial in x and y")


def read_sides(answer: str):
    """The two sides of an equation in x and y as sympy expressions (polynomial, small degree)."""
    s = clean(answer)
    if s.count("=") != 1:
        raise ParseError("write one equation with a single '='")
    left, right_ = s.split("=")
    sides = []
    for part in (left, right_):
        e = parse_expression(part, ("x", "y"))
        _degree(e)
        sides.append(e)
    return sides[0], sides[1]


def poly_dict(expr) -> dict:
    """{(i, j): Fraction} for a polynomial in x, y with rational coefficients."""
    try:
        poly = sympy.Poly(expr, X, Y)
    except (sympy.PolynomialError, sympy.GeneratorsNeeded, ValueError, TypeError):
        raise ParseError("the equation is not polynomial in x and y") from None
    out = {}
    for monomial, coef in poly.terms():
        if not coef.is_Rational:
            raise ParseError("the coefficients must be exact rational numbers")
        if coef != 0:
            out[monomial] = Fraction(int(coef.p), int(coef.q))
    return out


def equation_coefficients(answer: str) -> dict:
    """{(i, j): Fraction} of left - right for an equation answer."""
    left, right_ = read_sides(answer)
    return poly_dict(left - right_)


def proportional(given: dict, target: dict) -> bool:
    """Whether two coefficient dicts describe the same equation (one a nonzero multiple of the other)."""
    if not given or not target or set(given) != set(target):
        return False
    key = next(iter(target))
    ratio = given[key] / Fraction(target[key])
    return all(given[k] == ratio * Fraction(v) for k, v in target.items())


def target_dict(pairs) -> dict:
    """Coefficient dict from [(i, j, value), ...] (JSON-friendly storage)."""
    return {(int(i), int(j)): Fraction(v) for i, j, v in pairs if Fraction(v) != 0}


def dict_pairs(d: dict) -> list:
    """The JSON form of a coefficient dict: [[i, j, "p/q"], ...]."""
    return [[i, j, frac_text(v)] for (i, j), v in sorted(d.items())]
