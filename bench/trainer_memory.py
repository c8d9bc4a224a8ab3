"""Peak memory and step time of one GRPO step: procgym's trainer next to trl.GRPOTrainer.

    python bench/trainer_memory.py [--rounds 2] [--quick] [--out bench/results/trainer_memory.json]

Both trainers get the same model folder, built here from a config: a Qwen2-architecture model
(2 layers, hidden size 64, tied embeddings) with a byte-level BPE tokenizer of exactly the
vocabulary size asked for (151,936, Qwen2.5's, by default), so the LM head and every
vocabulary-sized tensor are real-sized while the model fits a CPU. Each step samples 8 completions
(one prompt, a group of 8) of up to 128 new tokens for a procgym problem
(arithmetic/expression_value, level 1, the same problems for both), scores them with procgym's
verifier and makes one optimizer step (token-mean loss, clip 0.2/0.28, no KL, fp32, one torch
thread, no gradient checkpointing). A random model almost never samples its stop token, so
completions run to the limit; the generated token counts are recorded.

Every (trainer, configuration) runs in its own fresh subprocess, so its peak resident set size
(ru_maxrss) is that run's alone: imports, model, generation and optimisation, all included. Each
run takes 2 steps; the step time is the second step's (the first warms up), wall clock. The
configurations: vocabulary 151,936 with 128-token completions (the target), vocabulary 32,000
(same completions) and 64-token completions (same vocabulary): procgym's memory should follow
completion tokens x vocabulary (chunked), not (prompt + completion) x vocabulary.

Target: procgym's peak memory at most 0.6x TRL's and its step time at most 0.8x TRL's, at
vocabulary 151,936 and 128-token completions. On a GPU TRL's fused log-prob kernel scores only
the completion tokens; on a CPU it scores every position (in vocabulary tiles), so this CPU
comparison flatters procgym's time.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from machine import load_average, machine_info, write_results  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / "bench" / "results" / "trainer_memory.json"
TASK, LEVEL, SEED = "arithmetic/expression_value", 1, 0
GROUP, STEPS, LR = 8, 2, 1e-6
CONFIGS = [  # (name, vocabulary, completion tokens)
    ("vocab 151936, completion 128", 151_936, 128),
    ("vocab 32000, completion 128", 32_000, 128),
    ("vocab 151936, completion 64", 151_936, 64),
]
SPECIALS = ("<|endoftext|>", "<|im_start|>", "<|im_end|>")


# --- the model folder --------------------------------------------------------------------------

def build_model(path: str, vocab: int, hidden: int = 64, layers: int = 2, seed: int = 0, **arch) -> str:
    """A Qwen2 model and a byte-level BPE tokenizer with exactly `vocab` entries, saved under path.
    `arch` overrides Qwen2Config fields (intermediate_size, num_attention_heads, rope_theta...).

    The tokenizer's 256 byte symbols carry all text (no merges: one token per byte); the rest of
    the vocabulary is filler tokens that decode to "<|xN|>", so every id a model samples decodes,
    as with a real vocabulary. Loaded back with AutoTokenizer it is a Qwen2Tokenizer."""
    import torch
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import AutoModelForCausalLM, GenerationConfig, PreTrainedTokenizerFast, Qwen2Config

    from procgym.training.tiny import CHAT_TEMPLATE

    symbols = sorted(pre_tokenizers.ByteLevel.alphabet())
    table = {s: i for i, s in enumerate(symbols)}
    for i in range(vocab - len(symbols) - len(SPECIALS)):
        table[f"<|x{i}|>"] = len(table)
    core = Tokenizer(models.BPE(vocab=table, merges=[]))
    core.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    core.decoder = decoders.ByteLevel()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, eos_token="<|im_end|>", pad_token="<|endoftext|>",
                                        additional_special_tokens=["<|im_start|>"], padding_side="left")
    tokenizer.chat_template = CHAT_TEMPLATE
    assert len(tokenizer) == vocab, (len(tokenizer), vocab)
    shape = dict(intermediate_size=4 * hidden, num_attention_heads=4, num_key_value_heads=2,
                 max_position_embeddings=4096, tie_word_embeddings=True) | arch
    config = Qwen2Config(vocab_size=vocab, hidden_size=hidden, num_hidden_layers=layers,
                         eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id, bos_token_id=None,
                         **shape)
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(seed)
        model = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    model.generation_config = GenerationConfig(eos_token_id=tokenizer.eos_token_id, pad_token_id=tokenizer.pad_token_id)
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


def problems(steps: int = STEPS, prompts: int = 1) -> list:
    """The problems procgym's trainer plays at steps 0..steps-1 (`prompts` groups per step), in
    order; TRL gets the same."""
    from procgym.registry import get
    from procgym.training import load_config
    from procgym.training.trainer import problem_seed, round_seed

    cfg = load_config(None, seed=SEED)
    return [get(TASK).generate(seed=problem_seed(round_seed(cfg, s, 0), g), difficulty=LEVEL)
            for s in range(steps) for g in range(prompts)]


# --- workers (one per subprocess) ---------------------------------------------------------------

def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux


def run_procgym(model: str, completion: int, workdir: str, prompts: int = 1, group: int = GROUP, micro: int = GROUP,
                device: str = "cpu") -> dict:
    """Two steps of procgym's trainer (fp32 master weights; bf16 autocast on a GPU) in this process."""
    from procgym.training import load_config, train
    from procgym.training.metrics import read_metrics

    out = os.path.join(workdir, "procgym")
    cfg = load_config(None, model=model, output_dir=out, tasks=[TASK], difficulty=LEVEL, max_turns=1, steps=STEPS,
                      prompts_per_step=prompts, group_size=group, micro_batch_size=micro,
                      max_completion_tokens=completion, learning_rate=LR, loss_aggregation="token_mean",
                      epsilon_low=0.2, epsilon_high=0.28, kl_beta=0.0, temperature=1.0, device=device, cpu_threads=1,
                      model_dtype="float32", bf16=True, checkpoint_every=0, tensorboard=False, plots=False,
                      progress=False, resume=False, seed=SEED)
    train(cfg)
    peak = peak_mib()
    records = read_metrics(os.path.join(out, "metrics.jsonl"))
    return {"peak_mib": peak, "step_s": [r["time/step"] for r in records],
            "parts_s": {k: records[-1][f"time/{k}"] for k in ("generation", "scoring", "optimisation")},
            "completion_tokens": [r["completion_tokens/mean"] * group * prompts for r in records],
            "prompt_tokens": [r["episode_tokens/mean"] - r["completion_tokens/mean"] for r in records]}


