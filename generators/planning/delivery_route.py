"""Delivery route: drive a van along weighted roads to every drop-off and back, on a fuel budget."""
from __future__ import annotations

import re

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

from ._plans import budget_for, reference_move

PLACES = "ABCDEFGHIJKLMNOPQRST"
INF = 1 << 30
_GO = re.compile(r"^(?:(?:go|drive|move|travel)\s+)?(?:to\s+)?(?:place\s+)?([a-t])$")


def all_pairs(n: int, roads: list[list[int]]) -> tuple[list[list[int]], list[list[int]]]:
    """Floyd-Warshall: distances and, for each pair, the first place on a shortest way (lowest
    letter first among ties, since roads are relaxed in a fixed order)."""
    dist = [[0 if i == j else INF for j in range(n)] for i in range(n)]
    step = [[j if i == j else -1 for j in range(n)] for i in range(n)]
    for a, b, w in sorted(roads):
        for x, y in ((a, b), (b, a)):
            if w < dist[x][y]:
                dist[x][y], step[x][y] = w, y
    for k in range(n):
        dk = dist[k]
        for i in range(n):
            dik = dist[i][k]
            if dik == INF:
                continue
            di, si = dist[i], step[i]
            for j in range(n):
                if dik + dk[j] < di[j]:
                    di[j], si[j] = dik + dk[j], si[k]
    return dist, step


def best_order(dist, here: int, targets: list[int], depot: int) -> tuple[int, list[int]]:
    """Held-Karp dynamic programming: the shortest tour from `here` through every target (in some
    order) and back to the depot: (length, order of targets)."""
    k = len(targets)
    if k == 0:
        return dist[here][depot], []
    full = (1 << k) - 1
    # cost[mask][i]: shortest way from target i through the targets not in mask (minus i) to the depot
    cost = [[INF] * k for _ in range(1 << k)]
    nxt = [[-1] * k for _ in range(1 << k)]
    for i in range(k):
        cost[full][i] = dist[targets[i]][depot]
    for mask in range(full - 1, 0, -1):
        for i in range(k):
            if not mask >> i & 1:
                continue
            best, arg = INF, -1
            for j in range(k):
                if not mask >> j & 1:
                    c = dist[targets[i]][targets[j]] + cost[mask | 1 << j][j]
                    if c < best:
                        best, arg = c, j
            cost[mask][i], nxt[mask][i] = best, arg
    best, first = min((dist[here][targets[i]] + cost[1 << i][i], i) for i in range(k))
    order, mask, i = [first], 1 << first, first
    while mask != full:
        i = nxt[mask][i]
        mask |= 1 << i
        order.append(i)
    return best, [targets[i] for i in order]


