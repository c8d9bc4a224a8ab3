"""TRL environments: procgym tasks as `GRPOTrainer(environment_factory=...)` environments.

    from trl import GRPOConfig, GRPOTrainer
    from procgym.training.adapters.trl_env import environment_dataset, environment_factories

    tasks = ["games/tower_of_hanoi", "arithmetic/expression_value"]
    trainer = GRPOTrainer(model="Qwen/Qwen2.5-0.5B-Instruct",
                          environment_factory=environment_factories(tasks),   # {task name: factory}
                          train_dataset=environment_dataset(tasks, levels="1-3", n=2000),
                          args=GRPOConfig(output_dir="out", max_completion_length=2048))
    trainer.train()

What TRL 1.16 does with them (read in trl/trainer/grpo_trainer.py):
- It calls each factory with no arguments and pools the instances; every rollout gets its own
  instance, and `reset(**row)` starts its episode with every dataset column of the row (but
  `environment`, in the dict form). A string returned by reset is appended, as is, to the
  content of the prompt's last message. procgym's rows end with an empty user message, so the
  problem's prompt (the episode's first observation) comes from reset alone.
- Every public function of the environment's class other than reset and get_reward is a tool:
  its schema comes from the signature and the Google-style docstring
  (transformers.utils.get_json_schema). Here the tools are the task's own (`task.tools`:
  `submit_answer(answer)` for a single-answer task), and their schemas match `tool.schema()`.
  A tool's return value is the tool message the model sees next; an exception becomes
  `{"error": ...}` and counts in `tools/failure_frequency`.
- `get_reward()` is called once per finished rollout and logged under the class name
  (`rewards/GamesTowerOfHanoi/mean`): one column per environment class, None (ignored) for
  rollouts of the other classes. It returns the episode's return, as procgym's own trainer scores it: for a
  single-answer task the verifier's reward of the submitted answer, for an interactive one the
  sum of its turns' rewards (1.0 when won); 0.0 when the model never acted.
- With a dict of factories, each row's `environment` column names its environment, and only
  that environment's tools are rendered in its prompt, so one run mixes tasks.

A completion without a tool call ends the rollout, so the environment only sees what the model
does through tools; the default system prompt says so. Needs the `trl` extra.
"""
from __future__ import annotations

import functools
import inspect
import json
import re
from typing import Callable, Literal

from procgym.envs.chat import to_messages
from procgym.envs.task_env import TaskEnv
from procgym.kit.tools import Param, Tool
from procgym.problem import Problem
from procgym.registry import get, select

TOOLS_SYSTEM = ("Act only through the tools: each tool call is one turn (an action, or an answer given with "
                "submit_answer), and its result is what you see next. A reply without a tool call ends the episode.")

_HINTS = {"string": str, "integer": int, "number": float, "boolean": bool}
_RESERVED = {"reset", "get_reward"}  # TRL gives these two names their own meaning


class ProcgymEnvironment:
    """One procgym task as a TRL environment; `environment_class(task)` adds the task's tools.

    Attributes: `task_env` (the procgym TaskEnv playing the episode), `calls` (this episode's
    tool calls: name, arguments, observation, reward) and `episode_return` (the rewards so far).
    """

    task_name = ""  # set on each task's class

    def __init__(self, *, max_turns: int | None = None, feedback: str = "full"):
        self.task_env = TaskEnv(self.task_name, max_turns=max_turns, feedback=feedback)
        self.calls: list[dict] = []
        self.episode_return = 0.0

    def reset(self, **row) -> str | None:
        """Start the episode of a dataset row: its `problem` record (JSON or a dict), else a problem
        generated from its `seed` and `difficulty` (and `answer_style`). Returns the problem's
        prompt for TRL to append to the row's last message: as is after an empty message, after a
        blank line after other text, and None when the message already holds it (rows of
        procgym's grpo_dataset)."""
        problem = row_problem(self.task_name, row)
        observation, _ = self.task_env.reset(options={"problem": problem})
        self.calls, self.episode_return = [], 0.0
        return _prompt_addition(row.get("prompt"), observation)

    def get_reward(self) -> float:
        """The episode's return: the sum of the rewards of its turns (0.0 before any action)."""
        return self.episode_return

    def _act(self, name: str, arguments: dict) -> str:
        """One turn: the tool call goes to the TaskEnv, exactly as a call from any other client."""
        if self.task_env.problem is None:
            raise RuntimeError(f"{type(self).__name__}: call reset() before a tool")
        if self.task_env.done:
            raise ValueError("The episode is over; no more actions can be taken.")
        observation, reward, _, _, _ = self.task_env.step({"name": name, "arguments": arguments})
        self.episode_return += reward
        self.calls.append({"name": name, "arguments": dict(arguments), "observation": observation,
                           "reward": float(reward)})
        return observation


