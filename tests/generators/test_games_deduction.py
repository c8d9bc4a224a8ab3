"""Behaviour tests for the deduction games: exact observations, invalid actions, budgets, determinism
and the reference policies (hangman, twenty questions, higher/lower, battleship, minesweeper, clue,
black box, odd coin)."""
import pytest

import procgym
from procgym.generators.games import (battleship, black_box, clue, hangman, higher_lower, minesweeper, odd_coin,
                                      twenty_questions)

NAMES = ("games/hangman", "games/twenty_questions", "games/higher_lower", "games/battleship", "games/minesweeper",
         "games/clue_deduction", "games/black_box", "games/odd_coin")
HANGMAN, TWENTY, HIGHER_LOWER, BATTLESHIP, MINESWEEPER, CLUE, BLACK_BOX, ODD_COIN = (procgym.get(n) for n in NAMES)


def play(task, problem, actions):
    """Step through `actions` from the start; the list of (observation, reward, done) and the last state."""
    state, out = task.initial_state(problem), []
    for action in actions:
        state, observation, reward, done = task.step(problem, state, action)
        out.append((observation, reward, done))
        if done:
            break
    return out, state


def play_policy(task, problem):
    state, done, turns, reward = task.initial_state(problem), False, 0, 0.0
    while not done:
        state, _, reward, done = task.step(problem, state, task.policy(problem, state))
        turns += 1
        assert turns <= 500, "the episode did not end"
    return reward, turns


def verify(problem, text):
    return procgym.verify(problem, f"<answer>{text}</answer>")


# --------------------------------------------------------------------------- all eight

@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("level", [1, 2, 5, 8, 10])
def test_policy_wins(name, level):
    task = procgym.get(name)
    for seed in range(4):
        p = task.generate(seed=seed, difficulty=level)
        reward, turns = play_policy(task, p)
        assert reward == 1.0, (name, level, seed)


@pytest.mark.parametrize("name", NAMES)
def test_episodes_are_deterministic(name):
    """Same seed, same actions: same problem, same observations (noise and opponents included)."""
    task = procgym.get(name)
    for level in (1, 5, 10):
        p, q = task.generate(seed=7, difficulty=level), task.generate(seed=7, difficulty=level)
        assert p.to_dict() == q.to_dict()
        actions, state = [], task.initial_state(p)
        for _ in range(6):
            action = task.policy(p, state)
            actions.append(action)
            state, _, _, done = task.step(p, state, action)
            if done:
                break
        assert play(task, p, actions) == play(task, q, actions)


@pytest.mark.parametrize("name", NAMES)
def test_invalid_actions_never_crash_and_cost_a_turn(name):
    task = procgym.get(name)
    p = task.generate(seed=2, difficulty=4)
    for action in ("", "???", "fire Z99", "x" * 5000, "weigh 1 vs", "answer sin(", "accuse", "reveal", "10^10^10",
                   None, 42):
        state = task.initial_state(p)
        state2, observation, reward, done = task.step(p, state, action)
        assert isinstance(observation, str) and observation and reward == 0.0
        assert state2 != state  # a turn (or a miss) was counted


# --------------------------------------------------------------------------- hangman

def hangman_problem(secret="tall", words=("ball", "tall", "tale", "wall"), misses=3):
    p = HANGMAN.generate(seed=0, difficulty=1)
    p.check.update(secret=secret, words=list(words), length=len(secret), max_misses=misses)
    return p


def test_hangman_observations():
    steps, state = play(HANGMAN, hangman_problem(), ["a", "a", "z", "l", "guess t"])
    assert [s[0] for s in steps] == [
        "Yes: a is in the word (1 position).\nWord: _ a _ _.\nMisses left: 3.",
        "You already guessed a: that counts as a miss.\nWord: _ a _ _.\nMisses left: 2.",
        "No: z is not in the word.\nWord: _ a _ _. Missed letters: z.\nMisses left: 1.",
        "Yes: l is in the word (2 positions).\nWord: _ a l l. Missed letters: z.\nMisses left: 1.",
        "Yes: t is in the word (1 position). Word: tall. Solved in 5 turns.",
    ]
    assert steps[-1][1:] == (1.0, True) and state["turn"] - state["hits"] == 2  # 2 misses


