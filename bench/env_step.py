"""Gymnasium step overhead: what TaskEnv and EnvBatch add on top of the task's own verifier.

    python bench/env_step.py [--tasks "*"] [--level 3] [--seconds 0.1] [--batch 16] [--quick]
                             [--out bench/results/env_step.json]

A fixed agent plays: the reference answer on single-answer tasks; on interactive tasks the
actions the oracle (reference policy) played, recorded once beforehand. Problems are generated
beforehand and handed to reset() as records, so no generation is timed. For each task:

- single env: env.step(action) and, on the same problem and action next to it (before and after
  in turn), the task's own cost alone: task.verify(problem, action) (single-answer) or
  extract_answer plus task.step(problem, state, action) (interactive). Interleaving the two keeps
  a shared machine's drifting load out of the difference. Env overhead per step = the 10%-trimmed
  mean of the paired differences (step - task cost); overhead_mean_us keeps the plain difference
  of the means, which one garbage collection or a sympy cache refill inside a millisecond verify
  can swing by hundreds of microseconds. Times are the thread's CPU time (time.thread_time), so "steps/s" means steps
  per CPU-second: on a loaded machine wall time would mostly measure the other processes.
- batched: EnvBatch of --batch envs, batch.step(actions) timed against the same verifies (in
  alternating order, at least two rounds); overhead per step = the trimmed mean over batch steps
  of (batch step - the verifies) / active episodes.
- reset: env.reset(options={"problem": record}) per episode (no generation in it).

Prints a table of the slowest tasks and a summary; writes everything to --out as JSON.
Target: env overhead under 20 microseconds per step.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from tqdm import tqdm

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generation import fmt, percentile  # noqa: E402
from machine import load_average, machine_info, write_results  # noqa: E402

import procgym  # noqa: E402
from procgym.agents import OracleAgent  # noqa: E402
from procgym.envs import EnvBatch, TaskEnv  # noqa: E402
from procgym.extract import extract_answer  # noqa: E402

DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "env_step.json"
TARGET_US = 20.0
CHEAP_TASK_US = 200.0  # below this task cost the measurement resolves a 20 us overhead
PROBLEMS = 32  # distinct problems per task, cycled through until the time budget is spent

# CPU time of this thread, not wall time: on a shared, loaded machine wall time also counts the
# time other processes held the core, which swamps differences of a few microseconds.
clock = time.thread_time


def mark(text: str, style: str) -> str:
    return {"tag": f"<answer>{text}</answer>", "boxed": f"\\boxed{{{text}}}"}.get(style, text)


def trimmed_mean(values: list[float], cut: float = 0.1) -> float:
    """The mean without the lowest and highest `cut` fraction: drops a garbage collection or a
    cache refill, and, unlike the median, averages the two halves of a verifier that is slower
    on its first call for a problem (the order alternates, so the differences come in +x/-x)."""
    xs = sorted(values)
    k = int(len(xs) * cut)
    kept = xs[k:len(xs) - k] or xs
    return sum(kept) / len(kept)


def oracle_actions(name: str, level: int, problems) -> list[list[str]]:
    """Each problem's action texts as the fixed agent plays them (one for single-answer tasks)."""
    task = procgym.get(name)
    if not task.interactive:
        return [[mark(p.answer, p.answer_style)] for p in problems]
    env, agent, out = TaskEnv(task, difficulty=level), OracleAgent(), []
    for p in problems:
        _, info = env.reset(options={"problem": p})
        actions, done = [], False
        while not done:
            action = agent.act(env.history, info)
            actions.append(action)
            _, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        out.append(actions)
    return out


def task_cost(task, problem, state, action: str):
    """The task's own work for one step: verify, or extraction plus the dynamics. Returns the
    next state (interactive) or None."""
    if not task.interactive:
        task.verify(problem, action)
        return None
    parsed = extract_answer(action, problem.answer_style)
    if parsed is None:
        return state
    return task.step(problem, state, parsed)[0]


