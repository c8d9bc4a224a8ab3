"""Long fuzzing run: hypothesis-generated hostile responses against every verifier, and hostile
actions against every interactive step.

    python bench/fuzz.py [--examples 200] [--tasks "algebra/*"] [--seed 0] [--level 3] [--workers 2]
                         [--out bench/results/fuzz.json]

Per task it runs `--examples` responses through `verify` (and as many actions through `step` for
interactive tasks), plus every injection payload of procgym.hostile inside a Monitor, and
records: examples run, failures (a broken promise from procgym.fuzzing, an injection that ran
something or was rewarded), and the slowest single verify or step call. Failures keep the input
(in full up to 4000 characters) so each can become a regression test in tests/regressions/.
It prints a table of the slowest tasks and every failure, and writes everything as JSON.
Exit status 1 when anything failed.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st
from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import portable_args  # noqa: E402  (a sibling script)
import procgym
from procgym.fuzzing import actions, responses, step_failures, verify_failures
from procgym.hostile import INJECTIONS, Monitor, wrapped

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "fuzz.json"
KEEP_CHARS = 4000


def _sample(text) -> dict:
    text = str(text)
    return {"length": len(text), "text": text if len(text) <= KEEP_CHARS else None, "preview": text[:200]}


def fuzz_task(name: str, examples: int, master_seed: int, level: int) -> dict:
    """Fuzz one task; returns its row for the report."""
    task = procgym.get(name)
    problem = task.generate(seed=0, difficulty=level)
    row = {"task": name, "examples": 0, "step_examples": 0, "injections": 0, "failures": [], "worst_s": 0.0,
           "worst_input": None}

    def record(kind, text, seconds, failures):
        if seconds > row["worst_s"]:
            row["worst_s"], row["worst_input"] = seconds, _sample(text)["preview"]
        for failure in failures:
            if len(row["failures"]) < 20:
                row["failures"].append({"kind": kind, "failure": failure, "input": _sample(text)})

    conf = settings(max_examples=examples, deadline=None, database=None, derandomize=False,
                    suppress_health_check=list(HealthCheck))

    @seed(master_seed)
    @conf
    @given(st.data())
    def fuzz_verify(data):
        text = data.draw(responses(problem))
        start = time.perf_counter()
        failures = verify_failures(task, problem, text)
        record("verify", text, (time.perf_counter() - start) / 2, failures)  # verify_failures calls twice
        row["examples"] += 1

    fuzz_verify()
    if task.interactive:
        state = task.initial_state(problem)

        @seed(master_seed)
        @conf
        @given(st.data())
        def fuzz_step(data):
            action = data.draw(actions(problem))
            start = time.perf_counter()
            failures = step_failures(task, problem, state, action)
            record("step", action, (time.perf_counter() - start) / 2, failures)
            row["step_examples"] += 1

        fuzz_step()
    _injections(task, problem, row, record)
    return row


def _injections(task, problem, row, record) -> None:
    """Every payload through verify (and step) inside a Monitor, in an empty tmp working folder."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            for payload in INJECTIONS:
                with Monitor() as seen:
                    start = time.perf_counter()
                    verdict = task.verify(problem, wrapped(payload))
                    seconds = time.perf_counter() - start
                    failures = [f"injection ran something: {seen.events[:3]}"] if seen.events else []
                    if verdict.reward != 0.0 and payload.strip() != problem.answer.strip():
                        failures.append(f"injection rewarded {verdict.reward}")
                    if task.interactive:
                        task.step(problem, task.initial_state(problem), payload)
                        failures += [f"step injection ran something: {seen.events[:3]}"] if seen.events else []
                if os.listdir(tmp):
                    failures.append(f"files appeared: {os.listdir(tmp)}")
                record("injection", payload, seconds, failures)
                row["injections"] += 1
        finally:
            os.chdir(here)


def _fuzz_job(job) -> dict:
    return fuzz_task(*job)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--examples", type=int, default=200, help="hypothesis examples per task (and per step)")
    ap.add_argument("--tasks", default="*", help="glob(s), comma-separated")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--workers", type=int, default=1, help="processes, each fuzzing whole tasks")
    ap.add_argument("--out", default=str(DEFAULT_OUT))
    args = ap.parse_args(argv)
    if args.examples < 1:
        ap.error("--examples must be positive")
    names = procgym.select(args.tasks)
    rows, start = [], time.perf_counter()
    jobs = [(name, args.examples, args.seed, args.level) for name in names]
    if args.workers > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(args.workers) as pool:
            rows = list(tqdm(pool.imap_unordered(_fuzz_job, jobs), total=len(jobs), unit="task"))
    else:
        rows = [fuzz_task(*job) for job in tqdm(jobs, unit="task")]
    rows.sort(key=lambda r: r["task"])
    elapsed = time.perf_counter() - start

    print(f"\n{'task':44} {'examples':>8} {'steps':>6} {'inject':>6} {'fail':>4} {'worst ms':>9}  worst input")
    for r in sorted(rows, key=lambda r: -r["worst_s"])[:25]:
        print(f"{r['task']:44} {r['examples']:8d} {r['step_examples']:6d} {r['injections']:6d} {len(r['failures']):4d} "
              f"{r['worst_s'] * 1000:9.1f}  {(r['worst_input'] or '')[:40]!r}")
    failed = [r for r in rows if r["failures"]]
    for r in failed:
        for f in r["failures"]:
            print(f"FAIL {r['task']} [{f['kind']}] {f['failure'][:120]} <- {f['input']['preview'][:80]!r}")
    worst = max(rows, key=lambda r: r["worst_s"])
    summary = {"tasks": len(rows), "examples_per_task": args.examples,
               "verify_examples": sum(r["examples"] for r in rows),
               "step_examples": sum(r["step_examples"] for r in rows),
               "injections": sum(r["injections"] for r in rows),
               "tasks_with_failures": len(failed), "failures": sum(len(r["failures"]) for r in rows),
               "worst_s": worst["worst_s"], "worst_task": worst["task"], "elapsed_s": round(elapsed, 1)}
    print("\n" + ", ".join(f"{k}={v}" for k, v in summary.items()))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps({"summary": summary, "args": portable_args(args), "python": sys.version.split()[0],
                               "platform": platform.platform(), "when": datetime.now(timezone.utc).isoformat(),
                               "tasks": rows}, indent=1))
    print(f"wrote {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
