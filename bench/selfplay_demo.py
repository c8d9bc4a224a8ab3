"""Self-play demo: a tiny model learns Count to 11 by playing both seats against itself; RAE
(role-conditioned advantages) against group advantages and plain returns, over several seeds.

    python bench/selfplay_demo.py                    # docs/training.md's figures: about 27 minutes on 2 busy cores
    python bench/selfplay_demo.py --quick            # a seconds-long smoke run; its figures mean nothing
    python bench/selfplay_demo.py --arms rae,none --seeds 0,1,2,3

The recipe, top to bottom (`run`):

  1. build a tiny Llama-style model and a character tokenizer from scratch (nothing is downloaded);
  2. warm-start it on demonstrations: matches in which the "random" policy plays both seats, laid
     out exactly as self-play rollouts are (training/selfplay.py `demonstrations`), so it learns
     the move format and that a move is 1, 2 or 3, and plays like the random policy;
  3. evaluate it against the built-in random opponent: `--eval-games` matches per seat from the
     reserved evaluation seeds, the model's moves sampled at temperature 1 (the policy self-play
     trains) and, apart, decoded greedily;
  4. for each advantage estimator (`--arms`) and seed (`--seeds`): train by self-play from the warm
     start with the ordinary trainer (training/configs/selfplay_tiny_cpu.toml), then evaluate on
     the same matches;
  5. print the table (win rate, mean and standard error over the evaluation games; the change, paired
     over the same deals; mean and standard error over seeds per estimator) and write
     bench/results/selfplay_demo.json, with each model's move probabilities at every starting total.

Why Count to 11 and not Kuhn poker: in Kuhn poker the game-theoretic optimum self-play approaches
wins 48% of one-hand matches against the random opponent (it gives up pots to save chips), while
random play wins 50%, so the win rate cannot show what self-play learns there; and a seat's first
prompt is 700 characters (tokens, for this character-level model) against 350 here. In Count to 11
random play wins 50% against random, always adding 3 wins 61% and perfect play 86%
(`expected_win_rate` walks the game tree). docs/training.md discusses the figures.
"""
from __future__ import annotations

import argparse
import copy
import os
import shutil
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))

from machine import machine_info, portable_args, write_results  # noqa: E402

from procgym.training.demo import mean_se  # noqa: E402  (mean and standard error of the mean)

GAME = "count_to"
LEVEL = 1  # target 11
CONFIG = ROOT / "training" / "configs" / "selfplay_tiny_cpu.toml"
RESULTS = ROOT / "bench" / "results" / "selfplay_demo.json"
DEMO_MASTER_SEED = 1  # the warm start's matches: dataset_seed(1, i); evaluation seeds are reserved ones

QUICK = {"hidden": 16, "layers": 1, "demo_matches": 16, "eval_games": 4, "steps": 2, "seeds": [0], "arms": ["rae"]}


# --- exact reference figures ----------------------------------------------------------------------

def expected_win_rate(policy: str, opponent: str = "random", level: int = LEVEL) -> float:
    """The exact win rate of a built-in policy against another, averaged over the two seats and
    every starting total (the game tree walked in full)."""
    from procgym.kit.multiplayer import get_game

    game = get_game(GAME)
    params = game.params(0, level)

    def wins(state, seats, seat) -> Fraction:
        movers = game.to_move(state)
        if not movers:
            return Fraction(int(game.payoffs(state)[seat] > 0))
        mover, = movers
        total = Fraction(0)
        for move, p in game.strategy(seats[mover], state, mover).items():
            child = copy.deepcopy(state)
            game.apply(child, {mover: game.read(child, mover, move)})
            total += Fraction(p) * wins(child, seats, seat)
        return total

    starts = range(0, min(9, params["target"] - 2) + 1)  # CountTo.setup's uniform start
    rates = []
    for seat in (0, 1):
        seats = {seat: policy, 1 - seat: opponent}
        rates.append(sum(wins({"total": t, "target": params["target"], "turn": 0, "last": None}, seats, seat)
                         for t in starts) / len(starts))
    return float(sum(rates) / 2)


# --- measuring a model ----------------------------------------------------------------------------

