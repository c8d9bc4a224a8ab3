"""The documented command for a trained model, `procgym eval --agent transformers --model PATH`,
run end to end on a tiny model built from scratch (nothing is downloaded)."""
import json

import pytest


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory):
    pytest.importorskip("torch")
    pytest.importorskip("transformers")
    import torch

    torch.set_num_threads(1)
    from procgym.training.tiny import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "tiny-model", seed=0, hidden=32, layers=1)


def test_eval_a_local_model_folder(tiny_model, tmp_path, capsys):
    from procgym.cli import main
    from procgym.leaderboard.suites import Suite

    # Interactive episodes capped at 3 turns: an untrained model never finishes one by itself.
    suite = Suite("tiny-v1", ("arithmetic/averages", "games/tower_of_hanoi", "graphs/shortest_path"), (1, 3), 2,
                  interactive_max_turns=3)
    suite_file = tmp_path / "tiny-v1.json"
    suite_file.write_text(json.dumps(suite.definition()))
    args = ["eval", "--agent", "transformers", "--model", tiny_model, "--suite", str(suite_file),
            "--results-dir", str(tmp_path), "--max-tokens", "4", "--batch-size", "4", "-q"]
    assert main(args) == 0
    result = json.loads((tmp_path / "tiny-v1" / "transformers-tiny-model.json").read_text())
    assert result["complete"] and result["episodes"] == 12 and result["model"] == tiny_model
    assert result["settings"]["max_tokens"] == 4 and result["settings"]["temperature"] == 0.0
    assert result["tokens"]["completion"] > 0 and result["tokens"]["prompt"] > result["tokens"]["completion"]
    records = [json.loads(line) for line in (tmp_path / "tiny-v1" / "transformers-tiny-model.jsonl").open()]
    turns = [t for r in records if r.get("type") == "episode" for t in r["turns"]]
    assert all(1 <= t["completion_tokens"] <= 4 and isinstance(t["output"], str) for t in turns)
    # A rerun finds every episode done and plays nothing.
    assert main(args) == 0
    sessions = [r for r in map(json.loads, (tmp_path / "tiny-v1" / "transformers-tiny-model.jsonl").open())
                if r["type"] == "session"]
    assert [s["episodes"] for s in sessions] == [12, 0]
    capsys.readouterr()
