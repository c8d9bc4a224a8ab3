"""The GRPO training loop, top to bottom.

    from procgym.training import load_config, train
    train(load_config("training/configs/tiny_cpu.toml", ["steps=20"]))
    # or: procgym train --config training/configs/tiny_cpu.toml steps=20
    # several processes (data parallel): accelerate launch --num_processes 2 -m procgym.cli train ...
    # (parallelism=fsdp shards the model over them: training/fsdp.py)

Each step:
  1. the curriculum scheduler picks (task, level) for each prompt; each problem is played by G
     episodes (a group), all turns batched through the sampler backend (with several processes,
     each plays its share of the groups); rewards are shaped (training/rewards.py);
  2. rewards become group-relative advantages; groups with no reward variance can be dropped and
     refilled from extra prompts;
  3. update_policy: old log-probs are taken from the sampler or recomputed, optionally corrected
     by importance weights, and the clipped policy-gradient loss (plus an optional k3 KL to a
     reference) is accumulated over length-sorted micro-batches for each of steps_per_generation
     optimizer steps (times epochs_per_batch);
  4. the sampler gets the new weights, the scheduler sees the results, metrics (over every group
     played, dropped ones included) are logged, the held-out set is evaluated every `eval_every`
     steps and a checkpoint is written every `checkpoint_every` steps.

With `selfplay_games` set, steps 1-2 are self-play instead (training/selfplay.py): every seat of
multiplayer matches is played by the policy, advantages are role-conditioned (RAE, baselines kept
in the checkpoints) or group-relative, and the built-in opponents are played every
`selfplay_eval_every` steps.

Everything random derives from (seed, step), so a run resumed from a checkpoint produces the
same batches as the uninterrupted run.
"""
from __future__ import annotations

import contextlib
import os
import sys
import time

from procgym.registry import get, select
from procgym.seeding import stable_seed

from . import fsdp, grpo
from .backends import TransformersBackend, VLLMBackend
from .checkpoint import latest_checkpoint, load_checkpoint_state, save_checkpoint
from .config import ConfigError, TrainConfig
from .curriculum import make_scheduler, scheduler_options
from .distributed import SINGLE, Dist, rollout_shares
from .metrics import MetricsLogger, advantage_metrics, batch_hash, episode_metrics, plot_curves, summarize
from .rewards import shape_rewards
from .rollout import ChatRenderer, collect_episodes, stop_token_ids, training_rows


# --- setup helpers -------------------------------------------------------------------------------

