"""verifiers integration: procgym tasks as a verifiers v1 environment (taskset, task, env).

verifiers 0.4 (the stack prime-rl trains with) finds an environment by its taskset id: `vf-eval
procgym-env` imports the installed module `procgym_env` and takes the `Taskset`, `Env` and
`Harness` subclasses it exports through `__all__`. That module (a top-level package of this
repository) re-exports the classes defined here, so after `pip install -e '.[verifiers]'`:

    vf-eval procgym-env --env.taskset.tasks "arithmetic/*,games/mastermind" -n 20 -m MODEL \\
        --client.base-url http://localhost:8000/v1 --client.api-key-var OPENAI_API_KEY --no-push

or from Python:

    from procgym.training.adapters.verifiers import load_environment
    env = load_environment(tasks="arithmetic/*", difficulty=3, num_examples=100, seed=0)

The pieces, each thin; dynamics and verdicts stay in procgym:

- `ProcgymTaskset` yields `num_examples` seeded problems (`procgym.datasets.record`: the i-th
  problem of (tasks, levels, seed), the same records `procgym generate` writes); each task's
  data carries the problem record.
- `ProcgymTask` scores a finished trace with one reward, `procgym`: for a single-answer task,
  `procgym.verify(problem record, the final reply)` (1.0 or 0.0, or a task's documented partial
  credit); for an interactive task, the episode's return (the sum of its step rewards).
- `ProcgymEnv` plays each episode. A single-answer task is one model turn (verifiers'
  SingleAgentEnv would do the same, and the reward needs only the record, so these tasks also
  run under any other verifiers env). An interactive task is a `TaskEnv` (`procgym.make`) playing
  the user: each reply is a step, the observation comes back as the next user turn, and the
  episode's end (won, lost, out of turns) ends the exchange.
- `ProcgymChatHarness` is the model's program: a plain chat loop run in-process, one
  completion per segment through verifiers' interception endpoint (so traces, token
  accounting and training clients work as for any harness). It is the default for this taskset
  because procgym's tasks need no shell or sandbox; verifiers' own `null` harness works too
  (`--env.player.harness.id null`), at the cost of a `uv` environment per rollout.

verifiers needs Python >= 3.11; install the extra with `pip install -e '.[verifiers]'`.
"""
from __future__ import annotations

import hashlib
import itertools
import json
from typing import Any

import verifiers.v1 as vf
from pydantic import Field, field_validator

from procgym.api import verify
from procgym.datasets import _levels, _names, record
from procgym.registry import get
from procgym.training.adapters.episodes import record_env

TASKSET_ID = "procgym-env"


# ------------------------------------------------------------------------------------ data

class ProcgymData(vf.TaskData):
    """One problem: the prompt verifiers shows the model, and the procgym record that scores it."""

    problem: dict[str, Any]
    """The procgym problem record (procgym.Problem.to_dict()): all the verifier needs."""
    interactive: bool = False
    """Whether the task is interactive (the env plays it turn by turn)."""
    max_turns: int | None = None
    """The episode's turn cap for an interactive task (None: the task's own budget)."""


class ProcgymTasksetConfig(vf.TasksetConfig):
    """`--env.taskset.*`: which problems the taskset yields."""

    tasks: str | list[str] = "*"
    """Globs, comma-separated ("arithmetic/*,games/mastermind": the matching names, sorted, as
    `procgym generate --tasks` takes them), or a list of task names, in the order given."""
    difficulty: str = "3"
    """Levels 1-20: "3", "1-5" or "1,5,20"; the i-th problem takes the level after the (i-1)-th (a task
    that caps lower plays its highest level)."""
    num_examples: int | None = Field(1000, ge=0)
    """How many problems (None: an endless stream, bounded by verifiers' `-n`)."""
    seed: int = 0
    """The master seed: the i-th problem is procgym's dataset record (tasks, levels, seed, i)."""
    answer_style: str = "tag"
    """How the model marks its answer or action: "tag" (<answer>...</answer>), "boxed" or "raw"."""
    system: str | None = None
    """A system prompt for every task (TasksetConfig.system_prompt, a file, overrides it)."""
    max_turns: int | None = Field(None, ge=1)
    """A turn cap for interactive episodes (None: each task's own turn budget ends it)."""

    @field_validator("difficulty", mode="before")
    @classmethod
    def _levels_text(cls, value):
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        _levels(str(value))  # raises ValueError naming the bad levels
        return str(value)

    @field_validator("tasks")
    @classmethod
    def _known_tasks(cls, value):
        try:
            names = _names(value)
            for name in names:
                get(name)
        except KeyError as exc:
            raise ValueError(exc.args[0]) from None
        if not names:
            raise ValueError("tasks is empty: name at least one procgym task (see `procgym list`)")
        return value

    @field_validator("answer_style")
    @classmethod
    def _style(cls, value):
        if value not in ("tag", "boxed", "raw"):
            raise ValueError(f"answer_style must be 'tag', 'boxed' or 'raw', got {value!r}")
        return value


