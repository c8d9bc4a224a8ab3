"""Generation controls (top-k, min-p, repetition penalty, stop strings, chat-template arguments,
reasoning stripping), evaluation during training, sampled-completion logs and W&B."""
import copy
import json

import pytest
import torch
from trainkit import ScriptedBackend

from procgym.envs import TaskEnv
from procgym.registry import get
from procgym.seeding import is_eval_seed
from procgym.training import load_config, train
from procgym.training.backends import Generation, TransformersBackend, cut_at_stop_strings
from procgym.training.metrics import read_metrics
from procgym.training.rollout import ChatRenderer, collect_episodes, stop_token_ids, strip_reasoning


def test_strip_reasoning():
    assert strip_reasoning("<think>a</think>b<think>c</think> ok") == " ok"
    assert strip_reasoning("<think>cut off before the answer") == ""
    assert strip_reasoning("answer <think>later") == "answer "
    assert strip_reasoning("plain") == "plain"
    assert strip_reasoning("[R]x[/R]y", ("[R]", "[/R]")) == "y"


def test_cut_at_stop_strings_keeps_the_token_that_completes_the_string():
    decode = lambda ids: "".join(chr(i) for i in ids)  # noqa: E731
    gen = Generation([ord(c) for c in "ab#END#cd"], [-0.1 * i for i in range(9)], "length")
    cut = cut_at_stop_strings(gen, decode, ["END", "zz"])
    assert decode(cut.token_ids) == "ab#END" and cut.logprobs == gen.logprobs[:6] and cut.finish_reason == "stop"
    assert cut_at_stop_strings(gen, decode, ["nope"]) == gen and cut_at_stop_strings(gen, decode, []) == gen


def test_sampling_controls_on_the_transformers_backend(tiny):
    model, tok = tiny
    backend = TransformersBackend(model, tok, stop_token_ids(tok))
    prompts = [[5, 6, 7], [8, 9, 10, 11]]
    greedy = backend.generate(prompts, 6, temperature=0, seed=0)
    assert backend.generate(prompts, 6, temperature=0, seed=99) == greedy
    # top_k=1 and min_p=1 leave only the most likely token: sampling at any temperature is greedy,
    # and each token's log-prob under the truncated distribution is 0.
    for options in ({"top_k": 1}, {"min_p": 1.0}):
        sampled = backend.generate(prompts, 6, temperature=1.3, seed=5, **options)
        assert [g.token_ids for g in sampled] == [g.token_ids for g in greedy]
        assert all(lp == 0.0 for g in sampled for lp in g.logprobs)
    # A strong repetition penalty changes greedy decoding away from repeating a token.
    repeated = [g.token_ids for g in greedy]
    penalised = [g.token_ids for g in backend.generate(prompts, 6, temperature=0, repetition_penalty=50.0)]
    assert penalised != repeated and all(len(set(ids)) == len(ids) for ids in penalised)
    # Stop strings end generation early: the turn is cut right after the string's token.
    text = tok.decode(greedy[0].token_ids)
    stop = text[2:4]
    cut = backend.generate(prompts[:1], 6, temperature=0, stop_strings=[stop])[0]
    assert stop in tok.decode(cut.token_ids) and stop not in tok.decode(cut.token_ids[:-1])
    assert cut.finish_reason == "stop"


def test_collect_episodes_passes_controls_cuts_stop_strings_and_strips_reasoning(tiny, toys):
    _, tok = tiny
    r = ChatRenderer(tok)
    env = TaskEnv("toytest/say_word", max_turns=1, answer_style="raw")
    problem = get("toytest/say_word").generate(seed=0, answer_style="raw")
    backend = ScriptedBackend([[r.encode("<think>hm</think>ok STOP junk")]], stop_token_ids(tok))
    [ep], _ = collect_episodes(backend, r, [env], [problem], max_completion_tokens=40,
                               sampling={"top_k": 5, "min_p": 0.0, "repetition_penalty": 1.0, "stop_strings": ["STOP"]},
                               reasoning_markers=("<think>", "</think>"))
    assert backend.sampling == [{"top_k": 5, "stop_strings": ["STOP"]}]  # defaults are not passed
    assert ep.completions == ["<think>hm</think>ok STOP"] and ep.finish_reasons == ["stop"] and not ep.truncated
    # The environment saw "ok STOP" (reasoning stripped): say_word wants exactly "ok", so it is wrong.
    assert ep.reward == 0.0 and ep.turn_tokens == [len(r.encode("<think>hm</think>ok STOP"))]
    backend = ScriptedBackend([[r.encode("<think>hm</think>ok")]], stop_token_ids(tok))
    [ep], _ = collect_episodes(backend, r, [TaskEnv("toytest/say_word", max_turns=1, answer_style="raw")], [problem],
                               reasoning_markers=("<think>", "</think>"))
    assert ep.reward == 1.0 and ep.correct and ep.format_ok


