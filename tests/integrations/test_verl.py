"""verl: the Parquet layout, compute_score, and the curriculum sampler, tested directly (verl
itself cannot be installed here; the sampler gets the objects verl would pass)."""
import importlib
import json
from types import SimpleNamespace

import pytest

pytest.importorskip("pyarrow", reason="the hf extra is not installed (pip install -e '.[hf]')")
hf = pytest.importorskip("datasets", reason="the hf extra is not installed (pip install -e '.[hf]')")
torch = pytest.importorskip("torch")
import numpy as np  # noqa: E402

from procgym import datasets  # noqa: E402
from procgym.training.adapters import verl  # noqa: E402
from procgym.training.curriculum import make_scheduler  # noqa: E402

TASKS = ["arithmetic/expression_value", "logic/syllogism"]


@pytest.fixture(scope="module")
def data_file(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("verl") / "train.parquet")
    datasets.write_parquet(path, TASKS, [1, 2], 16, master_seed=3, layout="verl", progress=False)
    return path


@pytest.fixture(scope="module")
def rows(data_file):
    # verl's RLHFDataset reads the file with datasets.load_dataset("parquet"): structs become dicts.
    return hf.Dataset.from_parquet(data_file)


def test_layout_is_what_verl_reads(rows):
    assert rows.column_names == ["data_source", "prompt", "ability", "reward_model", "extra_info", "agent_name"]
    assert set(rows["agent_name"]) == {"single_turn_agent"}  # no interactive task in TASKS
    assert {r["extra_info"]["interaction_kwargs"] for r in rows} == {None}
    row = rows[0]
    record = datasets.record(TASKS, [1, 2], 3, 0)
    assert row["data_source"] == "procgym/" + record["task"]
    assert row["ability"] == record["task"].split("/")[0]
    assert row["prompt"] == [{"role": "user", "content": record["prompt"]}]
    assert row["reward_model"] == {"style": "rule", "ground_truth": record["answer"]}
    extra = row["extra_info"]
    assert (extra["index"], extra["task"], extra["difficulty"], extra["seed"]) == \
        (0, record["task"], record["difficulty"], record["seed"])
    assert json.loads(extra["problem"]) == {k: v for k, v in record.items() if k != "index"}


def test_compute_score_is_the_verifier_reward(rows):
    for row in rows:
        args = (row["data_source"], None, row["reward_model"]["ground_truth"], row["extra_info"])
        right = f"Some reasoning.\n<answer>{row['reward_model']['ground_truth']}</answer>"
        assert verl.compute_score(args[0], right, *args[2:]) == 1.0
        assert verl.compute_score(args[0], "<answer>no such answer</answer>", *args[2:]) == 0.0
        assert verl.compute_score(args[0], "", *args[2:]) == 0.0
    # An arithmetic near miss: the reference answer plus one.
    row = next(r for r in rows if r["extra_info"]["task"] == "arithmetic/expression_value")
    truth = row["reward_model"]["ground_truth"]
    near = str(int(truth) + 1) if truth.lstrip("-").isdigit() else truth + "1"
    assert verl.compute_score(row["data_source"], f"<answer>{near}</answer>", truth, row["extra_info"]) == 0.0
    # extra_info.problem may also arrive as a dict.
    as_dict = {**row["extra_info"], "problem": json.loads(row["extra_info"]["problem"])}
    assert verl.compute_score(row["data_source"], f"<answer>{truth}</answer>", truth, as_dict) == 1.0


