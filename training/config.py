"""The trainer's configuration: one dataclass, loaded from TOML or YAML, overridable from the CLI.

    cfg = load_config("training/configs/tiny_cpu.toml", ["steps=20", "learning_rate=3e-4"])
    cfg = TrainConfig(model="tiny", steps=3).validated()

A config file is flat `key = value` pairs; tables (`[loss]`, `[model]`) may group them for
readability and are flattened (their names are ignored), so every key is a field name below. A
command-line override is `key=value` and may also be written `section.key=value`. Every value is
checked: an unknown key, a wrong type or an out-of-range value raises ConfigError naming the field
and the bad value.
"""
from __future__ import annotations

import dataclasses
import difflib
import json
import os
import typing
from dataclasses import dataclass, field


class ConfigError(ValueError):
    """A bad configuration value; the message names the field and the value."""


@dataclass
class TrainConfig:
    """Every knob of the GRPO trainer. Defaults suit a small real model on one GPU; see
    training/configs/tiny_cpu.toml for a setting that trains the tiny model on a CPU in seconds."""

    # --- model and backend -------------------------------------------------------------------
    model: str = "tiny"
    """A local folder or hub name loaded with AutoModelForCausalLM/AutoTokenizer, or "tiny": build
    a tiny Llama-style model and character tokenizer from scratch into <output_dir>/tiny_model."""
    tiny_hidden: int = 64
    """Hidden size of the tiny model (model="tiny" only)."""
    tiny_layers: int = 2
    """Layers of the tiny model (model="tiny" only)."""
    backend: str = "transformers"
    """Sampler: "transformers" (model.generate on the training model, CPU or GPU) or "vllm"
    (in-process vllm.LLM on a GPU; weights pushed after each optimizer step)."""
    device: str = "auto"
    """"auto" (cuda if available, else cpu), "cpu", "cuda" or "cuda:N"."""
    model_dtype: str = "auto"
    """The dtype the model is loaded in (every from_pretrained gets it explicitly; transformers 5
    would otherwise load a bf16 checkpoint as bf16): "float32", "bfloat16", "float16" or "auto".
    "auto" is float32 for full fine-tuning, so AdamW updates fp32 master weights (an update of
    lr 1e-6 is far below bf16's resolution and would mostly round away), and for LoRA the frozen
    base in bfloat16 on a GPU (float32 on a CPU), the adapters staying in float32. Compute still
    runs in bf16 on a GPU through autocast (`bf16`)."""
    bf16: bool = True
    """bf16 autocast for the forward passes (training, old/reference log-probs and sampling); applies
    on GPU only (CPU computes in the model's dtype)."""
    fp32_lm_head: bool = False
    """Compute the LM head and the log-softmax in float32 even under bf16 autocast, in training and
    in sampling (smaller sampler/trainer log-prob mismatch; costs one fp32 copy of the head)."""
    logprob_chunk_tokens: int = 0
    """Token positions per chunk of the LM head when scoring: log-probs are computed only at model
    tokens, a chunk at a time, and the backward pass recomputes each chunk, so memory holds at most
    (chunk x vocabulary) logits. 0: automatic (about 16M logits per chunk on CPU, 64M on GPU)."""
    cpu_threads: int = 0
    """torch intra-op threads (0: torch's default). On a small or shared CPU, 1 avoids thread
    oversubscription, which can make a tiny model's steps many times slower."""
    vllm_gpu_memory_utilization: float = 0.3
    """Fraction of GPU memory vLLM may take (the trainer needs the rest)."""
    vllm_tensor_parallel_size: int = 1
    """With several processes (colocated vLLM: one engine per rank, as TRL's vllm_mode="colocate"):
    ranks per vLLM tensor-parallel group; each group of this many consecutive ranks shares one
    engine sharded across their GPUs (distributed_executor_backend="external_launcher"), plays the
    same episodes and trains its own part of them. Must divide the number of processes."""
    vllm_enable_sleep_mode: bool = False
    """Put the vLLM engine to sleep (level 1: weights offloaded to CPU memory, KV cache freed) for
    the optimizer step, and wake it (weights, then new weights pushed and the prefix cache reset,
    then the KV cache) before the next generation."""
    parallelism: str = "ddp"
    """How several processes (accelerate launch / torchrun) train: "ddp" (a full replica per rank,
    gradients summed over ranks) or "fsdp" (PyTorch FSDP2 fully_shard of each transformer block
    and the root: parameters, gradients and optimizer state sharded over ranks, fp32 master
    shards, bf16 compute on a GPU when bf16 is on; training/fsdp.py). One process: no difference."""

    # --- tasks -------------------------------------------------------------------------------
    tasks: list = field(default_factory=lambda: ["arithmetic/*"])
    """Task name globs, e.g. ["graphs/*", "arithmetic/expression_value"]; a string may list them
    comma-separated."""
    difficulty: typing.Union[int, str] = 1
    """A fixed level 1-20 (3), several ("1-3" or "1,5,20", sampled uniformly), or "curriculum":
    the scheduler picks levels (the uniform scheduler: uniformly over each task's levels). A level
    past a task's highest (10 for the few tasks that cap there) is played at its highest."""
    scheduler: str = "uniform"
    """Curriculum scheduler that picks (task, level) for each prompt (training/curriculum.py):
    "uniform", "bandit" (TD(0) on mean |advantage|, Boltzmann sampling) or "ucb" (windowed mean
    |advantage| plus an exploration bonus)."""
    curriculum_arms: str = "task"
    """Bandit arms: "category", "task" or "task_level" ((task, level) pairs; no ladder)."""
    curriculum_alpha: float = 0.5
    """Bandit: TD(0) learning rate of the arm values, in (0, 1]."""
    curriculum_tau: float = 0.1
    """Bandit: Boltzmann temperature (> 0); lower is greedier."""
    curriculum_ucb_c: float = 0.5
    """UCB: weight of the exploration bonus c * sqrt(ln N / n_arm)."""
    curriculum_window: int = 20
    """UCB: an arm's value is its mean |advantage| over its last `window` groups."""
    curriculum_weights: list = field(default_factory=list)
    """Prior arm weights as "glob=weight" (matched against arm, task or category; 0 disables)."""
    curriculum_exclude: list = field(default_factory=list)
    """Globs of tasks, categories or "task@level" that the curriculum never samples."""
    ladder_start: int = 1
    """Difficulty ladder (bandits with difficulty "curriculum" and category or task arms): start level."""
    calibration: str = ""
    """A calibration file written by `procgym calibrate`: each calibrated task's ladder starts at the
    level the model solved about half of (instead of ladder_start)."""
    ladder_low: float = 0.3
    """Ladder: below this windowed success rate the level moves down."""
    ladder_high: float = 0.7
    """Ladder: above this windowed success rate the level moves up."""
    ladder_window: int = 32
    """Ladder: episodes per window of a task's success rate."""
    ladder_patience: int = 2
    """Ladder: consecutive windows outside the band before the level moves (hysteresis)."""
    knobs: list = field(default_factory=list)
    """Knob overrides as "name=value" (e.g. ["operand_max=5"]; values are JSON where they parse,
    else strings), applied to every selected task that declares the knob; a knob that no selected
    task declares is an error."""
    max_turns: int = 1
    """Turns per episode: attempts for single-answer tasks, an action cap for interactive ones."""
    feedback: str = "full"
    """What a wrong attempt shows the model: "none", "binary" or "full" (the verifier's sentence)."""
    answer_style: str = "tag"
    """How responses mark the final answer or action: "tag" (<answer>..</answer>), "boxed" or
    "raw" (the whole response is the answer)."""
    system_prompt: str = ""
    """A system message before each problem ("" for none)."""

    # --- batch shape -------------------------------------------------------------------------
    steps: int = 200
    """Training steps; each samples a batch of groups and makes epochs_per_batch optimizer steps."""
    prompts_per_step: int = 16
    """Groups per step (distinct problems)."""
    group_size: int = 8
    """G: completions (episodes) sampled per problem; advantages compare within a group."""
    micro_batch_size: int = 8
    """At most this many episodes per forward/backward pass; gradients accumulate over the batch's
    micro-batches."""
    micro_batch_tokens: int = 16384
    """At most this many padded tokens (episodes x longest episode) per forward/backward pass
    (0: no token limit). Episodes are sorted by length before they are packed, so micro-batches
    hold episodes of similar length and little padding; an episode longer than the budget goes
    alone."""
    epochs_per_batch: int = 1
    """Optimizer passes over each rollout batch (GRPO's mu); clipping matters when > 1."""
    steps_per_generation: int = 1
    """Optimizer steps per rollout batch: the batch's episodes are split into this many parts
    (in order, groups kept together where the split allows) and each part is one optimizer step,
    all against the old log-probs fixed before the first (TRL's steps_per_generation). The
    total number of optimizer steps is steps * steps_per_generation * epochs_per_batch."""

    # --- optimisation ------------------------------------------------------------------------
    learning_rate: float = 1e-6
    """Peak AdamW learning rate."""
    weight_decay: float = 0.0
    adam_beta1: float = 0.9
    adam_beta2: float = 0.99
    adam_epsilon: float = 1e-8
    """AdamW's epsilon. Raising it (1e-6 to 1e-5) on a tiny model stops Adam from blowing up the
    near-zero, noisy policy gradients of parameters that barely matter into full-size steps."""
    warmup_steps: int = 0
    """Optimizer steps of linear warmup from 0 to learning_rate."""
    lr_schedule: str = "constant"
    """After warmup: "constant" or "cosine" (down to min_lr_ratio * learning_rate at the end)."""
    min_lr_ratio: float = 0.0
    grad_clip: float = 1.0
    """Clip the global gradient norm to this (0 disables clipping)."""
    gradient_checkpointing: bool = False
    """Recompute activations in the backward pass: less memory, about a third more compute."""

    # --- generation --------------------------------------------------------------------------
    max_prompt_tokens: int = 1024
    """Longest first prompt; a longer one ends its episode at once (truncated, nothing trained)."""
    max_completion_tokens: int = 512
    """Longest model turn (max_new_tokens)."""
    max_episode_tokens: int = 4096
    """Token budget of a whole episode (prompt, turns, observations); when it runs out the
    episode ends, flagged truncated."""
    temperature: float = 1.0
    """Sampling temperature (> 0); training log-probs use the same temperature."""
    top_p: float = 1.0
    """Nucleus sampling. Below 1 the sampler's log-probs are of the truncated distribution, so
    pair it with old_logprobs="recompute"."""
    top_k: int = 0
    """Sample only from the k most likely tokens (0: off). Truncates the sampling distribution, so
    old log-probs are then recomputed by the trainer."""
    min_p: float = 0.0
    """Drop tokens whose probability is below min_p times the top token's (0: off); forces recompute."""
    repetition_penalty: float = 1.0
    """CTRL-style repetition penalty (1: off); changes the sampling distribution, forces recompute."""
    stop_strings: list = field(default_factory=list)
    """Strings that end a model turn (as well as the end-of-turn token). The turn keeps the tokens
    up to the one that completes the string; its finish reason is "stop"."""
    chat_template_kwargs: list = field(default_factory=list)
    """Extra arguments of the chat template as "name=value" (values are JSON where they parse), e.g.
    ["enable_thinking=false"] for Qwen3."""
    strip_reasoning: bool = False
    """Remove reasoning (everything up to the last reasoning_markers[1], or from an unclosed
    reasoning_markers[0] on) from a model turn before its answer is extracted and scored. The
    trained tokens are always the sampled ones."""
    reasoning_markers: list = field(default_factory=lambda: ["<think>", "</think>"])
    """The opening and closing reasoning markers of the model's template."""
    history_reasoning: str = "keep"
    """What later turns of a multi-turn episode see of earlier turns' reasoning: "keep" (the tokens
    as sampled) or "drop" (each earlier turn cut to what follows its last closing marker, as
    Qwen3's template renders history; each turn then trains on the context it was sampled from)."""
    old_logprobs: str = "sampler"
    """Old-policy log-probs for the ratio: "sampler" (as generated) or "recompute" (a no-grad
    forward pass of the policy before the update, as TRL does). Recompute is forced when the
    sampler's distribution is not the trainer's: top_p < 1, top_k, min_p, repetition penalty, a
    backend whose log-probs are not temperature-scaled, or importance_sampling."""

    # --- rewards -------------------------------------------------------------------------------
    reward_weight: float = 1.0
    """Weight of the episode's return from the environment (the verifier's reward)."""
    format_weight: float = 0.0
    """Weight of the format reward: 1 when every model turn marks an answer as answer_style asks
    (after strip_reasoning), else 0."""
    overlong_buffer: int = 0
    """DAPO's soft overlong penalty (0: off): a turn longer than max_completion_tokens -
    overlong_buffer tokens is penalised linearly, reaching -1 at max_completion_tokens; an
    episode takes the penalty of its longest turn, times overlong_weight."""
    overlong_weight: float = 1.0
    """Weight of the soft overlong penalty."""

    # --- loss ----------------------------------------------------------------------------------
    advantage_scaling: str = "group"
    """A = r - mean(group), divided by the group's std ("group", GRPO), the batch's std ("batch")
    or nothing ("none", Dr. GRPO)."""
    loss_aggregation: str = "seq_mean"
    """"seq_mean" (mean over tokens, then sequences: original GRPO), "token_mean" (over all
    tokens of the batch: DAPO) or "constant" (token sum / (sequences * loss_constant): Dr. GRPO)."""
    loss_constant: int = 0
    """The constant normaliser for loss_aggregation="constant"; 0 means max_completion_tokens."""
    epsilon_low: float = 0.2
    """Lower clip: the ratio is clipped at 1 - epsilon_low."""
    epsilon_high: float = 0.2
    """Upper clip: 1 + epsilon_high (DAPO's clip-higher uses 0.28)."""
    ratio_level: str = "token"
    """The PPO ratio: "token" (GRPO) or "sequence" (GSPO: exp of the mean token log-ratio of the
    sequence, one ratio and one clip decision per sequence; use small epsilons, e.g. 3e-4/4e-4)."""
    importance_sampling: str = "off"
    """Correction for the sampler/trainer mismatch (as TRL's vLLM correction): the loss of each
    token is weighted by rho = exp(trainer old log-prob - sampler log-prob), "token_truncate"
    (rho clipped to [importance_sampling_min, importance_sampling_cap], truncated IS),
    "token_mask" (tokens with rho outside the bounds get weight 0), "sequence_truncate" or
    "sequence_mask" (one rho per sequence: exp of the summed token differences); "off". Forces
    the old log-probs to be recomputed."""
    importance_sampling_cap: float = 3.0
    """Upper bound of the importance weight."""
    importance_sampling_min: float = 0.0
    """Lower bound of the importance weight (0: none)."""
    kl_beta: float = 0.0
    """Weight of the k3 KL estimate to a frozen reference (the initial model); 0 loads none."""
    drop_zero_variance: bool = False
    """Drop groups whose rewards are all equal (zero advantage: no signal) and refill the batch
    with groups from extra prompts (DAPO's dynamic sampling)."""
    max_refill_rounds: int = 2
    """Extra generation rounds to refill dropped groups; after them the step trains on what it has."""
    mask_truncated: bool = False
    """Leave truncated episodes (a turn cut by max_completion_tokens, or the episode budget run out)
    out of the loss (DAPO's overlong filtering); they still count in the group's advantages."""

    # --- LoRA (needs peft) ---------------------------------------------------------------------
    lora_r: int = 0
    """LoRA rank; 0 trains all weights."""
    lora_alpha: int = 32
    lora_dropout: float = 0.0
    lora_target_modules: list = field(default_factory=lambda: ["q_proj", "k_proj", "v_proj", "o_proj"])

    # --- checkpoints, logging, seed ------------------------------------------------------------
    output_dir: str = "out/grpo"
    """Run folder: metrics.jsonl, checkpoints/, tensorboard/, plots/."""
    checkpoint_every: int = 50
    """Save every N steps (0: only at the end)."""
    keep_checkpoints: int = 2
    """Keep the newest K checkpoints."""
    resume: bool = True
    """Continue from the newest complete checkpoint in output_dir, if there is one."""
    log_every: int = 1
    """Write metrics every N steps."""
    tensorboard: bool = True
    """Also log to TensorBoard (if the tensorboard package is installed)."""
    plots: bool = True
    """Write PNG plots of the main curves at the end (if matplotlib is installed)."""
    progress: bool = True
    """Show a tqdm progress bar."""
    log_completions_every: int = 0
    """Every N steps append the step's sampled completions (prompt tail, completion, reward) to
    <output_dir>/completions.jsonl, and to a W&B table when wandb is on (0: never)."""
    wandb: bool = False
    """Also log to Weights & Biases (needs the wandb package; WANDB_MODE=offline works)."""
    wandb_project: str = "procgym"
    """The W&B project."""
    seed: int = 0
    """Seeds problems, sampling and initialisation: the same seed replays the same run."""

    # --- evaluation during training -------------------------------------------------------------
    eval_every: int = 0
    """Evaluate every N steps, and before the first step and after the last (0: never)."""
    eval_suite: str = ""
    """A leaderboard suite ("quick-v1" or a suite JSON path) to evaluate on; "" uses eval_tasks."""
    eval_tasks: list = field(default_factory=list)
    """Task globs of the evaluation set (default: the training tasks)."""
    eval_levels: str = ""
    """Levels of the evaluation set ("1-3", "1,5"; default: the training levels, 1-10 for a curriculum)."""
    eval_problems: int = 20
    """Problems per (task, level) of the evaluation set; seeds come from the range reserved for
    evaluation (procgym.seeding.eval_seed), which training never draws from."""
    eval_temperature: float = 0.0
    """Sampling temperature of evaluation; 0 decodes greedily (reproducible for given weights)."""

    # --- self-play on multiplayer games (training/selfplay.py) ---------------------------------
    selfplay_games: list = field(default_factory=list)
    """Multiplayer games (procgym.games() names or globs, e.g. ["kuhn_poker"]) to train on by
    self-play: every seat of each match is played by the current policy, in the same batch. Each
    step plays prompts_per_step deals (game, level from `difficulty`, match seed) x group_size
    matches; `knobs` apply to the games that declare them. Empty: GRPO on `tasks` (which still
    feed eval_every's held-out set when set)."""
    selfplay_advantage: str = "rae"
    """"rae" (SPIRAL's role-conditioned advantages: return minus a moving-average baseline per
    (game, seat), the baseline as it stood before the batch), "group" (GRPO's group advantages per
    (deal, seat) over its group_size matches, scaled by advantage_scaling) or "none" (the return)."""
    rae_decay: float = 0.95
    """RAE: b <- rae_decay * b + (1 - rae_decay) * mean(returns of the seat in the batch)."""
    selfplay_max_invalid: int = 3
    """A seat's refused moves that forfeit its match (payoff -stake, the others share +stake);
    0: never forfeit."""
    selfplay_max_turns: int = 32
    """Model turns (valid and refused moves) a seat may take in one match; past them the match
    ends as a draw (payoff 0 for every seat, truncated)."""
    selfplay_eval_every: int = 0
    """Play the built-in opponents every N steps, and before the first step and after the last
    (0: never): win, draw and loss rates, return and invalid-move rate with the model in each seat."""
    selfplay_eval_games: int = 50
    """Evaluation matches per (game, opponent, seat), seeds from the reserved evaluation range."""
    selfplay_eval_opponents: list = field(default_factory=lambda: ["random"])
    """Built-in policies to evaluate against (each selected game must have them: game.policies)."""

    # ------------------------------------------------------------------------------------------
    @property
    def levels(self) -> list[int] | None:
        """The fixed levels to train on, or None when difficulty is "curriculum"."""
        if self.difficulty == "curriculum":
            return None
        from procgym.datasets import parse_levels

        return parse_levels(str(self.difficulty))

    @property
    def knob_overrides(self) -> dict:
        """{"operand_max": 5, ...} from the "name=value" strings of `knobs`."""
        return _pairs(self.knobs)

    @property
    def template_kwargs(self) -> dict:
        """{"enable_thinking": False, ...} from the "name=value" strings of chat_template_kwargs."""
        return _pairs(self.chat_template_kwargs)

    @property
    def dropped_reasoning_markers(self) -> list[str] | None:
        """The reasoning markers when earlier turns' reasoning is dropped from history, else None."""
        return list(self.reasoning_markers) if self.history_reasoning == "drop" else None

    @property
    def sampling_is_truncated(self) -> bool:
        """True when the sampler draws from a distribution other than softmax(logits / T)."""
        return self.top_p < 1.0 or self.top_k > 0 or self.min_p > 0.0 or self.repetition_penalty != 1.0

    @property
    def batch_episodes(self) -> int:
        return self.prompts_per_step * self.group_size

    def to_dict(self) -> dict:
        return dataclasses.asdict(self)

    def validated(self) -> "TrainConfig":
        """Check every value; returns self or raises ConfigError naming the field and value."""
        validate(self)
        return self


