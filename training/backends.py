"""Samplers behind one interface: token ids in, token ids and their log-probs out.

    backend.generate(prompts, max_new_tokens, temperature, top_p, seed) -> list[Generation]
        prompts: a list of token-id lists; max_new_tokens: an int, or one int per prompt.
        Each Generation is (token_ids, logprobs, finish_reason): the sampled ids (ending with the
        stop token when one was sampled), the log-prob of each under the sampling distribution at
        `temperature` (the old policy, before any top-p truncation where the backend allows), and
        "stop" or "length".
    backend.sleep()               # before the optimizer step: free the sampler's GPU memory (or nothing)
    backend.sync_weights(model)   # after each optimizer step: make the sampler use new weights (and wake it)

TransformersBackend samples with the training model itself (so syncing and sleeping are no-ops);
it runs on CPU and GPU and is what the tests use. VLLMBackend drives an in-process `vllm.LLM` on a
GPU: one per process, colocated with the trainer, optionally tensor-parallel across a group of ranks
and put to sleep during the optimizer step.
"""
from __future__ import annotations

import os
from typing import NamedTuple, Protocol, Sequence


class Generation(NamedTuple):
    token_ids: list[int]
    logprobs: list[float]
    finish_reason: str  # "stop" (a stop token or stop string ended it) or "length" (max_new_tokens reached)


class Backend(Protocol):
    # True when returned log-probs are of the temperature-scaled distribution the trainer uses
    # (given untruncated sampling); when False the trainer recomputes old log-probs itself.
    logprobs_match_trainer: bool

    def generate(self, prompts: Sequence[Sequence[int]], max_new_tokens, temperature: float = 1.0,
                 top_p: float = 1.0, seed: int = 0, **sampling) -> list[Generation]: ...

    def sync_weights(self, model) -> None: ...

    def sleep(self) -> None: ...


# Keyword sampling controls every backend takes besides temperature and top_p (defaults: off).
SAMPLING_DEFAULTS = {"top_k": 0, "min_p": 0.0, "repetition_penalty": 1.0, "stop_strings": ()}


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


def cut_at_stop_strings(gen: Generation, decode, stop_strings: Sequence[str]) -> Generation:
    """Cut a generation after the token that completes the first stop string in its decoded text.

    The decoded text of a prefix only grows with the prefix, so "contains a stop string" is
    monotone in the prefix length and the shortest such prefix is found by bisection.
    """
    if not stop_strings or not gen.token_ids:
        return gen
    hit = lambda k: any(s in decode(gen.token_ids[:k]) for s in stop_strings)  # noqa: E731
    if not hit(len(gen.token_ids)):
        return gen
    lo, hi = 1, len(gen.token_ids)  # hit(hi) holds; find the smallest such k
    while lo < hi:
        mid = (lo + hi) // 2
        if hit(mid):
            hi = mid
        else:
            lo = mid + 1
    return Generation(gen.token_ids[:lo], gen.logprobs[:lo], "stop")


class _Sampler:
    """A logits processor that samples the next token itself and records its log-prob.

    `generate` runs greedily (do_sample=False, no processors of its own): this processor turns
    the step's fp32 logits into the sampling distribution (repetition penalty, temperature,
    top-k, top-p, min-p, in that order), draws a token from it with its own generator, records
    the token's log-prob under that distribution, and returns scores that make the drawn token
    the argmax. Only (batch, vocabulary) tensors of the current step ever exist; nothing of
    earlier steps is kept but one token and one log-prob per row.
    """

    def __init__(self, width: int, temperature: float, top_p: float, top_k: int, min_p: float,
                 repetition_penalty: float, generator):
        from transformers.generation.logits_process import (MinPLogitsWarper, RepetitionPenaltyLogitsProcessor,
                                                            TopKLogitsWarper, TopPLogitsWarper)

        self.width, self.temperature, self.generator = width, temperature, generator
        self.warpers = []
        if repetition_penalty != 1.0:
            self.warpers.append(RepetitionPenaltyLogitsProcessor(penalty=repetition_penalty))
        self.truncators = []
        if top_k > 0:
            self.truncators.append(TopKLogitsWarper(top_k=top_k))
        if top_p < 1.0:
            self.truncators.append(TopPLogitsWarper(top_p=top_p))
        if min_p > 0.0:
            self.truncators.append(MinPLogitsWarper(min_p=min_p))
        self.logprobs = []  # one (batch,) tensor per step, indexed by the step's position

    def __call__(self, input_ids, scores):
        import torch

        step = input_ids.shape[1] - self.width
        del self.logprobs[step:]  # a step generate took back (deferred stop checks) is redone
        scores = scores.float()
        for warper in self.warpers:
            scores = warper(input_ids, scores)
        if self.temperature == 0:  # greedy: the argmax, its log-prob under softmax(logits)
            tokens = scores.argmax(dim=-1)
            logp = torch.log_softmax(scores, dim=-1)
        else:
            scores = scores / self.temperature
            for truncate in self.truncators:
                scores = truncate(input_ids, scores)
            logp = torch.log_softmax(scores, dim=-1)
            tokens = torch.multinomial(logp.exp(), 1, generator=self.generator).squeeze(1)
        self.logprobs.append(logp.gather(1, tokens[:, None]).squeeze(1))
        del logp
        chosen = torch.full_like(scores, float("-inf"))
        chosen.scatter_(1, tokens[:, None], 0.0)
        return chosen


