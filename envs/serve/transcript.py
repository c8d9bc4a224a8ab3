"""Scripted episodes with the in-process env's answers, to check a server against `TaskEnv` and to
time it: the oracle's actions, as text or as tool calls, mixed with invalid ones, the same for a
given (task, first seed, seed) in any process.

    events = record("games/mastermind", first_seed=7, steps=20, max_turns=12)
    for event in events:     # Event("reset", {"task": ..., "seed": 7, ...}, expected) or Event("step", action, expected)
        ...                  # send event.payload to the server; its answer must equal event.expected

A reset's expected answer is `episodes.reset_result`, a step's `episodes.step_result`. When an
episode ends before `steps` steps, the next one resets with the next seed.
"""
from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from procgym.agents.oracle import OracleAgent
from procgym.extract import extract_answer
from procgym.seeding import stable_seed

from ..task_env import TaskEnv
from .episodes import reset_result, step_result

# Replies no task accepts: no marked action, an empty one, nonsense, a broken call, an unknown tool.
INVALID_REPLIES = ("I am not sure yet.", "<answer></answer>", "<answer>?? !!</answer>",
                   '<tool_call>{"name": "guess", </tool_call>', {"name": "no_such_tool", "arguments": {}})


@dataclass(frozen=True)
class Event:
    kind: str  # "reset" or "step"
    payload: object  # reset: the options with the seed; step: the action (text or a tool-call dict)
    expected: dict
    env_s: float = field(default=0.0, compare=False)  # the in-process env's time for it


def record(task: str, first_seed: int, steps: int, difficulty: int = 2, max_turns: int | None = None,
           invalid_rate: float = 0.3, tool_rate: float = 0.5, seed: int = 0) -> list[Event]:
    """`steps` steps of `task` from problem seed `first_seed` on, with the in-process results."""
    rng = random.Random(stable_seed("serve-transcript", task, first_seed, difficulty, max_turns, seed))
    env = TaskEnv(task, difficulty=difficulty, max_turns=max_turns)
    oracle = OracleAgent()
    options = {"task": task, "difficulty": difficulty, "max_turns": max_turns}
    events, problem_seed, info, history = [], first_seed, None, []
    while sum(e.kind == "step" for e in events) < steps:
        if info is None or env.done:
            problem_seed = first_seed if info is None else problem_seed + 1
            started = time.perf_counter()
            prompt, info = env.reset(seed=problem_seed)
            elapsed = time.perf_counter() - started
            events.append(Event("reset", {**options, "seed": problem_seed}, reset_result(env, prompt, info), elapsed))
            history = [{"role": "user", "content": prompt}]
            continue
        action, text = _action(rng, env, oracle, history, info, invalid_rate, tool_rate)
        started = time.perf_counter()
        outcome = env.step(action)
        elapsed = time.perf_counter() - started
        info = outcome[-1]
        events.append(Event("step", action, step_result(*outcome), elapsed))
        history += [{"role": "assistant", "content": text}, {"role": "user", "content": outcome[0]}]
    return events


def _action(rng, env, oracle, history, info, invalid_rate, tool_rate):
    """(the action, the text it stands for): the oracle replays `history`, where a tool call
    stands as the text action it makes, so it knows the state after calls too."""
    tools = env.task.tools
    if rng.random() < invalid_rate:
        invalid = list(INVALID_REPLIES) + ([{"name": tools[0].name, "arguments": {}}] if tools else [])
        action = invalid[rng.randrange(len(invalid))]
        return action, action if isinstance(action, str) else ""
    text = oracle.act(history, info)
    if tools and rng.random() < tool_rate:
        action = extract_answer(text, env.problem.answer_style)
        for tool in tools:
            arguments = tool.match(action) if action is not None else None
            if arguments is not None:
                return {"name": tool.name, "arguments": arguments}, text
    return text, text
