"""One process of the data-parallel equality tests (test_distributed.py).

    WORLD_SIZE=2 RANK=r MASTER_ADDR=127.0.0.1 MASTER_PORT=p python run_ddp_update.py MODEL OUT [ddp|fsdp]

Every process builds the same batch of episodes, takes its share (episode i goes to rank
i % world, as the trainer deals groups) and runs two policy updates through update_policy: one
with the seq_mean loss, one with token_mean (both loss normalisers, and Adam's state across two
steps). Rank 0 saves the statistics and the parameters to OUT.

With "fsdp" the model is sharded with FSDP2 when there are several processes (training/fsdp.py),
and micro-batches are also capped at 40 tokens, so the two ranks have different numbers of them
(rank 0: 2, rank 1: 3) and the padding with idle micro-batches is exercised. The parameters are
gathered whole (every rank takes part) before rank 0 saves them.
"""
import sys
from types import SimpleNamespace

import torch

from procgym.training import fsdp, load_config
from procgym.training.distributed import Dist
from procgym.training.trainer import make_optimizer, update_policy


def episodes(n: int = 6):
    g = torch.Generator().manual_seed(0)
    out = []
    for i in range(n):
        length = 9 + 4 * i
        ids = torch.randint(5, 100, (length,), generator=g).tolist()
        prompt = 4 + i % 3
        out.append(SimpleNamespace(token_ids=ids, loss_mask=[0] * prompt + [1] * (length - prompt),
                                   attention_mask=[1] * length, logprobs=[0.0] * prompt + [-4.5] * (length - prompt),
                                   advantage=(-1.0) ** i * (0.5 + 0.25 * i)))
    return out


def main(model_path: str, out: str, parallelism: str = "ddp") -> None:
    from transformers import AutoModelForCausalLM

    torch.set_num_threads(1)
    dist = Dist.from_env("cpu")
    model = AutoModelForCausalLM.from_pretrained(model_path, dtype=torch.float32)
    base = ["learning_rate=1e-2", "adam_epsilon=1", "micro_batch_size=2", "steps=2", "grad_clip=1.0",
            f"parallelism={parallelism}"] + (["micro_batch_tokens=40"] if parallelism == "fsdp" else [])
    if parallelism == "fsdp" and dist.world > 1:
        fsdp.shard_model(model)
        dist.sharded = True
    cfg = load_config(None, base + ["loss_aggregation=seq_mean"])
    optimizer, schedule = make_optimizer(cfg, model)
    mine = episodes()[dist.rank::dist.world]
    stats = []
    for aggregation in ("seq_mean", "token_mean"):
        cfg = load_config(None, base + [f"loss_aggregation={aggregation}"])
        stats.append(update_policy(cfg, model, optimizer, schedule, mine, pad_id=0, device=torch.device("cpu"),
                                   autocast=lambda: torch.autocast("cpu", enabled=False), recompute_old=True,
                                   dist=dist))
    names = [n for n, _ in model.named_parameters()]
    whole = fsdp.full_model_state(model) if dist.sharded else dict(model.named_parameters())
    if dist.is_main:
        torch.save({"stats": stats, "params": {n: whole[n].detach().clone() for n in names}}, out)
    if dist.world > 1:
        torch.distributed.destroy_process_group()


if __name__ == "__main__":
    main(*sys.argv[1:4])
