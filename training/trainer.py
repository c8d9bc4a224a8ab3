"""The GRPO training loop, top to bottom.

    from procgym.training import load_config, train
    train(load_config("training/configs/tiny_cpu.toml", ["steps=20"]))
    # or: procgym train --config training/configs/tiny_cpu.toml steps=20

Each step:
  1. the curriculum scheduler picks (task, level) for each prompt; each problem is played by G
     episodes (a group), all turns batched through the sampler backend;
  2. rewards become group-relative advantages; groups with no reward variance can be dropped and
     refilled from extra prompts;
  3. the clipped policy-gradient loss (plus an optional k3 KL to a reference) is accumulated over
     micro-batches and the optimizer steps;
  4. the sampler gets the new weights, the scheduler sees the results, metrics are logged and a
     checkpoint is written every `checkpoint_every` steps.

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

from . import grpo
from .backends import TransformersBackend, VLLMBackend
from .checkpoint import latest_checkpoint, load_checkpoint_state, save_checkpoint
from .config import ConfigError, TrainConfig
from .curriculum import make_scheduler, scheduler_options
from .metrics import MetricsLogger, advantage_metrics, batch_hash, episode_metrics, plot_curves
from .rollout import ChatRenderer, collect_episodes, stop_token_ids


# --- setup helpers -------------------------------------------------------------------------------

def resolve_device(name: str):
    import torch

    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
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


def load_policy(cfg: TrainConfig, base_path: str, checkpoint: str | None, device):
    """The trainable model: from the checkpoint when resuming, else from base_path; LoRA-wrapped
    when cfg.lora_r > 0 (a LoRA checkpoint holds only the adapter, loaded over the base)."""
    from transformers import AutoModelForCausalLM

    if cfg.lora_r > 0:
        from peft import LoraConfig, PeftModel, get_peft_model

        base = AutoModelForCausalLM.from_pretrained(base_path)
        if checkpoint:
            model = PeftModel.from_pretrained(base, os.path.join(checkpoint, "model"), is_trainable=True)
        else:
            model = get_peft_model(base, LoraConfig(r=cfg.lora_r, lora_alpha=cfg.lora_alpha,
                                                    lora_dropout=cfg.lora_dropout, task_type="CAUSAL_LM",
                                                    target_modules=list(cfg.lora_target_modules)))
    else:
        model = AutoModelForCausalLM.from_pretrained(os.path.join(checkpoint, "model") if checkpoint else base_path)
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
    where the base model with adapters disabled is the reference)."""
    if cfg.kl_beta == 0 or cfg.lora_r > 0:
        return None
    from transformers import AutoModelForCausalLM

    ref = AutoModelForCausalLM.from_pretrained(base_path).to(device).eval()  # safe: torch inference mode, not Python eval
    ref.requires_grad_(False)
    return ref


def make_backend(cfg: TrainConfig, model, tokenizer, model_path: str, device):
    import torch

    stops = stop_token_ids(tokenizer)
    if cfg.backend == "vllm":
        return VLLMBackend.launch(model_path, stops, gpu_memory_utilization=cfg.vllm_gpu_memory_utilization,
                                  max_model_len=cfg.max_episode_tokens, seed=cfg.seed)
    autocast = torch.bfloat16 if device.type == "cuda" and cfg.bf16 else None
    return TransformersBackend(model, tokenizer, stops, autocast_dtype=autocast)


def config_changes(saved: dict, current: dict) -> list[str]:
    """Fields a resumed run changed (besides those that may change freely: steps, logging)."""
    free = {"steps", "progress", "tensorboard", "plots", "log_every", "checkpoint_every", "keep_checkpoints"}
    return sorted(k for k in current if k not in free and k in saved and saved[k] != current[k])


def make_optimizer(cfg: TrainConfig, model):
    import torch

    params = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(params, lr=cfg.learning_rate, betas=(cfg.adam_beta1, cfg.adam_beta2),
                                  eps=cfg.adam_epsilon, weight_decay=cfg.weight_decay)
    total = cfg.steps * cfg.epochs_per_batch
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


def play_groups(cfg: TrainConfig, backend, renderer, specs, seed: int):
    """Play G episodes of each (task, level) in `specs`; returns (groups of episodes, timing)."""
    from procgym.envs import TaskEnv

    envs, problems, group_ids = [], [], []
    for g, (task, level) in enumerate(specs):
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
        temperature=cfg.temperature, top_p=cfg.top_p, seed=seed)
    groups = [episodes[g * cfg.group_size:(g + 1) * cfg.group_size] for g in range(len(specs))]
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


def forward_logprobs(model, batches, device, temperature: float, autocast) -> list:
    """No-grad log-probs of each micro-batch's targets (for old-policy recompute and the reference)."""
    import torch

    out = []
    with torch.no_grad(), autocast():
        for mb in batches:
            logp, _ = grpo.token_logprobs(model, mb.input_ids.to(device), mb.attention_mask.to(device), temperature)
            out.append(logp.float().cpu())
    return out


