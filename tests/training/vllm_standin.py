"""A stand-in for vLLM, for tests: vLLM cannot be installed on the CPU machines these tests run on.

This is NOT vLLM. It reproduces the call surface training/backends.py uses, with vLLM's names,
keywords and shapes (vLLM 0.10-0.33, checked against vllm/entrypoints/llm.py, docs/features/
sleep_mode.md and TRL 1.16's colocate mode, trl/generation/vllm_generation.py), and it samples for
real with a Hugging Face model, so weights pushed into it change what it generates:

  - LLM(model=path, **engine_args): the keywords must be fields of EngineArgs (an unknown one is a
    TypeError, as vLLM's EngineArgs raises); among them tensor_parallel_size,
    distributed_executor_backend ("external_launcher": this process is one worker of the
    launcher's process group), seed, enable_sleep_mode, logprobs_mode;
  - llm.generate(prompts=[{"prompt_token_ids": [...]}], sampling_params=[SamplingParams], use_tqdm=False)
    -> [RequestOutput] with .outputs[0].token_ids, .logprobs (one {token_id: Logprob} per position,
    Logprob having .logprob/.rank/.decoded_token), .finish_reason ("stop" | "length"); the stop
    token is included in token_ids, as vLLM does for eos/stop_token_ids;
  - llm.llm_engine.model_executor.driver_worker.model_runner.model.load_weights(iterable of (name, tensor))
    (V0), or .driver_worker.worker.model_runner.model (V1 in-process), or llm.collective_rpc(fn, args=...);
  - llm.reset_prefix_cache(reset_running_requests=False, reset_connector=False) -> bool;
  - llm.sleep(level=1): needs enable_sleep_mode; level 1 offloads the weights to CPU memory and
    discards the KV cache (so the prefix cache too, as LLM.sleep resets it); level 2 discards the
    weights as well; llm.wake_up(tags=None): tags "weights" and/or "kv_cache", None for both.

Where real vLLM would silently go wrong, the stand-in raises, so a test catches the misuse:
generating while anything sleeps, loading weights into weights that sleep (unmapped memory, TRL
issue 5142), generating from a prefix cache that holds KV entries of replaced weights (weights
loaded, no reset_prefix_cache since), waking weights that level 2 discarded as if they were kept.

Every call is appended to `llm.log` (("generate", n), ("sleep", level), ("wake_up", tags),
("load_weights", n), ("reset_prefix_cache",), ("collective_rpc",)); with VLLM_STANDIN_LOG_DIR set,
each also goes as a JSON line, with its details (the engine arguments; each request's prompt and
seed), to <dir>/rank<RANK>.jsonl, so a multi-process test can compare what the ranks did.
"""
from __future__ import annotations

import copy
import dataclasses
import json
import os
from types import SimpleNamespace

import torch

__version__ = "0.11.0"  # a version with logprobs_mode (>= 0.10.2)


@dataclasses.dataclass
class EngineArgs:
    """The EngineArgs fields the backend passes (the real dataclass has many more)."""

    model: str = ""
    tensor_parallel_size: int = 1
    dtype: str = "auto"
    seed: int | None = None
    gpu_memory_utilization: float = 0.9
    max_model_len: int | None = None
    enable_prefix_caching: bool | None = None
    enable_sleep_mode: bool = False
    distributed_executor_backend: str | None = None
    logprobs_mode: str = "raw_logprobs"
    max_num_seqs: int | None = None
    max_num_batched_tokens: int | None = None


class SamplingParams:
    """vLLM's SamplingParams keywords that the backend uses; unknown keywords are an error, as in vLLM."""

    def __init__(self, n=1, temperature=1.0, top_p=1.0, max_tokens=16, logprobs=None, seed=None,
                 stop_token_ids=None, top_k=0, min_p=0.0, repetition_penalty=1.0, stop=None,
                 include_stop_str_in_output=False):
        self.n, self.temperature, self.top_p, self.max_tokens = n, temperature, top_p, max_tokens
        self.logprobs, self.seed, self.stop_token_ids = logprobs, seed, list(stop_token_ids or [])
        self.top_k, self.min_p, self.repetition_penalty = top_k, min_p, repetition_penalty
        self.stop, self.include_stop_str_in_output = list(stop or []), include_stop_str_in_output


def weights_sum(model) -> float:
    """A fingerprint of a model's weights: the float64 sum of every parameter (sorted by name)."""
    return float(sum(p.detach().double().sum() for _, p in sorted(model.named_parameters())))


