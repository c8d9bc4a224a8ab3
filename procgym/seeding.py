"""Stable seeding: random streams derived from a hash of their inputs.

Python's `hash()` changes with PYTHONHASHSEED, so every seed here comes from SHA-256 of a
canonical JSON encoding. `random.Random(int)` and its `random()` sequence are stable across
platforms and Python versions.
"""
from __future__ import annotations

import hashlib
import json
import random


def stable_seed(*parts) -> int:
    """A 64-bit integer determined only by `parts` (any JSON-serialisable values)."""
    blob = json.dumps(parts, sort_keys=True, separators=(",", ":"), default=str)
    return int.from_bytes(hashlib.sha256(blob.encode()).digest()[:8], "big")


def stable_rng(*parts) -> random.Random:
    """A `random.Random` whose stream depends only on `parts`."""
    return random.Random(stable_seed(*parts))


class LazyRng:
    """Stands in for `stable_rng(*parts)` and builds it on first use: the same stream, but no
    hashing and no Mersenne Twister seeding (about 8 us together) when nothing draws from it,
    as when every knob of a level is fixed (most levels of most tasks)."""

    __slots__ = ("_parts", "_rng")

    def __init__(self, *parts):
        self._parts = parts
        self._rng = None

    def __getattr__(self, name):
        if self._rng is None:
            self._rng = stable_rng(*self._parts)
        return getattr(self._rng, name)


# Evaluation suites (procgym.leaderboard) draw their problem seeds from this range and nothing else
# does by default: dataset_seed skips it, env.reset(seed=None) draws below 2**62 and the trainer's
# problem seeds are below 2**31. So no default training set or `procgym generate` dataset can hold
# an evaluation problem. The range fits in a signed 64-bit integer (Parquet, Arrow, numpy int64).
EVAL_SEED_START = 2**62
EVAL_SEED_COUNT = 2**40


def is_eval_seed(seed: int) -> bool:
    """True when `seed` lies in the range reserved for evaluation suites."""
    return EVAL_SEED_START <= seed < EVAL_SEED_START + EVAL_SEED_COUNT


def eval_seed(*parts) -> int:
    """A problem seed inside the reserved evaluation range, determined only by `parts`."""
    return EVAL_SEED_START + stable_seed("eval", *parts) % EVAL_SEED_COUNT


def dataset_seed(master_seed: int, index: int) -> int:
    """The problem seed of a dataset's `index`-th record. Unlike `master_seed + index`, datasets
    with neighbouring master seeds do not share problems. Never a reserved evaluation seed: a hash
    landing in that range (about once in 8 million) is rehashed, every other seed is unchanged."""
    seed = stable_seed("dataset", master_seed, index) % (2**63)
    retry = 0
    while is_eval_seed(seed):
        retry += 1
        seed = stable_seed("dataset", master_seed, index, retry) % (2**63)
    return seed
