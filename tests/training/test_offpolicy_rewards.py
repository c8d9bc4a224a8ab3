"""Off-policy corrections (importance weights, GSPO, steps_per_generation), reward shaping and
metrics over every played group, against hand-computed values."""
import copy
import math
from types import SimpleNamespace

import pytest
import torch

from procgym.training import grpo, load_config, train
from procgym.training.rewards import overlong_penalty, shape_rewards, shaped_reward

LOG = math.log


def close(a, b, tol=1e-6):
    return torch.allclose(torch.as_tensor(a, dtype=torch.float32), torch.as_tensor(b, dtype=torch.float32), atol=tol)


# trainer - sampler log-prob differences of 2 sequences x 3 positions; the last of row 1 is untrained.
TRAINER = torch.tensor([[LOG(0.5), LOG(0.2), LOG(0.9)], [LOG(0.4), LOG(0.1), 0.0]])
SAMPLER = torch.tensor([[LOG(0.25), LOG(0.4), LOG(0.9)], [LOG(0.1), LOG(0.1), LOG(0.3)]])
MASK = torch.tensor([[1.0, 1.0, 1.0], [1.0, 1.0, 0.0]])


def test_token_importance_weights_truncate_and_mask():
    # rho per token: [0.5/0.25, 0.2/0.4, 1] = [2, 0.5, 1]; [0.4/0.1, 1, (masked) 1] = [4, 1, 1].
    w = grpo.importance_weights(TRAINER, SAMPLER, MASK, "token_truncate", cap=3.0)
    assert close(w, [[2.0, 0.5, 1.0], [3.0, 1.0, 1.0]])
    w = grpo.importance_weights(TRAINER, SAMPLER, MASK, "token_truncate", cap=3.0, floor=0.6)
    assert close(w, [[2.0, 0.6, 1.0], [3.0, 1.0, 1.0]])
    w = grpo.importance_weights(TRAINER, SAMPLER, MASK, "token_mask", cap=3.0, floor=0.6)
    assert close(w, [[2.0, 0.0, 1.0], [0.0, 1.0, 1.0]])


def test_sequence_importance_weights_use_the_product_over_trained_tokens():
    # Row 0: 2 * 0.5 * 1 = 1; row 1: 4 * 1 = 4 (the untrained position does not count).
    w = grpo.importance_weights(TRAINER, SAMPLER, MASK, "sequence_truncate", cap=3.0)
    assert w.shape == (2, 1) and close(w, [[1.0], [3.0]])
    assert close(grpo.importance_weights(TRAINER, SAMPLER, MASK, "sequence_mask", cap=3.0), [[1.0], [0.0]])
    with pytest.raises(ValueError, match="importance sampling mode"):
        grpo.importance_weights(TRAINER, SAMPLER, MASK, "token", cap=3.0)


def test_gspo_sequence_ratio_and_its_clipped_loss():
    logp = torch.tensor([[LOG(0.5), LOG(0.2), LOG(0.9)], [LOG(0.4), LOG(0.1), 0.0]], requires_grad=True)
    old = torch.tensor([[LOG(0.25), LOG(0.4), LOG(0.9)], [LOG(0.2), LOG(0.1), LOG(0.3)]])
    log_ratio = grpo.sequence_log_ratio(logp, old, MASK)
    # Row 0: mean(log 2, log 0.5, 0) = 0, ratio 1; row 1: mean(log 2, 0) = log(2)/2, ratio sqrt 2.
    assert close(log_ratio, [[0.0], [LOG(2) / 2]])
    per_token, clipped = grpo.clipped_policy_loss(log_ratio.expand_as(logp), torch.zeros_like(logp),
                                                  torch.tensor([1.0, 1.0]), 0.2, 0.2)
    # Row 1's ratio 1.414 is clipped at 1.2 for a positive advantage: loss -1.2, no gradient.
    assert close(per_token, [[-1.0] * 3, [-1.2] * 3]) and clipped.tolist() == [[False] * 3, [True] * 3]
    grpo.aggregate(per_token, MASK, "seq_mean", 2, 5).backward()
    # Row 0: d(-ratio)/d logp_t = -ratio / |y| = -1/3 on each trained token; row 1: clipped, 0.
    assert close(logp.grad, [[-1 / 6, -1 / 6, -1 / 6], [0.0, 0.0, 0.0]])


