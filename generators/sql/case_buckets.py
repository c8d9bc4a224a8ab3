"""Rows grouped into buckets defined in words (CASE ... END), with a count or total per bucket."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")
LABELS = {2: ("low", "high"), 3: ("low", "medium", "high"), 4: ("low", "medium", "high", "top"),
          5: ("very low", "low", "medium", "high", "very high")}
MEASURES = {"count": ("COUNT(*)", "the number of rows in it"), "sum": ("SUM({c})", "the total {c} of its rows"),
            "max": ("MAX({c})", "the largest {c} among its rows")}


@register
class CaseBuckets(SqlTask):
    """Write a query that puts every row of the items table into a bucket by one of its numbers,
    with the buckets' boundaries given in words, and reports each non-empty bucket's count,
    total or largest value of a column. Higher levels add rows, buckets, boundaries that belong
    to the lower bucket rather than the upper one, totals and maxima, filters, a grouping by a
    text column as well, and NULLs (a NULL number goes in an 'unknown' bucket)."""

    name = "sql/case_buckets"
    knobs = (
        theme_knob(),
        Knob("rows", [6, 7, 8, 10, 11, 12, 14, 15, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 40], (4, 45),
             doc="rows of the people table (the items table has three quarters as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("buckets", [2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5], (2, 5), doc="buckets"),
        Knob("measures", [1, 1, 1, 2, 2, 3, 3, 3, 3, 3] + [3] * 10, (1, 3), doc="measures: count; + total; + largest"),
        Knob("upper_closed", [False] * 4 + [True] * 16,
             doc="whether a boundary may belong to the lower bucket ('at most') rather than the upper"),
        Knob("filters", [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2], (0, 2),
             doc="conditions on the rows before bucketing"),
        Knob("by_group", [False] * 10 + [False, True] * 2 + [True] * 6,
             doc="whether buckets are counted per value of a text column too"),
        Knob("null_rate", [0.0] * 5 + [0.1] * 4 + [0.15] * 3 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        roles = "B" + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        b = table_of(db, "B")
        cols = [c[0] for c in b["columns"]]
        num = theme.B.col("num").name
        group = theme.B.col("cat").name if params["by_group"] else ""
        values = sorted({r[cols.index(num)] for r in b["rows"]} - {None})
        n = min(params["buckets"], max(2, len(values)))
        # boundaries at spread quantiles of the values present, so most buckets are non-empty
        picks = sorted({values[min(len(values) - 1, max(1, (len(values) * (q + 1)) // n
                                                        + int(rng.random() * 3) - 1))] for q in range(n - 1)})
        labels = LABELS[len(picks) + 1] if len(picks) >= 1 else ("low", "high")
        if not picks:
            picks = [values[-1] if values else 0]
            labels = ("low", "high")
        closed = params["upper_closed"] and rng.random() < 0.5  # 'at most t' for the lower bucket
        kind = rng.choice(("count", "sum", "max")[:params["measures"]])
        col = "" if kind == "count" else rng.choice(kinds(b)["num"])
        conds = [] if fallback else random_conditions(rng, db, "B", b, params["filters"], ALL_OPS,
                                                      exclude=(num, group), anchor=pick_row(rng, b))
        low_op, high_op = ("<=", ">") if closed else ("<", ">=")
        whens, words = [f"WHEN {num} IS NULL THEN 'unknown'"], []
        for t, label in zip(picks, labels):
            whens.append(f"WHEN {num} {low_op} {t} THEN '{label}'")
        lower = None
        for t, label in zip(picks + [None], labels):
            parts = []
            if lower is not None:
                parts.append(f"{'more than' if closed else 'at least'} {lower}")
            if t is not None:
                parts.append(f"{'at most' if closed else 'less than'} {t}")
            words.append(f"'{label}' if {num} is {' and '.join(parts)}")
            lower = t
        case = f"CASE {' '.join(whens)} ELSE '{labels[len(picks)]}' END"
        where = [c["sql"] for c in conds] + ([f"{group} IS NOT NULL"] if group else [])
        measure = MEASURES[kind][0].format(c=col)
        head = f"{group}, " if group else ""
        sql = (f"SELECT {head}{case} AS bucket, {measure} FROM {b['name']}"
               + (f" WHERE {' AND '.join(where)}" if where else "") + f" GROUP BY {head}bucket")
        scope = ("" if not conds else "Use only the rows that satisfy all of: "
                 + "; ".join(c["text"] for c in conds) + ". ")
        if group:
            scope += f"Leave out the rows whose {group} is NULL. "
            ask = (f"For each {group} and bucket that has at least one of those rows, give the {group}, the bucket's "
                   f"label and {MEASURES[kind][1].format(c=col)} (among the rows with that {group}).")
        else:
            ask = (f"For each bucket that has at least one of those rows, give the bucket's label and "
                   f"{MEASURES[kind][1].format(c=col)}.")
        question = (f"{scope}Put each row of {b['name']} into a bucket by its {num}: " + "; ".join(words)
                    + f"; a row whose {num} is NULL goes in the bucket 'unknown'. {ask}"
                    + (f" {NULL_NOTE}" if kind != "count" else ""))
        columns = ([group] if group else []) + ["the bucket label", "count" if kind == "count" else f"the {kind}"]
        spec = {"num": num, "group": group, "bounds": picks, "labels": list(labels[:len(picks) + 1]),
                "closed": closed, "kind": kind, "col": col,
                "conditions": [{q: c[q] for q in ("col", "op", "value")} for c in conds]}
        return self.draft(db, question, sql, columns, False, spec=spec)

    def effort(self, problem):
        # every row is filtered, then tested against the boundaries until its bucket is found
        spec, check = problem.check["spec"], problem.check
        rows = len(table_of(check["db"], "B")["rows"])
        return rows * (1 + len(spec["conditions"]) + len(spec["bounds"])) + check["rows"] + db_rows(check["db"]) // 4
