"""A synthetic learner for comparing curriculum schedulers without a model.

Each arm is a task "sim/<kind><i>" with a hidden skill, a logit: its success probability is
sigmoid(skill). Learnable arms start weak (p about 0.05-0.2) and their skill grows by `eta` for
every practised group with mixed outcomes, the only groups that give GRPO a gradient (a group
whose G rewards are all equal has zero advantages). Unlearnable arms succeed with probability 0
and mastered arms with probability 1, forever. Advantages are computed as GRPO's "group" scaling
does: (r - mean) / (Bessel-corrected std + 1e-4), per group of G Bernoulli rewards.

    result = simulate("bandit", seed=0)
    result["samples_to_target"], result["wasted"]

Samples are episodes (groups x G). The target is a mean success probability across the learnable
arms; `wasted` counts episodes spent on unlearnable and mastered arms until the target is reached
(or the budget runs out).
"""
from __future__ import annotations

import math
import random
import statistics

from .curriculum import make_scheduler

SCHEDULER_OPTIONS = {
    "uniform": {},
    "bandit": {"alpha": 0.5, "tau": 0.1},
    "ucb": {"c": 0.5, "window": 20},
}


def grpo_advantages(rewards, eps: float = 1e-4) -> list[float]:
    """Group-normalised advantages, as training.grpo.group_advantages(scaling="group")."""
    mean = sum(rewards) / len(rewards)
    std = math.sqrt(sum((r - mean) ** 2 for r in rewards) / (len(rewards) - 1))
    return [(r - mean) / (std + eps) for r in rewards]


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def make_world(seed: int, learnable: int = 4, unlearnable: int = 4, mastered: int = 4) -> dict:
    rng = random.Random(f"world-{seed}")
    world = {}
    for i in range(learnable):
        world[f"sim/learn{i}"] = {"kind": "learnable", "skill": rng.uniform(-3.0, -1.5)}
    for i in range(unlearnable):
        world[f"sim/never{i}"] = {"kind": "unlearnable", "skill": -math.inf}
    for i in range(mastered):
        world[f"sim/mastered{i}"] = {"kind": "mastered", "skill": math.inf}
    return world


def success_prob(arm: dict) -> float:
    if arm["kind"] == "unlearnable":
        return 0.0
    if arm["kind"] == "mastered":
        return 1.0
    return sigmoid(arm["skill"])


def simulate(scheduler: str, seed: int, *, target: float = 0.8, group_size: int = 8, groups_per_step: int = 16,
             eta: float = 0.05, max_steps: int = 3000, options: dict | None = None, **world_kw) -> dict:
    """Run one scheduler on one synthetic world until the learnable arms' mean success
    probability reaches `target`; returns samples used, samples wasted and the final skills."""
    world = make_world(seed, **world_kw)
    tasks = sorted(world)
    sched = make_scheduler(scheduler, tasks, [1], seed, **(options if options is not None
                                                           else SCHEDULER_OPTIONS[scheduler]))
    rng = random.Random(f"outcomes-{seed}")
    learnable = [t for t in tasks if world[t]["kind"] == "learnable"]
    samples = wasted = 0
    reached = None
    for step in range(max_steps):
        if sum(success_prob(world[t]) for t in learnable) / len(learnable) >= target:
            reached = samples
            break
        results = []
        for task, level in sched.sample(groups_per_step):
            arm = world[task]
            p = success_prob(arm)
            rewards = [1.0 if rng.random() < p else 0.0 for _ in range(group_size)]
            samples += group_size
            if arm["kind"] != "learnable":
                wasted += group_size
            elif 0 < sum(rewards) < group_size:
                arm["skill"] += eta
            results.append({"task": task, "difficulty": level, "rewards": rewards,
                            "advantages": grpo_advantages(rewards)})
        sched.observe(results)
    return {"scheduler": scheduler, "seed": seed, "reached": reached is not None,
            "samples_to_target": reached if reached is not None else samples, "wasted": wasted,
            "final_mean_p": sum(success_prob(world[t]) for t in learnable) / len(learnable)}


def compare(schedulers=("uniform", "bandit", "ucb"), seeds=range(20), **kw) -> dict:
    """Per scheduler: mean and standard deviation over seeds of samples to target and wasted
    samples, the fraction of seeds that reached the target, and the ratio to uniform."""
    out = {}
    for name in schedulers:
        runs = [simulate(name, seed, **kw) for seed in seeds]
        to_target = [r["samples_to_target"] for r in runs]
        wasted = [r["wasted"] for r in runs]
        out[name] = {"samples_to_target_mean": statistics.mean(to_target),
                     "samples_to_target_std": statistics.pstdev(to_target),
                     "wasted_mean": statistics.mean(wasted), "wasted_std": statistics.pstdev(wasted),
                     "wasted_frac": sum(wasted) / max(sum(to_target), 1),
                     "reached": sum(r["reached"] for r in runs) / len(runs), "runs": runs}
    if "uniform" in out:
        base = out["uniform"]["samples_to_target_mean"]
        for name in out:
            out[name]["speedup_vs_uniform"] = base / out[name]["samples_to_target_mean"]
    return out
