"""Calibration: at which level does a model solve about 10%, 50% and 90% of a task's problems?

    procgym calibrate --agent openai --model NAME --tasks "graphs/*" --out calibration.json

Each task's success rate is modelled as a logistic curve falling with the level,

    P(solved | level) = 1 / (1 + exp(-(a - b * level)))      b > 0,

so the level solved with probability p is (a - logit(p)) / b. The search is adaptive: a first
round probes levels 1, the middle and the task's highest; every later round refits the curve on
everything seen and probes the levels it now puts at 10%, 50% and 90%, so the budget goes where
the curve is uncertain. The fit is penalised maximum likelihood (a small ridge on the slope keeps
it finite when the outcomes separate perfectly); confidence intervals come from a seeded bootstrap
over the episodes. A level outside 1..max is reported as censored ("above" or "below").

Every episode is appended to a JSONL next to the calibration file as it finishes, so a killed
calibration resumes where it stopped (the probes of a round depend only on earlier rounds).
The calibration file feeds the curriculum (`calibration = "calibration.json"` in a training
config starts each task's ladder at its 50% level) and `plot_calibration` draws the curves.
"""
from __future__ import annotations

import json
import math
import os
import random
import time
from datetime import datetime, timezone
from pathlib import Path

FORMAT = "procgym-calibration-v1"
TARGETS = (0.1, 0.5, 0.9)
SALT = "calibration-v1"  # problems come from the evaluation seed range, salted apart from the suites
RIDGE = 0.02  # penalty on the slope b: finite fits under perfect separation, negligible otherwise
MIN_SLOPE = 1e-3


# --------------------------------------------------------------------------- the curve

def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x >= 0 else math.exp(x) / (1.0 + math.exp(x))


def _log_likelihood(points, a: float, b: float) -> float:
    total = -RIDGE * b * b
    for x, n, k in points:
        z = a - b * x
        # log sigmoid(z) = -log(1 + e^-z), computed without overflow
        log_p = -math.log1p(math.exp(-z)) if z >= 0 else z - math.log1p(math.exp(z))
        log_q = log_p - z  # log(1 - sigmoid(z)) = log sigmoid(z) - z
        total += k * log_p + (n - k) * log_q
    return total


def fit_curve(points: list[tuple[float, int, int]], iterations: int = 100) -> tuple[float, float]:
    """(a, b) of the penalised logistic fit to `points`: (level, episodes, solved) triples.

        fit_curve([(1, 8, 8), (5, 8, 4), (9, 8, 0)])   # a ~ 5 b, b > 0
    """
    points = [(float(x), float(n), float(k)) for x, n, k in points if n > 0]
    if not points:
        raise ValueError("no episodes to fit")
    a, b = 0.0, 0.0
    current = _log_likelihood(points, a, b)
    for _ in range(iterations):  # damped Newton on the concave penalised log-likelihood
        ga, gb = 0.0, -2 * RIDGE * b
        haa, hab, hbb = -1e-9, 0.0, -2 * RIDGE
        for x, n, k in points:
            p = _sigmoid(a - b * x)
            r, w = k - n * p, n * p * (1 - p)
            ga += r
            gb -= r * x
            haa -= w
            hab += w * x
            hbb -= w * x * x
        det = haa * hbb - hab * hab
        if abs(det) < 1e-15:
            break
        da = (hbb * ga - hab * gb) / det
        db = (haa * gb - hab * ga) / det
        step = 1.0
        while step > 1e-6:  # halve the step until the likelihood rises
            trial = _log_likelihood(points, a - step * da, b - step * db)
            if trial >= current:
                break
            step /= 2
        else:
            break
        a, b, current = a - step * da, b - step * db, trial
        if step * (abs(da) + abs(db)) < 1e-10:
            break
    return a, b


def level_at(a: float, b: float, p: float) -> float:
    """The (real-valued) level solved with probability p on the curve (a, b); inf for a flat curve."""
    if b < MIN_SLOPE:
        return math.inf if _sigmoid(a) > p else -math.inf
    return (a - math.log(p / (1 - p))) / b


def _bootstrap(episodes: list[tuple[int, int]], rounds: int, seed: int) -> list[tuple[float, float]]:
    rng = random.Random(seed)
    out = []
    for _ in range(rounds):
        sample = [episodes[rng.randrange(len(episodes))] for _ in episodes]
        out.append(fit_curve(_counts(sample)))
    return out


def _counts(episodes: list[tuple[int, int]]) -> list[tuple[int, int, int]]:
    """(level, solved) pairs -> (level, episodes, solved) per level."""
    by_level: dict[int, list[int]] = {}
    for level, solved in episodes:
        by_level.setdefault(level, []).append(solved)
    return [(lv, len(v), sum(v)) for lv, v in sorted(by_level.items())]


def _quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    i = min(max(q * (len(values) - 1), 0), len(values) - 1)
    lo, hi = math.floor(i), math.ceil(i)
    if not (math.isfinite(values[lo]) and math.isfinite(values[hi])):
        return values[lo] if q < 0.5 else values[hi]
    return values[lo] + (values[hi] - values[lo]) * (i - lo)