def resolve_device(name: str, local_rank: int = 0):
    import torch

    if name == "auto":
        return torch.device(f"cuda:{local_rank}" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and local_rank:
        return torch.device(f"cuda:{local_rank}")
    return torch.device(name)


def base_model_path(cfg: TrainConfig) -> str:
    """The model to start from: cfg.model, or a tiny model built (once, seeded) in the run folder."""
    if cfg.model != "tiny":
        return cfg.model
    from .tiny import build_tiny_model

    path = os.path.join(cfg.output_dir, "tiny_model")
    if not os.path.exists(os.path.join(path, "config.json")):
        build_tiny_model(path, seed=cfg.seed, hidden=cfg.tiny_hidden, layers=cfg.tiny_layers)
    return path


def weights_dtype(cfg: TrainConfig, device):
    """The dtype the policy is loaded in (see TrainConfig.model_dtype): float32 master weights for
    full fine-tuning unless told otherwise; a bfloat16 frozen base for LoRA on a GPU."""
    import torch

    if cfg.model_dtype != "auto":
        return getattr(torch, cfg.model_dtype)
    if cfg.lora_r > 0 and device.type == "cuda":
        return torch.bfloat16
    return torch.float32


def autocast_dtype(cfg: TrainConfig, device):
    """bfloat16 when forward passes autocast (cfg.bf16 on a GPU), else None."""
    import torch

    return torch.bfloat16 if device.type == "cuda" and cfg.bf16 else None


def load_policy(cfg: TrainConfig, base_path: str, checkpoint: str | None, device):
    """The trainable model: from the checkpoint when resuming, else from base_path; LoRA-wrapped
    when cfg.lora_r > 0 (a LoRA checkpoint holds only the adapter, loaded over the base). Always
    loaded in weights_dtype(cfg): transformers 5 would otherwise keep a checkpoint's own dtype
    (bf16 for most released models) and AdamW would update bf16 weights."""
    from transformers import AutoModelForCausalLM

    dtype = weights_dtype(cfg, device)
    if cfg.lora_r > 0:
        from peft import LoraConfig, PeftModel, get_peft_model

        base = AutoModelForCausalLM.from_pretrained(base_path, dtype=dtype)
        # peft keeps the adapters in float32 over a bf16/fp16 base (autocast_adapter_dtype).
        if checkpoint:
            model = PeftModel.from_pretrained(base, os.path.join(checkpoint, "model"), is_trainable=True)
        else:
            model = get_peft_model(base, LoraConfig(r=cfg.lora_r, lora_alpha=cfg.lora_alpha,
                                                    lora_dropout=cfg.lora_dropout, task_type="CAUSAL_LM",
                                                    target_modules=list(cfg.lora_target_modules)))
    else:
        import torch

        if dtype != torch.float32:
            print(f"note: full fine-tuning with {dtype} weights: AdamW updates far below the weights' "
                  "resolution round away (model_dtype=float32 keeps fp32 master weights)", file=sys.stderr)
        model = AutoModelForCausalLM.from_pretrained(os.path.join(checkpoint, "model") if checkpoint else base_path,
                                                     dtype=dtype)
    model.to(device)
    if cfg.gradient_checkpointing:
        enable_checkpointing(model)
        if cfg.lora_r > 0:
            model.enable_input_require_grads()  # checkpointed blocks need an input that requires grad
    return model


def enable_checkpointing(model) -> None:
    """Activation (gradient) checkpointing; transformers 5 renamed the method."""
    if hasattr(model, "activation_checkpointing_enable"):
        model.activation_checkpointing_enable()
    else:
        model.gradient_checkpointing_enable()


def load_reference(cfg: TrainConfig, base_path: str, device):
    """A frozen copy of the initial model for the KL term (None when kl_beta is 0, or with LoRA,
    where the base model with adapters disabled is the reference). Loaded in bfloat16 when the
    forward passes autocast to it anyway (a GPU with bf16 on), else in the policy's dtype."""
    if cfg.kl_beta == 0 or cfg.lora_r > 0:
        return None
    from transformers import AutoModelForCausalLM

    dtype = autocast_dtype(cfg, device) or weights_dtype(cfg, device)
    ref = AutoModelForCausalLM.from_pretrained(base_path, dtype=dtype).to(device).eval()  # safe: torch inference mode, not Python eval
    ref.requires_grad_(False)
    return ref


def make_backend(cfg: TrainConfig, model, tokenizer, model_path: str, device, dist: Dist = SINGLE):
    stops = stop_token_ids(tokenizer)
    if cfg.backend == "vllm":  # with several processes: one engine per rank (colocated), TP across groups of ranks
        return VLLMBackend.launch(model_path, stops, gpu_memory_utilization=cfg.vllm_gpu_memory_utilization,
                                  max_model_len=cfg.max_episode_tokens, seed=cfg.seed,
                                  tensor_parallel_size=cfg.vllm_tensor_parallel_size,
                                  enable_sleep_mode=cfg.vllm_enable_sleep_mode, rank=dist.rank, world=dist.world)
    return TransformersBackend(model, tokenizer, stops, autocast_dtype=autocast_dtype(cfg, device),
                               fp32_lm_head=cfg.fp32_lm_head)


# Fields a resumed run may change freely (they change no batch, loss or weight).
FREE_FIELDS = {"steps", "parallelism", "vllm_enable_sleep_mode",
               "progress", "tensorboard", "plots", "log_every", "checkpoint_every", "keep_checkpoints",
               "eval_every", "eval_suite", "eval_tasks", "eval_levels", "eval_problems", "eval_temperature",
               "log_completions_every", "wandb", "wandb_project", "selfplay_eval_every", "selfplay_eval_games",
               "selfplay_eval_opponents"}


def config_changes(saved: dict, current: dict) -> list[str]:
    """Fields a resumed run changed (besides those that may change freely: steps, logging, evaluation)."""
    return sorted(k for k in current if k not in FREE_FIELDS and k in saved and saved[k] != current[k])


def make_optimizer(cfg: TrainConfig, model):
    import torch

    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=cfg.learning_rate, betas=(cfg.adam_beta1, cfg.adam_beta2),
                                  eps=cfg.adam_epsilon, weight_decay=cfg.weight_decay)
    total = cfg.steps * cfg.steps_per_generation * cfg.epochs_per_batch
    schedule = torch.optim.lr_scheduler.LambdaLR(
        optimizer, lambda s: grpo.lr_factor(s, cfg.warmup_steps, total, cfg.lr_schedule, cfg.min_lr_ratio))
    return optimizer, schedule


