"""Run a payroll: give the raises a stated rule earns, then pay each employee the net pay."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command
from ._names import PEOPLE

PAGE = 6  # employees per page of list_staff
DEPTS = ("sales", "support", "ops", "design", "legal", "research")
GRAMMAR = {"list_staff": ("int",), "get_employee": ("word",), "set_salary": ("word", "int"), "pay": ("word", "int"),
           "pay_cheque": ("word", "int"), "add_bonus": ("word", "int"), "terminate": ("word",),
           "print_payslip": ("word",), "finish": ()}


def net_pay(check: dict, e: str, salary: int) -> int:
    """Salary less tax (a share rounded down) and, for union members, the union dues."""
    v = check["staff"][e]
    return salary - salary * check["tax"] // 100 - (check["dues"] if v["union"] else 0)


def solve(check: dict) -> tuple[dict, list[str]]:
    """The reference solver: (the final salaries and payments, its commands). It lists every page,
    then for each employee in list order reads the record, sets the raised salary when the rating
    meets the raise threshold (salary plus the raise share, rounded down), and pays the net pay;
    a transfer to an employee with no bank account fails, and that employee is paid by cheque."""
    staff, order = check["staff"], check["order"]
    salaries = {e: v["salary"] for e, v in staff.items()}
    paid = {}
    script = [f"list_staff {p}" for p in range(1, max(1, -(-len(order) // PAGE)) + 1)]
    for e in order:
        v = staff[e]
        script.append(f"get_employee {e}")
        if v["rating"] >= check["threshold"]:
            salaries[e] = v["salary"] + v["salary"] * check["raise"] // 100
            script.append(f"set_salary {e} {salaries[e]}")
        amount = net_pay(check, e, salaries[e])
        script.append(f"pay {e} {amount}")
        if v["account"]:
            paid[e] = ["transfer", amount]
        else:
            script.append(f"pay_cheque {e} {amount}")
            paid[e] = ["cheque", amount]
    return {"salaries": salaries, "paid": paid}, script + ["finish"]


@register
class PayrollRun(TurnBudgetTask):
    """A company's payroll is hidden behind tools: list_staff PAGE shows employee ids and names,
    get_employee ID an employee's salary, rating, whether they are in the union and whether a bank
    account is on file; set_salary changes a salary, pay ID AMOUNT transfers the month's pay (it
    fails, changing nothing, when no bank account is on file), pay_cheque pays by cheque;
    add_bonus and terminate are harmful, print_payslip an irrelevant distractor. The goal: every
    employee whose rating meets the threshold gets the stated raise (rounded down), then every
    employee is paid once the net pay (salary less tax rounded down, less union dues from level
    4), by transfer, or by cheque where a transfer fails (from level 6). The reward is 1 exactly
    when every salary and every payment (method and amount) equals the goal state (unique).
    Higher levels add employees (more pages), union members, missing accounts and fewer spare
    turns."""

    name = "tool_use/payroll_run"
    knobs = (
        Knob("staff", [1, 2, 3, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24], (1, 30),
             doc="employees"),
        Knob("raise_share", [0.5, 0.5, 0.5, 0.5, 0.5, 0.5, 0.55, 0.55, 0.55, 0.6, 0.6, 0.6, 0.6, 0.65, 0.65, 0.65,
                             0.7, 0.7, 0.7, 0.7], (0.0, 1.0), doc="share of employees whose rating earns a raise"),
        Knob("union", [0.0] * 3 + [0.4] * 7 + [0.5] * 10, (0.0, 1.0), doc="share of union members (0: no dues)"),
        Knob("no_account", [0] * 5 + [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4], (0, 10),
             doc="employees with no bank account on file"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_employee E123; finish ends"
    example = "list_staff 0"
    tools = (
        Tool("list_staff", f"List the employees ({PAGE} to a page): id and name.", "list_staff {page}",
             (Param("page", "integer", "the page, from 1"),)),
        Tool("get_employee", "Read an employee: salary, rating, union membership, bank account.",
             "get_employee {employee}", (Param("employee", "string", "the employee id, e.g. E123"),)),
        Tool("set_salary", "Set an employee's monthly salary.", "set_salary {employee} {salary}",
             (Param("employee", "string", "the employee id"), Param("salary", "integer", "the new salary"))),
        Tool("pay", "Transfer this month's pay to the employee's bank account.", "pay {employee} {amount}",
             (Param("employee", "string", "the employee id"), Param("amount", "integer", "the amount, above 0"))),
        Tool("pay_cheque", "Pay this month's pay by cheque.", "pay_cheque {employee} {amount}",
             (Param("employee", "string", "the employee id"), Param("amount", "integer", "the amount, above 0"))),
        Tool("add_bonus", "Add a one-off bonus to this month's pay.", "add_bonus {employee} {amount}",
             (Param("employee", "string", "the employee id"), Param("amount", "integer", "the amount, above 0"))),
        Tool("terminate", "End an employee's contract.", "terminate {employee}",
             (Param("employee", "string", "the employee id"),)),
        Tool("print_payslip", "Print an employee's last payslip.", "print_payslip {employee}",
             (Param("employee", "string", "the employee id"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n = params["staff"]
        threshold, rise = rng.choice((3, 4)), rng.choice((2, 3, 4, 5, 8, 10))
        tax, dues = rng.choice((10, 15, 20, 25)), (rng.choice((12, 15, 20, 25)) if params["union"] else 0)
        order = [f"E{x}" for x in rng.sample(range(100, 1000), n)]
        staff = {}
        for e, name in zip(order, rng.sample(PEOPLE, n)):
            earns = rng.random() < params["raise_share"]
            rating = rng.randint(threshold, 5) if earns else rng.randint(1, threshold - 1)
            staff[e] = {"name": name, "salary": rng.randrange(1800, 6000, 10), "rating": rating,
                        "union": bool(dues) and rng.random() < params["union"], "account": True}
        for e in rng.sample(order, min(params["no_account"], n)):
            staff[e]["account"] = False
        check = {"staff": staff, "order": order, "threshold": threshold, "raise": rise, "tax": tax, "dues": dues,
                 "budget": 0}
        goal, script = solve(check)
        check["goal"] = goal
        check["budget"] = len(script) + params["slack"]
        deductions = f"less tax of {tax}% of the salary (rounded down to a whole amount)"
        if dues:
            deductions += f", less union dues of {dues} for union members"
        question = (
            f"You run this month's payroll through tools. There are {n} employees; their records are hidden until "
            "you look them up.\nGoal: first, every employee with a rating of "
            f"{threshold} or more gets a raise of {rise}% (the new salary is the old salary plus {rise}% of it, "
            "rounded down to a whole amount); then pay every employee once the net pay: the (new) salary "
            f"{deductions}. Pay by bank transfer; when a transfer is refused, pay the same amount by cheque. Change "
            "nothing else.\n\n"
            "Commands (one per turn):\n"
            f"  list_staff PAGE             employee ids and names, {PAGE} a page, page 1 first\n"
            "  get_employee ID             salary, rating, union membership, bank account\n"
            "  set_salary ID SALARY        set a monthly salary\n"
            "  pay ID AMOUNT               pay by bank transfer\n"
            "  pay_cheque ID AMOUNT        pay by cheque\n"
            "  add_bonus ID AMOUNT         add a one-off bonus\n"
            "  terminate ID                end a contract\n"
            "  print_payslip ID            print the last payslip\n"
            "  finish                      end the episode; salaries and payments are then checked against the goal\n"
            "A failed command changes nothing. Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference plus the records it reads (employees listed, record fields)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            words = line.split()
            work += 1
            if words[0] == "list_staff":
                work += len(check["order"][(int(words[1]) - 1) * PAGE: int(words[1]) * PAGE])
            elif words[0] == "get_employee":
                work += 4
        return work

    def start(self, problem):
        check = problem.check
        return {"salaries": {e: v["salary"] for e, v in check["staff"].items()}, "paid": {}, "bonus": [], "gone": []}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        staff, salaries, paid = check["staff"], state["salaries"], state["paid"]
        if command == "finish":
            final = {"salaries": salaries, "paid": paid, "bonus": state["bonus"], "gone": state["gone"]}
            return finish(final, dict(check["goal"], bonus=[], gone=[]), self.difference)
        if command == "list_staff":
            lines = [f"{e} {staff[e]['name']}" for e in check["order"]]
            return page_of(lines, args[0], PAGE, "employees"), None
        e = args[0].upper()
        if e not in staff:
            return f"Error: there is no employee {e[:30]}.", None
        v = staff[e]
        if command == "get_employee":
            return (f"{e} {v['name']}: salary {salaries[e]}, rating {v['rating']}, "
                    f"{'union member' if v['union'] else 'not in the union'}, "
                    f"{'bank account on file' if v['account'] else 'no bank account on file'}; "
                    f"{'paid' if e in paid else 'not paid'} this month"), None
        if command == "print_payslip":
            return f"Printed the last payslip of {e}.", None
        if command == "terminate":
            if e not in state["gone"]:
                state["gone"].append(e)
            return f"{e}'s contract is ended.", None
        if args[1] <= 0:
            return "Error: an amount is above 0.", None
        if command == "set_salary":
            salaries[e] = args[1]
            return f"{e}'s salary is now {args[1]}.", None
        if command == "add_bonus":
            state["bonus"].append(e)
            return f"Added a bonus of {args[1]} for {e}.", None
        if e in paid:
            return f"Error: {e} is paid already this month.", None
        if command == "pay" and not v["account"]:
            return f"Error: no bank account is on file for {e}; nothing paid.", None
        paid[e] = ["transfer" if command == "pay" else "cheque", args[1]]
        return f"Paid {e} {args[1]} by {paid[e][0]}.", None

    @staticmethod
    def difference(final, goal):
        if final["bonus"]:
            return f"{final['bonus'][0]} was given a bonus"
        if final["gone"]:
            return f"{final['gone'][0]}'s contract was ended"
        for e in sorted(goal["salaries"]):
            if final["salaries"][e] != goal["salaries"][e]:
                return f"{e}'s salary is {final['salaries'][e]}, the goal has {goal['salaries'][e]}"
        e = next(e for e in sorted(goal["paid"]) if final["paid"].get(e) != goal["paid"][e])
        if e not in final["paid"]:
            return f"{e} was not paid"
        got, want = final["paid"][e], goal["paid"][e]
        return f"{e} was paid {got[1]} by {got[0]}, the goal has {want[1]} by {want[0]}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = solve(problem.check)[1]
        return script[min(state["turn"], len(script) - 1)]
