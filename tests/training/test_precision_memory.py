"""Precision (fp32 master weights, explicit dtypes, autocast) and memory (log-probs only at model
tokens, the LM head a chunk at a time, a sampler that keeps no per-step logits, token-budget
micro-batches): exact behaviour only; peak memory and speed are measured in bench/trainer_memory.py."""
import copy
import os

import pytest
import torch

from procgym.training import grpo, load_config, train
from procgym.training.checkpoint import latest_checkpoint

BASE = ["tasks=toytest/say_letter", "answer_style=raw", "max_turns=1", "max_completion_tokens=8", "progress=false",
        "tensorboard=false", "plots=false", "checkpoint_every=0"]


@pytest.fixture(scope="module")
def bf16_path(tmp_path_factory):
    """The tiny model saved in bfloat16, as released checkpoints are."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from procgym.training.tiny import build_tiny_model

    fp32 = build_tiny_model(tmp_path_factory.mktemp("fp32") / "model", seed=0)
    path = tmp_path_factory.mktemp("bf16") / "model"
    AutoModelForCausalLM.from_pretrained(fp32, dtype=torch.float32).to(torch.bfloat16).save_pretrained(path)
    AutoTokenizer.from_pretrained(fp32).save_pretrained(path)
    return str(path)


def saved_weights(path):
    from safetensors.torch import load_file

    return load_file(os.path.join(path, "model.safetensors"))


def one_step(path, out, dtype):
    cfg = load_config(None, BASE + [f"model={path}", f"output_dir={out}", "steps=1", "prompts_per_step=2",
                                    "group_size=8", "micro_batch_size=16", "learning_rate=1e-6", "weight_decay=0",
                                    f"model_dtype={dtype}"])
    metrics = train(cfg)
    assert metrics["grad_norm"] > 0  # some group had reward variance: there was a gradient
    return saved_weights(os.path.join(latest_checkpoint(out), "model"))


def test_a_bf16_checkpoint_trains_in_fp32_and_one_small_step_moves_every_tensor(bf16_path, tmp_path, toys):
    from procgym.training.trainer import load_policy

    cfg = load_config(None, BASE + [f"model={bf16_path}"])
    policy = load_policy(cfg, bf16_path, None, torch.device("cpu"))
    assert {p.dtype for p in policy.parameters()} == {torch.float32}  # fp32 master weights, not the file's bf16

    base = {k: v.float() for k, v in saved_weights(bf16_path).items()}
    after = one_step(bf16_path, tmp_path / "fp32", "auto")
    assert set(after) == set(base) and all(v.dtype == torch.float32 for v in after.values())
    unchanged = [k for k in base if torch.equal(base[k], after[k])]
    assert unchanged == []  # lr 1e-6 moves every parameter tensor
    changed = sum(int((base[k] != after[k]).sum()) for k in base) / sum(v.numel() for v in base.values())
    assert changed > 0.9

    # The failure this prevents: AdamW on bf16 weights rounds most of a 1e-6 update away.
    bf16_after = one_step(bf16_path, tmp_path / "bf16", "bfloat16")
    assert all(v.dtype == torch.bfloat16 for v in bf16_after.values())
    changed_bf16 = sum(int((base[k] != bf16_after[k].float()).sum()) for k in base) / sum(
        v.numel() for v in base.values())
    assert changed_bf16 < 0.2 < changed


def test_every_from_pretrained_gets_an_explicit_dtype(tiny_path, monkeypatch):
    from transformers import AutoModelForCausalLM

    from procgym.training import trainer

    seen = []
    real = AutoModelForCausalLM.from_pretrained.__func__

    def spy(cls, *args, **kwargs):
        seen.append(kwargs.get("dtype"))
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(AutoModelForCausalLM, "from_pretrained", classmethod(spy))
    cfg = load_config(None, [f"model={tiny_path}", "kl_beta=0.1"])
    cpu = torch.device("cpu")
    trainer.load_policy(cfg, tiny_path, None, cpu)
    trainer.load_reference(cfg, tiny_path, cpu)
    assert seen == [torch.float32, torch.float32]
    # The dtype rule: fp32 masters for full fine-tuning; a bf16 frozen base only for LoRA on a GPU.
    cuda = torch.device("cuda")
    assert trainer.weights_dtype(cfg, cuda) == torch.float32
    assert trainer.weights_dtype(load_config(None, ["lora_r=4"]), cuda) == torch.bfloat16
    assert trainer.weights_dtype(load_config(None, ["lora_r=4"]), cpu) == torch.float32
    assert trainer.weights_dtype(load_config(None, ["model_dtype=float16"]), cpu) == torch.float16
    assert trainer.autocast_dtype(cfg, cpu) is None and trainer.autocast_dtype(cfg, cuda) == torch.bfloat16
    assert trainer.autocast_dtype(load_config(None, ["bf16=false"]), cuda) is None


# --- log-probs at model tokens only, the head a chunk at a time --------------------------------------

def reference_logprobs(model, ids, attention, temperature=1.0):
    logits = model(input_ids=ids, attention_mask=attention).logits[:, :-1].float() / temperature
    logp = torch.log_softmax(logits, -1)
    return logp.gather(-1, ids[:, 1:, None]).squeeze(-1), -(logp.exp() * logp).sum(-1)


def a_batch(vocab, seed=0):
    g = torch.Generator().manual_seed(seed)
    ids = torch.randint(5, vocab, (3, 14), generator=g)
    attention = torch.ones_like(ids)
    attention[2, 10:] = 0
    mask = torch.zeros(3, 13)
    mask[0, 6:] = 1
    mask[1, [3, 4, 9, 10, 11]] = 1  # two separate model turns
    mask[2, 5:9] = 1
    return ids, attention, mask


@pytest.mark.parametrize("chunk", [1, 3, 1000])
def test_token_logprobs_match_full_logits_in_value_and_gradient(tiny, chunk):
    model = copy.deepcopy(tiny[0]).train()
    ids, attention, mask = a_batch(model.config.vocab_size)
    logp, entropy = grpo.token_logprobs(model, ids, attention, 0.7, with_entropy=True, mask=mask, chunk_tokens=chunk)
    ref_logp, ref_entropy = reference_logprobs(model, ids, attention, 0.7)
    assert torch.allclose(logp, ref_logp * mask, atol=1e-5)
    assert torch.allclose(entropy, ref_entropy * mask, atol=1e-5)
    assert (logp[mask == 0] == 0).all() and (entropy[mask == 0] == 0).all()
    weights = torch.randn(mask.shape, generator=torch.Generator().manual_seed(1))
    grads = torch.autograd.grad((logp * weights).sum(), list(model.parameters()))
    ref_grads = torch.autograd.grad((ref_logp * mask * weights).sum(), list(model.parameters()))
    for g, r in zip(grads, ref_grads):
        assert torch.allclose(g, r, atol=1e-5)


def test_only_model_token_positions_reach_the_head_and_never_more_than_a_chunk(tiny, monkeypatch):
    model = copy.deepcopy(tiny[0]).train()
    ids, attention, mask = a_batch(model.config.vocab_size)
    rows = []
    real = grpo._head_logits

    def spy(hidden, *args):
        rows.append(hidden.shape[0])
        return real(hidden, *args)

    monkeypatch.setattr(grpo, "_head_logits", spy)
    logp, _ = grpo.token_logprobs(model, ids, attention, mask=mask, chunk_tokens=4)
    forward = list(rows)
    assert sum(forward) == int(mask.sum()) == 16 and max(forward) == 4  # not 3 x 13 positions
    logp.sum().backward()
    assert rows[len(forward):] == forward  # the backward pass recomputes the same chunks, nothing more
    assert grpo.chunk_rows(151_936) == (1 << 24) // 151_936 and grpo.chunk_rows(100) == (1 << 24) // 100
    assert grpo.chunk_rows(151_936, device_type="cuda") == (1 << 26) // 151_936 and grpo.chunk_rows(10, 7) == 7


def test_fp32_head_under_bf16_autocast(tiny):
    model = copy.deepcopy(tiny[0]).eval()  # safe: torch inference mode, not Python eval
    ids, attention, mask = a_batch(model.config.vocab_size)
    with torch.no_grad():
        exact, _ = grpo.token_logprobs(model, ids, attention, mask=mask)
        hidden = torch.zeros(2, 3)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            assert grpo.head_compute_dtype(hidden, model.lm_head.weight, fp32_head=False) == torch.bfloat16
            assert grpo.head_compute_dtype(hidden, model.lm_head.weight, fp32_head=True) == torch.float32
            half, _ = grpo.token_logprobs(model, ids, attention, mask=mask)
            # The body still runs in bf16; only the head is fp32: closer to exact than the bf16 head.
            full_head, _ = grpo.token_logprobs(model, ids, attention, mask=mask, fp32_head=True)
    err_half, err_fp32 = (half - exact).abs().max(), (full_head - exact).abs().max()
    assert err_fp32 < err_half


def test_scaled_or_wrapped_heads_take_the_module_path(tiny):
    """A head with logit soft-capping (Gemma 2) is applied through the model's own module, a
    chunk at a time under activation checkpointing, with the same results."""
    model = copy.deepcopy(tiny[0]).train()
    model.config.final_logit_softcapping = 3.0
    assert grpo._plain_head(model) is None
    ids, attention, mask = a_batch(model.config.vocab_size)
    logp, entropy = grpo.token_logprobs(model, ids, attention, with_entropy=True, mask=mask, chunk_tokens=5)
    logits = model(input_ids=ids, attention_mask=attention).logits[:, :-1].float()
    ref = torch.log_softmax(torch.tanh(logits / 3.0) * 3.0, -1)
    assert torch.allclose(logp, ref.gather(-1, ids[:, 1:, None]).squeeze(-1) * mask, atol=1e-5)
    assert torch.allclose(entropy, -(ref.exp() * ref).sum(-1) * mask, atol=1e-5)
    grads = torch.autograd.grad(logp.sum(), list(model.parameters()))
    ref_grads = torch.autograd.grad((ref.gather(-1, ids[:, 1:, None]).squeeze(-1) * mask).sum(),
                                    list(model.parameters()))
    assert all(torch.allclose(g, r, atol=1e-5) for g, r in zip(grads, ref_grads))


def test_the_sampler_keeps_no_per_step_logits(tiny, monkeypatch):
    from procgym.training.backends import TransformersBackend

    model, tok = copy.deepcopy(tiny[0]), tiny[1]
    calls = []
    real = model.generate

    def spy(**kwargs):
        calls.append(kwargs)
        return real(**kwargs)

    monkeypatch.setattr(model, "generate", spy)
    backend = TransformersBackend(model, tok, [tok.eos_token_id])
    shapes = []
    sampler_call = __import__("procgym.training.backends", fromlist=["_Sampler"])._Sampler.__call__

    def record(self, input_ids, scores):
        shapes.append(tuple(scores.shape))
        return sampler_call(self, input_ids, scores)

    monkeypatch.setattr("procgym.training.backends._Sampler.__call__", record)
    gens = backend.generate([[5, 6, 7], [8, 9]], 6, temperature=1.0, seed=1)
    (kwargs,) = calls
    assert not kwargs.get("output_logits") and not kwargs.get("output_scores") and not kwargs.get("do_sample")
    assert set(shapes) == {(2, model.config.vocab_size)}  # one step's (batch, vocabulary) at a time
    assert all(len(g.logprobs) == len(g.token_ids) for g in gens)


def test_micro_batches_by_token_budget_sorted_by_length():
    from types import SimpleNamespace

    eps = [SimpleNamespace(token_ids=[0] * n, name=i) for i, n in enumerate([30, 10, 50, 10, 20, 200])]
    chunks = grpo.micro_batches(eps, size=8, max_tokens=60, sort=True)
    # Sorted by length (stable): 10, 10, 20, 30, 50, 200; padded size = rows x longest <= 60.
    assert [[e.name for e in c] for c in chunks] == [[1, 3, 4], [0], [2], [5]]
    assert [[e.name for e in c] for c in grpo.micro_batches(eps, size=2, max_tokens=0, sort=True)] == \
        [[1, 3], [4, 0], [2, 5]]
    assert [[e.name for e in c] for c in grpo.micro_batches(eps, size=4)] == [[0, 1, 2, 3], [4, 5]]
    assert [len(p) for p in grpo.split_for_steps(list(range(10)), 3)] == [3, 3, 4]
    assert [len(p) for p in grpo.split_for_steps([1], 3, keep_empty=True)] == [0, 0, 1]
    assert [len(p) for p in grpo.split_for_steps([1], 3)] == [1]


def test_fp32_head_in_sampling_is_scoped(tiny):
    from procgym.training.backends import fp32_head

    model = copy.deepcopy(tiny[0])
    head = model.get_output_embeddings()
    x = torch.randn(2, model.config.hidden_size)
    exact = x @ head.weight.t()
    with torch.autocast("cpu", dtype=torch.bfloat16):
        assert head(x).dtype == torch.bfloat16
        with fp32_head(model, True):
            assert head(x).dtype == torch.float32
            assert torch.allclose(head(x), exact, atol=1e-6)
        assert head(x).dtype == torch.bfloat16 and "forward" not in vars(head)  # restored