def evaluate(cfg, model, tokenizer, temperature: float) -> list[dict]:
    """eval_rows of `model` against the opponents of cfg at `temperature`."""
    from procgym.training.backends import TransformersBackend
    from procgym.training.rollout import ChatRenderer, stop_token_ids
    from procgym.training.selfplay import eval_rows

    cfg = copy.copy(cfg)
    cfg.eval_temperature = temperature
    backend = TransformersBackend(model, tokenizer, stop_token_ids(tokenizer))
    return eval_rows(cfg, backend, ChatRenderer(tokenizer), [GAME])


def both_decodings(cfg, model, tokenizer) -> dict:
    """{"sampled": rows at temperature 1, "greedy": rows decoded greedily}."""
    return {"sampled": evaluate(cfg, model, tokenizer, 1.0), "greedy": evaluate(cfg, model, tokenizer, 0.0)}


def summary(rows: list[dict]) -> dict:
    """Win/draw/loss rates (mean and s.e. over games), per seat too, and the invalid-move rate."""
    wins = [r["outcome"] == "win" for r in rows]
    win, se = mean_se(wins)
    out = {"games": len(rows), "win": win, "win_se": se,
           "loss": sum(r["outcome"] == "loss" for r in rows) / len(rows),
           "invalid_rate": sum(r["invalid_moves"] for r in rows) / max(sum(r["turns"] for r in rows), 1)}
    for seat in sorted({r["seat"] for r in rows}):
        out[f"win_player_{seat}"] = mean_se([r["outcome"] == "win" for r in rows if r["seat"] == seat])[0]
    return out


def paired_change(before: list[dict], after: list[dict]) -> tuple[float, float]:
    """Mean and s.e. of the per-match win difference (after - before) over the same evaluation deals."""
    key = lambda r: (r["seat"], r["seed"], r["opponent"])  # noqa: E731
    base = {key(r): r["outcome"] == "win" for r in before}
    return mean_se([(r["outcome"] == "win") - base[key(r)] for r in after])


def move_table(cfg, model, tokenizer) -> dict:
    """For each starting total, the model's probability of each legal reply as player_0's first
    move (teacher-forced: the whole reply, end-of-turn token included), and the winning moves."""
    import torch

    from procgym.extract import mark_answer
    from procgym.kit.multiplayer import Match, get_game
    from procgym.training.rollout import ChatRenderer
    from procgym.training.selfplay import first_prompt_text

    from procgym.generators.multiplayer.count_to import winning_moves

    renderer = ChatRenderer(tokenizer)
    game = get_game(GAME)
    table = {}
    seed = 0
    while len(table) < 10 and seed < 10_000:  # the first match seed that starts at each total
        m = Match.new(game, seed=seed, difficulty=LEVEL)
        seed += 1
        total = m.state["total"]
        if total in table:
            continue
        prompt = renderer.first_prompt(first_prompt_text(m, "player_0", cfg.answer_style))
        probs = {}
        with torch.no_grad():
            for move in m.legal_actions("player_0"):
                reply = renderer.encode(mark_answer(move, cfg.answer_style)) + [renderer.eot_id]
                ids = torch.tensor([prompt + reply])
                logp = torch.log_softmax(model(input_ids=ids).logits[0, len(prompt) - 1:-1].float(), dim=-1)
                probs[move] = float(logp.gather(1, torch.tensor(reply)[:, None]).sum().exp())
        table[total] = {"p": probs, "winning": winning_moves(total, m.state["target"])}
    return dict(sorted(table.items()))


# --- the demo -------------------------------------------------------------------------------------

