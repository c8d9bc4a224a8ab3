"""Generation and verification speed of every task, per difficulty level, on one core.

    python bench/generation.py [--tasks "graphs/*"] [--levels 1,5,10] [--seconds 0.2] [--quick] [--clock cpu]
                               [--out bench/results/generation.json]

For each task and level (a "cell") it generates problems from distinct seeds for a fixed time
budget after a short warm-up (generation rate), then verifies the reference answer, wrapped in
<answer></answer>, on those problems for the same budget (verification rate). Once per task it
times verify on every input of procgym.contract.HOSTILE at level 5 and keeps the slowest.
Everything runs in this one process, so on one core. It prints a table and a summary and writes
all numbers as JSON to --out. --quick (levels 1,5,10, 0.05 s per cell) is for smoke runs.

A task is flagged when it generates fewer than 1000 problems/s at level 5 or fewer than 100/s at
any level; the "doc" column says whether its docstring explains it (mentions "slow", "why" or "/s").
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import sys
import time
from datetime import datetime, timezone
from pathlib import Path

from tqdm import tqdm

import procgym
from procgym.contract import HOSTILE

ALL_LEVELS = tuple(range(1, 11))
HOSTILE_LEVEL = 5
FLAG_L5, FLAG_ANY = 1000.0, 100.0  # problems/s
DOC_WORDS = re.compile(r"\bslow|\bwhy\b|/s\b", re.IGNORECASE)  # "slow(er)", "why", "problems/s"
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "generation.json"
# "wall" (perf_counter) on an idle machine; "cpu" (this thread's CPU time) when other processes
# share the cores: a busy machine then slows the run down but not the figures.
CLOCKS = {"wall": time.perf_counter, "cpu": time.thread_time}
clock = CLOCKS["wall"]


# --------------------------------------------------------------------------- measurements

def timed_loop(step, seconds: float) -> tuple[int, float]:
    """Call step(i) for i = 0, 1, ... until `seconds` have passed (at least once): (calls, elapsed)."""
    start = clock()
    n = 0
    while True:
        step(n)
        n += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return n, elapsed


def measure_cell(name: str, level: int, seconds: float = 0.2, warmup: float | None = None) -> dict:
    """Generation and verification rates of one task at one level.

    Warm-up seeds come first; the timed generation uses the seeds after them, all distinct.
    """
    task = procgym.get(name)
    warmup = min(0.05, seconds / 4) if warmup is None else warmup
    n_warm, _ = timed_loop(lambda i: task.generate(seed=i, difficulty=level), warmup)
    problems = []
    n_gen, t_gen = timed_loop(lambda i: problems.append(task.generate(seed=n_warm + i, difficulty=level)), seconds)
    texts = [f"<answer>{p.answer}</answer>" for p in problems]
    rejected = []

    def verify(i: int) -> None:
        k = i % len(problems)
        if not task.verify(problems[k], texts[k]).correct:
            rejected.append(problems[k].seed)

    n_ver, t_ver = timed_loop(verify, seconds)
    return {"level": level, "generated": n_gen, "gen_seconds": t_gen, "gen_per_s": n_gen / t_gen,
            "verified": n_ver, "verify_seconds": t_ver, "verify_per_s": n_ver / t_ver,
            "reference_rejected": len(rejected), "rejected_seeds": sorted(set(rejected))[:10]}


def hostile_max(name: str, level: int = HOSTILE_LEVEL) -> dict:
    """The slowest single verify over the contract's HOSTILE inputs (seconds, and which input)."""
    task = procgym.get(name)
    problem = task.generate(seed=0, difficulty=level)
    worst, worst_text = 0.0, ""
    for text in HOSTILE:
        start = clock()
        task.verify(problem, text)  # never raises by contract; the contract suite checks that
        seconds = clock() - start
        if seconds > worst:
            worst, worst_text = seconds, text
    return {"hostile_max_s": worst, "hostile_worst_input": worst_text[:40]}


def doc_explains_slow(name: str) -> bool:
    """Whether the task's docstring explains its speed: mentions "slow", "why" or "/s"."""
    return bool(DOC_WORDS.search(type(procgym.get(name)).__doc__ or ""))