def test_chat_template_kwargs_reach_the_template(tiny):
    _, tok = tiny
    tok = copy.deepcopy(tok)
    tok.chat_template = (
        "{%- for m in messages %}{{- '<|im_start|>' + m['role'] + '\\n' + m['content'] + '<|im_end|>\\n' }}"
        "{%- endfor %}{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}"
        "{%- if enable_thinking is defined and enable_thinking is false %}{{- '<think>\\n\\n</think>\\n\\n' }}"
        "{%- endif %}{%- endif %}")
    cfg = load_config(None, ["chat_template_kwargs=enable_thinking=false"])
    off = tok.decode(ChatRenderer(tok, template_kwargs=cfg.template_kwargs).first_prompt("hi"))
    on = tok.decode(ChatRenderer(tok).first_prompt("hi"))
    assert off.endswith("assistant\n<think>\n\n</think>\n\n") and on.endswith("assistant\n")


def test_truncated_sampling_forces_recomputed_old_logprobs(tiny_path, tmp_path, toys, monkeypatch):
    from procgym.training import trainer

    calls = []
    real = trainer.forward_logprobs
    monkeypatch.setattr(trainer, "forward_logprobs", lambda *a, **k: calls.append(1) or real(*a, **k))
    args = [f"model={tiny_path}", "tasks=toytest/say_letter", "answer_style=raw", "steps=1", "prompts_per_step=1",
            "group_size=2", "max_completion_tokens=4", "progress=false", "tensorboard=false", "plots=false",
            "checkpoint_every=0"]
    train(load_config(None, args + [f"output_dir={tmp_path / 'a'}"]))
    assert calls == []  # untruncated sampling: the sampler's log-probs are the trainer's
    metrics = train(load_config(None, args + [f"output_dir={tmp_path / 'b'}", "top_p=0.9"]))
    assert calls == [1] and metrics["logprob_mismatch"] > 0  # truncated: recomputed (and they differ)


# --- evaluation during training ----------------------------------------------------------------------

def test_eval_items_use_reserved_seeds_and_suites():
    from procgym.training.evaluation import eval_items

    cfg = load_config(None, ["tasks=arithmetic/expression_value", "difficulty=1-2", "eval_problems=3"])
    items = eval_items(cfg)
    assert [(i.task, i.level) for i in items] == [("arithmetic/expression_value", 1)] * 3 + \
        [("arithmetic/expression_value", 2)] * 3
    assert all(is_eval_seed(i.seed) for i in items) and len({i.seed for i in items}) == 6
    assert eval_items(cfg) == items  # fixed
    other = eval_items(load_config(None, ["eval_tasks=graphs/shortest_path", "eval_levels=3", "eval_problems=2"]))
    assert [(i.task, i.level) for i in other] == [("graphs/shortest_path", 3)] * 2
    from procgym.leaderboard.suites import load_suite

    suite = load_suite("quick-v1")
    from_suite = eval_items(load_config(None, ["eval_suite=quick-v1"]))
    assert [(i.task, i.level, i.seed) for i in from_suite] == [(i.task, i.level, i.seed) for i in suite.items()]
    assert {i.answer_style for i in from_suite} == {suite.answer_style}


def test_eval_during_training_is_logged_plotted_and_greedy_reproducible(tiny_path, tmp_path, toys):
    args = [f"model={tiny_path}", "tasks=toytest/say_letter", "answer_style=raw", "steps=3", "prompts_per_step=2",
            "group_size=2", "max_completion_tokens=4", "progress=false", "tensorboard=false", "checkpoint_every=0",
            "eval_every=2", "eval_problems=6", "learning_rate=0", "log_completions_every=2"]
    train(load_config(None, args + [f"output_dir={tmp_path / 'a'}"]))
    records = read_metrics(tmp_path / "a" / "metrics.jsonl")
    evals = {r["step"]: r for r in records if "eval/accuracy" in r}
    assert sorted(evals) == [0, 2, 3]  # before training, every 2 steps, and after the last
    for r in evals.values():
        assert r["eval/problems"] == 6 and 0 <= r["eval/accuracy"] <= 1
        assert "eval/accuracy/category/toytest" in r and "eval/accuracy/level/1" in r
    # learning_rate 0: the weights never change, so greedy evaluation gives identical figures.
    assert len({(r["eval/accuracy"], r["eval/completion_tokens"]) for r in evals.values()}) == 1
    import importlib.util

    if importlib.util.find_spec("matplotlib"):
        assert (tmp_path / "a" / "plots" / "eval_by_category.png").exists()
    rows = [json.loads(line) for line in (tmp_path / "a" / "completions.jsonl").read_text().splitlines()]
    assert [r["step"] for r in rows] == [2] * 4 and {"prompt", "completion", "reward", "task"} <= set(rows[0])


def test_wandb_offline_logging(tiny_path, tmp_path, toys, monkeypatch):
    pytest.importorskip("wandb")
    monkeypatch.setenv("WANDB_MODE", "offline")
    monkeypatch.setenv("WANDB_SILENT", "true")
    monkeypatch.setenv("WANDB_DIR", str(tmp_path))
    train(load_config(None, [f"model={tiny_path}", f"output_dir={tmp_path / 'run'}", "tasks=toytest/say_letter",
                             "answer_style=raw", "steps=1", "prompts_per_step=1", "group_size=2",
                             "max_completion_tokens=3", "progress=false", "tensorboard=false", "plots=false",
                             "checkpoint_every=0", "wandb=true", "log_completions_every=1"]))
    runs = list((tmp_path / "run" / "wandb").glob("offline-run-*"))
    assert len(runs) == 1 and list(runs[0].glob("*.wandb"))
