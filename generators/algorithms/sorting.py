"""Sorting: counting inversions, the exact output of a sequence of stable sorts on records with
ties, and the state of an array after some partition steps of a stated quicksort. Answers come
from running the algorithms themselves (merge-sort counting, Python's stable sort, a quicksort
that records its partition steps)."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from procgym.kit import grade_int, refused
from .._labels import node_labels
from ._item_readers import read_int_list, read_item_names


# --------------------------------------------------------------------------- solvers

def count_inversions(seq: list[int]) -> int:
    """Pairs i < j with seq[i] > seq[j] (equal values are not inversions), by merge sort."""

    def sort(a: list[int]) -> tuple[list[int], int]:
        if len(a) <= 1:
            return a, 0
        mid = len(a) // 2
        left, x = sort(a[:mid])
        right_, y = sort(a[mid:])
        merged, count, i, j = [], x + y, 0, 0
        while i < len(left) and j < len(right_):
            if left[i] <= right_[j]:
                merged.append(left[i])
                i += 1
            else:
                merged.append(right_[j])
                count += len(left) - i
                j += 1
        merged += left[i:] + right_[j:]
        return merged, count

    return sort(list(seq))[1]


def stable_passes(records: list[dict], passes: list[tuple[str, bool]]) -> list[int]:
    """Indices of the records after stable sorts applied one after another; each pass is
    (field, descending). Python's sort is stable, also with reverse=True."""
    order = list(range(len(records)))
    for field, descending in passes:
        order = sorted(order, key=lambda i: records[i][field], reverse=descending)
    return order


PIVOT_RULES = {
    "last": "the pivot is the last element of the range, a[hi]",
    "first": "first swap a[lo] with a[hi] (so the first element of the range becomes the pivot)",
    "middle": "first swap a[mid] with a[hi], where mid = (lo + hi) // 2 rounded down (so the middle element "
              "becomes the pivot)",
    "median3": "first find the median of the three values a[lo], a[mid], a[hi] with mid = (lo + hi) // 2 rounded "
               "down, and swap the position holding it with a[hi] (if two or three of them are equal, take the one "
               "at the earliest of the positions lo, mid, hi among those holding the median value)",
}


def quicksort_steps(arr: list[int], rule: str, sizes: list[int] | None = None) -> list[list[int]]:
    """The array after each partition step of a depth-first, left-first quicksort with Lomuto
    partitioning and the given pivot rule. Ranges of fewer than two elements are not partitioned.
    `sizes`, when given, receives the length of each partitioned range, in order."""
    a, states = list(arr), []

    def pivot_to_end(lo: int, hi: int):
        mid = (lo + hi) // 2
        if rule == "first":
            a[lo], a[hi] = a[hi], a[lo]
        elif rule == "middle":
            a[mid], a[hi] = a[hi], a[mid]
        elif rule == "median3":
            trio = [lo, mid, hi]
            median = sorted(a[p] for p in trio)[1]
            p = next(p for p in trio if a[p] == median)
            a[p], a[hi] = a[hi], a[p]

    def sort(lo: int, hi: int):
        if hi - lo < 1:
            return
        pivot_to_end(lo, hi)
        pivot, i = a[hi], lo
        for j in range(lo, hi):
            if a[j] < pivot:
                a[i], a[j] = a[j], a[i]
                i += 1
        a[i], a[hi] = a[hi], a[i]
        states.append(list(a))
        if sizes is not None:
            sizes.append(hi - lo + 1)
        sort(lo, i - 1)
        sort(i + 1, hi)

    sort(0, len(a) - 1)
    return states


# --------------------------------------------------------------------------- inversions