def summarise_task(name: str, cells: list[dict], hostile: dict) -> dict:
    """One task's row: its cells plus the derived columns (min level, flag, doc)."""
    ok = [c for c in cells if "error" not in c]
    by_level = {c["level"]: c for c in ok}
    slowest = min(ok, key=lambda c: c["gen_per_s"]) if ok else None
    l5 = by_level.get(5, {}).get("gen_per_s")
    flagged = bool(len(ok) < len(cells) or (l5 is not None and l5 < FLAG_L5)
                   or (slowest and slowest["gen_per_s"] < FLAG_ANY))
    return {"task": name, "category": name.split("/", 1)[0], "cells": cells, **hostile,
            "min_gen_per_s": slowest["gen_per_s"] if slowest else None,
            "min_level": slowest["level"] if slowest else None,
            "flagged": flagged, "doc_explains": doc_explains_slow(name)}


def measure_task(name: str, levels=ALL_LEVELS, seconds: float = 0.2, progress=None, hostile: bool = True) -> dict:
    """Every level of one task plus the hostile timing; a failing cell is recorded, not raised."""
    cells = []
    highest = procgym.get(name).max_level
    for level in levels:
        if level > highest:  # a task that caps lower: no cell (the summary lists it as capped)
            if progress:
                progress.update(1)
            continue
        try:
            cells.append(measure_cell(name, level, seconds))
        except Exception as exc:  # a broken generator must not stop the whole benchmark
            cells.append({"level": level, "error": f"{type(exc).__name__}: {exc}"})
        if progress:
            progress.update(1)
    if not hostile:  # the headroom run measures generation only; hostile timing is level 5's
        return summarise_task(name, cells, {"hostile_max_s": None, "hostile_skipped": True})
    try:
        hostile = hostile_max(name)
    except Exception as exc:
        hostile = {"hostile_max_s": None, "hostile_error": f"{type(exc).__name__}: {exc}"}
    return summarise_task(name, cells, hostile)


# --------------------------------------------------------------------------- reporting

def rate(row: dict, level: int, key: str = "gen_per_s"):
    cell = next((c for c in row["cells"] if c["level"] == level), None)
    if cell is None:
        return None
    return "ERR" if "error" in cell else cell[key]


def percentile(values: list[float], q: float) -> float:
    """Linear-interpolated q-th percentile (0..100) of a non-empty list."""
    xs = sorted(values)
    pos = (len(xs) - 1) * q / 100
    lo = int(pos)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (pos - lo)


def summarise(rows: list[dict], ref_level: int = 5) -> dict:
    """Across tasks: medians, 10th percentile, the slowest tasks."""
    at_ref = [(r["task"], v) for r in rows if isinstance(v := rate(r, ref_level), float)]
    verify = [v for r in rows if isinstance(v := rate(r, ref_level, "verify_per_s"), float)]
    overall = [r for r in rows if r["min_gen_per_s"] is not None]
    worst = min(overall, key=lambda r: r["min_gen_per_s"], default=None)
    gen = [v for _, v in at_ref]
    return {
        "tasks": len(rows), "ref_level": ref_level,
        "gen_median": statistics.median(gen) if gen else None,
        "gen_p10": percentile(gen, 10) if gen else None,
        "slowest_at_ref": min(at_ref, key=lambda t: t[1], default=None),
        "slowest_overall": (worst["task"], worst["min_level"], worst["min_gen_per_s"]) if worst else None,
        "verify_median": statistics.median(verify) if verify else None,
        "flagged": [r["task"] for r in rows if r["flagged"]],
        "errors": [r["task"] for r in rows if any("error" in c for c in r["cells"]) or "hostile_error" in r],
    }


def fmt(x) -> str:
    """A rate as 950, 12.3k or 1.2M; '-' when not measured."""
    if x is None:
        return "-"
    if isinstance(x, str):
        return x
    if x >= 1e6:
        return f"{x / 1e6:.1f}M"
    if x >= 1e4:
        return f"{x / 1e3:.0f}k"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


