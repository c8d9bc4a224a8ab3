"""Tower of Hanoi variants as single answers: move lists for the adjacent-pegs and four-peg
puzzles (checked by simulation, the fewest moves required), and minimal move counts for the
adjacent, cyclic and four-peg variants."""
from __future__ import annotations

import re
from functools import lru_cache

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int, preview, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._plans import read_steps

_MOVE = re.compile(r"([A-Za-z])\s*(?:->|-|\s)?\s*([A-Za-z])")


@lru_cache(maxsize=None)
def frame_stewart(n: int) -> tuple[int, int]:
    """(fewest moves for n disks with four pegs, the best split k): move k disks aside with four
    pegs, the other n-k with three, then the k back. Frame-Stewart's recursion, proven optimal
    for four pegs (Bousch, 2014)."""
    if n == 0:
        return 0, 0
    if n == 1:
        return 1, 0
    return min((2 * frame_stewart(k)[0] + 2 ** (n - k) - 1, k) for k in range(1, n))


def adjacent_count(n: int, start: int, target: int) -> int:
    """Fewest moves for n disks when disks move only between neighbouring pegs of A-B-C.

    End to end (A to C): the n-1 smaller disks go A to C, the largest A to B, the smaller C to
    A, the largest B to C, the smaller A to C: e(n) = 3 e(n-1) + 2 = 3^n - 1. End to middle
    (or middle to end): the smaller go to the far end, the largest steps once, the smaller
    come back from the far end to the middle: h(n) = e(n-1) + 1 + h(n-1) = (3^n - 1) / 2."""
    if start == target:
        return 0
    if {start, target} == {0, 2}:
        return 3 ** n - 1
    return (3 ** n - 1) // 2


def cyclic_counts(n: int) -> tuple[int, int]:
    """(fewest moves for n disks one step clockwise, two steps clockwise) when every disk may
    only move clockwise A->B->C->A: Q(n) = 2 R(n-1) + 1, R(n) = 2 R(n-1) + Q(n-1) + 2."""
    q, r = 0, 0
    for _ in range(n):
        q, r = 2 * r + 1, 2 * r + q + 2
    return q, r


def adjacent_moves(n: int, src: int, dst: int) -> list[tuple[int, int]]:
    """The optimal move list for adjacent-only Hanoi (pegs 0-1-2 in a row)."""
    moves: list[tuple[int, int]] = []

    def go(k: int, a: int, b: int):
        if k == 0 or a == b:
            return
        if abs(a - b) == 2:  # end to end through the middle peg
            go(k - 1, a, b)
            moves.append((a, 1))
            go(k - 1, b, a)
            moves.append((1, b))
            go(k - 1, a, b)
        else:  # between the middle and an end: park the smaller disks on the far end
            far = 3 - a - b
            go(k - 1, a, far)
            moves.append((a, b))
            go(k - 1, far, b)

    go(n, src, dst)
    return moves


def four_peg_moves(n: int, src: int, dst: int) -> list[tuple[int, int]]:
    """An optimal four-peg move list, by Frame-Stewart's recursion."""
    moves: list[tuple[int, int]] = []

    def three(disks: int, a: int, b: int, c: int):  # a to b via c
        if disks == 0:
            return
        three(disks - 1, a, c, b)
        moves.append((a, b))
        three(disks - 1, c, b, a)

    def four(disks: int, a: int, b: int, spares: list[int]):
        if disks == 0:
            return
        if disks == 1:
            moves.append((a, b))
            return
        k = frame_stewart(disks)[1]
        s1, s2 = spares
        four(k, a, s1, [b, s2])
        three(disks - k, a, b, s2)
        four(k, s1, b, [a, s2])

    four(n, src, dst, [p for p in range(4) if p not in (src, dst)])
    return moves