@register
class InversionCount(Task):
    """Count the inversions of a sequence: pairs of positions i < j whose values are out of order
    (the earlier one strictly larger; equal values do not count). Computed by merge-sort counting.
    From level 5 some problems ask instead how many swaps bubble sort makes (the same number,
    which the solver must recognise or simulate). Higher levels lengthen the sequence, allow
    negative values and narrow the value range so that ties, which are not inversions, appear."""

    name = "algorithms/inversion_count"
    knobs = (
        Knob("length", [5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 32, 36, 40, 45, 50, 56, 62, 70, 80], (2, 200),
             doc="length of the sequence"),
        Knob("max_value", [20, 20, 30, 30, 12, 15, 15, 20, 20, 25, 25, 30, 30, 35, 35, 40, 40, 45, 45, 50], (2, 1000),
             doc="largest absolute value"),
        Knob("negatives", [False] * 5 + [True] * 15, doc="allow negative values"),
        Knob("kind", ["pairs", "pairs", "pairs", "pairs"] + [["pairs", "bubble"]] * 16,
             choices=("pairs", "bubble"), doc="ask for inversion pairs, or for the swaps bubble sort makes"),
    )
    answer_format = "an integer"
    example = "-1"  # a count is never negative: never an answer

    def build(self, rng, params):
        n, top = params["length"], params["max_value"]
        lo = -top if params["negatives"] else 1
        while True:
            seq = [rng.randint(lo, top) for _ in range(n)]
            count = count_inversions(seq)
            if count > 0:
                break
        shown = ", ".join(map(str, seq))
        if params["kind"] == "pairs":
            question = (f"Sequence: {shown}\n\nAn inversion is a pair of positions i < j where the value at "
                        "position i is strictly greater than the value at position j (equal values are not an "
                        "inversion). How many inversions does the sequence have?")
        else:
            question = (f"Sequence: {shown}\n\nBubble sort repeatedly passes over the sequence from left to right "
                        "and swaps two adjacent values whenever the left one is strictly greater than the right "
                        "one, until a pass makes no swap. How many swaps does it make in total to sort this "
                        "sequence into non-decreasing order?")
        return Draft(question, str(count), {"count": count})

    def effort(self, problem):
        # merge-sort counting: about n log n comparisons, and every inversion is tallied
        n = problem.params["length"]
        return n * max(1, (n - 1).bit_length()) + problem.check["count"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["count"], "the right count")


# --------------------------------------------------------------------------- stable sort

FIELDS = ("score", "age", "level")


@register
class StableSort(Task):
    """Stable sorting of records with ties: records are sorted by one field, or by several stable
    sorts applied one after another, and the exact final order is asked for. Records with equal
    keys keep their relative order from before each sort, so the answer is unique; an order that is
    sorted by the keys but breaks ties differently (an unstable sort) is rejected. Higher levels add
    records, chain up to three sorts (so earlier sorts become tie-breakers for later ones; past
    level 13 up to five, a field coming back as a later key), use descending sorts (whose ties
    still keep their order, unlike a reversed ascending sort) and narrow the value ranges so that
    more ties occur."""

    name = "algorithms/stable_sort"
    knobs = (
        Knob("n_records", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 35, 38], (2, 60),
             doc="number of records"),
        Knob("n_passes", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5], (1, 6),
             doc="stable sorts applied one after another (past three, a field comes back as a later key)"),
        Knob("descending", [False, False] + [True] * 18, doc="allow descending sorts"),
        Knob("key_range", [3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9], (2, 50),
             doc="each field takes values 1..key_range"),
    )
    answer_format = "the record names in their final order, comma-separated"
    example = "C,A,D,Z9"  # Z9 is no record's name (names are letters): never an answer

    def build(self, rng, params):
        n, passes, top = params["n_records"], params["n_passes"], params["key_range"]
        names = node_labels(n)
        fields = list(FIELDS)
        for _ in range(30):
            records = [{f: rng.randint(1, top) for f in fields} for _ in range(n)]
            chosen = rng.sample(fields, min(passes, len(fields)))
            while len(chosen) < passes:  # past three passes a field comes back, never twice in a row
                chosen.append(rng.choice([f for f in fields if f != chosen[-1]]))
            plan = [(f, params["descending"] and rng.random() < 0.5) for f in chosen]
            order = stable_passes(records, plan)
            # stability must matter: some records tie on every key of the plan
            keys = [tuple(records[i][f] for f in chosen) for i in order]
            if len(set(keys)) < n and order != list(range(n)):
                break
        listing = "\n".join(f"{names[i]}: " + ", ".join(f"{f} {r[f]}" for f in fields) for i, r in enumerate(records))
        steps = "\n".join(f"{k + 1}. by {f}, {'descending (largest first)' if d else 'ascending (smallest first)'}"
                          for k, (f, d) in enumerate(plan))
        intro = ("Apply this stable sort" if passes == 1 else
                 "Apply these stable sorts one after another, each to the result of the one before")
        question = (f"Records, in their current order:\n{listing}\n\n{intro}:\n{steps}\n\n"
                    "A stable sort keeps records with equal keys in the same relative order they had before that "
                    "sort. Give the final order of the records.")
        return Draft(question, ",".join(names[i] for i in order),
                     {"records": {names[i]: [r[f] for f in fields] for i, r in enumerate(records)},
                      "fields": fields, "plan": [[f, d] for f, d in plan], "order": [names[i] for i in order]})

    def effort(self, problem):
        # each pass is a stable sort of all the records: about n log n key comparisons
        c = problem.check
        n = len(c["order"])
        return len(c["plan"]) * n * max(1, (n - 1).bit_length())

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_item_names(answer, c["records"], "record")
        except ParseError as exc:
            return refused(exc)
        if sorted(given) != sorted(c["order"]):
            return wrong("List every record exactly once.")
        if given == c["order"]:
            return right()
        last, descending = c["plan"][-1]
        col = c["fields"].index(last)
        values = [c["records"][x][col] for x in given]
        if values == sorted(values, reverse=descending):
            return wrong("That order is sorted by the last key, but records with equal keys are not in the "
                         "order a stable sort keeps.")
        return wrong(f"That order is not sorted by {last}.")


