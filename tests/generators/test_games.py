"""Behaviour tests for the interactive games: exact feedback, invalid actions, budgets, the policies."""
import copy
import math

import networkx as nx
import pytest

import procgym
from answer_helpers import before_last, HEDGED_ACTIONS
from procgym import Problem
from procgym.generators.games import _words, mastermind, word_guess

MASTERMIND, WORD_GUESS, MAZE = (procgym.get(n) for n in ("games/mastermind", "games/word_guess", "games/maze"))


def play(task, problem, actions):
    """Step through `actions`; return the list of (observation, reward, done) and the last state."""
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


# --------------------------------------------------------------------------- mastermind

@pytest.mark.parametrize("guess,secret,expected", [
    ("RGBY", "RGBY", (4, 0)),
    ("RRGB", "RGRR", (1, 2)),   # repeated colours: R counted twice of the guess's two
    ("RRRR", "RGBY", (1, 0)),   # one R in the code: only one peg scores
    ("GYRR", "RRGY", (0, 4)),
    ("RGBY", "OPCM", (0, 0)),
    ("RRGG", "GGRR", (0, 4)),
    ("RRGB", "RBRR", (1, 2)),
    ("BBRR", "RBRB", (2, 2)),
])
def test_mastermind_feedback(guess, secret, expected):
    assert mastermind.feedback(guess, secret) == expected


def mastermind_problem(secret, budget=10, repeats=True):
    p = MASTERMIND.generate(seed=0, difficulty=5, n_pegs=len(secret), n_colors=10, repeats=repeats,
                            max_guesses=budget)
    p.check["secret"] = secret
    return p


def test_mastermind_observations():
    p = mastermind_problem("RGRR")
    steps, state = play(MASTERMIND, p, ["RRGB", "r r g b", "R,G,R,R"])
    assert steps[0] == ("RRGB: 1 black, 2 white.\nGuesses left: 9.", 0.0, False)
    assert steps[1][0].startswith("RRGB: 1 black, 2 white.")
    assert steps[2] == ("RGRR: 4 black, 0 white. Solved in 3 turns.", 1.0, True)
    assert state["history"] == [["RRGB", 1, 2], ["RRGB", 1, 2], ["RGRR", 4, 0]]


@pytest.mark.parametrize("action,why", [
    ("RGB", "has 3 pegs; the code has 4"),
    ("RGBYO", "has 5 pegs"),
    ("RGBZ", "Z is not a colour"),
    ("", "Invalid action: write the code as colour letters."),
    ("12 34", "Invalid guess"),
    ("RG BY", "write the colour letters together (RGBY) or one by one (R G B Y)"),
    ("RGBY or maybe not", "write the colour letters together"),
    ("not RGBY", "write the colour letters together"),
    ("RGBY?", "Invalid guess"),
    ("R" * 500, "Invalid guess"),
])
def test_mastermind_invalid_guess_counts_as_a_turn(action, why):
    p = mastermind_problem("RGRR")
    (observation, reward, done), = play(MASTERMIND, p, [action])[0]
    assert why in observation and observation.endswith("\nGuesses left: 9.")
    assert reward == 0.0 and not done


def test_mastermind_budget_exhaustion():
    p = mastermind_problem("RGRR", budget=2)
    steps, _ = play(MASTERMIND, p, ["RGBY", "nonsense", "RGRR"])
    assert len(steps) == 2
    observation, reward, done = steps[-1]
    assert done and reward == 0.0 and "Out of guesses: the code was RGRR." in observation


def test_mastermind_no_repeats_needs_enough_colours():
    with pytest.raises(ValueError, match="n_colors"):
        MASTERMIND.generate(seed=0, difficulty=1, n_pegs=5, n_colors=4, repeats=False)
    p = MASTERMIND.generate(seed=3, difficulty=2)
    assert len(set(p.answer)) == len(p.answer)


def test_mastermind_prompt_and_answer():
    p = procgym.generate("games/mastermind", seed=4, difficulty=5)
    assert f"You have {p.check['budget']} guesses" in p.prompt
    assert set(p.answer) <= set(p.check["colours"]) and len(p.answer) == p.check["n_pegs"]
    assert procgym.verify(p, f"<answer>{p.answer}</answer>").correct
    assert procgym.verify(p, f"<answer>{' '.join(p.answer.lower())}</answer>").correct
    other = next(c for c in p.check["colours"] if c != p.answer[0]) + p.answer[1:]
    verdict = procgym.verify(p, f"<answer>{other}</answer>")
    assert not verdict.correct and verdict.feedback == "The actions do not finish the episode."


