"""Fully sharded data parallel training (PyTorch FSDP2, `fully_shard`) for parallelism = "fsdp".

    model = load_policy(...)                           # full weights, on this rank's device
    shard_model(model, dist, compute_dtype=torch.bfloat16)   # each transformer block, then the root
    optimizer = make_optimizer(cfg, model)             # AdamW over the fp32 shards (the master weights)
    with unsharded(model):                             # whole weights for sampling with model.generate
        gather_batch(...)
    model_state, optim_state = full_model_state(model), full_optimizer_state(model, optimizer)  # every rank

Each transformer block (the classes a Hugging Face model lists in `_no_split_modules`, as accelerate
wraps them) is one FSDP unit and the root (embeddings, final norm, LM head; a tied head shares the
embedding's unit) is another. Parameters live as fp32 shards, so AdamW updates fp32 master weights;
with `compute_dtype` (bf16 on a GPU when the run autocasts) a MixedPrecisionPolicy all-gathers them
as bf16 for the forward and backward passes and reduces gradients in fp32. Gradients are summed
over ranks, not averaged (gradient divide factor 1): the trainer's loss normalisers are global
(training/distributed.py), so each rank's loss is already its exact share of the batch loss, as
with "ddp".

Every forward and backward pass is now a collective (a block's weights are all-gathered before it
runs), so all ranks must run the same number of them: update_policy pads a rank's micro-batches
with empty ones (no trained token, zero loss) up to the busiest rank's count. The trainer scores
tokens through the body and the head separately (grpo.token_logprobs), not through the model's
forward, so that path is registered as an FSDP forward method: the root's weights are gathered
for it and its gradients reduced after the backward pass.

Sampling needs whole weights. With the transformers backend, generation runs on the FSDP module
itself inside `unsharded(model)`: every unit is all-gathered once (one collective, the same on all
ranks) and stays gathered until the block ends, so `model.generate` runs with no communication at
all and ranks may take different numbers of decoding steps and turns; the weights are resharded
afterwards, freeing the memory for the update. Running generate on sharded weights instead would
all-gather every block at every decoding step and deadlock as soon as two ranks' episodes end at
different lengths. A gathered copy for a separate sampler would hold the same memory for the
whole run, not just during sampling. With vLLM each engine holds its own weights; sync_weights
gathers one full tensor at a time (DTensor.full_tensor, every rank in the same order) and streams
it into the engine (backends.weights_for_sync).

Checkpoints stay in the single-process format: the model's full state dict is gathered (to rank
0's CPU) and saved with save_pretrained, the optimizer's full state is gathered and written as a
plain `optimizer.state_dict()` (parameters numbered in model.parameters() order), so a run can
resume under either parallelism and a checkpoint loads like any other. On resume every rank loads
the full model before sharding it and sets its shard of the optimizer state from the full one.
"""
from __future__ import annotations

import contextlib

SCORE_METHOD = "procgym_score_tokens"
"""The name under which grpo's scoring pass is registered as an FSDP forward method of a model."""


def is_sharded(model) -> bool:
    from torch.distributed.fsdp import FSDPModule

    return isinstance(model, FSDPModule)


def transformer_blocks(model) -> list:
    """The modules that become one FSDP unit each: instances of the classes the model lists in
    `_no_split_modules` (its decoder layers), else the decoder's `layers`."""
    names = set(getattr(model, "_no_split_modules", None) or ())
    blocks = [m for m in model.modules() if type(m).__name__ in names]
    if blocks:
        return blocks
    layers = getattr(model.get_decoder(), "layers", None)
    if layers is None:
        raise ValueError(f"cannot find the transformer blocks of {type(model).__name__} to shard "
                         "(no _no_split_modules and no decoder.layers)")
    return list(layers)


