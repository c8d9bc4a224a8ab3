"""Rules for answers in a fixed format, JSON objects and markdown tables, and their writers.

The rules share the Constraint protocol of _constraints.py (and its KINDS registry); the plans
here hold fields (JSON) or columns (a table) instead of sentences. `json.loads` only parses: the
model's text is data, never run. Duplicate keys, NaN and nesting deeper than a value list are
refused.
"""
from __future__ import annotations

import json
import re

from ._constraints import Constraint, _compare, _kind, key
from ._writer import BANK, KEYWORDS

_TYPES = {"string": "a string", "integer": "a whole number", "boolean": "true or false",
          "list": "a list of strings"}


class FieldPlan:
    """A JSON object to write: an ordered list of [key, type] fields and what each value needs."""

    def __init__(self, rng, n_fields: int):
        self.rng = rng
        names = rng.sample(KEYWORDS, n_fields)
        kinds = ["string", "integer", "list", "boolean"] + [rng.choice(tuple(_TYPES)) for _ in range(n_fields)]
        self.fields = [[name, kinds[i]] for i, name in enumerate(names)]
        rng.shuffle(self.fields)
        self.needs: dict[str, dict] = {name: {} for name in names}
        self.lower = False
        self.steps = 0

    def field(self, rng, kind: str, need: str) -> str:
        """A field of `kind` not yet carrying `need` (ValueError when there is none)."""
        options = [name for name, k in self.fields if k == kind and need not in self.needs[name]]
        if not options:
            raise ValueError(f"no {kind} field left for {need}")
        return rng.choice(options)


def write_json(plan: FieldPlan) -> str:
    rng = plan.rng
    obj = {}
    for name, kind in plan.fields:
        need = plan.needs[name]
        plan.steps += 1
        if kind == "string":
            n = need.get("words", rng.randint(2, 6))
            ws = [BANK[rng.randrange(len(BANK))] for _ in range(n)]
            if "keyword" in need:
                ws[rng.randrange(n)] = need["keyword"]
            text = " ".join(ws)
            obj[name] = text if plan.lower else text[0].upper() + text[1:]
        elif kind == "integer":
            v = rng.randint(1, 99)
            if "parity" in need and v % 2 != need["parity"]:
                v += 1
            obj[name] = v
        elif kind == "boolean":
            obj[name] = need.get("bool", rng.random() < 0.5)
        else:
            n = need.get("items", rng.randint(2, 5))
            pool = [w for w in BANK if len(w) > 2 and (not need.get("letter") or w[0] == need["letter"])]
            items = rng.sample(pool, n)
            if need.get("sorted"):
                items.sort()
            obj[name] = items
            plan.steps += n
    return json.dumps(obj, indent=rng.choice((None, 2)))


def _no_constant(value):
    raise ValueError(f"{value} is not allowed")


def _pairs(pairs):
    seen = {}
    for k, v in pairs:
        if k in seen:
            raise ValueError(f"the key {k!r} appears twice")
        seen[k] = v
    return seen


def read_object(text: str):
    """The JSON object the text is, or the reason it is not one (a str)."""
    try:
        obj = json.loads(text, object_pairs_hook=_pairs, parse_constant=_no_constant)
    except (ValueError, RecursionError) as exc:
        return f"the text is not one valid JSON object ({str(exc)[:60]})"
    if not isinstance(obj, dict):
        return "the text is not a JSON object"
    return obj


def _typed(value, kind: str) -> bool:
    if kind == "string":
        return isinstance(value, str)
    if kind == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


class _JsonRule(Constraint):
    def check(self, text):
        obj = read_object(text)
        if isinstance(obj, str):
            return obj
        value = obj.get(self.p["key"]) if "key" in self.p else None
        return self.check_value(obj, value)

    def check_value(self, obj, value):
        raise NotImplementedError


