"""Problems are stable: a SHA-256 over every task x level x seed, to compare before and after a change.

    python bench/problem_hashes.py --out before.json          # on the old commit
    python bench/problem_hashes.py --compare before.json      # on the new one: lists changed tasks

Each task's digest covers the full JSON record (prompt, answer, check, params) of levels 1-10 and
seeds 0-19 by default; the total digest covers every task in name order. `--without-format` leaves
out the prompt's closing answer-format paragraph (the format sentence and its example), to show
that a change of examples left every question, answer and check as it was.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import procgym
from procgym.knobs import LEVELS


FORMAT_PARAGRAPH = re.compile(r"\n\n(Answer|Action) format: .*\Z", re.S)


def task_digest(name: str, seeds: int = 20, levels=LEVELS, without_format: bool = False) -> str:
    task, h = procgym.get(name), hashlib.sha256()
    for level in levels:
        for seed in range(seeds):
            record = task.generate(seed=seed, difficulty=level).to_dict()
            if without_format:
                record["prompt"] = FORMAT_PARAGRAPH.sub("", record["prompt"])
            h.update(json.dumps(record, sort_keys=True).encode())  # = Problem.to_json when unmasked
    return h.hexdigest()


def _digest(args):
    name, seeds, without_format = args
    return name, task_digest(name, seeds, without_format=without_format)


def digests(names, seeds: int = 20, workers: int = 2, without_format: bool = False) -> dict[str, str]:
    with ProcessPoolExecutor(workers) as pool:
        return dict(sorted(pool.map(_digest, [(n, seeds, without_format) for n in names], chunksize=4)))


def total(per_task: dict[str, str]) -> str:
    return hashlib.sha256("".join(f"{k}={v}\n" for k, v in sorted(per_task.items())).encode()).hexdigest()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", default="*", help="a glob over task names")
    ap.add_argument("--seeds", type=int, default=20)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--without-format", action="store_true",
                    help="leave the prompt's closing answer-format paragraph out of the digests")
    ap.add_argument("--out", help="write {task: digest} and the total to this JSON file")
    ap.add_argument("--compare", help="a JSON file written by --out: report the tasks whose problems changed")
    args = ap.parse_args(argv)
    names = procgym.tasks(args.tasks)
    per_task = digests(names, args.seeds, args.workers, args.without_format)
    result = {"tasks": len(per_task), "levels": list(LEVELS), "seeds": args.seeds,
              "without_format": args.without_format,
              "total": total(per_task), "per_task": per_task}
    print(f"{len(per_task)} tasks x {len(LEVELS)} levels x {args.seeds} seeds: {result['total']}")
    if args.out:
        Path(args.out).write_text(json.dumps(result, indent=1) + "\n")
    if args.compare:
        before = json.loads(Path(args.compare).read_text())["per_task"]
        changed = sorted(n for n in per_task if n in before and before[n] != per_task[n])
        missing = sorted(set(before) - set(per_task)) if args.tasks == "*" else []
        print(f"changed: {len(changed)} of {len(per_task)}" + "".join(f"\n  {n}" for n in changed))
        if missing:
            print(f"missing: {missing}")
        return 1 if changed or missing else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
