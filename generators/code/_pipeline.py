"""A tiny query language over a table of integer rows, and procgym's own evaluator for it.

    where a > 3          keep the rows satisfying a comparison (of a column with a number or a column)
    where b % 3 == 1     keep the rows whose column has that remainder
    set c = a + b        overwrite (or add) a column with a sum, difference or product of columns/numbers
    order by b desc      stable sort on a column (asc or desc; ties keep their order)
    limit 3              keep the first k rows
    skip 2               drop the first k rows
    then one final stage: count | sum a | max a | min a | values a

Stages are data tuples; `run` evaluates them in Python (the query text is never executed).
"""
from __future__ import annotations

import operator

CMP = {"<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
       "!=": operator.ne}
ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}

RULES = ("Each stage takes the rows left by the stage before. 'where' keeps the rows for which the test holds "
         "(x % k is the remainder, from 0 to k - 1); 'set c = e' gives every row the column c the value e of "
         "that row (replacing c if it exists); 'order by c asc' or 'desc' sorts the rows by c, keeping rows with "
         "equal c in their current order; 'limit k' keeps the first k rows; 'skip k' drops the first k rows. "
         "The last stage gives the result: 'count' is the number of rows, 'sum c', 'max c' and 'min c' combine "
         "column c over the rows, and 'values c' lists column c from top to bottom.")


def operand(row, x):
    return row[x] if isinstance(x, str) else x


def run(rows: list[dict], stages: list[tuple]):
    """(result, work): the final stage's value and the row visits of the whole query."""
    work = 0
    rows = [dict(r) for r in rows]
    for st in stages:
        work += len(rows) + 1
        kind = st[0]
        if kind == "where":
            _, col, op, x, mod = st
            rows = [r for r in rows if CMP[op](r[col] % mod if mod else r[col], operand(r, x))]
        elif kind == "set":
            _, col, x, op, y = st
            for r in rows:
                r[col] = ARITH[op](operand(r, x), operand(r, y))
        elif kind == "order":
            _, col, desc = st
            rows = sorted(rows, key=lambda r: -r[col] if desc else r[col])
        elif kind == "limit":
            rows = rows[:st[1]]
        elif kind == "skip":
            rows = rows[st[1]:]
        elif kind == "count":
            return len(rows), work
        elif kind == "sum":
            return sum(r[st[1]] for r in rows), work
        elif kind in ("max", "min"):
            vals = [r[st[1]] for r in rows]
            return ((max if kind == "max" else min)(vals) if vals else None), work
        elif kind == "values":
            return [r[st[1]] for r in rows], work
    raise ValueError("a query ends with a final stage")


def show(st) -> str:
    kind = st[0]
    if kind == "where":
        _, col, op, x, mod = st
        return f"where {col}{f' % {mod}' if mod else ''} {op} {x}"
    if kind == "set":
        _, col, x, op, y = st
        return f"set {col} = {x} {op} {y}"
    if kind == "order":
        return f"order by {st[1]} {'desc' if st[2] else 'asc'}"
    if kind in ("limit", "skip"):
        return f"{kind} {st[1]}"
    if kind == "count":
        return "count"
    return f"{kind} {st[1]}"
