"""Pancake flipping in the dark: sort a stack by prefix reversals when sizes show only through comparisons."""
from __future__ import annotations

import math
import re
import string

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

LABELS = string.ascii_uppercase
_COMPARE = re.compile(r"^compare\s+([a-z])\s*(?:,|and|with|to|vs\.?|versus)?\s*([a-z])$")
_FLIP = re.compile(r"^flip\s+(?:the\s+)?(?:top\s+)?(\d{1,3})$")


def closure(n: int, pairs) -> list[int]:
    """larger[x]: the bitmask of pancakes known larger than x, from (smaller, larger) pairs and
    transitivity."""
    larger = [0] * n
    for a, b in pairs:
        larger[a] |= 1 << b
    for k in range(n):  # Floyd-Warshall on bitmasks
        for x in range(n):
            if larger[x] >> k & 1:
                larger[x] |= larger[k]
    return larger


def learn(larger: list[int], a: int, b: int) -> None:
    """Add a < b to a transitively closed `larger`, keeping it closed."""
    above = larger[b] | 1 << b
    for x in range(len(larger)):
        if x == a or larger[x] >> a & 1:
            larger[x] |= above


def choose(stack: list[int], larger: list[int], placed: int = 0) -> tuple[str, int, int, int] | None:
    """The reference policy's next action from the stack (pancakes top to bottom) and what it knows:
    ("compare", x, y, m), ("flip", k, 0, m), or None when the stack is known sorted. For m = n,
    n - 1, ..., 2 it finds the largest of the top m pancakes; while that is unknown it compares
    two of the candidates (top-m pancakes with no known larger one among the top m), those with
    the fewest pancakes known smaller (ties: higher in the stack), a knockout tournament; once
    known, the largest goes to place m by flipping it to the top (flip its depth) and then
    flipping m. `placed` bottom pancakes may be skipped as known in place (the policy's own flips
    never move a pancake it has placed, so the answer is the same as with none skipped); m is
    returned for the next call."""
    for m in range(len(stack) - placed, 1, -1):
        top = 0
        for x in stack[:m]:
            top |= 1 << x
        candidates = [i for i, x in enumerate(stack[:m]) if not larger[x] & top]
        if len(candidates) > 1:
            def known_smaller(i):
                return sum(larger[y] >> stack[i] & 1 for y in range(len(stack)))
            first, second = sorted(candidates, key=lambda i: (known_smaller(i), i))[:2]
            x, y = sorted((first, second))
            return "compare", stack[x], stack[y], m
        i = candidates[0]
        if i == m - 1:
            continue
        return "flip", (m if i == 0 else i + 1), 0, m
    return None


def play_policy(sizes: list[int]) -> list[str]:
    """The policy's actions on a stack of hidden `sizes` (top to bottom), until it is sorted (what
    `plan` does, on an incrementally closed relation rather than one rebuilt each turn)."""
    n = len(sizes)
    stack, larger, actions, m = list(range(n)), [0] * n, [], n
    while any(sizes[stack[i]] > sizes[stack[i + 1]] for i in range(n - 1)):
        kind, a, b, m = choose(stack, larger, n - m)
        if kind == "compare":
            actions.append(f"compare {LABELS[a]} {LABELS[b]}")
            small, big = (a, b) if sizes[a] < sizes[b] else (b, a)
            learn(larger, small, big)
        else:
            actions.append(f"flip {a}")
            stack[:a] = stack[:a][::-1]
    return actions


