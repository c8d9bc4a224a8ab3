"""The result of checking one answer."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """`reward` in [0, 1]; `correct` is True only for a fully correct answer; `feedback` is one
    short sentence an env may show the agent after a wrong attempt."""

    reward: float
    correct: bool
    feedback: str

    def to_dict(self) -> dict:
        # Spelled out rather than dataclasses.asdict: the fields are scalars, and envs build this
        # on every step, where asdict's generic recursion cost several microseconds.
        return {"reward": self.reward, "correct": self.correct, "feedback": self.feedback}


def right(feedback: str = "Correct.") -> Verdict:
    return Verdict(1.0, True, feedback)


def wrong(feedback: str = "Incorrect.") -> Verdict:
    return Verdict(0.0, False, feedback)
