"""Agents that act in procgym envs, all behind one protocol: `act(history, info) -> str`.

Model-backed agents also give `reply(history, info) -> Reply` (text plus token counts), and the
batched ones (transformers, vLLM) `reply_batch(histories, infos)`.
"""
from .base import Agent, Reply, play_episode, respond
from .factory import KINDS, agent_settings, make_agent
from .oracle import OracleAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "KINDS", "OracleAgent", "RandomAgent", "Reply", "agent_settings", "make_agent",
           "play_episode", "respond"]

_LAZY = {"OpenAIChatAgent": ".openai_agent", "TransformersAgent": ".transformers_agent", "VLLMAgent": ".vllm_agent"}


def __getattr__(name):
    # Model agents import lazily: transformers and vLLM are heavy optional extras.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name], __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
