"""GRPO's pure functions against hand-computed numbers."""
import copy
import math
from types import SimpleNamespace

import pytest
import torch

from procgym.training import grpo

REWARDS = torch.tensor([1.0, 0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0])


def close(a, b, tol=1e-5):
    return torch.allclose(torch.as_tensor(a, dtype=torch.float32), torch.as_tensor(b, dtype=torch.float32), atol=tol)


def test_group_advantages_group_std():
    # Group 1: mean 1/4, unbiased std sqrt(0.75/3) = 0.5. Group 2: mean 1/2, std sqrt(1/3).
    s = math.sqrt(1 / 3)
    expected = [1.5, -0.5, -0.5, -0.5, 0.5 / s, 0.5 / s, -0.5 / s, -0.5 / s]
    assert close(grpo.group_advantages(REWARDS, 4, "group", eps=0.0), expected)


def test_group_advantages_batch_std_and_none():
    # Batch: 3 ones and 5 zeros; unbiased variance (3 (5/8)^2 + 5 (3/8)^2) / 7 = 120/448.
    s = math.sqrt(120 / 448)
    centred = [0.75, -0.25, -0.25, -0.25, 0.5, 0.5, -0.5, -0.5]
    assert close(grpo.group_advantages(REWARDS, 4, "batch", eps=0.0), [c / s for c in centred])
    assert close(grpo.group_advantages(REWARDS, 4, "none"), centred)


def test_zero_variance_groups_have_zero_advantage_and_are_flagged():
    rewards = torch.tensor([1.0, 1.0, 1.0, 0.0, 0.5, 0.0])
    assert grpo.zero_variance_groups(rewards, 3).tolist() == [True, False]
    assert close(grpo.group_advantages(rewards, 3, "group")[:3], [0, 0, 0])
    with pytest.raises(ValueError, match="groups of 4"):
        grpo.group_advantages(rewards, 4)
    with pytest.raises(ValueError, match="scaling"):
        grpo.group_advantages(rewards, 3, "rank")


def test_clipped_policy_loss_asymmetric_values_and_gradients():
    ratios = torch.tensor([0.7, 1.0, 1.3])
    logp = torch.log(ratios).repeat(2, 1).requires_grad_()
    old = torch.zeros(2, 3)
    adv = torch.tensor([1.0, -1.0])
    loss, clipped = grpo.clipped_policy_loss(logp, old, adv, eps_low=0.2, eps_high=0.28)
    # A=+1: -min(r, clip(r, 0.8, 1.28)) = -[0.7, 1.0, 1.28]; A=-1: -min(-r, -clip) = [0.8, 1.0, 1.3].
    assert close(loss, [[-0.7, -1.0, -1.28], [0.8, 1.0, 1.3]])
    assert clipped.tolist() == [[False, False, True], [True, False, False]]
    loss.sum().backward()
    # d/dlogp of -r*A is -A*r where unclipped; 0 where the clip took over.
    assert close(logp.grad, [[-0.7, -1.0, 0.0], [0.0, 1.0, 1.3]])


def test_per_token_advantages_are_accepted():
    logp = torch.zeros(1, 2)
    loss, _ = grpo.clipped_policy_loss(logp, logp, torch.tensor([[2.0, -1.0]]))
    assert close(loss, [[-2.0, 1.0]])


def test_kl_k3():
    logp, ref = torch.log(torch.tensor([0.5, 0.3])), torch.log(torch.tensor([0.25, 0.3]))
    # delta = ref - logp = log(1/2): exp(delta) - delta - 1 = 0.5 + log 2 - 1.
    assert close(grpo.kl_k3(logp, ref), [0.5 + math.log(2) - 1, 0.0])
    assert (grpo.kl_k3(torch.randn(100), torch.randn(100)) >= 0).all()


PER_TOKEN = torch.tensor([[1.0, 2.0, 3.0, 9.0], [4.0, 9.0, 9.0, 9.0]])
MASK = torch.tensor([[1.0, 1.0, 1.0, 0.0], [1.0, 0.0, 0.0, 0.0]])


@pytest.mark.parametrize("mode,expected", [
    ("seq_mean", (6 / 3 + 4 / 1) / 2),   # mean of per-sequence means (GRPO)
    ("token_mean", (6 + 4) / 4),         # all trained tokens weigh the same (DAPO)
    ("constant", (6 + 4) / (2 * 10)),    # token sum / (sequences * 10) (Dr. GRPO)
])
def test_aggregation_and_micro_batch_shares_add_up(mode, expected):
    full = grpo.aggregate(PER_TOKEN, MASK, mode, num_sequences=2, num_tokens=4, constant=10)
    assert close(full, expected)
    shares = sum(grpo.aggregate(PER_TOKEN[i:i + 1], MASK[i:i + 1], mode, 2, 4, constant=10) for i in range(2))
    assert close(shares, expected)


