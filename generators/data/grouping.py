"""Grouping a generated table: an aggregate of one group, the group with the largest or smallest
aggregate, and cells of a pivot table (cross-tab) built from the rows."""
from __future__ import annotations

from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, number_text, read_items, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._amounts import grade_amount
from ._tables import (OP_LEVELS, THEMES, filters_text, format_knob, grade_name, holds, make_rows, random_conditions,
                      render_table, row_work, table_intro, theme_knob, value_of)

AGGS = ("sum", "count", "mean", "max", "min")
AGG_WORDS = {"sum": "total", "count": "number of rows", "mean": "mean", "max": "largest", "min": "smallest"}


def aggregate(agg: str, values: list) -> Fraction | None:
    """sum, count, mean, max or min of a list; None for mean/max/min of nothing."""
    if agg == "sum":
        return Fraction(sum(values))
    if agg == "count":
        return Fraction(len(values))
    if not values:
        return None
    if agg == "mean":
        return Fraction(sum(values), len(values))
    return Fraction(max(values) if agg == "max" else min(values))


def group_values(rows, group_col, value_col, theme) -> dict[str, list]:
    """{group value: [values of value_col]} over the rows, in sorted group order."""
    out: dict[str, list] = {}
    for r in sorted(rows, key=lambda r: r[group_col]):
        out.setdefault(r[group_col], []).append(value_of(r, value_col, theme))
    return out


def agg_phrase(agg: str, col: str) -> str:
    return "number of rows" if agg == "count" else f"{AGG_WORDS[agg]} {col}"


def _intro(theme, rows, fmt) -> str:
    return f"The table below lists {len(rows)} {theme.noun} as {table_intro(fmt)}.\n\n{render_table(theme.columns, rows, fmt)}"


def _note(theme, col) -> str:
    name, a, b = theme.product
    return f"The {name} of a row is its {a} multiplied by its {b} (it is not a column of the table).\n" if col == name else ""


def _value_col(rng, theme, derived: bool) -> str:
    return theme.product[0] if derived and rng.random() < 0.5 else rng.choice(theme.num_names)


def _filtered(rng, theme, rows, n_filters, avoid):
    """Filter conditions on columns other than `avoid`, and the rows that pass them."""
    cols = [c for c in theme.cat_names + theme.num_names if c != avoid]
    conds = random_conditions(rng, theme, rows, OP_LEVELS["all"], n_filters, cols=cols)
    return conds, [r for r in rows if all(holds(c, r, theme) for c in conds)]


def _scope(conds) -> str:
    return f"Use only the rows that satisfy all of: {filters_text(conds)}.\n" if conds else ""


KINDS = ("total", "mean", "count", "diff", "max_group")


@register
class GroupAggregate(Task):
    """Group a table by one column and compute an aggregate: one group's total, mean or row count,
    the difference between two groups' totals, or the largest group total. Higher levels add rows
    and groups, more question kinds, filters applied before grouping, and the derived product
    column."""

    name = "data/group_aggregate"
    knobs = (
        theme_knob(), format_knob(),
        Knob("n_rows", [6, 8, 10, 12, 14, 16, 20, 24, 28, 34, 40, 46, 52, 58, 64, 70, 76, 82, 90, 100], (2, 400),
             doc="rows in the table"),
        Knob("n_groups", [2, 2, 3, 3, 4, 4, 5, 5, 6, 7] + [7] * 10, (1, 7),
             doc="distinct values of each category column"),
        Knob("kinds", ["total", ["total", "count"], ["total", "count", "mean"], ["total", "mean", "diff"]]
             + [list(KINDS)] * 16, choices=KINDS, doc="question kind (a list: one drawn per problem)"),
        Knob("n_filters", [0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5], (0, 6),
             doc="conditions rows must meet before grouping"),
        Knob("derived", [False] * 4 + [True] * 16, doc="whether the value column may be the derived product column"),
    )
    answer_format = "an exact number: an integer, a finite decimal, or a fraction p/q"
    # never an answer: totals, counts and means of positive values are positive, and the one kind
    # that may be negative (a difference of totals) is a whole number
    example = "-62.5"

    def build(self, rng, params):
        theme = THEMES[params["theme"]]
        kind = params["kinds"]
        for _attempt in range(30):
            rows = make_rows(rng, theme, params["n_rows"], params["n_groups"])
            group_col = rng.choice(theme.cat_names)
            col = _value_col(rng, theme, params["derived"])
            conds, kept = _filtered(rng, theme, rows, params["n_filters"], group_col)
            groups = group_values(kept, group_col, col, theme)
            if kind in ("diff",) and len(groups) < 2 or not groups:
                continue
            break
        else:
            raise ValueError("could not draw a table with enough groups after filtering; raise n_rows")
        names = sorted(groups)
        g = rng.choice([n for n in names if len(groups[n]) >= 2] or names)  # prefer groups with several rows
        if kind == "total":
            value, ask = Fraction(sum(groups[g])), f"What is the total {col} of the rows whose {group_col} is {g}?"
        elif kind == "count":
            value, ask = Fraction(len(groups[g])), f"How many rows have {group_col} {g}?"
        elif kind == "mean":
            value = Fraction(sum(groups[g]), len(groups[g]))
            ask = f"What is the mean {col} of the rows whose {group_col} is {g}? Give it exactly."
        elif kind == "diff":
            g1, g2 = rng.sample(names, 2)
            value = Fraction(sum(groups[g1]) - sum(groups[g2]))
            ask = (f"Group the rows by {group_col}. What is the total {col} of group {g1} minus the total {col} "
                   f"of group {g2}? (The result may be negative.)")
        else:
            value = max(Fraction(sum(v)) for v in groups.values())
            ask = (f"Group the rows by {group_col} and add up {col} within each group. What is the largest of "
                   f"these group totals?")
        if kind == "count":
            question = f"{_intro(theme, rows, params['fmt'])}\n\n{_scope(conds)}{ask}"
        else:
            question = f"{_intro(theme, rows, params['fmt'])}\n\n{_note(theme, col)}{_scope(conds)}{ask}"
        return Draft(question, number_text(value), {"value": [value.numerator, value.denominator]})

    def effort(self, problem):
        # one pass over the rows: the filters, the group value and the value to add up; then the
        # groups the question compares (all of them for the largest total)
        params = problem.params
        compared = {"diff": 2, "max_group": params["n_groups"]}.get(params["kinds"], 1)
        return row_work(params["n_rows"], params["n_filters"], 2, problem.prompt) + compared

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        return grade_amount(answer, Fraction(p, q), "the requested value")