def test_overlong_penalty_and_shaped_rewards():
    assert [overlong_penalty(n, 100, 20) for n in (0, 80, 81, 90, 100, 120)] == [0.0, 0.0, -0.05, -0.5, -1.0, -1.0]
    assert overlong_penalty(100, 100, 0) == 0.0
    cfg = load_config(None, ["max_completion_tokens=100", "overlong_buffer=20", "overlong_weight=0.5",
                             "format_weight=0.25", "reward_weight=2"])
    assert shaped_reward(1.0, True, 90, cfg) == pytest.approx(2.0 + 0.25 - 0.25)
    assert shaped_reward(0.0, False, 10, cfg) == 0.0
    eps = [SimpleNamespace(env_reward=1.0, format_ok=True, turn_tokens=[10, 95], turns=2, reward=None),
           SimpleNamespace(env_reward=1.0, format_ok=True, turn_tokens=[], turns=0, reward=None)]
    shape_rewards(eps, cfg)
    assert eps[0].reward == pytest.approx(2.0 + 0.25 - 0.5 * 0.75) and eps[1].reward == 2.0


def test_format_reward_and_stripped_reasoning_reach_the_trainer(tiny_path, tmp_path, toys, monkeypatch):
    """An episode's format flag follows the answer style after reasoning is stripped; metrics
    report the environment's reward apart from the shaped one."""
    cfg = load_config(None, [f"model={tiny_path}", f"output_dir={tmp_path}", "tasks=toytest/say_letter",
                             "answer_style=tag", "steps=1", "prompts_per_step=1", "group_size=2",
                             "max_completion_tokens=4", "format_weight=0.5", "progress=false", "tensorboard=false",
                             "plots=false", "checkpoint_every=0"])
    metrics = train(cfg)
    # A random 4-token completion never writes <answer>...</answer>: no format reward, and the
    # shaped reward equals the environment's.
    assert metrics["format_ok_frac"] == 0.0 and metrics["reward/mean"] == metrics["reward/env"]


def test_metrics_cover_every_played_group_dropped_ones_included(tiny_path, tmp_path, toys, monkeypatch):
    from procgym.training import trainer

    played = []
    real = trainer.play_groups

    def recording(*args, **kwargs):
        groups, timing = real(*args, **kwargs)
        played.extend(e for g in groups for e in g)
        return groups, timing

    monkeypatch.setattr(trainer, "play_groups", recording)
    cfg = load_config(None, [f"model={tiny_path}", f"output_dir={tmp_path}", "tasks=toytest/say_letter",
                             "answer_style=raw", "steps=1", "prompts_per_step=3", "group_size=2",
                             "max_completion_tokens=3", "drop_zero_variance=true", "max_refill_rounds=2",
                             "progress=false", "tensorboard=false", "plots=false", "checkpoint_every=0"])
    metrics = train(cfg)
    assert metrics["groups/played"] == len(played) // 2 and metrics["groups/played"] >= metrics["groups/kept"]
    assert metrics["groups/played"] > 3  # some groups were dropped and refilled
    assert metrics["reward/mean"] == pytest.approx(sum(e.reward for e in played) / len(played))
    assert metrics["accuracy"] == pytest.approx(sum(e.correct for e in played) / len(played))


# --- steps_per_generation: several optimizer steps on one batch, old log-probs fixed -----------------