def run(out_dir: str, *, arms, seeds, steps: int, eval_games: int, demo_matches: int, hidden: int = 64,
        layers: int = 2, sft_lr: float = 3e-3, progress: bool = False) -> dict:
    """Warm start, evaluation, self-play per (arm, seed), evaluation again; returns the summary."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from procgym.training import load_config, train
    from procgym.training.checkpoint import latest_checkpoint
    from procgym.training.metrics import read_metrics
    from procgym.training.rollout import ChatRenderer
    from procgym.training.selfplay import demonstrations
    from procgym.training.sft import sft_on_sequences
    from procgym.training.tiny import build_tiny_model

    torch.set_num_threads(1)
    start = time.perf_counter()
    if os.path.exists(out_dir):
        shutil.rmtree(out_dir)  # always from scratch
    os.makedirs(out_dir)
    seconds = {}

    # 1-2. A tiny model, warm-started on random play.
    base = build_tiny_model(os.path.join(out_dir, "base_model"), seed=0, hidden=hidden, layers=layers,
                            intermediate=3 * hidden)
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForCausalLM.from_pretrained(base, dtype=torch.float32)
    warm = os.path.join(out_dir, "warm_start")
    settings = dict(model=warm, difficulty=LEVEL, selfplay_games=[GAME], selfplay_eval_games=eval_games,
                    steps=steps, progress=progress, tensorboard=False, plots=False)
    cfg = load_config(CONFIG, **settings)
    t = time.perf_counter()
    demos = demonstrations(cfg, ChatRenderer(tokenizer), [GAME], demo_matches, policy="random",
                           master_seed=DEMO_MASTER_SEED)
    losses = sft_on_sequences(model, demos, tokenizer.pad_token_id, lr=sft_lr, batch_size=16, progress=progress)
    model.save_pretrained(warm)
    tokenizer.save_pretrained(warm)
    seconds["warm_start"] = time.perf_counter() - t

    # 3. The warm start against the random opponent.
    t = time.perf_counter()
    before = both_decodings(cfg, model, tokenizer)
    seconds["eval_before"] = time.perf_counter() - t
    runs = []

    # 4. Self-play from the warm start, per estimator and seed.
    for arm in arms:
        for seed in seeds:
            run_dir = os.path.join(out_dir, f"{arm}_seed{seed}")
            run_cfg = load_config(CONFIG, **settings, selfplay_advantage=arm, seed=seed, output_dir=run_dir)
            t = time.perf_counter()
            train(run_cfg)
            train_seconds = time.perf_counter() - t
            trained = AutoModelForCausalLM.from_pretrained(os.path.join(latest_checkpoint(run_dir), "model"),
                                                           dtype=torch.float32)
            after = both_decodings(cfg, trained, tokenizer)
            records = read_metrics(os.path.join(run_dir, "metrics.jsonl"))
            curve = [(r["step"], r[f"selfplay_eval/{GAME}/random/win"]) for r in records
                     if f"selfplay_eval/{GAME}/random/win" in r]
            steps_logged = [r for r in records if "time/step" in r]
            runs.append({"arm": arm, "seed": seed,
                         **{mode: {**summary(after[mode]),
                                   "change": dict(zip(("mean", "se"), paired_change(before[mode], after[mode])))}
                            for mode in after},
                         "train_seconds": train_seconds,
                         "step_seconds": sum(r["time/step"] for r in steps_logged) / max(len(steps_logged), 1),
                         "selfplay_win_player_0_last10": mean_se([r[f"selfplay/{GAME}/player_0/win"]
                                                                  for r in steps_logged[-10:]])[0],
                         "entropy_last": steps_logged[-1]["entropy"] if steps_logged else None,
                         "eval_curve": curve, "moves": move_table(cfg, trained, tokenizer)})
            print(f"{arm} seed {seed}: win {100 * runs[-1]['sampled']['win']:.1f}% sampled, "
                  f"{100 * runs[-1]['greedy']['win']:.1f}% greedy ({train_seconds:.0f} s)", file=sys.stderr)

    # 5. Aggregates per estimator: mean and s.e. over seeds.
    by_arm = {}
    for arm in arms:
        mine = [r for r in runs if r["arm"] == arm]
        by_arm[arm] = {mode: {"win": dict(zip(("mean", "se"), mean_se([r[mode]["win"] for r in mine]))),
                              "change": dict(zip(("mean", "se"), mean_se([r[mode]["change"]["mean"] for r in mine])))}
                       for mode in ("sampled", "greedy")}
    seconds["total"] = time.perf_counter() - start
    return {
        "game": GAME, "level": LEVEL, "config": str(CONFIG.relative_to(ROOT)),
        "model": {"hidden": hidden, "layers": layers, "parameters": sum(p.numel() for p in model.parameters())},
        "warm_start": {"demonstration_matches": demo_matches, "sequences": len(demos), "policy": "random",
                       "lr": sft_lr, "final_loss": sum(losses[-10:]) / len(losses[-10:])},
        "selfplay": {k: getattr(cfg, k) for k in ("steps", "prompts_per_step", "group_size", "learning_rate",
                                                  "adam_epsilon", "rae_decay", "selfplay_max_invalid",
                                                  "answer_style", "loss_aggregation", "advantage_scaling")},
        "evaluation": {"opponent": "random", "games_per_seat": eval_games,
                       "seeds": "reserved evaluation range, the same deals before and after"},
        "reference_win_rates": {p: expected_win_rate(p) for p in ("random", "heuristic", "exact")},
        "before": {mode: summary(rows) for mode, rows in before.items()},
        "before_moves": move_table(cfg, model, tokenizer),
        "runs": runs, "by_arm": by_arm, "seconds": seconds,
    }


def print_table(result: dict) -> None:
    from procgym.kit.text import table

    pct = lambda m, s: f"{100 * m:5.1f} ± {100 * s:.1f}"  # noqa: E731
    rows = [["warm start (random demonstrations)", "-", pct(result["before"]["sampled"]["win"],
                                                            result["before"]["sampled"]["win_se"]), "",
             pct(result["before"]["greedy"]["win"], result["before"]["greedy"]["win_se"]), ""]]
    for r in result["runs"]:
        rows.append([f"self-play, {r['arm']}", str(r["seed"]), pct(r["sampled"]["win"], r["sampled"]["win_se"]),
                     f"{100 * r['sampled']['change']['mean']:+5.1f} ± {100 * r['sampled']['change']['se']:.1f}",
                     pct(r["greedy"]["win"], r["greedy"]["win_se"]),
                     f"{100 * r['greedy']['change']['mean']:+5.1f} ± {100 * r['greedy']['change']['se']:.1f}"])
    for arm, agg in result["by_arm"].items():
        rows.append([f"self-play, {arm}: mean over seeds", "all", pct(agg["sampled"]["win"]["mean"],
                                                                     agg["sampled"]["win"]["se"]),
                     f"{100 * agg['sampled']['change']['mean']:+5.1f} ± {100 * agg['sampled']['change']['se']:.1f}",
                     pct(agg["greedy"]["win"]["mean"], agg["greedy"]["win"]["se"]),
                     f"{100 * agg['greedy']['change']['mean']:+5.1f} ± {100 * agg['greedy']['change']['se']:.1f}"])
    games = 2 * result["evaluation"]["games_per_seat"]
    print(table(rows, ["model", "seed", f"win % vs random, sampled ({games} games)", "change (paired)",
                       "win % greedy", "change (paired)"]))
    ref = result["reference_win_rates"]
    print(f"\nexact win rates against random: random play {100 * ref['random']:.1f}%, always adding 3 "
          f"{100 * ref['heuristic']:.1f}%, perfect play {100 * ref['exact']:.1f}%")
    print(f"wall time {result['seconds']['total']:.0f} s")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", default="demo_out/selfplay", help="working folder (deleted and rewritten)")
    parser.add_argument("--arms", default="rae,group,none", help="advantage estimators, comma-separated")
    parser.add_argument("--seeds", default="0,1,2", help="training seeds, comma-separated")
    parser.add_argument("--steps", type=int, default=80, help="self-play steps per run")
    parser.add_argument("--eval-games", type=int, default=250, help="evaluation matches per seat")
    parser.add_argument("--demo-matches", type=int, default=400, help="matches of random play for the warm start")
    parser.add_argument("--results", default=str(RESULTS), help="where to write the JSON ('' for nowhere)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: tiny everything, no results file")
    args = parser.parse_args(argv)
    options = dict(arms=args.arms.split(","), seeds=[int(s) for s in args.seeds.split(",")], steps=args.steps,
                   eval_games=args.eval_games, demo_matches=args.demo_matches)
    if args.quick:
        options.update(QUICK)
        args.results = ""
    result = run(args.out, **options)
    print_table(result)
    if args.results:
        write_results(Path(args.results), {"machine": machine_info(), "args": portable_args(args), **result})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
