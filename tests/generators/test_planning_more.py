"""Behaviour tests for the second set of planning environments: hand-made instances with known
answers, the reference solvers against brute force, refused actions, near misses, determinism."""
import heapq
from collections import deque
from itertools import combinations, permutations

import pytest

import procgym
from answer_helpers import ok
from procgym import Problem
from procgym.generators.planning import block_stacking, bridge_torch, lamp_sequence, train_shunting

NAMES = ["planning/lamp_sequence", "planning/train_shunting", "planning/elevator_dispatch",
         "planning/block_stacking", "planning/delivery_route", "planning/crop_rotation", "planning/bridge_torch"]
TASKS = {name: procgym.get(name) for name in NAMES}


def made(name, check):
    return Problem(name, 0, 1, {}, "a hand-made instance", "", check)


def play(task, problem, actions):
    state, out = task.initial_state(problem), []
    for action in actions:
        state, observation, reward, done = task.step(problem, state, action)
        out.append((observation, reward, done))
        if done:
            break
    return out, state


def solved(task, problem, actions):
    out, _ = play(task, problem, actions)
    return bool(out) and out[-1][1] == 1.0 and out[-1][2]


@pytest.mark.parametrize("name", NAMES)
def test_reference_wins_and_is_deterministic(name):
    task = TASKS[name]
    for level in (1, 5, 10, 20):
        for seed in range(3):
            p = task.generate(seed=seed, difficulty=level)
            assert p == task.generate(seed=seed, difficulty=level)
            assert ok(p, p.answer)
            lines = p.answer.splitlines()
            assert not ok(p, "\n".join(lines[:-1]))            # one action short
            assert not ok(p, "\n".join(lines[:-1] + [lines[-1] + " I think"]))
            assert not ok(p, "\n".join(lines[:-1] + [f"not {lines[-1]}"]))


# --------------------------------------------------------------------------- lamp sequence

def brute_presses(n, reach, lamps):
    full = (1 << n) - 1
    for size in range(n + 1):
        for subset in combinations(range(n), size):
            state = lamps
            for i in subset:
                state ^= lamp_sequence.toggle_mask(n, reach, i)
            if state == full:
                return size
    return None


def test_lamp_hand_instance():
    task = TASKS["planning/lamp_sequence"]
    p = made("planning/lamp_sequence", {"n": 3, "reach": 1, "lamps": 0, "budget": 2, "optimal": 1})
    assert solved(task, p, ["press 2"])                          # switch 2 reaches all three lamps
    assert solved(task, p, ["switch 2"]) and solved(task, p, ["Press Switch 2"])
    out, _ = play(task, p, ["press 1", "press 1"])
    assert out[-1][1] == 0.0 and out[-1][2]                      # the budget is spent, lamps unlit
    out, state = play(task, p, ["press 4"])
    assert out[0][0].startswith("There is no switch 4") and state["lamps"] == 0
    for text in ("press 2 or press 1", "press 2 3", "press", "not press 2"):
        out, state = play(task, p, [text])
        assert out[0][1] == 0.0 and state["lamps"] == 0


def test_lamp_optimum_matches_brute_force():
    task = TASKS["planning/lamp_sequence"]
    for level in (1, 3, 6, 8):
        for seed in range(6):
            c = task.generate(seed=seed, difficulty=level).check
            assert c["optimal"] == brute_presses(c["n"], c["reach"], c["lamps"])
    # a row of 5 with reach 1 is singular (5 = 2 mod 3): lamp 1 alone off has no solution
    assert lamp_sequence.fewest_presses(5, 1, 0b11110) is None
    assert brute_presses(5, 1, 0b11110) is None


# --------------------------------------------------------------------------- train shunting