def measure_single(task, level: int, problems, actions, seconds: float) -> dict:
    """Single env: interleaved env.step and task-alone timings, plus reset time."""
    env = TaskEnv(task, difficulty=level, max_turns=max(map(len, actions)) + 1)
    t_step = t_task = t_reset = 0.0
    steps = episodes = 0
    diffs = []  # step time minus task time, pair by pair
    start = clock()
    while clock() - start < seconds or episodes == 0:
        k = episodes % len(problems)
        problem = problems[k]
        t0 = clock()
        env.reset(options={"problem": problem})
        t_reset += clock() - t0
        state = task.initial_state(problem) if task.interactive else None
        env_first = episodes % 2 == 0  # alternate the order: a verifier's per-problem cache favours neither
        for action in actions[k]:
            if env_first:
                t0 = clock()
                env.step(action)
                t1 = clock()
                state = task_cost(task, problem, state, action)
                t2 = clock()
                t_step, t_task = t_step + t1 - t0, t_task + t2 - t1
                diffs.append((t1 - t0) - (t2 - t1))
            else:
                t0 = clock()
                state = task_cost(task, problem, state, action)
                t1 = clock()
                env.step(action)
                t2 = clock()
                t_task, t_step = t_task + t1 - t0, t_step + t2 - t1
                diffs.append((t2 - t1) - (t1 - t0))
            steps += 1
        episodes += 1
    return {"steps": steps, "episodes": episodes, "step_us": t_step / steps * 1e6, "task_us": t_task / steps * 1e6,
            "overhead_us": trimmed_mean(diffs) * 1e6, "overhead_mean_us": (t_step - t_task) / steps * 1e6,
            "reset_us": t_reset / episodes * 1e6, "steps_per_s": steps / t_step}


def measure_batch(task, level: int, problems, actions, seconds: float, size: int) -> dict:
    """EnvBatch of `size` envs: each batch.step timed, then the same steps' task cost alone."""
    envs = [TaskEnv(task, difficulty=level, max_turns=max(map(len, actions)) + 1) for _ in range(size)]
    batch = EnvBatch(envs)
    t_step = t_task = 0.0
    steps = rounds = 0
    diffs = []  # per batch step: (batch step time - task times) / active episodes
    start = clock()
    while clock() - start < seconds or rounds < 2:
        ks = [(rounds * size + j) % len(problems) for j in range(size)]
        batch.reset(options=[{"problem": problems[k]} for k in ks])
        states = [task.initial_state(problems[k]) if task.interactive else None for k in ks]
        turn = 0
        while not batch.all_done:
            active = batch.active
            step_actions = [actions[k][turn] if i in active else None for i, k in enumerate(ks)]
            if rounds % 2 == 0:  # alternate the order, as in measure_single
                t0 = clock()
                batch.step(step_actions)
                t1 = clock()
                for i in active:
                    states[i] = task_cost(task, problems[ks[i]], states[i], step_actions[i])
                t2 = clock()
                t_step, t_task = t_step + t1 - t0, t_task + t2 - t1
                diffs.append(((t1 - t0) - (t2 - t1)) / len(active))
            else:
                t0 = clock()
                for i in active:
                    states[i] = task_cost(task, problems[ks[i]], states[i], step_actions[i])
                t1 = clock()
                batch.step(step_actions)
                t2 = clock()
                t_task, t_step = t_task + t1 - t0, t_step + t2 - t1
                diffs.append(((t2 - t1) - (t1 - t0)) / len(active))
            steps += len(active)
            turn += 1
        rounds += 1
    return {"steps": steps, "step_us": t_step / steps * 1e6, "task_us": t_task / steps * 1e6,
            "overhead_us": trimmed_mean(diffs) * 1e6, "overhead_mean_us": (t_step - t_task) / steps * 1e6,
            "steps_per_s": steps / t_step}


def measure_task(name: str, level: int, seconds: float, size: int) -> dict:
    task = procgym.get(name)
    problems = [task.generate(seed=s, difficulty=level) for s in range(PROBLEMS)]
    actions = oracle_actions(name, level, problems)
    measure_single(task, level, problems, actions, min(0.02, seconds / 4))  # warm caches and lazy imports
    return {"task": name, "interactive": task.interactive, "level": level,
            "single": measure_single(task, level, problems, actions, seconds),
            "batch": measure_batch(task, level, problems, actions, seconds, size)}