ARG_AGGS = ("sum", "count", "mean")


@register
class GroupArgmax(Task):
    """Which group has the largest (or smallest) aggregate: group a table by a category column and
    compare the groups' totals, row counts or means. Ties are redrawn, so exactly one group wins.
    Higher levels add groups and rows, means and counts, smallest as well as largest, filters
    before grouping, the derived product column, and the second-ranked group."""

    name = "data/group_argmax"
    knobs = (
        theme_knob(), format_knob(),
        Knob("n_rows", [6, 8, 10, 12, 14, 16, 20, 24, 28, 34, 40, 46, 52, 58, 64, 70, 76, 82, 90, 100], (2, 400),
             doc="rows in the table"),
        Knob("n_groups", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7] + [7] * 10, (2, 7),
             doc="distinct values of each category column"),
        Knob("aggs", ["sum", "sum", ["sum", "count"]] + [list(ARG_AGGS)] * 17, choices=ARG_AGGS,
             doc="aggregate compared (a list: one drawn per problem)"),
        Knob("smallest", [False] * 3 + [True] * 17,
             doc="whether the question may ask for the smallest instead of the largest"),
        Knob("n_filters", [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5], (0, 6),
             doc="conditions rows must meet before grouping"),
        Knob("derived", [False] * 5 + [True] * 15, doc="whether the value column may be the derived product column"),
        Knob("second", [False] * 7 + [True] * 13, doc="whether the question may ask for the second-ranked group"),
    )
    answer_format = "one group name exactly as it appears in the table"
    example = "Midwest"  # a value no theme uses, so never the answer

    def build(self, rng, params):
        theme = THEMES[params["theme"]]
        agg = params["aggs"]
        for _attempt in range(100):
            if _attempt % 3 == 0:  # redraw the question on the same rows a few times before new rows
                rows = make_rows(rng, theme, params["n_rows"], params["n_groups"])
            group_col = rng.choice(theme.cat_names)
            col = _value_col(rng, theme, params["derived"])
            # rarely (counts after heavy filtering tie often) fall back to fewer filters
            n_filters = params["n_filters"] if _attempt < 50 else params["n_filters"] // 2
            conds, kept = _filtered(rng, theme, rows, n_filters, group_col)
            groups = group_values(kept, group_col, col, theme)
            rank = 1 if not params["second"] or rng.random() < 0.5 else 2
            if len(groups) < rank + 1:
                continue
            smallest = params["smallest"] and rng.random() < 0.5
            scored = sorted(((aggregate(agg, v), g) for g, v in groups.items()), reverse=not smallest)
            scores = [s for s, _ in scored]
            if scores[rank - 1] in scores[:rank - 1] + scores[rank:]:
                continue  # a tie at the asked rank: draw again so exactly one group answers
            break
        else:
            raise ValueError("could not draw groups without ties; change n_rows or n_groups")
        winner = scored[rank - 1][1]
        which = ("largest" if not smallest else "smallest") if rank == 1 else \
            ("second largest" if not smallest else "second smallest")
        measure = {"sum": f"total {col}", "count": "number of rows", "mean": f"mean {col}"}[agg]
        note = _note(theme, col) if agg != "count" else ""
        ask = (f"Group the rows by {group_col}. Considering only {group_col} values that occur in at least one "
               f"{'remaining ' if conds else ''}row, which {group_col} has the {which} {measure}? (Exactly one does.)")
        question = f"{_intro(theme, rows, params['fmt'])}\n\n{note}{_scope(conds)}{ask}"
        options = sorted({r[group_col] for r in rows})
        return Draft(question, winner, {"value": winner, "options": options})

    def effort(self, problem):
        # one pass over the rows: the filters, the group value and the value to aggregate; then
        # every group's aggregate is ranked (a mean is one division more per group)
        params = problem.params
        per_group = 2 if params["aggs"] == "mean" else 1
        return row_work(params["n_rows"], params["n_filters"], 2, problem.prompt) + params["n_groups"] * per_group

    def grade(self, answer, problem):
        return grade_name(answer, problem.check["value"], problem.check["options"], "the group asked for")



