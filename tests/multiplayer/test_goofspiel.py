"""Goofspiel: scripted rounds pay exactly, a known position's exact value and strategy, the
equilibrium's value and that the matching heuristic does not beat it, hidden prize order and
unseen simultaneous bids, strict bids, and the single-agent view."""
from fractions import Fraction

import pytest

import procgym
from procgym.generators.multiplayer.goofspiel import round_game
from procgym.kit.multiplayer import expected_payoffs, new_match

GAME = procgym.get_game("goofspiel")


def state(prizes, hands=None, hidden=False):
    n = len(prizes)
    return {"prizes": list(prizes), "hidden": hidden, "round": 0,
            "hands": hands or [list(range(1, n + 1)), list(range(1, n + 1))], "score": [0, 0], "bids": []}


def test_scripted_rounds_pay_the_point_difference():
    m = new_match("goofspiel", seed=0, cards=3, prizes="open")
    m.state = state([3, 1, 2])
    for bids in ((3, 2), (1, 1), (2, 3)):
        assert m.act("player_0", str(bids[0]))[0]
        ok, sentence = m.act("player_1", str(bids[1]))
        assert ok
    assert sentence == "For the prize 2, player_0 bid 2 and player_1 bid 3: player_1 scores 2. Score: player_0 3, player_1 2."
    assert m.over and m.payoffs == {"player_0": 1.0, "player_1": -1.0}


def test_known_position_exact_value_and_strategy():
    # cards {1, 3} against {2, 4}, prizes 1 then 2: bidding 1 loses the 1 and may win the 2 with the 3
    value, rows = round_game((1, 3), (2, 4), 1, (2,), False)
    assert value == Fraction(-5, 3) and rows == (Fraction(1, 3), Fraction(2, 3))
    s = state([1, 2], hands=[[1, 3], [2, 4]])
    assert GAME.strategy("exact", s, 0) == {"1": Fraction(1, 3), "3": Fraction(2, 3)}
    assert expected_payoffs(GAME, s, {0: "exact", 1: "exact"}) == [Fraction(-5, 3), Fraction(5, 3)]


@pytest.mark.parametrize("hidden", [False, True])
def test_the_symmetric_game_is_worth_zero_and_the_heuristic_does_not_beat_the_optimum(hidden):
    for prizes in ([4, 1, 3, 2], [1, 2, 3, 4]):
        s = state(prizes, hidden=hidden)
        assert expected_payoffs(GAME, s, {0: "exact", 1: "exact"})[0] == 0
        assert expected_payoffs(GAME, s, {0: "heuristic", 1: "exact"})[0] <= 0
        assert expected_payoffs(GAME, s, {0: "exact", 1: "heuristic"})[0] >= 0


def test_matching_heuristic_is_exploited_by_outbidding_by_one():
    m = new_match("goofspiel", seed=0, cards=4)
    m.state = state([1, 2, 3, 4])
    while not m.over:  # player_1 outbids the matching card by one where it can, else throws its lowest
        mine = m.suggest("player_0", "heuristic")
        m.act("player_0", mine)
        hand = m.state["hands"][1]
        m.act("player_1", str(min([c for c in hand if c > int(mine)] or hand)))
    assert m.state["bids"] == [[1, 2], [2, 3], [3, 4], [4, 1]]
    assert m.payoffs == {"player_0": -2.0, "player_1": 2.0}  # 1 + 2 + 3 against 4


def test_hidden_prize_order_is_not_shown():
    a, b = state([2, 4, 1, 3], hidden=True), state([2, 3, 4, 1], hidden=True)
    for seat in (0, 1):
        assert GAME.observe(a, seat) == GAME.observe(b, seat)
        assert "order unknown: 1, 3, 4" in GAME.observe(a, seat)
    assert "in this order: 4, 1, 3" in GAME.observe(state([2, 4, 1, 3]), 0)


def test_a_bid_in_is_unseen_by_the_other_player():
    m = new_match("goofspiel", seed=3, difficulty=2)
    before = m.observation("player_1")
    assert m.act("player_0", m.legal_actions("player_0")[-1])[0]
    assert m.observation("player_1") == before and m.to_move == ["player_1"]


def test_bids_are_read_strictly():
    m = new_match("goofspiel", seed=0, cards=3)
    m.state = state([1, 2, 3], hands=[[1, 3], [1, 2]])
    m.state["round"] = 1
    for text, reason in [("2", "You do not hold the card 2; your cards are 1, 3"), ("0", "You do not hold the card 0"),
                         ("3 or 1", "Expected an integer")]:
        ok, why = m.copy().act("player_0", text)
        assert not ok and why.startswith(f"Invalid move: {reason}"), why
    for text in ("not 3", "3 please", "bid 3", "3, 1"):
        assert not m.copy().act("player_0", text)[0]
    assert m.copy().act("player_0", " 3 ")[0]


def test_exact_policy_states_its_limit():
    m = new_match("goofspiel", seed=0, cards=5)
    with pytest.raises(ValueError, match="at most 4 cards"):
        m.suggest("player_0", "exact")