def brute_moves(wagons, k):
    """Breadth-first search over every legal move: the fewest moves that sort the train."""
    start = (0, tuple(() for _ in range(k)), 0)
    seen, queue = {start}, deque([(start, 0)])
    while queue:
        (pos, sidings, done), d = queue.popleft()
        if done == len(wagons):
            return d
        nxt = []
        if pos < len(wagons):
            if wagons[pos] == done + 1:
                nxt.append((pos + 1, sidings, done + 1))
            for i in range(k):
                s = list(sidings)
                s[i] = s[i] + (wagons[pos],)
                nxt.append((pos + 1, tuple(s), done))
        for i in range(k):
            if sidings[i] and sidings[i][-1] == done + 1:
                s = list(sidings)
                s[i] = s[i][:-1]
                nxt.append((pos, tuple(s), done + 1))
        for state in nxt:
            if state not in seen:
                seen.add(state)
                queue.append((state, d + 1))
    return None


def test_train_hand_instance():
    task = TASKS["planning/train_shunting"]
    p = made("planning/train_shunting", {"wagons": [2, 1, 3], "n_sidings": 1, "budget": 5, "moves": 4})
    assert solved(task, p, ["push A", "out", "pop A", "out"])
    assert solved(task, p, ["push into siding a", "out", "pop siding A", "out"])
    out, state = play(task, p, ["out"])
    assert out[0][0].startswith("Wagon 2 cannot go out") and state["pos"] == 0
    out, state = play(task, p, ["push B"])
    assert out[0][0].startswith("There is no siding B") and state["pos"] == 0
    # [3, 1, 2] with one siding: 3 must wait, and 1, 2 pass straight through
    assert train_shunting.solve([3, 1, 2], 0, [[]]) == ["push A", "out", "out", "pop A"]
    # [2, 3, 1] cannot be sorted with one siding (3 lands on 2), but can with two
    assert train_shunting.solve([2, 3, 1], 0, [[]]) is None
    assert len(train_shunting.solve([2, 3, 1], 0, [[], []])) == 5


def test_train_moves_match_brute_force():
    task = TASKS["planning/train_shunting"]
    for level in (1, 4, 6):
        for seed in range(5):
            c = task.generate(seed=seed, difficulty=level).check
            assert c["moves"] == brute_moves(c["wagons"], c["n_sidings"])


# --------------------------------------------------------------------------- elevator dispatch

def test_elevator_hand_instance():
    task = TASKS["planning/elevator_dispatch"]
    check = {"floors": 3, "from": [1, 3], "to": [3, 1], "capacity": 1, "start": 1, "budget": 8}
    p = made("planning/elevator_dispatch", check)
    # SCAN: board 1, up, up, open (1 out, 2 in), down, down, open
    line = task.scan_line(check)
    assert line == ["open", "up", "up", "open", "down", "down", "open"]
    assert solved(task, p, line)
    out, state = play(task, p, ["down"])
    assert out[0][0].startswith("The lift is on floor 1.") and state["floor"] == 1
    out, state = play(task, p, ["open", "up", "up", "open", "down", "open"])
    assert "nobody moves" in out[-1][0] and not out[-1][2]   # floor 2 is nobody's floor


def elevator_bfs(check):
    """The fewest turns by breadth-first search over (floor, riders, waiting)."""
    n = len(check["from"])
    start = (check["start"], frozenset(), frozenset(range(n)))
    seen, queue = {start}, deque([(start, 0)])
    while queue:
        (floor, riding, waiting), d = queue.popleft()
        if not riding and not waiting:
            return d
        leaving = {p for p in riding if check["to"][p] == floor}
        room = check["capacity"] - len(riding) + len(leaving)
        boarding = set(sorted(p for p in waiting if check["from"][p] == floor)[:room])
        nxt = [(floor, frozenset((riding - leaving) | boarding), frozenset(waiting - boarding))]
        nxt += [(f, riding, waiting) for f in (floor - 1, floor + 1) if 1 <= f <= check["floors"]]
        for s in nxt:
            if s not in seen:
                seen.add(s)
                queue.append((s, d + 1))


def test_elevator_budget_is_scan_and_never_below_the_optimum():
    task = TASKS["planning/elevator_dispatch"]
    for level in (1, 4, 10):
        for seed in range(4):
            p = task.generate(seed=seed, difficulty=level)
            assert len(p.answer.splitlines()) == p.check["scan_turns"]
            assert elevator_bfs(p.check) <= p.check["scan_turns"] <= p.check["budget"]


