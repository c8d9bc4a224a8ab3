"""Data-parallel training: 2 CPU processes (gloo) on a split batch take the same step as one
process on the whole batch.

Tolerance: the losses agree to 1e-6 (relative) and every parameter to 1e-6 (absolute) after two
optimizer steps; the only differences are float summation orders (gradients summed over ranks
rather than accumulated in one process). Adam runs with epsilon 1 so that its first steps are
proportional to the gradient: with the default epsilon a near-zero gradient's sign, float noise,
would decide a full-size step either way.
"""
import os
import socket
import subprocess
import sys

import pytest
import torch

RUNNER = os.path.join(os.path.dirname(__file__), "run_ddp_update.py")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def launch(world: int, model: str, out: str) -> None:
    port = str(free_port())
    procs = []
    for rank in range(world):
        env = dict(os.environ, WORLD_SIZE=str(world), RANK=str(rank), LOCAL_RANK=str(rank), MASTER_ADDR="127.0.0.1",
                   MASTER_PORT=port, OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
        procs.append(subprocess.Popen([sys.executable, RUNNER, model, out], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True))
    for p in procs:
        _, err = p.communicate(timeout=240)
        assert p.returncode == 0, err[-3000:]


@pytest.mark.skipif(not torch.distributed.is_available(), reason="torch.distributed is not available")
def test_two_gloo_processes_take_the_same_step_as_one(tiny_path, tmp_path):
    import run_ddp_update

    run_ddp_update.main(tiny_path, str(tmp_path / "one.pt"))  # one process: this one
    launch(2, tiny_path, str(tmp_path / "two.pt"))
    one, two = torch.load(tmp_path / "one.pt"), torch.load(tmp_path / "two.pt")
    for a, b in zip(one["stats"], two["stats"]):
        assert (a["trained_sequences"], a["trained_tokens"]) == (b["trained_sequences"], b["trained_tokens"]) == (6, a[
            "trained_tokens"])
        assert b["loss"] == pytest.approx(a["loss"], rel=1e-6, abs=1e-9)
        assert b["grad_norm"] == pytest.approx(a["grad_norm"], rel=1e-5)
        assert b["entropy"] == pytest.approx(a["entropy"], rel=1e-6)
    moved = max((one["params"][n] - p).abs().max().item() for n, p in _base(tiny_path).items())
    assert moved > 1e-4  # the step is real
    worst = max((one["params"][n] - two["params"][n]).abs().max().item() for n in one["params"])
    print(f"largest parameter difference {worst:.3g}, loss difference "
          f"{max(abs(a['loss'] - b['loss']) for a, b in zip(one['stats'], two['stats'])):.3g}")
    assert worst < 1e-6, worst


def _base(path):
    from transformers import AutoModelForCausalLM

    return {n: p.detach() for n, p in AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32).named_parameters()}
