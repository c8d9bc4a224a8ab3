"""What every sql task shares: the prompt around a question and the result comparison that grades
an answer query.

A task's `build` makes a database (`_database.make_db`), a question, the reference query and the
result columns, then returns `self.draft(...)`, which runs the reference query in the sandbox (the
reference solver is SQLite itself) and refuses an empty result, so the per-problem example (a query
that returns no rows) is never a correct answer. `grade` runs the reference and the answer in
fresh sandboxes and compares their results: as multisets of rows, or as lists where the question
asks for an order; numbers compare by value (3 equals 3.0) to within 1e-6, so an exact average
passes however it was computed; text and NULL compare exactly.
"""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task
from procgym.verdict import right, wrong

from ._database import THEME_NAMES, render_db
from ._sandbox import QueryRefused, run_query

TOLERANCE_DIGITS = 6  # numbers compare after rounding to 6 decimal places
NULL_NOTE = ("Conditions follow SQL semantics: a comparison with NULL is never true, and aggregates such as "
             "SUM, AVG, MIN, MAX and COUNT(column) skip NULL values.")


def theme_knob() -> Knob:
    return Knob("theme", [list(THEME_NAMES)] * 20, choices=THEME_NAMES,
                doc="the database's theme (one drawn per problem)")


class EmptyResult(Exception):
    """The reference query returned no rows (or fewer than asked): the build draws another question."""


def _key(v):
    if v is None:
        return (0, 0)
    if isinstance(v, (int, float)):
        try:
            return (1, round(float(v), TOLERANCE_DIGITS))
        except OverflowError:
            return (1, float("inf") if v > 0 else float("-inf"))
    if isinstance(v, str):
        return (2, v)
    return (3, bytes(v))


def compare(expected: tuple[int, list], got: tuple[int, list], ordered: bool, columns: list[str]):
    """The verdict for a result `got` against `expected` (both (width, rows) from run_query)."""
    (width, rows), (g_width, g_rows) = expected, got
    if g_width != width:
        return wrong(f"The result has {g_width} column(s); the question asks for {width}: {', '.join(columns)}.")
    want = [tuple(_key(v) for v in r) for r in rows]
    have = [tuple(_key(v) for v in r) for r in g_rows]
    if len(have) != len(want):
        return wrong(f"The query returns {len(have)} row(s), but the correct result has {len(want)}.")
    if ordered:
        if have == want:
            return right()
        if sorted(have) == sorted(want):
            return wrong("The rows are right but not in the order the question asks for.")
        return wrong("The rows differ from the correct result.")
    return right() if sorted(have) == sorted(want) else wrong("The rows differ from the correct result.")


class SqlTask(Task):
    """Base of the sql tasks (not registered): the answer is one SQLite SELECT statement."""

    answer_format = ("one SQLite SELECT statement (it may start with WITH), on its own: no explanation "
                     "after it; a final semicolon is optional")
    example = "SELECT id FROM example_table WHERE id < 0"  # no such table: never a correct answer
    several_answers = True  # any query with the right result is accepted

    def draft(self, db: dict, question: str, reference: str, columns: list[str], ordered: bool,
              order_text: str = "", spec: dict | None = None, averages: bool = False, min_rows: int = 1) -> Draft:
        # only the tables the reference names need building (a distractor table changes nothing)
        used = {"tables": [t for t in db["tables"] if re.search(rf"\b{t['name']}\b", reference)]}
        width, rows = run_query(used, reference, trusted=True)
        if len(rows) < max(1, min_rows):
            raise EmptyResult(reference)
        lines = [render_db(db), "", f"Question: {question}",
                 f"The result has exactly {len(columns)} column(s), in this order: {', '.join(columns)} "
                 f"(the column names themselves do not matter)."]
        lines.append(order_text or "The rows may come in any order.")
        if averages:
            lines.append("Numbers are compared to within 0.000001: do not round averages.")
        lines.append("Write one SQLite SELECT statement that answers the question; it is run on the database "
                     "above and its result is compared with the correct result.")
        main = db["tables"][0]["name"]
        check = {"db": db, "reference": reference, "columns": columns, "ordered": ordered, "rows": len(rows),
                 "spec": spec or {}}
        return Draft("\n".join(lines), reference, check, example=f"SELECT id FROM {main} WHERE id < 0")

    def build_with_retries(self, rng, params, attempts: int = 30) -> Draft:
        """`self.attempt(rng, params, fallback)` until its reference result is non-empty (a bounded
        loop). The last attempt gets `fallback=True` and must then build a question whose result
        is non-empty by construction (tasks whose conditions hold for a drawn row always do)."""
        for i in range(attempts):
            try:
                return self.attempt(rng, params, fallback=i == attempts - 1)
            except EmptyResult:
                continue
        raise RuntimeError(f"{self.name}: no non-empty question in {attempts} attempts")

    def attempt(self, rng, params, fallback: bool) -> Draft:
        raise NotImplementedError

    def grade(self, answer, problem):
        check = problem.check
        try:
            expected = run_query(check["db"], check["reference"], trusted=True)
        except QueryRefused as exc:  # the reference always runs; a damaged record is reported, not raised
            return wrong(f"The reference query could not be run: {exc}")
        try:
            got = run_query(check["db"], answer)
        except QueryRefused as exc:
            return wrong(f"Not an answer: {exc}")
        return compare(expected, got, check["ordered"], check["columns"])
