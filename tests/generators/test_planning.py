"""Behaviour tests for the planning environments: exact observations on hand-made instances,
invalid actions, budgets, determinism, optimality against the real dynamics, and the policies."""
import json
from collections import deque

import pytest

import procgym
from answer_helpers import before_last, HEDGED_ACTIONS
from procgym import Problem
from procgym.generators.planning import _plans, frozen_lake, fuel_robot, levers, rush_hour, sliding_puzzle, sokoban

NAMES = ["planning/sokoban", "planning/sliding_puzzle", "planning/rush_hour", "planning/text_adventure",
         "planning/fuel_robot", "planning/frozen_lake", "planning/warehouse", "planning/levers"]
TASKS = {name: procgym.get(name) for name in NAMES}


def play(task, problem, actions):
    """Step through `actions`; return the list of (observation, reward, done) and the last state."""
    state, out = task.initial_state(problem), []
    for action in actions:
        state, observation, reward, done = task.step(problem, state, action)
        out.append((observation, reward, done))
        if done:
            break
    return out, state


def play_policy(task, problem, state=None):
    state = task.initial_state(problem) if state is None else state
    done, turns, reward = False, 0, 0.0
    while not done:
        state, _, reward, done = task.step(problem, state, task.policy(problem, state))
        turns += 1
        assert turns <= 500, "the episode did not end"
    return reward, state["turn"]


def told(observation, said, left):
    """Whether an observation starts with `said` and ends by restating the turns left."""
    return observation.startswith(said) and observation.endswith(f"\nTurns left: {left}.")


def made(name, check, answer="", params=None):
    return Problem(name, 0, 1, params or {}, "a hand-made instance", answer, check)


# --------------------------------------------------------------------------- shared behaviour

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 5, 10])
def test_policy_wins(name, level):
    task = TASKS[name]
    for seed in range(4):
        p = task.generate(seed=seed, difficulty=level)
        reward, turns = play_policy(task, p)
        assert reward == 1.0 and turns <= p.check["budget"] <= 200
        assert task.verify(p, f"<answer>{p.answer}</answer>").correct


@pytest.mark.parametrize("name", NAMES)
def test_determinism(name):
    task = TASKS[name]
    a, b = task.generate(seed=7, difficulty=6), task.generate(seed=7, difficulty=6)
    assert a.to_dict() == b.to_dict()
    assert task.generate(seed=8, difficulty=6).prompt != a.prompt
    actions = a.answer.splitlines()[:3] + ["up", "nonsense", "left"] + a.answer.splitlines()
    assert play(task, a, actions) == play(task, b, actions)


@pytest.mark.parametrize("name", NAMES)
def test_budget_exhaustion_ends_with_reward_0(name):
    task = TASKS[name]
    p = task.generate(seed=3, difficulty=4)
    budget = p.check["budget"]
    steps, state = play(task, p, ["xyzzy"] * (budget + 5))
    assert len(steps) == budget and state["turn"] == budget
    assert all(not done and reward == 0.0 for _, reward, done in steps[:-1])
    observation, reward, done = steps[-1]
    assert done and reward == 0.0 and "Out of turns:" in observation
    assert not task.verify(p, "<answer>" + "\n".join(["xyzzy"] * budget) + "</answer>").correct


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("action", ["", "   ", "jump over the moon", "x" * 500, "<answer>", "\x00\x01", "12345678"])
def test_invalid_actions_count_as_a_turn(name, action):
    task = TASKS[name]
    p = task.generate(seed=1, difficulty=3)
    before = task.initial_state(p)
    state, observation, reward, done = task.step(p, before, action)
    assert reward == 0.0 and not done and isinstance(observation, str) and observation
    assert f"Turns left: {p.check['budget'] - 1}." in observation
    assert state["turn"] == 1 and {**state, "turn": 0} == before


