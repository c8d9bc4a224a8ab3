"""`procgym eval` (leaderboard/runner.py) survives SIGKILL at random moments: rerunning the same
command resumes, and the finished run holds exactly the episodes of an uninterrupted run (no
duplicates, none missing, none truncated), with the same verdicts."""
import json
import os
import random
import signal
import subprocess
import sys
import time

import pytest

pytest.importorskip("procgym.leaderboard.runner")

from procgym.agents import make_agent  # noqa: E402
from procgym.leaderboard.results import evaluate  # noqa: E402

SUITE = "quick-v1"


def _command(results):
    return [sys.executable, "-m", "procgym.cli", "eval", "--agent", "random", "--seed", "0", "--suite", SUITE,
            "--results-dir", str(results), "--name", "r", "--quiet"]


def _episodes(path) -> dict:
    """key -> episode record without its wall-clock field; fails on a duplicated key."""
    out = {}
    for line in open(path, encoding="utf-8"):
        record = json.loads(line)
        if record.get("type") != "episode":
            continue
        assert record["key"] not in out, f"episode {record['key']} recorded twice"
        record.pop("seconds", None)
        out[record["key"]] = record
    return out


def _size(path) -> int:
    try:
        return os.path.getsize(path)
    except FileNotFoundError:
        return -1


def _kill_at(results, threshold: int) -> bool:
    """Start the eval; SIGKILL it once its JSONL passes `threshold` bytes. False if it finished."""
    jsonl = results / SUITE / "r.jsonl"
    proc = subprocess.Popen(_command(results), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 300
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if _size(jsonl) > threshold:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                return True
            time.sleep(0.002)
        return False
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_eval_killed_at_random_moments_resumes_to_the_uninterrupted_result(tmp_path):
    reference_dir = tmp_path / "reference"
    evaluate(make_agent("random", None, seed=0), SUITE, name="r", results_dir=str(reference_dir), progress=False)
    reference = _episodes(reference_dir / SUITE / "r.jsonl")
    size = os.path.getsize(reference_dir / SUITE / "r.jsonl")

    results = tmp_path / "killed"
    rng = random.Random(5)
    kills = 0
    for threshold in sorted(rng.sample(range(500, size - 500), 3)):
        if _size(results / SUITE / "r.jsonl") > threshold:
            continue
        kills += _kill_at(results, threshold)
    assert kills >= 2
    done = subprocess.run(_command(results), capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert _episodes(results / SUITE / "r.jsonl") == reference
    summary = json.load(open(results / SUITE / "r.json"))
    assert summary["episodes"] == len(reference)
