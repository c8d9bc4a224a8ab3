"""The random agent: a chance-level baseline that answers in the right format.

It answers each problem with the reference answer of a different problem of the same task and
level (a well-formed guess); in interactive tasks it plays that problem's winning actions in turn.
The other problem is chosen by a hash of (agent seed, problem, sample), so a run gives the same
answers in any order, in parallel, or resumed after a crash.
"""
from __future__ import annotations

from procgym.problem import Problem
from procgym.registry import get
from procgym.seeding import stable_seed

from .oracle import mark


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self.seed = seed
        self._plans: dict[tuple, list[str]] = {}

    def act(self, history: list[dict], info: dict) -> str:
        problem = Problem.from_dict(info["problem"])
        sample = info.get("sample", 0)
        key = (problem.task, problem.seed, problem.difficulty, problem.prompt, sample)
        if key not in self._plans or len(history) <= 1:
            other_seed = stable_seed("random-agent", self.seed, problem.task, problem.seed, problem.difficulty,
                                     sample) % (2**31)
            other = get(problem.task).generate(other_seed, problem.difficulty or 3, problem.answer_style,
                                               **problem.params)
            self._plans[key] = other.answer.splitlines() or [other.answer]
        plan = self._plans[key]
        turn = sum(1 for m in history if m["role"] == "assistant")
        if get(problem.task).interactive:
            return mark(plan[turn % len(plan)], problem.answer_style)
        return mark("\n".join(plan), problem.answer_style)
