"""Token-in/token-out rollouts: exact token layout and loss-mask positions of multi-turn episodes."""
import copy

import pytest
import torch
from trainkit import ScriptedBackend

from procgym.envs import TaskEnv
from procgym.registry import get
from procgym.training import grpo
from procgym.training.backends import TransformersBackend
from procgym.training.rollout import ChatRenderer, collect_episodes, stop_token_ids


def env_and_problem(name, seed=0, max_turns=2, feedback="full"):
    problem = get(name).generate(seed=seed, answer_style="raw")
    return TaskEnv(name, max_turns=max_turns, feedback=feedback, answer_style="raw"), problem


def test_two_turn_episode_exact_tokens_and_mask(tiny, toys):
    _, tok = tiny
    r = ChatRenderer(tok)
    enc = r.encode
    eot = r.eot_id
    env, problem = env_and_problem("toytest/say_word")
    backend = ScriptedBackend([[enc("no") + [eot]], [enc("nope!!")]], stop_token_ids(tok))
    [ep], timing = collect_episodes(backend, r, [env], [problem], max_completion_tokens=4)

    prompt = enc(f"<|im_start|>user\n{problem.prompt}<|im_end|>\n<|im_start|>assistant\n")
    turn1 = enc("no") + [eot]  # sampled, ends with the end-of-turn token
    obs = enc("\n<|im_start|>user\nNo. Try again.<|im_end|>\n<|im_start|>assistant\n")  # "\n" closes turn 1
    turn2 = enc("nope")  # cut by max_completion_tokens=4
    close = enc("<|im_end|>\n")  # the end-of-turn token appended after a length stop, untrained
    assert ep.token_ids == prompt + turn1 + obs + turn2 + close
    assert ep.loss_mask == [0] * len(prompt) + [1] * len(turn1) + [0] * len(obs) + [1] * len(turn2) + [0] * len(close)
    assert ep.attention_mask == [1] * len(ep.token_ids)
    assert ep.logprobs == [-0.5 if m else 0.0 for m in ep.loss_mask]
    assert (ep.turns, ep.finish_reasons, ep.truncated) == (2, ["stop", "length"], True)
    assert (ep.reward, ep.correct) == (0.0, False)
    assert ep.completions == ["no", "nope"] and ep.prompt_tokens == len(prompt)
    # The appended suffixes reproduce the chat template's rendering of the whole conversation.
    chat = [{"role": "user", "content": problem.prompt}, {"role": "assistant", "content": "no"},
            {"role": "user", "content": "No. Try again."}, {"role": "assistant", "content": "nope"}]
    assert tok.decode(ep.token_ids) == tok.apply_chat_template(chat, tokenize=False)
    # The second call saw the whole first turn plus the observation: token in, token out.
    assert backend.calls[1][0] == [prompt + turn1 + obs]
    assert timing["generated_tokens"] == len(turn1) + len(turn2)


def test_batched_episodes_finish_independently(tiny, toys):
    _, tok = tiny
    r = ChatRenderer(tok)
    eot = r.eot_id
    pairs = [env_and_problem("toytest/say_word", seed=s) for s in range(3)]
    script = [[r.encode("ok") + [eot], r.encode("x") + [eot], r.encode("y") + [eot]],  # episode 0 solves turn 1
              [r.encode("ok") + [eot], r.encode("z") + [eot]]]  # only episodes 1 and 2 are asked again
    backend = ScriptedBackend(script, stop_token_ids(tok))
    eps, _ = collect_episodes(backend, r, [e for e, _ in pairs], [p for _, p in pairs], groups=[0, 0, 0])
    assert [e.reward for e in eps] == [1.0, 1.0, 0.0] and [e.turns for e in eps] == [1, 2, 2]
    assert [e.correct for e in eps] == [True, True, False] and not any(e.truncated for e in eps)
    assert len(backend.calls[1][0]) == 2
    # A solved first turn ends the episode right after its end-of-turn token: nothing appended.
    assert eps[0].token_ids[-1] == eot and eps[0].loss_mask[-1] == 1
    assert sum(eps[0].loss_mask) == 3 and sum(eps[1].loss_mask) == 2 + 3  # "x"+eot, then "ok"+eot


def test_episode_token_budget_and_long_prompts(tiny, toys):
    _, tok = tiny
    r = ChatRenderer(tok)
    env, problem = env_and_problem("toytest/say_word")
    prompt_len = len(r.first_prompt(problem.prompt))
    # Room for 5 tokens: the turn is limited to 5, and the observation no longer fits afterwards.
    backend = ScriptedBackend([[r.encode("no") + [r.eot_id]]], stop_token_ids(tok))
    [ep], _ = collect_episodes(backend, r, [env], [problem], max_completion_tokens=50,
                               max_episode_tokens=prompt_len + 5)
    assert backend.calls[0][1] == [5]
    assert ep.truncated and ep.turns == 1 and len(backend.calls) == 1
    assert ep.token_ids == r.first_prompt(problem.prompt) + r.encode("no") + [r.eot_id]

    env, problem = env_and_problem("toytest/say_word")
    backend = ScriptedBackend([], stop_token_ids(tok))
    [ep], _ = collect_episodes(backend, r, [env], [problem], max_prompt_tokens=prompt_len - 1)
    assert ep.truncated and ep.turns == 0 and not any(ep.loss_mask) and backend.calls == []


