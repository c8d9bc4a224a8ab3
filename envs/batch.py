"""Drive many episodes at once: the shape LLM rollouts want (one batched generate per turn).

    batch = EnvBatch([TaskEnv(name, difficulty=3) for name in names])
    observations, infos = batch.reset(seeds=range(len(names)))
    while not batch.all_done:
        actions = policy(observations, batch.active)          # a str for each active episode
        observations, rewards, dones, infos = batch.step(actions)
"""
from __future__ import annotations

from typing import Iterable, Sequence

from .task_env import TaskEnv


class EnvBatch:
    """A list of TaskEnvs stepped together; finished episodes are skipped until the next reset."""

    def __init__(self, envs: Sequence[TaskEnv]):
        if not envs:
            raise ValueError("EnvBatch needs at least one env")
        self.envs = list(envs)
        self.done = [True] * len(self.envs)
        self.returns = [0.0] * len(self.envs)

    def __len__(self) -> int:
        return len(self.envs)

    @property
    def active(self) -> list[int]:
        """Indices of the episodes still running."""
        return [i for i, d in enumerate(self.done) if not d]

    @property
    def all_done(self) -> bool:
        return all(self.done)

    def reset(self, seeds: Iterable[int | None] | None = None, options: Sequence[dict | None] | None = None):
        seeds = list(seeds) if seeds is not None else [None] * len(self.envs)
        options = list(options) if options is not None else [None] * len(self.envs)
        if len(seeds) != len(self.envs) or len(options) != len(self.envs):
            raise ValueError(f"need one seed and one options entry per env ({len(self.envs)})")
        results = [env.reset(seed=s, options=o) for env, s, o in zip(self.envs, seeds, options)]
        self.done = [False] * len(self.envs)
        self.returns = [0.0] * len(self.envs)
        return [r[0] for r in results], [r[1] for r in results]

    def step(self, actions: Sequence[str | None]):
        """Step every active episode with its action (entries for finished episodes are ignored).

        Returns lists over all episodes: observations (None where the episode was already done),
        rewards, dones and infos (None where already done).
        """
        if len(actions) != len(self.envs):
            raise ValueError(f"need one action per env ({len(self.envs)}), got {len(actions)}")
        observations, rewards, dones, infos = [None] * len(self), [0.0] * len(self), list(self.done), [None] * len(self)
        for i in self.active:
            if actions[i] is None:
                raise ValueError(f"episode {i} is active but got no action")
            obs, reward, terminated, truncated, info = self.envs[i].step(actions[i])
            observations[i], rewards[i], infos[i] = obs, reward, info
            self.returns[i] += reward
            dones[i] = self.done[i] = terminated or truncated
        return observations, rewards, dones, infos

    def stop(self, index: int) -> None:
        """End episode `index` early (say, the caller's token budget ran out); it is skipped, and
        needs no action, until the next reset."""
        self.done[index] = True

    def histories(self) -> list[list[dict]]:
        return [env.history for env in self.envs]
