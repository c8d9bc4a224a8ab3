"""GRPO training on procgym tasks: rollouts, losses, curriculum, checkpoints, the trainer loop.

    from procgym.training import load_config, train
    train(load_config("training/configs/tiny_cpu.toml", ["steps=20"]))

or from the command line: `procgym train --config training/configs/tiny_cpu.toml steps=20`.
Heavy dependencies (torch, transformers) are imported only when used, so `procgym` itself stays
light: `pip install -e '.[train]'` for training.
"""
from .config import ConfigError, TrainConfig, load_config

__all__ = ["ConfigError", "TrainConfig", "load_config", "train"]


def train(cfg: TrainConfig) -> dict:
    """Run the GRPO trainer (see procgym.training.trainer)."""
    from .trainer import train as _train

    return _train(cfg)
