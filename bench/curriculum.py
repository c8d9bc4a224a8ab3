"""Curriculum schedulers on synthetic learners: samples to a target skill and samples wasted.

    python bench/curriculum.py [--seeds 20] [--target 0.8]

Writes bench/results/curriculum.json. See procgym/training/curriculum_sim.py for the model:
4 learnable arms (skill grows only from mixed-outcome groups), 4 unlearnable (p = 0), 4 mastered
(p = 1); 16 groups of G = 8 per step; GRPO group-normalised advantages.
"""
from __future__ import annotations

import argparse
import json
import os

from procgym.training.curriculum_sim import SCHEDULER_OPTIONS, compare


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--target", type=float, default=0.8)
    ap.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results", "curriculum.json"))
    args = ap.parse_args()
    result = compare(seeds=range(args.seeds), target=args.target)
    print(f"{'scheduler':<9} {'samples to target':>20} {'wasted (unlearnable+mastered)':>31} "
          f"{'wasted %':>9} {'reached':>8} {'vs uniform':>11}")
    for name, r in result.items():
        print(f"{name:<9} {r['samples_to_target_mean']:>11.0f} ± {r['samples_to_target_std']:<6.0f} "
              f"{r['wasted_mean']:>22.0f} ± {r['wasted_std']:<6.0f} {100 * r['wasted_frac']:>9.1f} "
              f"{100 * r['reached']:>7.0f}% {r['speedup_vs_uniform']:>10.2f}x")
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"seeds": args.seeds, "target": args.target, "options": SCHEDULER_OPTIONS,
                   "results": result}, f, indent=1)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
