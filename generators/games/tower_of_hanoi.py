"""Tower of Hanoi played move by move, from the classic start or from a scrambled legal position."""
from __future__ import annotations

import re

from procgym import Draft, InteractiveTask, Knob, register

PEGS = "ABC"
_MOVE = re.compile(r"^\s*(?:move\s+)?([abc])\s*(?:->|to|,|-|\s)\s*([abc])\s*$", re.IGNORECASE)


def solve(pegs: dict, target: str) -> list[tuple[str, str]]:
    """Optimal moves that gather every disk on `target`, from any legal position.

    The largest disk not yet on its destination must move there once; everything smaller
    must first be stacked on the third peg. Recursing from the largest disk down gives the
    unique shortest sequence.
    """
    where = {d: p for p, disks in pegs.items() for d in disks}
    moves: list[tuple[str, str]] = []

    def gather(k: int, dest: str):  # move disks 1..k onto dest
        if k == 0:
            return
        if where[k] == dest:
            gather(k - 1, dest)
            return
        spare = next(p for p in PEGS if p not in (where[k], dest))
        gather(k - 1, spare)
        moves.append((where[k], dest))
        where[k] = dest
        gather(k - 1, dest)

    gather(len(where), target)
    return moves


def render(pegs: dict) -> str:
    return " | ".join(f"{p}: {' '.join(map(str, pegs[p])) or '(empty)'}" for p in PEGS)


@register
class TowerOfHanoi(InteractiveTask):
    """Move every disk onto the target peg, one disk at a time, never a larger disk on a smaller
    one, within a move budget. Higher levels add disks, start from scrambled positions and
    shrink the slack in the budget to zero (only optimal play wins)."""

    name = "games/tower_of_hanoi"
    knobs = (
        Knob("n_disks", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7], (1, 12), doc="number of disks"),
        Knob("scrambled", [False, False, False, False, True, True, True, True, True, True],
             doc="start from a random legal position instead of one full peg"),
        Knob("slack", [10, 8, 6, 4, 4, 3, 2, 1, 0, 0], (0, 1000), doc="moves allowed beyond the optimum"),
    )
    answer_format = "a move as two peg letters, from and to, e.g. A C moves the top disk of A onto C"
    example = "A C"

    def build(self, rng, params):
        n = params["n_disks"]
        target = rng.choice(PEGS)
        pegs = {p: [] for p in PEGS}
        if params["scrambled"]:
            for disk in range(n, 0, -1):  # largest first keeps every stack legal
                pegs[rng.choice(PEGS)].append(disk)
            if len(pegs[target]) == n:  # already solved: move the smallest disk away
                pegs[target].pop()
                pegs[next(p for p in PEGS if p != target)].append(1)
        else:
            source = rng.choice([p for p in PEGS if p != target])
            pegs[source] = list(range(n, 0, -1))
        plan = solve(pegs, target)
        budget = len(plan) + params["slack"]
        question = (f"Tower of Hanoi with {n} disks (1 is the smallest) on pegs A, B and C. Pegs are "
                    f"listed bottom to top:\n{render(pegs)}\n\nMove all disks onto peg {target}. Move "
                    f"one top disk per turn and never put a disk on a smaller one. You have {budget} moves.")
        return Draft(question, "\n".join(f"{a} {b}" for a, b in plan),
                     {"pegs": pegs, "target": target, "budget": budget, "optimal": len(plan)})

    def initial_state(self, problem):
        return {"pegs": {p: list(d) for p, d in problem.check["pegs"].items()}, "moves": 0}

    def transition(self, problem, state, action):
        budget, target = problem.check["budget"], problem.check["target"]
        m = _MOVE.match(action or "")
        state["moves"] += 1
        left = budget - state["moves"]
        if not m:
            obs = "Invalid action: write a move as two peg letters, e.g. A C."
        else:
            src, dst = m.group(1).upper(), m.group(2).upper()
            pegs = state["pegs"]
            if src == dst:
                obs = "Invalid move: the two pegs must differ."
            elif not pegs[src]:
                obs = f"Invalid move: peg {src} is empty."
            elif pegs[dst] and pegs[dst][-1] < pegs[src][-1]:
                obs = f"Invalid move: disk {pegs[src][-1]} cannot go on smaller disk {pegs[dst][-1]}."
            else:
                pegs[dst].append(pegs[src].pop())
                if sum(map(len, pegs.values())) == len(pegs[target]):
                    return f"Solved in {state['moves']} moves. {render(pegs)}", 1.0, True
                obs = f"Moved. {render(pegs)}"
        if left <= 0:
            return f"{obs} Out of moves: the disks are not all on {target}.", 0.0, True
        return f"{obs} Moves left: {left}.", 0.0, False

    def policy(self, problem, state):
        a, b = solve(state["pegs"], problem.check["target"])[0]
        return f"{a} {b}"
