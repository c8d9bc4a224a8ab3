"""One episode of a problem record, for adapters whose trainer plays the model's side.

    env = record_env(problem)            # a TaskEnv already reset on the record
    observation, reward, terminated, truncated, info = env.step(reply)

The verifiers env (verifiers.py) and the verl interaction (verl.py) both step procgym's own
TaskEnv this way, so an episode has the same dynamics, turn budget and rewards everywhere.
"""
from __future__ import annotations

from procgym.envs.task_env import TaskEnv


def record_env(problem: dict, max_turns: int | None = None) -> TaskEnv:
    """A TaskEnv for the record's task, reset on the record; `max_turns` caps the episode (None:
    the task's own turn budget for an interactive task, one attempt for a single-answer one)."""
    env = TaskEnv(problem["task"], difficulty=problem.get("difficulty") or 3, max_turns=max_turns,
                  answer_style=problem.get("answer_style", "tag"))
    env.reset(options={"problem": problem})
    return env
