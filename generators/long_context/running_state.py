"""Running state over a long transaction journal: one account's closing balance among many."""
from __future__ import annotations

from procgym import Draft, Task, register
from procgym.kit import drawn_example, money_text

from .._amounts import grade_money
from ._haystack import below, budget, density_knob, tokens_knob

LINE_CHARS = 56  # the mean length of one journal line with its line break
KINDS = ("deposit", "withdrawal", "withdrawal", "fee", "transfer", "transfer")
AMOUNT_EXAMPLES = ("1520.75", "-310.40", "982.05", "47.60", "-2250.00")


def lookalikes(number: str) -> list[str]:
    """Account numbers one slip away from `number`: two neighbouring digits swapped, or one digit
    off by one."""
    out = []
    for i in range(len(number) - 1):
        if number[i] != number[i + 1]:
            out.append(number[:i] + number[i + 1] + number[i] + number[i + 2:])
    for i, ch in enumerate(number):
        out.append(number[:i] + str((int(ch) + 1) % 10) + number[i + 1:])
    return sorted(set(out) - {number})


def closing(opening: dict, txs: list) -> dict:
    """Every account's balance after the journal: voided transactions are skipped."""
    voided = {t[2] for t in txs if t[1] == "void"}
    balance = dict(opening)
    for ref, kind, *rest in txs:
        if kind == "void" or ref in voided:
            continue
        if kind == "deposit":
            balance[rest[1]] += rest[0]
        elif kind in ("withdrawal", "fee"):
            balance[rest[1]] -= rest[0]
        else:
            balance[rest[1]] -= rest[0]
            balance[rest[2]] += rest[0]
    return balance


DAYS = tuple(f"2024-{m:02d}-{d:02d}" for m in range(1, 13) for d in range(1, 29))  # posting dates


def tx_text(tx, day: str) -> str:
    ref, kind, *rest = tx
    ref = f"{ref} {day}"
    if kind == "void":
        return f"{ref} void {rest[0]} (that transaction is cancelled)"
    amount = f"{rest[0] // 100}.{rest[0] % 100:02d}"  # positive cents; money_text's sign case is not needed
    if kind == "deposit":
        return f"{ref} deposit {amount} to ACC-{rest[1]}"
    if kind == "withdrawal":
        return f"{ref} withdrawal {amount} from ACC-{rest[1]}"
    if kind == "fee":
        return f"{ref} fee {amount} charged to ACC-{rest[1]}"
    return f"{ref} transfer {amount} from ACC-{rest[1]} to ACC-{rest[2]}"


@register
class RunningState(Task):
    """A long journal of bank transactions (deposits, withdrawals, fees, transfers between
    accounts, and voids that cancel an earlier transaction) after a list of opening balances.
    Give one account's closing balance. Near misses are transactions on look-alike account numbers
    (two digits swapped, one digit off) and voided transactions on the asked account. Levels grow
    the journal from about 1,000 tokens to 32,000 at level 10 (46,000 at 20) and raise the share of
    near misses.

    Generation: about 950 problems/s at level 5 and 210 at level 10 on one shared core. A level-5 prompt is
    about 28,000 characters, some 500 transactions each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/running_state"
    knobs = (
        tokens_knob(),
        density_knob("percent of the transactions that are near misses (look-alike accounts, voids)"),
    )
    answer_format = "an amount with two decimals (with a leading minus sign if it is negative)"
    example = "1520.75"

    def build(self, rng, params):
        n_tx = max(10, budget(params) // LINE_CHARS)
        share = params["distractor_pct"] / 100
        target = f"{1000 + below(rng, 9000)}"
        near = lookalikes(target)
        near = [near[i] for i in sorted(rng.sample(range(len(near)), min(len(near), 2 + below(rng, 3))))]
        n_acc = max(6, min(300, n_tx // 10))
        others = set()
        while len(others) < n_acc:  # bounded: 9,000 numbers, at most 300 drawn
            a = f"{1000 + below(rng, 9000)}"
            if a != target and a not in near:
                others.add(a)
        others = sorted(others)
        accounts = sorted([target] + near + others)
        opening = {a: 100 * (50 + below(rng, 5000)) for a in accounts}
        p_target = min(0.4, max(0.03, 8 / n_tx))
        txs, on_target = [], []

        rand = rng.random  # one call per draw: the journal has thousands of lines
        n_near, n_others = len(near), len(others)
        near_cut = p_target + share * 0.7

        def account(x: float) -> str:
            if x < p_target:
                return target
            if x < near_cut:
                return near[int(rand() * n_near)]
            return others[int(rand() * n_others)]

        voided = set()
        for i in range(n_tx):
            ref = f"TX-{i + 1:05d}"
            v = rand()
            if on_target and v < share * 0.2:
                victim = on_target.pop(int(rand() * len(on_target)))  # void a transaction on the asked account
                if victim not in voided:
                    voided.add(victim)
                    txs.append((ref, "void", victim))
                    continue
            elif txs and v > 0.98:  # now and then a void elsewhere
                victim = txs[int(rand() * len(txs))]
                if victim[1] != "void" and victim[0] not in voided:
                    voided.add(victim[0])
                    txs.append((ref, "void", victim[0]))
                    continue
            kind = KINDS[int(rand() * 6)]
            amount = 100 + int(rand() * 90000) if kind != "fee" else 50 * (1 + int(rand() * 10))  # cents
            a = account(rand())
            if kind == "transfer":
                b = account(rand())
                if b == a:
                    b = others[0] if a != others[0] else others[-1]
                if rand() < 0.5:
                    a, b = b, a
                txs.append((ref, kind, amount, a, b))
                touched = a == target or b == target
            else:
                txs.append((ref, kind, amount, a))
                touched = a == target
            if touched:
                on_target.append(ref)
        # posting dates never go backwards: a few transactions a day
        step = len(DAYS) / max(len(txs), len(DAYS))
        posted = [DAYS[int(i * step)] for i in range(len(txs))]
        cents = closing(opening, txs)[target]  # the reference solution: the journal replayed
        steps = len(on_target) + 2 * len(voided)  # postings on the asked account, and the voids
        rows = "\n".join(f"ACC-{a}  {money_text(opening[a])}" for a in accounts)
        question = ("Opening balances:\n" + rows + "\n\nTransactions, in the order they were posted (a void cancels "
                    "the earlier transaction it names; a transfer moves money from the first account to the "
                    "second):\n" + "\n".join(map(tx_text, txs, posted)) +
                    f"\n\nWhat is the closing balance of ACC-{target} after every transaction? Look-alike "
                    "account numbers are different accounts.")
        answer = money_text(cents)
        example = drawn_example(rng, AMOUNT_EXAMPLES, lambda e: e != answer)
        return Draft(question, answer, {"cents": cents, "lines": len(txs) + len(accounts), "steps": steps},
                     example=example)

    def grade(self, answer, problem):
        return grade_money(answer, problem.check["cents"], "the closing balance")

    def effort(self, problem):
        # every line is read; each transaction on the asked account (or voiding one) is applied
        return problem.check["lines"] + problem.check["steps"]