def summarise_curve(episodes: list[tuple[int, int]], max_level: int, bootstrap: int = 200, seed: int = 0) -> dict:
    """The fit of one task's (level, solved) episodes: the curve, and for each target rate its
    level with a 95% bootstrap interval, clamped to 1..max_level and marked censored outside it."""
    a, b = fit_curve(_counts(episodes))
    boots = _bootstrap(episodes, bootstrap, seed) if bootstrap else []
    out = {"a": round(a, 6), "b": round(b, 6), "episodes": len(episodes),
           "by_level": {str(lv): {"episodes": n, "solved": k} for lv, n, k in _counts(episodes)}, "levels": {}}
    for p in TARGETS:
        x = level_at(a, b, p)
        entry = {"level": round(min(max(x, 1.0), max_level), 3)}
        if x > max_level:
            entry["censored"] = "above"  # solved at this rate even at the highest level
        elif x < 1:
            entry["censored"] = "below"  # not solved at this rate even at level 1
        if boots:
            xs = [min(max(level_at(ba, bb, p), 1.0), max_level) for ba, bb in boots]
            entry["ci95"] = [round(_quantile(xs, 0.025), 3), round(_quantile(xs, 0.975), 3)]
        out["levels"][str(p)] = entry
    return out


# --------------------------------------------------------------------------- the search

def next_probes(episodes: list[tuple[int, int]], max_level: int, round_index: int) -> list[int]:
    """The levels to probe next: 1, the middle and the highest first; then the current fit's
    10%, 50% and 90% levels, rounded and clamped, without repeats."""
    if round_index == 0 or not episodes:
        return sorted({1, (1 + max_level + 1) // 2, max_level})
    a, b = fit_curve(_counts(episodes))
    out = []
    for p in TARGETS:
        level = min(max(level_at(a, b, p), 1), max_level)
        level = int(math.floor(level + 0.5))
        if level not in out:
            out.append(level)
    return sorted(out)


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() or c in "._-" else "_" for c in text)


def calibrate(agent, tasks: list[str], out: str | os.PathLike, per_probe: int = 8, rounds: int = 6,
              model: str | None = None, bootstrap: int = 200, progress: bool = True) -> dict:
    """Run (or resume) the adaptive search for every task; write the calibration file `out`
    (and its episode log `out` with .jsonl) and return the calibration.

    `per_probe` problems are played at each probed level of each round; `rounds` rounds in all
    (so at most 3 x per_probe x rounds episodes per task)."""
    from procgym.registry import get
    from procgym.seeding import eval_seed

    from tqdm import tqdm

    from procgym.envs import register_envs

    from .runner import _lockstep, _sequential, _threaded
    from .store import RecordStore
    from .suites import Suite, SuiteItem

    if not tasks:
        raise ValueError("no tasks to calibrate")
    if per_probe < 1 or rounds < 1:
        raise ValueError(f"per_probe and rounds must be >= 1, got {per_probe} and {rounds}")
    tasks = sorted(tasks)
    highest = {t: get(t).max_level for t in tasks}
    # A suite object only to carry the episode settings; its items are chosen below.
    suite = Suite(name=SALT, tasks=tuple(tasks), levels=(1,), problems_per_level=1, interactive_max_turns=500)
    header = {"type": "header", "format": FORMAT, "agent": getattr(agent, "name", "agent"), "model": model,
              "tasks": tasks, "per_probe": per_probe}
    log = Path(str(out)).with_suffix(".jsonl")
    store = RecordStore(str(log), header, identity=("format", "agent", "model", "per_probe"))
    register_envs()  # before any worker thread makes an env (Gymnasium's registry is not thread-safe)
    start = time.perf_counter()
    with store:
        results = {(r["task"], r["level"], r["index"]): int(r["correct"]) for r in store.records}
        planned: dict[tuple[str, int], int] = {}  # problems planned so far per (task, level)
        earlier: set[tuple[str, int, int]] = set()  # problems of the rounds before this one
        # a round is planned from the earlier rounds' episodes only, so a resumed run (whose log
        # already holds later rounds) plans exactly what the first run did
        bar = tqdm(total=len(tasks) * rounds, disable=not progress, unit="task-round", desc="calibrating",
                   dynamic_ncols=True)
        for round_index in range(rounds):
            jobs, this_round = [], set()
            for task in tasks:
                seen = [(lv, results[(t, lv, i)]) for (t, lv, i) in sorted(earlier) if t == task]
                for level in next_probes(seen, highest[task], round_index):
                    first = planned.get((task, level), 0)
                    planned[(task, level)] = first + per_probe
                    for i in range(first, first + per_probe):
                        this_round.add((task, level, i))
                        if (task, level, i) not in results:
                            jobs.append((SuiteItem(task, level, i, eval_seed(SALT, task, level, i)), 0))
            round_store = _RoundStore(store, results)
            if hasattr(agent, "reply_batch"):
                _lockstep(agent, suite, jobs, round_store, _NoBar(), getattr(agent, "batch_size", 8))
            elif getattr(agent, "concurrency", 1) > 1:
                _threaded(agent, suite, jobs, round_store, _NoBar(), agent.concurrency)
            else:
                _sequential(agent, suite, jobs, round_store, _NoBar())
            earlier |= this_round
            bar.update(len(tasks))
        bar.close()
        per_task = {}
        for task in tasks:
            seen = [(lv, results[(t, lv, i)]) for (t, lv, i) in sorted(earlier) if t == task]
            per_task[task] = {"max_level": highest[task], **summarise_curve(seen, highest[task], bootstrap)}
    calibration = {"format": FORMAT, "agent": header["agent"], "model": model, "targets": list(TARGETS),
                   "per_probe": per_probe, "rounds": rounds,
                   "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
                   "seconds": round(time.perf_counter() - start, 3), "tasks": per_task}
    tmp = Path(str(out) + ".tmp")
    tmp.write_text(json.dumps(calibration, indent=1) + "\n")
    os.replace(tmp, out)
    return calibration


class _RoundStore:
    """The runner's store interface for one round: each finished episode goes to the durable
    store with its (task, level, index), and into the results the next round is planned from."""

    def __init__(self, store, results: dict):
        self.store, self.results = store, results

    def append(self, record: dict) -> None:
        index = int(record["id"].rsplit("#", 1)[1])
        record = {**record, "key": f"{record['id']}/{record['sample']}", "index": index}
        self.store.append(record)
        self.results[(record["task"], record["level"], index)] = int(record["correct"])


class _NoBar:
    def update(self, n: int = 1) -> None:
        pass


# --------------------------------------------------------------------------- using a calibration

def load_calibration(path: str | os.PathLike) -> dict:
    """A calibration file, checked: a clear error if it is not one."""
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} is not a readable calibration file: {exc}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("tasks"), dict):
        raise ValueError(f"{path} is not a calibration file (format {FORMAT}); write one with procgym calibrate")
    return data