@_kind
class JsonShape(_JsonRule):
    kind, family, guards = "json_shape", "json_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["fields"] = plan.fields

    def describe(self):
        listed = ", ".join(f"\"{k}\" ({_TYPES[t]})" for k, t in self.p["fields"])
        return (f"The whole answer is one JSON object and nothing else, with exactly these keys: {listed}; no "
                f"other keys.")

    def check_value(self, obj, value):
        want = {k: t for k, t in self.p["fields"]}
        if set(obj) != set(want):
            missing, extra = sorted(set(want) - set(obj)), sorted(set(obj) - set(want))
            return f"its keys differ (missing {missing[:4]}, extra {[e[:20] for e in extra[:4]]})"
        for k, t in want.items():
            if not _typed(obj[k], t):
                return f"the value of \"{k}\" is not {_TYPES[t]}"
        return None


@_kind
class JsonKeyOrder(_JsonRule):
    kind, family = "json_key_order", "json_order"

    def prepare(self, plan, rng, slack):
        self.p["order"] = [k for k, _ in plan.fields]

    def describe(self):
        return f"The keys appear in this order: {', '.join(self.p['order'])}."

    def check_value(self, obj, value):
        got = [k for k in obj if k in self.p["order"]]
        return None if got == self.p["order"] else "its keys are not in the order asked"


class _FieldRule(_JsonRule):
    field_kind = ""
    need = ""

    def prepare(self, plan, rng, slack):
        self.p["key"] = plan.field(rng, self.field_kind, self.need)
        self.setup(plan.needs[self.p["key"]], rng)

    def setup(self, need: dict, rng) -> None:
        need[self.need] = True

    def check_value(self, obj, value):
        if not _typed(value, self.field_kind):
            return f"the value of \"{self.p['key']}\" is not {_TYPES[self.field_kind]}"
        return self.judge(value)

    def judge(self, value):
        raise NotImplementedError


def _string_words(s: str) -> list[str]:
    return [t for t in s.split() if re.search(r"[A-Za-z0-9]", t)]


@_kind
class JsonStringWords(_FieldRule):
    kind, family, field_kind, need = "json_string_words", "json_words", "string", "words"

    def setup(self, need, rng):
        need["words"] = self.p["n"] = rng.randint(3, 7)

    def describe(self):
        return (f"The value of \"{self.p['key']}\" has exactly {self.p['n']} words (runs of characters between "
                f"spaces that contain a letter or a digit).")

    def judge(self, value):
        return _compare(f"words in \"{self.p['key']}\"", len(_string_words(value)), "==", self.p["n"])


@_kind
class JsonStringKeyword(_FieldRule):
    kind, family, field_kind, need = "json_string_keyword", "json_keyword", "string", "keyword"

    def setup(self, need, rng):
        need["keyword"] = self.p["word"] = rng.choice([w for w in KEYWORDS if w not in self.p.get("avoid", ())])

    def describe(self):
        return f"The value of \"{self.p['key']}\" contains the word '{self.p['word']}' (ignoring case)."

    def judge(self, value):
        if self.p["word"] in (key(t) for t in value.split()):
            return None
        return f"the value of \"{self.p['key']}\" lacks the word '{self.p['word']}'"


@_kind
class JsonListLength(_FieldRule):
    kind, family, field_kind, need = "json_list_length", "json_items", "list", "items"

    def setup(self, need, rng):
        need["items"] = self.p["n"] = rng.randint(2, 6)

    def describe(self):
        return f"The list \"{self.p['key']}\" has exactly {self.p['n']} items."

    def judge(self, value):
        return _compare(f"items in \"{self.p['key']}\"", len(value), "==", self.p["n"])


@_kind
class JsonListSorted(_FieldRule):
    kind, family, field_kind, need = "json_list_sorted", "json_sorted", "list", "sorted"

    def describe(self):
        return (f"The items of \"{self.p['key']}\" are all different and in alphabetical order (compared "
                f"letter by letter, ignoring case).")

    def judge(self, value):
        low = [v.lower() for v in value]
        if len(set(low)) != len(low) or low != sorted(low):
            return f"the items of \"{self.p['key']}\" are not different and in alphabetical order"
        return None


