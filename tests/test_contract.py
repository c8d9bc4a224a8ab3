"""The contract suite: every registered task, every rule in DESIGN.md's quality gates.

A new task is tested here the moment it is registered. Select one with
`pytest tests/test_contract.py -k graphs/shortest_path`.
"""
import pytest

import procgym
from procgym import contract

NAMES = procgym.tasks()
INTERACTIVE = [n for n in NAMES if procgym.get(n).interactive]
PER_TASK = [c for c in contract.CHECKS if c is not contract.check_oracle]


@pytest.mark.parametrize("check", PER_TASK, ids=lambda c: c.__name__.removeprefix("check_"))
@pytest.mark.parametrize("name", NAMES)
def test_task_contract(name, check, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # so check_hostile sees any file a verifier creates
    check(name)


@pytest.mark.parametrize("name", INTERACTIVE)
def test_oracle_solves_interactive_task(name):
    task = procgym.get(name)
    assert contract.check_oracle(task, episodes=3) == 3 * len(contract._probe_levels(task))


def test_enough_tasks_and_categories():
    assert len(NAMES) >= 24
    assert len(procgym.categories()) >= 8
    assert len(INTERACTIVE) >= 4


def test_problems_identical_across_processes_and_hash_seeds():
    here = contract.fingerprints(NAMES)
    for hash_seed in ("0", "12345"):
        assert contract.fingerprints_in_subprocess(NAMES, hash_seed) == here
