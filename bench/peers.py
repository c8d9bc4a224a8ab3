"""procgym side by side with reasoning-gym: generation and verification rates, same machine, same run.

    python bench/peers.py [--seconds 0.1] [--levels 1,3,5,10] [--tasks "*"] [--quick]
                          [--venv bench/.peers-venv] [--no-peer] [--out bench/results/peers.json]

reasoning-gym (pinned below) lives in its own virtual environment, created on the first run
(`python -m venv` plus `pip install reasoning-gym==<pin>`), so it never becomes a procgym
dependency; bench/peers_worker.py measures it there and prints JSON lines. Only numbers cross
over: none of reasoning-gym's code or text enters this repository.

Measured, one library after the other in this one run:
- generation rate per task: procgym at each level of --levels (its default level is 3);
  reasoning-gym per dataset at its default configuration;
- all times are CPU time of the measuring thread (time.thread_time), in both libraries, since
  the machines these run on are shared: a rate is problems per CPU-second; the garbage collector
  is off while a cell is timed (as in timeit), in both;
- verification rate per task, and the time of each verify call (the reference answer, wrapped
  in <answer></answer> for procgym, given as the answer string to reasoning-gym's score_answer);
- across tasks: the median, the 10th percentile and the slowest task, for each library;
- matched task types (below): both libraries' verifiers side by side.

Targets (ratios, same run): procgym's median generation rate at least 2x reasoning-gym's; its
10th percentile at least 1,000/s; no task below 100/s at level 5; verify median per call under
20 us and 99th percentile under 5 ms. --quick runs two matched pairs at 0.02 s per cell.
"""
from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generation import fmt, percentile  # noqa: E402  (a sibling script)
from machine import load_average, machine_info, write_results  # noqa: E402

import procgym  # noqa: E402

PEER_PACKAGE, PEER_VERSION = "reasoning-gym", "0.1.25"
HERE = Path(__file__).resolve().parent
DEFAULT_VENV = HERE / ".peers-venv"
WORKER = HERE / "peers_worker.py"
DEFAULT_OUT = HERE / "results" / "peers.json"
DEFAULT_LEVEL = 3  # procgym.generate's default difficulty
LEVELS = (1, 3, 5, 10)
TARGETS = {"median_ratio": 2.0, "p10_per_s": 1000.0, "min_l5_per_s": 100.0, "verify_median_us": 20.0,
           "verify_p99_ms": 5.0}

