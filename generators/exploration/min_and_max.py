"""Find both the smallest and the largest of n hidden values with pairwise comparisons, within
ceil(3n/2) - 2 comparisons, the least that always suffices."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import LOSE, WIN, Param, Tool, TurnBudgetTask

_COMPARE = re.compile(r"^(?:compare|cmp)\s*:?\s*#?(\d{1,4})\s*(?:,|and|with|vs\.?|to)?\s*#?(\d{1,4})$")
_ANSWER = re.compile(r"^answer\s*:?\s*(?:smallest\s*)?#?(\d{1,4})\s*(?:,|and)?\s*(?:largest\s*)?#?(\d{1,4})$")


def pairing_worst(n: int) -> int:
    """The comparisons the pairing policy makes, the same for every input: ceil(3n/2) - 2
    (floor(n/2) pairs, then the smaller of each pair for the minimum and the larger for the
    maximum, an odd item joining both). No method does better in the worst case."""
    return (3 * n + 1) // 2 - 2


def pairing_next(first: int, n: int, known: dict) -> str:
    """The pairing policy's next action from the comparisons so far (`known` maps "i j" to
    whether item i is smaller than item j): compare the items in pairs (first with first + 1,
    ...); scan the smaller of each pair for the minimum and the larger for the maximum (an odd
    last item in both scans), keeping the best so far and comparing it with the next."""
    items = list(range(first, first + n))
    low, high = [], []
    for a, b in zip(items[::2], items[1::2]):
        smaller = known.get(f"{a} {b}")
        if smaller is None:
            return f"compare {a} {b}"
        low.append(a if smaller else b)
        high.append(b if smaller else a)
    if n % 2:
        low.append(items[-1])
        high.append(items[-1])
    best = []
    for group, want_small in ((low, True), (high, False)):
        cur = group[0]
        for x in group[1:]:
            smaller = known.get(f"{x} {cur}")
            if smaller is None:
                return f"compare {cur} {x}"
            if smaller == want_small:
                cur = x
        best.append(cur)
    return f"answer {best[0]} {best[1]}"


@register
class MinAndMax(TurnBudgetTask):
    """Find the item with the smallest and the item with the largest of n hidden distinct values,
    learning about them only by comparing two items. The budget is ceil(3n/2) - 2 comparisons,
    which the pairing policy (the reference) always meets and which no policy beats in the worst
    case, plus a slack and the answer: scanning for the minimum and then the maximum separately
    (2n - 3 comparisons) runs out once the slack is gone. Items are numbered from a random
    start. Higher levels add items and cut the slack to nothing."""

    name = "exploration/min_and_max"
    knobs = (
        Knob("n_items", [4, 5, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 48, 56, 64, 72, 80, 96], (2, 500),
             doc="items"),
        Knob("slack", [4, 3, 3, 2, 2, 1, 1, 1, 0, 0] + [0] * 10, (0, 100),
             doc="comparisons allowed beyond ceil(3n/2) - 2"),
    )
    answer_format = "an action: compare I J, or answer S L with S the smallest item and L the largest"
    example = "compare 1 1"  # an item is never compared with itself: invalid, so it never wins
    tools = (
        Tool("compare", "Compare two items: says which one has the smaller value.", "compare {i} {j}",
             (Param("i", "integer", "the first item's number"), Param("j", "integer", "the second item's number"))),
        Tool("answer", "Name the item with the smallest value and the one with the largest; this ends the game.",
             "answer {smallest} {largest}",
             (Param("smallest", "integer", "the item with the smallest value"),
              Param("largest", "integer", "the item with the largest value"))),
    )
    lowercase = True
    invalid_hint = "write compare I J, or answer S L (the smallest item, then the largest)"

    def build(self, rng, params):
        n = params["n_items"]
        first = rng.randint(1, 9 * n)  # the numbering starts anywhere, so prompts differ by seed
        values = rng.sample(range(10, 1000), n)
        smallest = first + values.index(min(values))
        largest = first + values.index(max(values))
        budget = pairing_worst(n) + params["slack"] + 1
        check = {"first": first, "values": values, "smallest": smallest, "largest": largest, "budget": budget}
        a, b = first + 1, first + n - 1
        question = (
            f"There are {n} items, numbered {first} to {first + n - 1}, each with a hidden value; no two values "
            f"are equal. Find the item with the smallest value and the item with the largest. Each turn, either "
            f"compare two items ('compare {a} {b}' tells whether item {a} or item {b} has the smaller value) or "
            f"give your final answer: 'answer S L' with S the item with the smallest value and L the item with "
            f"the largest, which ends the game; you win only if both are right. You have {budget} turns; an "
            f"invalid action is rejected and still uses a turn.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the comparisons (the same for every input of a size) and the answer
        return len(problem.answer.split("\n"))

    def start(self, problem):
        return {"known": {}}

    def act(self, problem, state, text):
        c = problem.check
        values, first = c["values"], c["first"]
        n = len(values)
        compare, answer = _COMPARE.match(text), _ANSWER.match(text)
        found = compare or answer
        if not found:
            return f"Invalid action: {self.invalid_hint}.", None
        i, j = int(found.group(1)), int(found.group(2))
        bad = next((x for x in (i, j) if not first <= x < first + n), None)
        if bad is not None:
            return f"Invalid action: there is no item {bad} (items {first} to {first + n - 1}).", None
        if i == j:
            return ("Invalid action: compare two different items." if compare else
                    "Invalid action: the smallest and the largest are different items."), None
        if compare:
            smaller = values[i - first] < values[j - first]
            state["known"][f"{i} {j}"], state["known"][f"{j} {i}"] = smaller, not smaller
            low, high = (i, j) if smaller else (j, i)
            return f"Item {low} is smaller than item {high}.", None
        if (i, j) == (c["smallest"], c["largest"]):
            return f"Right: item {i} is the smallest and item {j} the largest. You win.", WIN
        return (f"Wrong: the smallest is item {c['smallest']} and the largest item {c['largest']}. "
                f"You lose."), LOSE

    def unsolved(self, problem, state):
        return "you did not name the smallest and the largest, so you lose."

    def plan(self, problem, state):
        c = problem.check
        return pairing_next(c["first"], len(c["values"]), state["known"])