# --- one step's pieces -----------------------------------------------------------------------------

def round_seed(cfg: TrainConfig, step: int, refill: int) -> int:
    """The seed of one generation round: a step's first round (refill 0) or a refill round."""
    return stable_seed("step", cfg.seed, step, refill)


def problem_seed(seed: int, group: int) -> int:
    """The problem seed of group `group` in the generation round seeded `seed`."""
    return stable_seed("problem", seed, group) % (2**31)


def training_problem_seeds(cfg: TrainConfig, start: int = 0) -> set[int]:
    """Every problem seed a run of `cfg` can train on from step `start` (a superset: refill rounds
    count whether or not they happen). Evaluations check their held-out seeds against it."""
    rounds = cfg.max_refill_rounds + 1 if cfg.drop_zero_variance else 1
    return {problem_seed(round_seed(cfg, step, refill), g) for step in range(start, cfg.steps)
            for refill in range(rounds) for g in range(cfg.prompts_per_step)}


def task_overrides(cfg: TrainConfig, task: str) -> dict:
    """The knob overrides of cfg.knobs that `task` declares."""
    declared = {knob.name for knob in get(task).knobs}
    return {name: value for name, value in cfg.knob_overrides.items() if name in declared}


def check_knobs(cfg: TrainConfig, task_names) -> None:
    """Every overridden knob must be declared by at least one selected task."""
    declared = {knob.name for task in task_names for knob in get(task).knobs}
    unknown = sorted(set(cfg.knob_overrides) - declared)
    if unknown:
        raise ConfigError(f"knobs: no selected task declares {', '.join(unknown)} "
                          f"(the selected tasks' knobs are {', '.join(sorted(declared)) or 'none'})")


def sampling_options(cfg: TrainConfig) -> dict:
    """The sampling controls besides temperature and top_p, as backends take them."""
    return {"top_k": cfg.top_k, "min_p": cfg.min_p, "repetition_penalty": cfg.repetition_penalty,
            "stop_strings": list(cfg.stop_strings)}


def play_groups(cfg: TrainConfig, backend, renderer, specs, seed: int, indices=None):
    """Play G episodes of each (task, level) in `specs`; returns (groups of episodes, timing).
    `indices` are the groups' places in the round (default 0, 1, ...): a group's problem seed
    depends on its place, so a group plays the same problem whichever process plays it."""
    from procgym.envs import TaskEnv

    indices = list(range(len(specs))) if indices is None else list(indices)
    envs, problems, group_ids = [], [], []
    for g, (task, level) in zip(indices, specs):
        problem = get(task).generate(seed=problem_seed(seed, g), difficulty=level, answer_style=cfg.answer_style,
                                     **task_overrides(cfg, task))
        for _ in range(cfg.group_size):
            envs.append(TaskEnv(task, difficulty=level, max_turns=cfg.max_turns, feedback=cfg.feedback,
                                answer_style=cfg.answer_style))
            problems.append(problem)
            group_ids.append(g)
    episodes, timing = collect_episodes(
        backend, renderer, envs, problems, groups=group_ids, max_prompt_tokens=cfg.max_prompt_tokens,
        max_completion_tokens=cfg.max_completion_tokens, max_episode_tokens=cfg.max_episode_tokens,
        temperature=cfg.temperature, top_p=cfg.top_p, seed=seed, sampling=sampling_options(cfg),
        reasoning_markers=cfg.reasoning_markers if cfg.strip_reasoning else None,
        drop_history_reasoning=cfg.dropped_reasoning_markers)
    shape_rewards(episodes, cfg)
    groups = [episodes[k * cfg.group_size:(k + 1) * cfg.group_size] for k in range(len(specs))]
    return groups, timing


@contextlib.contextmanager
def reference_mode(model, ref_model):
    """Yield the model that computes reference log-probs: the frozen copy, or for LoRA the policy
    with its adapters switched off (the base model), which saves a second copy of the weights."""
    if ref_model is not None:
        yield ref_model
    else:
        with model.disable_adapter():
            yield model


def forward_logprobs(model, batches, device, temperature: float, autocast, chunk_tokens: int = 0,
                     fp32_head: bool = False) -> list:
    """No-grad log-probs of each micro-batch's trained targets (for old-policy recompute and the
    reference)."""
    import torch

    out = []
    with torch.no_grad(), autocast():
        for mb in batches:
            logp, _ = grpo.token_logprobs(model, mb.input_ids.to(device), mb.attention_mask.to(device), temperature,
                                          mask=mb.mask.to(device), chunk_tokens=chunk_tokens, fp32_head=fp32_head)
            out.append(logp.float().cpu())
    return out