def test_compute_score_bad_input_names_the_problem():
    with pytest.raises(ValueError, match=r"extra_info of 'procgym/logic/syllogism': no procgym problem record"):
        verl.compute_score("procgym/logic/syllogism", "x", "y", {"index": 0})
    with pytest.raises(ValueError, match="unknown task 'logic/nope'"):
        verl.compute_score("procgym/logic/nope", "x", "y", {"problem": {"task": "logic/nope"}})
    with pytest.raises(ValueError, match="not valid JSON"):
        verl.compute_score("procgym/logic/syllogism", "x", "y", {"problem": "{oops"})
    try:
        importlib.import_module("verl.utils.reward_score")
    except ImportError:  # without verl, another data source is an error
        with pytest.raises(ValueError, match="'openai/gsm8k' is not a procgym data source"):
            verl.compute_score("openai/gsm8k", "x", "y", {})
    else:  # with verl, verl's own scorer takes it
        assert verl.compute_score("openai/gsm8k", "#### 7", "7", {}) == 1.0


class FakeRLHFDataset:
    """What verl's RLHFDataset exposes to a sampler: len() and a `dataframe` (a datasets.Dataset)."""

    def __init__(self, frame):
        self.dataframe = frame

    def __len__(self):
        return len(self.dataframe)


def config(**sampler):
    return {"train_batch_size": 4, "seed": 5, "dataloader_num_workers": 0,
            "sampler": {"class_path": "pkg://procgym.training.adapters.verl",
                        "class_name": "ProcgymCurriculumSampler", **sampler}}


def batch_for(indices, rows, rewards, n=2):
    """A DataProto-like batch: `n` responses per prompt, token-level scores on the last token and
    GRPO advantages spread over the response tokens (padding masked)."""
    size, length = len(indices) * n, 5
    scores = torch.zeros(size, length)
    mask = torch.ones(size, length)
    mask[:, 3:] = 0
    advantages = torch.zeros(size, length)
    uids, extras = [], []
    for p, index in enumerate(indices):
        group = rewards[p]
        mean = sum(group) / n
        std = (sum((r - mean) ** 2 for r in group) / (n - 1)) ** 0.5
        for j in range(n):
            i = p * n + j
            scores[i, 2] = group[j]
            advantages[i, :3] = (group[j] - mean) / (std + 1e-6)
            uids.append(f"uid{p}")
            extras.append(rows[index]["extra_info"])
    return SimpleNamespace(batch={"token_level_scores": scores, "advantages": advantages, "response_mask": mask},
                           non_tensor_batch={"uid": np.array(uids, dtype=object),
                                             "extra_info": np.array(extras, dtype=object)})


def test_sampler_follows_the_scheduler_and_learns_from_batches(rows):
    sampler = verl.ProcgymCurriculumSampler(data_source=FakeRLHFDataset(rows),
                                            data_config=config(scheduler="bandit", alpha=0.5, tau=0.1))
    assert len(sampler) == len(rows) == 16
    # The same scheduler, built alone, names the (task, level) of every pick.
    twin = make_scheduler("bandit", TASKS, [1, 2], 5, alpha=0.5, tau=0.1)
    it = iter(sampler)
    first = [next(it) for _ in range(4)]
    assert [(rows[i]["extra_info"]["task"], rows[i]["extra_info"]["difficulty"]) for i in first] == twin.sample(4)
    assert len(set(first)) == 4
    by_task = [rows[i]["extra_info"]["task"] for i in first]
    assert by_task == ["logic/syllogism"] * 4  # what this seed draws while both values are 0
    # Mixed rewards in two groups (signal), all-zero in the other two (nothing to learn).
    rewards = [[1.0, 0.0], [0.0, 1.0], [0.0, 0.0], [0.0, 0.0]]
    sampler.update(batch_for(first, rows, rewards))
    q = sampler.scheduler.q
    # TD(0) from 0: alpha * the batch's mean |advantage| = 0.5 * (1 + 1 + 0 + 0) / 4 (std-scaled: |adv| = 0.7071).
    assert q["logic/syllogism"] == pytest.approx(0.5 * (0.70710 * 2) / 4, abs=1e-4)
    assert q["arithmetic/expression_value"] == 0.0
    twin.observe(verl.batch_groups(batch_for(first, rows, rewards)))
    rest = list(it)
    assert len(first) + len(rest) == 16
    assert [(rows[i]["extra_info"]["task"], rows[i]["extra_info"]["difficulty"]) for i in rest] == \
        twin.sample(4) + twin.sample(4) + twin.sample(4)  # one scheduler call per batch of 4
    # p(logic) = 1 / (1 + exp(-q / tau)) ~ 0.85: the learning task now gets most picks.
    assert sum(rows[i]["extra_info"]["task"] == "logic/syllogism" for i in rest) >= 8
    assert set(first) | set(rest) <= set(range(16))