@pytest.mark.parametrize("level", [1, 4, 5, 7, 10])
def test_mastermind_policy_wins(level):
    for seed in range(4):
        p = MASTERMIND.generate(seed=seed, difficulty=level)
        reward, turns = play_policy(MASTERMIND, p)
        assert reward == 1.0 and turns <= p.check["budget"]


def test_mastermind_policy_ignores_the_secret():
    p = mastermind_problem("RGRR")
    q = mastermind_problem("YYOB")
    assert MASTERMIND.policy(p, MASTERMIND.initial_state(p)) == MASTERMIND.policy(q, MASTERMIND.initial_state(q))


# --------------------------------------------------------------------------- word guess

@pytest.mark.parametrize("guess,secret,expected", [
    ("crane", "crane", "GGGGG"),
    ("speed", "abide", "--Y-Y"),  # two e's in the guess, one in the word: only the first scores
    ("llama", "hello", "YY---"),  # two l's in both: both score Y
    ("paper", "apple", "YYGY-"),  # the green p uses one p; the other p of the word makes a Y
    ("eerie", "there", "Y-Y-G"),  # the green e at the end is matched first, so the second e is -
    ("geese", "eagle", "YY--G"),  # three e's in the guess, two in the word: the last e is green
    ("robot", "floor", "YY-G-"),  # o twice in both: one in place, one elsewhere
    ("babe", "abbe", "YYGG"),
])
def test_word_feedback(guess, secret, expected):
    assert word_guess.feedback(guess, secret) == expected


def word_problem(secret, words, budget=6):
    p = WORD_GUESS.generate(seed=0, difficulty=5, word_length=len(secret), max_guesses=budget)
    p.check["secret"], p.check["words"] = secret, sorted(words)
    return p


def test_word_guess_observations():
    p = word_problem("there", ["there", "eerie", "crane", "three"])
    steps, state = play(WORD_GUESS, p, ["eerie", " Three. ", "THERE"])
    assert steps[0] == ("eerie: Y-Y-G.\nGuesses left: 5.", 0.0, False)
    assert steps[1] == ("three: GGYYG.\nGuesses left: 4.", 0.0, False)
    assert steps[2] == ("there: GGGGG. Solved in 3 turns.", 1.0, True)
    assert state["history"] == [["eerie", "Y-Y-G"], ["three", "GGYYG"]] + [["there", "GGGGG"]]


@pytest.mark.parametrize("action,why", [
    ("zzzzz", "zzzzz is not in the word list"),
    ("thee", "has 4 letters; the secret word has 5"),
    ("th3re", "letters only"),
    ("", "Invalid action: write one word from the list."),
    ("there there", "letters only"),
    ("there I think", "letters only"),
    ("not there", "letters only"),
    ("there?", "letters only"),
    ("x" * 1000, "has 1000 letters"),
    ("x" * 1001, "Invalid action: it is longer than 1000 characters."),
])
def test_word_guess_invalid_guess_counts_as_a_turn(action, why):
    p = word_problem("there", ["there", "eerie", "crane", "three"])
    (observation, reward, done), = play(WORD_GUESS, p, [action])[0]
    assert why in observation and observation.endswith("\nGuesses left: 5.")
    assert reward == 0.0 and not done


def test_word_guess_budget_exhaustion():
    p = word_problem("there", ["there", "eerie", "crane", "three"], budget=2)
    steps, _ = play(WORD_GUESS, p, ["crane", "crane", "there"])
    assert len(steps) == 2 and steps[-1][1] == 0.0 and steps[-1][2]
    assert "Out of guesses: the word was there." in steps[-1][0]


@pytest.mark.parametrize("length", _words.WORD_LENGTHS)
def test_word_lists_are_clean(length):
    words = _words.word_list(length)
    assert len(words) >= 300
    assert all(len(w) == length and w.isascii() and w.isalpha() and w.islower() for w in words)
    assert list(words) == sorted(set(words))


def test_word_guess_prompt_lists_the_words():
    p = procgym.generate("games/word_guess", seed=9, difficulty=5)
    assert " ".join(p.check["words"]) in p.prompt and p.answer in p.check["words"]
    assert len(p.check["words"]) == p.params["n_words"]
    assert procgym.verify(p, f"<answer>{p.answer.upper()}</answer>").correct
    with pytest.raises(ValueError, match="n_words"):
        WORD_GUESS.generate(seed=0, difficulty=1, word_length=6, n_words=600)


