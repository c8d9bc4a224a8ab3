"""The side-by-side benchmarks and the performance page run in their tiny modes and write
well-formed results (no timing asserts: speed is for bench/, not for tests)."""
import importlib.util
import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def peers():
    return load("peers")


# --------------------------------------------------------------------------- pure helpers

def test_call_quantiles_and_sketch(peers):
    calls = [float(i) for i in range(1, 101)]  # 1..100
    q = peers.call_quantiles(calls)
    assert q == {"p50": 51.0, "p90": 91.0, "p99": 100.0, "max": 100.0}
    sk = peers.sketch([3.0, 1.0, 2.0], points=5)
    assert sk == [1.0, 2.0, 2.0, 3.0, 3.0] and len(peers.sketch(calls)) == 101


def test_rate_summary_and_targets(peers):
    s = peers.rate_summary([("a", 50.0), ("b", 2000.0), ("c", 4000.0)])
    assert s["median"] == 2000.0 and s["slowest"] == ["a", 50.0]
    assert s["below_100"] == ["a"] and s["below_1000"] == ["a"]
    assert s["p10"] == pytest.approx(50.0 + 0.2 * 1950.0)
    proc = {"3": {"generation": {"median": 3000.0, "p10": 900.0},
                  "verification": {"n": 3, "median_us": 12.0, "pooled_p99_ms": 6.0}},
            "5": {"generation": {"n": 3, "slowest": ["a", 50.0], "below_100": ["a"]}}}
    t = peers.targets(proc, {"generation": {"median": 1000.0}}, level=3)
    assert t["median_ratio"]["value"] == 3.0 and t["median_ratio"]["met"]
    assert not t["p10_per_s"]["met"] and not t["min_l5_per_s"]["met"] and t["min_l5_per_s"]["tasks"] == ["a"]
    assert t["verify_median_us"]["met"] and not t["verify_p99_ms"]["met"]
    assert "median_ratio" not in peers.targets(proc, None, level=3)


def test_matches_name_real_procgym_tasks(peers):
    import procgym

    names = set(procgym.tasks("*"))
    for task, dataset, what in peers.MATCHES:
        assert task in names, task
        assert not procgym.get(task).interactive, task
        assert dataset and what


# --------------------------------------------------------------------------- the scripts

