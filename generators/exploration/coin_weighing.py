"""The coin-weighing problem on a spring scale: find the heavy coins among n when a weighing of
any set of coins tells how many heavy ones it holds."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import LOSE, WIN, NotAnAnswer, Param, Tool, TurnBudgetTask, read_int_list

_WEIGH = re.compile(r"^(?:weigh|scale)\s*:?\s*(.+)$")
_ANSWER = re.compile(r"^(?:answer|heavy coins|heavy)\s*:?\s*(.+)$")
LIGHT, HEAVY = 10, 11  # grams


@lru_cache(maxsize=None)
def worst_weighings(size: int, heavy: int) -> int:
    """The most weighings the halving policy spends on a group of `size` coins known to hold
    `heavy` heavy ones, over every placement: nothing when the group is all light or all heavy,
    else one weighing of its lower half and the worst split of the heavy coins between halves."""
    if heavy == 0 or heavy == size:
        return 0
    low = size // 2
    high = size - low
    return 1 + max(worst_weighings(low, a) + worst_weighings(high, heavy - a)
                   for a in range(max(0, heavy - high), min(low, heavy) + 1))


def halving_next(first: int, n: int, k: int, log: list) -> str:
    """The halving policy's next action from the weighings so far ([coins, heavy count], ...):
    groups of coins with a known number of heavy ones start as all n coins holding k; the first
    group that is neither all light nor all heavy has its lower half weighed, which splits it
    into two such groups; once every group is settled, answer its heavy coins."""
    results = {tuple(coins): count for coins, count in log}
    groups, heavy = [(list(range(first, first + n)), k)], []
    while groups:
        coins, count = groups.pop(0)
        if count == 0:
            continue
        if count == len(coins):
            heavy += coins
            continue
        half = coins[:len(coins) // 2]
        found = results.get(tuple(half))
        if found is None:
            return f"weigh {', '.join(map(str, half))}"
        groups[:0] = [(half, found), (coins[len(half):], count - found)]
    return f"answer {', '.join(map(str, sorted(heavy)))}"


@register
class CoinWeighing(TurnBudgetTask):
    """Find the k heavy coins (11 grams) among n coins that otherwise weigh 10 grams, with a spring
    scale that shows the total weight of any set of coins, so each weighing counts the heavy
    coins in the set. The budget is the worst case of the halving policy (the reference: weigh
    the lower half of every group that still mixes light and heavy coins) over every placement,
    plus a slack and the answer. Higher levels add coins and heavy coins and cut the slack."""

    name = "exploration/coin_weighing"
    knobs = (
        Knob("coins", [6, 8, 10, 12, 16, 20, 24, 30, 36, 44, 52, 60, 70, 80, 96, 110, 128, 144, 160, 180],
             (2, 300), doc="coins"),
        Knob("heavy", [1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14], (1, 100),
             doc="heavy coins (the number is told)"),
        Knob("slack", [4, 3, 3, 2, 2, 1, 1, 1, 0, 0] + [0] * 10, (0, 100),
             doc="weighings allowed beyond the worst case"),
    )
    answer_format = "an action: weigh followed by coin numbers (weigh 1, 4, 7), or answer followed by the heavy coins"
    example = "weigh 1, 2"  # a weighing never ends the game, so the example never wins
    tools = (
        Tool("weigh", "Weigh a set of coins: shows their total weight.", "weigh {coins}",
             (Param("coins", "array", "the coin numbers to put on the scale", items="integer", sep=", "),)),
        Tool("answer", "Name every heavy coin; this ends the game.", "answer {coins}",
             (Param("coins", "array", "the heavy coin numbers", items="integer", sep=", "),)),
    )
    lowercase = True
    invalid_hint = "write weigh followed by coin numbers (weigh 1, 4, 7) or answer followed by the heavy coins"

    def build(self, rng, params):
        n, k = params["coins"], params["heavy"]
        if k >= n:
            raise ValueError(f"knob 'heavy': {k} heavy coins need more than {n} coins")
        first = rng.randint(1, 9 * n)  # the numbering starts anywhere, so prompts differ by seed
        last = first + n - 1
        heavy = sorted(rng.sample(range(first, last + 1), k))
        budget = worst_weighings(n, k) + params["slack"] + 1
        check = {"first": first, "n": n, "k": k, "heavy": heavy, "budget": budget}
        question = (
            f"There are {n} coins, numbered {first} to {last}. Exactly {k} of them {'is' if k == 1 else 'are'} "
            f"heavy and weigh {HEAVY} grams each; the others weigh {LIGHT} grams. A spring scale shows the total "
            f"weight of any set of coins you put on it. Find the heavy {'coin' if k == 1 else 'coins'}.\n"
            f"Each turn, either weigh a set of coins ('weigh {first}, {first + 1}, {first + 5}') or give your "
            f"final answer ('answer' followed by the {k} heavy coin numbers, in any order), which ends the "
            f"game: you win only if it names exactly the heavy coins. You have {budget} turns; an invalid "
            f"action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the policy's weighings and answer, and every coin it puts on the scale
        lines = problem.answer.split("\n")
        return len(lines) + sum(len(line.split(",")) for line in lines[:-1])

    def start(self, problem):
        return {"log": []}

    def act(self, problem, state, text):
        c = problem.check
        first, n = c["first"], c["n"]
        answer, weigh = _ANSWER.match(text), _WEIGH.match(text)
        if not answer and not weigh:
            return f"Invalid action: {self.invalid_hint}.", None
        try:
            coins = read_int_list((answer or weigh).group(1), separators=",;")
        except NotAnAnswer as exc:
            return f"Invalid action: {exc}.", None
        bad = [x for x in coins if not first <= x <= first + n - 1]
        if bad:
            return f"Invalid action: there is no coin {bad[0]} (coins {first} to {first + n - 1}).", None
        if len(set(coins)) != len(coins):
            return "Invalid action: a coin is listed twice.", None
        if answer:
            if sorted(coins) == c["heavy"]:
                return f"The heavy coins are {', '.join(map(str, c['heavy']))}. You win.", WIN
            return f"Wrong: the heavy coins are {', '.join(map(str, c['heavy']))}. You lose.", LOSE
        count = sum(1 for x in coins if x in c["heavy"])
        state["log"].append([sorted(coins), count])
        total = LIGHT * len(coins) + (HEAVY - LIGHT) * count
        return f"Coins {', '.join(map(str, coins))} weigh {total} grams.", None

    def unsolved(self, problem, state):
        return "you did not name the heavy coins, so you lose."

    def plan(self, problem, state):
        c = problem.check
        return halving_next(c["first"], c["n"], c["k"], state["log"])