# --------------------------------------------------------------------------- quicksort

@register
class QuicksortTrace(Task):
    """Trace quicksort: given an array, a precisely stated quicksort (Lomuto partition, a pivot
    rule, left part first) and a number k, give the array right after the k-th partition step.
    The answer comes from running that quicksort and recording every partition. Higher levels
    lengthen the array, ask for later steps (deeper into the recursion), use pivot rules that move
    an element first (first, middle, median of three), and repeat values, so the strict comparison
    with the pivot matters."""

    name = "algorithms/quicksort_trace"
    knobs = (
        Knob("length", [4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17, 18, 19, 20, 22, 24, 26, 28], (2, 40),
             doc="length of the array"),
        Knob("steps", [1, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 11, 12, 13, 14, 15], (1, 40),
             doc="which partition step to stop after"),
        Knob("pivot", ["last", "last", "last", ["last", "first"], ["last", "first"], ["first", "middle"],
                       ["first", "middle"], ["middle", "median3"]] + ["median3"] * 12,
             choices=tuple(PIVOT_RULES), doc="the pivot rule"),
        Knob("duplicates", [False] * 5 + [True] * 15, doc="allow repeated values"),
    )
    answer_format = "the array after that step, as comma-separated values"
    example = "3,1,2,5,0"  # the values are positive: never an answer

    def build(self, rng, params):
        n, rule = params["length"], params["pivot"]
        for _ in range(30):
            if params["duplicates"]:
                arr = [rng.randint(1, max(2, n * 2 // 3)) for _ in range(n)]
            else:
                arr = rng.sample(range(1, 3 * n + 1), n)
            states = quicksort_steps(arr, rule)
            k = min(params["steps"], len(states))
            if states and states[k - 1] != arr and states[k - 1] != sorted(arr):
                break
        after = states[k - 1]
        rule_text = PIVOT_RULES[rule]
        nth = {1: "1st", 2: "2nd", 3: "3rd"}.get(k, f"{k}th")
        question = (f"Array (indices from 0): {', '.join(map(str, arr))}\n\n"
                    "It is sorted in place by this quicksort. quicksort(lo, hi) does nothing when the range lo..hi "
                    "has fewer than two elements. Otherwise it partitions the range:\n"
                    f"- pivot choice: {rule_text};\n"
                    "- then, with pivot = a[hi] and i = lo, for j from lo to hi-1: if a[j] < pivot, swap a[i] and "
                    "a[j] and add 1 to i;\n"
                    "- finally swap a[i] and a[hi], which puts the pivot at index i.\n"
                    "Then it calls quicksort(lo, i-1) and, after that call has finished completely, "
                    "quicksort(i+1, hi). The sort starts with quicksort(0, n-1).\n\n"
                    f"Counting each partition of a range (of two or more elements) as one step, what does the array "
                    f"look like right after the {nth} step?")
        return Draft(question, ",".join(map(str, after)), {"array": arr, "after": after, "step": k})

    def effort(self, problem):
        # each partition step up to the asked one compares every element of its range with the
        # pivot (and the median-of-three rule looks at three values first)
        c = problem.check
        sizes: list[int] = []
        quicksort_steps(c["array"], problem.params["pivot"], sizes)
        extra = 3 if problem.params["pivot"] == "median3" else 0
        return sum(size + extra for size in sizes[:c["step"]])

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_int_list(answer)
        except ParseError as exc:
            return refused(exc)
        if sorted(given) != sorted(c["array"]):
            return wrong("That is not a rearrangement of the original array.")
        if given != c["after"]:
            return wrong(f"That is not the array right after partition step {c['step']}.")
        return right()
