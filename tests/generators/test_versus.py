"""Behaviour tests for the versus games and the exploration tasks: exact observations for known
actions, invalid moves, losing ends, determinism (the opponent included), the solvers against
brute force, and the reference policies winning every level."""
import itertools
import random

import networkx as nx
import pytest

import procgym
from answer_helpers import before_last, HEDGED_ACTIONS
from procgym import Problem
from procgym.generators.exploration import bandit, hidden_graph
from procgym.generators.versus import connect_four as cf
from procgym.generators.versus import dots_and_boxes as db
from procgym.generators.versus import nim
from procgym.generators.versus import othello as ot
from procgym.generators.versus import tic_tac_toe as ttt

VERSUS = ["versus/nim", "versus/subtraction_game", "versus/tic_tac_toe", "versus/connect_four",
          "versus/dots_and_boxes", "versus/othello"]
EXPLORATION = ["exploration/best_arm", "exploration/hidden_graph"]


def problem(name, level=3, **check):
    """A generated problem whose check record is patched with `check` (a hand-made position)."""
    p = procgym.get(name).generate(seed=0, difficulty=level)
    record = p.to_dict()
    record["check"] = dict(record["check"], **check)
    return Problem.from_dict(record)


def play(name, p, actions):
    task, state, out = procgym.get(name), None, []
    state = task.initial_state(p)
    for action in actions:
        state, observation, reward, done = task.step(p, state, action)
        out.append((observation, reward, done))
        if done:
            break
    return out, state


def play_policy(name, p):
    task = procgym.get(name)
    state, done, turns, reward = task.initial_state(p), False, 0, 0.0
    while not done:
        state, _, reward, done = task.step(p, state, task.policy(p, state))
        turns += 1
        assert turns <= 200, "the episode did not end"
    return reward, turns


# --------------------------------------------------------------------------- every task

@pytest.mark.parametrize("name", VERSUS + EXPLORATION)
@pytest.mark.parametrize("level", range(1, 11))
def test_policy_wins_every_level(name, level):
    for seed in range(4):
        p = procgym.get(name).generate(seed=seed, difficulty=level)
        reward, turns = play_policy(name, p)
        assert reward == 1.0, (name, level, seed)
        assert turns <= p.check.get("turn_limit", p.check.get("budget"))


@pytest.mark.parametrize("name", VERSUS + ["versus/wythoff"])
def test_policy_wins_past_level_10(name):
    """Levels 11 and up (bigger boards, longer forced wins, no spare turns): the reference policy
    still wins within the turn limit, at the first of them and at the task's highest level."""
    task = procgym.get(name)
    for level in sorted({min(11, task.max_level), task.max_level}):
        for seed in range(2):
            p = task.generate(seed=seed, difficulty=level)
            reward, turns = play_policy(name, p)
            assert reward == 1.0 and turns <= p.check["turn_limit"], (name, level, seed)


def test_capped_versus_games_say_why():
    for name in VERSUS + ["versus/wythoff"]:
        task = procgym.get(name)
        assert task.max_level == 20 or task.cap_reason, name


@pytest.mark.parametrize("name", VERSUS + EXPLORATION)
def test_reference_answer_replays_to_a_win(name):
    for level in (1, 5, 10):
        p = procgym.get(name).generate(seed=7, difficulty=level)
        assert procgym.verify(p, f"<answer>{p.answer}</answer>").correct
        assert not procgym.verify(p, "<answer>" + "\n".join(p.answer.splitlines()[:-1] or ["x"]) + "</answer>").correct


@pytest.mark.parametrize("name", VERSUS + EXPLORATION)
def test_episodes_are_deterministic_opponent_included(name):
    """The same problem and the same actions (here: another problem's reference line, so the
    play leaves the winning line and the opponent must answer fresh positions) give the same
    observations in a fresh run, and in a replay from the JSON record."""
    task = procgym.get(name)
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=6)
        other = task.generate(seed=seed + 100, difficulty=6)
        actions = p.answer.splitlines()[:1] + other.answer.splitlines() + p.answer.splitlines()
        first, _ = play(name, p, actions)
        again, _ = play(name, Problem.from_dict(p.to_dict()), actions)
        assert first == again


