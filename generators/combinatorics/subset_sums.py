"""Subsets of a list of numbers whose sum meets a condition, counted by a DP over sums or residues."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask, and_list


def count_subsets(numbers: list[int], mode: str, value: int, size: int | None = None, stats=None) -> int:
    """Subsets (by position: equal numbers are different items) of `numbers`, of `size` elements
    when given, whose sum is divisible by `value` (mode "divisible"), equals it ("equal") or is at
    most it ("at_most"). f[j][s]: subsets of j elements from the numbers seen so far with sum (or
    sum mod value) s; the empty subset counts only when no size is fixed and it qualifies."""
    top = value if mode == "divisible" else value + 1
    sizes = len(numbers) + 1
    f = [[0] * top for _ in range(sizes)]
    f[0][0] = 1
    for x in numbers:
        for j in range(sizes - 1, 0, -1):
            row, prev = f[j], f[j - 1]
            for s in range(top):
                if prev[s]:
                    t = (s + x) % value if mode == "divisible" else s + x
                    if t < top:
                        row[t] += prev[s]
        if stats is not None:
            stats["cells"] += sizes * top
    js = [size] if size is not None else range(sizes)
    if mode == "divisible":
        total = sum(f[j][0] for j in js)
    elif mode == "equal":
        total = sum(f[j][value] for j in js)
    else:
        total = sum(sum(f[j]) for j in js)
    return total


@register
class SubsetSums(CountTask):
    """Count the subsets of a list of numbers (cards, coins, weights) whose sum is divisible by m,
    equals a target or stays within a limit, sometimes with the subset size fixed. Levels grow the
    list, the modulus and the targets and add the size condition."""

    name = "combinatorics/subset_sums"
    knobs = (
        Knob("count", [(5, 6), (6, 7), (7, 8), (8, 9), (9, 10), (10, 11), (11, 12), (12, 13), (13, 14), (14, 15),
                       (15, 17), (16, 18), (18, 20), (19, 22), (21, 24), (22, 26), (24, 28), (26, 30), (28, 32),
                       (30, 35)], (2, 40), doc="numbers in the list"),
        Knob("largest", [9, 9, 12, 12, 15, 15, 20, 20, 25, 25, 30, 30, 40, 40, 50, 50, 60, 70, 80, 99], (3, 200),
             doc="largest number in the list"),
        Knob("modes", ["divisible", "divisible", "any", "any", "any", "any", "any", "any", "any", "any"] + ["any"] * 10,
             choices=("divisible", "any"), doc="divisibility only, or also exact and bounded sums"),
        Knob("fixed_size", [False] * 5 + [True] * 15, doc="whether a subset size may be fixed too"),
    )

    def build(self, rng, params):
        n, top = params["count"], params["largest"]
        numbers = sorted(rng.randint(1, top) for _ in range(n))
        mode = "divisible" if params["modes"] == "divisible" else rng.choice(["divisible", "equal", "at_most"])
        total = sum(numbers)
        if mode == "divisible":
            value = rng.randint(3, max(3, min(13, n + 2)))
        elif mode == "equal":
            value = rng.randint(total // 4, max(total // 4, total // 2))
        else:
            value = rng.randint(total // 5, max(total // 5, total // 3))
        size = rng.randint(2, max(2, n // 2)) if params["fixed_size"] and rng.random() < 0.6 else None
        stats = {"cells": 0}
        count = count_subsets(numbers, mode, value, size, stats)
        if count == 0:  # no subset reaches this exact sum: ask for sums up to it instead
            mode, stats = "at_most", {"cells": 0}
            count = count_subsets(numbers, mode, value, size, stats)
        cond = {"divisible": f"the sum of its cards is divisible by {value}",
                "equal": f"the sum of its cards is exactly {value}",
                "at_most": f"the sum of its cards is at most {value}"}[mode]
        what = f"sets of exactly {size} cards" if size else "sets of cards (any number of cards, including none)"
        question = (f"There are {n} cards on a table, showing the numbers {and_list(numbers)}. Cards are different "
                    f"objects even when they show the same number. How many {what} can be picked up so that "
                    f"{cond}?")
        if mode == "divisible" and size is None:
            question += " (The empty set has sum 0.)"
        return Draft(question, str(count), {"count": count, "numbers": numbers, "mode": mode, "value": value,
                                            "size": size, "cells": stats["cells"]})

    def effort(self, problem):
        return problem.check["cells"]
