"""Curriculum schedulers: update rules against hand-computed values, the ladder's hysteresis,
exact state round trips, the synthetic-learner comparison and config validation."""
import json
import math

import pytest

from procgym.training.config import ConfigError, load_config
from procgym.training.curriculum import (BoltzmannBandit, DifficultyLadder, UCBBandit, UniformScheduler,
                                         build_arms, make_scheduler, scheduler_options)
from procgym.training.curriculum_sim import compare, grpo_advantages

TASKS = ["a/x", "a/y", "b/z"]


def group(task, rewards, advantages=None, level=1):
    return {"task": task, "difficulty": level, "rewards": rewards,
            "advantages": advantages if advantages is not None else grpo_advantages(rewards)}


def test_td0_step_and_boltzmann_probabilities():
    b = BoltzmannBandit(TASKS, [1], seed=0, alpha=0.5, tau=0.2)
    b.observe([group("a/x", [1, 0], [1.0, -1.0]), group("a/x", [1, 1], [0.0, 0.0]), group("b/z", [1, 0], [0.4, -0.4])])
    # a/x: r = mean(|1|,|-1|, |0|,|0| per group) = mean(1.0, 0.0) = 0.5 -> Q = 0 + 0.5 * 0.5
    assert b.q == {"a/x": 0.25, "a/y": 0.0, "b/z": 0.2}
    b.observe([group("a/x", [1, 0], [0.8, -0.8])])
    assert b.q["a/x"] == pytest.approx(0.25 + 0.5 * (0.8 - 0.25))
    z = [math.exp(0.525 / 0.2), 1.0, math.exp(0.2 / 0.2)]
    probs = b.probabilities()
    assert [probs[a] for a in TASKS] == pytest.approx([v / sum(z) for v in z])
    m = b.metrics()
    assert m["curriculum/value/a/x"] == pytest.approx(0.525) and m["curriculum/count/a/x"] == 3
    assert m["curriculum/prob/b/z"] == pytest.approx(probs["b/z"])
    assert not any(k.startswith("curriculum/level/") for k in m)  # fixed levels: no ladder


def test_weights_and_exclusions():
    b = BoltzmannBandit(TASKS, [1], seed=0, weights={"a/*": 3.0, "b": 0.0})
    assert b.probabilities() == {"a/x": 0.5, "a/y": 0.5, "b/z": 0.0}
    assert {t for t, _ in b.sample(200)} == {"a/x", "a/y"}
    assert sorted(build_arms(TASKS, [1, 2], "task_level", exclude=["a/x@2", "b"])) == ["a/x@1", "a/y@1", "a/y@2"]
    assert sorted(build_arms(TASKS, None, "category")) == ["a", "b"]
    with pytest.raises(ValueError, match="matches no arm"):
        BoltzmannBandit(TASKS, [1], weights={"c/*": 2.0})
    with pytest.raises(ValueError, match="no arms left"):
        UCBBandit(TASKS, [1], exclude=["*"])
    assert {t for t, _ in make_scheduler("uniform", TASKS, [1], 0, exclude=["a"]).sample(50)} == {"b/z"}


def test_ucb_scores_use_the_window_and_untried_arms_come_first():
    u = UCBBandit(TASKS, [1], seed=0, c=0.5, window=2)
    assert sorted(u.sample(3)) == [("a/x", 1), ("a/y", 1), ("b/z", 1)]  # every arm once before any repeat
    u.observe([group("a/x", [1, 0], [1.0, -1.0]), group("a/x", [0, 0], [0.0, 0.0]), group("a/x", [1, 0], [0.5, -0.5])])
    u.observe([group("a/y", [1, 0], [0.9, -0.9]), group("b/z", [1, 1], [0.0, 0.0])])
    # a/x keeps its last 2 of 3 signals (0.0, 0.5): mean 0.25; N = 5 observations
    scores = u.scores()
    assert scores["a/x"] == pytest.approx(0.25 + 0.5 * math.sqrt(math.log(5) / 3))
    assert scores["a/y"] == pytest.approx(0.9 + 0.5 * math.sqrt(math.log(5) / 1))
    assert scores["b/z"] == pytest.approx(0.0 + 0.5 * math.sqrt(math.log(5) / 1))
    assert u.sample(1) == [("a/y", 1)]
    assert u.metrics()["curriculum/prob/a/y"] == 1.0 and u.metrics()["curriculum/value/a/x"] == 0.25


def test_ladder_moves_only_after_patience_windows():
    ladder = DifficultyLadder(start=3, low=0.3, high=0.7, window=4, patience=2)
    ladder.observe([1, 1, 1, 1])           # one window above the band: no move yet
    assert ladder.level == 3
    ladder.observe([1, 0, 1, 0])           # inside the band resets the streak
    ladder.observe([1, 1, 1, 1])
    assert ladder.level == 3
    ladder.observe([1, 1, 1, 0.9])         # second consecutive window above: up
    assert ladder.level == 4 and ladder.moves == 1
    ladder.observe([0, 0, 0, 0] * 2)       # two windows below: down
    assert ladder.level == 3
    ladder.observe([0, 0, 0])              # a partial window counts for nothing yet
    assert ladder.level == 3 and ladder.buffer == [0.0, 0.0, 0.0]
    low = DifficultyLadder(start=1, window=2, patience=1)
    low.observe([0, 0] * 5)
    assert low.level == 1                  # clamped at the bottom