@pytest.mark.parametrize("name", VERSUS + EXPLORATION)
def test_hostile_actions_count_as_turns(name):
    task = procgym.get(name)
    p = task.generate(seed=1, difficulty=5)
    state = task.initial_state(p)
    for action in ["", "   ", "x" * 10_000, "9" * 400, "\x00", "take -1 from A", "move", "commit"]:
        before = state["turn"]
        state, observation, reward, done = task.step(p, state, action)
        assert observation.startswith("Invalid") and reward == 0.0
        assert state["turn"] == before + 1
        if done:
            break


@pytest.mark.parametrize("name", VERSUS)
def test_prompts_state_the_rules_and_turn_limit(name):
    p = procgym.get(name).generate(seed=2, difficulty=5)
    assert f"{p.check['turn_limit']} turns" in p.prompt
    assert "Action format" in p.prompt and "looks" in p.prompt


# --------------------------------------------------------------------------- nim

def test_nim_exact_observations_and_ends():
    p = problem("versus/nim", start={"heaps": [2], "mover": "you"}, misere=False, opponent_depth=1, turn_limit=3)
    assert play("versus/nim", p, ["take 2 from A"])[0] == [
        ("You took 2 from A.\nHeaps: A 0\nYou took the last token: you win. Solved in 1 turn.", 1.0, True)]
    assert play("versus/nim", p, ["A 1"])[0] == [
        ("You took 1 from A. The opponent took 1 from A.\nHeaps: A 0\nThe opponent took the last token: you lose.",
         0.0, True)]
    misere = problem("versus/nim", start={"heaps": [1, 1], "mover": "you"}, misere=True, opponent_depth=1,
                     turn_limit=3)
    assert play("versus/nim", misere, ["remove 1 token from heap A"])[0] == [
        ("You took 1 from A. The opponent took 1 from B.\nHeaps: A 0, B 0\nThe opponent took the last token: "
         "you win. Solved in 1 turn.", 1.0, True)]


@pytest.mark.parametrize("action,why", [
    ("take 5 from A", "heap A has only 3 tokens"),
    ("take 1 from D", "there is no heap D"),
    ("take 0 from B", "take at least one token"),
    ("take -2 from B", "take a positive number of tokens"),
    ("take 2", "write how many tokens to take and from which heap"),
    ("take 1 from A and 1 from B", "write how many tokens"),
    ("banana", "write how many tokens"),
])
def test_nim_invalid_moves(action, why):
    p = problem("versus/nim", start={"heaps": [3, 4, 5], "mover": "you"}, misere=False, opponent_depth=2,
                turn_limit=8)
    (observation, reward, done), = play("versus/nim", p, [action])[0]
    assert observation.startswith(f"Invalid move: {why}")
    assert observation.endswith("\nHeaps: A 3, B 4, C 5\nTurns left: 7.") and reward == 0.0 and not done


def test_nim_out_of_turns_loses():
    p = problem("versus/nim", start={"heaps": [3, 4, 5], "mover": "you"}, misere=False, opponent_depth=2,
                turn_limit=2)
    steps, _ = play("versus/nim", p, ["take 9 from A", "take 9 from A"])
    assert steps[-1] == ("Invalid move: heap A has only 3 tokens.\nHeaps: A 3, B 4, C 5\nOut of turns: you lose.", 0.0,
                         True)


@pytest.mark.parametrize("misere", [False, True])
def test_nim_solver_matches_theory_and_policy(misere):
    for heaps in itertools.product(range(6), repeat=3):
        result, _ = nim.solve(nim.canon(heaps, None), None, misere)
        x = heaps[0] ^ heaps[1] ^ heaps[2]
        if misere and max(heaps) <= 1:
            theory = sum(heaps) % 2 == 0
        else:
            theory = x != 0
        assert (result > 0) == theory, heaps
        if result > 0 and any(heaps):  # (misere: all heaps empty is a finished game the mover has won)
            i, n = nim.nim_move(list(heaps), misere)
            after = list(heaps)
            after[i] -= n
            assert n >= 1 and nim.solve(nim.canon(after, None), None, misere)[0] < 0


