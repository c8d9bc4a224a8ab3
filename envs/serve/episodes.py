"""What the OpenEnv and MCP servers share: a client's episode options read into a `TaskEnv`, its
actions checked against the size cap, and the env's results as JSON. Every bad request raises
`BadRequest`, one sentence naming the problem, which the servers send back instead of crashing.

    env = open_env({"task": "games/mastermind", "difficulty": 3}, served=frozenset(procgym.tasks()))
    prompt, info = env.reset(seed=check_seed(7))
    result = step_result(*env.step(read_action("<answer>RGBY</answer>", None)))
"""
from __future__ import annotations

import json

from procgym.kit.tools import MAX_CALL_CHARS
from procgym.problem import ANSWER_STYLES
from procgym.registry import get, select

from ..task_env import FEEDBACK_LEVELS, TaskEnv
from ..text import MAX_ACTION

EPISODE_OPTIONS = ("task", "difficulty", "max_turns", "feedback", "answer_style", "knobs")
MAX_ACTION_CHARS = MAX_ACTION  # the env's action space holds strings up to this length
MAX_SEED = 2**63 - 1


class BadRequest(ValueError):
    """A request a server refuses; the message is one sentence naming the problem."""


def served_tasks(patterns: str) -> frozenset[str]:
    """The task names a server plays: globs, comma-separated ("games/*,arithmetic/*")."""
    try:
        return frozenset(select(patterns))
    except KeyError as exc:
        raise ValueError(exc.args[0]) from None


def open_env(options: dict, served: frozenset[str]) -> TaskEnv:
    """A TaskEnv for a client's episode options (task, difficulty, max_turns, feedback,
    answer_style, knobs), or BadRequest naming the first thing wrong with them."""
    unknown = sorted(set(options) - set(EPISODE_OPTIONS))
    if unknown:
        raise BadRequest(f"unknown episode option {unknown[0]!r}; the options are seed, {', '.join(EPISODE_OPTIONS)}")
    task = options.get("task")
    if task is None:
        raise BadRequest('an episode needs a task, e.g. {"task": "games/mastermind", "difficulty": 3, "seed": 7}')
    if not isinstance(task, str):
        raise BadRequest(f"task must be a task name, got {task!r}")
    try:
        get(task)
    except KeyError as exc:
        raise BadRequest(exc.args[0]) from None
    if task not in served:
        raise BadRequest(f"task {task!r} is not served here; this server plays {len(served)} task(s), "
                         f"e.g. {', '.join(sorted(served)[:3])}")
    feedback = options.get("feedback", "full")
    if feedback not in FEEDBACK_LEVELS:
        raise BadRequest(f"feedback must be one of {list(FEEDBACK_LEVELS)}, got {feedback!r}")
    answer_style = options.get("answer_style", "tag")
    if answer_style not in ANSWER_STYLES:
        raise BadRequest(f"answer_style must be one of {list(ANSWER_STYLES)}, got {answer_style!r}")
    knobs = options.get("knobs") or {}
    if not isinstance(knobs, dict):
        raise BadRequest(f"knobs must be an object of knob names and values, got {knobs!r}")
    difficulty = options.get("difficulty")
    try:
        return TaskEnv(task, difficulty=3 if difficulty is None else difficulty, max_turns=options.get("max_turns"),
                       feedback=feedback, answer_style=answer_style, **knobs)
    except (ValueError, TypeError) as exc:
        raise BadRequest(str(exc).strip('"')) from None


def check_seed(seed):
    """`seed` if it is None or an integer 0..2**63-1, else BadRequest."""
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
        raise BadRequest(f"seed must be an integer from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def read_action(message, tool_call):
    """The action to hand TaskEnv.step: the text `message` or the `tool_call` object, exactly one
    of them, within the size cap; BadRequest otherwise (a refused request costs no turn)."""
    if (message is None) == (tool_call is None):
        raise BadRequest("an action has exactly one of message (the reply's text, with the answer or action marked "
                         "as the prompt says) and tool_call (one call of the task's tools)")
    if message is not None:
        if not isinstance(message, str):
            raise BadRequest(f"message must be text, got {type(message).__name__}")
        if len(message) > MAX_ACTION_CHARS:
            raise BadRequest(f"the action is {len(message)} characters long; the limit is {MAX_ACTION_CHARS}")
        return message
    if not isinstance(tool_call, dict):
        raise BadRequest(f"tool_call must be an object with a name and arguments, got {type(tool_call).__name__}")
    try:
        size = len(json.dumps(tool_call))
    except (TypeError, ValueError, RecursionError):
        raise BadRequest("tool_call must be plain JSON no deeper than a name and its arguments") from None
    if size > MAX_CALL_CHARS:
        raise BadRequest(f"the tool call is {size} characters of JSON; the limit is {MAX_CALL_CHARS}")
    return tool_call


def reset_result(env: TaskEnv, prompt: str, info: dict) -> dict:
    """A new episode as JSON: the prompt, the task's tools (OpenAI schemas) and the problem
    record (it holds the reference answer: show the model only `text`)."""
    return {"text": prompt, "task": env.task.name, "turn": 0, "max_turns": env.max_turns,
            "tools": env.tool_schemas(), "problem": info["problem"]}


def step_result(observation: str, reward: float, terminated: bool, truncated: bool, info: dict) -> dict:
    """One TaskEnv.step result as JSON."""
    return {"text": observation, "reward": float(reward), "terminated": bool(terminated),
            "truncated": bool(truncated), "done": bool(terminated or truncated), "turn": info["turn"],
            "verdict": info["verdict"]}
