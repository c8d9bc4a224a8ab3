"""`procgym calibrate`: the logistic fit, the adaptive search against a loopback OpenAI-compatible
server whose success rate falls with the level as scripted, resuming, and the calibration file
feeding the curriculum."""
import hashlib
import json
import math

import pytest
from chat_server import ChatServer

import procgym
from procgym.agents import OpenAIChatAgent
from procgym.leaderboard.calibration import (SALT, TARGETS, calibrate, fit_curve, ladder_starts, level_at,
                                             level_at_half, load_calibration, summarise_curve)
from procgym.seeding import eval_seed
from procgym.training.curriculum import make_scheduler

# Scripted agents: P(solved | level) = sigmoid(SLOPE * (MIDDLE - level)), so the 90% level is
# MIDDLE - logit(0.9) / SLOPE and the 10% level MIDDLE + logit(0.9) / SLOPE.
SLOPE = 1.2
MIDDLES = {"graphs/shortest_path": 6.0, "arithmetic/averages": 13.5}
PER_PROBE, ROUNDS = 12, 6


def scripted_level(task: str, p: float) -> float:
    return MIDDLES[task] - math.log(p / (1 - p)) / SLOPE


def scripted_responder():
    """Right with the scripted probability (decided by a hash of the prompt, so reproducible)."""
    by_prompt = {}
    for task in MIDDLES:
        for level in procgym.get(task).levels:
            for i in range(PER_PROBE * ROUNDS):
                p = procgym.generate(task, seed=eval_seed(SALT, task, level, i), difficulty=level)
                by_prompt[p.prompt] = (task, level, p.answer)

    def respond(body):
        prompt = [m for m in body["messages"] if m["role"] == "user"][0]["content"]
        task, level, answer = by_prompt[prompt]
        u = int(hashlib.sha256(prompt.encode()).hexdigest(), 16) / 2 ** 256
        chance = 1 / (1 + math.exp(-SLOPE * (MIDDLES[task] - level)))
        return f"<answer>{answer}</answer>" if u < chance else "<answer>no idea</answer>"

    return respond


@pytest.fixture(scope="module")
def responder():
    return scripted_responder()


def agent_for(server):
    return OpenAIChatAgent("scripted", base_url=server.url, concurrency=4, retries=1, backoff=0.001, cache_dir=None)


def test_the_fit_recovers_a_known_curve():
    a, b = 1.5 * 8, 1.5  # 50% at level 8
    points = [(lv, 1000, round(1000 / (1 + math.exp(-(a - b * lv))))) for lv in range(1, 21)]
    fa, fb = fit_curve(points)
    assert level_at(fa, fb, 0.5) == pytest.approx(8.0, abs=0.01)
    assert level_at(fa, fb, 0.9) == pytest.approx(8 - math.log(9) / 1.5, abs=0.02)


def test_separated_outcomes_give_a_finite_steep_fit():
    a, b = fit_curve([(1, 8, 8), (5, 8, 8), (9, 8, 0), (20, 8, 0)])
    assert math.isfinite(a) and b > 1
    assert 5 < level_at(a, b, 0.5) < 9


def test_levels_outside_the_range_are_censored():
    always = summarise_curve([(lv, 1) for lv in (1, 10, 20) for _ in range(8)], 20, bootstrap=20)
    assert always["levels"]["0.5"] == {"level": 20, "censored": "above", "ci95": [20, 20]}
    never = summarise_curve([(lv, 0) for lv in (1, 10, 20) for _ in range(8)], 20, bootstrap=0)
    assert never["levels"]["0.9"] == {"level": 1.0, "censored": "below"}


def test_the_search_recovers_the_scripted_levels_within_one_level(tmp_path, responder):
    out = tmp_path / "calibration.json"
    with ChatServer(responder) as server:
        result = calibrate(agent_for(server), sorted(MIDDLES), out, per_probe=PER_PROBE, rounds=ROUNDS,
                           model="scripted", progress=False)
    assert load_calibration(out) == json.loads(out.read_text()) == result
    for task in MIDDLES:
        entry = result["tasks"][task]
        assert entry["max_level"] == 20 and entry["episodes"] <= 3 * PER_PROBE * ROUNDS
        for p in TARGETS:
            found = entry["levels"][str(p)]
            assert abs(found["level"] - scripted_level(task, p)) <= 1.0, (task, p, found)
            lo, hi = found["ci95"]
            assert lo <= found["level"] <= hi
        # the budget went to the curve's slope, not to level 1 and the top
        probed = {int(lv): v["episodes"] for lv, v in entry["by_level"].items()}
        middle = round(MIDDLES[task])
        assert max(probed, key=probed.get) in range(middle - 3, middle + 4)
    starts = ladder_starts(result)
    for task, middle in MIDDLES.items():
        assert starts[task] == math.floor(result["tasks"][task]["levels"]["0.5"]["level"] + 0.5)
        assert abs(starts[task] - middle) <= 1
    assert (tmp_path / "calibration.jsonl").exists()


def test_a_stopped_calibration_resumes_to_the_same_result(tmp_path, responder):
    with ChatServer(responder) as server:
        whole = calibrate(agent_for(server), ["graphs/shortest_path"], tmp_path / "a.json", per_probe=6, rounds=4,
                          progress=False)
        calibrate(agent_for(server), ["graphs/shortest_path"], tmp_path / "b.json", per_probe=6, rounds=2,
                  progress=False)
        before = server.answered
        resumed = calibrate(agent_for(server), ["graphs/shortest_path"], tmp_path / "b.json", per_probe=6, rounds=4,
                            progress=False)
        replayed = server.answered - before
    assert resumed["tasks"] == whole["tasks"]
    assert replayed == whole["tasks"]["graphs/shortest_path"]["episodes"] - 2 * 3 * 6  # only rounds 3 and 4


def test_a_calibration_starts_the_curriculum_ladders(tmp_path):
    calibration = {"format": "procgym-calibration-v1", "tasks": {
        "graphs/shortest_path": {"max_level": 20, "levels": {"0.5": {"level": 12.6}}}}}
    path = tmp_path / "c.json"
    path.write_text(json.dumps(calibration))
    starts = ladder_starts(load_calibration(path))
    scheduler = make_scheduler("bandit", ["graphs/shortest_path", "arithmetic/averages"], None, 0,
                               ladder={"start": 2}, ladder_starts=starts)
    assert scheduler.ladders["graphs/shortest_path"].level == 13
    assert scheduler.ladders["arithmetic/averages"].level == 2


def test_a_file_that_is_not_a_calibration_is_refused(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"tasks": {}}')
    with pytest.raises(ValueError, match="is not a calibration file"):
        load_calibration(bad)
    with pytest.raises(ValueError, match="not a readable calibration file"):
        load_calibration(tmp_path / "missing.json")


def test_level_at_half_per_category_from_run_outcomes():
    outcomes = {f"graphs/x@{lv}#{i}": "1" if lv <= 4 else "0" for lv in (1, 3, 5, 7) for i in range(6)}
    outcomes.update({f"logic/y@1#{i}": "1" for i in range(4)})  # one level only: no estimate
    found = level_at_half(outcomes)
    assert set(found) == {"graphs"} and 3 < found["graphs"]["level"] < 5
