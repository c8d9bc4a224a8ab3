"""Games with hidden state (hot and cold, light switches, robot vacuum, pancake flipping, keys and doors,
submarine hunt, fox hunt): exact observations worked by hand, the
reference policies against brute force, accepted and refused actions, determinism."""
import itertools

import pytest

import procgym
from answer_helpers import ok
from procgym.generators.games import hot_cold, light_switches, pancake_flip, robot_vacuum

HOT_COLD, SWITCHES, VACUUM, PANCAKES = (procgym.get(f"games/{n}") for n in
                                        ("hot_cold", "light_switches", "robot_vacuum", "pancake_flip"))


def play(task, problem, actions):
    """Step through `actions`; the (observation, reward, done) of each turn and the last state."""
    state, out = task.initial_state(problem), []
    for action in actions:
        state, observation, reward, done = task.step(problem, state, action)
        out.append((observation, reward, done))
        if done:
            break
    return out, state


def policy_line(task, problem, limit=500):
    """The reference policy's actions and the final reward."""
    state, actions, done, reward = task.initial_state(problem), [], False, 0.0
    while not done:
        actions.append(task.policy(problem, state))
        state, _, reward, done = task.step(problem, state, actions[-1])
        assert len(actions) <= limit, "the episode did not end"
    return actions, reward


# --------------------------------------------------------------------------- hot and cold

def hot_cold_problem(secret, lows, size, budget=40):
    p = HOT_COLD.generate(seed=0, difficulty=1 if len(secret) == 2 else 10, size=size)
    p.check.update({"secret": list(secret), "lows": list(lows), "budget": budget})
    return p


def test_hot_cold_replies_compare_manhattan_distances():
    p = hot_cold_problem((5, 7), (1, 1), 8)
    steps, state = play(HOT_COLD, p, ["probe 1 1", "probe 2, 1", "(2 1)", "probe 4 7", "probe 6 7", "5 7"])
    observations = [o.split("\n")[0] for o, _, _ in steps]
    assert observations == [
        "Probe (1, 1): not here (nothing to compare with yet).",
        "Probe (2, 1): warmer than (1, 1).",          # 9 -> 8
        "Probe (2, 1): at the same distance as (2, 1).",   # the same point again
        "Probe (4, 7): warmer than (2, 1).",           # 8 -> 1
        "Probe (6, 7): at the same distance as (4, 7).",    # 1 -> 1
        "Probe (5, 7): found the hidden cell! Solved in 6 turns.",
    ]
    assert steps[-1][1:] == (1.0, True)


@pytest.mark.parametrize("action,why", [
    ("probe 3", "give 2 coordinates"), ("probe 3 4 5", "give 2 coordinates"),
    ("probe 3 4 or probe 5 6", "Invalid action"), ("probe x y", "Invalid action"),
    ("probe -8 1", "probes reach"), ("probe 1 17", "probes reach"),
])
def test_hot_cold_refuses_malformed_probes(action, why):
    p = hot_cold_problem((5, 7), (1, 1), 8)
    (observation, reward, done), = play(HOT_COLD, p, [action])[0]
    assert why in observation and reward == 0.0 and not done


def test_hot_cold_probe_range_reaches_off_the_grid():
    # axes from 1 to 8 may be probed from -7 to 16
    p = hot_cold_problem((5, 7), (1, 1), 8)
    steps, _ = play(HOT_COLD, p, ["probe -7 7", "probe 5 -5", "probe 16 -7"])
    assert steps[1][0].startswith("Probe (5, -5): at the same distance as (-7, 7).")  # 12 -> 12
    assert steps[2][0].startswith("Probe (16, -7): colder than (5, -5).")  # 12 -> 25


