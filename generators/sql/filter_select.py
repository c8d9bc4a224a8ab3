"""Filter one table's rows by conditions and select some of its columns."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

OPS = {1: ("=",), 2: ("=", ">", "<"), 3: ("=", "<>", ">", "<", ">=", "<=", "in", "between")}


@register
class FilterSelect(SqlTask):
    """Write a SELECT that lists chosen columns of the rows of one table meeting a set of
    conditions. Higher levels add rows, distractor columns and tables, more conditions and
    condition kinds (comparisons, <>, IN, BETWEEN), a mixed rule (the first condition and at least
    one of the others, an OR inside an AND), NULLs, and a required order with a tie-break."""

    name = "sql/filter_select"
    knobs = (
        theme_knob(),
        Knob("rows", [6, 7, 8, 10, 11, 12, 14, 15, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 40], (3, 45),
             doc="rows of the main table"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("tables", ["A", "A", "AD", "AD", "ACD", "ACD", "ABCD", "ABCD", "ABCDF", "ABCDF"] + ["ABCDF"] * 10,
             choices=("A", "AD", "ACD", "ABCD", "ABCDF"), doc="tables in the database (A is the one asked about)"),
        Knob("conditions", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 6),
             doc="conditions in the filter"),
        Knob("ops", [1, 2, 2, 3, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 3), doc="condition kinds: =, comparisons, all"),
        Knob("logic", ["and"] * 6 + ["mixed"] * 14, choices=("and", "mixed"),
             doc="'and': every condition; 'mixed': the first and at least one of the others"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
        Knob("ordered", [False] * 4 + [True] * 16, doc="whether the question asks for an order"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        db = make_db(rng, theme, params["rows"], params["extras"], params["tables"], params["null_rate"])
        table = table_of(db, "A")
        n = params["conditions"]
        ops = OPS[params["ops"]]
        # every condition holds for one drawn row, so the answer is never empty
        conds = random_conditions(rng, db, "A", table, n, ops, anchor=pick_row(rng, table)) \
            or random_conditions(rng, db, "A", table, 1, ops)  # the drawn row was all NULLs
        num = kinds(table)["num"]
        shown = ["name"] + ([rng.choice(num)] if len(conds) > 1 else [])
        logic = params["logic"] if len(conds) >= 3 else "and"
        if logic == "and":
            where = " AND ".join(c["sql"] for c in conds)
            rule = "all of these conditions hold: " + "; ".join(c["text"] for c in conds)
        else:
            where = f"{conds[0]['sql']} AND ({' OR '.join(c['sql'] for c in conds[1:])})"
            rule = (f"{conds[0]['text']}, and at least one of these conditions holds: "
                    + "; ".join(c["text"] for c in conds[1:]))
        sql = f"SELECT {', '.join(shown)} FROM {table['name']} WHERE {where}"
        order_text = ""
        if params["ordered"]:
            key = rng.choice(num)
            sql += f" ORDER BY {key} DESC, name ASC"
            order_text = (f"Order the rows by {key} from largest to smallest (a NULL {key} comes last), and rows "
                          f"with equal {key} by name in alphabetical order.")
        question = f"List the {' and '.join(shown)} of every row of {table['name']} for which {rule}. {NULL_NOTE}"
        spec = {"conditions": [{k: c[k] for k in ("col", "op", "value")} for c in conds], "logic": logic,
                "shown": shown, "order": key if params["ordered"] else None}
        return self.draft(db, question, sql, shown, params["ordered"], order_text, spec)

    def effort(self, problem):
        # every row of the table is tested against every condition; an order sorts the rows kept
        spec = problem.check["spec"]
        rows = problem.params["rows"]
        return rows * (len(spec["conditions"]) + 1) + (problem.check["rows"] * 2 if spec["order"] else 0) \
            + db_rows(problem.check["db"]) // 4