def test_hangman_word_guesses_and_misses_run_out():
    steps, _ = play(HANGMAN, hangman_problem(), ["x", "balls", "word tale", "tall"])
    assert steps[1][0].startswith("Invalid action: guess one letter (a-z) or one 4-letter word from the list")
    assert steps[2] == ("No: the word is not tale.\nWord: _ _ _ _. Missed letters: x.\n"
                        "Out of misses: the word was tall.", 0.0, True)
    assert len(steps) == 3
    assert play(HANGMAN, hangman_problem(), ["TALL"])[0] == [("Yes: the word is tall. Solved in 1 turn.", 1.0, True)]


def test_hangman_a_command_word_can_be_the_secret():
    p = hangman_problem("word", ["word", "ward", "cord"], 3)
    assert play(HANGMAN, p, ["word"])[0][0][1] == 1.0
    assert play(HANGMAN, p, ["guess word"])[0][0][1] == 1.0


def test_hangman_answers_and_policy_tree():
    p = HANGMAN.generate(seed=3, difficulty=5)
    assert verify(p, p.answer).correct and verify(p, p.answer.upper()).correct
    other = next(w for w in p.check["words"] if w != p.answer)
    assert not verify(p, other).correct
    assert hangman.worst_misses(["fight", "light", "might", "night"]) == 3  # one word per letter
    assert hangman.worst_misses(["tall", "ball"]) == 1
    for seed in range(3):
        q = HANGMAN.generate(seed=seed, difficulty=10)
        assert hangman.worst_misses(q.check["words"]) < q.check["max_misses"]


# --------------------------------------------------------------------------- twenty questions

def twenty_problem(budget=4):
    p = TWENTY.generate(seed=0, difficulty=1)
    assert p.check["names"] == ["Bomi", "Dobu", "Rune", "Soko", "Sute", "Vigo"] and p.check["secret"] == "Soko"
    p.check["budget"] = budget
    return p


def test_twenty_questions_observations():
    steps, state = play(TWENTY, twenty_problem(), ["is it color=white?", "pattern = dotted", "is it size=big?",
                                                   "color=pink"])
    assert [s[0] for s in steps] == [
        "Is it color=white? No.\nTurns left: 3.",
        "Is it pattern=dotted? Yes.\nTurns left: 2.",
        "Invalid question: size is not an attribute (attributes: color, pattern, texture).\nTurns left: 1.",
        "Invalid question: pink is not a value of color (values: green, white).\nOut of turns: it was Soko.",
    ]
    assert steps[-1][1:] == (0.0, True)
    assert state["asked"] == [["color", "white", False], ["pattern", "dotted", True]]
    steps, _ = play(TWENTY, twenty_problem(), ["hello", "guess Zork", "rune", "soko"])
    assert steps[0][0] == "Invalid action: ask like is it color=<value>? or guess like guess <name>.\nTurns left: 3."
    assert steps[1][0] == "Invalid guess: Zork is not one of the objects.\nTurns left: 2."
    assert steps[2][0] == "No, it is not Rune.\nTurns left: 1."
    assert steps[3] == ("Yes, it is Soko. Solved in 4 turns.", 1.0, True)


def test_twenty_questions_budget_is_the_policy_worst_case():
    for seed in range(5):
        p = TWENTY.generate(seed=seed, difficulty=10)
        literals = twenty_questions.literal_masks(p.check["objects"], p.check["attributes"])
        assert p.check["budget"] == twenty_questions.worst_turns(len(p.check["names"]), literals) + p.params["slack"]
        worst = 0
        for name in p.check["names"]:
            p.check["secret"] = name
            reward, turns = play_policy(TWENTY, p)
            assert reward == 1.0
            worst = max(worst, turns)
        assert worst == p.check["budget"]  # slack 0 at level 10: the budget is exactly tight
    assert not verify(p, f"guess {next(n for n in p.check['names'] if n != p.check['secret'])}").correct


# --------------------------------------------------------------------------- higher / lower

