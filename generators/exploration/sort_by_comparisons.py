"""Sort hidden values by asking only which of two items is smaller, within a comparison budget
near the information-theoretic bound."""
from __future__ import annotations

import math
import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, NotAnAnswer, Param, Tool, TurnBudgetTask, read_int_list

_COMPARE = re.compile(r"^(?:compare|cmp)\s*:?\s*#?(\d{1,4})\s*(?:,|and|with|vs\.?|to)?\s*#?(\d{1,4})$")
_ANSWER = re.compile(r"^(?:answer|order|sorted)\s*:?\s*(.+)$")


def insertion_worst(n: int) -> int:
    """Binary insertion sort's worst case: inserting the (k+1)-th item into k sorted ones takes
    ceil(log2(k + 1)) comparisons."""
    return sum(math.ceil(math.log2(k + 1)) for k in range(1, n))


def insertion_next(first: int, n: int, known: dict) -> str:
    """Binary insertion sort's next action from the comparisons made so far (`known` maps "i j"
    to whether item i is smaller than item j): items first..first + n - 1 are inserted in turn
    into the sorted list of those before them, by binary search (the lower middle first)."""
    order = [first]
    for item in range(first + 1, first + n):
        lo, hi = 0, len(order)
        while lo < hi:
            mid = (lo + hi) // 2
            other = order[mid]
            smaller = known.get(f"{item} {other}")
            if smaller is None:
                return f"compare {item} {other}"
            if smaller:
                hi = mid
            else:
                lo = mid + 1
        order.insert(lo, item)
    return f"answer {', '.join(map(str, order))}"


@register
class SortByComparisons(TurnBudgetTask):
    """Sort n items (numbered from a random start) with hidden distinct values from smallest to
    largest, learning about them only through comparisons of two items. The budget is binary
    insertion sort's worst case (the reference policy) plus a slack, plus the answer; it sits a
    few comparisons above the information bound ceil(log2 n!). Higher levels add items and cut
    the slack to nothing, so every comparison must halve what is still possible."""

    name = "exploration/sort_by_comparisons"
    knobs = (
        Knob("n_items", [3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 27, 30, 33, 36, 40], (2, 100),
             doc="items"),
        Knob("slack", [3, 3, 2, 2, 2, 1, 1, 1, 0, 0] + [0] * 10, (0, 50),
             doc="comparisons allowed beyond binary insertion sort's worst case"),
    )
    answer_format = ("an action: compare I J, or answer followed by every item number from the smallest value "
                     "to the largest")
    example = "compare 1 1"  # an item is never compared with itself: invalid, so it never wins
    tools = (
        Tool("compare", "Compare two items: says which one has the smaller value.", "compare {i} {j}",
             (Param("i", "integer", "the first item's number"), Param("j", "integer", "the second item's number"))),
        Tool("answer", "Give every item from the smallest value to the largest; this ends the game.",
             "answer {order}",
             (Param("order", "array", "every item number, smallest value first", items="integer", sep=", "),)),
    )
    lowercase = True
    invalid_hint = "write compare I J, or answer followed by the item numbers in increasing order of value"

    def build(self, rng, params):
        n = params["n_items"]
        first = rng.randint(1, 9 * n)  # the numbering starts anywhere, so prompts differ by seed
        values = rng.sample(range(10, 1000), n)
        order = sorted(range(first, first + n), key=lambda i: values[i - first])
        budget = insertion_worst(n) + params["slack"] + 1
        check = {"first": first, "values": values, "order": order, "budget": budget}
        a, b = first + 1, first + n - 1
        question = (
            f"There are {n} items, numbered {first} to {first + n - 1}, each with a hidden value; no two "
            f"values are equal. Sort the items by value. Each turn, either compare two items "
            f"('compare {a} {b}' tells whether item {a} "
            f"or item {b} has the smaller value) or give your final answer: 'answer' followed by all {n} item "
            f"numbers from the smallest value to the largest, which ends the game; you win only if the order "
            f"is right. You have {budget} turns; an invalid action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the comparisons, plus the list positions binary insertion shifts (sum of insertion points)
        n = len(problem.check["values"])
        return len(problem.answer.split("\n")) + n * (n - 1) // 4

    def start(self, problem):
        return {"known": {}}

    def act(self, problem, state, text):
        values, first = problem.check["values"], problem.check["first"]
        n = len(values)
        compare, answer = _COMPARE.match(text), _ANSWER.match(text)
        if compare:
            i, j = int(compare.group(1)), int(compare.group(2))
            bad = next((x for x in (i, j) if not first <= x < first + n), None)
            if bad is not None:
                return f"Invalid action: there is no item {bad} (items {first} to {first + n - 1}).", None
            if i == j:
                return "Invalid action: compare two different items.", None
            smaller = values[i - first] < values[j - first]
            state["known"][f"{i} {j}"], state["known"][f"{j} {i}"] = smaller, not smaller
            low, high = (i, j) if smaller else (j, i)
            return f"Item {low} is smaller than item {high}.", None
        if not answer:
            return f"Invalid action: {self.invalid_hint}.", None
        try:
            order = read_int_list(answer.group(1))
        except NotAnAnswer as exc:
            return f"Invalid action: {exc}.", None
        if sorted(order) != list(range(first, first + n)):
            return f"Invalid action: the answer must list each item {first} to {first + n - 1} exactly once.", None
        if order == problem.check["order"]:
            return "That is the right order. You win.", WIN
        right = ", ".join(map(str, problem.check["order"]))
        return f"Wrong order: from smallest to largest the items are {right}. You lose.", LOSE

    def unsolved(self, problem, state):
        return "you did not give the order, so you lose."

    def plan(self, problem, state):
        c = problem.check
        return insertion_next(c["first"], len(c["values"]), state["known"])
