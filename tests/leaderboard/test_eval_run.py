"""Running agents on a suite: result files, resuming after a crash or an unreachable server with no
finished result lost, a truncated last line, re-scoring, and the command line."""
import json

import pytest
from chat_server import ChatServer, oracle_responder

from procgym.agents import OpenAIChatAgent, OracleAgent, RandomAgent
from procgym.agents.http_chat import ServerUnavailable
from procgym.cli import main
from procgym.leaderboard.results import evaluate, rescore_run
from procgym.leaderboard.store import RecordStore, StoreMismatch, read_lines


def episodes(path):
    return [line for line in read_lines(str(path)) if line["type"] == "episode"]


def test_oracle_scores_everything_and_the_result_file_says_so(tiny_suite, tmp_path):
    summary, path = evaluate(OracleAgent(), tiny_suite, results_dir=tmp_path, progress=False)
    assert path == tmp_path / "tiny-v1" / "oracle.json"
    saved = json.loads(path.read_text())
    assert saved == json.loads(json.dumps(summary))
    assert saved["accuracy"] == 1.0 and saved["complete"] and saved["episodes"] == len(tiny_suite) == 12
    assert set(saved["by_level"]) == {"1", "3"} and set(saved["by_category"]) == {"arithmetic", "games", "graphs"}
    assert saved["outcomes"] == {item.id: "1" for item in tiny_suite.items()}
    assert saved["agent"] == "oracle" and saved["model"] is None and saved["time"]["sessions"] == 1
    records = episodes(path.with_suffix(".jsonl"))
    hanoi = [r for r in records if r["task"] == "games/tower_of_hanoi"]
    assert all(len(r["turns"]) > 1 and r["ended_by"] == "done" for r in hanoi)  # multi-turn episodes
    single = [r for r in records if r["task"] == "arithmetic/averages"][0]
    [turn] = single["turns"]
    assert turn["output"].startswith("<answer>") and turn["answer"] == turn["output"][8:-9].strip()
    assert single["verdict"]["correct"] and single["problem_sha"]


def test_random_agent_is_deterministic_and_below_the_oracle(tiny_suite, tmp_path):
    a, _ = evaluate(RandomAgent(seed=0), tiny_suite, results_dir=tmp_path / "a", progress=False)
    b, _ = evaluate(RandomAgent(seed=0), tiny_suite, results_dir=tmp_path / "b", progress=False)
    assert a["outcomes"] == b["outcomes"] and a["accuracy"] < 1.0


class CrashingAgent:
    """The oracle, until it has answered `limit` turns; then it raises like a dead process would."""

    name = "oracle"

    def __init__(self, limit):
        self.limit, self.oracle = limit, OracleAgent()

    def act(self, history, info):
        if self.limit == 0:
            raise ConnectionError("simulated crash")
        self.limit -= 1
        return self.oracle.act(history, info)


def test_resume_after_a_crash_loses_nothing_and_repeats_nothing(tiny_suite, tmp_path):
    with pytest.raises(ConnectionError):
        evaluate(CrashingAgent(5), tiny_suite, results_dir=tmp_path, progress=False)
    jsonl = tmp_path / "tiny-v1" / "oracle.jsonl"
    before = episodes(jsonl)
    assert 1 <= len(before) < len(tiny_suite) and not (tmp_path / "tiny-v1" / "oracle.json").exists()
    sessions = [line for line in read_lines(str(jsonl)) if line["type"] == "session"]
    assert sessions[-1]["error"].startswith("ConnectionError") and not sessions[-1]["completed"]
    summary, _ = evaluate(OracleAgent(), tiny_suite, results_dir=tmp_path, progress=False)
    after = episodes(jsonl)
    assert after[:len(before)] == before  # finished records kept as they were
    assert sorted(r["key"] for r in after) == sorted({r["key"] for r in after})  # none played twice
    assert summary["accuracy"] == 1.0 and summary["episodes"] == 12 and summary["time"]["sessions"] == 2


def test_truncated_last_line_is_dropped_and_replayed(tiny_suite, tmp_path):
    evaluate(OracleAgent(), tiny_suite, results_dir=tmp_path, progress=False)
    jsonl = tmp_path / "tiny-v1" / "oracle.jsonl"
    lines = jsonl.read_bytes().splitlines(keepends=True)
    kept = [line for line in lines if b'"type": "episode"' in line or b'"type": "run"' in line][:6]
    jsonl.write_bytes(b"".join(kept) + b'{"type": "episode", "key": "arithm')  # killed mid-write
    store = RecordStore(str(jsonl), json.loads(kept[0]), identity=("suite", "agent"))
    assert store.dropped_bytes == len(b'{"type": "episode", "key": "arithm') and len(store.done) == 5
    store.close()
    summary, _ = evaluate(OracleAgent(), tiny_suite, results_dir=tmp_path, progress=False)
    assert summary["episodes"] == 12 and summary["accuracy"] == 1.0


def test_corrupt_middle_line_is_an_error(tmp_path):
    path = tmp_path / "run.jsonl"
    path.write_text('{"type": "run"}\nnot json\n{"type": "episode", "key": "a"}\n')
    with pytest.raises(ValueError, match="run.jsonl:2: corrupt record"):
        RecordStore(str(path), {"type": "run"})


