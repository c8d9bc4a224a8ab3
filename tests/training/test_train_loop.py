"""Short end-to-end runs of the trainer on the tiny model, plus SFT, curriculum and metrics."""
import json
import math
import os

import pytest
import torch

from procgym.training import load_config, train
from procgym.training.checkpoint import latest_checkpoint
from procgym.training.metrics import keep_steps_up_to, plot_curves, read_metrics

BASE = ["tasks=toytest/say_letter", "answer_style=raw", "prompts_per_step=2", "group_size=4", "micro_batch_size=3",
        "max_completion_tokens=8", "learning_rate=3e-3", "progress=false", "max_turns=1"]


def weights(path):
    from transformers import AutoModelForCausalLM

    return {n: p.detach().clone() for n, p in AutoModelForCausalLM.from_pretrained(path).named_parameters()}


def test_cli_training_run_changes_weights_and_logs(tiny_path, tmp_path, toys):
    from procgym.cli import main

    config = tmp_path / "run.toml"
    config.write_text(f'model = "{tiny_path}"\noutput_dir = "{tmp_path / "run"}"\nsteps = 3\ncheckpoint_every = 2\n'
                      '[loss]\nloss_aggregation = "seq_mean"\nadvantage_scaling = "group"\n')
    assert main(["train", "--config", str(config), *BASE]) == 0
    run = tmp_path / "run"
    records = read_metrics(run / "metrics.jsonl")
    assert [r["step"] for r in records] == [1, 2, 3]
    for r in records:
        assert math.isfinite(r["loss"]) and math.isfinite(r["grad_norm"]) and r["trained_sequences"] == 8
        assert r["logprob_mismatch"] < 1e-4  # the sampler's log-probs are the trainer's
        assert {"accuracy/category/toytest", "accuracy/level/1", "advantage/std", "groups/zero_variance_frac",
                "entropy", "completion_tokens/mean", "tokens_per_s", "time/generation", "time/scoring",
                "time/optimisation", "curriculum/mean_reward/toytest/say_letter"} <= set(r)
    assert any(r["grad_norm"] > 0 for r in records)  # some group had reward variance
    final = latest_checkpoint(run)
    assert final.endswith("step_00000003")
    before, after = weights(tiny_path), weights(os.path.join(final, "model"))
    assert any(not torch.equal(before[n], after[n]) for n in before)
    assert os.listdir(run / "tensorboard") if _has("tensorboard") else True
    assert (run / "plots" / "reward_mean.png").exists() if _has("matplotlib") else True


def _has(module):
    import importlib.util

    return importlib.util.find_spec(module) is not None


def test_grpo_learns_the_toy_task(tiny_path, tmp_path, toys):
    """The loss has the right sign: on a task the random model solves a quarter of the time, the
    reward climbs within a few dozen steps."""
    cfg = load_config(None, BASE + [f"model={tiny_path}", f"output_dir={tmp_path}", "steps=30", "prompts_per_step=4",
                                    "group_size=8", "micro_batch_size=16", "learning_rate=5e-3", "checkpoint_every=0",
                                    "loss_aggregation=token_mean", "tensorboard=false", "plots=false"])
    train(cfg)
    rewards = [r["reward/mean"] for r in read_metrics(tmp_path / "metrics.jsonl")]
    assert sum(rewards[-10:]) / 10 > sum(rewards[:10]) / 10 + 0.15, rewards


def test_every_loss_option_together_stays_finite(tiny_path, tmp_path, toys):
    cfg = load_config(None, BASE + [
        f"model={tiny_path}", f"output_dir={tmp_path}", "steps=2", "loss_aggregation=constant", "loss_constant=16",
        "advantage_scaling=batch", "kl_beta=0.1", "drop_zero_variance=true", "max_refill_rounds=1",
        "epochs_per_batch=2", "old_logprobs=recompute", "gradient_checkpointing=true",
        "epsilon_high=0.28", "lr_schedule=cosine", "warmup_steps=1", "max_turns=2", "feedback=binary",
        "difficulty=1-2", "tensorboard=false", "plots=false", "system_prompt=Be brief."])
    metrics = train(cfg)
    records = read_metrics(tmp_path / "metrics.jsonl")
    assert len(records) == 2 and all(math.isfinite(r["loss"]) and math.isfinite(r["kl"]) for r in records)
    assert metrics["groups/kept"] <= 2 and all(r["trained_sequences"] > 0 for r in records)
    assert records[1]["kl"] > 0  # the policy moved away from the reference in step 1
    # Dropped zero-variance groups are refilled: whatever was kept has reward variance.
    assert all(r["advantage/std"] > 0 or r["groups/kept"] == 0 for r in records)
    assert records[-1]["lr"] < 3e-3 or records[-1]["trained_sequences"] == 0  # warmup, then cosine decay