class _StopOnStrings:
    """A stopping criterion: a row is done once the decoded tail of its new tokens holds a stop string."""

    def __init__(self, tokenizer, stop_strings, width: int):
        self.tokenizer, self.stop_strings, self.width = tokenizer, list(stop_strings), width
        self.tail = max(len(s) for s in self.stop_strings) + 2  # tokens are at least a character each

    def __call__(self, input_ids, scores, **kwargs):
        import torch

        new = input_ids[:, self.width:]
        tail = new[:, -self.tail:].tolist()
        done = [any(s in self.tokenizer.decode(row) for s in self.stop_strings) for row in tail]
        return torch.tensor(done, dtype=torch.bool, device=input_ids.device)


class TransformersBackend:
    """Sampling with `model.generate` on whatever device the model is on.

        backend = TransformersBackend(model, tokenizer)
        [gen] = backend.generate([prompt_ids], max_new_tokens=64, temperature=1.0, seed=3)

    Prompts are left-padded into one batch. The sampling itself happens in a logits processor
    (_Sampler) that records each drawn token's log-prob as it goes, so memory holds the KV cache
    and one step's (batch, vocabulary) logits, never (batch, tokens, vocabulary). The log-probs are
    of the distribution sampled from; without truncation (top_k, top_p, min_p) or a repetition
    penalty that is softmax(logits / temperature), exactly what the trainer computes, so the PPO
    ratio starts at 1 (up to float noise from padding and the KV cache). The same seed gives the
    same samples. temperature 0 decodes greedily.
    """

    logprobs_match_trainer = True

    def __init__(self, model, tokenizer, stop_token_ids: Sequence[int] | None = None, autocast_dtype=None,
                 fp32_lm_head: bool = False):
        self.model, self.tokenizer = model, tokenizer
        self.stop_ids = set(stop_token_ids if stop_token_ids is not None else [tokenizer.eos_token_id])
        self.pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
        self.autocast_dtype = autocast_dtype
        self.fp32_lm_head = fp32_lm_head

    def generate(self, prompts, max_new_tokens, temperature: float = 1.0, top_p: float = 1.0, seed: int = 0,
                 top_k: int = 0, min_p: float = 0.0, repetition_penalty: float = 1.0,
                 stop_strings: Sequence[str] = ()) -> list[Generation]:
        import torch
        from transformers import LogitsProcessorList, StoppingCriteriaList

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
        generator = torch.Generator(device=device)
        generator.manual_seed(int(seed) % (2**63))
        sampler = _Sampler(width, temperature, top_p, top_k, min_p, repetition_penalty, generator)
        stopping = StoppingCriteriaList([_StopOnStrings(self.tokenizer, stop_strings, width)] if stop_strings else [])
        was_training = self.model.training
        self.model.eval()  # safe: torch inference mode, not Python eval
        try:
            with torch.no_grad(), fp32_head(self.model, self.fp32_lm_head), torch.autocast(
                    device.type, dtype=self.autocast_dtype or torch.bfloat16, enabled=self.autocast_dtype is not None):
                # Greedy over the sampler's one-hot scores; every model default that would change
                # the distribution (Qwen ships repetition_penalty 1.05, top_k 20...) is switched off.
                out = self.model.generate(
                    input_ids=input_ids.to(device), attention_mask=attention.to(device), do_sample=False,
                    num_beams=1, temperature=None, top_p=None, top_k=None, min_p=None, repetition_penalty=None,
                    no_repeat_ngram_size=None, suppress_tokens=None, begin_suppress_tokens=None, bad_words_ids=None,
                    min_new_tokens=None, max_new_tokens=max(limits), eos_token_id=sorted(self.stop_ids),
                    pad_token_id=self.pad_id, logits_processor=LogitsProcessorList([sampler]),
                    stopping_criteria=stopping, use_cache=True)
        finally:
            self.model.train(was_training)
        sampled = out[:, width:] if isinstance(out, torch.Tensor) else out.sequences[:, width:]
        steps = sampled.shape[1]
        logprobs = (torch.stack(sampler.logprobs[:steps], dim=1) if steps else
                    torch.zeros((len(prompts), 0))).float().cpu()
        gens = [cut_at_stop(sampled[row].tolist(), logprobs[row].tolist(), self.stop_ids, limits[row])
                for row in range(len(prompts))]
        if stop_strings:  # a row stopped by a string is padded after it: cut there
            decode = lambda ids: self.tokenizer.decode(ids, skip_special_tokens=False)  # noqa: E731
            gens = [cut_at_stop_strings(g, decode, stop_strings) for g in gens]
        return gens

    def sync_weights(self, model) -> None:
        # The sampler is the training model itself: nothing to copy. Kept so callers need no branch.
        self.model = model

    def sleep(self) -> None:
        # The sampler's memory is the training model's: nothing to free.
        pass


