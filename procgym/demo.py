"""The demo (`make demo`, `procgym demo`): the agent summary, then the training demo.

    procgym demo                                  # both, a few minutes on 2 CPU cores
    procgym demo --agents-only --episodes 5       # a small dataset, the oracle and random agents on every env
    procgym demo --training-only                  # warm start, GRPO, held-out accuracy before and after

The agent summary generates a small dataset and runs the oracle and random agents through every
env. The training demo (procgym.training.demo) warm-starts a tiny model on reference answers,
trains it with GRPO and reports held-out accuracy before and after.
"""
from __future__ import annotations

import json
import os
import time

from tqdm import tqdm

from . import datasets
from .registry import get, select


def run_agents(names, levels, episodes: int) -> list[dict]:
    """Per task: how often the oracle and the random agent solve `episodes` seeded episodes per level."""
    from procgym.agents import OracleAgent, RandomAgent, play_episode
    from procgym.envs import make

    rows = []
    for name in tqdm(names, desc="episodes", unit="task"):
        row = {"task": name, "interactive": get(name).interactive, "episodes": 0}
        for agent in (OracleAgent(), RandomAgent(seed=0)):
            solved = turns = 0
            for level in levels:
                env = make(name, difficulty=level, max_turns=None)
                for seed in range(episodes):
                    result = play_episode(env, agent, seed=10_000 + seed)
                    solved += result["solved"]
                    turns += result["turns"]
            row[f"{agent.name}_solved"] = solved
            row[f"{agent.name}_turns"] = turns / (episodes * len(levels))
        row["episodes"] = episodes * len(levels)
        rows.append(row)
    return rows


def run_demo(out: str, episodes: int = 2, levels=(1, 5, 10), tasks: str = "*", agents: bool = True,
             training: bool = True, quick: bool = False) -> int:
    """The agent summary (into `out`), then the training demo (into `out`/training); `quick`
    shortens the training demo to a seconds-long smoke run whose figures mean nothing."""
    start = time.perf_counter()
    code = run_agent_demo(out, episodes, levels, tasks) if agents else 0
    if training:
        try:
            import torch  # noqa: F401
            import transformers  # noqa: F401
        except ImportError as exc:
            print(f"\ntraining demo skipped: it needs the train extra ({exc.name} is missing): "
                  "pip install -e '.[train]'")
            return code
        from procgym.training.demo import QUICK, run_training_demo

        print("\n== training demo: SFT warm start, then GRPO; held-out accuracy before and after ==")
        run_training_demo(os.path.join(out, "training"), **(QUICK if quick else {}))
    if agents and training:
        print(f"\ndemo finished in {time.perf_counter() - start:.0f}s")
    return code


def run_agent_demo(out: str, episodes: int = 2, levels=(1, 5, 10), tasks: str = "*") -> int:
    """Generate a small dataset, then run the oracle and random agents through every env."""
    from .kit.text import table

    os.makedirs(out, exist_ok=True)
    names = select(tasks)
    start = time.perf_counter()
    path = os.path.join(out, "dataset.jsonl")
    n = 2 * len(names) * len(levels)
    if os.path.exists(path):
        os.remove(path)  # the demo always starts fresh
    datasets.write_jsonl(path, names, levels, n, master_seed=0)
    print(f"dataset: {n} problems from {len(names)} tasks at levels {list(levels)} -> {path}")

    rows = run_agents(names, levels, episodes)
    print()
    print(table([[r["task"], "yes" if r["interactive"] else "no", f"{r['oracle_solved']}/{r['episodes']}",
                  f"{r['random_solved']}/{r['episodes']}", f"{r['oracle_turns']:.1f}", f"{r['random_turns']:.1f}"]
                 for r in rows],
                ["task", "interactive", "oracle solved", "random solved", "oracle turns", "random turns"]))
    oracle = sum(r["oracle_solved"] for r in rows)
    rand = sum(r["random_solved"] for r in rows)
    total = sum(r["episodes"] for r in rows)
    print(f"\noracle solved {oracle}/{total} ({oracle / total:.1%}); random solved {rand}/{total} "
          f"({rand / total:.1%}); {time.perf_counter() - start:.1f}s")
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump({"levels": list(levels), "episodes_per_level": episodes, "tasks": rows}, f, indent=1)
    return 0 if oracle == total else 1
