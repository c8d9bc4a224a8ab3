"""Samplers behind one interface: token ids in, token ids and their log-probs out.

    backend.generate(prompts, max_new_tokens, temperature, top_p, seed) -> list[Generation]
        prompts: a list of token-id lists; max_new_tokens: an int, or one int per prompt.
        Each Generation is (token_ids, logprobs, finish_reason): the sampled ids (ending with the
        stop token when one was sampled), the log-prob of each under the sampling distribution at
        `temperature` (the old policy, before any top-p truncation where the backend allows), and
        "stop" or "length".
    backend.sync_weights(model)   # after each optimizer step: make the sampler use new weights

TransformersBackend samples with the training model itself (so syncing is a no-op); it runs on
CPU and GPU and is what the tests use. VLLMBackend drives an in-process `vllm.LLM` on a GPU.
"""
from __future__ import annotations

import os
from typing import NamedTuple, Protocol, Sequence


class Generation(NamedTuple):
    token_ids: list[int]
    logprobs: list[float]
    finish_reason: str  # "stop" (a stop token was sampled) or "length" (max_new_tokens reached)


class Backend(Protocol):
    # True when returned log-probs are of the temperature-scaled distribution the trainer uses;
    # when False the trainer recomputes old log-probs itself.
    logprobs_match_trainer: bool

    def generate(self, prompts: Sequence[Sequence[int]], max_new_tokens, temperature: float = 1.0,
                 top_p: float = 1.0, seed: int = 0) -> list[Generation]: ...

    def sync_weights(self, model) -> None: ...


def _limits(max_new_tokens, n: int) -> list[int]:
    limits = [int(max_new_tokens)] * n if isinstance(max_new_tokens, int) else [int(m) for m in max_new_tokens]
    if len(limits) != n or any(m < 1 for m in limits):
        raise ValueError(f"max_new_tokens must be a positive int or one per prompt ({n}), got {max_new_tokens!r}")
    return limits


def cut_at_stop(token_ids: list[int], logprobs: list[float], stop_ids: set[int], limit: int) -> Generation:
    """Keep tokens up to and including the first stop token, at most `limit` of them."""
    for i, token in enumerate(token_ids[:limit]):
        if token in stop_ids:
            return Generation(token_ids[: i + 1], logprobs[: i + 1], "stop")
    return Generation(token_ids[:limit], logprobs[:limit], "length")


class TransformersBackend:
    """Sampling with `model.generate` on whatever device the model is on.

        backend = TransformersBackend(model, tokenizer)
        [gen] = backend.generate([prompt_ids], max_new_tokens=64, temperature=1.0, seed=3)

    Prompts are left-padded into one batch. Log-probs are computed from the raw logits at the
    sampling temperature, which is exactly what the trainer computes, so the PPO ratio starts at 1
    (up to float noise from padding). The same seed gives the same samples.
    """

    logprobs_match_trainer = True

    def __init__(self, model, tokenizer, stop_token_ids: Sequence[int] | None = None, autocast_dtype=None):
        self.model, self.tokenizer = model, tokenizer
        self.stop_ids = set(stop_token_ids if stop_token_ids is not None else [tokenizer.eos_token_id])
        self.pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
        self.autocast_dtype = autocast_dtype

    def generate(self, prompts, max_new_tokens, temperature: float = 1.0, top_p: float = 1.0,
                 seed: int = 0) -> list[Generation]:
        import torch

        if not prompts:
            return []
        limits = _limits(max_new_tokens, len(prompts))
        device = next(self.model.parameters()).device
        width = max(len(p) for p in prompts)
        input_ids = torch.full((len(prompts), width), self.pad_id, dtype=torch.long)
        attention = torch.zeros((len(prompts), width), dtype=torch.long)
        for row, prompt in enumerate(prompts):  # left padding: every prompt ends at the last column
            input_ids[row, width - len(prompt):] = torch.tensor(list(prompt), dtype=torch.long)
            attention[row, width - len(prompt):] = 1
        was_training = self.model.training
        self.model.eval()
        devices = [device] if device.type == "cuda" else []
        try:
            with torch.no_grad(), torch.random.fork_rng(devices=devices), torch.autocast(
                    device.type, dtype=self.autocast_dtype or torch.bfloat16, enabled=self.autocast_dtype is not None):
                torch.manual_seed(seed)
                out = self.model.generate(
                    input_ids=input_ids.to(device), attention_mask=attention.to(device), do_sample=True,
                    temperature=temperature, top_p=top_p, top_k=0, min_p=None, repetition_penalty=1.0,
                    max_new_tokens=max(limits), eos_token_id=sorted(self.stop_ids), pad_token_id=self.pad_id,
                    return_dict_in_generate=True, output_logits=True, use_cache=True)
        finally:
            self.model.train(was_training)
        sampled = out.sequences[:, width:]
        logits = torch.stack(out.logits, dim=1).float()[:, : sampled.shape[1]]
        logprobs = torch.log_softmax(logits / temperature, dim=-1).gather(-1, sampled.unsqueeze(-1)).squeeze(-1)
        return [cut_at_stop(sampled[row].tolist(), logprobs[row].tolist(), self.stop_ids, limits[row])
                for row in range(len(prompts))]

    def sync_weights(self, model) -> None:
        # The sampler is the training model itself: nothing to copy. Kept so callers need no branch.
        self.model = model