@pytest.mark.parametrize("level", [1, 4, 5, 8, 10])
def test_word_guess_policy_wins(level):
    for seed in range(3):
        p = WORD_GUESS.generate(seed=seed, difficulty=level)
        reward, turns = play_policy(WORD_GUESS, p)
        assert reward == 1.0 and turns <= p.check["budget"]


# --------------------------------------------------------------------------- maze

def tiny_maze(budget=20):
    """Two rows of three cells; the rows connect only at column 2. Start (0,0), exit (1,0)."""
    grid = ["#######",
            "#.....#",
            "#####.#",
            "#.....#",
            "#######"]
    check = {"grid": grid, "rows": 2, "cols": 3, "start": [0, 0], "exit": [1, 0], "radius": 1,
             "budget": budget, "shortest": 5}
    return Problem("games/maze", 0, 1, {}, "a tiny maze", "r\nr\nd\nl\nl", check)


def test_maze_moves_walls_and_aliases():
    p = tiny_maze()
    steps, state = play(MAZE, p, ["down", "R", "move east", "S", "w", "Left"])
    assert steps[0][0].startswith("A wall blocks the way down; you stay at row 0, column 0.\nView of rows 0-1")
    assert steps[0][0].endswith("\nMoves left: 19.")
    assert steps[1][0].startswith("You move right to row 0, column 1.\n") and steps[1][0].endswith("\nMoves left: 18.")
    assert steps[2][0].startswith("You move right to row 0, column 2.")
    assert steps[3][0].startswith("You move down to row 1, column 2.")
    assert steps[4][0].startswith("You move left to row 1, column 1.")
    assert steps[5] == ("You move left and reach the exit. Solved in 6 turns.", 1.0, True)
    assert state["pos"] == [1, 0]


def test_maze_view():
    p = tiny_maze()
    steps, _ = play(MAZE, p, ["right"])
    view = steps[0][0].split("\n", 1)[1]
    assert view == ("View of rows 0-1, columns 0-2 (you are at row 0, column 1):\n"
                    "#######\n"
                    "#..@..#\n"
                    "#####.#\n"
                    "#X....#\n"
                    "#######\n"
                    "Moves left: 19.")


@pytest.mark.parametrize("action", ["jump", "", "up up", "northeast", "<answer>", "u" * 500])
def test_maze_invalid_action_counts_as_a_turn(action):
    (observation, reward, done), = play(MAZE, tiny_maze(), [action])[0]
    assert observation.startswith("Invalid action") and "Moves left: 19." in observation
    assert reward == 0.0 and not done


def test_maze_budget_exhaustion():
    steps, _ = play(MAZE, tiny_maze(budget=2), ["right", "left", "right"])
    assert len(steps) == 2 and steps[-1][1] == 0.0 and steps[-1][2]
    assert "Out of moves" in steps[-1][0]


def test_maze_policy_and_answer():
    p = tiny_maze()
    assert MAZE.policy(p, MAZE.initial_state(p)) == "right"
    assert MAZE.verify(p, "<answer>r\nr\nd\nl\nl</answer>").correct
    assert MAZE.verify(p, "<answer>east\neast\nsouth\nwest\nwest</answer>").correct
    assert not MAZE.verify(p, "<answer>r\nr\nd\nl</answer>").correct


def grid_graph(check):
    g = nx.Graph()
    grid = check["grid"]
    for r in range(check["rows"]):
        for c in range(check["cols"]):
            g.add_node((r, c))
            if c + 1 < check["cols"] and grid[2 * r + 1][2 * c + 2] == ".":
                g.add_edge((r, c), (r, c + 1))
            if r + 1 < check["rows"] and grid[2 * r + 2][2 * c + 1] == ".":
                g.add_edge((r, c), (r + 1, c))
    return g


@pytest.mark.parametrize("level", [1, 5, 10])
def test_maze_generation(level):
    for seed in range(5):
        p = procgym.generate("games/maze", seed=seed, difficulty=level)
        c = p.check
        g = grid_graph(c)
        assert nx.is_connected(g)
        if p.params["extra_openings"] == 0:
            assert g.number_of_edges() == g.number_of_nodes() - 1  # a perfect maze is a tree
        start, exit_cell = tuple(c["start"]), tuple(c["exit"])
        dist = nx.single_source_shortest_path_length(g, start)
        assert dist[exit_cell] == c["shortest"] == max(dist.values()) == len(p.answer.split())
        assert c["budget"] == c["shortest"] + math.ceil(c["shortest"] * p.params["slack_percent"] / 100)
        assert "@" in p.prompt and f"You have {c['budget']} moves" in p.prompt
        assert procgym.verify(p, f"<answer>{p.answer}</answer>").correct
        reward, turns = play_policy(MAZE, p)
        assert reward == 1.0 and turns == c["shortest"]


