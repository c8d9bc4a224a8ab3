"""Unions of real intervals: reading them from an answer, a canonical form, text and JSON, and
solving a one-variable inequality by a sign chart.

An interval is (lo, lo_closed, hi, hi_closed) with lo/hi a Fraction, or None for -inf/+inf.

    read_intervals("(-inf, 2) U [3, 5]")   # [(None, False, 2, False), (3, True, 5, True)]
    interval_text([(None, False, 2, False)])   # "(-inf, 2)"
"""
from __future__ import annotations

import re
from fractions import Fraction

from procgym.kit import NotAnAnswer, frac_text, is_none, refused
from procgym.parsing import ParseError, clean, parse_number
from procgym.verdict import Verdict, right, wrong

_INF = {"inf", "+inf", "infinity", "+infinity", "oo", "+oo", "\u221e", "+\u221e", "\\infty", "+\\infty"}
_NEG_INF = {"-" + w.lstrip("+") for w in _INF}
# "or" joins the pieces as in "x < 1 or x > 3"; overlapping pieces are refused, so it cannot hedge
_UNION = re.compile(r"\bu\b|\u222a|\\cup|\bor\b", re.IGNORECASE)
_ALL_REALS = {"r", "all real numbers", "all reals", "\\mathbb{r}", "\u211d", "all x", "every real number"}
_NO_SOLUTION = {"no real solution", "no real solutions", "\\{\\}", "[]"}
_MEMBER = re.compile(r"^\s*x\s*(?:\\in|\u2208)\s*")


def _endpoint(text: str, low: bool):
    t = text.strip().replace(" ", "").lower()
    if t in _INF:
        if low:
            raise NotAnAnswer("+inf cannot be a lower endpoint")
        return None
    if t in _NEG_INF:
        if not low:
            raise NotAnAnswer("-inf cannot be an upper endpoint")
        return None
    return parse_number(text)


def _meet(a: tuple, b: tuple) -> bool:
    """Whether two intervals share a point."""
    (alo, alc, ahi, ahc), (blo, blc, bhi, bhc) = a, b
    # the later start and the earlier end
    if alo is None or (blo is not None and (blo > alo or (blo == alo and not blc))):
        lo, lc = blo, blc
    else:
        lo, lc = alo, alc
    if ahi is None or (bhi is not None and (bhi < ahi or (bhi == ahi and not bhc))):
        hi, hc = bhi, bhc
    else:
        hi, hc = ahi, ahc
    if lo is None or hi is None:
        return True
    return lo < hi or (lo == hi and lc and hc)


def read_intervals(answer: str) -> list[tuple]:
    """A union of disjoint intervals: '(-inf, -2) U [1, 3]', singletons '{2}', 'none' for the
    empty set, 'all real numbers' or '(-inf, inf)' for everything, optionally after 'x \\in'.
    Raises NotAnAnswer on malformed text, a closed bracket at an infinite end, an interval with
    lo > hi, and pieces that overlap (a union that repeats a point is a hedge, not an answer)."""
    s = _MEMBER.sub("", clean(answer), count=1)
    low = " ".join(s.lower().split())
    if is_none(s) or low in _NO_SOLUTION:
        return []
    if low in _ALL_REALS:
        return [(None, False, None, False)]
    out: list[tuple] = []
    for piece in _UNION.split(s):
        piece = piece.strip()
        if not piece:
            raise NotAnAnswer("an interval of the union is empty")
        piece = piece.replace("\\{", "{").replace("\\}", "}")
        if piece[0] == "{" and piece[-1] == "}":
            found = [(v, True, v, True) for v in (parse_number(item) for item in piece[1:-1].split(","))]
        else:
            m = re.fullmatch(r"([\[(])\s*([^,\[\]()]+?)\s*[,;]\s*([^,\[\]()]+?)\s*([\])])", piece)
            if not m:
                raise NotAnAnswer(f"expected an interval like [a, b) or (-inf, b], got {piece[:30]!r}")
            ob, a, b, cb = m.groups()
            lo, hi = _endpoint(a, True), _endpoint(b, False)
            if (lo is None and ob == "[") or (hi is None and cb == "]"):
                raise NotAnAnswer("an infinite end takes a round bracket")
            if lo is not None and hi is not None:
                if lo > hi:
                    raise NotAnAnswer(f"the interval {piece[:30]} has its endpoints in the wrong order")
                if lo == hi and not (ob == "[" and cb == "]"):
                    raise NotAnAnswer(f"the interval {piece[:30]} is empty")
            found = [(lo, ob == "[", hi, cb == "]")]
        for iv in found:
            if any(_meet(iv, other) for other in out):
                raise NotAnAnswer("two parts of the union overlap: give the solution set once, as disjoint intervals")
            out.append(iv)
    return out


