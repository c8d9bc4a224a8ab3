"""The position of a subset in the lexicographic list of subsets of {1, ..., n}."""
from __future__ import annotations

from math import comb

from procgym import Draft, Knob, register

from ._counting import CountTask


def subset_rank(subset: list[int], n: int, graded: bool = False, stats=None) -> int:
    """1-based position of the increasing `subset` among the k-subsets of 1..n in lexicographic order:
    for each element, the subsets that agree so far and then take a smaller value, C(n - v, k - i - 1)
    each. `graded` lists every non-empty subset by size first, so all smaller sizes come before."""
    k = len(subset)
    rank, prev = 1, 0
    for i, a in enumerate(subset):
        for v in range(prev + 1, a):
            rank += comb(n - v, k - i - 1)
            if stats is not None:
                stats["terms"] += 1
        prev = a
    if graded:
        rank += sum(comb(n, j) for j in range(1, k))
        if stats is not None:
            stats["terms"] += k
    return rank


@register
class CombinationRank(CountTask):
    """A subset's position when the k-element subsets of {1..n} (each written in increasing order)
    are listed lexicographically; higher levels grow n and k and may list every non-empty subset,
    by size first and lexicographically within a size."""

    name = "combinatorics/combination_rank"
    knobs = (
        Knob("n", [(5, 6), (6, 7), (7, 8), (8, 9), (9, 10), (10, 11), (11, 12), (12, 14), (13, 15), (14, 16),
                   (16, 18), (18, 20), (20, 23), (22, 25), (24, 28), (27, 31), (30, 34), (33, 38), (36, 42),
                   (40, 46)], (3, 60), doc="the ground set is 1..n"),
        Knob("k", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (1, 30), doc="subset size"),
        Knob("listing", ["fixed"] * 8 + ["either"] * 12, choices=("fixed", "either"),
             doc="only k-subsets listed, or sometimes all non-empty subsets by size"),
    )
    answer_format = "a single integer: the position (the first subset in the list is at position 1)"

    def build(self, rng, params):
        n, k = params["n"], min(params["k"], params["n"] - 1)
        subset = sorted(rng.sample(range(1, n + 1), k))
        graded = params["listing"] == "either" and rng.random() < 0.5
        stats = {"terms": 0}
        rank = subset_rank(subset, n, graded, stats)
        shown = "{" + ", ".join(map(str, subset)) + "}"
        if graded:
            listing = (f"All the non-empty subsets of {{1, 2, ..., {n}}} are listed: first every subset of size 1, "
                       f"then every subset of size 2, and so on. Each subset is written with its elements in "
                       f"increasing order, and the subsets of one size are listed in lexicographic order "
                       f"(compare the first elements, then the second elements, and so on)")
        else:
            listing = (f"All the {k}-element subsets of {{1, 2, ..., {n}}} are written with their elements in "
                       f"increasing order and listed in lexicographic order (compare the first elements, then "
                       f"the second elements, and so on), so the list starts {{{', '.join(map(str, range(1, k + 1)))}}}")
        question = f"{listing}. The subsets are numbered from 1.\n\nAt which position in the list is {shown}?"
        return Draft(question, str(rank), {"count": rank, "n": n, "subset": subset, "graded": graded,
                                           "terms": stats["terms"]})

    def effort(self, problem):
        return problem.check["terms"] + len(problem.check["subset"])