# --------------------------------------------------------------------------- strict actions, every game

GAMES = procgym.tasks("games/*")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("level", [1, 6])
def test_a_hedged_action_is_invalid_and_a_plain_one_in_any_case_wins(name, level):
    """The winning last action with a hedge, a negation or a second candidate is an invalid action
    (a used turn, and whatever else a plainly invalid action does: in most games nothing, in
    games/fox_hunt the fox still moves that night); written in capitals, with a full stop or extra
    spaces, it wins."""
    task = procgym.get(name)
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level)
        state, last = before_last(task, p)
        invalid = task.step(p, copy.deepcopy(state), "xyzzy")[0]
        for form in HEDGED_ACTIONS:
            new, observation, reward, done = task.step(p, state, form.format(last, last))
            assert reward == 0.0 and not done, (form, last, observation)
            assert new == invalid, (form, last, observation)
            assert observation.startswith("Invalid"), (form, observation)
        for form in (last.upper(), f"{last}.", f"  {last}  ", last.replace(" ", "  "), last.capitalize()):
            assert task.step(p, state, form)[2] == 1.0, form


@pytest.mark.parametrize("name", ["games/higher_lower", "games/lights_out_stepwise", "games/peg_solitaire_stepwise",
                                  "games/tower_of_hanoi", "games/mastermind", "games/minesweeper", "games/word_guess",
                                  "games/maze", "games/hangman", "games/battleship"])
def test_the_prompt_example_never_wins_at_once(name):
    from procgym.contract import prompt_example

    task = procgym.get(name)
    for level in (1, 3, 5):
        for seed in range(40):
            p = task.generate(seed=seed, difficulty=level)
            assert not task.verify(p, f"<answer>{prompt_example(p.prompt)}</answer>").correct


def action_format(p) -> str:
    return next(line for line in p.prompt.splitlines() if line.startswith("Action format:"))


def test_the_example_never_wins_and_does_not_depend_on_the_answer():
    """The example action can never win (a press off the board, a guess below every range, undo at
    the start, a move onto its own peg...), so every problem shows the same one, also where the
    earlier example (press 2 3, the middle number, jump 2 1 to 2 3) would have won: an example
    swapped only there would tell the answer."""
    from procgym.contract import prompt_example

    cases = [("games/lights_out_stepwise", 4, "press 2 3", "press 0 0"),
             ("games/higher_lower", 3, None, "-1"),
             ("games/peg_solitaire_stepwise", 7, "jump 2 1 to 2 3", "undo"),
             ("games/tower_of_hanoi", 0, None, "A A"),
             ("games/word_guess", 0, None, "fjord"),
             ("games/minesweeper", 0, None, "flag C4")]
    for name, seed, answer, example in cases:
        task = procgym.get(name)
        p = task.generate(seed=seed, difficulty=1)
        assert answer is None or p.answer == answer
        assert prompt_example(p.prompt) == example == task.example and f"e.g. {example}" not in action_format(p)
        assert not task.wins_at_once(p, example)
        for s in range(20):
            assert prompt_example(task.generate(seed=s, difficulty=3).prompt) == example
    guess = procgym.get("games/higher_lower").generate(seed=3, difficulty=1)  # the secret is the middle number
    assert guess.answer == str((guess.check["low"] + guess.check["high"]) // 2) and "e.g." not in action_format(guess)
    task = procgym.get("games/lights_out_stepwise")
    lights = task.generate(seed=4, difficulty=1)
    assert task.step(lights, task.initial_state(lights), "press 0 0")[1].startswith("Invalid action: cell (0, 0) is off")


def test_the_mastermind_example_is_never_the_code():
    """Without repeats the example is one colour on every peg (never a code of different colours);
    with repeats it is drawn from a few fixed guesses other than the code."""
    from procgym.contract import prompt_example

    task = procgym.get("games/mastermind")
    drawn = set()
    for seed in range(40):
        for level in (1, 6):
            p = task.generate(seed=seed, difficulty=level)
            example = prompt_example(p.prompt)
            assert example != p.check["secret"] and f"e.g. {example} " in action_format(p)
            assert len(example) == p.check["n_pegs"] and set(example) <= set(p.check["colours"])
            if p.check["repeats"]:
                drawn.add(example)
            else:
                assert example == p.check["colours"][0] * p.check["n_pegs"]
    assert len(drawn) > 10

