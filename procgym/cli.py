"""The `procgym` command line: list, show, generate, verify, play, demo and train.

    procgym list
    procgym show graphs/shortest_path --difficulty 5 --seed 7
    procgym generate --tasks "graphs/*,puzzles/*" --levels 1-10 -n 10000 --out train.jsonl --shard 0/4
    procgym generate -n 100000 --format parquet --out train.parquet [--ray auto]   # or --format verl
    procgym verify answers.jsonl
    procgym play games/mastermind --difficulty 3
    procgym demo                      # agent summary, then SFT + GRPO training demo
    procgym train --config training/configs/tiny_cpu.toml steps=50 learning_rate=1e-3
    procgym eval --agent openai --model NAME --base-url http://localhost:8000/v1 --suite standard-v2
    procgym serve --port 8000         # an OpenEnv server (HTTP + WebSocket) on 127.0.0.1; --mcp for MCP
    procgym leaderboard               # render leaderboard/README.md and leaderboard/site/index.html
"""
from __future__ import annotations

import argparse
import json
import sys

from . import datasets
from .kit.text import table
from .registry import get, select


def _knobs(pairs: list[str]) -> dict:
    """["n_nodes=12", "weighted=true"] -> {"n_nodes": 12, "weighted": True}."""
    out = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--knob takes name=value, got {pair!r}")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


# ------------------------------------------------------------------------------ commands

def cmd_list(args) -> int:
    names = select(args.tasks)
    if args.json:
        print(json.dumps([{"name": n, "category": get(n).category, "interactive": get(n).interactive,
                           "max_level": get(n).max_level, "knobs": [k.name for k in get(n).knobs]} for n in names],
                         indent=1))
        return 0
    rows = [[n, get(n).category, "yes" if get(n).interactive else "no", get(n).max_level,
             ", ".join(k.name for k in get(n).knobs)] for n in names]
    print(table(rows, ["task", "category", "interactive", "levels", "knobs"]))
    print(f"\n{len(names)} tasks in {len({get(n).category for n in names})} categories")
    return 0


def cmd_show(args) -> int:
    task = get(args.task)
    problem = task.generate(seed=args.seed, difficulty=args.difficulty, **_knobs(args.knob))
    if args.json:
        print(problem.to_json())
        return 0
    if args.describe:
        print(task.describe() + "\n")
    print(f"# {problem.task}  (difficulty {problem.difficulty}, seed {problem.seed})")
    print(f"# params: {json.dumps(problem.params)}\n")
    print(problem.prompt)
    print("\n# reference answer:\n" + problem.answer)
    return 0


def cmd_generate(args) -> int:
    names = select(args.tasks)
    levels = datasets.parse_levels(args.levels)
    shard = datasets.parse_shard(args.shard)
    written = datasets.write_dataset(args.out, args.format, names, levels, args.n, args.seed, shard, args.answer_style,
                                     _knobs(args.knob), args.system, args.ray, progress=not args.quiet)
    print(f"wrote {written} new records to {args.out} ({len(names)} tasks, levels {levels}, shard "
          f"{shard[0]}/{shard[1]})", file=sys.stderr)
    return 0


def cmd_verify(args) -> int:
    """Score JSONL or Parquet files of problem records with a `response` field; malformed lines, rows
    and files (a missing column) are reported by name and skipped, and the rest is scored."""
    from .api import verify
    from .problem import Problem

    out = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout
    scored = correct = bad = 0
    total_reward = 0.0
    try:
        for path, number, rec, error in datasets.read_many(args.files, args.field):
            if error is None:
                response = rec.get(args.field)
                if not isinstance(response, str):
                    error = f"no {args.field!r} text field"
                else:
                    try:
                        problem = Problem.from_dict(rec)
                        get(problem.task)
                    except (ValueError, TypeError, KeyError) as exc:
                        error = str(exc).strip('"')
            if error is not None:
                bad += 1
                print(f"{path}{f':{number}' if number else ''}: skipped: {error}", file=sys.stderr)
                continue
            verdict = verify(problem, response)
            scored += 1
            correct += verdict.correct
            total_reward += verdict.reward
            out.write(json.dumps({"file": path, "line": number, "task": problem.task, "seed": problem.seed,
                                  **verdict.to_dict()}) + "\n")
    finally:
        if args.out:
            out.close()
    accuracy = correct / scored if scored else 0.0
    print(f"scored {scored} responses: {correct} correct ({accuracy:.1%}), mean reward "
          f"{(total_reward / scored if scored else 0):.3f}; {bad} malformed line(s) skipped", file=sys.stderr)
    return 1 if bad else 0


