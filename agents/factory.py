"""Build an agent by kind name, as `procgym eval --agent KIND` does."""
from __future__ import annotations

KINDS = ("oracle", "random", "transformers", "vllm", "openai")
MODEL_KINDS = ("transformers", "vllm", "openai")


def make_agent(kind: str, model: str | None = None, **options):
    """`make_agent("openai", model="gpt-4o-mini", base_url=..., concurrency=8)`.

    Options a kind does not take are an error, so a typo never silently changes a run.
    """
    if kind not in KINDS:
        raise ValueError(f"unknown agent {kind!r}; choose one of {', '.join(KINDS)}")
    if kind in MODEL_KINDS and not model:
        raise ValueError(f"the {kind} agent needs --model (a local folder or a hub name)")
    if kind not in MODEL_KINDS and model:
        raise ValueError(f"the {kind} agent takes no model, got {model!r}")
    if kind == "oracle":
        from .oracle import OracleAgent

        _no_options(kind, options)
        return OracleAgent()
    if kind == "random":
        from .random_agent import RandomAgent

        seed = options.pop("seed", 0)
        _no_options(kind, options)
        return RandomAgent(seed=seed)
    if kind == "transformers":
        try:
            from .transformers_agent import TransformersAgent
        except ImportError as exc:
            raise ValueError(f"the transformers agent needs the train extra ({exc.name} is missing): "
                             "pip install -e '.[train]'") from None
        return TransformersAgent(model, **options)
    if kind == "vllm":
        try:
            import vllm  # noqa: F401
        except ImportError:
            raise ValueError("the vllm agent needs the vllm extra: pip install -e '.[vllm]' (GPU only)") from None
        from .vllm_agent import VLLMAgent

        return VLLMAgent(model, **options)
    from .openai_agent import OpenAIChatAgent

    return OpenAIChatAgent(model, **options)


def _no_options(kind: str, options: dict) -> None:
    if options:
        raise ValueError(f"the {kind} agent takes no options {sorted(options)}")


def agent_settings(agent) -> dict:
    """The settings that shape an agent's answers, for result files."""
    if hasattr(agent, "settings"):
        return agent.settings()
    return {"seed": agent.seed} if hasattr(agent, "seed") else {}
