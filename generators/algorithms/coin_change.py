"""Coin change: the number of ways to pay an amount, and the fewest coins that pay it (with the
coins themselves as a witness, checked by constraint)."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from procgym.kit import grade_int, refused
from ._item_readers import read_int_list


def count_ways(coins: list[int], amount: int) -> int:
    """Multisets of coins (order ignored) summing to amount: the classic one-dimensional DP."""
    ways = [1] + [0] * amount
    for c in coins:
        for a in range(c, amount + 1):
            ways[a] += ways[a - c]
    return ways[amount]


def fewest_coins(coins: list[int], amount: int) -> list[int] | None:
    """One multiset with the fewest coins summing to amount (largest first), or None."""
    inf = amount + 1
    best, last = [0] + [inf] * amount, [0] * (amount + 1)
    for a in range(1, amount + 1):
        for c in coins:
            if c <= a and best[a - c] + 1 < best[a]:
                best[a], last[a] = best[a - c] + 1, c
    if best[amount] >= inf:
        return None
    out, a = [], amount
    while a:
        out.append(last[a])
        a -= last[a]
    return sorted(out, reverse=True)


def greedy_coins(coins: list[int], amount: int) -> int | None:
    """Coins used by largest-first greedy, or None when it gets stuck."""
    used = 0
    for c in sorted(coins, reverse=True):
        used += amount // c
        amount %= c
    return used if amount == 0 else None


@register
class CoinChange(Task):
    """Coin change with unlimited coins of each denomination, in two kinds: "ways" asks how many
    different combinations (order ignored) pay an amount exactly; "min" asks for a way that uses
    the fewest coins, answered with the coins themselves, checked by their sum and their count.
    Answers come from the standard dynamic programs. Higher levels add denominations and larger
    amounts, drop the 1-coin (so some sub-amounts cannot be paid), and pick coin systems where
    taking the largest coin first is not optimal."""

    name = "algorithms/coin_change"
    knobs = (
        Knob("kind", [["ways", "min"]] * 20, choices=("ways", "min"), doc="count the ways, or find the fewest coins"),
        Knob("n_coins", [2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (1, 12),
             doc="number of denominations"),
        Knob("max_coin", [5, 6, 8, 10, 12, 15, 18, 20, 25, 30, 35, 40, 45, 50, 55, 60, 70, 80, 90, 100], (2, 200),
             doc="largest denomination"),
        Knob("amount", [(6, 12), (10, 20), (15, 30), (20, 40), (25, 50), (30, 60), (40, 80), (50, 100),
                        (60, 120), (80, 160), (100, 200), (120, 240), (140, 280), (160, 320), (180, 360),
                        (200, 400), (240, 480), (280, 560), (320, 640), (360, 720)], (1, 2000),
             doc="the amount to pay"),
        Knob("has_one", [True, True, True, True] + [False] * 16, doc="whether a 1-coin is among the denominations"),
        Knob("greedy_trap", [False, False, False] + [True] * 17,
             doc="for 'min', prefer coin systems where largest-coin-first is not optimal"),
    )
    answer_format = "an integer"
    example = "-1"  # a count is never negative: never an answer

    def build(self, rng, params):
        kind, n, top, amount = params["kind"], params["n_coins"], params["max_coin"], params["amount"]
        n = min(n, top - 1) if top > 1 else 1
        for attempt in range(60):
            pool = range(1 if params["has_one"] else 2, top + 1)
            coins = sorted(rng.sample(pool, min(n, len(pool))))
            if params["has_one"] and 1 not in coins:
                coins = sorted([1] + coins[1:])
            witness = fewest_coins(coins, amount)
            if witness is None:
                continue
            if kind == "min" and params["greedy_trap"] and attempt < 50 and greedy_coins(coins, amount) == len(witness):
                continue
            break
        else:
            coins = sorted({1, *coins})
            witness = fewest_coins(coins, amount)
        listing = ", ".join(map(str, coins))
        if kind == "ways":
            ways = count_ways(coins, amount)
            question = (f"There are coins worth {listing}, with an unlimited supply of each. In how many different "
                        f"ways can you pay exactly {amount}? Two ways are the same if they use the same number of "
                        "coins of each value (the order of the coins does not matter).")
            return Draft(question, str(ways), {"ways": ways})
        question = (f"There are coins worth {listing}, with an unlimited supply of each. Pay exactly {amount} "
                    "using as few coins as possible.")
        return Draft(question, ",".join(map(str, witness)),
                     {"coins": coins, "amount": amount, "fewest": len(witness)},
                     "the coins used, as a comma-separated list of their values (repeat a value for each coin "
                     "of it)", "10,10,5,1")

    def effort(self, problem):
        # the dynamic program fills one cell per (denomination, sub-amount); the fewest-coins
        # answer is then traced back one coin at a time
        params = problem.params
        top = params["max_coin"]
        coins = min(params["n_coins"], top - 1) if top > 1 else 1
        traced = 0 if "ways" in problem.check else problem.check["fewest"]
        return coins * params["amount"] + traced

    def grade(self, answer, problem):
        c = problem.check
        if "ways" in c:
            return grade_int(answer, c["ways"], "the number of ways")
        try:
            used = read_int_list(answer, ",;+")
        except ParseError as exc:
            return refused(exc)
        coins = set(c["coins"])
        bad = [x for x in used if x not in coins]
        if bad:
            return wrong(f"There is no coin worth {bad[0]}.")
        if len(used) > c["amount"] or sum(used) != c["amount"]:
            return wrong(f"Those coins add up to {sum(used)}, not {c['amount']}.")
        if len(used) != c["fewest"]:
            return wrong(f"That uses {len(used)} coins; fewer are enough.")
        return right()