def test_suffix_rendering_with_a_system_prompt_and_default_system_template(tiny, toys):
    _, tok = tiny
    tok = copy.deepcopy(tok)
    # A Qwen2.5-style template that inserts a default system message when there is none.
    tok.chat_template = (
        "{%- if messages[0]['role'] != 'system' %}{{- '<|im_start|>system\\nBe brief.<|im_end|>\\n' }}{%- endif %}"
        "{%- for m in messages %}"
        "{{- '<|im_start|>' + m['role'] + '\\n' + m['content'] + '<|im_end|>\\n' }}"
        "{%- endfor %}"
        "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}")
    for system in ("", "You solve puzzles."):
        r = ChatRenderer(tok, system_prompt=system)
        env, problem = env_and_problem("toytest/say_word", max_turns=3)
        script = [[r.encode("a") + [r.eot_id]], [r.encode("b") + [r.eot_id]], [r.encode("ok") + [r.eot_id]]]
        [ep], _ = collect_episodes(ScriptedBackend(script, stop_token_ids(tok)), r, [env], [problem])
        chat = ([{"role": "system", "content": system}] if system else []) + [
            {"role": "user", "content": problem.prompt}, {"role": "assistant", "content": "a"},
            {"role": "user", "content": "No. Try again."}, {"role": "assistant", "content": "b"},
            {"role": "user", "content": "No. Try again."}, {"role": "assistant", "content": "ok"}]
        rendered = tok.apply_chat_template(chat, tokenize=False)
        assert tok.decode(ep.token_ids) == rendered[: -len("\n")]  # the episode ends at the sampled <|im_end|>
        assert ep.reward == 1.0 and ep.turns == 3


def test_templates_that_rewrite_the_last_assistant_turn(tiny, toys):
    """Qwen3-style: the final assistant message is rendered with an (empty) think block that
    disappears once a user message follows. The suffix is still just the new message."""
    _, tok = tiny
    tok = copy.deepcopy(tok)
    tok.chat_template = (
        "{%- for m in messages %}"
        "{%- if m['role'] == 'assistant' and loop.last %}"
        "{{- '<|im_start|>assistant\\n<think>\\n\\n</think>\\n\\n' + m['content'] + '<|im_end|>\\n' }}"
        "{%- else %}{{- '<|im_start|>' + m['role'] + '\\n' + m['content'] + '<|im_end|>\\n' }}{%- endif %}"
        "{%- endfor %}"
        "{%- if add_generation_prompt %}{{- '<|im_start|>assistant\\n' }}{%- endif %}")
    r = ChatRenderer(tok)
    suffix = r.observation_suffix("Incorrect.", ended_with_eot=True)
    assert tok.decode(suffix) == "\n<|im_start|>user\nIncorrect.<|im_end|>\n<|im_start|>assistant\n"


def test_tiny_model_rollout_logprobs_align_with_the_trainer(tiny, toys):
    """Sampler log-probs sit exactly on the loss-mask positions: recomputing them with the
    trainer's forward pass over the padded batch gives the same numbers."""
    model, tok = tiny
    r = ChatRenderer(tok)
    backend = TransformersBackend(model, tok, stop_token_ids(tok))
    pairs = [env_and_problem("toytest/say_word", seed=s, max_turns=3, feedback="binary") for s in range(4)]
    eps, timing = collect_episodes(backend, r, [e for e, _ in pairs], [p for _, p in pairs],
                                   max_completion_tokens=6, seed=3)
    assert all(e.turns >= 1 for e in eps) and timing["generation"] > 0
    for e in eps:
        assert len(e.token_ids) == len(e.loss_mask) == len(e.attention_mask) == len(e.logprobs)
        # The trained tokens are exactly the turns: one contiguous run per turn, decoding to its text.
        runs, current = [], []
        for token, m in zip(e.token_ids, e.loss_mask):
            if m:
                current.append(token)
            elif current:
                runs, current = runs + [current], []
        runs += [current] if current else []
        assert len(runs) == e.turns
        assert [tok.decode(run, skip_special_tokens=True) for run in runs] == e.completions
        assert all(lp == 0.0 for lp, m in zip(e.logprobs, e.loss_mask) if not m)
    for e in eps:
        e.advantage = 1.0
    batch = grpo.collate(eps, tok.pad_token_id)
    with torch.no_grad():
        logp, _ = grpo.token_logprobs(model, batch.input_ids, batch.attention_mask, temperature=1.0)
    diff = ((logp - batch.old_logprobs).abs() * batch.mask).max().item()
    assert diff < 1e-4
    assert batch.mask.sum().item() == sum(sum(e.loss_mask) for e in eps)
    # Padding is only in the attention mask: real tokens are all attended.
    assert batch.attention_mask.sum().item() == sum(len(e.token_ids) for e in eps)


def test_same_seed_same_rollouts(tiny, toys):
    model, tok = tiny
    r = ChatRenderer(tok)
    backend = TransformersBackend(model, tok, stop_token_ids(tok))

    def play(seed):
        pairs = [env_and_problem("toytest/say_letter", seed=s, max_turns=1) for s in range(3)]
        eps, _ = collect_episodes(backend, r, [e for e, _ in pairs], [p for _, p in pairs],
                                  max_completion_tokens=8, seed=seed)
        return [e.token_ids for e in eps]

    assert play(5) == play(5) and play(5) != play(6)


@pytest.mark.parametrize("eot_sampled", [True, False])
def test_closing_text(tiny, eot_sampled):
    r = ChatRenderer(tiny[1])
    assert r.closing_text(eot_sampled) == ("\n" if eot_sampled else "<|im_end|>\n")
