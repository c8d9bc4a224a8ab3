"""Gymnasium registration: every task as `gymnasium.make("procgym/<category>.<task>-v0")`.

`import procgym` registers the id of every packaged task, read from the generated list in
`procgym.envs.task_names` (rewritten by `make catalogue`), so that registering imports no
generator: importing them all takes seconds, and waits for the first env that is made. A task you
register yourself gets its id from `register_envs()`, or on its first `procgym.make`.
"""
from __future__ import annotations

import dataclasses

import gymnasium as gym

from procgym.registry import get, tasks

ENTRY_POINT = "procgym.envs.task_env:TaskEnv"


def env_id(name: str) -> str:
    """The Gymnasium id of a task: "graphs/shortest_path" -> "procgym/graphs.shortest_path-v0"."""
    return "procgym/" + name.replace("/", ".") + "-v0"


def register_envs(names=None) -> list[str]:
    """Register tasks with Gymnasium (idempotent): every registered task, or the given names;
    returns the ids. `register_envs(["games/mastermind"])` registers without loading the registry."""
    ids = []
    for name in tasks() if names is None else names:
        gid = env_id(name)
        if gid not in gym.registry:
            gym.register(id=gid, entry_point=ENTRY_POINT, kwargs={"task": name}, disable_env_checker=True)
        ids.append(gid)
    return ids


def register_packaged() -> list[str]:
    """Register every packaged task's id from the generated name list (run by `import procgym`)."""
    from .task_names import NAMES

    return register_envs(NAMES)


def make(name, **kwargs) -> gym.Env:
    """A TaskEnv for `name` (a task name or a Task instance); see TaskEnv for the arguments.

    Returns the env itself, not wrapped, with its Gymnasium spec attached so that
    `env.spec.make()` rebuilds it with the same arguments.
    """
    from .task_env import TaskEnv

    task = get(name)
    env = TaskEnv(task, **kwargs)
    if task.name in tasks() and get(task.name) is task:
        register_envs([task.name])
        env.spec = dataclasses.replace(gym.spec(env_id(task.name)), kwargs={"task": task.name, **kwargs})
    return env