def test_batch_groups_reads_rewards_and_advantages(rows):
    groups = verl.batch_groups(batch_for([0, 1], rows, [[1.0, 0.0], [0.0, 0.0]]))
    assert [(g["task"], g["difficulty"], g["rewards"]) for g in groups] == [
        (rows[0]["extra_info"]["task"], rows[0]["extra_info"]["difficulty"], [1.0, 0.0]),
        (rows[1]["extra_info"]["task"], rows[1]["extra_info"]["difficulty"], [0.0, 0.0])]
    assert groups[0]["advantages"] == pytest.approx([0.7071, -0.7071], abs=1e-3)
    assert groups[1]["advantages"] == [0.0, 0.0]


def test_sampler_state_round_trip_continues_identically(rows):
    a = verl.ProcgymCurriculumSampler(FakeRLHFDataset(rows), config(scheduler="ucb"))
    it = iter(a)
    for _ in range(4):
        next(it)
    b = verl.ProcgymCurriculumSampler(FakeRLHFDataset(rows), config(scheduler="ucb"))
    b.load_state_dict(json.loads(json.dumps(a.state_dict())))
    assert [next(it) for _ in range(8)] == [x for _, x in zip(range(8), iter(b))]


def test_sampler_ladder_levels_map_to_levels_in_the_data(rows):
    s = verl.ProcgymCurriculumSampler(rows, config(scheduler="uniform", difficulty="curriculum"))
    picked = [(rows[i]["extra_info"]["task"], rows[i]["extra_info"]["difficulty"]) for i in s]
    assert len(picked) == 16 and {lv for _, lv in picked} <= {1, 2}


def test_sampler_bad_input_names_the_problem(rows):
    plain = hf.Dataset.from_list([{"extra_info": {"index": 0}}])
    with pytest.raises(ValueError, match="no extra_info.task and extra_info.difficulty"):
        verl.ProcgymCurriculumSampler(plain, config())
    half = [{"extra_info": {"task": "logic/syllogism", "difficulty": 1}}, {"extra_info": {"task": "logic/syllogism"}}]
    with pytest.raises(ValueError, match="row 1 has no extra_info.task"):
        verl.ProcgymCurriculumSampler(half, config())
    with pytest.raises(ValueError, match="difficulty must be 'fixed' or 'curriculum'"):
        verl.ProcgymCurriculumSampler(rows, config(difficulty="hard"))


# ------------------------------------------------------------------------------------ multi-turn
#
# ProcgymInteraction is driven two ways. "verl": verl's own ToolAgentLoop (verl 0.5-0.7, with the
# interaction built by verl's registry from a YAML file), given a scripted model server and
# procgym's tiny character tokenizer; it runs where verl is importable and is skipped otherwise
# (verl pins transformers < 5, so it is not in procgym's environment). "stand-in": the same
# protocol written out below from verl 0.7.1's tool_agent_loop.py, so the suite checks it
# everywhere.

import asyncio  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402
from uuid import uuid4  # noqa: E402

sys.path.insert(0, str(Path(__file__).parents[1] / "agents"))  # chat_server.py
from chat_server import agent_responder  # noqa: E402

from procgym.agents import OracleAgent, RandomAgent  # noqa: E402
from procgym.agents.base import play_episode  # noqa: E402
from procgym.training.adapters.episodes import record_env  # noqa: E402

GAMES = ["games/mastermind", "games/tower_of_hanoi"]