@pytest.mark.parametrize("takes", [(1, 2, 3), (1, 3, 4), (1, 4), (1, 2, 5, 6)])
def test_subtraction_grundy_matches_solver(takes):
    g = nim.grundy_table(takes, 30)
    for heaps in itertools.product(range(2, 16), repeat=2):
        result, _ = nim.solve(nim.canon(heaps, takes), takes, False)
        assert (result > 0) == (g[heaps[0]] ^ g[heaps[1]] != 0)
        if result > 0:
            i, t = nim.grundy_move(list(heaps), takes)
            after = list(heaps)
            after[i] -= t
            assert t in takes and nim.solve(nim.canon(after, takes), takes, False)[0] < 0
    assert nim.grundy_table((1, 3, 4), 13) == [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2]


def test_subtraction_game_rejects_amounts_outside_the_set():
    p = problem("versus/subtraction_game", start={"heaps": [9, 7], "mover": "you"}, takes=[1, 3, 4],
                opponent_depth=2, turn_limit=10)
    (observation, reward, done), = play("versus/subtraction_game", p, ["take 2 from A"])[0]
    assert observation.startswith("Invalid move: you may take only 1, 3 or 4 tokens at a time.")
    steps, _ = play("versus/subtraction_game", p, ["take 4 from B"])
    assert steps[0][0].startswith("You took 4 from B. The opponent took ")


def test_subtraction_game_single_heap_needs_no_heap_name():
    p = problem("versus/subtraction_game", start={"heaps": [4], "mover": "you"}, takes=[1, 2, 3],
                opponent_depth=1, turn_limit=4)
    assert play("versus/subtraction_game", p, ["take 3"])[0] == [
        ("You took 3 from A. The opponent took 1 from A.\nHeaps: A 0\nYou cannot move: you lose.", 0.0, True)]


# --------------------------------------------------------------------------- tic-tac-toe

TTT = dict(start={"board": "XX.OO....", "mover": "you"}, mark="X", opponent_depth=1, turn_limit=4)


def test_tic_tac_toe_exact_observations():
    p = problem("versus/tic_tac_toe", **TTT)
    assert play("versus/tic_tac_toe", p, ["c1"])[0] == [
        ("You played c1.\n   a b c\n1  X X X\n2  O O .\n3  . . .\nThree in a row: you win. Solved in 1 turn.", 1.0,
         True)]
    assert play("versus/tic_tac_toe", p, ["place X at 3a"])[0] == [
        ("You played a3. The opponent played c2.\n   a b c\n1  X X .\n2  O O O\n3  X . .\n"
         "The opponent has three in a row: you lose.", 0.0, True)]


@pytest.mark.parametrize("action,why", [
    ("b1", "b1 is already taken."), ("d1", "name a cell by column a-c and row 1-3"), ("a4", "name a cell"),
    ("a1 b1", "name a cell"), ("c1 I think", "name a cell"), ("not c1", "name a cell"), ("x != c1", "name a cell"),
    ("c1 or maybe not", "name a cell"), ("c1?", "name a cell"), ("c1 or c2", "name a cell")])
def test_tic_tac_toe_invalid_moves(action, why):
    p = problem("versus/tic_tac_toe", **TTT)
    (observation, reward, done), = play("versus/tic_tac_toe", p, [action])[0]
    assert observation.startswith(f"Invalid move: {why}") and observation.endswith("Turns left: 3.")
    assert play("versus/tic_tac_toe", p, [""])[0][0][0].startswith("Invalid action: write one move")
    assert reward == 0.0 and not done


def test_tic_tac_toe_solver_and_pools():
    assert ttt.solve("." * 9) == (0, 9)  # the empty board is a draw
    assert ttt.solve("XO.......")[0] == 1  # O answered a corner with an adjacent edge: X forces a win
    assert ttt.solve("X...O....")[0] == 0  # O answered it in the centre: a draw
    pools = ttt.pools()
    assert {k for k in pools} == {(d, t) for d in (1, 2, 3) for t in (False, True)}
    for (win_in, threat), boards in pools.items():
        for board in boards[:40]:
            result, plies = ttt.solve(board)
            assert result == 1 and (plies + 1) // 2 == win_in
            other = "O" if ttt.to_move(board) == "X" else "X"
            assert bool(ttt.threats(board, other)) == threat