def test_hot_cold_axis_worst_case_by_hand():
    # n = 4 from 1: probe 4 splits {1, 2} | {3, 4}; then a reflection off the grid (-1 or 6) splits the pair
    assert [hot_cold.axis_worst(n) for n in (2, 4, 8, 16)] == [1, 2, 3, 4]
    assert hot_cold.narrow(1, 4, 1, 4, "colder") == (1, 2)
    assert hot_cold.narrow(1, 4, 1, 4, "warmer") == (3, 4)
    assert hot_cold.narrow(1, 5, 1, 5, "same") == (3, 3)
    assert hot_cold.next_on_axis(1, 2, 4, 4) == -1


@pytest.mark.parametrize("size", [3, 5, 6])
def test_hot_cold_policy_finds_every_cell_within_its_bound(size):
    bound = hot_cold.policy_bound(size, 2)
    longest = 0
    for secret in itertools.product(range(3, 3 + size), range(10, 10 + size)):
        p = hot_cold_problem(secret, (3, 10), size, budget=bound)
        actions, reward = policy_line(HOT_COLD, p)
        assert reward == 1.0 and actions[-1] == f"probe {secret[0]} {secret[1]}"
        longest = max(longest, len(actions))
    assert longest == bound  # the budget is the policy's exact worst case


def test_hot_cold_answer_forms():
    p = HOT_COLD.generate(seed=3, difficulty=2)
    x, y = p.check["secret"]
    for text in (f"probe {x} {y}", f"probe ({x}, {y})", f"{x} {y}", f"{x},{y}", f"PROBE {x} {y}"):
        assert ok(p, text), text
    for text in (f"probe {x} {y + 1}", f"probe {x}", f"probe {x} {y} or probe {x} {y + 1}", f"not probe {x} {y}"):
        assert not ok(p, text), text


def test_hot_cold_is_deterministic_and_three_dimensional_from_level_eight():
    assert HOT_COLD.generate(seed=9, difficulty=6).to_dict() == HOT_COLD.generate(seed=9, difficulty=6).to_dict()
    assert HOT_COLD.generate(seed=9, difficulty=7).check["dims"] == 2
    p = HOT_COLD.generate(seed=9, difficulty=8)
    assert p.check["dims"] == 3 and p.check["budget"] == hot_cold.policy_bound(16, 3) + 1 == 15


# --------------------------------------------------------------------------- light switches

def switches_problem(wiring, on, inverted=(), switches=None, budget=10):
    p = SWITCHES.generate(seed=0, difficulty=3)
    p.check.update({"wiring": list(wiring), "on": list(on), "inverted": list(inverted),
                    "switches": switches or len(on), "bulbs": len(wiring), "budget": budget})
    return p


def test_light_switches_binary_codes_by_hand():
    p = switches_problem([2, 1, 3], [False, False, False])
    actions, reward = policy_line(SWITCHES, p)
    # look 1 flips the switches with bit 0 of s - 1 set (2); look 2 those with bit 1 set (3), 2 back
    assert actions == ["press 2", "press 2 3", "wiring 2 1 3"] and reward == 1.0
    steps, _ = play(SWITCHES, p, actions[:2])
    assert steps[0][0].startswith("You press 2. Lit bulbs: 1.\nSwitches on: 2.")
    assert steps[1][0].startswith("You press 2, 3. Lit bulbs: 3.\nSwitches on: 3.")


def test_light_switches_inverted_bulbs_count_only_changes():
    # bulb 1 on switch 3, inverted; switches start 1 and 3 on: bulb 1 is dark while 3 is on
    p = switches_problem([3, 1], [True, False, True, False], inverted=[1])
    looks = [[[True, False, True, False], []], [[True, True, True, False], []], [[True, True, False, False], [1]]]
    assert light_switches.lit_bulbs([3, 1], {1}, [True, False, True, False]) == [2]
    assert light_switches.candidates(4, 2, looks, True)[0] == [3]
    assert light_switches.candidates(4, 2, looks, False)[0] == []  # without inversion nothing explains it
    actions, reward = policy_line(SWITCHES, p)
    assert reward == 1.0 and actions[-1] == "wiring 3 1" and len(actions) == 3