def test_bandit_ladder_picks_levels_for_task_arms():
    b = make_scheduler("bandit", ["a/x", "b/z"], None, 0, arms="category",
                       ladder={"start": 2, "window": 4, "patience": 1})
    assert {lv for _, lv in b.sample(20)} == {2}
    b.observe([group("a/x", [1, 1, 1, 1], level=2), group("b/z", [0, 1, 0, 1], level=2)])
    assert b.ladders["a/x"].level == 3 and b.ladders["b/z"].level == 2
    b.observe([group("a/x", [1, 1, 1, 1], level=2)])  # a stale group from the old level is not counted
    assert b.ladders["a/x"].buffer == []
    assert b.metrics()["curriculum/level/a/x"] == 3
    assert all(lv in (1, 2) for _, lv in make_scheduler("bandit", ["a/x"], [1, 2], 0).sample(20))


@pytest.mark.parametrize("name", ["uniform", "bandit", "ucb"])
def test_state_round_trip_gives_identical_samples(name):
    def fresh(seed):
        return make_scheduler(name, TASKS, None, seed, arms="task", ladder={"window": 4, "patience": 1})

    a = fresh(1)
    for step in range(5):
        specs = a.sample(6)
        a.observe([group(t, [1.0, 0.0, float(step % 2), 1.0], level=lv) for t, lv in specs])
    state = json.loads(json.dumps(a.state_dict()))  # checkpoints store it as JSON
    b = fresh(99)
    b.load_state_dict(state)
    assert b.state_dict() == a.state_dict() and b.metrics() == a.metrics()
    for step in range(4):
        sa, sb = a.sample(5), b.sample(5)
        assert sa == sb
        results = [group(t, [1.0, 0.0, 1.0, 1.0], level=lv) for t, lv in sa]
        a.observe(results)
        b.observe(results)
    assert b.state_dict() == a.state_dict()
    if name != "uniform":
        with pytest.raises(ValueError, match="not a"):
            make_scheduler("ucb" if name == "bandit" else "bandit", TASKS, None, 0).load_state_dict(state)


def test_grpo_advantages_match_the_trainer():
    torch = pytest.importorskip("torch")
    from procgym.training.grpo import group_advantages

    rewards = [1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0]
    expected = group_advantages(torch.tensor(rewards), 8, "group").tolist()
    assert grpo_advantages(rewards) == pytest.approx(expected, abs=1e-6)


def test_simulation_bandits_beat_uniform():
    result = compare(seeds=range(6))
    base = result["uniform"]["samples_to_target_mean"]
    for name in ("bandit", "ucb"):
        assert result[name]["reached"] == 1.0
        assert base / result[name]["samples_to_target_mean"] > 1.4, (name, result[name]["speedup_vs_uniform"])
        assert result[name]["wasted_mean"] < 0.25 * result["uniform"]["wasted_mean"]


@pytest.mark.parametrize("override, message", [
    ("scheduler=sec", "scheduler must be one of ['bandit', 'ucb', 'uniform'], got 'sec'"),
    ("curriculum_arms=level", "curriculum_arms must be one of ['category', 'task', 'task_level'], got 'level'"),
    ("curriculum_alpha=0", "curriculum_alpha must be between"),
    ("curriculum_alpha=1.5", "curriculum_alpha must be between"),
    ("curriculum_tau=0", "curriculum_tau must be >="),
    ("curriculum_ucb_c=-1", "curriculum_ucb_c must be >= 0.0, got -1.0"),
    ("curriculum_window=0", "curriculum_window must be >= 1, got 0"),
    ("ladder_low=0.8", "ladder_low must be below ladder_high (0.7), got 0.8"),
    ("ladder_start=21", "ladder_start must be between 1 and 20, got 21"),
    ("ladder_patience=0", "ladder_patience must be >= 1, got 0"),
    ("curriculum_weights=graphs", "curriculum_weights must be arm=weight pairs"),
    ("curriculum_weights=graphs=-1", "curriculum_weights must be arm=weight pairs"),
])
def test_bad_curriculum_values_name_the_field(override, message):
    with pytest.raises(ConfigError) as info:
        load_config(None, [override])
    assert message in str(info.value)


def test_config_builds_each_scheduler():
    for name, kind in (("uniform", UniformScheduler), ("bandit", BoltzmannBandit), ("ucb", UCBBandit)):
        cfg = load_config(None, [f"scheduler={name}", "difficulty=curriculum", "curriculum_arms=category",
                                 "curriculum_weights=a=2", "curriculum_exclude=a/y", "ladder_start=4",
                                 "curriculum_tau=0.3", "curriculum_window=7"])
        s = make_scheduler(cfg.scheduler, TASKS, cfg.levels, cfg.seed, **scheduler_options(cfg))
        assert isinstance(s, kind)
        if name != "uniform":
            assert s.arms == ["a", "b"] and s.weights == {"a": 2.0, "b": 1.0} and "a/y" not in s.ladders
            assert {lv for _, lv in s.sample(10)} == {4}
    assert make_scheduler("bandit", TASKS, None, 0, **scheduler_options(cfg)).tau == 0.3
    assert make_scheduler("ucb", TASKS, None, 0, **scheduler_options(cfg)).window == 7