def cmd_play(args) -> int:
    from procgym.envs import make

    env = make(args.task, difficulty=args.difficulty, max_turns=args.max_turns, answer_style="raw",
               **_knobs(args.knob))
    observation, _ = env.reset(seed=args.seed)
    print(observation)
    total = 0.0
    while True:
        try:
            action = input("\n> ")
        except EOFError:
            print("\n(quit)")
            return 0
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        print(observation)
        if terminated or truncated:
            solved = bool((info["verdict"] or {}).get("correct"))
            print(f"\n{'Solved' if solved else 'Not solved'} in {info['turn']} turn(s); return {total:g}.")
            if not solved and not get(args.task).interactive:
                print(f"Reference answer: {info['problem']['answer']}")
            return 0


def cmd_demo(args) -> int:
    from .demo import run_demo

    if args.agents_only and args.training_only:
        raise ValueError("--agents-only and --training-only exclude each other")
    return run_demo(args.out, episodes=args.episodes, levels=datasets.parse_levels(args.levels), tasks=args.tasks,
                    agents=not args.training_only, training=not args.agents_only, quick=args.quick)


def cmd_train(args) -> int:
    """GRPO training (needs the train extra: pip install -e '.[train]')."""
    from procgym.training.config import load_config

    cfg = load_config(args.config, args.overrides)
    if args.print_config:
        for key, value in cfg.to_dict().items():
            print(f"{key} = {json.dumps(value)}")
        return 0
    try:
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as exc:
        raise ValueError(f"training needs the train extra ({exc.name} is missing): pip install -e '.[train]'") from None
    from procgym.training import train

    metrics = train(cfg)
    if metrics:
        print(f"finished {cfg.steps} steps in {cfg.output_dir}: reward {metrics['reward/mean']:.3f}, "
              f"accuracy {metrics['accuracy']:.3f}", file=sys.stderr)
    return 0


def cmd_serve(args) -> int:
    """An OpenEnv server, or with --mcp an MCP server (needs the serve extra: pip install -e '.[serve]')."""
    from procgym.envs.serve.command import serve

    return serve(args)


# ------------------------------------------------------------------------------ parser