def test_light_switches_wrong_wiring_ends_the_game():
    p = switches_problem([2, 1, 3], [False, False, False])
    (observation, reward, done), = play(SWITCHES, p, ["wiring 1 2 3"])[0]
    assert done and reward == 0.0 and observation.startswith("Wrong wiring: bulb 1 is not on switch 1.")
    for action, why in (("press 4", "numbered 1 to 3"), ("press 2 2", "at most once"),
                        ("wiring 2 1", "not 2"), ("press", "Invalid action"), ("wiring 2 1 3 or 1 2 3", "Invalid")):
        (observation, reward, done), = play(SWITCHES, p, [action])[0]
        assert why in observation and not done, action


@pytest.mark.parametrize("level", [1, 5, 10, 20])
def test_light_switches_policy_within_the_code_bound(level):
    for seed in range(15):
        p = SWITCHES.generate(seed=seed, difficulty=level)
        actions, reward = policy_line(SWITCHES, p)
        assert reward == 1.0
        assert len(actions) <= light_switches.code_bits(p.check["switches"]) + 1
        assert actions[-1] == "wiring " + " ".join(map(str, p.check["wiring"]))


def test_light_switches_answer_forms():
    p = SWITCHES.generate(seed=4, difficulty=3)
    wiring = " ".join(map(str, p.check["wiring"]))
    assert ok(p, f"wiring {wiring}") and ok(p, f"wiring {wiring.replace(' ', ', ')}") and ok(p, f"Wiring: {wiring}")
    swapped = list(p.check["wiring"])
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not ok(p, "wiring " + " ".join(map(str, swapped)))
    assert not ok(p, f"press 1\nwiring {wiring}\npress 2")  # nothing after the game ends


# --------------------------------------------------------------------------- robot vacuum

def vacuum_problem(rows, cols, obstacles, start, budget=50):
    p = VACUUM.generate(seed=0, difficulty=1)
    goal = robot_vacuum.reachable(rows, cols, {tuple(o) for o in obstacles}, tuple(start))
    p.check.update({"rows": rows, "cols": cols, "obstacles": [list(o) for o in obstacles], "start": list(start),
                    "reachable": len(goal), "budget": budget, "show_map": True})
    return p


def test_robot_vacuum_policy_by_hand():
    p = vacuum_problem(2, 3, [], (0, 0))
    actions, reward = policy_line(VACUUM, p)
    assert actions == ["right", "right", "down", "left", "left"] and reward == 1.0


def test_robot_vacuum_bumps_and_map():
    # . # .
    # . . .   obstacle at row 1, column 2; start top left
    p = vacuum_problem(2, 3, [(0, 1)], (0, 0))
    steps, state = play(VACUUM, p, ["up", "right", "d", "east"])
    assert steps[0][0].startswith("Bump! The wall stops the robot moving up; it stays at row 1, column 1.")
    assert steps[1][0] == ("Bump! An obstacle stops the robot moving right; it stays at row 1, column 1."
                           "\n@#?\n???\nMoves left: 48.")
    assert steps[2][0].startswith("The robot moves down to row 2, column 1 and cleans it.\n.#?\n@??")
    assert state["blocked"] == [[0, 1]] and state["pos"] == [1, 1]
    actions, reward = policy_line(VACUUM, p)
    assert reward == 1.0 and actions == ["right", "down", "right", "right", "up"]


def test_robot_vacuum_walled_off_cells_do_not_count():
    # the right column is cut off by a wall of obstacles
    p = vacuum_problem(3, 3, [(0, 1), (1, 1), (2, 1)], (1, 0))
    assert p.check["reachable"] == 3
    actions, reward = policy_line(VACUUM, p)
    # up; bump right; back down to try right from below (bump); down cleans the last cell
    assert reward == 1.0 and actions == ["up", "right", "down", "right", "down"]