def optimum_by_brute_force(task, problem, actions, limit=200_000):
    """Fewest turns to win, by breadth-first search through the task's own dynamics."""
    start = task.initial_state(problem)
    key = lambda s: json.dumps({k: v for k, v in s.items() if k != "turn"}, sort_keys=True)  # noqa: E731
    seen, queue = {key(start)}, deque([(start, 0)])
    while queue:
        state, d = queue.popleft()
        for action in actions(problem, state):
            nxt, _, reward, done = task.step(problem, state, action)
            if reward >= 1.0:
                return d + 1
            if done or key(nxt) in seen:
                continue
            seen.add(key(nxt))
            queue.append((nxt, d + 1))
        assert len(seen) < limit
    return None


MOVES = ["up", "down", "left", "right"]


def rush_actions(problem, state):
    board = rush_hour.RushHour.board(problem)
    return [f"{v[0]} {w} {k}" for v in board.vehicles for w in (("left", "right") if v[1] else ("up", "down"))
            for k in range(1, problem.check["size"])]


def adventure_actions(problem, state):
    world = problem.check
    items = {x for room in world["items"] for x in room} | ({world["crate"]["holds"]} if world["crate"] else set())
    ways = ("north", "south", "east", "west")
    return ([f"go {w}" for w in ways] + [f"unlock {w}" for w in ways] + [f"take {x}" for x in sorted(items)]
            + ["open crate"])


BRUTE = {
    "planning/sliding_puzzle": lambda p, s: MOVES,
    "planning/rush_hour": rush_actions,
    "planning/text_adventure": adventure_actions,
    "planning/fuel_robot": lambda p, s: MOVES + ["refuel"],
    "planning/warehouse": lambda p, s: MOVES + ["pick", "deliver"],
    "planning/levers": lambda p, s: [f"go {d}" for d in levers.DOORS[:len(p.check["doors"])]]
    + [f"pull {i + 1}" for i in range(len(p.check["levers"]))],
}


def still_solvable(name, p, state):
    if name == "planning/fuel_robot":  # a detour can burn the fuel a leg needed
        c = p.check
        found = fuel_robot.plan(c["grid"], tuple(state["pos"]), state["fuel"], c["capacity"], tuple(c["goal"]))
        return found is not None
    if name == "planning/sokoban":  # a push could lose the level; walking cannot
        return state["boxes"] == p.check["boxes"]
    return True


@pytest.mark.parametrize("name", [n for n in NAMES if n != "planning/frozen_lake"])  # there chance decides
@pytest.mark.parametrize("level", [2, 6, 9])
def test_policy_replans_after_a_detour(name, level):
    """Off the reference plan the policy searches again: after a move the plan does not make (and
    that keeps the instance solvable), it still wins given room in the budget."""
    task = TASKS[name]
    won = 0
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level, slack_percent=400)
        first, start = p.answer.splitlines()[0], task.initial_state(p)
        for detour in BRUTE.get(name, lambda q, s: MOVES)(p, start):
            state, _, _, done = task.step(p, start, detour)
            if done or detour == first or {**state, "turn": 0} == start:
                continue  # only real detours: valid actions that change the state
            if not still_solvable(name, p, state):
                continue
            reward, _ = play_policy(task, p, state)
            assert reward == 1.0, f"seed {seed}: the policy lost after {detour!r}"
            won += 1
    assert won


@pytest.mark.parametrize("name", sorted(BRUTE))
@pytest.mark.parametrize("level", [1, 3, 5])
def test_reference_plans_are_optimal(name, level):
    task = TASKS[name]
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level)
        optimum = optimum_by_brute_force(task, p, BRUTE[name])
        assert optimum == len(p.answer.splitlines())
        assert p.check["budget"] == _plans.budget_for(optimum, p.params["slack_percent"])


