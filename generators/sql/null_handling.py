"""Questions whose answer turns on NULLs: known and missing counts, outer joins, defaults."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import SqlTask, theme_knob

KINDS = ("count_known", "missing_as", "count_missing", "left_count", "left_sum")
ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")


@register
class NullHandling(SqlTask):
    """Write a query where NULLs decide the answer: per group, how many rows have a column known
    or missing; rows filtered with a missing value read as a stated default; every people row
    with its number of facts or the total of a fact column, counting 0 (not NULL, not left out)
    for those with none (an outer join). Higher levels add the harder kinds, rows, distractors,
    filters and more NULLs."""

    name = "sql/null_handling"
    knobs = (
        theme_knob(),
        Knob("rows", [6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("kinds", [1, 2, 2, 3, 3, 4, 4, 5, 5, 5] + [5] * 10, (1, 5),
             doc="kinds: known counts; + missing read as a default; + missing counts; + outer-join counts; "
                 "+ outer-join totals"),
        Knob("filters", [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 3),
             doc="extra conditions on the rows"),
        Knob("null_rate", [0.2] * 5 + [0.25] * 5 + [0.3] * 10, (0.05, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        kind = rng.choice(KINDS[:params["kinds"]])
        roles = "AF" + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        a, f = table_of(db, "A"), table_of(db, "F")
        if fallback:
            kind = "count_known"
        group = rng.choice(kinds(a)["cat"])
        num = rng.choice(kinds(a)["num"])
        fk = next(c[0] for c in f["columns"] if c[2] == a["name"])
        spec = {"kind": kind, "group": group, "num": num}
        n_filters = 0 if fallback else params["filters"]
        if kind in ("left_count", "left_sum"):
            conds = random_conditions(rng, db, "F", f, n_filters, ALL_OPS, "f", exclude=(fk,))
            on = "".join(f" AND {c['sql']}" for c in conds)
            which = f"rows of {f['name']} that refer to it through {fk}" + (
                f" and for which all of these hold: {'; '.join(c['text'] for c in conds)}" if conds else "")
            if kind == "left_count":
                measure, words = "COUNT(f.id)", f"the number of {which}"
            else:
                fnum = kinds(f)["num"][0]  # the facts' own measure (quantity, score, price...)
                measure = f"COALESCE(SUM(f.{fnum}), 0)"
                words = f"the total {fnum} (0 when there are none, or when every such {fnum} is NULL) of the {which}"
                spec["fact_num"] = fnum
            sql = (f"SELECT a.name, {measure} FROM {a['name']} a LEFT JOIN {f['name']} f ON f.{fk} = a.id{on} "
                   f"GROUP BY a.id, a.name")
            question = (f"For every row of {a['name']}, including those with no matching {f['name']}, give its name "
                        f"and {words}. NULL values are skipped by SUM and COUNT(column).")
            columns = [f"the {a['name']} name", "the number" if kind == "left_count" else "the total"]
            spec["role"] = "F"
        else:
            conds = random_conditions(rng, db, "A", a, n_filters, ALL_OPS, exclude=(group, num),
                                      anchor=pick_row(rng, a))
            where = f" WHERE {' AND '.join(c['sql'] for c in conds)}" if conds else ""
            scope = f"Use only the rows of {a['name']} for which all of these hold: " \
                f"{'; '.join(c['text'] for c in conds)}. " if conds else ""
            rows_ref = "those rows" if conds else f"the rows of {a['name']}"
            spec["role"] = "A"
            if kind == "count_known":
                sql = f"SELECT {group}, COUNT(*), COUNT({num}) FROM {a['name']}{where} GROUP BY {group}"
                question = (f"{scope}Group {rows_ref} by {group} (rows whose {group} is NULL form one group, shown "
                            f"with a NULL {group}). For each group give {group}, the number of rows, and the "
                            f"number of rows whose {num} is not NULL.")
                columns = [group, "the number of rows", f"the number with a known {num}"]
            elif kind == "count_missing":
                sql = (f"SELECT {group}, COUNT(*) - COUNT({num}) FROM {a['name']}{where} GROUP BY {group} "
                       f"HAVING COUNT(*) - COUNT({num}) > 0")
                question = (f"{scope}Group {rows_ref} by {group} (rows whose {group} is NULL form one group, shown "
                            f"with a NULL {group}). For each group that has at least one row whose {num} is NULL, "
                            f"give {group} and the number of its rows whose {num} is NULL (leave out groups with "
                            f"none).")
                columns = [group, f"the number with a NULL {num}"]
            else:
                values = sorted(v for v in (r[[c[0] for c in a["columns"]].index(num)] for r in a["rows"])
                                if v is not None)
                default = rng.choice((0, values[-1] + 1 if values else 100))
                limit = values[len(values) // 2] if values else 10
                more = "".join(f" AND {c['sql']}" for c in conds)
                sql = (f"SELECT name, COALESCE({num}, {default}) FROM {a['name']} WHERE COALESCE({num}, {default}) "
                       f"<= {limit}{more}")
                question = (f"{scope}Reading a NULL {num} as {default}, list the name and the {num} (with NULL read "
                            f"as {default}) of each of {rows_ref} whose {num}, read that way, is at most {limit}.")
                columns = ["name", f"the {num} with NULL read as {default}"]
                spec.update(default=default, limit=limit)
        spec["conditions"] = [{k: c[k] for k in ("col", "op", "value")} for c in conds]
        return self.draft(db, question, sql, columns, False, spec=spec)

    def effort(self, problem):
        # each row is tested and counted; an outer join also matches every fact to its row
        spec, rows = problem.check["spec"], problem.params["rows"]
        join = rows * 2 if spec["role"] == "F" else 0
        return rows * (2 + len(spec["conditions"])) + join + db_rows(problem.check["db"]) // 4
