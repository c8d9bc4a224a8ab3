"""Adaptive group testing: find the k defective items among n with pooled tests that say only
whether a pool holds a defective."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Knob, register
from procgym.kit import LOSE, WIN, NotAnAnswer, Param, Tool, TurnBudgetTask, read_int_list

_TEST = re.compile(r"^(?:test|pool)\s*:?\s*(.+)$")
_ANSWER = re.compile(r"^(?:answer|defectives|defective)\s*:?\s*(.+)$")


def _group_size(n: int, k: int) -> int:
    """Hwang's pool size: 2^a with a = floor(log2((n - k + 1) / k)); 1 when n <= 2k - 2. It stays
    below n - k + 1, since a pool of more items is sure to be positive and its test says nothing."""
    if n <= 2 * k - 2:
        return 1
    size, limit = 1, min((n - k + 1) / k, n - k)
    while size * 2 <= limit:
        size *= 2
    return size


@lru_cache(maxsize=None)
def worst_tests(n: int, k: int) -> int:
    """The most tests generalised binary splitting spends on n unknown items holding k defectives,
    over every placement of the defectives: its state between pools is just these two counts."""
    if k == 0 or n == k:
        return 0
    size = _group_size(n, k)
    if size == 1:  # one item at a time
        return 1 + max(worst_tests(n - 1, k), worst_tests(n - 1, k - 1))
    a = size.bit_length() - 1
    # a negative pool clears `size` items; a positive one costs a halvings, finds one defective
    # and clears between 0 and size - 1 items on the way
    found = max(worst_tests(n - 1 - cleared, k - 1) for cleared in range(size))
    return max(1 + worst_tests(n - size, k), 1 + a + found)


def splitting_next(first: int, n: int, k: int, log: list) -> str:
    """Generalised binary splitting's next action, from the test log [[items, positive], ...]:
    pool the 2^a lowest unknown items (Hwang's size); a positive pool is halved, testing the lower
    half, until one defective is left; items known clean drop out, and when the unknown items are
    as many as the defectives left, all of them are defective."""
    results = {tuple(items): positive for items, positive in log}
    unknown, found = list(range(first, first + n)), []

    def ask(pool):
        key = tuple(pool)
        return results.get(key), f"test {', '.join(map(str, pool))}"

    while len(found) < k:
        left = k - len(found)
        if len(unknown) == left:
            found += unknown
            break
        size = _group_size(len(unknown), left)
        pool = unknown[:size]
        positive, action = ask(pool)
        if positive is None:
            return action
        if not positive:
            unknown = unknown[size:]
            continue
        while len(pool) > 1:  # the pool holds a defective: halve it
            half = pool[:len(pool) // 2]
            positive, action = ask(half)
            if positive is None:
                return action
            if positive:
                pool = half
            else:
                cleared = set(half)
                unknown = [x for x in unknown if x not in cleared]
                pool = pool[len(pool) // 2:]
        found.append(pool[0])
        unknown.remove(pool[0])
    return f"answer {', '.join(map(str, sorted(found)))}"


@register
class GroupTesting(TurnBudgetTask):
    """Find the k defective items among n: a test of a pool of items says positive when the pool
    holds at least one defective and negative otherwise; the episode ends with the set of
    defectives named (the items are numbered from a random start). The budget is the worst case
    of generalised binary splitting (Hwang's adaptive policy, the reference) over every placement
    of the defectives, plus a slack and the answer. Higher levels add items and defectives and
    cut the slack to nothing."""

    name = "exploration/group_testing"
    knobs = (
        Knob("n_items", [8, 10, 12, 16, 20, 24, 30, 36, 42, 50, 60, 70, 80, 96, 110, 128, 144, 160, 180, 200],
             (2, 400), doc="items"),
        Knob("defectives", [1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 11, 12], (1, 60),
             doc="defective items (the number is told)"),
        Knob("slack", [4, 3, 3, 2, 2, 1, 1, 1, 0, 0] + [0] * 10, (0, 100), doc="tests allowed beyond the worst case"),
    )
    answer_format = "an action: test followed by item numbers (test 1, 4, 7), or answer followed by the defectives"
    example = "test 1, 2"  # a test never ends the episode, so the example never wins
    tools = (
        Tool("test", "Test a pool of items: positive if it holds at least one defective.", "test {items}",
             (Param("items", "array", "the item numbers in the pool", items="integer", sep=", "),)),
        Tool("answer", "Name every defective item; this ends the game.", "answer {items}",
             (Param("items", "array", "the defective item numbers", items="integer", sep=", "),)),
    )
    unit = ("turn", "turns")
    lowercase = True
    invalid_hint = "write test followed by item numbers (test 1, 4, 7) or answer followed by the defectives"

    def build(self, rng, params):
        n, k = params["n_items"], params["defectives"]
        if k >= n:
            raise ValueError(f"knob 'defectives': {k} defectives need more than {n} items")
        first = rng.randint(1, 9 * n)  # the numbering starts anywhere, so prompts differ by seed
        last = first + n - 1
        defective = sorted(rng.sample(range(first, last + 1), k))
        budget = worst_tests(n, k) + params["slack"] + 1
        check = {"first": first, "n": n, "k": k, "defective": defective, "budget": budget}
        question = (
            f"Among {n} items, numbered {first} to {last}, exactly {k} {'is' if k == 1 else 'are'} defective. "
            f"A test of a pool of items says positive if the pool holds at least one defective item and "
            f"negative otherwise. "
            f"Find the defective {'item' if k == 1 else 'items'}.\n"
            f"Each turn, either test a pool ('test {first}, {first + 3}, {first + 6}' tests those three items) "
            f"or give your final answer ('answer' followed by the {k} defective item numbers, in any order), "
            f"which ends the game: you win only if it names "
            f"exactly the defective items. You have {budget} turns; an invalid action is rejected and still "
            f"uses a turn.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the policy's tests and answer, and every item it puts into a pool
        lines = problem.answer.split("\n")
        return len(lines) + sum(len(line.split(",")) for line in lines[:-1])

    def start(self, problem):
        return {"log": []}

    def _items(self, problem, text):
        """The distinct item numbers of `text`, or a reason they cannot be read."""
        first, n = problem.check["first"], problem.check["n"]
        try:
            items = read_int_list(text, separators=",;")
        except NotAnAnswer as exc:
            return None, f"Invalid action: {exc}."
        bad = [x for x in items if not first <= x < first + n]
        if bad:
            return None, f"Invalid action: there is no item {bad[0]} (items {first} to {first + n - 1})."
        if len(set(items)) != len(items):
            return None, "Invalid action: an item is listed twice."
        return items, None

    def act(self, problem, state, text):
        c = problem.check
        answer, test = _ANSWER.match(text), _TEST.match(text)
        if not answer and not test:
            return f"Invalid action: {self.invalid_hint}.", None
        items, reason = self._items(problem, (answer or test).group(1))
        if reason:
            return reason, None
        if answer:
            if sorted(items) == c["defective"]:
                return f"The defective items are {', '.join(map(str, c['defective']))}. You win.", WIN
            return (f"Wrong: the defective items are {', '.join(map(str, c['defective']))}. You lose."), LOSE
        positive = any(x in c["defective"] for x in items)
        state["log"].append([sorted(items), positive])
        return f"Test of {', '.join(map(str, items))}: {'positive' if positive else 'negative'}.", None

    def unsolved(self, problem, state):
        return "you did not name the defective items, so you lose."

    def plan(self, problem, state):
        c = problem.check
        return splitting_next(c["first"], c["n"], c["k"], state["log"])
