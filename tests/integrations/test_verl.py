"""verl: the Parquet layout, compute_score, and the curriculum sampler, tested directly (verl
itself cannot be installed here; the sampler gets the objects verl would pass)."""
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
    assert rows.column_names == ["data_source", "prompt", "ability", "reward_model", "extra_info"]
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
    with pytest.raises(ValueError, match=r"procgym/logic/syllogism.*extra_info needs a 'problem'"):
        verl.compute_score("procgym/logic/syllogism", "x", "y", {"index": 0})
    with pytest.raises(ValueError, match="not valid JSON"):
        verl.compute_score("procgym/logic/syllogism", "x", "y", {"problem": "{oops"})
    with pytest.raises(ValueError, match="'openai/gsm8k' is not a procgym data source"):
        verl.compute_score("openai/gsm8k", "x", "y", {})


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
