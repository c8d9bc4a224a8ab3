"""verl integration: the Parquet layout verl reads, a reward function, a curriculum sampler, and
a multi-turn interaction.

verl cannot be installed with procgym's pinned stack, so nothing here imports it at module level;
see docs/integrations/verl.md for the configuration lines.

- Data: `procgym generate --format verl -n 10000 --out train.parquet` writes rows of
  {data_source: "procgym/<task>", prompt: chat messages, ability: category,
   reward_model: {style: "rule", ground_truth: reference answer},
   extra_info: {index, task, difficulty, seed, problem: the problem record as JSON,
               interaction_kwargs}, agent_name: the verl agent loop}.
- Reward: `custom_reward_function.path=<this file> custom_reward_function.name=compute_score`.
  verl calls compute_score(data_source, solution_str, ground_truth, extra_info) per response.
- Curriculum: `data.sampler.class_path=<this file> data.sampler.class_name=ProcgymCurriculumSampler`
  (with data.dataloader_num_workers=0). The sampler picks each batch's rows through a procgym
  scheduler (training/curriculum.py) and feeds it the batch's rewards and advantages.
- Multi-turn: `ProcgymInteraction`, a verl interaction (verl.interactions.base.BaseInteraction,
  verl 0.5-0.7; verl 0.8 removed interactions) that plays an interactive task's episode through
  procgym's TaskEnv inside verl's `tool_agent` loop. Interactive rows carry
  agent_name="tool_agent" and extra_info.interaction_kwargs={name: "procgym", problem: record};
  single-answer rows agent_name="single_turn_agent". compute_score scores an interactive row by
  the episode's return, the sum of the per-turn rewards the interaction reported (verl passes
  them to the reward function as extra_info["turn_scores"]).

verl loads these files by path under another module name, so imports here are absolute.
"""
from __future__ import annotations

import json
import random
from collections import OrderedDict, defaultdict
from typing import Any
from uuid import uuid4

from procgym.api import verify
from procgym.training.adapters.episodes import record_env
from procgym.registry import get

DATA_SOURCE_PREFIX = "procgym/"
INTERACTION_NAME = "procgym"  # extra_info.interaction_kwargs.name: the interaction config's entry


# ------------------------------------------------------------------------------------ data

def verl_schema():
    """The Arrow schema of a verl-layout Parquet file written by procgym."""
    import pyarrow as pa

    message = pa.struct([("role", pa.string()), ("content", pa.string())])
    interaction = pa.struct([("name", pa.string()), ("problem", pa.string())])
    return pa.schema([
        ("data_source", pa.string()), ("prompt", pa.list_(message)), ("ability", pa.string()),
        ("reward_model", pa.struct([("style", pa.string()), ("ground_truth", pa.string())])),
        ("extra_info", pa.struct([("index", pa.int64()), ("task", pa.string()), ("difficulty", pa.int32()),
                                  ("seed", pa.int64()), ("problem", pa.string()),
                                  ("interaction_kwargs", interaction)])),
        ("agent_name", pa.string())])


def verl_row(record: dict, system: str | None = None) -> dict:
    """A dataset record (procgym.datasets.record) as a row in verl's layout."""
    from procgym.parquet import chat_prompt

    problem = {k: v for k, v in record.items() if k != "index"}
    task = problem["task"]
    problem_json = json.dumps(problem, sort_keys=True)
    interactive = get(task).interactive
    return {"data_source": DATA_SOURCE_PREFIX + task, "prompt": chat_prompt(problem["prompt"], system),
            "ability": task.split("/", 1)[0],
            "reward_model": {"style": "rule", "ground_truth": problem["answer"]},
            "extra_info": {"index": int(record["index"]), "task": task, "difficulty": problem.get("difficulty"),
                           "seed": int(problem["seed"]), "problem": problem_json,
                           # verl's tool_agent loop hands exactly these to the interaction.
                           "interaction_kwargs": {"name": INTERACTION_NAME, "problem": problem_json}
                           if interactive else None},
            "agent_name": "tool_agent" if interactive else "single_turn_agent"}


