"""Training metrics: per-step summaries, a JSONL log, TensorBoard, and PNG plots at the end.

    logger = MetricsLogger(run_dir, tensorboard=True, resume_step=start_step)
    logger.log(step, {"reward/mean": 0.4, ...})      # one JSON line per logged step
    logger.close()
    plot_curves(run_dir)                              # run_dir/plots/*.png (needs matplotlib)

TensorBoard is used when the `tensorboard` package is installed (pip install -e '.[train]');
Weights & Biases when the config asks for it (wandb=true; pip install wandb; WANDB_MODE=offline
writes the run locally). Sampled completions go to <run_dir>/completions.jsonl every
log_completions_every steps, and to a W&B table.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
import sys
from collections import defaultdict
from typing import NamedTuple

PLOTTED = ("reward/mean", "accuracy", "loss", "kl", "entropy", "completion_tokens/mean",
           "groups/zero_variance_frac", "grad_norm", "eval/accuracy")


class EpisodeSummary(NamedTuple):
    """What the metrics need of an episode: small and picklable (ranks exchange them)."""

    task: str
    difficulty: int
    reward: float  # the shaped training reward
    env_reward: float  # the environment's (verifier's) reward
    correct: bool
    format_ok: bool
    completion_tokens: int
    episode_tokens: int
    turns: int
    truncated: bool

    @property
    def category(self) -> str:
        return self.task.split("/", 1)[0]


def summarize(e) -> EpisodeSummary:
    return EpisodeSummary(e.task, e.difficulty, float(e.reward), float(getattr(e, "env_reward", e.reward)),
                          bool(e.correct), bool(getattr(e, "format_ok", True)), int(e.completion_tokens),
                          len(e.token_ids), int(e.turns), bool(e.truncated))


def _mean(values) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


def _std(values) -> float:
    values = list(values)
    if len(values) < 2:
        return 0.0
    mean = _mean(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def episode_metrics(episodes) -> dict:
    """Reward (shaped, and the environment's alone), accuracy (overall, by category, by
    difficulty), format rate, lengths, turns, truncation. `episodes` are Episodes or EpisodeSummary."""
    episodes = [e if isinstance(e, EpisodeSummary) else summarize(e) for e in episodes]
    out = {
        "reward/mean": _mean(e.reward for e in episodes),
        "reward/std": _std(e.reward for e in episodes),
        "reward/env": _mean(e.env_reward for e in episodes),
        "format_ok_frac": _mean(float(e.format_ok) for e in episodes),
        "accuracy": _mean(float(e.correct) for e in episodes),
        "completion_tokens/mean": _mean(e.completion_tokens for e in episodes),
        "completion_tokens/max": max((e.completion_tokens for e in episodes), default=0),
        "episode_tokens/mean": _mean(e.episode_tokens for e in episodes),
        "turns/mean": _mean(e.turns for e in episodes),
        "truncated_frac": _mean(float(e.truncated) for e in episodes),
    }
    by_category, by_level = defaultdict(list), defaultdict(list)
    for e in episodes:
        by_category[e.category].append(float(e.correct))
        by_level[e.difficulty].append(float(e.correct))
    out.update({f"accuracy/category/{c}": _mean(v) for c, v in sorted(by_category.items())})
    out.update({f"accuracy/level/{lv}": _mean(v) for lv, v in sorted(by_level.items())})
    return out


def advantage_metrics(advantages) -> dict:
    advantages = list(advantages)
    return {"advantage/mean": _mean(advantages), "advantage/std": _std(advantages),
            "advantage/abs_mean": _mean(abs(a) for a in advantages),
            "advantage/max": max(advantages, default=0.0), "advantage/min": min(advantages, default=0.0)}


def batch_hash(episodes) -> str:
    """A short fingerprint of a batch's tokens, masks and rewards: equal batches, equal hashes."""
    digest = hashlib.sha256()
    for e in episodes:
        digest.update(json.dumps([e.token_ids, e.loss_mask, round(e.reward, 9)]).encode())
    return digest.hexdigest()[:16]