def test_higher_lower_observations_and_budget():
    p = HIGHER_LOWER.generate(seed=0, difficulty=1)
    p.check.update(low=1, high=20, secret=13, budget=5)
    steps, _ = play(HIGHER_LOWER, p, ["10", "guess 15", "0", "abc", "13"])
    assert [s[0] for s in steps] == ["10: higher.\nGuesses left: 4.", "15: lower.\nGuesses left: 3.",
                                     "Invalid guess: 0 is not between 1 and 20.\nGuesses left: 2.",
                                     "Invalid guess: write one integer from 1 to 20.\nGuesses left: 1.",
                                     "13: correct! Solved in 5 turns."]
    assert steps[-1][1:] == (1.0, True)
    steps, _ = play(HIGHER_LOWER, p, ["10"] * 9)
    assert len(steps) == 5 and steps[-1] == ("10: higher.\nOut of guesses: the number was 13.", 0.0, True)


def test_higher_lower_noise_is_seeded_and_stated():
    p = HIGHER_LOWER.generate(seed=3, difficulty=10)
    assert "wrong with probability 20%" in p.prompt and f"You have {p.check['budget']} guesses" in p.prompt
    low, secret = p.check["low"], p.check["secret"]
    guess = low if secret != low else low + 1
    steps, _ = play(HIGHER_LOWER, p, [str(guess)] * 60)
    replies = [s[0].split(":")[1].split(".")[0].strip() for s in steps]
    truth = "higher" if secret > guess else "lower"
    lies = sum(r != truth for r in replies)
    assert 3 <= lies <= 25  # about 20% of 60
    assert play(HIGHER_LOWER, p, [str(guess)] * 60) == (steps, play(HIGHER_LOWER, p, [str(guess)] * 60)[1])


def test_higher_lower_binary_search_bound():
    for n in (1, 2, 7, 8, 20, 100):
        assert higher_lower.base_budget(n, 0) == len(bin(n)) - 2  # ceil(log2(n + 1))
        worst = 0
        for secret in range(1, n + 1):
            history, turns = [], 0
            while True:
                g = higher_lower.median_guess(n, 0, history)
                turns += 1
                if g == secret:
                    break
                history.append((g, "higher" if secret > g else "lower"))
            worst = max(worst, turns)
        assert worst == higher_lower.base_budget(n, 0)
    assert higher_lower.segments(10, [(5, "higher"), (8, "lower")]) == [(1, 4, 1), (6, 7, 2), (9, 10, 1)]


def test_higher_lower_answers():
    p = HIGHER_LOWER.generate(seed=5, difficulty=6)
    assert verify(p, p.answer).correct and verify(p, f"guess {p.answer}").correct
    assert not verify(p, str(int(p.answer) + 1)).correct


# --------------------------------------------------------------------------- battleship

def battleship_problem(budget=6):
    p = BATTLESHIP.generate(seed=0, difficulty=1)
    p.check.update(rows=5, cols=5, ships=[[[0, 0], [0, 1], [0, 2]], [[2, 4], [3, 4]]], lengths=[3, 2],
                   given=[[4, 0]], budget=budget)
    return p


def test_battleship_observations():
    steps, _ = play(BATTLESHIP, battleship_problem(), ["fire A1", "b1", "fire at A1", "Z9", "fire E3", "E4"])
    board = "  A B C D E\n1 x x . . .\n2 . . . . .\n3 . . . . .\n4 . . . . .\n5 o . . . ."
    assert steps[1] == (f"B1: hit. Ships afloat: lengths 3, 2.\n{board}\nShots left: 4.", 0.0, False)
    assert steps[2][0] == f"You already fired at A1: shot wasted. Ships afloat: lengths 3, 2.\n{board}\nShots left: 3."
    assert steps[3][0].startswith("Invalid action: Z9 is off the board (columns A-E, rows 1-5).")
    assert steps[5][0].startswith("E4: hit and sunk! You sank a ship of length 2. Ships afloat: lengths 3.\n")
    assert steps[5][0].endswith("\nOut of shots: 1 ship still afloat.") and steps[5][1:] == (0.0, True)
    steps, _ = play(BATTLESHIP, battleship_problem(budget=20), ["E3", "E4", "A5", "A1", "B1", "C1"])
    assert steps[1][0].startswith("E4: hit and sunk! You sank a ship of length 2. Ships afloat: lengths 3.")
    assert steps[2][0].startswith("You already fired at A5")  # a free given miss
    assert steps[5] == ("C1: hit and sunk! You sank a ship of length 3. All ships sunk. Solved in 6 turns.", 1.0, True)


