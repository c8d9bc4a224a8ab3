"""Compute an answer from a hidden generated spreadsheet by reading cells and ranges (GET A5,
GET B2:B9, SUM C2:C9, MAX, MIN), a few cells per turn."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._answers import ANSWER_TOOL, answer_text, judge

ITEMS = ("anchor", "bolt", "cable", "drill", "easel", "flask", "gauge", "hinge", "inkpad", "jack", "kettle",
         "ladder", "magnet", "nozzle", "oar", "pulley", "quill", "rivet", "spool", "trowel", "valve", "wedge",
         "yoke", "zipper", "bucket", "chisel", "funnel", "hammer", "lantern", "mallet", "needle", "pliers")
# drawn from only past level 10, where sheets outgrow ITEMS (so levels 1-10 draw as before)
MORE_ITEMS = ("auger", "bellows", "caliper", "dowel", "eyelet", "file", "grater", "hacksaw", "jigsaw", "keel",
              "lathe", "mortar", "nut", "padlock", "rasp", "sander", "tongs", "vise", "washer", "whisk",
              "awl", "brush", "clamp", "crowbar", "gasket", "hoe", "ladle", "mitre", "pestle", "rake",
              "scraper", "shovel", "sickle", "stapler", "tripod", "trolley", "wrench", "bobbin", "compass", "spanner")
REGIONS = ("North", "South", "East", "West")
HEADERS = ("Item", "Region", "Units", "Price")
COLUMNS = "ABCD"
_CELL = re.compile(r"^([A-Za-z])(\d{1,4})$")
_RANGE = re.compile(r"^([A-Za-z])(\d{1,4})\s*:\s*([A-Za-z])(\d{1,4})$")


def cell_value(sheet: dict, col: str, row: int):
    """The value at a cell: the header in row 1, data below, None (empty) elsewhere."""
    if col not in COLUMNS or row < 1:
        return None
    if row == 1:
        return HEADERS[COLUMNS.index(col)]
    i = row - 2
    return sheet["rows"][i][COLUMNS.index(col)] if i < len(sheet["rows"]) else None


def parse_ref(text: str):
    """'C7' -> ("C", 7, "C", 7); 'B2:C9' -> ("B", 2, "C", 9) (corners put in order); None if bad."""
    text = text.replace(" ", "")
    m = _CELL.match(text)
    if m:
        col, row = m.group(1).upper(), int(m.group(2))
        return col, row, col, row
    m = _RANGE.match(text)
    if m:
        c1, r1, c2, r2 = m.group(1).upper(), int(m.group(2)), m.group(3).upper(), int(m.group(4))
        return min(c1, c2), min(r1, r2), max(c1, c2), max(r1, r2)
    return None


def cells_of(ref) -> list[tuple[str, int]]:
    c1, r1, c2, r2 = ref
    return [(chr(c), r) for r in range(r1, r2 + 1) for c in range(ord(c1), ord(c2) + 1)]


def true_answer(sheet: dict, q: dict) -> int | str:
    """The answer to question spec `q`, computed directly from the rows."""
    rows = [dict(zip(HEADERS, r)) for r in sheet["rows"]]
    kind = q["kind"]
    if kind == "units_of":
        return next(r["Units"] for r in rows if r["Item"] == q["item"])
    if kind == "total_units":
        return sum(r["Units"] for r in rows)
    if kind == "region_units":
        return sum(r["Units"] for r in rows if r["Region"] == q["region"])
    if kind == "revenue_of_top":
        top = max(rows, key=lambda r: r["Units"])
        return top["Units"] * top["Price"]
    if kind == "region_revenue":
        return sum(r["Units"] * r["Price"] for r in rows if r["Region"] == q["region"])
    if kind == "item_of_top_revenue_in_region":
        return max((r for r in rows if r["Region"] == q["region"]), key=lambda r: r["Units"] * r["Price"])["Item"]
    raise ValueError(f"unknown question kind {kind!r}")


QUESTION = {
    "units_of": "How many Units does the row for item {item} have?",
    "total_units": "What is the total of the Units column over all data rows?",
    "region_units": "What is the total of Units over the rows whose Region is {region}?",
    "revenue_of_top": "What is the revenue (Units times Price) of the row with the most Units?",
    "region_revenue": "What is the total revenue (the sum of Units times Price, row by row) of the rows whose Region is {region}?",
    "item_of_top_revenue_in_region": "Which item has the highest revenue (Units times Price) among the rows whose Region is {region}?",
}
KINDS_BY_STEPS = {1: ("units_of", "total_units"), 2: ("region_units", "revenue_of_top"),
                  3: ("region_revenue", "item_of_top_revenue_in_region")}
NEEDS = {"region_units": "BC", "region_revenue": "BCD", "item_of_top_revenue_in_region": "ABCD"}


def next_command(check: dict, state: dict) -> str:
    """The reference policy: a total with one SUM; a lookup by reading the key column until the
    row is found, then the one cell needed; otherwise every column the question needs,
    `range_limit` cells per GET. The answer is computed from the values it has seen."""
    q, n, limit, seen = check["question"], check["n_rows"], check["range_limit"], state["seen"]
    last = n + 1
    if q["kind"] == "total_units":
        if "sum" not in state:
            return f"SUM C2:C{last}"
        return f"ANSWER {state['sum']}"
    if q["kind"] in ("units_of", "revenue_of_top"):
        # find the row from one column, then read the one cell still needed
        key, want = ("A", "C") if q["kind"] == "units_of" else ("C", "D")
        column = {r: seen[f"{key}{r}"] for r in range(2, last + 1) if f"{key}{r}" in seen}
        hit = next((r for r, v in column.items() if v == q["item"]), None) if key == "A" else None
        if hit is None and len(column) < n:
            first = next(r for r in range(2, last + 1) if r not in column)
            return f"GET {key}{first}:{key}{min(last, first + limit - 1)}"
        if key == "C":
            hit = max(column, key=column.get)
        if f"{want}{hit}" not in seen:
            return f"GET {want}{hit}"
        value = seen[f"C{hit}"] if key == "A" else seen[f"C{hit}"] * seen[f"D{hit}"]
        return f"ANSWER {value}"
    for col in NEEDS[q["kind"]]:
        for row in range(2, last + 1):
            if f"{col}{row}" not in seen:
                return f"GET {col}{row}:{col}{min(last, row + limit - 1)}"
    rows = [{h: seen[f"{c}{r}"] for h, c in zip(HEADERS, COLUMNS) if f"{c}{r}" in seen} for r in range(2, last + 1)]
    kind = q["kind"]
    if kind == "region_units":
        value = sum(r["Units"] for r in rows if r["Region"] == q["region"])
    elif kind == "region_revenue":
        value = sum(r["Units"] * r["Price"] for r in rows if r["Region"] == q["region"])
    else:
        value = max((r for r in rows if r["Region"] == q["region"]), key=lambda r: r["Units"] * r["Price"])["Item"]
    return f"ANSWER {value}"


def make_sheet(rng, n_rows: int, steps: int) -> tuple[dict, dict]:
    """Rows with unique items and unique Units (and unique revenues within a region), so every
    question has exactly one answer."""
    for _ in range(100):
        items = rng.sample(ITEMS if n_rows <= len(ITEMS) else ITEMS + MORE_ITEMS, n_rows)
        units = rng.sample(range(1, 100), n_rows)
        rows = [[items[i], rng.choice(REGIONS), units[i], rng.randrange(2, 40)] for i in range(n_rows)]
        sheet = {"rows": rows}
        kind = rng.choice(KINDS_BY_STEPS[steps])
        regions = sorted({r[1] for r in rows})
        q = {"kind": kind, "item": rng.choice(items), "region": rng.choice(regions)}
        if kind == "item_of_top_revenue_in_region":
            revenues = sorted((r[2] * r[3] for r in rows if r[1] == q["region"]), reverse=True)
            if len(revenues) > 1 and revenues[0] == revenues[1]:
                continue
        return sheet, q
    raise ValueError("no spreadsheet with a unique answer found")  # pragma: no cover


@register
class Spreadsheet(TurnBudgetTask):
    """A spreadsheet (columns A-D: Item, Region, Units, Price; a header in row 1, data below) is
    hidden; the prompt gives its shape and a question. The agent reads it with GET A5 or GET
    B2:B9 (at most `range_limit` cells shown per GET), SUM / MAX / MIN over a range, and answers
    with ANSWER value (one answer; a wrong one loses). Higher levels ask questions that combine
    more columns (a lookup or a column total; a filtered total or the price of the top row;
    filtered revenue or the top earner of a region: `steps`), add rows, show fewer cells per GET
    and leave fewer spare turns.

    The reference policy (see `next_command`) reads the columns the question needs a range at a
    time (a total with one SUM, a lookup stopping at the row it needs) and computes the answer
    from the values it has seen; the expected answer is computed directly from the sheet.
    """

    name = "investigation/spreadsheet"
    knobs = (
        Knob("steps", [1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="columns and operations a question combines"),
        Knob("n_rows", [(4, 6), (5, 8), (7, 10), (9, 12), (10, 15), (12, 17), (14, 19), (17, 23), (20, 27), (24, 32),
                        (28, 36), (32, 40), (36, 44), (40, 48), (44, 52), (48, 56), (52, 60), (56, 64), (60, 68),
                        (64, 72)], (2, len(ITEMS) + len(MORE_ITEMS)), doc="data rows"),
        Knob("range_limit", [20, 20, 16, 12, 10, 8, 8, 8, 8, 8, 8, 7, 7, 6, 6, 5, 5, 4, 4, 4], (1, 200),
             doc="cells a GET shows at most"),
        Knob("slack", [6, 6, 5, 5, 4, 4, 4, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1], (0, 50),
             doc="spare turns beyond the reference plan"),
    )
    answer_format = "one command per turn: GET CELL, GET RANGE, SUM RANGE, MAX RANGE, MIN RANGE or ANSWER value"
    example = "GET B2:B6"
    tools = (*(Tool(command.lower(), description, command + " {ref}",
                    (Param("ref", "string", "a cell like C7 or a range like B2:B9"),))
               for command, description in (("GET", "Show the values of a cell or of a range's cells."),
                                            ("SUM", "Add up the numbers in a range."),
                                            ("MAX", "The largest number in a range."),
                                            ("MIN", "The smallest number in a range."))),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"

    def build(self, rng, params):
        sheet, q = make_sheet(rng, params["n_rows"], params["steps"])
        check = {"sheet": sheet, "question": q, "n_rows": params["n_rows"], "answer": str(true_answer(sheet, q)),
                 "range_limit": params["range_limit"], "budget": 10**6}
        line = self.reference_line(check)
        check["budget"] = len(line) + params["slack"]
        last = params["n_rows"] + 1
        question = (
            f"A spreadsheet is hidden from you. Row 1 holds the headers A1 = Item, B1 = Region, C1 = Units, "
            f"D1 = Price; rows 2 to {last} hold one item each (Item is a word, Region one of "
            f"{', '.join(REGIONS)}, Units and Price whole numbers).\n\n"
            f"Question: {QUESTION[q['kind']].format(**q)}\n\n"
            "Commands (one per turn):\n"
            "  GET C7         show one cell\n"
            f"  GET B2:B9      show a range (a column, a row or a rectangle), at most {params['range_limit']} cells\n"
            "  SUM C2:C9      the sum of the numbers in a range (also MAX and MIN), any size\n"
            "  ANSWER value   ends the game: you get one answer\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(line), check)  # a query never wins

    def effort(self, problem):
        # the reference's commands, and every cell they read (a GET shows its cells, a SUM adds them)
        work = 0
        for command in problem.answer.split("\n"):
            work += 1
            name, _, rest = command.partition(" ")
            if name.upper() in ("GET", "SUM", "MAX", "MIN"):
                work += len(cells_of(parse_ref(rest)))
        return work

    def start(self, problem):
        return {"seen": {}}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge(check["answer"], given)
        command, _, rest = text.partition(" ")
        command = command.upper()
        if command not in ("GET", "SUM", "MAX", "MIN"):
            return f"Unknown command {command!r}: use GET, SUM, MAX, MIN or ANSWER.", None
        ref = parse_ref(rest)
        if ref is None:
            return f"{command} needs a cell like C7 or a range like B2:B9.", None
        if ref[0] not in COLUMNS or ref[2] not in COLUMNS:
            return f"Columns run from A to D; {rest.strip()} is outside the sheet.", None
        sheet, cells = check["sheet"], cells_of(ref)
        if command == "GET":
            limit = check["range_limit"]
            if len(cells) > limit:
                return (f"That range has {len(cells)} cells; GET shows at most {limit}. Ask for a smaller "
                        f"range.", None)
            out = []
            for col, row in cells:
                value = cell_value(sheet, col, row)
                state["seen"][f"{col}{row}"] = value
                out.append(f"{col}{row} = {'(empty)' if value is None else value}")
            return "\n".join(out), None
        numbers = [v for v in (cell_value(sheet, c, r) for c, r in cells) if isinstance(v, int)]
        label = f"{command}({ref[0]}{ref[1]}:{ref[2]}{ref[3]})"
        if not numbers:
            return f"{label}: the range holds no numbers.", None
        value = {"SUM": sum, "MAX": max, "MIN": min}[command](numbers)
        if command == "SUM":
            state["sum"] = value
        return f"{label} = {value} (over {len(numbers)} numbers)", None

    def unsolved(self, problem, state):
        return "the question was not answered."

    def plan(self, problem, state):
        return next_command(problem.check, state)
