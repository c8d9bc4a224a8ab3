"""Agents that act in procgym envs."""
from .base import Agent, play_episode
from .oracle import OracleAgent
from .random_agent import RandomAgent

__all__ = ["Agent", "OracleAgent", "RandomAgent", "play_episode"]
