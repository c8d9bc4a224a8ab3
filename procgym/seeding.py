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


def dataset_seed(master_seed: int, index: int) -> int:
    """The problem seed of a dataset's `index`-th record. Unlike `master_seed + index`, datasets
    with neighbouring master seeds do not share problems."""
    return stable_seed("dataset", master_seed, index) % (2**63)
