"""A run killed with SIGKILL and resumed continues from its last checkpoint and produces exactly the
batches, losses and final weights of an uninterrupted run."""
import os
import signal
import subprocess
import sys

import pytest
import torch

from procgym.training.metrics import read_metrics

RUNNER = os.path.join(os.path.dirname(__file__), "run_toy_training.py")
DETERMINISTIC = ("batch_hash", "loss", "grad_norm", "reward/mean", "advantage/std", "entropy", "lr",
                 "trained_tokens", "completion_tokens/mean")


def start(config, run_dir, pause=0):
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONHASHSEED="0")
    env.pop("PROCGYM_TEST_PAUSE_AFTER_STEP", None)
    if pause:
        env["PROCGYM_TEST_PAUSE_AFTER_STEP"] = str(pause)
    return subprocess.Popen([sys.executable, RUNNER, "--config", str(config), f"output_dir={run_dir}"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def finish(proc):
    out, err = proc.communicate(timeout=240)
    assert proc.returncode == 0, err[-3000:]
    return err


def final_weights(run_dir):
    from safetensors.torch import load_file

    return load_file(os.path.join(run_dir, "checkpoints", "step_00000006", "model", "model.safetensors"))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_then_resume_matches_an_uninterrupted_run(tiny_path, tmp_path):
    config = tmp_path / "run.toml"
    config.write_text("\n".join([
        f'model = "{tiny_path}"', 'tasks = ["toytest/say_letter"]', 'answer_style = "raw"', "steps = 6",
        "checkpoint_every = 2", "keep_checkpoints = 3", "prompts_per_step = 2", "group_size = 4",
        "micro_batch_size = 4", "max_completion_tokens = 8", "learning_rate = 3e-3", "cpu_threads = 1",
        'lr_schedule = "cosine"', "warmup_steps = 1", "progress = false", "tensorboard = false", "plots = false"]))
    straight, killed = tmp_path / "straight", tmp_path / "killed"
    reference = start(config, straight)

    victim = start(config, killed, pause=3)  # step 3 is logged, step 4's checkpoint is not written yet
    assert victim.stdout.readline().strip() == "logged 3", victim.stderr.read()[-3000:]
    victim.send_signal(signal.SIGKILL)
    victim.communicate(timeout=60)
    assert victim.returncode == -signal.SIGKILL
    assert sorted(os.listdir(killed / "checkpoints")) == ["step_00000002"]
    assert [r["step"] for r in read_metrics(killed / "metrics.jsonl")] == [1, 2, 3]

    err = finish(start(config, killed))
    assert "resuming from" in err and "step_00000002" in err
    finish(reference)

    a, b = read_metrics(straight / "metrics.jsonl"), read_metrics(killed / "metrics.jsonl")
    assert [r["step"] for r in b] == [1, 2, 3, 4, 5, 6]  # step 3 was redone, not duplicated
    for ra, rb in zip(a, b):
        assert {k: ra[k] for k in DETERMINISTIC} == {k: rb[k] for k in DETERMINISTIC}, ra["step"]
    assert len({r["batch_hash"] for r in a}) == 6  # the batches really differ from step to step
    wa, wb = final_weights(straight), final_weights(killed)
    assert wa.keys() == wb.keys() and all(torch.equal(wa[k], wb[k]) for k in wa)
