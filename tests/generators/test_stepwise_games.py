"""Behaviour tests for the step-by-step puzzles (Lights Out, water jugs, peg solitaire) and
Wythoff's game: exact observations on hand-made instances, invalid actions answered and
counted, the solvers against brute force or the closed form, determinism, and the reference
policies solving 50 seeded episodes at levels 1, 5 and 10."""
import itertools
import math
import random

import pytest

import procgym
from answer_helpers import play
from procgym import Problem
from procgym.agents import OracleAgent, play_episode
from procgym.envs import make
from procgym.generators.games import stepwise as sw
from procgym.generators.versus import wythoff as wy

NAMES = ["games/lights_out_stepwise", "games/water_jugs_stepwise", "games/peg_solitaire_stepwise", "versus/wythoff"]


def problem(name, level=3, **check):
    """A generated problem whose check record is replaced by a hand-made one."""
    record = procgym.get(name).generate(seed=0, difficulty=level).to_dict()
    record["check"] = dict(record["check"], **check)
    return Problem.from_dict(record)


# ----------------------------------------------------------------------------- Lights Out

def brute_min_presses(rows, cols, lights):
    masks = sw.press_masks(rows, cols)
    for k in range(rows * cols + 1):
        for combo in itertools.combinations(range(rows * cols), k):
            acc = 0
            for c in combo:
                acc ^= masks[c]
            if acc == lights:
                return k
    return None


@pytest.mark.parametrize("rows, cols", [(2, 3), (3, 3), (2, 4), (4, 4)])
def test_min_presses_matches_brute_force(rows, cols):
    rng = random.Random(rows * 10 + cols)
    for _ in range(12):
        lights = rng.randrange(1 << (rows * cols))
        best = sw.min_presses(rows, cols, lights)
        expect = brute_min_presses(rows, cols, lights)
        if expect is None:
            assert best is None
            continue
        acc = 0
        for c in range(rows * cols):
            if best >> c & 1:
                acc ^= sw.press_masks(rows, cols)[c]
        assert acc == lights and bin(best).count("1") == expect


def test_lights_out_dynamics_exact():
    # lights (1,1), (1,2), (2,1) on: exactly what pressing (1,1) toggles
    p = problem("games/lights_out_stepwise", rows=2, cols=3, lights=0b1011, optimal=1, budget=4)
    out, _ = play(p, ["press 9 9", "hello", "press 1 3", "(1, 3)"])
    assert out[0] == ("Invalid action: cell (9, 9) is off the board (rows 1-2, columns 1-3).\n"
                      "    1 2 3\n 1  # # .\n 2  # . .\nTurns left: 3.", 0.0, False)
    assert out[1][0].startswith("Invalid action: write press ROW COL")
    assert out[2] == ("You press (1, 3). 4 lights on.\n    1 2 3\n 1  # . #\n 2  # . #\nTurns left: 1.", 0.0, False)
    assert out[3] == ("You press (1, 3). 3 lights on.\n    1 2 3\n 1  # # .\n 2  # . .\n"
                      "Out of turns: the puzzle is not solved.", 0.0, True)
    out, _ = play(p, ["press 1 1"])
    assert out == [("You press (1, 1). All lights are off. Solved in 1 turn.", 1.0, True)]


def test_lights_out_alternative_solution_and_near_miss():
    task = procgym.get("games/lights_out_stepwise")
    p = task.generate(seed=5, difficulty=5)
    presses = p.answer.splitlines()
    assert task.verify(p, "<answer>" + "\n".join(reversed(presses)) + "</answer>").correct  # presses commute
    assert not task.verify(p, "<answer>" + "\n".join(presses[:-1]) + "</answer>").correct
    assert len(presses) == p.check["optimal"]


# ----------------------------------------------------------------------------- water jugs

def test_jug_plan_is_shortest():
    assert sw.jug_plan((3, 5), (0, 0), {"jug": None, "amount": 4}) == [
        "fill B", "pour B into A", "empty A", "pour B into A", "fill B", "pour B into A"]
    assert sw.jug_distances((3, 5))[(3, 4)] == 6
    assert sw.tree_plan((3, 5), {"jug": None, "amount": 4}) == sw.jug_plan((3, 5), (0, 0), {"jug": None, "amount": 4})
    # the inline search tree and the generic planner agree on every goal of random jug sets
    rng = random.Random(3)
    for _ in range(10):
        caps = tuple(sorted(rng.sample(range(2, 12), 3)))
        for d, (jug, amount) in sw.goal_costs(caps, True):
            goal = {"jug": jug, "amount": amount}
            assert len(sw.tree_plan(caps, goal)) == len(sw.jug_plan(caps, (0, 0, 0), goal)) == d
    assert sw.jug_plan((2, 4), (0, 0), {"jug": None, "amount": 3}) is None  # gcd 2 never makes 3


