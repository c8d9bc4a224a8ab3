"""Fixtures for the leaderboard tests: a tiny suite (single-answer and interactive tasks) and
the scripted chat server of the agent tests."""
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "agents"))  # chat_server.py

from procgym.leaderboard.suites import Suite  # noqa: E402

TINY_TASKS = ("arithmetic/averages", "games/tower_of_hanoi", "graphs/shortest_path")


@pytest.fixture(scope="session")
def tiny_suite():
    return Suite("tiny-v1", TINY_TASKS, (1, 3), 2, description="A test suite.", interactive_max_turns=60)


@pytest.fixture
def tiny_suite_file(tiny_suite, tmp_path):
    path = tmp_path / "tiny-v1.json"
    path.write_text(json.dumps(tiny_suite.definition()))
    return str(path)