# ------------------------------------------------------------------------------------ reward

def read_problem(carrier, where: str) -> dict:
    """The procgym problem record in `carrier["problem"]` (a JSON string or a dict); `where` names
    the carrier in errors ("compute_score: extra_info of 'procgym/games/mastermind'")."""
    problem = carrier.get("problem") if isinstance(carrier, dict) else None
    if isinstance(problem, str):
        try:
            problem = json.loads(problem)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{where}: the problem is not valid JSON ({exc})") from None
    if not isinstance(problem, dict):
        raise ValueError(f"{where}: no procgym problem record: it needs a 'problem' field (write the data "
                         "with `procgym generate --format verl`)")
    return problem


def problem_record(data_source: str, extra_info) -> dict:
    """The procgym problem record carried in a row's extra_info (a JSON string or a dict)."""
    return read_problem(extra_info, f"compute_score: extra_info of {data_source!r}")


def episode_return(data_source: str, extra_info) -> float:
    """An interactive row's reward: the sum of the per-turn rewards ProcgymInteraction reported,
    which verl's reward managers pass on as extra_info["turn_scores"]."""
    scores = extra_info.get("turn_scores") if isinstance(extra_info, dict) else None
    if scores is None:
        raise ValueError(f"compute_score: {data_source!r} is an interactive task and extra_info has no "
                         "turn_scores: play it with verl's tool_agent loop and ProcgymInteraction "
                         "(actor_rollout_ref.rollout.multi_turn.interaction_config_path)")
    return float(sum(float(s) for s in scores))


def get_task(problem: dict):
    """The registered task of a problem record (ValueError naming it when unknown)."""
    try:
        return get(problem.get("task"))
    except KeyError as exc:
        raise ValueError(f"compute_score: {exc.args[0]}") from None


def compute_score(data_source, solution_str, ground_truth, extra_info=None, **kwargs) -> float:
    """verl's custom reward function: procgym's verifier reward (1.0 or 0.0, or a task's
    documented partial credit) for `solution_str` on the row's problem record; for an interactive
    task, the episode's return (episode_return: the interaction's per-turn rewards, summed).

    Rows from other data sources go to verl's default_compute_score when verl is installed, so
    procgym data can be mixed with verl's own datasets. `ground_truth` (the reference answer) is
    not used: several answers may be valid, and the verifier checks constraints, not equality.
    """
    if not str(data_source).startswith(DATA_SOURCE_PREFIX):
        try:
            from verl.utils.reward_score import default_compute_score
        except ImportError:
            raise ValueError(f"compute_score: {data_source!r} is not a procgym data source "
                             f"({DATA_SOURCE_PREFIX}<task>)") from None
        return default_compute_score(data_source, solution_str, ground_truth, extra_info, **kwargs)
    problem = problem_record(data_source, extra_info)
    if get_task(problem).interactive:
        return episode_return(data_source, extra_info)
    return float(verify(problem, str(solution_str)).reward)


# ------------------------------------------------------------------------------------ multi-turn

def _interaction_base():
    """verl's BaseInteraction where verl (0.5-0.7) is installed, else a stand-in of the same shape
    (its constructor only: config, name), so the class can be imported and tested without verl.
    verl 0.8 removed interactions; there the stand-in keeps this module importable."""
    try:
        from verl.interactions.base import BaseInteraction

        return BaseInteraction
    except ImportError:
        pass

    class BaseInteraction:  # the shape of verl.interactions.base.BaseInteraction.__init__
        def __init__(self, config: dict):
            self.config = config
            self.name = config.get("name", "interaction_agent")

    return BaseInteraction


def last_assistant_text(messages) -> str:
    """The content of the last assistant message ("" when there is none), as text."""
    for message in reversed(list(messages or [])):
        if isinstance(message, dict) and message.get("role") == "assistant":
            content = message.get("content")
            if isinstance(content, list):  # content parts: keep the text ones
                content = "".join(p.get("text", "") for p in content if isinstance(p, dict))
            return "" if content is None else str(content)
    return ""


