"""Shared fixtures of the agent tests: a few problem records across single-answer and interactive tasks."""
import pytest

import procgym

TASKS = ("arithmetic/averages", "graphs/shortest_path", "games/tower_of_hanoi")


@pytest.fixture(scope="session")
def problems():
    return [procgym.generate(task, seed=s, difficulty=1).to_dict() for task in TASKS for s in (1, 2)]
