"""`procgym eval` and `procgym leaderboard`, added to the main parser by procgym/cli.py."""
from __future__ import annotations

import argparse
import sys

from procgym.agents.factory import KINDS


def _ks(text: str | None) -> list[int] | None:
    if not text:
        return None
    try:
        return sorted({int(k) for k in text.split(",")})
    except ValueError:
        raise ValueError(f"--k takes comma-separated integers like 1,5,10, got {text!r}") from None


def agent_options(args) -> dict:
    """The agent constructor's options from the command line (only those given, and only those
    the chosen kind takes)."""
    common = {"max_tokens": args.max_tokens, "temperature": args.temperature, "top_p": args.top_p,
              "system": args.system, "seed": args.seed}
    per_kind = {
        "oracle": {},
        "random": {"seed": args.seed},
        "transformers": {**common, "batch_size": args.batch_size, "device": args.device, "dtype": args.dtype},
        "vllm": {**common, "batch_size": args.batch_size, "max_model_len": args.max_model_len},
        "openai": {**common, "base_url": args.base_url, "timeout": args.timeout, "retries": args.retries,
                   "concurrency": args.concurrency, "cache_dir": args.cache},
    }[args.agent]
    return {k: v for k, v in per_kind.items() if v is not None}


def cmd_eval(args) -> int:
    from procgym.agents import make_agent

    from .results import evaluate, rescore_run

    if args.rescore:
        summary, path = rescore_run(args.rescore, _ks(args.k), args.suite if args.suite.endswith(".json") else None)
        print(f"rescored {path}: accuracy {summary['accuracy']:.1%} ({summary['rescored']['changed']} verdict(s) "
              f"changed, {summary['rescored']['stale']} stale)", file=sys.stderr)
        return 0
    if not args.agent:
        raise ValueError("--agent is required (oracle, random, transformers, vllm or openai)")
    if args.temperature == 0 and args.samples > 1 and args.agent in ("transformers", "vllm", "openai"):
        raise ValueError("several samples per problem need --temperature above 0 (greedy samples are identical)")
    agent = make_agent(args.agent, args.model, **agent_options(args))
    try:
        summary, path = evaluate(agent, args.suite, model=args.model, samples=args.samples, ks=_ks(args.k),
                                 name=args.name, results_dir=args.results_dir, progress=not args.quiet)
    except Exception as exc:
        from procgym.agents.http_chat import ServerUnavailable

        if isinstance(exc, ServerUnavailable):
            print(f"procgym eval: stopped: {exc}\nfinished episodes are saved; rerun the same command to resume.",
                  file=sys.stderr)
            return 3
        raise
    print_summary(summary, path)
    return 0


def print_summary(summary: dict, path) -> None:
    from procgym.kit.text import table

    print(f"{summary['run']} on {summary['suite']}: accuracy {summary['accuracy']:.1%} "
          f"({summary['correct']}/{summary['episodes']} episodes)")
    if len(summary["pass_at_k"]) > 1 or summary["samples"] > 1:
        print("pass@k: " + ", ".join(f"@{k} {v:.1%}" for k, v in summary["pass_at_k"].items()))
    print("\n" + table([[lv, f"{v['accuracy']:.1%}", v["episodes"]] for lv, v in summary["by_level"].items()],
                       ["level", "accuracy", "episodes"]))
    print("\n" + table([[c, f"{v['accuracy']:.1%}", v["episodes"]] for c, v in summary["by_category"].items()],
                       ["category", "accuracy", "episodes"]))
    tokens = summary["tokens"]
    print(f"\ntokens: {tokens['prompt']} prompt, {tokens['completion']} completion; "
          f"time {summary['time']['wall_seconds']:.1f}s\nwrote {path}")


def cmd_leaderboard(args) -> int:
    from .render import write_leaderboard

    readme, page, runs = write_leaderboard(args.results_dir, args.readme, args.site)
    print(f"rendered {runs} run(s): {readme} and {page}", file=sys.stderr)
    return 0


def add_agent_arguments(s) -> None:
    """The options of the agent kinds, shared by eval and calibrate."""
    s.add_argument("--max-tokens", type=int, help="tokens per turn (default 1024; transformers 512)")
    s.add_argument("--temperature", type=float, default=0.0)
    s.add_argument("--top-p", type=float)
    s.add_argument("--system", help="a system prompt")
    s.add_argument("--seed", type=int, help="agent seed (sampling, the random agent)")
    s.add_argument("--batch-size", type=int, help="transformers/vllm: episodes played in lockstep")
    s.add_argument("--device", help="transformers: cpu, cuda, cuda:1 ...")
    s.add_argument("--dtype", help="transformers: float32, bfloat16 ...")
    s.add_argument("--max-model-len", type=int, help="vllm: context length")
    s.add_argument("--base-url", help="openai: the server's /v1 URL (default http://localhost:8000/v1); the key "
                                      "is read from OPENAI_API_KEY")
    s.add_argument("--concurrency", type=int, help="openai: episodes in flight (default 8)")
    s.add_argument("--timeout", type=float, help="openai: seconds per request attempt (default 120)")
    s.add_argument("--retries", type=int, help="openai: retries after a transient failure (default 5)")
    s.add_argument("--cache", help="openai: response cache folder (default ~/.cache/procgym/chat)",
                   default="~/.cache/procgym/chat")


