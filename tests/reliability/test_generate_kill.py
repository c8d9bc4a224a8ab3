"""`procgym generate` survives SIGKILL at random moments: rerunning the same command resumes
and the finished file is byte-for-byte the file an uninterrupted run writes (no duplicated,
missing or truncated records)."""
import os
import random
import signal
import subprocess
import sys
import time

import pytest

from procgym import datasets, select

TASKS = "arithmetic/*,strings/*"
N = 3000
SEED = 3


def _command(out):
    return [sys.executable, "-m", "procgym.cli", "generate", "--tasks", TASKS, "-n", str(N), "--seed", str(SEED),
            "--levels", "1-10", "--out", str(out), "--quiet"]


def _size(path) -> int:
    try:
        return os.path.getsize(path)
    except FileNotFoundError:
        return -1


def _run_until(out, threshold: int, timeout: float = 120.0) -> tuple[bool, int]:
    """Start generate; SIGKILL it once the file holds more than `threshold` bytes (-1: as soon as
    it starts, before any record). Returns (killed, size at the kill)."""
    proc = subprocess.Popen(_command(out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            if _size(out) > threshold:
                proc.send_signal(signal.SIGKILL)
                proc.wait()
                return True, _size(out)
            time.sleep(0.002)
        return False, _size(out)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    path = tmp_path_factory.mktemp("ref") / "ref.jsonl"
    datasets.write_jsonl(str(path), select(TASKS), list(range(1, 11)), N, SEED, progress=False)
    return path.read_bytes()


def test_kill_at_random_moments_then_resume(tmp_path, reference):
    out = tmp_path / "data.jsonl"
    rng = random.Random(20261121)
    # kill points: before the first record, then at random sizes spread over the whole file
    thresholds = [-1] + sorted(rng.sample(range(1, len(reference) - 1), 3))
    kills, partial_lines = 0, 0
    for threshold in thresholds:
        if threshold >= 0 and _size(out) > threshold:
            continue  # the previous run already wrote past this point
        killed, size = _run_until(out, threshold)
        if not killed:
            break
        kills += 1
        data = out.read_bytes() if out.exists() else b""
        partial_lines += bool(data) and not data.endswith(b"\n")
        assert reference.startswith(data), "a killed run wrote something the full run would not"
    assert kills >= 2, "the runs finished before they could be killed: raise N"
    done = subprocess.run(_command(out), capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == reference


def test_resume_cuts_a_partial_last_line(tmp_path, reference):
    out = tmp_path / "data.jsonl"
    lines = reference.splitlines(keepends=True)
    out.write_bytes(b"".join(lines[:37]) + lines[37][:25])  # killed in the middle of record 37
    names = select(TASKS)
    written = datasets.write_jsonl(str(out), names, list(range(1, 11)), N, SEED, progress=False)
    assert written == N - 37
    assert out.read_bytes() == reference


def test_resume_refuses_a_file_from_other_arguments(tmp_path, reference):
    out = tmp_path / "data.jsonl"
    out.write_bytes(b"".join(reference.splitlines(keepends=True)[:10]))
    with pytest.raises(ValueError, match="other arguments"):
        datasets.write_jsonl(str(out), select(TASKS), list(range(1, 11)), N, SEED + 1, progress=False)
