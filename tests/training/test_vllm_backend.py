"""VLLMBackend against a stand-in for vllm.LLM.

vLLM cannot be installed on the CPU machines these tests run on, so `StandInLLM` reproduces the
call surface the backend uses, with the same names and shapes as vLLM 0.8-0.11:
  - LLM.generate(prompts=[{"prompt_token_ids": [...]}], sampling_params=[SamplingParams], use_tqdm=False)
    -> [RequestOutput] with .outputs[0].token_ids, .logprobs (one {token_id: Logprob} per position,
    Logprob having .logprob/.rank/.decoded_token), .finish_reason ("stop" | "length"); the stop
    token is included in token_ids, as vLLM does for eos/stop_token_ids;
  - llm.llm_engine.model_executor.driver_worker.model_runner.model.load_weights(iterable of (name, tensor))
    (V0), or .driver_worker.worker.model_runner.model (V1 in-process), or llm.collective_rpc(fn, args=...);
  - llm.reset_prefix_cache().
It samples for real with a Hugging Face model, so weights pushed into it change what it generates.
"""
import copy
from types import SimpleNamespace

import pytest
import torch

from procgym.training.backends import Generation, VLLMBackend, weights_for_sync


class SamplingParams:
    """vLLM's SamplingParams keywords that the backend uses; unknown keywords are an error, as in vLLM."""

    def __init__(self, n=1, temperature=1.0, top_p=1.0, max_tokens=16, logprobs=None, seed=None,
                 stop_token_ids=None, top_k=0, min_p=0.0, repetition_penalty=1.0, stop=None,
                 include_stop_str_in_output=False):
        self.n, self.temperature, self.top_p, self.max_tokens = n, temperature, top_p, max_tokens
        self.logprobs, self.seed, self.stop_token_ids = logprobs, seed, list(stop_token_ids or [])
        self.top_k, self.min_p, self.repetition_penalty = top_k, min_p, repetition_penalty
        self.stop, self.include_stop_str_in_output = list(stop or []), include_stop_str_in_output


class StandInModel:
    """The in-engine model: load_weights copies tensors by (Hugging Face) name, as vLLM's loaders do."""

    def __init__(self, hf_model, log):
        self.hf, self.log = hf_model, log

    def load_weights(self, weights):
        params = dict(self.hf.named_parameters())
        loaded = set()
        with torch.no_grad():
            for name, tensor in weights:
                if name in params:
                    params[name].copy_(tensor)
                    loaded.add(name)
        self.log.append(("load_weights", len(loaded)))
        return loaded


class StandInLLM:
    def __init__(self, hf_model, layout="v0"):
        self.log = []
        model = StandInModel(copy.deepcopy(hf_model).eval(), self.log)
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

    def collective_rpc(self, method, args=(), kwargs=None):
        self.log.append(("collective_rpc",))
        return [method(self._worker, *args, **(kwargs or {}))]

    def reset_prefix_cache(self):
        self.log.append(("reset_prefix_cache",))
        return True

    def generate(self, prompts, sampling_params, use_tqdm=True):
        assert use_tqdm is False
        params = sampling_params if isinstance(sampling_params, list) else [sampling_params] * len(prompts)
        self.log.append(("generate", len(prompts)))
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


def make(tiny, layout="v0"):
    model, tok = tiny
    llm = StandInLLM(model, layout)
    return llm, VLLMBackend(llm, stop_token_ids=[tok.eos_token_id], sampling_params=SamplingParams)


def test_generate_maps_request_outputs(tiny):
    model, tok = tiny
    llm, backend = make(tiny)
    prompts = [tok("<|im_start|>user\nhi<|im_end|>\n", add_special_tokens=False)["input_ids"], [5, 6, 7]]
    gens = backend.generate(prompts, [6, 3], temperature=0.9, seed=4)
    assert all(isinstance(g, Generation) for g in gens)
    assert [len(g.token_ids) <= limit for g, limit in zip(gens, [6, 3])] == [True, True]
    for g in gens:
        assert len(g.logprobs) == len(g.token_ids) and all(lp <= 0 for lp in g.logprobs)
        assert g.finish_reason == ("stop" if g.token_ids[-1] == tok.eos_token_id else "length")
    # The log-probs are the engine's, of the tokens it sampled; the same seed samples the same.
    assert backend.generate(prompts, [6, 3], temperature=0.9, seed=4) == gens
    with torch.no_grad():
        logits = model(input_ids=torch.tensor([prompts[1] + gens[1].token_ids])).logits[0].float() / 0.9
    expected = torch.log_softmax(logits, -1)[len(prompts[1]) - 1:-1].gather(
        -1, torch.tensor(gens[1].token_ids)[:, None]).squeeze(-1)
    assert torch.allclose(expected, torch.tensor(gens[1].logprobs), atol=1e-5)


def test_each_request_gets_its_own_params(tiny, monkeypatch):
    llm, backend = make(tiny)
    seen = []
    real = llm.generate
    monkeypatch.setattr(llm, "generate", lambda prompts, params, use_tqdm: seen.append((prompts, params)) or
                        real(prompts, params, use_tqdm=use_tqdm))
    backend.generate([[5, 6], [7]], [4, 2], temperature=0.7, top_p=0.9, seed=1)
    prompts, params = seen[0]
    assert prompts == [{"prompt_token_ids": [5, 6]}, {"prompt_token_ids": [7]}]
    assert [p.max_tokens for p in params] == [4, 2] and len({p.seed for p in params}) == 2
    assert all(p.logprobs == 0 and p.temperature == 0.7 and p.top_p == 0.9 for p in params)
    assert all(p.stop_token_ids == [tiny[1].eos_token_id] for p in params)


