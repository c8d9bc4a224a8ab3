"""Shared helpers for the training tests: toy tasks a random tiny model can sometimes solve, a
scripted sampler, and registration that is undone after each test (the contract suite must never
see these tasks)."""
from __future__ import annotations

import contextlib

from procgym import Draft, Task
from procgym.registry import _TASKS, register
from procgym.training.backends import Generation
from procgym.verdict import right, wrong


class SayLetter(Task):
    """Write any text containing one of five given letters. With the raw answer style a random
    character-level model succeeds about a quarter of the time in 8 tokens, so most groups have
    reward variance and GRPO has a signal."""

    name = "toytest/say_letter"
    answer_format = "any text"
    example = "q"

    def build(self, rng, params):
        letters = "".join(sorted(rng.sample("abcdefghijklmnopqrstuvwxyz", 5)))
        return Draft(f"Write one of {letters}.", letters[0], {"letters": letters})

    def grade(self, answer, problem):
        return right() if any(ch in answer for ch in problem.check["letters"]) else wrong("No.")


class SayWord(Task):
    """Repeat a fixed word: for scripted multi-turn rollouts with known feedback."""

    name = "toytest/say_word"
    answer_format = "a word"
    example = "cat"

    def build(self, rng, params):
        return Draft("Say ok.", "ok", {})

    def grade(self, answer, problem):
        return right() if answer.strip() == "ok" else wrong("No.")


TOYS = (SayLetter, SayWord)


@contextlib.contextmanager
def toy_tasks():
    """Register the toy tasks for the duration of a block."""
    for cls in TOYS:
        register(cls)
    try:
        yield [cls.name for cls in TOYS]
    finally:
        for cls in TOYS:
            _TASKS.pop(cls.name, None)


class ScriptedBackend:
    """A sampler that replays fixed completions: turns[t][k] is the list of token ids for the k-th
    prompt of the t-th generate call (the active episodes, in order). Each sampled token gets
    log-prob -0.5; a completion is cut at its limit ("length") and is a "stop" when it ends with a
    stop token."""

    logprobs_match_trainer = True

    def __init__(self, turns, stop_ids):
        self.turns = turns
        self.stop_ids = set(stop_ids)
        self.calls = []  # (prompts, limits) of each generate call
        self.sampling = []  # the extra sampling controls of each call

    def generate(self, prompts, max_new_tokens, temperature=1.0, top_p=1.0, seed=0, **sampling):
        limits = max_new_tokens if isinstance(max_new_tokens, list) else [max_new_tokens] * len(prompts)
        script = self.turns[len(self.calls)]
        self.calls.append(([list(p) for p in prompts], list(limits)))
        self.sampling.append(dict(sampling))
        assert len(script) == len(prompts), f"the script has {len(script)} completions for {len(prompts)} prompts"
        out = []
        for ids, limit in zip(script, limits):
            ids = list(ids)[:limit]
            finish = "stop" if ids and ids[-1] in self.stop_ids else "length"
            out.append(Generation(ids, [-0.5] * len(ids), finish))
        return out

    def sync_weights(self, model):
        pass
