"""Choosing seats in a row or round a table with gaps between the chosen ones, counted by a DP."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask, and_list


def count_row(seats: list[int], k: int, gap: int, stats=None) -> int:
    """Ways to choose k of the available seats (in order along a row) with at least `gap` seats
    (available or not) between any two chosen: f[i][j] over the first i seats, seat i chosen or not."""
    if not seats:
        return int(k == 0)
    lo, hi = seats[0], seats[-1]
    ok = set(seats)
    size = hi - lo + 1
    # f[i][j]: choices of j seats among positions lo..lo+i-1
    f = [[1] + [0] * k]
    for i in range(1, size + 1):
        pos = lo + i - 1
        row = f[i - 1][:]
        if pos in ok:
            back = f[max(0, i - gap - 1)]
            for j in range(1, k + 1):
                row[j] += back[j - 1] if i - gap - 1 >= 0 else int(j == 1)
        f.append(row)
        if stats is not None:
            stats["cells"] += k
    return f[size][k]


def count_selections(n: int, k: int, gap: int, circle: bool, broken=(), stats=None) -> int:
    """Seats 1..n, minus the broken ones; in a circle seat n is next to seat 1. For a circle, fix
    the lowest chosen seat s: the others lie in s+gap+1 .. n+s-gap-1 (and at most n), a row count."""
    good = [s for s in range(1, n + 1) if s not in set(broken)]
    if not circle:
        return count_row(good, k, gap, stats)
    if k == 1:
        return len(good)
    total = 0
    for s in good:
        top = min(n, n + s - gap - 1)
        inside = [t for t in good if s + gap + 1 <= t <= top]
        total += count_row(inside, k - 1, gap, stats)
    return total


@register
class SpacedSelections(CountTask):
    """Choose k of n seats in a row or round a table so that at least g seats separate any two
    chosen ones, sometimes with broken seats that cannot be chosen. Levels grow the seats, the gap
    and the broken seats, and bring in the round table, where the first and last seats are neighbours."""

    name = "combinatorics/spaced_selections"
    knobs = (
        Knob("seats", [(6, 8), (8, 10), (9, 12), (10, 13), (11, 14), (12, 16), (13, 18), (14, 20), (16, 22),
                       (18, 24), (20, 26), (22, 28), (24, 30), (26, 33), (28, 36), (30, 39), (32, 42), (34, 45),
                       (36, 48), (40, 52)], (3, 80), doc="seats"),
        Knob("chosen", [2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9, 9], (1, 20), doc="seats to choose"),
        Knob("gap", [1, 1, 1, 1, 1, 2, 1, 2, 2, 2, 2, 2, 3, 2, 3, 3, 3, 3, 3, 4], (1, 6),
             doc="empty seats needed between chosen ones, at least (one: no two neighbours)"),
        Knob("layout", ["row", "row", "either", "either", "either", "either", "either", "either", "either",
                        "either"] + ["either"] * 10, choices=("row", "either"), doc="a row, or sometimes a round table"),
        Knob("broken", [0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6], (0, 10),
             doc="broken seats"),
    )

    def build(self, rng, params):
        n, gap = params["seats"], params["gap"]
        circle = params["layout"] == "either" and rng.random() < 0.5
        k = max(1, min(params["chosen"], n // (gap + 1) - 1))
        broken = sorted(rng.sample(range(1, n + 1), min(params["broken"], n // 4)))
        stats = {"cells": 0}
        count = count_selections(n, k, gap, circle, broken, stats)
        if count == 0:  # too many broken seats for this k: no broken seats
            broken, stats = [], {"cells": 0}
            count = count_selections(n, k, gap, circle, broken, stats)
        where = (f"{n} seats are arranged around a round table and numbered 1 to {n} in order, so seat {n} is "
                 f"next to seat 1" if circle else f"{n} seats stand in a single row, numbered 1 to {n} from left to right")
        spacing = ("no two chosen seats are next to each other" if gap == 1 else
                   f"between any two chosen seats there are at least {gap} seats that are not chosen")
        bad = (f" Seats {and_list(broken)} are broken and cannot be chosen (they still count as seats "
               f"between others)." if len(broken) > 1 else
               f" Seat {broken[0]} is broken and cannot be chosen (it still counts as a seat between others)."
               if broken else "")
        question = (f"{where}.{bad} In how many ways can {k} of the seats be chosen so that {spacing}"
                    f"{' (going either way round the table)' if circle else ''}? Only which seats are chosen matters.")
        return Draft(question, str(count), {"count": count, "n": n, "k": k, "gap": gap, "circle": circle,
                                            "broken": broken, "cells": stats["cells"]})

    def effort(self, problem):
        return problem.check["cells"]
