"""Data-parallel training across processes: each rank plays its share of the groups and the
gradients are summed across ranks once per optimizer step.

    dist = Dist.from_env()            # WORLD_SIZE/RANK/LOCAL_RANK, as `accelerate launch` and
                                      # `torchrun` set them; one process: a no-op
    totals = dist.all_sum([tokens, sequences])
    everything = dist.gather_objects(my_group_summaries)   # a list, one entry per rank
    dist.all_reduce_grads(params)     # sum every gradient over ranks (one flat buffer per dtype)

    accelerate launch --num_processes 2 -m procgym.cli train --config run.toml
    torchrun --nproc_per_node 2 -m procgym.cli train --config run.toml

How the trainer uses it (training/trainer.py): every rank samples the same (task, level) list from
its identically seeded curriculum scheduler and plays the groups i with i % world == rank; group
summaries (rewards, lengths) are gathered so every rank decides the same kept groups, computes
the same advantages and feeds its scheduler the same results; the loss normalisers (trained
sequences and tokens) are global sums, so each rank's loss is its exact share of the batch loss
and the summed gradients equal those of one process on the whole batch. Rank 0 writes the logs
and the checkpoints. This is DDP's arithmetic without the DDP wrapper (gradients are reduced
after the backward passes rather than overlapped with them), which keeps the number of micro-
batches free to differ between ranks; the process group is nccl on GPUs and gloo on CPUs.

With parallelism = "fsdp" the model is sharded instead (training/fsdp.py; `dist.sharded` is then
True): FSDP reduces the gradients itself, so all_reduce_grads is not called, and ranks run equal
numbers of micro-batches. Everything above about groups, advantages and normalisers is unchanged.

Rollout shares (rollout_shares): with vLLM tensor parallelism, each group of
vllm_tensor_parallel_size consecutive ranks drives one engine sharded across their GPUs, and vLLM
needs every rank of such a group to make the same calls with the same prompts. So a TP group plays
its groups together, every rank alike (same prompts, same seeds, same environment steps: the same
episodes), and each rank trains its own part of them: the same union of prompts and the same
per-rank slices as TRL's colocate mode, which gathers the prompts of a TP group and slices the
completions back, while multi-turn episodes stay in step across the group by construction.
"""
from __future__ import annotations

import os


class Dist:
    """The process group of a data-parallel run (world 1: every method is the identity)."""

    def __init__(self, rank: int = 0, world: int = 1, local_rank: int = 0):
        self.rank, self.world, self.local_rank = rank, world, local_rank
        self.sharded = False  # True once the model is sharded with FSDP (training/fsdp.py)

    @property
    def is_main(self) -> bool:
        return self.rank == 0

    @classmethod
    def from_env(cls, device_type: str = "cpu") -> "Dist":
        """The process group the launcher describes in the environment; initialised here if needed."""
        world = int(os.environ.get("WORLD_SIZE", "1"))
        if world <= 1:
            return cls()
        import torch.distributed as td

        if not td.is_initialized():
            td.init_process_group(backend="nccl" if device_type == "cuda" else "gloo")
        return cls(td.get_rank(), td.get_world_size(), int(os.environ.get("LOCAL_RANK", td.get_rank())))

    def all_sum(self, values: list[float]) -> list[float]:
        """Element-wise sums over ranks (float64 on the CPU, so counts stay exact)."""
        if self.world == 1:
            return [float(v) for v in values]
        import torch
        import torch.distributed as td

        t = torch.tensor([float(v) for v in values], dtype=torch.float64)
        td.all_reduce(t, group=self._cpu_group())
        return t.tolist()

    def gather_objects(self, obj) -> list:
        """[obj of rank 0, obj of rank 1, ...] on every rank (picklable objects)."""
        if self.world == 1:
            return [obj]
        import torch.distributed as td

        out = [None] * self.world
        td.all_gather_object(out, obj, group=self._cpu_group())
        return out

    def barrier(self) -> None:
        if self.world > 1:
            import torch.distributed as td

            td.barrier(group=self._cpu_group())

    def _cpu_group(self):
        """A gloo group for Python objects and small tensors (nccl needs them on the GPU)."""
        import torch.distributed as td

        if td.get_backend() == "gloo":
            return None
        if not hasattr(self, "_gloo"):
            self._gloo = td.new_group(backend="gloo")
        return self._gloo

    def all_reduce_grads(self, parameters) -> None:
        """Sum the gradients of `parameters` over ranks. A parameter that has a gradient on some
        rank but not on this one contributes zeros here; one with no gradient anywhere stays
        None (so the optimizer skips it exactly as a single process would)."""
        if self.world == 1:
            return
        import torch
        import torch.distributed as td
        from torch._utils import _flatten_dense_tensors, _unflatten_dense_tensors

        params = [p for p in parameters if p.requires_grad]
        has = torch.tensor([p.grad is not None for p in params], dtype=torch.uint8,
                           device=params[0].device if params else "cpu")
        td.all_reduce(has, op=td.ReduceOp.MAX)
        for p, flag in zip(params, has.tolist()):
            if flag and p.grad is None:
                p.grad = torch.zeros_like(p)
        by_dtype: dict = {}
        for p in params:
            if p.grad is not None:
                by_dtype.setdefault(p.grad.dtype, []).append(p.grad)
        for grads in by_dtype.values():
            flat = _flatten_dense_tensors(grads)
            td.all_reduce(flat)
            for g, reduced in zip(grads, _unflatten_dense_tensors(flat, grads)):
                g.copy_(reduced)


SINGLE = Dist()


def tp_groups(world: int, tp: int) -> list[list[int]]:
    """The ranks of each vLLM tensor-parallel group: consecutive blocks of `tp`, as TRL and vLLM's
    external launcher form them.

    >>> tp_groups(4, 2)
    [[0, 1], [2, 3]]
    """
    if tp < 1 or world % tp:
        raise ValueError(f"vllm_tensor_parallel_size ({tp}) must divide the number of processes ({world})")
    return [list(range(start, start + tp)) for start in range(0, world, tp)]


def rollout_shares(n: int, rank: int, world: int, tp: int = 1) -> tuple[list[int], list[int]]:
    """(played, trained): which of the n items of a round this rank plays, and which of those it
    trains (and reports). The world // tp samplers deal the items round-robin; every rank of a
    sampler's TP group plays all of its items, and the k-th of them is trained by the group's
    rank k % tp. The trained lists of all ranks partition range(n); with tp 1 a rank plays and
    trains the items i with i % world == rank.

    >>> rollout_shares(6, rank=1, world=4, tp=2)
    ([0, 2, 4], [2])
    """
    tp_groups(world, tp)  # checks that tp divides world
    samplers = world // tp
    played = list(range(rank // tp, n, samplers))
    return played, played[rank % tp::tp]