# Task types both libraries have, matched by reading reasoning-gym's dataset list:
# (procgym task, reasoning-gym dataset, what both ask for). Interactive procgym tasks are left out.
MATCHES = [
    ("arithmetic/expression_value", "basic_arithmetic", "value of an arithmetic expression"),
    ("arithmetic/expression_value", "chain_sum", "value of a chain of additions and subtractions"),
    ("puzzles/countdown", "countdown", "reach a target from given numbers"),
    ("puzzles/twenty_four", "puzzle24", "make 24 from four numbers"),
    ("puzzles/sudoku", "sudoku", "9x9 sudoku"),
    ("puzzles/sudoku", "mini_sudoku", "sudoku (reasoning-gym's 4x4)"),
    ("graphs/maze_shortest_path", "shortest_path", "shortest path through a grid"),
    ("graphs/graph_coloring", "graph_color", "proper graph colouring"),
    ("puzzles/n_queens", "n_queens", "place N queens"),
    ("puzzles/futoshiki", "futoshiki", "futoshiki"),
    ("puzzles/cryptarithm", "cryptarithm", "cryptarithm"),
    ("puzzles/knight_swap", "knight_swap", "swap the knights"),
    ("puzzles/sokoban", "sokoban", "sokoban move list"),
    ("puzzles/water_jugs", "jugs", "water jugs"),
    ("puzzles/hanoi_variants", "tower_of_hanoi", "tower of Hanoi moves"),
    ("arithmetic/base_conversion", "base_conversion", "base conversion"),
    ("arithmetic/decimal_arithmetic", "decimal_arithmetic", "decimal arithmetic"),
    ("arithmetic/fraction_arithmetic", "fraction_simplification", "fractions"),
    ("ciphers/caesar", "caesar_cipher", "Caesar cipher"),
    ("logic/knights_knaves", "knights_knaves", "knights and knaves"),
    ("logic/zebra_puzzle", "zebra_puzzles", "zebra puzzle"),
    ("logic/syllogism", "syllogism", "syllogisms"),
    ("logic/family_relations", "family_relationships", "family relations"),
    ("logic/circuit_evaluation", "circuit_logic", "logic circuit output"),
    ("number_theory/prime_factorization", "prime_factorization", "prime factorisation"),
    ("number_theory/gcd_lcm", "gcd", "greatest common divisor"),
    ("calculus/indefinite_integral", "simple_integration", "antiderivative (sympy)"),
    ("calculus/indefinite_integral", "intermediate_integration", "antiderivative (sympy)"),
    ("algebra/polynomial_roots", "polynomial_equations", "polynomial roots (sympy)"),
    ("algebra/expand_polynomial", "polynomial_multiplication", "expand a product (sympy)"),
    ("algebra/linear_equation", "simple_equations", "solve a linear equation"),
    ("strings/anagram_groups", "group_anagrams", "group anagrams"),
    ("strings/sort_words", "word_sorting", "sort words"),
    ("cognition/letter_count", "letter_counting", "count letters"),
    ("cognition/needle_retrieval", "needle_haystack", "find a fact in filler text"),
    ("spatial/count_rectangles", "rectangle_count", "count rectangles"),
    ("time/date_arithmetic", "calendar_arithmetic", "calendar arithmetic"),
    ("induction/list_function", "list_functions", "induce a list function"),
    ("induction/sequence_next", "number_sequence", "continue a sequence"),
    ("probability/dice_events", "dice", "dice probabilities"),
]
QUICK_MATCHES = [("arithmetic/expression_value", "basic_arithmetic"), ("puzzles/countdown", "countdown")]


# --------------------------------------------------------------------------- reasoning-gym side

def peer_python(venv: Path) -> Path:
    return venv / "bin" / "python"


def peer_version(python: Path) -> str | None:
    """The reasoning-gym version installed for `python`, or None."""
    code = f"import importlib.metadata as m; print(m.version({PEER_PACKAGE!r}))"
    result = subprocess.run([str(python), "-c", code], capture_output=True, text=True)
    return result.stdout.strip() if result.returncode == 0 else None


def ensure_peer(venv: Path, version: str = PEER_VERSION, install: bool = True) -> Path | None:
    """The python of a venv holding reasoning-gym==version: created and installed on first use
    (install=False only looks). Returns None when it is absent and may not be installed."""
    python = peer_python(venv)
    if python.exists() and peer_version(python) == version:
        return python
    if not install:
        return None
    if not python.exists():
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    print(f"installing {PEER_PACKAGE}=={version} into {venv} (once)", file=sys.stderr)
    subprocess.run([str(python), "-m", "pip", "install", "-q", f"{PEER_PACKAGE}=={version}"], check=True)
    if peer_version(python) != version:
        raise RuntimeError(f"{venv}: {PEER_PACKAGE}=={version} did not install")
    return python


def run_peer(python: Path, seconds: float, datasets: list[str] | None = None, seed: int = 1234) -> dict:
    """Run the worker in the peer venv; returns {"version", "rows"}. Lines that are not JSON
    (a dataset printing something) are skipped."""
    options = json.dumps({"seconds": seconds, "seed": seed, "datasets": datasets})
    proc = subprocess.Popen([str(python), str(WORKER), options], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)
    header, rows = {}, []
    bar = tqdm(file=sys.stderr, unit="dataset", desc="reasoning-gym")
    for line in proc.stdout:
        try:
            record = json.loads(line)
        except ValueError:
            continue
        if "datasets" in record and not header:
            header = record
            bar.total = len(record["datasets"])
        elif "dataset" in record:
            rows.append(record)
            bar.set_postfix_str(record["dataset"])
            bar.update()
    bar.close()
    if proc.wait() != 0 and not rows:
        raise RuntimeError(f"the reasoning-gym worker failed (exit {proc.returncode})")
    return {"version": header.get("version"), "size": header.get("size"), "rows": rows}


