"""The training demo: a tiny model learns easy procgym tasks on a CPU, first from reference
answers, then from its own rewarded samples with GRPO.

    from procgym.training.demo import run_training_demo
    summary = run_training_demo("demo_out/training")     # or: procgym demo

Read `run_training_demo` top to bottom; it is the whole recipe:

  1. build a tiny Llama-style model and a character tokenizer from scratch (nothing is downloaded);
  2. generate seeded datasets: supervised examples, and held-out problems from a different master
     seed, checked to share no seed with anything the model trains on;
  3. warm-start the model with a short supervised pass on reference answers (deliberately short:
     it learns the answer format and part of the task, so its samples are sometimes right);
  4. measure held-out accuracy (greedy decoding, and sampled at temperature 1 under several
     sampling seeds; one attempt per problem);
  5. train with GRPO through the ordinary trainer (`procgym train` runs the same code), which
     evaluates a second held-out set (reserved evaluation seeds) greedily every 20 steps: the
     eval curve, printed and plotted in <out>/grpo/plots/;
  6. measure the same held-out problems again, and report both with standard errors.

Reproducibility: greedy figures are a function of the weights. Sampled figures also depend on the
sampling seed, so they are reported as the mean over SAMPLING_SEEDS seeds with the spread (standard
deviation) across seeds. Neither makes a run identical across machines: GRPO samples its own
training data, and a last-bit difference in a CPU's float arithmetic changes a sample, the batch
and from then on the trajectory; the spread over sampling seeds is a guide to how much figures
move for that reason too.
"""
from __future__ import annotations

import json
import math
import os
import shutil
import time

from procgym.seeding import dataset_seed

# What the demo learns: three number-theory tasks at level 1 with short prompts and small answer
# sets ("Is 19 a prime number?", the number of divisors of 30, 8^9 mod 5). Why these: the tiny
# character-level model must read its operands 100+ characters before the answer, and in a few
# minutes of supervised training it learns the answer format and the answers' distribution, not
# the arithmetic. Tasks with small answer sets keep GRPO's reward signal dense enough to use.
# See bench/results/training_demo.json and the issue note for the runs behind this choice.
TASKS = ("number_theory/primality", "number_theory/divisor_functions", "number_theory/modular_power")
LEVEL = 1
KNOBS: dict = {}

HERE = os.path.dirname(os.path.abspath(__file__))
CONFIG = os.path.join(HERE, "configs", "tiny_cpu.toml")  # the GRPO settings start from this file
RESULTS = os.path.join(os.path.dirname(HERE), "bench", "results", "training_demo.json")

SFT_MASTER_SEED = 1  # the supervised examples: dataset_seed(1, i)
EVAL_MASTER_SEED = 2  # the held-out problems: dataset_seed(2, i); never trained on

# GRPO settings on top of training/configs/tiny_cpu.toml (every key is a TrainConfig field).
GRPO = {
    "steps": 100, "prompts_per_step": 16, "group_size": 8, "micro_batch_size": 32,
    "learning_rate": 1e-3, "warmup_steps": 5, "lr_schedule": "constant",
    "max_turns": 1, "max_completion_tokens": 24, "temperature": 1.0,
    "loss_aggregation": "token_mean", "advantage_scaling": "group", "kl_beta": 0.0,
    "checkpoint_every": 0, "keep_checkpoints": 1, "tensorboard": False,
    "eval_every": 20, "eval_problems": 50, "eval_temperature": 0.0,
}
SAMPLING_SEEDS = 5  # sampled held-out accuracy: mean and spread over this many sampling seeds

# A seconds-long smoke run of the same pipeline (`procgym demo --quick`, the tests): its figures mean nothing.
QUICK = {"hidden": 16, "layers": 1, "sft_examples": 32, "eval_problems": 8, "results_path": None, "progress": False,
         "sampling_seeds": 2,
         "grpo": {"steps": 2, "prompts_per_step": 2, "group_size": 2, "micro_batch_size": 4,
                  "max_completion_tokens": 8, "warmup_steps": 0, "plots": False, "eval_every": 1, "eval_problems": 2}}