def simulate(moves, n: int, pegs: int, src: int, dst: int, allowed) -> str | None:
    """Replay moves (peg index pairs); None when legal and all disks end on `dst`, else why."""
    stacks = [[] for _ in range(pegs)]
    stacks[src] = list(range(n, 0, -1))
    names = "ABCD"
    for i, (a, b) in enumerate(moves, 1):
        label = f"Move {i} ({names[a]}{names[b]})"
        if a == b:
            return f"{label} does not move anything."
        if (a, b) not in allowed:
            return f"{label} is not allowed by the rules."
        if not stacks[a]:
            return f"{label} is illegal: peg {names[a]} is empty."
        disk = stacks[a][-1]
        if stacks[b] and stacks[b][-1] < disk:
            return f"{label} is illegal: disk {disk} cannot go on the smaller disk {stacks[b][-1]}."
        stacks[b].append(stacks[a].pop())
    if len(stacks[dst]) != n:
        return f"After the last move not every disk is on peg {names[dst]}."
    return None


# the format examples of the move lists, never an answer: AB,BA moves a disk and straight back
# (the disks end where they started); AC,AB,BC either moves from an empty peg or puts the second
# disk on the first
MOVE_EXAMPLES = {"adjacent_moves": "AB,BA", "four_peg_moves": "AC,AB,BC"}


