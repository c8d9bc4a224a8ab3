"""Curriculum schedulers: what the trainer practises next.

The trainer talks to a scheduler through exactly this interface:

    scheduler.sample(n) -> list[(task_name, difficulty)]   # one entry per group (prompt)
    scheduler.observe(results)     # after scoring; one dict per group:
                                   #   {"task", "difficulty", "rewards": [..G], "advantages": [..G]}
    scheduler.state_dict() -> dict # JSON-serialisable; saved in every checkpoint
    scheduler.load_state_dict(d)
    scheduler.metrics() -> dict    # flat {name: number}, logged with the step's metrics

`sample` must draw only from the scheduler's own seeded state, so a resumed run samples what the
uninterrupted run would have. Bandit schedulers (arms over categories, tasks or (task, level))
plug in here by adding a class and an entry in SCHEDULERS.
"""
from __future__ import annotations

import random
from collections import defaultdict
from typing import Protocol, Sequence

ALL_LEVELS = list(range(1, 11))


class Scheduler(Protocol):
    def sample(self, n: int) -> list[tuple[str, int]]: ...

    def observe(self, results: list[dict]) -> None: ...

    def state_dict(self) -> dict: ...

    def load_state_dict(self, state: dict) -> None: ...

    def metrics(self) -> dict: ...


def _rng_state_to_json(state) -> list:
    version, internal, gauss = state
    return [version, list(internal), gauss]


def _rng_state_from_json(state) -> tuple:
    version, internal, gauss = state
    return (version, tuple(internal), gauss)


class UniformScheduler:
    """Tasks and levels drawn uniformly at random (with replacement), from a seeded stream.

        s = UniformScheduler(["graphs/shortest_path", "arithmetic/expression_value"], levels=[1, 2], seed=0)
        s.sample(4)  # [("graphs/shortest_path", 2), ...]

    `levels=None` (difficulty "curriculum") means all levels 1-10: this scheduler has no ladder.
    """

    def __init__(self, tasks: Sequence[str], levels: Sequence[int] | None = None, seed: int = 0):
        if not tasks:
            raise ValueError("a scheduler needs at least one task")
        self.tasks = list(tasks)
        self.levels = list(levels) if levels else list(ALL_LEVELS)
        self.rng = random.Random(seed)
        self.count: dict[str, int] = defaultdict(int)
        self.reward_sum: dict[str, float] = defaultdict(float)

    def sample(self, n: int) -> list[tuple[str, int]]:
        return [(self.rng.choice(self.tasks), self.rng.choice(self.levels)) for _ in range(n)]

    def observe(self, results: list[dict]) -> None:
        # Running per-task reward means: nothing here steers sampling, they are only reported.
        for group in results:
            rewards = list(group["rewards"])
            self.count[group["task"]] += len(rewards)
            self.reward_sum[group["task"]] += float(sum(rewards))

    def state_dict(self) -> dict:
        return {"rng": _rng_state_to_json(self.rng.getstate()), "count": dict(self.count),
                "reward_sum": dict(self.reward_sum)}

    def load_state_dict(self, state: dict) -> None:
        self.rng.setstate(_rng_state_from_json(state["rng"]))
        self.count = defaultdict(int, state["count"])
        self.reward_sum = defaultdict(float, state["reward_sum"])

    def metrics(self) -> dict:
        return {f"curriculum/mean_reward/{task}": self.reward_sum[task] / self.count[task]
                for task in sorted(self.count) if self.count[task]}


# name -> factory(tasks, levels, seed); the config's `scheduler` field picks one.
SCHEDULERS = {"uniform": UniformScheduler}


def make_scheduler(name: str, tasks: Sequence[str], levels: Sequence[int] | None, seed: int) -> Scheduler:
    if name not in SCHEDULERS:
        raise ValueError(f"scheduler must be one of {sorted(SCHEDULERS)}, got {name!r}")
    return SCHEDULERS[name](tasks, levels, seed)
