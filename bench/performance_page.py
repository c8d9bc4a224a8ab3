"""Write docs/performance.md from the benchmark results in bench/results/*.json.

    python bench/performance_page.py [--results bench/results] [--out docs/performance.md]

The page is generated, never typed: every figure on it comes from a result file, next to the
machine it was measured on (CPU model, cores, load average) and the command that reproduces it.
A result file that is missing gets a line saying which command makes it.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_RESULTS = HERE / "results"
DEFAULT_OUT = HERE.parent / "docs" / "performance.md"
SLOWEST_ROWS = 12


def load(results: Path, name: str) -> dict | None:
    try:
        return json.loads((results / f"{name}.json").read_text())
    except (OSError, ValueError):
        return None


def rate(x) -> str:
    """950/s, 12.3k/s, 1.2M/s; '-' when absent."""
    if x is None:
        return "-"
    if x >= 1e6:
        return f"{x / 1e6:.1f}M"
    if x >= 1e4:
        return f"{x / 1e3:.0f}k"
    if x >= 1e3:
        return f"{x / 1e3:.1f}k"
    return f"{x:.0f}" if x >= 10 else f"{x:.1f}"


def num(x, digits: int = 1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def md_table(header: list[str], rows: list[list]) -> list[str]:
    out = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    out += ["| " + " | ".join(str(c) for c in r) + " |" for r in rows]
    return out


def machine_lines(meta: dict) -> list[str]:
    load = meta.get("load_average")
    after = meta.get("load_average_after")
    cores = meta.get("cpus_usable") or meta.get("cpus")
    text = (f"Measured {meta.get('date', '?')} on {meta.get('cpu_model', '?')}, {cores} usable cores "
            f"(Python {meta.get('python', '?')}). Load average (1, 5, 15 min) {load} at the start"
            + (f", {after} at the end" if after else "") + ".")
    if load and cores and load[0] > cores:
        text += (f" The machine was shared and loaded (the 1-minute load was {load[0] / cores:.1f}x its cores), "
                 "so rates below are per CPU-second of the measuring thread where the script says so, "
                 "and wall-clock times run long.")
    return [text, "", f"Reproduce: `{meta.get('command', '?')}`", ""]


def target_rows(targets: dict) -> list[list]:
    names = {"median_ratio": "generation median, procgym / reasoning-gym", "p10_per_s": "generation 10th percentile",
             "min_l5_per_s": "slowest task at level 5", "verify_median_us": "verify call, median",
             "verify_p99_ms": "verify call, 99th percentile"}
    units = {"median_ratio": "x", "p10_per_s": "/s", "min_l5_per_s": "/s", "verify_median_us": " us",
             "verify_p99_ms": " ms"}
    rows = []
    for key, t in targets.items():
        value = t["value"]
        shown = rate(value) if units[key] == "/s" else num(value, 2)
        rows.append([names.get(key, key), f"{shown}{units[key]}", t["target"], "met" if t["met"] else "**missed**"])
    return rows


def peers_section(data: dict | None) -> list[str]:
    out = ["## Generation and verification, side by side with reasoning-gym", ""]
    if not data:
        return out + ["Not measured yet: run `python bench/peers.py`.", ""]
    meta, proc, peer = data["meta"], data["procgym_summary"], data.get("peer_summary")
    out += machine_lines(meta)
    out += [f"procgym {meta.get('procgym')} at levels {', '.join(map(str, meta['levels']))} (its default level is "
            f"{meta['ref_level']}); reasoning-gym {meta.get('peer_version') or '(not run)'} at each dataset's default "
            f"configuration, from PyPI in its own virtual environment. {meta['seconds_per_cell']:g} CPU-seconds "
            "per task, level and phase; rates are problems per CPU-second of the measuring thread. "
            "Verification checks the reference answer.", ""]
    rows = []
    for level in meta["levels"]:
        s = proc.get(str(level), {})
        g, v = s.get("generation", {}), s.get("verification", {})
        if g.get("n"):
            rows.append([f"procgym L{level}", g["n"], rate(g["median"]), rate(g["p10"]),
                         f"{g['slowest'][0]} ({rate(g['slowest'][1])})", rate(v.get("rate_median")),
                         num(v.get("median_us")), num(v.get("pooled_p99_ms"), 2)])
    if peer and peer["generation"].get("n"):
        g, v = peer["generation"], peer["verification"]
        rows.append(["reasoning-gym", g["n"], rate(g["median"]), rate(g["p10"]),
                     f"{g['slowest'][0]} ({rate(g['slowest'][1])})", rate(v.get("rate_median")),
                     num(v.get("median_us")), "-"])
    out += md_table(["library", "tasks", "generated/s, median", "generated/s, 10th pct", "slowest task (/s)",
                     "verified/s, median", "us per verify, median", "ms per verify, 99th pct"], rows) + [""]
    out += ["The 99th percentile pools every verify call of every task, each task weighted equally.", ""]
    if data.get("targets"):
        out += ["### Targets", ""] + md_table(["what", "measured", "target", ""], target_rows(data["targets"])) + [""]
    if data.get("matched"):
        out += [f"### Matched task types (procgym at L{meta['ref_level']}, reasoning-gym at its defaults)", "",
                "Each row is a procgym task and the reasoning-gym dataset that asks for the same kind of answer. "
                "reasoning-gym's scorers mostly compare strings; procgym's extract and parse the answer and check "
                "it (a countdown expression is evaluated with the safe parser and its numbers checked against the "
                "puzzle; symbolic answers are compared for equivalence), which is why its verify calls cost more "
                "on simple tasks. A dash in the reasoning-gym verify columns: the dataset has no single reference "
                "answer that its own scorer accepts, so there is nothing meaningful to time.", ""]
        rows = [[f"`{m['procgym']}`", f"`{m['reasoning_gym']}`", rate(m["procgym_gen_per_s"]), rate(m["peer_gen_per_s"]),
                 rate(m["procgym_verify_per_s"]), rate(m["peer_verify_per_s"]), num(m["procgym_verify_p50_us"]),
                 num(m["peer_verify_p50_us"])] for m in data["matched"]]
        out += md_table(["procgym", "reasoning-gym", "generated/s pg", "generated/s rg", "verified/s pg",
                         "verified/s rg", "us/verify pg", "us/verify rg"], rows) + [""]
    out += slowest_lines(data)
    return out


def slowest_lines(data: dict) -> list[str]:
    meta = data["meta"]
    level = 5 if 5 in meta["levels"] else meta["ref_level"]
    cells = []
    for row in data["procgym"]:
        cell = next((c for c in row["cells"] if c["level"] == level and "error" not in c), None)
        if cell:
            cells.append((row["task"], cell))
    cells.sort(key=lambda tc: tc[1]["gen_per_s"])
    out = [f"### Slowest procgym tasks at level {level}", ""]
    out += md_table(["task", "generated/s", "verified/s", "us per verify, median", "ms per verify, 99th pct"],
                    [[f"`{t}`", rate(c["gen_per_s"]), rate(c["verify_per_s"]), num(c["verify_call_s"]["p50"] * 1e6),
                      num(c["verify_call_s"]["p99"] * 1e3, 2)] for t, c in cells[:SLOWEST_ROWS]]) + [""]
    slow_verify = sorted(cells, key=lambda tc: -tc[1]["verify_call_s"]["p99"])[:SLOWEST_ROWS // 2]
    out += [f"Slowest verifiers at level {level} (99th percentile per call): "
            + ", ".join(f"`{t}` {c['verify_call_s']['p99'] * 1e3:.2f} ms" for t, c in slow_verify) + ".", ""]
    peer = data.get("peer") or []
    ok = sorted((r for r in peer if "error" not in r), key=lambda r: r["gen_per_s"])
    if ok:
        out += ["Slowest reasoning-gym datasets: " + ", ".join(f"`{r['dataset']}` {rate(r['gen_per_s'])}/s"
                                                              for r in ok[:SLOWEST_ROWS // 2]) + "."]
        failed = [r["dataset"] for r in peer if "error" in r]
        if failed:
            out += [f"reasoning-gym datasets that do not build at their defaults: {', '.join(failed)}."]
        odd = (data.get("peer_summary") or {}).get("reference_not_full_score") or {}
        if isinstance(odd, dict) and odd:
            out += ["reasoning-gym datasets whose own reference answer does not always pass their scorer (mean "
                    "score shown; at 0 the dataset has no single reference answer, so its verify timing is left "
                    "out of the medians and of the matched table): "
                    + ", ".join(f"`{k}` {v:.3f}" for k, v in sorted(odd.items())) + "."]
        out += [""]
    errors = data["procgym_summary"].get("errors") or []
    if errors:
        out += [f"procgym tasks that failed to generate: {', '.join(errors)}.", ""]
    return out


def env_section(data: dict | None) -> list[str]:
    out = ["## Gymnasium step overhead", ""]
    if not data:
        return out + ["Not measured yet: run `python bench/env_step.py`.", ""]
    meta, s = data["meta"], data["summary"]
    out += machine_lines(meta)
    out += [f"Every task at level {meta['level']}, a fixed agent (reference answers; the oracle's recorded actions "
            "on interactive tasks), problems handed to reset() as records so no generation is timed. The task's own "
            "cost (verify, or extraction plus the dynamics) is timed alone on the same actions, next to each step; "
            "env overhead is the 10%-trimmed mean of the paired differences. Times are CPU time of the measuring thread.", ""]
    rows = []
    for mode, label in (("single", "TaskEnv.step"), ("batch", f"EnvBatch.step ({meta['batch']} envs), per episode")):
        m = s.get(mode)
        if m:
            rows.append([label, rate(m["steps_per_s_median"]), num(m["task_us_median"]), num(m["overhead_us_median"]),
                         num(m["overhead_us_p90"]), f"{num(m['overhead_us_max'][1])} (`{m['overhead_us_max'][0]}`)",
                         len(m["over_target"]), len(m.get("over_target_cheap_task", m["over_target"]))])
    out += md_table(["", "steps/s, median", "task us, median", "env us, median", "env us, 90th pct", "env us, max",
                     "tasks over 20 us", "of them with a task under 200 us"], rows) + [""]
    out += ["The env runs the same code whatever the task, so a large difference on a task whose own cost is "
            "in milliseconds (the sympy verifiers) is that verifier's call-to-call spread, not env work: such "
            "differences change sign between the single and the batched measurement. Where the task costs "
            "under 200 us, the measurement resolves 20 us.", ""]
    out += [f"Tasks: {s['tasks']}. reset() from a record: median {num(s.get('reset_us_median'))} us "
            "(most of it copying the problem record for `info`).", ""]
    ok = sorted((r for r in data["tasks"] if "error" not in r), key=lambda r: -r["single"]["overhead_us"])
    out += ["Largest env overhead per step:", ""]
    out += md_table(["task", "step us", "task us", "env us", "batched env us"],
                    [[f"`{r['task']}`", num(r["single"]["step_us"]), num(r["single"]["task_us"]),
                      num(r["single"]["overhead_us"]), num(r["batch"]["overhead_us"])] for r in ok[:8]]) + [""]
    return out


def trainer_section(data: dict | None) -> list[str]:
    out = ["## GRPO step time: procgym's trainer and TRL", ""]
    if not data:
        return out + ["Not measured yet: run `python bench/trainer.py`.", ""]
    meta, summary = data["meta"], data["summary"]
    st = meta["settings"]
    out += machine_lines(meta)
    out += [f"The tiny model of training/tiny.py on CPU (torch {meta['torch']}, {meta['torch_threads']} thread), "
            f"`{st['task']}` at level {st['level']}, {st['prompts_per_step']} prompts x {st['group_size']} completions "
            f"per step, micro-batches of {st['micro_batch_size']}, at most {st['max_completion_tokens']} completion tokens, "
            f"no KL, token-mean loss; TRL {meta.get('trl') or '(not installed)'} with the same settings and gradient "
            f"checkpointing off. Medians over {meta['rounds']} alternating blocks of {meta['steps_per_block']} steps, "
            "the first step of each block left out; wall-clock time.", ""]
    parts = ("generation", "scoring", "other_rollout", "optimisation")
    rows = [[name, num(s["total"] * 1e3), *[num(s[p] * 1e3, 2 if p == "scoring" else 1) for p in parts], s["kept"]]
            for name, s in summary.items() if s]
    out += md_table(["trainer", "step ms", "generation ms", "scoring ms", "other rollout ms", "optimisation ms",
                     "steps"], rows) + [""]
    ratio = data.get("ratio_procgym_over_trl")
    if ratio:
        out += [f"procgym's step takes {ratio:.2f}x TRL's (target: at most 1x).", ""]
    pg = summary.get("procgym")
    if pg:
        share = lambda p: 100 * pg[p] / pg["total"]  # noqa: E731
        out += ["Where the time goes in procgym's step: "
                f"generation {share('generation'):.0f}% (token-by-token sampling with transformers `generate`, "
                f"{st['max_completion_tokens']} decode steps for the batch), optimisation {share('optimisation'):.0f}% "
                "(forward and backward passes over the micro-batches, the optimizer step), scoring "
                f"{share('scoring'):.2f}% ({pg['scoring'] * 1e3:.2f} ms for the env steps, which extract and verify every completion), other "
                f"rollout work {share('other_rollout'):.0f}% (problem generation, chat-template rendering, "
                "tokenisation). The verifier is not where a GRPO step spends its time; the model is.", ""]
    trl = summary.get("trl")
    if pg and trl:
        diff = {p: pg[p] - trl[p] for p in parts}
        out += ["Against TRL, part by part (procgym minus TRL): "
                + ", ".join(f"{p.replace('_', ' ')} {diff[p] * 1e3:+.1f} ms" for p in parts) + ". "
                "Both sample with the same transformers `generate` on the same model, so generation should match "
                "up to noise. TRL's optimisation column is everything in its step outside rollout: its "
                "micro-batch forward and backward passes, the optimizer step and the Hugging Face Trainer's "
                "per-step work (callbacks, metric gathering, logging every step as configured here). In the "
                "optimisation pass procgym uses the sampler's log-probs as the old policy's "
                "(no extra forward pass with one optimizer pass per batch, as here) but takes the log-softmax at "
                "every position of the episode, prompt included, and masks the prompt out afterwards; TRL "
                "computes logits for the completion positions only (`logits_to_keep`). With the tiny model's "
                "vocabulary of about a hundred characters that costs little; with a real model's vocabulary it "
                "would be the first thing to change. Scoring goes through procgym's verifier on both sides (a "
                "TRL reward function calling procgym.verify).", ""]
    return out


def page(results: Path) -> str:
    lines = ["# Performance", "",
             "Generated by `python bench/performance_page.py` from the result files in `bench/results/`; "
             "do not edit by hand. Each section names the machine and load it was measured under and the "
             "command that reproduces it. The machines are often shared, so compare figures within a section "
             "(same run, same machine) rather than across sections or runs.", ""]
    lines += peers_section(load(results, "peers"))
    lines += env_section(load(results, "env_step"))
    lines += trainer_section(load(results, "trainer"))
    return "\n".join(lines).rstrip() + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", type=Path, default=DEFAULT_RESULTS)
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = ap.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(page(args.results))
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
