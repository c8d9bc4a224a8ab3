"""TRL environment_factory: procgym tasks as GRPOTrainer environments, checked against TRL itself.

The schemas TRL extracts from the environment methods equal the tools' own; a real GRPOTrainer
run mixes an interactive and a single-answer task, with a scripted generate so that some
completions are real tool calls, and every call, observation and logged reward is checked
against a fresh procgym episode.
"""
import json
import re

import pytest

pytest.importorskip("trl", reason="the trl extra is not installed (pip install -e '.[trl]')")
pytest.importorskip("datasets", reason="the hf extra is not installed (pip install -e '.[hf]')")

import procgym  # noqa: E402
from procgym.envs import TaskEnv  # noqa: E402
from procgym.kit.tools import Tool  # noqa: E402
from procgym.training.adapters import trl_env  # noqa: E402

HANOI, EXPRESSION = "games/tower_of_hanoi", "arithmetic/expression_value"
TASKS = [HANOI, EXPRESSION]


def _comparable(schema: dict) -> dict:
    """tool.schema() as get_json_schema writes it: no additionalProperties, no empty `required`."""
    schema = json.loads(json.dumps(schema))
    parameters = schema["function"]["parameters"]
    parameters.pop("additionalProperties")
    if not parameters["required"]:
        parameters.pop("required")
    return schema


def test_trl_extracts_every_task_tool_schema_as_declared():
    from transformers.utils import get_json_schema

    checked = 0
    for name in procgym.tasks("*"):
        task = procgym.get(name)
        if not task.tools:
            continue
        env = trl_env.environment_class(name)()
        for tool in task.tools:
            assert get_json_schema(getattr(env, tool.name)) == _comparable(tool.schema()), (name, tool.name)
            checked += 1
    assert checked >= 280  # every single-answer task's submit_answer, and the interactive tasks' tools


def test_public_methods_are_exactly_the_tools_reset_and_get_reward():
    import inspect

    cls = trl_env.environment_class(HANOI)
    public = {n for n, _ in inspect.getmembers(cls, predicate=inspect.isfunction) if not n.startswith("_")}
    assert public == {"move", "reset", "get_reward"}
    assert cls.__name__ == "GamesTowerOfHanoi" and trl_env.environment_class(HANOI) is cls
    assert str(inspect.signature(cls.move)) == "(self, *, source: str, target: str)"
    assert [n for n, _ in inspect.getmembers(trl_env.environment_class(EXPRESSION), inspect.isfunction)
            if not n.startswith("_")] == ["get_reward", "reset", "submit_answer"]


def test_hints_cover_every_param_type():
    from transformers.utils import get_json_schema

    from procgym.kit.tools import Param

    tool = Tool("pick", "Pick things.", "{a} {b} {c} {d} {e} {f}",
                (Param("a", "integer", "an int"), Param("b", "number", "a number"), Param("c", "boolean", "a flag"),
                 Param("d", "array", "some ints", items="integer"), Param("e", "string", "a side", enum=("L", "R")),
                 Param("f", "array", "words")))
    assert get_json_schema(trl_env.tool_method(tool)) == _comparable(tool.schema())
    with pytest.raises(ValueError, match="enum on an array"):
        trl_env.type_hint(Param("g", "array", "x", enum=(("a",),)))


def test_classes_refuse_tasks_they_cannot_expose(monkeypatch):
    task = procgym.get("games/mastermind")
    monkeypatch.setattr(type(task), "tools", ())
    with pytest.raises(ValueError, match="declares no tools"):
        trl_env.environment_class.__wrapped__(task.name)
    monkeypatch.setattr(type(task), "tools", (Tool("reset", "Start over.", "reset"),))
    with pytest.raises(ValueError, match="'reset' cannot be a TRL environment method"):
        trl_env.environment_class.__wrapped__(task.name)


def test_reset_plays_the_row_problem_or_generates_it_from_seed_and_difficulty():
    problem = procgym.generate(HANOI, seed=5, difficulty=2)
    env = trl_env.environment_factory(HANOI)()
    empty = [{"role": "system", "content": "s"}, {"role": "user", "content": ""}]
    assert env.reset(problem=problem.to_json(), prompt=empty, index=0, task=HANOI) == problem.prompt
    assert env.task_env.problem == problem
    assert env.reset(problem=problem.to_dict()) == problem.prompt  # a dict record, no prompt column
    assert env.reset(seed=5, difficulty=2, task=HANOI) == problem.prompt  # generated, the same problem
    # A row whose prompt already holds the problem (procgym's grpo_dataset) gets nothing appended;
    # a row with other text in its last message gets the problem after a blank line.
    assert env.reset(problem=problem.to_json(), prompt=[{"role": "user", "content": problem.prompt}]) is None
    assert env.reset(problem=problem.to_json(), prompt=[{"role": "user", "content": "Hi."}]) == "\n\n" + problem.prompt