@pytest.mark.parametrize("level", [1, 2, 3])
def test_sokoban_plan_within_the_moves_brute_force_allows(level):
    task = TASKS["planning/sokoban"]
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level)
        optimum = optimum_by_brute_force(task, p, lambda q, s: MOVES)
        assert optimum <= p.check["plan_moves"] == len(p.answer.splitlines())


# --------------------------------------------------------------------------- sokoban

SOKO_WALLS = ["#######",
              "#.....#",
              "#.o...#",
              "#.....#",
              "#######"]


def soko(player, boxes, budget=6):
    return made("planning/sokoban", {"walls": SOKO_WALLS, "player": player, "boxes": boxes, "budget": budget,
                                     "plan_moves": 1, "pushes": 1}, "left")


def test_sokoban_observations():
    task = TASKS["planning/sokoban"]
    p = soko(2 * 7 + 4, [2 * 7 + 3])
    steps, state = play(task, p, ["up", "up", "jump", "down", "left"])
    assert steps[0] == ("You move up.\n#######\n#...@.#\n#.oB..#\n#.....#\n#######\nTurns left: 5.", 0.0, False)
    assert steps[1][0].startswith("A wall blocks the way up.\n") and steps[1][0].endswith("\nTurns left: 4.")
    assert steps[2][0].startswith("Invalid action: move with up, down, left or right")
    assert steps[3][0].startswith("You move down.\n") and steps[3][0].endswith("\nTurns left: 2.")
    assert steps[4] == ("You push a box left. Every box is on a target. Solved in 5 turns.", 1.0, True)
    assert state["boxes"] == [2 * 7 + 2] and state["player"] == 2 * 7 + 3


def test_sokoban_blocked_push_and_budget():
    task = TASKS["planning/sokoban"]
    p = soko(2 * 7 + 2, [2 * 7 + 1], budget=2)
    steps, _ = play(task, p, ["left", "w", "left"])
    assert steps[0][0] == ("The box left of you cannot move: something blocks it.\n"
                           "#######\n#.....#\n#B+...#\n#.....#\n#######\nTurns left: 1.")
    assert len(steps) == 2 and steps[1] == (
        "The box left of you cannot move: something blocks it.\n#######\n#.....#\n#B+...#\n#.....#\n#######\n"
        "Out of turns: not every box is on a target.", 0.0, True)


def test_sokoban_level_solver():
    level = sokoban.Level(SOKO_WALLS)
    assert level.solve(2 * 7 + 5, [2 * 7 + 4]) == [(2 * 7 + 4, "left"), (2 * 7 + 3, "left")]
    assert level.solve(2 * 7 + 2, [2 * 7 + 1]) is None  # a box against the wall, target inside: dead
    p = procgym.generate("planning/sokoban", seed=2, difficulty=5)
    assert p.answer.count("\n") + 1 == p.check["plan_moves"] and p.check["pushes"] >= 1


# --------------------------------------------------------------------------- sliding puzzle

def tiles(board, budget=5):
    return made("planning/sliding_puzzle", {"size": 3, "board": board, "budget": budget, "optimal": 1}, "left")


def test_sliding_observations():
    task = TASKS["planning/sliding_puzzle"]
    steps, _ = play(task, tiles([1, 2, 3, 4, 5, 6, 7, 0, 8]), ["up", "right", "d", "1", "9", "tile 7", "8"])
    assert told(steps[0][0], "No tile is below the gap, so nothing slides up.", 4)
    assert steps[1] == ("Tile 7 slides right.\n1 2 3\n4 5 6\n_ 7 8\nTurns left: 3.", 0.0, False)
    assert steps[2] == ("Tile 4 slides down.\n1 2 3\n_ 5 6\n4 7 8\nTurns left: 2.", 0.0, False)
    assert steps[3][0].startswith("Tile 1 slides down.")
    assert steps[4] == ("Invalid action: there is no tile 9.\n_ 2 3\n1 5 6\n4 7 8\n"
                        "Out of turns: the tiles are not in order.", 0.0, True)


