"""Every multiplayer game passes PettingZoo's own API tests as an AEC env (and, when its moves are
simultaneous, as a parallel env), and a played-out episode pays the match's payoffs."""
import warnings
from fractions import Fraction

import pytest
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.test import api_test, parallel_api_test

import procgym
from procgym.envs import make_aec, make_parallel
from procgym.kit import read_choice
from procgym.kit.multiplayer import MultiplayerGame, player_name
from procgym.knobs import max_level

GAMES = procgym.games()
SIMULTANEOUS = [n for n in GAMES if procgym.get_game(n).simultaneous]


class Pennies(MultiplayerGame):
    """Matching pennies over three rounds, moves at the same time: the adapter's simultaneous case
    (a test fixture; not registered)."""

    name = "pennies"
    simultaneous = True
    action_format = "heads or tails"
    example = "edge"

    def setup(self, rng, params):
        return {"round": 0, "score": 0, "shown": []}

    def to_move(self, s):
        return [] if s["round"] == 3 else [0, 1]

    def read(self, s, seat, text):
        return read_choice(text, ("heads", "tails"))

    def apply(self, s, moves):
        s["round"] += 1
        s["score"] += 1 if moves[0] == moves[1] else -1
        s["shown"].append([moves[0], moves[1]])
        return f"player_0 shows {moves[0]}, player_1 shows {moves[1]}."

    def payoffs(self, s):
        sign = (s["score"] > 0) - (s["score"] < 0)
        return [sign, -sign]

    def observe(self, s, seat):
        return f"Round {s['round'] + 1} of 3. Score for player_0: {s['score']:+d}."

    def legal(self, s, seat):
        return ["heads", "tails"]

    def rules(self, params):
        return "Matching pennies: player_0 wins a round when the coins match."

    def strategy(self, policy, s, seat):
        return {"heads": Fraction(1, 2), "tails": Fraction(1, 2)}


def quiet(test, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo warns that text observations are not numpy arrays
        test(*args, **kwargs)


@pytest.mark.parametrize("name", GAMES + ["pennies"])
def test_aec_api(name):
    env = make_aec(Pennies() if name == "pennies" else name, difficulty=3)
    assert isinstance(env, AECEnv)
    quiet(api_test, env, num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_aec_api_at_the_highest_level(name):
    """Every game's knobs go on to level 20 (self-play curricula past the single-agent views'
    levels), and the env passes PettingZoo's API test there."""
    assert max_level(procgym.get_game(name).knobs) == 20
    quiet(api_test, make_aec(name, difficulty=20), num_cycles=200)
    with pytest.raises(ValueError, match="level 1-20"):
        make_aec(name, difficulty=21)


@pytest.mark.parametrize("name", SIMULTANEOUS)
def test_parallel_api_at_the_highest_level(name):
    quiet(parallel_api_test, make_parallel(name, difficulty=20), num_cycles=200)


@pytest.mark.parametrize("name", SIMULTANEOUS + ["pennies"])
def test_parallel_api(name):
    env = make_parallel(Pennies() if name == "pennies" else name, difficulty=3)
    assert isinstance(env, ParallelEnv)
    quiet(parallel_api_test, env, num_cycles=200)


def test_parallel_needs_a_simultaneous_game():
    with pytest.raises(ValueError, match="turn-based"):
        make_parallel("kuhn_poker")


@pytest.mark.parametrize("name", GAMES + ["pennies"])
def test_legal_play_pays_the_match_payoffs(name):
    env = make_aec(Pennies() if name == "pennies" else name, difficulty=2)
    env.reset(seed=4)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(10_000):
        obs, reward, terminated, truncated, info = env.last()
        assert isinstance(obs, str) and player_name(env.possible_agents.index(agent)) == agent
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert info["to_move"] and info["legal_moves"]
        env.step(info["legal_moves"][-1])
    assert not env.agents
    match = env.match
    assert total == match.payoffs and sum(total.values()) == 0


def test_invalid_move_keeps_the_agent_selected():
    env = make_aec("kuhn_poker")
    env.reset(seed=1)
    env.step("raise")
    assert env.agent_selection == "player_0"
    assert env.infos["player_0"]["invalid"].startswith("Invalid move: ")
    assert "invalid move 1 of 3" in env.observe("player_0")
    env.step("check")
    assert env.agent_selection == "player_1"


def test_parallel_refuses_one_move_and_keeps_the_other():
    env = make_parallel(Pennies())
    env.reset(seed=0)
    obs, rewards, terms, truncs, infos = env.step({"player_0": "heads", "player_1": "edge"})
    assert "invalid" in infos["player_1"] and "invalid" not in infos["player_0"]
    assert env.match.to_move == ["player_1"] and env.match.state["round"] == 0
    env.step({"player_1": "heads"})
    assert env.match.state["round"] == 1 and env.match.state["score"] == 1


def test_reset_with_a_seed_is_the_match_of_that_seed():
    env = make_aec("kuhn_poker", difficulty=4)
    env.reset(seed=11)
    assert env.match.to_dict() == procgym.new_match("kuhn_poker", seed=11, difficulty=4).to_dict()
