"""How often the oracle (reference policy) and the random agent solve each interactive task, per level.

    python bench/oracle.py [--episodes 50] [--levels 1,5,10] [--tasks "*"]
                           [--out bench/results/oracle.json]
                           [--interactive-out bench/results/interactive.json] [--no-random] [--resume]

Every interactive task's reference policy must solve 100% of episodes. The random agent (a
chance-level baseline: it plays another problem's winning actions) shows how much each task
demands of an agent. Prints a table, writes the oracle rows to --out (the original format) and
the oracle-versus-random rows to --interactive-out. --resume keeps the rows of tasks already in
--interactive-out and measures only the others (rows are saved after every task, so an
interrupted run can go on).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from tqdm import tqdm

import procgym
from procgym.agents import OracleAgent, RandomAgent, play_episode
from procgym.cli import table
from procgym.datasets import parse_levels
from procgym.envs import make

SLOW_S_PER_EPISODE = 1.0  # tasks whose oracle episodes average more than this are flagged "slow"


def measure(name: str, level: int, episodes: int, agent=None) -> dict:
    """Play `episodes` seeded episodes (seeds 0..episodes-1) of one task at one level with `agent`
    (the oracle by default): solved count, mean turns and seconds per episode."""
    env, agent = make(name, difficulty=level), agent or OracleAgent()
    start = time.perf_counter()
    results = [play_episode(env, agent, seed=s) for s in range(episodes)]
    return {"task": name, "level": level, "episodes": episodes, "solved": sum(r["solved"] for r in results),
            "mean_turns": sum(r["turns"] for r in results) / episodes,
            "seconds_per_episode": (time.perf_counter() - start) / episodes}


def compare(name: str, level: int, episodes: int, with_random: bool = True) -> dict:
    """The oracle's and the random agent's success rates and mean episode lengths on one task/level."""
    oracle = measure(name, level, episodes)
    row = {"task": name, "level": level, "episodes": episodes,
           "oracle_success": oracle["solved"] / episodes, "oracle_mean_turns": oracle["mean_turns"],
           "oracle_seconds_per_episode": oracle["seconds_per_episode"]}
    if with_random:
        rand = measure(name, level, episodes, RandomAgent(seed=level))
        row.update({"random_success": rand["solved"] / episodes, "random_mean_turns": rand["mean_turns"],
                    "random_seconds_per_episode": rand["seconds_per_episode"]})
    return row


def _load(path: str) -> list[dict]:
    try:
        with open(path) as f:
            return json.load(f).get("rows", [])
    except (OSError, ValueError):
        return []


def _save(path: str, rows: list[dict], episodes: int, levels: list[int]) -> None:
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    slow = sorted({r["task"] for r in rows if r["oracle_seconds_per_episode"] > SLOW_S_PER_EPISODE})
    with open(path, "w") as f:
        json.dump({"episodes": episodes, "levels": levels, "tasks": len({r["task"] for r in rows}),
                   "slow_tasks": slow, "rows": rows}, f, indent=1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=50)
    ap.add_argument("--levels", default="1,5,10")
    ap.add_argument("--tasks", default="*")
    ap.add_argument("--out", default="bench/results/oracle.json")
    ap.add_argument("--interactive-out", default="bench/results/interactive.json")
    ap.add_argument("--no-random", action="store_true", help="measure the oracle only")
    ap.add_argument("--resume", action="store_true", help="keep tasks already measured in --interactive-out")
    args = ap.parse_args()
    levels = parse_levels(args.levels)
    names = [n for n in procgym.select(args.tasks) if procgym.get(n).interactive]
    kept = [r for r in _load(args.interactive_out) if r["task"] in names] if args.resume else []
    done = {r["task"] for r in kept}
    rows = list(kept)
    with tqdm(total=len(names) * len(levels), initial=len(done) * len(levels), file=sys.stderr,
              unit="cell", desc="interactive") as bar:
        for name in names:
            if name in done:
                continue
            for level in levels:
                bar.set_postfix_str(f"{name} L{level}")
                rows.append(compare(name, level, args.episodes, not args.no_random))
                bar.update()
            _save(args.interactive_out, rows, args.episodes, levels)
    rows.sort(key=lambda r: (r["task"], r["level"]))
    _save(args.interactive_out, rows, args.episodes, levels)

    def rate(r, who):
        return f"{100 * r[who + '_success']:.0f}%" if who + "_success" in r else "-"

    def turns(r, who):
        return f"{r[who + '_mean_turns']:.1f}" if who + "_mean_turns" in r else "-"

    print(table([[r["task"], r["level"], rate(r, "oracle"), turns(r, "oracle"), rate(r, "random"), turns(r, "random"),
                  f"{1000 * r['oracle_seconds_per_episode']:.1f}"] for r in rows],
                ["task", "level", "oracle", "oracle turns", "random", "random turns", "oracle ms/episode"]))
    # the original oracle-only record, kept in its format for the tools that read it
    oracle_rows = [{"task": r["task"], "level": r["level"], "episodes": r["episodes"],
                    "solved": round(r["oracle_success"] * r["episodes"]), "mean_turns": r["oracle_mean_turns"],
                    "seconds_per_episode": r["oracle_seconds_per_episode"]} for r in rows]
    solved, total = sum(r["solved"] for r in oracle_rows), sum(r["episodes"] for r in oracle_rows)
    print(f"\noracle solved {solved}/{total} episodes over {len({r['task'] for r in rows})} interactive tasks")
    slow = sorted({r["task"] for r in rows if r["oracle_seconds_per_episode"] > SLOW_S_PER_EPISODE})
    if slow:
        print(f"slow (oracle > {SLOW_S_PER_EPISODE:g} s/episode): {', '.join(slow)}")
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    with open(args.out, "w") as f:
        json.dump({"rows": oracle_rows, "solved": solved, "total": total}, f, indent=1)
    return 0 if solved == total else 1


if __name__ == "__main__":
    raise SystemExit(main())