def test_sliding_tile_numbers_and_solve():
    task = TASKS["planning/sliding_puzzle"]
    p = tiles([1, 2, 3, 4, 5, 6, 7, 0, 8])
    assert play(task, p, ["8"])[0] == [("Tile 8 slides left. The puzzle is solved. Solved in 1 turn.", 1.0, True)]
    assert play(task, p, ["move 5"])[0][0][0].startswith("Tile 5 slides down.")
    assert play(task, p, ["2"])[0][0][0].startswith("Tile 2 is not next to the gap.")
    assert sliding_puzzle.solve((1, 2, 3, 4, 5, 6, 0, 7, 8), 3) == ["left", "left"]
    assert task.verify(p, "<answer>l</answer>").correct and not task.verify(p, "<answer>right</answer>").correct


# --------------------------------------------------------------------------- rush hour

def rush(budget=3):
    check = {"size": 4, "vehicles": [["X", True, 1, 2], ["A", False, 2, 2]], "start": [0, 0], "budget": budget,
             "optimal": 2}
    return made("planning/rush_hour", check, "A down 2\nX right 2")


def test_rush_hour_observations():
    task = TASKS["planning/rush_hour"]
    assert rush_hour.RushHour.board(rush()).render(0) == "+----+\n|..A.|\n|XXA.   <- exit\n|....|\n|....|\n+----+"
    steps, _ = play(task, rush(budget=9), ["A up", "A left 1", "Z down", "A down 0", "A down 1", "X right 2",
                                           "a d", "move x right 2"])
    assert told(steps[0][0], "A cannot move up 1 cell: the way is blocked.", 8)
    assert steps[1][0].startswith("A is vertical: it moves only up or down.")
    assert steps[2][0].startswith("There is no vehicle Z.")
    assert steps[3][0].startswith("Invalid action: move at least one cell.")
    assert steps[4] == ("A moves down 1 cell.\n+----+\n|....|\n|XXA.   <- exit\n|..A.|\n|....|\n+----+\nTurns left: 4.",
                        0.0, False)
    assert steps[5][0].startswith("X cannot move right 2 cells: the way is blocked.")
    assert steps[7] == ("X moves right 2 cells. X reaches the exit. Solved in 8 turns.", 1.0, True)


def test_rush_hour_budget_and_answers():
    task = TASKS["planning/rush_hour"]
    steps, _ = play(task, rush(), ["A down 1", "X right 2", "A down 1", "X right 2"])
    assert len(steps) == 3 and steps[-1][0].startswith("A moves down 1 cell.\n+----+")
    assert steps[-1][0].endswith("\nOut of turns: X did not reach the exit.")
    assert task.verify(rush(), "<answer>A down 2\nX right 2</answer>").correct
    assert task.verify(rush(), "<answer>a d 2\nx r 2</answer>").correct
    assert not task.verify(rush(), "<answer>A down 1\nX right 2</answer>").correct
    assert rush_hour.Board(4, rush().check["vehicles"]).solve(0) == ["A down 2", "X right 2"]


# --------------------------------------------------------------------------- text adventure

def adventure(budget=10):
    world = {"rooms": ["Hall", "Study"], "exits": [[["east", 1, 0]], [["west", 0, 0]]],
             "doors": [{"colour": "red", "rooms": [0, 1]}], "items": [["red key", "rope"], ["golden idol"]],
             "crate": None, "start": 0, "budget": budget}
    return made("planning/text_adventure", world, "take red key\nunlock east\ngo east\ntake golden idol\ngo west")