def rewards_of(group):
    """The rewards of a group's episodes as a tensor."""
    import torch

    return torch.tensor([e.reward for e in group], dtype=torch.float32)


def rollout_group(cfg: TrainConfig) -> int:
    """Ranks that play the same groups together: a vLLM tensor-parallel group, else 1."""
    return cfg.vllm_tensor_parallel_size if cfg.backend == "vllm" else 1


def gather_batch(cfg: TrainConfig, scheduler, backend, renderer, step: int, dist: Dist = SINGLE):
    """Steps 1-2: play groups until the batch is full (refilling dropped zero-variance groups),
    then compute advantages.

    Every rank samples the same specs and plays the groups i with i % world == rank (with vLLM
    tensor parallelism, a TP group plays its groups together and each of its ranks keeps its part:
    rollout_shares); the groups' summaries are exchanged, so every rank keeps the same groups (in
    the same order as one process would) and computes the same advantages. Returns (this rank's
    kept groups, the results of every group played by any rank in order, their episode summaries,
    stats)."""
    import torch

    kept_ids, local, results, summaries = [], {}, [], []
    stats = {"generation": 0.0, "scoring": 0.0, "generated_tokens": 0, "zero_variance": 0, "rounds": 0}
    for refill in range(cfg.max_refill_rounds + 1):
        missing = cfg.prompts_per_step - len(kept_ids)
        specs = scheduler.sample(missing)
        played, mine = rollout_shares(len(specs), dist.rank, dist.world, rollout_group(cfg))
        groups, timing = play_groups(cfg, backend, renderer, [specs[i] for i in played],
                                     round_seed(cfg, step, refill), indices=played)
        for key in ("generation", "scoring"):
            stats[key] += timing[key]
        stats["rounds"] += 1
        shared = []
        for i, group in zip(played, groups):
            if i not in mine:
                continue  # played alongside the rest of the TP group; another rank trains it
            local[(refill, i)] = group
            shared.append({"id": (refill, i), "task": group[0].task, "difficulty": group[0].difficulty,
                           "rewards": [e.reward for e in group], "env_rewards": [e.env_reward for e in group],
                           "episodes": [summarize(e) for e in group],
                           "generated": sum(e.generated_tokens for e in group)})
        everything = sorted((g for part in dist.gather_objects(shared) for g in part), key=lambda g: g["id"])
        zero = grpo.zero_variance_groups(torch.tensor([r for g in everything for r in g["rewards"]]),
                                         cfg.group_size).tolist() if everything else []
        stats["zero_variance"] += sum(zero)
        stats["generated_tokens"] += sum(g["generated"] for g in everything)
        results += everything
        kept_ids += [g["id"] for g, z in zip(everything, zero) if not (cfg.drop_zero_variance and z)]
        if not cfg.drop_zero_variance or len(kept_ids) >= cfg.prompts_per_step:
            break
    kept_ids = kept_ids[:cfg.prompts_per_step]
    stats["groups_played"] = len(results)
    by_id = {g["id"]: g for g in results}
    advantages = {}
    if kept_ids:
        rewards = torch.tensor([r for i in kept_ids for r in by_id[i]["rewards"]], dtype=torch.float32)
        flat = grpo.group_advantages(rewards, cfg.group_size, cfg.advantage_scaling).tolist()
        for k, i in enumerate(kept_ids):
            advantages[i] = flat[k * cfg.group_size:(k + 1) * cfg.group_size]
    kept = []
    for i in kept_ids:
        if i in local:
            for episode, advantage in zip(local[i], advantages[i]):
                episode.advantage = advantage
            kept.append(local[i])
    for g in results:
        g["advantages"] = advantages.get(g["id"], [0.0] * cfg.group_size)
    stats["kept_advantages"] = [a for i in kept_ids for a in advantages[i]]
    stats["kept_groups"] = len(kept_ids)
    return kept, results, [s for g in results for s in g["episodes"]], stats


# --- step 3: the policy update ---------------------------------------------------------------------