# ------------------------------------------------------------------------------------ scoring

def episode_outcome(trace: vf.Trace) -> dict:
    """The interactive episode's outcome that ProcgymEnv left on the trace."""
    outcome = trace.info.get("procgym")
    if not isinstance(outcome, dict) or "return" not in outcome:
        raise vf.TaskError("an interactive procgym task needs the procgym env to play it (taskset "
                           f"{TASKSET_ID!r} without --env.id): no episode outcome on the trace")
    return outcome


class ProcgymTask(vf.Task[ProcgymData]):
    """Scoring from the problem record: the `procgym` reward and the `solved` metric."""

    @property
    def key(self) -> str:
        # The record identifies the problem; `idx` is only its position in this run's stream.
        return hashlib.sha256(json.dumps(self.data.problem, sort_keys=True).encode()).hexdigest()

    def verdict(self, trace: vf.Trace):
        """procgym.verify on the final reply (single-answer tasks)."""
        return verify(self.data.problem, trace.last_reply)

    @vf.reward(weight=1.0)
    async def procgym(self, trace: vf.Trace) -> float:
        """procgym's score: the verifier's reward, or an interactive episode's return."""
        if self.data.interactive:
            return float(episode_outcome(trace)["return"])
        return float(self.verdict(trace).reward)

    @vf.metric
    async def solved(self, trace: vf.Trace) -> float:
        """1.0 when the answer is correct or the episode was won."""
        if self.data.interactive:
            return float(bool(episode_outcome(trace)["solved"]))
        return float(self.verdict(trace).correct)


class ProcgymTaskset(vf.Taskset[ProcgymTask, ProcgymTasksetConfig]):
    """procgym's seeded problems as verifiers tasks."""

    def __init__(self, config: ProcgymTasksetConfig) -> None:
        super().__init__(config)
        self.names = _names(config.tasks)
        self.levels = _levels(config.difficulty)
        self.INFINITE = config.num_examples is None

    def problem(self, index: int) -> ProcgymTask:
        """The taskset's `index`-th task."""
        config = self.config
        rec = record(self.names, self.levels, config.seed, index, config.answer_style)
        problem = {k: v for k, v in rec.items() if k != "index"}
        interactive = get(problem["task"]).interactive
        return ProcgymTask(ProcgymData(
            id=f"{problem['task']}@{problem['difficulty']}#{problem['seed']}", name=problem["task"],
            prompt=problem["prompt"], system_prompt=config.system, problem=problem, interactive=interactive,
            max_turns=config.max_turns if interactive else None), config.task)

    def load(self):
        n = self.config.num_examples
        indices = itertools.count() if n is None else range(n)
        return (self.problem(i) for i in indices)


# ------------------------------------------------------------------------------------ episodes

class ProcgymEnvConfig(vf.EnvConfig):
    """`--env.*`: the one seat, `player`. procgym's tasks run no code, so the default runtime
    is a local subprocess (verifiers' default is a remote sandbox)."""

    player: vf.AgentConfig = vf.AgentConfig(runtime=vf.SubprocessConfig())