def rewards_of(group):
    """The rewards of a group's episodes as a tensor."""
    import torch

    return torch.tensor([e.reward for e in group], dtype=torch.float32)


def gather_batch(cfg: TrainConfig, scheduler, backend, renderer, step: int):
    """Steps 1-2: play groups until the batch is full (refilling dropped zero-variance groups),
    then compute advantages. Returns (kept groups, every group played, stats)."""
    import torch

    kept, played = [], []
    stats = {"generation": 0.0, "scoring": 0.0, "generated_tokens": 0, "zero_variance": 0, "rounds": 0}
    for refill in range(cfg.max_refill_rounds + 1):
        missing = cfg.prompts_per_step - len(kept)
        specs = scheduler.sample(missing)
        groups, timing = play_groups(cfg, backend, renderer, specs, round_seed(cfg, step, refill))
        for key in ("generation", "scoring", "generated_tokens"):
            stats[key] += timing[key]
        stats["rounds"] += 1
        zero = grpo.zero_variance_groups(torch.cat([rewards_of(g) for g in groups]), cfg.group_size).tolist()
        stats["zero_variance"] += sum(zero)
        played += groups
        kept += [g for g, z in zip(groups, zero) if not (cfg.drop_zero_variance and z)]
        if not cfg.drop_zero_variance or len(kept) >= cfg.prompts_per_step:
            break
    kept = kept[:cfg.prompts_per_step]
    stats["groups_played"] = len(played)
    if kept:
        rewards = torch.cat([rewards_of(g) for g in kept])
        advantages = grpo.group_advantages(rewards, cfg.group_size, cfg.advantage_scaling).tolist()
        for episode, advantage in zip([e for g in kept for e in g], advantages):
            episode.advantage = advantage
    return kept, played, stats


# --- the loop -------------------------------------------------------------------------------------