def test_tic_tac_toe_draw_is_not_a_win():
    p = problem("versus/tic_tac_toe", start={"board": "XOXXOOO.X", "mover": "you"}, mark="X", opponent_depth=1,
                turn_limit=2)
    assert play("versus/tic_tac_toe", p, ["b3"])[0] == [
        ("You played b3.\n   a b c\n1  X O X\n2  X O O\n3  O X X\nThe board is full: a draw, which is not a win.",
         0.0, True)]


# --------------------------------------------------------------------------- connect four

def c4_position(cols, rows, columns, mark="X"):
    """{"you", "opponent"} bitboards from each column's stones, bottom first."""
    you = opp = 0
    for c, stack in enumerate(columns):
        for r, ch in enumerate(stack):
            bit = 1 << (c * (rows + 1) + r)
            if ch == mark:
                you |= bit
            else:
                opp |= bit
    return {"you": you, "opponent": opp, "mover": "you"}


C4 = dict(start=c4_position(5, 4, ["X", "X", "X", "", "OOO"]), cols=5, rows=4, mark="X", win_in=1,
          opponent_depth=1, turn_limit=5)


def test_connect_four_exact_observations():
    p = problem("versus/connect_four", **C4)
    assert play("versus/connect_four", p, ["4"])[0] == [
        ("You dropped into column 4.\n1 2 3 4 5\n. . . . .\n. . . . O\n. . . . O\nX X X X O\n"
         "Four in a row: you win. Solved in 1 turn.", 1.0, True)]
    assert play("versus/connect_four", p, ["column 1"])[0] == [
        ("You dropped into column 1. The opponent dropped into column 5.\n1 2 3 4 5\n. . . . O\n. . . . O\n"
         "X . . . O\nX X X . O\nThe opponent has four in a row: you lose.", 0.0, True)]


@pytest.mark.parametrize("action,why", [
    ("6", "there is no column 6 (columns 1 to 5)."), ("0", "there is no column 0"),
    ("5", "column 5 is full."), ("1 2", "name one column"), ("left", "name one column")])
def test_connect_four_invalid_moves(action, why):
    start = c4_position(5, 4, ["X", "X", "X", "", "OOOX"])
    p = problem("versus/connect_four", **dict(C4, start=start))
    (observation, reward, done), = play("versus/connect_four", p, [action])[0]
    assert observation.startswith(f"Invalid move: {why}") and observation.endswith("Turns left: 4.")


def brute_c4_win(cols, rows, grid, me, d):
    """Naive check on a list-of-columns grid: can `me` (to move) force four within d moves?"""
    other = "O" if me == "X" else "X"

    def four(g, who):
        cells = {(c, r) for c in range(cols) for r, ch in enumerate(g[c]) if ch == who}
        return any(all((c + k * dc, r + k * dr) in cells for k in range(4))
                   for c, r in cells for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)))

    def moves(g):
        return [c for c in range(cols) if len(g[c]) < rows]

    def drop(g, c, who):
        return [s + who if i == c else s for i, s in enumerate(g)]

    def win(g, k):
        if k == 0:
            return False
        for c in moves(g):
            g1 = drop(g, c, me)
            if four(g1, me):
                return True
            if k == 1 or not moves(g1):
                continue
            ok = True
            for r in moves(g1):
                g2 = drop(g1, r, other)
                if four(g2, other) or not moves(g2) or not win(g2, k - 1):
                    ok = False
                    break
            if ok:
                return True
        return False

    return win(grid, d)


def test_connect_four_search_matches_brute_force():
    rng = random.Random(3)
    g = cf.geometry(4, 4)
    checked = 0
    while checked < 60:
        grid, me = [""] * 4, "X"
        for _ in range(rng.randint(4, 10)):
            c = rng.choice([c for c in range(4) if len(grid[c]) < 4])
            grid[c] += me
            me = "O" if me == "X" else "X"
        pos = c4_position(4, 4, grid, mark=me)
        if g.four(pos["you"]) or g.four(pos["opponent"]):
            continue
        mask = pos["you"] | pos["opponent"]
        for d in (1, 2, 3):
            assert cf.wins_within(g, pos["you"], mask, d, {}) == brute_c4_win(4, 4, grid, me, d), (grid, me, d)
        checked += 1