def row_problem(task_name: str, row: dict) -> Problem:
    """The problem a dataset row names for `task_name`: its `problem` record, or one generated from
    its `seed` and `difficulty`. ValueError when the row has neither or is for another task."""
    record = row.get("problem")
    if record is not None:
        if isinstance(record, str):
            try:
                record = json.loads(record)
            except json.JSONDecodeError as exc:
                raise ValueError(f"the row's `problem` column is not valid JSON ({exc})") from None
        if not isinstance(record, (dict, Problem)):
            raise ValueError("the row's `problem` column must hold a problem record (JSON or a dict)")
        problem = record if isinstance(record, Problem) else Problem.from_dict(record)
    elif row.get("seed") is not None and row.get("difficulty") is not None:
        problem = get(task_name).generate(int(row["seed"]), int(row["difficulty"]), row.get("answer_style") or "tag")
    else:
        raise ValueError(f"{task_name}: a row needs a `problem` record, or `seed` and `difficulty` columns (got "
                         f"{sorted(row)}); TRL's dataset-less mode gives every rollout the same empty row, so pass "
                         f"a train_dataset (environment_dataset builds one)")
    named = problem.task if record is not None else row.get("task") or task_name
    if named != task_name:
        raise ValueError(f"the row's problem is for {named!r}, this environment plays {task_name!r}: "
                         f"route rows with an `environment` column and environment_factories()")
    return problem


def _prompt_addition(prompt, observation: str) -> str | None:
    """What reset returns so that the prompt's last message holds the first observation once."""
    last = prompt[-1].get("content") if isinstance(prompt, list) and prompt and isinstance(prompt[-1], dict) \
        else prompt
    if not isinstance(last, str) or not last.strip():
        return observation
    if observation in last:
        return None
    return "\n\n" + observation


# ------------------------------------------------------------------------------------ tools as methods

def type_hint(param: Param):
    """The Python type whose JSON schema (transformers.utils.get_json_schema) is the param's own."""
    if param.type == "array":
        if param.enum:
            raise ValueError(f"parameter {param.name!r}: an enum on an array has no Python type hint")
        return list[_HINTS[param.items]] if param.items in _HINTS else list
    hint = _HINTS[param.type]
    return Literal[tuple(param.enum)] if param.enum else hint


def docstring(tool: Tool) -> str:
    """A Google-style docstring: the tool's description, then `Args:` from its parameters."""
    lines = [tool.description.strip()]
    if tool.params:
        lines += ["", "Args:"] + [f"    {p.name}: {p.description.strip()}" for p in tool.params]
    lines += ["", "Returns:", "    What the environment answers after the action."]
    return "\n".join(lines)


