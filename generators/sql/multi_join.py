"""Join three or four tables along their foreign keys, filter on several of them, list or total."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

KINDS = ("list3", "list4", "total_by_lookup", "product_by_group")
ALL_OPS = ("=", "<>", ">", "<", ">=", "<=", "in", "between")


@register
class MultiJoin(SqlTask):
    """Write a query over a chain of joins: facts to people and items, items to their lookup
    table. List the people, items (or lookup) and fact values of the facts that meet conditions
    spread over the tables; or total a fact column per lookup row; or total a product of a fact
    column and an item column per people group. Higher levels add the fourth table, the totals,
    conditions on more tables, rows, distractor columns and tables, and NULLs."""

    name = "sql/multi_join"
    knobs = (
        theme_knob(),
        Knob("rows", [5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table (the facts table has twice as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="kinds: list over 3 tables; + over 4; + totals per lookup row; + totals of a product per group"),
        Knob("conditions", [1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6], (1, 6),
             doc="conditions, spread over the tables"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        kind = rng.choice(KINDS[:params["kinds"]])
        roles = "ABCF" + ("D" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        a, b, c, f = (table_of(db, r) for r in "ABCF")
        fk_a = next(x[0] for x in f["columns"] if x[2] == a["name"])
        fk_b = next(x[0] for x in f["columns"] if x[2] == b["name"])
        fk_c = next(x[0] for x in b["columns"] if x[2] == c["name"])
        # conditions hold for one drawn fact and the rows it reaches: the list is never empty
        fact = pick_row(rng, f)
        names = [x[0] for x in f["columns"]]
        a_row = next(r for r in a["rows"] if r[0] == fact[names.index(fk_a)])
        b_row = next(r for r in b["rows"] if r[0] == fact[names.index(fk_b)])
        c_row = next(r for r in c["rows"] if r[0] == b_row[[x[0] for x in b["columns"]].index(fk_c)])
        sides = [("F", f, "f", fact, (fk_a, fk_b)), ("A", a, "a", a_row, ()), ("B", b, "b", b_row, (fk_c,))]
        if kind != "list3":
            sides.append(("C", c, "c", c_row, ()))
        counts = {role: 0 for role, *_ in sides}
        for _ in range(params["conditions"]):
            counts[rng.choice(sorted(counts))] += 1
        conds = []
        for role, table, alias, row, exclude in sides:
            conds += random_conditions(rng, db, role, table, counts[role], ALL_OPS, alias, exclude=exclude, anchor=row)
        fnum = kinds(f)["num"][0]
        joins = (f"FROM {f['name']} f JOIN {a['name']} a ON f.{fk_a} = a.id JOIN {b['name']} b ON f.{fk_b} = b.id"
                 + (f" JOIN {c['name']} c ON b.{fk_c} = c.id" if kind != "list3" else ""))
        where = f" WHERE {' AND '.join(x['sql'] for x in conds)}" if conds else ""
        links = (f"Each row of {f['name']} refers to a row of {a['name']} through {fk_a} and to a row of {b['name']} "
                 f"through {fk_b}" + (f"; each row of {b['name']} refers to a row of {c['name']} through {fk_c}"
                                      if kind != "list3" else "") + ".")
        rule = f" for which all of these hold: {'; '.join(x['text'] for x in conds)}" if conds else ""
        scope = f"Consider the rows of {f['name']}{rule}."
        if kind == "list3":
            sql = f"SELECT f.id, a.name, b.name, f.{fnum} {joins}{where}"
            columns = [f"the {f['name']} id", f"the {a['name']} name", f"the {b['name']} name", f"the {fnum}"]
            ask = f"{scope} For each of them give {', '.join(columns)}."
        elif kind == "list4":
            sql = f"SELECT f.id, a.name, c.name, f.{fnum} {joins}{where}"
            columns = [f"the {f['name']} id", f"the {a['name']} name", f"the {c['name']} name", f"the {fnum}"]
            ask = f"{scope} For each of them give {', '.join(columns)}."
        elif kind == "total_by_lookup":
            sql = f"SELECT c.name, SUM(f.{fnum}) {joins}{where} GROUP BY c.id, c.name"
            columns = [f"the {c['name']} name", f"the total {fnum}"]
            ask = (f"{scope} For each row of {c['name']} that at least one of them "
                   f"reaches, give its name and the sum of {fnum} over those rows of {f['name']} (NULL if every "
                   f"such {fnum} is NULL).")
        else:
            acat, bnum = kinds(a)["cat"][0], kinds(b)["num"][0]  # the people's group, the items' own measure
            sql = f"SELECT a.{acat}, SUM(f.{fnum} * b.{bnum}) {joins}{where} GROUP BY a.{acat}"
            columns = [f"the {a['name']} {acat}", f"the total of {fnum} times {bnum}"]
            ask = (f"{scope} For each of them, multiply its {fnum} by the {bnum} of the "
                   f"row of {b['name']} it refers to (the product is NULL if either is NULL). Group those rows by "
                   f"the {acat} of their {a['name']} row (a NULL {acat} forms one group, shown as NULL) and give, for "
                   f"each group, the {acat} and the sum of the products (skipping NULL products; NULL if all are).")
        question = f"{links} {ask} {NULL_NOTE}"
        spec = {"kind": kind, "fnum": fnum, "acat": kinds(a)["cat"][0], "bnum": kinds(b)["num"][0],
                "conditions": [{k: x[k] for k in ("col", "op", "value", "role")} for x in conds]}
        return self.draft(db, question, sql, columns, False, spec=spec)

    def effort(self, problem):
        # every fact is joined through the chain and tested on every condition; totals add a pass
        spec, rows = problem.check["spec"], problem.params["rows"]
        hops = 2 if spec["kind"] == "list3" else 3
        total = rows * 2 if spec["kind"] in ("total_by_lookup", "product_by_group") else 0
        return rows * 2 * (hops + len(spec["conditions"])) + total + db_rows(problem.check["db"]) // 4