# --------------------------------------------------------------------------- dots and boxes

def test_dots_and_boxes_exact_observations():
    p = problem("versus/dots_and_boxes", start={"mask": 0b0111, "owners": ["."], "mover": "you"}, rows=1, cols=1,
                opponent_depth=1, turn_limit=3)
    assert play("versus/dots_and_boxes", p, ["a2-b2"])[0] == [
        ("You drew a2-b2 and claimed a box; the board is complete.\n   1   2\na  +---+\n   | Y |\nb  +---+\n"
         "Boxes: you 1, opponent 0.\nAll lines are drawn: you have 1 box, the opponent 0. You win. Solved in 1 turn.",
         1.0, True)]
    lost = problem("versus/dots_and_boxes", start={"mask": 0b0011, "owners": ["."], "mover": "you"}, rows=1, cols=1,
                   opponent_depth=1, turn_limit=3)
    assert play("versus/dots_and_boxes", lost, ["b1 a1"])[0] == [
        ("You drew a1-b1. The opponent drew a2-b2 and claimed a box; the board is complete.\n   1   2\na  +---+\n"
         "   | O |\nb  +---+\nBoxes: you 0, opponent 1.\nAll lines are drawn: you have 0 boxes, the opponent 1; "
         "you lose.", 0.0, True)]


def test_dots_and_boxes_capture_keeps_the_move():
    # 1x2 boxes: everything but a1-b1 and a2-b2 drawn; the middle line takes the right box
    g = db.grid(1, 2)
    mask = g.full & ~(1 << g.v(0, 0)) & ~(1 << g.v(0, 1))
    p = problem("versus/dots_and_boxes", start={"mask": mask, "owners": [".", "."], "mover": "you"}, rows=1,
                cols=2, opponent_depth=1, turn_limit=4)
    steps, _ = play("versus/dots_and_boxes", p, ["a2-b2", "a1-b1"])
    assert steps[0] == ("You drew a2-b2 and claimed a box; you move again.\n   1   2   3\na  +---+---+\n"
                        "       | Y |\nb  +---+---+\nBoxes: you 1, opponent 0.\nTurns left: 3.", 0.0, False)
    assert steps[1][1:] == (1.0, True)
    assert steps[1][0].endswith("you have 2 boxes, the opponent 0. You win. Solved in 2 turns.")


@pytest.mark.parametrize("action,why", [
    ("a1-a2", "a1-a2 is already drawn."), ("a1-b2", "those dots are not neighbours"),
    ("a1-a3", "there is no dot a3"), ("a1", "name a line by its two dots")])
def test_dots_and_boxes_invalid_moves(action, why):
    p = problem("versus/dots_and_boxes", start={"mask": 0b0011, "owners": ["."], "mover": "you"}, rows=1, cols=1,
                opponent_depth=1, turn_limit=3)
    (observation, reward, done), = play("versus/dots_and_boxes", p, [action])[0]
    assert observation.startswith(f"Invalid move: {why}") and observation.endswith("Turns left: 2.")


def brute_boxes(g, mask, me_to_move=True, mine=0, theirs=0):
    """Final (mine - theirs) by plain minimax over explicit scores (no memo)."""
    if mask == g.full:
        return mine - theirs
    results = []
    for line in g.free(mask):
        won = g.gained(mask, line)
        new = mask | (1 << line)
        if me_to_move:
            results.append(brute_boxes(g, new, won > 0, mine + won, theirs))
        else:
            results.append(brute_boxes(g, new, won == 0, mine, theirs + won))
    return max(results) if me_to_move else min(results)


def test_dots_and_boxes_solver_matches_brute_force():
    g, rng = db.grid(2, 2), random.Random(5)
    for _ in range(40):
        mask, _, _ = db.random_position(g, rng, rng.randint(2, 7))
        assert db.value(g, mask) == brute_boxes(g, mask)


# --------------------------------------------------------------------------- othello

