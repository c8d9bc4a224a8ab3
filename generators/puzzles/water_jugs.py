"""Water jugs: fill, empty and pour steps that measure a target amount, checked by simulation."""
from __future__ import annotations

import functools
import re
from collections import deque

from procgym import Draft, Knob, Task, register
from procgym.kit import preview, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._boards import LETTERS
from ._plans import beyond_goal, ordinal_list, read_steps

# fill X, empty X, pour X Y; "jug X" for X and "into" between the jugs read the same
_STEP = re.compile(r"(fill|empty)\s+(?:jug\s+)?([a-z])|pour\s+(?:jug\s+)?([a-z])\s*(?:->|\s+into\s+|\s+to\s+|\s)\s*"
                   r"(?:jug\s+)?([a-z])", re.IGNORECASE)


def jug_moves(state: tuple[int, ...], caps: tuple[int, ...], tap: bool):
    """(step text, next state) for every step from `state`; steps that change nothing are left
    out (they are legal but never useful)."""
    fills, pours = _step_texts(len(caps))
    if tap:
        for i, fill, empty in fills:
            if state[i] < caps[i]:
                yield fill, state[:i] + (caps[i],) + state[i + 1:]
            if state[i] > 0:
                yield empty, state[:i] + (0,) + state[i + 1:]
    for i, j, pour in pours:
        amount = min(state[i], caps[j] - state[j])
        if amount > 0:
            s = list(state)
            s[i] -= amount
            s[j] += amount
            yield pour, tuple(s)


@functools.lru_cache(maxsize=None)
def _step_texts(n: int):
    """The step texts for n jugs, in the order the steps are tried (written once, not per state:
    the breadth-first search of bigger jugs visits thousands of states)."""
    fills = [(i, f"fill {LETTERS[i]}", f"empty {LETTERS[i]}") for i in range(n)]
    pours = [(i, j, f"pour {LETTERS[i]} {LETTERS[j]}") for i in range(n) for j in range(n) if i != j]
    return fills, pours


def apply_pour(state, caps, i: int, j: int) -> tuple[int, ...]:
    amount = min(state[i], caps[j] - state[j])
    s = list(state)
    s[i] -= amount
    s[j] += amount
    return tuple(s)


def bfs(start: tuple[int, ...], caps: tuple[int, ...], tap: bool) -> dict:
    """Breadth-first search over jug states: state -> (distance, parent state, step).

    The steps are those of `jug_moves`, in its order, written out here: past level 10 a search
    visits thousands of states per attempt, and the generator's overhead doubles its time."""
    fills, pours = _step_texts(len(caps))
    seen = {start: (0, None, None)}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        d = seen[s][0] + 1
        nexts = []
        if tap:
            for i, fill, empty in fills:
                if s[i] < caps[i]:
                    nexts.append((fill, s[:i] + (caps[i],) + s[i + 1:]))
                if s[i] > 0:
                    nexts.append((empty, s[:i] + (0,) + s[i + 1:]))
        for i, j, pour in pours:
            amount = min(s[i], caps[j] - s[j])
            if amount > 0:
                t = list(s)
                t[i] -= amount
                t[j] += amount
                nexts.append((pour, tuple(t)))
        for text, t in nexts:
            if t not in seen:
                seen[t] = (d, s, text)
                queue.append(t)
    return seen


def path_to(seen: dict, state) -> list[str]:
    steps = []
    while seen[state][1] is not None:
        _, prev, text = seen[state]
        steps.append(text)
        state = prev
    return steps[::-1]


def options_along(steps: list[str], start: tuple[int, ...], caps: tuple[int, ...], tap: bool) -> int:
    """How many useful steps there are to choose from at each state the plan `steps` passes
    through, summed: the choices a solver weighs along the way (more jugs and a tap mean more of
    them at every step; a longer plan means more steps)."""
    state, total = start, 0
    for step in steps:
        options = dict(jug_moves(state, caps, tap))
        total += len(options)
        state = options[step]
    return total


def goal_met(state, goal: dict) -> bool:
    kind = goal["kind"]
    if kind == "any":
        return goal["amount"] in state
    if kind == "jug":
        return state[goal["jug"]] == goal["amount"]
    return list(state) == goal["state"]


