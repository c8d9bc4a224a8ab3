"""The k best rows of every group, ties broken by a stated rule."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import SqlTask, theme_knob

LENIENT = ("<>", ">=", "<=", "in")  # filters that keep enough rows per group


@register
class TopKPerGroup(SqlTask):
    """Write a query that lists, for every group of an items table (by a category column), the k
    rows with the largest value of a column, ties broken by name in alphabetical order (a group
    with fewer than k rows lists them all). From level 6 the value is an aggregate: each item's
    total of a facts column. Higher levels add rows, larger k, narrower value ranges (more ties
    for the tie-break to settle), filters, distractors, NULLs (left out) and a required order."""

    name = "sql/top_k_per_group"
    knobs = (
        theme_knob(),
        Knob("rows", [6, 7, 8, 9, 10, 12, 13, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 40], (3, 45),
             doc="rows of the people table (items have three quarters as many)"),
        Knob("k", [1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5], (1, 8), doc="rows kept per group"),
        Knob("span", [60, 40, 20, 12, 10, 8, 8, 6, 6, 5, 5, 4, 4, 4, 3, 3, 3, 3, 3, 3], (1, 1000),
             doc="spread of the integer columns (small spreads make ties)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("totals", [False] * 5 + [True] * 15, doc="whether the value is each item's total over the facts"),
        Knob("filters", [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 3),
             doc="conditions on the items before ranking"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
        Knob("ordered", [False] * 7 + [True] * 13, doc="whether the question asks for an order"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        roles = ("BF" if params["totals"] else "B") + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"],
                     num_span=params["span"])
        b = table_of(db, "B")
        cat = rng.choice(kinds(b)["cat"])
        k = params["k"]
        spec = {"cat": cat, "k": k, "totals": params["totals"]}
        if params["totals"]:
            f = table_of(db, "F")
            fk = next(c[0] for c in f["columns"] if c[2] == b["name"])
            fnum = kinds(f)["num"][0]  # the facts' own measure (quantity, score, price...)
            conds = random_conditions(rng, db, "B", b, params["filters"], LENIENT, "b", exclude=(cat,),
                                      anchor=pick_row(rng, b))
            where = " AND ".join([f"f.{fnum} IS NOT NULL", f"b.{cat} IS NOT NULL"] + [c["sql"] for c in conds])
            sql = (f"WITH t AS (SELECT b.name AS name, b.{cat} AS grp, SUM(f.{fnum}) AS total FROM {f['name']} f "
                   f"JOIN {b['name']} b ON f.{fk} = b.id WHERE {where} GROUP BY b.id, b.name, b.{cat}), "
                   f"r AS (SELECT grp, name, total, ROW_NUMBER() OVER (PARTITION BY grp ORDER BY total DESC, "
                   f"name ASC) AS pos FROM t) SELECT grp, name, total FROM r WHERE pos <= {k}")
            value = f"total {fnum}"
            scope = (f"The total {fnum} of a row of {b['name']} is the sum of {fnum} over the rows of {f['name']} "
                     f"that refer to it through {fk} (NULL values skipped). Use only the rows of {b['name']} whose "
                     f"{cat} is not NULL and that have at least one such row of {f['name']} with a {fnum} that is "
                     f"not NULL" + "".join(f", and for which {c['text']}" for c in conds) + ".")
            columns = [cat, "name", f"the total {fnum}"]
            spec.update(fnum=fnum, key=fk)
        else:
            num = rng.choice(kinds(b)["num"])
            conds = random_conditions(rng, db, "B", b, params["filters"], LENIENT, exclude=(cat, num),
                                      anchor=pick_row(rng, b))
            where = " AND ".join([f"{num} IS NOT NULL", f"{cat} IS NOT NULL"] + [c["sql"] for c in conds])
            sql = (f"WITH r AS (SELECT {cat}, name, {num}, ROW_NUMBER() OVER (PARTITION BY {cat} ORDER BY {num} DESC, "
                   f"name ASC) AS pos FROM {b['name']} WHERE {where}) SELECT {cat}, name, {num} FROM r "
                   f"WHERE pos <= {k}")
            value = num
            scope = (f"Use only the rows of {b['name']} whose {num} and {cat} are not NULL"
                     + "".join(f", and for which {c['text']}" for c in conds) + ".")
            columns = [cat, "name", num]
            spec["num"] = num
        how = "row" if k == 1 else f"{k} rows"
        question = (f"{scope} For each {cat}, list the {how} with the largest {value}; among rows with equal {value}, "
                    f"the one whose name comes first in alphabetical order counts as larger. A group with fewer "
                    f"than {k} such rows lists all of them. For each row listed give its {cat}, its name and its "
                    f"{value}.")
        order_text = ""
        if params["ordered"]:
            sql += " ORDER BY 1 ASC, 3 DESC, 2 ASC"
            order_text = (f"Order the rows by {cat} in alphabetical order, then by {value} from largest to smallest, "
                          f"then by name in alphabetical order.")
        spec["conditions"] = [{k_: c[k_] for k_ in ("col", "op", "value")} for c in conds]
        return self.draft(db, question, sql, columns, params["ordered"], order_text, spec=spec,
                          min_rows=1 if fallback else 2)

    def effort(self, problem):
        # every row is filtered and placed among the best k of its group (k comparisons), after
        # summing the facts where the value is a total
        params, check = problem.params, problem.check
        items = max(3, params["rows"] * 3 // 4)
        totals = params["rows"] * 2 if params["totals"] else 0
        return items * (1 + len(check["spec"]["conditions"]) + params["k"]) + totals + db_rows(check["db"]) // 4
