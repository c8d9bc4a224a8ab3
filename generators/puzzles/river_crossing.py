"""River crossings (a farmer ferrying quarrelsome items; missionaries and cannibals): crossings
checked by simulation within a budget."""
from __future__ import annotations

import re
from collections import deque
from itertools import combinations

from procgym import Draft, Knob, Task, register
from procgym.kit import preview, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._plans import beyond_goal, ordinal_list, read_steps

ITEMS = ("wolf", "goat", "cabbage", "dog", "cat", "mouse", "cheese", "fox", "hen", "corn", "lion", "rabbit",
         "carrot", "snake", "frog", "fly")


# ------------------------------------------------------------------ farmer and items

def item_trips(state: tuple[int, int], n: int, capacity: int):
    """(load, next state) for each crossing: the farmer (bit n) takes up to `capacity` items
    from his bank. A state is (mask of items on the far bank, farmer's side 0/1)."""
    far, side = state
    here = [i for i in range(n) if (far >> i & 1) == side]
    for k in range(capacity + 1):
        for load in combinations(here, k):
            m = sum(1 << i for i in load)
            yield load, (far ^ m, 1 - side)


def item_state_ok(state, n: int, conflicts) -> bool:
    far, side = state
    for a, b in conflicts:
        sa, sb = far >> a & 1, far >> b & 1
        if sa == sb and sa != side:  # together on the bank the farmer is not on
            return False
    return True


