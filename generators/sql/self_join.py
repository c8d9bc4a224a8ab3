"""Pairs of rows of one table related to each other: a self join."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import holds, kinds, pick_row, random_conditions
from ._task import SqlTask, theme_knob

LENIENT = ("<>", ">=", "<=", "in")  # filters that keep enough rows to pair
KINDS = ("close", "ahead")


@register
class SelfJoin(SqlTask):
    """Write a query that lists pairs of different rows of the people table with the same value in
    a text column: pairs whose numbers differ by at most a given amount (each pair once, the row
    with the smaller id first), or ordered pairs where the first row's number exceeds the
    second's by at least a given amount. Higher levels add rows, ties, the second kind, a second
    column whose values must differ within the pair, filters both rows must meet, distractors
    and NULLs (a row with a NULL in a compared column is in no pair)."""

    name = "sql/self_join"
    knobs = (
        theme_knob(),
        Knob("rows", [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], (3, 30),
             doc="rows of the people table"),
        Knob("extras", [0, 0, 1, 1, 1, 1, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("kinds", [1, 1, 1, 2, 2, 2, 2, 2, 2, 2] + [2] * 10, (1, 2),
             doc="pair kinds: numbers close together; + one number ahead of the other"),
        Knob("differ", [False] * 6 + [True] * 14,
             doc="whether the pair must also differ in a second text column"),
        Knob("filters", [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2], (0, 2),
             doc="conditions both rows of a pair must meet"),
        Knob("null_rate", [0.0] * 5 + [0.1] * 4 + [0.15] * 3 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        roles = "A" + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        a = table_of(db, "A")
        cols = [c[0] for c in a["columns"]]
        same, num = theme.A.col("cat").name, theme.A.col("num").name
        others = [c for c in kinds(a)["cat"] if c != same]
        differ = others[0] if params["differ"] and others and not fallback else ""
        kind = "close" if fallback else rng.choice(KINDS[:params["kinds"]])
        conds = [] if fallback else random_conditions(rng, db, "A", a, params["filters"], LENIENT, "x",
                                                      exclude=(same, num, differ), anchor=pick_row(rng, a))
        for c in conds:  # the words name the column alone: the sentence says both rows
            c["text"] = c["text"].replace(f"the {a['name']} ", "", 1)
        kept = [r for r in a["rows"] if all(holds(c, r[cols.index(c["col"])]) for c in conds)]
        i, j, k = cols.index(same), cols.index(num), cols.index(differ) if differ else None
        gaps = sorted(abs(x[j] - y[j]) for x in kept for y in kept
                      if x[0] < y[0] and x[i] is not None and x[i] == y[i] and x[j] is not None
                      and y[j] is not None and (k is None or (x[k] is not None and y[k] is not None and x[k] != y[k])))
        if not gaps:
            gaps = [0]
        # the amount is one some pair meets (from the smaller half, so it cuts), so the answer is rarely empty
        amount = gaps[-1] if fallback else gaps[int(rng.random() * (len(gaps) + 1) // 2)]
        on = [f"x.{same} = y.{same}"]
        if kind == "close":
            on += ["x.id < y.id", f"ABS(x.{num} - y.{num}) <= {amount}"]
            rule = (f"whose {num} values differ by at most {amount}. Give each pair once: the name of the row with "
                    f"the smaller id first, then the other name")
        else:
            amount = max(1, amount)
            on += [f"x.{num} >= y.{num} + {amount}"]
            rule = (f"where the first row's {num} is at least {amount} more than the second row's {num}. Give the "
                    f"name of the first row (the one with the larger {num}), then the name of the second")
        if differ:
            on.append(f"x.{differ} <> y.{differ}")
        where = [c["sql"] for c in conds] + [c["sql"].replace("x.", "y.", 1) for c in conds]
        sql = (f"SELECT x.name, y.name FROM {a['name']} x JOIN {a['name']} y ON {' AND '.join(on)}"
               + (f" WHERE {' AND '.join(where)}" if where else ""))
        extra = f", different {differ} values" if differ else ""
        scope = ("" if not conds else " Both rows of a pair must satisfy all of: "
                 + "; ".join(c["text"] for c in conds) + ".")
        question = (f"List the pairs of two different rows of {a['name']} that have the same {same}{extra}, and "
                    f"{rule}.{scope} A row whose {same}"
                    + (f", {num} or {differ}" if differ else f" or {num}") + " is NULL is in no pair.")
        spec = {"kind": kind, "same": same, "num": num, "differ": differ, "amount": amount,
                "conditions": [{q: c[q] for q in ("col", "op", "value")} for c in conds]}
        return self.draft(db, question, sql, ["the first name", "the second name"], False, spec=spec)

    def effort(self, problem):
        # every pair of kept rows is compared on each of the pair's conditions
        spec, check = problem.check["spec"], problem.check
        rows = problem.params["rows"]
        return rows * (1 + len(spec["conditions"])) + rows * rows // 2 * (2 + bool(spec["differ"])) \
            + db_rows(check["db"]) // 4