def episodes_for(tiny, n=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    eps = []
    for i in range(n):
        length = 10 + 3 * i
        ids = torch.randint(5, 100, (length,), generator=g).tolist()
        eps.append(SimpleNamespace(token_ids=ids, loss_mask=[0] * 5 + [1] * (length - 5), attention_mask=[1] * length,
                                   logprobs=[0.0] * 5 + [-4.6] * (length - 5), advantage=[1.0, -1.0][i % 2]))
    return eps


def run_update(tiny, cfg_args, eps, monkeypatch=None, record=None):
    from procgym.training.trainer import make_optimizer, update_policy

    cfg = load_config(None, cfg_args)
    model = copy.deepcopy(tiny[0])
    optimizer, schedule = make_optimizer(cfg, model)
    if record is not None:
        real = grpo.clipped_policy_loss
        monkeypatch.setattr(grpo, "clipped_policy_loss",
                            lambda logp, old, *a: record.append((logp.detach().clone(), old.clone())) or
                            real(logp, old, *a))
    stats = update_policy(cfg, model, optimizer, schedule, eps, pad_id=0, device=torch.device("cpu"),
                          autocast=lambda: torch.autocast("cpu", enabled=False))
    return model, optimizer, schedule, stats


def test_steps_per_generation_takes_several_steps_against_fixed_old_logprobs(tiny, monkeypatch):
    eps = episodes_for(tiny)
    record = []
    _, optimizer, schedule, stats = run_update(tiny, ["steps_per_generation=2", "micro_batch_size=1",
                                                      "learning_rate=1e-2", "steps=3"], eps, monkeypatch, record)
    assert schedule.last_epoch == 2  # two optimizer steps on one batch
    assert all(int(s["step"]) == 2 for s in optimizer.state.values())
    assert len(record) == 4  # one micro-batch per episode
    sampler = [torch.tensor(e.logprobs[1:]) for e in eps]
    for (_, old), expected in zip(record, sampler):
        assert close(old[0], expected)  # the sampler's log-probs, for both steps
    assert stats["trained_sequences"] == 4 and stats["trained_tokens"] == sum(sum(e.loss_mask) for e in eps)


def test_one_step_per_generation_equals_the_old_single_update(tiny):
    eps = episodes_for(tiny)
    # A large Adam epsilon makes the first step proportional to the gradient (Adam's sign-like
    # step would turn float noise in near-zero gradients into full-size differences).
    a, *_ = run_update(tiny, ["micro_batch_size=2", "learning_rate=1e-2", "adam_epsilon=1"], eps)
    b, *_ = run_update(tiny, ["micro_batch_size=4", "micro_batch_tokens=0", "learning_rate=1e-2", "adam_epsilon=1"],
                       eps)
    moved = [(pa - pt).abs().max() for pa, pt in zip(a.parameters(), tiny[0].parameters())]
    assert max(moved) > 1e-6
    for pa, pb in zip(a.parameters(), b.parameters()):
        assert torch.allclose(pa, pb, atol=1e-8)  # grouping into micro-batches does not change the step


def test_importance_weights_are_applied_and_reported(tiny):
    eps = episodes_for(tiny)
    *_, stats = run_update(tiny, ["importance_sampling=token_truncate", "importance_sampling_cap=2",
                                  "learning_rate=1e-2"], eps)
    # Sampler log-probs of -4.6 against the tiny model's about -4.6: weights near 1, a few above.
    assert 0.5 < stats["is_weight/mean"] <= 2.0 and 0.0 <= stats["is_weight/clipped_frac"] <= 1.0


def test_off_policy_options_together_in_the_trainer(tiny_path, tmp_path, toys):
    cfg = load_config(None, [f"model={tiny_path}", f"output_dir={tmp_path}", "tasks=toytest/say_letter",
                             "answer_style=raw", "steps=2", "prompts_per_step=2", "group_size=4",
                             "max_completion_tokens=6", "steps_per_generation=2", "epochs_per_batch=2",
                             "ratio_level=sequence", "epsilon_low=3e-4", "epsilon_high=4e-4",
                             "importance_sampling=sequence_mask", "micro_batch_tokens=64", "top_k=50",
                             "overlong_buffer=2", "format_weight=0.1", "learning_rate=1e-3", "lr_schedule=cosine",
                             "progress=false", "tensorboard=false", "plots=false", "checkpoint_every=0"])
    train(cfg)
    from procgym.training.metrics import read_metrics

    records = read_metrics(tmp_path / "metrics.jsonl")
    assert len(records) == 2 and all(math.isfinite(r["loss"]) for r in records)
    assert all(0 <= r["is_weight/mean"] and 0 <= r["is_weight/clipped_frac"] <= 1 for r in records)
    # 2 steps x 2 slices x 2 epochs = 8 optimizer steps on the cosine schedule: at its end, lr 0.
    assert records[-1]["lr"] < 1e-3