def test_resuming_with_other_settings_is_refused(tiny_suite, tmp_path):
    evaluate(RandomAgent(seed=0), tiny_suite, results_dir=tmp_path, progress=False)
    with pytest.raises(StoreMismatch, match="other settings"):
        evaluate(RandomAgent(seed=1), tiny_suite, results_dir=tmp_path, progress=False)
    with pytest.raises(StoreMismatch, match="other samples"):
        evaluate(RandomAgent(seed=0), tiny_suite, samples=2, results_dir=tmp_path, progress=False)


def test_server_dies_mid_run_then_the_run_resumes(tiny_suite, tmp_path):
    problems = [tiny_suite.problem(item).to_dict() for item in tiny_suite.items()]
    wrong = {str(problems[1]["seed"])}  # the scripted model gets one problem wrong

    def agent(server):
        return OpenAIChatAgent("scripted", base_url=server.url, concurrency=3, retries=2, backoff=0.001,
                               max_backoff=0.01, timeout=5.0, cache_dir=str(tmp_path / "cache"))

    first = ChatServer(oracle_responder(problems, wrong), die_after=15).start()
    with pytest.raises(ServerUnavailable):
        evaluate(agent(first), tiny_suite, model="scripted", results_dir=tmp_path, progress=False)
    jsonl = tmp_path / "tiny-v1" / "openai-scripted.jsonl"
    partial = episodes(jsonl)
    assert 0 < len(partial) < 12
    with ChatServer(oracle_responder(problems, wrong)) as second:  # back up, at another port
        summary, _ = evaluate(agent(second), tiny_suite, model="scripted", results_dir=tmp_path, progress=False)
    assert summary["episodes"] == 12 and summary["correct"] == 11
    assert summary["outcomes"][tiny_suite.items()[1].id] == "0"
    assert summary["tokens"]["prompt"] > 0 and summary["tokens"]["completion"] > 0
    # Turns answered before the crash (requests in flight may still be answered as it dies) came
    # from the cache, not from the second server.
    assert first.answered >= 15
    assert second.answered < sum(len(r["turns"]) for r in episodes(jsonl))
    final = episodes(jsonl)
    assert final[:len(partial)] == partial and len({r["key"] for r in final}) == 12


def test_several_samples_give_pass_at_k(tiny_suite, tmp_path):
    summary, _ = evaluate(RandomAgent(seed=0), tiny_suite, samples=3, results_dir=tmp_path, progress=False)
    assert summary["episodes"] == 36 and set(summary["pass_at_k"]) == {"1", "2", "3"}
    assert summary["pass_at_k"]["1"] == pytest.approx(summary["accuracy"])
    assert summary["pass_at_k"]["1"] <= summary["pass_at_k"]["2"] <= summary["pass_at_k"]["3"]
    assert all(len(v) == 3 for v in summary["outcomes"].values())


def test_rescore_agrees_and_repairs_a_tampered_verdict(tiny_suite, tmp_path):
    _, path = evaluate(RandomAgent(seed=0), tiny_suite, results_dir=tmp_path, progress=False)
    jsonl = path.with_suffix(".jsonl")
    summary, _ = rescore_run(jsonl, suite=tiny_suite)
    assert summary["rescored"] == {"stale": 0, "changed": 0}
    lines = read_lines(str(jsonl))
    target = next(line for line in lines if line.get("type") == "episode" and not line["correct"])
    target["correct"] = True  # a wrong verdict, as an old buggy verifier might have given
    jsonl.write_text("".join(json.dumps(line) + "\n" for line in lines))
    summary, _ = rescore_run(jsonl, suite=tiny_suite)
    assert summary["rescored"]["changed"] == 1 and summary["outcomes"][target["id"]] == "0"


def test_cli_eval_and_leaderboard(tiny_suite_file, tmp_path, capsys):
    results = tmp_path / "results"
    assert main(["eval", "--agent", "oracle", "--suite", tiny_suite_file, "--results-dir", str(results), "-q"]) == 0
    out = capsys.readouterr().out
    assert "oracle on tiny-v1: accuracy 100.0% (12/12 episodes)" in out
    assert main(["eval", "--agent", "random", "--suite", tiny_suite_file, "--results-dir", str(results), "-q",
                 "--samples", "2", "--k", "1,2"]) == 0
    assert "pass@k: @1" in capsys.readouterr().out
    assert main(["leaderboard", "--results-dir", str(results), "--readme", str(tmp_path / "README.md"),
                 "--site", str(tmp_path / "site")]) == 0
    assert "| 1 | `oracle` | oracle | - | **100.0%**" in (tmp_path / "README.md").read_text()
    assert main(["eval", "--agent", "oracle", "--model", "x", "--suite", tiny_suite_file]) == 2
    assert "takes no model" in capsys.readouterr().err
    assert main(["eval", "--agent", "openai", "--model", "m", "--samples", "2", "--suite", tiny_suite_file]) == 2
    assert "--temperature above 0" in capsys.readouterr().err


def test_cli_unreachable_server_stops_with_a_resume_hint(tiny_suite_file, tmp_path, capsys):
    server = ChatServer(lambda body: "<answer>1</answer>").start()
    url = server.url
    server.stop()
    code = main(["eval", "--agent", "openai", "--model", "m", "--base-url", url, "--retries", "0", "--timeout", "2",
                 "--cache", str(tmp_path / "cache"), "--suite", tiny_suite_file, "--results-dir", str(tmp_path), "-q"])
    assert code == 3
    err = capsys.readouterr().err
    assert "no valid answer after 1 attempt(s)" in err and "rerun the same command to resume" in err
    assert not (tmp_path / "tiny-v1" / "openai-m.json").exists()