class ProcgymInteraction(_interaction_base()):
    """A verl interaction that plays procgym's interactive tasks: each model reply is one step of
    procgym's TaskEnv, and the observation is the next user turn.

    verl's tool_agent loop (multi_turn.interaction_config_path naming this class) calls, per
    trajectory, `start_interaction(request_id, **interaction_kwargs)` with the row's
    extra_info.interaction_kwargs ({name, problem}), then after every model turn
    `generate_response(request_id, messages, **interaction_kwargs)`, which returns
    (should_terminate_sequence, observation, step reward, metadata); the loop ends the trajectory
    when the episode ends (won, lost or out of turns). The rewards sum to the episode's return,
    which compute_score gives as the row's reward. `calculate_score(instance_id)` is that return so
    far; `finalize_interaction(instance_id)` frees the episode.

    Config (the `config:` block of the interaction's YAML entry): `max_turns` (a cap on the
    episode's turns; default: the task's own turn budget) and `max_instances` (episodes kept at
    once, default 100000: verl 0.7's loop never calls finalize_interaction, so the oldest
    episodes are dropped past it).
    """

    def __init__(self, config: dict):
        super().__init__(config)
        self.max_turns = config.get("max_turns")
        self.max_instances = int(config.get("max_instances", 100_000))
        self._episodes: OrderedDict[str, dict[str, Any]] = OrderedDict()

    async def start_interaction(self, instance_id: str | None = None, problem=None, **kwargs) -> str:
        """Reset a TaskEnv on the row's problem record (JSON or a dict) for trajectory `instance_id`."""
        instance_id = str(uuid4()) if instance_id is None else instance_id
        record = read_problem({"problem": problem}, f"ProcgymInteraction.start_interaction({instance_id!r})")
        task = get_task(record)
        if not task.interactive:
            raise ValueError(f"ProcgymInteraction: {task.name!r} is a single-answer task: give its rows "
                             "agent_name='single_turn_agent' (as `procgym generate --format verl` does)")
        self._episodes.pop(instance_id, None)
        self._episodes[instance_id] = {"env": record_env(record, self.max_turns), "return": 0.0, "solved": False}
        while len(self._episodes) > self.max_instances:
            self._episodes.popitem(last=False)
        return instance_id

    def _episode(self, instance_id: str) -> dict:
        try:
            return self._episodes[instance_id]
        except KeyError:
            raise ValueError(f"ProcgymInteraction: no episode {instance_id!r} (call start_interaction first; "
                             f"at most max_instances={self.max_instances} are kept)") from None

    async def generate_response(self, instance_id: str, messages: list[dict],
                                **kwargs) -> tuple[bool, str, float, dict]:
        """Step the episode with the last assistant message: (should_terminate_sequence,
        observation, step reward, {"turn", "solved", "return"})."""
        episode = self._episode(instance_id)
        env = episode["env"]
        if env.done:  # verl stops at the end; a further call changes nothing
            return True, "The episode is over.", 0.0, self._summary(episode)
        observation, reward, terminated, truncated, info = env.step(last_assistant_text(messages))
        episode["return"] += float(reward)
        episode["solved"] = bool((info["verdict"] or {}).get("correct"))
        return (terminated or truncated), observation, float(reward), self._summary(episode)

    @staticmethod
    def _summary(episode: dict) -> dict:
        return {"turn": episode["env"].turn, "solved": episode["solved"], "return": episode["return"]}

    async def calculate_score(self, instance_id: str | None = None, **kwargs) -> float:
        """The episode's return so far."""
        return float(self._episode(instance_id)["return"])

    async def finalize_interaction(self, instance_id: str | None = None, **kwargs) -> None:
        """Free the episode (a second call is a no-op)."""
        self._episodes.pop(instance_id, None)


# ------------------------------------------------------------------------------------ curriculum

