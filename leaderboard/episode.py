"""One evaluation episode: an env for a suite problem, the agent's turns, and its record.

The record keeps everything needed to re-score without the model: per turn the raw model output,
the extracted answer and the reward; at the end the final verdict and how the episode ended.
"""
from __future__ import annotations

import hashlib
import time

from procgym.agents.base import Reply
from procgym.envs import make
from procgym.extract import extract_answer

from .suites import Suite, SuiteItem

# Finish reasons after which an episode cannot go on: nothing was (or can be) generated.
FATAL = ("context", "rejected")


def problem_sha(problem) -> str:
    return hashlib.sha256(problem.to_json().encode()).hexdigest()


def record_key(item: SuiteItem, sample: int) -> str:
    return f"{item.id}/{sample}"


class Episode:
    """Steps a suite problem's env with replies; `record()` once `done`."""

    def __init__(self, suite: Suite, item: SuiteItem, sample: int):
        self.suite, self.item, self.sample = suite, item, sample
        self.problem = suite.problem(item)
        self.env = make(item.task, difficulty=item.level, max_turns=suite.max_turns(item.task),
                        feedback=suite.feedback, answer_style=suite.answer_style)
        _, info = self.env.reset(options={"problem": self.problem})
        self.info = {**info, "sample": sample}
        self.turns: list[dict] = []
        self.total = 0.0
        self.done = False
        self.ended_by = None
        self.start = time.perf_counter()

    @property
    def history(self) -> list[dict]:
        return self.env.history

    def step(self, reply: Reply) -> None:
        turn = {"output": reply.text, "answer": extract_answer(reply.text, self.suite.answer_style),
                "prompt_tokens": reply.prompt_tokens, "completion_tokens": reply.completion_tokens,
                "finish_reason": reply.finish_reason}
        if reply.finish_reason in FATAL:
            turn["reward"] = 0.0
            self.turns.append(turn)
            self.done, self.ended_by = True, reply.finish_reason
            return
        _, reward, terminated, truncated, info = self.env.step(reply.text)
        turn["reward"] = reward
        self.turns.append(turn)
        self.total += reward
        self.info = {**info, "sample": self.sample}
        if terminated or truncated:
            self.done, self.ended_by = True, "done" if terminated else "turn_limit"

    def record(self) -> dict:
        verdict = self.info["verdict"] or {"reward": 0.0, "correct": False, "feedback": "No answer."}
        correct = bool(verdict.get("correct")) and self.ended_by not in FATAL
        return {"type": "episode", "key": record_key(self.item, self.sample), "id": self.item.id,
                "sample": self.sample, "task": self.item.task, "category": self.item.category,
                "level": self.item.level, "seed": self.item.seed, "problem_sha": problem_sha(self.problem),
                "turns": self.turns, "verdict": verdict, "correct": correct, "return": self.total,
                "ended_by": self.ended_by,
                "prompt_tokens": sum(t["prompt_tokens"] for t in self.turns),
                "completion_tokens": sum(t["completion_tokens"] for t in self.turns),
                "seconds": round(time.perf_counter() - self.start, 4)}
