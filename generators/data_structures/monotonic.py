"""Monotonic stacks and deques: next/previous greater or smaller elements, and sliding-window
maxima and minima, computed the linear-time way."""
from __future__ import annotations

import re
from collections import deque

from procgym import Draft, Knob, Task, register

from ._value_lists import grade_int_list


def nearest(values: list[int], variant: str, tally: list[int] | None = None) -> list[int]:
    """For each position, by one pass with a monotonic stack:

    next_greater / next_smaller / previous_greater / previous_smaller: the nearest value on that
    side strictly greater (smaller), or -1; next_greater_or_equal: the nearest value to the right
    that is >=, or -1; circular_next_greater: the next strictly greater value going right and
    wrapping around to the start, or -1; wait_greater: how many positions to the right the next
    strictly greater value is, or 0. `tally[0]`, when given, counts the positions visited and
    the pops (each a comparison with the top of the stack)."""
    n = len(values)
    tally = [0] if tally is None else tally
    out = [-1] * n
    if variant == "wait_greater":
        out = [0] * n
    stack: list[int] = []  # indices whose answer is still open
    if variant.startswith("previous"):
        greater = variant == "previous_greater"
        for i, v in enumerate(values):
            tally[0] += 1
            while stack and (values[stack[-1]] <= v if greater else values[stack[-1]] >= v):
                tally[0] += 1
                stack.pop()
            out[i] = values[stack[-1]] if stack else -1
            stack.append(i)
        return out
    rounds = 2 if variant == "circular_next_greater" else 1
    for j in range(rounds * n):
        i = j % n
        v = values[i]
        tally[0] += 1
        while stack:
            top = values[stack[-1]]
            if variant == "next_smaller":
                beats = v < top
            elif variant == "next_greater_or_equal":
                beats = v >= top
            else:
                beats = v > top
            if not beats:
                break
            tally[0] += 1
            k = stack.pop()
            out[k] = j - k if variant == "wait_greater" else v
        if j < n:
            stack.append(i)
    return out


def window_extremes(values: list[int], k: int, kind: str, stride: int = 1,
                    tally: list[int] | None = None) -> list[int]:
    """The max, min or range (max - min) of each window of k consecutive values, windows starting
    at positions 0, stride, 2*stride, ... while they fit, by monotonic deques. `tally[0]`, when
    given, counts the values pushed and popped on the deques the kind needs (the max deque, the
    min deque, or both for a range) and the windows read off."""
    tally = [0] if tally is None else tally
    need_hi, need_lo = kind != "min", kind != "max"
    hi: deque[int] = deque()  # indices, values decreasing
    lo: deque[int] = deque()  # indices, values increasing
    out = []
    for i, v in enumerate(values):
        while hi and values[hi[-1]] <= v:
            tally[0] += need_hi
            hi.pop()
        hi.append(i)
        while lo and values[lo[-1]] >= v:
            tally[0] += need_lo
            lo.pop()
        lo.append(i)
        tally[0] += need_hi + need_lo
        start = i - k + 1
        if hi[0] < start:
            tally[0] += need_hi
            hi.popleft()
        if lo[0] < start:
            tally[0] += need_lo
            lo.popleft()
        if start >= 0 and start % stride == 0:
            tally[0] += 1
            mx, mn = values[hi[0]], values[lo[0]]
            out.append(mx if kind == "max" else mn if kind == "min" else mx - mn)
    return out


VARIANTS = {
    "next_greater": "the first value to its right that is strictly greater than it, or -1 if there is none",
    "next_smaller": "the first value to its right that is strictly smaller than it, or -1 if there is none",
    "previous_greater": "the nearest value to its left that is strictly greater than it, or -1 if there is none",
    "previous_smaller": "the nearest value to its left that is strictly smaller than it, or -1 if there is none",
    "next_greater_or_equal": ("the first value to its right that is greater than or equal to it, or -1 if there is "
                              "none"),
    "circular_next_greater": ("the first value strictly greater than it found by moving right and, after the last "
                              "position, wrapping around to the first position (the search stops when it comes "
                              "back to the element itself), or -1 if there is none"),
    "wait_greater": ("how many positions to the right the first strictly greater value is (1 for the very next "
                     "position), or 0 if there is none"),
}


