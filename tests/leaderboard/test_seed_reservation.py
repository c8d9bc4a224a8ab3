"""No default training or dataset path can draw an evaluation seed."""
import pytest

from procgym import datasets, seeding
from procgym.envs import make
from procgym.seeding import EVAL_SEED_START, dataset_seed, eval_seed, is_eval_seed


def test_eval_seed_is_in_range_and_stable():
    assert is_eval_seed(eval_seed("quick-v1", "graphs/shortest_path", 1, 0))
    assert eval_seed("a", 1) == eval_seed("a", 1) != eval_seed("a", 2)


def test_dataset_seeds_skip_the_reserved_range(monkeypatch):
    real = seeding.stable_seed
    calls = []

    def landing_in_range(*parts):
        calls.append(parts)
        # The first hash of index 7 lands in the reserved range; the retry does not.
        return EVAL_SEED_START + 5 if parts == ("dataset", 0, 7) else real(*parts)

    monkeypatch.setattr(seeding, "stable_seed", landing_in_range)
    seed = dataset_seed(0, 7)
    assert not is_eval_seed(seed) and ("dataset", 0, 7, 1) in calls
    assert dataset_seed(0, 8) == real("dataset", 0, 8) % 2**63  # every other seed is unchanged


def test_generate_and_reset_defaults_avoid_the_range():
    records = [datasets.record(["arithmetic/averages"], [1], master, i) for master in (0, 1) for i in range(200)]
    assert not any(is_eval_seed(r["seed"]) for r in records)
    env = make("arithmetic/averages", difficulty=1)
    for _ in range(50):
        _, info = env.reset()
        assert info["problem"]["seed"] < EVAL_SEED_START


def test_trainer_problem_seeds_avoid_the_range():
    pytest.importorskip("torch")
    from procgym.training.trainer import problem_seed

    assert all(problem_seed(seed, group) < 2**31 < EVAL_SEED_START
               for seed in (0, 2**63 - 1, 123456789) for group in range(64))
