"""Queries over one generated table: counting filtered rows, sorting with tie-breaks, and
column statistics (median, mode, range, mean) of a filtered column."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, number_text, read_items, read_token, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._amounts import grade_amount
from ._tables import (OP_LEVELS, THEMES, cond_text, filters_text, format_knob, holds, make_rows, random_conditions,
                      render_table, row_work, sorting_work, table_intro, theme_knob, value_of)

OPS_KNOB_CHOICES = tuple(OP_LEVELS)


def _table_text(theme, rows, fmt) -> str:
    return f"The table below lists {len(rows)} {theme.noun} as {table_intro(fmt)}.\n\n{render_table(theme.columns, rows, fmt)}"


def _derived_note(theme) -> str:
    name, a, b = theme.product
    return f"The {name} of a row is its {a} multiplied by its {b} (it is not a column of the table)."


@register
class FilterCount(Task):
    """Count the rows of a table that satisfy a set of conditions. Higher levels add rows,
    more conditions, comparison, negation, set and range conditions, and (from level 7) a mixed
    rule: the first condition and at least one of the others."""

    name = "data/filter_count"
    knobs = (
        theme_knob(), format_knob(),
        Knob("n_rows", [6, 8, 10, 12, 15, 18, 22, 26, 32, 40, 46, 52, 58, 64, 70, 76, 82, 90, 100, 110], (2, 400),
             doc="rows in the table"),
        Knob("n_values", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7] + [7] * 10, (1, 7), doc="distinct values per category column"),
        Knob("n_conditions", [1, 1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8], (1, 8),
             doc="conditions in the filter"),
        Knob("ops", ["equals", "compare", "compare"] + ["all"] * 17,
             choices=OPS_KNOB_CHOICES, doc="condition kinds: equality only, simple comparisons, or all"),
        Knob("logic", ["and"] * 6 + [["and", "mixed"], ["and", "mixed"]] + ["mixed"] * 12,
             choices=("and", "mixed"), doc="'and': all conditions; 'mixed': the first and at least one other"),
    )
    answer_format = "a whole number (the count of rows)"
    example = "-7"  # a count is never negative: never the answer

    def build(self, rng, params):
        theme = THEMES[params["theme"]]
        logic = params["logic"] if params["n_conditions"] >= 3 else "and"
        rows = make_rows(rng, theme, params["n_rows"], params["n_values"])
        # redraw the conditions (not the rows) until they keep a fair share of rows: counts of 0 or
        # 1 would be too easy to guess
        want = rng.randint(1, max(1, params["n_rows"] // 3))
        best = None
        for _attempt in range(12):
            conds = random_conditions(rng, theme, rows, OP_LEVELS[params["ops"]], params["n_conditions"])
            count = sum(1 for r in rows if self.selected(r, conds, logic, theme))
            if best is None or count > best[0]:
                best = (count, conds)
            if count >= want:
                break
        count, conds = best
        if logic == "and":
            rule = "How many rows satisfy all of these conditions?\n" + "\n".join(f"- {cond_text(c)}" for c in conds)
        else:
            rule = (f"How many rows satisfy the first condition below AND at least one of the remaining conditions?\n"
                    f"First condition: {cond_text(conds[0])}\nRemaining conditions:\n"
                    + "\n".join(f"- {cond_text(c)}" for c in conds[1:]))
        return Draft(f"{_table_text(theme, rows, params['fmt'])}\n\n{rule}", str(count), {"value": count})

    @staticmethod
    def selected(row, conds, logic, theme) -> bool:
        if logic == "and":
            return all(holds(c, row, theme) for c in conds)
        return holds(conds[0], row, theme) and any(holds(c, row, theme) for c in conds[1:])

    def effort(self, problem):
        # every row is checked against every condition, and the rows that pass are counted
        params = problem.params
        return row_work(params["n_rows"], params["n_conditions"], 1, problem.prompt)

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the number of matching rows")


@register
class SortTopK(Task):
    """Sort the rows of a table by one or more keys (with stated directions and tie-breaks) and
    list the first k ids. Higher levels add rows, more sort keys with mixed directions, narrower
    value ranges (so ties need the tie-break keys), filters applied before sorting, and a
    derived sort key (the product of two columns)."""

    name = "data/sort_top_k"
    knobs = (
        theme_knob(), format_knob(),
        Knob("n_rows", [5, 6, 8, 10, 12, 14, 16, 20, 24, 30, 36, 42, 48, 54, 60, 66, 72, 80, 88, 96], (2, 400),
             doc="rows in the table"),
        Knob("k", [1, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 12], (1, 20),
             doc="how many ids to list"),
        Knob("n_keys", [1, 1, 2, 2, 2] + [3] * 15, (1, 3), doc="sort keys before the final id tie-break"),
        Knob("num_range", [60, 40, 20, 12, 10, 8, 6, 6, 5, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3], (1, 100),
             doc="spread of the integer columns (small spreads force ties)"),
        Knob("n_filters", [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (0, 6),
             doc="conditions rows must meet before sorting"),
        Knob("derived", [False] * 5 + [True] * 15, doc="whether the first key may be the derived product column"),
    )
    answer_format = "the ids as a comma-separated list, in sorted order"
    example = "X104,X388,X122"  # no theme's ids start with X, so never the answer

    def build(self, rng, params):
        theme = THEMES[params["theme"]]
        for _attempt in range(20):
            rows = make_rows(rng, theme, params["n_rows"], 4, num_hi=params["num_range"])
            conds = random_conditions(rng, theme, rows, OP_LEVELS["all"], params["n_filters"])
            kept = [r for r in rows if all(holds(c, r, theme) for c in conds)]
            if len(kept) >= params["k"]:
                break
        else:
            conds, kept = [], rows
        keys = self._keys(rng, theme, params)
        order = sort_rows(kept, keys, theme)
        top = [r[theme.key] for r in order[:params["k"]]]
        key_text = ", then ".join(f"{col} {direction_text(col, desc, theme)}" for col, desc in keys)
        note = f"{_derived_note(theme)}\n" if any(col == theme.product[0] for col, _ in keys) else ""
        filt = (f"First keep only the rows that satisfy all of: {filters_text(conds)}.\n" if conds else "")
        k = params["k"]
        what = "the id of the first row" if k == 1 else f"the ids of the first {k} rows, in order"
        question = (f"{_table_text(theme, rows, params['fmt'])}\n\n{note}{filt}Sort the rows by {key_text}; rows "
                    f"that are still tied are ordered by {theme.key} ascending (alphabetical order). Give {what}.")
        return Draft(question, ",".join(top), {"ids": top, "all": sorted(r[theme.key] for r in rows)})

    @staticmethod
    def _keys(rng, theme, params):
        nums = list(theme.num_names)
        cats = list(theme.cat_names)
        first = theme.product[0] if params["derived"] and rng.random() < 0.6 else rng.choice(nums)
        keys = [(first, rng.random() < 0.7)]
        pool = [c for c in nums + cats if c != first and not (first == theme.product[0] and c in theme.product[1:])]
        rng.shuffle(pool)
        for col in pool[:params["n_keys"] - 1]:
            keys.append((col, rng.random() < 0.5))
        return keys

    def effort(self, problem):
        # the filters on every row, then k rounds of picking the first remaining row, each
        # comparing the rows by up to n_keys keys
        params = problem.params
        picking = params["k"] * params["n_rows"] * params["n_keys"]
        return row_work(params["n_rows"], params["n_filters"], 0, problem.prompt) + picking

    def grade(self, answer, problem):
        try:
            ids = [read_token(item, r"[A-Za-z]\d+", "an id such as S104").upper()
                   for item in read_items(answer, separators=",;")]
        except ParseError as exc:
            return refused(exc)
        expected = problem.check["ids"]
        unknown = [s for s in ids if s not in problem.check["all"]]
        if unknown:
            return wrong(f"{unknown[0][:20]} is not an id in the table.")
        if len(ids) != len(expected):
            return wrong(f"Give exactly {len(expected)} id(s).")
        return right() if ids == expected else wrong("Those are not the first rows in sorted order.")


def direction_text(col, desc, theme) -> str:
    if col in theme.cat_names:
        return "descending (reverse alphabetical order)" if desc else "ascending (alphabetical order)"
    return "descending (largest first)" if desc else "ascending (smallest first)"


def sort_rows(rows, keys, theme):
    """Rows sorted by (column, descending) keys, then by the id column ascending. Stable sorts
    applied from the last key to the first give the lexicographic order."""
    out = sorted(rows, key=lambda r: r[theme.key])
    for col, desc in reversed(keys):
        out = sorted(out, key=lambda r: value_of(r, col, theme), reverse=desc)
    return out


STATS = ("median", "mode", "range", "mean")


def median(values) -> Fraction:
    s = sorted(values)
    n = len(s)
    return Fraction(s[n // 2]) if n % 2 else Fraction(s[n // 2 - 1] + s[n // 2], 2)


@register
class ColumnStats(Task):
    """A statistic (median, mode, range or mean) of one column over the rows that pass a filter.
    Higher levels add rows, more statistics, more filter conditions, even counts (the median is
    the mean of two middle values) and the derived product column."""

    name = "data/column_stats"
    knobs = (
        theme_knob(), format_knob(),
        Knob("n_rows", [5, 7, 9, 11, 13, 16, 20, 24, 28, 34, 40, 46, 52, 58, 64, 70, 76, 82, 90, 100], (2, 400),
             doc="rows in the table"),
        Knob("stats", [["median", "range"], ["median", "range"], ["median", "mode", "range"]] + [list(STATS)] * 17,
             choices=STATS, doc="statistic asked (a list: one drawn per problem)"),
        Knob("n_filters", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5], (0, 6),
             doc="conditions rows must meet"),
        Knob("derived", [False] * 4 + [True] * 16, doc="whether the column may be the derived product column"),
    )
    answer_format = "an exact number: an integer, a finite decimal, or a fraction p/q"
    example = "-23.5"  # statistics of positive values are never negative: never the answer

    def build(self, rng, params):
        theme = THEMES[params["theme"]]
        stat = params["stats"]
        for _attempt in range(30):
            # the mode needs repeated values: a narrow range makes them likely
            rows = make_rows(rng, theme, params["n_rows"], 4, num_hi=8 if stat == "mode" else None)
            conds = random_conditions(rng, theme, rows, OP_LEVELS["all"], params["n_filters"])
            kept = [r for r in rows if all(holds(c, r, theme) for c in conds)]
            col = theme.product[0] if params["derived"] and rng.random() < 0.5 else rng.choice(theme.num_names)
            values = [value_of(r, col, theme) for r in kept]
            if len(values) < 2:
                continue
            if stat == "mode":
                counts = Counter(values).most_common()
                if len(counts) > 1 and counts[0][1] == counts[1][1] or counts[0][1] < 2:
                    continue
            break
        else:
            # no usable column in 30 tables (rare: many filters, or a tied mode): the last table
            # without filters, and its median where its mode is tied
            conds, kept = [], rows
            values = [value_of(r, col, theme) for r in kept]
            counts = Counter(values).most_common()
            if stat == "mode" and (len(counts) > 1 and counts[0][1] == counts[1][1] or counts[0][1] < 2):
                stat = "median"
        value = self.statistic(stat, values)
        definition = {
            "median": "the median is the middle value of the sorted values, or the mean of the two middle values "
                      "when there is an even number of them",
            "mode": "the mode is the value that occurs most often (here exactly one value does)",
            "range": "the range is the largest value minus the smallest value",
            "mean": "the mean is the sum of the values divided by how many there are (give it exactly)",
        }[stat]
        note = f"{_derived_note(theme)}\n" if col == theme.product[0] else ""
        scope = f"the rows that satisfy all of: {filters_text(conds)}" if conds else "all rows"
        question = (f"{_table_text(theme, rows, params['fmt'])}\n\n{note}Consider the {col} values of {scope}. "
                    f"What is the {stat} of those values? Here {definition}.")
        return Draft(question, number_text(value), {"value": [value.numerator, value.denominator], "stat": stat})

    @staticmethod
    def statistic(stat, values) -> Fraction:
        if stat == "median":
            return median(values)
        if stat == "mode":
            return Fraction(Counter(values).most_common(1)[0][0])
        if stat == "range":
            return Fraction(max(values) - min(values))
        return Fraction(sum(values), len(values))

    def effort(self, problem):
        # the filters and the value read on every row; then the statistic over those values (a
        # median sorts them, the others take one pass)
        params, n = problem.params, problem.params["n_rows"]
        statistic = sorting_work(n) if problem.check["stat"] == "median" else n
        return row_work(n, params["n_filters"], 1, problem.prompt) + statistic

    def grade(self, answer, problem):
        p, q = problem.check["value"]
        return grade_amount(answer, Fraction(p, q), f"the {problem.check['stat']}")