@_kind
class JsonListLetter(_FieldRule):
    kind, family, field_kind, need = "json_list_letter", "json_letter", "list", "letter"

    def setup(self, need, rng):
        need["letter"] = self.p["letter"] = rng.choice("bcfghmprstw")

    def describe(self):
        return f"Every item of \"{self.p['key']}\" starts with the letter '{self.p['letter']}' (either case)."

    def judge(self, value):
        if value and all(v[:1].lower() == self.p["letter"] for v in value):
            return None
        return f"not every item of \"{self.p['key']}\" starts with '{self.p['letter']}'"


@_kind
class JsonIntParity(_FieldRule):
    kind, family, field_kind, need = "json_int_parity", "json_parity", "integer", "parity"

    def setup(self, need, rng):
        need["parity"] = self.p["parity"] = rng.randint(0, 1)

    def describe(self):
        return f"The value of \"{self.p['key']}\" is an {'odd' if self.p['parity'] else 'even'} whole number."

    def judge(self, value):
        return None if value % 2 == self.p["parity"] else f"\"{self.p['key']}\" has the wrong parity"


@_kind
class JsonIntRange(_FieldRule):
    kind, family, field_kind, need = "json_int_range", "json_range", "integer", "range"

    def fit(self, text, rng, slack):
        value = json.loads(text)[self.p["key"]]
        self.p["lo"] = value - rng.randint(0, slack)
        self.p["hi"] = value + rng.randint(0, slack)

    def describe(self):
        if self.p["lo"] == self.p["hi"]:
            return f"The value of \"{self.p['key']}\" is exactly {self.p['lo']}."
        return f"The value of \"{self.p['key']}\" is from {self.p['lo']} to {self.p['hi']}."

    def judge(self, value):
        return _compare(f"as the value of \"{self.p['key']}\"", value, "in", self.p["lo"], self.p["hi"])


@_kind
class JsonBool(_FieldRule):
    kind, family, field_kind, need = "json_bool", "json_bool", "boolean", "bool"

    def setup(self, need, rng):
        need["bool"] = self.p["value"] = rng.random() < 0.5

    def describe(self):
        return f"The value of \"{self.p['key']}\" is {'true' if self.p['value'] else 'false'}."

    def judge(self, value):
        return None if value is self.p["value"] else f"\"{self.p['key']}\" has the wrong truth value"


@_kind
class JsonLowercase(_JsonRule):
    kind, family = "json_lowercase", "json_case"

    def prepare(self, plan, rng, slack):
        plan.lower = True

    def describe(self):
        return "Every string value, list items included, is written in lowercase."

    def check_value(self, obj, value):
        for v in obj.values():
            for s in (v if isinstance(v, list) else [v]):
                if isinstance(s, str) and any(c.isupper() for c in s):
                    return "a string value contains a capital letter"
        return None


# ------------------------------------------------------------------------------ tables

class TablePlan:
    """A markdown table to write: columns [name, type] (word, number, phrase) and row count."""

    def __init__(self, rng, rows: int, n_cols: int):
        self.rng = rng
        self.rows = rows
        names = [w.title() for w in rng.sample(KEYWORDS, n_cols)]
        kinds = ["word", "number", "phrase"] + [rng.choice(("word", "number", "phrase")) for _ in range(n_cols)]
        self.columns = [[name, kinds[i]] for i, name in enumerate(names)]
        rng.shuffle(self.columns)
        self.needs: dict[str, dict] = {name: {} for name in names}
        self.steps = 0

    def field(self, rng, kind: str, need: str) -> str:
        options = [name for name, k in self.columns if k == kind and need not in self.needs[name]]
        if not options:
            raise ValueError(f"no {kind} column left for {need}")
        return rng.choice(options)