def summarise(rows: list[dict]) -> dict:
    ok = [r for r in rows if "error" not in r]
    out = {"tasks": len(ok), "errors": [r["task"] for r in rows if "error" in r]}
    for mode in ("single", "batch"):
        over = [r[mode]["overhead_us"] for r in ok]
        if not over:
            continue
        worst = max(ok, key=lambda r: r[mode]["overhead_us"])
        out[mode] = {"overhead_us_median": statistics.median(over), "overhead_us_p90": percentile(over, 90),
                     "overhead_us_max": [worst["task"], worst[mode]["overhead_us"]],
                     "steps_per_s_median": statistics.median(r[mode]["steps_per_s"] for r in ok),
                     "task_us_median": statistics.median(r[mode]["task_us"] for r in ok),
                     "over_target": sorted(r["task"] for r in ok if r[mode]["overhead_us"] > TARGET_US),
                     # over the target where the task's own cost is small enough to resolve 20 us: the
                     # call-to-call spread of a millisecond (sympy) verifier swamps a few microseconds
                     "over_target_cheap_task": sorted(r["task"] for r in ok if r[mode]["overhead_us"] > TARGET_US
                                                      and r[mode]["task_us"] < CHEAP_TASK_US)}
        for kind, flag in (("single_answer", False), ("interactive", True)):
            sub = [r[mode]["overhead_us"] for r in ok if r["interactive"] is flag]
            if sub:
                out[mode][f"overhead_us_median_{kind}"] = statistics.median(sub)
    out["reset_us_median"] = statistics.median(r["single"]["reset_us"] for r in ok) if ok else None
    return out


def table(rows: list[dict], top: int) -> str:
    ok = sorted((r for r in rows if "error" not in r), key=lambda r: -r["single"]["overhead_us"])[:top]
    header = ["task", "steps/s", "step us", "task us", "env us", "batch env us", "reset us"]
    lines = [[r["task"], fmt(r["single"]["steps_per_s"]), f"{r['single']['step_us']:.1f}",
              f"{r['single']['task_us']:.1f}", f"{r['single']['overhead_us']:.1f}",
              f"{r['batch']['overhead_us']:.1f}", f"{r['single']['reset_us']:.1f}"] for r in ok]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *lines)]
    render = lambda cols: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)  # noqa: E731
                                    for i, (c, w) in enumerate(zip(cols, widths))).rstrip()
    return "\n".join([render(header), render(["-" * w for w in widths])] + [render(x) for x in lines])


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", default="*", help='task globs, comma-separated (default "*")')
    ap.add_argument("--level", type=int, default=3, help="difficulty level (default 3, procgym's default)")
    ap.add_argument("--seconds", type=float, default=None, help="time per task and mode (default 0.1)")
    ap.add_argument("--batch", type=int, default=16, help="envs in the EnvBatch (default 16)")
    ap.add_argument("--top", type=int, default=15, help="rows in the printed table (slowest env overhead)")
    ap.add_argument("--quick", action="store_true", help="two tasks (one interactive), 0.02 s each")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    if args.quick:
        args.tasks = "arithmetic/expression_value,games/mastermind" if args.tasks == "*" else args.tasks
    args.seconds = args.seconds if args.seconds is not None else (0.02 if args.quick else 0.1)
    if not 1 <= args.level <= 10 or args.seconds <= 0 or args.batch < 1:
        ap.error("--level must be 1..10, --seconds and --batch positive")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    machine = machine_info()
    started = clock()
    names = procgym.select(args.tasks)
    rows = []
    for name in tqdm(names, file=sys.stderr, unit="task", desc="env step"):
        try:
            rows.append(measure_task(name, args.level, args.seconds, args.batch))
        except Exception as exc:  # one broken task must not stop the benchmark
            rows.append({"task": name, "error": f"{type(exc).__name__}: {exc}"[:300]})
    summary = summarise(rows)
    print(table(rows, args.top))
    print()
    for mode in ("single", "batch"):
        s = summary.get(mode)
        if s:
            print(f"{mode}: env overhead per step median {s['overhead_us_median']:.1f} us, p90 "
                  f"{s['overhead_us_p90']:.1f} us, max {s['overhead_us_max'][1]:.1f} us ({s['overhead_us_max'][0]}); "
                  f"steps/s median {fmt(s['steps_per_s_median'])}; task cost median {s['task_us_median']:.1f} us; "
                  f"over {TARGET_US:g} us: {len(s['over_target'])} ({len(s['over_target_cheap_task'])} with a task under "
                  f"{CHEAP_TASK_US:g} us)")
    if summary["errors"]:
        print(f"errors: {', '.join(summary['errors'])}")
    meta = {**machine, "load_average_after": load_average(), "procgym": procgym.__version__,
            "level": args.level, "seconds": args.seconds, "batch": args.batch, "tasks_glob": args.tasks,
            "problems_per_task": PROBLEMS, "wall_seconds": clock() - started,
            "command": "python bench/env_step.py" + (" --quick" if args.quick else "")}
    write_results(args.out, {"meta": meta, "summary": summary, "tasks": rows})
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