def cmd_calibrate(args) -> int:
    from procgym.agents import make_agent
    from procgym.registry import select

    from .calibration import calibrate, plot_calibration

    names = select([t.strip() for t in args.tasks.split(",") if t.strip()])
    agent = make_agent(args.agent, args.model, **agent_options(args))
    try:
        calibration = calibrate(agent, names, args.out, per_probe=args.per_probe, rounds=args.rounds,
                                model=args.model, progress=not args.quiet)
    except Exception as exc:
        from procgym.agents.http_chat import ServerUnavailable

        if isinstance(exc, ServerUnavailable):
            print(f"procgym calibrate: stopped: {exc}\nfinished episodes are saved; rerun the same command to resume.",
                  file=sys.stderr)
            return 3
        raise
    from procgym.kit.text import table

    rows = []
    for task, entry in calibration["tasks"].items():
        cells = [task, entry["max_level"]]
        for p in ("0.1", "0.5", "0.9"):
            info = entry["levels"][p]
            mark = {"above": ">", "below": "<"}.get(info.get("censored"), "")
            ci = info.get("ci95")
            cells.append(f"{mark}{info['level']:.1f}" + (f" [{ci[0]:.1f}, {ci[1]:.1f}]" if ci else ""))
        rows.append(cells + [entry["episodes"]])
    print(table(rows, ["task", "max", "level at 10%", "level at 50%", "level at 90%", "episodes"]))
    plot = args.plot or str(args.out).removesuffix(".json") + ".png"
    plot_calibration(calibration, plot)
    print(f"wrote {args.out}, its episode log and {plot}")
    return 0


def add_commands(sub) -> None:
    """Add the eval, calibrate and leaderboard subcommands to procgym's subparsers."""
    s = sub.add_parser("eval", help="evaluate an agent on a versioned suite (resumable); writes a result file",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    s.add_argument("--agent", "-a", choices=KINDS, help="required unless --rescore")
    s.add_argument("--model", "-m", help="transformers/vllm: a local folder or hub name; openai: the model name")
    s.add_argument("--suite", default="quick-v4", help="suite name (quick-v4, standard-v4, frontier-v1; released "
                                                       "suites stay frozen) or a suite .json")
    s.add_argument("--samples", "-n", type=int, default=1, help="samples per problem (pass@k needs several)")
    s.add_argument("--k", help="pass@k values, e.g. 1,5,10 (default 1,2,4,... up to --samples)")
    s.add_argument("--name", help="run name (default: agent-model); the result files are <suite>/<name>.json(l)")
    s.add_argument("--results-dir", help="default leaderboard/results")
    add_agent_arguments(s)
    s.add_argument("--rescore", metavar="RUN.jsonl", help="re-judge a finished run's stored outputs and rewrite "
                                                          "its summary (no model calls)")
    s.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    s.set_defaults(run=cmd_eval)

    s = sub.add_parser("calibrate", help="find the levels where an agent solves about 10%%, 50%% and 90%% of each "
                                         "task (adaptive, resumable); writes a calibration file and a plot",
                       formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    s.add_argument("--agent", "-a", choices=KINDS, required=True)
    s.add_argument("--model", "-m", help="transformers/vllm: a local folder or hub name; openai: the model name")
    s.add_argument("--tasks", "-t", required=True, help='task globs, comma-separated ("graphs/*,logic/*")')
    s.add_argument("--out", "-o", default="calibration.json", help="the calibration file (its episode log: .jsonl)")
    s.add_argument("--plot", help="the plot's path (default: the calibration file with .png)")
    s.add_argument("--per-probe", type=int, default=8, help="problems per probed level and round")
    s.add_argument("--rounds", type=int, default=6, help="search rounds (each probes up to 3 levels per task)")
    add_agent_arguments(s)
    s.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    s.set_defaults(run=cmd_calibrate)

    s = sub.add_parser("leaderboard", help="render leaderboard/README.md and leaderboard/site/index.html")
    s.add_argument("--results-dir", help="default leaderboard/results")
    s.add_argument("--readme", help="default leaderboard/README.md")
    s.add_argument("--site", help="folder of index.html (default leaderboard/site)")
    s.set_defaults(run=cmd_leaderboard)

