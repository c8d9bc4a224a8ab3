"""procgym as an OpenEnv environment server: FastAPI over HTTP and WebSocket, built with OpenEnv's
own `HTTPEnvServer`, one `TaskEnv` per WebSocket session, task, level and seed chosen at reset.

    app = create_app(tasks="*", max_sessions=256)      # run it: procgym serve, or listen.py's helpers
    # a client (OpenEnv's EnvClient, see openenv_client.py) sends over /ws:
    #   reset {"task": "games/mastermind", "difficulty": 3, "seed": 7, "max_turns": 12}
    #   step  {"message": "<answer>RGBY</answer>"}  or  {"tool_call": {"name": "guess", "arguments": {...}}}

Sessions are OpenEnv's: each WebSocket connection gets its own environment (resets run on its
own worker thread, steps on the event loop), and closing or dropping the connection frees it. `SUPPORTS_CONCURRENT_SESSIONS` is set,
which OpenEnv requires before it serves more than one session (TRL's GRPO groups open several).
A bad request (an unknown task, a level out of range, a step before reset, an action over the size
cap) gets OpenEnv's error frame with one sentence naming the problem and costs no turn; the
session and the server go on. OpenEnv's HTTP /reset and /step are stateless (a fresh env per
request): episodes need the WebSocket.
"""
from __future__ import annotations

import functools
import json
from typing import Any, Optional

from fastapi import FastAPI, Request, WebSocketDisconnect
from fastapi.responses import JSONResponse
from pydantic import Field, ValidationError

import procgym

from ._lean_import import gradio_blocked

with gradio_blocked():
    from openenv.core.env_server.http_server import HTTPEnvServer
    from openenv.core.env_server.interfaces import Environment
    from openenv.core.env_server.types import Action, EnvironmentMetadata, Observation, State

from .episodes import BadRequest, check_seed, open_env, read_action, reset_result, served_tasks, step_result

DEFAULT_MAX_SESSIONS = 256


class ProcgymAction(Action):
    """One turn: the model's reply as text, or one call of the task's tools."""

    message: Optional[str] = Field(default=None, description="the reply's text, with the answer or action marked as "
                                                             "the prompt says (<answer>...</answer> by default)")
    tool_call: Optional[dict[str, Any]] = Field(default=None, description='one tool call, {"name": ..., "arguments": '
                                                                          '{...}}, of the tools the reset listed')

    @classmethod
    def model_validate(cls, obj, *args, **kwargs):
        # OpenEnv's client shows a ValidationError only as "Invalid message": name the field instead.
        try:
            return super().model_validate(obj, *args, **kwargs)
        except ValidationError as exc:
            raise BadRequest(_first_error(exc)) from None


class ProcgymObservation(Observation):
    """What the env answers: `text` is the prompt after reset and the env's reply after a step.
    The reset observation also lists the task's tools and carries the problem record (it holds the
    reference answer: show the model only `text`)."""

    text: str = Field(description="the prompt (reset) or the env's reply to the action (step)")
    task: str = Field(description="the task's name")
    turn: int = Field(default=0, description="turns taken in this episode")
    terminated: bool = Field(default=False, description="the episode ended by its own rules (solved, or out of "
                                                        "attempts or budget)")
    truncated: bool = Field(default=False, description="the episode hit the env's turn cap")
    verdict: Optional[dict[str, Any]] = Field(default=None, description="the last verdict: reward, correct, feedback")
    max_turns: Optional[int] = Field(default=None, description="attempts or turn cap (reset only)")
    tools: list[dict[str, Any]] = Field(default_factory=list, description="the task's tools as OpenAI function "
                                                                          "schemas (reset only)")
    problem: Optional[dict[str, Any]] = Field(default=None, description="the problem record (reset only)")


class ProcgymState(State):
    """The session's episode: which task, level and seed, and how far it is."""

    task: Optional[str] = None
    difficulty: Optional[int] = None
    seed: Optional[int] = None
    done: bool = False