@pytest.mark.parametrize("row, message", [
    ({"prompt": [{"role": "user", "content": ""}]}, "needs a `problem` record"),
    ({"problem": "{not json"}, "not valid JSON"),
    ({"problem": "[1, 2]"}, "must hold a problem record"),
    ({"problem": procgym.generate(EXPRESSION, seed=1, difficulty=1).to_json()}, "this environment plays"),
    ({"seed": 1, "difficulty": 1, "task": EXPRESSION}, "this environment plays"),
])
def test_reset_rejects_rows_it_cannot_play(row, message):
    with pytest.raises(ValueError, match=message):
        trl_env.environment_factory(HANOI)().reset(**row)


def test_tools_step_the_episode_and_get_reward_is_its_return():
    problem = procgym.generate(HANOI, seed=3, difficulty=1)
    plan = [HANOI_MOVE.match(line) for line in problem.answer.splitlines()]
    env = trl_env.environment_factory(HANOI)()
    env.reset(problem=problem.to_json())
    assert env.get_reward() == 0.0
    refused = env.move(source="A", target="C", disk=1)  # an unknown argument costs a turn, as in procgym
    assert refused.startswith("Unknown argument 'disk' of move")
    for arguments in plan:
        observation = env.move(**arguments)
    assert "Solved" in observation and env.get_reward() == 1.0
    with pytest.raises(ValueError, match="episode is over"):
        env.move(source="A", target="B")
    assert [c["arguments"] for c in env.calls] == [{"source": "A", "target": "C", "disk": 1}] + plan

    single = procgym.generate(EXPRESSION, seed=2, difficulty=1)
    answer_env = trl_env.environment_factory(EXPRESSION, max_turns=2, feedback="binary")()
    answer_env.reset(problem=single.to_json())
    assert answer_env.submit_answer(answer=f"not {single.answer}") == "Incorrect. Try again."
    assert answer_env.submit_answer(answer=single.answer) == "Correct."
    assert answer_env.get_reward() == procgym.verify(single, f"<answer>{single.answer}</answer>").reward == 1.0


def test_factories_and_dataset_route_rows_to_their_task():
    factories = trl_env.environment_factories(TASKS)
    assert list(factories) == TASKS
    assert type(factories[HANOI]()) is trl_env.environment_class(HANOI)
    with pytest.raises(ValueError, match="feedback"):
        trl_env.environment_factory(HANOI, feedback="loud")
    rows = trl_env.environment_dataset(TASKS, levels=[1, 2], n=4, master_seed=3)
    reference = procgym.datasets.hf_dataset(TASKS, [1, 2], 4, 3)
    assert rows["environment"] == rows["task"] == reference["task"]
    assert rows["problem"] == reference["problem"] and rows["difficulty"] == [1, 1, 2, 2]
    assert rows[0]["prompt"] == [{"role": "system", "content": trl_env.TOOLS_SYSTEM}, {"role": "user", "content": ""}]
    assert trl_env.environment_dataset(TASKS, n=1, system=None)[0]["prompt"] == [{"role": "user", "content": ""}]
    streamed = list(trl_env.environment_iterable_dataset(TASKS, levels=[1, 2], master_seed=3).take(4))
    assert [r["problem"] for r in streamed] == rows["problem"] and streamed[3]["environment"] == EXPRESSION


HANOI_MOVE = procgym.get(HANOI).tools[0]
CALL = re.compile(r"<tool_call>\n(.*?)\n</tool_call>", re.S)