def table(rows: list[dict], ref_level: int = 5, levels=(1, 5, 10)) -> str:
    shown = sorted({levels[0], ref_level, levels[-1]})  # the first, reference and last level measured
    while len(shown) < 3:
        shown.append(shown[-1])
    header = ["category", "task", *(f"gen/s L{lv}" for lv in shown), "min (level)", f"verify/s L{ref_level}",
              "hostile ms", "flag", "doc"]
    lines = []
    for r in rows:
        hostile = r.get("hostile_max_s")
        lines.append([
            r["category"], r["task"].split("/", 1)[1], *(fmt(rate(r, lv)) for lv in shown),
            f"{fmt(r['min_gen_per_s'])} (L{r['min_level']})" if r["min_level"] else "ERR",
            fmt(rate(r, ref_level, "verify_per_s")), "ERR" if hostile is None else f"{hostile * 1e3:.1f}",
            "SLOW" if r["flagged"] else "", ("yes" if r["doc_explains"] else "no") if r["flagged"] else "",
        ])
    widths = [max(len(str(x)) for x in col) for col in zip(header, *lines)]
    left = {0, 1, 8, 9}
    render = lambda cols: "  ".join(str(c).ljust(w) if i in left else str(c).rjust(w)
                                    for i, (c, w) in enumerate(zip(cols, widths))).rstrip()
    return "\n".join([render(header), render(["-" * w for w in widths])] + [render(x) for x in lines])


def summary_lines(s: dict) -> list[str]:
    lvl = s["ref_level"]
    out = [f"tasks: {s['tasks']}",
           f"generation at L{lvl}: median {fmt(s['gen_median'])}/s, 10th percentile {fmt(s['gen_p10'])}/s"]
    if s["slowest_at_ref"]:
        out.append(f"slowest at L{lvl}: {s['slowest_at_ref'][0]} ({fmt(s['slowest_at_ref'][1])}/s)")
    if s["slowest_overall"]:
        name, level, value = s["slowest_overall"]
        out.append(f"slowest overall: {name} at L{level} ({fmt(value)}/s)")
    out.append(f"verification at L{lvl}: median {fmt(s['verify_median'])}/s")
    out.append(f"flagged (L5 < {FLAG_L5:.0f}/s or any level < {FLAG_ANY:.0f}/s): {len(s['flagged'])}"
               + (f" ({', '.join(s['flagged'])})" if s["flagged"] else ""))
    if s["errors"]:
        out.append(f"errors: {', '.join(s['errors'])}")
    return out


# --------------------------------------------------------------------------- main

def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", default="*", help='glob(s), comma-separated (default "*")')
    ap.add_argument("--levels", default=None, help='comma-separated levels (default all 1-10), e.g. "1,5,10" or "15,20"')
    ap.add_argument("--seconds", type=float, default=None, help="time budget per cell and phase (default 0.2)")
    ap.add_argument("--quick", action="store_true", help="smoke run: levels 1,5,10 and 0.05 s per cell")
    ap.add_argument("--clock", choices=sorted(CLOCKS), default="wall",
                    help="wall time (default; an idle machine) or this thread's CPU time (a shared, busy machine)")
    ap.add_argument("--no-hostile", action="store_true", help="skip the hostile-input timing (for runs at other levels)")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="JSON output (default bench/results/generation.json)")
    args = ap.parse_args(argv)
    default_levels, default_seconds = ("1,5,10", 0.05) if args.quick else (None, 0.2)
    levels = args.levels or default_levels
    args.levels = tuple(sorted({int(x) for x in levels.split(",")})) if levels else ALL_LEVELS
    args.seconds = args.seconds if args.seconds is not None else default_seconds
    if any(not 1 <= lv <= 20 for lv in args.levels) or args.seconds <= 0:
        ap.error("levels must be in 1..20 and --seconds positive")
    return args


def main(argv=None) -> int:
    global clock
    args = parse_args(argv)
    clock = CLOCKS[args.clock]
    names = procgym.select(args.tasks)
    ref_level = 5 if 5 in args.levels else args.levels[len(args.levels) // 2]
    started = time.perf_counter()
    rows = []
    with tqdm(total=len(names) * len(args.levels), file=sys.stderr, unit="cell", desc="bench") as bar:
        for name in names:
            bar.set_postfix_str(name)
            rows.append(measure_task(name, args.levels, args.seconds, progress=bar, hostile=not args.no_hostile))
    summary = summarise(rows, ref_level)
    print(table(rows, ref_level, args.levels))
    print()
    print("\n".join(summary_lines(summary)))
    meta = {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "procgym": procgym.__version__,
            "python": platform.python_version(), "platform": platform.platform(), "cpu": platform.processor(),
            "cpus_visible": os.cpu_count(), "tasks_glob": args.tasks, "levels": list(args.levels),
            "seconds_per_cell": args.seconds, "clock": args.clock, "hostile_level": HOSTILE_LEVEL,
            "wall_seconds": time.perf_counter() - started}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"meta": meta, "summary": summary, "tasks": rows}, indent=1) + "\n")
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
