"""Fill in a hidden spreadsheet's computed column, row by row, as a rule says."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, read_command

ITEMS = ("bolts", "nails", "hinges", "screws", "rivets", "washers", "clamps", "brackets", "springs", "gears",
         "pulleys", "valves", "hoses", "fuses", "cables", "pipes")
STATUSES = ("open", "paid", "held", "void")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December")
HEADER = ("item", "qty", "price", "discount", "status", "total")
COLS = "ABCDEF"
GRAMMAR = {"get_row": ("int",), "get_cell": ("word",), "set_cell": ("word", "word"), "clear_cell": ("word",),
           "sort_sheet": ("word",), "finish": ()}


def desired(check: dict, row: list) -> tuple[str, str]:
    """The goal's (status, total) of a row under the rule."""
    item, qty, price, discount, status, total = row
    if check["close_empty"] and int(qty) == 0 and status == check["billed"]:
        status = "void"
    if check["only_open"] and status != check["billed"]:
        return status, ""
    value = int(qty) * int(price) - (int(discount) if check["discount"] else 0)
    return status, str(value)


def solve(check: dict) -> tuple[list, list[str]]:
    """The reference solver: (the final rows, its commands). It reads every row, then writes each
    row's status and total where they differ from what the rule asks, clearing totals the rule
    wants empty; the first write to a locked row fails, and that row is left as it is."""
    rows = [list(r) for r in check["rows"]]
    script = [f"get_row {n + 2}" for n in range(len(rows))]
    for n, row in enumerate(rows):
        status, total = desired(check, row)
        writes = []
        if status != row[4]:
            writes.append(f"set_cell E{n + 2} {status}")
        if total != row[5]:
            writes.append(f"set_cell F{n + 2} {total}" if total else f"clear_cell F{n + 2}")
        if writes and n + 2 in check["locked"]:
            script.append(writes[0])  # refused: the row is locked
            continue
        script += writes
        row[4], row[5] = status, total
    return rows, script + ["finish"]