def evaluate(model, tokenizer, problems, *, batch_size: int = 100, max_new_tokens: int = 24, greedy: bool = True,
             seed: int = 0, answered: list | None = None) -> list[bool]:
    """One attempt per problem, scored by the task's verifier; greedy decoding unless told to sample
    (temperature 1, as GRPO samples). `answered`, if given, receives per problem whether the
    completion contained a marked answer at all (right or wrong)."""
    import torch

    import procgym
    from procgym.extract import extract_answer
    from procgym.training.rollout import ChatRenderer

    renderer = ChatRenderer(tokenizer)
    pad = tokenizer.pad_token_id
    device = next(model.parameters()).device
    was_training = model.training
    model.eval()  # safe: torch inference mode, not Python eval
    correct = []
    with torch.no_grad(), torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        for start in range(0, len(problems), batch_size):
            chunk = problems[start:start + batch_size]
            prompts = [renderer.first_prompt(p["prompt"]) for p in chunk]
            width = max(len(p) for p in prompts)
            input_ids = torch.full((len(chunk), width), pad, dtype=torch.long)
            attention = torch.zeros((len(chunk), width), dtype=torch.long)
            for row, prompt in enumerate(prompts):  # left padding
                input_ids[row, width - len(prompt):] = torch.tensor(prompt)
                attention[row, width - len(prompt):] = 1
            sampling = {"do_sample": False} if greedy else {"do_sample": True, "temperature": 1.0, "top_k": 0}
            out = model.generate(input_ids=input_ids.to(device), attention_mask=attention.to(device),
                                 max_new_tokens=max_new_tokens, eos_token_id=renderer.eot_id, pad_token_id=pad,
                                 **sampling)
            for problem, ids in zip(chunk, out[:, width:].tolist()):
                text = tokenizer.decode(ids, skip_special_tokens=True)
                correct.append(procgym.verify(problem, text).correct)
                if answered is not None:
                    answered.append(extract_answer(text, problem.get("answer_style", "tag")) is not None)
    model.train(was_training)
    return correct


def write_problems(path: str, cfg, n: int, master_seed: int) -> list[dict]:
    """n problem records, the i-th of task i mod len(tasks) with seed dataset_seed(master_seed, i),
    generated with the knob overrides the trainer applies (cfg.knobs); written as JSONL."""
    from procgym.registry import get
    from procgym.training.trainer import task_overrides

    levels = cfg.levels
    records = []
    for i in range(n):
        task = cfg.tasks[i % len(cfg.tasks)]
        level = levels[(i // len(cfg.tasks)) % len(levels)]
        problem = get(task).generate(dataset_seed(master_seed, i), level, cfg.answer_style,
                                     **task_overrides(cfg, task))
        records.append(problem.to_dict())
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(json.dumps(r, sort_keys=True) + "\n" for r in records)
    return records


def over_seeds(values) -> dict:
    """{"mean", "se", "seed_std", "per_seed"} of one figure measured under several sampling seeds."""
    values = [float(v) for v in values]
    mean = sum(values) / len(values)
    std = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1)) if len(values) > 1 else 0.0
    return {"mean": mean, "se": std / math.sqrt(len(values)), "seed_std": std, "per_seed": values}


def mean_se(values) -> tuple[float, float]:
    """Mean and standard error of the mean of 0/1 outcomes (or any numbers)."""
    values = [float(v) for v in values]
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, math.sqrt(var / n)