def test_battleship_fleets_do_not_touch_and_the_bound_holds():
    for seed in range(20):
        p = BATTLESHIP.generate(seed=seed, difficulty=10)
        cells = [tuple(c) for ship in p.check["ships"] for c in ship]
        assert len(cells) == len(set(cells)) == sum(p.check["lengths"])
        for i, a in enumerate(p.check["ships"]):
            for b in p.check["ships"][i + 1:]:
                assert all(max(abs(x[0] - y[0]), abs(x[1] - y[1])) > 1 for x in a for y in b)
        assert not {tuple(g) for g in p.check["given"]} & set(cells)
        reward, turns = play_policy(BATTLESHIP, p)
        assert reward == 1.0 and turns <= battleship.shot_bound(10, 10, p.check["lengths"])
    assert battleship.shot_bound(10, 10, (5, 4, 3, 3, 2)) == 50 + (8 + 7 + 6 + 6 + 5)


def test_battleship_answers():
    p = BATTLESHIP.generate(seed=1, difficulty=5)
    assert verify(p, p.answer).correct
    assert verify(p, p.answer.replace("fire ", "").lower()).correct
    assert not verify(p, "\n".join(p.answer.splitlines()[:-1])).correct


# --------------------------------------------------------------------------- minesweeper

def minesweeper_problem():
    p = MINESWEEPER.generate(seed=0, difficulty=1)
    p.check.update(rows=3, cols=4, mines=[3, 7], start=8, budget=5)  # mines at D1 and D2
    return p


def test_minesweeper_observations():
    p = minesweeper_problem()
    board = "  A B C D\n1 . . 2 {}\n2 . . 2 #\n3 . . 1 #"
    steps, _ = play(MINESWEEPER, p, ["flag D1", "reveal D1", "unflag D1", "C1", "reveal Q1"])
    assert steps[0] == ("Flagged D1.\n" + board.format("F") + "\nActions left: 4.", 0.0, False)
    assert steps[1][0] == "D1 is flagged: unflag it before revealing it.\n" + board.format("F") + "\nActions left: 3."
    assert steps[2][0] == "Unflagged D1.\n" + board.format("#") + "\nActions left: 2."
    assert steps[3][0] == "C1 is already revealed.\n" + board.format("#") + "\nActions left: 1."
    assert steps[4] == ("Invalid action: Q1 is off the board (columns A-D, rows 1-3).\n" + board.format("#")
                        + "\nOut of actions: the board is not cleared.", 0.0, True)
    steps, _ = play(MINESWEEPER, p, ["reveal D3?", "reveal D3 I think", "not reveal D3", "reveal D3 or D1"])
    assert all(obs.startswith("Invalid action: write a cell") for obs, _, _ in steps)
    steps, _ = play(MINESWEEPER, p, ["D2"])
    assert steps == [("Boom: D2 is a mine. You lose.\n  A B C D\n1 . . 2 *\n2 . . 2 *\n3 . . 1 #", 0.0, True)]
    steps, _ = play(MINESWEEPER, p, ["open d3"])
    assert steps == [("D3: 1. Every safe cell is revealed.\n"
                      "  A B C D\n1 . . 2 #\n2 . . 2 #\n3 . . 1 1\nYou win. Solved in 1 turn.", 1.0, True)]


def test_minesweeper_boards_need_no_guess_and_the_solver_is_sound():
    for level in (3, 7, 10):
        for seed in range(4):
            p = MINESWEEPER.generate(seed=seed, difficulty=level)
            c = p.check
            mines = set(c["mines"])
            assert c["start"] not in mines
            assert not mines & set(minesweeper.neighbour_table(c["rows"], c["cols"])[c["start"]])
            order = minesweeper.solve(c["rows"], c["cols"], mines, c["start"])
            assert order is not None and len(order) >= p.params["min_reveals"]
            # every intermediate deduction is sound
            state = MINESWEEPER.initial_state(p)
            done = False
            while not done:
                revealed = {cell: k for cell, k in state["revealed"]}
                safe, proven = minesweeper.deduce(minesweeper.neighbour_table(c["rows"], c["cols"]), revealed,
                                                  len(mines))
                assert safe and not safe & mines and proven <= mines
                state, _, reward, done = MINESWEEPER.step(p, state, MINESWEEPER.policy(p, state))
            assert reward == 1.0
    p = MINESWEEPER.generate(seed=2, difficulty=5)
    assert verify(p, p.answer).correct
    mine = p.check["mines"][0]
    assert not verify(p, f"reveal {minesweeper.cell_name(*divmod(mine, p.check['cols']))}").correct


