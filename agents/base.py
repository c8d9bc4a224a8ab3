"""The agent protocol: given the episode so far, return the next action text."""
from __future__ import annotations

from typing import Protocol


class Agent(Protocol):
    name: str

    def act(self, history: list[dict], info: dict) -> str:
        """The next message. `history` is the episode as chat messages (user observations and
        assistant actions); `info` is the env's info dict (it carries the problem record)."""


def play_episode(env, agent: Agent, seed: int | None = None, options: dict | None = None) -> dict:
    """Run one episode to the end; returns {"return", "solved", "turns", "task", "seed"}."""
    observation, info = env.reset(seed=seed, options=options)
    total, done = 0.0, False
    while not done:
        action = agent.act(env.unwrapped.history, info)
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        done = terminated or truncated
    verdict = info["verdict"] or {}
    return {"task": info["task"], "seed": info["problem"]["seed"], "return": total,
            "solved": bool(verdict.get("correct")), "turns": info["turn"]}