def write_table(plan: TablePlan) -> str:
    rng = plan.rng
    cols = []
    for name, kind in plan.columns:
        need = plan.needs[name]
        if kind == "number":
            values = rng.sample(range(1, 200), plan.rows)
            if need.get("sorted"):
                values.sort()
            cells = [str(v) for v in values]
        elif kind == "word":
            pool = [w for w in BANK + KEYWORDS if len(w) > 2 and (not need.get("letter") or w[0] == need["letter"])]
            if need.get("distinct") or len(pool) >= plan.rows:
                cells = rng.sample(pool, plan.rows)  # ValueError (a redraw) where too few words start with the letter
            else:
                cells = [pool[rng.randrange(len(pool))] for _ in range(plan.rows)]
        else:
            n = need.get("words", 2)
            cells = [" ".join(rng.sample(BANK, n)) for _ in range(plan.rows)]
        cols.append(cells)
    plan.steps += plan.rows * len(cols)
    out = ["| " + " | ".join(name for name, _ in plan.columns) + " |",
           "|" + "|".join("---" for _ in plan.columns) + "|"]
    for r in range(plan.rows):
        out.append("| " + " | ".join(col[r] for col in cols) + " |")
    return "\n".join(out)


def read_table(text: str):
    """(header cells, rows of cells) of a markdown table that is the whole text, or the reason not."""
    rows = [line.strip() for line in text.strip().split("\n")]
    if len(rows) < 2:
        return "the text is not a table with a header and a separator row"
    cells = []
    for i, line in enumerate(rows):
        if len(line) < 2 or not (line.startswith("|") and line.endswith("|")):
            return f"line {i + 1} does not start and end with '|'"
        cells.append([c.strip() for c in line[1:-1].split("|")])
    if not all(re.fullmatch(r":?-{3,}:?", c) for c in cells[1]) or len(cells[1]) != len(cells[0]):
        return "the second line is not a separator row like |---|---|"
    return cells[0], cells[2:]


class _TableRule(Constraint):
    def check(self, text):
        got = read_table(text)
        if isinstance(got, str):
            return got
        header, rows = got
        if "column" in self.p:
            names = [h.lower() for h in header]
            if self.p["column"].lower() not in names:
                return f"it has no column {self.p['column']}"
            i = names.index(self.p["column"].lower())
            if any(len(row) != len(header) for row in rows):
                return "a row does not have one cell per column"
            return self.judge([row[i] for row in rows])
        return self.judge_table(header, rows)

    def judge(self, cells):
        raise NotImplementedError

    def judge_table(self, header, rows):
        raise NotImplementedError


@_kind
class TableShape(_TableRule):
    kind, family, guards = "table_shape", "table_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["columns"] = [name for name, _ in plan.columns]
        self.p["rows"] = plan.rows

    def describe(self):
        cols = " | ".join(self.p["columns"])
        return (f"The whole answer is a markdown table and nothing else: a header row | {cols} | (these columns in "
                f"this order), then a separator row like |---|---|, then exactly {self.p['rows']} rows. Every line "
                f"starts and ends with '|', every row has one non-empty cell per column, and no cell contains '|'.")

    def judge_table(self, header, rows):
        if [h.lower() for h in header] != [c.lower() for c in self.p["columns"]]:
            return "its header row does not have the columns asked, in order"
        if len(rows) != self.p["rows"]:
            return f"it has {len(rows)} rows, not {self.p['rows']}"
        for i, row in enumerate(rows):
            if len(row) != len(header) or not all(row):
                return f"row {i + 1} does not have one non-empty cell per column"
        return None


class _ColumnRule(_TableRule):
    column_kind = ""
    need = ""

    def prepare(self, plan, rng, slack):
        self.p["column"] = plan.field(rng, self.column_kind, self.need)
        self.setup(plan.needs[self.p["column"]], rng)

    def setup(self, need, rng):
        need[self.need] = True