def test_lora_training_changes_only_adapters_and_resumes(tiny_path, tmp_path, toys):
    pytest.importorskip("peft")
    args = BASE + [f"model={tiny_path}", f"output_dir={tmp_path}", "lora_r=4", "kl_beta=0.05", "steps=1",
                   "tensorboard=false", "plots=false", "learning_rate=5e-2"]
    train(load_config(None, args))
    ckpt = latest_checkpoint(tmp_path)
    assert "adapter_config.json" in os.listdir(os.path.join(ckpt, "model"))
    from peft import PeftModel
    from transformers import AutoModelForCausalLM

    merged = PeftModel.from_pretrained(AutoModelForCausalLM.from_pretrained(tiny_path),
                                       os.path.join(ckpt, "model")).merge_and_unload()
    base = weights(tiny_path)
    changed = {n for n, p in merged.named_parameters() if not torch.equal(base[n], p)}
    assert changed and all(("q_proj" in n or "k_proj" in n or "v_proj" in n or "o_proj" in n) for n in changed)
    metrics = train(load_config(None, [a for a in args if not a.startswith("steps=")] + ["steps=2"]))
    assert math.isfinite(metrics["loss"]) and latest_checkpoint(tmp_path).endswith("step_00000002")


def test_mask_truncated_clears_only_truncated_episodes():
    from types import SimpleNamespace

    from procgym.training.grpo import mask_truncated

    eps = [SimpleNamespace(truncated=t, loss_mask=[0, 1, 1]) for t in (True, False)]
    assert mask_truncated(eps) == 1 and [e.loss_mask for e in eps] == [[0, 0, 0], [0, 1, 1]]


def test_sft_warm_start_trains_only_the_answer(tiny, toys):
    import copy

    from procgym.registry import get
    from procgym.training.rollout import ChatRenderer
    from procgym.training.sft import encode_example, sft_examples, sft_warm_start

    model, tok = copy.deepcopy(tiny[0]), tiny[1]
    problems = [get("toytest/say_letter").generate(seed=s, answer_style="raw") for s in range(16)]
    examples = sft_examples(problems)
    assert examples[0] == (problems[0].prompt, problems[0].answer)
    ids, mask = encode_example(ChatRenderer(tok), *examples[0])
    answer = [t for t, m in zip(ids, mask) if m]
    assert tok.decode(answer) == problems[0].answer + "<|im_end|>" and mask[-len(answer):] == [1] * len(answer)
    losses = sft_warm_start(model, tok, examples, epochs=3, lr=3e-3, batch_size=8)
    assert len(losses) == 6 and losses[-1] < losses[0]


def test_uniform_scheduler_is_seeded_and_resumable():
    from procgym.training.curriculum import UniformScheduler, make_scheduler

    a = UniformScheduler(["x/a", "x/b"], [2, 3], seed=1)
    first = a.sample(5)
    assert all(t in ("x/a", "x/b") and lv in (2, 3) for t, lv in first)
    assert UniformScheduler(["x/a", "x/b"], [2, 3], seed=1).sample(5) == first
    a.observe([{"task": "x/a", "difficulty": 2, "rewards": [1.0, 0.0], "advantages": [0.7, -0.7]}])
    state = json.loads(json.dumps(a.state_dict()))  # checkpoints store it as JSON
    b = make_scheduler("uniform", ["x/a", "x/b"], [2, 3], seed=99)
    b.load_state_dict(state)
    assert b.sample(7) == a.sample(7) and b.metrics() == {"curriculum/mean_reward/x/a": 0.5}
    assert {lv for _, lv in UniformScheduler(["x/a"], None, 0).sample(200)} == set(range(1, 11))


def test_metrics_log_is_cut_back_on_resume_and_plotted(tmp_path):
    path = tmp_path / "metrics.jsonl"
    lines = [json.dumps({"step": s, "reward/mean": s / 10}) + "\n" for s in range(1, 6)]
    path.write_text("".join(lines) + '{"step": 6, "rew')  # a line cut by a kill
    keep_steps_up_to(str(path), 3)
    assert [r["step"] for r in read_metrics(path)] == [1, 2, 3]
    if _has("matplotlib"):
        assert [os.path.basename(p) for p in plot_curves(str(tmp_path))] == ["reward_mean.png"]