def _sampler_base():
    """verl's AbstractCurriculumSampler where verl is installed (verl checks isinstance), else
    torch's Sampler, else object, so the class can be imported and tested without verl."""
    try:
        from verl.experimental.dataset.sampler import AbstractCurriculumSampler

        return AbstractCurriculumSampler
    except ImportError:
        pass
    try:
        from torch.utils.data import Sampler

        return Sampler
    except ImportError:
        return object


def _get(config, key, default=None):
    """config.get for a dict or an OmegaConf DictConfig (both have .get); None counts as unset."""
    if config is None:
        return default
    value = config.get(key, default) if hasattr(config, "get") else getattr(config, key, default)
    return default if value is None else value


def row_keys(data_source) -> list[tuple[str, int]]:
    """(task, difficulty) of every row of a dataset: verl's RLHFDataset (its `dataframe`), a
    Hugging Face Dataset, a pandas DataFrame, or any sequence of rows with an extra_info dict."""
    frame = getattr(data_source, "dataframe", data_source)
    columns = getattr(frame, "column_names", None)
    if columns is not None and "extra_info" in columns and hasattr(frame, "flatten"):
        # Read the two nested fields only, not the problem records.
        flat = frame.select_columns(["extra_info"]).flatten()
        if not {"extra_info.task", "extra_info.difficulty"} <= set(flat.column_names):
            raise ValueError("the dataset has no extra_info.task and extra_info.difficulty: the curriculum sampler "
                             "needs data written by `procgym generate --format verl`")
        extras = [{"task": t, "difficulty": d} for t, d in zip(flat["extra_info.task"], flat["extra_info.difficulty"])]
    elif hasattr(frame, "iloc") and "extra_info" in getattr(frame, "columns", ()):
        extras = list(frame["extra_info"])
    else:
        extras = [data_source[i].get("extra_info") for i in range(len(data_source))]
    keys = []
    for i, extra in enumerate(extras):
        if not isinstance(extra, dict) or not extra.get("task") or extra.get("difficulty") is None:
            raise ValueError(f"row {i} has no extra_info.task and extra_info.difficulty: "
                             "the curriculum sampler needs data written by `procgym generate --format verl`")
        keys.append((str(extra["task"]), int(extra["difficulty"])))
    return keys


def batch_groups(batch) -> list[dict]:
    """A verl batch (DataProto) as the scheduler's group results: one dict per prompt (uid) with
    its task, difficulty, per-response rewards (summed token-level scores) and advantages
    (their mean over the response tokens)."""
    tensors, extra = batch.batch, batch.non_tensor_batch
    scores = tensors["token_level_scores"] if "token_level_scores" in tensors else tensors["token_level_rewards"]
    rewards = scores.sum(-1).tolist()
    if "advantages" in tensors:
        # Outcome advantages are one value per response, spread over its tokens (0 on padding).
        mask = tensors["response_mask"] if "response_mask" in tensors else tensors["advantages"] != 0
        advantages = ((tensors["advantages"] * mask).sum(-1) / mask.sum(-1).clip(min=1)).tolist()
    else:
        advantages = [0.0] * len(rewards)
    uids = list(extra["uid"]) if "uid" in extra else list(range(len(rewards)))
    groups: dict = {}
    for i, uid in enumerate(uids):
        info = extra["extra_info"][i]
        group = groups.setdefault(uid, {"task": info["task"], "difficulty": int(info["difficulty"]),
                                        "rewards": [], "advantages": []})
        group["rewards"].append(float(rewards[i]))
        group["advantages"].append(float(advantages[i]))
    return list(groups.values())