PIVOT_KINDS = ("cell", "row_argmax", "max_cell", "count_above")


@register
class PivotCell(Task):
    """Build a pivot table (cross-tab) from raw rows, one category column down the side and another
    across the top, with a sum, count or mean in each cell; then read a cell, find the largest
    cell in a row, find the largest cell overall, or count the cells above a threshold. Higher
    levels add rows and categories, the harder question kinds, means and the derived column, and
    filters applied first."""

    name = "data/pivot_cell"
    knobs = (
        theme_knob(), format_knob(),
        Knob("n_rows", [6, 8, 10, 12, 15, 18, 22, 26, 30, 36, 42, 48, 54, 60, 66, 72, 80, 88, 96, 105], (2, 400),
             doc="rows in the table"),
        Knob("n_values", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 7], (1, 7),
             doc="distinct values of each category column"),
        Knob("kinds", ["cell", "cell", ["cell", "row_argmax"], ["cell", "row_argmax"]] + [list(PIVOT_KINDS)] * 16,
             choices=PIVOT_KINDS, doc="question kind (a list: one drawn per problem)"),
        Knob("aggs", ["sum", "sum", ["sum", "count"], ["sum", "count"], ["sum", "count"]] + [list(ARG_AGGS)] * 15,
             choices=ARG_AGGS, doc="cell aggregate (a list: one drawn per problem)"),
        Knob("n_filters", [0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3], (0, 6),
             doc="conditions rows must meet first"),
        Knob("derived", [False] * 5 + [True] * 15, doc="whether the value column may be the derived product column"),
    )
    answer_format = "what the question asks for"
    example = "-42"
    # examples that are never answers: cells hold sums, counts and means of positive values, counts
    # are never negative, and Midwest and Doohickey are values no theme uses
    FORMATS = {
        "cell": ("an exact number: an integer, a finite decimal, or a fraction p/q", "-42"),
        "count_above": ("a whole number (the count of cells)", "-3"),
        "row_argmax": ("one column value exactly as it appears in the table", "Doohickey"),
        "max_cell": ("the row value and the column value, separated by a comma", "Midwest, Doohickey"),
    }

    def build(self, rng, params):
        theme = THEMES[params["theme"]]
        kind, agg = params["kinds"], params["aggs"]
        last = None  # the last table drawn with some cells, for the fallback after the loop
        for _attempt in range(60):
            rows = make_rows(rng, theme, params["n_rows"], params["n_values"])
            row_col, col_col = rng.sample(theme.cat_names, 2)
            col = _value_col(rng, theme, params["derived"])
            cols = [c for c in theme.cat_names + theme.num_names if c not in (row_col, col_col)]
            conds = random_conditions(rng, theme, rows, OP_LEVELS["all"], params["n_filters"], cols=cols)
            kept = [r for r in rows if all(holds(c, r, theme) for c in conds)]
            if not kept:
                continue
            table = pivot(kept, row_col, col_col, col, agg, theme)
            row_keys = sorted({r[row_col] for r in kept})
            col_keys = sorted({r[col_col] for r in kept})
            cells = {(a, b): v for (a, b), v in table.items() if v is not None}
            last = rows, row_col, col_col, col, conds, cells
            if kind == "cell":
                key = rng.choice(sorted(k for k, v in cells.items() if v > 1) or sorted(cells))
                value = cells[key]
                break
            if kind == "row_argmax":
                a = rng.choice(row_keys)
                mine = sorted(((v, b) for (r, b), v in cells.items() if r == a), reverse=True)
                if len(mine) >= 2 and mine[0][0] != mine[1][0]:
                    value = mine[0][1]
                    break
                continue
            if kind == "max_cell":
                ranked = sorted(((v, k) for k, v in cells.items()), reverse=True)
                if len(ranked) >= 2 and ranked[0][0] != ranked[1][0]:
                    value = ranked[0][1]
                    break
                continue
            distinct = sorted(set(cells.values()))
            if len(distinct) >= 3:
                threshold = distinct[rng.randrange(0, len(distinct) - 1)]
                threshold = Fraction(int(threshold))  # a whole-number threshold, even between mean cells
                value = sum(1 for v in cells.values() if v > threshold)
                break
        else:
            # no unique answer of that kind in 60 tables (sparse counts under many filters): ask
            # for one cell of the last table instead
            if last is None:
                raise ValueError("could not draw a pivot table with a non-empty cell; raise n_rows")
            rows, row_col, col_col, col, conds, cells = last
            kind = "cell"
            key = rng.choice(sorted(k for k, v in cells.items() if v > 1) or sorted(cells))
            value = cells[key]
        measure = {"sum": f"the total {col} of the rows", "count": "the number of rows",
                   "mean": f"the mean {col} of the rows"}[agg]
        setup = (f"Build a pivot table with one row per {row_col} value and one column per {col_col} value; the cell "
                 f"for a ({row_col}, {col_col}) pair holds {measure} with that pair. A pair with no "
                 f"rows has an empty cell, which is ignored.")
        if kind == "cell":
            ask = f"What is the value of the cell for {row_col} {key[0]} and {col_col} {key[1]}? Give it exactly."
            answer, check = number_text(value), {"value": [value.numerator, value.denominator]}
        elif kind == "row_argmax":
            ask = f"In the row for {row_col} {a}, which {col_col} has the largest non-empty cell? (Exactly one does.)"
            answer, check = value, {"value": value, "options": col_keys}
        elif kind == "max_cell":
            ask = (f"Which cell holds the largest value in the whole pivot table? (Exactly one does.) Give its "
                   f"{row_col} and its {col_col}.")
            answer, check = f"{value[0]}, {value[1]}", {"pair": list(value), "rows": row_keys, "cols": col_keys}
        else:
            ask = f"How many non-empty cells hold a value greater than {int(threshold)}?"
            answer, check = str(value), {"count": value}
        check["kind"] = kind
        question = f"{_intro(theme, rows, params['fmt'])}\n\n{_note(theme, col) if agg != 'count' else ''}{_scope(conds)}{setup}\n{ask}"
        fmt, example = self.FORMATS[kind]
        return Draft(question, answer, check, fmt, example)

    def effort(self, problem):
        # one pass over the rows: the filters, the row and column values and the value to
        # aggregate; then the cells the question looks at (a row of them, or the whole table)
        params, kind = problem.params, problem.check["kind"]
        side = params["n_values"]
        looked_at = {"cell": 1, "row_argmax": side}.get(kind, side * side)
        return row_work(params["n_rows"], params["n_filters"], 3, problem.prompt) + looked_at

    def grade(self, answer, problem):
        c = problem.check
        if c["kind"] == "cell":
            p, q = c["value"]
            return grade_amount(answer, Fraction(p, q), "the value of that cell")
        if c["kind"] == "count_above":
            return grade_int(answer, c["count"], "the number of such cells")
        if c["kind"] == "row_argmax":
            return grade_name(answer, c["value"], c["options"], "the column with the largest cell")
        try:
            parts = read_items(answer, separators=",;")
        except ParseError as exc:
            return refused(exc)
        if len(parts) != 2:
            return wrong("Give the row value and the column value, separated by a comma.")
        rows = {r.lower(): r for r in c["rows"]}
        cols = {k.lower(): k for k in c["cols"]}
        first, second = (" ".join(part.lower().split()) for part in parts)
        if first not in rows and second in rows:  # the two names come from disjoint pools: order is clear
            first, second = second, first
        if first not in rows or second not in cols:
            return wrong("Give one row value and one column value from the table.")
        return right() if [rows[first], cols[second]] == c["pair"] else wrong("That is not the largest cell.")


def pivot(rows, row_col, col_col, value_col, agg, theme) -> dict:
    """{(row value, column value): aggregate or None} over every pair of values present."""
    row_keys = sorted({r[row_col] for r in rows})
    col_keys = sorted({r[col_col] for r in rows})
    buckets: dict = {(a, b): [] for a in row_keys for b in col_keys}
    for r in rows:
        buckets[(r[row_col], r[col_col])].append(value_of(r, value_col, theme))
    return {k: (aggregate(agg, v) if v else None) for k, v in buckets.items()}
