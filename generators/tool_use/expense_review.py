"""Review submitted expense reports against a written policy, in order."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command
from ._names import PEOPLE

PAGE = 6  # reports per page of list_reports
CATEGORIES = ("travel", "meals", "software", "office", "training")
LIMITS = {"travel": 800, "meals": 120, "software": 300, "office": 200, "training": 500}  # scaled per problem
GRAMMAR = {"list_reports": ("int",), "get_report": ("word",), "approve": ("word",), "reject": ("word",),
           "escalate": ("word",), "request_receipt": ("word",), "finish": ()}


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final statuses, its commands). It lists every page, then takes
    the submitted reports in list order and reads each one (and, where copies count, the decided
    ones too, which may be the originals): a copy of an earlier report (same
    employee, category, amount and day) is rejected, a report above the receipt threshold without
    a receipt is rejected, one above its category's limit is escalated, and any other is approved;
    an approval the budget left cannot cover fails, and that report is escalated instead."""
    reports, status = check["reports"], {k: v["status"] for k, v in check["reports"].items()}
    script = [f"list_reports {p}" for p in range(1, max(1, -(-len(check["order"]) // PAGE)) + 1)]
    left, seen = check["budget_left"], set()
    for k in check["order"]:
        r = reports[k]
        if r["status"] != "submitted":
            if check["duplicates"]:  # a decided report may be the original of a later copy: read it too
                script.append(f"get_report {k}")
                seen.add((r["employee"], r["category"], r["amount"], r["day"]))
            continue
        script.append(f"get_report {k}")
        key = (r["employee"], r["category"], r["amount"], r["day"])
        if check["duplicates"] and key in seen:
            verdict = "reject"
        elif check["threshold"] and r["amount"] > check["threshold"] and not r["receipt"]:
            verdict = "reject"
        elif r["amount"] > check["limits"][r["category"]]:
            verdict = "escalate"
        else:
            verdict = "approve"
            if left is not None and r["amount"] > left:
                script.append(f"approve {k}")  # refused: the budget left is too small
                verdict = "escalate"
            elif left is not None:
                left -= r["amount"]
        seen.add(key)
        script.append(f"{verdict} {k}")
        status[k] = {"approve": "approved", "reject": "rejected", "escalate": "escalated"}[verdict]
    return status, script + ["finish"]


def limits_text(limits: dict) -> str:
    return ", ".join(f"{c} {limits[c]}" for c in CATEGORIES)


def solve_amounts(check: dict) -> list[dict]:
    """The reports the policy approves when no budget applies (to size the budget)."""
    free = dict(check, budget_left=None)
    status, _ = solve(free)
    return [check["reports"][k] for k, s in status.items() if s == "approved" and check["reports"][k]["status"] ==
            "submitted"]


@register
class ExpenseReview(TurnBudgetTask):
    """Expense reports are hidden behind tools: list_reports PAGE shows ids, employees and
    statuses, get_report ID a report's category, amount, day and whether it has a receipt;
    approve, reject and escalate decide a submitted report (an approval fails, changing nothing,
    when the approval budget left is too small, and the error says how much is left);
    request_receipt is an irrelevant distractor. The goal is a written policy applied to the
    submitted reports in list order: escalate a report above its category's limit, approve the
    others; from level 3 reject one above the receipt threshold that has no receipt; from level 5
    reject a copy of an earlier report; from level 8 approvals draw on a budget, and a report the
    budget cannot cover is escalated (a failed approval reveals it). The reward is 1 exactly when
    every report's status equals the goal state (unique). Higher levels add reports (more pages),
    decided reports among them, copies, missing receipts, a tighter budget and fewer spare
    turns."""

    name = "tool_use/expense_review"
    knobs = (
        Knob("reports", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24, 26], (1, 60),
             doc="expense reports"),
        Knob("threshold", [0, 0, 75, 75, 75, 75, 75, 60, 60, 60, 60, 50, 50, 50, 50, 40, 40, 40, 40, 40], (0, 1000),
             doc="amount above which a receipt is needed (0: no receipt rule)"),
        Knob("duplicates", [0, 0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4], (0, 10),
             doc="reports that copy an earlier one"),
        Knob("budget", [0.0] * 7 + [0.7, 0.65, 0.6, 0.6, 0.55, 0.55, 0.5, 0.5, 0.5, 0.45, 0.45, 0.4, 0.4], (0.0, 1.0),
             doc="approval budget as a share of what the approvable reports ask (0: no budget)"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_report X123; finish ends"
    example = "list_reports 0"
    tools = (
        Tool("list_reports", f"List the expense reports ({PAGE} to a page): id, employee, status.",
             "list_reports {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_report", "Read a report: category, amount, day and whether it has a receipt.", "get_report {report}",
             (Param("report", "string", "the report id, e.g. X123"),)),
        Tool("approve", "Approve a submitted report (it is paid from the approval budget).", "approve {report}",
             (Param("report", "string", "the report id"),)),
        Tool("reject", "Reject a submitted report.", "reject {report}", (Param("report", "string", "the report id"),)),
        Tool("escalate", "Send a submitted report to the finance director.", "escalate {report}",
             (Param("report", "string", "the report id"),)),
        Tool("request_receipt", "E-mail the employee asking for a receipt.", "request_receipt {report}",
             (Param("report", "string", "the report id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n = params["reports"]
        # each company sets its own limits, around the usual ones
        limits = {c: int(LIMITS[c] * rng.choice((0.8, 1.0, 1.25, 1.5)) // 10 * 10) for c in CATEGORIES}
        staff = rng.sample(PEOPLE, max(2, n // 2 + 1))
        ids = sorted(f"X{x}" for x in rng.sample(range(100, 1000), n))
        reports = {}
        for k in ids:
            category = rng.choice(CATEGORIES)
            limit = limits[category]
            amount = rng.randrange(5, limit * 5 // 4) if rng.random() < 0.8 else rng.randrange(limit + 1, limit * 2)
            reports[k] = {"employee": rng.choice(staff), "category": category, "amount": amount,
                          "day": rng.randrange(1, 29), "receipt": rng.random() < 0.7,
                          "status": "submitted" if rng.random() < 0.85 else rng.choice(("approved", "rejected"))}
        for k in rng.sample(ids[1:], min(params["duplicates"], n - 1)):  # a copy of an earlier report
            first = rng.choice([j for j in ids if j < k])
            reports[k].update({f: reports[first][f] for f in ("employee", "category", "amount", "day", "receipt")})
            reports[k]["status"] = "submitted"
        if all(r["status"] != "submitted" for r in reports.values()):
            reports[ids[0]]["status"] = "submitted"
        check = {"reports": reports, "order": ids, "threshold": params["threshold"], "limits": limits,
                 "duplicates": params["duplicates"] > 0, "budget_left": None, "budget": 0}
        if params["budget"]:
            asked = sum(r["amount"] for r in solve_amounts(check))
            check["budget_left"] = int(asked * params["budget"])
        goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        rules = [f"  - a report whose amount is above its category's limit ({limits_text(limits)}) is escalated;"]
        if params["threshold"]:
            rules.insert(0, f"  - a report above {params['threshold']} without a receipt is rejected;")
        if params["duplicates"]:
            rules.insert(0, "  - a report with the same employee, category, amount and day as an earlier report in "
                            "the list (decided or not) is rejected as a copy;")
        rules.append("  - every other report is approved" + (
            "; approvals are paid from a budget, and a report the budget left cannot cover is escalated instead."
            if params["budget"] else "."))
        question = (
            f"You review expense reports through tools. There are {n} reports; their details are hidden until you "
            "read them.\nGoal: decide every submitted report, taking them in list order, by the first rule that "
            "applies:\n" + "\n".join(rules) + "\nReports already decided stay as they are.\n\n"
            "Commands (one per turn):\n"
            f"  list_reports PAGE        id, employee and status, {PAGE} a page, page 1 first\n"
            "  get_report ID            category, amount, day and receipt\n"
            "  approve ID / reject ID / escalate ID   decide a submitted report\n"
            "  request_receipt ID       ask the employee for a receipt\n"
            "  finish                   end the episode; the statuses are then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (reports listed, report fields)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            words = line.split()
            work += 1
            if words[0] == "list_reports":
                work += len(check["order"][(int(words[1]) - 1) * PAGE: int(words[1]) * PAGE])
            elif words[0] == "get_report":
                work += 4
        return work

    def start(self, problem):
        check = problem.check
        return {"status": {k: v["status"] for k, v in check["reports"].items()}, "left": check["budget_left"]}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        status, reports = state["status"], check["reports"]
        if command == "finish":
            return finish(status, check["goal"], self.difference)
        if command == "list_reports":
            lines = [f"{k} {reports[k]['employee']} {status[k]}" for k in check["order"]]
            return page_of(lines, args[0], PAGE, "reports"), None
        k = args[0].upper()
        if k not in reports:
            return f"Error: there is no report {k[:20]}.", None
        r = reports[k]
        if command == "get_report":
            return (f"{k}: {r['employee']}, {r['category']}, amount {r['amount']}, day {r['day']}, "
                    f"{'with' if r['receipt'] else 'no'} receipt; {status[k]}"), None
        if command == "request_receipt":
            return f"Asked {r['employee']} for a receipt for {k}.", None
        if status[k] != "submitted":
            return f"Error: {k} is {status[k]} already.", None
        if command == "approve":
            if state["left"] is not None:
                if r["amount"] > state["left"]:
                    return (f"Error: the approval budget has {state['left']} left, too little for {k}; "
                            "nothing approved."), None
                state["left"] -= r["amount"]
            status[k] = "approved"
        else:
            status[k] = "rejected" if command == "reject" else "escalated"
        return f"{k} is {status[k]}.", None

    @staticmethod
    def difference(final, goal):
        k = next(k for k in sorted(goal) if final[k] != goal[k])
        return f"report {k} is {final[k]}, the goal has it {goal[k]}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]

