"""The public functions: generate and verify by task name."""
from __future__ import annotations

from .problem import Problem
from .registry import get
from .verdict import Verdict, wrong


def generate(task: str, seed: int = 0, difficulty: int = 3, answer_style: str = "tag", **knobs) -> Problem:
    """A seeded problem: `generate("graphs/shortest_path", seed=7, difficulty=5, n_nodes=12)`."""
    return get(task).generate(seed=seed, difficulty=difficulty, answer_style=answer_style, **knobs)


def verify(problem: Problem | dict, text: str) -> Verdict:
    """Score a response against a problem record (a Problem or its dict). Never raises."""
    try:
        name = problem.task if isinstance(problem, Problem) else problem["task"]
        task = get(name)
    except Exception as exc:
        return wrong(f"Not a valid problem record ({type(exc).__name__}: {exc}).")
    return task.verify(problem, text)
