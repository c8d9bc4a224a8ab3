"""Gymnasium's own entry points: `import procgym` registers every task's id, cheaply, and
`gymnasium.make` / `gymnasium.make_vec` build working envs for any task."""
import json
import subprocess
import sys
from pathlib import Path

import gymnasium as gym
import pytest

import procgym
from procgym import catalogue
from procgym.envs import env_id
from procgym.envs.task_names import NAMES

# a fresh interpreter: the test process has long loaded every generator
FRESH = """
import json, sys
import gymnasium, procgym
loaded = [m for m in sys.modules if m.startswith("procgym.generators.")]
ids = [i for i in gymnasium.registry if i.startswith("procgym/")]
env = gymnasium.make("procgym/games.mastermind-v0", difficulty=2)
obs, _ = env.reset(seed=4)
print(json.dumps({"loaded_at_import": loaded, "ids": ids, "obs": obs}))
"""


def test_import_registers_every_task_without_importing_the_generators():
    out = json.loads(subprocess.run([sys.executable, "-c", FRESH], check=True, capture_output=True, text=True).stdout)
    assert out["loaded_at_import"] == []
    assert sorted(out["ids"]) == sorted(env_id(n) for n in NAMES)
    assert out["obs"] == procgym.generate("games/mastermind", seed=4, difficulty=2).prompt


def test_the_name_list_is_generated_from_the_registry():
    generated = Path(__file__).resolve().parents[1] / "envs" / "task_names.py"
    assert generated.read_text(encoding="utf-8") == catalogue.names_module(), "run `make catalogue`"
    assert list(NAMES) == procgym.tasks()


def test_make_passes_knobs_and_env_arguments():
    env = gym.make("procgym/graphs.shortest_path-v0", difficulty=4, max_turns=2, feedback="binary", n_nodes=7)
    obs, info = env.reset(seed=3)
    assert obs == procgym.generate("graphs/shortest_path", seed=3, difficulty=4, n_nodes=7).prompt
    assert info["problem"]["params"]["n_nodes"] == 7
    obs, reward, terminated, truncated, _ = env.step("<answer>Z</answer>")
    assert (obs, reward, terminated, truncated) == ("Incorrect. Try again.", 0.0, False, False)


@pytest.mark.parametrize("name", procgym.tasks())
def test_make_vec_sync_plays_every_task(name):
    envs = gym.make_vec(env_id(name), num_envs=2, vectorization_mode="sync", difficulty=1)
    observations, infos = envs.reset(seed=[5, 6])
    assert observations == tuple(procgym.generate(name, seed=s, difficulty=1).prompt for s in (5, 6))
    assert envs.observation_space.contains(observations)
    assert list(infos["problem"]["seed"]) == [5, 6]  # Gymnasium stacks each info field across the envs
    observations, rewards, terminated, truncated, _ = envs.step(("<answer>?</answer>", "no action"))
    assert all(isinstance(o, str) and o for o in observations) and list(rewards) == [0.0, 0.0]
    envs.close()


def test_make_vec_resets_a_finished_episode_on_the_next_step():
    envs = gym.make_vec(env_id("graphs/shortest_path"), num_envs=2, vectorization_mode="sync")
    _, infos = envs.reset(seed=[1, 2])
    right = f"<answer>{infos['problem']['answer'][0]}</answer>"
    observations, rewards, terminated, _, _ = envs.step((right, "<answer>Z</answer>"))
    assert list(rewards) == [1.0, 0.0] and list(terminated) == [True, True]  # one attempt each by default
    observations, rewards, terminated, _, infos = envs.step(("<answer>A</answer>", "<answer>A</answer>"))
    # Gymnasium's next-step autoreset: the action is ignored and each env starts a new episode
    assert list(rewards) == [0.0, 0.0] and not any(terminated)
    assert observations == tuple(infos["problem"]["prompt"])
    envs.close()


def test_make_vec_takes_tool_calls():
    envs = gym.make_vec(env_id("games/tower_of_hanoi"), num_envs=2, vectorization_mode="sync", difficulty=1)
    envs.reset(seed=[0, 1])
    call = {"name": "move", "arguments": {"source": "A", "target": "A"}}
    observations, *_ = envs.step((call, json.dumps(call)))
    assert observations[0].startswith("Invalid") and observations[0].split("\n")[0] == observations[1].split("\n")[0]
    envs.close()


def test_make_vec_async_needs_no_shared_memory_for_text():
    # Gymnasium's shared memory reads a Text space back once, at construction (a tuple of str is no
    # live view), so async envs of text spaces pass shared_memory=False (docs/tools.md says so)
    envs = gym.make_vec(env_id("graphs/shortest_path"), num_envs=2, vectorization_mode="async",
                        vector_kwargs={"shared_memory": False})
    try:
        observations, _ = envs.reset(seed=[3, 4])
        assert observations == tuple(procgym.generate("graphs/shortest_path", seed=s).prompt for s in (3, 4))
    finally:
        envs.close()
