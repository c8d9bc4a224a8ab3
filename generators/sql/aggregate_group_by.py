"""Group one table's rows by a column and aggregate other columns per group."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

AGGREGATES = {  # name -> (SQL, words, needs a column)
    "count": ("COUNT(*)", "the number of rows", False),
    "sum": ("SUM({c})", "the sum of {c}", True),
    "min": ("MIN({c})", "the smallest {c}", True),
    "max": ("MAX({c})", "the largest {c}", True),
    "avg": ("AVG({c})", "the average of {c}", True),
}
KINDS = {1: ("count",), 2: ("count", "sum"), 3: ("count", "sum", "min", "max"), 4: tuple(AGGREGATES)}


@register
class AggregateGroupBy(SqlTask):
    """Write a GROUP BY query: for each value of one column of a table, aggregates (COUNT, SUM, MIN,
    MAX, AVG) of its rows, optionally after a WHERE filter. Higher levels add rows, distractor
    columns and tables, more aggregates per group and more kinds of them, filters before grouping,
    and NULLs (skipped by aggregates; a NULL group value forms its own group)."""

    name = "sql/aggregate_group_by"
    knobs = (
        theme_knob(),
        Knob("rows", [6, 8, 9, 10, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40], (3, 45),
             doc="rows of the people table (the facts table has twice as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("tables", ["A", "AF", "AF", "ABF", "ABF", "ABCF", "ABCF", "ABCDF", "ABCDF", "ABCDF"] + ["ABCDF"] * 10,
             choices=("A", "AF", "ABF", "ABCF", "ABCDF"), doc="tables in the database"),
        Knob("aggregates", [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="aggregates per group"),
        Knob("agg_kinds", [1, 2, 2, 3, 3, 4, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="aggregate kinds: COUNT; + SUM; + MIN, MAX; + AVG"),
        Knob("filters", [0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4], (0, 4),
             doc="conditions rows must meet before grouping"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        db = make_db(rng, theme, params["rows"], params["extras"], params["tables"], params["null_rate"])
        role = rng.choice([r for r in "AF" if r in params["tables"]])
        table = table_of(db, role)
        by_kind = kinds(table)
        group = rng.choice(by_kind["cat"] or ["year"]) if role == "A" else rng.choice(by_kind["cat"] + ["year"])
        nums = [c for c in by_kind["num"] if c != group]
        aggs, seen = [], set()
        for _ in range(params["aggregates"] * 4):
            kind = rng.choice(KINDS[params["agg_kinds"]])
            col = rng.choice(nums) if AGGREGATES[kind][2] else ""
            if (kind, col) not in seen:
                seen.add((kind, col))
                aggs.append((kind, col))
            if len(aggs) == params["aggregates"]:
                break
        conds = random_conditions(rng, db, role, table, params["filters"],
                                  ("=", "<>", ">", "<", ">=", "<=", "in", "between"), exclude=(group,),
                                  anchor=pick_row(rng, table))  # true for one row: never an empty answer
        select = [group] + [AGGREGATES[k][0].format(c=c) for k, c in aggs]
        columns = [group] + [AGGREGATES[k][1].format(c=c) for k, c in aggs]
        where = f" WHERE {' AND '.join(c['sql'] for c in conds)}" if conds else ""
        sql = f"SELECT {', '.join(select)} FROM {table['name']}{where} GROUP BY {group}"
        scope = f" that satisfy all of: {'; '.join(c['text'] for c in conds)}" if conds else ""
        question = (f"Consider the rows of {table['name']}{scope}. Group them by {group} (rows whose {group} is NULL "
                    f"form one group of their own, shown with a NULL {group}) and give, for each group, "
                    f"{'; '.join(columns)}. {NULL_NOTE} A group whose values of a column are all NULL gets NULL "
                    f"for its sum, smallest, largest and average of that column, as in SQL.")
        spec = {"role": role, "group": group, "aggregates": [list(x) for x in aggs],
                "conditions": [{k: c[k] for k in ("col", "op", "value")} for c in conds]}
        return self.draft(db, question, sql, columns, False, spec=spec, averages=any(k == "avg" for k, _ in aggs))

    def effort(self, problem):
        # each row is filtered, put in its group and folded into every aggregate
        spec, check = problem.check["spec"], problem.check
        rows = next(len(t["rows"]) for t in check["db"]["tables"] if t["role"] == spec["role"])
        return rows * (1 + len(spec["conditions"]) + len(spec["aggregates"])) + db_rows(check["db"]) // 4
