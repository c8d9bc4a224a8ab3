"""Gymnasium adapters: any task as a text env, batched stepping, registration, chat rendering."""
from .batch import EnvBatch
from .chat import to_messages
from .registration import env_id, make, register_envs
from .task_env import FEEDBACK_LEVELS, TaskEnv
from .text import CHARSET, in_charset

__all__ = ["CHARSET", "EnvBatch", "FEEDBACK_LEVELS", "TaskEnv", "env_id", "in_charset", "make", "register_envs",
           "to_messages"]