def test_minesweeper_pair_rule():
    # 1 x 5 strip: A1 shows 1 (mine in B1), C1 shows 1 ... a 1-2-1 pattern below needs the pair rule
    nbrs = minesweeper.neighbour_table(2, 3)
    revealed = {3: 1, 4: 2, 5: 1}  # second row: 1 2 1 under three hidden cells, 2 mines
    safe, mines = minesweeper.deduce(nbrs, revealed, 2)
    assert mines == {0, 2} and safe == {1}


# --------------------------------------------------------------------------- clue

def clue_problem():
    p = CLUE.generate(seed=0, difficulty=1)
    assert p.check["envelope"] == ["Green", "Candlestick", "Billiard"]
    assert p.check["hands"] == [["Garage", "Revolver", "White"], ["Cellar", "Peacock", "Rope"]]
    return p


def test_clue_observations():
    p = clue_problem()
    steps, state = play(CLUE, p, ["suggest Peacock, Rope, Garage", "suggest White, Revolver, Garage",
                                  "suggest Green with the Candlestick in the Cellar", "suggest Plum, Rope, Hall",
                                  "suggest Green, Rope", "hello"])
    # Player 1 holds Peacock and Rope: which one is shown is drawn from the seed and the turn
    assert steps[0][0] == "Suggestion Peacock, Rope, Garage: Player 1 shows you Peacock.\nTurns left: 6."
    assert steps[1][0] == ("Suggestion White, Revolver, Garage: Nobody can show you White, Revolver or Garage.\n"
                           "Turns left: 5.")
    assert steps[2][0] == "Suggestion Green, Candlestick, Cellar: Player 1 shows you Cellar.\nTurns left: 4."
    assert steps[3][0] == "Invalid suggestion: Plum is not a card in this game.\nTurns left: 3."
    assert steps[4][0] == ("Invalid suggestion: name one suspect, one weapon and one room (missing: room).\n"
                           "Turns left: 2.")
    assert steps[5] == ("Invalid action: write suggest or accuse, then a suspect, a weapon and a room.\nTurns left: 1.",
                        0.0, False)
    assert state["history"][1] == {"cards": ["White", "Revolver", "Garage"], "passed": [1], "refuter": None,
                                   "shown": None}
    assert play(CLUE, p, ["accuse billiard, green, candlestick"])[0] == [
        ("Correct: it was Green, Candlestick and Billiard. Solved in 1 turn.", 1.0, True)]
    assert play(CLUE, p, ["accuse Green, Rope, Billiard"])[0] == [
        ("Wrong accusation: the envelope held Green, Candlestick and Billiard. You lose.", 0.0, True)]
    steps, _ = play(CLUE, p, ["suggest White, Revolver, Garage"] * 8)
    assert len(steps) == 7 and steps[-1][1:] == (0.0, True) and "Out of turns" in steps[-1][0]


def test_clue_names_the_players_who_pass():
    p = CLUE.generate(seed=1, difficulty=6)
    assert p.check["hands"][3] == ["Attic", "Axe", "Bat"]
    steps, _ = play(CLUE, p, ["suggest Gray, Axe, Attic"])
    assert steps[0][0] == ("Suggestion Gray, Axe, Attic: Players 1 and 2 have none of them. "
                           "Player 3 shows you Axe.\nTurns left: 11.")


def test_clue_deduction_rules():
    cards = [["A", "B", "C"], ["D", "E", "F"], ["G", "H", "I"]]
    history = [{"cards": ["A", "D", "G"], "passed": [1, 2], "refuter": None, "shown": None},
               {"cards": ["B", "E", "H"], "passed": [1], "refuter": 2, "shown": "E"}]
    cands = clue.candidates(cards, ["C", "F"], 2, history)
    assert cands == [["A"], ["D"], ["G"]]  # every opponent passed on A, D and G
    cands = clue.candidates(cards, ["C"], 2, history[1:])
    assert cands == [["A", "B"], ["D", "F"], ["G", "H", "I"]]