def game_rows(n=4, seed=0):
    return [verl.verl_row(datasets.record(GAMES, [1, 2], seed, i)) for i in range(n)]


def interaction_yaml(tmp_path, config="{}"):
    path = tmp_path / "interaction.yaml"
    path.write_text("interaction:\n  - name: procgym\n    class_name: procgym.training.adapters.verl.ProcgymInteraction\n"
                    f"    config: {config}\n")
    return str(path)


async def stand_in_loop(interaction, row, responder):
    """verl 0.7.1's ToolAgentLoop around an interaction: start_interaction(request_id,
    **interaction_kwargs); then model turn, generate_response(request_id, messages,
    **interaction_kwargs), its text as the next user message and its reward into turn_scores,
    until it says terminate. Returns (messages, the extra_fields verl hands to the reward)."""
    kwargs = row["extra_info"]["interaction_kwargs"]
    request_id = uuid4().hex
    await interaction.start_interaction(request_id, **kwargs)
    messages, turn_scores = list(row["prompt"]), []
    while True:
        messages.append({"role": "assistant", "content": responder({"messages": messages})})
        done, text, reward, _ = await interaction.generate_response(request_id, messages, **kwargs)
        messages.append({"role": "user", "content": text})
        if reward is not None:
            turn_scores.append(reward)
        if done:
            return messages, {"turn_scores": turn_scores, "tool_rewards": []}


def chatml_messages(text: str) -> list[dict]:
    """ChatML text (the tiny tokenizer's template, decoded) back into messages."""
    messages = []
    for block in text.split("<|im_start|>")[1:]:
        role, _, content = block.partition("\n")
        messages.append({"role": role, "content": content.split("<|im_end|>")[0]})
    return [m for m in messages if m["content"] or m["role"] != "assistant"]  # the generation prompt


def verl_loop_runner(tmp_path):
    """A runner on verl's real ToolAgentLoop: (row, responder) -> (messages, extra_fields)."""
    from omegaconf import OmegaConf
    from verl.experimental.agent_loop.agent_loop import DictConfigWrap
    from verl.experimental.agent_loop.tool_agent_loop import ToolAgentLoop
    from verl.utils.dataset.rl_dataset import RLHFDataset
    from verl.workers.rollout.replica import TokenOutput

    from procgym.training.tiny import build_tokenizer

    tokenizer = build_tokenizer()
    multi_turn = {"max_user_turns": None, "max_assistant_turns": None, "max_parallel_calls": 1,
                  "max_tool_response_length": 256, "tool_response_truncate_side": "middle", "tool_config_path": None,
                  "format": "hermes", "interaction_config_path": interaction_yaml(tmp_path)}
    config = OmegaConf.create({"actor_rollout_ref": {"rollout": {"prompt_length": 8192, "response_length": 8192,
                                                                 "multi_turn": multi_turn}, "model": {}}})

    class ScriptedServer:  # verl's AsyncLLMServerManager.generate: token ids in, token ids out
        def __init__(self, responder):
            self.responder = responder

        async def generate(self, request_id, prompt_ids, sampling_params, image_data=None, video_data=None):
            reply = self.responder({"messages": chatml_messages(tokenizer.decode(prompt_ids))})
            return TokenOutput(token_ids=tokenizer.encode(reply) + [tokenizer.eos_token_id])

    async def run(row, responder):
        loop = ToolAgentLoop(trainer_config=DictConfigWrap(config), server_manager=ScriptedServer(responder),
                             tokenizer=tokenizer, processor=None, dataset_cls=RLHFDataset,
                             data_config=DictConfigWrap(OmegaConf.create({})))
        assert type(loop.interaction_map["procgym"]) is verl.ProcgymInteraction
        output = await loop.run({}, raw_prompt=row["prompt"], extra_info=row["extra_info"], tools_kwargs={})
        text = tokenizer.decode(output.prompt_ids + output.response_ids)
        return chatml_messages(text), output.extra_fields

    return run