@pytest.mark.parametrize("level", [1, 5, 9, 16])
def test_robot_vacuum_policy_matches_the_budget_record(level):
    for seed in range(10):
        p = VACUUM.generate(seed=seed, difficulty=level)
        actions, reward = policy_line(VACUUM, p)
        assert reward == 1.0 and len(actions) == p.check["policy_moves"] <= p.check["budget"] <= 200
        assert "\n".join(actions) == p.answer
    assert "?" not in VACUUM.generate(seed=1, difficulty=9).prompt.split("Action format")[0][-200:]


# --------------------------------------------------------------------------- pancakes

def pancake_problem(sizes, budget=40):
    p = PANCAKES.generate(seed=0, difficulty=2)
    p.check.update({"sizes": list(sizes), "budget": budget})
    return p


def test_pancake_policy_by_hand():
    # sizes top to bottom 2 1 3: A > B, then the candidates A and C (C has fewer known smaller)
    p = pancake_problem([2, 1, 3])
    actions, reward = policy_line(PANCAKES, p)
    assert actions == ["compare A B", "compare A C", "flip 2"] and reward == 1.0
    assert pancake_flip.play_policy([2, 1, 3]) == actions


def test_pancake_observations_and_refusals():
    p = pancake_problem([3, 1, 2])
    steps, state = play(PANCAKES, p, ["compare a b", "compare C with A", "flip 3", "flip 1", "compare A A",
                                      "compare A E", "flip 3 or flip 2"])
    texts = [o.split("\n")[0] for o, _, _ in steps]
    assert texts[:3] == ["B is smaller than A.", "C is smaller than A.", "You flip the top 3."]
    assert steps[2][0].split("\n")[1] == "Stack, top to bottom: C B A"
    assert "flip from 2 to 3" in texts[3] and "two different" in texts[4] and "A to C" in texts[5]
    assert texts[6].startswith("Invalid action")
    assert state["compared"] == [[1, 0], [2, 0]]
    (observation, reward, done), = play(PANCAKES, p, ["flip 3", "flip 2"])[0][1:]
    assert observation == "You flip the top 2. The stack is sorted. Solved in 2 turns." and reward == 1.0 and done


def test_pancake_closure_matches_brute_force():
    pairs = [(0, 1), (1, 2), (3, 2), (2, 4)]
    larger = pancake_flip.closure(5, pairs)
    expected = {0: {1, 2, 4}, 1: {2, 4}, 2: {4}, 3: {2, 4}, 4: set()}
    assert {x: {y for y in range(5) if larger[x] >> y & 1} for x in range(5)} == expected
    incremental = [0] * 5
    for a, b in pairs:
        pancake_flip.learn(incremental, a, b)
    assert incremental == larger


@pytest.mark.parametrize("n", [3, 4, 5])
def test_pancake_policy_sorts_every_stack(n):
    for sizes in itertools.permutations(range(1, n + 1)):
        if list(sizes) == sorted(sizes):
            continue
        p = pancake_problem(sizes, budget=200)
        actions, reward = policy_line(PANCAKES, p)
        assert reward == 1.0 and actions == pancake_flip.play_policy(list(sizes))
        assert sum(a.startswith("flip") for a in actions) <= 2 * (n - 1)
        assert sum(a.startswith("compare") for a in actions) <= n * (n - 1) // 2


