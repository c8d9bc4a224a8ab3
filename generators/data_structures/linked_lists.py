"""Singly linked lists: insert, delete, reverse a segment, rotate, swap pairs; give the final list."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register

from ._value_lists import grade_int_list, listed_operations, numbered


class Node:
    __slots__ = ("value", "next")

    def __init__(self, value: int, nxt: "Node | None" = None):
        self.value, self.next = value, nxt


def build_list(values: list[int]) -> Node:
    """A sentinel head node followed by the values."""
    head = Node(0)
    tail = head
    for v in values:
        tail.next = Node(v)
        tail = tail.next
    return head


def to_values(head: Node) -> list[int]:
    out, node = [], head.next
    while node is not None:
        out.append(node.value)
        node = node.next
    return out


def _length(head: Node) -> int:
    n, node = 0, head.next
    while node is not None:
        n, node = n + 1, node.next
    return n


def _before(head: Node, position: int) -> Node:
    """The node just before 1-based `position` (the sentinel for position 1)."""
    node = head
    for _ in range(position - 1):
        node = node.next
    return node


def apply(head: Node, op: tuple) -> None:
    """One operation on the list behind the sentinel `head`, by pointer manipulation. Operations
    that name a value not in the list, or a position out of range, change nothing."""
    kind = op[0]
    if kind == "push_front":
        head.next = Node(op[1], head.next)
    elif kind == "push_back":
        node = head
        while node.next is not None:
            node = node.next
        node.next = Node(op[1])
    elif kind in ("insert_after", "delete"):
        prev, node = head, head.next
        while node is not None and node.value != op[1]:
            prev, node = node, node.next
        if node is None:
            return
        if kind == "delete":
            prev.next = node.next
        else:
            node.next = Node(op[2], node.next)
    elif kind == "reverse":
        i, j = op[1], op[2]
        if not 1 <= i < j <= _length(head):
            return
        before = _before(head, i)
        first = before.next
        prev, node = None, first
        for _ in range(j - i + 1):
            node.next, prev, node = prev, node, node.next
        before.next = prev
        first.next = node
    elif kind == "rotate":  # the last k nodes move to the front
        n = _length(head)
        k = op[1] % n if n else 0
        if k == 0:
            return
        cut = _before(head, n - k + 1)
        new_first = cut.next
        cut.next = None
        tail = new_first
        while tail.next is not None:
            tail = tail.next
        tail.next = head.next
        head.next = new_first
    elif kind == "swap_pairs":
        prev = head
        while prev.next is not None and prev.next.next is not None:
            a, b = prev.next, prev.next.next
            a.next, b.next, prev.next = b.next, a, b
            prev = a
    elif kind == "remove_from_end":  # the k-th node from the end
        n = _length(head)
        if 1 <= op[1] <= n:
            prev = _before(head, n - op[1] + 1)
            prev.next = prev.next.next


def run_list(values: list[int], ops: list[tuple]) -> list[int]:
    head = build_list(values)
    for op in ops:
        apply(head, op)
    return to_values(head)


def op_text(op: tuple) -> str:
    kind = op[0]
    if kind == "insert_after":
        return f"insert_after {op[1]} {op[2]}"
    if kind == "reverse":
        return f"reverse {op[1]} {op[2]}"
    if kind == "swap_pairs":
        return "swap_pairs"
    return f"{kind} {op[1]}"


def pointer_steps(values: list[int], op: tuple) -> int:
    """How many nodes `apply` walks past to carry out `op` on the list `values`, plus one for
    the relinking."""
    kind, n = op[0], len(values)
    if kind == "push_front":
        walked = 0
    elif kind in ("insert_after", "delete"):
        walked = values.index(op[1]) + 1 if op[1] in values else n
    elif kind == "reverse":
        walked = op[2] if 1 <= op[1] < op[2] <= n else n
    else:  # push_back, rotate, swap_pairs and remove_from_end walk (or count) the whole list
        walked = n
    return walked + 1


_START = re.compile(r"from the front to the end:\n(.+)\n")  # the starting list, as the prompt shows it


RULES = {
    "push_front": "\"push_front x\" adds a node with value x at the front",
    "push_back": "\"push_back x\" adds a node with value x at the end",
    "insert_after": "\"insert_after v x\" adds a node with value x right after the node with value v",
    "delete": "\"delete v\" removes the node with value v",
    "reverse": "\"reverse i j\" reverses the order of the nodes at positions i to j (counting from 1 at the front, "
               "positions as they are at that moment)",
    "rotate": "\"rotate k\" moves the last k nodes, in their order, to the front",
    "swap_pairs": "\"swap_pairs\" swaps the 1st and 2nd nodes, the 3rd and 4th, and so on (an odd last node stays)",
    "remove_from_end": "\"remove_from_end k\" removes the k-th node counting from the end (1 is the last node)",
}
OP_SETS = {
    "basic": ("push_front", "push_back", "delete"),
    "insert": ("push_front", "push_back", "delete", "insert_after"),
    "reverse": ("push_back", "delete", "insert_after", "reverse"),
    "all": ("push_front", "push_back", "delete", "insert_after", "reverse", "rotate", "swap_pairs",
            "remove_from_end"),
}


@register
class LinkedListOps(Task):
    """Apply operations to a singly linked list of distinct values (insertions at either end or
    after a given value, deletions by value, reversing a segment, rotating, swapping adjacent
    pairs, removing the k-th node from the end) and give the final list. The answer comes from
    a pointer-level linked list. Higher levels start from longer lists, apply more operations,
    widen the operation set from front/back inserts and deletes to positional segment reversals
    and whole-list rotations and pair swaps, and add distractor operations that name absent
    values and so change nothing."""

    name = "data_structures/linked_list_ops"
    knobs = (
        Knob("initial", [3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20], (0, 40),
             doc="starting list length"),
        Knob("n_ops", [3, 4, 5, 5, 6, 7, 8, 9, 10, 12, 13, 14, 15, 16, 18, 19, 20, 22, 24, 26], (1, 60),
             doc="operations"),
        Knob("ops", ["basic", "basic", "insert", "insert", "reverse", "reverse"] + ["all"] * 14,
             choices=tuple(OP_SETS), doc="which operations appear"),
        Knob("distractors", [0, 0, 0, 0, 1, 1, 1, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6], (0, 20),
             doc="operations naming absent values"),
    )
    answer_format = "the final list, from the front to the end, as a comma-separated list of integers"
    example = "4,17,9,0"  # the values are 1 to 99: never an answer

    def build(self, rng, params):
        pool = rng.sample(range(1, 100), params["initial"] + params["n_ops"] + params["distractors"] + 1)
        values = pool[:params["initial"]]
        fresh = iter(pool[params["initial"]:])
        kinds = OP_SETS[params["ops"]]
        current = list(values)
        ops: list[tuple] = []
        gone: list[int] = []  # values deleted earlier: naming them again is a distractor
        for _ in range(params["n_ops"]):
            options = [k for k in kinds if current or k in ("push_front", "push_back")]
            if len(current) < 2:
                options = [k for k in options if k not in ("reverse", "delete", "remove_from_end")] or options
            if len(current) >= 2 and "reverse" in kinds and rng.random() < 0.25:
                kind = "reverse"
            else:
                kind = rng.choice(options)
            if kind in ("push_front", "push_back"):
                op = (kind, next(fresh))
            elif kind == "insert_after":
                op = (kind, rng.choice(current), next(fresh))
            elif kind == "delete":
                op = (kind, rng.choice(current))
                gone.append(op[1])
            elif kind == "reverse":
                if len(current) < 2:
                    op = ("push_back", next(fresh))
                else:
                    i = rng.randint(1, len(current) - 1)
                    op = (kind, i, rng.randint(i + 1, len(current)))
            elif kind == "rotate":
                op = (kind, rng.randint(1, max(1, len(current) - 1)))
            elif kind == "remove_from_end":
                op = (kind, rng.randint(1, len(current)))
            else:
                op = (kind,)
            ops.append(op)
            current = run_list(current, [op])
        for _ in range(params["distractors"]):
            if gone and rng.random() < 0.6:  # a value after its deletion
                absent = rng.choice(gone)
                earliest = ops.index(("delete", absent)) + 1
            else:  # a value never in the list
                absent, earliest = next(fresh), 0
            op = ("delete", absent) if rng.random() < 0.5 or "insert_after" not in kinds else \
                ("insert_after", absent, next(fresh))
            ops.insert(rng.randint(max(earliest, len(ops) // 2), len(ops)), op)
        final = run_list(values, ops)
        if not final:  # everything deleted: add one value so the answer is a list
            ops.append(("push_back", next(fresh)))
            final = run_list(values, ops)
        used = [k for k in RULES if any(op[0] == k for op in ops)]
        start = ", ".join(map(str, values)) if values else "(empty)"
        question = (f"A singly linked list holds these values, from the front to the end:\n{start}\n\n"
                    "The operations mean:\n- " + ";\n- ".join(RULES[k] for k in used)
                    + ".\nAn operation that names a value not in the list changes nothing. All values in the list "
                      "are distinct.\n\nOperations, in order:\n" + numbered(op_text(op) for op in ops)
                    + "\n\nWhat is the final list?")
        return Draft(question, ",".join(map(str, final)), {"values": final})

    def effort(self, problem):
        # pointer steps: each operation walks the list from the front as far as it must (to the
        # value or position it names, or to the end), then relinks its nodes
        start = _START.search(problem.prompt)
        values = [int(v) for v in start.group(1).split(", ")] if start.group(1) != "(empty)" else []
        work = 0
        for line in listed_operations(problem.prompt):
            kind, *args = line.split()
            op = (kind, *map(int, args))
            work += pointer_steps(values, op)
            values = run_list(values, [op])
        return work

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], "final list", labelled=False)