def test_othello_exact_observations():
    x, o = ot.start_board(4)
    p = problem("versus/othello", start={"you": x, "opponent": o, "mover": "you"}, size=4, opponent_depth=1,
                turn_limit=5)
    steps, state = play("versus/othello", p, ["a1", "b2", "e1", "b1"])
    assert steps[0] == ("Invalid move: a1 brackets no opponent discs, so it is not a legal move.\n  a b c d\n"
                        "1 . . . .\n2 . O X .\n3 . X O .\n4 . . . .\nDiscs: you 2, opponent 2.\nTurns left: 4.",
                        0.0, False)
    assert steps[1][0].startswith("Invalid move: b2 is not empty.")
    assert steps[2][0].startswith("Invalid move: e1 is not on the board (columns a-d, rows 1-4).")
    assert steps[3][0].startswith("You played b1, flipping 1 disc. The opponent played ")
    # one disc each way: you placed and flipped one, the opponent did the same
    assert "Discs: you 3, opponent 3." in steps[3][0] or "Discs: you 2, opponent 4." in steps[3][0]


def test_othello_wipeout_and_pass():
    n = 4
    wipe = problem("versus/othello", start={"you": 1 << 0, "opponent": 1 << 1, "mover": "you"}, size=n,
                   opponent_depth=1, turn_limit=3)
    assert play("versus/othello", wipe, ["c1"])[0] == [
        ("You played c1, flipping 1 disc.\n  a b c d\n1 X X X .\n2 . . . .\n3 . . . .\n4 . . . .\n"
         "Discs: you 3, opponent 0.\nNeither player can move: you have 3 discs to 0. You win. Solved in 1 turn.", 1.0,
         True)]
    passing = problem("versus/othello", start={"you": 1 << 0, "opponent": (1 << 1) | (1 << 4), "mover": "you"},
                      size=n, opponent_depth=1, turn_limit=3)
    steps, state = play("versus/othello", passing, ["c1"])
    assert steps[0] == ("You played c1, flipping 1 disc. The opponent has no legal move and passes.\n  a b c d\n"
                        "1 X X X .\n2 O . . .\n3 . . . .\n4 . . . .\nDiscs: you 3, opponent 1.\n"
                        "Turns left: 2.", 0.0, False)
    assert play("versus/othello", passing, ["c1", "a3"])[0][-1][1:] == (1.0, True)


def brute_othello(b, me, them):
    """Final disc difference by plain minimax (no memo, no pruning)."""
    moves = b.cells(b.legal(me, them))
    if not moves:
        if not b.legal(them, me):
            return me.bit_count() - them.bit_count()
        return -brute_othello(b, them, me)
    best = -99
    for i in moves:
        f = b.flips(me, them, 1 << i)
        best = max(best, -brute_othello(b, them & ~f, me | f | (1 << i)))
    return best


def test_othello_solver_matches_brute_force():
    b, rng = ot.board(4), random.Random(2)
    for _ in range(40):
        found = ot.random_position(b, rng, rng.randint(2, 7))
        if found is None:
            continue
        me, them = found
        value = brute_othello(b, me, them)
        assert ot.wins(4, me, them) == (value > 0)
        assert ot.beats(4, me, them, -1) == (value > -1)


def test_othello_flips_match_a_naive_rule():
    b, rng = ot.board(6), random.Random(4)
    for _ in range(30):
        found = ot.random_position(b, rng, rng.randint(4, 28))
        if found is None:
            continue
        me, them = found
        for i in range(36):
            bit = 1 << i
            if (me | them) & bit:
                assert not b.legal(me, them) & bit
                continue
            expected = 0
            r0, c0 = divmod(i, 6)
            for dr, dc in itertools.product((-1, 0, 1), repeat=2):
                if dr == dc == 0:
                    continue
                line, r, c = 0, r0 + dr, c0 + dc
                while 0 <= r < 6 and 0 <= c < 6 and them >> (r * 6 + c) & 1:
                    line |= 1 << (r * 6 + c)
                    r, c = r + dr, c + dc
                if 0 <= r < 6 and 0 <= c < 6 and me >> (r * 6 + c) & 1:
                    expected |= line
            assert b.flips(me, them, bit) == expected
            assert bool(b.legal(me, them) & bit) == bool(expected)


# --------------------------------------------------------------------------- best arm

def arm_problem(**check):
    return problem("exploration/best_arm", probs=[0.2, 0.9, 0.5], best=2, budget=30, turn_limit=5, salt=11,
                   gap=0.4, **check)


