"""Linear systems over the rationals: exact elimination with a rank test, and reading the values
of the unknowns from an answer.

    solve_system([[1, 1, 3], [1, -1, 1]])          # ("unique", [2, 1]): x + y = 3, x - y = 1
    read_unknowns("y = 1, x = 2", ["x", "y"])      # {"x": 2, "y": 1}
"""
from __future__ import annotations

import math
import re
from fractions import Fraction

from procgym.kit import NotAnAnswer, read_labelled, read_list, read_number

_AND = re.compile(r"\s+and\s+", re.IGNORECASE)
_TUPLE_EQUATION = re.compile(r"^\s*(\([^()=]*\))\s*=\s*(\([^()=]*\))\s*$")


def read_unknowns(answer: str, names: list[str]) -> dict[str, Fraction]:
    """The values of the unknowns, every one exactly once: `x = 1, y = -2/3` in any order (also
    separated by ";" or "and"), `(x, y) = (1, -2/3)`, or the values alone `(1, -2/3)` in the order
    of `names`. Names match without regard to case."""
    s = _AND.sub(", ", answer.strip())
    m = _TUPLE_EQUATION.match(s)
    if m:
        labels = read_list(m.group(1), lambda t: t.strip())
        values = read_list(m.group(2))
        if len(labels) != len(values):
            raise NotAnAnswer("the tuple of names and the tuple of values differ in length")
        s = ", ".join(f"{a} = {b}" for a, b in zip(labels, values))
    if "=" in s:
        return read_labelled(s, names, read_number)
    values = read_list(s, read_number, separators=",;")
    if len(values) != len(names):
        raise NotAnAnswer(f"expected {len(names)} values, one for each of {', '.join(names)}")
    return dict(zip(names, values))


def solve_system(rows) -> tuple[str, list[Fraction] | None]:
    """Gauss-Jordan elimination on augmented rows [a1, ..., an, b], fraction-free on integers
    (each row kept primitive), with a rank test.

    Returns ("unique", solution), ("none", None) or ("infinite", None).
    """
    if not rows:
        raise ValueError("no equations")
    den = 1
    for row in rows:
        for v in row:
            if not isinstance(v, int):
                d = Fraction(v).denominator
                den = den * d // math.gcd(den, d)
    m = [[v * den if isinstance(v, int) else int(Fraction(v) * den) for v in row] for row in rows]
    n = len(m[0]) - 1
    pivots = []
    r = 0
    for col in range(n):
        pivot = next((i for i in range(r, len(m)) if m[i][col] != 0), None)
        if pivot is None:
            continue
        m[r], m[pivot] = m[pivot], m[r]
        top = m[r]
        p = top[col]
        for i in range(len(m)):
            f = m[i][col]
            if i != r and f != 0:
                row = [a * p - f * b for a, b in zip(m[i], top)]
                g = 0
                for v in row:
                    g = math.gcd(g, v)
                m[i] = [v // g for v in row] if g > 1 else row
        pivots.append(col)
        r += 1
        if r == len(m):
            break
    if any(row[n] != 0 and not any(row[:n]) for row in m):
        return "none", None
    if len(pivots) < n:
        return "infinite", None
    solution = [Fraction(0)] * n
    for i, col in enumerate(pivots):
        solution[col] = Fraction(m[i][n], m[i][col])
    return "unique", solution



def elimination_steps(rows) -> int:
    """Steps of Gauss-Jordan elimination by hand on augmented rows: one per multiplier and one
    per multiply-subtract with a nonzero entry of the pivot row, one per entry divided by its
    pivot (for a task's effort; the answer comes from `solve_system`)."""
    a = [[Fraction(v) for v in row] for row in rows]
    steps, r = 0, 0
    for col in range(len(a[0]) - 1):
        p = next((i for i in range(r, len(a)) if a[i][col]), None)
        if p is None:
            continue
        a[r], a[p] = a[p], a[r]
        pivot = a[r][col]
        steps += sum(1 for v in a[r] if v) - 1
        a[r] = [v / pivot for v in a[r]]
        for i in range(len(a)):
            f = a[i][col]
            if i != r and f:
                steps += 1 + sum(1 for v in a[r] if v)
                a[i] = [u - f * v for u, v in zip(a[i], a[r])]
        r += 1
        if r == len(a):
            break
    return steps