class StandInModel:
    """The in-engine model: load_weights copies tensors by (Hugging Face) name, as vLLM's loaders do."""

    def __init__(self, hf_model, engine):
        self.hf, self.engine = hf_model, engine

    def load_weights(self, weights):
        if "weights" in self.engine.asleep:
            raise RuntimeError("load_weights into sleeping weights: their GPU memory is unmapped (wake_up(tags="
                               "['weights']) first)")
        params = dict(self.hf.named_parameters())
        loaded = set()
        with torch.no_grad():
            for name, tensor in weights:
                if name in params:
                    params[name].copy_(tensor)
                    loaded.add(name)
        self.engine.discarded = False
        self.engine.stale = bool(self.engine.cached)  # cached KV entries now belong to replaced weights
        self.engine.record(("load_weights", len(loaded)), {"weights_sum": weights_sum(self.hf)})
        return loaded


class StandInLLM:
    """The engine around a Hugging Face model (built by tests directly, or through LLM below)."""

    def __init__(self, hf_model, layout="v0", engine_args: EngineArgs | None = None):
        self.log = []
        self.args = engine_args or EngineArgs()
        self.asleep: set[str] = set()  # the memory tags that sleep
        self.discarded = False  # level 2 threw the weights away
        self.cached: set[tuple] = set()  # prompts whose KV entries the prefix cache holds
        self.stale = False
        model = StandInModel(copy.deepcopy(hf_model).eval(), self)
        runner = SimpleNamespace(model_runner=SimpleNamespace(model=model))
        self.model = model
        if layout == "v0":
            self.llm_engine = SimpleNamespace(model_executor=SimpleNamespace(driver_worker=runner))
        elif layout == "v1":
            self.llm_engine = SimpleNamespace(model_executor=SimpleNamespace(
                driver_worker=SimpleNamespace(worker=runner)))
        else:  # the engine lives elsewhere: only collective_rpc reaches the worker
            self.llm_engine = SimpleNamespace()
            self._worker = runner
        self.record(("init",), {"engine_args": dataclasses.asdict(self.args)})

    def record(self, event: tuple, details: dict | None = None) -> None:
        self.log.append(event)
        folder = os.environ.get("VLLM_STANDIN_LOG_DIR")
        if folder:
            with open(os.path.join(folder, f"rank{os.environ.get('RANK', '0')}.jsonl"), "a", encoding="utf-8") as f:
                f.write(json.dumps({"event": list(event), **(details or {})}) + "\n")

    def collective_rpc(self, method, args=(), kwargs=None):
        self.record(("collective_rpc",))
        return [method(self._worker, *args, **(kwargs or {}))]

    def reset_prefix_cache(self, reset_running_requests: bool = False, reset_connector: bool = False) -> bool:
        self.cached.clear()
        self.stale = False
        self.record(("reset_prefix_cache",))
        return True

    def sleep(self, level: int = 1):
        if not self.args.enable_sleep_mode:
            raise RuntimeError("sleep mode is not enabled (LLM(..., enable_sleep_mode=True))")
        if level not in (1, 2):
            raise ValueError(f"sleep level must be 1 or 2, got {level!r}")
        self.cached.clear()  # LLM.sleep resets the prefix cache; the KV cache is discarded at both levels
        self.stale = False
        self.asleep = {"weights", "kv_cache"}
        self.discarded = level == 2
        self.record(("sleep", level))

    def wake_up(self, tags: list[str] | None = None):
        wanted = {"weights", "kv_cache"} if tags is None else set(tags)
        if wanted - {"weights", "kv_cache"}:
            raise ValueError(f"unknown sleep tags {sorted(wanted)}; vLLM's are 'weights' and 'kv_cache'")
        self.asleep -= wanted
        self.record(("wake_up", None if tags is None else list(tags)))

    def generate(self, prompts, sampling_params, use_tqdm=True):
        assert use_tqdm is False
        if self.asleep:
            raise RuntimeError(f"generate while {sorted(self.asleep)} sleep (wake_up first)")
        if self.discarded:
            raise RuntimeError("generate with weights that sleep level 2 discarded and nothing reloaded")
        if self.stale:
            raise RuntimeError("generate from a prefix cache computed with replaced weights (reset_prefix_cache "
                               "after load_weights)")
        params = sampling_params if isinstance(sampling_params, list) else [sampling_params] * len(prompts)
        self.record(("generate", len(prompts)), {"prompts": [p["prompt_token_ids"] for p in prompts],
                                                 "seeds": [sp.seed for sp in params]})
        self.cached.update(tuple(p["prompt_token_ids"]) for p in prompts)
        return [self._one(p["prompt_token_ids"], sp) for p, sp in zip(prompts, params)]

    @torch.no_grad()
    def _one(self, prompt, sp):
        assert sp.n == 1 and sp.logprobs == 0
        g = torch.Generator().manual_seed(sp.seed)
        ids, out, lps, finish = list(prompt), [], [], "length"
        for _ in range(sp.max_tokens):
            logits = self.model.hf(input_ids=torch.tensor([ids])).logits[0, -1].float() / sp.temperature
            logp = torch.log_softmax(logits, -1)
            token = int(torch.multinomial(logp.exp(), 1, generator=g))
            out.append(token)
            lps.append({token: SimpleNamespace(logprob=float(logp[token]), rank=1, decoded_token="?")})
            ids.append(token)
            if token in sp.stop_token_ids:
                finish = "stop"
                break
        completion = SimpleNamespace(index=0, text="", token_ids=out, logprobs=lps, finish_reason=finish,
                                     cumulative_logprob=sum(next(iter(d.values())).logprob for d in lps))
        return SimpleNamespace(prompt_token_ids=list(prompt), outputs=[completion], finished=True)