def update_policy(cfg: TrainConfig, model, optimizer, lr_schedule, episodes, *, pad_id: int, device, autocast,
                  ref_model=None, recompute_old: bool = False, dist: Dist = SINGLE) -> dict:
    """steps_per_generation x epochs_per_batch optimizer steps on this rank's `episodes`.

    The old log-probs (the sampler's, or recomputed here with no gradient before any update) and
    the importance weights stay fixed for all of them. Each optimizer step covers one slice of the
    episodes (grpo.split_for_steps); its loss is normalised by the slice's trained sequences and
    tokens summed over all ranks, and the gradients are summed over ranks before clipping, so N
    processes on a split batch take the same step as one process on the whole batch. An episode
    whose turns were sampled from rewritten histories trains as one row per turn
    (rollout.training_rows) and still counts as one sequence. With FSDP (dist.sharded) every rank
    runs as many micro-batches as the busiest one, the others padded with idle ones.

    Returns the statistics of the first epoch (token-averaged where per token, summed over ranks):
    loss (mean over the optimizer steps), entropy, clip_frac, logprob_mismatch (mean |trainer
    log-prob - sampler log-prob| over the first optimizer step's tokens, before any update), kl,
    is_weight/mean, is_weight/clipped_frac (with importance_sampling), grad_norm (of the last
    optimizer step), lr, trained_sequences, trained_tokens.
    """
    import torch

    constant = cfg.loss_constant or cfg.max_completion_tokens
    recompute_old = recompute_old or cfg.importance_sampling != "off"  # the weights compare trainer and sampler
    trainable = [e for e in episodes if any(e.loss_mask)]
    parts = grpo.split_for_steps(trainable, cfg.steps_per_generation, keep_empty=True)
    chunk = cfg.logprob_chunk_tokens
    part_batches = [[grpo.collate(c, pad_id) for c in grpo.micro_batches(
        [row for e in part for row in training_rows(e)], cfg.micro_batch_size, cfg.micro_batch_tokens, sort=True)]
        for part in parts]
    if dist.sharded:  # every forward and backward pass is a collective: all ranks run the same number
        busiest = [max(n) for n in zip(*dist.gather_objects([len(part) for part in part_batches]))]
        for part, n in zip(part_batches, busiest):
            part += [grpo.idle_batch(pad_id) for _ in range(n - len(part))]
    batches = [mb for part in part_batches for mb in part]
    if recompute_old and batches:
        was_training = model.training
        model.eval()  # safe: torch inference mode, not Python eval
        for mb, logp in zip(batches, forward_logprobs(model, batches, device, cfg.temperature, autocast, chunk,
                                                      cfg.fp32_lm_head)):
            mb.old_logprobs = logp
        model.train(was_training)
    if cfg.importance_sampling != "off":
        for mb in batches:
            mb.is_weights = grpo.importance_weights(mb.old_logprobs, mb.sampler_logprobs, mb.mask,
                                                    cfg.importance_sampling, cfg.importance_sampling_cap,
                                                    cfg.importance_sampling_min)
    if cfg.kl_beta > 0 and batches:
        with reference_mode(model, ref_model) as ref:
            for mb, logp in zip(batches, forward_logprobs(ref, batches, device, cfg.temperature, autocast, chunk,
                                                          cfg.fp32_lm_head)):
                mb.ref_logprobs = logp
    # Loss normalisers of each optimizer step, over all ranks: [sequences, tokens] per part.
    local_counts = []
    for part in parts:
        local_counts += [len(part), sum(sum(e.loss_mask) for e in part)]
    counts = dist.all_sum(local_counts)
    normalisers = [(int(counts[2 * k]), int(counts[2 * k + 1])) for k in range(len(parts))]

    sums = dict.fromkeys(("loss", "kl", "entropy", "clipped", "mismatch", "is_weight", "is_clipped"), 0.0)
    grad_norm, lr = 0.0, optimizer.param_groups[0]["lr"]
    model.train()
    first_tokens = next((t for n, t in normalisers if n), 0)
    for epoch in range(cfg.epochs_per_batch):
        first = epoch == 0
        for part, (num_sequences, num_tokens) in zip(part_batches, normalisers):
            if num_sequences == 0:
                continue  # no rank has anything to train in this slice: no optimizer step
            optimizer.zero_grad(set_to_none=True)
            for mb in part:
                mb = mb.to(device)
                with autocast():
                    logp, entropy = grpo.token_logprobs(model, mb.input_ids, mb.attention_mask, cfg.temperature,
                                                        with_entropy=epoch == 0, mask=mb.mask, chunk_tokens=chunk,
                                                        fp32_head=cfg.fp32_lm_head)
                if cfg.ratio_level == "sequence":  # GSPO: one ratio per sequence
                    log_ratio = grpo.sequence_log_ratio(logp, mb.old_logprobs, mb.mask).expand_as(logp)
                    per_token, clipped = grpo.clipped_policy_loss(log_ratio, torch.zeros_like(logp), mb.advantages,
                                                                  cfg.epsilon_low, cfg.epsilon_high)
                else:
                    per_token, clipped = grpo.clipped_policy_loss(logp, mb.old_logprobs, mb.advantages,
                                                                  cfg.epsilon_low, cfg.epsilon_high)
                if mb.is_weights is not None:
                    per_token = per_token * mb.is_weights
                if cfg.kl_beta > 0:
                    kl = grpo.kl_k3(logp, mb.ref_logprobs)
                    per_token = per_token + cfg.kl_beta * kl
                loss = grpo.aggregate(per_token, mb.mask, cfg.loss_aggregation, num_sequences, num_tokens, constant,
                                      sequence_tokens=mb.sequence_tokens)
                loss.backward()
                if epoch == 0:  # statistics of the batch as sampled, token-summed here, averaged below
                    sums["loss"] += loss.item()
                    sums["entropy"] += (entropy * mb.mask).sum().item()
                    sums["clipped"] += (clipped.float() * mb.mask).sum().item()
                    if first:
                        sums["mismatch"] += ((logp.detach() - mb.sampler_logprobs).abs() * mb.mask).sum().item()
                    if mb.is_weights is not None:
                        w = mb.is_weights.expand_as(mb.mask)
                        sums["is_weight"] += (w * mb.mask).sum().item()
                        bound = cfg.importance_sampling_cap
                        raw = grpo.importance_weights(mb.old_logprobs, mb.sampler_logprobs, mb.mask,
                                                      cfg.importance_sampling, float("inf"), 0.0).expand_as(mb.mask)
                        outside = (raw > bound) | (raw < cfg.importance_sampling_min)
                        sums["is_clipped"] += (outside.float() * mb.mask).sum().item()
                    if cfg.kl_beta > 0:
                        sums["kl"] += (kl.detach() * mb.mask).sum().item()
            # Taken now, not before the passes: FSDP swaps a unit's parameters between its shards
            # (which hold the gradients) and the gathered weights around forward and backward.
            params = [p for p in model.parameters() if p.requires_grad]
            if not dist.sharded:  # FSDP has reduce-scattered them in the backward passes
                dist.all_reduce_grads(params)
            grad_norm = grpo.clip_gradients(params, cfg.grad_clip)
            lr = optimizer.param_groups[0]["lr"]
            optimizer.step()
            lr_schedule.step()
            first = False
    if dist.sharded:  # no-grad passes leave the root gathered: back to shards for sync, save, memory
        fsdp.reshard(model)
    totals = dist.all_sum([sums[k] for k in sums])
    total = dict(zip(sums, totals))
    steps_taken = max(sum(1 for n, _ in normalisers if n), 1)
    sequences, tokens = sum(n for n, _ in normalisers), sum(t for _, t in normalisers)
    per_token = max(tokens, 1)
    return {"loss": total["loss"] / steps_taken, "kl": total["kl"] / per_token,
            "entropy": total["entropy"] / per_token, "clip_frac": total["clipped"] / per_token,
            "logprob_mismatch": total["mismatch"] / max(first_tokens, 1), "grad_norm": grad_norm, "lr": lr,
            **({"is_weight/mean": total["is_weight"] / per_token, "is_weight/clipped_frac": total["is_clipped"] /
                per_token} if cfg.importance_sampling != "off" else {}),
            "trained_sequences": sequences, "trained_tokens": tokens}