def goal_text(goal: dict, n: int) -> str:
    if goal["kind"] == "any":
        return f"some jug holds exactly {goal['amount']} litres"
    if goal["kind"] == "jug":
        return f"jug {LETTERS[goal['jug']]} holds exactly {goal['amount']} litres"
    parts = [f"{LETTERS[i]} holds {v}" for i, v in enumerate(goal["state"])]
    return "the jugs hold exactly these amounts: " + ordinal_list(parts)


def steps_problem(items: list[str], c: dict) -> str | None:
    """Why the steps do not measure the goal of the check `c` (or not in the fewest steps where
    that is asked, or go on after it is met), or None when they do."""
    caps, tap = c["caps"], c["tap"]
    n = len(caps)
    state = list(c["start"])
    for k, item in enumerate(items, 1):
        m = _STEP.fullmatch(item.strip())
        if not m:
            return f"Step {k} {preview(item, 24)} is not a step: write fill X, empty X or pour X Y."
        if m.group(1):
            verb, x = m.group(1).lower(), ord(m.group(2).upper()) - 65
            if x >= n:
                return f"Step {k}: there is no jug {m.group(2).upper()}."
            if not tap:
                return f"Step {k} ({verb} {LETTERS[x]}) is illegal: there is no tap or drain, only pouring."
            state[x] = caps[x] if verb == "fill" else 0
        else:
            x, y = ord(m.group(3).upper()) - 65, ord(m.group(4).upper()) - 65
            for j in (x, y):
                if j >= n:
                    return f"Step {k}: there is no jug {LETTERS[j]}."
            if x == y:
                return f"Step {k} pours jug {LETTERS[x]} into itself."
            state = list(apply_pour(tuple(state), caps, x, y))
        if goal_met(tuple(state), c["goal"]) and k < len(items):
            return beyond_goal(k, len(items), "step")
    if not goal_met(tuple(state), c["goal"]):
        amounts = ", ".join(f"{LETTERS[i]}={v}" for i, v in enumerate(state))
        return f"After the last step the jugs hold {amounts}, which is not the target."
    if c["minimal"] and len(items) != c["fewest"]:
        return f"Those {len(items)} steps reach the target, but fewer steps can."
    return None