def run_trl(model: str, completion: int, workdir: str, prompts: int = 1, group: int = GROUP, micro: int = GROUP,
            device: str = "cpu") -> dict:
    """Two steps of TRL's GRPOTrainer on the same problems (fp32 weights; bf16 autocast on a GPU)."""
    import torch
    from datasets import Dataset
    from transformers import AutoModelForCausalLM, AutoTokenizer, TrainerCallback
    from transformers.trainer_callback import PrinterCallback
    from trl import GRPOConfig, GRPOTrainer

    import procgym

    torch.set_num_threads(1)
    records = [p.to_json() for p in problems(STEPS, prompts)]
    data = Dataset.from_list([{"prompt": [{"role": "user", "content": json.loads(r)["prompt"]}], "problem": r}
                              for r in records])

    def reward(prompts, completions, problem, **_):
        texts = [c[-1]["content"] if isinstance(c, list) else c for c in completions]
        return [procgym.verify(json.loads(p), t).reward for p, t in zip(problem, texts)]

    times, tokens = [], []

    class Clock(TrainerCallback):
        def on_step_begin(self, args, state, control, **kwargs):
            self.start = time.perf_counter()

        def on_step_end(self, args, state, control, **kwargs):
            times.append(time.perf_counter() - self.start)

    class Counted(GRPOTrainer):
        def _generate_single_turn(self, *args, **kwargs):
            out = super()._generate_single_turn(*args, **kwargs)
            completion_ids = out[0]  # (completion_ids, logprobs) in TRL 1.16
            tokens.append(sum(len(c) for c in completion_ids))
            return out

    gpu = device == "cuda"
    args = GRPOConfig(  # one optimizer step per generation batch of prompts x group completions, in order
        output_dir=os.path.join(workdir, "trl"), use_cpu=not gpu, bf16=gpu, max_steps=STEPS,
        per_device_train_batch_size=micro, gradient_accumulation_steps=prompts * group // micro,
        num_generations=group, shuffle_dataset=False,
        max_completion_length=completion, learning_rate=LR, temperature=1.0, top_p=1.0, beta=0.0, loss_type="dapo",
        epsilon=0.2, epsilon_high=0.28, num_iterations=1, gradient_checkpointing=False, logging_steps=1,
        report_to=[], save_strategy="no", seed=SEED, dataloader_num_workers=0, disable_tqdm=True,
        remove_unused_columns=False)
    policy = AutoModelForCausalLM.from_pretrained(model, dtype=torch.float32)
    tokenizer = AutoTokenizer.from_pretrained(model)
    trainer = Counted(model=policy, reward_funcs=reward, args=args, train_dataset=data, processing_class=tokenizer,
                      callbacks=[Clock()])
    trainer.remove_callback(PrinterCallback)
    trainer.train()
    return {"peak_mib": peak_mib(), "step_s": times, "completion_tokens": tokens}


def worker(args) -> int:
    import transformers

    transformers.utils.logging.set_verbosity_error()
    with tempfile.TemporaryDirectory(prefix="bench-mem-") as workdir:
        run = run_procgym if args.worker == "procgym" else run_trl
        result = run(args.model, args.completion, workdir)
    print("RESULT " + json.dumps(result))
    return 0


# --- the driver -----------------------------------------------------------------------------------

