"""Expressions with absolute values whose pieces are polynomials: evaluation, text, and exact
solving of lhs = rhs by splitting every |u| into its two cases.

An expression is a tuple tree:
    ("poly", [c0, c1, ...])  a polynomial      ("abs", node)      |node|
    ("sum", [nodes])         a sum             ("scale", k, node)  k * node

    solve_abs_equation(("abs", ("poly", [-3, 1])), ("poly", [5]))   # [Surd(-2), Surd(8)]
"""
from __future__ import annotations

import re
from fractions import Fraction

from ._polynomials import Steps, coef_text, padd, peval, poly_text, pscale, psub, read_poly, trim
from ._surds import Surd, real_roots, surd_eval


def abs_nodes(e) -> int:
    """How many absolute values the expression contains."""
    kind = e[0]
    if kind == "poly":
        return 0
    if kind == "abs":
        return 1 + abs_nodes(e[1])
    if kind == "scale":
        return abs_nodes(e[2])
    return sum(abs_nodes(t) for t in e[1])


def under_signs(e, signs: list[int], constraints: list, pos: list[int]) -> list:
    """The polynomial that `e` equals when each |u| (in preorder) is replaced by sign * u,
    collecting the conditions (u, sign) that make each replacement valid."""
    kind = e[0]
    if kind == "poly":
        return list(e[1])
    if kind == "abs":
        s = signs[pos[0]]
        pos[0] += 1
        inner = under_signs(e[1], signs, constraints, pos)
        constraints.append((inner, s))
        return pscale(inner, s)
    if kind == "scale":
        return pscale(under_signs(e[2], signs, constraints, pos), e[1])
    out: list = []
    for t in e[1]:
        out = padd(out, under_signs(t, signs, constraints, pos))
    return out


def abs_eval(e, x: Fraction) -> Fraction:
    kind = e[0]
    if kind == "poly":
        return peval(e[1], x)
    if kind == "abs":
        return abs(abs_eval(e[1], x))
    if kind == "scale":
        return e[1] * abs_eval(e[2], x)
    return sum((abs_eval(t, x) for t in e[1]), Fraction(0))


class InfiniteSolutions(ValueError):
    """The equation holds on a whole interval."""


def solve_abs_equation(lhs, rhs, steps: Steps | None = None) -> list[Surd]:
    """All real solutions of lhs = rhs for expressions with absolute values whose pieces are
    polynomials of degree <= 2: split every |u| into the cases u >= 0 and u < 0, solve each
    polynomial case exactly, and keep the roots that satisfy their case's conditions.
    Raises InfiniteSolutions when a case is an identity on an interval. `steps` counts, per
    case, the terms of its polynomial, the solving, and one check per condition and root."""
    n = abs_nodes(lhs) + abs_nodes(rhs)
    found: set[Surd] = set()
    for mask in range(1 << n):
        signs = [1 if (mask >> i) & 1 else -1 for i in range(n)]
        cons: list = []
        pos = [0]
        diff = psub(under_signs(lhs, signs, cons, pos), under_signs(rhs, signs, cons, pos))
        if steps is not None:
            steps.add(1 + sum(1 for c in diff if c))
        if not diff:  # an identity wherever this case's conditions hold
            found.update(_identity_region_points(cons))
            continue
        if len(diff) == 1:
            continue
        roots = real_roots(diff, steps)
        if steps is not None:
            steps.add(len(roots) * len(cons))
        for root in roots:
            if all((surd_eval(u, root).sign() * s) >= 0 for u, s in cons):
                found.add(root)
    return sorted(found, key=float)


def _identity_region_points(cons) -> list[Surd]:
    """The points of {x : s * u(x) >= 0 for every condition} when that set is finite; raises
    InfiniteSolutions when it contains an interval."""
    pts: set[Fraction] = set()
    for u, _ in cons:
        if len(u) > 1:
            for r in real_roots(u):
                if not r.rational:
                    raise InfiniteSolutions("an identity on a region with irrational ends")
                pts.add(r.p)
    ordered = sorted(pts)
    samples = ([ordered[0] - 1, ordered[-1] + 1] + [(a + b) / 2 for a, b in zip(ordered, ordered[1:])]
               if ordered else [Fraction(0)])
    if any(all(s * peval(u, x) >= 0 for u, s in cons) for x in samples):
        raise InfiniteSolutions("the equation is an identity on an interval")
    return [Surd(x) for x in ordered if all(s * peval(u, x) >= 0 for u, s in cons)]


