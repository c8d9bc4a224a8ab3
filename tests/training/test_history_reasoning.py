"""Earlier turns' reasoning in multi-turn history: kept as sampled, or dropped (as Qwen3's template
renders history), with each turn then trained on the context it was actually sampled from."""
import copy

import pytest
import torch
from trainkit import ScriptedBackend

from procgym.envs import TaskEnv
from procgym.registry import get
from procgym.training import grpo, load_config
from procgym.training.backends import Generation, TransformersBackend
from procgym.training.rollout import ChatRenderer, collect_episodes, stop_token_ids, training_rows, without_reasoning
from procgym.training.trainer import make_optimizer, update_policy

MARKERS = ("<think>", "</think>")


def say_word(n=1, max_turns=3):
    problem = get("toytest/say_word").generate(seed=0, answer_style="raw")
    envs = [TaskEnv("toytest/say_word", max_turns=max_turns, feedback="full", answer_style="raw") for _ in range(n)]
    return envs, [problem] * n


@pytest.mark.parametrize("history", ["keep", "drop"])
def test_what_the_model_sees_at_later_turns(tiny, toys, history):
    _, tok = tiny
    r = ChatRenderer(tok)
    enc, eot = r.encode, r.eot_id
    turns = [enc("<think>pondering</think>\n\nno") + [eot], enc("<think>musing</think>nope") + [eot], enc("ok") + [eot]]
    backend = ScriptedBackend([[t] for t in turns], stop_token_ids(tok))
    envs, problems = say_word()
    [ep], _ = collect_episodes(backend, r, envs, problems, max_completion_tokens=40,
                               drop_history_reasoning=MARKERS if history == "drop" else None)
    prompt = r.first_prompt(problems[0].prompt)
    obs = r.observation_suffix("No. Try again.", ended_with_eot=True)
    seen = [call[0][0] for call in backend.calls]
    assert (ep.turns, ep.reward) == (3, 1.0)
    # The episode's own tokens hold every turn as sampled either way.
    assert ep.token_ids == prompt + turns[0] + obs + turns[1] + obs + turns[2]
    if history == "keep":
        assert seen == [prompt, prompt + turns[0] + obs, prompt + turns[0] + obs + turns[1] + obs]
        assert "pondering" in tok.decode(seen[1]) and training_rows(ep) == [ep]
        return
    # Dropped: from turn 2 on, earlier turns are cut to what follows their last closing marker
    # (the newlines right after it too), exactly the tokens the model sampled there.
    cut1, cut2 = enc("no") + [eot], enc("nope") + [eot]
    assert seen == [prompt, prompt + cut1 + obs, prompt + cut1 + obs + cut2 + obs]
    assert "pondering" not in tok.decode(seen[1]) and "musing" not in tok.decode(seen[2])
    assert "pondering" in tok.decode(ep.token_ids)
    # ...which is how a Qwen3-style template renders that history.
    chat = [{"role": "user", "content": problems[0].prompt}, {"role": "assistant", "content": "no"},
            {"role": "user", "content": "No. Try again."}]
    assert tok.decode(seen[1]) == tok.apply_chat_template(chat, tokenize=False, add_generation_prompt=True)
    # Each turn trains on the context it was sampled from; the loss mask covers exactly its sampled tokens.
    rows = training_rows(ep)
    assert [row.token_ids for row in rows] == [s + t for s, t in zip(seen, turns)]
    assert [row.loss_mask for row in rows] == [[0] * len(s) + [1] * len(t) for s, t in zip(seen, turns)]
    assert [row.logprobs for row in rows] == [[0.0] * len(s) + [-0.5] * len(t) for s, t in zip(seen, turns)]
    assert {row.sequence_tokens for row in rows} == {sum(ep.loss_mask)} == {sum(map(len, turns))}
    # A cleared loss mask (overlong filtering) leaves nothing to train.
    cleared = copy.deepcopy(ep)
    cleared.loss_mask = [0] * len(cleared.loss_mask)
    assert training_rows(cleared) == []


