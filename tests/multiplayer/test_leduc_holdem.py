"""Leduc hold'em: exact payoffs of scripted hands, the bet cap, and cards that stay hidden."""
import pytest

from procgym.kit.multiplayer import new_match

KS, JS, QH, JH, QS = 4, 0, 3, 1, 2  # card c: rank c // 2 (J, Q, K), suit c % 2 (s, h)


def hand(cards, moves, **knobs):
    m = new_match("leduc_holdem", seed=0, **knobs)
    m.state["deals"][0] = list(cards)
    for move in moves:
        ok, sentence = m.act(m.to_move[0], move)
        assert ok, sentence
    return m


@pytest.mark.parametrize("cards, moves, payoff", [
    # bet 2, raise to 5, call; then check, bet 4, call: K beats J with no pair, pot share 9
    ((KS, JS, QH), ["bet", "raise", "call", "check", "bet", "call"], 9),
    # the same betting, but player_1's J pairs the public J
    ((KS, JS, JH), ["bet", "raise", "call", "check", "bet", "call"], -9),
    # equal ranks split the pot
    ((QS, QH, KS), ["check", "check", "bet", "call"], 0),
    # a fold in the second round loses what was put in: the ante and the first-round call
    ((JS, KS, QH), ["check", "bet", "call", "check", "bet", "fold"], -3),
    ((JS, KS, QH), ["bet", "fold"], 1),
])
def test_scripted_hands_pay_exactly(cards, moves, payoff):
    m = hand(cards, moves)
    assert m.over and m.payoffs == {"player_0": payoff, "player_1": -payoff}


def test_at_most_a_bet_and_a_raise_per_round():
    m = hand((KS, JS, QH), ["bet", "raise"])
    assert m.legal_actions("player_0") == ["call", "fold"]
    ok, why = m.act("player_0", "raise")
    assert not ok and "This round already has 2 bets: call or fold." in why


def test_cards_stay_hidden():
    m = hand((KS, JS, QH), ["check"])
    obs = m.observation("player_1")
    assert "Your card: Js" in obs and "Ks" not in obs and "Qh" not in obs  # neither the other's card nor the public one
    m.act("player_1", "check")
    assert "The public card is Qh" in m.observation("player_1") and "Ks" not in m.observation("player_1")
    m.act("player_0", "bet")
    m.act("player_1", "fold")  # a fold shows no card
    assert "Ks" not in m.observation("player_1") and "Js" not in m.observation("player_0")


def test_hands_alternate_and_the_stake_is_the_worst_loss():
    m = hand((KS, JS, QH), ["bet", "fold"], hands=2)
    assert m.to_move == ["player_1"] and "Hand 2 of 2" in m.observation("player_0")
    m.act("player_1", "dance")
    m.act("player_1", "dance")
    m.act("player_1", "dance")
    assert m.payoffs == {"player_0": 26.0, "player_1": -26.0}  # 13 chips a hand: ante 1, 2 x 2, 2 x 4