@register
class DeliveryRoute(TurnBudgetTask):
    """A van starts at the depot of a road map with weighted roads; some places want a parcel.
    Each turn the van drives one road to a neighbouring place, burning that road's length in fuel,
    and a parcel is delivered whenever the van reaches its place. Deliver everything and return to
    the depot on the fuel budget. The reference solver computes all shortest ways (Floyd-Warshall)
    and the best visiting order exactly by Held-Karp dynamic programming over sets of drop-offs;
    the budget is that optimum plus slack. Higher levels: more places and roads, more drop-offs
    (the orders to weigh grow factorially) and no slack."""

    name = "planning/delivery_route"
    knobs = (
        Knob("n_places", [4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (3, 20),
             doc="places on the map, the depot included"),
        Knob("n_drops", [2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 10], (1, 12),
             doc="places that want a parcel"),
        Knob("extra_roads", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (0, 30),
             doc="roads beyond a spanning tree (loops)"),
        Knob("slack_percent", [100, 80, 60, 50, 40, 30, 25, 20, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 1000),
             doc="fuel beyond the shortest route, as a percent of it (rounded up)"),
    )
    answer_format = "an action: go <place letter>"
    example = "go Z"  # there is no place Z
    tools = (Tool("go", "Drive the road from here to a neighbouring place.", "go {place}",
                  (Param("place", "string", "the neighbouring place's letter", enum=tuple(PLACES)),)),)
    unit = ("unit of fuel", "units of fuel")
    lowercase = True
    invalid_hint = "write go and the letter of a neighbouring place, e.g. go B"

    def build(self, rng, params):
        n, k = params["n_places"], min(params["n_drops"], params["n_places"] - 1)
        roads = {}
        for b in range(1, n):
            roads[(rng.randrange(b), b)] = rng.randint(1, 9)
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if (a, b) not in roads]
        for a, b in rng.sample(pairs, min(params["extra_roads"], len(pairs))):
            roads[(a, b)] = rng.randint(1, 9)
        roads = [[a, b, w] for (a, b), w in sorted(roads.items())]
        drops = sorted(rng.sample(range(1, n), k))
        check = {"n": n, "roads": roads, "drops": drops, "depot": 0, "budget": 0}
        dist, step = all_pairs(n, roads)
        length, order = best_order(dist, 0, drops, 0)
        line, here = [], 0
        for target in order + [0]:
            while here != target:
                here = step[here][target]
                line.append(f"go {PLACES[here]}")
        check["budget"] = budget_for(length, params["slack_percent"])
        check["shortest"] = length
        road_text = "\n".join(f"- {PLACES[a]} - {PLACES[b]}: length {w}" for a, b, w in roads)
        question = (
            f"Delivery route. A van starts at the depot, place A, on a map of {n} places joined by two-way "
            f"roads:\n{road_text}\n\nParcels go to {self.names(drops)}. Each turn, drive one road from "
            f"where you are to a neighbouring place (go and its letter); that uses fuel equal to the "
            f"road's length. A parcel is delivered as soon as the van reaches its place. Deliver every "
            f"parcel and then return to A. An invalid action or a place with no road from here uses 1 "
            f"unit of fuel. You have {check['budget']} units of fuel.\n\n{self.describe(check, self.start_of(check))}")
        return self.draft(question, "\n".join(line), check)

    @staticmethod
    def names(places) -> str:
        letters = [PLACES[p] for p in places]
        return letters[0] if len(letters) == 1 else ", ".join(letters[:-1]) + " and " + letters[-1]

    @staticmethod
    def start_of(check) -> dict:
        return {"at": check["depot"], "left": list(check["drops"]), "fuel": 0, "wasted": 0}

    @staticmethod
    def describe(check, state) -> str:
        roads = sorted((b if a == state["at"] else a, w) for a, b, w in check["roads"] if state["at"] in (a, b))
        near = ", ".join(f"{PLACES[p]} ({w})" for p, w in roads)
        left = DeliveryRoute.names(state["left"]) if state["left"] else "none (return to A)"
        return f"The van is at {PLACES[state['at']]}. Roads from here: {near}. Parcels still to deliver: {left}."

    def spent(self, problem, state):
        return state["fuel"] + state["wasted"]

    def effort(self, problem):
        # Floyd-Warshall's n^3 relaxations plus Held-Karp's 2^k k^2 transitions
        n, k = problem.check["n"], len(problem.check["drops"])
        return n ** 3 + (1 << k) * k * k

    def start(self, problem):
        return self.start_of(problem.check)

    def act(self, problem, state, text):
        m = _GO.match(text)
        if not m:
            state["wasted"] += 1
            return f"Invalid action: {self.invalid_hint}.", None
        target, here = PLACES.index(m.group(1).upper()), state["at"]
        lengths = [w for a, b, w in problem.check["roads"] if {a, b} == {here, target} and a != b]
        if not lengths:
            state["wasted"] += 1
            return f"There is no road from {PLACES[here]} to {PLACES[target]}.", None
        state["at"], state["fuel"] = target, state["fuel"] + lengths[0]
        observation = f"You drive to {PLACES[target]} ({lengths[0]} fuel)."
        if target in state["left"]:
            state["left"].remove(target)
            observation += f" Parcel delivered at {PLACES[target]}."
        if not state["left"] and target == problem.check["depot"]:
            return f"{observation} Every parcel is delivered and the van is back at A.", WIN
        return observation, None

    def view(self, problem, state):
        return self.describe(problem.check, state)

    def unsolved(self, problem, state):
        return "the round was not finished."

    def plan(self, problem, state):
        move = reference_move(self, problem, state, lambda s: (s["at"], tuple(s["left"]), s["fuel"]))
        if move is not None:
            return move
        # off the reference route: the best tour from here over what is left, first road of it
        c = problem.check
        dist, step = all_pairs(c["n"], c["roads"])
        _, order = best_order(dist, state["at"], state["left"], c["depot"])
        target = (order or [c["depot"]])[0]
        if target == state["at"]:
            target = c["depot"]
        return f"go {PLACES[step[state['at']][target]]}"
