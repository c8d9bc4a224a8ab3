"""Questions that need a subquery: comparisons with an average, group maxima, existence tests."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")
KINDS = ("above_avg", "has_fact", "no_fact", "group_max", "above_group_avg")
KIND_LEVELS = {1: KINDS[:1], 2: KINDS[:2], 3: KINDS[:3], 4: KINDS[:4], 5: KINDS}


@register
class Subquery(SqlTask):
    """Write a query whose answer needs a subquery: rows above the table's average of a column,
    rows with (or without) a matching fact of some kind, rows holding the largest value of their
    group (ties all listed), rows above their own group's average (a correlated subquery). Higher
    levels add the harder kinds, rows, distractors, outer filters and NULLs (which neither pass
    a comparison nor count in an average)."""

    name = "sql/subquery"
    knobs = (
        theme_knob(),
        Knob("rows", [6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("kinds", [1, 2, 2, 3, 3, 4, 4, 5, 5, 5] + [5] * 10, (1, 5),
             doc="question kinds: above average; + has a fact; + has none; + group maximum; + above group average"),
        Knob("filters", [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 3),
             doc="extra conditions on the rows listed"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        kind = rng.choice(KIND_LEVELS[params["kinds"]])
        roles = "ABF" + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        a, b, f = table_of(db, "A"), table_of(db, "B"), table_of(db, "F")
        if fallback:
            kind = "group_max"
        outer = a if kind in ("has_fact", "no_fact") else b
        role = "A" if outer is a else "B"
        num = rng.choice(kinds(b)["num"])
        cat = rng.choice(kinds(b)["cat"])
        n_filters = 0 if fallback else params["filters"]
        conds = random_conditions(rng, db, role, outer, n_filters, ALL_OPS, "o", exclude=(num, cat))
        extra_sql = "".join(f" AND {c['sql']}" for c in conds)
        extra_text = "".join(f"; {c['text']}" for c in conds)
        fk_a = next(c[0] for c in f["columns"] if c[2] == a["name"])
        fk_b = next(c[0] for c in f["columns"] if c[2] == b["name"])
        spec = {"kind": kind, "num": num, "cat": cat, "conditions": [{k: c[k] for k in ("col", "op", "value")}
                                                                      for c in conds]}
        if kind == "above_avg":
            sql = f"SELECT o.name FROM {b['name']} o WHERE o.{num} > (SELECT AVG({num}) FROM {b['name']}){extra_sql}"
            rule = f"its {num} is greater than the average {num} of all rows of {b['name']}"
        elif kind == "above_group_avg":
            sql = (f"SELECT o.name FROM {b['name']} o WHERE o.{num} > (SELECT AVG(i.{num}) FROM {b['name']} i "
                   f"WHERE i.{cat} = o.{cat}){extra_sql}")
            rule = (f"its {num} is greater than the average {num} of the rows of {b['name']} with the same {cat} "
                    f"(a row with a NULL {cat} has no such group)")
        elif kind == "group_max":
            sql = (f"SELECT o.name FROM {b['name']} o WHERE o.{num} = (SELECT MAX(i.{num}) FROM {b['name']} i "
                   f"WHERE i.{cat} = o.{cat}){extra_sql}")
            rule = (f"its {num} is the largest {num} among the rows of {b['name']} with the same {cat} (ties: every "
                    f"row with that largest value; a row with a NULL {cat} has no such group)")
        else:
            f_cond = random_conditions(rng, db, "F", f, 1, ("=", ">", "<", ">=", "<="), "x", exclude=(fk_a, fk_b))[0]
            b_cond = random_conditions(rng, db, "B", b, 1, ("=", "in", ">", "<"), "y")[0]
            exists = (f"SELECT 1 FROM {f['name']} x JOIN {b['name']} y ON x.{fk_b} = y.id WHERE x.{fk_a} = o.id "
                      f"AND {f_cond['sql']} AND {b_cond['sql']}")
            words = (f"row of {f['name']} that refers to it through {fk_a}, where {f_cond['text']} and, for the "
                     f"row of {b['name']} that it refers to through {fk_b}, {b_cond['text']}")
            no = kind == "no_fact"
            sql = f"SELECT o.name FROM {a['name']} o WHERE {'NOT ' if no else ''}EXISTS ({exists}){extra_sql}"
            rule = f"there is {'no' if no else 'at least one'} {words}"
            spec.update(fact_condition={k: f_cond[k] for k in ("col", "op", "value")},
                        item_condition={k: b_cond[k] for k in ("col", "op", "value")})
        question = (f"List the name of every row of {outer['name']} for which all of these hold: {rule}{extra_text}. "
                    f"{NULL_NOTE}")
        return self.draft(db, question, sql, [f"the {outer['name']} name"], False, spec=spec)

    def effort(self, problem):
        # the outer rows, each compared with an aggregate or searched for in the facts: a
        # correlated subquery scans a table per outer row
        spec, rows = problem.check["spec"], problem.params["rows"]
        inner = {"above_avg": 1, "has_fact": rows, "no_fact": rows, "group_max": rows // 2,
                 "above_group_avg": rows // 2}[spec["kind"]]
        return rows * (1 + len(spec["conditions"])) + rows * inner // 2 + db_rows(problem.check["db"]) // 4
