"""Train shunting: sort the wagons of a train into order through parallel dead-end sidings."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import budget_for

SIDINGS = "ABCD"
_PUSH = re.compile(r"^(?:push|shunt|move)\s+(?:(?:into|to|onto)\s+)?(?:siding\s+)?([a-d])$")
_POP = re.compile(r"^(?:pop|pull|take)\s+(?:(?:from|off)\s+)?(?:siding\s+)?([a-d])$")
_OUT = re.compile(r"^(?:out|straight|through|go straight|send out)$")


def solve(wagons: list[int], pos: int, sidings: list[list[int]], stats: dict | None = None) -> list[str] | None:
    """The moves that finish the sort from a position, by depth-first search over which siding each
    pushed wagon goes to (best fit first: the siding whose top wagon is the smallest above it),
    remembering dead positions. Pops and straight moves are forced: a wagon leaves the moment it is
    the next one the main line needs. Every solution makes the same number of moves (each wagon
    goes straight or in and out of one siding once), so the first one found is optimal. None when
    the position cannot be finished. stats["nodes"] counts the positions searched."""
    dead: set = set()

    def search(pos, sidings, done):
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + 1
        sidings = [list(s) for s in sidings]
        moves = []
        while True:  # the forced moves first
            for i, s in enumerate(sidings):
                if s and s[-1] == done + 1:
                    s.pop()
                    done += 1
                    moves.append(f"pop {SIDINGS[i]}")
                    break
            else:
                if pos < len(wagons) and wagons[pos] == done + 1:
                    pos += 1
                    done += 1
                    moves.append("out")
                    continue
                break
        if done == len(wagons):
            return moves
        if pos == len(wagons):
            return None
        key = (pos, tuple(sorted(tuple(s) for s in sidings)))
        if key in dead:
            return None
        w = wagons[pos]
        order = sorted(range(len(sidings)), key=lambda i: (not sidings[i], sidings[i][-1] if sidings[i] else 0, i))
        tried_empty = False
        for i in order:
            if sidings[i] and sidings[i][-1] < w:
                continue  # w would block a wagon needed before it: never finishes
            if not sidings[i]:
                if tried_empty:
                    continue  # empty sidings are alike
                tried_empty = True
            sidings[i].append(w)
            rest = search(pos + 1, sidings, done)
            sidings[i].pop()
            if rest is not None:
                return moves + [f"push {SIDINGS[i]}"] + rest
        dead.add(key)
        return None

    done = len(wagons) - (len(wagons) - pos) - sum(len(s) for s in sidings)
    return search(pos, sidings, done)


def random_train(rng, n: int, k: int, hold_percent: int) -> list[int]:
    """An arrival order that k sidings can sort, by playing a random shunting schedule forward:
    each arriving wagon goes straight out or into a random siding where it may lie on top, and
    sidings empty at random times; the wagons are numbered in the order they reach the main line."""
    sidings: list[list[int]] = [[] for _ in range(k)]
    arrivals, label, numbers = [], 0, {}
    for w in range(n):
        while rng.randrange(100) >= hold_percent and any(sidings):  # let some wagons leave first
            i = rng.choice([i for i in range(k) if sidings[i]])
            label += 1
            numbers[sidings[i].pop()] = label
        arrivals.append(w)
        i = rng.randrange(k + 1)
        if i == k:
            label += 1
            numbers[w] = label
        else:
            sidings[i].append(w)
    while any(sidings):
        i = rng.choice([i for i in range(k) if sidings[i]])
        label += 1
        numbers[sidings[i].pop()] = label
    return [numbers[w] for w in arrivals]


@register
class TrainShunting(TurnBudgetTask):
    """A train of numbered wagons arrives on the input line in a jumbled order; the main line must
    receive them in order 1, 2, 3, ... Each turn moves one wagon: the front wagon of the input line
    straight out to the main line, or into one of several dead-end sidings (the last wagon in is
    the first out), or the front wagon of a siding out to the main line; only the next wagon in
    order may go out. A wagon pushed onto a smaller one buries a wagon needed sooner, so the choice
    of siding is the puzzle. Every finished sort makes the same number of moves; the budget is that
    plus slack. The solver is a depth-first search over siding choices, best fit first. Higher
    levels: longer trains, more sidings (more choices, deeper traps), wagons held longer, no slack."""

    name = "planning/train_shunting"
    knobs = (
        Knob("n_wagons", [4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15, 16, 17, 18], (2, 24),
             doc="wagons in the train"),
        Knob("n_sidings", [1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 2, 3, 3, 3, 3, 3, 4, 3, 4, 4], (1, 4),
             doc="dead-end sidings"),
        Knob("hold_percent", [40, 50, 50, 55, 60, 60, 65, 70, 70, 75, 75, 80, 80, 80, 85, 85, 85, 90, 90, 90],
             (0, 99), doc="how likely a siding keeps its wagons when the next wagon arrives"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="moves allowed beyond the needed ones, as a percent of them (rounded up)"),
    )
    answer_format = "an action: out, push <siding letter> or pop <siding letter>"
    example = "pop Z"  # there is no siding Z
    tools = (Tool("out", "Send the front wagon of the input line straight to the main line.", "out"),
             Tool("push", "Move the front wagon of the input line into a siding.", "push {siding}",
                  (Param("siding", "string", "the siding's letter", enum=tuple(SIDINGS)),)),
             Tool("pop", "Move the front wagon of a siding out to the main line.", "pop {siding}",
                  (Param("siding", "string", "the siding's letter", enum=tuple(SIDINGS)),)))
    lowercase = True
    invalid_hint = "write out, push and a siding letter (push A) or pop and a siding letter (pop A)"

    def build(self, rng, params):
        n, k = params["n_wagons"], params["n_sidings"]
        wagons = random_train(rng, n, k, params["hold_percent"])
        if wagons == sorted(wagons):  # a train already in order is no puzzle: swap the first two
            wagons = [2, 1] + list(range(3, n + 1))
        steps = solve(wagons, 0, [[] for _ in range(k)])
        budget = budget_for(len(steps), params["slack_percent"])
        names = ", ".join(SIDINGS[:k])
        question = (
            f"Train shunting. {n} wagons, numbered 1 to {n}, wait on the input line. The main line must "
            f"receive them in order: wagon 1 first, then 2, and so on. There {'is' if k == 1 else 'are'} "
            f"{k} dead-end siding{'' if k == 1 else 's'} ({names}), each as long as needed: the last wagon "
            f"pushed into a siding is the first to come out. Each turn, move one wagon: out sends the "
            f"front wagon of the input line straight to the main line, push X moves it into siding X, "
            f"and pop X moves the front wagon of siding X to the main line. Only the next wagon in order "
            f"may go to the main line; a refused or invalid action still uses a turn. You have {budget} "
            f"turns.\n\n{self.describe(wagons, 0, [[] for _ in range(k)], 0)}")
        check = {"wagons": wagons, "n_sidings": k, "budget": budget, "moves": len(steps)}
        return self.draft(question, "\n".join(steps), check)

    @staticmethod
    def describe(wagons, pos, sidings, done) -> str:
        line = ", ".join(map(str, wagons[pos:])) or "empty"
        parts = [f"Input line (front first): {line}."]
        for i, s in enumerate(sidings):
            parts.append(f"Siding {SIDINGS[i]} (front first): {', '.join(map(str, reversed(s))) or 'empty'}.")
        parts.append(f"Main line has wagons 1 to {done}." if done else "Main line is empty.")
        return " ".join(parts)

    def effort(self, problem):
        stats: dict = {}
        solve(problem.check["wagons"], 0, [[] for _ in range(problem.check["n_sidings"])], stats)
        return stats["nodes"] + problem.check["moves"]

    def start(self, problem):
        return {"pos": 0, "sidings": [[] for _ in range(problem.check["n_sidings"])], "done": 0}

    def act(self, problem, state, text):
        wagons, k = problem.check["wagons"], problem.check["n_sidings"]
        sidings, pos, done = state["sidings"], state["pos"], state["done"]
        m_push, m_pop = _PUSH.match(text), _POP.match(text)
        if _OUT.match(text):
            if pos == len(wagons):
                return "The input line is empty.", None
            if wagons[pos] != done + 1:
                return f"Wagon {wagons[pos]} cannot go out: the main line needs wagon {done + 1} next.", None
            state["pos"], state["done"] = pos + 1, done + 1
            observation = f"Wagon {wagons[pos]} goes straight to the main line."
        elif m_push or m_pop:
            i = SIDINGS.index((m_push or m_pop).group(1).upper())
            if i >= k:
                return f"There is no siding {SIDINGS[i]}.", None
            if m_push:
                if pos == len(wagons):
                    return "The input line is empty.", None
                sidings[i].append(wagons[pos])
                state["pos"] = pos + 1
                return f"Wagon {wagons[pos]} goes into siding {SIDINGS[i]}.", None
            if not sidings[i]:
                return f"Siding {SIDINGS[i]} is empty.", None
            if sidings[i][-1] != done + 1:
                return (f"Wagon {sidings[i][-1]} cannot go out: the main line needs wagon {done + 1} "
                        f"next."), None
            sidings[i].pop()
            state["done"] = done + 1
            observation = f"Wagon {done + 1} leaves siding {SIDINGS[i]} for the main line."
        else:
            return f"Invalid action: {self.invalid_hint}.", None
        if state["done"] == len(wagons):
            return f"{observation} Every wagon is on the main line in order.", WIN
        return observation, None

    def view(self, problem, state):
        return self.describe(problem.check["wagons"], state["pos"], state["sidings"], state["done"])

    def unsolved(self, problem, state):
        return "not every wagon reached the main line."

    def plan(self, problem, state):
        steps = solve(problem.check["wagons"], state["pos"], state["sidings"])
        return steps[0] if steps else "out"