def item_bfs(n: int, capacity: int, conflicts) -> list | None:
    """A shortest list of loads (tuples of item indices) taking everything across, or None."""
    start, goal = (0, 0), ((1 << n) - 1, 1)
    parent = {start: None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            trips = []
            while parent[s] is not None:
                s, load = parent[s]
                trips.append(load)
            return trips[::-1]
        for load, t in item_trips(s, n, capacity):
            if t not in parent and item_state_ok(t, n, conflicts):
                parent[t] = (s, load)
                queue.append(t)
    return None


# ------------------------------------------------------------------ missionaries and cannibals

def people_ok(m: int, c: int) -> bool:
    """No group where missionaries are present and outnumbered."""
    return m == 0 or m >= c


def people_bfs(missionaries: int, cannibals: int, capacity: int) -> list | None:
    """A shortest list of boat loads (m, c) taking everyone across, or None. A state is
    (missionaries on the start bank, cannibals on the start bank, boat side)."""
    start, goal = (missionaries, cannibals, 0), (0, 0, 1)
    parent = {start: None}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if s == goal:
            trips = []
            while parent[s] is not None:
                s, load = parent[s]
                trips.append(load)
            return trips[::-1]
        m0, c0, side = s
        avail_m, avail_c = (m0, c0) if side == 0 else (missionaries - m0, cannibals - c0)
        for bm in range(min(avail_m, capacity) + 1):
            for bc in range(min(avail_c, capacity - bm) + 1):
                if bm + bc == 0 or not people_ok(bm, bc):
                    continue
                sign = -1 if side == 0 else 1
                t = (m0 + sign * bm, c0 + sign * bc, 1 - side)
                if t in parent:
                    continue
                if people_ok(t[0], t[1]) and people_ok(missionaries - t[0], cannibals - t[1]):
                    parent[t] = (s, (bm, bc))
                    queue.append(t)
    return None


_LOAD = re.compile(r"[MC]+")


@register
class RiverCrossing(Task):
    """Get everyone across a river in a small boat within a budget of crossings. Two kinds: a
    farmer ferrying items where some pairs may not be left on a bank without him (wolf, goat and
    cabbage, generalised), and missionaries and cannibals, where cannibals may never outnumber
    missionaries on a bank or in the boat. Instances are random (which items quarrel, how many
    people, the boat's size), kept only when a breadth-first search finds a solution; the
    budget is the BFS minimum plus a slack. Answers are replayed crossing by crossing. Higher
    levels add items, conflicts and people and shrink the slack to zero (only a shortest
    crossing plan fits)."""

    name = "puzzles/river_crossing"
    released_dips = {
        4: "level 4 gives a two-seat boat where level 3 had one seat, which shortens the reference crossing",
    }
    knobs = (
        Knob("kind", [["items"], ["items"], ["items", "people"], ["items", "people"], ["items", "people"],
                      ["items", "people"], ["items", "people"], ["items", "people"], ["items", "people"],
                      ["items", "people"]] + [["items", "people"]] * 10, choices=("items", "people"),
             doc="farmer and items, or missionaries and cannibals"),
        # past level 10 the farmer keeps eight items (a search over nine or more takes seconds) and
        # more of their pairs quarrel, while the missionaries and cannibals grow in number
        Knob("items", [3, 3, 4, 4, 5, 5, 6, 6, 7, 8] + [8] * 10, (2, 16), doc="items the farmer ferries"),
        Knob("conflicts", [2, 2, 2, 3, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], (0, 30),
             doc="pairs that may not be left alone"),
        Knob("people", [2, 3, 3, (3, 4), (3, 5), (4, 5), (4, 6), (5, 6), (5, 7), (6, 8), (6, 9), (7, 9), (7, 10),
                        (8, 10), (8, 11), (9, 12), (10, 13), (11, 14), (12, 15), (13, 16)], (1, 30),
             doc="missionaries (and as many cannibals, or one fewer)"),
        Knob("boat", [1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (1, 6),
             doc="items (besides the farmer) or people the boat holds; raised where a smaller boat admits no solution"),
        Knob("slack", [6, 4, 4, 2, 2, 1, 1, 0, 0, 0] + [0] * 10, (0, 50), doc="crossings allowed beyond the minimum"),
    )
    answer_format = "the crossings in order as a comma-separated list"
    example = "goat, nothing, wolf, nothing"  # an even number of crossings leaves the farmer behind: never an answer

    def effort(self, problem):
        # crossings of the reference solution, plus the conflicts every crossing is checked against
        return len(problem.answer.split(",")) + len(problem.check.get("conflicts", []))

    def build(self, rng, params):
        if params["kind"] == "items":
            return self._items(rng, params)
        return self._people(rng, params)

    def _items(self, rng, params):
        n, capacity = params["items"], params["boat"]
        pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
        best = None
        for attempt in range(25):
            names = rng.sample(ITEMS, n)
            chosen = rng.sample(pairs, min(params["conflicts"], len(pairs)))
            cap = min(capacity, n)
            trips = None
            while cap <= n and trips is None:
                trips = item_bfs(n, cap, chosen)
                if trips is None:
                    cap += 1
            # prefer instances whose shortest plan is long (more back-and-forth than a plain shuttle)
            plain = 2 * ((n + cap - 1) // cap) - 1
            score = (cap == min(capacity, n), len(trips) - plain)
            if best is None or score > best[0]:
                best = (score, names, chosen, cap, trips)
            if score[0] and score[1] >= 2:  # at least one extra round trip
                break
        _, names, chosen, cap, trips = best
        budget = len(trips) + params["slack"]
        rules = "; ".join(f"the {names[a]} and the {names[b]}" for a, b in sorted(chosen))
        question = (f"A farmer stands on the left bank of a river with {ordinal_list(['the ' + x for x in names])}"
                    f" and must bring all of them to the right bank. His boat holds the farmer and at most {cap} "
                    f"item{'s' if cap > 1 else ''}; only the farmer rows, so he is in the boat on every crossing. "
                    + (f"These pairs must never be together on a bank while the farmer is on the other bank: {rules}."
                       if chosen else "No pair of items quarrels.")
                    + f"\n\nGet everything across in at most {budget} crossings. Crossings alternate, starting "
                    "from the left bank. Write each crossing as what the farmer takes with him, items joined by +, "
                    "or nothing when he crosses alone.")
        answer = ", ".join("+".join(names[i] for i in load) or "nothing" for load in trips)
        check = {"kind": "items", "names": names, "conflicts": [list(p) for p in sorted(chosen)], "boat": cap,
                 "budget": budget}
        # an even number of crossings ends with the farmer on the left bank: never an answer
        example = f"{names[0]}, nothing, {names[1]}" + (f"+{names[-1]}" if cap > 1 else "") + ", nothing"
        return Draft(question, answer, check,
                     answer_format="the crossings in order as a comma-separated list, each crossing as the items "
                                   "taken joined by + (for example goat+cabbage) or nothing",
                     example=example)

    def _people(self, rng, params):
        m = params["people"]
        c = m if rng.random() < 0.75 or m < 2 else m - 1  # sometimes one cannibal fewer
        cap = params["boat"] + (1 if rng.random() < 0.3 else 0)
        trips = None
        while trips is None:
            cap = max(cap, 1)
            trips = people_bfs(m, c, cap)
            if trips is None:
                cap += 1
        budget = len(trips) + params["slack"]
        question = (f"{m} missionaries and {c} cannibals stand on the left bank of a river with a boat that holds at "
                    f"most {cap} {'people' if cap > 1 else 'person'} and needs at least one person to cross. "
                    "Cannibals may never outnumber missionaries: on either bank (counting everyone there after the "
                    "boat has landed and been emptied) and in the boat, wherever there is at least one missionary "
                    "there must be at least as many missionaries as cannibals.\n\n"
                    f"Get everyone to the right bank in at most {budget} crossings. Crossings alternate, starting from "
                    "the left bank. Write each crossing as the people in the boat, one letter per person: M for a "
                    "missionary, C for a cannibal (for example MC or CC).")
        answer = ", ".join("M" * bm + "C" * bc for bm, bc in trips)
        return Draft(question, answer, {"kind": "people", "m": m, "c": c, "boat": cap, "budget": budget},
                     answer_format="the crossings in order as a comma-separated list, each crossing as the letters of "
                                   "the people in the boat (M for a missionary, C for a cannibal)",
                     example="CC, C, MM")

    def grade(self, answer, problem):
        c = problem.check
        try:
            items = read_steps(answer, "crossing")
        except ParseError as exc:
            return refused(exc)
        if c["kind"] == "items":
            verdict = self._grade_items(items, c)
        else:
            verdict = self._grade_people(items, c)
        if verdict is not None:
            return verdict
        if len(items) > c["budget"]:
            return wrong(f"That takes {len(items)} crossings; at most {c['budget']} are allowed.")
        return right()

    @staticmethod
    def _grade_items(items, c):
        names = c["names"]
        n = len(names)
        index = {x: i for i, x in enumerate(names)}
        far, side = 0, 0
        for k, item in enumerate(items, 1):
            text = " ".join(item.lower().split())
            if text in ("nothing", "alone"):
                load = []
            else:
                load = []
                for part in text.split("+"):
                    word = part.strip()
                    if word.startswith("the "):
                        word = word[4:].strip()
                    if word not in index:
                        return wrong(f"Crossing {k}: {preview(part.strip(), 24)} is not one of the items.")
                    if index[word] in load:
                        return wrong(f"Crossing {k} names the {word} twice.")
                    load.append(index[word])
            if len(load) > c["boat"]:
                return wrong(f"Crossing {k} carries {len(load)} items; the boat holds at most {c['boat']}.")
            bank = "left" if side == 0 else "right"
            for i in load:
                if (far >> i & 1) != side:
                    return wrong(f"Crossing {k} is illegal: the {names[i]} is not on the {bank} bank.")
            for i in load:
                far ^= 1 << i
            side = 1 - side
            for a, b in c["conflicts"]:
                sa, sb = far >> a & 1, far >> b & 1
                if sa == sb and sa != side:
                    where = "left" if sa == 0 else "right"
                    return wrong(f"After crossing {k} the {names[a]} and the {names[b]} are alone on the {where} bank.")
            if far == (1 << n) - 1 and k < len(items):
                return wrong(beyond_goal(k, len(items), "crossing"))
        if far != (1 << n) - 1:
            left = [names[i] for i in range(n) if not far >> i & 1]
            return wrong(f"After the last crossing the {ordinal_list(left)} {'is' if len(left) == 1 else 'are'} "
                         "still on the left bank.")
        return None

    @staticmethod
    def _grade_people(items, c):
        total_m, total_c, cap = c["m"], c["c"], c["boat"]
        m0, c0, side = total_m, total_c, 0
        for k, item in enumerate(items, 1):
            text = "".join(item.split()).upper()
            if not _LOAD.fullmatch(text):
                return wrong(f"Crossing {k} {preview(item, 24)} is not a boat load: write letters M and C, like MC.")
            bm, bc = text.count("M"), text.count("C")
            if bm + bc > cap:
                return wrong(f"Crossing {k} carries {bm + bc} people; the boat holds at most {cap}.")
            have_m, have_c = (m0, c0) if side == 0 else (total_m - m0, total_c - c0)
            bank = "left" if side == 0 else "right"
            if bm > have_m:
                return wrong(f"Crossing {k} is illegal: only {have_m} "
                             f"{'missionary is' if have_m == 1 else 'missionaries are'} on the {bank} bank.")
            if bc > have_c:
                return wrong(f"Crossing {k} is illegal: only {have_c} "
                             f"{'cannibal is' if have_c == 1 else 'cannibals are'} on the {bank} bank.")
            if not people_ok(bm, bc):
                return wrong(f"Crossing {k} is illegal: the cannibals outnumber the missionaries in the boat.")
            sign = -1 if side == 0 else 1
            m0, c0, side = m0 + sign * bm, c0 + sign * bc, 1 - side
            if not people_ok(m0, c0):
                return wrong(f"After crossing {k} the cannibals outnumber the missionaries on the left bank.")
            if not people_ok(total_m - m0, total_c - c0):
                return wrong(f"After crossing {k} the cannibals outnumber the missionaries on the right bank.")
            if (m0, c0) == (0, 0) and k < len(items):
                return wrong(beyond_goal(k, len(items), "crossing"))
        if (m0, c0) != (0, 0):
            return wrong(f"After the last crossing {m0} missionaries and {c0} cannibals are still on the left bank.")
        return None
