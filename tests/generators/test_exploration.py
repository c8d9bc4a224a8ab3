"""The exploration tasks past level 10 (their behaviour at levels 1-10 is tested with the versus
games in test_versus.py): the reference policy still wins inside the budget, and the instances
keep their promises (the best arm's gap, a connected graph with the target away from the start)."""
import pytest

import procgym

EXPLORATION = ["exploration/best_arm", "exploration/hidden_graph"]


def play_reference(p):
    task = procgym.get(p.task)
    state, turns = task.initial_state(p), 0
    while True:
        state, _, reward, done = task.step(p, state, task.policy(p, state))
        turns += 1
        if done:
            return reward, turns


@pytest.mark.parametrize("name", EXPLORATION)
@pytest.mark.parametrize("level", range(11, 21))
def test_policy_wins_past_level_ten(name, level):
    task = procgym.get(name)
    assert task.max_level == 20
    for seed in range(3):
        p = task.generate(seed=seed, difficulty=level)
        reward, turns = play_reference(p)
        assert reward == 1.0, (name, level, seed)
        assert turns <= p.check.get("turn_limit", p.check.get("budget"))


def test_best_arm_keeps_its_gap_at_the_top_levels():
    task = procgym.get("exploration/best_arm")
    for level in (15, 20):
        for seed in range(6):
            c = task.generate(seed=seed, difficulty=level).check
            ordered = sorted(c["probs"])
            assert c["probs"][c["best"] - 1] == ordered[-1] >= ordered[-2] + c["gap"] - 1e-9
            assert c["gap"] <= 0.1 and c["turn_limit"] == len(task.generate(seed=seed, difficulty=level)
                                                             .answer.splitlines())  # no spare action


def test_hidden_graph_grows_and_needs_more_moves():
    task = procgym.get("exploration/hidden_graph")
    ten, top = (task.generate(seed=1, difficulty=level) for level in (10, 20))
    assert len(top.check["adj"]) == 80 > len(ten.check["adj"])
    assert top.check["budget"] == 2 * (80 - 1)  # no slack
    mean = {level: sum(task.effort(task.generate(seed=s, difficulty=level)) for s in range(8)) / 8
            for level in (10, 20)}
    assert mean[20] > mean[10]
