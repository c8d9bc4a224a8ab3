"""Ranks and running totals: window functions (or the equivalent correlated counts)."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, pick_row, random_conditions
from ._task import SqlTask, theme_knob

LENIENT = ("<>", ">=", "<=", "in")  # filters that keep enough rows for the ranks to mean something
KINDS = ("rank_all", "rank_in_group", "dense_in_group", "running_total", "rank_of_total")


@register
class WindowRank(SqlTask):
    """Write a query that gives every row a rank or a running total: its rank by a column over the
    whole table or within its group (equal values share a rank, with the next rank skipped, or
    dense ranks with none skipped), the running total of a fact column per person in id order,
    or each person's rank by the total of their facts. Ranks are defined in words, so a window
    function or a correlated count both work. Higher levels add rows, narrower value ranges
    (more ties), the harder kinds, filters, distractors and NULLs (rows with a NULL in the ranked
    or grouping column are left out)."""

    name = "sql/window_rank"
    knobs = (
        theme_knob(),
        Knob("rows", [5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36], (3, 45),
             doc="rows of the people table"),
        Knob("span", [60, 40, 20, 12, 10, 8, 6, 6, 5, 5, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3], (1, 1000),
             doc="spread of the integer columns (small spreads make ties)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("kinds", [1, 2, 2, 3, 3, 4, 4, 5, 5, 5] + [5] * 10, (1, 5),
             doc="kinds: overall rank; + rank in group; + dense rank in group; + running total; + rank of totals"),
        Knob("filters", [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 3),
             doc="conditions on the rows before ranking"),
        Knob("null_rate", [0.0] * 4 + [0.1] * 4 + [0.15] * 4 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        kind = rng.choice(KINDS[:params["kinds"]])
        roles = ("ABF" if kind in ("running_total", "rank_of_total") else "B") + ("ABCDF" if params["distractors"]
                                                                                 else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"],
                     num_span=params["span"])
        spec = {"kind": kind}
        if kind in ("rank_all", "rank_in_group", "dense_in_group"):
            b = table_of(db, "B")
            num, cat = rng.choice(kinds(b)["num"]), rng.choice(kinds(b)["cat"])
            conds = random_conditions(rng, db, "B", b, params["filters"], LENIENT, exclude=(num, cat),
                                      anchor=pick_row(rng, b))
            where = " AND ".join([f"{num} IS NOT NULL"] + ([f"{cat} IS NOT NULL"] if kind != "rank_all" else [])
                                 + [c["sql"] for c in conds])
            scope = (f"Use only the rows of {b['name']} whose {num} is not NULL"
                     + (f" and whose {cat} is not NULL" if kind != "rank_all" else "")
                     + "".join(f", and {c['text']}" for c in conds) + ".")
            if kind == "rank_all":
                sql = f"SELECT name, RANK() OVER (ORDER BY {num} DESC) FROM {b['name']} WHERE {where}"
                rule = (f"and its rank: 1 plus the number of those rows with a strictly larger {num} (equal values "
                        f"share a rank, and the ranks after a tie are skipped)")
                columns = ["name", "the rank"]
            elif kind == "rank_in_group":
                sql = (f"SELECT name, {cat}, RANK() OVER (PARTITION BY {cat} ORDER BY {num} DESC) FROM {b['name']} "
                       f"WHERE {where}")
                rule = (f"its {cat}, and its rank within its {cat}: 1 plus the number of those rows with the same "
                        f"{cat} and a strictly larger {num} (equal values share a rank, and the ranks after a tie "
                        f"are skipped)")
                columns = ["name", cat, "the rank"]
            else:
                sql = (f"SELECT name, {cat}, DENSE_RANK() OVER (PARTITION BY {cat} ORDER BY {num} DESC) "
                       f"FROM {b['name']} WHERE {where}")
                rule = (f"its {cat}, and its dense rank within its {cat}: 1 plus the number of different {num} "
                        f"values larger than its own among those rows with the same {cat} (so no rank is skipped)")
                columns = ["name", cat, "the dense rank"]
            question = f"{scope} For each of those rows give its name{'' if kind == 'rank_all' else ','} {rule}."
            spec.update(num=num, cat=cat, table=b["name"])
        else:
            a, f = table_of(db, "A"), table_of(db, "F")
            fk = next(c[0] for c in f["columns"] if c[2] == a["name"])
            fnum = kinds(f)["num"][0]  # the facts' own measure (quantity, score, price...)
            alias = "f" if kind == "rank_of_total" else ""
            conds = random_conditions(rng, db, "F", f, params["filters"], LENIENT, alias, exclude=(fk, fnum),
                                      anchor=pick_row(rng, f))
            for c in conds:  # the words name the column alone: the scope sentence names the table
                c["text"] = c["text"].replace(f"the {f['name']} ", "", 1)
            where = " AND ".join([f"{alias + '.' if alias else ''}{fnum} IS NOT NULL"] + [c["sql"] for c in conds])
            scope = (f"Use only the rows of {f['name']} whose {fnum} is not NULL"
                     + "".join(f", and {c['text']}" for c in conds) + ".")
            if kind == "running_total":
                sql = (f"SELECT id, SUM({fnum}) OVER (PARTITION BY {fk} ORDER BY id) FROM {f['name']} "
                       f"WHERE {where}")
                question = (f"{scope} For each of those rows give its id and its running total: the sum of {fnum} "
                            f"over those rows with the same {fk} and an id no larger than its own.")
                columns = ["id", "the running total"]
            else:
                sql = (f"SELECT a.name, RANK() OVER (ORDER BY SUM(f.{fnum}) DESC) FROM {f['name']} f JOIN "
                       f"{a['name']} a ON f.{fk} = a.id WHERE {where} "
                       f"GROUP BY a.id, a.name")
                question = (f"{scope} The total of a row of {a['name']} is the sum of {fnum} over those rows of "
                            f"{f['name']} that refer to it through {fk}. For each row of {a['name']} that at least "
                            f"one of those rows refers to, give its name and its rank by total: 1 plus the number of "
                            f"such {a['name']} rows with a strictly larger total (equal totals share a rank, and the "
                            f"ranks after a tie are skipped).")
                columns = [f"the {a['name']} name", "the rank"]
            spec.update(num=fnum, key=fk)
        spec["conditions"] = [{k: c[k] for k in ("col", "op", "value")} for c in conds]
        return self.draft(db, question, sql, columns, False, spec=spec, min_rows=1 if fallback else 3)

    def effort(self, problem):
        # each kept row is compared with the other rows of its group (a rank counts larger values)
        spec, check = problem.check["spec"], problem.check
        rows = problem.params["rows"]
        return rows * (1 + len(spec["conditions"])) + check["rows"] * max(1, check["rows"] // 2) \
            + db_rows(check["db"]) // 4
