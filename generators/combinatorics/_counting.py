"""Counting machinery for the combinatorics tasks: the counting-task base, number tables
(derangements, multinomials) and phrasing."""
from __future__ import annotations

from math import comb

from procgym import Task
from procgym.kit import grade_int

PEOPLE = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Ken", "Liam",
          "Mona", "Nina", "Omar", "Peggy", "Quinn", "Rita", "Sam", "Tara", "Uma", "Victor", "Wendy", "Yusuf"]
COLOURS = ["red", "blue", "green", "yellow", "black", "white", "orange", "purple", "pink", "grey"]


class CountTask(Task):
    """Base of the counting tasks: the answer is one exact integer, stored as check["count"]."""

    answer_format = "a single integer: the exact count"
    example = "-1"  # the format, and never the answer: no count is negative

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["count"], "the correct count")


def and_list(items, word: str = "and") -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def derangement_numbers(n: int) -> list[int]:
    """D(0..n): permutations of m items with no fixed point, by D(m) = (m - 1)(D(m - 1) + D(m - 2))."""
    d = [1, 0]
    for m in range(2, n + 1):
        d.append((m - 1) * (d[-1] + d[-2]))
    return d[:n + 1]


def multinomial(counts) -> int:
    """(sum counts)! / prod(count!) as a product of binomials."""
    total, out = 0, 1
    for c in counts:
        total += c
        out *= comb(total, c)
    return out