def spawn(trainer: str, model: str, completion: int, script: str = __file__, extra=()) -> dict:
    """Run one worker of `script` (this file by default) in a fresh process; returns its RESULT."""
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", TOKENIZERS_PARALLELISM="false",
               PYTHONHASHSEED="0")
    cmd = [sys.executable, script, "--worker", trainer, "--model", model, "--completion", str(completion), *extra]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=1800)
    line = next((x for x in proc.stdout.splitlines() if x.startswith("RESULT ")), None)
    if proc.returncode != 0 or line is None:
        raise RuntimeError(f"{trainer} worker failed ({proc.returncode}):\n{proc.stderr[-4000:]}")
    return json.loads(line[len("RESULT "):])


def table(rows: list[dict]) -> str:
    header = ["configuration", "procgym MiB", "TRL MiB", "mem ratio", "procgym step s", "TRL step s", "time ratio"]
    body = [[r["name"], f"{r['procgym']['peak_mib']:.0f}", f"{r['trl']['peak_mib']:.0f}", f"{r['memory_ratio']:.2f}",
             f"{r['procgym']['step_s']:.2f}", f"{r['trl']['step_s']:.2f}", f"{r['time_ratio']:.2f}"] for r in rows]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *body)]
    line = lambda cols: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)  # noqa: E731
                                  for i, (c, w) in enumerate(zip(cols, widths)))
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in body])


def summarise(runs: list[dict]) -> dict:
    """Median over rounds of the peak and of the second step's time; the token counts of the runs."""
    return {"peak_mib": statistics.median(r["peak_mib"] for r in runs),
            "step_s": statistics.median(r["step_s"][-1] for r in runs),
            "first_step_s": statistics.median(r["step_s"][0] for r in runs),
            "completion_tokens_per_step": runs[0]["completion_tokens"], **(
                {"prompt_tokens_per_step": runs[0]["prompt_tokens"]} if "prompt_tokens" in runs[0] else {}), **(
                {"second_step_parts_s": {k: statistics.median(r["parts_s"][k] for r in runs)
                                         for k in runs[0]["parts_s"]}} if "parts_s" in runs[0] else {}),
            "rounds": len(runs)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=2, help="runs per (trainer, configuration), alternating (default 2)")
    ap.add_argument("--quick", action="store_true", help="the target configuration only, one round")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    ap.add_argument("--worker", choices=("procgym", "trl"), help=argparse.SUPPRESS)
    ap.add_argument("--model", help=argparse.SUPPRESS)
    ap.add_argument("--completion", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args)
    import torch
    import transformers
    import trl

    configs = CONFIGS[:1] if args.quick else CONFIGS
    rounds = 1 if args.quick else args.rounds
    machine = machine_info()
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-trainer-memory-") as workdir:
        models = {}
        for _, vocab, _ in configs:
            if vocab not in models:
                models[vocab] = build_model(os.path.join(workdir, f"qwen2_v{vocab}"), vocab)
        for name, vocab, completion in configs:
            runs = {"procgym": [], "trl": []}
            for r in range(rounds):
                order = ("procgym", "trl") if r % 2 == 0 else ("trl", "procgym")
                for trainer in order:
                    print(f"{name}: round {r + 1}/{rounds}, {trainer}", file=sys.stderr)
                    runs[trainer].append(spawn(trainer, models[vocab], completion))
            p, t = summarise(runs["procgym"]), summarise(runs["trl"])
            rows.append({"name": name, "vocab": vocab, "completion_tokens": completion, "procgym": p, "trl": t,
                         "memory_ratio": p["peak_mib"] / t["peak_mib"], "time_ratio": p["step_s"] / t["step_s"],
                         "runs": runs})
    print(table(rows))
    target = rows[0]
    met = target["memory_ratio"] <= 0.6 and target["time_ratio"] <= 0.8
    print(f"\ntarget ({target['name']}): memory {target['memory_ratio']:.2f}x TRL (<= 0.6), step time "
          f"{target['time_ratio']:.2f}x TRL (<= 0.8): {'met' if met else 'MISSED'}")
    meta = {**machine, "load_average_after": load_average(), "torch": torch.__version__,
            "transformers": transformers.__version__, "trl": trl.__version__, "torch_threads": 1,
            "model": {"architecture": "qwen2", "hidden": 64, "layers": 2, "heads": 4, "kv_heads": 2,
                      "tied_embeddings": True, "dtype": "float32"},
            "batch": {"task": TASK, "level": LEVEL, "prompts": 1, "group_size": GROUP, "steps": STEPS,
                      "learning_rate": LR, "loss": "token_mean / dapo", "clip": [0.2, 0.28], "kl_beta": 0.0},
            "rounds": rounds, "measure": "peak RSS (ru_maxrss) of a fresh process per run; step time of the 2nd step",
            "command": "python bench/trainer_memory.py" + (" --quick" if args.quick else f" --rounds {rounds}")}
    write_results(args.out, {"meta": meta, "target_met": met,
                             "rows": [{k: v for k, v in r.items() if k != "runs"} for r in rows],
                             "runs": [{"name": r["name"], **r["runs"]} for r in rows]})
    print(f"\nwrote {args.out.relative_to(REPO) if args.out.is_relative_to(REPO) else args.out.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