def _lo_key(iv):
    lo, closed = iv[0], iv[1]
    return (0, 0, 0) if lo is None else (1, lo, 0 if closed else 1)


def normalise(intervals: list[tuple]) -> list[tuple]:
    """Sorted, with overlapping or touching intervals merged: the canonical form of the set."""
    out: list[list] = []
    for lo, lc, hi, hc in sorted(intervals, key=_lo_key):
        if out:
            cur = out[-1]
            chi, chc = cur[2], cur[3]
            joined = chi is None or lo is None or lo < chi or (lo == chi and (chc or lc))
            if joined:
                if chi is not None:
                    if hi is None or hi > chi:
                        cur[2], cur[3] = hi, hc
                    elif hi == chi:
                        cur[3] = chc or hc
                continue
        out.append([lo, lc, hi, hc])
    return [tuple(iv) for iv in out]


def interval_text(intervals: list[tuple]) -> str:
    """'(-inf, -2) U [1/2, 3] U {5}', or 'none' for the empty set."""
    if not intervals:
        return "none"
    parts = []
    for lo, lc, hi, hc in intervals:
        if lo is not None and lo == hi:
            parts.append(f"{{{frac_text(lo)}}}")
            continue
        a = "-inf" if lo is None else frac_text(lo)
        b = "inf" if hi is None else frac_text(hi)
        parts.append(f"{'[' if lc else '('}{a}, {b}{']' if hc else ')'}")
    return " U ".join(parts)


def intervals_json(intervals: list[tuple]) -> list:
    return [[None if lo is None else frac_text(lo), lc, None if hi is None else frac_text(hi), hc]
            for lo, lc, hi, hc in intervals]


def intervals_from_json(data) -> list[tuple]:
    return [(None if lo is None else Fraction(lo), bool(lc), None if hi is None else Fraction(hi), bool(hc))
            for lo, lc, hi, hc in data]


def grade_intervals(answer: str, expected: list[tuple]) -> Verdict:
    """The solution set as a union of intervals, compared in canonical form."""
    try:
        given = normalise(read_intervals(answer))
    except ParseError as exc:
        return refused(exc)
    want = normalise(expected)
    if given == want:
        return right()
    if [(a, c) for a, _, c, _ in given] == [(a, c) for a, _, c, _ in want]:
        return wrong("The endpoints are right but a bracket (open or closed) is wrong.")
    return wrong("That is not the solution set.")


def solve_by_sign_chart(points, holds) -> list[tuple]:
    """The set {x : holds(x)} as a union of intervals, for a predicate whose truth can change
    only at the given critical points: test each point and a sample inside each gap between them."""
    pts = sorted(set(points))
    if not pts:
        return [(None, False, None, False)] if holds(Fraction(0)) else []
    cells = [(None, pts[0], False, pts[0] - 1)]
    for i, p in enumerate(pts):
        cells.append((p, p, True, p))
        nxt = pts[i + 1] if i + 1 < len(pts) else None
        cells.append((p, nxt, False, p + 1 if nxt is None else (p + nxt) / 2))
    out = [(lo, closed, hi, closed) for lo, hi, closed, sample in cells if holds(sample)]
    return normalise(out)