def stand_in_runner(tmp_path):
    interaction = verl.ProcgymInteraction({"name": "procgym"})  # as verl's registry builds it

    async def run(row, responder):
        return await stand_in_loop(interaction, row, responder)

    return run


@pytest.fixture(params=["verl", "stand-in"])
def run_loop(request, tmp_path):
    if request.param == "verl":
        pytest.importorskip("verl.experimental.agent_loop.tool_agent_loop",
                            reason="verl (0.5-0.7, with interactions) is not installed")
        return verl_loop_runner(tmp_path)
    return stand_in_runner(tmp_path)


def reward_of(row, messages, extra_fields):
    """compute_score as verl's naive reward manager calls it: extra_info updated with the loop's extra_fields."""
    extra = {**row["extra_info"], **extra_fields}
    return verl.compute_score(row["data_source"], messages[-1]["content"], row["reward_model"]["ground_truth"], extra)


def test_interactive_rows_name_the_tool_agent_and_carry_the_record():
    rows = game_rows(2) + [verl.verl_row(datasets.record(TASKS, [1], 0, 0))]
    for row in rows[:2]:
        assert row["agent_name"] == "tool_agent"
        assert row["extra_info"]["interaction_kwargs"] == {"name": "procgym", "problem": row["extra_info"]["problem"]}
    assert rows[2]["agent_name"] == "single_turn_agent" and rows[2]["extra_info"]["interaction_kwargs"] is None


def test_the_parquet_file_round_trips_the_multi_turn_fields(tmp_path):
    path = str(tmp_path / "games.parquet")
    datasets.write_parquet(path, ["games/mastermind", "arithmetic/expression_value"], [1], 4, layout="verl",
                           progress=False)
    read = hf.Dataset.from_parquet(path)
    assert list(read["agent_name"]) == ["tool_agent", "single_turn_agent"] * 2
    for row in read:
        kwargs = row["extra_info"]["interaction_kwargs"]
        if row["agent_name"] == "tool_agent":
            assert kwargs == {"name": "procgym", "problem": row["extra_info"]["problem"]}
        else:
            assert kwargs is None


def test_oracle_episodes_score_one(run_loop):
    rows = game_rows(4)
    records = [json.loads(r["extra_info"]["problem"]) for r in rows]
    for row, record in zip(rows, records):
        messages, extra = asyncio.run(run_loop(row, agent_responder(records, OracleAgent())))
        assert extra["turn_scores"][-1] == 1.0 and sum(extra["turn_scores"]) == 1.0
        assert reward_of(row, messages, extra) == 1.0
        # The user turns are procgym's observations, verbatim.
        env = record_env(record)
        replies = [m["content"] for m in messages if m["role"] == "assistant"]
        assert [m["content"] for m in messages if m["role"] == "user"][1:] == [env.step(r)[0] for r in replies]


def test_wrong_episodes_score_what_procgym_scores(run_loop):
    rows = game_rows(6, seed=2)
    records = [json.loads(r["extra_info"]["problem"]) for r in rows]
    rewards, expected = [], []
    for row, record in zip(rows, records):
        messages, extra = asyncio.run(run_loop(row, agent_responder(records, RandomAgent(seed=3))))
        rewards.append(reward_of(row, messages, extra))
        episode = play_episode(record_env(record), RandomAgent(seed=3), options={"problem": record})
        expected.append(episode["return"])
        assert len(extra["turn_scores"]) == episode["turns"]
    assert rewards == expected and sum(rewards) < len(rewards)


def test_interaction_from_verls_registry_config(tmp_path):
    """verl's registry builds the class from the YAML entry and injects the name; config keys reach it."""
    registry = pytest.importorskip("verl.interactions.utils.interaction_registry",
                                   reason="verl (0.5-0.7, with interactions) is not installed")
    from verl.interactions.base import BaseInteraction

    (interaction,) = registry.initialize_interactions_from_config(
        interaction_yaml(tmp_path, "{max_turns: 2}")).values()
    assert isinstance(interaction, BaseInteraction) and interaction.name == "procgym" and interaction.max_turns == 2


