"""What the per-call time budget (procgym.budget) adds to a verification.

    python bench/budget_overhead.py [--tasks "arithmetic/*"] [--calls 2000] [--out bench/results/budget_overhead.json]

Times `Task.verify` on the reference answer of simple tasks, and the same call with the budget
made a no-op (start/stop/check replaced by functions that do nothing), interleaved in rounds so
machine noise hits both alike. Prints the median per call of each and their difference.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import portable_args  # noqa: E402  (a sibling script)
import procgym
from procgym import budget, task as task_module
from procgym.contract import tag

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "budget_overhead.json"


def _median_call(task, problem, text, calls: int) -> float:
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        task.verify(problem, text)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


class _NoBudget:
    """The budget module's interface, doing nothing."""
    DEFAULT_BUDGET_S = budget.DEFAULT_BUDGET_S

    @staticmethod
    def start(seconds):
        return None

    @staticmethod
    def stop(token):
        return None

    @staticmethod
    def check():
        return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--tasks", default="arithmetic/*,strings/*")
    ap.add_argument("--calls", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    args = ap.parse_args(argv)
    rows = []
    for name in procgym.select(args.tasks):
        task = procgym.get(name)
        problem = task.generate(seed=0, difficulty=3)
        text = tag(problem.answer)
        with_budget, without = [], []
        for _ in range(args.rounds):
            with_budget.append(_median_call(task, problem, text, args.calls // args.rounds))
            task_module._budget = _NoBudget
            try:
                without.append(_median_call(task, problem, text, args.calls // args.rounds))
            finally:
                task_module._budget = budget
        rows.append({"task": name, "median_us": statistics.median(with_budget) * 1e6,
                     "median_no_budget_us": statistics.median(without) * 1e6})
    print(f"{'task':44} {'verify us':>10} {'no budget':>10} {'added':>8}")
    for r in rows:
        print(f"{r['task']:44} {r['median_us']:10.2f} {r['median_no_budget_us']:10.2f} "
              f"{r['median_us'] - r['median_no_budget_us']:8.2f}")
    summary = {"tasks": len(rows), "median_verify_us": statistics.median(r["median_us"] for r in rows),
               "median_no_budget_us": statistics.median(r["median_no_budget_us"] for r in rows)}
    summary["median_added_us"] = summary["median_verify_us"] - summary["median_no_budget_us"]
    print("\n" + ", ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}" for k, v in summary.items()))
    Path(args.out).write_text(json.dumps({"summary": summary, "args": portable_args(args), "python": sys.version.split()[0],
                                          "tasks": rows}, indent=1))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