def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="procgym", description="Procedural reasoning tasks with exact verifiers.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("list", help="list registered tasks")
    s.add_argument("tasks", nargs="?", default="*", help="glob(s), comma-separated (default: all)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(run=cmd_list)

    s = sub.add_parser("show", help="show one problem and its reference answer")
    s.add_argument("task")
    s.add_argument("--difficulty", "-d", type=int, default=3)
    s.add_argument("--seed", "-s", type=int, default=0)
    s.add_argument("--knob", "-k", action="append", metavar="NAME=VALUE", help="override a knob (repeatable)")
    s.add_argument("--describe", action="store_true", help="also print the task's knobs and levels")
    s.add_argument("--json", action="store_true", help="print the problem record as JSON")
    s.set_defaults(run=cmd_show)

    s = sub.add_parser("generate", help="write a seeded dataset as JSONL (resumable, shardable)")
    s.add_argument("--tasks", "-t", default="*", help="glob(s), comma-separated (default: all)")
    s.add_argument("--levels", "-l", default="1-10",
                   help="5, 1-10, 11-20 or 1,5,20 (default 1-10); a task that caps lower plays its highest level")
    s.add_argument("-n", type=int, required=True, help="records in the whole dataset (all shards)")
    s.add_argument("--seed", type=int, default=0, help="master seed (default 0)")
    s.add_argument("--out", "-o", required=True, help="output .jsonl path (appended to when resuming)")
    s.add_argument("--shard", default="0/1", help="i/n: write only shard i of n (default 0/1)")
    s.add_argument("--answer-style", default="tag", choices=["tag", "boxed", "raw"])
    s.add_argument("--knob", "-k", action="append", metavar="NAME=VALUE", help="override a knob in every task")
    s.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    s.add_argument("--format", default="jsonl", choices=["jsonl", "parquet", "verl"],
                   help="jsonl (resumable), parquet (procgym's schema) or verl (verl's Parquet layout); the "
                        "Parquet formats need the hf extra")
    s.add_argument("--system", default=None, help="a system message for the chat prompts (Parquet formats)")
    s.add_argument("--ray", default=None, metavar="ADDRESS",
                   help="generate on a Ray cluster (auto, ray://host:10001, or local) into one Parquet file; "
                        "needs the ray extra")
    s.set_defaults(run=cmd_generate)

    s = sub.add_parser("verify", help="score JSONL or Parquet files of problem records with model responses")
    s.add_argument("files", nargs="+", metavar="file",
                   help="JSONL (each line a problem record plus a response field) or .parquet (procgym's or "
                        "verl's layout plus a response column)")
    s.add_argument("--field", default="response", help="the field holding the model's text (default response)")
    s.add_argument("--out", "-o", help="write verdicts here (default stdout)")
    s.set_defaults(run=cmd_verify)

    s = sub.add_parser("play", help="play any task in the terminal")
    s.add_argument("task")
    s.add_argument("--difficulty", "-d", type=int, default=3)
    s.add_argument("--seed", "-s", type=int, default=None)
    s.add_argument("--max-turns", type=int, default=None, help="attempts (single-answer) or turn cap")
    s.add_argument("--knob", "-k", action="append", metavar="NAME=VALUE")
    s.set_defaults(run=cmd_play)

    s = sub.add_parser("demo", help="run the oracle and random agents on every env, then train a tiny model with "
                                    "GRPO and report held-out accuracy before and after")
    s.add_argument("--out", default="demo_out", help="folder for the dataset and the results (default demo_out)")
    s.add_argument("--episodes", type=int, default=2, help="agent episodes per task and level (default 2)")
    s.add_argument("--levels", default="1,5,10", help="levels of the agent summary (default 1,5,10)")
    s.add_argument("--tasks", default="*", help="tasks of the agent summary (default: all)")
    s.add_argument("--agents-only", action="store_true", help="only the agent summary")
    s.add_argument("--training-only", action="store_true", help="only the training demo")
    s.add_argument("--quick", action="store_true",
                   help="a seconds-long smoke run of the training demo (tiny budgets; the figures mean nothing)")
    s.set_defaults(run=cmd_demo)

    s = sub.add_parser("train", help="GRPO training on procgym tasks (key=value pairs override the config)")
    s.add_argument("--config", "-c", default=None, help="a .toml or .yaml config (default: built-in defaults)")
    s.add_argument("overrides", nargs="*", metavar="KEY=VALUE", help="override config fields, e.g. steps=50")
    s.add_argument("--print-config", action="store_true", help="print the resolved config and exit")
    s.set_defaults(run=cmd_train)

    s = sub.add_parser("serve", help="serve the tasks over the network: an OpenEnv server (HTTP and WebSocket), or "
                                     "with --mcp an MCP server (stdio or streamable HTTP)")
    s.add_argument("--tasks", "-t", default="*", help="the tasks served: glob(s), comma-separated (default: all)")
    s.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1, this machine only)")
    s.add_argument("--port", "-p", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    s.add_argument("--max-sessions", type=int, default=256,
                   help="OpenEnv: WebSocket sessions open at once; MCP: open episodes (default 256)")
    s.add_argument("--mcp", action="store_true", help="serve MCP instead of OpenEnv")
    s.add_argument("--transport", default="stdio", choices=["stdio", "http"],
                   help="MCP transport: stdio (default) or streamable HTTP at /mcp on --host:--port")
    s.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"])
    s.set_defaults(run=cmd_serve)

    from procgym.leaderboard.cli import add_commands  # procgym eval, procgym leaderboard

    add_commands(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.run(args)
    except (ValueError, KeyError, FileNotFoundError) as exc:
        print(f"procgym {args.command}: error: {str(exc).strip(chr(34))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