@register
class HanoiVariants(Task):
    """Tower of Hanoi variants, single answer. Move lists: the adjacent-pegs puzzle (pegs A, B,
    C in a row, disks move only between neighbours) and the four-peg puzzle (Reve's puzzle);
    the list is replayed and must use the fewest moves. Counts: the fewest moves for the
    adjacent-pegs, the cyclic (clockwise only) and the four-peg puzzles, computed by their
    recursions (Frame-Stewart's for four pegs, proven optimal) and cross-checked against
    breadth-first search in the tests. Higher levels move from short move lists to counts for
    many disks, where the recursion itself must be found and iterated."""

    name = "puzzles/hanoi_variants"
    knobs = (
        Knob("kind", [["adjacent_moves"], ["adjacent_moves", "four_peg_moves"], ["adjacent_moves", "four_peg_moves"],
                      ["four_peg_moves", "adjacent_count", "cyclic_count"],
                      ["four_peg_moves", "adjacent_count", "cyclic_count", "four_peg_count"],
                      ["adjacent_count", "cyclic_count", "four_peg_count"],
                      ["adjacent_moves", "cyclic_count", "four_peg_count"],
                      ["four_peg_moves", "cyclic_count", "four_peg_count"],
                      ["cyclic_count", "four_peg_count"], ["cyclic_count", "four_peg_count"]]
             + [["four_peg_moves", "cyclic_count", "four_peg_count"]] * 10,
             choices=("adjacent_moves", "four_peg_moves", "adjacent_count", "cyclic_count", "four_peg_count"),
             doc="which variant and whether a move list or a count is asked"),
        Knob("move_disks", [2, 2, 3, 4, 4, 5, 3, 6, 6, 7, 10, 11, 12, 12, 13, 13, 14, 14, 15, 16], (1, 16),
             doc="disks in move-list problems"),
        Knob("count_disks", [3, 3, 4, (4, 6), (5, 9), (7, 12), (9, 15), (12, 20), (15, 30), (20, 40), (25, 45), (30, 50),
                             (30, 55), (35, 60), (40, 65), (45, 70), (50, 80), (55, 90), (60, 100), (70, 120)], (1, 150),
             doc="disks in move-count problems"),
    )
    answer_format = "an integer"
    example = "-1"  # a number of moves is never negative: never an answer

    def build(self, rng, params):
        kind = params["kind"]
        if kind.endswith("_moves"):
            return self._moves(rng, kind, params["move_disks"])
        return self._count(rng, kind, params["count_disks"])

    def _moves(self, rng, kind, n):
        fmt = ("the moves in order as a comma-separated list, each move as two peg letters, from then to "
               "(AB moves the top disk of peg A onto peg B)")
        if kind == "adjacent_moves":
            src, dst = rng.choice([(0, 2), (2, 0), (0, 1), (1, 0), (1, 2), (2, 1)])
            if n > 4:  # 3^n - 1 moves: keep lists short
                n = 4 if {src, dst} != {0, 2} else 3
            moves = adjacent_moves(n, src, dst)
            pegs, allowed = 3, [(0, 1), (1, 0), (1, 2), (2, 1)]
            rules = ("Three pegs A, B and C stand in a row, with B in the middle. A disk may only move between "
                     "neighbouring pegs: between A and B, or between B and C (never directly between A and C).")
        else:
            src, dst = rng.sample(range(4), 2)
            moves = four_peg_moves(n, src, dst)
            pegs, allowed = 4, [(a, b) for a in range(4) for b in range(4) if a != b]
            rules = "There are four pegs, A, B, C and D; a disk may move from any peg to any other."
        names = "ABCD"
        question = (f"{rules} {n} disks, numbered 1 (smallest) to {n} (largest), are stacked on peg {names[src]}, "
                    f"largest at the bottom. Move one top disk at a time and never put a larger disk on a smaller "
                    f"one. Move all the disks to peg {names[dst]} using the fewest possible moves.")
        answer = ",".join(names[a] + names[b] for a, b in moves)
        return Draft(question, answer, {"kind": kind, "n": n, "src": src, "dst": dst, "pegs": pegs,
                                        "allowed": [list(x) for x in allowed], "fewest": len(moves)},
                     answer_format=fmt, example=MOVE_EXAMPLES[kind])

    def _count(self, rng, kind, n):
        names = "ABCD"
        if kind == "adjacent_count":
            src, dst = rng.choice([(0, 2), (2, 0), (0, 1), (1, 0), (1, 2), (2, 1)])
            value = adjacent_count(n, src, dst)
            rules = ("Three pegs A, B and C stand in a row, with B in the middle. A disk may only move between "
                     "neighbouring pegs: between A and B, or between B and C (never directly between A and C).")
        elif kind == "cyclic_count":
            src, dst = rng.sample(range(3), 2)
            q, r = cyclic_counts(n)
            value = q if (dst - src) % 3 == 1 else r
            rules = ("Three pegs A, B and C stand in a circle. A disk may only move clockwise: from A to B, from B to "
                     "C, or from C to A.")
        else:
            src, dst = rng.sample(range(4), 2)
            value = frame_stewart(n)[0]
            rules = "There are four pegs, A, B, C and D; a disk may move from any peg to any other."
        question = (f"{rules} {n} disks of different sizes are stacked on peg {names[src]}, largest at the bottom. "
                    f"Move one top disk at a time and never put a larger disk on a smaller one. What is the fewest "
                    f"number of moves that brings all the disks to peg {names[dst]}?")
        return Draft(question, str(value), {"kind": kind, "n": n, "value": value})

    def effort(self, problem):
        # a move list: its moves; a count: the recursion's evaluations (Frame-Stewart takes the
        # best of k - 1 splits for every k up to n, the cyclic pair one step per disk for two
        # sequences, the adjacent count one step per disk)
        c = problem.check
        if c["kind"].endswith("_moves"):
            return c["fewest"]
        n = c["n"]
        return {"four_peg_count": n * (n - 1) // 2, "cyclic_count": 2 * n, "adjacent_count": n}[c["kind"]]

    def grade(self, answer, problem):
        c = problem.check
        if not c["kind"].endswith("_moves"):
            return grade_int(answer, c["value"], "the fewest number of moves")
        try:
            items = read_steps(answer, "move")
        except ParseError as exc:
            return refused(exc)
        moves = []
        letters = "ABCD"[:c["pegs"]]
        for i, item in enumerate(items, 1):
            m = _MOVE.fullmatch(item)
            if not m:
                return wrong(f"Move {i} {preview(item, 24)} is not two peg letters like AB.")
            a, b = m.group(1).upper(), m.group(2).upper()
            for p in (a, b):
                if p not in letters:
                    return wrong(f"Move {i}: there is no peg {p}.")
            moves.append((letters.index(a), letters.index(b)))
        why = simulate(moves, c["n"], c["pegs"], c["src"], c["dst"], {tuple(x) for x in c["allowed"]})
        if why:
            return wrong(why)
        if len(moves) != c["fewest"]:
            return wrong(f"Those {len(moves)} moves solve it, but fewer moves can.")
        return right()
