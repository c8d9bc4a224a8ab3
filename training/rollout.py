"""Rollouts: batched multi-turn episodes, token-in/token-out.

    renderer = ChatRenderer(tokenizer)
    episodes, timing = collect_episodes(backend, renderer, envs, problems, max_completion_tokens=256)

An episode's tokens are built once and only ever appended to:

    [chat-template prompt][completion 1][suffix: end of turn + observation + generation prompt][completion 2]...

The first prompt goes through `tokenizer.apply_chat_template(add_generation_prompt=True)`. Each
observation is appended as the tokens of the text the chat template would add for it, rendered as
a string difference, so the model is trained on exactly the tokens it sampled (re-tokenising the
whole chat could merge or split tokens differently and silently change what is trained).

`loss_mask` is 1 exactly on the tokens the model generated; `attention_mask` is separate (all real
tokens; zeros appear only as padding when episodes are batched).

Reasoning: with `strip_reasoning`, a turn's text loses its reasoning (up to the closing marker)
before the environment extracts and scores the answer. What later turns see of it is the
`drop_history_reasoning` choice (TrainConfig.history_reasoning):

- kept (default): later turns see the model's own tokens as sampled, reasoning included (what a
  template that keeps reasoning in history renders), and the episode trains as the one sequence
  above;
- dropped (Qwen3's template renders history so: `content.split('</think>')[-1].lstrip('\\n')`):
  from turn 2 on the model is prompted with `context_ids`, the same sequence with each earlier
  turn cut to what follows its last closing marker (and the newlines right after it; a turn with
  no closing marker stays whole). Then no single sequence holds every turn as sampled, so each
  turn trains on the context it was actually sampled from (training_rows): one row per turn,
  [that turn's context][its sampled tokens], the loss mask on the sampled tokens only, so the
  trainer's log-probs are those of the distribution each token was drawn from.

Either way the observation suffix is rendered from the text after an assistant turn only (see
ChatRenderer.observation_suffix), so templates that re-render earlier turns work.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Sequence

from procgym.envs import EnvBatch
from procgym.extract import extract_answer
from procgym.seeding import stable_seed

from .backends import cut_at_stop_strings

PLACEHOLDER = "\x00PROCGYM-ASSISTANT\x00"  # a string no template or observation produces


@dataclass
class Episode:
    """One episode as the trainer sees it. Lists are aligned position by position."""

    task: str
    difficulty: int
    seed: int
    group: int  # episodes of one problem share a group index; advantages compare within it
    token_ids: list[int] = field(default_factory=list)
    loss_mask: list[int] = field(default_factory=list)  # 1 on model-generated tokens only
    attention_mask: list[int] = field(default_factory=list)  # 1 on every real token
    logprobs: list[float] = field(default_factory=list)  # sampler (old policy) log-prob; 0.0 where mask is 0
    prompt_tokens: int = 0
    completions: list[str] = field(default_factory=list)  # the decoded model turns
    finish_reasons: list[str] = field(default_factory=list)
    reward: float = 0.0
    correct: bool = False
    turns: int = 0
    truncated: bool = False  # a turn was cut by its token limit or the episode budget ran out
    generated_tokens: int = 0  # tokens the model sampled (stays put when the loss mask is cleared)
    turn_tokens: list[int] = field(default_factory=list)  # tokens sampled in each turn
    format_ok: bool = True  # every turn marked an answer as the answer style asks
    env_reward: float = 0.0  # the environment's return (the verifier's reward), before shaping
    advantage: float = 0.0
    turn_spans: list[tuple[int, int]] = field(default_factory=list)  # each turn's sampled tokens in token_ids
    # Set when earlier turns' reasoning is dropped from history: what the model is prompted with
    # (token_ids with earlier turns cut), and the length of the prefix each turn was sampled from.
    context_ids: list[int] | None = None
    turn_context_lengths: list[int] = field(default_factory=list)

    def append(self, ids: Sequence[int], trained: bool, logprobs: Sequence[float] | None = None) -> None:
        self.token_ids.extend(ids)
        self.loss_mask.extend([1 if trained else 0] * len(ids))
        self.attention_mask.extend([1] * len(ids))
        self.logprobs.extend(logprobs if logprobs is not None else [0.0] * len(ids))

    def add_turn(self, gen) -> None:
        """Append a model turn (a Generation: token ids, log-probs, finish reason), trained, and
        count it: its span, its tokens, a truncation when it was cut by length."""
        self.turn_spans.append((len(self.token_ids), len(self.token_ids) + len(gen.token_ids)))
        self.append(gen.token_ids, trained=True, logprobs=gen.logprobs)
        self.generated_tokens += len(gen.token_ids)
        self.turn_tokens.append(len(gen.token_ids))
        self.finish_reasons.append(gen.finish_reason)
        self.turns += 1
        self.truncated |= gen.finish_reason == "length"

    @property
    def category(self) -> str:
        return self.task.split("/", 1)[0]

    @property
    def completion_tokens(self) -> int:
        return self.generated_tokens


@dataclass
class TurnRow:
    """One model turn as a training sequence: the context it was sampled from, then its sampled
    tokens (trained). `sequence_tokens` is the trained-token count of its whole episode, so a
    per-sequence mean loss still averages over the episode, not over each turn."""

    token_ids: list[int]
    loss_mask: list[int]
    attention_mask: list[int]
    logprobs: list[float]
    advantage: float
    sequence_tokens: int


def training_rows(episode: Episode) -> list:
    """The sequences an episode trains as: the episode itself when every turn was sampled from
    the episode's own prefix (history kept), else one TurnRow per turn with trained tokens, each
    on the context that turn was sampled from (history rewritten). A cleared loss mask (e.g.
    mask_truncated) carries over to the rows."""
    if getattr(episode, "context_ids", None) is None:  # (anything shaped like an Episode trains as itself)
        return [episode]
    total = sum(episode.loss_mask)
    rows = []
    for (start, end), context in zip(episode.turn_spans, episode.turn_context_lengths):
        mask = episode.loss_mask[start:end]
        if not any(mask):
            continue
        ids = episode.context_ids[:context] + episode.token_ids[start:end]
        rows.append(TurnRow(ids, [0] * context + mask, [1] * len(ids),
                            [0.0] * context + episode.logprobs[start:end], episode.advantage, total))
    return rows


def without_reasoning(ids: Sequence[int], decode, encode, closing: str) -> list[int]:
    """A turn's tokens as a template that drops reasoning renders it in history: the tokens after
    its last `closing` marker and the newlines right after it (the whole turn when it has none).

    The sampled tokens are kept from the first token boundary at that point; should a token
    straddle it, the rest of the text is tokenised instead.

    >>> chars = lambda ids: "".join(map(chr, ids))
    >>> ids = [ord(c) for c in "<think>hm</think>\\n\\nok"]
    >>> chars(without_reasoning(ids, chars, lambda t: [ord(c) for c in t], "</think>"))
    'ok'
    """
    text = decode(ids)
    if closing not in text:
        return list(ids)
    cut = text.rindex(closing) + len(closing)
    while text.startswith("\n", cut):
        cut += 1
    lo, hi = 0, len(ids)  # the fewest tokens whose text reaches the cut (decoded length grows with the prefix)
    while lo < hi:
        mid = (lo + hi) // 2
        if len(decode(ids[:mid])) >= cut:
            hi = mid
        else:
            lo = mid + 1
    if decode(ids[:lo]) == text[:cut]:
        return list(ids[lo:])
    return encode(text[cut:])


class ChatRenderer:
    """Chat-template rendering for token-in/token-out episodes.

        renderer = ChatRenderer(tokenizer, system_prompt="")
        ids = renderer.first_prompt("What is 2+3? ...")
        ids += completion_ids                      # sampled, ending with the end-of-turn token
        ids += renderer.observation_suffix("Incorrect. Try again.", ended_with_eot=True)

    The suffix for an observation is the text the template adds for [..., assistant, user(obs)]
    plus the generation prompt, taken as the difference between renderings with and without the
    new message, and only that text is tokenised. A fixed one-exchange context stands in for the
    real history: the suffix depends only on the template, and rendering stays cheap however
    long the episode grows.
    """

    def __init__(self, tokenizer, system_prompt: str = "", template_kwargs: dict | None = None):
        self.tokenizer = tokenizer
        self.template_kwargs = dict(template_kwargs or {})  # e.g. {"enable_thinking": False} for Qwen3
        self.context = ([{"role": "system", "content": system_prompt}] if system_prompt else [])
        self.eot_id = end_of_turn_id(tokenizer)
        self.eot_text = tokenizer.convert_ids_to_tokens(self.eot_id)
        # What the template writes after an assistant message's content: "<|im_end|>\n" in ChatML.
        closed = self._render(self._exchange(), add_generation_prompt=False)
        self.close = closed[closed.rindex(PLACEHOLDER) + len(PLACEHOLDER):]
        if not self.close.startswith(self.eot_text):
            raise ValueError(f"the chat template does not end an assistant turn with {self.eot_text!r} "
                             f"(it writes {self.close!r}); pass the right end-of-turn token")

    def _exchange(self) -> list[dict]:
        return self.context + [{"role": "user", "content": "?"}, {"role": "assistant", "content": PLACEHOLDER}]

    def _render(self, messages: list[dict], add_generation_prompt: bool) -> str:
        return self.tokenizer.apply_chat_template(messages, tokenize=False, add_generation_prompt=add_generation_prompt,
                                                  **self.template_kwargs)

    def encode(self, text: str) -> list[int]:
        return self.tokenizer(text, add_special_tokens=False)["input_ids"]

    def first_prompt(self, observation: str) -> list[int]:
        """The chat-template tokens of the first user message plus the generation prompt."""
        messages = self.context + [{"role": "user", "content": observation}]
        return self.encode(self._render(messages, add_generation_prompt=True))

    def observation_suffix(self, observation: str, ended_with_eot: bool) -> list[int]:
        """Tokens to append after a model turn: the rest of the turn's closing text (all of it,
        end-of-turn token included, when the turn was cut by length), the new user message and
        the generation prompt. None of these tokens is trained.

        Only the text after the assistant content is compared, so templates that render earlier
        assistant turns differently once a new message follows (Qwen3 drops their reasoning)
        still work: the model keeps seeing its own earlier tokens, exactly as it sampled them.
        """
        before = self._render(self._exchange(), add_generation_prompt=False)
        after = self._render(self._exchange() + [{"role": "user", "content": observation}], add_generation_prompt=True)
        tail_before = before[before.rindex(PLACEHOLDER) + len(PLACEHOLDER):]
        tail_after = after[after.rindex(PLACEHOLDER) + len(PLACEHOLDER):]
        if not tail_after.startswith(tail_before):
            raise ValueError("the chat template closes an assistant turn differently once a message follows "
                             f"({tail_before!r} vs {tail_after[:len(tail_before)]!r}); token-in/token-out "
                             "rollouts need the closing text to stay put")
        return self.encode(self.closing_text(ended_with_eot) + tail_after[len(tail_before):])

    def closing_text(self, ended_with_eot: bool) -> str:
        """What closes a model turn beyond the sampled tokens ("\\n" after a sampled <|im_end|>;
        "<|im_end|>\\n" after a turn cut by length)."""
        return self.close[len(self.eot_text):] if ended_with_eot else self.close


def end_of_turn_id(tokenizer) -> int:
    """The token that ends an assistant turn: <|im_end|> for ChatML models, else the eos token."""
    for token in ("<|im_end|>", "<|eot_id|>", "<end_of_turn>"):
        token_id = tokenizer.convert_tokens_to_ids(token)
        if isinstance(token_id, int) and token_id != tokenizer.unk_token_id and token_id is not None:
            return token_id
    if tokenizer.eos_token_id is None:
        raise ValueError("the tokenizer has no end-of-turn or eos token")
    return tokenizer.eos_token_id


def stop_token_ids(tokenizer) -> list[int]:
    """Tokens that end a sampled turn: the end-of-turn token and eos."""
    ids = {end_of_turn_id(tokenizer)}
    if tokenizer.eos_token_id is not None:
        ids.add(tokenizer.eos_token_id)
    return sorted(ids)


def strip_reasoning(text: str, markers: Sequence[str] = ("<think>", "</think>")) -> str:
    """The text after the last closing reasoning marker; with an opening marker and no closing one
    (reasoning cut off), the text before the opening marker; else the text unchanged.

    >>> strip_reasoning("<think>2+2 is 4</think> <answer>4</answer>")
    ' <answer>4</answer>'
    """
    opening, closing = markers
    if closing in text:
        return text[text.rindex(closing) + len(closing):]
    if opening in text:
        return text[:text.index(opening)]
    return text


def collect_episodes(backend, renderer: ChatRenderer, envs, problems, *, groups: Sequence[int] | None = None,
                     max_prompt_tokens: int = 1024, max_completion_tokens: int = 256, max_episode_tokens: int = 4096,
                     temperature: float = 1.0, top_p: float = 1.0, seed: int = 0, sampling: dict | None = None,
                     reasoning_markers: Sequence[str] | None = None,
                     drop_history_reasoning: Sequence[str] | None = None) -> tuple[list[Episode], dict]:
    """Play one episode per env to the end, all turns batched through `backend.generate`.

    Args:
        envs: TaskEnvs (their max_turns and feedback apply); `problems[i]` is the Problem (or
            record) env i plays, so all G episodes of a group play the same problem.
        groups: the group index of each episode (default: each its own group).
        max_prompt_tokens: a longer first prompt ends the episode at once, truncated and untrained.
        max_completion_tokens: per model turn.
        max_episode_tokens: budget of the whole token sequence; the episode ends (truncated) when
            it runs out.
        seed: base seed; turn t samples with a seed derived from (seed, t).
        sampling: further sampling controls for `backend.generate` (top_k, min_p,
            repetition_penalty, stop_strings); only those set away from their defaults are passed.
        reasoning_markers: (opening, closing); when given, reasoning is stripped from each turn's
            text before the environment sees it (strip_reasoning).
        drop_history_reasoning: (opening, closing); when given, later turns are prompted with the
            earlier turns' reasoning cut out (without_reasoning), and each turn trains on the context
            it was sampled from (training_rows). The episode budget counts the whole episode.

    Returns (episodes, timing) with timing {"generation": s, "scoring": s, "generated_tokens": n}.
    """
    from .backends import SAMPLING_DEFAULTS

    tokenizer = renderer.tokenizer
    extra = {k: v for k, v in (sampling or {}).items() if v != SAMPLING_DEFAULTS.get(k) and not (
        k == "stop_strings" and not v)}
    stop_strings = list(extra.get("stop_strings", ()))
    decode = lambda ids: tokenizer.decode(ids, skip_special_tokens=False)  # noqa: E731
    groups = list(groups) if groups is not None else list(range(len(envs)))
    batch = EnvBatch(envs)
    observations, infos = batch.reset(options=[{"problem": p} for p in problems])
    episodes, styles = [], []
    for i, (observation, info) in enumerate(zip(observations, infos)):
        problem = info["problem"]
        styles.append(problem.get("answer_style", "tag"))
        episode = Episode(problem["task"], problem["difficulty"], problem["seed"], groups[i])
        episode.append(renderer.first_prompt(observation), trained=False)
        episode.prompt_tokens = len(episode.token_ids)
        if drop_history_reasoning:
            episode.context_ids = list(episode.token_ids)
        if episode.prompt_tokens > max_prompt_tokens:
            episode.truncated = True
            batch.stop(i)
        episodes.append(episode)
    timing = {"generation": 0.0, "scoring": 0.0, "generated_tokens": 0}

    turn = 0
    while not batch.all_done:
        active = []
        for i in batch.active:
            if len(episodes[i].token_ids) >= max_episode_tokens:  # no room left for a single token
                episodes[i].truncated = True
                batch.stop(i)
            else:
                active.append(i)
        if not active:
            break
        limits = [min(max_completion_tokens, max_episode_tokens - len(episodes[i].token_ids)) for i in active]
        start = time.perf_counter()
        seen = [episodes[i].token_ids if episodes[i].context_ids is None else episodes[i].context_ids for i in active]
        generations = backend.generate(seen, limits, temperature=temperature,
                                       top_p=top_p, seed=stable_seed("rollout", seed, turn) % (2**62), **extra)
        if stop_strings:  # the tokens up to the one completing a stop string, whatever the backend returned
            generations = [cut_at_stop_strings(g, decode, stop_strings) for g in generations]
        timing["generation"] += time.perf_counter() - start
        actions = [None] * len(envs)
        for i, gen in zip(active, generations):
            episode = episodes[i]
            if episode.context_ids is not None:
                episode.turn_context_lengths.append(len(episode.context_ids))
            episode.add_turn(gen)
            timing["generated_tokens"] += len(gen.token_ids)
            text = tokenizer.decode(gen.token_ids, skip_special_tokens=True)
            episode.completions.append(text)
            action = strip_reasoning(text, reasoning_markers) if reasoning_markers else text
            episode.format_ok &= extract_answer(action, styles[i]) is not None
            actions[i] = action

        start = time.perf_counter()
        observations, _, dones, infos = batch.step(actions)
        timing["scoring"] += time.perf_counter() - start

        for i, gen in zip(active, generations):
            episode = episodes[i]
            ended_with_eot = bool(gen.token_ids) and gen.token_ids[-1] == renderer.eot_id
            verdict = infos[i]["verdict"] or {}
            episode.reward, episode.correct = float(batch.returns[i]), bool(verdict.get("correct"))
            episode.env_reward = episode.reward
            if dones[i]:
                if not ended_with_eot:  # close a turn cut by length with the end-of-turn token (untrained)
                    episode.append(renderer.encode(renderer.closing_text(False)), trained=False)
                continue
            suffix = renderer.observation_suffix(observations[i], ended_with_eot)
            if len(episode.token_ids) + len(suffix) >= max_episode_tokens:
                episode.truncated = True
                batch.stop(i)
                continue
            episode.append(suffix, trained=False)
            if episode.context_ids is not None:
                episode.context_ids += without_reasoning(gen.token_ids, decode, renderer.encode,
                                                         drop_history_reasoning[1]) + suffix
        turn += 1
    return episodes, timing
