"""Priority queues and binary heaps: the order items leave a priority queue under a stated tie
rule, and the exact array of a binary heap after a sequence of operations."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._value_lists import (LIST_LABELS, count_hint, listed_operations, numbered, read_name_names, read_numbered_ints,
                           says_empty)

TIE_RULES = {
    "fifo": "the one that was inserted earliest leaves first",
    "lifo": "the one that was inserted most recently leaves first",
    "alpha": "the one whose name comes first in alphabetical order leaves first",
}


def priority_queue_order(ops: list[tuple], largest: bool, tie: str) -> list[str]:
    """The names that `extract` operations return, by a direct simulation: each extract scans the
    items present for the best (priority, tie-break) key. A `change` keeps the insertion time."""
    items: dict[str, tuple[int, int]] = {}  # name -> (priority, insertion time)
    out: list[str] = []
    for t, op in enumerate(ops):
        if op[0] == "insert":
            items[op[1]] = (op[2], t)
        elif op[0] == "change":
            items[op[1]] = (op[2], items[op[1]][1])
        elif op[0] == "remove":
            del items[op[1]]
        else:
            best = best_item(items, largest, tie)
            out.append(best)
            del items[best]
    return out


def best_item(items: dict[str, tuple[int, int]], largest: bool, tie: str) -> str:
    """The item an extract returns: best priority, then the tie rule (insertion time or name)."""
    def key(name):
        p, when = items[name]
        return (-p if largest else p, when if tie == "fifo" else -when if tie == "lifo" else 0, name)
    return min(items, key=key)


@register
class PriorityQueue(Task):
    """Simulate a priority queue: items are inserted with priorities and extract operations
    remove the item of smallest (or largest) priority, ties broken by a stated rule (earliest
    inserted, most recently inserted, or alphabetical); give the extracted names in order.
    Higher levels add operations, narrow the priority range so ties are frequent, switch to
    max-first queues and to the less familiar tie rules, and add operations that change an
    item's priority or remove it without extracting it."""

    name = "data_structures/priority_queue"
    knobs = (
        Knob("n_ops", [5, 7, 9, 11, 13, 15, 18, 21, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60, 64, 70], (2, 100),
             doc="insert and extract operations"),
        Knob("priority_range", [20, 20, 9, 9, 6, 6, 5, 5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (1, 1000),
             doc="priorities are 1..this"),
        Knob("order", [["min"]] * 3 + [["min", "max"]] * 17, choices=("min", "max"),
             doc="whether the smallest or the largest priority leaves first"),
        Knob("tie_rule", [["fifo"]] * 4 + [["fifo", "alpha"]] * 2 + [["fifo", "alpha", "lifo"]] * 14,
             choices=("fifo", "alpha", "lifo"), doc="which of several equal-priority items leaves first"),
        Knob("updates", [0, 0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14], (0, 30),
             doc="change-priority and remove operations"),
    )
    answer_format = "the names of the extracted items, comma-separated, in the order they are extracted"
    example = "K,B,Z9"  # Z9 is no item's name (names are letters): never an answer

    def build(self, rng, params):
        n, largest, tie = params["n_ops"], params["order"] == "max", params["tie_rule"]
        r = params["priority_range"]
        for _ in range(50):
            ops = self._operations(rng, n, params["updates"], r, largest, tie)
            if sum(op[0] == "extract" for op in ops) >= min(2, n // 2):
                break
        order = priority_queue_order(ops, largest, tie)
        lines = [f"insert {op[1]} with priority {op[2]}" if op[0] == "insert" else
                 f"change the priority of {op[1]} to {op[2]}" if op[0] == "change" else
                 f"remove {op[1]}" if op[0] == "remove" else "extract" for op in ops]
        best = "largest" if largest else "smallest"
        question = (f"A priority queue starts empty. \"insert X with priority p\" adds item X; \"extract\" removes "
                    f"and returns the item with the {best} priority; if several items share that priority, "
                    f"{TIE_RULES[tie]}.")
        if any(op[0] in ("change", "remove") for op in ops):
            question += (" \"change the priority of X to p\" gives item X (still in the queue) a new priority"
                         + (" and does not change when X was inserted" if tie != "alpha" else "")
                         + "; \"remove X\" deletes item X without returning it.")
        question += (f"\n\nOperations:\n{numbered(lines)}\n\nWhich items do the extract operations return, "
                     f"in order?")
        inserted = sorted({op[1] for op in ops if op[0] == "insert"})
        return Draft(question, ",".join(order), {"names": order, "items": inserted})

    @staticmethod
    def _operations(rng, n: int, n_updates: int, r: int, largest: bool, tie: str) -> list[tuple]:
        """`n` inserts and extracts with `n_updates` changes and removals mixed in, chosen in one
        forward pass that tracks which items are present (so every operation is valid)."""
        names = node_labels(n)
        rng.shuffle(names)
        fresh = iter(names)
        kinds = ["main"] * n + ["update"] * n_updates
        rng.shuffle(kinds)
        items: dict[str, tuple[int, int]] = {}
        ops: list[tuple] = []
        for kind in kinds:
            if kind == "update":
                if not items:
                    continue
                name = rng.choice(sorted(items))
                now, when = items[name]
                if r > 1 and (rng.random() < 0.65 or len(items) == 1):
                    p = rng.randint(1, r - 1)
                    p += p >= now  # any priority but the current one
                    ops.append(("change", name, p))
                    items[name] = (p, when)
                else:
                    ops.append(("remove", name))
                    del items[name]
            elif not items or rng.random() < 0.55:
                name = next(fresh)
                p = rng.randint(1, r)
                items[name] = (p, len(ops))
                ops.append(("insert", name, p))
            else:
                ops.append(("extract",))
                del items[best_item(items, largest, tie)]
        return ops

    def effort(self, problem):
        # a direct simulation: each extract compares every item in the queue at that moment;
        # inserts, changes and removals are one step each
        size, work = 0, 0
        for line in listed_operations(problem.prompt):
            if line == "extract":
                work += size
                size -= 1
            else:
                work += 1
                size += line.startswith("insert ") - line.startswith("remove ")
        return work

    def grade(self, answer, problem):
        expected = problem.check["names"]
        try:
            text = read_parts(answer, [LIST_LABELS | {"extracted", "extraction order", "items"}])[0]
            if says_empty(text):
                return wrong("Some items are extracted.")
            given = read_name_names(text, set(problem.check["items"]), "item")
        except ParseError as exc:
            return refused(exc)
        return right() if given == expected else wrong(count_hint(given, expected, "extraction order"))


# --------------------------------------------------------------------------- binary heap array

def sift_down(a: list[int], i: int, better) -> None:
    """Move a[i] down: swap with the better child (the left one on a tie) while that child is
    strictly better than it."""
    n = len(a)
    while True:
        left, right_ = 2 * i + 1, 2 * i + 2
        if left >= n:
            return
        child = right_ if right_ < n and better(a[right_], a[left]) else left
        if not better(a[child], a[i]):
            return
        a[i], a[child] = a[child], a[i]
        i = child


def sift_up(a: list[int], i: int, better) -> None:
    """Move a[i] up: swap with its parent while it is strictly better than the parent."""
    while i > 0:
        parent = (i - 1) // 2
        if not better(a[i], a[parent]):
            return
        a[i], a[parent] = a[parent], a[i]
        i = parent


def run_heap(initial: list[int], ops: list[tuple], largest: bool, tally: list[int] | None = None) -> list[int]:
    """The heap array after bottom-up heapify of `initial` and then the operations; `tally[0]`,
    when given, counts the comparisons made."""
    better = (lambda x, y: x > y) if largest else (lambda x, y: x < y)
    if tally is not None:
        def better(x, y, strict=better):
            tally[0] += 1
            return strict(x, y)
    a = list(initial)
    for i in range(len(a) // 2 - 1, -1, -1):
        sift_down(a, i, better)
    for op in ops:
        if op[0] == "insert":
            a.append(op[1])
            sift_up(a, len(a) - 1, better)
        elif op[0] == "extract":
            last = a.pop()
            if a:
                a[0] = last
                sift_down(a, 0, better)
        else:  # replace
            a[0] = op[1]
            sift_down(a, 0, better)
    return a


_INITIAL = re.compile(r"built from the array \[([-\d, ]+)\] by bottom-up heapify")  # the array, as the prompt shows it


@register
class HeapArray(Task):
    """Give the exact array of a binary min-heap (or max-heap) after a sequence of inserts and
    root extractions, with the sift-up and sift-down rules (and their tie rules) stated exactly;
    the answer comes from running those procedures. Higher levels add operations, start from an
    array that must first be heapified bottom-up, use max-heaps, narrow the value range so equal
    values force the tie rules, and add replace-root operations."""

    name = "data_structures/heap_array"
    knobs = (
        Knob("n_ops", [5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (1, 60),
             doc="insert / extract / replace operations"),
        Knob("heapify_size", [0, 0, 0, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (0, 40),
             doc="length of the initial array to heapify"),
        Knob("kind", [["min"]] * 3 + [["min", "max"]] * 17, choices=("min", "max"), doc="min-heap or max-heap"),
        Knob("value_range", [50, 50, 50, 40, 30, 25, 20, 15, 12, 10, 10, 10, 9, 9, 9, 8, 8, 8, 7, 7], (2, 1000),
             doc="values are 1..this"),
        Knob("replaces", [0, 0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8], (0, 20),
             doc="replace-root operations among the operations"),
    )
    answer_format = "the heap array a[0], a[1], ..., as a comma-separated list of integers"
    example = "3,8,5,12,0"  # the values are positive: never an answer

    def build(self, rng, params):
        largest = params["kind"] == "max"
        for _ in range(20):
            initial, ops = self._operations(rng, params)
            size = len(initial) + sum(op[0] == "insert" for op in ops) - sum(op[0] == "extract" for op in ops)
            if size >= min(4, (params["n_ops"] + len(initial) + 1) // 2):
                break  # a heap big enough to have some shape
        final = run_heap(initial, ops, largest)
        word, op_word = ("larger", "largest") if largest else ("smaller", "smallest")
        rules = (f"A binary {params['kind']}-heap is stored in an array a[0], a[1], ...; the children of a[i] are "
                 f"a[2i+1] and a[2i+2], and the root a[0] holds the {op_word} value. Sifting an element down "
                 f"means: while it has a child strictly {word} than itself, swap it with its {word} child (with "
                 f"the left child when the two children are equal).\n"
                 f"- \"insert x\": append x at the end of the array, then while x is strictly {word} than its "
                 f"parent, swap it with its parent.\n"
                 f"- \"extract\": remove the root: move the last element of the array to a[0] (the array gets one "
                 f"shorter), then sift it down.")
        if any(op[0] == "replace" for op in ops):
            rules += "\n- \"replace x\": overwrite the root a[0] with x, then sift it down."
        if initial:
            start = (f"The heap is first built from the array [{', '.join(map(str, initial))}] by bottom-up "
                     f"heapify: sift down the element at each position from {len(initial) // 2 - 1} down to 0, "
                     f"in that order.")
        else:
            start = "The heap starts empty."
        lines = [f"{op[0]} {op[1]}" if len(op) > 1 else op[0] for op in ops]
        question = (f"{rules}\n\n{start} Then these operations are applied:\n{numbered(lines)}\n\n"
                    f"What is the final heap array?")
        return Draft(question, ",".join(map(str, final)), {"array": final})

    @staticmethod
    def _operations(rng, params) -> tuple[list[int], list[tuple]]:
        """An initial array and the operations; an extract or replace never meets an empty heap."""
        r = params["value_range"]
        initial = [rng.randint(1, r) for _ in range(params["heapify_size"])]
        size = len(initial)
        kinds = ["replace"] * min(params["replaces"], params["n_ops"])
        kinds += ["other"] * (params["n_ops"] - len(kinds))
        rng.shuffle(kinds)
        ops: list[tuple] = []
        for kind in kinds:
            if size == 0 or (kind == "other" and rng.random() < 0.6):
                ops.append(("insert", rng.randint(1, r)))
                size += 1
            elif kind == "replace":
                ops.append(("replace", rng.randint(1, r)))
            else:
                ops.append(("extract",))
                size -= 1
        if size == 0:
            ops.append(("insert", rng.randint(1, r)))
        return initial, ops

    def effort(self, problem):
        # the comparisons of bottom-up heapify and of every sift, counted by running them
        start = _INITIAL.search(problem.prompt)
        initial = [int(v) for v in start.group(1).split(", ")] if start else []
        ops = [tuple(line.split()[:1]) + tuple(int(v) for v in line.split()[1:])
               for line in listed_operations(problem.prompt)]
        tally = [0]
        run_heap(initial, ops, problem.params["kind"] == "max", tally)
        return tally[0]

    def grade(self, answer, problem):
        expected = problem.check["array"]
        try:
            text = read_parts(answer, [LIST_LABELS | {"heap", "heap array"}])[0]
            if says_empty(text):
                return wrong("The heap is not empty.")
            given = read_numbered_ints(text)
        except ParseError as exc:
            return refused(exc)
        if given == expected:
            return right()
        if sorted(given) == sorted(expected):
            return wrong("Those are the right values but not in the heap's array order.")
        return wrong(count_hint(given, expected, "heap array"))
