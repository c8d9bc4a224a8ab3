"""The oracle agent: reference answers for single-answer tasks, the reference policy for
interactive ones. It must score 100%; anything less is a bug in a task."""
from __future__ import annotations

from procgym.extract import extract_answer
from procgym.problem import Problem
from procgym.registry import get
from procgym.task import Task


def mark(text: str, style: str) -> str:
    """Wrap an answer or action the way a problem's answer_style expects."""
    return {"tag": f"<answer>{text}</answer>", "boxed": f"\\boxed{{{text}}}"}.get(style, text)


class OracleAgent:
    """`OracleAgent()` plays registered tasks; `OracleAgent(task)` also plays an unregistered one."""

    name = "oracle"

    def __init__(self, task: Task | None = None):
        self.task = task

    def act(self, history: list[dict], info: dict) -> str:
        problem = Problem.from_dict(info["problem"])
        task = self.task if self.task is not None and self.task.name == problem.task else get(problem.task)
        if not task.interactive:
            return mark(problem.answer, problem.answer_style)
        # Rebuild the state by replaying this episode's actions: the dynamics are deterministic,
        # so the oracle needs no hidden access to the env.
        state = task.initial_state(problem)
        for message in history:
            if message["role"] == "assistant":
                action = extract_answer(message["content"], problem.answer_style)
                if action is not None:
                    state, *_ = task.step(problem, state, action)
        return mark(task.policy(problem, state), problem.answer_style)
