"""Parquet datasets and Hugging Face datasets: schema, identity with JSONL, determinism across
shard counts, refusing other arguments, and `procgym verify` on Parquet files (bad input too)."""
import json
import os
import subprocess
import sys

import pytest

pa = pytest.importorskip("pyarrow", reason="the hf extra is not installed (pip install -e '.[hf]')")
pytest.importorskip("datasets", reason="the hf extra is not installed (pip install -e '.[hf]')")
import pyarrow.parquet as pq  # noqa: E402

import procgym  # noqa: E402
from procgym import datasets, parquet  # noqa: E402
from procgym.cli import main  # noqa: E402

TASKS = ["arithmetic/expression_value", "graphs/shortest_path", "logic/syllogism"]
LEVELS = [1, 4]
N = 24


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("single") / "one.parquet")
    assert datasets.write_parquet(path, TASKS, LEVELS, N, master_seed=7, progress=False) == N
    return path


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def test_schema_and_rows(single):
    table = pq.read_table(single)
    assert table.schema.names == list(parquet.COLUMNS)
    assert table.schema.remove_metadata().equals(parquet.schema())
    assert table.num_rows == N
    rows = table.to_pylist()
    for i, row in enumerate(rows):
        rec = datasets.record(TASKS, LEVELS, 7, i)
        problem = json.loads(row["problem"])
        assert problem == {k: v for k, v in rec.items() if k != "index"}
        assert (row["index"], row["task"], row["difficulty"], row["seed"], row["answer"]) == \
            (i, rec["task"], rec["difficulty"], rec["seed"], rec["answer"])
        assert row["category"] == rec["task"].split("/")[0]
        assert row["prompt"] == [{"role": "user", "content": rec["prompt"]}]
        # The record alone verifies: the reference answer passes, a wrong one fails.
        assert procgym.verify(problem, f"<answer>{row['answer']}</answer>").correct
        assert not procgym.verify(problem, "<answer>not it</answer>").correct
    assert [r["task"] for r in rows[:3]] == TASKS and {r["difficulty"] for r in rows} == set(LEVELS)
    meta = parquet.read_metadata(single)
    assert (meta["tasks"], meta["levels"], meta["n"], meta["master_seed"], meta["shard"]) == \
        (TASKS, LEVELS, N, 7, [0, 1])


def test_parquet_holds_the_jsonl_records(single, tmp_path):
    jsonl = tmp_path / "same.jsonl"
    datasets.write_jsonl(str(jsonl), TASKS, LEVELS, N, master_seed=7, progress=False)
    from_jsonl = [json.loads(line) for line in jsonl.open()]
    from_parquet = [{"index": r["index"], **json.loads(r["problem"])} for r in pq.read_table(single).to_pylist()]
    assert from_parquet == from_jsonl


def test_one_process_four_processes_and_a_pool_write_identical_bytes(single, tmp_path):
    # Four real processes, one shard each (the documented way to split work), then a merge.
    env = {**os.environ, "PYTHONHASHSEED": "random"}
    shards = [str(tmp_path / f"s{k}.parquet") for k in range(4)]
    procs = [subprocess.Popen([sys.executable, "-m", "procgym.cli", "generate", "--tasks", ",".join(TASKS),
                               "--levels", "1,4", "-n", str(N), "--seed", "7", "--shard", f"{k}/4", "--format",
                               "parquet", "--out", shards[k], "-q"], env=env, stderr=subprocess.PIPE, text=True)
             for k in range(4)]
    for proc in procs:
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
    whole = pq.read_table(single).to_pylist()
    for k, path in enumerate(shards):
        assert pq.read_table(path).to_pylist() == whole[k::4]  # shard k holds indices i % 4 == k
    merged = str(tmp_path / "merged.parquet")
    assert datasets.merge_parquet(shards[::-1], merged) == N  # any order of shard files
    assert read_bytes(merged) == read_bytes(single)
    pooled = str(tmp_path / "pool.parquet")
    datasets.write_parquet(pooled, TASKS, LEVELS, N, master_seed=7, workers=2, progress=False)
    assert read_bytes(pooled) == read_bytes(single)


def test_row_groups_do_not_depend_on_block_size(single, tmp_path, monkeypatch):
    monkeypatch.setattr(datasets, "BLOCK", 5)
    monkeypatch.setattr(parquet, "ROW_GROUP", 10)
    small = str(tmp_path / "small.parquet")
    datasets.write_parquet(small, TASKS, LEVELS, N, master_seed=7, progress=False)
    assert pq.ParquetFile(small).num_row_groups == 3  # 10 + 10 + 4 rows
    assert pq.read_table(small).to_pylist() == pq.read_table(single).to_pylist()


def test_merge_refuses_missing_or_foreign_shards(tmp_path):
    a, b = str(tmp_path / "a.parquet"), str(tmp_path / "b.parquet")
    datasets.write_parquet(a, TASKS, LEVELS, 6, master_seed=1, shard=(0, 2), progress=False)
    with pytest.raises(ValueError, match=r"every shard 0..1"):
        datasets.merge_parquet([a], str(tmp_path / "m.parquet"))
    datasets.write_parquet(b, TASKS, LEVELS, 6, master_seed=2, shard=(1, 2), progress=False)
    with pytest.raises(ValueError, match="another dataset"):
        datasets.merge_parquet([a, b], str(tmp_path / "m.parquet"))


