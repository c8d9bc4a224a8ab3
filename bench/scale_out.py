"""Dataset generation throughput: one process, a pool of processes, and a local Ray pipeline.

    python bench/scale_out.py [-n 100000] [--tasks "*"] [--levels 1-10] [--workers 2] [--ray-cpus 2]
                              [--modes 1,pool,ray] [--out bench/results/scale_out.json]

Each mode writes the same mixed dataset (all selected tasks, levels cycling) as Parquet:
"1" with procgym.datasets.write_parquet in this process, "pool" with write_parquet(workers=N),
"ray" with write_parquet_ray on a local Ray instance started with --ray-cpus CPUs. It reports wall
time, problems/s and speedup over one process, and checks that every mode wrote a byte-identical
file (sha256). The machine's load average is recorded before and after each mode: on a shared
machine the figures vary with what else runs.

Before timing, a pre-flight generates one problem of every task at levels 1 and 10 under a
time limit; a task that exceeds it (a hang) is left out and reported, so one broken task cannot
stall the benchmark.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import signal
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

import procgym
from procgym import datasets

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "scale_out.json"


class _Timeout(Exception):
    pass


def preflight(names: list[str], levels: list[int], limit: float) -> tuple[list[str], dict[str, str]]:
    """Tasks whose first problem at the lowest and highest level generates within `limit` seconds."""
    def alarm(*_):
        raise _Timeout

    previous = signal.signal(signal.SIGALRM, alarm)
    kept, dropped = [], {}
    try:
        for name in names:
            for level in sorted({min(levels), max(levels)}):
                signal.setitimer(signal.ITIMER_REAL, limit)
                try:
                    procgym.get(name).generate(seed=0, difficulty=level)
                except _Timeout:
                    dropped[name] = f"level {level} took over {limit:g} s"
                    break
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            else:
                kept.append(name)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return kept, dropped


def sha256(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def run_mode(mode: str, path: str, names, levels, n: int, seed: int, workers: int, ray_cpus: int) -> dict:
    load_before = os.getloadavg()[0]
    start = time.perf_counter()
    if mode == "1":
        datasets.write_parquet(path, names, levels, n, seed, progress=False)
        label, procs = "1 process", 1
    elif mode == "pool":
        datasets.write_parquet(path, names, levels, n, seed, workers=workers, progress=False)
        label, procs = f"{workers} processes (pool)", workers
    elif mode == "ray":
        import ray

        ray.init(num_cpus=ray_cpus, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
        try:
            start = time.perf_counter()  # Ray's start-up is reported apart from generation
            datasets.write_parquet_ray(path, names, levels, n, seed, progress=False)
        finally:
            ray.shutdown()
        label, procs = f"Ray Data, local, {ray_cpus} CPUs", ray_cpus
    else:
        raise ValueError(f"unknown mode {mode!r} (1, pool, ray)")
    seconds = time.perf_counter() - start
    return {"mode": mode, "label": label, "processes": procs, "records": n, "seconds": seconds,
            "per_s": n / seconds, "load_before": load_before, "load_after": os.getloadavg()[0],
            "sha256": sha256(path), "bytes": os.path.getsize(path)}


def differing_tasks(paths: list[str], modes: list[str]) -> dict[str, list[str]]:
    """Per mode, the tasks whose records differ from the first mode's file. (A generator edited
    while the benchmark runs makes modes that import it later disagree.)"""
    import pyarrow.parquet as pq

    first = pq.read_table(paths[0], columns=["task", "problem"]).to_pylist()
    out = {}
    for path, mode in zip(paths[1:], modes[1:]):
        other = pq.read_table(path, columns=["task", "problem"]).to_pylist()
        tasks = sorted({a["task"] for a, b in zip(first, other) if a != b})
        if tasks or len(first) != len(other):
            out[mode] = tasks
    return out


def table(rows: list[dict]) -> str:
    base = next((r["per_s"] for r in rows if r["mode"] == "1"), None)
    out = [f"{'mode':<30} {'records':>8} {'seconds':>8} {'problems/s':>11} {'speedup':>8} {'load 1m':>12}  sha256",
           "-" * 100]
    for r in rows:
        speed = f"{r['per_s'] / base:.2f}x" if base else "-"
        out.append(f"{r['label']:<30} {r['records']:>8} {r['seconds']:>8.1f} {r['per_s']:>11.1f} {speed:>8} "
                   f"{r['load_before']:>5.1f}->{r['load_after']:<5.1f}  {r['sha256'][:12]}")
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-n", type=int, default=100_000)
    p.add_argument("--tasks", default="*")
    p.add_argument("--levels", default="1-10")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--ray-cpus", type=int, default=2)
    p.add_argument("--modes", default="1,pool,ray")
    p.add_argument("--preflight-limit", type=float, default=10.0, help="seconds (default 10)")
    p.add_argument("--out", default=str(DEFAULT_OUT))
    args = p.parse_args(argv)

    levels = datasets.parse_levels(args.levels)
    names, dropped = preflight(procgym.tasks("*") if args.tasks == "*" else datasets.select(args.tasks), levels,
                               args.preflight_limit)
    for name, why in dropped.items():
        print(f"left out {name}: {why}", file=sys.stderr)
    print(f"{args.n} problems from {len(names)} tasks, levels {args.levels}, on {os.cpu_count()} CPUs "
          f"(load average {os.getloadavg()[0]:.1f})", file=sys.stderr)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for mode in args.modes.split(","):
            row = run_mode(mode.strip(), os.path.join(tmp, f"{mode.strip()}.parquet"), names, levels, args.n,
                           args.seed, args.workers, args.ray_cpus)
            rows.append(row)
            print(f"{row['label']}: {row['seconds']:.1f} s, {row['per_s']:.1f} problems/s", file=sys.stderr)
        identical = len({r["sha256"] for r in rows}) == 1
        differing = {} if identical else differing_tasks(
            [os.path.join(tmp, f"{r['mode']}.parquet") for r in rows], [r["mode"] for r in rows])
    print(table(rows))
    print(f"\nbyte-identical files across modes: {'yes' if identical else 'NO'}")
    for mode, tasks in differing.items():
        print(f"  {mode} differs from the first mode in {len(tasks)} task(s): {', '.join(tasks[:10])}")
    result = {"meta": {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                       "python": platform.python_version(), "platform": platform.platform(),
                       "cpus": os.cpu_count(), "n": args.n, "tasks": len(names), "levels": args.levels,
                       "seed": args.seed, "left_out": dropped,
                       "note": "shared machine: other jobs ran during the measurement (see load averages)"},
              "rows": rows, "identical": identical, "differing_tasks": differing}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    print(f"wrote {args.out}", file=sys.stderr)
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