# --------------------------------------------------------------------------- block stacking

def blocks_bfs(start, goal):
    n = len(start)
    seen, queue = {tuple(start)}, deque([(tuple(start), 0)])
    while queue:
        on, d = queue.popleft()
        if list(on) == goal:
            return d
        clear = block_stacking.clear_blocks(list(on))
        for x in clear:
            for y in [block_stacking.TABLE] + clear:
                if y != x and on[x] != y:
                    s = list(on)
                    s[x] = y
                    s = tuple(s)
                    if s not in seen:
                        seen.add(s)
                        queue.append((s, d + 1))


def test_blocks_hand_instance():
    task = TASKS["planning/block_stacking"]
    p = made("planning/block_stacking", {"start": [1, -1, -1], "goal": [-1, 0, 1], "budget": 4,
                                         "policy_moves": 3})   # A on B, C; goal C on B on A
    assert task.line([1, -1, -1], [-1, 0, 1]) == ["move A onto table", "move B onto A", "move C onto B"]
    assert solved(task, p, ["move A onto the table", "put B on A", "move block C on top of block B"])
    out, state = play(task, p, ["move B onto C"])
    assert out[0][0].startswith("Block B is not clear.") and state["on"] == [1, -1, -1]
    out, state = play(task, p, ["move A onto A"])
    assert out[0][0].startswith("A block cannot go on itself.")
    assert block_stacking.tower_text([1, -1, -1]) == "A on B on the table; C on the table"


def test_blocks_policy_between_optimum_and_twice_n():
    task = TASKS["planning/block_stacking"]
    for level in (1, 3, 5, 7):
        for seed in range(5):
            c = task.generate(seed=seed, difficulty=level).check
            best = blocks_bfs(c["start"], c["goal"])
            assert 1 <= best <= c["policy_moves"] <= 2 * len(c["start"])


# --------------------------------------------------------------------------- delivery route

def tour_brute(check):
    n = check["n"]
    adj = {i: [] for i in range(n)}
    for a, b, w in check["roads"]:
        adj[a].append((b, w))
        adj[b].append((a, w))

    def dijkstra(s):
        dist, heap = {s: 0}, [(0, s)]
        while heap:
            d, x = heapq.heappop(heap)
            if d > dist[x]:
                continue
            for y, w in adj[x]:
                if d + w < dist.get(y, 1 << 30):
                    dist[y] = d + w
                    heapq.heappush(heap, (d + w, y))
        return dist

    dist = {s: dijkstra(s) for s in range(n)}
    return min(sum(dist[a][b] for a, b in zip((0,) + order, order + (0,))) for order in permutations(check["drops"]))


def test_delivery_shortest_matches_brute_force():
    task = TASKS["planning/delivery_route"]
    for level in (1, 5, 8):
        for seed in range(4):
            p = task.generate(seed=seed, difficulty=level)
            assert p.check["shortest"] == tour_brute(p.check)


def test_delivery_hand_instance():
    task = TASKS["planning/delivery_route"]
    check = {"n": 3, "roads": [[0, 1, 2], [1, 2, 3], [0, 2, 9]], "drops": [2], "depot": 0, "budget": 11}
    p = made("planning/delivery_route", check)
    assert solved(task, p, ["go B", "go C", "go B", "go A"])          # 2 + 3 + 3 + 2 = 10 fuel
    assert solved(task, p, ["drive to B", "go to place c", "Travel to B", "go a"])
    out, state = play(task, p, ["go C", "go B", "go A"])            # 9 + 3 + 2 = 14: out of fuel at B
    assert len(out) == 2 and out[-1][1] == 0.0 and out[-1][2] and state["fuel"] == 12
    out, state = play(task, p, ["go A"])
    assert out[0][0].startswith("There is no road from A to A.") and state["wasted"] == 1


# --------------------------------------------------------------------------- crop rotation