def test_text_adventure_observations():
    task = TASKS["planning/text_adventure"]
    steps, state = play(task, adventure(), ["go east", "take key", "unlock door", "e", "take the idol", "i", "go west"])
    assert steps[0] == ("The red door to the east is locked.\nYou are in the Hall. Exits: east to the Study (through "
                        "a red door, locked). You see: a red key and a rope. You carry: nothing.\nTurns left: 9.",
                        0.0, False)
    assert told(steps[1][0], "You take the red key.", 8)
    assert told(steps[2][0], "You unlock the red door to the east.\nYou are in the Hall. Exits: east to the Study "
                             "(through a red door, unlocked).", 7)
    assert steps[3][0] == ("You go east.\nYou are in the Study. Exits: west to the Hall (through a red door, "
                           "unlocked). You see: a golden idol. You carry: red key.\nTurns left: 6.")
    assert steps[4][0].startswith("You take the golden idol.")
    assert steps[5][0].startswith("You carry: red key and golden idol.")
    assert steps[6] == ("You go west into the Hall carrying the golden idol. Solved in 7 turns.", 1.0, True)
    assert state["unlocked"] == [0]


@pytest.mark.parametrize("action,why", [
    ("go north", "There is no exit north from the Hall."),
    ("take sword", "There is no sword here."),
    ("unlock east", "You need the red key to unlock that door."),
    ("unlock west", "There is no door to the west."),
    ("open crate", "There is no crate here."),
    ("drop rope", "There is no need to drop anything"),
    ("dance", "Invalid command: use go <direction>"),
])
def test_text_adventure_refusals(action, why):
    (observation, reward, done), = play(TASKS["planning/text_adventure"], adventure(), [action])[0]
    assert observation.startswith(why) and "Turns left: 9." in observation and reward == 0.0 and not done


def test_text_adventure_crate_and_world():
    task = TASKS["planning/text_adventure"]
    p = adventure()
    p.check["items"] = [["crowbar"], []]
    p.check["crate"] = {"room": 1, "holds": "golden idol"}
    p.check["exits"] = [[["east", 1, -1]], [["west", 0, -1]]]
    steps, _ = play(task, p, ["e", "open crate", "w", "take crowbar", "e", "pry crate", "take idol", "west"])
    assert steps[1][0].startswith("The crate is nailed shut: you need the crowbar.")
    assert steps[5][0].startswith("You pry the crate open. Inside is a golden idol.")
    assert steps[-1][1] == 1.0
    for seed in range(10):  # generated worlds: every lock's key lies in reach, the plan is replayable
        q = procgym.generate("planning/text_adventure", seed=seed, difficulty=9)
        assert len(q.check["doors"]) == q.params["n_locks"] and task.verify(q, f"<answer>{q.answer}</answer>").correct


# --------------------------------------------------------------------------- fuel robot

def fuel(budget=8, grid=("..F.G",), capacity=2):
    return made("planning/fuel_robot", {"grid": list(grid), "start": [0, 0], "goal": [0, 4], "capacity": capacity,
                                        "budget": budget, "optimal": 5, "min_refuels": 1},
                "right\nright\nrefuel\nright\nright")


def test_fuel_robot_observations():
    task = TASKS["planning/fuel_robot"]
    steps, state = play(task, fuel(), ["refuel", "up", "right", "right", "right", "refuel", "right", "right"])
    assert told(steps[0][0], "There is no fuel station here.", 7)
    assert steps[1][0].startswith("The edge of the grid blocks the way up.")
    assert steps[2] == ("You move right to row 0, column 1. Fuel 1/2.\n   01234\n 0 .@F.G\nTurns left: 5.", 0.0, False)
    assert steps[3][0].startswith("You move right to row 0, column 2. Fuel 0/2.")
    assert steps[4][0].startswith("Not enough fuel to move right (1 needed, 0 left).")
    assert steps[5][0].startswith("You refuel. Fuel 2/2.")
    assert steps[7] == ("You move right and reach the goal. Solved in 8 turns.", 1.0, True)


