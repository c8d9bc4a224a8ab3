"""Count or list distinct values, directly or through joins (COUNT(DISTINCT ...), SELECT DISTINCT)."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import SqlTask, theme_knob

ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")
KINDS = ("overall", "per_person", "distinct_list", "per_person_cat")


@register
class DistinctCount(SqlTask):
    """Write a query that counts or lists distinct values: how many different people appear in
    the facts that pass a filter; for each person, how many different items their facts refer to;
    the different values of an item column among the facts of people who pass a filter (each value
    once); for each person, how many different item categories they reach through two joins.
    Higher levels add the kinds that need joins, rows, distractors, filters and NULLs (never
    counted as a value)."""

    name = "sql/distinct_count"
    knobs = (
        theme_knob(),
        Knob("rows", [5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table (the facts table has twice as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="kinds: overall count; + per person; + distinct list; + per person through two joins"),
        Knob("filters", [1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4], (0, 4),
             doc="conditions on the facts (or the people, for a list)"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        kind = rng.choice(KINDS[:params["kinds"]])
        roles = "ABF" + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        a, b, f = table_of(db, "A"), table_of(db, "B"), table_of(db, "F")
        fk_a = next(c[0] for c in f["columns"] if c[2] == a["name"])
        fk_b = next(c[0] for c in f["columns"] if c[2] == b["name"])
        bcat = rng.choice(kinds(b)["cat"])
        spec = {"kind": kind, "fk_a": fk_a, "fk_b": fk_b, "bcat": bcat}
        if kind == "distinct_list":
            conds = random_conditions(rng, db, "A", a, params["filters"], ALL_OPS, "a", anchor=pick_row(rng, a))
            where = "".join(f" AND {c['sql']}" for c in conds)
            sql = (f"SELECT DISTINCT b.{bcat} FROM {f['name']} f JOIN {a['name']} a ON f.{fk_a} = a.id "
                   f"JOIN {b['name']} b ON f.{fk_b} = b.id WHERE b.{bcat} IS NOT NULL{where}")
            who = (f"the rows of {f['name']} whose {a['name']} row satisfies all of these: "
                   f"{'; '.join(c['text'] for c in conds)}") if conds else f"all rows of {f['name']}"
            question = (f"Each row of {f['name']} refers to a row of {a['name']} (through {fk_a}) and a row of "
                        f"{b['name']} (through {fk_b}). Consider {who}. List the different {bcat} values of the "
                        f"{b['name']} rows they refer to, each value "
                        f"once, leaving out NULL.")
            columns = [f"the {b['name']} {bcat}"]
        else:
            conds = random_conditions(rng, db, "F", f, params["filters"], ALL_OPS, "f", exclude=(fk_a, fk_b),
                                      anchor=pick_row(rng, f))
            where = f" WHERE {' AND '.join(c['sql'] for c in conds)}" if conds else ""
            which = f"the rows of {f['name']}" + (f" for which all of these hold: {'; '.join(c['text'] for c in conds)}"
                                                  if conds else "")
            if kind == "overall":
                sql = f"SELECT COUNT(DISTINCT f.{fk_a}) FROM {f['name']} f{where}"
                question = (f"Consider {which}. How many different rows of {a['name']} do they refer to (through "
                            f"{fk_a})? Give the count as a one-row result.")
                columns = ["the count"]
            elif kind == "per_person":
                sql = (f"SELECT a.name, COUNT(DISTINCT f.{fk_b}) FROM {f['name']} f JOIN {a['name']} a "
                       f"ON f.{fk_a} = a.id{where} GROUP BY a.id, a.name")
                question = (f"Consider {which}. For each row of {a['name']} that at least one of them refers to "
                            f"(through {fk_a}), give its name and the number of different rows of {b['name']} that "
                            f"those rows refer to (through {fk_b}).")
                columns = [f"the {a['name']} name", "the number"]
            else:
                sql = (f"SELECT a.name, COUNT(DISTINCT b.{bcat}) FROM {f['name']} f JOIN {a['name']} a "
                       f"ON f.{fk_a} = a.id JOIN {b['name']} b ON f.{fk_b} = b.id{where} GROUP BY a.id, a.name")
                question = (f"Consider {which}. For each row of {a['name']} that at least one of them refers to "
                            f"(through {fk_a}), give its name and the number of different non-NULL {bcat} values "
                            f"among the rows of {b['name']} that those rows refer to (through {fk_b}).")
                columns = [f"the {a['name']} name", "the number"]
        spec["conditions"] = [{k: c[k] for k in ("col", "op", "value")} for c in conds]
        return self.draft(db, question, sql, columns, False, spec=spec)

    def effort(self, problem):
        # every fact is filtered, joined to one or two rows, and its value added to a set
        spec, rows = problem.check["spec"], problem.params["rows"]
        joins = {"overall": 0, "per_person": 1, "distinct_list": 2, "per_person_cat": 2}[spec["kind"]]
        return rows * 2 * (2 + len(spec["conditions"]) + joins) + db_rows(problem.check["db"]) // 4