async def play_interactive(task: ProcgymTask, player) -> None:
    """One interactive episode: procgym's TaskEnv answers every reply with its observation until
    the episode ends; the outcome goes on the trace for ProcgymTask's reward."""
    env = record_env(task.data.problem, task.data.max_turns)
    total, solved, ended = 0.0, False, False
    async with player.interaction(task) as interaction:
        segment = await interaction.turn()
        while not segment.terminated:
            observation, reward, terminated, truncated, info = env.step(segment.last_reply)
            total += reward
            solved = bool((info["verdict"] or {}).get("correct"))
            if terminated or truncated:
                ended = True
                break
            segment = await interaction.turn(observation or "(no observation)")
        interaction.trace.info["procgym"] = {"return": total, "solved": solved, "turns": env.turn,
                                             "ended": ended}


class ProcgymEnv(vf.Env[ProcgymEnvConfig]):
    """Plays procgym tasks: one turn for a single-answer task, a TaskEnv episode for an interactive one."""

    async def run(self, task: ProcgymTask, agents: vf.Agents) -> None:
        if task.data.interactive:
            await play_interactive(task, agents.player)
        else:
            await agents.player.run(task)


# ------------------------------------------------------------------------------------ the model's program

class ProcgymChatHarnessConfig(vf.HarnessConfig):
    """`--env.player.harness.*`: the in-process chat loop has no knobs of its own."""


class ProcgymChatHarness(vf.Harness[ProcgymChatHarnessConfig]):
    """One chat completion per segment, in this process, through the rollout's interception
    endpoint (verifiers records the turn, applies limits, sampling and the training client
    there). No tools, no code execution: the reply is the answer or the action."""

    APPENDS_SYSTEM_PROMPT = True
    SUPPORTS_RESUME = True  # the default resume() relaunches on the conversation so far
    EXECUTES_CODE = False
    NEEDS_CONTAINER = False

    async def launch(self, ctx, trace, runtime, endpoint, secret, mcp_urls, data, tool_interception_url=None):
        import openai
        from verifiers.v1.dialects.chat import message_to_wire
        from verifiers.v1.errors import MODEL_TRANSPORT_ERROR_EXIT_CODE

        system, prompt = self.resolve_prompt(data)
        messages = [{"role": "system", "content": system}] if system else []
        if isinstance(prompt, str):
            messages.append({"role": "user", "content": prompt})
        else:
            messages += [message_to_wire(m) for m in prompt or [] if not (system and m.role == "system")]
        async with openai.AsyncOpenAI(base_url=endpoint, api_key=secret, max_retries=2) as client:
            try:
                await client.chat.completions.create(model=ctx.model, messages=messages)
            except openai.APIConnectionError as exc:
                return vf.ProgramResult(MODEL_TRANSPORT_ERROR_EXIT_CODE, "", f"model connection failed: {exc}")
            except openai.APIStatusError as exc:
                # A refused turn (a limit, a @stop) is already on the trace; _check_result reads it.
                return vf.ProgramResult(1, "", f"model call failed: {exc}")
        return vf.ProgramResult(0, "", "")


# ------------------------------------------------------------------------------------ loading

def env_config(tasks="*", difficulty=3, num_examples: int | None = 1000, seed: int = 0, **options) -> ProcgymEnvConfig:
    """The verifiers EnvConfig of a procgym environment. `options` are further taskset fields
    (answer_style, system, max_turns) and env fields (player={"harness": {"id": "null"}}, ...)."""
    taskset_keys = set(ProcgymTasksetConfig.model_fields) - {"id"}
    taskset = {k: options.pop(k) for k in list(options) if k in taskset_keys}
    return vf.resolve_env_config({"taskset": {"id": TASKSET_ID, "tasks": tasks, "difficulty": difficulty,
                                              "num_examples": num_examples, "seed": seed, **taskset}, **options})


def load_environment(tasks="*", difficulty=3, num_examples: int | None = 1000, seed: int = 0, **options) -> vf.Env:
    """A verifiers environment of procgym tasks, loaded the way vf-eval and prime-rl load one.

        env = load_environment(tasks="arithmetic/*,games/mastermind", difficulty="1-3", num_examples=50)

    `tasks`: names or globs (a comma-separated string or a list); `difficulty`: a level or
    levels ("1-5", [1, 3]); `num_examples`: how many problems (None: endless); `seed`: the
    master seed. Mixed selections are one environment: each task is played by its kind.
    """
    return vf.load_environment(env_config(tasks, difficulty, num_examples, seed, **options))