def test_without_reasoning_cuts_at_token_boundaries(tiny):
    _, tok = tiny
    r = ChatRenderer(tok)
    decode = lambda ids: tok.decode(ids, skip_special_tokens=False)  # noqa: E731
    ids = r.encode("<think>a</think>x</think>\n\n\nyes") + [r.eot_id]
    assert decode(without_reasoning(ids, decode, r.encode, "</think>")) == "yes<|im_end|>"  # after the last one
    unclosed = r.encode("<think>cut off mid-thought")
    assert without_reasoning(unclosed, decode, r.encode, "</think>") == unclosed  # no closing marker: kept whole
    assert without_reasoning(r.encode("plain"), decode, r.encode, "</think>") == r.encode("plain")
    # A token straddling the cut (a two-character token here): the rest of the text is tokenised.
    pairs = lambda text: [ord(text[i]) * 1000 + ord(text[i + 1]) for i in range(0, len(text), 2)]  # noqa: E731
    unpair = lambda ids: "".join(chr(i // 1000) + chr(i % 1000) for i in ids)  # noqa: E731
    assert without_reasoning(pairs("</think>\nok!"), unpair, lambda t: [ord(c) for c in t], "</think>") == \
        [ord("o"), ord("k"), ord("!")]


def test_seq_mean_weighs_an_episode_of_several_rows_as_one_sequence():
    per_token = torch.tensor([[1.0, 2.0, 3.0, 0.0], [4.0, 5.0, 0.0, 0.0]])
    mask = torch.tensor([[1.0, 1.0, 1.0, 0.0], [1.0, 1.0, 0.0, 0.0]])
    one = grpo.aggregate(torch.tensor([[1.0, 2.0, 3.0, 4.0, 5.0]]), torch.ones(1, 5), "seq_mean", 1, 5)
    rows = grpo.aggregate(per_token, mask, "seq_mean", 1, 5, sequence_tokens=torch.tensor([5.0, 5.0]))
    assert rows.item() == pytest.approx(one.item()) == pytest.approx(3.0)
    assert grpo.aggregate(per_token, mask, "seq_mean", 1, 5).item() == pytest.approx(2.0 + 4.5)  # rows as sequences


class ForcedThenSampled:
    """Turn 1 is fixed text with its real log-probs under the model (scored on the context it is
    given); later turns are sampled by the transformers backend."""

    logprobs_match_trainer = True

    def __init__(self, model, tok, first):
        self.model, self.first = model, first
        self.sampler = TransformersBackend(model, tok, stop_token_ids(tok))
        self.calls = []

    def generate(self, prompts, max_new_tokens, **kwargs):
        self.calls.append([list(p) for p in prompts])
        if len(self.calls) > 1:
            return self.sampler.generate(prompts, max_new_tokens, **kwargs)
        out = []
        for prompt in prompts:
            with torch.no_grad():
                logits = self.model(input_ids=torch.tensor([prompt + self.first])).logits[0].float()
            logp = torch.log_softmax(logits, -1)[len(prompt) - 1:-1].gather(1, torch.tensor(self.first)[:, None])
            out.append(Generation(list(self.first), logp.squeeze(1).tolist(), "stop"))
        return out

    def sync_weights(self, model):
        pass


def test_training_logprobs_are_those_of_the_sampling_context(tiny, toys):
    model, tok = tiny
    model = copy.deepcopy(model)
    r = ChatRenderer(tok)
    first = r.encode("<think>let me think about it</think>\n\nno") + [r.eot_id]
    backend = ForcedThenSampled(model, tok, first)
    envs, problems = say_word(n=2, max_turns=2)
    episodes, _ = collect_episodes(backend, r, envs, problems, max_completion_tokens=12, seed=3,
                                   drop_history_reasoning=MARKERS)
    assert [e.turns for e in episodes] == [2, 2]  # a random model does not say "ok"
    assert all("think" not in tok.decode(call) for call in backend.calls[1])  # turn 2 never saw the reasoning
    for e, advantage in zip(episodes, (1.0, -1.0)):
        e.advantage = advantage
    cfg = load_config(None, ["micro_batch_size=8", "learning_rate=0", "temperature=1.0"])

    def mismatch(batch):
        optimizer, schedule = make_optimizer(cfg, model)
        return update_policy(cfg, model, optimizer, schedule, batch, pad_id=tok.pad_token_id,
                             device=torch.device("cpu"), autocast=lambda: torch.autocast("cpu", enabled=False))

    stats = mismatch(episodes)
    # Trained on the actual contexts, the trainer's log-probs are the sampler's (up to float noise);
    # two episodes, four rows, every sampled token once.
    assert stats["logprob_mismatch"] < 1e-4, stats["logprob_mismatch"]
    assert (stats["trained_sequences"], stats["trained_tokens"]) == (2, sum(sum(e.loss_mask) for e in episodes))
    # The same tokens trained as one concatenated sequence (turn 2 after turn 1's reasoning, which
    # its sampler never saw) score differently: the test can tell the two apart.
    concatenated = [copy.deepcopy(e) for e in episodes]
    for e in concatenated:
        e.context_ids = None
    wrong = mismatch(concatenated)["logprob_mismatch"]
    print(f"log-prob mismatch: {stats['logprob_mismatch']:.3g} on the sampling contexts, {wrong:.3g} concatenated")
    assert wrong > 100 * max(stats["logprob_mismatch"], 1e-6)