def ladder_starts(calibration: dict) -> dict[str, int]:
    """task -> the level solved about half the time, rounded: where a curriculum ladder starts."""
    out = {}
    for task, entry in calibration["tasks"].items():
        half = entry["levels"]["0.5"]["level"]
        out[task] = int(min(max(math.floor(half + 0.5), 1), entry["max_level"]))
    return out


def plot_calibration(calibration: dict, path: str | os.PathLike) -> None:
    """One panel per task: observed success per probed level, the fitted curve, and the 10/50/90%
    levels with their intervals."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    tasks = sorted(calibration["tasks"])
    cols = min(4, len(tasks))
    rows = math.ceil(len(tasks) / cols)
    fig, axes = plt.subplots(rows, cols, figsize=(3.2 * cols, 2.6 * rows), squeeze=False)
    for ax, task in zip(axes.flat, tasks):
        entry = calibration["tasks"][task]
        top = entry["max_level"]
        xs = [int(lv) for lv in entry["by_level"]]
        ys = [v["solved"] / v["episodes"] for v in entry["by_level"].values()]
        sizes = [10 + 3 * v["episodes"] for v in entry["by_level"].values()]
        ax.scatter(xs, ys, s=sizes, color="tab:blue", alpha=0.6, label="observed")
        grid = [1 + (top - 1) * i / 100 for i in range(101)]
        ax.plot(grid, [_sigmoid(entry["a"] - entry["b"] * x) for x in grid], color="tab:orange", label="fit")
        for p, info in entry["levels"].items():
            if "ci95" in info:
                ax.hlines(float(p), *info["ci95"], color="gray", linewidth=3, alpha=0.5)
            ax.plot([info["level"]], [float(p)], "k|", markersize=10)
        ax.set_title(task, fontsize=8)
        ax.set_xlim(0.5, top + 0.5)
        ax.set_ylim(-0.05, 1.05)
        ax.set_xlabel("level", fontsize=7)
        ax.tick_params(labelsize=7)
    for ax in list(axes.flat)[len(tasks):]:
        ax.axis("off")
    fig.suptitle(f"calibration of {calibration['agent']}" + (f" ({calibration['model']})" if calibration["model"] else ""),
                 fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def level_at_half(outcomes: dict[str, str]) -> dict[str, dict]:
    """category -> the level it is solved at 50% (with a 95% interval), from a run's outcomes
    ({"task@level#index": "1010"}); a category seen at one level only gets no estimate."""
    by_category: dict[str, list[tuple[int, int]]] = {}
    for key, result in outcomes.items():
        task, _, rest = key.partition("@")
        level = int(rest.split("#", 1)[0])
        by_category.setdefault(task.split("/", 1)[0], []).extend((level, int(c)) for c in result)
    out = {}
    for category, episodes in sorted(by_category.items()):
        levels = {lv for lv, _ in episodes}
        if len(levels) < 2:
            continue
        out[category] = summarise_curve(episodes, max(levels), bootstrap=100)["levels"]["0.5"]
    return out
