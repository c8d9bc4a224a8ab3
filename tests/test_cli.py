"""The command line: list, show, generate (sharded, resumable), verify (malformed lines), play, demo."""
import json
import subprocess
import sys
import time

import pytest

import procgym
from procgym.cli import main
from procgym.datasets import write_jsonl


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_list_and_show(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0 and "graphs/shortest_path" in out and f"{len(procgym.tasks())} tasks" in out
    code, out, _ = run(capsys, "list", "graphs/*", "--json")
    assert {r["name"] for r in json.loads(out)} == set(procgym.tasks("graphs/*"))
    code, out, _ = run(capsys, "show", "graphs/shortest_path", "-d", "5", "-s", "7", "-k", "n_nodes=9")
    p = procgym.generate("graphs/shortest_path", seed=7, difficulty=5, n_nodes=9)
    assert code == 0 and p.prompt in out and p.answer in out


def test_unknown_task_and_bad_knob_are_clear_errors(capsys):
    code, _, err = run(capsys, "show", "graphs/shortest_pth")
    assert code == 2 and "did you mean graphs/shortest_path" in err
    code, _, err = run(capsys, "show", "graphs/shortest_path", "-k", "n_nodes=0")
    assert code == 2 and "n_nodes" in err


def test_generate_is_deterministic_and_shards_partition_the_dataset(capsys, tmp_path):
    whole, a, b = (str(tmp_path / f) for f in ("whole.jsonl", "a.jsonl", "b.jsonl"))
    tasks = "graphs/shortest_path,games/m*"  # four tasks, so 20 rows take both levels
    assert run(capsys, "generate", "-t", tasks, "-l", "1,5", "-n", "20", "--out", whole, "-q")[0] == 0
    run(capsys, "generate", "-t", tasks, "-l", "1,5", "-n", "20", "--out", a, "--shard", "0/2", "-q")
    run(capsys, "generate", "-t", tasks, "-l", "1,5", "-n", "20", "--out", b, "--shard", "1/2", "-q")
    rows = [json.loads(x) for x in open(whole)]
    shards = [json.loads(x) for f in (a, b) for x in open(f)]
    assert [r["index"] for r in rows] == list(range(20))
    assert sorted(shards, key=lambda r: r["index"]) == rows
    assert len({r["seed"] for r in rows}) == 20 and {r["difficulty"] for r in rows} == {1, 5}


def test_generate_resumes_after_a_kill_without_duplicates(tmp_path):
    path = str(tmp_path / "d.jsonl")
    reference = str(tmp_path / "ref.jsonl")
    write_jsonl(reference, ["games/tower_of_hanoi", "graphs/shortest_path"], [3], 200, 5, progress=False)
    cmd = [sys.executable, "-c", "import sys; from procgym.cli import main; sys.exit(main(sys.argv[1:]))",
           "generate", "-t", "graphs/shortest_path,games/tower_of_hanoi", "-l", "3", "-n", "200", "--seed", "5",
           "--out", path, "-q"]
    # a kill mid-write leaves a partial last line: simulate one on a finished prefix
    full = open(reference).read().splitlines(keepends=True)
    open(path, "w").write("".join(full[:57]) + full[57][:30])
    subprocess.run(cmd, check=True, capture_output=True)
    assert open(path).read() == open(reference).read()
    # a second run is a no-op; a run with other arguments is refused
    assert subprocess.run(cmd, capture_output=True).returncode == 0
    assert open(path).read() == open(reference).read()
    other = subprocess.run(cmd[:-4] + ["7", "--out", path, "-q"], capture_output=True, text=True)
    assert other.returncode == 2 and "other arguments" in other.stderr


def test_generate_survives_a_real_kill(tmp_path):
    path = tmp_path / "k.jsonl"
    args = ["generate", "-t", "graphs/*", "-l", "1-10", "-n", "3000", "--out", str(path), "-q"]
    code = "import sys; from procgym.cli import main; sys.exit(main(sys.argv[1:]))"
    proc = subprocess.Popen([sys.executable, "-c", code, *args])
    deadline = time.time() + 60
    while time.time() < deadline and (not path.exists() or path.stat().st_size < 20_000):
        time.sleep(0.05)
    proc.kill()
    proc.wait()
    subprocess.run([sys.executable, "-c", code, *args], check=True)
    rows = [json.loads(x) for x in path.open()]
    assert [r["index"] for r in rows] == list(range(3000))


def test_verify_scores_and_reports_malformed_lines(capsys, tmp_path):
    p = procgym.generate("graphs/shortest_path", seed=1, difficulty=3).to_dict()
    lines = [json.dumps({**p, "response": f"<answer>{p['answer']}</answer>"}), "{not json",
             json.dumps({**p, "response": "<answer>Z</answer>"}), json.dumps({"task": "x"}), "[1, 2]",
             json.dumps({**p, "task": "no/such", "response": "x"}), json.dumps({**p, "response": 5})]
    path = tmp_path / "answers.jsonl"
    path.write_text("\n".join(lines) + "\n")
    code, out, err = run(capsys, "verify", str(path))
    verdicts = [json.loads(x) for x in out.splitlines()]
    assert [(v["line"], v["correct"]) for v in verdicts] == [(1, True), (3, False)]
    for n in (2, 4, 5, 6, 7):
        assert f"answers.jsonl:{n}: skipped" in err
    assert code == 1 and "2 responses: 1 correct" in err.replace("scored ", "")


def test_play_in_the_terminal(tmp_path):
    p = procgym.generate("games/tower_of_hanoi", seed=0, difficulty=1)
    moves = "\n".join(["nonsense"] + p.answer.splitlines()) + "\n"
    out = subprocess.run([sys.executable, "-m", "procgym.cli", "play", "games/tower_of_hanoi", "-d", "1", "-s", "0"],
                         input=moves, capture_output=True, text=True, check=True).stdout
    assert "Invalid action" in out and "Solved in" in out


def test_demo_runs_agents_and_writes_a_summary(capsys, tmp_path):
    code, out, _ = run(capsys, "demo", "--agents-only", "--out", str(tmp_path), "--episodes", "1", "--levels", "1",
                       "--tasks", "graphs/shortest_path,games/tower_of_hanoi")
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert code == 0 and "oracle solved 2/2 (100.0%)" in out
    assert {r["task"] for r in summary["tasks"]} == {"graphs/shortest_path", "games/tower_of_hanoi"}
    assert len((tmp_path / "dataset.jsonl").read_text().splitlines()) == 4