def test_best_arm_exact_observations():
    p = arm_problem()
    paid = sum(bandit.outcomes("exploration/best_arm", 11, 2, 0.9, 0, 10))
    steps, state = play("exploration/best_arm", p, ["pull 2 10", "pull arm 1", "commit 2"])
    assert steps[0] == (f"Arm 2: {paid} of 10 pulls paid. Totals: arm 1 0/0, arm 2 {paid}/10, arm 3 0/0. "
                        f"Pulls left: 20.\nActions left: 4.", 0.0, False)
    assert steps[1][0].startswith("Arm 1: ") and "of 1 pull paid" in steps[1][0]
    assert steps[2] == ("You committed to arm 2: it is the best arm. You win. Solved in 3 turns.", 1.0, True)
    assert state["pulls"] == [1, 10, 0]
    assert play("exploration/best_arm", p, ["commit 3"])[0] == [
        ("You committed to arm 3, but the best arm is arm 2. You lose.", 0.0, True)]


def test_best_arm_outcomes_depend_only_on_the_pull_count():
    whole = bandit.outcomes("exploration/best_arm", 5, 1, 0.5, 0, 12)
    parts = bandit.outcomes("exploration/best_arm", 5, 1, 0.5, 0, 5) + bandit.outcomes(
        "exploration/best_arm", 5, 1, 0.5, 5, 7)
    assert whole == parts


@pytest.mark.parametrize("action,why", [
    ("pull 4", "there is no arm 4"), ("pull 1 31", "only 30 pulls are left"), ("pull 1 0", "pull at least once"),
    ("commit 0", "there is no arm 0"), ("spin", "write 'pull K N'")])
def test_best_arm_invalid_actions(action, why):
    (observation, reward, done), = play("exploration/best_arm", arm_problem(), [action])[0]
    assert observation.startswith(f"Invalid action: {why}") and observation.endswith("Actions left: 4.")


def test_best_arm_budget_and_action_limit():
    steps, _ = play("exploration/best_arm", arm_problem(), ["pull 1 30", "pull 1", "pull 2", "pull 3", "pull 3"])
    assert steps[1][0].startswith("Invalid action: no pulls are left; commit to an arm.")
    assert steps[-1][0].endswith("\nOut of actions: you did not commit to an arm, so you lose.")
    assert steps[-1][1:] == (0.0, True)


def test_best_arm_instances_respect_the_gap():
    task = procgym.get("exploration/best_arm")
    for level in (1, 5, 10):
        for seed in range(10):
            c = task.generate(seed=seed, difficulty=level).check
            ordered = sorted(c["probs"])
            assert c["probs"][c["best"] - 1] == ordered[-1] >= ordered[-2] + c["gap"] - 1e-9


# --------------------------------------------------------------------------- hidden graph

def graph_problem():
    adj = {"10": [11, 12], "11": [10, 13], "12": [10], "13": [11]}
    return problem("exploration/hidden_graph", adj=adj, start=10, target=13, budget=6, marks=True)


def test_hidden_graph_exact_observations():
    p = graph_problem()
    steps, state = play("exploration/hidden_graph", p, ["move 12", "go to 10", "11", "13"])
    assert steps == [
        ("You moved to 12. Neighbours of 12: 10*.\nMoves left: 5.", 0.0, False),
        ("You moved to 10. Neighbours of 10: 11, 12*.\nMoves left: 4.", 0.0, False),
        ("You moved to 11. Neighbours of 11: 10*, 13.\nMoves left: 3.", 0.0, False),
        ("You moved to 13: it is the target. You win. Solved in 4 turns.", 1.0, True)]
    assert state["trail"] == [10, 12, 10, 11, 13]


def test_hidden_graph_invalid_moves_and_running_out():
    p = graph_problem()
    steps, _ = play("exploration/hidden_graph", p, ["move 13", "fly", "12", "10", "12", "10"])
    assert steps[0] == ("Invalid move: 13 is not a neighbour of 10. Neighbours of 10: 11, 12.\nMoves left: 5.",
                        0.0, False)
    assert steps[1][0].startswith("Invalid move: write move N")
    assert steps[-1] == ("You moved to 10. Neighbours of 10: 11, 12*.\nOut of moves: the target was not reached.",
                         0.0, True)


