"""Data-parallel training: 2 CPU processes (gloo) on a split batch take the same step as one
process on the whole batch, with full replicas (ddp) and with the model sharded by FSDP2 (fsdp).

Tolerance: the losses agree to 1e-6 (relative) and every parameter to 1e-6 (absolute) after two
optimizer steps; the only differences are float summation orders (gradients summed over ranks
rather than accumulated in one process). Adam runs with epsilon 1 so that its first steps are
proportional to the gradient: with the default epsilon a near-zero gradient's sign, float noise,
would decide a full-size step either way.

FSDP2 (torch 2.13 fully_shard) runs on CPU with gloo: the blocks' all-gathers and reduce-scatters
are gloo collectives. Same tolerances; its micro-batches are also capped by tokens so the ranks run
2 and 3 of them (the rank with fewer runs an idle one).
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


def launch(world: int, *args: str, runner: str = RUNNER) -> list[str]:
    """Run `runner` in `world` processes (gloo, one thread each); returns their stdout."""
    port = str(free_port())
    procs = []
    for rank in range(world):
        env = dict(os.environ, WORLD_SIZE=str(world), RANK=str(rank), LOCAL_RANK=str(rank), MASTER_ADDR="127.0.0.1",
                   MASTER_PORT=port, OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
        procs.append(subprocess.Popen([sys.executable, runner, *args], env=env, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True, cwd=os.path.dirname(runner)))
    outs = []
    for p in procs:
        out, err = p.communicate(timeout=300)
        assert p.returncode == 0, err[-3000:]
        outs.append(out + err)
    return outs


@pytest.mark.skipif(not torch.distributed.is_available(), reason="torch.distributed is not available")
@pytest.mark.parametrize("parallelism", ["ddp", "fsdp"])
def test_two_gloo_processes_take_the_same_step_as_one(tiny_path, tmp_path, parallelism):
    import run_ddp_update

    run_ddp_update.main(tiny_path, str(tmp_path / "one.pt"), parallelism)  # one process: this one
    launch(2, tiny_path, str(tmp_path / "two.pt"), parallelism)
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
    print(f"{parallelism}: largest parameter difference {worst:.3g}, loss difference "
          f"{max(abs(a['loss'] - b['loss']) for a, b in zip(one['stats'], two['stats'])):.3g}")
    assert worst < 1e-6, worst


def _base(path):
    from transformers import AutoModelForCausalLM

    return {n: p.detach() for n, p in AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32).named_parameters()}


TRAINER = os.path.join(os.path.dirname(__file__), "run_toy_training.py")


@pytest.mark.skipif(not torch.distributed.is_available(), reason="torch.distributed is not available")
def test_fsdp_training_checkpoints_and_resumes(tiny_path, tmp_path):
    """Two FSDP processes train (multi-turn episodes sampled with model.generate on the gathered
    weights, ranks ending after different numbers of turns; evaluation too), checkpoint every
    step in the single-process format, and a run resumed from step 1 replays step 2 exactly."""
    import shutil

    from safetensors.torch import load_file
    from transformers import AutoModelForCausalLM

    from procgym.training.metrics import read_metrics

    run = tmp_path / "run"
    args = [f"model={tiny_path}", f"output_dir={run}", "parallelism=fsdp", "tasks=toytest/say_letter",
            "answer_style=raw", "max_turns=2", "steps=2", "prompts_per_step=4", "group_size=2", "micro_batch_size=2",
            "max_completion_tokens=6", "learning_rate=1e-2", "checkpoint_every=1", "keep_checkpoints=3",
            "eval_every=2", "eval_problems=3", "cpu_threads=1", "progress=false", "tensorboard=false", "plots=false"]
    launch(2, *args, runner=TRAINER)
    first = read_metrics(run / "metrics.jsonl")
    assert [r["step"] for r in first] == [0, 1, 2] and "eval/accuracy" in first[-1]
    assert {r["turns/mean"] > 1 for r in first[1:]} == {True}  # wrong answers were retried
    step2 = run / "checkpoints" / "step_00000002"
    saved = {"model": load_file(step2 / "model" / "model.safetensors"),
             "optimizer": torch.load(step2 / "optimizer.pt", weights_only=True)}

    # The checkpoint is an ordinary one: the model loads whole, the optimizer state fits a plain AdamW.
    plain = AutoModelForCausalLM.from_pretrained(step2 / "model")
    optimizer = torch.optim.AdamW(plain.parameters())
    optimizer.load_state_dict(saved["optimizer"])
    assert all(optimizer.state[p]["exp_avg"].shape == p.shape for p in plain.parameters())

    shutil.rmtree(step2)
    outs = launch(2, *args, runner=TRAINER)
    assert any("resuming from" in out and "step_00000001" in out for out in outs)
    again = read_metrics(run / "metrics.jsonl")
    assert [r["step"] for r in again] == [0, 1, 2]
    for key in ("batch_hash", "loss", "grad_norm", "reward/mean", "eval/accuracy"):
        assert again[-1][key] == first[-1][key], key
    resumed = load_file(step2 / "model" / "model.safetensors")
    assert all(torch.equal(resumed[n], t) for n, t in saved["model"].items())
    state = torch.load(step2 / "optimizer.pt", weights_only=True)["state"]
    assert all(torch.equal(state[i]["exp_avg"], s["exp_avg"]) for i, s in saved["optimizer"]["state"].items())
