"""Binary search traces: the exact sequence of indices a stated binary search probes in a sorted
array, for an exact-match search and for the first-at-least / first-greater (lower and upper
bound) variants, with a floor or ceiling midpoint rule. The trace comes from running the search."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._item_readers import read_int_list


def search_trace(arr: list[int], target: int, variant: str, ceil_mid: bool) -> tuple[list[int], int]:
    """The probed indices of a closed-interval binary search and its result: for "exact" the index
    where the target was found (or -1); for "lower" the first index with a[i] >= target, for
    "upper" the first index with a[i] > target (len(arr) when there is none)."""
    lo, hi, probes = 0, len(arr) - 1, []
    result = -1 if variant == "exact" else len(arr)
    while lo <= hi:
        mid = (lo + hi + 1) // 2 if ceil_mid else (lo + hi) // 2
        probes.append(mid)
        v = arr[mid]
        if variant == "exact":
            if v == target:
                return probes, mid
            if v < target:
                lo = mid + 1
            else:
                hi = mid - 1
        elif v >= target if variant == "lower" else v > target:
            result, hi = mid, mid - 1
        else:
            lo = mid + 1
    return probes, result


_RULES = {
    "exact": ("if a[mid] equals the target, stop (found); if a[mid] is less than the target, set lo = mid + 1; "
              "otherwise set hi = mid - 1"),
    "lower": ("if a[mid] >= target, record mid as the answer so far and set hi = mid - 1; otherwise set "
              "lo = mid + 1"),
    "upper": ("if a[mid] > target, record mid as the answer so far and set hi = mid - 1; otherwise set "
              "lo = mid + 1"),
}

_ENDS = {
    "exact": "The search also ends as soon as the target is found. ",
    "lower": "(This finds the first index holding a value at least the target.) ",
    "upper": "(This finds the first index holding a value greater than the target.) ",
}


@register
class BinarySearchTrace(Task):
    """Trace a binary search: given a sorted array (shown with its indices), a target and a
    precisely stated search, give the indices it probes, in order. Higher levels lengthen the
    array (more probes), mix in absent targets, the lower-bound and upper-bound variants on arrays
    with repeated values (where the search continues past a match), and the rounded-up midpoint
    rule, so every off-by-one must be right."""

    name = "algorithms/binary_search_trace"
    knobs = (
        # past level 10 each length holds one more probe's worth of halving than two levels before
        Knob("length", [5, 7, 8, 10, 12, 15, 20, 25, 31, 40, 63, 80, 100, 127, 160, 200, 255, 320, 400, 511],
             (1, 1000), doc="length of the array"),
        Knob("variant", ["exact", "exact", "exact", "exact", ["exact", "lower"], ["exact", "lower"],
                         ["exact", "lower", "upper"], ["exact", "lower", "upper"]] + [["lower", "upper"]] * 12,
             choices=("exact", "lower", "upper"), doc="what the search looks for"),
        Knob("absent_rate", [0.0, 0.0, 0.3, 0.4, 0.4, 0.4, 0.4] + [0.5] * 13, (0.0, 1.0),
             doc="chance that the target is not in the array"),
        Knob("ceil_mid", [False, False, False, False, False, False, [False, True], [False, True]] + [True] * 12,
             doc="round the midpoint up instead of down"),
        Knob("duplicates", [False, False, False, False] + [True] * 16,
             doc="allow repeated values in the array"),
    )
    answer_format = "the probed indices in order, comma-separated"
    example = "7,3,5,5"  # the search never probes an index twice: never an answer

    def build(self, rng, params):
        n, variant, ceil_mid = params["length"], params["variant"], params["ceil_mid"]
        if params["duplicates"]:
            arr = sorted(rng.randint(1, max(2, n * 3 // 2)) for _ in range(n))
        else:
            arr = sorted(rng.sample(range(1, 3 * n + 1), n))
        present = sorted(set(arr))
        held = set(arr)
        absent = [v for v in range(arr[0] - 2, arr[-1] + 3) if v not in held]
        if absent and rng.random() < params["absent_rate"]:
            target = rng.choice(absent)
        else:
            target = rng.choice(present)
        probes, _ = search_trace(arr, target, variant, ceil_mid)
        listing = ", ".join(f"{i}:{v}" for i, v in enumerate(arr))
        mid = "mid = (lo + hi + 1) // 2, that is (lo + hi) / 2 rounded up" if ceil_mid else \
            "mid = (lo + hi) // 2, that is (lo + hi) / 2 rounded down"
        question = (f"A sorted array a, shown as index:value with indices from 0:\n{listing}\n\n"
                    f"A binary search for the target {target} starts with lo = 0 and hi = {n - 1}. While lo <= hi, "
                    f"it computes {mid}, probes a[mid], and then: {_RULES[variant]}. "
                    + _ENDS[variant]
                    + "List every index mid that it probes, in order.")
        return Draft(question, ",".join(map(str, probes)), {"probes": probes, "n": n})

    def effort(self, problem):
        # one step per probe: read a[mid], compare it with the target, move lo or hi
        return len(problem.check["probes"])

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_int_list(answer)
        except ParseError as exc:
            return refused(exc)
        if given == c["probes"]:
            return right()
        if any(not 0 <= i < c["n"] for i in given):
            return wrong(f"Indices run from 0 to {c['n'] - 1}.")
        for k, (x, y) in enumerate(zip(given, c["probes"])):
            if x != y:
                return wrong(f"Probe {k + 1} is wrong.")
        return wrong("The search makes fewer probes than that." if len(given) > len(c["probes"])
                     else "The search makes more probes than that.")
