"""Bridge and torch: get everyone over a narrow bridge at night, two at a time with one torch."""
from __future__ import annotations

import heapq
import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import budget_for, reference_move

PEOPLE = "ABCDEFGHIJKL"
_CROSS = re.compile(r"^(?:cross|walk|go)\s+([a-l])(?:(?:\s*,\s*|\s+and\s+|\s+)([a-l]))?$")


def classic_plan(times: list[int]) -> tuple[int, list[tuple[int, ...]]]:
    """The known optimal schedule for a bridge holding two: while more than three wait, send the
    two slowest over either escorted by the fastest twice (fastest + slowest, fastest back, fastest
    + second slowest, fastest back) or as a pair after the two fastest cross (the two fastest
    over, fastest back, two slowest over, second fastest back), whichever is quicker; then finish
    three or fewer directly. Returns (total minutes, the crossings in order)."""
    order = sorted(range(len(times)), key=lambda p: (times[p], p))
    waiting, total, moves = list(order), 0, []
    while len(waiting) > 3:
        a, b, y, z = waiting[0], waiting[1], waiting[-2], waiting[-1]
        pair = times[a] + 2 * times[b] + times[z]
        escort = 2 * times[a] + times[y] + times[z]
        if pair <= escort:
            moves += [(a, b), (a,), (y, z), (b,)]
            total += pair
        else:
            moves += [(a, z), (a,), (a, y), (a,)]
            total += escort
        waiting = waiting[:-2]
    if len(waiting) == 3:
        a, b, c = waiting
        moves += [(a, b), (a,), (a, c)]
        total += times[a] + times[b] + times[c]
    elif len(waiting) == 2:
        moves.append(tuple(waiting))
        total += max(times[p] for p in waiting)
    else:
        moves.append((waiting[0],))
        total += times[waiting[0]]
    return total, moves


def fastest_from(times: list[int], near: int, torch_near: bool) -> list[tuple[int, ...]]:
    """Dijkstra over (who is on the near side, torch side): the quickest crossings from any
    position; used only off the reference schedule."""
    n, start = len(times), (near, torch_near)
    dist, prev, heap = {start: 0}, {}, [(0, near, torch_near)]
    while heap:
        d, side, torch = heapq.heappop(heap)
        if d > dist[(side, torch)]:
            continue
        if side == 0:
            moves, state = [], (side, torch)
            while state != start:
                state, move = prev[state]
                moves.append(move)
            return moves[::-1]
        here = [p for p in range(n) if (side >> p & 1) == torch]
        groups = [(p,) for p in here] + [(p, q) for i, p in enumerate(here) for q in here[i + 1:]]
        for g in groups:
            flip = sum(1 << p for p in g)
            nxt = (side ^ flip, not torch)
            nd = d + max(times[p] for p in g)
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt], prev[nxt] = nd, ((side, torch), g)
                heapq.heappush(heap, (nd, *nxt))
    return []


