"""Gymnasium adapters: any task as a text env, batched stepping, registration, chat rendering; and
multiplayer games as PettingZoo envs (`make_aec`, `make_parallel`: the optional `multiagent` extra)."""
from .batch import EnvBatch
from .chat import to_messages
from .registration import env_id, make, register_envs
from .task_env import FEEDBACK_LEVELS, TaskEnv
from .text import CHARSET, in_charset

_PETTINGZOO = ("make_aec", "make_parallel")


def __getattr__(name):
    # PettingZoo is an optional extra: loaded on first use, never by `import procgym.envs`
    if name in _PETTINGZOO:
        from . import pettingzoo

        return getattr(pettingzoo, name)
    raise AttributeError(f"module 'procgym.envs' has no attribute {name!r}")


__all__ = ["CHARSET", "EnvBatch", "FEEDBACK_LEVELS", "TaskEnv", "env_id", "in_charset", "make", "make_aec",
           "make_parallel", "register_envs", "to_messages"]
