"""A minimal supervised warm start: teach the answer format before RL.

    problems = [procgym.generate("arithmetic/expression_value", seed=s, difficulty=1) for s in range(512)]
    losses = sft_warm_start(model, tokenizer, sft_examples(problems), epochs=2, lr=1e-3)

Each example is the chat-template prompt plus the reference answer as the assistant turn; the
loss covers only the answer tokens and the end-of-turn token that closes them (so the model also
learns to stop), never the prompt. The token layout is exactly the rollout's (ChatRenderer), so
what SFT teaches is what GRPO samples from.
"""
from __future__ import annotations

import random
from typing import Iterable, Sequence

from .rollout import ChatRenderer


def sft_examples(problems: Iterable) -> list[tuple[str, str]]:
    """(prompt, response) pairs from Problem records, the answer marked as each problem asks."""
    from procgym.agents.oracle import mark
    from procgym.problem import Problem

    pairs = []
    for p in problems:
        p = p if isinstance(p, Problem) else Problem.from_dict(p)
        pairs.append((p.prompt, mark(p.answer, p.answer_style)))
    return pairs


def encode_example(renderer: ChatRenderer, prompt: str, response: str) -> tuple[list[int], list[int]]:
    """(token ids, loss mask): prompt tokens masked out, response plus end-of-turn trained."""
    prompt_ids = renderer.first_prompt(prompt)
    response_ids = renderer.encode(response) + [renderer.eot_id]
    return prompt_ids + response_ids, [0] * len(prompt_ids) + [1] * len(response_ids)


def sft_warm_start(model, tokenizer, examples: Sequence[tuple[str, str]], *, epochs: int = 1, lr: float = 1e-3,
                   batch_size: int = 8, max_tokens: int = 2048, system_prompt: str = "", seed: int = 0,
                   weight_decay: float = 0.0, warmup_steps: int = 0, lr_schedule: str = "constant",
                   progress: bool = False) -> list[float]:
    """Fine-tune `model` in place on (prompt, response) pairs; returns the loss of each batch.

    Mean cross-entropy over the trained tokens of a batch; AdamW with `warmup_steps` of linear
    warmup, then a "constant" or "cosine" (to 0 at the last batch) learning rate; examples longer
    than `max_tokens` are skipped. Shuffling is seeded.
    """
    renderer = ChatRenderer(tokenizer, system_prompt)
    cache = {}  # datasets of easy tasks repeat prompts: encode each distinct pair once
    encoded = [cache[pair] if pair in cache else cache.setdefault(pair, encode_example(renderer, *pair))
               for pair in map(tuple, examples)]
    pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else tokenizer.eos_token_id
    return sft_on_sequences(model, encoded, pad_id, epochs=epochs, lr=lr, batch_size=batch_size,
                            max_tokens=max_tokens, seed=seed, weight_decay=weight_decay, warmup_steps=warmup_steps,
                            lr_schedule=lr_schedule, progress=progress)


def sft_on_sequences(model, sequences: Sequence[tuple[list[int], list[int]]], pad_id: int, *, epochs: int = 1,
                     lr: float = 1e-3, batch_size: int = 8, max_tokens: int = 2048, seed: int = 0,
                     weight_decay: float = 0.0, warmup_steps: int = 0, lr_schedule: str = "constant",
                     progress: bool = False) -> list[float]:
    """sft_warm_start's loop on sequences already encoded as (token ids, loss mask) pairs, e.g.
    multi-turn demonstrations laid out as rollouts are (training/selfplay.py `demonstrations`):
    the loss covers the tokens whose mask is 1. Returns the loss of each batch.

        losses = sft_on_sequences(model, [(ids, mask), ...], tokenizer.pad_token_id, lr=3e-3)
    """
    import torch
    from tqdm import tqdm

    from .grpo import lr_factor

    encoded = [e for e in sequences if len(e[0]) <= max_tokens]
    if not encoded:
        raise ValueError("no example fits in max_tokens")
    device = next(model.parameters()).device
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=lr,
                                  weight_decay=weight_decay)
    rng = random.Random(seed)
    losses = []
    model.train()
    steps = epochs * ((len(encoded) + batch_size - 1) // batch_size)
    schedule = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda s: lr_factor(s, warmup_steps, steps, lr_schedule))
    with tqdm(total=steps, disable=not progress, desc="sft") as bar:
        for _ in range(epochs):
            order = list(range(len(encoded)))
            rng.shuffle(order)
            for start in range(0, len(order), batch_size):
                chunk = [encoded[i] for i in order[start:start + batch_size]]
                width = max(len(ids) for ids, _ in chunk)
                input_ids = torch.full((len(chunk), width), pad_id, dtype=torch.long)
                attention = torch.zeros((len(chunk), width), dtype=torch.long)
                labels = torch.full((len(chunk), width), -100, dtype=torch.long)  # -100: ignored by the loss
                for row, (ids, mask) in enumerate(chunk):
                    input_ids[row, :len(ids)] = torch.tensor(ids)
                    attention[row, :len(ids)] = 1
                    labels[row, :len(ids)] = torch.tensor([t if m else -100 for t, m in zip(ids, mask)])
                out = model(input_ids=input_ids.to(device), attention_mask=attention.to(device),
                            labels=labels.to(device), use_cache=False)
                optimizer.zero_grad(set_to_none=True)
                out.loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
                optimizer.step()
                schedule.step()
                losses.append(out.loss.item())
                bar.update()
                bar.set_postfix(loss=f"{losses[-1]:.3f}")
    return losses
