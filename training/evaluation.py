"""Evaluation during training: a fixed held-out set played with the training sampler.

    items = eval_items(cfg)                      # [(task, level, seed, answer_style, max_turns, feedback)]
    metrics = evaluate(cfg, backend, renderer, items)   # {"eval/accuracy": ..., "eval/accuracy/category/...": ...}

The set is either a leaderboard suite (cfg.eval_suite: its problems, answer style, attempts and
feedback, exactly as the leaderboard plays them) or cfg.eval_problems problems for each
(task, level) of cfg.eval_tasks x cfg.eval_levels (defaults: the training tasks and levels), with
seeds eval_seed("procgym-train-eval", task, level, i) from the range procgym.seeding reserves for
evaluation; the trainer's problem seeds are below 2**31, so no training problem is ever evaluated.
Evaluation decodes greedily by default (cfg.eval_temperature = 0), which makes a step's figures a
function of the weights alone; with a temperature it samples under a seed fixed for the run, so
every evaluation of a run draws with the same seeds.
"""
from __future__ import annotations

from collections import defaultdict
from typing import NamedTuple

from procgym.seeding import eval_seed, stable_seed

EVAL_SALT = "procgym-train-eval"


class EvalItem(NamedTuple):
    task: str
    level: int
    seed: int
    answer_style: str
    max_turns: int
    feedback: str


def eval_items(cfg) -> list[EvalItem]:
    """The evaluation set of a TrainConfig, in a fixed order (task, level, index)."""
    from procgym.datasets import parse_levels
    from procgym.registry import get, select

    if cfg.eval_suite:
        from procgym.leaderboard.suites import load_suite

        suite = load_suite(cfg.eval_suite)
        return [EvalItem(item.task, item.level, item.seed, suite.answer_style, suite.max_turns(item.task),
                         suite.feedback) for item in suite.items()]
    tasks = select(list(cfg.eval_tasks or cfg.tasks))
    if cfg.eval_levels:
        levels = parse_levels(cfg.eval_levels)
    else:
        levels = cfg.levels or list(range(1, 11))
    # a level past a task's highest is left out for that task (not replayed at its highest)
    return [EvalItem(task, level, eval_seed(EVAL_SALT, task, level, i), cfg.answer_style, cfg.max_turns, cfg.feedback)
            for task in tasks for level in levels if level <= get(task).max_level for i in range(cfg.eval_problems)]


def play_items(cfg, backend, renderer, items: list[EvalItem], seed: int):
    """Play one episode per item (batches of cfg.batch_episodes); returns the episodes in order."""
    from procgym.envs import TaskEnv
    from procgym.registry import get

    from .rollout import collect_episodes
    from .trainer import task_overrides

    episodes = []
    size = max(1, cfg.batch_episodes)
    markers = cfg.reasoning_markers if cfg.strip_reasoning else None
    for start in range(0, len(items), size):
        chunk = items[start:start + size]
        envs, problems = [], []
        for item in chunk:
            knobs = {} if cfg.eval_suite else task_overrides(cfg, item.task)
            problems.append(get(item.task).generate(seed=item.seed, difficulty=item.level,
                                                    answer_style=item.answer_style, **knobs))
            envs.append(TaskEnv(item.task, difficulty=item.level, max_turns=item.max_turns, feedback=item.feedback,
                                answer_style=item.answer_style))
        played, _ = collect_episodes(
            backend, renderer, envs, problems, max_prompt_tokens=cfg.max_prompt_tokens,
            max_completion_tokens=cfg.max_completion_tokens, max_episode_tokens=cfg.max_episode_tokens,
            temperature=cfg.eval_temperature, top_p=1.0, seed=stable_seed(seed, start),
            sampling={"stop_strings": cfg.stop_strings}, reasoning_markers=markers,
            drop_history_reasoning=cfg.dropped_reasoning_markers)
        episodes += played
    return episodes


def eval_metrics(rows: list[dict]) -> dict:
    """{"eval/accuracy", "eval/reward", "eval/answered", "eval/completion_tokens", "eval/problems",
    "eval/accuracy/category/<c>", "eval/accuracy/level/<n>"} from per-episode rows
    ({"task", "level", "correct", "reward", "format_ok", "completion_tokens"})."""
    n = max(len(rows), 1)
    out = {"eval/accuracy": sum(r["correct"] for r in rows) / n, "eval/reward": sum(r["reward"] for r in rows) / n,
           "eval/answered": sum(r["format_ok"] for r in rows) / n,
           "eval/completion_tokens": sum(r["completion_tokens"] for r in rows) / n, "eval/problems": len(rows)}
    by_category, by_level = defaultdict(list), defaultdict(list)
    for r in rows:
        by_category[r["task"].split("/", 1)[0]].append(float(r["correct"]))
        by_level[r["level"]].append(float(r["correct"]))
    out.update({f"eval/accuracy/category/{c}": sum(v) / len(v) for c, v in sorted(by_category.items())})
    out.update({f"eval/accuracy/level/{lv}": sum(v) / len(v) for lv, v in sorted(by_level.items())})
    return out


def evaluate(cfg, backend, renderer, items: list[EvalItem], dist=None, tp: int = 1) -> dict:
    """Play the evaluation set (each rank its share when `dist` spans several processes; a vLLM
    tensor-parallel group of `tp` ranks plays its share together) and return its metrics."""
    from .distributed import SINGLE, rollout_shares

    dist = dist or SINGLE
    played, reported = rollout_shares(len(items), dist.rank, dist.world, tp)
    mine = [items[i] for i in played]
    episodes = play_items(cfg, backend, renderer, mine, seed=stable_seed("eval", cfg.seed))
    keep = set(reported)
    rows = [{"task": it.task, "level": it.level, "correct": bool(e.correct), "reward": float(e.env_reward),
             "format_ok": bool(e.format_ok and e.turns > 0), "completion_tokens": e.completion_tokens}
            for i, it, e in zip(played, mine, episodes) if i in keep]
    rows = [r for part in dist.gather_objects(rows) for r in part]
    return eval_metrics(rows)
