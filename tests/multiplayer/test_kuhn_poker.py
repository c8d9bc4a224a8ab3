"""Kuhn poker: exact payoffs of scripted hands, the optimal family's value -1/18, and that no pure
deviation of either player gains against it (computed exactly, in fractions, over the six deals)."""
import itertools
from fractions import Fraction

import pytest

import procgym
from procgym.generators.multiplayer.kuhn_poker import KuhnPoker, optimal, styled
from procgym.kit.multiplayer import expected_payoffs, new_match

DEALS = list(itertools.permutations(range(3), 2))


def deal(cards) -> dict:
    return {"deals": [list(cards)], "hand": 0, "history": [], "results": []}


class Scripted(KuhnPoker):
    """Kuhn poker whose seats play given strategy functions (card, history) -> probabilities."""

    def __init__(self, seats):
        self.seats_play = seats

    def strategy(self, policy, state, seat):
        return self.seats_play[seat](state["deals"][state["hand"]][seat], state["history"])


def value(seats) -> Fraction:
    """The first player's exact expected payoff, over the six equally likely deals."""
    game = Scripted(seats)
    return sum(expected_payoffs(game, deal(d), {0: "p", 1: "p"})[0] for d in DEALS) / len(DEALS)


# each seat's information sets: (card, history before its move)
FIRST_SETS = [(c, h) for c in range(3) for h in ((), ("check", "bet"))]
SECOND_SETS = [(c, h) for c in range(3) for h in (("bet",), ("check",))]


def pure_strategies(sets):
    """Every pure strategy over `sets`: one legal move chosen at each information set."""
    options = [["call", "fold"] if h and h[-1] == "bet" else ["check", "bet"] for _, h in sets]
    for choice in itertools.product(*options):
        table = dict(zip(sets, choice))
        yield lambda card, history, table=table: {table[(card, tuple(history))]: Fraction(1)}


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 6), Fraction(1, 3)])
def test_optimal_family_value_is_minus_one_eighteenth(alpha):
    first = lambda card, history: optimal(card, history, alpha)  # noqa: E731
    assert value([first, optimal]) == Fraction(-1, 18)


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 6), Fraction(1, 3)])
def test_no_pure_deviation_gains(alpha):
    first = lambda card, history: optimal(card, history, alpha)  # noqa: E731
    # the second player's best response cannot push the first below -1/18, nor the first's above it
    assert min(value([first, s]) for s in pure_strategies(SECOND_SETS)) == Fraction(-1, 18)
    assert max(value([s, optimal]) for s in pure_strategies(FIRST_SETS)) == Fraction(-1, 18)


def test_the_heuristic_style_is_exploitable():
    # the check above can fail: against the built-in heuristic style a pure response gains
    style = lambda card, history: styled(card, history, Fraction(1, 4), Fraction(1, 2))  # noqa: E731
    assert min(value([style, s]) for s in pure_strategies(SECOND_SETS)) < Fraction(-1, 18)
    assert max(value([s, style]) for s in pure_strategies(FIRST_SETS)) > Fraction(-1, 18)


def test_registered_exact_policy_is_the_optimum():
    game = procgym.get_game("kuhn_poker")
    total = sum(expected_payoffs(game, deal(d), {0: "exact", 1: "exact"})[0] for d in DEALS)
    assert total / 6 == Fraction(-1, 18)


@pytest.mark.parametrize("cards, moves, payoff", [
    ((2, 0), ["check", "check"], 1),           # K v J, showdown of the antes
    ((0, 2), ["bet", "call"], -2),             # J bets into K and is called
    ((0, 2), ["bet", "fold"], 1),              # the bluff works
    ((1, 0), ["check", "bet", "fold"], -1),    # Q checks, folds to a bluff
    ((1, 0), ["check", "bet", "call"], 2),     # Q calls the bluff
])
def test_scripted_hands_pay_exactly(cards, moves, payoff):
    m = new_match("kuhn_poker", seed=0)
    m.state = deal(cards)
    for i, move in enumerate(moves):
        assert m.act(f"player_{i % 2}", move)[0]
    assert m.over and m.payoffs == {"player_0": payoff, "player_1": -payoff}


def test_cards_stay_hidden_until_a_showdown():
    m = new_match("kuhn_poker", seed=0)
    m.state = deal((2, 0))
    assert "Your card: K" in m.observation("player_0")
    assert "K" not in m.observation("player_1").split("Your card:")[1].split(".")[0]
    assert "Your card: J" in m.observation("player_1")
    m.act("player_0", "bet")
    m.act("player_1", "fold")  # a fold shows no card
    assert "has K" not in m.observation("player_1") and "has J" not in m.observation("player_0")


def test_invalid_moves_are_refused_with_the_reason_then_forfeit():
    m = new_match("kuhn_poker", seed=0, hands=3)
    ok, why = m.act("player_0", "call")
    assert not ok and "Invalid move: There is no bet to call: check or bet." in why and "invalid move 1 of 3" in why
    for text in ("not bet", "bet or check"):  # a negation and a hedge
        assert m.act("player_0", text)[0] is False
    assert m.over and m.forfeit == 0
    assert m.payoffs == {"player_0": -6.0, "player_1": 6.0}  # the stake: 2 chips a hand


def test_match_alternates_the_first_to_act():
    m = new_match("kuhn_poker", seed=4, hands=2)
    assert m.to_move == ["player_0"]
    m.act("player_0", "check")
    m.act("player_1", "check")
    assert m.to_move == ["player_1"]
