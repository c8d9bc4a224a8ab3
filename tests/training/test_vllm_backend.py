"""VLLMBackend against a stand-in for vLLM (tests/training/vllm_standin.py: not vLLM, which cannot
be installed on the CPU machines these tests run on; the stand-in reproduces the call surface the
backend uses, with vLLM's names and shapes, and samples for real with a Hugging Face model).

Covered: request outputs and sampling parameters; weight pushes in every engine layout, then the
prefix cache reset; the engine keywords of one process and of colocated ranks (TRL's
vllm_mode="colocate": external_launcher, tensor_parallel_size, one seed per TP group); sleep mode's
call order (sleep level 1 for the update; wake the weights, load, reset the prefix cache, wake the
KV cache); and two processes forming one tensor-parallel group that play the same episodes and
train disjoint halves of them.
"""
import copy
import dataclasses
import json
import os

import pytest
import torch

from procgym.training.backends import Generation, VLLMBackend, weights_for_sync
from vllm_standin import LLM, EngineArgs, SamplingParams, StandInLLM, install, weights_sum, write_package


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


# --- colocated engines, tensor parallelism, sleep mode ------------------------------------------

def test_engine_keywords_alone_and_colocated(tiny_path, monkeypatch):
    install(monkeypatch)
    alone = VLLMBackend.launch(tiny_path, [2], seed=5, max_model_len=512)
    args = alone.llm.args
    assert (args.tensor_parallel_size, args.distributed_executor_backend, args.seed) == (1, None, 5)
    assert (args.enable_sleep_mode, args.enable_prefix_caching, args.logprobs_mode) == (False, True,
                                                                                      "processed_logprobs")
    assert alone.logprobs_match_trainer and not alone.sleep_mode
    # Rank 3 of 4 with TP 2 (the engine itself is not built: it needs the launcher's process group).
    kwargs = VLLMBackend.engine_args(tiny_path, seed=5, tensor_parallel_size=2, enable_sleep_mode=True, rank=3,
                                     world=4)
    assert (kwargs["tensor_parallel_size"], kwargs["distributed_executor_backend"], kwargs["seed"],
            kwargs["enable_sleep_mode"]) == (2, "external_launcher", 6, True)
    # Ranks of one TP group share a seed (identical sampling on both halves of the engine); groups differ.
    seeds = [VLLMBackend.engine_args(tiny_path, seed=5, tensor_parallel_size=2, rank=r, world=4)["seed"]
             for r in range(4)]
    assert seeds == [5, 5, 6, 6]
    assert set(kwargs) <= {f.name for f in dataclasses.fields(EngineArgs)}  # all of them vLLM engine arguments
    with pytest.raises(ValueError, match="must divide"):
        VLLMBackend.engine_args(tiny_path, tensor_parallel_size=3, rank=0, world=4)
    with pytest.raises(TypeError, match="unexpected keyword"):
        LLM(tiny_path, enable_sleeping=True)


def test_tp_groups_and_rollout_shares():
    from procgym.training.distributed import rollout_shares, tp_groups

    assert tp_groups(8, 2) == [[0, 1], [2, 3], [4, 5], [6, 7]] and tp_groups(4, 4) == [[0, 1, 2, 3]]
    with pytest.raises(ValueError):
        tp_groups(6, 4)
    for n, world, tp in [(7, 4, 2), (8, 4, 4), (5, 2, 1), (3, 4, 2), (9, 6, 3)]:
        shares = [rollout_shares(n, r, world, tp) for r in range(world)]
        trained = sorted(i for _, mine in shares for i in mine)
        assert trained == list(range(n)), (n, world, tp)  # every item trained once
        for group in tp_groups(world, tp):  # a TP group plays the same items; each rank trains its own
            assert len({tuple(shares[r][0]) for r in group}) == 1
            assert all(set(shares[r][1]) <= set(shares[r][0]) for r in group)
    assert [rollout_shares(6, r, 3, 1) for r in range(3)] == [([0, 3], [0, 3]), ([1, 4], [1, 4]), ([2, 5], [2, 5])]


def sleepy(tiny):
    model, tok = tiny
    llm = StandInLLM(model, "v1", engine_args=EngineArgs(enable_sleep_mode=True))
    return llm, VLLMBackend(llm, stop_token_ids=[tok.eos_token_id], sampling_params=SamplingParams, sleep_mode=True)


def test_sleep_mode_call_order(tiny):
    llm, backend = sleepy(tiny)
    policy = copy.deepcopy(tiny[0])
    with torch.no_grad():
        for p in policy.parameters():
            p.add_(0.01)
    backend.generate([[5, 6, 7]], 4, seed=1)
    backend.sleep()
    backend.sleep()  # already asleep: nothing more
    backend.sync_weights(policy)
    backend.generate([[5, 6, 7]], 4, seed=1)
    names = len(list(policy.named_parameters()))
    assert llm.log[1:] == [("generate", 1), ("sleep", 1), ("wake_up", ["weights"]), ("load_weights", names),
                           ("reset_prefix_cache",), ("wake_up", ["kv_cache"]), ("generate", 1)]
    # Asleep and asked to generate without a sync first: the backend wakes the whole engine.
    backend.sleep()
    backend.generate([[5]], 2, seed=0)
    assert llm.log[-3:] == [("sleep", 1), ("wake_up", None), ("generate", 1)]


