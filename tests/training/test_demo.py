"""The training demo end to end, drastically shortened (its figures mean nothing, so none is asserted)."""
import json

from procgym.seeding import dataset_seed
from procgym.training import demo, trainer


def test_training_demo_runs_end_to_end(tmp_path, capsys, monkeypatch):
    played = []  # the problem seeds GRPO actually trains on
    play_groups = trainer.play_groups

    def recording_play_groups(*args, **kwargs):
        groups, timing = play_groups(*args, **kwargs)
        played.extend(e.seed for g in groups for e in g)
        return groups, timing

    monkeypatch.setattr(trainer, "play_groups", recording_play_groups)
    out, results = tmp_path / "training", tmp_path / "results" / "training_demo.json"
    summary = demo.run_training_demo(str(out), **{**demo.QUICK, "results_path": str(results)})
    printed = capsys.readouterr().out
    assert "held-out accuracy" in printed and "generation" in printed and "optimisation" in printed

    # The summary: on disk twice, with the expected keys.
    assert json.loads((out / "summary.json").read_text()) == json.loads(results.read_text()) == summary
    assert {"tasks", "level", "knobs", "model", "sft", "grpo", "heldout", "accuracy", "step_time", "seconds"} <= set(summary)
    for key in ("before", "after", "improvement"):
        assert set(summary["accuracy"][key]) == {"mean", "se"} and summary["accuracy"][key]["se"] >= 0
    # Sampled figures: one per sampling seed, their mean, its standard error and the spread.
    seeds = summary["sampling_seeds"]
    assert len(seeds) == demo.QUICK["sampling_seeds"]
    for key in ("before_sampled", "after_sampled", "improvement_sampled"):
        figure = summary["accuracy"][key]
        assert set(figure) == {"mean", "se", "seed_std", "per_seed"} and len(figure["per_seed"]) == len(seeds)
        assert abs(figure["mean"] - sum(figure["per_seed"]) / len(seeds)) < 1e-12
    # The eval curve: the trainer's held-out evaluation before training and after every step.
    curve = summary["eval_curve"]
    assert curve["steps"] == [0, 1, 2] and len(curve["accuracy"]) == 3 and curve["problems"] == 3 * 2
    assert "eval curve during GRPO" in printed
    assert {"generation", "scoring", "optimisation", "step"} <= set(summary["step_time"])
    assert {"sft", "grpo", "eval_before", "eval_after", "total"} <= set(summary["seconds"])
    assert summary["heldout"]["problems"] == demo.QUICK["eval_problems"] and summary["heldout"]["seeds_disjoint"]

    # The pipeline's artefacts: data, the warm start, the GRPO run's metrics and final checkpoint.
    assert (out / "warm_start" / "config.json").exists() and (out / "grpo" / "metrics.jsonl").exists()
    sft = [json.loads(line) for line in (out / "sft.jsonl").read_text().splitlines()]
    heldout = [json.loads(line) for line in (out / "heldout.jsonl").read_text().splitlines()]
    assert len(sft) == demo.QUICK["sft_examples"] and len(heldout) == demo.QUICK["eval_problems"]
    assert [r["seed"] for r in heldout] == [dataset_seed(demo.EVAL_MASTER_SEED, i) for i in range(len(heldout))]

    # Held-out seeds never appear in training: not in the SFT data, not among GRPO's problems.
    steps = demo.QUICK["grpo"]["steps"]
    assert len(played) == steps * demo.QUICK["grpo"]["prompts_per_step"] * demo.QUICK["grpo"]["group_size"]
    heldout_seeds = {r["seed"] for r in heldout}
    assert not heldout_seeds & ({r["seed"] for r in sft} | set(played))


def test_training_seeds_cover_every_problem_the_trainer_plays(tmp_path):
    from procgym.training import load_config

    cfg = load_config(None, steps=3, prompts_per_step=2, drop_zero_variance=True, max_refill_rounds=1)
    seeds = trainer.training_problem_seeds(cfg)
    assert len(seeds) == 3 * 2 * 2
    assert trainer.problem_seed(trainer.round_seed(cfg, 2, 1), 1) in seeds
    assert trainer.problem_seed(trainer.round_seed(cfg, 3, 0), 0) not in seeds  # past the last step


def test_cli_demo_runs_the_agents_and_the_training_demo(tmp_path, capsys):
    from procgym.cli import main

    code = main(["demo", "--out", str(tmp_path), "--episodes", "1", "--levels", "1", "--tasks",
                 "graphs/shortest_path", "--quick"])
    out = capsys.readouterr().out
    assert code == 0 and "oracle solved 1/1" in out and "held-out accuracy" in out
    assert (tmp_path / "summary.json").exists() and (tmp_path / "training" / "summary.json").exists()
