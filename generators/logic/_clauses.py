"""Clauses (lists of nonzero ints, -v for NOT xv) over bit-parallel truth tables, and bit-set helpers.

Truth tables are bit sets over all 2^n assignments: bit a is the assignment in which variable i
(0-based) is true exactly when bit i of a is set. `variable_tables(n)[1][i]` (from _formulas) is
the set where variable i is true, so a clause or a whole CNF is evaluated on every assignment at
once with a few big-integer operations.
"""
from __future__ import annotations

from ._formulas import variable_tables


def clause_table(clause, n: int) -> int:
    """The assignments (bit set over n variables) satisfying a clause of nonzero ints (-v is NOT xv)."""
    full, var = variable_tables(n)
    t = 0
    for x in clause:
        t |= var[x - 1] if x > 0 else full ^ var[-x - 1]
    return t


def cnf_table(clauses, n: int) -> int:
    full, _ = variable_tables(n)
    t = full
    for c in clauses:
        t &= clause_table(c, n)
        if not t:
            break
    return t


def decode(a: int, n: int) -> list[bool]:
    """The assignment with index a: values[i] is variable i's value."""
    return [bool(a >> i & 1) for i in range(n)]


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def popcount(mask: int) -> int:
    return mask.bit_count()


# ---------------------------------------------------------------- clauses

def render_literal(x: int, prefix: str = "x") -> str:
    return f"{prefix}{x}" if x > 0 else f"NOT {prefix}{-x}"


def render_clause(clause, prefix: str = "x") -> str:
    return " OR ".join(render_literal(x, prefix) for x in clause)


def satisfies(clauses, values: dict[int, bool]) -> int | None:
    """The index of the first clause that `values` does not make true, or None if all are."""
    for i, c in enumerate(clauses):
        if not any(values.get(abs(x)) == (x > 0) for x in c):
            return i
    return None
