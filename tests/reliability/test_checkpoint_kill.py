"""Trainer checkpoints survive SIGKILL at random moments of a save (and of the pruning after
it): the newest checkpoint found afterwards is complete, verified against its manifest, at least
as new as the last save reported finished, and loads; a damaged one is reported and skipped."""
import importlib.util
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import pytest

if importlib.util.find_spec("torch") is None:
    pytest.skip("checkpoints need the train extra (torch)", allow_module_level=True)

from procgym.training import checkpoint as ck  # noqa: E402

# A child that saves a checkpoint per step forever (keep=2, so pruning runs too), printing each
# finished step. Its "model" writes a few MB so that a save takes long enough to be killed inside.
CHILD = textwrap.dedent("""
    import os, sys
    import torch
    torch.set_num_threads(1)
    from procgym.training.checkpoint import save_checkpoint

    class Model:
        def __init__(self, step):
            self.weights = torch.full((512, 1024), float(step))
        def save_pretrained(self, folder):
            os.makedirs(folder, exist_ok=True)
            torch.save({"w": self.weights}, os.path.join(folder, "weights.pt"))
            with open(os.path.join(folder, "config.json"), "w") as f:
                f.write('{"step": %d}' % int(self.weights[0, 0]))

    run, start = sys.argv[1], int(sys.argv[2])
    for step in range(start, start + 10_000):
        save_checkpoint(run, step, model=Model(step), state={"marker": step}, keep=2)
        print(step, flush=True)
""")


def _kill_after(run, start: int, saves: int, delay: float) -> int:
    """Run the child from `start`, SIGKILL it `delay` seconds after its `saves`-th finished save;
    returns the last step it reported finished."""
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(run), str(start)], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    last = start - 1
    try:
        for _ in range(saves):
            line = proc.stdout.readline()
            assert line, "the child died before saving"
            last = int(line)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        last = max([last] + [int(x) for x in proc.stdout.read().split()])
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return last


def _check_intact(path, step):
    import torch

    assert ck.verify_checkpoint(path) is None
    state = ck.load_checkpoint_state(path, restore_rngs=True)
    assert state["step"] == step and state["marker"] == step
    weights = torch.load(os.path.join(path, "model", "weights.pt"), weights_only=True)["w"]
    assert float(weights[0, 0]) == step and float(weights[-1, -1]) == step


def test_kill_during_saves_then_resume(tmp_path):
    rng = random.Random(11)
    start, rounds = 1, 0
    for _ in range(4):
        reported = _kill_after(tmp_path, start, saves=rng.randint(1, 2), delay=rng.uniform(0.0, 0.08))
        reports = []
        found = ck.latest_checkpoint(tmp_path, report=reports.append)
        assert found is not None
        step = int(os.path.basename(found).split("_")[1])
        assert step >= reported, "a save reported finished was lost"
        assert reports == [], f"a kill left a damaged step folder: {reports}"
        _check_intact(found, step)
        assert len(ck.list_checkpoints(tmp_path)) <= 3  # keep=2, plus one being written when killed
        start, rounds = step + 1, rounds + 1
    assert rounds == 4


class _Model:
    """The child's model, in this process: a few MB of weights set to the step."""

    def __init__(self, step):
        import torch

        self.weights = torch.full((64, 64), float(step))

    def save_pretrained(self, folder):
        import torch

        os.makedirs(folder, exist_ok=True)
        torch.save({"w": self.weights}, os.path.join(folder, "weights.pt"))


@pytest.mark.parametrize("damage", ["truncate", "manifest_lists_nothing", "manifest_malformed", "manifest_escapes"])
def test_damaged_checkpoint_is_reported_and_the_previous_one_used(tmp_path, damage):
    for step in (1, 2):
        ck.save_checkpoint(tmp_path, step, model=_Model(step), state={"marker": step})
    (newest_step, newest), (older_step, older) = ck.list_checkpoints(tmp_path)
    manifest = os.path.join(newest, ck.MANIFEST)
    if damage == "truncate":
        weights = os.path.join(newest, "model", "weights.pt")
        with open(weights, "r+b") as f:
            f.truncate(100)
        reason = "model/weights.pt has 100 bytes"
    elif damage == "manifest_lists_nothing":
        json.dump({"files": {}}, open(manifest, "w"))
        reason = "does not list state.json"
    elif damage == "manifest_malformed":
        json.dump({"files": {"state.json": "abc"}}, open(manifest, "w"))
        reason = "malformed manifest"
    else:
        files = json.load(open(manifest))["files"]
        files["../../outside"] = {"size": 1, "sha256": "0" * 64}
        json.dump({"files": files}, open(manifest, "w"))
        reason = "outside the checkpoint"
    reports = []
    assert ck.latest_checkpoint(tmp_path, report=reports.append) == older
    assert len(reports) == 1 and reason in reports[0] and "falling back" in reports[0]
    _check_intact(older, older_step)
