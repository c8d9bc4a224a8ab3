"""The work of the linear-algebra references, for the tasks' effort measures: every scalar
step counts the digits of its operands and of its result (schoolbook work on exact fractions),
so bigger matrices, more steps and longer entries all count. Steps with a zero factor are free,
as they are by hand.

    work = Work()
    pivots, reduced = eliminate(rows, work)   # forward elimination of the rows, counted
    product = matmul(a, b, work)            # a matrix product, counted
    work.total
"""
from __future__ import annotations

import re
from fractions import Fraction

_ROW = re.compile(r"^\[((?: +-?\d+(?:/\d+)?)+) \]$", re.M)
_BLOCK = re.compile(r"^(\w+) =\n((?:\[[^\]\n]*\]\n?)+)", re.M)


def entry_digits(x) -> int:
    """Digits of an exact number written as n or p/q."""
    x = Fraction(x)
    return len(str(abs(x.numerator))) + (len(str(x.denominator)) if x.denominator != 1 else 0)


class Work:
    """A running count of the digits handled, one `op` per scalar step."""

    def __init__(self):
        self.total = 0

    def op(self, result, *operands):
        self.total += sum(entry_digits(v) for v in (*operands, result))
        return result


def eliminate(rows, work: Work, full: bool = False) -> tuple[list[int], list[list[Fraction]]]:
    """Gaussian elimination of the rows over the rationals, counted in `work`: each row cleared
    costs its multiplier and one multiply-subtract per nonzero entry of the pivot row; with
    `full` (Gauss-Jordan) rows above the pivot are cleared too and each pivot row is divided by
    its pivot. Returns the pivot columns and the reduced rows."""
    a = [[Fraction(x) for x in row] for row in rows]
    n_cols = len(a[0]) if a else 0
    pivots, r = [], 0
    for c in range(n_cols):
        p = next((i for i in range(r, len(a)) if a[i][c]), None)
        if p is None:
            continue
        a[r], a[p] = a[p], a[r]
        top = a[r]
        if full:
            pivot = top[c]
            a[r] = top = [work.op(x / pivot, x, pivot) if x else x for x in top]
        for i in range(len(a)):
            if i == r or not a[i][c] or (i < r and not full):
                continue
            f = work.op(a[i][c] / top[c], a[i][c], top[c])
            a[i] = [x - f * y if not y else work.op(x - f * y, x, f, y) for x, y in zip(a[i], top)]
        pivots.append(c)
        r += 1
        if r == len(a):
            break
    return pivots, a


def matmul(a, b, work: Work):
    """The product a b, counting every nonzero product and every addition."""
    out = []
    for row in a:
        out_row = []
        for col in zip(*b):
            acc = Fraction(0)
            for x, y in zip(row, col):
                if x and y:
                    acc = work.op(acc + x * y, acc, x, y)
            out_row.append(acc)
        out.append(out_row)
    return out


def read_matrix(text: str) -> list[list[Fraction]]:
    """A matrix as `_matrices.mat_text` prints it: "[ 1  -2  1/2 ]" rows (a problem's own text)."""
    return [[Fraction(t) for t in m.split()] for m in _ROW.findall(text)]


def read_named_matrices(prompt: str) -> dict[str, list[list[Fraction]]]:
    """The "A =\\n[ ... ]" blocks of a prompt, by name."""
    return {name: read_matrix(block) for name, block in _BLOCK.findall(prompt)}


def read_linear(text: str, names) -> list[Fraction]:
    """The coefficients of a linear combination a problem printed ("2x - y + 3/2z", "x2 - 4x4"),
    in the order of `names` (a problem's own text, never an answer)."""
    coeffs = {name: Fraction(0) for name in names}
    for sign, mag, name in re.findall(r"(^-|[-+])?\s*(\d+(?:/\d+)?)?([A-Za-z]\w*(?:\^\d+)?)", text.strip()):
        coeffs[name] += (-1 if sign == "-" else 1) * Fraction(mag or 1)
    return [coeffs[name] for name in names]
