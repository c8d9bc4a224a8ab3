"""Sealed-bid auctions: scripted sales pay the relative surplus exactly under both price rules, the
heuristic's bids are the one-item equilibrium of relative surplus (checked in exact arithmetic
against the continuous game), budgets bind, values stay private until the sale ends, and the
single-agent view."""
from fractions import Fraction

import pytest

import procgym
from procgym.generators.multiplayer.sealed_bid_auction import heuristic_bid
from procgym.kit.multiplayer import new_match

GAME = procgym.get_game("sealed_bid_auction")


def state(values, budget, pricing):
    return {"values": [list(v) for v in values], "top": 10, "pricing": pricing, "budget": [budget, budget],
            "round": 0, "surplus": [0, 0], "sales": []}


def play(pricing, bids, values=((7, 3, 4), (5, 6, 2)), budget=10):
    m = new_match("sealed_bid_auction", seed=0)
    m.state = state(values, budget, pricing)
    for mine, theirs in bids:
        assert m.act("player_0", str(mine))[0]
        ok, sentence = m.act("player_1", str(theirs))
        assert ok, sentence
    return m, sentence


def test_first_price_pays_the_own_bid():
    m, sentence = play("first", [(5, 4), (2, 3), (1, 1)])
    # item 1: player_0 pays 5 for 7; item 2: player_1 pays 3 for 6; item 3: a tie, unsold
    assert m.state["surplus"] == [2, 3] and m.state["budget"] == [5, 7]
    assert m.payoffs == {"player_0": -1.0, "player_1": 1.0}
    assert sentence.startswith("Item 3: player_0 bid 1, player_1 bid 1; a tie, so it goes unsold. The sale is over.")


def test_second_price_pays_the_other_bid():
    m, _ = play("second", [(5, 4), (2, 3), (1, 0)])
    # player_0 pays 4 for 7 and 0 for 4; player_1 pays 2 for 6
    assert m.state["surplus"] == [7, 4] and m.state["budget"] == [6, 8]
    assert m.payoffs == {"player_0": 3.0, "player_1": -3.0}


def test_bids_are_read_strictly_and_budgets_bind():
    m, _ = play("first", [(9, 0)])
    for text, reason in [("2", "You have 1 left to bid, not 2"), ("-1", "A bid cannot be negative"),
                         ("1 or 0", "Expected an integer")]:
        ok, why = m.copy().act("player_0", text)
        assert not ok and why.startswith(f"Invalid move: {reason}"), why
    for text in ("not 1", "1 please", "bid 1", "1, 0"):
        assert not m.copy().act("player_0", text)[0]
    assert m.legal_actions("player_0") == ["0", "1"]


def test_values_stay_private_until_the_sale_ends():
    a = state([(7, 3, 4), (5, 6, 2)], 10, "first")
    b = state([(1, 9, 9), (5, 6, 2)], 10, "first")
    assert GAME.observe(a, 1) == GAME.observe(b, 1)
    assert "item 1: 7, item 2: 3, item 3: 4" in GAME.observe(a, 0)
    m, sentence = play("first", [(5, 4), (2, 3), (1, 1)])
    assert "Values were player_0 item 1: 7, item 2: 3, item 3: 4; player_1 item 1: 5, item 2: 6, item 3: 2." in sentence


def test_heuristic_bids():
    assert [heuristic_bid("first", v, 10, 99) for v in (1, 2, 4, 7, 10)] == [1, 1, 3, 5, 7]
    assert [heuristic_bid("second", v, 10, 99) for v in (1, 4, 7, 10)] == [4, 6, 8, 10]
    assert heuristic_bid("second", 7, 10, 5) == 5  # never past the budget


def first_price_payoff(v, b):
    """Expected relative surplus at first price, values uniform on [0, 1], bidding b against a
    rival bidding 2y/3: it wins when y < 3b/2 and pays b; losing, the rival gains y/3."""
    x = min(Fraction(3, 2) * b, Fraction(1))
    return x * (v - b) - (1 - x * x) / 6


def second_price_payoff(v, b):
    """The same at second price against a rival bidding (2y + 1)/3: it wins when y < (3b - 1)/2
    and pays (2y + 1)/3; losing, the rival pays b for its value y."""
    x = min(max((3 * b - 1) / 2, Fraction(0)), Fraction(1))
    won = x * v - (x * x + x) / 3  # integral of v - (2y + 1)/3 from 0 to x
    lost = (1 - x * x) / 2 - b * (1 - x)  # integral of y - b from x to 1
    return won - lost


@pytest.mark.parametrize("v", [Fraction(k, 10) for k in range(11)])
def test_the_heuristic_is_the_one_item_equilibrium(v):
    grid = [Fraction(k, 300) for k in range(301)]
    first = Fraction(2, 3) * v
    assert first_price_payoff(v, first) == max(first_price_payoff(v, b) for b in grid + [first])
    second = (2 * v + 1) / 3
    assert second_price_payoff(v, second) == max(second_price_payoff(v, b) for b in grid + [second])