@register
class PancakeFlip(TurnBudgetTask):
    """Pancakes in the dark: a stack of pancakes, labelled A, B, C, ... from the top down, has
    hidden distinct sizes. Each turn the player either compares two pancakes (told which is
    smaller) or flips the top k pancakes (the top k reverse their order); the game is won as soon
    as the stack runs from the smallest on top to the largest at the bottom, within a turn
    budget. Higher levels stack more pancakes and cut the slack, so the player must both find
    each next-largest pancake with few comparisons (remembering, and chaining, what earlier
    comparisons showed) and place it with at most two flips.

    The reference policy reads only the stack and the comparisons made: it places the pancakes
    from the bottom up; to find the largest of the unplaced top m it runs a knockout tournament
    among those with no known larger one (comparing the two with the fewest known smaller,
    transitive closure of all comparisons), then flips it to the top and down to place m. The
    budget is the policy's turns on this stack plus `slack_percent`% of them (rounded up);
    `Draft.answer` is the policy's actions.
    """

    name = "games/pancake_flip"
    knobs = (
        Knob("pancakes", [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 22, 24], (2, 26),
             doc="pancakes in the stack"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 35, 30, 25, 20, 20, 18, 16, 15, 14, 12, 12, 10, 10, 10, 10],
             (0, 1000), doc="turns allowed beyond the policy's, as a percent of them (rounded up)"),
    )
    answer_format = "compare and two pancake letters (e.g. compare A C), or flip and a count (e.g. flip 3)"
    example = "flip 1"  # flipping one pancake is refused as a no-op: the example never wins
    tools = (
        Tool("compare", "Compare two pancakes; the reply says which is smaller.", "compare {first} {second}",
             (Param("first", "string", "a pancake's letter"), Param("second", "string", "another pancake's letter"))),
        Tool("flip", "Flip the top pancakes: the top `count` pancakes reverse their order.", "flip {count}",
             (Param("count", "integer", "how many pancakes from the top to flip (at least 2)"),)),
    )
    lowercase = True
    invalid_hint = "write compare and two pancake letters, or flip and a count"

    def build(self, rng, params):
        n = params["pancakes"]
        sizes = list(range(1, n + 1))
        rng.shuffle(sizes)
        if sizes == sorted(sizes):  # already sorted: swap the top two (bounded, deterministic)
            sizes[0], sizes[1] = sizes[1], sizes[0]
        actions = play_policy(sizes)
        budget = len(actions) + math.ceil(len(actions) * params["slack_percent"] / 100)
        labels = LABELS[:n]
        question = (
            f"Pancakes in the dark. A stack of {n} pancakes of different sizes is labelled {labels[0]} to "
            f"{labels[-1]} from the top down; you cannot see their sizes.\n\n"
            f"Each turn, either compare two pancakes (e.g. compare A C: you are told which is smaller), or "
            f"flip the top k pancakes for some k from 2 to {n} (e.g. flip 3: the top 3 pancakes reverse "
            f"their order; the labels move with the pancakes). You win as soon as the stack runs from the "
            f"smallest pancake on top to the largest at the bottom. You have {budget} turns; an invalid "
            f"action also uses one.\n\n"
            f"{self.stack_text(list(labels))}")
        check = {"sizes": sizes, "budget": budget, "policy_turns": len(actions)}
        return self.draft(question, "\n".join(actions), check)

    @staticmethod
    def stack_text(labels) -> str:
        return f"Stack, top to bottom: {' '.join(labels)}"

    def effort(self, problem):
        # the policy's comparisons and flips
        return problem.check["policy_turns"]

    def start(self, problem):
        return {"stack": list(range(len(problem.check["sizes"]))), "compared": []}

    def act(self, problem, state, text):
        sizes = problem.check["sizes"]
        n = len(sizes)
        compare, flip = _COMPARE.match(text), _FLIP.match(text)
        if compare:
            a, b = (LABELS.index(g.upper()) for g in compare.groups())
            if a >= n or b >= n:
                return f"Invalid comparison: the pancakes are {LABELS[0]} to {LABELS[n - 1]}.", None
            if a == b:
                return "Invalid comparison: name two different pancakes.", None
            small, big = (a, b) if sizes[a] < sizes[b] else (b, a)
            if [small, big] not in state["compared"]:
                state["compared"].append([small, big])
            return f"{LABELS[small]} is smaller than {LABELS[big]}.", None
        if flip:
            k = int(flip.group(1))
            if not 2 <= k <= n:
                return f"Invalid flip: flip from 2 to {n} pancakes.", None
            state["stack"][:k] = state["stack"][:k][::-1]
            order = [sizes[x] for x in state["stack"]]
            if order == sorted(order):
                return f"You flip the top {k}. The stack is sorted.", WIN
            return f"You flip the top {k}.", None
        return f"Invalid action: {self.invalid_hint}.", None

    def view(self, problem, state):
        return self.stack_text([LABELS[x] for x in state["stack"]])

    def unsolved(self, problem, state):
        return "the stack is not sorted."

    def plan(self, problem, state):
        n = len(problem.check["sizes"])
        step = choose(state["stack"], closure(n, state["compared"]))
        if step is None:  # known sorted but not won: cannot happen, since the last flip would have won
            return "flip 2"
        kind, a, b, _ = step
        return f"compare {LABELS[a]} {LABELS[b]}" if kind == "compare" else f"flip {a}"