@register
class BridgeTorch(TurnBudgetTask):
    """Bridge and torch: people on one side of a narrow bridge at night must all cross. The bridge
    holds at most two, one torch must go with every crossing (so someone brings it back), and a
    crossing takes as long as its slower walker. Each turn sends one or two people with the torch;
    get everyone over within a time budget. The reference is the known optimal schedule (shuttle
    the two slowest over together or escort each with the fastest, whichever is quicker, at every
    round); the budget is its time plus slack. Higher levels: more people, wider spreads of walking
    times (where the choice between the two strategies changes round by round) and no slack."""

    name = "planning/bridge_torch"
    knobs = (
        Knob("n_people", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (1, 12),
             doc="people to get across"),
        Knob("max_time", [10, 10, 12, 12, 15, 15, 20, 20, 25, 25, 30, 30, 40, 40, 50, 50, 60, 60, 80, 99], (2, 99),
             doc="the slowest possible walking time, in minutes"),
        Knob("slack_percent", [60, 50, 40, 30, 25, 20, 15, 10, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="minutes beyond the optimum, as a percent of it (rounded up)"),
    )
    answer_format = "an action: cross <person>, or cross <person> and <person>"
    example = "cross Z"  # there is no person Z
    tools = (Tool("cross_one", "One person crosses the bridge with the torch.", "cross {person}",
                  (Param("person", "string", "the person's letter", enum=tuple(PEOPLE)),)),
             Tool("cross_two", "Two people cross the bridge together with the torch.", "cross {first} and {second}",
                  (Param("first", "string", "one person's letter", enum=tuple(PEOPLE)),
                   Param("second", "string", "the other person's letter", enum=tuple(PEOPLE)))))
    unit = ("minute", "minutes")
    lowercase = True
    invalid_hint = "write cross and one or two letters of people on the torch's side, e.g. cross A and B"

    def build(self, rng, params):
        n = params["n_people"]
        times = sorted(rng.sample(range(1, params["max_time"] + 1), n)) if n <= params["max_time"] else \
            sorted(rng.randint(1, params["max_time"]) for _ in range(n))
        rng.shuffle(times)
        total, moves = classic_plan(times)
        budget = budget_for(total, params["slack_percent"])
        check = {"times": times, "budget": budget, "optimum": total}
        listed = ", ".join(f"{PEOPLE[p]} {t} min" for p, t in enumerate(times))
        question = (
            f"Bridge and torch. {n} people stand at the near end of a narrow bridge at night: {listed}. "
            f"Everyone must get to the far end. The bridge holds at most two people at a time and there is "
            f"one torch, which must go with every crossing, so someone has to bring it back. Two people "
            f"walk together at the slower one's pace. Each turn, send one or two people who are on the "
            f"torch's side across (cross A, or cross A and B). An invalid action costs 1 minute. You have "
            f"{budget} minutes.\n\n{self.describe(check, self.start_of(check))}")
        return self.draft(question, "\n".join(self.say(m) for m in moves), check)

    @staticmethod
    def say(group) -> str:
        return "cross " + " and ".join(PEOPLE[p] for p in group)

    @staticmethod
    def start_of(check) -> dict:
        return {"near": (1 << len(check["times"])) - 1, "torch_near": True, "minutes": 0, "wasted": 0}

    @staticmethod
    def describe(check, state) -> str:
        n = len(check["times"])
        near = ", ".join(PEOPLE[p] for p in range(n) if state["near"] >> p & 1) or "nobody"
        far = ", ".join(PEOPLE[p] for p in range(n) if not state["near"] >> p & 1) or "nobody"
        side = "near" if state["torch_near"] else "far"
        return f"Near end: {near}. Far end: {far}. The torch is at the {side} end."

    def spent(self, problem, state):
        return state["minutes"] + state["wasted"]

    def effort(self, problem):
        # the schedule's crossings, each choosing between the two strategies over the waiting people
        n = len(problem.check["times"])
        return n * max(1, 2 * n - 3)

    def start(self, problem):
        return self.start_of(problem.check)

    def act(self, problem, state, text):
        times, n = problem.check["times"], len(problem.check["times"])
        m = _CROSS.match(text)
        if not m:
            state["wasted"] += 1
            return f"Invalid action: {self.invalid_hint}.", None
        group = [PEOPLE.index(g.upper()) for g in m.groups() if g]
        if len(set(group)) != len(group) or any(p >= n for p in group):
            state["wasted"] += 1
            return "Name one or two different people of the group.", None
        for p in group:
            if bool(state["near"] >> p & 1) != state["torch_near"]:
                state["wasted"] += 1
                return f"{PEOPLE[p]} is not at the torch's end of the bridge.", None
        minutes = max(times[p] for p in group)
        for p in group:
            state["near"] ^= 1 << p
        state["torch_near"] = not state["torch_near"]
        state["minutes"] += minutes
        names = " and ".join(PEOPLE[p] for p in group)
        observation = f"{names} cross{'es' if len(group) == 1 else ''} to the {'near' if state['torch_near'] else 'far'} end in {minutes} min."
        if state["near"] == 0:
            return f"{observation} Everyone is across.", WIN
        return observation, None

    def view(self, problem, state):
        return self.describe(problem.check, state)

    def unsolved(self, problem, state):
        return "not everyone got across in time."

    def plan(self, problem, state):
        move = reference_move(self, problem, state, lambda s: (s["near"], s["torch_near"], s["minutes"]))
        if move is not None:
            return move
        moves = fastest_from(problem.check["times"], state["near"], state["torch_near"])
        return self.say(moves[0]) if moves else "cross A"