def test_rerun_is_a_no_op_and_other_arguments_are_refused(single, tmp_path, monkeypatch):
    before = read_bytes(single)
    assert datasets.write_parquet(single, TASKS, LEVELS, N, master_seed=7, progress=False) == 0
    assert read_bytes(single) == before
    with pytest.raises(ValueError, match="other arguments"):
        datasets.write_parquet(single, TASKS, LEVELS, N, master_seed=8, progress=False)
    # A kill mid-way leaves nothing under the real name (nor a .partial file); a rerun writes it all.
    path = str(tmp_path / "killed.parquet")
    original, calls = datasets.build_block, []

    def killed_on_second_block(*args):
        calls.append(args)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return original(*args)

    monkeypatch.setattr(datasets, "BLOCK", 4)
    monkeypatch.setattr(datasets, "build_block", killed_on_second_block)
    with pytest.raises(KeyboardInterrupt):
        datasets.write_parquet(path, TASKS, LEVELS, N, master_seed=7, progress=False)
    assert not os.path.exists(path) and not os.path.exists(path + ".partial")
    monkeypatch.setattr(datasets, "build_block", original)
    assert datasets.write_parquet(path, TASKS, LEVELS, N, master_seed=7, progress=False) == N
    assert read_bytes(path) == before


def test_hf_dataset_and_endless_stream_hold_the_same_records(single):
    ds = datasets.hf_dataset(",".join(TASKS), "1,4", N, master_seed=7)
    assert ds.to_list() == pq.read_table(single).to_pylist()
    assert ds.features == datasets.hf_features()
    stream = datasets.hf_iterable_dataset(TASKS, LEVELS, master_seed=7)
    first = [row for _, row in zip(range(N + 5), stream)]  # it goes on past N
    assert first[:N] == ds.to_list()
    assert [r["index"] for r in first[N:]] == list(range(N, N + 5))
    sharded = datasets.hf_iterable_dataset(TASKS, LEVELS, master_seed=7, num_shards=3)
    assert sharded.num_shards == 3
    assert [r["index"] for _, r in zip(range(4), sharded.shard(3, 1))] == [1, 4, 7, 10]
    with pytest.raises(ValueError, match="num_shards"):
        datasets.hf_iterable_dataset(TASKS, LEVELS, num_shards=0)


def with_responses(path, out, responses):
    table = pq.read_table(path)
    pq.write_table(table.append_column("response", pa.array(responses, pa.string())), out)


def test_verify_parquet_reports_bad_input_by_name_and_scores_the_rest(single, tmp_path, capsys):
    rows = pq.read_table(single).to_pylist()
    responses = [f"<answer>{r['answer']}</answer>" if i % 2 == 0 else "<answer>nope</answer>"
                 for i, r in enumerate(rows)]
    good = str(tmp_path / "answers.parquet")
    with_responses(single, good, responses)
    # A file without the problem column, and one whose third record names an unknown task.
    no_problem = str(tmp_path / "no_problem.parquet")
    pq.write_table(pq.read_table(good).drop_columns(["problem"]), no_problem)
    unknown = str(tmp_path / "unknown.parquet")
    table = pq.read_table(good)
    problems = table["problem"].to_pylist()
    problems[2] = json.dumps({**json.loads(problems[2]), "task": "graphs/no_such_task"})
    pq.write_table(table.set_column(table.schema.get_field_index("problem"), "problem", pa.array(problems)), unknown)
    no_response = str(tmp_path / "no_response.parquet")
    pq.write_table(pq.read_table(single), no_response)

    code = main(["verify", good, no_problem, unknown, no_response, str(tmp_path / "missing.parquet")])
    out, err = capsys.readouterr()
    verdicts = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert f"{no_problem}: skipped: missing column 'problem'" in err
    assert f"{no_response}: skipped: missing column 'response'" in err
    assert f"{unknown}:3: skipped:" in err and "graphs/no_such_task" in err
    assert "missing.parquet: skipped:" in err
    # Every row of the good file and all but one of the other are scored, in order.
    assert [(v["file"], v["line"]) for v in verdicts] == \
        [(good, i + 1) for i in range(N)] + [(unknown, i + 1) for i in range(N) if i != 2]
    assert [v["correct"] for v in verdicts[:N]] == [i % 2 == 0 for i in range(N)]
    assert f"scored {2 * N - 1} responses" in err and "3 malformed" not in err


def test_generate_verl_layout_and_verify_it(tmp_path, capsys):
    path = str(tmp_path / "verl.parquet")
    assert main(["generate", "--tasks", ",".join(TASKS), "--levels", "2", "-n", "6", "--format", "verl",
                 "--system", "Think step by step.", "--out", path, "-q"]) == 0
    rows = pq.read_table(path).to_pylist()
    assert list(rows[0]) == ["data_source", "prompt", "ability", "reward_model", "extra_info", "agent_name"]
    assert rows[0]["prompt"][0] == {"role": "system", "content": "Think step by step."}
    answered = str(tmp_path / "verl_answers.parquet")
    with_responses(path, answered, [f"<answer>{r['reward_model']['ground_truth']}</answer>" for r in rows])
    capsys.readouterr()
    assert main(["verify", answered]) == 0
    out, err = capsys.readouterr()
    assert [json.loads(x)["correct"] for x in out.splitlines()] == [True] * 6


def test_generate_refuses_system_prompt_for_jsonl(tmp_path, capsys):
    assert main(["generate", "-n", "2", "--system", "x", "--out", str(tmp_path / "a.jsonl")]) == 2
    assert "--system applies to the Parquet formats" in capsys.readouterr().err