def test_fuel_robot_stranded_and_rock():
    task = TASKS["planning/fuel_robot"]
    steps, _ = play(task, fuel(), ["right", "left"])
    assert steps[-1] == ("You move left to row 0, column 0. Fuel 0/2. You cannot afford any move and there is no "
                         "station here: the robot is stranded.", 0.0, True)
    steps, _ = play(task, fuel(grid=(".#F.G", "~~~~~"), capacity=4), ["right", "down", "right"])
    assert steps[0][0].startswith("Rock blocks the way right.")
    assert steps[1][0].startswith("You move down to row 1, column 0. Fuel 2/4.")
    assert steps[2][0].startswith("You move right to row 1, column 1. Fuel 0/4. You cannot afford any move")


def test_fuel_robot_generation_needs_refuels():
    for seed in range(5):
        p = procgym.generate("planning/fuel_robot", seed=seed, difficulty=9)
        assert p.answer.count("refuel") >= p.check["min_refuels"] >= p.params["min_refuels"]


# --------------------------------------------------------------------------- frozen lake

def lake(grid, percent=0, noise=1, budget=6):
    return made("planning/frozen_lake", {"grid": grid, "start": [0, 0], "goal": [len(grid) - 1, len(grid[0]) - 1],
                                         "slip_percent": percent, "noise_seed": noise, "budget": budget,
                                         "shortest": 4})


def test_frozen_lake_observations_without_slips():
    task = TASKS["planning/frozen_lake"]
    steps, _ = play(task, lake(["S..", ".H.", "..G"]), ["up", "down", "right", "east", "down", "down"])
    assert steps[0] == ("You move up. The edge of the lake stops you. You are at row 0, column 0.\n"
                        "@..\n.H.\n..G\nTurns left: 5.", 0.0, False)
    assert steps[1][0].startswith("You move down. You are at row 1, column 0.")
    assert steps[2] == ("You move right. You fall into a hole at row 1, column 1.", 0.0, True)
    assert len(steps) == 3
    steps, _ = play(task, lake(["S..", ".H.", "..G"]), ["r", "r", "d", "d"])
    assert steps[-1] == ("You move down. You reach the goal. Solved in 4 turns.", 1.0, True)


def test_frozen_lake_slips_are_fixed_by_seed_and_turn():
    task = TASKS["planning/frozen_lake"]
    p = lake(["S...", "....", "....", "...G"], percent=100, noise=12345, budget=3)
    sides = [frozen_lake.slip(12345, turn, 100, "down") for turn in (1, 2, 3)]
    assert all(s in ("left", "right") for s in sides)
    assert [frozen_lake.slip(12345, t, 100, "right") for t in (1, 2, 3)] == \
        [{"left": "down", "right": "up"}[s] for s in sides]  # the same draw, turned with the move
    steps, state = play(task, p, ["down", "down", "down"])
    assert all(obs.startswith(f"You slip and slide {s} instead of down.") for (obs, _, _), s in zip(steps, sides))
    assert play(task, p, ["down", "down", "down"]) == (steps, state)
    assert frozen_lake.slip(12345, 1, 0, "down") == "down"


def test_frozen_lake_generated_answer_is_the_policy():
    task = TASKS["planning/frozen_lake"]
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=8)
        state, moves = task.initial_state(p), []
        done = False
        while not done:
            moves.append(task.policy(p, state))
            state, _, reward, done = task.step(p, state, moves[-1])
        assert reward == 1.0 and moves == p.answer.splitlines()


# --------------------------------------------------------------------------- warehouse

def warehouse(items=None, capacity=1, budget=13):
    grid = ["#######", "#D...a#", "#######"]
    return made("planning/warehouse", {"grid": grid, "items": items or {"a": [1, 5]}, "dock": [1, 1], "robot": [1, 3],
                                       "capacity": capacity, "budget": budget, "optimal": 8},
                "right\nright\npick\nleft\nleft\nleft\nleft\ndeliver")