class LLM(StandInLLM):
    """vllm.LLM's constructor: LLM(model=path, **engine arguments); the model is loaded from the
    path and reached as vLLM's V1 engine run in-process exposes it."""

    def __init__(self, model: str, **kwargs):
        known = {f.name for f in dataclasses.fields(EngineArgs)}
        unknown = sorted(set(kwargs) - known)
        if unknown:
            raise TypeError(f"EngineArgs.__init__() got unexpected keyword arguments {unknown}")
        if kwargs.get("distributed_executor_backend") == "external_launcher":
            import torch.distributed as td

            if not td.is_initialized():
                raise RuntimeError("external_launcher needs the launcher's process group (torchrun / accelerate)")
            tp = kwargs.get("tensor_parallel_size", 1)
            if td.get_world_size() % tp:
                raise ValueError(f"tensor_parallel_size {tp} does not divide the world size {td.get_world_size()}")
        elif kwargs.get("tensor_parallel_size", 1) > 1:
            raise ValueError("tensor_parallel_size > 1 in one process needs vLLM's own workers, "
                             "not an in-process engine")
        from transformers import AutoModelForCausalLM

        super().__init__(AutoModelForCausalLM.from_pretrained(model), layout="v1",
                         engine_args=EngineArgs(model=model, **kwargs))


def install(monkeypatch) -> None:
    """Make `import vllm` (and vllm.engine.arg_utils) find this stand-in for one test."""
    import sys
    import types

    package = types.ModuleType("vllm")
    package.LLM, package.SamplingParams, package.__version__ = LLM, SamplingParams, __version__
    engine = types.ModuleType("vllm.engine")
    arg_utils = types.ModuleType("vllm.engine.arg_utils")
    arg_utils.EngineArgs = EngineArgs
    engine.arg_utils = arg_utils
    package.engine = engine
    for name, module in (("vllm", package), ("vllm.engine", engine), ("vllm.engine.arg_utils", arg_utils)):
        monkeypatch.setitem(sys.modules, name, module)


def write_package(folder) -> str:
    """Write an importable `vllm` package that re-exports this stand-in under `folder` (for
    subprocesses: put `folder` and this file's folder on PYTHONPATH); returns `folder`."""
    root = os.path.join(str(folder), "vllm")
    os.makedirs(os.path.join(root, "engine"), exist_ok=True)
    with open(os.path.join(root, "__init__.py"), "w", encoding="utf-8") as f:
        f.write('"""The test stand-in for vLLM (tests/training/vllm_standin.py), not vLLM."""\n'
                "from vllm_standin import LLM, SamplingParams, __version__  # noqa: F401\n")
    with open(os.path.join(root, "engine", "__init__.py"), "w", encoding="utf-8") as f:
        f.write("")
    with open(os.path.join(root, "engine", "arg_utils.py"), "w", encoding="utf-8") as f:
        f.write("from vllm_standin import EngineArgs  # noqa: F401\n")
    return str(folder)
