"""Every registered multiplayer game keeps the Match contract: seeded and deterministic, strict
move reading, invalid moves refused with a reason and then a forfeit, zero-sum payoffs, JSON state,
and built-in policies that play legal moves."""
import json
import random
from fractions import Fraction

import pytest

import procgym
from procgym.kit.multiplayer import Match, new_match
from procgym.knobs import max_level

GAMES = procgym.games()


def playout(m: Match, policy="random", seed=0, check=None):
    """Play `m` to the end with a built-in policy on every seat (`check(m)` before each move)."""
    rng = random.Random(seed)
    while not m.over:
        for player in m.to_move:
            if check:
                check(m, player)
            ok, sentence = m.act(player, m.suggest(player, policy, rng))
            assert ok, sentence
    return m


def test_enough_games():
    assert {"kuhn_poker", "leduc_holdem", "liars_dice", "tic_tac_toe", "connect_four", "nim", "othello",
            "dots_and_boxes"} <= set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_match_and_seeds_differ(name):
    a = playout(new_match(name, seed=3, difficulty=5), seed=1)
    b = playout(new_match(name, seed=3, difficulty=5), seed=1)
    assert a.to_dict() == b.to_dict()
    # chance lives in the start (deals, rolls, heaps, or random opening moves where a board game has them)
    opening = {"opening": 3} if "opening" in {k.name for k in procgym.get_game(name).knobs} else {}
    starts = {json.dumps(new_match(name, seed=s, difficulty=5, **opening).state, sort_keys=True) for s in range(10)}
    assert len(starts) >= 5


@pytest.mark.parametrize("name", GAMES)
def test_random_playouts_are_zero_sum_and_every_legal_move_reads_back(name):
    game = procgym.get_game(name)

    def every_legal_move_is_accepted(m, player):
        legal = m.legal_actions(player)
        for text in legal[::max(1, len(legal) // 200)]:  # up to about 200, spread over the list (Blotto has 480,700)
            trial = m.copy()
            ok, sentence = trial.act(player, text)
            assert ok, f"{name}: the legal move {text!r} was refused: {sentence}"

    for level in (1, 10, max_level(game.knobs)):  # the highest level too (20 for every game)
        for seed in range(3):
            m = playout(new_match(name, seed=seed, difficulty=level), seed=seed,
                        check=every_legal_move_is_accepted if seed == 0 else None)
            payoffs = m.payoffs
            assert set(payoffs) == set(m.players) and abs(sum(payoffs.values())) < 1e-9
            assert max(abs(v) for v in payoffs.values()) <= game.stake(m.params)


@pytest.mark.parametrize("name", GAMES)
def test_json_round_trip_mid_game(name):
    m = new_match(name, seed=5, difficulty=3)
    for _ in range(3):
        if m.over:
            break
        player = m.to_move[0]
        m.act(player, m.suggest(player, "random"))
    back = Match.from_dict(json.loads(json.dumps(m.to_dict())))
    assert back.to_dict() == m.to_dict()
    assert [back.observation(p) for p in back.players] == [m.observation(p) for p in m.players]


@pytest.mark.parametrize("name", GAMES)
def test_invalid_moves_are_refused_with_a_reason_and_the_third_forfeits(name):
    game = procgym.get_game(name)
    m = new_match(name, seed=2, difficulty=3)
    player = m.to_move[0]
    legal = m.legal_actions(player)
    before = json.dumps(m.state, sort_keys=True)
    tries = [game.example, f"not {legal[0]}", f"{legal[0]} or {legal[-1]}", f"{legal[0]} please"]
    for i, text in enumerate(tries[:2]):
        ok, why = m.act(player, text)
        assert not ok and why.startswith("Invalid move: ") and f"invalid move {i + 1} of 3" in why, why
        assert json.dumps(m.state, sort_keys=True) == before and m.to_move[0] == player
        assert why in m.observation(player)
    for text in tries[2:] + [None, "", "x" * 5000]:
        assert not m.copy().act(player, text)[0], text
    ok, why = m.act(player, tries[2])
    assert not ok and "forfeits the game" in why and m.over
    stake = game.stake(m.params)
    assert m.payoffs[player] == -stake and sum(m.payoffs.values()) == 0


@pytest.mark.parametrize("name", GAMES)
def test_every_policy_plays_legal_moves(name):
    game = procgym.get_game(name)
    for policy in game.policies:
        m = new_match(name, seed=1, difficulty=2)
        playout(m, policy, check=lambda m, p: None)
        assert m.over


@pytest.mark.parametrize("name", GAMES)
def test_suggest_is_deterministic_per_state(name):
    m = new_match(name, seed=9, difficulty=4)
    player = m.to_move[0]
    assert len({m.suggest(player, "random") for _ in range(3)}) == 1


def test_the_random_policy_draws_what_the_uniform_strategy_draws():
    from procgym.kit.multiplayer import sample, uniform_choice

    for n in (1, 2, 3, 7, 10, 1001):
        moves = [f"m{i}" for i in range(n)]
        for seed in range(200):
            uniform = {m: Fraction(1, n) for m in moves}
            assert uniform_choice(moves, random.Random(seed)) == sample(uniform, random.Random(seed))
    with pytest.raises(ValueError):
        uniform_choice([], random.Random(0))
