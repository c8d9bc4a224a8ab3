"""Stacks, queues and deques: simulate a sequence of operations and report the removed values or
the final contents."""
from __future__ import annotations

from collections import deque

from procgym import Draft, Knob, Task, register

from ._value_lists import grade_int_list, listed_operations, numbered

RULES = {
    "stack": ("A stack starts empty. \"push x\" puts x on top; \"pop\" removes the top value; \"peek\" reads the "
              "top value without removing it."),
    "queue": ("A queue starts empty. \"enqueue x\" adds x at the back; \"dequeue\" removes the value at the front; "
              "\"peek\" reads the front value without removing it."),
    "deque": ("A double-ended queue (deque) starts empty. \"push_front x\" and \"push_back x\" add x at the front "
              "or the back; \"pop_front\" and \"pop_back\" remove the value at the front or the back; "
              "\"peek_front\" and \"peek_back\" read the value at the front or the back without removing it."),
    "stack_and_queue": ("A stack S and a queue Q start empty. \"push S x\" puts x on top of S; \"pop S\" removes "
                        "the top value of S; \"enqueue Q x\" adds x at the back of Q; \"dequeue Q\" removes the "
                        "value at the front of Q; \"move S to Q\" takes the top value off S and enqueues it into Q; "
                        "\"move Q to S\" takes the front value off Q and pushes it onto S; \"peek S\" and "
                        "\"peek Q\" read the top of S or the front of Q without removing it."),
}


def simulate(structure: str, ops: list[tuple]) -> tuple[list[int], dict[str, list[int]]]:
    """Run the operations; return the removed values in order and the final contents of each
    structure (a stack bottom to top, a queue or deque front to back)."""
    s: list[int] = []
    q: deque[int] = deque()
    removed: list[int] = []
    for op in ops:
        kind = op[0]
        if kind == "push":
            s.append(op[1])
        elif kind == "pop":
            removed.append(s.pop())
        elif kind == "enqueue" or kind == "push_back":
            q.append(op[1])
        elif kind == "push_front":
            q.appendleft(op[1])
        elif kind == "dequeue" or kind == "pop_front":
            removed.append(q.popleft())
        elif kind == "pop_back":
            removed.append(q.pop())
        elif kind == "move_sq":
            q.append(s.pop())
        elif kind == "move_qs":
            s.append(q.popleft())
        # peeks change nothing
    if structure == "stack":
        return removed, {"S": s}
    if structure in ("queue", "deque"):
        return removed, {"Q": list(q)}
    return removed, {"S": s, "Q": list(q)}


def _text(structure: str, op: tuple) -> str:
    kind = op[0]
    two = structure == "stack_and_queue"
    if kind == "push":
        return f"push S {op[1]}" if two else f"push {op[1]}"
    if kind == "pop":
        return "pop S" if two else "pop"
    if kind == "enqueue":
        return f"enqueue Q {op[1]}" if two else f"enqueue {op[1]}"
    if kind == "dequeue":
        return "dequeue Q" if two else "dequeue"
    if kind in ("push_front", "push_back"):
        return f"{kind} {op[1]}"
    if kind == "move_sq":
        return "move S to Q"
    if kind == "move_qs":
        return "move Q to S"
    if kind == "peek":
        return f"peek {op[1]}" if two else "peek"
    return kind  # pop_front, pop_back, peek_front, peek_back


def random_ops(rng, structure: str, n_ops: int, n_peeks: int, values: list[int]) -> list[tuple]:
    """A sequence of `n_ops` modifying operations that never removes from an empty structure,
    with `n_peeks` peeks slipped in where the structure they read is non-empty."""
    fresh = iter(values)
    s = q = 0  # sizes
    ops: list[tuple] = []
    for _ in range(n_ops):
        if structure == "stack_and_queue":
            choices = ["push", "enqueue"] * 3
            choices += ["pop", "pop", "move_sq", "move_sq"] * (s > 0)
            choices += ["dequeue", "dequeue", "move_qs", "move_qs"] * (q > 0)
            kind = rng.choice(choices)
            s += {"push": 1, "pop": -1, "move_sq": -1, "move_qs": 1}.get(kind, 0)
            q += {"enqueue": 1, "dequeue": -1, "move_sq": 1, "move_qs": -1}.get(kind, 0)
        else:
            add = {"stack": ["push"], "queue": ["enqueue"], "deque": ["push_front", "push_back"]}[structure]
            rem = {"stack": ["pop"], "queue": ["dequeue"], "deque": ["pop_front", "pop_back"]}[structure]
            kind = rng.choice(add) if s == 0 or rng.random() < 0.58 else rng.choice(rem)
            s += 1 if kind in add else -1
        ops.append((kind, next(fresh)) if kind in ("push", "enqueue", "push_front", "push_back") else (kind,))
    for _ in range(n_peeks):
        at = rng.randrange(1, len(ops) + 1)
        _, sizes = simulate(structure, ops[:at])
        readable = [k for k, v in sizes.items() if v]
        if not readable:
            continue
        if structure == "stack_and_queue":
            ops.insert(at, ("peek", rng.choice(readable)))
        elif structure == "deque":
            ops.insert(at, (rng.choice(["peek_front", "peek_back"]),))
        else:
            ops.insert(at, ("peek",))
    return ops