def test_warehouse_observations():
    task = TASKS["planning/warehouse"]
    steps, _ = play(task, warehouse(), ["pick", "deliver", "up", "right", "right", "pick b", "pick a", "pick",
                                        "l", "l", "l", "l", "drop"])
    assert told(steps[0][0], "There is no item on your cell.", 12)
    assert steps[1][0].startswith("You can only deliver on the dock.")
    assert steps[2][0].startswith("A shelf blocks the way up.")
    assert steps[3] == ("You move right.\nCarrying: nothing (0/1). Delivered: 0 of 1.\n"
                        "#######\n#D..@a#\n#######\nTurns left: 9.", 0.0, False)
    assert steps[4][0].startswith("You move right. Item a is here.")
    assert steps[5][0].startswith("Item b is not on your cell.")
    assert told(steps[6][0], "You pick up item a. Carrying: a.\nCarrying: a (1/1).", 6)
    assert steps[7][0].startswith("There is no item on your cell.")
    assert steps[-1] == ("You deliver a. Every item is delivered. Solved in 13 turns.", 1.0, True)


def test_warehouse_capacity():
    task = TASKS["planning/warehouse"]
    p = warehouse(items={"a": [1, 5], "b": [1, 4]}, budget=16)
    steps, _ = play(task, p, ["right", "pick", "right", "pick"])
    assert steps[-1][0].startswith("You already carry 1 item: deliver first.")
    assert task.policy(p, task.initial_state(p)) == "right"
    reward, turns = play_policy(task, p)
    assert reward == 1.0 and turns == 16  # either order: 2 + 1 + 4 + 1 for a, 3 + 1 + 3 + 1 for b


# --------------------------------------------------------------------------- levers

def lever_problem(budget=8):
    check = {"n_rooms": 3, "doors": [[0, 1], [1, 2]], "levers": [[0, [0]], [1, [0, 1]]], "initial": 0,
             "start": 0, "exit": 2, "budget": budget, "optimal": 4, "fewest_pulls": 2}
    return made("planning/levers", check, "pull 1\ngo A\npull 2\ngo B")


def test_levers_observations():
    task = TASKS["planning/levers"]
    steps, state = play(task, lever_problem(), ["go A", "pull 2", "pull 1", "go B", "go a", "pull", "go to room 3"])
    assert steps[0] == ("Door A is shut.\nYou are in room 1. Doors here: A (shut) to room 2. "
                        "Levers here: 1. Open doors: none.\nTurns left: 7.", 0.0, False)
    assert steps[1][0].startswith("Lever 2 is in room 2, not here.")
    assert told(steps[2][0], "You pull lever 1: door A opens.", 5)
    assert steps[3][0].startswith("Door B is not in room 1.")
    assert steps[4][0].startswith("You go through door A into room 2.")
    assert steps[5][0].startswith("You pull lever 2: door A shuts, door B opens.")
    assert steps[6] == ("You go through door B into room 3, the exit. Solved in 7 turns.", 1.0, True)
    assert state["pulled"] == 0b11


def test_levers_solver_and_budget():
    task = TASKS["planning/levers"]
    puzzle = task.puzzle(lever_problem())
    assert puzzle.solve(0, 0) == ["pull 1", "go A", "pull 2", "go B"] and puzzle.fewest_pulls() == 2
    steps, _ = play(task, lever_problem(budget=2), ["pull 1", "pull 1", "go A"])
    assert len(steps) == 2 and steps[-1] == ("You pull lever 1: door A shuts.\nYou are in room 1. Doors here: A (shut) "
                                             "to room 2. Levers here: 1. Open doors: none.\nOut of turns: you did not "
                                             "reach the exit.", 0.0, True)
    for seed in range(5):
        p = procgym.generate("planning/levers", seed=seed, difficulty=8)
        assert p.answer.count("pull") >= p.check["fewest_pulls"] >= 1


# --------------------------------------------------------------------------- strict actions