class fp32_head:
    """Within the block, `model`'s LM head computes in float32 outside autocast (no-op when off)."""

    def __init__(self, model, enabled: bool):
        self.model, self.enabled, self.head = model, enabled, None

    def __enter__(self):
        if not self.enabled:
            return self
        import torch

        head = self.model.get_output_embeddings()

        def forward(hidden):
            with torch.autocast(hidden.device.type, enabled=False):
                return torch.nn.functional.linear(hidden.float(), head.weight.float(),
                                                  None if head.bias is None else head.bias.float())

        head.forward = forward
        self.head = head
        return self

    def __exit__(self, *exc):
        if self.head is not None:
            del self.head.forward  # back to the class's forward
            self.head = None
        return False


def weights_for_sync(model):
    """(name, tensor) pairs of a model's full weights in the Hugging Face naming vLLM loads, as a
    generator: vLLM's load_weights consumes one pair at a time.

    A plain model's tensors are its own (no copy); a model sharded with FSDP yields each whole
    tensor, gathered when it is consumed (a collective: every rank must consume the generator in
    full). For a peft LoRA model the adapters are never
    merged into the model: each adapted weight is yielded as base + the adapter's delta, computed
    for that one tensor when it is consumed, so the extra memory is one weight matrix, not a copy
    of the model; peft's prefixes (base_model.model., .base_layer) are stripped and the adapter
    tensors themselves are left out.
    """
    import torch

    if not hasattr(model, "peft_config"):
        from .fsdp import full_tensor

        for name, tensor in model.state_dict().items():  # FSDP: gathered one tensor at a time, every rank alike
            yield name, full_tensor(tensor.detach())
        return
    from peft.tuners.lora import LoraLayer

    adapted = {}
    for name, module in model.named_modules():
        if isinstance(module, LoraLayer) and hasattr(module, "base_layer"):
            adapted[f"{name}.base_layer.weight"] = module
    for name, tensor in model.state_dict().items():
        if "lora_" in name:
            continue
        out = name.removeprefix("base_model.model.").replace(".base_layer", "")
        layer = adapted.get(name)
        if layer is not None and not layer.merged and not layer.disable_adapters:
            with torch.no_grad():
                merged = tensor.detach().float()
                for adapter in layer.active_adapters:
                    if adapter in layer.lora_A:
                        merged = merged + layer.get_delta_weight(adapter).float()
                yield out, merged.to(tensor.dtype)
            del merged
        else:
            yield out, tensor.detach()