def test_water_jugs_dynamics_exact():
    p = problem("games/water_jugs_stepwise", caps=[3, 5], goal={"jug": None, "amount": 4}, optimal=6, budget=12)
    out, _ = play(p, ["fill B", "pour B into A", "empty A", "pour b a", "fill B", "pour B into A"])
    assert [o[0] for o in out] == [
        "You fill B.\nJugs: A 0/3, B 5/5\nTurns left: 11.",
        "You pour 3 litres from B into A.\nJugs: A 3/3, B 2/5\nTurns left: 10.",
        "You empty A.\nJugs: A 0/3, B 2/5\nTurns left: 9.",
        "You pour 2 litres from B into A.\nJugs: A 2/3, B 0/5\nTurns left: 8.",
        "You fill B.\nJugs: A 2/3, B 5/5\nTurns left: 7.",
        "You pour 1 litre from B into A. Solved in 6 turns."]
    assert out[-1][1:] == (1.0, True)


def test_water_jugs_named_jug_and_invalid_moves():
    p = problem("games/water_jugs_stepwise", caps=[3, 5], goal={"jug": 0, "amount": 2}, optimal=4, budget=8)
    out, state = play(p, ["pour A into A", "fill C", "fill", "pour A", "empty A B", "drink A", "fill B",
                          "pour B into A"])
    assert out[0][0].startswith("Invalid move: pour one jug into a different jug.")
    assert out[1][0].startswith("Invalid move: there is no jug C (jugs: A, B).")
    assert out[2][0].startswith("Invalid move: write fill A")
    assert out[3][0].startswith("Invalid move: say where to pour")
    assert out[4][0].startswith("Invalid move: empty takes one jug")
    assert out[5][0].startswith("Invalid move: write fill A")
    # 2 litres are in B, not in the named jug A: not solved, and the budget runs out
    assert out[7] == ("You pour 3 litres from B into A.\nJugs: A 3/3, B 2/5\nOut of turns: the puzzle is not solved.",
                      0.0, True)
    assert state["turn"] == 8


# ----------------------------------------------------------------------------- peg solitaire

def test_peg_solution_search():
    # one row of three cells: o o . -> one jump; o . o has no jump
    assert sw.peg_solution(1, 3, 0b011, -1) == ((0, 1, 2),)
    assert sw.peg_solution(1, 3, 0b101, -1) is None
    assert sw.peg_solution(1, 3, 0b011, 0) is None  # the last peg cannot end on cell 0


def test_peg_solitaire_dynamics_exact():
    # 3x3 board, pegs at (1,1), (1,2), (3,3); any last cell wins
    pegs = 1 << 0 | 1 << 1 | 1 << 8
    p = problem("games/peg_solitaire_stepwise", rows=3, cols=3, pegs=pegs, target=-1, budget=8)
    out, state = play(p, ["jump 1 1 to 1 3", "undo", "undo", "jump 1 2 to 1 4", "jump 1 1 to 3 1",
                          "jump 1 3 to 1 1", "jump 1 2 to 1 1", "jump 1 1 over 1 2 to 1 3"])
    assert out[0] == ("You jump (1, 1) to (1, 3). 2 pegs left. No jump is possible: undo to go back.\n"
                      "    1 2 3\n 1  . . o\n 2  . . .\n 3  . . o\nTurns left: 7.", 0.0, False)
    assert out[1] == ("You take back your last jump.\n    1 2 3\n 1  o o .\n 2  . . .\n 3  . . o\nTurns left: 6.",
                      0.0, False)
    assert out[2][0].startswith("Nothing to undo.")
    assert out[3][0].startswith("Invalid jump: cells must be within rows 1-3 and columns 1-3.")
    assert out[4][0].startswith("Invalid jump: there is no peg to jump over at (2, 1).")
    assert out[5][0].startswith("Invalid jump: there is no peg at (1, 3).")
    assert out[6][0].startswith("Invalid jump: a peg jumps exactly two cells")
    assert out[7] == ("Invalid action: write jump R1 C1 to R2 C2, or undo.\n    1 2 3\n 1  o o .\n 2  . . .\n"
                      " 3  . . o\nOut of turns: the puzzle is not solved.", 0.0, True)
    assert state["turn"] == 8
    full = problem("games/peg_solitaire_stepwise", rows=3, cols=3, pegs=0b111, target=-1, budget=3)
    assert play(full, ["jump 1 1 to 1 3"])[0][0][0].startswith("Invalid jump: (1, 3) is not empty.")