def keep_steps_up_to(path: str, step: int) -> None:
    """Rewrite a metrics JSONL keeping only records with "step" <= step (a resumed run repeats
    the steps after its checkpoint; a line cut by a kill is dropped too)."""
    if not os.path.exists(path):
        return
    kept = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(record, dict) and record.get("step", 0) <= step:
                kept.append(line if line.endswith("\n") else line + "\n")
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.writelines(kept)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def read_metrics(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


class MetricsLogger:
    """Appends one JSON object per step to <run_dir>/metrics.jsonl (flushed each line, so a kill
    loses at most the line being written) and mirrors numbers to TensorBoard when available, and
    to Weights & Biases when `wandb` is a dict of wandb.init arguments."""

    def __init__(self, run_dir: str, tensorboard: bool = True, resume_step: int | None = None,
                 wandb: dict | None = None):
        os.makedirs(run_dir, exist_ok=True)
        self.path = os.path.join(run_dir, "metrics.jsonl")
        self.completions_path = os.path.join(run_dir, "completions.jsonl")
        for path in (self.path, self.completions_path):
            if resume_step:
                keep_steps_up_to(path, resume_step)
            elif os.path.exists(path):
                os.remove(path)  # a fresh run replaces an old log rather than mixing with it
        self.file = open(self.path, "a", encoding="utf-8")
        self.wandb = None
        if wandb is not None:
            try:
                import wandb as wandb_module
            except ImportError:
                raise ImportError("wandb=true needs the wandb package (pip install wandb)") from None
            self.wandb = wandb_module.init(**wandb)
        self.tb = None
        if tensorboard:
            try:
                from torch.utils.tensorboard import SummaryWriter

                self.tb = SummaryWriter(os.path.join(run_dir, "tensorboard"), purge_step=(resume_step or 0) + 1)
            except ImportError:
                print("tensorboard is not installed: logging to metrics.jsonl only "
                      "(pip install tensorboard)", file=sys.stderr)

    def log(self, step: int, metrics: dict) -> None:
        self.file.write(json.dumps({"step": step, **metrics}, sort_keys=True) + "\n")
        self.file.flush()
        numbers = {k: v for k, v in metrics.items() if isinstance(v, (int, float)) and not isinstance(v, bool)}
        if self.tb is not None:
            for key, value in numbers.items():
                self.tb.add_scalar(key, value, step)
        if self.wandb is not None:
            self.wandb.log(numbers, step=step)

    def log_completions(self, step: int, rows: list[dict]) -> None:
        """Append sampled completions ({"task", "level", "prompt", "completion", "reward", ...} per
        row) to completions.jsonl, and to a W&B table."""
        with open(self.completions_path, "a", encoding="utf-8") as f:
            for row in rows:
                f.write(json.dumps({"step": step, **row}, sort_keys=True) + "\n")
        if self.wandb is not None and rows:
            import wandb as wandb_module

            columns = ["step"] + sorted(rows[0])
            table = wandb_module.Table(columns=columns, data=[[step] + [row[c] for c in columns[1:]] for row in rows])
            self.wandb.log({"completions": table}, step=step)

    def close(self) -> None:
        self.file.close()
        if self.tb is not None:
            self.tb.close()
        if self.wandb is not None:
            self.wandb.finish()


def plot_curves(run_dir: str, keys=PLOTTED) -> list[str]:
    """PNG plots of the main curves from metrics.jsonl into <run_dir>/plots/; returns the paths
    (none, with a message, when matplotlib is not installed)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plots (pip install matplotlib)", file=sys.stderr)
        return []
    path = os.path.join(run_dir, "metrics.jsonl")
    if not os.path.exists(path):
        return []
    records = read_metrics(path)
    out_dir = os.path.join(run_dir, "plots")
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for key in keys:
        points = [(r["step"], r[key]) for r in records if isinstance(r.get(key), (int, float))]
        if not points:
            continue
        fig, ax = plt.subplots(figsize=(6, 3.5))
        ax.plot([p[0] for p in points], [p[1] for p in points], marker="." if len(points) < 50 else None)
        ax.set_xlabel("step")
        ax.set_title(key)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        target = os.path.join(out_dir, key.replace("/", "_") + ".png")
        fig.savefig(target, dpi=100)
        plt.close(fig)
        written.append(target)
    # Held-out accuracy during training, one line per category (and the overall one).
    series = ["eval/accuracy"] + sorted({k for r in records for k in r if k.startswith("eval/accuracy/category/")})
    if any(isinstance(r.get("eval/accuracy"), (int, float)) for r in records):
        fig, ax = plt.subplots(figsize=(7, 4))
        for key in series:
            points = [(r["step"], r[key]) for r in records if isinstance(r.get(key), (int, float))]
            label = "all" if key == "eval/accuracy" else key[len("eval/accuracy/category/"):]
            ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=label,
                    linewidth=2.5 if key == "eval/accuracy" else 1.2)
        ax.set_xlabel("step")
        ax.set_ylabel("accuracy")
        ax.set_title("held-out accuracy during training")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
        fig.tight_layout()
        target = os.path.join(out_dir, "eval_by_category.png")
        fig.savefig(target, dpi=100)
        plt.close(fig)
        written.append(target)
    # The curriculum's arm probabilities over training, one line per arm (bandit schedulers).
    arms = sorted({k for r in records for k in r if k.startswith("curriculum/prob/")})
    if arms:
        fig, ax = plt.subplots(figsize=(7, 4))
        for key in arms:
            points = [(r["step"], r[key]) for r in records if isinstance(r.get(key), (int, float))]
            ax.plot([p[0] for p in points], [p[1] for p in points], label=key[len("curriculum/prob/"):])
        ax.set_xlabel("step")
        ax.set_ylabel("probability")
        ax.set_title("curriculum arm probabilities")
        ax.grid(alpha=0.3)
        if len(arms) <= 12:
            ax.legend(fontsize=7)
        fig.tight_layout()
        target = os.path.join(out_dir, "curriculum_probs.png")
        fig.savefig(target, dpi=100)
        plt.close(fig)
        written.append(target)
    return written
