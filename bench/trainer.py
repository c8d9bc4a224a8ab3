"""Time per GRPO step on the tiny CPU model: procgym's trainer next to trl.GRPOTrainer.

    python bench/trainer.py [--steps 6] [--rounds 2] [--quick] [--out bench/results/trainer.json]

Both trainers get the same model (training/tiny.py, built once, seeded), the same task
(arithmetic/expression_value at level 1, verified by procgym), the same batch (4 prompts x a
group of 4 = 16 completions per optimizer step, micro-batches of 8), the same completion length
(32 tokens), temperature 1, no KL term, token-mean (DAPO) loss, clip 0.2/0.28, one optimizer step
per batch, one torch thread, no gradient checkpointing (TRL's default turns it on; procgym's
leaves it off). procgym's config is training/configs/tiny_cpu.toml with max_turns=1, since
TRL's trainer plays single-turn episodes.

Each step is split into generation (sampling the completions), scoring (the reward: procgym's
verifier, through the env in procgym's case), other rollout work and optimisation (the
forward/backward passes and the optimizer step). procgym's split comes from its metrics.jsonl
(time/generation, time/scoring, time/other_rollout, time/optimisation); TRL's from timing its
_generate_single_turn, _calculate_rewards and _generate_and_score_completions methods inside
each step. The first step of every block is a warm-up and left out; the two trainers run in
alternating blocks (--rounds) so a shared machine's changing load hits both alike. Times are
wall-clock medians over the kept steps.

Target: procgym's step no slower than TRL's.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import load_average, machine_info, write_results  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
CONFIG = REPO / "training" / "configs" / "tiny_cpu.toml"
DEFAULT_OUT = REPO / "bench" / "results" / "trainer.json"
TASK, LEVEL = "arithmetic/expression_value", 1
PARTS = ("generation", "scoring", "other_rollout", "optimisation")


def shared_settings(cfg) -> dict:
    """The shape both trainers get, read from procgym's config so they cannot drift apart."""
    return {"prompts_per_step": cfg.prompts_per_step, "group_size": cfg.group_size,
            "micro_batch_size": cfg.micro_batch_size, "max_completion_tokens": cfg.max_completion_tokens,
            "learning_rate": cfg.learning_rate, "temperature": cfg.temperature, "epsilon_low": cfg.epsilon_low,
            "epsilon_high": cfg.epsilon_high, "task": TASK, "level": LEVEL, "seed": cfg.seed}


def procgym_config(model_path: str, output_dir: str, steps: int):
    from procgym.training import load_config

    return load_config(CONFIG, [f"steps={steps}", "max_turns=1", f"tasks={TASK}", f"difficulty={LEVEL}",
                                "checkpoint_every=0", "tensorboard=false", "plots=false", "progress=false",
                                "resume=false", "kl_beta=0", "loss_aggregation=token_mean"],
                       model=model_path, output_dir=output_dir)


def run_procgym(model_path: str, workdir: str, steps: int) -> list[dict]:
    """Train `steps` steps with procgym's trainer; returns each step's timings (seconds)."""
    from procgym.training import train

    out = tempfile.mkdtemp(prefix="procgym-", dir=workdir)
    train(procgym_config(model_path, out, steps))
    rows = [json.loads(line) for line in open(os.path.join(out, "metrics.jsonl"), encoding="utf-8")]
    return [{"step": r["step"], "total": r["time/step"], **{p: r[f"time/{p}"] for p in PARTS}} for r in rows]


def trl_dataset(n: int, seed: int):
    """n procgym problems as a TRL conversational dataset (the record travels as JSON text)."""
    from datasets import Dataset

    import procgym

    rows = []
    for i in range(n):
        problem = procgym.generate(TASK, seed=seed * 100_000 + i, difficulty=LEVEL)
        rows.append({"prompt": [{"role": "user", "content": problem.prompt}], "problem": problem.to_json()})
    return Dataset.from_list(rows)


def procgym_reward(prompts, completions, problem, **_):
    """TRL reward function: procgym's verifier on each completion's text."""
    import procgym

    texts = [c[-1]["content"] if isinstance(c, list) else c for c in completions]
    return [procgym.verify(json.loads(record), text).reward for record, text in zip(problem, texts)]


