"""TRL integration: a GRPOTrainer reward function backed by procgym's verifiers, and datasets.

    from trl import GRPOConfig, GRPOTrainer
    from procgym.training.adapters.trl import grpo_dataset, procgym_reward

    trainer = GRPOTrainer(model="Qwen/Qwen2.5-0.5B-Instruct", reward_funcs=procgym_reward,
                          train_dataset=grpo_dataset("arithmetic/*,logic/*", levels="1-3", n=2000),
                          args=GRPOConfig(output_dir="out", num_generations=8))
    trainer.train()

GRPOTrainer passes every dataset column except `prompt` to reward functions as keyword lists,
one entry per completion; procgym's datasets carry the problem record in the `problem` column,
so the reward needs nothing else. Needs the `trl` extra (`pip install -e '.[trl]'`).
For multi-turn training through tool calls (GRPOTrainer's environment_factory), see trl_env.py.
"""
from __future__ import annotations

import json
from typing import Sequence

from procgym.api import verify


def completion_text(completion) -> str:
    """The text of a completion: a string, or conversational messages (the assistant turns joined)."""
    if isinstance(completion, str):
        return completion
    if isinstance(completion, dict):
        return str(completion.get("content", ""))
    parts = []
    for message in completion or []:
        content = message.get("content", "") if isinstance(message, dict) else message
        if isinstance(content, list):  # content blocks: keep the text ones
            content = "".join(block.get("text", "") for block in content if isinstance(block, dict))
        parts.append(str(content))
    return "\n".join(parts)


def _record(problem) -> dict:
    if isinstance(problem, dict):
        return problem
    try:
        record = json.loads(problem)
    except (TypeError, json.JSONDecodeError):
        raise ValueError(f"procgym_reward: the `problem` column must hold a problem record (JSON or dict), got "
                         f"{str(problem)[:80]!r}") from None
    if not isinstance(record, dict):
        raise ValueError("procgym_reward: the `problem` column must hold a JSON object")
    return record


def procgym_reward(prompts=None, completions=None, problem: Sequence | None = None, log_metric=None,
                   **kwargs) -> list[float]:
    """GRPOTrainer reward function: procgym.verify's reward for each completion on its problem.

    `problem` is the dataset's `problem` column (one record per completion, as JSON or a dict).
    Also logs the fraction of correct completions as `procgym/accuracy` through TRL's log_metric.
    """
    if problem is None:
        raise ValueError("procgym_reward needs a `problem` column in the training dataset (the problem record as "
                         "JSON); build the dataset with grpo_dataset() or procgym.datasets.hf_dataset()")
    if completions is None or len(completions) != len(problem):
        raise ValueError(f"procgym_reward: {len(completions or [])} completions for {len(problem)} problems")
    verdicts = [verify(_record(p), completion_text(c)) for p, c in zip(problem, completions)]
    if log_metric is not None and verdicts:
        log_metric("procgym/accuracy", sum(v.correct for v in verdicts) / len(verdicts))
    return [float(v.reward) for v in verdicts]


def grpo_dataset(tasks="*", levels="1-10", n: int = 1000, master_seed: int = 0, *, system: str | None = None,
                 answer_style: str = "tag", knobs: dict | None = None):
    """A `datasets.Dataset` for GRPOTrainer: conversational `prompt` plus the `problem` record
    (and task, category, difficulty, seed, answer, index). See procgym.datasets.hf_dataset."""
    from procgym.datasets import hf_dataset

    return hf_dataset(tasks, levels, n, master_seed, answer_style=answer_style, knobs=knobs, system=system)


def grpo_iterable_dataset(tasks="*", levels="1-10", master_seed: int = 0, *, system: str | None = None,
                          answer_style: str = "tag", knobs: dict | None = None, num_shards: int = 1):
    """An endless `datasets.IterableDataset` for GRPOTrainer (set GRPOConfig.max_steps)."""
    from procgym.datasets import hf_iterable_dataset

    return hf_iterable_dataset(tasks, levels, master_seed, answer_style=answer_style, knobs=knobs, system=system,
                               num_shards=num_shards)