class ProcgymCurriculumSampler(_sampler_base()):
    """A verl curriculum sampler whose choices come from a procgym scheduler.

    verl builds it as `ProcgymCurriculumSampler(data_source=dataset, data_config=config.data)`
    and calls `update(batch)` after every training step. Options come from `data.sampler`
    (add them with hydra's `+`): scheduler ("bandit", "ucb" or "uniform"; default "bandit"),
    seed (default data.seed or 0), difficulty ("fixed": levels drawn among those in the data;
    "curriculum": a per-task ladder moves each task's level), and make_scheduler's options
    (arms, alpha, tau, c, window, ladder, exclude, weights).

    Each batch of `data.train_batch_size` rows is drawn at once: the scheduler names a
    (task, level) per row, and the sampler takes the next unused row of that task at that level
    (the nearest level the data has), reshuffling a bucket once it is used up. One pass yields
    len(data_source) indices.
    """

    def __init__(self, data_source, data_config):
        from procgym.training.curriculum import make_scheduler

        sampler_config = _get(data_config, "sampler", {}) or {}
        options = {key: _get(sampler_config, key) for key in ("arms", "alpha", "tau", "c", "window", "exclude",
                                                               "weights", "ladder", "q_init")}
        options = {k: (dict(v) if hasattr(v, "items") else list(v) if isinstance(v, (list, tuple)) or
                       type(v).__name__ == "ListConfig" else v) for k, v in options.items() if v is not None}
        name = str(_get(sampler_config, "scheduler", "bandit"))
        seed = int(_get(sampler_config, "seed", _get(data_config, "seed", 0)))
        difficulty = str(_get(sampler_config, "difficulty", "fixed"))
        if difficulty not in ("fixed", "curriculum"):
            raise ValueError(f"data.sampler.difficulty must be 'fixed' or 'curriculum', got {difficulty!r}")
        self.data_source = data_source
        self.length = len(data_source)
        self.batch_size = max(1, int(_get(data_config, "train_batch_size", 1)))
        self.buckets: dict[tuple[str, int], list[int]] = defaultdict(list)
        for i, key in enumerate(row_keys(data_source)):
            self.buckets[key].append(i)
        if not self.buckets:
            raise ValueError("the curriculum sampler needs a non-empty dataset")
        self.levels_of: dict[str, list[int]] = defaultdict(list)
        for task, level in sorted(self.buckets):
            self.levels_of[task].append(level)
        levels = sorted({level for _, level in self.buckets})
        self.scheduler = make_scheduler(name, sorted(self.levels_of), None if difficulty == "curriculum" else levels,
                                        seed, **options)
        self.rng = random.Random(seed)
        self.order = {key: self._shuffled(key) for key in sorted(self.buckets)}

    def _shuffled(self, key) -> list[int]:
        rows = list(self.buckets[key])
        self.rng.shuffle(rows)
        return rows

    def _take(self, task: str, level: int) -> int:
        """The next unused row of `task` at `level` (or its nearest level in the data)."""
        have = self.levels_of[task]
        level = min(have, key=lambda lv: (abs(lv - level), lv))
        key = (task, level)
        if not self.order[key]:
            self.order[key] = self._shuffled(key)  # a new pass over this bucket
        return self.order[key].pop()

    def __iter__(self):
        produced = 0
        while produced < self.length:
            # One scheduler call per batch: the UCB bandit spreads a batch over arms this way.
            picks = self.scheduler.sample(min(self.batch_size, self.length - produced))
            for task, level in picks:
                produced += 1
                yield self._take(task, level)

    def __len__(self) -> int:
        return self.length

    def update(self, batch) -> None:
        """After a training step: pass the batch's per-prompt rewards and advantages to the scheduler."""
        self.scheduler.observe(batch_groups(batch))

    def metrics(self) -> dict:
        return self.scheduler.metrics()

    def state_dict(self) -> dict:
        version, internal, _ = self.rng.getstate()
        return {"scheduler": self.scheduler.state_dict(), "rng": list(internal), "rng_version": version,
                "order": {f"{task}@{level}": rows for (task, level), rows in self.order.items()}}

    def load_state_dict(self, state: dict) -> None:
        self.scheduler.load_state_dict(state["scheduler"])
        self.rng.setstate((state["rng_version"], tuple(state["rng"]), None))
        self.order = {(key.rsplit("@", 1)[0], int(key.rsplit("@", 1)[1])): list(rows)
                      for key, rows in state["order"].items()}
