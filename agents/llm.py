"""What every model-backed agent shares: sampling settings, the chat messages of an episode, and a
per-turn sampling seed that does not depend on batch composition or run order."""
from __future__ import annotations

from dataclasses import asdict, dataclass

from procgym.envs.chat import to_messages
from procgym.seeding import stable_seed


@dataclass(frozen=True)
class Sampling:
    """Generation settings of a model agent. temperature 0 means greedy decoding."""

    max_tokens: int = 1024
    temperature: float = 0.0
    top_p: float = 1.0
    system: str | None = None
    seed: int = 0

    def __post_init__(self):
        if not isinstance(self.max_tokens, int) or self.max_tokens < 1:
            raise ValueError(f"max_tokens must be a positive integer, got {self.max_tokens!r}")
        if not self.temperature >= 0:
            raise ValueError(f"temperature must be >= 0, got {self.temperature!r}")
        if not 0 < self.top_p <= 1:
            raise ValueError(f"top_p must be in (0, 1], got {self.top_p!r}")

    def to_dict(self) -> dict:
        return asdict(self)


def episode_messages(history: list[dict], sampling: Sampling) -> list[dict]:
    """The chat messages for the model's next turn: the system prompt (if any), then the episode."""
    return to_messages(history, system=sampling.system)


def turn_seed(sampling: Sampling, info: dict, history: list[dict]) -> int:
    """A 31-bit sampling seed for this turn of this sample of this problem."""
    problem = info.get("problem") or {}
    turn = sum(1 for m in history if m["role"] == "assistant")
    return stable_seed("turn", sampling.seed, problem.get("task"), problem.get("seed"), problem.get("difficulty"),
                       info.get("sample", 0), turn) % (2**31)
