"""Released problems never change: levels 1-10 of every task hash to the digests pinned when they
were released, whatever later levels, refactors or new knobs a task gained.

The pinned file lists each task's SHA-256 over its full records (levels 1-10, seeds 0-1, the same
digest as `bench/problem_hashes.py --seeds 2`). A task released later is added to the file once;
an existing entry is never edited. `python tests/regressions/test_released_problems.py --add`
appends the digests of tasks the file does not list yet.
"""
import json
import sys
from pathlib import Path

import pytest

import procgym

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from problem_hashes import task_digest  # noqa: E402

PINNED = Path(__file__).with_name("released_problems.json")
SEEDS = 2


def pinned() -> dict[str, str]:
    return json.loads(PINNED.read_text())["per_task"]


@pytest.mark.parametrize("name", sorted(pinned()))
def test_released_levels_are_unchanged(name):
    assert name in procgym.tasks(), f"{name} was released and must stay registered"
    assert task_digest(name, seeds=SEEDS) == pinned()[name], f"{name}: the problems of levels 1-10 changed"


def test_every_task_is_pinned():
    assert set(procgym.tasks()) <= set(pinned()), "pin new tasks with --add"


if __name__ == "__main__" and sys.argv[1:] == ["--add"]:
    known = pinned()
    added = {n: task_digest(n, seeds=SEEDS) for n in procgym.tasks() if n not in known}
    PINNED.write_text(json.dumps({"levels": "1-10", "seeds": SEEDS, "per_task": dict(sorted({**known, **added}.items()))},
                                 indent=1) + "\n")
    print(f"pinned {len(added)} new tasks")