def tool_method(tool: Tool) -> Callable:
    """`tool` as a method whose signature (keyword-only parameters, typed) and docstring give TRL
    the tool's schema. Its body hands the call to the TaskEnv, which checks the arguments: a
    missing, unknown or mistyped argument costs a turn there, as it does for any tool call."""

    def method(self, **arguments):
        return self._act(tool.name, arguments)

    method.__name__ = method.__qualname__ = tool.name
    method.__doc__ = docstring(tool)
    hints = {p.name: type_hint(p) for p in tool.params}
    method.__annotations__ = dict(hints)  # no return hint: get_json_schema would add it to the schema
    method.__signature__ = inspect.Signature(
        [inspect.Parameter("self", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        + [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=hint) for name, hint in hints.items()])
    return method


def class_name(task_name: str) -> str:
    """"games/tower_of_hanoi" -> "GamesTowerOfHanoi" (TRL logs an environment's reward under it)."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[/_]", task_name) if part)


@functools.lru_cache(maxsize=None)
def environment_class(task_name: str) -> type:
    """The environment class of a task: ProcgymEnvironment plus one method per tool of the task.
    The same class for every call, so TRL keeps one reward column per task."""
    task = get(task_name)
    if not task.tools:
        raise ValueError(f"{task.name} declares no tools, so it cannot be played through TRL's tool calls")
    attributes = {"task_env", "calls", "episode_return"}  # set in __init__
    taken = {name for name in dir(ProcgymEnvironment) if not name.startswith("_")} | attributes
    methods = {}
    for tool in task.tools:
        if not tool.name.isidentifier() or tool.name.startswith("_") or tool.name in _RESERVED | taken:
            raise ValueError(f"{task.name}: the tool name {tool.name!r} cannot be a TRL environment method")
        methods[tool.name] = tool_method(tool)
    name = class_name(task.name)
    return type(name, (ProcgymEnvironment,), {
        "__doc__": f"{task.name} as a TRL environment; tools: {', '.join(methods)}.", "__module__": __name__,
        "__qualname__": name, "task_name": task.name, **methods})


def environment_factory(task: str, *, max_turns: int | None = None, feedback: str = "full") -> Callable:
    """A no-argument factory of `task`'s environment, for `GRPOTrainer(environment_factory=...)`.

    `max_turns`: attempts for a single-answer task (default 1), a turn cap for an interactive one;
    `feedback`: what a wrong attempt shows ("none", "binary" or "full"), as for procgym.make.
    """
    cls = environment_class(get(task).name)
    cls(max_turns=max_turns, feedback=feedback)  # bad options fail here, not inside TRL
    return functools.partial(cls, max_turns=max_turns, feedback=feedback)


def environment_factories(tasks="*", *, max_turns: int | None = None,
                          feedback: str = "full") -> dict[str, Callable]:
    """{task name: factory} for `GRPOTrainer(environment_factory=...)`: rows pick theirs through
    the `environment` column (environment_dataset writes it). `tasks`: globs or a list of names."""
    names = select(tasks) if isinstance(tasks, str) else [get(name).name for name in tasks]
    return {name: environment_factory(name, max_turns=max_turns, feedback=feedback) for name in names}


# ------------------------------------------------------------------------------------ datasets

def _as_environment_rows(system: str | None):
    prompt = to_messages([{"role": "user", "content": ""}], system)

    def convert(batch: dict) -> dict:
        return {"prompt": [prompt] * len(batch["task"]), "environment": list(batch["task"])}

    return convert


def environment_dataset(tasks="*", levels="1-10", n: int = 1000, master_seed: int = 0, *,
                        system: str | None = TOOLS_SYSTEM, answer_style: str = "tag", knobs: dict | None = None):
    """A `datasets.Dataset` for environment_factories: procgym's rows (problem record, task,
    difficulty, seed, ...; see procgym.datasets.hf_dataset, same records for the same arguments)
    with `environment` (the task name) and a `prompt` of [system] + an empty user message, which
    reset() fills with the problem's prompt. Levels cycle as in hf_dataset."""
    from procgym.datasets import hf_dataset

    rows = hf_dataset(tasks, levels, n, master_seed, answer_style=answer_style, knobs=knobs)
    return rows.map(_as_environment_rows(system), batched=True)


def environment_iterable_dataset(tasks="*", levels="1-10", master_seed: int = 0, *,
                                 system: str | None = TOOLS_SYSTEM, answer_style: str = "tag",
                                 knobs: dict | None = None, num_shards: int = 1):
    """The endless form of environment_dataset (set GRPOConfig.max_steps); see
    procgym.datasets.hf_iterable_dataset for the sharding."""
    from procgym.datasets import hf_iterable_dataset

    rows = hf_iterable_dataset(tasks, levels, master_seed, answer_style=answer_style, knobs=knobs,
                               num_shards=num_shards)
    return rows.map(_as_environment_rows(system), batched=True)
