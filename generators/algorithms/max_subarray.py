"""Maximum subarray: the largest sum of a non-empty run of consecutive values (optionally on a
circular array), answered with the sum and a witness run that the verifier adds up, so any
optimal run is accepted. The optimum comes from Kadane's algorithm."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int, read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._item_readers import read_range

SUM_LABELS = {"sum", "largest sum", "max sum", "maximum sum", "best sum", "total"}
RANGE_LABELS = {"positions", "position", "run", "range", "subarray", "indices", "from"}


def kadane(a: list[int]) -> tuple[int, int, int]:
    """The largest sum of a non-empty contiguous run and its 0-based inclusive ends (i, j)."""
    best, best_i, best_j = a[0], 0, 0
    run, start = 0, 0
    for j, x in enumerate(a):
        if run <= 0:
            run, start = x, j
        else:
            run += x
        if run > best:
            best, best_i, best_j = run, start, j
    return best, best_i, best_j


def circular_best(a: list[int]) -> tuple[int, int, int]:
    """The largest sum of a non-empty run on the circular array, with 0-based ends (i, j); i > j
    means the run wraps from i through the end to j. A wrapping run is the complement of a
    minimum-sum run that leaves at least one element out."""
    best = kadane(a)
    low, li, lj = kadane([-x for x in a])
    low = -low
    if (li, lj) != (0, len(a) - 1) and sum(a) - low > best[0]:
        return sum(a) - low, (lj + 1) % len(a), (li - 1) % len(a)
    return best


def run_sum(a: list[int], i: int, j: int, circular: bool) -> int | None:
    """The sum of the run from position i to j (1-based, inclusive; wrapping when circular and
    i > j), or None when those positions do not form a run."""
    n = len(a)
    if not (1 <= i <= n and 1 <= j <= n):
        return None
    if i <= j:
        return sum(a[i - 1:j])
    return sum(a[i - 1:]) + sum(a[:j]) if circular else None


# format examples (sum; first, last) with five different sums, so at most one is ever an answer;
# each problem shows one that is not its answer
_EXAMPLES = ("17; 3, 7", "12; 2, 5", "9; 1, 4", "21; 2, 6", "8; 4, 5")


def _solves(example: str, a: list[int], best: int, circular: bool) -> bool:
    claimed, (i, j) = example.split("; ")[0], example.split("; ")[1].split(", ")
    return int(claimed) == best and run_sum(a, int(i), int(j), circular) == best


@register
class MaximumSubarray(Task):
    """Maximum subarray: find a non-empty run of consecutive values with the largest sum, and give
    the sum and the run's first and last positions; any run reaching the optimum (from Kadane's
    algorithm) is accepted. Higher levels lengthen the array, raise the share of negative values
    (so runs must be weighed against the losses between them) and prefer instances where the best
    run is neither the whole array nor the largest single value; the top levels make the array
    circular, so the best run may wrap around the end."""

    name = "algorithms/maximum_subarray"
    knobs = (
        Knob("length", [5, 6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 45, 50, 55, 60, 66, 72], (1, 200),
             doc="length of the array"),
        Knob("max_abs", [9, 9, 15, 20, 20, 30, 30, 40, 50, 60, 60, 65, 70, 75, 80, 85, 90, 95, 99, 99], (1, 1000),
             doc="largest absolute value"),
        Knob("negative_share", [0.3, 0.35, 0.4, 0.45, 0.5, 0.5, 0.5, 0.55, 0.55] + [0.6] * 11, (0.0, 1.0),
             doc="chance that a value is negative"),
        Knob("circular", [False] * 6 + [[False, True]] + [True] * 13,
             doc="the array is circular: a run may wrap from the last position to the first"),
    )
    answer_format = ("the largest sum, a semicolon, then the first and last positions of a run with that sum "
                     "(numbered from 1), e.g. 17; 3, 7")
    example = "17; 3, 7"

    def build(self, rng, params):
        n, top, circular = params["length"], params["max_abs"], params["circular"]
        for attempt in range(40):
            a = [rng.randint(1, top) * (-1 if rng.random() < params["negative_share"] else 1) for _ in range(n)]
            best, i, j = circular_best(a) if circular else kadane(a)
            trivial = best == max(a) or (i, j) == (0, n - 1) or (circular and best == kadane(a)[0])
            if n < 3 or attempt >= 30 or not trivial:
                break
        shown = ", ".join(f"{k + 1}:{v}" for k, v in enumerate(a))
        wrap = (" The array is circular: after the last position comes the first again, so a run may wrap "
                "around the end (a run from position i to position j with i > j covers positions i..n and then "
                "1..j; it may not use any position twice).") if circular else ""
        question = (f"An array of {n} integers, shown as position:value with positions numbered from 1:\n{shown}\n\n"
                    f"Find a non-empty run of consecutive positions whose values have the largest possible sum.{wrap} "
                    "Give that sum and the first and last positions of such a run.")
        # no fixed run is wrong for every array: the example is drawn last, among those wrong here
        wrong_here = [e for e in _EXAMPLES if not _solves(e, a, best, circular)]
        return Draft(question, f"{best}; {i + 1}, {j + 1}", {"array": a, "best": best, "circular": circular},
                     example=rng.choice(wrong_here))

    def effort(self, problem):
        # Kadane's scan looks at each value once; on a circular array a second scan finds the
        # smallest run (whose complement wraps) and a third adds up the whole array
        c = problem.check
        return len(c["array"]) * (3 if c["circular"] else 1)

    def grade(self, answer, problem):
        c = problem.check
        try:
            first, second = read_parts(answer, [SUM_LABELS, RANGE_LABELS])
            claimed = read_int(first)
            i, j = read_range(second)
        except ParseError as exc:
            return refused(exc)
        total = run_sum(c["array"], i, j, c["circular"])
        if total is None:
            return wrong(f"Positions {i} to {j} do not form a run of the array.")
        if total != claimed:
            return wrong(f"The values from position {i} to {j} add up to {total}, not {claimed}.")
        if total != c["best"]:
            return wrong(f"A run summing to {total} is not the largest possible.")
        return right()