@register
class WaterJugs(Task):
    """Measure water with unmarked jugs: fill a jug from the tap, empty it onto the ground, or
    pour one jug into another until the first is empty or the second is full. Without a tap the
    water starts in the largest jug and may only be poured between jugs. The target (some jug,
    a named jug, or an exact amount in every jug) is chosen among the states a breadth-first
    search reaches at the wanted depth; answers are replayed step by step. Low levels require
    the fewest steps (checked against the BFS distance); higher levels add a third jug, drop the
    tap, ask for exact amounts in every jug and push the target deeper into the search. Past
    level 10 three jugs with a tap (more steps to choose from at every state) grow to 20 litres
    with targets up to 18 steps deep, and the last three levels again require the fewest steps.
    Generation runs a full BFS per attempt: about 50-80 problems/s past level 14."""

    name = "puzzles/water_jugs"
    knobs = (
        Knob("jugs", [2, 2, 2, 2, 2, 3, 3, 3, 3, 3] + [3] * 10, (2, 4), doc="number of jugs"),
        Knob("max_capacity", [5, 7, 9, 11, 13, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 20, 20, 20], (3, 20),
             doc="largest jug capacity"),
        Knob("depth", [(2, 3), (3, 4), (4, 6), (5, 7), (6, 9), (5, 7), (6, 8), (7, 10), (8, 12), (9, 14), (9, 12),
                       (10, 13), (11, 14), (12, 15), (12, 16), (13, 16), (13, 17), (14, 17), (14, 18), (15, 18)],
             (1, 40), doc="fewest steps that reach the target"),
        Knob("goal", [["any"], ["any"], ["any", "jug"], ["jug"], ["jug"], ["jug"], ["jug", "state"], ["state"],
                      ["state"], ["state"]] + [["state"]] * 10, choices=("any", "jug", "state"), doc="what must be measured"),
        Knob("tap", [True, True, True, True, True, True, [True, False], [True, False], [True, False], False] + [True] * 10,
             doc="a tap to fill from and a drain to empty into (else the water is fixed)"),
        Knob("minimal", [True, True, True, True, True, False, False, False, False, False] + [False] * 7 + [True] * 3,
             doc="require the fewest possible steps"),
    )
    answer_format = ("the steps in order as a comma-separated list, each step written as fill X, empty X or "
                     "pour X Y (pour from jug X into jug Y)")
    example = "fill A, pour A B, empty Z"  # there is no jug Z (at most four jugs): never an answer

    def build(self, rng, params):
        n, top, tap = params["jugs"], params["max_capacity"], params["tap"]
        want = params["depth"]
        if top - 1 < n:
            raise ValueError(f"knob 'max_capacity': {top} is too small for {n} distinct jugs")
        best = None
        for attempt in range(40):
            caps = tuple(sorted(rng.sample(range(2, top + 1), n), reverse=True))
            start = (0,) * n if tap else (caps[0],) + (0,) * (n - 1)
            seen = bfs(start, caps, tap)
            by_depth: dict[int, list] = {}
            for g, d in self._goals(params["goal"], seen, caps, start):
                by_depth.setdefault(d, []).append(g)
            if not by_depth:
                continue
            d = min(by_depth, key=lambda k: (abs(k - want), -k))  # the depth nearest the wanted one
            if best is None or abs(d - want) < abs(best[-1] - want):
                best = (caps, start, seen, rng.choice(by_depth[d]), d)
            if abs(d - want) <= 1:  # two-jug depths often share a parity: one off is close enough
                break
        if best is None:
            raise ValueError("no jugs with a reachable target were found; raise max_capacity")
        caps, start, seen, goal, _ = best
        target = min((s for s in seen if goal_met(s, goal)), key=lambda s: (seen[s][0], s))
        steps = path_to(seen, target)
        names = ordinal_list([f"{LETTERS[i]} ({c} litres)" for i, c in enumerate(caps)])
        if tap:
            setup = (f"You have {n} unmarked jugs, {names}, all empty, a tap and a drain. A step is one of: "
                     "fill X (fill jug X to the brim from the tap), empty X (pour all of jug X down the drain), "
                     "pour X Y (pour from jug X into jug Y until X is empty or Y is full).")
        else:
            setup = (f"You have {n} unmarked jugs, {names}. Jug A is full and the others are empty; there is no "
                     "tap and no drain, so water can only be poured between jugs. A step is pour X Y (pour from "
                     "jug X into jug Y until X is empty or Y is full).")
        ask = (f"Give steps after which {goal_text(goal, n)}. "
               + ("Use the fewest possible steps." if params["minimal"] else
                  "Any sequence of steps that does it is accepted."))
        check = {"caps": list(caps), "start": list(start), "tap": tap, "goal": goal, "minimal": params["minimal"],
                 "fewest": len(steps)}
        return Draft(f"{setup}\n\n{ask}", ", ".join(steps), example=None if tap else "pour A B, pour B Z",
                     check=check)

    @staticmethod
    def _goals(kind: str, seen: dict, caps, start):
        """(goal, BFS depth) for every goal of this kind that is reachable and not trivial."""
        out = []
        if kind == "any":
            best: dict[int, int] = {}
            for s, (d, _, _) in seen.items():
                for v in set(s):
                    if 0 < v and v not in caps and d < best.get(v, 1 << 30):
                        best[v] = d
            out = [({"kind": "any", "amount": v}, d) for v, d in sorted(best.items())]
        elif kind == "jug":
            best2: dict[tuple[int, int], int] = {}
            for s, (d, _, _) in seen.items():
                for i, v in enumerate(s):
                    if 0 < v < caps[i] and v != start[i] and d < best2.get((i, v), 1 << 30):
                        best2[(i, v)] = d
            out = [({"kind": "jug", "jug": i, "amount": v}, d) for (i, v), d in sorted(best2.items())]
        else:
            out = [({"kind": "state", "state": list(s)}, d) for s, (d, _, _) in sorted(seen.items())
                   if d > 0 and any(0 < v < c for v, c in zip(s, caps))]
        return out

    def effort(self, problem):
        # the useful steps to choose from at every state of the reference plan (a fewest-steps plan)
        c = problem.check
        return options_along(problem.answer.split(", "), tuple(c["start"]), tuple(c["caps"]), c["tap"])

    def grade(self, answer, problem):
        try:
            items = read_steps(answer, "step")
        except ParseError as exc:
            return refused(exc)
        why = steps_problem(items, problem.check)
        return wrong(why) if why else right()