def _pairs(pairs) -> dict:
    """{"name": value} from "name=value" strings; values are JSON where they parse, else strings."""
    out = {}
    for pair in pairs:
        name, _, value = pair.partition("=")
        try:
            out[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[name.strip()] = value.strip()
    return out


FIELDS = {f.name: f for f in dataclasses.fields(TrainConfig)}
CHOICES = {
    "backend": ("transformers", "vllm"),
    "lr_schedule": ("constant", "cosine"),
    "advantage_scaling": ("group", "batch", "none"),
    "loss_aggregation": ("seq_mean", "token_mean", "constant"),
    "old_logprobs": ("sampler", "recompute"),
    "feedback": ("none", "binary", "full"),
    "answer_style": ("tag", "boxed", "raw"),
    "curriculum_arms": ("category", "task", "task_level"),
    "model_dtype": ("auto", "float32", "bfloat16", "float16"),
    "ratio_level": ("token", "sequence"),
    "importance_sampling": ("off", "token_truncate", "token_mask", "sequence_truncate", "sequence_mask"),
    "parallelism": ("ddp", "fsdp"),
    "history_reasoning": ("keep", "drop"),
    "selfplay_advantage": ("rae", "group", "none"),
}
# (minimum, maximum or None) of numeric fields.
RANGES = {
    "tiny_hidden": (8, None), "tiny_layers": (1, None), "cpu_threads": (0, None), "max_turns": (1, None),
    "steps": (0, None), "prompts_per_step": (1, None), "group_size": (2, None), "micro_batch_size": (1, None),
    "epochs_per_batch": (1, None), "learning_rate": (0.0, None), "weight_decay": (0.0, None),
    "adam_beta1": (0.0, 1.0), "adam_beta2": (0.0, 1.0), "adam_epsilon": (0.0, None), "warmup_steps": (0, None), "min_lr_ratio": (0.0, 1.0),
    "grad_clip": (0.0, None), "max_prompt_tokens": (1, None), "max_completion_tokens": (1, None),
    "max_episode_tokens": (2, None), "top_p": (1e-9, 1.0), "loss_constant": (0, None),
    "epsilon_low": (0.0, 1.0), "epsilon_high": (0.0, None), "kl_beta": (0.0, None), "max_refill_rounds": (0, None),
    "lora_r": (0, None), "lora_alpha": (1, None), "lora_dropout": (0.0, 1.0), "checkpoint_every": (0, None),
    "keep_checkpoints": (1, None), "log_every": (1, None), "vllm_gpu_memory_utilization": (0.01, 1.0),
    "curriculum_alpha": (1e-9, 1.0), "curriculum_tau": (1e-9, None), "curriculum_ucb_c": (0.0, None),
    "curriculum_window": (1, None), "ladder_start": (1, 20), "ladder_low": (0.0, 1.0), "ladder_high": (0.0, 1.0),
    "ladder_window": (1, None), "ladder_patience": (1, None),
    "micro_batch_tokens": (0, None), "logprob_chunk_tokens": (0, None), "steps_per_generation": (1, None),
    "top_k": (0, None), "min_p": (0.0, 1.0), "repetition_penalty": (1e-9, None), "format_weight": (0.0, None),
    "overlong_buffer": (0, None), "overlong_weight": (0.0, None), "importance_sampling_cap": (1.0, None),
    "importance_sampling_min": (0.0, 1.0), "eval_every": (0, None), "eval_problems": (1, None),
    "eval_temperature": (0.0, None), "log_completions_every": (0, None), "vllm_tensor_parallel_size": (1, None),
    "rae_decay": (0.0, 1.0), "selfplay_max_invalid": (0, None), "selfplay_max_turns": (1, None),
    "selfplay_eval_every": (0, None), "selfplay_eval_games": (1, None),
}


def _type_of(name: str):
    return typing.get_type_hints(TrainConfig)[name]


def _coerce(name: str, value, from_text: bool):
    """Turn a file value (typed) or a CLI string (from_text) into the field's type, or raise."""
    kind = _type_of(name)
    bad = lambda what: ConfigError(f"{name} must be {what}, got {value!r}")  # noqa: E731
    if kind is bool:
        if isinstance(value, bool):
            return value
        if from_text and str(value).lower() in ("true", "1", "yes", "on", "false", "0", "no", "off"):
            return str(value).lower() in ("true", "1", "yes", "on")
        raise bad("true or false")
    if kind is int:
        if isinstance(value, bool):
            raise bad("an integer")
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if from_text:
            try:
                return int(str(value).replace("_", ""))
            except ValueError:
                pass
        raise bad("an integer")
    if kind is float:
        if isinstance(value, bool):
            raise bad("a number")
        if isinstance(value, (int, float)):
            return float(value)
        if from_text:
            try:
                return float(value)
            except ValueError:
                pass
        raise bad("a number")
    if kind is list:
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("["):
                try:
                    value = json.loads(text)
                except json.JSONDecodeError:
                    raise bad("a list (JSON or comma-separated)") from None
            else:
                value = [part.strip() for part in text.split(",") if part.strip()]
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            return list(value)
        raise bad("a list of strings")
    if name == "difficulty":
        if isinstance(value, bool):
            raise bad('a level 1-20, levels like "1-3" or "1,5", or "curriculum"')
        if isinstance(value, str) and value.strip().isdigit():
            return int(value)
        if isinstance(value, (int, str)):
            return value.strip() if isinstance(value, str) else value
        raise bad('a level 1-20, levels like "1-3" or "1,5", or "curriculum"')
    if kind is str:
        if isinstance(value, str):
            return value
        raise bad("a string")
    raise ConfigError(f"{name}: unsupported field type {kind}")  # a bug in this file, not in the config


# Names people reach for from other trainers.
ALIASES = {"lr": "learning_rate", "G": "group_size", "num_generations": "group_size", "beta": "kl_beta",
           "epsilon": "epsilon_low", "max_new_tokens": "max_completion_tokens", "batch_size": "prompts_per_step",
           "model_name_or_path": "model", "num_iterations": "epochs_per_batch", "max_grad_norm": "grad_clip"}


def _check_key(name: str) -> None:
    if name not in FIELDS:
        close = ([ALIASES[name]] if name in ALIASES else []) + difflib.get_close_matches(name, list(FIELDS), n=3,
                                                                                          cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise ConfigError(f"unknown config key {name!r}{hint}")


def validate(cfg: TrainConfig) -> None:
    """Raise ConfigError for the first bad value (type, choice, range or combination)."""
    for name in FIELDS:
        value = getattr(cfg, name)
        setattr(cfg, name, _coerce(name, value, from_text=False))
    for name, options in CHOICES.items():
        if getattr(cfg, name) not in options:
            raise ConfigError(f"{name} must be one of {list(options)}, got {getattr(cfg, name)!r}")
    for name, (lo, hi) in RANGES.items():
        value = getattr(cfg, name)
        if value < lo or (hi is not None and value > hi):
            span = f">= {lo}" if hi is None else f"between {lo} and {hi}"
            raise ConfigError(f"{name} must be {span}, got {value!r}")
    if not cfg.temperature > 0:
        raise ConfigError(f"temperature must be > 0 (GRPO needs sampled groups), got {cfg.temperature!r}")
    if not cfg.model:
        raise ConfigError("model must be a folder, a hub name or \"tiny\", got ''")
    if not cfg.tasks:
        raise ConfigError("tasks must name at least one task glob, got []")
    for key in ("knobs", "chat_template_kwargs"):
        for pair in getattr(cfg, key):
            name, sep, _ = pair.partition("=")
            if not sep or not name.strip():
                raise ConfigError(f"{key} must be name=value pairs, got {pair!r}")
    if len(cfg.reasoning_markers) != 2 or not all(cfg.reasoning_markers):
        raise ConfigError(f"reasoning_markers must be [opening, closing], got {cfg.reasoning_markers!r}")
    if any(not s for s in cfg.stop_strings):
        raise ConfigError(f"stop_strings must not contain an empty string, got {cfg.stop_strings!r}")
    if cfg.overlong_buffer > cfg.max_completion_tokens:
        raise ConfigError(f"overlong_buffer must be at most max_completion_tokens ({cfg.max_completion_tokens}), "
                          f"got {cfg.overlong_buffer!r}")
    if cfg.calibration and not os.path.isfile(cfg.calibration):
        raise ConfigError(f"calibration must be a calibration file (procgym calibrate --out), got {cfg.calibration!r}: "
                          "no such file")
    if cfg.eval_levels:
        from procgym.datasets import parse_levels

        try:
            parse_levels(cfg.eval_levels)
        except ValueError:
            raise ConfigError(f'eval_levels must be levels like "1-3" or "1,5", got {cfg.eval_levels!r}') from None
    if cfg.difficulty != "curriculum":
        try:
            cfg.levels
        except ValueError:
            raise ConfigError(f'difficulty must be a level 1-20, levels like "1-3" or "1,5", or "curriculum", '
                              f"got {cfg.difficulty!r}") from None
    from .curriculum import SCHEDULERS, parse_weights

    if cfg.scheduler not in SCHEDULERS:
        raise ConfigError(f"scheduler must be one of {sorted(SCHEDULERS)}, got {cfg.scheduler!r}")
    if not cfg.ladder_low < cfg.ladder_high:
        raise ConfigError(f"ladder_low must be below ladder_high ({cfg.ladder_high!r}), got {cfg.ladder_low!r}")
    try:
        parse_weights(cfg.curriculum_weights)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if cfg.max_episode_tokens <= cfg.max_prompt_tokens:
        raise ConfigError(f"max_episode_tokens must exceed max_prompt_tokens ({cfg.max_prompt_tokens}), "
                          f"got {cfg.max_episode_tokens!r}")
    if cfg.device not in ("auto", "cpu", "cuda") and not (cfg.device.startswith("cuda:")
                                                          and cfg.device[5:].isdigit()):
        raise ConfigError(f"device must be auto, cpu, cuda or cuda:N, got {cfg.device!r}")
    if cfg.backend == "vllm" and cfg.device == "cpu":
        raise ConfigError("backend 'vllm' needs a GPU; use backend=transformers with device=cpu")
    for name in ("vllm_tensor_parallel_size", "vllm_enable_sleep_mode"):
        if cfg.backend != "vllm" and getattr(cfg, name) != FIELDS[name].default:
            raise ConfigError(f"{name}={getattr(cfg, name)!r} needs backend='vllm', got backend={cfg.backend!r}")
    if cfg.selfplay_games:
        from .selfplay import validate_selfplay

        validate_selfplay(cfg)
    if cfg.parallelism == "fsdp" and cfg.lora_r > 0:
        raise ConfigError(f"parallelism='fsdp' does not shard LoRA models (lora_r={cfg.lora_r}); "
                          "use parallelism='ddp' (the adapters are small) or lora_r=0")
    if cfg.lora_r > 0:
        import importlib.util

        if importlib.util.find_spec("peft") is None:
            raise ConfigError(f"lora_r={cfg.lora_r} needs the peft package (pip install peft), or set lora_r=0")
        if not cfg.lora_target_modules:
            raise ConfigError("lora_target_modules must name at least one module, got []")


def _flatten(table: dict, where: str = "") -> dict:
    """{"loss": {"kl_beta": 0.1}, "steps": 3} -> {"kl_beta": 0.1, "steps": 3}."""
    flat = {}
    for key, value in table.items():
        if isinstance(value, dict):
            for inner, v in _flatten(value, f"{where}{key}.").items():
                if inner in flat:
                    raise ConfigError(f"config key {inner!r} is set twice (in {where}{key})")
                flat[inner] = v
        else:
            if key in flat:
                raise ConfigError(f"config key {key!r} is set twice")
            flat[key] = value
    return flat


def read_config_file(path: str | os.PathLike) -> dict:
    """The flattened key/value pairs of a .toml, .yaml or .yml file."""
    path = str(path)
    if not os.path.exists(path):
        raise FileNotFoundError(f"config file not found: {path}")
    if path.endswith(".toml"):
        import tomllib

        with open(path, "rb") as f:
            try:
                data = tomllib.load(f)
            except tomllib.TOMLDecodeError as exc:
                raise ConfigError(f"{path}: not valid TOML ({exc})") from None
    elif path.endswith((".yaml", ".yml")):
        try:
            import yaml
        except ImportError:
            raise ConfigError(f"{path}: reading YAML needs pyyaml (pip install pyyaml); or use TOML") from None
        with open(path, encoding="utf-8") as f:
            try:
                data = yaml.safe_load(f) or {}
            except yaml.YAMLError as exc:
                raise ConfigError(f"{path}: not valid YAML ({exc})") from None
        if not isinstance(data, dict):
            raise ConfigError(f"{path}: the top level must be a mapping of keys to values")
    else:
        raise ConfigError(f"config file must end in .toml, .yaml or .yml, got {path!r}")
    return _flatten(data)


def parse_override(text: str) -> tuple[str, str]:
    """"group_size=8" -> ("group_size", "8"); "loss.kl_beta=0.1" -> ("kl_beta", "0.1")."""
    key, sep, value = text.partition("=")
    key = key.strip().rsplit(".", 1)[-1]
    if not sep or not key:
        raise ConfigError(f"an override must look like key=value, got {text!r}")
    _check_key(key)
    return key, value.strip()


def load_config(path: str | os.PathLike | None = None, overrides=(), **kwargs) -> TrainConfig:
    """A validated TrainConfig: defaults, then the file's values, then `key=value` overrides,
    then keyword arguments (for scripts and tests)."""
    values = {}
    if path is not None:
        for key, value in read_config_file(path).items():
            _check_key(key)
            values[key] = _coerce(key, value, from_text=False)
    for text in overrides:
        key, value = parse_override(text)
        values[key] = _coerce(key, value, from_text=True)
    for key, value in kwargs.items():
        _check_key(key)
        values[key] = value
    return TrainConfig(**values).validated()


def config_from_dict(values: dict) -> TrainConfig:
    """The inverse of TrainConfig.to_dict (keys unknown to this version are an error)."""
    for key in values:
        _check_key(key)
    return TrainConfig(**values).validated()
