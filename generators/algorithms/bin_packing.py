"""Bin packing: put items of given sizes into as few bins of a fixed capacity as possible. The
answer is the packing itself, checked by constraint (every item once, no bin over capacity) and
by its number of bins against the optimum of an exact branch-and-bound search."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._item_readers import read_groups


SEARCH_BUDGET = 20_000  # placements the exact search may try before an instance is redrawn


class SearchTooLong(Exception):
    """The exact search needed more placements than its budget."""


def first_fit(sizes: list[int], capacity: int, order=None, tally: list[int] | None = None) -> list[list[int]]:
    """First fit: each item (in `order`, default as listed) goes into the first bin it fits in.
    `tally[0]`, when given, counts the bins looked at."""
    bins: list[list[int]] = []
    loads: list[int] = []
    for i in (range(len(sizes)) if order is None else order):
        for b, load in enumerate(loads):
            if tally is not None:
                tally[0] += 1
            if load + sizes[i] <= capacity:
                bins[b].append(i)
                loads[b] += sizes[i]
                break
        else:
            bins.append([i])
            loads.append(sizes[i])
    return bins


def min_bins(sizes: list[int], capacity: int, budget: int | None = None,
             tally: list[int] | None = None) -> list[list[int]]:
    """An optimal packing (lists of item indices), by branch and bound: first-fit decreasing gives
    an upper bound; for each smaller bin count from the lower bound up, a depth-first search places
    the items largest first, trying each distinct bin load once (bins with equal loads are
    interchangeable). With `budget`, SearchTooLong once the search has tried that many
    placements; `tally[0]`, when given, counts the bins first fit looks at and the placements
    tried."""
    n = len(sizes)
    if any(s > capacity for s in sizes):
        raise ValueError("an item is larger than the capacity")
    order = sorted(range(n), key=lambda i: (-sizes[i], i))
    tally = [0] if tally is None else tally
    best = first_fit(sizes, capacity, order, tally)
    lower = max(-(-sum(sizes) // capacity), sum(1 for s in sizes if 2 * s > capacity))

    def fits_in(k: int) -> list[list[int]] | None:
        loads, where = [0] * k, [0] * n

        def place(pos: int, used: int) -> bool:
            if pos == n:
                return True
            size, tried = sizes[order[pos]], set()
            for b in range(min(used + 1, k)):
                load = loads[b]
                if load + size > capacity or load in tried:
                    continue
                tried.add(load)
                tally[0] += 1
                if budget is not None and tally[0] > budget:
                    raise SearchTooLong
                loads[b] += size
                where[pos] = b
                if place(pos + 1, max(used, b + 1)):
                    return True
                loads[b] -= size
            return False

        if not place(0, 0):
            return None
        bins: list[list[int]] = [[] for _ in range(k)]
        for pos, b in enumerate(where):
            bins[b].append(order[pos])
        return [sorted(b) for b in bins]

    for k in range(lower, len(best)):
        found = fits_in(k)
        if found is not None:
            return found
    return [sorted(b) for b in best]


def perfect_pieces(rng, n_items: int, capacity: int) -> list[int]:
    """Item sizes cut from completely full bins (at least two pieces per bin)."""
    n_bins = max(1, n_items // 3)
    counts = [2] * n_bins
    for _ in range(n_items - 2 * n_bins):
        counts[rng.randrange(n_bins)] += 1
    sizes = []
    for c in counts:
        c = min(c, capacity)
        cuts = sorted(rng.sample(range(1, capacity), c - 1))
        sizes += [b - a for a, b in zip([0] + cuts, cuts + [capacity])]
    rng.shuffle(sizes)
    return sizes


@register
class BinPacking(Task):
    """Bin packing: put items of given sizes into bins of a fixed capacity using as few bins as
    possible, and give the packing. The verifier checks that every item is packed exactly once,
    that no bin is over capacity, and that the number of bins equals the optimum found by an exact
    branch-and-bound search, so any optimal packing passes. Higher levels add items, prefer
    instances where first fit in the listed order wastes a bin, and cut the items from completely
    full bins, so that only a perfect packing is optimal."""

    name = "algorithms/bin_packing"
    knobs = (
        Knob("n_items", [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24], (1, 40),
             doc="number of items"),
        Knob("capacity", [10, 10, 12, 15, 15, 20, 20, 25, 30, 30, 30, 35, 35, 40, 40, 45, 45, 50, 50, 55], (2, 1000),
             doc="capacity of each bin"),
        Knob("first_fit_trap", [False, False] + [True] * 18,
             doc="prefer instances where first fit in the listed order is not optimal"),
        Knob("perfect", [False, False, False, False, [False, True], [False, True]] + [True] * 14,
             doc="cut the items from full bins, so an optimal packing leaves no space"),
    )
    answer_format = ("the bins, separated by semicolons, each written as the comma-separated names of its items "
                     "(in any order)")
    example = "A,C; B,E; Z9"  # Z9 is no item's name (names are letters): never an answer

    def build(self, rng, params):
        n, cap = params["n_items"], params["capacity"]
        found = None  # the last drawn instance the exact search finished
        for attempt in range(40):
            if params["perfect"] and n >= 2:
                sizes = perfect_pieces(rng, n, cap)
            else:
                sizes = [rng.randint(max(1, cap // 6), max(1, cap * 3 // 4)) for _ in range(n)]
            try:
                packing = min_bins(sizes, cap, SEARCH_BUDGET)
            except SearchTooLong:  # only the largest levels' instances come near the budget
                continue
            found = sizes, packing
            if not params["first_fit_trap"] or attempt >= 30 or len(first_fit(sizes, cap)) > len(packing):
                break
        if found is None:  # every draw was too long to search: items over half a bin, one bin each
            sizes = [rng.randint(cap // 2 + 1, cap) for _ in range(n)]
            found = sizes, min_bins(sizes, cap)
        sizes, packing = found
        names = node_labels(n)
        listing = "\n".join(f"{names[i]}: size {s}" for i, s in enumerate(sizes))
        question = (f"Bins each hold a total size of at most {cap}. Pack these {n} items into as few bins as "
                    f"possible (every item goes into exactly one bin):\n{listing}\n\n"
                    "Give a packing that uses the fewest bins.")
        answer = "; ".join(",".join(names[i] for i in b) for b in packing)
        return Draft(question, answer, {"sizes": {names[i]: s for i, s in enumerate(sizes)}, "capacity": cap,
                                        "bins": len(packing)})

    def effort(self, problem):
        # the exact search's work: bins first-fit decreasing looks at, then placements tried
        sizes = list(problem.check["sizes"].values())
        tally = [0]
        min_bins(sizes, problem.check["capacity"], tally=tally)
        return tally[0]

    def grade(self, answer, problem):
        c = problem.check
        sizes, cap = c["sizes"], c["capacity"]
        try:
            groups = read_groups(answer, sizes)
        except ParseError as exc:
            return refused(exc)
        seen: set[str] = set()
        for group in groups:
            for item in group:
                if item in seen:
                    return wrong(f"Item {item} is packed more than once.")
                seen.add(item)
        missing = sorted(set(sizes) - seen)
        if missing:
            return wrong(f"Item {missing[0]} is not packed.")
        for group in groups:
            load = sum(sizes[x] for x in group)
            if load > cap:
                return wrong(f"The bin {','.join(group)} holds {load}, more than the capacity {cap}.")
        if len(groups) != c["bins"]:
            return wrong(f"That packing uses {len(groups)} bins; fewer are enough.")
        return right()