def abs_critical_points(lhs, rhs, steps: Steps | None = None) -> list[Fraction]:
    """Points where lhs - rhs can change sign or a piece changes: the rational roots of every
    case polynomial and of every absolute value's argument. Raises ValueError on irrational ones.
    `steps` counts the root finding."""
    n = abs_nodes(lhs) + abs_nodes(rhs)
    pts: set[Fraction] = set()
    for mask in range(1 << n):
        signs = [1 if (mask >> i) & 1 else -1 for i in range(n)]
        cons: list = []
        pos = [0]
        diff = psub(under_signs(lhs, signs, cons, pos), under_signs(rhs, signs, cons, pos))
        for poly in [diff] + [u for u, _ in cons]:
            if len(poly) > 1:
                for r in real_roots(poly, steps):
                    if not r.rational:
                        raise ValueError("an irrational critical point")
                    pts.add(r.p)
    return sorted(pts)


def read_abs(text: str):
    """The tree of an expression `abs_text` wrote (a problem's own text, never an answer);
    neighbouring monomials come back as one polynomial, which is the same expression. The tasks
    scale absolute values only outside any other, so inside bars "6|" is a constant and a
    closing bar, never 6 times a new absolute value."""
    pos, depth = 0, 0

    def expr():
        nonlocal pos
        parts = [term()]
        while text.startswith((" + ", " - "), pos):
            sign = -1 if text[pos + 1] == "-" else 1
            pos += 3
            parts.append(("scale", sign, term()) if sign < 0 else term())
        polys = [p for p in parts if p[0] == "poly"]
        others = [p for p in parts if p[0] != "poly"]
        merged = []
        if polys:
            total: list = []
            for p in polys:
                total = padd(total, p[1])
            merged.append(("poly", total))
        nodes = others + merged
        return nodes[0] if len(nodes) == 1 else ("sum", nodes)

    def term():
        nonlocal pos, depth
        sign = 1
        if text.startswith("-", pos):
            sign, pos = -1, pos + 1
        m = re.compile(r"\d+|\(\d+/\d+\)").match(text, pos)
        coef = Fraction(m.group(0).strip("()")) if m else Fraction(1)
        if m and (text.startswith("(", m.end()) or (depth == 0 and text.startswith("|", m.end()))):
            pos = m.end()
        else:
            coef = Fraction(1)
        if text.startswith(("|", "("), pos):
            close = "|" if text[pos] == "|" else ")"
            pos += 1
            depth += close == "|"
            inner = expr()
            depth -= close == "|"
            pos += 1  # the closing bar or bracket
            node = ("abs", inner) if close == "|" else inner
            return node if sign * coef == 1 else ("scale", sign * coef, node)
        m = re.compile(r"(?:\d+(?:/\d+)?|\(\d+/\d+\))?(?:x(?:\^\d+)?)?").match(text, pos)
        pos = m.end()
        return ("poly", pscale(read_poly(m.group(0)), sign))

    return expr()


def abs_text(e, top: bool = True) -> str:
    kind = e[0]
    if kind == "poly":
        return poly_text(e[1])
    if kind == "abs":
        return f"|{abs_text(e[1])}|"
    if kind == "scale":
        inner = abs_text(e[2], False)
        inner = f"({inner})" if e[2][0] == "sum" or (e[2][0] == "poly" and len(trim(e[2][1])) > 1) else inner
        return f"{coef_text(e[1], inner) if e[1] > 0 else '-' + coef_text(-e[1], inner)}"
    parts = []
    for i, t in enumerate(e[1]):
        text = abs_text(t, False)
        if i and text.startswith("-"):
            parts.append(" - " + text[1:])
        else:
            parts.append((" + " if i else "") + text)
    return "".join(parts)