# --------------------------------------------------------------------------- procgym side

def call_quantiles(durations: list[float]) -> dict:
    """p50, p90, p99 and max of per-call durations (seconds), nearest rank."""
    xs = sorted(durations)
    out = {f"p{q}": xs[min(len(xs) - 1, int(q / 100 * len(xs)))] for q in (50, 90, 99)}
    out["max"] = xs[-1]
    return out


def sketch(durations: list[float], points: int = 101) -> list[float]:
    """`points` evenly spaced quantiles of a distribution: pooling the sketches of many tasks
    weighs each task equally, however many calls its time budget allowed."""
    xs = sorted(durations)
    return [xs[min(len(xs) - 1, int(k * (len(xs) - 1) / (points - 1) + 0.5))] for k in range(points)]


# CPU time of this thread, here and in the worker: the machines are shared and loaded, and wall
# time would mostly measure the other processes; both libraries are timed the same way.
clock = time.thread_time


def timed_loop(step, seconds: float) -> tuple[int, float]:
    """Call step(i) for i = 0, 1, ... until `seconds` of CPU time have passed (at least once)."""
    start, n = clock(), 0
    while True:
        step(n)
        n += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return n, elapsed


def measure_cell(name: str, level: int, seconds: float) -> tuple[dict, list[float]]:
    """Generation rate, verification rate and per-call verify times of one task at one level;
    returns (cell, sketch of the verify call times). The garbage collector is off while timing,
    as timeit does (and the worker, for reasoning-gym): a full collection in a long benchmark
    process can take longer than a whole cell and would land on whichever task was running."""
    gc.collect()
    gc.disable()
    try:
        return _measure_cell(name, level, seconds)
    finally:
        gc.enable()


def _measure_cell(name: str, level: int, seconds: float) -> tuple[dict, list[float]]:
    task = procgym.get(name)
    n_warm, _ = timed_loop(lambda i: task.generate(seed=i, difficulty=level), min(0.05, seconds / 4))
    problems = []
    n_gen, t_gen = timed_loop(lambda i: problems.append(task.generate(seed=n_warm + i, difficulty=level)), seconds)
    texts = [f"<answer>{p.answer}</answer>" for p in problems]
    for p, t in list(zip(problems, texts))[:3]:  # warm the verifier (lazy imports, caches)
        task.verify(p, t)
    calls, rejected = [], 0
    start = clock()
    while True:
        k = len(calls) % len(problems)
        t0 = clock()
        verdict = task.verify(problems[k], texts[k])
        calls.append(clock() - t0)
        rejected += not verdict.correct
        if clock() - start >= seconds:
            break
    t_ver = clock() - start
    cell = {"level": level, "generated": n_gen, "gen_per_s": n_gen / t_gen, "verified": len(calls),
            "verify_per_s": len(calls) / t_ver, "verify_call_s": call_quantiles(calls),
            "reference_rejected": rejected}
    return cell, sketch(calls)


def measure_procgym(names: list[str], levels, seconds: float) -> tuple[list[dict], dict]:
    """Every (task, level) cell; returns (rows, {level: [verify sketches]}). Errors are recorded."""
    rows, sketches = [], {level: [] for level in levels}
    with tqdm(total=len(names) * len(levels), file=sys.stderr, unit="cell", desc="procgym") as bar:
        for name in names:
            bar.set_postfix_str(name)
            cells = []
            for level in levels:
                try:
                    cell, sk = measure_cell(name, level, seconds)
                    sketches[level].append(sk)
                except Exception as exc:  # one broken generator must not stop the benchmark
                    cell = {"level": level, "error": f"{type(exc).__name__}: {exc}"[:300]}
                cells.append(cell)
                bar.update()
            rows.append({"task": name, "cells": cells})
    return rows, sketches


# --------------------------------------------------------------------------- summaries