def test_aggregation_errors():
    with pytest.raises(ValueError, match="positive constant"):
        grpo.aggregate(PER_TOKEN, MASK, "constant", 2, 4, constant=0)
    with pytest.raises(ValueError, match="mode"):
        grpo.aggregate(PER_TOKEN, MASK, "sum", 2, 4)


def test_lr_factor_warmup_then_constant_or_cosine():
    assert [grpo.lr_factor(s, 2, 10) for s in (0, 1, 5)] == [0.5, 1.0, 1.0]
    cosine = [grpo.lr_factor(s, 2, 10, "cosine", 0.1) for s in (0, 1, 2, 6, 10)]
    assert close(cosine, [0.5, 1.0, 1.0, 0.1 + 0.9 * 0.5, 0.1])


def test_clip_gradients_returns_the_norm_before_clipping():
    p = torch.nn.Parameter(torch.zeros(2))
    p.grad = torch.tensor([3.0, 4.0])
    assert grpo.clip_gradients([p], 1.0) == pytest.approx(5.0)
    assert close(p.grad, [0.6, 0.8])
    p.grad = torch.tensor([3.0, 4.0])
    assert grpo.clip_gradients([p], 0.0) == pytest.approx(5.0) and close(p.grad, [3.0, 4.0])


def fake_episodes(n=4, seed=0):
    g = torch.Generator().manual_seed(seed)
    episodes = []
    for i in range(n):
        length = 12 + 5 * i
        ids = torch.randint(5, 100, (length,), generator=g).tolist()
        mask = [0] * 6 + [1] * (length - 6)
        episodes.append(SimpleNamespace(token_ids=ids, loss_mask=mask, attention_mask=[1] * length,
                                        logprobs=[0.0] * length, advantage=float(i) - 1.5))
    return episodes


def grads_of(model, batches, mode, num_sequences, num_tokens, old=None):
    model.zero_grad(set_to_none=True)
    for b in batches:
        logp, _ = grpo.token_logprobs(model, b.input_ids, b.attention_mask)
        old_logp = logp.detach() + 0.05 if old is None else old
        per_token, _ = grpo.clipped_policy_loss(logp, old_logp, b.advantages, 0.2, 0.28)
        grpo.aggregate(per_token, b.mask, mode, num_sequences, num_tokens, constant=32).backward()
    return torch.cat([p.grad.flatten() for p in model.parameters() if p.grad is not None])


@pytest.mark.parametrize("mode", grpo.AGGREGATIONS)
def test_gradient_accumulation_equals_the_full_batch(tiny, mode):
    model = copy.deepcopy(tiny[0]).train()
    episodes = fake_episodes()
    n_tokens = sum(sum(e.loss_mask) for e in episodes)
    full = grads_of(model, [grpo.collate(episodes, 0)], mode, 4, n_tokens)
    micro = grads_of(model, [grpo.collate(c, 0) for c in grpo.micro_batches(episodes, 1)], mode, 4, n_tokens)
    assert full.abs().max() > 0 and torch.allclose(full, micro, atol=1e-6)


def test_gradient_checkpointing_gives_the_same_gradients(tiny):
    episodes = fake_episodes(2)
    batch = grpo.collate(episodes, 0)
    plain = copy.deepcopy(tiny[0]).train()
    checkpointed = copy.deepcopy(tiny[0]).train()
    from procgym.training.trainer import enable_checkpointing

    enable_checkpointing(checkpointed)
    tokens = int(batch.mask.sum())
    assert torch.allclose(grads_of(plain, [batch], "token_mean", 2, tokens),
                          grads_of(checkpointed, [batch], "token_mean", 2, tokens), atol=1e-6)


def test_collate_shifts_masks_onto_targets():
    e = SimpleNamespace(token_ids=[5, 6, 7], loss_mask=[0, 1, 1], attention_mask=[1, 1, 1],
                        logprobs=[0.0, -1.0, -2.0], advantage=0.5)
    short = SimpleNamespace(token_ids=[5, 6], loss_mask=[0, 1], attention_mask=[1, 1], logprobs=[0.0, -3.0],
                            advantage=-0.5)
    b = grpo.collate([e, short], pad_id=0)
    assert b.input_ids.tolist() == [[5, 6, 7], [5, 6, 0]] and b.attention_mask.tolist() == [[1, 1, 1], [1, 1, 0]]
    assert b.mask.tolist() == [[1, 1], [1, 0]] and b.old_logprobs.tolist() == [[-1.0, -2.0], [-3.0, 0.0]]
    assert b.advantages.tolist() == [0.5, -0.5] and len(b) == 2


def test_selective_log_softmax_and_entropy():
    logits = torch.randn(2, 5, 7)
    index = torch.randint(0, 7, (2, 5))
    expected = torch.log_softmax(logits, -1).gather(-1, index.unsqueeze(-1)).squeeze(-1)
    assert torch.allclose(grpo.selective_log_softmax(logits, index), expected, atol=1e-6)
    uniform = torch.zeros(1, 1, 8)
    assert close(grpo.entropy_from_logits(uniform), [[math.log(8)]])