def shard_model(model, compute_dtype=None):
    """Shard `model` in place with fully_shard (each transformer block, then the root) and return it.

    compute_dtype: None computes in the parameters' dtype; torch.bfloat16 all-gathers bf16 copies
    for compute and reduces gradients in fp32 (the shards stay in their own dtype). Gradients are
    summed over ranks. Call after the model is on its device and before the optimizer is built."""
    import torch
    from torch.distributed.fsdp import MixedPrecisionPolicy, fully_shard, register_fsdp_forward_method

    policy = MixedPrecisionPolicy(param_dtype=compute_dtype, reduce_dtype=torch.float32) if compute_dtype else \
        MixedPrecisionPolicy()
    for block in transformer_blocks(model):
        fully_shard(block, mp_policy=policy)
    fully_shard(model, mp_policy=policy)
    for unit in _units(model):  # a plain sum over ranks (each rank's loss is already its share); forcing
        unit.set_gradient_divide_factor(1.0)  # sum-type collectives avoids PREMUL_SUM, which gloo lacks
        unit.set_force_sum_reduction_for_comms(True)
    from . import grpo

    setattr(model, SCORE_METHOD, grpo.score_tokens.__get__(model))
    register_fsdp_forward_method(model, SCORE_METHOD)
    return model


def _units(model) -> list:
    from torch.distributed.fsdp import FSDPModule

    return [m for m in model.modules() if isinstance(m, FSDPModule)]


@contextlib.contextmanager
def unsharded(model):
    """Within the block every FSDP unit of `model` holds its whole weights and forward passes
    communicate nothing (a collective on entry and on exit: call it on every rank alike). A model
    that is not sharded passes through unchanged."""
    if not is_sharded(model):
        yield model
        return
    units = _units(model)
    model.set_reshard_after_forward(False)  # recursive: no unit frees its weights after a forward
    for unit in units:
        unit.unshard()
    try:
        yield model
    finally:
        for unit in units:
            unit.reshard()
        for unit in units:  # the defaults again: blocks reshard after forward, the root keeps its weights
            unit.set_reshard_after_forward(unit is not model, recurse=False)


def reshard(model) -> None:
    """Free every unit's gathered weights (the root keeps its own after a forward pass that no
    backward pass followed, e.g. the no-grad scoring of old log-probs)."""
    for unit in _units(model):
        unit.reshard()


def _options(**kw):
    from torch.distributed.checkpoint.state_dict import StateDictOptions

    return StateDictOptions(full_state_dict=True, **kw)


def full_model_state(model) -> dict:
    """The model's whole state dict on rank 0's CPU ({} on the other ranks). Every rank must call it."""
    from torch.distributed.checkpoint.state_dict import get_model_state_dict

    return get_model_state_dict(model, options=_options(cpu_offload=True))


def _parameter_names(model) -> list[str]:
    """Names of the trainable parameters in the order the optimizer numbers them (make_optimizer)."""
    return [name for name, p in model.named_parameters() if p.requires_grad]


def full_optimizer_state(model, optimizer) -> dict:
    """The optimizer's whole state on rank 0's CPU as a plain `optimizer.state_dict()` ({} on the
    other ranks). Every rank must call it."""
    from torch.distributed.checkpoint.state_dict import get_optimizer_state_dict

    by_name = get_optimizer_state_dict(model, optimizer, options=_options(cpu_offload=True))
    if not by_name:
        return {}
    index = {name: i for i, name in enumerate(_parameter_names(model))}
    return {"state": {index[name]: value for name, value in by_name["state"].items()},
            "param_groups": [{**group, "params": [index[name] for name in group["params"]]}
                             for group in by_name["param_groups"]]}


def load_optimizer_state(model, optimizer, plain: dict) -> None:
    """Set this rank's shard of the optimizer state from a whole plain `optimizer.state_dict()`
    (as full_optimizer_state writes it, or as a single process saves it)."""
    from torch.distributed.checkpoint.state_dict import set_optimizer_state_dict

    names = _parameter_names(model)
    by_name = {"state": {names[i]: value for i, value in plain["state"].items()},
               "param_groups": [{**group, "params": [names[i] for i in group["params"]]}
                                for group in plain["param_groups"]]}
    set_optimizer_state_dict(model, optimizer, by_name, options=_options())


def full_tensor(tensor):
    """The whole tensor of a sharded parameter (a collective for a DTensor), else the tensor itself."""
    return tensor.full_tensor() if hasattr(tensor, "full_tensor") else tensor