def test_clue_budget_and_answers():
    for seed in range(5):
        p = CLUE.generate(seed=seed, difficulty=9)
        hand = p.check["hands"][0]
        bound = sum(len([c for c in g if c not in hand]) - 1 for g in p.check["cards"]) + 1
        assert p.check["budget"] == bound + p.params["slack"]
        reward, turns = play_policy(CLUE, p)
        assert reward == 1.0 and turns <= bound
    assert verify(p, p.answer).correct and verify(p, p.answer.lower().replace(",", " and")).correct
    env = p.check["envelope"]
    other = next(c for c in p.check["cards"][2] if c != env[2])
    assert not verify(p, f"accuse {env[0]}, {env[1]}, {other}").correct


# --------------------------------------------------------------------------- black box

def black_box_problem(family="integer", coeffs=(5, -2, 3), modulus=None, budget=5):
    p = BLACK_BOX.generate(seed=0, difficulty=3)
    p.check.update(family=family, degree=len(coeffs) - 1, modulus=modulus, coeffs=list(coeffs), given=[],
                   budget=budget)
    return p


def test_black_box_observations():
    p = black_box_problem()  # f(x) = 3x^2 - 2x + 5
    steps, state = play(BLACK_BOX, p, ["f(0)", "query 1", "x = -2", "f(2000000)", "hello", "answer 3x^2-2x+5"])
    assert [s[0] for s in steps] == [
        "f(0) = 5.\nTurns left: 4.", "f(1) = 6.\nTurns left: 3.", "f(-2) = 21.\nTurns left: 2.",
        "Invalid query: x must be an integer from -1000000 to 1000000.\nTurns left: 1.",
        "Invalid action: query like f(3), or state f like answer 3x^2 - 2x + 5.\nOut of turns: f was not stated.",
    ]
    assert steps[-1][1:] == (0.0, True) and state["queries"] == [[0, 5], [1, 6], [-2, 21]]
    assert play(BLACK_BOX, p, ["answer 3x^2 - 2x + 6"])[0] == [("Wrong: f(x) = 3x^2 - 2x + 5.", 0.0, True)]
    assert play(BLACK_BOX, p, ["answer sin(x)"])[0][0][0].startswith("Invalid statement: that is not a polynomial in x")


@pytest.mark.parametrize("statement", ["answer 3x^2 - 2x + 5", "f(x) = 3*x**2 - 2*x + 5", "answer: 5 - 2x + 3x^2",
                                       "answer x(3x - 2) + 5", "ANSWER f(x) = (x+1)^2 + 2x^2 - 4x + 4"])
def test_black_box_accepts_equal_polynomials(statement):
    assert play(BLACK_BOX, black_box_problem(), [statement])[0][0][1] == 1.0


@pytest.mark.parametrize("statement", ["answer 3x^2 - 2x - 5", "answer 3x^2 + 2x + 5", "answer 3x^2 - 2x + 5 + x^3",
                                       "answer 3x^2 - 2x + 5.5", "answer (3x^2 - 2x + 5)/1.0001"])
def test_black_box_rejects_near_misses(statement):
    assert play(BLACK_BOX, black_box_problem(), [statement])[0][0][1] == 0.0


def test_black_box_modular_grading():
    p = black_box_problem("modular", (4, 7), 11)  # f(x) = 7x + 4 mod 11
    assert play(BLACK_BOX, p, ["f(3)"])[0][0][0] == "f(3) = 3.\nTurns left: 4."
    assert play(BLACK_BOX, p, ["f(11)"])[0][0][0].startswith("Invalid query: x must be an integer from 0 to 10.")
    for ok in ("answer 7x + 4", "answer -4x + 15", "answer 18x - 7", "answer 7x + 4 + 11x^2"):
        assert play(BLACK_BOX, p, [ok])[0][0][1] == 1.0, ok
    for bad in ("answer 7x + 5", "answer 4x + 7", "answer x/2 + 4", "answer 7x + 4 + x^2"):
        assert play(BLACK_BOX, p, [bad])[0][0][1] == 0.0, bad


def test_black_box_interpolation_and_policy():
    assert black_box.interpolate([(0, 5), (1, 6), (2, 13)], None) == [5, -2, 3]
    assert black_box.interpolate([(0, 4), (1, 0)], 11) == [4, 7]
    assert black_box.poly_text([5, -2, 3]) == "3x^2 - 2x + 5" and black_box.poly_text([0, -1]) == "-x"
    assert black_box.poly_text([0, 0]) == "0"
    for level in (9, 10):
        for seed in range(5):
            p = BLACK_BOX.generate(seed=seed, difficulty=level)
            reward, turns = play_policy(BLACK_BOX, p)
            assert reward == 1.0 and turns == p.check["budget"]  # slack 0: every turn is needed
            assert verify(p, p.answer).correct