def vllm_version() -> tuple[int, ...]:
    """The installed vLLM's version as a tuple of ints ((0, 10, 2)); () when it cannot be read."""
    import re

    import vllm

    match = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?", getattr(vllm, "__version__", ""))
    return tuple(int(x) for x in match.groups(default="0")) if match else ()


# vLLM returns log-probs after temperature scaling (logprobs_mode="processed_logprobs") from 0.10.2 on.
PROCESSED_LOGPROBS_SINCE = (0, 10, 2)


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


def supports_processed_logprobs(version: tuple, engine_fields: set) -> bool:
    """Whether this vLLM can return temperature-scaled log-probs: by version (>= 0.10.2), and
    only if its EngineArgs has the logprobs_mode field."""
    return bool(version) and version >= PROCESSED_LOGPROBS_SINCE and "logprobs_mode" in engine_fields


class VLLMBackend:
    """Sampling with an in-process `vllm.LLM` (GPU only). vLLM pins its own torch (0.33: torch
    2.14, transformers < 5.21), which is not the CPU torch `make setup` pins: install it in its own
    environment, `pip install -e '.[train,vllm]'` (docs/training.md).

        backend = VLLMBackend.launch(model_path, gpu_memory_utilization=0.3, max_model_len=4096, seed=0)
        gens = backend.generate(prompts, max_new_tokens=512, temperature=1.0, seed=step)
        backend.sleep()               # with sleep mode: llm.sleep(level=1) for the optimizer step
        ...optimizer.step()...
        backend.sync_weights(model)   # load_weights(model.state_dict().items()), then reset_prefix_cache()

    Colocated (several processes, as TRL's vllm_mode="colocate"): every rank owns an engine on its
    own GPU, launched with distributed_executor_backend="external_launcher" so that vLLM joins the
    launcher's process group instead of spawning workers. With tensor_parallel_size > 1, each block
    of that many consecutive ranks forms one engine sharded across their GPUs; vLLM then needs the
    same calls with the same prompts on every rank of the block, and the same engine seed (rank //
    tensor_parallel_size, as TRL), which the trainer guarantees by having the block play the same
    groups (training/distributed.py, rollout_shares).

    Sleep mode (enable_sleep_mode): sleep() puts the engine to sleep at level 1 (weights offloaded
    to CPU memory, KV cache discarded) while the trainer takes its optimizer step; sync_weights then
    wakes the weights only, loads the new ones, resets the prefix cache and wakes the KV cache, so
    the KV cache is not allocated while the weights are being pushed (TRL's order). Level 2 is never
    used: it discards the weights, which then have to be pushed again whole before any use (TRL
    1.16 does that), and it has been seen to serve stale weights after waking.

    vLLM cannot be installed on the CPU machines this project is tested on, so
    tests/training/test_vllm_backend.py drives this class through a stand-in with the same call
    surface (tests/training/vllm_standin.py: LLM(...) keywords, generate -> RequestOutput-like
    .outputs[0].token_ids/.logprobs/.finish_reason, load_weights, collective_rpc, sleep(level),
    wake_up(tags), reset_prefix_cache); `llm` and `sampling_params` are injectable for that.
    """

    def __init__(self, llm, stop_token_ids: Sequence[int] = (), sampling_params=None,
                 logprobs_match_trainer: bool = True, sleep_mode: bool = False):
        self.llm = llm
        self.stop_ids = list(stop_token_ids)
        if sampling_params is None:
            from vllm import SamplingParams as sampling_params
        self.sampling_params = sampling_params
        self.logprobs_match_trainer = logprobs_match_trainer
        self.sleep_mode = sleep_mode
        self.sleeping = False

    @staticmethod
    def engine_args(model_path: str, gpu_memory_utilization: float = 0.3, max_model_len: int = 4096, seed: int = 0,
                    dtype: str = "bfloat16", tensor_parallel_size: int = 1, enable_sleep_mode: bool = False,
                    rank: int = 0, world: int = 1, processed_logprobs: bool = True) -> dict:
        """The keyword arguments of vllm.LLM for this backend (one process, or colocated on rank
        `rank` of `world`)."""
        from .distributed import tp_groups

        tp_groups(world, tensor_parallel_size)  # tp must divide the world
        kwargs = dict(model=model_path, gpu_memory_utilization=gpu_memory_utilization, max_model_len=max_model_len,
                      seed=seed, dtype=dtype, enable_prefix_caching=True, enable_sleep_mode=enable_sleep_mode)
        if world > 1:  # colocated: this rank is one worker of the launcher's process group
            kwargs.update(tensor_parallel_size=tensor_parallel_size, distributed_executor_backend="external_launcher",
                          seed=seed + rank // tensor_parallel_size)  # one seed per TP group: identical sampling
        # vLLM >= 0.10.2 returns log-probs after temperature scaling when asked (what the trainer
        # computes, for untruncated sampling; the trainer recomputes under top_p/top_k/min_p/penalties);
        # older versions return the raw (temperature 1) ones, so the trainer recomputes.
        if processed_logprobs:
            kwargs["logprobs_mode"] = "processed_logprobs"
        return kwargs

    @classmethod
    def launch(cls, model_path: str, stop_token_ids: Sequence[int] = (), gpu_memory_utilization: float = 0.3,
               max_model_len: int = 4096, seed: int = 0, dtype: str = "bfloat16", tensor_parallel_size: int = 1,
               enable_sleep_mode: bool = False, rank: int = 0, world: int = 1) -> "VLLMBackend":
        # The engine must live in this process so that sync_weights can reach the model object.
        os.environ.setdefault("VLLM_ENABLE_V1_MULTIPROCESSING", "0")
        import dataclasses

        from vllm import LLM
        from vllm.engine.arg_utils import EngineArgs

        processed = supports_processed_logprobs(vllm_version(), {f.name for f in dataclasses.fields(EngineArgs)})
        kwargs = cls.engine_args(model_path, gpu_memory_utilization, max_model_len, seed, dtype, tensor_parallel_size,
                                 enable_sleep_mode, rank, world, processed)
        return cls(LLM(**kwargs), stop_token_ids, logprobs_match_trainer=processed, sleep_mode=enable_sleep_mode)

    def sleep(self) -> None:
        """Free the engine's GPU memory for the optimizer step (sleep mode only): level 1."""
        if self.sleep_mode and not self.sleeping:
            self.llm.sleep(level=1)
            self.sleeping = True

    def wake_up(self) -> None:
        """Restore the engine's weights and KV cache if it sleeps."""
        if self.sleeping:
            self.llm.wake_up()
            self.sleeping = False

    def generate(self, prompts, max_new_tokens, temperature: float = 1.0, top_p: float = 1.0, seed: int = 0,
                 top_k: int = 0, min_p: float = 0.0, repetition_penalty: float = 1.0,
                 stop_strings: Sequence[str] = ()) -> list[Generation]:
        if not prompts:
            return []
        self.wake_up()
        limits = _limits(max_new_tokens, len(prompts))
        # Only controls set away from their defaults are passed (vLLM's own defaults differ across
        # versions, e.g. top_k -1 vs 0 for "off").
        extra = {}
        if top_k > 0:
            extra["top_k"] = top_k
        if min_p > 0:
            extra["min_p"] = min_p
        if repetition_penalty != 1.0:
            extra["repetition_penalty"] = repetition_penalty
        if stop_strings:  # keep the stop string's tokens: the turn is trained on what was sampled
            extra.update(stop=list(stop_strings), include_stop_str_in_output=True)
        # One SamplingParams per request: each its own limit and its own seed, so a request's sample
        # does not depend on what else is in the batch.
        params = [self.sampling_params(n=1, temperature=temperature, top_p=top_p, max_tokens=limit, logprobs=0,
                                       seed=(seed * 1_000_003 + i) % (2**31), stop_token_ids=self.stop_ids, **extra)
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
        entries were computed with the old weights). A sleeping engine wakes its weights first
        (loading into offloaded memory is invalid) and its KV cache last."""
        if self.sleeping:
            self.llm.wake_up(tags=["weights"])
        weights = weights_for_sync(model)
        target = self._model()
        if target is not None:
            target.load_weights(weights)  # consumes the generator one tensor at a time
        else:  # newer engines: reach the worker through an RPC (its arguments must be a list)
            self.llm.collective_rpc(_load_weights_on_worker, args=(list(weights),))
        self.llm.reset_prefix_cache()
        if self.sleeping:
            self.llm.wake_up(tags=["kv_cache"])
            self.sleeping = False