@pytest.mark.parametrize("layout", ["v0", "v1", "rpc"])
def test_sync_weights_loads_every_tensor_then_resets_the_prefix_cache(tiny, layout):
    model, _ = tiny
    llm, backend = make(tiny, layout)
    policy = copy.deepcopy(model)
    with torch.no_grad():
        for p in policy.parameters():
            p.add_(0.01)
    before = backend.generate([[5, 6, 7]], 8, seed=2)
    backend.sync_weights(policy)
    names = [n for n, _ in policy.named_parameters()]
    assert llm.log[-1] == ("reset_prefix_cache",) and ("load_weights", len(names)) in llm.log
    assert (("collective_rpc",) in llm.log) == (layout == "rpc")
    for name, p in policy.named_parameters():
        assert torch.equal(dict(llm.model.hf.named_parameters())[name], p)
    assert backend.generate([[5, 6, 7]], 8, seed=2) != before  # new weights, new samples


def test_sampling_controls_map_to_sampling_params(tiny, monkeypatch):
    llm, backend = make(tiny)
    seen = []
    real = llm.generate
    monkeypatch.setattr(llm, "generate", lambda prompts, params, use_tqdm: seen.append(params) or
                        real(prompts, params, use_tqdm=use_tqdm))
    backend.generate([[5, 6]], 3, temperature=0.7, top_k=20, min_p=0.05, repetition_penalty=1.1, stop_strings=["##"])
    [p] = seen[0]
    assert (p.top_k, p.min_p, p.repetition_penalty, p.stop, p.include_stop_str_in_output) == (20, 0.05, 1.1, ["##"],
                                                                                               True)


def test_logprobs_mode_is_chosen_by_version():
    from procgym.training.backends import supports_processed_logprobs

    fields = {"model", "logprobs_mode"}
    assert supports_processed_logprobs((0, 10, 2), fields) and supports_processed_logprobs((0, 33, 0), fields)
    assert not supports_processed_logprobs((0, 10, 1), fields)  # the field may exist; temperature is not in it
    assert not supports_processed_logprobs((0, 9, 2), {"model"}) and not supports_processed_logprobs((), fields)
    assert not supports_processed_logprobs((0, 11, 0), {"model"})


def test_weights_for_sync_streams_without_copies(tiny):
    import types

    model = copy.deepcopy(tiny[0])
    pairs = weights_for_sync(model)
    assert isinstance(pairs, types.GeneratorType)
    state = model.state_dict()
    for name, tensor in pairs:  # the model's own storage: nothing cloned
        assert tensor.data_ptr() == state[name].data_ptr()


def test_weights_for_sync_merges_lora(tiny):
    peft = pytest.importorskip("peft")
    model = copy.deepcopy(tiny[0])
    lora = peft.get_peft_model(model, peft.LoraConfig(r=2, lora_alpha=4, target_modules=["q_proj", "v_proj"],
                                                      init_lora_weights=False))
    base = {n: t.data_ptr() for n, t in lora.state_dict().items()}
    pairs = {}
    for name, tensor in weights_for_sync(lora):
        # Never merged into the model (so never a merged copy of it): while the merged q_proj is
        # being consumed, the model's own weights are untouched.
        assert not any(getattr(m, "merged", False) for m in lora.modules())
        pairs[name] = tensor
    assert set(pairs) == set(tiny[0].state_dict())  # the plain model's names: what vLLM's loader expects
    merged = copy.deepcopy(lora).merge_and_unload()
    for name, tensor in merged.state_dict().items():
        assert torch.allclose(pairs[name], tensor, atol=1e-6), name
    shared = [n for n, t in pairs.items() if t.data_ptr() in base.values()]
    adapted = [n for n in pairs if "q_proj" in n or "v_proj" in n]
    assert sorted(set(pairs) - set(shared)) == sorted(n for n in adapted if n.endswith("weight"))


def test_trainer_pushes_weights_after_every_step(tiny_path, tmp_path, toys, monkeypatch):
    from procgym.training import load_config, trainer

    launched = {}

    def launch(model_path, stop_token_ids=(), **kwargs):
        from transformers import AutoModelForCausalLM

        llm = StandInLLM(AutoModelForCausalLM.from_pretrained(model_path))
        launched["llm"] = llm
        return VLLMBackend(llm, stop_token_ids, sampling_params=SamplingParams)

    monkeypatch.setattr(trainer.VLLMBackend, "launch", staticmethod(launch))
    cfg = load_config(None, [f"model={tiny_path}", "backend=vllm", f"output_dir={tmp_path}", "steps=2",
                             "tasks=toytest/say_letter", "answer_style=raw", "prompts_per_step=2", "group_size=2",
                             "max_completion_tokens=6", "learning_rate=1e-2", "progress=false", "tensorboard=false",
                             "plots=false", "checkpoint_every=0"])
    trainer.train(cfg)
    log = launched["llm"].log
    assert [e[0] for e in log].count("load_weights") == 2 and log[-1] == ("reset_prefix_cache",)
    from procgym.training.checkpoint import latest_checkpoint
    from transformers import AutoModelForCausalLM

    final = AutoModelForCausalLM.from_pretrained(latest_checkpoint(tmp_path) + "/model")
    for name, p in final.named_parameters():
        assert torch.equal(dict(launched["llm"].model.hf.named_parameters())[name], p)