# --------------------------------------------------------------------------- odd coin

def coin_problem(n=12, fake=7, heavier=False, known=False, budget=4):
    p = ODD_COIN.generate(seed=0, difficulty=5, n_coins=n, heavier_known=known, given_weighings=0)
    p.check.update(fake=fake, heavier=heavier, given=[], budget=budget)
    return p


def test_odd_coin_observations():
    p = coin_problem()
    steps, state = play(ODD_COIN, p, ["weigh 1-4 vs 5-8", "weigh 1, 2 vs 3", "weigh 5 vs 13", "answer 7"])
    assert [s[0] for s in steps] == [
        "1-4 vs 5-8: the left pan is heavier.\nTurns left: 3.",
        "Invalid weighing: the groups must hold equally many coins (2 vs 1).\nTurns left: 2.",
        "Invalid weighing: coin 13 does not exist (coins are numbered 1 to 12).\nTurns left: 1.",
        "Invalid answer: say whether coin 7 is heavier or lighter, e.g. answer 7 heavier.\n"
        "Out of turns: coin 7 is fake and lighter.",
    ]
    assert steps[-1][1:] == (0.0, True) and state["history"] == [[[1, 2, 3, 4], [5, 6, 7, 8], "left"]]
    assert play(ODD_COIN, p, ["weigh 7 vs 8"])[0][0][0] == "7 vs 8: the right pan is heavier.\nTurns left: 3."
    assert play(ODD_COIN, p, ["weigh 1 2 | 3 4"])[0][0][0] == "1, 2 vs 3, 4: the pans balance.\nTurns left: 3."
    assert play(ODD_COIN, p, ["answer 7 lighter"])[0] == [("Correct: coin 7 is fake and lighter. Solved in 1 turn.",
                                                           1.0, True)]
    assert play(ODD_COIN, p, ["answer coin 7 is heavier"])[0][0][1:] == (0.0, True)
    known = coin_problem(known=True, heavier=True)
    assert play(ODD_COIN, known, ["answer 7"])[0][0][1] == 1.0


def test_odd_coin_classic_bounds():
    for n in range(3, 121):
        assert odd_coin.fewest_weighings(n, 0, 0, 0) == next(w for w in range(9) if (3 ** w - 3) // 2 >= n)
        assert odd_coin.fewest_weighings(0, n, 0, 0) == next(w for w in range(9) if 3 ** w >= n)
    assert odd_coin.fewest_weighings(12, 0, 0, 0) == 3 and odd_coin.fewest_weighings(13, 0, 0, 0) == 4
    assert odd_coin.fewest_weighings(13, 0, 0, 1) == 3  # a known genuine coin helps: (3^w - 1) / 2


@pytest.mark.parametrize("n", [3, 4, 12, 13, 39, 40])
def test_odd_coin_policy_is_optimal_for_every_fake(n):
    p = coin_problem(n=n)
    weighings = odd_coin.fewest_weighings(n, 0, 0, 0)
    p.check["budget"] = weighings + 1
    for fake in range(1, n + 1):
        for heavier in (True, False):
            p.check.update(fake=fake, heavier=heavier)
            reward, turns = play_policy(ODD_COIN, p)
            assert reward == 1.0 and turns <= weighings + 1


def test_odd_coin_given_weighings_are_used():
    p = ODD_COIN.generate(seed=4, difficulty=8)
    assert "Weighings already made" in p.prompt and len(p.check["given"]) == 2
    status = odd_coin.classify(p.check["n"], False, p.check["given"])
    assert status[p.check["fake"]] != (False, False)
    u, h, l, g = odd_coin.counts(status)
    assert p.check["budget"] == odd_coin.fewest_weighings(u, h, l, g) + 1
    assert verify(p, p.answer).correct
    flipped = p.answer.replace("heavier", "LIGHT") if "heavier" in p.answer else p.answer.replace("lighter", "heavy")
    assert not verify(p, flipped).correct