@register
class SheetUpdate(TurnBudgetTask):
    """A spreadsheet of order lines is hidden behind tools: get_row N shows a row's cells
    (columns A item, B qty, C price, D discount, E status, F total; row 1 is the header), get_cell
    REF one cell; set_cell REF VALUE and clear_cell REF write (a write to a locked row fails,
    changing nothing); sort_sheet is a harmful distractor. The goal: column F holds each row's
    total computed by a rule stated in words: qty times price (levels 1-2), only on open rows with
    the others' totals empty (from 3), less the discount (from 5), and open rows with qty 0 set to
    void first (from 7). Some totals are already filled in, some of them stale. From level 9 some
    rows are locked, which only a failed write reveals, and stay as they are. The reward is 1
    exactly when every cell equals the goal state (unique). Higher levels add rows, stale totals
    and locked rows, and leave fewer spare turns."""

    name = "tool_use/sheet_update"
    knobs = (
        Knob("rows", [(3, 4), (4, 5), (4, 6), (5, 7), (6, 8), (7, 9), (8, 10), (9, 11), (10, 12), (11, 13),
                      (12, 14), (13, 15), (14, 16), (15, 17), (16, 20), (18, 22), (20, 24), (22, 26), (24, 28),
                      (26, 30)], (1, 60), doc="data rows in the sheet"),
        Knob("rule", [1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 4),
             doc="rule: 1 qty x price, 2 only open rows, 3 less the discount, 4 qty-0 open rows voided"),
        Knob("filled", [0.0, 0.2, 0.2, 0.3, 0.3, 0.3, 0.4, 0.4, 0.4, 0.4, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
                        0.5, 0.5], (0.0, 1.0), doc="share of rows whose total is already filled in"),
        Knob("locked", [0] * 8 + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3], (0, 10),
             doc="locked rows (revealed by a failed write)"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_row 2; finish ends"
    example = "get_row 1"
    tools = (
        Tool("get_row", "Show every cell of one row (row 1 is the header).", "get_row {row}",
             (Param("row", "integer", "the row number"),)),
        Tool("get_cell", "Show one cell.", "get_cell {cell}", (Param("cell", "string", "a cell, e.g. F3"),)),
        Tool("set_cell", "Write a value (a whole number or one word) into a cell.", "set_cell {cell} {value}",
             (Param("cell", "string", "a cell, e.g. F3"), Param("value", "string", "the value"))),
        Tool("clear_cell", "Empty a cell.", "clear_cell {cell}", (Param("cell", "string", "a cell, e.g. F3"),)),
        Tool("sort_sheet", "Sort the data rows by one column.", "sort_sheet {column}",
             (Param("column", "string", "a column letter", enum=tuple(COLS)),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        kind, n = params["rule"], params["rows"]
        billed = rng.choice(STATUSES[:3])  # the status whose rows carry a total (from rule 2)
        check = {"only_open": kind >= 2, "discount": kind >= 3, "close_empty": kind >= 4, "billed": billed,
                 "budget": 0}
        rows = []
        for _ in range(n):
            qty = rng.choice((0,) if kind >= 4 and rng.random() < 0.15 else range(1, 25))
            price = rng.randrange(2, 90)
            discount = rng.randrange(0, 10) * 5 if qty * price > 60 else 0
            others = [s for s in STATUSES if s != billed]
            status = billed if rng.random() < 0.5 else rng.choice(others[:1] if kind == 1 else others)
            row = [rng.choice(ITEMS), str(qty), str(price), str(discount), status, ""]
            if rng.random() < params["filled"]:  # already filled: right, or stale by a little
                right = desired(check, row)[1] or str(qty * price)
                row[5] = right if rng.random() < 0.5 else str(int(right) + rng.choice((-10, -5, 5, 10, 20)))
            rows.append(row)
        locked = sorted(rng.sample(range(2, n + 2), min(params["locked"], n - 1)))
        check.update(rows=rows, locked=locked)
        goal, script = solve(check)
        if goal == rows:  # the goal must ask for a change: the first unlocked row's total goes stale
            r = next(k for k in range(n) if k + 2 not in locked)
            rows[r][5] = str(int(goal[r][5] or "0") + 7)
            goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        rule = "the row's qty times its price"
        if check["discount"]:
            rule += ", less its discount"
        scope = ("every row" if not check["only_open"] else
                 f"every row whose status is {billed}, and the total of every other row must be empty")
        void = (f" First, every {billed} row whose qty is 0 gets the status void." if check["close_empty"] else "")
        lock = (" Some rows may be locked: a write to them fails, and they stay as they are."
                if params["locked"] else "")
        question = (
            f"You keep the {rng.choice(MONTHS)} spreadsheet of order lines through tools. Row 1 is the header "
            f"({', '.join(f'{c} {h}' for c, h in zip(COLS, HEADER))}); "
            f"rows 2 to {n + 1} hold the data, hidden until you read them.\n"
            f"Goal:{void} Column F (total) must hold {rule}, for {scope}. Some totals are filled in already, and "
            f"some of those are wrong.{lock} Change no other cell.\n\n"
            "Commands (one per turn):\n"
            "  get_row N             every cell of row N\n"
            "  get_cell REF          one cell, e.g. get_cell F3\n"
            "  set_cell REF VALUE    write a whole number or one word, e.g. set_cell F3 120\n"
            "  clear_cell REF        empty a cell\n"
            "  sort_sheet COLUMN     sort the data rows by a column\n"
            "  finish                end the episode; the sheet is then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the cells it reads
        return sum(1 + (len(HEADER) if line.startswith("get_row") else 0) for line in problem.answer.split("\n"))

    def start(self, problem):
        return {"rows": [list(r) for r in problem.check["rows"]]}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        rows = state["rows"]
        if command == "finish":
            return finish(rows, check["goal"], self.difference)
        if command == "get_row":
            n = args[0]
            if n == 1:
                return "Row 1: " + ", ".join(f"{c}1 {h}" for c, h in zip(COLS, HEADER)), None
            if not 2 <= n <= len(rows) + 1:
                return f"Error: the sheet has rows 1 to {len(rows) + 1}.", None
            return f"Row {n}: " + ", ".join(f"{c}{n} {v or '(empty)'}" for c, v in zip(COLS, rows[n - 2])), None
        if command == "sort_sheet":
            col = COLS.find(args[0].upper()) if len(args[0]) == 1 else -1
            if col < 0:
                return "Error: the columns are A to F.", None
            rows.sort(key=lambda r: (r[col].isdigit() and int(r[col]) or 0, r[col]))
            return f"Sorted the data rows by column {COLS[col]}.", None
        ref = args[0].upper()
        if len(ref) < 2 or ref[0] not in COLS or not ref[1:].isdigit():
            return f"Error: {ref[:20]} is not a cell like F3.", None
        col, n = COLS.index(ref[0]), int(ref[1:])
        if n == 1 and command == "get_cell":
            return f"{ref}: {HEADER[col]}", None
        if not 2 <= n <= len(rows) + 1:
            return f"Error: the sheet has data rows 2 to {len(rows) + 1}.", None
        if command == "get_cell":
            return f"{ref}: {rows[n - 2][col] or '(empty)'}", None
        if n in check["locked"]:
            return f"Error: row {n} is locked; nothing written.", None
        value = args[1] if command == "set_cell" else ""
        if command == "set_cell" and value.isdigit():
            value = str(int(value))  # 007 is the number 7
        rows[n - 2][col] = value.lower() if command == "set_cell" and not value.isdigit() else value
        return f"{ref} is now {rows[n - 2][col] or '(empty)'}.", None

    @staticmethod
    def difference(final, goal):
        n, col = next((n, c) for n in range(len(goal)) for c in range(len(COLS)) if final[n][c] != goal[n][c])
        return f"{COLS[col]}{n + 2} holds {final[n][col] or '(empty)'}, the goal has {goal[n][col] or '(empty)'}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