def run_training_demo(out_dir: str = "demo_out/training", *, tasks=TASKS, level: int = LEVEL, knobs=None,
                      hidden: int = 64, layers: int = 2, sft_examples: int = 900, sft_lr: float = 3e-3,
                      sft_batch_size: int = 16, eval_problems: int = 400, grpo: dict | None = None, seed: int = 0,
                      cpu_threads: int = 1, results_path: str | None = RESULTS, sampling_seeds: int = SAMPLING_SEEDS,
                      progress: bool = True) -> dict:
    """Warm start, GRPO, and held-out accuracy before and after; returns (and writes) the summary.

    `grpo` overrides keys of GRPO (TrainConfig fields); everything else has a keyword here. The
    summary is also written to `results_path` (bench/results/training_demo.json in a checkout;
    None: nowhere else).
    """
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer

    from procgym.cli import table
    from procgym.registry import select
    from procgym.training import load_config, train
    from procgym.training.checkpoint import latest_checkpoint
    from procgym.training.metrics import read_metrics
    from procgym.training.sft import sft_examples as to_examples
    from procgym.training.sft import sft_warm_start
    from procgym.training.tiny import build_tiny_model
    from procgym.training.evaluation import eval_items
    from procgym.training.trainer import check_knobs, training_problem_seeds

    start = time.perf_counter()
    torch.set_num_threads(cpu_threads)  # a model this small gains nothing from more on a busy CPU
    torch.manual_seed(seed)
    knobs = dict(KNOBS if knobs is None else knobs)
    tasks = select(list(tasks))  # globs to task names
    if os.path.exists(out_dir):
        shutil.rmtree(out_dir)  # the demo always starts fresh
    os.makedirs(out_dir)
    timings = {}

    # 1. A tiny model and character tokenizer, built from a config and saved in the HF format.
    base = build_tiny_model(os.path.join(out_dir, "base_model"), seed=seed, hidden=hidden, layers=layers,
                            intermediate=3 * hidden)
    tokenizer = AutoTokenizer.from_pretrained(base)
    model = AutoModelForCausalLM.from_pretrained(base, dtype=torch.float32)
    parameters = sum(p.numel() for p in model.parameters())

    # The GRPO run's config: the CPU config file plus the demo's settings, from the warm start.
    warm = os.path.join(out_dir, "warm_start")
    cfg = load_config(CONFIG if os.path.exists(CONFIG) else None, model=warm, output_dir=os.path.join(out_dir, "grpo"),
                      tasks=tasks, difficulty=level, knobs=[f"{k}={json.dumps(v)}" for k, v in knobs.items()],
                      seed=seed, cpu_threads=cpu_threads, device="cpu", progress=progress, **{**GRPO, **(grpo or {})})
    check_knobs(cfg, tasks)

    # 2. Data: supervised examples and held-out problems as JSONL, from different master seeds.
    t = time.perf_counter()
    sft_records = write_problems(os.path.join(out_dir, "sft.jsonl"), cfg, sft_examples, SFT_MASTER_SEED)
    heldout = write_problems(os.path.join(out_dir, "heldout.jsonl"), cfg, eval_problems, EVAL_MASTER_SEED)
    timings["data"] = time.perf_counter() - t

    # Held out means held out: no held-out seed is a seed the model sees in training.
    trained_seeds = {r["seed"] for r in sft_records} | training_problem_seeds(cfg)
    heldout_seeds = {r["seed"] for r in heldout}
    if not heldout_seeds.isdisjoint(trained_seeds):
        raise RuntimeError(f"held-out seeds {sorted(heldout_seeds & trained_seeds)[:5]} appear in the training data")
    # At level 1 the space of distinct problems is small: report how many held-out prompts also
    # occur (from other seeds) among the supervised examples.
    sft_prompts = {r["prompt"] for r in sft_records}
    seen = sum(r["prompt"] in sft_prompts for r in heldout) / len(heldout)

    # 3. Supervised warm start on the reference answers.
    t = time.perf_counter()
    losses = sft_warm_start(model, tokenizer, to_examples(sft_records), epochs=1, lr=sft_lr,
                            batch_size=sft_batch_size, seed=seed, progress=progress)
    model.save_pretrained(warm)
    tokenizer.save_pretrained(warm)
    timings["sft"] = time.perf_counter() - t

    # 4. Held-out accuracy of the warm start.
    t = time.perf_counter()
    formed = {"before": [], "before_sampled": [], "after": [], "after_sampled": []}
    sample_seeds = [seed + k for k in range(sampling_seeds)]
    before = evaluate(model, tokenizer, heldout, answered=formed["before"])
    before_seeds = [evaluate(model, tokenizer, heldout, greedy=False, seed=s,
                             answered=formed["before_sampled"] if s == seed else None) for s in sample_seeds]
    timings["eval_before"] = time.perf_counter() - t

    # 5. GRPO with the ordinary trainer.
    t = time.perf_counter()
    train(cfg)
    timings["grpo"] = time.perf_counter() - t
    trained = AutoModelForCausalLM.from_pretrained(os.path.join(latest_checkpoint(cfg.output_dir), "model"),
                                                   dtype=torch.float32)

    # 6. The same held-out problems again.
    t = time.perf_counter()
    after = evaluate(trained, tokenizer, heldout, answered=formed["after"])
    after_seeds = [evaluate(trained, tokenizer, heldout, greedy=False, seed=s,
                            answered=formed["after_sampled"] if s == seed else None) for s in sample_seeds]
    timings["eval_after"] = time.perf_counter() - t
    timings["total"] = time.perf_counter() - start

    records = [r for r in read_metrics(os.path.join(cfg.output_dir, "metrics.jsonl")) if "time/step" in r]
    split = {k: sum(r[f"time/{k}"] for r in records) / len(records)
             for k in ("generation", "scoring", "optimisation", "step")}
    (b, b_se), (a, a_se) = mean_se(before), mean_se(after)
    diff, diff_se = mean_se([x - y for x, y in zip(after, before)])  # paired: the same problems
    # Sampled: one accuracy per sampling seed; the mean over seeds, its standard error and the
    # spread (standard deviation) across seeds.
    before_acc = [mean_se(v)[0] for v in before_seeds]
    after_acc = [mean_se(v)[0] for v in after_seeds]
    sampled = {name: over_seeds(values) for name, values in (
        ("before_sampled", before_acc), ("after_sampled", after_acc),
        ("improvement_sampled", [x - y for x, y in zip(after_acc, before_acc)]))}
    pooled = lambda runs: [sum(col) / len(col) for col in zip(*runs)]  # noqa: E731  per problem, over seeds
    per_task = {task: {k: mean_se([c for c, r in zip(v, heldout) if r["task"] == task])[0]
                       for k, v in (("before", before), ("after", after), ("before_sampled", pooled(before_seeds)),
                                    ("after_sampled", pooled(after_seeds)))} for task in tasks}
    eval_records = [r for r in read_metrics(os.path.join(cfg.output_dir, "metrics.jsonl")) if "eval/accuracy" in r]
    curve = [(r["step"], r["eval/accuracy"]) for r in eval_records]
    summary = {
        "tasks": tasks, "level": level, "knobs": knobs, "seed": seed,
        "model": {"hidden": hidden, "layers": layers, "parameters": parameters},
        "sft": {"examples": sft_examples, "lr": sft_lr, "batch_size": sft_batch_size,
                "final_loss": sum(losses[-20:]) / len(losses[-20:])},
        "grpo": {k: getattr(cfg, k) for k in sorted({**GRPO, **(grpo or {})})},
        "heldout": {"problems": len(heldout), "master_seed": EVAL_MASTER_SEED, "seeds_disjoint": True,
                    "prompts_also_in_sft_data": seen},
        "accuracy": {
            "before": {"mean": b, "se": b_se}, "after": {"mean": a, "se": a_se},
            "improvement": {"mean": diff, "se": diff_se}, **sampled,
        },
        "sampling_seeds": sample_seeds,
        "eval_curve": {"problems": len(eval_items(cfg)), "decoding": "greedy", "seeds": "reserved evaluation range",
                       "every": cfg.eval_every, "steps": [s for s, _ in curve], "accuracy": [acc for _, acc in curve],
                       "by_category": {c: [r[f"eval/accuracy/category/{c}"] for r in eval_records]
                                       for c in sorted({t.split("/")[0] for t in tasks})}},
        "accuracy_by_task": per_task,
        "answer_found": {k: sum(v) / len(v) for k, v in formed.items()},
        "train_accuracy_first_last": [records[0]["accuracy"], records[-1]["accuracy"]],
        "step_time": split,
        "seconds": timings,
    }

    print()
    pct = lambda m, s: f"{100 * m:5.1f} ± {100 * s:.1f}"  # noqa: E731
    spread = lambda k: (f"{100 * sampled[k]['mean']:+5.1f}" if k.startswith("improvement") else  # noqa: E731
                        f"{100 * sampled[k]['mean']:5.1f}") + f" ± {100 * sampled[k]['seed_std']:.1f}"
    print(table([["warm start (SFT)", pct(b, b_se), spread("before_sampled")],
                 ["after GRPO", pct(a, a_se), spread("after_sampled")],
                 ["change", f"{100 * diff:+5.1f} ± {100 * diff_se:.1f}", spread("improvement_sampled")],
                 ["answer found, before / after", f"{100 * sum(formed['before']) / len(heldout):.0f}% / "
                  f"{100 * sum(formed['after']) / len(heldout):.0f}%",
                  f"{100 * sum(formed['before_sampled']) / len(heldout):.0f}% / "
                  f"{100 * sum(formed['after_sampled']) / len(heldout):.0f}%"]],
                [f"held-out accuracy, {len(heldout)} problems (%)", "greedy (± s.e.)",
                 f"sampled T=1, mean ± s.d. over {len(sample_seeds)} seeds"]))
    print(f"\neval curve during GRPO (greedy, {summary['eval_curve']['problems']} problems with reserved evaluation "
          f"seeds; plots in {os.path.join(cfg.output_dir, 'plots')}):")
    print(table([[str(step), f"{100 * acc:.1f}"] for step, acc in curve], ["step", "accuracy (%)"]))
    print(f"\ntasks {', '.join(tasks)} at level {level}; held-out seeds from master seed {EVAL_MASTER_SEED}, "
          f"disjoint from all {len(trained_seeds)} training seeds ({seen:.0%} of held-out prompts also occur "
          f"in the SFT data under other seeds)")
    print(f"GRPO step (mean of {len(records)}): {split['step']:.2f}s = generation {split['generation']:.2f}s + "
          f"scoring {split['scoring']:.3f}s + optimisation {split['optimisation']:.2f}s (+ other)")
    print(f"wall time {timings['total']:.0f}s: SFT {timings['sft']:.0f}s, GRPO {timings['grpo']:.0f}s, "
          f"evaluation {timings['eval_before'] + timings['eval_after']:.0f}s")
    for path in [os.path.join(out_dir, "summary.json")] + ([results_path] if results_path else []):
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        with open(path, "w") as f:
            json.dump(summary, f, indent=1)
    return summary
