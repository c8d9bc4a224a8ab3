"""How often the oracle (reference policy) solves each interactive task, per level.

    python bench/oracle.py [--episodes 50] [--levels 1,5,10] [--out bench/results/oracle.json]

Every interactive task's reference policy must solve 100% of episodes; this prints the table
and writes JSON.
"""
from __future__ import annotations

import argparse
import json
import os
import time

import procgym
from procgym.agents import OracleAgent, play_episode
from procgym.cli import table
from procgym.datasets import parse_levels
from procgym.envs import make


def measure(name: str, level: int, episodes: int) -> dict:
    env, oracle = make(name, difficulty=level), OracleAgent()
    start = time.perf_counter()
    results = [play_episode(env, oracle, seed=s) for s in range(episodes)]
    return {"task": name, "level": level, "episodes": episodes, "solved": sum(r["solved"] for r in results),
            "mean_turns": sum(r["turns"] for r in results) / episodes,
            "seconds_per_episode": (time.perf_counter() - start) / episodes}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=50)
    ap.add_argument("--levels", default="1,5,10")
    ap.add_argument("--tasks", default="*")
    ap.add_argument("--out", default="bench/results/oracle.json")
    args = ap.parse_args()
    names = [n for n in procgym.select(args.tasks) if procgym.get(n).interactive]
    rows = [measure(n, lv, args.episodes) for n in names for lv in parse_levels(args.levels)]
    print(table([[r["task"], r["level"], f"{r['solved']}/{r['episodes']}", f"{r['mean_turns']:.1f}",
                  f"{1000 * r['seconds_per_episode']:.1f}"] for r in rows],
                ["task", "level", "solved", "mean turns", "ms/episode"]))
    solved, total = sum(r["solved"] for r in rows), sum(r["episodes"] for r in rows)
    print(f"\noracle solved {solved}/{total} episodes over {len(names)} interactive tasks")
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"rows": rows, "solved": solved, "total": total}, f, indent=1)
    return 0 if solved == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