def test_pancake_levels_grow_and_are_deterministic():
    assert PANCAKES.generate(seed=5, difficulty=12).to_dict() == PANCAKES.generate(seed=5, difficulty=12).to_dict()
    a, b = (PANCAKES.generate(seed=5, difficulty=level) for level in (3, 15))
    assert len(a.check["sizes"]) == 5 and len(b.check["sizes"]) == 17
    assert a.check["budget"] == a.check["policy_turns"] + -(-a.check["policy_turns"] * 60 // 100)


# --------------------------------------------------------------------------- keys and doors

DOORS = procgym.get("games/key_and_doors")


def test_key_and_doors_policy_by_hand():
    # rooms 0 1 2 / 3 4 5; start 4; the red door 4-5 blocks the way round to the exit in room 0,
    # and the red key lies in room 3, west of the start
    p = DOORS.generate(seed=0, difficulty=1)
    assert p.check["passages"] == [[0, 1, "open"], [1, 2, "open"], [2, 5, "open"], [3, 4, "open"], [4, 5, "red"]]
    assert p.check["keys"] == [[3, "red"]] and (p.check["start"], p.check["exit"]) == (4, 0)
    actions, reward = policy_line(DOORS, p)
    assert actions == ["go west", "go east", "go east", "go north", "go west", "go west"] and reward == 1.0
    assert p.answer.splitlines() == actions  # here the explorer happens to walk a shortest plan


def test_key_and_doors_observations():
    p = DOORS.generate(seed=0, difficulty=1)
    steps, state = play(DOORS, p, ["go east", "north", "go sideways", "w", "e", "go e"])
    texts = [o.split("\n")[0] for o, _, _ in steps]
    assert texts[0] == "The red door east is locked and you hold no red key; you stay in room (2, 2)."
    assert texts[1] == "A wall blocks the way north; you stay in room (2, 2)."
    assert texts[2].startswith("Invalid action")
    assert texts[3] == "You go west and pick up the red key."
    assert steps[3][0].split("\n")[1] == ("You are in room (2, 1). Exits: north: wall; east: open passage; "
                                          "south: wall; west: wall. Keys held: red.")
    assert texts[5] == "You go east."
    assert state["pos"] == 5 and state["keys"] == ["red"]


def test_key_and_doors_solvability_and_shortest_plan():
    from procgym.generators.games import key_and_doors as kd
    # a corridor 0 - 1 - 2 with a blue door 1-2 and the blue key beyond it: no way out
    passages = {(0, 1): "open", (1, 2): "blue"}
    assert not kd.solvable(passages, {2: "blue"}, 0, 2)
    assert kd.solvable(passages, {1: "blue"}, 0, 2)
    assert kd.region(passages, 0, ()) == {0, 1}
    check = {"rows": 1, "cols": 3, "passages": [[0, 1, "open"], [1, 2, "blue"]], "keys": [[0, "blue"]],
             "start": 1, "exit": 2}
    assert DOORS.shortest_plan(check) == ["go west", "go east", "go east"]


@pytest.mark.parametrize("level", [1, 5, 10, 20])
def test_key_and_doors_policy_matches_the_budget_record(level):
    for seed in range(8):
        p = DOORS.generate(seed=seed, difficulty=level)
        actions, reward = policy_line(DOORS, p)
        assert reward == 1.0 and len(actions) == p.check["policy_moves"] <= p.check["budget"] <= 200
        assert len(p.answer.splitlines()) <= len(actions)  # the full-map plan is never longer
        assert len(p.check["keys"]) == DOORS.knobs[2].levels[level - 1]


# --------------------------------------------------------------------------- submarine hunt

SUB = procgym.get("games/submarine_hunt")


def sub_problem(start, speed, low=0, stretch=8, top=1, budget=20):
    p = SUB.generate(seed=0, difficulty=1)
    p.check.update({"start": start, "speed": speed, "low": low, "stretch": stretch, "top_speed": top,
                    "budget": budget})
    return p


def test_submarine_sonar_follows_the_motion():
    # starts at 5, moves -2 a turn: at 5, 3, 1, -1 on turns 1-4
    p = sub_problem(5, -2, top=2)
    steps, state = play(SUB, p, ["fire 4", "fire at 4", "go", "shoot -1"])
    texts = [o.split("\n")[0] for o, _, _ in steps]
    assert texts[:3] == ["Fire at 4: miss; the submarine is east of 4.", "Fire at 4: miss; the submarine is west of 4.",
                         "Invalid action: write fire and a whole-number position, e.g. fire 12."]
    assert texts[3] == "Fire at -1: hit! Solved in 4 turns." and steps[3][1:] == (1.0, True)
    assert state["shots"] == [[1, 4, "east"], [2, 4, "west"]]


def test_submarine_candidates_by_brute_force():
    from procgym.generators.games import submarine_hunt as sh
    shots = [[1, 4, "east"], [2, 4, "west"]]
    starts, speeds = sh.candidates(0, 8, 2, shots)
    expected = sorted((p, v) for p in range(8) for v in range(-2, 3) if p > 4 and p + v < 4)
    assert sorted(zip(starts.tolist(), speeds.tolist())) == expected == [(5, -2)]
    assert sh.shot_bound(8, 1) == 5 and sh.shot_bound(800, 6) == 14  # 1 + floor(log2(24)), 1 + floor(log2(10400))


def test_submarine_policy_hits_every_submarine_within_the_bound():
    from procgym.generators.games import submarine_hunt as sh
    bound = sh.shot_bound(12, 2)
    longest = 0
    for start in range(3, 15):
        for speed in range(-2, 3):
            p = sub_problem(start, speed, low=3, stretch=12, top=2, budget=bound)
            actions, reward = policy_line(SUB, p)
            assert reward == 1.0
            longest = max(longest, len(actions))
    assert longest <= bound == 6


def test_submarine_answer_forms():
    p = SUB.generate(seed=2, difficulty=4)
    s = p.check["start"]
    assert ok(p, f"fire {s}") and ok(p, f"fire at {s}") and ok(p, f"SHOOT {s}")
    assert not ok(p, f"fire {s + 1}") and not ok(p, f"fire {s} or fire {s + 1}") and not ok(p, f"{s}")


# --------------------------------------------------------------------------- fox hunt

FOX = procgym.get("games/fox_hunt")


def fewest_sure_inspections(n):
    """Breadth-first search over the sets of holes the fox may be in: the fewest inspections that
    catch it for sure."""
    from collections import deque
    start = frozenset(range(1, n + 1))
    depth, queue = {start: 0}, deque([start])
    while queue:
        holes = queue.popleft()
        for h in range(1, n + 1):
            if holes == {h}:
                return depth[holes] + 1
            after = frozenset(x + d for x in holes - {h} for d in (-1, 1) if 1 <= x + d <= n)
            if after not in depth:
                depth[after] = depth[holes] + 1
                queue.append(after)
    return None


@pytest.mark.parametrize("n", range(2, 10))
def test_fox_sweep_is_the_fewest_sure_inspections(n):
    from procgym.generators.games import fox_hunt as fh
    assert fewest_sure_inspections(n) == fh.sweep_length(n)
    p = FOX.generate(seed=0, difficulty=1, holes=n, slack=0)
    actions, reward = policy_line(FOX, p)
    assert reward == 1.0 and len(actions) == fh.sweep_length(n) and "\n".join(actions) == p.answer


def test_fox_observations_by_hand():
    p = FOX.generate(seed=0, difficulty=1, holes=4, slack=3)  # holes first .. first + 3, counts shown
    f = p.check["first"]
    steps, state = play(FOX, p, [f"check {f + 1}", f"inspect hole {f + 2}", "check", f"check {f - 1}"])
    texts = [o.split("\n")[0] for o, _, _ in steps]
    # holes from 1: {1,2,3,4} less 2 is {1,3,4}, which moves to {2,3,4}; less 3 is {2,4}, which moves to {1,3}
    assert texts[0] == f"Hole {f + 1}: empty. The fox moves in the night. It may now be in any of 3 holes."
    assert texts[1] == f"Hole {f + 2}: empty. The fox moves in the night. It may now be in any of 2 holes."
    assert texts[2].startswith("Invalid action") and texts[2].endswith("any of 2 holes.")  # {1,3} -> {2,4}
    assert texts[3].startswith(f"Invalid inspection: the holes are {f} to {f + 3}.")
    assert state["possible"] == [1, 3]
    # a plan that is not sure never wins, even where a real fox might have been found
    assert not ok(p, "\n".join(f"check {f}" for _ in range(7)))
    assert ok(p, "\n".join(f"check {f + h - 1}" for h in (2, 3, 3, 2)))
    assert ok(p, "\n".join(f"check {f + h - 1}" for h in (3, 2, 2, 3)))  # the mirror sweep is sure too
