"""Ledgers that must balance: a bank statement's running balance, the one wrong cell in a ledger,
and a journal whose entries must each balance (debits equal credits)."""
from __future__ import annotations

import datetime as dt
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, money_text, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._amounts import grade_money
from .._dates import read_date
from ._tables import format_knob, render_table, sorting_work

DEPOSITS = ("Salary", "Transfer in", "Refund", "Cash deposit", "Interest", "Client payment")
WITHDRAWALS = ("Rent", "Groceries", "Utilities", "Card payment", "ATM withdrawal", "Insurance", "Fuel", "Phone bill")


def _amount(rng, big: int, cents: bool) -> int:
    """A positive amount in cents, whole units unless `cents`."""
    units = rng.randint(1, big)
    return units * 100 + (rng.randint(0, 99) if cents else 0)


# An amount may be any number of cents, of either sign, so no amount is wrong for every problem:
# each problem asking one draws its example, last of all its draws, from this list less its own
# answer (so the example tells only that it is not the answer), and the format quotes it.
AMOUNT_EXAMPLES = ("1520.75", "-310.40", "982.05", "47.60", "-2250.00")
MONEY_FORMAT = "an amount with two decimals, such as {} (negative with a leading minus sign)"


def amount_example(rng, answer: str) -> str:
    examples = [e for e in AMOUNT_EXAMPLES if e != answer]
    return examples[rng.randrange(len(examples))]


# ---------------------------------------------------------------- running balance

ASKS = ("closing", "balance_on", "lowest", "first_below")


def simulate(opening: int, txs: list[dict], fee: int | None) -> list[tuple[str, int]]:
    """(date, balance after it) for each posted transaction in processing order (date, then ref);
    with an overdraft fee, a withdrawal that leaves the balance below zero is followed at once
    by a fee of `fee` cents (itself charged without a further fee)."""
    balance, out = opening, []
    for t in sorted((t for t in txs if not t["pending"]), key=lambda t: (t["date"], t["ref"])):
        balance += t["amount"]
        out.append((t["date"], balance))
        if fee and t["amount"] < 0 and balance < 0:
            balance -= fee
            out.append((t["date"], balance))
    return out