def train(cfg: TrainConfig) -> dict:
    """Run GRPO as configured; returns the last step's metrics."""
    import torch
    import transformers
    from tqdm import tqdm
    from transformers import AutoTokenizer

    cfg.validated()
    transformers.utils.logging.disable_progress_bar()
    os.makedirs(cfg.output_dir, exist_ok=True)
    device = resolve_device(cfg.device)
    if cfg.cpu_threads:
        torch.set_num_threads(cfg.cpu_threads)
    torch.manual_seed(cfg.seed)
    task_names = select(cfg.tasks)
    check_knobs(cfg, task_names)
    autocast = lambda: torch.autocast(device.type, dtype=torch.bfloat16,  # noqa: E731
                                      enabled=device.type == "cuda" and cfg.bf16)

    # Model, tokenizer, reference, optimizer: from the newest complete checkpoint if resuming.
    base_path = base_model_path(cfg)
    checkpoint = latest_checkpoint(cfg.output_dir) if cfg.resume else None
    tokenizer = AutoTokenizer.from_pretrained(base_path)
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    model = load_policy(cfg, base_path, checkpoint, device)
    ref_model = load_reference(cfg, base_path, device)
    optimizer, lr_schedule = make_optimizer(cfg, model)
    try:
        scheduler = make_scheduler(cfg.scheduler, task_names, cfg.levels, cfg.seed, **scheduler_options(cfg))
    except ValueError as exc:  # an arm weight or exclusion that does not fit the selected tasks
        raise ConfigError(str(exc)) from None
    start = 0
    if checkpoint:
        state = load_checkpoint_state(checkpoint, optimizer, lr_schedule)
        scheduler.load_state_dict(state["scheduler"])
        start = state["step"]
        print(f"resuming from {checkpoint} (step {start})", file=sys.stderr)
        changed = config_changes(state.get("config", {}), cfg.to_dict())
        if changed:
            print(f"note: the config differs from the checkpoint's in {', '.join(changed)}", file=sys.stderr)

    backend = make_backend(cfg, model, tokenizer, base_path, device)
    if checkpoint or cfg.lora_r > 0:
        backend.sync_weights(model)  # a vLLM engine starts from base_path: give it the current weights
    renderer = ChatRenderer(tokenizer, cfg.system_prompt)
    recompute_old = cfg.old_logprobs == "recompute" or not backend.logprobs_match_trainer
    constant = cfg.loss_constant or cfg.max_completion_tokens
    logger = MetricsLogger(cfg.output_dir, cfg.tensorboard, resume_step=start)
    bar = tqdm(range(start, cfg.steps), initial=start, total=cfg.steps, disable=not cfg.progress, unit="step")
    metrics = {}

    for step in bar:
        t0 = time.perf_counter()
        # 1-2. Rollouts and advantages.
        groups, played, stats = gather_batch(cfg, scheduler, backend, renderer, step)
        episodes = [e for g in groups for e in g]
        masked = grpo.mask_truncated(episodes) if cfg.mask_truncated else 0
        trainable = [e for e in episodes if any(e.loss_mask)]
        t_rollout = time.perf_counter() - t0

        # 3. Optimisation: every micro-batch adds its share of the batch loss to the gradients.
        t1 = time.perf_counter()
        num_sequences = len(trainable)
        num_tokens = sum(sum(e.loss_mask) for e in trainable)
        batches = [grpo.collate(chunk, pad_id) for chunk in grpo.micro_batches(trainable, cfg.micro_batch_size)]
        if recompute_old:
            model.eval()  # safe: torch inference mode, not Python eval
            for mb, logp in zip(batches, forward_logprobs(model, batches, device, cfg.temperature, autocast)):
                mb.old_logprobs = logp
        if cfg.kl_beta > 0:
            with reference_mode(model, ref_model) as ref:
                for mb, logp in zip(batches, forward_logprobs(ref, batches, device, cfg.temperature, autocast)):
                    mb.ref_logprobs = logp
        sums = {"loss": 0.0, "kl": 0.0, "entropy": 0.0, "clipped": 0.0, "mismatch": 0.0, "grad_norm": 0.0}
        model.train()
        for epoch in range(cfg.epochs_per_batch if batches else 0):
            optimizer.zero_grad(set_to_none=True)
            for mb in batches:
                mb = mb.to(device)
                with autocast():
                    logp, entropy = grpo.token_logprobs(model, mb.input_ids, mb.attention_mask, cfg.temperature,
                                                        with_entropy=epoch == 0)
                per_token, clipped = grpo.clipped_policy_loss(logp, mb.old_logprobs, mb.advantages,
                                                              cfg.epsilon_low, cfg.epsilon_high)
                if cfg.kl_beta > 0:
                    kl = grpo.kl_k3(logp, mb.ref_logprobs)
                    per_token = per_token + cfg.kl_beta * kl
                loss = grpo.aggregate(per_token, mb.mask, cfg.loss_aggregation, num_sequences, num_tokens, constant)
                loss.backward()
                if epoch == 0:  # statistics of the batch as sampled, token-averaged
                    sums["loss"] += loss.item()
                    sums["entropy"] += (entropy * mb.mask).sum().item()
                    sums["clipped"] += (clipped.float() * mb.mask).sum().item()
                    sums["mismatch"] += ((logp.detach() - mb.old_logprobs).abs() * mb.mask).sum().item()
                    if cfg.kl_beta > 0:
                        sums["kl"] += (kl.detach() * mb.mask).sum().item()
            sums["grad_norm"] = grpo.clip_gradients(model.parameters(), cfg.grad_clip)
            sums["lr"] = optimizer.param_groups[0]["lr"]
            optimizer.step()
            lr_schedule.step()
        t_optim = time.perf_counter() - t1

        # 4. New weights to the sampler; results to the curriculum; log; checkpoint.
        backend.sync_weights(model)
        scheduler.observe([{"task": g[0].task, "difficulty": g[0].difficulty, "rewards": [e.reward for e in g],
                            "advantages": [e.advantage for e in g]} for g in played])
        done = step + 1
        tokens = max(num_tokens, 1)
        metrics = {
            **episode_metrics(episodes), **advantage_metrics(e.advantage for e in episodes),
            "loss": sums["loss"], "kl": sums["kl"] / tokens, "entropy": sums["entropy"] / tokens,
            "clip_frac": sums["clipped"] / tokens, "logprob_mismatch": sums["mismatch"] / tokens,
            "grad_norm": sums["grad_norm"], "lr": sums.get("lr", 0.0),
            "groups/zero_variance_frac": stats["zero_variance"] / max(stats["groups_played"], 1),
            "groups/kept": len(groups), "groups/rounds": stats["rounds"], "trained_sequences": num_sequences,
            "trained_tokens": num_tokens, "masked_truncated": masked, "batch_hash": batch_hash(episodes),
            "time/generation": stats["generation"], "time/scoring": stats["scoring"],
            "time/other_rollout": t_rollout - stats["generation"] - stats["scoring"], "time/optimisation": t_optim,
            "time/step": time.perf_counter() - t0,
            "tokens_per_s": stats["generated_tokens"] / max(stats["generation"], 1e-9),
            **scheduler.metrics(),
        }
        if done % cfg.log_every == 0 or done == cfg.steps:
            logger.log(done, metrics)
        bar.set_postfix(reward=f"{metrics['reward/mean']:.3f}", acc=f"{metrics['accuracy']:.2f}")
        if (cfg.checkpoint_every and done % cfg.checkpoint_every == 0) or done == cfg.steps:
            save_checkpoint(cfg.output_dir, done, model=model, tokenizer=tokenizer, optimizer=optimizer,
                            lr_scheduler=lr_schedule, keep=cfg.keep_checkpoints,
                            state={"scheduler": scheduler.state_dict(), "config": cfg.to_dict()})
    bar.close()
    logger.close()
    if cfg.plots:
        plot_curves(cfg.output_dir)
    return metrics
