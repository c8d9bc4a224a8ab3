"""The agent protocol: given the episode so far, return the next action text.

Every agent has `name` and `act(history, info) -> str`. Model-backed agents also have
`reply(history, info) -> Reply` (the text plus token counts and why generation stopped), and the
batched ones `reply_batch(histories, infos) -> list[Reply]`; `respond` gives a Reply from any agent.
`info` may carry "sample" (which sample of the problem this is) for agents that sample.
"""
from __future__ import annotations

from typing import NamedTuple, Protocol


class Agent(Protocol):
    name: str

    def act(self, history: list[dict], info: dict) -> str:
        """The next message. `history` is the episode as chat messages (user observations and
        assistant actions); `info` is the env's info dict (it carries the problem record)."""


class Reply(NamedTuple):
    """One model turn, with what it cost. Model-backed agents return these from `reply` (and
    `reply_batch`); `act` is always `reply(...).text`.

    finish_reason: "stop" (the model ended its turn), "length" (it hit the token limit),
    "context" (the episode no longer fits the model's context; nothing was generated) or
    "rejected" (the server refused the request for good, e.g. HTTP 400).
    """

    text: str
    prompt_tokens: int = 0
    completion_tokens: int = 0
    finish_reason: str = "stop"


def respond(agent, history: list[dict], info: dict) -> Reply:
    """The agent's next turn as a Reply, whether it implements `reply` or only `act`."""
    if hasattr(agent, "reply"):
        return agent.reply(history, info)
    return Reply(agent.act(history, info))


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
