"""0/1 knapsack: choose items within a weight capacity for the largest total value; any optimal set is correct."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import is_none, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._item_readers import read_item_names


def knapsack(weights: list[int], values: list[int], capacity: int) -> tuple[int, list[int]]:
    """The best total value and one optimal set of item indices, by dynamic programming over capacity.

    best[c] and chosen[c] hold the value and the bitmask of items for capacity c using the items
    seen so far; each item updates the capacities from the top down, so it is used at most once.
    """
    best, chosen = [0] * (capacity + 1), [0] * (capacity + 1)
    for i, (w, v) in enumerate(zip(weights, values)):
        if w > capacity:
            continue
        bit = 1 << i
        for c in range(capacity, w - 1, -1):
            cand = best[c - w] + v
            if cand > best[c]:
                best[c], chosen[c] = cand, chosen[c - w] | bit
    value, mask = best[capacity], chosen[capacity]
    return value, [i for i in range(len(weights)) if mask >> i & 1]


def best_value(weights: list[int], values: list[int], capacity: int) -> int:
    """knapsack's best total value alone (no item set to track, so faster)."""
    best = [0] * (capacity + 1)
    for w, v in zip(weights, values):
        if w <= capacity:  # best[c] = max(best[c], best[c - w] + v), both from before this item
            best[w:] = [a if a >= b + v else b + v for a, b in zip(best[w:], best[:capacity + 1 - w])]
    return best[capacity]


def greedy_by_ratio(weights: list[int], values: list[int], capacity: int) -> int:
    """The value the value-per-weight greedy heuristic reaches (not always optimal)."""
    order = sorted(range(len(weights)), key=lambda i: (-values[i] / weights[i], i))
    room = total = 0
    for i in order:
        if room + weights[i] <= capacity:
            room += weights[i]
            total += values[i]
    return total


@register
class Knapsack(Task):
    """0/1 knapsack: given items with weights and values and a capacity, choose a set of items
    (each at most once) of total weight at most the capacity and the largest total value. The
    optimum comes from a dynamic program over capacities; any set that fits and reaches the
    optimal value is accepted. Higher levels add items and larger weights and values, pick
    instances where the value-per-weight greedy choice is not optimal (so the trade-offs must be
    searched), and add oversized items that can never fit."""

    name = "algorithms/knapsack"
    knobs = (
        Knob("n_items", [3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 35, 38], (1, 40),
             doc="number of items that can fit"),
        Knob("max_weight", [5, 6, 8, 10, 12, 15, 18, 20, 25, 30, 35, 40, 45, 50, 55, 60, 70, 80, 90, 100], (1, 1000),
             doc="largest item weight"),
        Knob("max_value", [10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 120, 140, 160, 180, 200, 250, 300, 350, 400],
             (1, 10_000), doc="largest item value"),
        Knob("greedy_trap", [False, False] + [True] * 18,
             doc="prefer instances where the value-per-weight greedy choice is not optimal"),
        Knob("oversized", [0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 10),
             doc="distractor items heavier than the capacity"),
    )
    answer_format = "the names of the chosen items, comma-separated (in any order)"
    example = "A,D,Z9"  # Z9 is no item's name (names are letters): never an answer

    def build(self, rng, params):
        n, mw, mv = params["n_items"], params["max_weight"], params["max_value"]
        for _ in range(40):
            weights = [rng.randint(1, mw) for _ in range(n)]
            values = [rng.randint(1, mv) for _ in range(n)]
            capacity = max(max(weights), round(sum(weights) * rng.uniform(0.35, 0.6)))
            if not params["greedy_trap"] or n < 3:
                break
            if greedy_by_ratio(weights, values, capacity) < best_value(weights, values, capacity):
                break
        for _ in range(params["oversized"]):
            weights.append(rng.randint(capacity + 1, capacity + mw))
            values.append(rng.randint(max(1, mv // 2), mv * 2))
        order = list(range(len(weights)))
        rng.shuffle(order)
        weights = [weights[i] for i in order]
        values = [values[i] for i in order]
        best, chosen = knapsack(weights, values, capacity)
        names = node_labels(len(weights))
        listing = "\n".join(f"{names[i]}: weight {w}, value {v}" for i, (w, v) in enumerate(zip(weights, values)))
        question = (f"A knapsack holds a total weight of at most {capacity}. The items are:\n{listing}\n\n"
                    f"Choose a set of items, each used at most once, whose total weight is at most {capacity} "
                    f"and whose total value is as large as possible.")
        check = {"items": {names[i]: [w, v] for i, (w, v) in enumerate(zip(weights, values))},
                 "capacity": capacity, "best": best}
        return Draft(question, ",".join(names[i] for i in chosen), check)

    def effort(self, problem):
        # the dynamic program over capacities: each item that fits updates every capacity from
        # its weight up; every item (oversized ones too) is read once
        items, capacity = problem.check["items"].values(), problem.check["capacity"]
        return len(items) + sum(capacity - w + 1 for w, _ in items if w <= capacity)

    def grade(self, answer, problem):
        c = problem.check
        items = c["items"]
        if is_none(answer):
            return wrong("Some items fit: choosing nothing is not optimal.")
        try:
            chosen = read_item_names(answer, items, "item")
        except ParseError as exc:
            return refused(exc)
        if len(set(chosen)) != len(chosen):
            return wrong("An item is chosen more than once.")
        weight = sum(items[x][0] for x in chosen)
        value = sum(items[x][1] for x in chosen)
        if weight > c["capacity"]:
            return wrong(f"Those items weigh {weight}, more than the capacity {c['capacity']}.")
        if value != c["best"]:
            return wrong(f"Those items are worth {value}, which is not the largest possible value.")
        return right()