class ScriptedPolicy:
    """A scripted `generate` around the tiny model's own. At the first turn the row's position in
    the batch of 6 (3 generations of 2 prompts) picks its script: 0 plays the reference solution
    through tool calls, 1 makes a malformed call (an unknown argument) and then one legal move or a
    wrong answer, 2 is the tiny model itself. Later turns continue the script the earlier calls
    show. The script reads only the decoded prompt, as a model would."""

    def __init__(self, model, tokenizer, problems):
        self.model, self.tokenizer, self.problems = model, tokenizer, problems
        self.real_generate = model.generate
        self.first_prompts = []  # (task, decoded first-turn prompt)

    def _problem(self, text):
        found = [p for p in self.problems if p["prompt"] in text]
        assert len(found) == 1, "the prompt should hold exactly one problem of the dataset"
        return found[0]

    def scripts(self, problem):
        tool = procgym.get(problem["task"]).tools[0]
        plan = [{"name": tool.name, "arguments": tool.match(line)} for line in problem["answer"].splitlines()]
        bad = {"name": tool.name, "arguments": {**plan[0]["arguments"], "why": "because"}}
        fail = [bad] + ([plan[0]] if problem["task"] == HANOI else [])
        if problem["task"] == EXPRESSION:  # a single-answer task ends at the first call: show a wrong answer
            fail = [{"name": "submit_answer", "arguments": {"answer": f"not {problem['answer']}"}}]
        return plan, fail

    def completion(self, text: str, position: int):
        """The scripted completion text of a row, or None for the tiny model's own."""
        problem = self._problem(text)
        made = [json.loads(call) for call in CALL.findall(text.split(problem["prompt"], 1)[1])]
        plan, fail = self.scripts(problem)
        if not made:
            self.first_prompts.append((problem["task"], text))
            script = [plan, fail, None][position % 3]
        else:
            script = next((s for s in (plan, fail) if s[:len(made)] == made), None)
        if script is None:
            return None
        if len(made) == len(script):
            return "Done.<|im_end|>"
        return f"<tool_call>\n{json.dumps(script[len(made)])}\n</tool_call><|im_end|>"

    def __call__(self, input_ids=None, attention_mask=None, **kwargs):
        import torch

        texts = [self.tokenizer.decode(ids[mask.bool()]) for ids, mask in zip(input_ids, attention_mask)]
        scripted = [self.completion(text, i) for i, text in enumerate(texts)]
        own = [i for i, s in enumerate(scripted) if s is None]
        rows = {i: self.tokenizer.encode(s, add_special_tokens=False) for i, s in enumerate(scripted) if s is not None}
        if own:
            out = self.real_generate(input_ids=input_ids[own], attention_mask=attention_mask[own], **kwargs)
            rows.update({i: out[k, input_ids.shape[1]:].tolist() for k, i in enumerate(own)})
        width = max(len(r) for r in rows.values())
        pad = self.tokenizer.pad_token_id
        completions = torch.tensor([rows[i] + [pad] * (width - len(rows[i])) for i in range(len(texts))])
        return torch.cat([input_ids, completions], dim=1)


def _replay(problem: dict, calls: list[dict]):
    """The observations and the return of `calls` in a fresh procgym episode of `problem`."""
    env = TaskEnv(problem["task"])
    env.reset(options={"problem": problem})
    observations, total = [], 0.0
    for call in calls:
        observation, reward, *_ = env.step({"name": call["name"], "arguments": call["arguments"]})
        observations.append(observation)
        total += reward
    return observations, total


