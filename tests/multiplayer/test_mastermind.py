"""Two-player Mastermind: feedback and consistency exactly, the minimax breaker's known worst case,
a scripted match pays the guess difference, a failed break counts one over the limit, a maker's
code and deal stay hidden, strict codes, and the single-agent view."""
from fractions import Fraction

import pytest

import procgym
from procgym.generators.multiplayer._codes import all_codes, consistent, feedback, guesses_to_break, minimax_guess
from procgym.kit.multiplayer import new_match

GAME = procgym.get_game("mastermind")


def state(offers, pegs=3, colours=3, limit=5):
    return {"pegs": pegs, "colours": colours, "limit": limit, "offers": [list(o) for o in offers], "phase": 0,
            "secret": [None, None], "guesses": [[], []], "used": [None, None]}


@pytest.mark.parametrize("secret, guess, answer", [("abcd", "abdc", (2, 2)), ("aabb", "abab", (2, 2)),
                                                   ("aaaa", "abca", (2, 0)), ("abca", "aaab", (1, 2)),
                                                   ("cdef", "abab", (0, 0))])
def test_feedback(secret, guess, answer):
    assert feedback(secret, guess) == answer


def test_consistent_codes():
    assert consistent(3, 3, [("aab", 0, 0)]) == ["ccc"]
    assert consistent(3, 3, [("abc", 3, 0)]) == ["abc"]
    left = consistent(4, 6, [("aabb", 1, 0)])
    assert len(left) == 256 and all(feedback(code, "aabb") == (1, 0) for code in left)


def test_the_minimax_breaker_never_needs_more_than_five_guesses_on_four_by_four():
    counts = [guesses_to_break(4, 4, code, 20) for code in all_codes(4, 4)]
    assert max(counts) == 5 and counts.count(1) == 1  # only aabb itself falls to the opening
    assert minimax_guess(4, 6, ()) == "aabb"


def play(m, moves):
    for seat, code in moves:
        ok, sentence = m.act(f"player_{seat}", code)
        assert ok, sentence
    return sentence


def test_a_scripted_match_pays_the_guess_difference():
    m = new_match("mastermind", seed=0, pegs=3, colours=3, limit=5)
    m.state = state([["abc", "bbb"], ["cca", "aaa"]])
    play(m, [(0, "abc"), (1, "aaa"), (1, "abc")])  # player_1 breaks abc in 2
    assert m.state["phase"] == 1 and m.to_move == ["player_1"]
    last = play(m, [(1, "cca"), (0, "abc"), (0, "acc"), (0, "cca")])  # player_0 needs 3
    assert last == "player_0 guesses cca: 3 black, 0 white. It breaks player_1's code in 3 guesses."
    assert m.payoffs == {"player_0": -1.0, "player_1": 1.0}


def test_a_code_not_broken_counts_one_over_the_limit():
    m = new_match("mastermind", seed=0, pegs=3, colours=3, limit=2)
    m.state = state([["abc"], ["cca"]], limit=2)
    sentence = play(m, [(0, "abc"), (1, "aaa"), (1, "bbb")])
    assert sentence.endswith("That was its last guess: the code was abc, which counts as 3 guesses. "
                             "Now player_1 sets a code and player_0 breaks it.")
    play(m, [(1, "cca"), (0, "cca")])
    assert m.payoffs == {"player_0": 2.0, "player_1": -2.0}


def test_a_makers_code_and_deal_stay_hidden():
    a, b = state([["abc", "bbb"], ["cca", "aaa"]]), state([["acb", "ccc"], ["cca", "aaa"]])
    assert GAME.observe(a, 1) == GAME.observe(b, 1)
    a["secret"][0], b["secret"][0] = "abc", "ccc"
    assert GAME.observe(a, 1) == GAME.observe(b, 1)
    assert "Your secret code: abc." in GAME.observe(a, 0)


def test_codes_are_read_strictly():
    m = new_match("mastermind", seed=0, pegs=3, colours=3, limit=5)
    m.state = state([["abc", "bbb"], ["cca", "aaa"]])
    for text, reason in [("aaa", "Set one of the codes you were dealt: abc, bbb"), ("abcd", "A code has 3 letters, not 4"),
                         ("abd", "The colours are the letters a to c"), ("abc or bbb", "'abc or bbb' is not a code")]:
        ok, why = m.copy().act("player_0", text)
        assert not ok and why.startswith(f"Invalid move: {reason}"), why
    assert not m.copy().act("player_0", "not abc")[0] and m.copy().act("player_0", "a b c")[0]


def test_makers_set_the_dealt_code_hardest_for_the_minimax_breaker():
    s = state([["aab", "abc", "cba"], ["cca"]], limit=8)
    hardest = max(["aab", "abc", "cba"], key=lambda code: guesses_to_break(3, 3, code, 8))
    assert GAME.strategy("minimax", s, 0) == {hardest: Fraction(1)}
    s["secret"][0] = "abc"
    left = consistent(3, 3, [])
    assert GAME.strategy("heuristic", s, 1) == {code: Fraction(1, 27) for code in left}


def test_the_prompt_shows_the_agents_own_deal():
    task = procgym.get("multiplayer/mastermind")
    for seed in range(4):
        p = task.generate(seed=seed, difficulty=6)
        own = p.check["match"]["state"]["offers"][p.check["seat"]]
        assert f"Your dealt codes, to set one as your secret: {', '.join(own)}." in p.prompt