def _ints(cells):
    return [int(c) for c in cells] if all(re.fullmatch(r"-?\d{1,9}", c) for c in cells) else None


@_kind
class TableNumbers(_ColumnRule):
    kind, family, column_kind, need = "table_numbers", "table_numbers", "number", "numbers"

    def describe(self):
        return f"Every cell of the column {self.p['column']} is a whole number written in digits."

    def judge(self, cells):
        return None if _ints(cells) is not None else f"a cell of {self.p['column']} is not a whole number"


@_kind
class TableSorted(_ColumnRule):
    kind, family, column_kind, need = "table_sorted", "table_sorted", "number", "sorted"

    def describe(self):
        return f"The rows are in strictly increasing order of the whole numbers in the column {self.p['column']}."

    def judge(self, cells):
        v = _ints(cells)
        if v is None or any(a >= b for a, b in zip(v, v[1:])):
            return f"the column {self.p['column']} is not whole numbers in strictly increasing order"
        return None


@_kind
class TableSum(_ColumnRule):
    kind, family, column_kind, need = "table_sum", "table_sum", "number", "sum"

    def fit(self, text, rng, slack):
        header, rows = read_table(text)
        i = [h.lower() for h in header].index(self.p["column"].lower())
        self.p["total"] = sum(int(row[i]) for row in rows)

    def describe(self):
        return f"The whole numbers in the column {self.p['column']} add up to exactly {self.p['total']}."

    def judge(self, cells):
        v = _ints(cells)
        if v is None:
            return f"a cell of {self.p['column']} is not a whole number"
        return _compare(f"as the sum of {self.p['column']}", sum(v), "==", self.p["total"])


@_kind
class TableDistinct(_ColumnRule):
    kind, family, column_kind, need = "table_distinct", "table_distinct", "word", "distinct"

    def describe(self):
        return f"No two rows have the same cell in the column {self.p['column']} (ignoring case)."

    def judge(self, cells):
        low = [c.lower() for c in cells]
        return None if len(set(low)) == len(low) else f"two cells of {self.p['column']} are the same"


@_kind
class TableLetter(_ColumnRule):
    kind, family, column_kind, need = "table_letter", "table_letter", "word", "letter"

    def setup(self, need, rng):
        need["letter"] = self.p["letter"] = rng.choice("bcfghmprstw")

    def describe(self):
        return f"Every cell of the column {self.p['column']} starts with the letter '{self.p['letter']}' (either case)."

    def judge(self, cells):
        if all(c[:1].lower() == self.p["letter"] for c in cells):
            return None
        return f"a cell of {self.p['column']} does not start with '{self.p['letter']}'"


@_kind
class TableCellWords(_ColumnRule):
    kind, family, column_kind, need = "table_cell_words", "table_words", "phrase", "words"

    def setup(self, need, rng):
        need["words"] = self.p["n"] = rng.randint(2, 4)

    def describe(self):
        return (f"Every cell of the column {self.p['column']} has exactly {self.p['n']} words (runs of characters "
                f"between spaces).")

    def judge(self, cells):
        for c in cells:
            if len(c.split()) != self.p["n"]:
                return f"a cell of {self.p['column']} does not have {self.p['n']} words"
        return None


@_kind
class TableMaxNumber(_ColumnRule):
    kind, family, column_kind, need = "table_max_number", "table_max", "number", "max"

    def fit(self, text, rng, slack):
        header, rows = read_table(text)
        i = [h.lower() for h in header].index(self.p["column"].lower())
        self.p["n"] = max(int(row[i]) for row in rows) + rng.randint(0, 4 * slack)

    def describe(self):
        return f"No number in the column {self.p['column']} is greater than {self.p['n']}."

    def judge(self, cells):
        v = _ints(cells)
        if v is None:
            return f"a cell of {self.p['column']} is not a whole number"
        return _compare(f"as the largest number of {self.p['column']}", max(v, default=0), "<=", self.p["n"])
