"""Suites are fixed by their version: their problems, seeds and definitions never change, and
their seeds lie in the range reserved for evaluation."""
import hashlib

import pytest

from procgym.leaderboard.suites import load_suite, suite_names
from procgym.seeding import EVAL_SEED_COUNT, EVAL_SEED_START, is_eval_seed

# Digests of the released suites. A change here means a suite's problems changed: that is a new
# suite version (standard-v2), never an edit of these constants.
QUICK_V1_DIGEST = "43e64964c9a38fc513a779d204c99c08da32f1fa548d00a0187e7e8c86e3878f"
QUICK_V1_DEFINITION = "88dd7935c4ca3ce3d45a6788fd99f824f2248d53493b932bae10d5a479909cf8"
STANDARD_V1_DEFINITION = "c799e72c17ed08617768fe287945e38a12c0d87f27adb6bd38ee9f3505e32ea3"
# every (id, seed) of standard-v1
STANDARD_V1_ITEMS = "3f57b920b04602b265ddf180d10e9bf20a59597d5ceabe8449eea31c50e41e3c"
# the problem records of index 0 at every task and level of standard-v1
STANDARD_V1_SAMPLE_DIGEST = "1ca66bbbc8b20e211edaf0cdc1ceb4e06632757c867a5a1b618c187933db9b19"


def test_released_suites():
    assert suite_names() == ["quick-v1", "standard-v1"]
    quick, standard = load_suite("quick-v1"), load_suite("standard-v1")
    assert len(quick) == 484 and quick.levels == (1, 5)
    assert len(standard) == 12100 and standard.levels == (1, 3, 5, 7, 10) and standard.problems_per_level == 10
    assert quick.tasks == standard.tasks and len(standard.tasks) == 242


def test_quick_v1_problems_never_change():
    suite = load_suite("quick-v1")
    assert suite.definition_digest() == QUICK_V1_DEFINITION
    assert suite.digest() == QUICK_V1_DIGEST


def test_standard_v1_problems_never_change():
    suite = load_suite("standard-v1")
    assert suite.definition_digest() == STANDARD_V1_DEFINITION
    items = suite.items()
    listing = "\n".join(f"{item.id} {item.seed}" for item in items)
    assert hashlib.sha256(listing.encode()).hexdigest() == STANDARD_V1_ITEMS
    # Generating all 12,100 problems is too slow for CI; a fixed subset pins the generators.
    assert suite.digest(item for item in items if item.index == 0) == STANDARD_V1_SAMPLE_DIGEST


@pytest.mark.parametrize("name", ["quick-v1", "standard-v1"])
def test_suite_seeds_are_reserved_and_distinct(name):
    items = load_suite(name).items()
    assert all(is_eval_seed(item.seed) for item in items)
    assert len({item.seed for item in items}) == len(items)
    assert len({item.id for item in items}) == len(items)


def test_unknown_suite_and_missing_task(tmp_path, tiny_suite):
    with pytest.raises(KeyError, match="unknown suite 'nope-v1'; suites: quick-v1, standard-v1"):
        load_suite("nope-v1")
    bad = tmp_path / "bad-v1.json"
    bad.write_text('{"name": "bad-v1", "tasks": ["graphs/no_such_task"], "levels": [1], "problems_per_level": 1}')
    with pytest.raises(KeyError, match="not registered: graphs/no_such_task"):
        load_suite(str(bad))


def test_eval_range_constants():
    assert EVAL_SEED_START == 2**62 and EVAL_SEED_START + EVAL_SEED_COUNT < 2**63  # fits int64
    assert not is_eval_seed(EVAL_SEED_START - 1) and is_eval_seed(EVAL_SEED_START)
    assert not is_eval_seed(EVAL_SEED_START + EVAL_SEED_COUNT)