def rate_summary(pairs: list[tuple[str, float]]) -> dict:
    """Median, 10th percentile and slowest of (name, rate) pairs."""
    if not pairs:
        return {"n": 0}
    values = [v for _, v in pairs]
    slowest = min(pairs, key=lambda p: p[1])
    return {"n": len(pairs), "median": statistics.median(values), "p10": percentile(values, 10),
            "slowest": list(slowest), "below_100": sorted(n for n, v in pairs if v < 100),
            "below_1000": sorted(n for n, v in pairs if v < 1000)}


def verify_summary(cells: list[tuple[str, dict]], sketches: list[list[float]]) -> dict:
    """Per-call verify times across tasks: median of the tasks' medians, the 99th percentile of
    all calls with tasks weighted equally, and the task with the slowest 99th percentile."""
    if not cells:
        return {"n": 0}
    medians = [c["verify_call_s"]["p50"] for _, c in cells]
    pooled = [x for sk in sketches for x in sk]
    worst = max(cells, key=lambda nc: nc[1]["verify_call_s"]["p99"])
    return {"n": len(cells), "median_us": statistics.median(medians) * 1e6,
            "pooled_p99_ms": percentile(pooled, 99) * 1e3 if pooled else None,
            "worst_p99": [worst[0], worst[1]["verify_call_s"]["p99"] * 1e3],
            "rate_median": statistics.median(c["verify_per_s"] for _, c in cells),
            "over_5ms_p99": sorted(n for n, c in cells if c["verify_call_s"]["p99"] > 5e-3)}


def cell_at(row: dict, level: int) -> dict | None:
    cell = next((c for c in row["cells"] if c["level"] == level), None)
    return cell if cell is not None and "error" not in cell else None


def summarise_procgym(rows: list[dict], sketches: dict) -> dict:
    out = {}
    for level, sks in sketches.items():
        cells = [(r["task"], c) for r in rows if (c := cell_at(r, level))]
        out[str(level)] = {"generation": rate_summary([(n, c["gen_per_s"]) for n, c in cells]),
                           "verification": verify_summary(cells, sks),
                           "reference_rejected": sorted(n for n, c in cells if c["reference_rejected"])}
    out["errors"] = sorted({r["task"] for r in rows for c in r["cells"] if "error" in c})
    return out


CHECKABLE = 0.99  # a dataset's own reference answer must score 1 this often for its verify timing to count


def checkable(row: dict) -> bool:
    """Whether a reasoning-gym dataset's reference answers pass its own scorer (some datasets
    have no single reference answer, e.g. a colouring: score_answer then rejects it at once, and
    timing that says nothing about verifying a real answer)."""
    return "error" not in row and row["reference_score_mean"] >= CHECKABLE


def summarise_peer(peer: dict) -> dict:
    ok = [r for r in peer["rows"] if "error" not in r]
    checked = [r for r in ok if checkable(r)]
    pairs = [(r["dataset"], r["gen_per_s"]) for r in ok]
    medians = [r["verify_call_s"]["p50"] for r in checked]
    worst = max(checked, key=lambda r: r["verify_call_s"]["p99"], default=None)
    return {"generation": rate_summary(pairs),
            "verification": {"n": len(checked), "median_us": statistics.median(medians) * 1e6 if checked else None,
                             "worst_p99": [worst["dataset"], worst["verify_call_s"]["p99"] * 1e3] if worst else None,
                             "rate_median": statistics.median(r["verify_per_s"] for r in checked) if checked else None},
            "errors": sorted(r["dataset"] for r in peer["rows"] if "error" in r),
            "reference_not_full_score": {r["dataset"]: r["reference_score_mean"] for r in ok
                                         if r["reference_score_mean"] < 1.0}}