@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 6])
def test_a_hedged_action_is_invalid_and_a_plain_one_in_any_case_wins(name, level):
    """The winning last action with a hedge, a negation or a second candidate is an invalid action
    (a used turn, nothing else changes); written in capitals, with a full stop or extra spaces, it wins."""
    task = TASKS[name]
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level)
        state, last = before_last(task, p)
        for form in HEDGED_ACTIONS:
            new, observation, reward, done = task.step(p, state, form.format(last, last))
            assert reward == 0.0 and not done, (form, last, observation)
            assert {**new, "turn": 0} == {**state, "turn": 0}, (form, last, observation)
        for form in (last.upper(), f"{last}.", f"  {last}  ", last.replace(" ", "  "), last.capitalize()):
            assert task.step(p, state, form)[2] == 1.0, form


def test_the_sokoban_example_is_drawn_among_moves_that_do_not_win():
    """Any direction may be the push that solves a level: the example is drawn, per problem, from
    the three or four directions that do not win at once."""
    from procgym.contract import prompt_example

    task = procgym.get("planning/sokoban")
    shown = set()
    for seed in range(40):
        p = task.generate(seed=seed, difficulty=1)
        example = prompt_example(p.prompt)
        assert example in ("up", "down", "left", "right") and not task.wins_at_once(p, example)
        shown.add(example)
    assert len(shown) == 4


@pytest.mark.parametrize("name", NAMES)
def test_the_prompt_example_never_wins_at_once(name):
    """Every example is an action that cannot win at once (a move that cannot reach the goal, refuel,
    pick, a pull, a vehicle other than X, a slide that cannot finish the board), except Sokoban's,
    drawn among the directions that do not win."""
    from procgym.contract import prompt_example

    task = TASKS[name]
    for level in (1, 5):
        for seed in range(25):
            p = task.generate(seed=seed, difficulty=level)
            assert not task.verify(p, f"<answer>{prompt_example(p.prompt)}</answer>").correct


# --------------------------------------------------------------------------- levels past 10

@pytest.mark.parametrize("name", NAMES)
def test_policy_wins_at_the_top_level(name):
    """Past level 10 the budgets still come from the optimum plus slack: the reference policy wins
    at the task's highest level within its budget, and the reference answer verifies."""
    task = TASKS[name]
    for seed in range(2):
        p = task.generate(seed=seed, difficulty=task.max_level)
        reward, turns = play_policy(task, p)
        assert reward == 1.0 and turns <= p.check["budget"]
        assert task.verify(p, f"<answer>{p.answer}</answer>").correct


def test_capped_planning_tasks_say_why():
    capped = {name: task.max_level for name, task in TASKS.items() if task.max_level < 20}
    assert capped == {"planning/rush_hour": 10, "planning/sliding_puzzle": 12, "planning/sokoban": 15}
    assert all(TASKS[name].cap_reason for name in capped)


def test_frozen_lake_landing_table_matches_the_moves():
    """The cached table of where each move lands agrees with `land` on a lake of that size."""
    grid = ["S..H", "....", ".H.G"]
    table = frozen_lake.landing_table(3, 4)
    for i in range(12):
        for a, move in enumerate(frozen_lake.DIR_NAMES):
            for k, real in enumerate((move,) + frozen_lake.SIDEWAYS[move]):
                r, c = frozen_lake.land(grid, divmod(i, 4), real)
                assert table[a, k, i] == r * 4 + c


def test_effort_counts_the_reference_search():
    """Efforts are the searches' own counts: deterministic, and at least the plan they find."""
    for name in NAMES:
        task = TASKS[name]
        p = task.generate(seed=3, difficulty=task.max_level)
        assert task.effort(p) == task.effort(task.generate(seed=3, difficulty=task.max_level)) > 0
    soko = TASKS["planning/sokoban"].generate(seed=1, difficulty=15)
    assert TASKS["planning/sokoban"].effort(soko) >= soko.check["pushes"] + soko.check["plan_moves"]
