"""Move money between hidden bank accounts until the balances the goal names are reached."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._commands import FINISH_TOOL, CommandError, finish, page_of, read_command
from ._names import PEOPLE

PAGE = 6  # accounts per page of list_accounts
GRAMMAR = {"list_accounts": ("int",), "get_balance": ("word",), "transfer": ("word", "word", "int"),
           "close_account": ("word",), "get_rate": ("word",), "finish": ()}
KINDS = ("checking", "savings")
CURRENCIES = {"EUR": 100, "USD": 108, "GBP": 85, "JPY": 16300, "CHF": 96}


def account_name(acc: dict, two_kinds: bool) -> str:
    return f"{acc['owner']}'s {acc['kind']} account" if two_kinds else f"{acc['owner']}'s account"


def clause_text(clause: dict, accounts: dict, two_kinds: bool) -> str:
    def name(i):
        return account_name(accounts[i], two_kinds)
    kind = clause["kind"]
    if kind == "equalize":
        return (f"make the balance of {name(clause['a'])} equal to the balance of {name(clause['b'])}, moving "
                f"money only from {name(clause['a'])} to {name(clause['b'])}")
    if kind == "top_up":
        return (f"bring the balance of {name(clause['x'])} up to exactly {clause['target']}, moving money only "
                f"from {name(clause['s'])}")
    return f"empty {name(clause['x'])} completely into {name(clause['s'])}"


def goal_balances(accounts: dict, clauses: list[dict]) -> dict:
    """The reference solver: the balances after every clause (clauses touch disjoint accounts)."""
    bal = {i: a["balance"] for i, a in accounts.items()}
    for c in clauses:
        if c["kind"] == "equalize":
            move = (bal[c["a"]] - bal[c["b"]]) // 2
            bal[c["a"]] -= move
            bal[c["b"]] += move
        elif c["kind"] == "top_up":
            move = c["target"] - bal[c["x"]]
            bal[c["x"]] += move
            bal[c["s"]] -= move
        else:
            bal[c["s"]] += bal[c["x"]]
            bal[c["x"]] = 0
    return bal


def reference_script(check: dict) -> list[str]:
    """The reference solution: list pages until every account the goal names is found, read the
    balances each clause depends on, transfer (trying a transfer above the hidden per-transfer
    limit once, then splitting every later amount into chunks the limit allows), then finish."""
    accounts, order = check["accounts"], check["order"]
    wanted = {i for c in check["clauses"] for k, i in c.items() if k in ("a", "b", "x", "s")}
    script, seen, page = [], set(), 1
    while not wanted <= seen:
        script.append(f"list_accounts {page}")
        seen |= set(order[(page - 1) * PAGE: page * PAGE])
        page += 1
    bal = {i: a["balance"] for i, a in accounts.items()}
    limit, learned = check["limit"], False
    for c in check["clauses"]:
        if c["kind"] == "equalize":
            script += [f"get_balance {c['a']}", f"get_balance {c['b']}"]
            src, dst, move = c["a"], c["b"], (bal[c["a"]] - bal[c["b"]]) // 2
        elif c["kind"] == "top_up":
            script.append(f"get_balance {c['x']}")
            src, dst, move = c["s"], c["x"], c["target"] - bal[c["x"]]
        else:
            script.append(f"get_balance {c['x']}")
            src, dst, move = c["x"], c["s"], bal[c["x"]]
        if limit and move > limit and not learned:
            script.append(f"transfer {src} {dst} {move}")  # fails, and the error names the limit
            learned = True
        while move > 0:
            step = min(move, limit) if limit else move
            script.append(f"transfer {src} {dst} {step}")
            bal[src] -= step
            bal[dst] += step
            move -= step
    return script + ["finish"]


def make_clauses(rng, ids: list[str], n_goals: int, kinds: tuple[str, ...], limit: int) -> tuple[dict, list]:
    """Balances and goal clauses over disjoint pairs of accounts, each needing a transfer."""
    balances, clauses = {}, []
    for g in range(n_goals):
        p, q = ids[2 * g], ids[2 * g + 1]
        kind = rng.choice(kinds)
        if kind == "equalize":
            b = rng.randrange(10, 300)
            move = rng.randrange(5, 150 if not limit else 2 * limit + 40)
            balances[p], balances[q] = b + 2 * move, b
            clauses.append({"kind": kind, "a": p, "b": q})
        elif kind == "top_up":
            x = rng.randrange(0, 200)
            target = x + rng.randrange(5, 150 if not limit else 2 * limit + 40)
            balances[p], balances[q] = x, target - x + rng.randrange(0, 300)
            clauses.append({"kind": kind, "x": p, "s": q, "target": target})
        else:
            balances[p], balances[q] = rng.randrange(5, 250), rng.randrange(0, 300)
            clauses.append({"kind": kind, "x": p, "s": q})
    return balances, clauses


@register
class BankLedger(TurnBudgetTask):
    """A small bank's accounts are hidden behind tools: list_accounts PAGE shows ids and owners
    (no balances), get_balance ID reads one balance, transfer FROM TO AMOUNT moves money (it fails
    on insufficient funds and, from level 6, above a hidden per-transfer limit that the error then
    names, so the agent must split the amount), close_account and get_rate are harmful and
    irrelevant distractors. The goal, in words, names accounts by owner: make two balances equal
    by moving money from one, top one up to an amount from another, or empty one into another.
    The agent must read the balances before it can compute the amounts, then call finish; the
    reward is 1 exactly when every balance equals the goal state (unique: the clauses touch
    disjoint accounts and every other account must stay as it was). Higher levels add accounts
    (more pages to list, owners with a checking and a savings account), more goal clauses of more
    kinds, the transfer limit (and a lower one) and fewer spare turns."""

    name = "tool_use/bank_ledger"
    knobs = (
        Knob("accounts", [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 36], (2, 60),
             doc="accounts in the bank"),
        Knob("goals", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8], (1, 12),
             doc="goal clauses, each over its own two accounts"),
        Knob("kinds", [1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3], (1, 3),
             doc="kinds of clause drawn from (equalize, top up, empty into)"),
        Knob("two_kinds", [False] * 4 + [True] * 16, doc="whether owners hold a checking and a savings account"),
        Knob("limit", [0, 0, 0, 0, 0, 120, 110, 100, 90, 80, 75, 70, 65, 60, 55, 50, 45, 40, 35, 30], (0, 1000),
             doc="hidden per-transfer limit (0: none)"),
        Knob("slack", [6, 6, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2], (0, 50),
             doc="spare turns beyond the reference solution"),
    )
    answer_format = "one command per turn: a tool name and its arguments, e.g. get_balance AC123; finish ends"
    example = "list_accounts 1"
    tools = (
        Tool("list_accounts", f"List the accounts ({PAGE} to a page): ids, owners and kinds, no balances.",
             "list_accounts {page}", (Param("page", "integer", "the page, from 1"),)),
        Tool("get_balance", "Read the balance of one account.", "get_balance {account}",
             (Param("account", "string", "the account id, e.g. AC123"),)),
        Tool("transfer", "Move a whole amount from one account to another.", "transfer {source} {target} {amount}",
             (Param("source", "string", "the id of the account paying"),
              Param("target", "string", "the id of the account receiving"),
              Param("amount", "integer", "the amount, a whole number above 0"))),
        Tool("close_account", "Close an account for good; its balance is written off.", "close_account {account}",
             (Param("account", "string", "the account id"),)),
        Tool("get_rate", "Read the exchange rate of a currency against the euro.", "get_rate {currency}",
             (Param("currency", "string", "a currency code, e.g. USD"),)),
        FINISH_TOOL,
    )
    invalid_hint = "write one command: a tool name and its arguments"

    def build(self, rng, params):
        n, goals = params["accounts"], params["goals"]
        if 2 * goals > n:
            raise ValueError(f"knob 'goals' ({goals}) needs at least {2 * goals} accounts, "
                             f"knob 'accounts' is {n}")
        two = params["two_kinds"]
        owners = rng.sample(PEOPLE, (n + 1) // 2 if two else n)
        slots = [(o, k) for o in owners for k in (KINDS if two else KINDS[:1])]
        slots = rng.sample(slots, n)
        ids = [f"AC{x}" for x in rng.sample(range(100, 1000), n)]
        kinds = ("equalize", "top_up", "sweep")[:params["kinds"]]
        goal_ids = rng.sample(ids, 2 * goals)
        balances, clauses = make_clauses(rng, goal_ids, goals, kinds, params["limit"])
        accounts = {}
        for i, (owner, kind) in zip(ids, slots):
            accounts[i] = {"owner": owner, "kind": kind, "balance": balances.get(i, rng.randrange(0, 400))}
        order = sorted(ids, key=lambda i: (accounts[i]["owner"], accounts[i]["kind"]))
        check = {"accounts": accounts, "order": order, "clauses": clauses, "limit": params["limit"],
                 "goal": goal_balances(accounts, clauses), "two_kinds": two, "budget": 0}
        script = reference_script(check)
        check["budget"] = len(script) + params["slack"]
        goal = "; ".join(f"({k + 1}) {clause_text(c, accounts, two)}" for k, c in enumerate(clauses))
        limit_note = (" Transfers may be refused by bank rules; an error says why and changes nothing."
                      if params["limit"] else "")
        question = (
            f"You operate a bank's ledger through tools. The bank holds {n} accounts; their ids and balances are "
            f"hidden until you look them up. Goal: {goal}. Every other account must keep its balance, and no "
            "account may be closed.\n\n"
            "Commands (one per turn):\n"
            f"  list_accounts PAGE       ids, owners and kinds, {PAGE} accounts a page, page 1 first\n"
            "  get_balance ID           the balance of one account\n"
            "  transfer FROM TO AMOUNT  move a whole amount (above 0) between two accounts\n"
            "  close_account ID         close an account; its balance is written off\n"
            "  get_rate CURRENCY        an exchange rate against the euro\n"
            "  finish                   end the episode; the balances are then checked against the goal\n"
            f"A failed command changes nothing.{limit_note} Every command, valid or not, uses a turn; you have "
            f"{check['budget']} turns.")
        return self.draft(question, "\n".join(script), check)

    def effort(self, problem):
        # tool calls of the reference solution plus the records it reads (listed accounts, balances)
        check, work = problem.check, 0
        for line in problem.answer.split("\n"):
            work += 1
            if line.startswith("list_accounts"):
                page = int(line.split()[1])
                work += len(check["order"][(page - 1) * PAGE: page * PAGE])
            elif line.startswith("get_balance"):
                work += 1
        return work

    def start(self, problem):
        accounts = problem.check["accounts"]
        return {"balances": {i: a["balance"] for i, a in accounts.items()}, "closed": []}

    def act(self, problem, state, text):
        check = problem.check
        try:
            command, args = read_command(text, GRAMMAR)
        except CommandError as exc:
            return f"Invalid command: {exc}.", None
        accounts, bal = check["accounts"], state["balances"]
        ids = [a.upper() for a in args if isinstance(a, str)]
        if command in ("get_balance", "transfer", "close_account"):
            for i in ids:
                if i not in accounts:
                    return f"Error: there is no account {i}.", None
                if i in state["closed"]:
                    return f"Error: account {i} is closed.", None
        if command == "list_accounts":
            lines = [f"{i} {accounts[i]['owner']} {accounts[i]['kind']}" for i in check["order"]]
            return page_of(lines, args[0], PAGE, "accounts"), None
        if command == "get_balance":
            return f"{ids[0]} balance: {bal[ids[0]]}", None
        if command == "transfer":
            src, dst, amount = ids[0], ids[1], args[2]
            if src == dst:
                return "Error: the two accounts must differ.", None
            if amount <= 0:
                return "Error: the amount must be above 0.", None
            if check["limit"] and amount > check["limit"]:
                return f"Error: {amount} exceeds the per-transfer limit of {check['limit']}; nothing moved.", None
            if amount > bal[src]:
                return f"Error: insufficient funds in {src}; nothing moved.", None
            bal[src] -= amount
            bal[dst] += amount
            return f"Moved {amount} from {src} to {dst}.", None
        if command == "close_account":
            bal[ids[0]] = 0
            state["closed"].append(ids[0])
            return f"Account {ids[0]} is closed; its balance was written off.", None
        if command == "get_rate":
            code = args[0].upper()
            if code not in CURRENCIES:
                return f"Error: no rate for {code[:10]}.", None
            return f"1 EUR = {CURRENCIES[code] / 100:g} {code}", None
        return finish((bal, sorted(state["closed"])), (check["goal"], []), self.difference)

    @staticmethod
    def difference(final, goal):
        if final[1]:
            return f"account {final[1][0]} was closed"
        wrong = next(i for i in sorted(goal[0]) if final[0][i] != goal[0][i])
        return f"{wrong} holds {final[0][wrong]}, the goal needs {goal[0][wrong]}"

    def unsolved(self, problem, state):
        return "finish was not called."

    def plan(self, problem, state):
        script = reference_script(problem.check)
        return script[min(state["turn"], len(script) - 1)]