def run_trl(model_path: str, workdir: str, steps: int, settings: dict) -> list[dict]:
    """Train `steps` steps with trl.GRPOTrainer, timing each step's parts."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from trl import GRPOConfig, GRPOTrainer

    timings: list[dict] = []
    current = {p: 0.0 for p in PARTS} | {"rollout": 0.0}

    def timed(method, key):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                current[key] += time.perf_counter() - start
        return wrapper

    class Timed(GRPOTrainer):
        """GRPOTrainer with its rollout, generation and reward methods timed."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self._generate_single_turn = timed(self._generate_single_turn, "generation")
            self._calculate_rewards = timed(self._calculate_rewards, "scoring")
            self._generate_and_score_completions = timed(self._generate_and_score_completions, "rollout")

    class StepClock(TrainerCallback):
        def on_step_begin(self, args, state, control, **kwargs):
            for key in current:
                current[key] = 0.0
            self.start = time.perf_counter()

        def on_step_end(self, args, state, control, **kwargs):
            total = time.perf_counter() - self.start
            timings.append({"step": state.global_step, "total": total, "generation": current["generation"],
                            "scoring": current["scoring"],
                            "other_rollout": current["rollout"] - current["generation"] - current["scoring"],
                            "optimisation": total - current["rollout"]})

    per_step = settings["prompts_per_step"] * settings["group_size"]
    micro = settings["micro_batch_size"]
    args = GRPOConfig(
        output_dir=tempfile.mkdtemp(prefix="trl-", dir=workdir), use_cpu=True, bf16=False, max_steps=steps,
        per_device_train_batch_size=micro, gradient_accumulation_steps=per_step // micro,
        num_generations=settings["group_size"], max_completion_length=settings["max_completion_tokens"],
        learning_rate=settings["learning_rate"], temperature=settings["temperature"], top_p=1.0, beta=0.0,
        loss_type="dapo", epsilon=settings["epsilon_low"], epsilon_high=settings["epsilon_high"],
        num_iterations=1, gradient_checkpointing=False, logging_steps=1, report_to=[], save_strategy="no",
        seed=settings["seed"], dataloader_num_workers=0, disable_tqdm=True, remove_unused_columns=False)
    # fp32, as procgym's trainer loads it: a side-by-side timing must train the same precision
    model = AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32)
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    torch.manual_seed(settings["seed"])
    trainer = Timed(model=model, reward_funcs=procgym_reward, args=args,
                    train_dataset=trl_dataset(per_step * (steps + 2), settings["seed"]),
                    processing_class=tokenizer, callbacks=[StepClock()])
    from transformers.trainer_callback import PrinterCallback

    trainer.remove_callback(PrinterCallback)  # it prints every step's log dict to stdout
    trainer.train()
    return timings


def median_parts(steps: list[dict]) -> dict:
    return {key: statistics.median(s[key] for s in steps) for key in ("total", *PARTS)} if steps else {}


def table(summary: dict) -> str:
    header = ["trainer", "step ms", *[f"{p} ms" for p in PARTS], "steps kept"]
    rows = [[name, f"{s['total'] * 1e3:.1f}", *[f"{s[p] * 1e3:.2f}" for p in PARTS], str(s["kept"])]
            for name, s in summary.items() if s]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *rows)]
    line = lambda cols: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)  # noqa: E731
                                  for i, (c, w) in enumerate(zip(cols, widths))).rstrip()
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in rows])


def parse_args(argv=None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--steps", type=int, default=None, help="steps per block, the first one a warm-up (default 6)")
    ap.add_argument("--rounds", type=int, default=None, help="alternating blocks per trainer (default 2)")
    ap.add_argument("--quick", action="store_true", help="2 steps, 1 round")
    ap.add_argument("--no-trl", action="store_true", help="time procgym's trainer only")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    args.steps = args.steps or (2 if args.quick else 6)
    args.rounds = args.rounds or (1 if args.quick else 2)
    if args.steps < 2 or args.rounds < 1:
        ap.error("--steps must be at least 2 (the first is a warm-up) and --rounds at least 1")
    return args


def main(argv=None) -> int:
    args = parse_args(argv)
    import torch
    import transformers

    from procgym.training.tiny import build_tiny_model

    torch.set_num_threads(1)  # as tiny_cpu.toml's cpu_threads = 1, for both trainers
    transformers.utils.logging.set_verbosity_error()
    machine = machine_info()
    trl_version = None
    if not args.no_trl:
        try:
            import trl

            trl_version = trl.__version__
        except ImportError:
            print("note: trl is not installed (pip install trl); timing procgym only", file=sys.stderr)
    with tempfile.TemporaryDirectory(prefix="bench-trainer-") as workdir:
        cfg = procgym_config("tiny", workdir, args.steps)
        model_path = build_tiny_model(os.path.join(workdir, "model"), seed=cfg.seed, hidden=cfg.tiny_hidden,
                                      layers=cfg.tiny_layers)
        settings = shared_settings(cfg)
        runs = {"procgym": [], "trl": []}
        for r in range(args.rounds):
            print(f"round {r + 1}/{args.rounds}: procgym", file=sys.stderr)
            runs["procgym"] += run_procgym(model_path, workdir, args.steps)[1:]
            if trl_version:
                print(f"round {r + 1}/{args.rounds}: trl", file=sys.stderr)
                runs["trl"] += run_trl(model_path, workdir, args.steps, settings)[1:]
    summary = {name: ({**median_parts(steps), "kept": len(steps)} if steps else None) for name, steps in runs.items()}
    ratio = (summary["procgym"]["total"] / summary["trl"]["total"]) if summary.get("trl") else None
    print(table(summary))
    if ratio:
        print(f"\nprocgym step / TRL step = {ratio:.2f} ({'met' if ratio <= 1.0 else 'MISSED'}: target <= 1)")
    meta = {**machine, "load_average_after": load_average(), "torch": torch.__version__,
            "transformers": transformers.__version__, "trl": trl_version, "torch_threads": 1,
            "steps_per_block": args.steps, "rounds": args.rounds, "settings": settings,
            "command": "python bench/trainer.py" + (" --quick" if args.quick else "")}
    write_results(args.out, {"meta": meta, "summary": summary, "ratio_procgym_over_trl": ratio, "steps": runs})
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
