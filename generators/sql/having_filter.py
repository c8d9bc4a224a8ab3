"""Keep the groups whose aggregates pass a threshold (GROUP BY ... HAVING)."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import holds, kinds, pick_row, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")
MEASURES = {  # name -> (SQL over the facts table f, words)
    "count": ("COUNT(*)", "the number of their {facts}"),
    "sum": ("SUM(f.{c})", "the total {c} of their {facts}"),
    "max": ("MAX(f.{c})", "the largest {c} among their {facts}"),
    "avg": ("AVG(f.{c})", "the average {c} of their {facts}"),
}
KINDS = {1: ("count",), 2: ("count", "sum"), 3: ("count", "sum", "max", "avg")}
COMPARE = {">": "greater than", ">=": "at least", "<": "less than", "<=": "at most"}


@register
class HavingFilter(SqlTask):
    """Write a query that groups the facts table by the people or items row each fact refers to
    and keeps only the groups whose aggregates (count, total, largest, average of a column) pass
    thresholds. Higher levels add rows, distractors, a second and third threshold (all must hold),
    WHERE filters applied before grouping, and NULLs in the aggregated columns."""

    name = "sql/having_filter"
    knobs = (
        theme_knob(),
        Knob("rows", [5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table (the facts table has twice as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("thresholds", [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="conditions on each group's aggregates"),
        Knob("measure_kinds", [1, 2, 2, 3, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 3),
             doc="aggregates used: COUNT; + SUM; + MAX, AVG"),
        Knob("filters", [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 3),
             doc="conditions on the facts before grouping"),
        Knob("null_rate", [0.0] * 5 + [0.1] * 4 + [0.15] * 3 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        parent_role = rng.choice("AB")
        roles = "F" + parent_role + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        facts, parent = table_of(db, "F"), table_of(db, parent_role)
        key = next(c[0] for c in facts["columns"] if c[2] == parent["name"])
        conds = random_conditions(rng, db, "F", facts, params["filters"], ALL_OPS, "f", exclude=(key,),
                                  anchor=pick_row(rng, facts))
        nums = kinds(facts)["num"]
        cols = [c[0] for c in facts["columns"]]
        kept = [r for r in facts["rows"] if all(holds(c, r[cols.index(c["col"])]) for c in conds)]
        measures, seen = [], set()
        for _ in range(params["thresholds"] * 4):
            kind = rng.choice(KINDS[params["measure_kinds"]])
            col = "" if kind == "count" else rng.choice(nums)
            if (kind, col) in seen:
                continue
            seen.add((kind, col))
            # the threshold is a value some group reaches, so the answer is rarely empty
            values = sorted(v for v in _group_values(kept, cols, key, kind, col) if v is not None)
            if not values:
                continue
            op = rng.choice(sorted(COMPARE))
            value = values[len(values) // 2] if not fallback else values[-1]
            op = ">=" if fallback else op
            value = int(value) if float(value).is_integer() else round(value, 1)
            measures.append((kind, col, op, value))
            if len(measures) == (1 if fallback else params["thresholds"]):
                break
        if not measures:
            measures = [("count", "", ">=", 1)]
        having = " AND ".join(f"{MEASURES[k][0].format(c=c)} {op} {v}" for k, c, op, v in measures)
        where = f" WHERE {' AND '.join(c['sql'] for c in conds)}" if conds else ""
        sql = (f"SELECT p.name FROM {facts['name']} f JOIN {parent['name']} p ON f.{key} = p.id{where} "
               f"GROUP BY p.id, p.name HAVING {having}")
        noun = parent["name"]
        counting = "" if not conds else (f"Counting only the {facts['name']} that satisfy all of: "
                                         + "; ".join(c["text"] for c in conds) + ", l")
        rules = "; ".join(f"{MEASURES[k][1].format(c=c, facts=facts['name'])} is {COMPARE[op]} {v}"
                          for k, c, op, v in measures)
        question = (f"Each row of {facts['name']} refers to a row of {noun} through its {key}. "
                    f"{counting or 'L'}ist the name of every row of {noun} for which all of these hold: {rules}. "
                    f"A row of {noun} with no such {facts['name']} is not listed. {NULL_NOTE}")
        spec = {"parent": parent_role, "key": key, "measures": [list(m) for m in measures],
                "conditions": [{k: c[k] for k in ("col", "op", "value")} for c in conds]}
        return self.draft(db, question, sql, [f"the {noun} name"], False, spec=spec,
                          averages=any(k == "avg" for k, *_ in measures))

    def effort(self, problem):
        # every fact is filtered and folded into its group; every group is tested on each threshold
        spec, check = problem.check["spec"], problem.check
        facts = problem.params["rows"] * 2
        return facts * (2 + len(spec["conditions"])) + facts * len(spec["measures"]) + db_rows(check["db"]) // 4


def _group_values(rows, cols, key, kind, col):
    """Each group's aggregate (count, sum, max, avg with SQL's NULL skipping), for thresholds."""
    groups: dict = {}
    k = cols.index(key)
    i = cols.index(col) if col else None
    for r in rows:
        groups.setdefault(r[k], []).append(None if i is None else r[i])
    out = []
    for values in groups.values():
        known = [v for v in values if v is not None]
        if kind == "count":
            out.append(len(values))
        elif not known:
            out.append(None)
        elif kind == "sum":
            out.append(sum(known))
        elif kind == "max":
            out.append(max(known))
        else:
            out.append(sum(known) / len(known))
    return out