def matched(rows: list[dict], peer: dict | None, level: int, matches) -> list[dict]:
    """Both sides' rates on the matched task types (procgym at `level`)."""
    by_task = {r["task"]: r for r in rows}
    by_ds = {r["dataset"]: r for r in (peer or {}).get("rows", []) if "error" not in r}
    out = []
    for task, dataset, *_ in matches:
        ours = cell_at(by_task[task], level) if task in by_task else None
        theirs = by_ds.get(dataset)
        if ours is None and theirs is None:
            continue
        checked = theirs if theirs and checkable(theirs) else None  # verify figures only where they mean something
        out.append({"procgym": task, "reasoning_gym": dataset, "level": level,
                    "procgym_gen_per_s": ours and ours["gen_per_s"], "peer_gen_per_s": theirs and theirs["gen_per_s"],
                    "procgym_verify_per_s": ours and ours["verify_per_s"],
                    "peer_verify_per_s": checked and checked["verify_per_s"],
                    "procgym_verify_p50_us": ours and ours["verify_call_s"]["p50"] * 1e6,
                    "peer_verify_p50_us": checked and checked["verify_call_s"]["p50"] * 1e6,
                    "peer_reference_score": theirs and theirs["reference_score_mean"]})
    return out


def targets(proc: dict, peer: dict | None, level: int = DEFAULT_LEVEL) -> dict:
    """The issue's targets, each with the measured figure and whether it is met."""
    at, l5 = proc.get(str(level), {}), proc.get("5", {})
    out = {}
    ours = at.get("generation", {}).get("median")
    theirs = (peer or {}).get("generation", {}).get("median")
    if ours and theirs:
        out["median_ratio"] = {"value": ours / theirs, "target": f">= {TARGETS['median_ratio']:g}x",
                               "met": ours / theirs >= TARGETS["median_ratio"]}
    if at.get("generation", {}).get("p10") is not None:
        p10 = at["generation"]["p10"]
        out["p10_per_s"] = {"value": p10, "target": ">= 1000/s", "met": p10 >= TARGETS["p10_per_s"]}
    if l5.get("generation", {}).get("n"):
        slow = l5["generation"]["below_100"]
        out["min_l5_per_s"] = {"value": l5["generation"]["slowest"][1], "target": ">= 100/s at L5",
                               "met": not slow, "tasks": slow}
    ver = at.get("verification", {})
    if ver.get("n"):
        out["verify_median_us"] = {"value": ver["median_us"], "target": "< 20 us",
                                   "met": ver["median_us"] < TARGETS["verify_median_us"]}
        out["verify_p99_ms"] = {"value": ver["pooled_p99_ms"], "target": "< 5 ms",
                                "met": ver["pooled_p99_ms"] < TARGETS["verify_p99_ms"]}
    return out


# --------------------------------------------------------------------------- reporting

def render(rows_, header) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows_)]
    line = lambda cols: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)  # noqa: E731
                                  for i, (c, w) in enumerate(zip(cols, widths))).rstrip()
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows_])


def us(x) -> str:
    return "-" if x is None else f"{x:.1f}" if x < 100 else f"{x:.0f}"


def summary_table(proc: dict, peer_sum: dict | None, levels) -> str:
    rows_ = []
    for level in levels:
        s = proc[str(level)]
        g, v = s["generation"], s["verification"]
        if not g.get("n"):
            continue
        rows_.append([f"procgym L{level}", g["n"], fmt(g["median"]), fmt(g["p10"]),
                      f"{g['slowest'][0]} ({fmt(g['slowest'][1])})", fmt(v["rate_median"]), us(v["median_us"]),
                      f"{v['pooled_p99_ms']:.2f}"])
    if peer_sum and peer_sum["generation"].get("n"):
        g, v = peer_sum["generation"], peer_sum["verification"]
        rows_.append(["reasoning-gym", g["n"], fmt(g["median"]), fmt(g["p10"]),
                      f"{g['slowest'][0]} ({fmt(g['slowest'][1])})", fmt(v["rate_median"]), us(v["median_us"]), "-"])
    return render(rows_, ["library", "tasks", "gen/s median", "gen/s p10", "slowest (gen/s)", "verify/s median",
                          "verify us median", "verify ms p99"])


