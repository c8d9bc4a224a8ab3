"""The Gymnasium adapters: attempts and feedback, interactive dynamics, registration, batching, chat."""
import gymnasium as gym
import pytest

import procgym
from procgym.agents import OracleAgent, RandomAgent, play_episode
from procgym.envs import EnvBatch, env_id, register_envs, to_messages


def test_reset_seed_plays_the_generated_problem_and_info_carries_the_record():
    env = procgym.make("graphs/shortest_path", difficulty=4)
    obs, info = env.reset(seed=7)
    p = procgym.generate("graphs/shortest_path", seed=7, difficulty=4)
    assert obs == p.prompt and info["problem"] == p.to_dict() and info["verdict"] is None


def test_attempts_with_full_feedback_then_success():
    env = procgym.make("graphs/shortest_path", difficulty=4, max_turns=3, feedback="full")
    _, info = env.reset(seed=1)
    obs, reward, terminated, truncated, info = env.step("<answer>Z,Y</answer>")
    assert (reward, terminated, truncated) == (0.0, False, False)
    assert obs == "Not an answer: 'Z' is not a node of the graph. Try again."
    assert info["verdict"]["correct"] is False and info["turn"] == 1
    obs, reward, terminated, truncated, info = env.step(f"<answer>{info['problem']['answer']}</answer>")
    assert (obs, reward, terminated, truncated) == ("Correct.", 1.0, True, False)


@pytest.mark.parametrize("level,expected", [("binary", "Incorrect."), ("none", "")])
def test_feedback_levels_and_running_out_of_attempts(level, expected):
    env = procgym.make("graphs/shortest_path", difficulty=2, max_turns=1, feedback=level)
    env.reset(seed=0)
    obs, reward, terminated, truncated, _ = env.step("<answer>nope</answer>")
    assert (obs, reward, terminated, truncated) == (expected, 0.0, True, False)
    with pytest.raises(RuntimeError, match="reset"):
        env.step("again")


def test_interactive_env_runs_dynamics_and_explains_invalid_actions():
    env = procgym.make("games/tower_of_hanoi", difficulty=1)
    env.reset(seed=0)
    obs, reward, terminated, _, _ = env.step("no tags here")
    assert "No action found" in obs and reward == 0.0 and not terminated
    obs, *_ = env.step("<answer>Q R</answer>")
    assert obs.startswith("Invalid action")


def test_interactive_turn_cap_truncates():
    env = procgym.make("games/tower_of_hanoi", difficulty=10, max_turns=2)
    env.reset(seed=0)
    env.step("<answer>x</answer>")
    *_, terminated, truncated, _ = env.step("<answer>x</answer>")
    assert truncated and not terminated


def test_options_problem_replays_a_dataset_record():
    p = procgym.generate("graphs/shortest_path", seed=3, difficulty=6)
    env = procgym.make("graphs/shortest_path")
    obs, info = env.reset(options={"problem": p.to_dict()})
    assert obs == p.prompt
    with pytest.raises(ValueError, match="this env plays"):
        procgym.make("games/tower_of_hanoi").reset(options={"problem": p.to_dict()})


def test_bad_env_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="feedback"):
        procgym.make("graphs/shortest_path", feedback="loud")
    with pytest.raises(ValueError, match="max_turns"):
        procgym.make("graphs/shortest_path", max_turns=0)
    with pytest.raises(ValueError, match="n_nodes"):
        procgym.make("graphs/shortest_path", n_nodes=10_000)


def test_gymnasium_registry():
    ids = register_envs()
    assert env_id("graphs/shortest_path") == "procgym/graphs.shortest_path-v0" and env_id("graphs/shortest_path") in ids
    env = gym.make("procgym/graphs.shortest_path-v0", difficulty=2)
    obs, info = env.reset(seed=4)
    assert obs == procgym.generate("graphs/shortest_path", seed=4, difficulty=2).prompt


def test_batch_steps_only_active_episodes():
    batch = EnvBatch([procgym.make("graphs/shortest_path", max_turns=2), procgym.make("games/tower_of_hanoi", difficulty=1)])
    observations, infos = batch.reset(seeds=[0, 0])
    oracle = OracleAgent()
    actions = [oracle.act(env.history, info) for env, info in zip(batch.envs, infos)]
    observations, rewards, dones, infos = batch.step(actions)
    assert dones[0] and rewards[0] == 1.0 and batch.active == [1]
    while not batch.all_done:
        acts = [None, oracle.act(batch.envs[1].history, infos[1])]
        observations, rewards, dones, new_infos = batch.step(acts)
        infos = [infos[0], new_infos[1]]
    assert batch.returns == [1.0, 1.0]
    with pytest.raises(ValueError, match="one action per env"):
        batch.step(["x"])


def test_chat_messages_alternate_roles():
    env = procgym.make("graphs/shortest_path", max_turns=2)
    env.reset(seed=0)
    env.step("<answer>A</answer>")
    messages = to_messages(env.history, system="Be brief.")
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert messages[1]["content"] == env.problem.prompt


def test_oracle_and_random_agents():
    env = procgym.make("games/tower_of_hanoi", difficulty=3)
    assert play_episode(env, OracleAgent(), seed=2)["solved"]
    env = procgym.make("graphs/shortest_path", difficulty=8)
    results = [play_episode(env, RandomAgent(seed=1), seed=s) for s in range(10)]
    assert sum(r["solved"] for r in results) <= 2
