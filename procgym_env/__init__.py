"""The verifiers environment `procgym-env`: verifiers imports this module by the taskset id
(`vf-eval procgym-env`) and takes the classes it exports. They live in
procgym.training.adapters.verifiers (docs/integrations/verifiers.md)."""
from procgym.training.adapters.verifiers import (
    ProcgymChatHarness,
    ProcgymChatHarnessConfig,
    ProcgymData,
    ProcgymEnv,
    ProcgymEnvConfig,
    ProcgymTask,
    ProcgymTaskset,
    ProcgymTasksetConfig,
    load_environment,
)

__all__ = ["ProcgymChatHarness", "ProcgymChatHarnessConfig", "ProcgymData", "ProcgymEnv", "ProcgymEnvConfig",
           "ProcgymTask", "ProcgymTaskset", "ProcgymTasksetConfig", "load_environment"]
