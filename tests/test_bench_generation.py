"""The generation benchmark's measurement functions run and return well-formed results (no timing asserts)."""
import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "bench" / "generation.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_generation", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_measure_cell(bench):
    cell = bench.measure_cell("graphs/shortest_path", level=1, seconds=0.01, warmup=0.0)
    for key in ("level", "generated", "gen_per_s", "verified", "verify_per_s", "reference_rejected"):
        assert key in cell
    assert cell["level"] == 1
    assert cell["generated"] >= 1 and cell["verified"] >= 1
    assert cell["gen_per_s"] > 0 and cell["verify_per_s"] > 0
    assert cell["reference_rejected"] == 0


def test_measure_task_and_report(bench):
    row = bench.measure_task("graphs/shortest_path", levels=(5,), seconds=0.01)
    assert row["task"] == "graphs/shortest_path" and row["category"] == "graphs"
    assert [c["level"] for c in row["cells"]] == [5]
    assert row["min_level"] == 5 and row["min_gen_per_s"] > 0
    assert row["hostile_max_s"] > 0
    assert isinstance(row["flagged"], bool) and isinstance(row["doc_explains"], bool)
    summary = bench.summarise([row])
    assert summary["tasks"] == 1 and summary["gen_median"] > 0 and summary["verify_median"] > 0
    assert "shortest_path" in bench.table([row])