@register
class StackQueueOps(Task):
    """Simulate a sequence of operations on a stack, a queue, a double-ended queue, or a stack
    and a queue that pass values between them, and give either the values removed (in order)
    or the final contents. The answer comes from a direct simulation. Higher levels add
    operations, move from a single stack or queue to a deque (two ends to track) and to a stack
    and a queue linked by move operations, and slip in peek operations that change nothing."""

    name = "data_structures/stack_queue_ops"
    knobs = (
        Knob("n_ops", [5, 7, 9, 11, 13, 16, 19, 22, 26, 30, 34, 38, 42, 46, 50, 55, 60, 66, 72, 80], (1, 150),
             doc="operations that change the structures"),
        Knob("structure", [["stack", "queue"], ["stack", "queue"], ["stack", "queue", "deque"], ["deque"],
                           ["deque", "stack_and_queue"], ["deque", "stack_and_queue"], ["stack_and_queue"],
                           ["deque", "stack_and_queue"]] + [["stack_and_queue"]] * 12,
             choices=("stack", "queue", "deque", "stack_and_queue"), doc="what is simulated"),
        Knob("ask", [["popped", "final"]] * 20, choices=("popped", "final"),
             doc="'popped': the removed values in order; 'final': the final contents"),
        Knob("peeks", [0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 10], (0, 30),
             doc="peek operations that change nothing"),
    )
    answer_format = "the values as a comma-separated list of integers, in the order asked for"
    example = "12,5,0"  # the values are positive: never an answer

    def build(self, rng, params):
        structure, ask, n = params["structure"], params["ask"], params["n_ops"]
        values = rng.sample(range(1, max(100, 3 * n)), n + 1)
        spare = values.pop()
        for _ in range(50):
            ops = random_ops(rng, structure, n, params["peeks"], values)
            removed, final = simulate(structure, ops)
            which = "S" if structure == "stack" else "Q" if structure in ("queue", "deque") else rng.choice("SQ")
            target = removed if ask == "popped" else final[which]
            if target and removed and any(final.values()):
                break
        if not target:  # tiny op counts: add operations so there is something to report
            add, remove = {"stack": ("push", "pop"), "queue": ("enqueue", "dequeue"),
                           "deque": ("push_back", "pop_back"), "stack_and_queue": ("push", "pop")}[structure]
            if ask == "final" and structure == "stack_and_queue" and which == "Q":
                add = "enqueue"
            ops.append((add, spare))
            if ask == "popped":
                ops.append((remove,))
            removed, final = simulate(structure, ops)
            target = removed if ask == "popped" else final[which]
        if ask == "popped":
            removers = {"stack": "pop", "queue": "dequeue", "deque": "pop_front and pop_back",
                        "stack_and_queue": "pop S and dequeue Q"}[structure]
            task = f"List the values removed by the {removers} operations, in the order they are removed."
            if structure == "stack_and_queue":
                task += " Values carried by a move operation stay in the structures and are not listed."
        else:
            where = {"stack": "the stack, from bottom to top", "queue": "the queue, from front to back",
                     "deque": "the deque, from front to back"}.get(structure)
            if where is None:
                where = "the stack S, from bottom to top" if which == "S" else "the queue Q, from front to back"
            task = f"List the final contents of {where}."
        question = (f"{RULES[structure]} No operation removes from an empty structure.\n\nOperations:\n"
                    f"{numbered(_text(structure, op) for op in ops)}\n\n{task}")
        what = "removed values" if ask == "popped" else "final contents"
        return Draft(question, ",".join(map(str, target)), {"values": target, "what": what})

    def effort(self, problem):
        # a direct simulation: one step per operation, then each value of the answer is read off
        return len(listed_operations(problem.prompt)) + len(problem.check["values"])

    def grade(self, answer, problem):
        return grade_int_list(answer, problem.check["values"], problem.check["what"], labelled=False)