def weights_for_sync(model):
    """(name, tensor) pairs of a model's full weights in the Hugging Face naming vLLM loads.

    For a peft LoRA model the adapters are merged in for the copy and unmerged afterwards, and
    peft's prefixes (base_model.model., .base_layer) are stripped.
    """
    merged = hasattr(model, "merge_adapter") and hasattr(model, "unmerge_adapter")
    if merged:
        model.merge_adapter()
    try:
        pairs = []
        for name, tensor in model.state_dict().items():
            if merged:
                if "lora_" in name:
                    continue
                name = name.removeprefix("base_model.model.").replace(".base_layer", "")
            pairs.append((name, tensor.detach().clone() if merged else tensor.detach()))
        return pairs
    finally:
        if merged:
            model.unmerge_adapter()


# Where the in-process model lives, across vLLM versions: the first path is the V0 engine's (the
# form vLLM documented for RLHF); the others are the V1 engine run in-process
# (VLLM_ENABLE_V1_MULTIPROCESSING=0).
MODEL_PATHS = (
    ("llm_engine", "model_executor", "driver_worker", "model_runner", "model"),
    ("llm_engine", "model_executor", "driver_worker", "worker", "model_runner", "model"),
    ("llm_engine", "engine_core", "engine_core", "model_executor", "driver_worker", "worker", "model_runner", "model"),
)


def _load_weights_on_worker(worker, weights):
    """collective_rpc target: runs inside each vLLM worker."""
    worker.model_runner.model.load_weights(weights=weights)


class VLLMBackend:
    """Sampling with an in-process `vllm.LLM` (GPU only; `pip install -e '.[vllm]'`, pinned
    vllm>=0.8,<0.12 where the weight-loading paths below are known).

        backend = VLLMBackend.launch(model_path, gpu_memory_utilization=0.3, max_model_len=4096, seed=0)
        gens = backend.generate(prompts, max_new_tokens=512, temperature=1.0, seed=step)
        ...optimizer.step()...
        backend.sync_weights(model)   # load_weights(model.state_dict().items()), then reset_prefix_cache()

    Never use sleep mode level 2 here: it discards the weights while asleep and has been seen to
    serve stale weights after waking; we launch without sleep mode and push weights in place.

    vLLM cannot be installed on the CPU machines this project is tested on, so
    tests/test_vllm_backend.py drives this class through a stand-in with the same call surface
    (LLM.generate -> RequestOutput-like .outputs[0].token_ids/.logprobs/.finish_reason,
    load_weights, reset_prefix_cache); `llm` and `sampling_params` are injectable for that.
    """

    def __init__(self, llm, stop_token_ids: Sequence[int] = (), sampling_params=None,
                 logprobs_match_trainer: bool = True):
        self.llm = llm
        self.stop_ids = list(stop_token_ids)
        if sampling_params is None:
            from vllm import SamplingParams as sampling_params
        self.sampling_params = sampling_params
        self.logprobs_match_trainer = logprobs_match_trainer

    @classmethod
    def launch(cls, model_path: str, stop_token_ids: Sequence[int] = (), gpu_memory_utilization: float = 0.3,
               max_model_len: int = 4096, seed: int = 0, dtype: str = "bfloat16") -> "VLLMBackend":
        # The engine must live in this process so that sync_weights can reach the model object.
        os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
        import dataclasses

        from vllm import LLM
        from vllm.engine.arg_utils import EngineArgs

        kwargs = dict(model=model_path, gpu_memory_utilization=gpu_memory_utilization, max_model_len=max_model_len,
                      seed=seed, dtype=dtype, enable_prefix_caching=True, enable_sleep_mode=False)
        # vLLM >= 0.10.2 can return log-probs after temperature scaling (what the trainer computes);
        # older versions return the raw (temperature 1) ones, which only match at temperature 1.
        processed = "logprobs_mode" in {f.name for f in dataclasses.fields(EngineArgs)}
        if processed:
            kwargs["logprobs_mode"] = "processed_logprobs"
        return cls(LLM(**kwargs), stop_token_ids, logprobs_match_trainer=processed)

    def generate(self, prompts, max_new_tokens, temperature: float = 1.0, top_p: float = 1.0,
                 seed: int = 0) -> list[Generation]:
        if not prompts:
            return []
        limits = _limits(max_new_tokens, len(prompts))
        # One SamplingParams per request: each its own limit and its own seed, so a request's sample
        # does not depend on what else is in the batch.
        params = [self.sampling_params(n=1, temperature=temperature, top_p=top_p, max_tokens=limit, logprobs=0,
                                       seed=(seed * 1_000_003 + i) % (2**31), stop_token_ids=self.stop_ids)
                  for i, limit in enumerate(limits)]
        requests = [{"prompt_token_ids": list(p)} for p in prompts]
        outputs = self.llm.generate(requests, params, use_tqdm=False)
        generations = []
        for out, limit in zip(outputs, limits):
            sample = out.outputs[0]
            ids = list(sample.token_ids)
            # logprobs=0 asks for the sampled token's log-prob only: one {token_id: Logprob} per position.
            logprobs = [float(position[token].logprob) for token, position in zip(ids, sample.logprobs)]
            finish = "stop" if sample.finish_reason == "stop" else "length"
            generations.append(Generation(ids[:limit], logprobs[:limit], finish))
        return generations

    def _model(self):
        for path in MODEL_PATHS:
            obj = self.llm
            try:
                for attr in path:
                    obj = getattr(obj, attr)
                return obj
            except AttributeError:
                continue
        return None

    def sync_weights(self, model) -> None:
        """Push the policy's weights into the engine in place, then drop cached prefixes (their KV
        entries were computed with the old weights)."""
        weights = weights_for_sync(model)
        target = self._model()
        if target is not None:
            target.load_weights(weights)
        else:  # newer engines: reach the worker through an RPC
            self.llm.collective_rpc(_load_weights_on_worker, args=(weights,))
        self.llm.reset_prefix_cache()
