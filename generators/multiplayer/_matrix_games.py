"""Two-player zero-sum matrix games solved exactly: the value and an optimal mixed strategy of
each player, in fractions.

    value, rows, cols = solve([[-3, 1], [-1, -3]])   # -5/3, [1/3, 2/3], [2/3, 1/3]

The row player maximises `matrix[i][j]`, the column player minimises it. A floating-point
simplex (numpy) finds optimal strategies fast; they are turned into fractions and then proved
optimal in exact arithmetic: the row strategy guarantees at least some value against every
column and the column strategy at most the same value against every row, which makes that value
the game's. Where the proof fails (a rounding the fractions could not undo) an exact simplex in
fractions solves the game instead, so the answer is exact either way.
"""
from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

EPS = 1e-9
DENOMINATOR = 10**6  # the largest denominator tried when reading a float probability as a fraction


def solve(matrix) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """(value, row strategy, column strategy) of the zero-sum game `matrix` (rows maximise)."""
    table = [[x if isinstance(x, (int, Fraction)) else Fraction(x) for x in row] for row in matrix]
    if not table or not table[0]:
        raise ValueError("a matrix game needs at least one row and one column")
    saddle = _pure_saddle(table)
    if saddle is not None:
        return saddle
    if len(table) == len(table[0]) == 2:
        return _two_by_two(table)
    rows, cols = _float_simplex([[float(x) for x in row] for row in table])
    rows, cols = _fractions(rows), _fractions(cols)
    low, high = _guarantees(table, rows, cols)
    if low == high:
        return low, rows, cols
    return _exact_simplex(table)


def _pure_saddle(table):
    """The solution in pure strategies when the matrix has a saddle point, else None."""
    m, n = len(table), len(table[0])
    floor = [min(row) for row in table]
    ceiling = [max(table[i][j] for i in range(m)) for j in range(n)]
    best, worst = max(floor), min(ceiling)
    if best != worst:
        return None
    i, j = floor.index(best), ceiling.index(worst)
    return Fraction(best), [Fraction(int(k == i)) for k in range(m)], [Fraction(int(k == j)) for k in range(n)]


def _two_by_two(table):
    """The closed form of a 2 x 2 game without a saddle point (both players mix)."""
    (a, b), (c, d) = table
    span = Fraction(a - b - c + d)
    p, q = (d - c) / span, (d - b) / span
    return (a * d - b * c) / span, [p, 1 - p], [q, 1 - q]


def _guarantees(table, rows, cols) -> tuple[Fraction, Fraction]:
    """(what `rows` guarantees the row player, what `cols` concedes at most), exactly: in whole
    numbers, every entry and probability brought to a common denominator."""
    m, n = len(table), len(table[0])
    scale = math.lcm(*(x.denominator for row in table for x in row))
    ints = [[int(x * scale) for x in row] for row in table]
    row_den, col_den = math.lcm(*(p.denominator for p in rows)), math.lcm(*(q.denominator for q in cols))
    wr = [(i, p.numerator * (row_den // p.denominator)) for i, p in enumerate(rows) if p]
    wc = [(j, q.numerator * (col_den // q.denominator)) for j, q in enumerate(cols) if q]
    low = min(sum(w * ints[i][j] for i, w in wr) for j in range(n))
    high = max(sum(w * ints[i][j] for j, w in wc) for i in range(m))
    return Fraction(low, row_den * scale), Fraction(high, col_den * scale)


def _fractions(probabilities) -> list[Fraction]:
    """Floats that should be probabilities, as fractions that sum to exactly one."""
    out = [Fraction(max(p, 0.0)).limit_denominator(DENOMINATOR) if p > EPS else Fraction(0) for p in probabilities]
    total = sum(out)
    return [p / total for p in out]


def _float_simplex(a) -> tuple[list[float], list[float]]:
    """Optimal (row, column) strategies in floats: maximise sum(y) subject to (A + shift) y <= 1,
    y >= 0; y scaled is the column strategy and the slack columns' reduced costs the row one."""
    a = np.array(a, dtype=float)
    m, n = a.shape
    a = a + (1.0 - a.min())  # every entry at least 1: the game's value is positive
    t = np.zeros((m + 1, n + m + 1))
    t[:m, :n], t[:m, n:n + m], t[:m, -1] = a, np.eye(m), 1.0
    t[m, :n] = -1.0
    basis = list(range(n, n + m))
    for _ in range(50 * (m + n)):
        entering = np.flatnonzero(t[m, :-1] < -EPS)
        if entering.size == 0:
            break
        col = int(entering[0])  # Bland's rule: no cycling
        column = t[:m, col]
        ok = column > EPS
        ratios = np.full(m, np.inf)
        ratios[ok] = t[:m, -1][ok] / column[ok]
        best = ratios.min()
        ties = [i for i in np.flatnonzero(ratios <= best + EPS)]
        row = min(ties, key=lambda i: basis[i])
        t[row] /= t[row, col]
        t -= np.outer(t[:, col], t[row]) * (np.arange(m + 1) != row)[:, None]
        basis[row] = col
    total = t[m, -1]
    y = np.zeros(n)
    for i, var in enumerate(basis):
        if var < n:
            y[var] = t[i, -1]
    return list(t[m, n:n + m] / total), list(y / total)


def _exact_simplex(table) -> tuple[Fraction, list[Fraction], list[Fraction]]:
    """The same simplex as `_float_simplex`, in fractions (slow, always exact)."""
    m, n = len(table), len(table[0])
    shift = 1 - min(min(row) for row in table)
    t = [[Fraction(x + shift) for x in table[i]] + [Fraction(int(i == k)) for k in range(m)] + [Fraction(1)]
         for i in range(m)]
    z = [Fraction(-1)] * n + [Fraction(0)] * (m + 1)
    basis = list(range(n, n + m))
    while True:
        col = next((j for j in range(n + m) if z[j] < 0), None)
        if col is None:
            break
        candidates = [(t[i][-1] / t[i][col], basis[i], i) for i in range(m) if t[i][col] > 0]
        _, _, row = min(candidates)
        pivot = t[row][col]
        t[row] = [x / pivot for x in t[row]]
        for i in range(m):
            if i != row and t[i][col]:
                f = t[i][col]
                t[i] = [x - f * y for x, y in zip(t[i], t[row])]
        f = z[col]
        z = [x - f * y for x, y in zip(z, t[row])]
        basis[row] = col
    total = z[-1]
    cols = [Fraction(0)] * n
    for i, var in enumerate(basis):
        if var < n:
            cols[var] = t[i][-1] / total
    return 1 / total - shift, [x / total for x in z[n:n + m]], cols