def test_the_standin_rejects_what_vllm_would_get_wrong(tiny):
    llm, backend = sleepy(tiny)
    llm.sleep(level=1)
    with pytest.raises(RuntimeError, match="sleep"):
        llm.generate([{"prompt_token_ids": [5]}], SamplingParams(max_tokens=2, logprobs=0, seed=0), use_tqdm=False)
    with pytest.raises(RuntimeError, match="unmapped"):
        llm.model.load_weights(tiny[0].named_parameters())
    llm.wake_up()
    llm.generate([{"prompt_token_ids": [5]}], SamplingParams(max_tokens=2, logprobs=0, seed=0), use_tqdm=False)
    llm.model.load_weights(tiny[0].named_parameters())  # new weights, cached prefixes not reset
    with pytest.raises(RuntimeError, match="prefix cache"):
        llm.generate([{"prompt_token_ids": [5]}], SamplingParams(max_tokens=2, logprobs=0, seed=0), use_tqdm=False)
    with pytest.raises(RuntimeError, match="not enabled"):
        StandInLLM(tiny[0]).sleep(level=1)


def test_without_sleep_mode_the_engine_never_sleeps(tiny):
    llm, backend = make(tiny)
    backend.sleep()
    backend.sync_weights(tiny[0])
    assert not [e for e in llm.log if e[0] in ("sleep", "wake_up")]


def test_trainer_sleeps_the_engine_for_each_update(tiny_path, tmp_path, toys, monkeypatch):
    from procgym.training import load_config, trainer

    install(monkeypatch)  # the real VLLMBackend.launch, on the stand-in
    engines = []
    monkeypatch.setattr(VLLMBackend, "__init__", _recording(VLLMBackend.__init__, engines))
    cfg = load_config(None, [f"model={tiny_path}", "backend=vllm", "vllm_enable_sleep_mode=true",
                             f"output_dir={tmp_path}", "steps=2", "tasks=toytest/say_letter", "answer_style=raw",
                             "prompts_per_step=2", "group_size=2", "max_completion_tokens=6", "learning_rate=1e-2",
                             "progress=false", "tensorboard=false", "plots=false", "checkpoint_every=0"])
    trainer.train(cfg)
    [backend] = engines
    assert backend.llm.args.enable_sleep_mode
    step = [("generate", 4), ("sleep", 1), ("wake_up", ["weights"]), ("load_weights", 20), ("reset_prefix_cache",),
            ("wake_up", ["kv_cache"])]
    assert [e for e in backend.llm.log if e[0] != "init"] == step * 2


def _recording(init, engines):
    def recording(self, *args, **kwargs):
        init(self, *args, **kwargs)
        engines.append(self)
    return recording


def test_two_ranks_of_one_tensor_parallel_group(tiny_path, tmp_path):
    """Two gloo processes (FSDP) with vllm_tensor_parallel_size=2: one engine spread over both. Each rank's
    engine is built with external_launcher, TP 2 and the same seed, receives exactly the same
    calls with the same prompts and seeds (multi-turn episodes included), and each rank trains
    half of the groups: the batch counts every episode once."""
    from procgym.training.metrics import read_metrics
    from test_distributed import TRAINER, launch

    logs = tmp_path / "logs"
    logs.mkdir()
    package = write_package(tmp_path / "pkg")
    here = os.path.dirname(__file__)
    os.environ["VLLM_STANDIN_LOG_DIR"] = str(logs)
    old_path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (package, here, old_path) if p)
    try:
        launch(2, f"model={tiny_path}", f"output_dir={tmp_path / 'run'}", "backend=vllm",
               "vllm_tensor_parallel_size=2", "vllm_enable_sleep_mode=true", "parallelism=fsdp",
               "tasks=toytest/say_letter",
               "answer_style=raw", "max_turns=2", "steps=2", "prompts_per_step=3", "group_size=2",
               "max_completion_tokens=5", "learning_rate=1e-2", "checkpoint_every=0", "cpu_threads=1",
               "progress=false", "tensorboard=false", "plots=false", runner=TRAINER)
    finally:
        del os.environ["VLLM_STANDIN_LOG_DIR"]
        os.environ["PYTHONPATH"] = old_path
    ranks = [[json.loads(line) for line in open(logs / f"rank{r}.jsonl")] for r in range(2)]
    assert ranks[0] == ranks[1]  # the same engine arguments and the same calls, in the same order
    args = ranks[0][0]["engine_args"]
    assert (args["tensor_parallel_size"], args["distributed_executor_backend"], args["enable_sleep_mode"]) == (
        2, "external_launcher", True)
    calls = [r for r in ranks[0] if r["event"][0] == "generate"]
    assert sum(len(c["prompts"]) for c in calls[:1]) == 6  # every episode of the step, on both ranks
    assert len(calls) > 2  # some episodes took a second turn
    events = [r["event"][0] for r in ranks[0]]
    assert events.count("sleep") == 2 and events.count("load_weights") == 2
    metrics = read_metrics(tmp_path / "run" / "metrics.jsonl")
    assert [m["trained_sequences"] for m in metrics] == [6, 6]  # each episode trained by one rank only
    # The sharded policy reached the engines whole: their last weights are the final checkpoint's.
    from transformers import AutoModelForCausalLM

    final = AutoModelForCausalLM.from_pretrained(tmp_path / "run" / "checkpoints" / "step_00000002" / "model")
    pushed = [r["weights_sum"] for r in ranks[0] if r["event"][0] == "load_weights"]
    assert pushed[-1] == pytest.approx(weights_sum(final), rel=1e-12) and pushed[0] != pushed[-1]
