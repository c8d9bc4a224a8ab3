"""Tower of Hanoi played move by move, from the classic start or from a scrambled legal position."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

PEGS = "ABC"
_MOVE = re.compile(r"(?:move )?([abc]) ?(?:->|to|,|-| ) ?([abc])")


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
class TowerOfHanoi(TurnBudgetTask):
    """Move every disk onto the target peg, one disk at a time, never a larger disk on a smaller
    one, within a move budget. Higher levels add disks, start from scrambled positions and
    shrink the slack in the budget to zero (only optimal play wins)."""

    name = "games/tower_of_hanoi"
    released_dips = {5: "level 5 starts from scrambled positions, whose optimum with 4 disks is about 9 moves "
                        "against the classic start's 15"}
    cap_reason = ("the optimum doubles with each disk: level 10 (7 disks, no slack) needs up to 127 moves, and 8 "
                  "disks up to 255, past the 200-turn cap of an interactive episode")
    knobs = (
        Knob("n_disks", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7], (1, 12), doc="number of disks"),
        Knob("scrambled", [False, False, False, False, True, True, True, True, True, True],
             doc="start from a random legal position instead of one full peg"),
        Knob("slack", [10, 8, 6, 4, 4, 3, 2, 1, 0, 0], (0, 1000), doc="moves allowed beyond the optimum"),
    )
    answer_format = "a move as two peg letters, from and to, e.g. A C moves the top disk of A onto C"
    example = "A A"  # a move onto its own peg is never legal, so the example never wins (A C may)
    tools = (Tool("move", "Move the top disk of one peg onto another.", "{source} {target}",
                  (Param("source", "string", "the peg to take the top disk from, a letter"),
                   Param("target", "string", "the peg to put it on, a letter"))),)
    unit = ("move", "moves")
    lowercase = True
    invalid_hint = "write a move as two peg letters, e.g. A C"

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
        return self.draft(question, "\n".join(f"{a} {b}" for a, b in plan),
                          {"pegs": pegs, "target": target, "budget": budget, "optimal": len(plan)})

    def start(self, problem):
        return {"pegs": {p: list(d) for p, d in problem.check["pegs"].items()}}

    def act(self, problem, state, text):
        target, pegs = problem.check["target"], state["pegs"]
        m = _MOVE.fullmatch(text)
        if not m:
            return f"Invalid action: {self.invalid_hint}.", None
        src, dst = m.group(1).upper(), m.group(2).upper()
        if src == dst:
            return "Invalid move: the two pegs must differ.", None
        if not pegs[src]:
            return f"Invalid move: peg {src} is empty.", None
        if pegs[dst] and pegs[dst][-1] < pegs[src][-1]:
            return f"Invalid move: disk {pegs[src][-1]} cannot go on smaller disk {pegs[dst][-1]}.", None
        pegs[dst].append(pegs[src].pop())
        if sum(map(len, pegs.values())) == len(pegs[target]):
            return f"Moved {src} to {dst}. {render(pegs)}. All disks are on {target}.", WIN
        return f"Moved {src} to {dst}.", None

    def view(self, problem, state):
        return render(state["pegs"])

    def unsolved(self, problem, state):
        return f"the disks are not all on {problem.check['target']}."

    def effort(self, problem):
        # the moves of the optimal solution
        return problem.check["optimal"]

    def plan(self, problem, state):
        a, b = solve(state["pegs"], problem.check["target"])[0]
        return f"{a} {b}"