def test_hidden_graph_depth_first_bound():
    """The explorer reaches the target within 2(n-1) moves on random graphs, from what it sees."""
    rng = random.Random(9)
    for _ in range(200):
        n = rng.randint(3, 30)
        g = nx.gnm_random_graph(n, rng.randint(n - 1, 2 * n), seed=rng.randrange(10**6))
        if not nx.is_connected(g):
            continue
        adj = {v: sorted(g.neighbors(v)) for v in g}
        start, target = rng.sample(range(n), 2)
        seen, trail = {start: adj[start]}, [start]
        while trail[-1] != target:
            trail.append(hidden_graph.dfs_next(seen, trail, target))
            seen[trail[-1]] = adj[trail[-1]]
            assert trail[-1] in adj[trail[-2]]
        assert len(trail) - 1 <= 2 * (n - 1)


def test_hidden_graph_marks_knob():
    task = procgym.get("exploration/hidden_graph")
    assert "marked with *" in task.generate(seed=1, difficulty=1).prompt
    assert "marked with *" not in task.generate(seed=1, difficulty=8).prompt


# --------------------------------------------------------------------------- strict actions



@pytest.mark.parametrize("name", VERSUS + ["versus/wythoff"] + EXPLORATION)
@pytest.mark.parametrize("level", [1, 6])
def test_a_hedged_move_is_invalid_and_a_plain_one_in_any_case_wins(name, level):
    """The winning last move with a hedge, a negation or a second candidate is an invalid move (a
    used turn, nothing else changes); in capitals, with a full stop or extra spaces, it wins."""
    task = procgym.get(name)
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level)
        state, last = before_last(task, p)
        for form in HEDGED_ACTIONS:
            new, observation, reward, done = task.step(p, state, form.format(last, last))
            assert reward == 0.0 and not done, (form, last, observation)
            assert {**new, "turn": 0} == {**state, "turn": 0}, (form, last, observation)
            assert observation.startswith("Invalid"), (form, observation)
        for form in (last.upper(), f"{last}.", f"  {last}  ", last.replace(" ", "  "), last.capitalize()):
            assert task.step(p, state, form)[2] == 1.0, form


@pytest.mark.parametrize("name", VERSUS + ["versus/wythoff"])
def test_the_prompt_example_never_wins_at_once(name):
    from procgym.contract import prompt_example

    task = procgym.get(name)
    for level in (1, 2, 3):
        for seed in range(40):
            p = task.generate(seed=seed, difficulty=level)
            assert not task.verify(p, f"<answer>{prompt_example(p.prompt)}</answer>").correct


def test_the_example_move_is_never_legal():
    """The example is a move that is never legal (no column 0, a cell off the 3x3 board, diagonal
    dots, taking no token, a centre square of Othello, taken from the start), the same for every
    problem, also where the earlier example (column 3, b2, take 2 from both) would have won: an
    example swapped only there would tell the answer."""
    from procgym.contract import prompt_example

    cases = {"versus/connect_four": "0", "versus/tic_tac_toe": "d4", "versus/dots_and_boxes": "a1-b2",
             "versus/nim": "take 0 from A", "versus/subtraction_game": "take 0 from A",
             "versus/wythoff": "take 0 from both", "versus/othello": "c3"}
    for name, example in cases.items():
        task = procgym.get(name)
        assert task.example == example
        for level in (1, 5, 10):
            for seed in range(8):
                p = task.generate(seed=seed, difficulty=level)
                assert prompt_example(p.prompt) == example
                assert task.step(p, task.initial_state(p), example)[1].startswith("Invalid move"), (name, seed)
    c4 = procgym.get("versus/connect_four").generate(seed=2, difficulty=1)  # column 3 wins at once
    assert c4.answer == "3" and "<answer>0</answer>" in c4.prompt and "Action format: a column number from 1 to 5." in c4.prompt
    ttt = procgym.get("versus/tic_tac_toe").generate(seed=3, difficulty=1)
    assert procgym.get("versus/tic_tac_toe").wins_at_once(ttt, "b2") and "<answer>d4</answer>" in ttt.prompt
    assert "e.g. c3." in procgym.get("versus/othello").generate(seed=0, difficulty=7).prompt
