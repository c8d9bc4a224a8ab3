"""Row filters for the sql tasks: random conditions on a table's columns, with their SQL, their
words and a structured form (col, op, value) that tests evaluate independently.

    conds = random_conditions(rng, db, "A", table, 2, ("=", ">", "in"), anchor=pick_row(rng, table))
    " AND ".join(c["sql"] for c in conds)     # "city IN ('Lyon', 'Oslo') AND age > 30"
    "; ".join(c["text"] for c in conds)      # "city is 'Lyon' or 'Oslo'; age is greater than 30"

With an `anchor` row every condition holds for it, so a conjunction never selects nothing.
"""
from __future__ import annotations

from ._database import sql_value

NUM_OPS = {">": "greater than", "<": "less than", ">=": "at least", "<=": "at most"}


def condition(rng, db: dict, role: str, table: dict, col: str, kind: str, ops: tuple[str, ...], alias: str = "",
              anchor=None):
    """A random condition on `col` of `table` (values drawn from its rows; true for the row `anchor`
    where one is given, so a conjunction keeps at least that row): a dict with the SQL and the
    words, plus the structured form (col, op, value) that tests evaluate independently."""
    index = [c[0] for c in table["columns"]].index(col)
    values = sorted({r[index] for r in table["rows"]} - {None}, key=lambda v: (isinstance(v, str), v))
    if not values:
        values = [0] if kind == "num" else ["none"]
    a = None if anchor is None else anchor[index]
    if kind == "cat":
        op = rng.choice([o for o in ops if o in ("=", "<>", "in")] or ["="])
        if op == "in" and len(values) < 3:
            op = "="
        if op == "in":
            value = sorted(rng.sample(values, 2))
            if a is not None and a not in value:
                value = sorted([a, value[0]])
        else:
            value = rng.choice(values)
            if a is not None and op == "=":
                value = a
            elif a is not None and value == a:
                others = [v for v in values if v != a]
                op, value = ("<>", rng.choice(others)) if others else ("=", a)
    else:
        num_ops = [o for o in ops if o in ("=", ">", "<", ">=", "<=", "between")] or [">"]
        op = rng.choice(num_ops)
        if op == "=" and len(values) > 12 and len(num_ops) > 1:  # equality on a wide column keeps one row at most
            op = rng.choice([o for o in num_ops if o != "="])
        if op == "between" and len(values) < 3:
            op = ">"
        if op == "between":
            value = sorted(rng.sample(values, 2))
            if a is not None:
                value = [min(value[0], a), max(value[1], a)]
        else:
            value = values[len(values) // 2 + rng.randint(-(len(values) // 4), len(values) // 4)]
            if a is not None:
                value = _anchored_threshold(rng, op, value, a, values)
                op, value = value
    return _condition_dict(role, table, col, op, value, alias)


def _anchored_threshold(rng, op, value, a, values):
    """(op, value) of a comparison that the anchor value `a` passes, close to the drawn one."""
    if op == "=":
        return "=", a
    passes = {">": lambda v: a > v, ">=": lambda v: a >= v, "<": lambda v: a < v, "<=": lambda v: a <= v}[op]
    if passes(value):
        return op, value
    ok = [v for v in values if passes(v)]
    if ok:  # the passing threshold nearest the drawn one, so the filter still cuts
        return op, min(ok, key=lambda v: abs(v - value))
    return (">=" if op in (">", ">=") else "<="), a


def _condition_dict(role, table, col, op, value, alias):
    ref = f"{alias}.{col}" if alias else col
    words = f"the {table['name']} {col}" if alias else col
    if op == "in":
        sql = f"{ref} IN ({', '.join(sql_value(v) for v in value)})"
        text = f"{words} is '{value[0]}' or '{value[1]}'"
    elif op == "between":
        sql = f"{ref} BETWEEN {value[0]} AND {value[1]}"
        text = f"{words} is between {value[0]} and {value[1]} (both included)"
    elif isinstance(value, str):
        sql = f"{ref} {op} {sql_value(value)}"
        text = f"{words} is {'not ' if op == '<>' else ''}'{value}'"
    else:
        sql = f"{ref} {op} {value}"
        text = f"{words} is {value}" if op == "=" else f"{words} is {NUM_OPS[op]} {value}"
    return {"col": col, "op": op, "value": value, "sql": sql, "text": text, "role": role}


def holds(cond: dict, value) -> bool:
    """Whether a condition holds for a value, with SQL's NULL semantics (for tests and solvers)."""
    if value is None:
        return False
    op, v = cond["op"], cond["value"]
    if op == "in":
        return value in v
    if op == "between":
        return v[0] <= value <= v[1]
    return {"=": value == v, "<>": value != v, ">": value > v, "<": value < v, ">=": value >= v,
            "<=": value <= v}[op]


def conditions_text(conds: list[dict]) -> str:
    return "; ".join(c["text"] for c in conds)



def kinds(table: dict) -> dict[str, list[str]]:
    """The table's columns by kind: "cat" (text), "num" (integer), other than id, name and keys."""
    out = {"cat": [], "num": []}
    for name, sql_type, ref in table["columns"]:
        if name in ("id", "name") or ref:
            continue
        out["cat" if sql_type == "TEXT" else "num"].append(name)
    return out


def random_conditions(rng, db: dict, role: str, table: dict, n: int, ops: tuple[str, ...], alias: str = "",
                      exclude=(), anchor=None) -> list[dict]:
    """`n` conditions on distinct columns of `table` other than `exclude` (as many as it has
    columns, at most); with an `anchor` row, only on columns where it is not NULL, and all true
    for it."""
    by_kind = kinds(table)
    names = [c[0] for c in table["columns"]]
    cols = [(c, k) for k in ("cat", "num") for c in by_kind[k]
            if c not in exclude and (anchor is None or anchor[names.index(c)] is not None)]
    rng.shuffle(cols)
    return [condition(rng, db, role, table, c, k, ops, alias, anchor) for c, k in cols[:n]]


def pick_row(rng, table: dict):
    return table["rows"][int(rng.random() * len(table["rows"]))]