def test_interaction_turn_cap_score_and_finalize():
    row = game_rows(1)[0]
    interaction = verl.ProcgymInteraction({"name": "procgym", "max_turns": 2})
    kwargs = row["extra_info"]["interaction_kwargs"]
    assert asyncio.run(interaction.start_interaction("a", **kwargs)) == "a"
    bad = [{"role": "assistant", "content": "<answer>nope</answer>"}]
    first = asyncio.run(interaction.generate_response("a", bad, **kwargs))
    assert first[0] is False and first[2] == 0.0 and first[3]["turn"] == 1
    second = asyncio.run(interaction.generate_response("a", bad, **kwargs))
    assert second[0] is True and second[3] == {"turn": 2, "solved": False, "return": 0.0}  # the cap ends it
    assert asyncio.run(interaction.generate_response("a", bad, **kwargs))[:3] == (True, "The episode is over.", 0.0)
    assert asyncio.run(interaction.calculate_score("a")) == 0.0
    asyncio.run(interaction.finalize_interaction("a"))
    asyncio.run(interaction.finalize_interaction("a"))  # idempotent
    with pytest.raises(ValueError, match="no episode 'a'"):
        asyncio.run(interaction.calculate_score("a"))


def test_interaction_bad_input_names_the_problem():
    interaction = verl.ProcgymInteraction({"name": "procgym", "max_instances": 2})
    single = verl.verl_row(datasets.record(TASKS, [1], 0, 0))
    with pytest.raises(ValueError, match="single-answer task: give its rows agent_name='single_turn_agent'"):
        asyncio.run(interaction.start_interaction("s", name="procgym", problem=single["extra_info"]["problem"]))
    with pytest.raises(ValueError, match="not valid JSON"):
        asyncio.run(interaction.start_interaction("j", name="procgym", problem="{oops"))
    with pytest.raises(ValueError, match="no procgym problem record"):
        asyncio.run(interaction.start_interaction("m", name="procgym"))
    # A reply with no action, or no assistant message at all, costs a turn and says why.
    kwargs = game_rows(1)[0]["extra_info"]["interaction_kwargs"]
    asyncio.run(interaction.start_interaction("x", **kwargs))
    done, text, reward, _ = asyncio.run(interaction.generate_response("x", [], **kwargs))
    assert (done, reward) == (False, 0.0) and text.startswith("No action found")
    # Past max_instances the oldest episode goes (verl 0.7 never finalizes).
    asyncio.run(interaction.start_interaction("y", **kwargs))
    asyncio.run(interaction.start_interaction("z", **kwargs))
    with pytest.raises(ValueError, match="no episode 'x'"):
        asyncio.run(interaction.generate_response("x", [], **kwargs))


def test_compute_score_of_an_interactive_row_is_the_episode_return():
    row = game_rows(1)[0]
    args = (row["data_source"], "ignored", row["reward_model"]["ground_truth"])
    assert verl.compute_score(*args, {**row["extra_info"], "turn_scores": [0.0, 0.0, 1.0]}) == 1.0
    assert verl.compute_score(*args, {**row["extra_info"], "turn_scores": []}) == 0.0
    with pytest.raises(ValueError, match="interactive task and extra_info has no turn_scores"):
        verl.compute_score(*args, row["extra_info"])


def test_the_docs_multi_turn_example_prints_what_the_page_says(tmp_path):
    import re
    import subprocess

    page = (Path(__file__).parents[2] / "docs" / "integrations" / "verl.md").read_text()
    section = page.split("### Multi-turn, checked without verl", 1)[1]
    example = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    printed = re.search(r"It prints\n\n```\n(.*?)```", section, re.S).group(1)
    out = subprocess.run([sys.executable, "-c", example], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout == printed