def test_grpo_trainer_mixes_environments_and_logs_procgym_returns(tmp_path, monkeypatch):
    torch = pytest.importorskip("torch")
    from transformers import AutoTokenizer
    from trl import GRPOConfig, GRPOTrainer
    from trl.chat_template_utils import qwen2_5_chat_template

    from procgym.training.tiny import build_tiny_model

    monkeypatch.setenv("TRL_EXPERIMENTAL_SILENCE", "1")
    torch.set_num_threads(1)
    model_path = build_tiny_model(tmp_path / "tiny", seed=0)
    tokenizer = AutoTokenizer.from_pretrained(model_path)
    tokenizer.chat_template = qwen2_5_chat_template  # Qwen2.5's own template: TRL knows how to parse its calls
    dataset = trl_env.environment_dataset(TASKS, levels=[1], n=4, master_seed=0)

    # Every get_reward call, with the episode it scores.
    episodes = []
    real_get_reward = trl_env.ProcgymEnvironment.get_reward

    def spy_get_reward(self):
        value = real_get_reward(self)
        episodes.append({"task": self.task_name, "problem": self.task_env.problem.to_dict(),
                         "calls": [dict(c) for c in self.calls], "reward": value, "env": self})
        return value

    monkeypatch.setattr(trl_env.ProcgymEnvironment, "get_reward", spy_get_reward)
    seen = []  # what TRL passes reward functions: the prompts after reset, the completions, the environments

    def transcripts(prompts, completions, environments, **kwargs):
        seen.append([(p, c, e, e.task_env.problem.to_dict(), [dict(x) for x in e.calls])
                     for p, c, e in zip(prompts, completions, environments)])
        return [None] * len(completions)  # scores nothing: the environments own the reward

    args = GRPOConfig(output_dir=str(tmp_path / "out"), max_steps=2, per_device_train_batch_size=6,
                      num_generations=3, max_completion_length=640, learning_rate=1e-3, logging_steps=1,
                      report_to=[], save_strategy="no", use_cpu=True, bf16=False, seed=0, shuffle_dataset=False,
                      dataloader_num_workers=0, temperature=1.0)
    trainer = GRPOTrainer(model=model_path, reward_funcs=transcripts, train_dataset=dataset, args=args,
                          processing_class=tokenizer, environment_factory=trl_env.environment_factories(TASKS))
    assert trainer.reward_func_names == ["transcripts", "GamesTowerOfHanoi", "ArithmeticExpressionValue"]
    policy = ScriptedPolicy(trainer.model, tokenizer, [json.loads(p) for p in dataset["problem"]])
    monkeypatch.setattr(trainer.model, "generate", policy)
    trainer.train()

    # Each step: one prompt of each task, 3 rollouts each; each prompt rendered with its own tools only.
    assert len(seen) == 2 and len(episodes) == 2 * 2 * 3
    assert sorted(task for task, _ in policy.first_prompts) == [EXPRESSION] * 6 + [HANOI] * 6
    for task, text in policy.first_prompts:
        assert ('"name": "move"' in text) == (task == HANOI) and ('"name": "submit_answer"' in text) == (task != HANOI)
        assert text.count(trl_env.TOOLS_SYSTEM) == 1

    rewards_logged = [entry for entry in trainer.state.log_history if "rewards/GamesTowerOfHanoi/mean" in entry]
    assert len(rewards_logged) == 2
    outcomes = []
    for step, rows in enumerate(seen):
        step_episodes = episodes[6 * step:6 * step + 6]
        by_env = {id(e["env"]): e for e in step_episodes}  # instances are pooled: one episode each per step
        assert len(by_env) == 6
        for prompt, completion, env, problem, calls in rows:
            episode = by_env[id(env)]
            assert prompt[-1] == {"role": "user", "content": problem["prompt"]}  # the first observation, once
            # The calls TRL parsed from the completion are the calls procgym's env received ...
            parsed = [tc["function"] for m in completion if m["role"] == "assistant" for tc in m.get("tool_calls", [])]
            assert [{"name": c["name"], "arguments": c["arguments"]} for c in calls] == parsed
            # ... the tool messages the model saw are the env's observations, as a fresh episode gives them ...
            observations, total = _replay(problem, calls)
            assert [m["content"] for m in completion if m["role"] == "tool"] == observations
            assert [c["observation"] for c in calls] == observations
            # ... and the reward TRL got is that episode's return.
            assert episode["problem"] == problem and episode["calls"] == calls and episode["reward"] == total
            outcomes.append((problem["task"], len(calls), total))
        for name, task in (("GamesTowerOfHanoi", HANOI), ("ArithmeticExpressionValue", EXPRESSION)):
            values = [e["reward"] for e in step_episodes if e["task"] == task]
            assert rewards_logged[step][f"rewards/{name}/mean"] == pytest.approx(sum(values) / len(values))
        assert rewards_logged[step]["reward"] == pytest.approx(sum(e["reward"] for e in step_episodes) / 6)
    # The scripts: solved (3 moves / 1 answer) -> 1.0; malformed call + a move, wrong answer -> 0.0;
    # the tiny model's own rollouts make no valid call.
    hanoi = sorted((n, r) for t, n, r in outcomes if t == HANOI)
    expression = sorted((n, r) for t, n, r in outcomes if t == EXPRESSION)
    assert hanoi == [(0, 0.0)] * 2 + [(2, 0.0)] * 2 + [(3, 1.0)] * 2
    assert expression == [(0, 0.0)] * 2 + [(1, 0.0)] * 2 + [(1, 1.0)] * 2
