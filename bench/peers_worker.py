"""Measure reasoning-gym's generation and verification rates; run by bench/peers.py in the peer venv.

    bench/.peers-venv/bin/python bench/peers_worker.py '{"seconds": 0.2, "seed": 1234, "datasets": null}'

This script imports only the standard library and reasoning_gym, because it runs in the separate
virtual environment that holds reasoning-gym (never a procgym dependency). For each dataset, at
its default configuration, it times `dataset[i]` over distinct indices for `seconds` (after a short
warm-up), then times `dataset.score_answer(entry["answer"], entry)` call by call on those entries
for `seconds`. It prints one JSON object per dataset on its own line, then a final
{"done": true, ...} line, so the caller can show progress and keep partial results.
"""
from __future__ import annotations

import gc
import importlib.metadata
import json
import sys
import time

# CPU time of this thread: the machines are shared, and wall time would count other processes.
clock = time.thread_time
SIZE = 2000  # entries per dataset at most; a few datasets build all `size` entries up front
WARMUP_S = 0.05


def quantiles(values: list[float], qs=(50, 90, 99)) -> dict:
    """Nearest-rank quantiles of a non-empty list, keyed "p50", "p90", ...; plus "max"."""
    xs = sorted(values)
    out = {f"p{q:g}": xs[min(len(xs) - 1, int(q / 100 * len(xs)))] for q in qs}
    out["max"] = xs[-1]
    return out


def measure(name: str, seconds: float, seed: int) -> dict:
    """Generation rate, verification rate and per-call verify latency of one dataset."""
    import reasoning_gym

    start = clock()
    dataset = reasoning_gym.create_dataset(name, seed=seed, size=SIZE)
    init_s = clock() - start
    i, start = 0, clock()
    while (clock() - start < WARMUP_S or i == 0) and i < SIZE // 4:  # first-use caches, lazy loads
        dataset[i]
        i += 1
    entries, start = [], clock()
    while i < SIZE:
        entries.append(dataset[i])
        i += 1
        gen_s = clock() - start
        if gen_s >= seconds:
            break
    gen_s += init_s * len(entries) / SIZE  # the entries' share of an up-front build
    calls, scores = [], []
    for entry in entries[:3]:  # warm the scorer (imports, compiled patterns)
        dataset.score_answer(entry["answer"], entry)
    start = clock()
    while True:
        entry = entries[len(calls) % len(entries)]
        t0 = clock()
        score = dataset.score_answer(entry["answer"], entry)
        calls.append(clock() - t0)
        scores.append(float(score or 0.0))
        if clock() - start >= seconds:
            break
    ver_s = clock() - start
    return {"dataset": name, "init_s": init_s, "generated": len(entries), "gen_seconds": gen_s,
            "gen_per_s": len(entries) / gen_s, "verified": len(calls), "verify_seconds": ver_s,
            "verify_per_s": len(calls) / ver_s, "verify_call_s": quantiles(calls),
            "reference_score_mean": sum(scores) / len(scores)}


def main() -> int:
    options = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    seconds, seed = float(options.get("seconds", 0.2)), int(options.get("seed", 1234))
    from reasoning_gym.factory import DATASETS

    names = options.get("datasets") or sorted(DATASETS)
    print(json.dumps({"version": importlib.metadata.version("reasoning-gym"), "datasets": names,
                      "python": sys.version.split()[0], "size": SIZE}), flush=True)
    out, sys.stdout = sys.stdout, sys.stderr  # whatever a dataset prints must not corrupt the JSON lines
    for name in names:
        gc.collect()
        gc.disable()  # as timeit does, and as bench/peers.py does for procgym
        try:
            row = measure(name, seconds, seed)
        except Exception as exc:  # a dataset that needs a config (composite) or extra data
            row = {"dataset": name, "error": f"{type(exc).__name__}: {str(exc)[:200]}"}
        finally:
            gc.enable()
        print(json.dumps(row), file=out, flush=True)
    print(json.dumps({"done": True}), file=out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