class ProcgymEnvironment(Environment):
    """One session's env: reset(task=..., difficulty=..., seed=..., max_turns=..., feedback=...,
    answer_style=..., knobs=...) opens a TaskEnv; step(ProcgymAction) steps it."""

    SUPPORTS_CONCURRENT_SESSIONS = True  # each session owns its TaskEnv; nothing is shared

    def __init__(self, served: frozenset[str]):
        super().__init__()
        self.served = served
        self.env = None
        self._state = ProcgymState()

    def reset(self, seed: Optional[int] = None, episode_id: Optional[str] = None, **options) -> ProcgymObservation:
        if episode_id is not None and not isinstance(episode_id, str):
            raise BadRequest(f"episode_id must be a string, got {episode_id!r}")
        env = open_env(options, self.served)
        prompt, info = env.reset(seed=check_seed(seed))
        self.env = env
        self._state = ProcgymState(episode_id=episode_id, step_count=0, task=env.task.name,
                                   difficulty=env.difficulty, seed=env.problem.seed)
        result = reset_result(env, prompt, info)
        return ProcgymObservation(done=False, reward=None, **result)

    def step(self, action: ProcgymAction, timeout_s: Optional[float] = None, **kwargs) -> ProcgymObservation:
        if self.env is None:
            raise BadRequest('step before reset: reset first with a task, e.g. {"task": "games/mastermind", "seed": 7}')
        if self.env.done:
            raise BadRequest("the episode is over: reset to start another")
        if not isinstance(action, ProcgymAction):
            raise BadRequest(f"the action must be a ProcgymAction, got {type(action).__name__}")
        result = step_result(*self.env.step(read_action(action.message, action.tool_call)))
        self._state.step_count += 1
        self._state.done = result["done"]
        return ProcgymObservation(task=self.env.task.name, **result)

    async def step_async(self, action: ProcgymAction, timeout_s: Optional[float] = None, **kwargs) -> ProcgymObservation:
        # OpenEnv runs a sync step on the session's worker thread; a step is a bounded verify or
        # move of tens of microseconds, less than the thread hand-off, so it runs on the event
        # loop instead (bench/serve.py). Reset, which generates a problem, keeps the worker thread.
        return self.step(action, timeout_s, **kwargs)

    @property
    def state(self) -> ProcgymState:
        return self._state

    def get_metadata(self) -> EnvironmentMetadata:
        return EnvironmentMetadata(name="procgym", version=procgym.__version__,
                                   description=f"procedural reasoning tasks with exact verifiers ({len(self.served)} "
                                               f"tasks served); reset with task, difficulty and seed")


def create_app(tasks: str = "*", max_sessions: int = DEFAULT_MAX_SESSIONS) -> FastAPI:
    """The OpenEnv server app for the tasks matching `tasks` (globs, comma-separated), at most
    `max_sessions` WebSocket sessions at once. `app.state.openenv` is OpenEnv's HTTPEnvServer;
    GET /sessions reports the open sessions."""
    if not isinstance(max_sessions, int) or max_sessions < 1:
        raise ValueError(f"max_sessions must be a positive integer, got {max_sessions!r}")
    served = served_tasks(tasks)
    server = HTTPEnvServer(functools.partial(ProcgymEnvironment, served=served), ProcgymAction, ProcgymObservation,
                           max_concurrent_envs=max_sessions)
    app = FastAPI(title="procgym OpenEnv server", version=procgym.__version__,
                  description="procgym tasks as OpenEnv environments: reset over the WebSocket /ws with a task, "
                              "a difficulty and a seed, then step with text or tool calls.")
    server.register_routes(app)
    app.add_exception_handler(BadRequest, _bad_request)
    app.add_middleware(WebSocketGuard)
    app.state.openenv = server

    @app.get("/sessions", tags=["Health"], summary="Open WebSocket sessions")
    async def sessions() -> dict:
        return {"active": server.active_sessions, "max": server.max_concurrent_envs}

    return app


class WebSocketGuard:
    """ASGI middleware for the WebSocket. A frame OpenEnv would end the session on (binary, JSON
    that is not an object, or JSON nested too deeply to parse) gets an error frame naming the
    problem instead, and the session goes on. And a socket the client closed first ends quietly:
    OpenEnv 0.3.0 closes it again after freeing the session and lets the WebSocketDisconnect
    escape, which uvicorn would log as an application error for every client that says goodbye."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)

        async def guarded_receive():
            while True:
                message = await receive()
                problem = _frame_problem(message) if message["type"] == "websocket.receive" else None
                if problem is None:
                    return message
                await send({"type": "websocket.send", "text": json.dumps(
                    {"type": "error", "data": {"message": problem, "code": "INVALID_JSON"}})})

        try:
            await self.app(scope, guarded_receive, send)
        except WebSocketDisconnect:
            pass


def _frame_problem(message: dict) -> str | None:
    """Why OpenEnv cannot take this received frame, or None to hand it on (invalid JSON too:
    OpenEnv names that itself)."""
    text = message.get("text")
    if text is None:
        return "frames must be text: one JSON object such as {\"type\": \"step\", \"data\": {...}}"
    try:
        value = json.loads(text)
    except RecursionError:
        return "the frame is nested too deeply to read"
    except ValueError:
        return None
    if not isinstance(value, dict):
        return f"a frame must be a JSON object such as {{\"type\": \"step\", \"data\": {{...}}}}, got {type(value).__name__}"
    return None


async def _bad_request(request: Request, exc: BadRequest) -> JSONResponse:
    return JSONResponse(status_code=400, content={"detail": str(exc)})


def _first_error(exc: ValidationError) -> str:
    error = exc.errors()[0]
    where = ".".join(str(part) for part in error.get("loc", ())) or "the action"
    if error.get("type") == "extra_forbidden":
        return f"unknown action field {where!r}; an action has message or tool_call"
    return f"action field {where!r}: {error.get('msg', 'is invalid')}"