def matched_table(pairs: list[dict]) -> str:
    rows_ = [[f"{p['procgym']} | {p['reasoning_gym']}", fmt(p["procgym_gen_per_s"]), fmt(p["peer_gen_per_s"]),
              fmt(p["procgym_verify_per_s"]), fmt(p["peer_verify_per_s"]),
              us(p["procgym_verify_p50_us"]), us(p["peer_verify_p50_us"])] for p in pairs]
    return render(rows_, ["procgym | reasoning-gym", "gen/s pg", "gen/s rg", "verify/s pg", "verify/s rg",
                          "us/verify pg", "us/verify rg"])


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", default="*", help='procgym task globs, comma-separated (default "*")')
    ap.add_argument("--levels", default=None, help="procgym levels (default 1,3,5,10)")
    ap.add_argument("--seconds", type=float, default=None, help="CPU seconds per task, level and phase (default 0.1)")
    ap.add_argument("--quick", action="store_true", help="two matched pairs, levels 3 and 5, 0.02 s per cell")
    ap.add_argument("--venv", type=Path, default=DEFAULT_VENV, help="the peer venv (created on first run)")
    ap.add_argument("--no-peer", action="store_true", help="measure procgym only")
    ap.add_argument("--no-install", action="store_true", help="use the peer venv only if it already exists")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    levels = args.levels or ("3,5" if args.quick else ",".join(map(str, LEVELS)))
    args.levels = tuple(sorted({int(x) for x in levels.split(",")}))
    args.seconds = args.seconds if args.seconds is not None else (0.02 if args.quick else 0.1)
    if any(not 1 <= lv <= 10 for lv in args.levels) or args.seconds <= 0:
        ap.error("levels must be in 1..10 and --seconds positive")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    machine = machine_info()
    started = time.perf_counter()
    matches = [m for m in MATCHES if (m[0], m[1]) in QUICK_MATCHES] if args.quick else MATCHES
    names = sorted({m[0] for m in matches}) if args.quick else procgym.select(args.tasks)
    rows, sketches = measure_procgym(names, args.levels, args.seconds)
    load_after_procgym = load_average()
    peer, python = None, None
    if not args.no_peer:
        python = ensure_peer(args.venv, install=not args.no_install)
        if python is None:
            print(f"note: no {PEER_PACKAGE} venv at {args.venv}; measuring procgym only", file=sys.stderr)
        else:
            datasets = sorted({m[1] for m in matches}) if args.quick else None
            peer = run_peer(python, args.seconds, datasets)
    proc_sum = summarise_procgym(rows, sketches)
    peer_sum = summarise_peer(peer) if peer else None
    ref = DEFAULT_LEVEL if DEFAULT_LEVEL in args.levels else args.levels[0]
    pairs = matched(rows, peer, ref, matches)
    goals = targets(proc_sum, peer_sum, ref)

    print(summary_table(proc_sum, peer_sum, args.levels))
    print(f"\nmatched task types (procgym at L{ref}, reasoning-gym at its defaults):")
    print(matched_table(pairs))
    print("\ntargets:")
    for key, t in goals.items():
        print(f"  {key}: {t['value']:.3g} (target {t['target']}) {'met' if t['met'] else 'MISSED'}"
              + (f" {', '.join(t['tasks'])}" if t.get("tasks") else ""))
    if proc_sum["errors"]:
        print(f"procgym errors: {', '.join(proc_sum['errors'])}")
    meta = {**machine, "load_average_after_procgym": load_after_procgym, "load_average_after": load_average(),
            "procgym": procgym.__version__, "peer": PEER_PACKAGE, "peer_version": peer and peer["version"],
            "peer_size": peer and peer["size"], "levels": list(args.levels), "ref_level": ref,
            "seconds_per_cell": args.seconds, "tasks_glob": args.tasks, "quick": args.quick,
            "wall_seconds": time.perf_counter() - started,
            "command": "python bench/peers.py" + (" --quick" if args.quick else "")
            + ("" if args.seconds == 0.1 or args.quick else f" --seconds {args.seconds:g}")}
    write_results(args.out, {"meta": meta, "targets": goals, "procgym_summary": proc_sum, "peer_summary": peer_sum,
                             "matched": pairs, "procgym": rows, "peer": peer and peer["rows"]})
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
