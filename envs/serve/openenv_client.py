"""OpenEnv's client for the procgym server: an `EnvClient` over the WebSocket, async by default,
`.sync()` for plain code.

    async with ProcgymEnvClient(base_url="http://127.0.0.1:8000") as env:
        result = await env.reset(task="games/mastermind", difficulty=3, seed=7, max_turns=12)
        print(result.observation.text, [t["function"]["name"] for t in result.observation.tools])
        result = await env.step("<answer>RGBY</answer>")                 # text
        result = await env.step({"name": "guess", "arguments": {"code": "RGBY"}})   # a tool call
        print(result.observation.text, result.reward, result.done)
"""
from __future__ import annotations

from typing import Any

from ._lean_import import gradio_blocked

with gradio_blocked():
    from openenv.core.client_types import StepResult
    from openenv.core.env_client import EnvClient

from .openenv_server import ProcgymAction, ProcgymObservation, ProcgymState


class ProcgymEnvClient(EnvClient[ProcgymAction, ProcgymObservation, ProcgymState]):
    """step() takes a ProcgymAction, a string (the reply's text) or a dict (one tool call)."""

    def _step_payload(self, action) -> dict[str, Any]:
        if isinstance(action, str):
            return {"message": action}
        if isinstance(action, ProcgymAction):
            return action.model_dump(exclude_none=True, exclude={"metadata"} if not action.metadata else set())
        if isinstance(action, dict):
            return {"tool_call": action}
        raise TypeError(f"an action is a ProcgymAction, a string or a tool-call dict, got {type(action).__name__}")

    def _parse_result(self, payload: dict[str, Any]) -> StepResult[ProcgymObservation]:
        observation = ProcgymObservation(**payload.get("observation", {}), reward=payload.get("reward"),
                                         done=payload.get("done", False))
        return StepResult(observation=observation, reward=payload.get("reward"), done=payload.get("done", False))

    def _parse_state(self, payload: dict[str, Any]) -> ProcgymState:
        return ProcgymState(**payload)