def crop_brute(check):
    """Exhaustive search over every sequence of plantings and rests: the most coins."""
    def best(day, soil):
        top = 0
        if day < check["days"]:
            top = best(day + 1, min(check["top"], soil + 1))
        for c in check["crops"]:
            if soil >= c["need"] and day + c["grow"] <= check["days"]:
                top = max(top, c["value"] + best(day + c["grow"], max(0, min(check["top"], soil + c["soil"]))))
        return top
    return best(0, check["soil"])


def test_crop_optimum_matches_brute_force():
    task = TASKS["planning/crop_rotation"]
    for level in (1, 3, 6):
        for seed in range(4):
            c = task.generate(seed=seed, difficulty=level).check
            assert c["optimum"] == crop_brute(c)


def test_crop_hand_instance():
    task = TASKS["planning/crop_rotation"]
    crops = [{"name": "wheat", "grow": 2, "need": 2, "soil": -2, "value": 10},
             {"name": "beans", "grow": 1, "need": 0, "soil": 2, "value": 1}]
    check = {"days": 4, "top": 3, "crops": crops, "soil": 1, "target": 12, "optimum": 12, "budget": 4}
    p = made("planning/crop_rotation", check)
    # beans (soil 3), wheat (soil 1), then one day left: beans again; resting first loses a day
    assert crop_brute(check) == 12
    assert solved(task, p, ["plant beans", "plant wheat", "plant beans"])
    out, state = play(task, p, ["plant wheat"])
    assert out[0][0].startswith("The soil is too poor for wheat") and state["wasted"] == 1
    out, _ = play(task, p, ["rest", "plant wheat", "plant beans"])
    assert out[-1][1] == 0.0 and out[-1][2]


# --------------------------------------------------------------------------- bridge and torch

def bridge_brute(times):
    """Uniform-cost search over (who is on the near side, torch side), every group of one or two."""
    n = len(times)
    start = ((1 << n) - 1, 1)
    dist, heap = {start: 0}, [(0, start)]
    while heap:
        d, (near, torch) = heapq.heappop(heap)
        if near == 0:
            return d
        if d > dist[(near, torch)]:
            continue
        side = [p for p in range(n) if (near >> p & 1) == torch]
        for group in [(p,) for p in side] + list(combinations(side, 2)):
            state = (near ^ sum(1 << p for p in group), 1 - torch)
            cost = d + max(times[p] for p in group)
            if cost < dist.get(state, 1 << 30):
                dist[state] = cost
                heapq.heappush(heap, (cost, state))


def test_bridge_classic_puzzle():
    assert bridge_torch.classic_plan([1, 2, 5, 10])[0] == 17
    assert bridge_torch.classic_plan([1, 20, 21, 22])[0] == 22 + 1 + 21 + 1 + 20   # escorting wins: 65
    assert bridge_brute([1, 20, 21, 22]) == 65
    task = TASKS["planning/bridge_torch"]
    p = made("planning/bridge_torch", {"times": [1, 2, 5, 10], "budget": 17, "optimum": 17})
    assert solved(task, p, ["cross A and B", "cross A", "cross C and D", "cross B", "cross A and B"])
    assert solved(task, p, ["cross a b", "go A", "walk c, d", "cross b", "cross B and A"])
    out, _ = play(task, p, ["cross A and D", "cross A", "cross A and C", "cross A", "cross A and B"])
    assert out[-1][1] == 0.0 and out[-1][2]                  # 10 + 1 + 5 + 1 + 2 = 19 > 17
    out, state = play(task, p, ["cross A", "cross B"])
    assert out[1][0].startswith("B is not at the torch's end") and state["wasted"] == 1
    out, state = play(task, p, ["cross A and A"])
    assert state["wasted"] == 1 and state["near"] == 15


def test_bridge_optimum_matches_brute_force():
    task = TASKS["planning/bridge_torch"]
    for level in (1, 4, 8, 12):
        for seed in range(4):
            c = task.generate(seed=seed, difficulty=level).check
            assert c["optimum"] == bridge_brute(c["times"])
