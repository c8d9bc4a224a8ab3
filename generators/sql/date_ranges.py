"""Dates stored as ISO text: rows within a period, and counts or totals per month (substr)."""
from __future__ import annotations

from procgym import Knob, register

from ._database import THEMES, db_rows, make_db, table_of
from ._conditions import kinds, random_conditions
from ._task import NULL_NOTE, SqlTask, theme_knob

LENIENT = ("<>", ">=", "<=", "in")
KINDS = ("period", "month_count", "month_sum", "calendar_month")


@register
class DateRanges(SqlTask):
    """Write a query over the facts table, whose dates are ISO text (YYYY-MM-DD): the ids of the
    rows dated within a period (both ends included), the number of rows per month (as YYYY-MM
    text), the total of a column per month, or the number of rows per calendar month (1 to 12,
    all years together). Higher levels add rows, the monthly kinds, months crowded into fewer
    years, a period that restricts the monthly kinds too, filters, distractors and NULLs
    (a row with a NULL date is in no period and no month)."""

    name = "sql/date_ranges"
    knobs = (
        theme_knob(),
        Knob("rows", [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 24], (2, 30),
             doc="rows of the people table (the facts table has twice as many)"),
        Knob("extras", [0, 0, 1, 1, 1, 2, 2, 2, 2, 2] + [2] * 10, (0, 2), doc="distractor columns per table"),
        Knob("distractors", [False, False, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether tables no question needs are in the database"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 4, 4, 4, 4] + [4] * 10, (1, 4),
             doc="kinds: period; + per-month count; + per-month total; + per calendar month"),
        Knob("months", [12, 12, 9, 9, 6, 6, 6, 4, 4, 4, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2], (1, 12),
             doc="months of the year the dates fall in (few months: many rows share one)"),
        Knob("in_period", [False] * 8 + [True] * 12, doc="whether the monthly kinds count only rows in a period"),
        Knob("filters", [0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2], (0, 2),
             doc="conditions on the rows besides the dates"),
        Knob("null_rate", [0.0] * 5 + [0.1] * 4 + [0.15] * 3 + [0.2] * 8, (0.0, 0.5), doc="chance a value is NULL"),
    )

    def build(self, rng, params):
        return self.build_with_retries(rng, params)

    def attempt(self, rng, params, fallback):
        theme = THEMES[params["theme"]]
        roles = "F" + ("ABCDF" if params["distractors"] else "")
        db = make_db(rng, theme, params["rows"], params["extras"], roles, params["null_rate"])
        f = table_of(db, "F")
        dc = f"{theme.F.noun}_date"
        # the dates: the row's year where it has one, months from a few of the year's, any day to 28
        months = sorted(rng.sample(range(1, 13), params["months"]))
        yi = [c[0] for c in f["columns"]].index("year")
        f["columns"].append([dc, "TEXT", ""])
        for r in f["rows"]:
            year = r[yi] if r[yi] is not None else 2020 + int(rng.random() * 4)
            date = f"{year}-{months[int(rng.random() * len(months))]:02d}-{1 + int(rng.random() * 28):02d}"
            r.append(None if params["null_rate"] and rng.random() < params["null_rate"] else date)
        dated = [r for r in f["rows"] if r[-1] is not None] or f["rows"][:1]
        if dated[0][-1] is None:
            dated[0][-1] = "2021-06-15"
        anchor = dated[int(rng.random() * len(dated))] if not fallback else dated[0]
        kind = "period" if fallback else rng.choice(KINDS[:params["kinds"]])
        conds = [] if fallback else random_conditions(rng, db, "F", f, params["filters"], LENIENT,
                                                      exclude=("year", dc), anchor=anchor)
        fnum = kinds(f)["num"][0]  # the facts' own measure (quantity, score, price...)
        dates = sorted({r[-1] for r in dated})
        period = None
        if kind == "period" or params["in_period"]:
            # a period around the anchor's date, so it keeps at least that row
            at = dates.index(anchor[-1])
            lo = dates[max(0, at - int(rng.random() * (len(dates) // 3 + 1)))]
            hi = dates[min(len(dates) - 1, at + int(rng.random() * (len(dates) // 3 + 1)))]
            period = (lo, hi)
        where = [f"{dc} IS NOT NULL"] if period is None else [f"{dc} BETWEEN '{period[0]}' AND '{period[1]}'"]
        where += [c["sql"] for c in conds]
        scope_parts = [c["text"] for c in conds]
        if period:
            scope_parts.insert(0, f"{dc} is from {period[0]} to {period[1]} (both days included)")
        scope = ("Use only the rows of " + f["name"] + " that satisfy all of: " + "; ".join(scope_parts) + "."
                 if scope_parts else f"Use only the rows of {f['name']} whose {dc} is not NULL.")
        tail = f" WHERE {' AND '.join(where)}"
        if kind == "period":
            sql = f"SELECT id FROM {f['name']}{tail}"
            ask = "Give the id of each of those rows."
            columns = ["id"]
        elif kind == "month_count":
            sql = f"SELECT substr({dc}, 1, 7) AS month, COUNT(*) FROM {f['name']}{tail} GROUP BY month"
            ask = ("For each month (a year and month) in which at least one of those rows is dated, give the month "
                   "as text in the form YYYY-MM and the number of those rows dated in it.")
            columns = ["the month (YYYY-MM)", "count"]
        elif kind == "month_sum":
            sql = f"SELECT substr({dc}, 1, 7) AS month, SUM({fnum}) FROM {f['name']}{tail} GROUP BY month"
            ask = ("For each month (a year and month) in which at least one of those rows is dated, give the month "
                   f"as text in the form YYYY-MM and the total {fnum} of those rows dated in it. {NULL_NOTE}")
            columns = ["the month (YYYY-MM)", f"the total {fnum}"]
        else:
            sql = (f"SELECT CAST(substr({dc}, 6, 2) AS INTEGER) AS month, COUNT(*) FROM {f['name']}{tail} "
                   f"GROUP BY month")
            ask = ("For each calendar month (1 for January to 12 for December, all years together) in which at least "
                   "one of those rows is dated, give the month's number (an integer) and the number of those rows "
                   "dated in it.")
            columns = ["the month number", "count"]
        question = f"The column {dc} holds dates as text in the form YYYY-MM-DD. {scope} {ask}"
        spec = {"kind": kind, "date": dc, "num": fnum, "period": list(period) if period else None,
                "conditions": [{q: c[q] for q in ("col", "op", "value")} for c in conds]}
        return self.draft(db, question, sql, columns, False, spec=spec)

    def effort(self, problem):
        # every fact's date is compared with the period's ends, then filtered and added to its month
        spec, check = problem.check["spec"], problem.check
        facts = len(table_of(check["db"], "F")["rows"])
        return facts * (2 + len(spec["conditions"]) + (spec["period"] is not None)) + check["rows"] \
            + db_rows(check["db"]) // 4
