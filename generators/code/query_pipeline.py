"""Evaluate a SQL-like query pipeline (where, set, order by, limit, skip, then an aggregate)
over a small table."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, table

from ._int_lists import grade_int_list
from ._pipeline import RULES, run, show

COLS = ("a", "b", "c")
# stage kinds in the order the levels introduce them
KINDS = ("where", "limit", "set", "order", "skip", "wheremod")
FINALS = ("count", "sum", "max", "min", "values")


def _stage(rng, kinds, cols, n_rows, floor):
    kind = kinds[rng.randrange(len(kinds))]
    col = cols[rng.randrange(len(cols))]
    if kind == "where":
        other = [c for c in cols if c != col]
        x = other[rng.randrange(len(other))] if other and rng.random() < 0.3 else rng.randint(2, 8)
        return ("where", col, rng.choice(("<", "<=", ">", ">=", "!=")), x, 0)
    if kind == "wheremod":
        m = rng.randint(2, 3)
        return ("where", col, rng.choice(("==", "!=")), rng.randrange(m), m)
    if kind == "set":
        x = col
        y = cols[rng.randrange(len(cols))] if rng.random() < 0.6 else rng.randint(1, 5)
        target = rng.choice(("c", "d")) if "d" not in cols else cols[rng.randrange(len(cols))]
        return ("set", target, x, rng.choice(("+", "-", "*")), y)
    if kind == "order":
        return ("order", col, rng.random() < 0.5)
    if kind in ("limit", "skip") and n_rows <= floor:  # it could only cut below the floor or do nothing
        return ("order", col, rng.random() < 0.5)
    if kind == "limit":
        return ("limit", rng.randint(max(floor, n_rows // 2), max(floor, n_rows - 1)))
    return ("skip", rng.randint(1, max(1, n_rows // 4)))


@register
class QueryPipeline(Task):
    """Evaluate a query pipeline over a small table of integer rows: filters, computed
    columns, stable sorts, limit and skip, ending in count, sum, max, min or the list of a
    column. Levels grow the table and the pipeline and add stage kinds, so the rows must be
    tracked through more transformations, in order."""

    name = "code/query_pipeline"
    knobs = (
        Knob("rows", [4, 5, 5, 6, 6, 7, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (2, 30),
             doc="rows of the table"),
        Knob("stages", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 11, 12], (1, 15),
             doc="stages before the final one"),
        Knob("kinds", [1, 2, 3, 3, 4, 4, 5, 5, 6, 6] + [6] * 10, (1, 6),
             doc="stage kinds in use (where, limit, set, order by, skip, where on a remainder)"),
    )
    example = "1000000"  # beyond any count, sum, max or min of these tables (lists get another example)
    answer_format = "the result: an integer, or for 'values' the integers in order separated by commas"

    def build(self, rng, params):
        kinds = KINDS[:params["kinds"]]
        rows = [{c: rng.randint(0, 9) for c in COLS} for _ in range(params["rows"])]
        stages, cols = [], list(COLS)
        floor = max(2, params["rows"] // 3)  # rows every stage must leave
        for _ in range(params["stages"]):
            # a stage that would leave fewer than `floor` rows is drawn again (at most 5 times), then
            # replaced by a sort, which keeps every row: so the later stages still matter
            left = run(rows, stages + [("count",)])[0]
            for _ in range(5):
                st = _stage(rng, kinds, cols, left, floor)
                if run(rows, stages + [st, ("count",)])[0] >= floor:
                    break
            else:
                st = ("order", cols[rng.randrange(len(cols))], rng.random() < 0.5)
            if st[0] == "set" and st[1] not in cols:
                cols.append(st[1])
            stages.append(st)
        final = FINALS[rng.randrange(len(FINALS))]
        stages.append(("count",) if final == "count" else (final, cols[rng.randrange(len(cols))]))
        result, work = run(rows, stages)
        grid = table([[r[c] for c in COLS] for r in rows], list(COLS))
        query = "\n".join(show(s) for s in stages)
        question = (f"A query runs over this table, stage by stage from the first line to the last. {RULES}\n\n"
                    f"{grid}\n\nQuery:\n{query}\n\nWhat is the result?")
        if isinstance(result, list):
            answer = ", ".join(map(str, result))  # at least two rows are left
            fmt = "the values in order, separated by commas"
            example = "4, 7" if len(result) != 2 else "4, 7, 1"
        else:
            # the example: beyond any count, sum, max or min of these tables
            answer, fmt, example = str(result), "the result as an integer", "1000000"
        return Draft(question, answer, {"result": result, "work": work}, answer_format=fmt, example=example)

    def effort(self, problem):
        # the row visits of every stage
        return problem.check["work"]

    def grade(self, answer, problem):
        result = problem.check["result"]
        if isinstance(result, list):
            return grade_int_list(answer, result, "the list of values")
        return grade_int(answer, result, "the result")
