"""Liar's dice: bids and challenges resolve exactly, dice stay hidden until a challenge, and the
last player with dice wins."""
from procgym.kit.multiplayer import new_match


def table(rolls, **knobs):
    """A match whose first round shows `rolls` (one list of faces per player)."""
    m = new_match("liars_dice", seed=0, **knobs)
    m.state["rolls"][0] = [list(r) for r in rolls]
    return m


def test_a_bid_that_holds_costs_the_challenger_a_die():
    m = table([[6, 2], [6, 5]], dice=2)
    assert m.act("player_0", "bid 2 6")[0]
    ok, sentence = m.act("player_1", "liar")
    assert ok and "There are 2 sixes: the bid holds, and player_1 loses a die." in sentence
    assert m.state["dice"] == [2, 1] and m.to_move == ["player_1"]  # the loser opens the next round


def test_a_bid_that_fails_costs_the_bidder_a_die_and_the_last_die_ends_the_game():
    m = table([[3], [4]], dice=1)
    assert m.act("player_0", "2 fours")[0]  # words for the face
    ok, sentence = m.act("player_1", "challenge")
    assert ok and "There is 1 four: the bid fails, and player_0 loses a die. player_0 is out of dice." in sentence
    assert m.over and m.payoffs == {"player_0": -1.0, "player_1": 1.0}


def test_bids_must_rise_and_a_challenge_needs_a_bid():
    m = table([[1, 2], [3, 4]], dice=2)
    ok, why = m.act("player_0", "liar")
    assert not ok and "no bid to challenge" in why
    m.act("player_0", "bid 2 5")
    for text, reason in [("bid 2 4", "a bid must beat 2 fives"), ("bid 5 6", "between 1 and 4 dice"),
                         ("bid 3 5 please", "write a bid as"), ("bid 3 7", "write a bid as")]:
        ok, why = m.copy().act("player_1", text)
        assert not ok and reason in why.lower(), why
    legal = m.legal_actions("player_1")
    assert legal[:3] == ["bid 2 6", "bid 3 1", "bid 3 2"] and legal[-1] == "liar"


def test_dice_stay_hidden_until_a_challenge():
    m = table([[6, 6], [2, 3]], dice=2)
    assert "Your dice: 6 6" in m.observation("player_0")
    assert "6" not in m.observation("player_1").split("Your dice:")[1] and "Your dice: 2 3" in m.observation("player_1")
    m.act("player_0", "bid 1 2")
    m.act("player_1", "liar")
    assert "player_0 6 6; player_1 2 3" in m.observation("player_1")  # shown by the challenge


def test_three_players_share_the_loss():
    m = new_match("liars_dice", seed=3, players=3, dice=1)
    assert m.players == ["player_0", "player_1", "player_2"]
    while not m.over:
        m.act(m.to_move[0], m.suggest(m.to_move[0], "heuristic"))
    values = sorted(m.payoffs.values())
    assert values == [-0.5, -0.5, 1.0]
