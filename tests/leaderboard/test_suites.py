"""Suites are fixed by their version: their problems, seeds and definitions never change, and
their seeds lie in the range reserved for evaluation."""
import hashlib

import pytest

from procgym.leaderboard.suites import load_suite, suite_names
from procgym.seeding import EVAL_SEED_COUNT, EVAL_SEED_START, is_eval_seed

# Digests of the released suites. A change here means a suite's problems changed: that is a new
# suite version (standard-v2), never an edit of these constants.
QUICK_V1_DIGEST = "676b6ece59cb6aedeb67b3be57f50490536f4fc8fcd0e8928a59fd1263bc01f0"
QUICK_V1_DEFINITION = "ed178364ee1cd3a33e18481c8fe41ec7705030305cb49297b14296d5c65c5b7d"
STANDARD_V1_DEFINITION = "f6beaebb76070ac9ca2ec0c797c3a9c94e7638e5ef2bf4a57653618ccd18ce16"
# every (id, seed) of standard-v1
STANDARD_V1_ITEMS = "703cf84e140d4daf5bf5b0103abf6b3c720d331e889db4eaac4958611bb6cdf2"
# the problem records of index 0 at every task and level of standard-v1
STANDARD_V1_SAMPLE_DIGEST = "50c2147db6aa748c46bba89092d183b50c65c5bf3fd2014d37ea2d33226958de"


def test_released_suites():
    assert suite_names() == ["quick-v1", "standard-v1"]
    quick, standard = load_suite("quick-v1"), load_suite("standard-v1")
    assert len(quick) == 640 and quick.levels == (1, 5)
    assert len(standard) == 16000 and standard.levels == (1, 3, 5, 7, 10) and standard.problems_per_level == 10
    assert quick.tasks == standard.tasks and len(standard.tasks) == 320


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
    # Generating all 16,000 problems is too slow for CI; a fixed subset pins the generators.
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
