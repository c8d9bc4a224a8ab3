"""Combine two sets of people: union, difference, intersection, symmetric difference."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import pick_row, random_conditions
from ._task import SqlTask, theme_knob

OPS = ("union", "except", "intersect", "exactly_one")
SOURCES = ("own", "fact", "item")
ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")


@register
class SetOperations(SqlTask):
    """Write a query that combines two sets of people rows, each defined by conditions on the
    people themselves, on their facts, or on the items their facts refer to: the names in either
    set, in the first but not the second, in both, or in exactly one (each name once). UNION,
    EXCEPT and INTERSECT do it directly; joins with EXISTS do too. Higher levels add the harder
    combinations, sets defined through one or two joins, more conditions per set, rows,
    distractors and NULLs."""

    name = "sql/set_operations"
    knobs = (
        theme_knob(),
        Knob("rows", [6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table (the facts table has twice as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("ops", [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="combinations: union; + difference; + intersection; + exactly one"),
        Knob("sources", [1, 2, 2, 2, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 3),
             doc="how a set is defined: own columns; + through the facts; + through the items of the facts"),
        Knob("conditions", [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="conditions per set"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        roles = "ABF" + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        op = "union" if fallback else rng.choice(OPS[:params["ops"]])
        sets = [self._set(rng, db, "own" if fallback and i == 0 else rng.choice(SOURCES[:params["sources"]]),
                          params["conditions"], fallback and i == 0) for i in range(2)]
        (s1, t1, k1, c1), (s2, t2, k2, c2) = sets
        a = table_of(db, "A")["name"]
        if op == "union":
            sql, rule = f"{s1} UNION {s2}", "is in set 1 or in set 2 (or both)"
        elif op == "except":
            sql, rule = f"{s1} EXCEPT {s2}", "is in set 1 but not in set 2"
        elif op == "intersect":
            sql, rule = f"{s1} INTERSECT {s2}", "is in both sets"
        else:
            sql = f"SELECT name FROM ({s1} EXCEPT {s2}) UNION SELECT name FROM ({s2} EXCEPT {s1})"
            rule = "is in exactly one of the two sets"
        question = (f"Set 1 is the rows of {a} {t1}. Set 2 is the rows of {a} {t2}. List the name of every "
                    f"row of {a} that {rule}, each name once.")
        spec = {"op": op, "sources": [k1, k2],
                "sets": [[{k: x[k] for k in ("col", "op", "value")} for x in conds] for conds in (c1, c2)]}
        return self.draft(db, question, sql, [f"the {a} name"], False, spec=spec)

    @staticmethod
    def _set(rng, db, source, n, anchored=False):
        """(SQL selecting the names, words, source, conditions) of one set of people rows; `anchored`: an own
        set that holds at least one drawn row."""
        a, f, b = table_of(db, "A"), table_of(db, "F"), table_of(db, "B")
        fk_a = next(c[0] for c in f["columns"] if c[2] == a["name"])
        fk_b = next(c[0] for c in f["columns"] if c[2] == b["name"])
        if source == "own":
            conds = random_conditions(rng, db, "A", a, n, ALL_OPS, anchor=pick_row(rng, a) if anchored else None) \
                or random_conditions(rng, db, "A", a, 1, ALL_OPS)
            sql = f"SELECT name FROM {a['name']} WHERE {' AND '.join(c['sql'] for c in conds)}"
            text = f"for which all of these hold: {'; '.join(c['text'] for c in conds)}"
        elif source == "fact":
            conds = random_conditions(rng, db, "F", f, n, ALL_OPS, "f", exclude=(fk_a, fk_b))
            sql = (f"SELECT a.name FROM {a['name']} a JOIN {f['name']} f ON f.{fk_a} = a.id "
                   f"WHERE {' AND '.join(c['sql'] for c in conds)}")
            text = (f"that at least one row of {f['name']} refers to (through {fk_a}) for which all of these hold: "
                    f"{'; '.join(c['text'] for c in conds)}")
        else:
            conds = random_conditions(rng, db, "B", b, n, ALL_OPS, "b")
            sql = (f"SELECT a.name FROM {a['name']} a JOIN {f['name']} f ON f.{fk_a} = a.id JOIN {b['name']} b "
                   f"ON f.{fk_b} = b.id WHERE {' AND '.join(c['sql'] for c in conds)}")
            text = (f"that at least one row of {f['name']} refers to (through {fk_a}) whose row of {b['name']} "
                    f"(through {fk_b}) satisfies all of these: {'; '.join(c['text'] for c in conds)}")
        return sql, text, source, conds

    def effort(self, problem):
        # each set scans its rows (and joins for the sets defined through facts or items), then
        # the two sets are compared name by name
        rows = problem.params["rows"]
        per_set = {"own": 1, "fact": 3, "item": 5}
        spec = problem.check["spec"]
        work = sum(rows * per_set[s] * (1 + problem.params["conditions"]) for s in spec["sources"])
        return work + rows * (2 if spec["op"] == "exactly_one" else 1) + db_rows(problem.check["db"]) // 4