@register
class RunningBalance(Task):
    """Track an account's running balance through a statement: the closing balance, the balance at
    the end of a given day, the lowest balance reached, or the first day the balance fell below a
    level. Higher levels add transactions, cents, rows listed out of date order (processing is by
    date, then reference number), pending rows that must be skipped, and an overdraft-fee rule."""

    name = "data/running_balance"
    knobs = (
        format_knob(),
        Knob("n_tx", [3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 23, 26, 29, 32, 36, 40, 44, 48, 53, 58], (1, 200),
             doc="transactions on the statement"),
        Knob("asks", ["closing", "closing", ["closing", "balance_on"], ["closing", "balance_on", "lowest"]]
             + [list(ASKS)] * 16, choices=ASKS, doc="question kind (a list: one drawn per problem)"),
        Knob("cents", [False, False] + [True] * 18, doc="amounts with cents"),
        Knob("unsorted", [False] * 4 + [True] * 16, doc="rows listed out of date order"),
        Knob("pending", [0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8], (0, 20),
             doc="pending rows that are not posted"),
        Knob("overdraft_fee", [False] * 6 + [True] * 14,
             doc="a fee charged whenever a withdrawal leaves the balance below zero"),
    )
    answer_format = "what the question asks for"
    example = "1520.75"
    DATE_FORMAT = "a date as YYYY-MM-DD"
    DATE_EXAMPLE = "2099-03-14"  # statements are dated 2020-2030: never the answer

    def build(self, rng, params):
        cents, n = params["cents"], params["n_tx"]
        start = dt.date(rng.randint(2020, 2030), rng.randint(1, 12), 1)
        opening = _amount(rng, 900, cents)
        txs = []
        for i in range(n + params["pending"]):
            deposit = rng.random() < 0.4
            amount = _amount(rng, 600 if deposit else 400, cents)
            txs.append({"ref": 101 + i, "date": (start + dt.timedelta(days=rng.randint(0, 27))).isoformat(),
                        "text": rng.choice(DEPOSITS if deposit else WITHDRAWALS),
                        "amount": amount if deposit else -amount, "pending": False})
        for t in rng.sample(txs, params["pending"]):
            t["pending"] = True
        txs.sort(key=lambda t: (t["date"], t["ref"]))
        # refs follow processing order, so the sort rule is natural; listing order may differ
        for i, t in enumerate(txs):
            t["ref"] = 101 + i
        fee = rng.choice([1500, 2000, 2500, 3000]) if params["overdraft_fee"] else None
        trail = simulate(opening, txs, fee)
        ask = params["asks"]
        if ask == "first_below":
            balances = sorted({b for _, b in trail})
            level = balances[rng.randrange(max(1, len(balances) // 2))] + rng.randint(1, 50) * 100
            hit = next((d for d, b in trail if b < level), None)
            if hit is None or trail[0][1] < level and rng.random() < 0.5:
                ask = "closing"
        listed = list(txs)
        if params["unsorted"]:
            rng.shuffle(listed)
        rows = [{"ref": t["ref"], "date": t["date"], "description": t["text"] + (" (PENDING)" if t["pending"] else ""),
                 "amount": money_text(t["amount"])} for t in listed]
        table = render_table(["ref", "date", "description", "amount"], rows, params["fmt"])
        rules = [f"The account opened the period with a balance of {money_text(opening)}. Amounts are signed: "
                 "positive amounts are money in, negative amounts are money out."]
        if params["unsorted"]:
            rules.append("The rows are not listed in order: transactions are processed by date, and transactions on "
                         "the same date in increasing ref order.")
        else:
            rules.append("Transactions are processed in the order listed.")
        if params["pending"]:
            rules.append("Rows marked (PENDING) have not been posted: ignore them.")
        if fee:
            rules.append(f"Whenever a negative amount leaves the balance below 0.00, the bank immediately charges an "
                         f"overdraft fee of {money_text(fee)}, which is subtracted at once (the fee itself never "
                         "triggers another fee).")
        if ask == "closing":
            value, q = trail[-1][1], "What is the balance after all transactions are processed?"
        elif ask == "balance_on":
            day = rng.choice(sorted({d for d, _ in trail}))
            value = [b for d, b in trail if d <= day][-1]
            q = f"What is the balance at the end of {day}, after every transaction dated on or before that day?"
        elif ask == "lowest":
            value = min(b for _, b in trail)
            q = ("What is the lowest balance the account reaches at any point (after any single transaction or "
                 "fee)?")
        else:
            value = hit
            q = (f"On what date does the balance first fall below {money_text(level)} (just after some transaction "
                 f"or fee)?")
        question = f"A bank statement:\n\n{table}\n\n{' '.join(rules)}\n{q}"
        if ask == "first_below":
            return Draft(question, value, {"date": value}, self.DATE_FORMAT, self.DATE_EXAMPLE)
        example = amount_example(rng, money_text(value))
        return Draft(question, money_text(value), {"cents": value}, MONEY_FORMAT.format(example), example)

    def effort(self, problem):
        # every row is read (and the rows put in date order when listed out of order); each
        # posted row is one addition, and with the overdraft rule one sign check more
        params = problem.params
        rows = params["n_tx"] + params["pending"]
        ordering = sorting_work(rows) if params["unsorted"] else 0
        return rows + ordering + params["n_tx"] * (1 + params["overdraft_fee"])

    def grade(self, answer, problem):
        c = problem.check
        if "date" in c:
            try:
                given = read_date(answer)
            except ParseError as exc:
                return refused(exc)
            return right() if given.isoformat() == c["date"] else wrong("That is not the first such date.")
        return grade_money(answer, c["cents"], "the balance asked for")


# ---------------------------------------------------------------- the wrong cell

def mistype(rng, cents: int, sign: bool = True) -> int:
    """A plausible clerical error: two adjacent digits swapped, one digit changed, or (when `sign`)
    the sign flipped; always a different value."""
    for _attempt in range(20):
        digits = list(str(abs(cents)).rjust(3, "0"))
        kind = rng.choice(("swap", "digit", "digit", "sign") if sign else ("swap", "digit"))
        if kind == "swap" and len(digits) >= 2:
            i = rng.randrange(len(digits) - 1)
            digits[i], digits[i + 1] = digits[i + 1], digits[i]
            value = int("".join(digits)) * (1 if cents >= 0 else -1)
        elif kind == "sign":
            value = -cents
        else:
            i = rng.randrange(len(digits))
            digits[i] = str((int(digits[i]) + rng.randint(1, 9)) % 10)
            value = int("".join(digits)) * (1 if cents >= 0 else -1)
        if value != cents and value != 0:  # a zero would move a split-column entry out of its column
            return value
    return cents + 100


def single_fixes(opening: int, amounts: list[int], balances: list[int]) -> list[tuple[int, str, int]]:
    """Every (row index, 'amount' or 'balance', corrected value) such that changing that one cell
    makes every balance equal the previous balance plus the row's amount."""
    n = len(amounts)

    def consistent(a, b):
        prev = opening
        for i in range(n):
            if b[i] != prev + a[i]:
                return False
            prev = b[i]
        return True

    fixes = []
    for k in range(n):
        prev = opening if k == 0 else balances[k - 1]
        amount = balances[k] - prev
        if amount != amounts[k]:
            a = list(amounts)
            a[k] = amount
            if consistent(a, balances):
                fixes.append((k, "amount", amount))
        value = prev + amounts[k]
        if value != balances[k]:
            b = list(balances)
            b[k] = value
            if consistent(amounts, b):
                fixes.append((k, "balance", value))
    return fixes


@register
class LedgerError(Task):
    """A ledger in which each row's balance should be the previous balance plus the row's amount,
    but exactly one cell (one amount or one balance) was copied wrongly. Find the row, or (higher
    levels) the value that cell should hold. A wrong balance also breaks the check on the next
    row, so the solver must tell a bad balance from a bad amount. Higher levels add rows, cents,
    amount errors as well as balance errors, split debit/credit columns, and ask for the
    corrected value."""

    name = "data/ledger_error"
    knobs = (
        format_knob(),
        Knob("n_rows", [4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 23, 26, 29, 32, 36, 40, 44, 48, 53, 58], (2, 200),
             doc="ledger rows"),
        Knob("cents", [False, False, False] + [True] * 17, doc="amounts with cents"),
        Knob("error_in", ["balance", "balance"] + [["amount", "balance"]] * 18, choices=("amount", "balance"),
             doc="which column holds the wrong cell (a list: one drawn per problem)"),
        Knob("split", [False] * 5 + [True] * 15, doc="debit and credit columns instead of one signed amount"),
        Knob("ask", ["row", "row", "row", "row", ["row", "value"], ["row", "value"]] + ["value"] * 14,
             choices=("row", "value"), doc="ask for the row number or the corrected value"),
    )
    answer_format = "what the question asks for"
    example = "0"  # the row question's example (rows are numbered from 1)
    ROW_FORMAT = "the row number (a whole number)"
    ROW_EXAMPLE = "0"  # rows are numbered from 1: never the answer
    VALUE_FORMAT = "the corrected value with two decimals, such as {} (negative with a leading minus sign)"

    def build(self, rng, params):
        cents, n = params["cents"], params["n_rows"]
        for _attempt in range(50):
            opening = _amount(rng, 2000, cents)
            amounts, balances, bal = [], [], opening
            for _ in range(n):
                a = _amount(rng, 500, cents) * (1 if rng.random() < 0.45 else -1)
                bal += a
                amounts.append(a)
                balances.append(bal)
            k = rng.randrange(n)
            column = params["error_in"]
            if column == "amount":
                # in split columns a sign slip would move the entry to the other column: no sign errors there
                amounts[k] = mistype(rng, amounts[k], sign=not params["split"])
            else:
                balances[k] = mistype(rng, balances[k])
            fixes = single_fixes(opening, amounts, balances)
            if params["ask"] == "row" and len({f[0] for f in fixes}) == 1 or len(fixes) == 1:
                break
        else:
            raise ValueError("could not draw a ledger with a unique error; change n_rows")
        row, col, value = fixes[0]
        if params["split"]:
            cols = ["row", "debit", "credit", "balance"]
            rows = [{"row": i + 1, "debit": money_text(-a) if a < 0 else "", "credit": money_text(a) if a >= 0 else "",
                     "balance": money_text(b)} for i, (a, b) in enumerate(zip(amounts, balances))]
            rule = "Each row's balance should equal the previous row's balance plus its credit minus its debit."
            where = "one debit, one credit or one balance"
            if col == "amount":
                value = abs(value)  # split columns hold unsigned amounts
        else:
            cols = ["row", "amount", "balance"]
            rows = [{"row": i + 1, "amount": money_text(a), "balance": money_text(b)}
                    for i, (a, b) in enumerate(zip(amounts, balances))]
            rule = "Each row's balance should equal the previous row's balance plus its (signed) amount."
            where = "one amount or one balance"
        table = render_table(cols, rows, params["fmt"])
        intro = (f"A ledger opens with a balance of {money_text(opening)}.\n\n{table}\n\n{rule} Exactly one cell in "
                 f"the table ({where}; the opening balance is right) was copied wrongly; every other cell is "
                 "correct.")
        if params["ask"] == "row":
            question = f"{intro}\nWhich row contains the wrong cell?"
            answer, check = str(row + 1), {"row": row + 1}
        else:
            question = f"{intro}\nWhat value should the wrong cell hold?"
            answer, check = money_text(value), {"cents": value, "row": row + 1}
        if params["ask"] == "row":
            return Draft(question, answer, check, self.ROW_FORMAT, self.ROW_EXAMPLE)
        example = amount_example(rng, answer)
        return Draft(question, answer, check, self.VALUE_FORMAT.format(example), example)

    def effort(self, problem):
        # every row's balance is checked against the one before plus its amount (from two
        # columns when split); a broken check is then traced to its cell, and a value corrected
        params = problem.params
        return params["n_rows"] * (1 + params["split"]) + 1 + ("cents" in problem.check)

    def grade(self, answer, problem):
        c = problem.check
        if "cents" not in c:
            # "row 4" (or "Row #4") names the row as plainly as "4"
            text = re.sub(r"^row\s*[#:]?\s*(?=\d)", "", answer.strip(), flags=re.IGNORECASE)
            return grade_int(text, c["row"], "the row with the wrong cell")
        return grade_money(answer, c["cents"], "the corrected value")


# ---------------------------------------------------------------- journal entries

ACCOUNTS = ("Cash", "Receivables", "Inventory", "Equipment", "Payables", "Sales", "Rent Expense", "Wages Expense",
            "Capital", "Utilities Expense", "Loan")
JOURNAL_ASKS = ("missing", "account", "total")
_JOURNAL_LINE = re.compile(r"^(?:\| )?\d+\s*[,|]", re.MULTILINE)  # a journal line, as the table shows it


@register
class JournalMissingAmount(Task):
    """A double-entry journal in which every entry balances (its debits total its credits), but one
    amount is illegible. Give the missing amount, the net balance of one account over the whole
    journal (debits minus credits), or the journal's total debits. Higher levels add entries,
    compound entries with more lines, cents, opening balances, and the questions that need the
    missing amount as one step of a longer sum."""

    name = "data/journal_missing_amount"
    knobs = (
        format_knob(),
        Knob("n_entries", [2, 3, 3, 4, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 24], (1, 50),
             doc="journal entries"),
        Knob("max_lines", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8], (2, 8),
             doc="most lines in one entry"),
        Knob("cents", [False, False, False] + [True] * 17, doc="amounts with cents"),
        Knob("asks", ["missing", "missing", "missing", ["missing", "total"], list(JOURNAL_ASKS), list(JOURNAL_ASKS),
                      ["account", "total"]] + ["account"] * 13,
             choices=JOURNAL_ASKS, doc="question kind (a list: one drawn per problem)"),
        Knob("openings", [False] * 7 + [True] * 13,
             doc="whether accounts start with opening balances that count toward the account question"),
    )
    answer_format = MONEY_FORMAT.format("1520.75")
    example = "1520.75"

    def build(self, rng, params):
        cents = params["cents"]
        accounts = rng.sample(ACCOUNTS, min(len(ACCOUNTS), 3 + params["n_entries"]))
        lines = []  # (entry, account, debit cents, credit cents)
        for e in range(1, params["n_entries"] + 1):
            n_lines = rng.randint(2, params["max_lines"])
            n_debits = rng.randint(1, n_lines - 1)
            debits = [_amount(rng, 900, cents) + 1000 for _ in range(n_debits)]  # >= 10.00: room to split
            credits = split_amount(rng, sum(debits), n_lines - n_debits, cents)
            chosen = rng.sample(accounts, n_lines)
            for acct, d in zip(chosen, debits):
                lines.append([e, acct, d, 0])
            for acct, c in zip(chosen[n_debits:], credits):
                lines.append([e, acct, 0, c])
        hidden = rng.randrange(len(lines))
        ask = params["asks"]
        opening = {a: _amount(rng, 3000, cents) * rng.choice((1, -1)) for a in sorted(accounts)} \
            if params["openings"] else {}
        shown = [[e, a, d, c] for e, a, d, c in lines]
        missing = solve_missing(shown, hidden)
        rows = [{"entry": e, "account": a,
                 "debit": ("?" if i == hidden and d else money_text(d) if d else ""),
                 "credit": ("?" if i == hidden and c else money_text(c) if c else "")}
                for i, (e, a, d, c) in enumerate(shown)]
        table = render_table(["entry", "account", "debit", "credit"], rows, params["fmt"])
        intro = (f"A double-entry journal (amounts in dollars):\n\n{table}\n\nIn every entry the debits add up to "
                 "exactly the credits. One amount, shown as ?, is illegible.")
        if ask == "missing":
            value, q = missing, "What is the illegible amount?"
        elif ask == "total":
            value = sum(d for _, _, d, _ in lines)
            q = "What is the total of all debits in the journal, the illegible one included?"
        else:
            # usually the account of the illegible line, so the missing amount is one step of the sum
            acct = lines[hidden][1] if rng.random() < 0.7 else rng.choice(sorted({a for _, a, _, _ in lines}))
            value = opening.get(acct, 0) + sum(d - c for _, a, d, c in lines if a == acct)
            pre = ""
            if opening:
                pre = ("Before the journal, the accounts had these net opening balances (debit minus credit): "
                       + "; ".join(f"{a} {money_text(v)}" for a, v in opening.items()) + ".\n")
            q = (f"{pre}What is the net balance of {acct} after the journal{' (opening balance included)' if opening else ''}"
                 f", computed as {'its opening balance plus ' if opening else ''}its total debits minus its total "
                 "credits (negative if credits are larger)?")
        example = amount_example(rng, money_text(value))
        return Draft(f"{intro}\n{q}", money_text(value), {"cents": value}, MONEY_FORMAT.format(example), example)

    def effort(self, problem):
        # every line is read to find the illegible amount, and its entry's other lines are added
        # up to restore it; an account balance or the total debits then sums the lines again
        # (with the openings)
        lines = len(_JOURNAL_LINE.findall(problem.prompt))
        params = problem.params
        again = 0 if params["asks"] == "missing" else lines + (len(ACCOUNTS) if params["openings"] else 0)
        return lines + params["max_lines"] + again

    def grade(self, answer, problem):
        return grade_money(answer, problem.check["cents"], "the amount asked for")


def split_amount(rng, total: int, parts: int, cents: bool) -> list[int]:
    """`total` cents as `parts` positive amounts (whole units unless `cents`)."""
    unit = 1 if cents else 100
    units = total // unit
    if parts == 1:
        return [total]
    if units < parts:
        raise ValueError(f"cannot split {total} into {parts} positive parts")
    cuts = sorted(rng.sample(range(1, units), parts - 1))
    pieces = [b - a for a, b in zip([0] + cuts, cuts + [units])]
    out = [p * unit for p in pieces]
    out[-1] += total - sum(out)
    return out


def solve_missing(lines: list[list], hidden: int) -> int:
    """The value of line `hidden` that makes its entry balance, from the other lines alone."""
    entry = lines[hidden][0]
    debit = sum(d for i, (e, _, d, _) in enumerate(lines) if e == entry and i != hidden)
    credit = sum(c for i, (e, _, _, c) in enumerate(lines) if e == entry and i != hidden)
    return credit - debit if lines[hidden][2] else debit - credit
