"""Ray: a Ray Data pipeline on a local 2-CPU instance writes the file one process writes, byte for byte."""
import pytest

ray = pytest.importorskip("ray", reason="ray is not installed (the ray extra: pip install -e '.[ray]')")
pytest.importorskip("ray.data", reason="ray is installed without Ray Data (pip install 'ray[data]')")
pytest.importorskip("pyarrow", reason="the hf extra is not installed (pip install -e '.[hf]')")
import pyarrow.parquet as pq  # noqa: E402

from procgym import datasets  # noqa: E402
from procgym.cli import main  # noqa: E402

TASKS = ["arithmetic/expression_value", "graphs/shortest_path", "logic/syllogism", "strings/sort_words"]
N = 30


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
    yield
    ray.shutdown()


def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def test_ray_pipeline_writes_the_single_process_file(local_ray, tmp_path):
    one = str(tmp_path / "one.parquet")
    datasets.write_parquet(one, TASKS, [1, 3, 5], N, master_seed=11, progress=False)
    # Small blocks: 5 Ray tasks whose results may finish in any order.
    distributed = str(tmp_path / "ray.parquet")
    assert datasets.write_parquet_ray(distributed, TASKS, [1, 3, 5], N, master_seed=11, block=7, progress=False) == N
    assert read_bytes(distributed) == read_bytes(one)
    assert [r["index"] for r in pq.read_table(distributed).to_pylist()] == list(range(N))
    # Four shards (what four `--shard k/4` processes write), merged: the same bytes again.
    shards = [str(tmp_path / f"s{k}.parquet") for k in range(4)]
    for k, shard in enumerate(shards):
        datasets.write_parquet(shard, TASKS, [1, 3, 5], N, master_seed=11, shard=(k, 4), progress=False)
    datasets.merge_parquet(shards, str(tmp_path / "merged.parquet"))
    assert read_bytes(str(tmp_path / "merged.parquet")) == read_bytes(distributed)
    # A rerun with the same arguments has nothing to do; other arguments are refused.
    assert datasets.write_parquet_ray(distributed, TASKS, [1, 3, 5], N, master_seed=11, progress=False) == 0
    with pytest.raises(ValueError, match="other arguments"):
        datasets.write_parquet_ray(distributed, TASKS, [1, 3, 5], N, master_seed=12, progress=False)


def test_cli_generate_with_ray_in_verl_layout(local_ray, tmp_path, capsys):
    one, distributed = str(tmp_path / "one.parquet"), str(tmp_path / "ray.parquet")
    common = ["generate", "--tasks", ",".join(TASKS), "--levels", "2", "-n", "9", "--seed", "4", "--format", "verl",
              "-q"]
    assert main(common + ["--out", one]) == 0
    assert main(common + ["--out", distributed, "--ray", "local"]) == 0  # joins the running local instance
    assert read_bytes(distributed) == read_bytes(one)
    assert main(common + ["--out", str(tmp_path / "x.parquet"), "--ray", "local", "--shard", "0/2"]) == 2
    assert "--ray generates the whole dataset" in capsys.readouterr().err