def completion_rows(groups, tokenizer, limit: int = 16, prompt_chars: int = 300) -> list[dict]:
    """Up to `limit` sampled episodes as rows for the completions log (the prompt's tail)."""
    rows = []
    for e in [e for g in groups for e in g][:limit]:
        prompt = tokenizer.decode(e.token_ids[:e.prompt_tokens], skip_special_tokens=True)
        rows.append({"task": e.task, "level": e.difficulty, "prompt": prompt[-prompt_chars:],
                     "completion": "\n---\n".join(e.completions), "reward": e.reward, "correct": e.correct,
                     "advantage": e.advantage})
    return rows


# --- the loop -------------------------------------------------------------------------------------

def train(cfg: TrainConfig) -> dict:
    """Run GRPO as configured; returns the last step's metrics."""
    import torch
    import transformers
    from tqdm import tqdm
    from transformers import AutoTokenizer

    cfg.validated()
    transformers.utils.logging.disable_progress_bar()
    probe = resolve_device(cfg.device)
    dist = Dist.from_env(probe.type)
    device = resolve_device(cfg.device, dist.local_rank)
    if device.type == "cuda":
        torch.cuda.set_device(device)
    if dist.is_main:
        os.makedirs(cfg.output_dir, exist_ok=True)
    if cfg.cpu_threads:
        torch.set_num_threads(cfg.cpu_threads)
    torch.manual_seed(cfg.seed)
    task_names = select(cfg.tasks)
    selfplay = None
    if cfg.selfplay_games:  # every seat of multiplayer matches by this policy (training/selfplay.py)
        from .selfplay import SelfPlay

        selfplay = SelfPlay(cfg)  # its game knobs were checked with the config
    else:
        check_knobs(cfg, task_names)
    try:
        rollout_shares(0, dist.rank, dist.world, rollout_group(cfg))  # vllm_tensor_parallel_size divides the world
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    amp = autocast_dtype(cfg, device)
    autocast = lambda: torch.autocast(device.type, dtype=amp or torch.bfloat16, enabled=amp is not None)  # noqa: E731

    # Model, tokenizer, reference, optimizer: from the newest complete checkpoint if resuming.
    if dist.is_main:
        base_path = base_model_path(cfg)
    dist.barrier()
    base_path = base_model_path(cfg)
    checkpoint = latest_checkpoint(cfg.output_dir) if cfg.resume else None
    tokenizer = AutoTokenizer.from_pretrained(base_path)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    model = load_policy(cfg, base_path, checkpoint, device)
    ref_model = load_reference(cfg, base_path, device)
    if cfg.parallelism == "fsdp" and dist.world > 1:  # before the optimizer: it holds the fp32 shards
        for m in (model, ref_model):
            if m is not None:
                fsdp.shard_model(m, compute_dtype=amp)
        dist.sharded = True
    optimizer, lr_schedule = make_optimizer(cfg, model)
    try:
        scheduler = make_scheduler(cfg.scheduler, task_names, cfg.levels, cfg.seed, **scheduler_options(cfg))
    except ValueError as exc:  # an arm weight or exclusion that does not fit the selected tasks
        raise ConfigError(str(exc)) from None
    start = 0
    if checkpoint:
        state = load_checkpoint_state(checkpoint, optimizer, lr_schedule, set_optimizer_state=(
            (lambda saved: fsdp.load_optimizer_state(model, optimizer, saved)) if dist.sharded else None))
        scheduler.load_state_dict(state["scheduler"])
        if selfplay:
            selfplay.load_state_dict(state.get("selfplay"))  # the RAE baselines
        start = state["step"]
        if dist.is_main:
            print(f"resuming from {checkpoint} (step {start})", file=sys.stderr)
        changed = config_changes(state.get("config", {}), cfg.to_dict())
        if changed and dist.is_main:
            print(f"note: the config differs from the checkpoint's in {', '.join(changed)}", file=sys.stderr)

    backend = make_backend(cfg, model, tokenizer, base_path, device, dist)
    # Sampling on the training model itself needs its whole weights: gathered once per rollout phase.
    sampling = (lambda: fsdp.unsharded(model)) if dist.sharded and cfg.backend == "transformers" else \
        contextlib.nullcontext
    if checkpoint or cfg.lora_r > 0:
        backend.sync_weights(model)  # a vLLM engine starts from base_path: give it the current weights
    renderer = ChatRenderer(tokenizer, cfg.system_prompt, cfg.template_kwargs)
    recompute_old = (cfg.old_logprobs == "recompute" or not backend.logprobs_match_trainer
                     or cfg.sampling_is_truncated or cfg.importance_sampling != "off")
    logger = None
    if dist.is_main:
        wandb = ({"project": cfg.wandb_project, "dir": cfg.output_dir, "config": cfg.to_dict(),
                  "name": os.path.basename(os.path.normpath(cfg.output_dir))} if cfg.wandb else None)
        logger = MetricsLogger(cfg.output_dir, cfg.tensorboard, resume_step=start, wandb=wandb)
    eval_set = None
    if cfg.eval_every:
        from .evaluation import eval_items, evaluate

        eval_set = eval_items(cfg)

    def run_eval(at_step: int) -> dict:
        t = time.perf_counter()
        with sampling():
            result = evaluate(cfg, backend, renderer, eval_set, dist, rollout_group(cfg))
        result["time/eval"] = time.perf_counter() - t
        return result

    def run_selfplay_eval() -> dict:
        with sampling():
            return selfplay.evaluate(backend, renderer, dist)

    selfplay_eval = bool(selfplay and cfg.selfplay_eval_every)
    if (eval_set is not None or selfplay_eval) and start == 0:
        initial = {**(run_eval(0) if eval_set is not None else {}), **(run_selfplay_eval() if selfplay_eval else {})}
        if logger:
            logger.log(0, initial)
    bar = tqdm(range(start, cfg.steps), initial=start, total=cfg.steps, disable=not (cfg.progress and dist.is_main),
               unit="step")
    metrics = {}

    for step in bar:
        t0 = time.perf_counter()
        # 1-2. Rollouts, rewards and advantages.
        with sampling():
            groups, results, summaries, stats = (selfplay.gather(backend, renderer, step, dist) if selfplay else
                                                 gather_batch(cfg, scheduler, backend, renderer, step, dist))
        episodes = [e for g in groups for e in g]
        masked = grpo.mask_truncated(episodes) if cfg.mask_truncated else 0
        t_rollout = time.perf_counter() - t0

        # 3. Optimisation.
        t1 = time.perf_counter()
        backend.sleep()  # vLLM sleep mode: free the engine's memory for the update; sync_weights wakes it
        update = update_policy(cfg, model, optimizer, lr_schedule, episodes, pad_id=pad_id, device=device,
                               autocast=autocast, ref_model=ref_model, recompute_old=recompute_old, dist=dist)
        t_optim = time.perf_counter() - t1

        # 4. New weights to the sampler; results to the curriculum; evaluate; log; checkpoint.
        backend.sync_weights(model)
        if not selfplay:
            scheduler.observe([{"task": g["task"], "difficulty": g["difficulty"], "rewards": g["env_rewards"],
                                "advantages": g["advantages"]} for g in results])
        done = step + 1
        masked = int(dist.all_sum([masked])[0])
        metrics = {
            **episode_metrics(summaries), **advantage_metrics(stats["kept_advantages"]), **update,
            "groups/zero_variance_frac": stats["zero_variance"] / max(stats["groups_played"], 1),
            "groups/kept": stats["kept_groups"], "groups/played": stats["groups_played"],
            "groups/rounds": stats["rounds"], "masked_truncated": masked, "batch_hash": batch_hash(episodes),
            "time/generation": stats["generation"], "time/scoring": stats["scoring"],
            "time/other_rollout": t_rollout - stats["generation"] - stats["scoring"], "time/optimisation": t_optim,
            "tokens_per_s": stats["generated_tokens"] / max(stats["generation"], 1e-9),
            **(selfplay.metrics() if selfplay else scheduler.metrics()),
        }
        metrics["time/step"] = time.perf_counter() - t0  # evaluation is timed apart (time/eval)
        if eval_set is not None and (done % cfg.eval_every == 0 or done == cfg.steps):
            metrics.update(run_eval(done))
        if selfplay_eval and (done % cfg.selfplay_eval_every == 0 or done == cfg.steps):
            metrics.update(run_selfplay_eval())
        if logger and (done % cfg.log_every == 0 or done == cfg.steps):
            logger.log(done, metrics)
        if logger and cfg.log_completions_every and done % cfg.log_completions_every == 0:
            logger.log_completions(done, completion_rows(groups, tokenizer))
        bar.set_postfix(reward=f"{metrics['reward/mean']:.3f}", acc=f"{metrics['accuracy']:.2f}")
        if (cfg.checkpoint_every and done % cfg.checkpoint_every == 0) or done == cfg.steps:
            whole = {"model_state": fsdp.full_model_state(model),  # collectives: every rank gathers
                     "optimizer_state": fsdp.full_optimizer_state(model, optimizer)} if dist.sharded else {}
            if dist.is_main:
                save_checkpoint(cfg.output_dir, done, model=model, tokenizer=tokenizer, optimizer=optimizer,
                                lr_scheduler=lr_schedule, keep=cfg.keep_checkpoints, **whole,
                                state={"scheduler": scheduler.state_dict(), "config": cfg.to_dict(),
                                       **({"selfplay": selfplay.state_dict()} if selfplay else {})})
            dist.barrier()
    bar.close()
    if logger:
        logger.close()
        if cfg.plots:
            plot_curves(cfg.output_dir)
    return metrics