@register
class NextGreaterElement(Task):
    """For each element of an array, give its nearest strictly greater (or smaller) neighbour on
    one side, as a monotonic stack computes it. Higher levels lengthen the array, repeat values
    so that "strictly" matters, and move from "next greater" to smaller/previous variants, to
    "greater or equal", to a circular array that wraps around, and to distances instead of
    values."""

    name = "data_structures/next_greater_element"
    knobs = (
        Knob("length", [5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (2, 60),
             doc="array length"),
        Knob("repeats", [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10], (0, 30),
             doc="positions that repeat an earlier value"),
        Knob("variant", [["next_greater"], ["next_greater"], ["next_greater", "next_smaller"],
                         ["next_smaller", "previous_greater"], ["next_greater", "next_smaller", "previous_greater",
                                                                "previous_smaller"],
                         ["previous_greater", "previous_smaller", "next_greater_or_equal"],
                         ["next_greater_or_equal", "wait_greater", "circular_next_greater"],
                         ["wait_greater", "circular_next_greater"], ["circular_next_greater", "wait_greater"]]
             + [["circular_next_greater"]] * 11,
             choices=tuple(VARIANTS), doc="what is asked for each element"),
    )
    answer_format = "one integer per array position, in order, as a comma-separated list"
    example = "7,-1,9,9,-2"  # an answer is a value of the array (positive) or -1: -2 never is

    def build(self, rng, params):
        n, variant = params["length"], params["variant"]
        values = [rng.randint(1, 30 + 3 * n) for _ in range(n)]
        for _ in range(params["repeats"]):
            i = rng.randrange(1, n)
            values[i] = values[rng.randrange(i)]
        answer = nearest(values, variant)
        question = (f"An array has these {n} values, from left to right:\n{', '.join(map(str, values))}\n\n"
                    f"For each position, give {VARIANTS[variant]}.")
        # distances are never negative: -2 is never an answer either
        return Draft(question, ",".join(map(str, answer)), {"values": answer},
                     example="1,3,0,1,-2" if variant == "wait_greater" else None)

    def effort(self, problem):
        # the monotonic-stack pass: every position is compared with the stack's top, each pop is
        # one more comparison (a circular array is passed over twice)
        shown = _VALUES.search(problem.prompt)
        values = [int(v) for v in shown.group(1).split(", ")]
        tally = [0]
        nearest(values, problem.params["variant"], tally)
        return tally[0]

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], "answers", labelled=False)


_VALUES = re.compile(r"values, from left to right(?: \(positions 1 to \d+\))?:\n(.+)\n")  # the array, as shown


KINDS = {"max": "the largest value", "min": "the smallest value",
         "range": "the range (the largest value minus the smallest value)"}


@register
class SlidingWindowExtremes(Task):
    """Slide a window of k consecutive values along an array and give the maximum, minimum or
    range (max - min) of every window, as monotonic deques compute them. Higher levels lengthen
    the array and the window, add negative values and repeats, move from maxima to minima and
    ranges, and from level 7 advance the window by a stride of 2 or 3."""

    name = "data_structures/sliding_window_extremes"
    knobs = (
        Knob("length", [6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 44], (2, 80),
             doc="array length"),
        Knob("window", [2, 3, 3, (3, 4), (3, 4), (3, 5), (3, 5), (4, 6), (4, 6), (4, 7), (4, 7), (5, 8), (5, 8),
                        (5, 9), (6, 10), (6, 10), (6, 11), (7, 12), (7, 12), (8, 13)], (1, 40), doc="window size k"),
        Knob("kind", [["max"], ["max", "min"], ["max", "min"], ["max", "min"], ["max", "min", "range"],
                      ["min", "range"], ["max", "min", "range"], ["range"], ["range", "max", "min"]] + [["range"]] * 11,
             choices=tuple(KINDS), doc="what is reported per window"),
        Knob("negatives", [False, False, False] + [True] * 17, doc="values may be negative"),
        Knob("stride", [1, 1, 1, 1, 1, 1, [2, 3], [2, 3], [2, 3]] + [3] * 11, (1, 10), doc="how far the window moves"),
    )
    answer_format = "one integer per window, in order from the leftmost window, as a comma-separated list"
    example = "9,9,7,99"  # the values are at most 40 and a range at most 60: never an answer

    def build(self, rng, params):
        n, kind, stride = params["length"], params["kind"], params["stride"]
        k = min(params["window"], n)
        lo = -20 if params["negatives"] else 0
        values = [rng.randint(lo, 40) for _ in range(n)]
        answer = window_extremes(values, k, kind, stride)
        if stride == 1:
            slide = (f"The window covers positions 1 to {k} first, then moves one position to the right at a time "
                     f"until it covers the last {k} positions, so there are {n - k + 1} windows.")
        else:
            slide = (f"The window covers positions 1 to {k} first, then moves {stride} positions to the right at a "
                     f"time (covering positions {1 + stride} to {k + stride}, then {1 + 2 * stride} to "
                     f"{k + 2 * stride}, and so on) for as long as the whole window fits inside the array.")
        question = (f"An array has these {n} values, from left to right (positions 1 to {n}):\n"
                    f"{', '.join(map(str, values))}\n\nA window of {k} consecutive positions slides along it. "
                    f"{slide}\n\nFor each window, give {KINDS[kind]} inside it.")
        return Draft(question, ",".join(map(str, answer)), {"values": answer})

    def effort(self, problem):
        # the monotonic deques' pushes and pops, and one read per window
        values = [int(v) for v in _VALUES.search(problem.prompt).group(1).split(", ")]
        params = problem.params
        tally = [0]
        window_extremes(values, min(params["window"], len(values)), params["kind"], params["stride"], tally)
        return tally[0]

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], "window values", labelled=False)