def test_peg_solitaire_target_cell():
    # a 3x3 board with pegs at (3,1), (3,2); the last peg must end on (3,3)
    pegs = 1 << 6 | 1 << 7
    p = problem("games/peg_solitaire_stepwise", rows=3, cols=3, pegs=pegs, target=8, budget=4)
    out, _ = play(p, ["jump 3 2 to 3 0", "jump 3 1 to 3 3"])
    assert out[1] == ("You jump (3, 1) to (3, 3). 1 peg left. Solved in 2 turns.", 1.0, True)
    p = problem("games/peg_solitaire_stepwise", rows=3, cols=3, pegs=1 << 7 | 1 << 8, target=8, budget=4)
    out, _ = play(p, ["jump 3 3 to 3 1"])
    assert out[0][0].startswith("You jump (3, 3) to (3, 1). 1 peg left. The last peg is not on the marked cell")
    assert out[0][1:] == (0.0, False)
    assert procgym.get("games/peg_solitaire_stepwise").policy(p, {"pegs": 1 << 6, "turn": 1, "undo": [384]}) == "undo"


# ----------------------------------------------------------------------------- Wythoff

def test_wythoff_solver_matches_closed_form():
    phi = (1 + 5 ** 0.5) / 2
    cold = {(math.floor(k * phi), math.floor(k * phi * phi)) for k in range(40)}
    for a in range(35):
        for b in range(a, 35):
            assert (wy.solve(a, b)[0] < 0) == ((a, b) in cold), (a, b)


def test_wythoff_perfect_opponent_stalls_and_punishes():
    for a in range(1, 15):
        for b in range(a, 15):
            result, plies = wy.solve(a, b)
            x, y = wy.perfect_move(a, b, random.Random(a * 100 + b))
            r2, p2 = wy.solve(min(x, y), max(x, y))
            if result > 0:
                assert r2 < 0 and p2 + 1 == plies  # moves to a cold position, fastest win
            else:
                assert p2 + 1 == plies  # longest resistance


def test_wythoff_dynamics_exact():
    p = problem("versus/wythoff", start={"piles": [1, 3], "mover": "you"}, turn_limit=4, salt=7)
    out, _ = play(p, ["take 4 from A", "take 1 from C", "take 2 from both", "take 0 from B", "hello",
                      "take 1 from B"])
    assert out[0] == ("Invalid move: pile A has only 1 token.\nPiles: A 1, B 3\nTurns left: 3.", 0.0, False)
    assert out[1][0].startswith("Invalid move: there is no pile C")
    assert out[2][0].startswith("Invalid move: taking 2 from both needs at least 2 in each pile (A 1, B 3).")
    assert out[3] == ("Invalid move: take at least one token.\nPiles: A 1, B 3\nOut of turns: you lose.", 0.0, True)
    # take 1 from B leaves (1, 2), a cold position: whatever the opponent does, one move wins
    task = procgym.get("versus/wythoff")
    state, observation, reward, done = task.step(p, task.initial_state(p), "take 1 from B")
    assert observation.startswith("You took 1 from B. The opponent took ") and (reward, done) == (0.0, False)
    assert sorted(state["pos"]["piles"]) in ([0, 1], [0, 2], [1, 1])
    state, observation, reward, done = task.step(p, state, task.policy(p, state))
    assert (reward, done) == (1.0, True)
    assert observation.endswith("You took the last token: you win. Solved in 2 turns.")


def test_wythoff_losing_line():
    # from (1, 3) taking 1 from A leaves (0, 3): the opponent takes all 3 and wins
    p = problem("versus/wythoff", start={"piles": [1, 3], "mover": "you"}, turn_limit=4, salt=7)
    out, _ = play(p, ["take 1 from A"])
    assert out == [("You took 1 from A. The opponent took 3 from B.\nPiles: A 0, B 0\n"
                    "The opponent took the last token: you lose.", 0.0, True)]


# ----------------------------------------------------------------------------- all four

@pytest.mark.parametrize("name", NAMES)
def test_prompt_states_the_action_grammar(name):
    p = procgym.get(name).generate(seed=2, difficulty=5)
    assert "turn" in p.prompt and p.prompt.count("Action format") == 1


@pytest.mark.parametrize("name", NAMES)
def test_deterministic(name):
    task = procgym.get(name)
    a, b = task.generate(seed=4, difficulty=7), task.generate(seed=4, difficulty=7)
    assert a.to_dict() == b.to_dict()
    s1, s2 = task.initial_state(a), task.initial_state(b)
    for action in a.answer.splitlines():
        s1, o1, *_ = task.step(a, s1, action)
        s2, o2, *_ = task.step(b, s2, action)
        assert o1 == o2


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 5, 10])
def test_oracle_solves_fifty_episodes(name, level):
    env = make(name, difficulty=level)
    results = [play_episode(env, OracleAgent(), seed=s) for s in range(50)]
    assert all(r["solved"] and r["return"] == 1.0 for r in results)
