"""pass@k against hand-computed values, and the per-problem aggregation of a run."""
import pytest

from procgym.leaderboard.passk import default_ks, mean_pass_at_k, pass_at_k
from procgym.leaderboard.scoring import summarise


@pytest.mark.parametrize("n, c, k, expected", [
    (10, 3, 1, 0.3),                 # pass@1 is the fraction correct
    (5, 2, 2, 1 - 3 / 10),           # 1 - C(3,2)/C(5,2)
    (10, 5, 5, 1 - 1 / 252),         # 1 - C(5,5)/C(10,5)
    (6, 1, 3, 1 - 10 / 20),          # 1 - C(5,3)/C(6,3)
    (3, 2, 2, 1.0),                  # fewer wrong samples than k: always passes
    (4, 0, 4, 0.0),
    (4, 4, 1, 1.0),
    (200, 1, 100, 0.5),              # 1 - C(199,100)/C(200,100) = 1 - 100/200
])
def test_pass_at_k_hand_computed(n, c, k, expected):
    assert pass_at_k(n, c, k) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize("n, c, k", [(0, 0, 1), (3, 4, 1), (3, 1, 4), (3, 1, 0), (3, -1, 1)])
def test_pass_at_k_rejects_impossible_counts(n, c, k):
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)


def test_mean_and_default_ks():
    assert mean_pass_at_k([(5, 2), (5, 0)], 2) == pytest.approx(0.35)
    assert default_ks(1) == [1] and default_ks(5) == [1, 2, 4, 5] and default_ks(8) == [1, 2, 4, 8]


def _record(pid, sample, correct, category="graphs", level=1):
    return {"id": pid, "sample": sample, "correct": correct, "category": category, "level": level,
            "task": f"{category}/t", "prompt_tokens": 10, "completion_tokens": 2, "turns": [{}]}


def test_summary_of_several_samples():
    # Problem a: 2 of 4 correct; problem b (level 3, logic): 1 of 4.
    records = [_record("a", s, s < 2) for s in range(4)] + [_record("b", s, s == 0, "logic", 3) for s in range(4)]
    out = summarise(records, samples=4)
    assert out["accuracy"] == pytest.approx(3 / 8) and out["correct"] == 3 and out["episodes"] == 8
    assert out["pass_at_k"]["1"] == pytest.approx(3 / 8)
    assert out["pass_at_k"]["2"] == pytest.approx(((1 - 1 / 6) + (1 - 3 / 6)) / 2)  # C(2,2)/C(4,2), C(3,2)/C(4,2)
    assert out["pass_at_k"]["4"] == pytest.approx(1.0)
    assert out["by_category"]["logic"]["accuracy"] == pytest.approx(0.25)
    assert out["by_level"]["1"]["pass_at_k"]["2"] == pytest.approx(5 / 6)
    assert list(out["by_level"]) == ["1", "3"]
    assert out["tokens"] == {"prompt": 80, "completion": 16}
