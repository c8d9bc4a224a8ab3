"""Throughput and peak GPU memory of two GRPO steps at a real model's shape: procgym's trainer next
to trl.GRPOTrainer, on one CUDA GPU.

    python bench/gpu_trainer.py [--out bench/results/gpu_trainer.json]     # needs CUDA
    python bench/gpu_trainer.py --cpu-smoke [--vocab 4096] [--out x.json]  # checks the script on a CPU

The model is Qwen2.5-0.5B's architecture (24 layers, hidden size 896, 14 heads with 2 key-value
heads, intermediate size 4864, RoPE theta 1e6, tied embeddings) with the real 151,936-entry
vocabulary, randomly initialised from the config (no weights can be downloaded here), with a
byte-level tokenizer of exactly that vocabulary (bench/trainer_memory.py builds both). Both
trainers load it in float32 (the optimizer's master weights) and compute under bf16 autocast;
both sample with transformers' generate. Each step plays 8 problems (arithmetic/expression_value,
level 1, the same problems in the same order for both) x a group of 8 = 64 completions of up to
256 tokens, scores them with procgym's verifier and takes one optimizer step (token-mean loss,
clip 0.2/0.28, no KL), 8 sequences per forward/backward pass (TRL: per-device batch 8, gradient
accumulation 8). A random model seldom samples its stop token, so completions mostly run to the
limit; the generated tokens are counted.

Every trainer runs in its own fresh process; its peak GPU memory is torch.cuda.max_memory_allocated
(and the allocator's reserved peak) over the whole run, model, optimizer, generation and update
included. Throughput is the second step's generated tokens over its wall time (the first warms up).

Without CUDA the script refuses, unless --cpu-smoke: then the same code paths run on the CPU with
a tiny hidden size (32, 2 layers), 1 problem x 2 completions of 8 tokens, and peak memory is the
process's resident set (ru_maxrss). Smoke figures say nothing about a GPU; they are written only
where --out says.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import trainer_memory  # noqa: E402
from machine import load_average, machine_info, portable_args, write_results  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DEFAULT_OUT = REPO / "bench" / "results" / "gpu_trainer.json"
VOCAB = 151_936
QWEN25_05B = dict(hidden=896, layers=24, intermediate_size=4864, num_attention_heads=14, num_key_value_heads=2,
                  rope_theta=1_000_000.0, rms_norm_eps=1e-6, max_position_embeddings=32768, tie_word_embeddings=True)
SMOKE = dict(hidden=32, layers=2, intermediate_size=64, num_attention_heads=2, num_key_value_heads=1)
GPU_SHAPE = {"prompts": 8, "group": 8, "micro": 8, "completion": 256}
SMOKE_SHAPE = {"prompts": 1, "group": 2, "micro": 2, "completion": 8}


def trl_version() -> str:
    import trl

    return trl.__version__


def worker(args) -> int:
    import torch
    import transformers

    transformers.utils.logging.set_verbosity_error()
    device = "cuda" if args.device == "cuda" else "cpu"
    run = trainer_memory.run_procgym if args.worker == "procgym" else trainer_memory.run_trl
    with tempfile.TemporaryDirectory(prefix="bench-gpu-") as workdir:
        result = run(args.model, args.completion, workdir, prompts=args.prompts, group=args.group, micro=args.micro,
                     device=device)
    if device == "cuda":
        result["peak_gpu_mib"] = torch.cuda.max_memory_allocated() / 2**20
        result["peak_gpu_reserved_mib"] = torch.cuda.max_memory_reserved() / 2**20
    print("RESULT " + json.dumps(result))
    return 0


def summarise(result: dict, gpu: bool) -> dict:
    """The second step's throughput and the run's peak memory."""
    tokens, seconds = result["completion_tokens"][-1], result["step_s"][-1]
    return {"tokens_per_s": tokens / seconds, "step_s": seconds, "first_step_s": result["step_s"][0],
            "completion_tokens_per_step": result["completion_tokens"],
            "peak_mib": result["peak_gpu_mib"] if gpu else result["peak_mib"],
            **({"peak_reserved_mib": result["peak_gpu_reserved_mib"], "peak_rss_mib": result["peak_mib"]}
               if gpu else {})}


def table(rows: dict, gpu: bool) -> str:
    memory = "peak GPU MiB" if gpu else "peak RSS MiB (CPU smoke)"
    header = ["trainer", "tokens/s", "step s", "tokens/step", memory]
    body = [[name, f"{r['tokens_per_s']:.1f}", f"{r['step_s']:.2f}", f"{r['completion_tokens_per_step'][-1]:.0f}",
             f"{r['peak_mib']:.0f}"] for name, r in rows.items()]
    widths = [max(len(str(x)) for x in col) for col in zip(header, *body)]
    line = lambda cols: "  ".join(str(c).ljust(w) if i == 0 else str(c).rjust(w)  # noqa: E731
                                  for i, (c, w) in enumerate(zip(cols, widths)))
    return "\n".join([line(header), line(["-" * w for w in widths])] + [line(r) for r in body])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cpu-smoke", action="store_true", help="run on the CPU at a tiny hidden size (checks the script)")
    ap.add_argument("--vocab", type=int, default=VOCAB, help=f"vocabulary size (default {VOCAB}, Qwen2.5's)")
    ap.add_argument("--out", type=Path, default=None,
                    help="result JSON (default bench/results/gpu_trainer.json on a GPU; none in smoke mode)")
    ap.add_argument("--no-trl", action="store_true", help="procgym's trainer only")
    ap.add_argument("--worker", choices=("procgym", "trl"), help=argparse.SUPPRESS)
    ap.add_argument("--model", help=argparse.SUPPRESS)
    ap.add_argument("--completion", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--prompts", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--group", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--micro", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--device", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        return worker(args)
    import torch
    import transformers

    gpu = torch.cuda.is_available() and not args.cpu_smoke
    if not gpu and not args.cpu_smoke:
        print("bench/gpu_trainer.py measures a GPU and this machine has none (torch.cuda.is_available() is False); "
              "--cpu-smoke runs it on the CPU at a tiny size to check the script, with no GPU figures", file=sys.stderr)
        return 2
    out = args.out if args.out is not None else (DEFAULT_OUT if gpu else None)
    arch, shape = (QWEN25_05B, GPU_SHAPE) if gpu else (SMOKE, SMOKE_SHAPE)
    trainers = ("procgym",) if args.no_trl else ("procgym", "trl")
    if not args.no_trl:
        import trl  # noqa: F401  (fail before building the model when TRL is missing)
    extra = ["--prompts", str(shape["prompts"]), "--group", str(shape["group"]), "--micro", str(shape["micro"]),
             "--device", "cuda" if gpu else "cpu"]
    machine = machine_info()
    rows = {}
    with tempfile.TemporaryDirectory(prefix="bench-gpu-trainer-") as workdir:
        model = trainer_memory.build_model(os.path.join(workdir, "model"), args.vocab, **arch)
        for name in trainers:
            print(f"{name}: 2 steps", file=sys.stderr)
            rows[name] = summarise(trainer_memory.spawn(name, model, shape["completion"], script=__file__, extra=extra),
                                   gpu)
    print(table(rows, gpu))
    if "trl" in rows:
        ratio = {"tokens_per_s": rows["procgym"]["tokens_per_s"] / rows["trl"]["tokens_per_s"],
                 "peak_mib": rows["procgym"]["peak_mib"] / rows["trl"]["peak_mib"]}
        print(f"\nprocgym / TRL: throughput {ratio['tokens_per_s']:.2f}x, peak memory {ratio['peak_mib']:.2f}x")
    else:
        ratio = None
    if out is None:
        return 0
    meta = {**machine, "load_average_after": load_average(), "mode": "gpu" if gpu else "cpu-smoke",
            "gpu": torch.cuda.get_device_name(0) if gpu else None, "torch": torch.__version__,
            "transformers": transformers.__version__, "trl": None if args.no_trl else trl_version(),
            "model": {"architecture": "qwen2 (Qwen2.5-0.5B's shape)" if gpu else "qwen2 (tiny, smoke)",
                      "vocab": args.vocab, **arch, "weights": "random (from the config)",
                      "master_dtype": "float32", "compute": "bf16 autocast" if gpu else "float32 (CPU)"},
            "batch": {"task": trainer_memory.TASK, "level": trainer_memory.LEVEL, **shape,
                      "steps": trainer_memory.STEPS, "learning_rate": trainer_memory.LR, "loss": "token_mean / dapo",
                      "clip": [0.2, 0.28], "kl_beta": 0.0, "sampler": "transformers generate"},
            "measure": ("torch.cuda.max_memory_allocated per fresh process" if gpu else "ru_maxrss per fresh process")
            + "; tokens/s = the 2nd step's generated tokens / its wall time",
            "args": portable_args(args),
            "command": "python bench/gpu_trainer.py" + (" --cpu-smoke" if args.cpu_smoke else "")}
    write_results(out, {"meta": meta, "trainers": rows, "procgym_over_trl": ratio})
    print(f"\nwrote {out.relative_to(REPO) if out.is_relative_to(REPO) else out.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