def test_peers_quick_procgym_side(peers, tmp_path):
    out = tmp_path / "peers.json"
    assert peers.main(["--quick", "--no-peer", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert {r["task"] for r in data["procgym"]} == {"arithmetic/expression_value", "puzzles/countdown"}
    for row in data["procgym"]:
        for cell in row["cells"]:
            assert cell["generated"] >= 1 and cell["verified"] >= 1 and cell["reference_rejected"] == 0
            q = cell["verify_call_s"]
            assert 0 < q["p50"] <= q["p90"] <= q["p99"] <= q["max"]
    summary = data["procgym_summary"]["3"]
    assert summary["generation"]["n"] == 2 and summary["verification"]["n"] == 2
    assert data["peer"] is None and data["meta"]["cpu_model"]
    assert {"p10_per_s", "verify_median_us", "verify_p99_ms"} <= set(data["targets"])


def test_peers_quick_with_reasoning_gym(peers, tmp_path):
    if peers.ensure_peer(peers.DEFAULT_VENV, install=False) is None:
        pytest.skip("no reasoning-gym venv at bench/.peers-venv (python bench/peers.py creates it)")
    out = tmp_path / "peers.json"
    assert peers.main(["--quick", "--no-install", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    assert data["meta"]["peer_version"] == peers.PEER_VERSION
    assert {r["dataset"] for r in data["peer"]} == {"basic_arithmetic", "countdown"}
    assert all("error" not in r and r["reference_score_mean"] == 1.0 for r in data["peer"])
    assert [(m["procgym"], m["reasoning_gym"]) for m in data["matched"]] == peers.QUICK_MATCHES
    assert "median_ratio" in data["targets"]


def test_env_step_quick(tmp_path):
    env_step = load("env_step")
    out = tmp_path / "env_step.json"
    assert env_step.main(["--quick", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    rows = {r["task"]: r for r in data["tasks"]}
    assert set(rows) == {"arithmetic/expression_value", "games/mastermind"}
    assert rows["games/mastermind"]["interactive"] and not rows["arithmetic/expression_value"]["interactive"]
    for row in rows.values():
        for mode in ("single", "batch"):
            m = row[mode]
            assert m["steps"] >= 1 and m["step_us"] > 0 and m["task_us"] > 0
            assert m["overhead_mean_us"] == pytest.approx(m["step_us"] - m["task_us"], abs=0.05)  # 4 digits kept
            assert isinstance(m["overhead_us"], float)
    # one answer per single-answer episode; the oracle needs several actions in mastermind
    single = rows["arithmetic/expression_value"]["single"]
    assert single["steps"] == single["episodes"]
    assert rows["games/mastermind"]["single"]["steps"] > rows["games/mastermind"]["single"]["episodes"]
    assert data["summary"]["tasks"] == 2 and not data["summary"]["errors"]


def test_serve_quick(tmp_path):
    pytest.importorskip("openenv")
    serve = load("serve")
    out = tmp_path / "serve.json"
    assert serve.main(["--quick", "--out", str(out)]) == 0
    data = json.loads(out.read_text())
    alone, together = data["latency"]
    assert alone["phase"] == "one session" and together["phase"] == "4 concurrent" and together["sessions"] == 4
    assert together["steps"] == alone["steps"] == 4 * 5 and together["messages"] > together["steps"]
    for row in (alone, together):
        assert 0 < row["round_trip_ms_p10"] <= row["round_trip_ms_p50"] <= row["round_trip_ms_p99"]
        assert row["overhead_ms_p50"] < row["round_trip_ms_p50"] and row["env_ms_p50"] > 0 and row["steps_per_s"] > 0
        assert row["server_cpu_us_per_message"] >= 0 and row["client_cpu_us_per_message"] >= 0  # 10 ms ticks
    memory = data["memory"]
    assert memory["sessions"] == memory["active_when_open"] == 20 and memory["active_after_close"] == 0
    assert memory["rss_open_mib"] >= memory["rss_idle_mib"] > 0 and memory["rss_peak_mib"] >= memory["rss_open_mib"]
    assert data["target"]["target_ms"] == 2.0 and data["meta"]["command"] == "python bench/serve.py --quick"
    assert "/" not in json.dumps(data["meta"]["args"]["out"])  # no machine path in the results


def test_env_infos_carry_independent_copies_of_the_record():
    """TaskEnv pickles the record once per episode (bench/env_step.py measured why); each info
    still gets its own copy, so a caller changing one info leaves the next untouched."""
    import procgym
    from gymnasium.utils.env_checker import check_env
    from procgym.envs import TaskEnv

    env = TaskEnv("arithmetic/expression_value", difficulty=2, max_turns=3)
    _, info0 = env.reset(seed=5)
    assert info0["problem"] == procgym.generate("arithmetic/expression_value", seed=5, difficulty=2).to_dict()
    info0["problem"]["params"]["changed_by_caller"] = True
    _, _, _, _, info1 = env.step("<answer>not a number</answer>")
    assert info1["problem"] is not info0["problem"] and "changed_by_caller" not in info1["problem"]["params"]
    assert info1["verdict"] == {"reward": 0.0, "correct": False, "feedback": info1["verdict"]["feedback"]}
    _, info2 = env.reset(seed=6)
    assert info2["problem"]["seed"] == 6 and info0["problem"]["seed"] == 5
    check_env(TaskEnv("games/mastermind"), skip_render_check=True)  # infos share no objects, spaces are proper


def test_text_spaces_are_independent_copies():
    from procgym.envs import TaskEnv

    a, b = TaskEnv("arithmetic/expression_value"), TaskEnv("arithmetic/expression_value")
    assert a.action_space is not b.action_space and a.action_space == b.action_space
    a.action_space.seed(1)
    b.action_space.seed(1)
    assert a.action_space.sample() == b.action_space.sample()
    assert a.observation_space.contains(a.reset(seed=1)[0])


def test_lazy_rng_is_the_stable_stream_and_seeds_only_when_used():
    """Task.params seeds its knob stream lazily (a speed-up found with bench/peers.py); the
    stream must be exactly stable_rng's, so no problem changes."""
    from procgym.seeding import LazyRng, stable_rng

    lazy, eager = LazyRng("t", "knobs", 3, [], 7), stable_rng("t", "knobs", 3, [], 7)
    assert lazy._rng is None
    assert [lazy.randint(0, 10**9) for _ in range(5)] == [eager.randint(0, 10**9) for _ in range(5)]
    assert lazy.uniform(0, 1) == eager.uniform(0, 1) and lazy.randrange(7) == eager.randrange(7)
    import procgym

    task = procgym.get("arithmetic/expression_value")
    assert task.params(3, 5) == task.params(3, 5)
    assert procgym.generate("arithmetic/expression_value", seed=11, difficulty=4).to_dict() == \
        procgym.generate("arithmetic/expression_value", seed=11, difficulty=4).to_dict()


def test_trainer_quick(tmp_path):
    pytest.importorskip("transformers")
    trainer = load("trainer")
    out = tmp_path / "trainer.json"
    argv = ["--quick", "--out", str(out)]
    try:
        import trl  # noqa: F401
    except ImportError:
        argv.append("--no-trl")
    assert trainer.main(argv) == 0
    data = json.loads(out.read_text())
    pg = data["summary"]["procgym"]
    assert pg["kept"] == 1 and pg["total"] > 0
    assert pg["generation"] > 0 and pg["optimisation"] > 0 and pg["scoring"] >= 0
    assert data["meta"]["settings"]["group_size"] == 4 and data["meta"]["settings"]["prompts_per_step"] == 4
    if "--no-trl" not in argv:
        assert data["summary"]["trl"]["kept"] == 1 and data["ratio_procgym_over_trl"] > 0


def test_gpu_trainer_cpu_smoke(tmp_path):
    """bench/gpu_trainer.py refuses without CUDA, and its --cpu-smoke mode runs both trainers end to end."""
    torch = pytest.importorskip("torch")
    gpu_trainer = load("gpu_trainer")
    if not torch.cuda.is_available():
        assert gpu_trainer.main([]) == 2  # no GPU: no figures, a clear refusal
    out = tmp_path / "smoke.json"
    argv = ["--cpu-smoke", "--vocab", "2048", "--out", str(out)]
    try:
        import trl  # noqa: F401
    except ImportError:
        argv.append("--no-trl")
    assert gpu_trainer.main(argv) == 0
    data = json.loads(out.read_text())
    assert data["meta"]["mode"] == "cpu-smoke" and data["meta"]["gpu"] is None
    assert data["meta"]["model"]["vocab"] == 2048 and data["meta"]["batch"]["group"] == 2
    for name, row in data["trainers"].items():
        assert row["completion_tokens_per_step"][-1] > 0 and row["step_s"] > 0 and row["peak_mib"] > 0, name
        assert row["tokens_per_s"] == pytest.approx(row["completion_tokens_per_step"][-1] / row["step_s"], rel=1e-3)
    assert ("trl" in data["trainers"]) == ("--no-trl" not in argv)
    assert not (Path(gpu_trainer.DEFAULT_OUT).exists() and "cpu-smoke" in Path(gpu_trainer.DEFAULT_OUT).read_text())


def test_performance_page(tmp_path):
    page = load("performance_page")
    results = tmp_path / "results"
    results.mkdir()
    (results / "env_step.json").write_text(json.dumps({
        "meta": {"date": "2026-01-01T00:00:00+00:00", "cpu_model": "Test CPU", "cpus": 2, "cpus_usable": 2,
                 "load_average": [8.0, 6.0, 4.0], "load_average_after": [7.0, 6.0, 4.0], "python": "3.11",
                 "level": 3, "batch": 16, "command": "python bench/env_step.py"},
        "summary": {"tasks": 1, "errors": [], "reset_us_median": 20.0,
                    "single": {"overhead_us_median": 1.5, "overhead_us_p90": 2.0, "overhead_us_max": ["a/b", 2.0],
                               "steps_per_s_median": 50000.0, "task_us_median": 10.0, "over_target": [],
                               "over_target_cheap_task": []}},
        "tasks": [{"task": "a/b", "interactive": False, "single": {"step_us": 11.5, "task_us": 10.0,
                                                                   "overhead_us": 1.5},
                   "batch": {"overhead_us": 2.0}}]}))
    out = tmp_path / "performance.md"
    assert page.main(["--results", str(results), "--out", str(out)]) == 0
    text = out.read_text()
    assert "Test CPU, 2 usable cores" in text and "[8.0, 6.0, 4.0]" in text and "4.0x its cores" in text
    assert "`python bench/env_step.py`" in text and "| TaskEnv.step | 50k | 10.0 | 1.5 | 2.0 | 2.0 (`a/b`) | 0 | 0 |" in text
    assert "Not measured yet: run `python bench/peers.py`." in text
    assert "Not measured yet: run `python bench/trainer.py`." in text


if __name__ == "__main__":
    sys.exit(pytest.main([__file__, "-q"]))
