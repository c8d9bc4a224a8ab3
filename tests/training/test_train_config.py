"""TrainConfig: loading from TOML/YAML, CLI overrides, and validation errors that name the field."""
import os

import pytest

from procgym.training.config import ConfigError, TrainConfig, load_config

EXAMPLE = os.path.join(os.path.dirname(__file__), "..", "..", "training", "configs", "tiny_cpu.toml")


def test_defaults_are_valid_and_every_field_is_documented():
    cfg = TrainConfig().validated()
    assert cfg.levels == [1] and cfg.batch_episodes == cfg.prompts_per_step * cfg.group_size
    import inspect

    source = inspect.getsource(TrainConfig)
    assert not [name for name in cfg.to_dict() if not _documented(source, name)]


def _documented(source: str, name: str) -> bool:
    """A field is documented by the docstring line after it, or (for self-evident optimizer
    knobs) by its group comment."""
    lines = source.splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith(f"{name}:"):
            nxt = lines[i + 1].strip() if i + 1 < len(lines) else ""
            return nxt.startswith('"""') or name in ("weight_decay", "adam_beta1", "adam_beta2", "min_lr_ratio",
                                                     "lora_alpha", "lora_dropout", "lora_target_modules")
    return False


def test_example_config_loads_and_tables_are_flattened():
    cfg = load_config(EXAMPLE)
    assert cfg.model == "tiny" and cfg.tasks == ["arithmetic/expression_value"] and cfg.epsilon_high == 0.28
    assert cfg.loss_aggregation == "token_mean" and cfg.device == "cpu"


def test_overrides_are_typed_from_text():
    cfg = load_config(EXAMPLE, ["steps=7", "learning_rate=3e-4", "drop_zero_variance=true", "loss.kl_beta=0.05",
                                "tasks=graphs/*,arithmetic/*", "difficulty=1-3", "max_turns=3"])
    assert (cfg.steps, cfg.learning_rate, cfg.drop_zero_variance, cfg.kl_beta) == (7, 3e-4, True, 0.05)
    assert cfg.tasks == ["graphs/*", "arithmetic/*"] and cfg.levels == [1, 2, 3] and cfg.max_turns == 3
    assert load_config(None, ['tasks=["a/b", "c/*"]', "difficulty=curriculum"]).levels is None
    assert load_config(None, ["difficulty=4"]).difficulty == 4


def test_yaml_config(tmp_path):
    pytest.importorskip("yaml")
    path = tmp_path / "c.yaml"
    path.write_text("model: tiny\nloss:\n  advantage_scaling: none\n  loss_aggregation: constant\nsteps: 2\n")
    cfg = load_config(path)
    assert (cfg.advantage_scaling, cfg.loss_aggregation, cfg.steps) == ("none", "constant", 2)


@pytest.mark.parametrize("override,message", [
    ("group_size=1", "group_size must be >= 2, got 1"),
    ("group_size=two", "group_size must be an integer, got 'two'"),
    ("advantage_scaling=mean", "advantage_scaling must be one of ['group', 'batch', 'none'], got 'mean'"),
    ("loss_aggregation=sum", "loss_aggregation must be one of"),
    ("lr_schedule=linear", "lr_schedule must be one of ['constant', 'cosine'], got 'linear'"),
    ("backend=tgi", "backend must be one of ['transformers', 'vllm'], got 'tgi'"),
    ("temperature=0", "temperature must be > 0"),
    ("top_p=1.5", "top_p must be between"),
    ("epsilon_low=-0.1", "epsilon_low must be between 0.0 and 1.0, got -0.1"),
    ("difficulty=21", "difficulty must be a level 1-20"),
    ("difficulty=hard", "difficulty must be a level 1-20"),
    ("mask_truncated=maybe", "mask_truncated must be true or false, got 'maybe'"),
    ("lr=1e-3", "unknown config key 'lr'; did you mean learning_rate"),
    ("group_sise=4", "did you mean group_size"),
    ("steps", "an override must look like key=value"),
    ("max_episode_tokens=100", "max_episode_tokens must exceed max_prompt_tokens"),
    ("device=tpu", "device must be auto, cpu, cuda or cuda:N, got 'tpu'"),
    ("scheduler=sec", "scheduler must be one of ['bandit', 'ucb', 'uniform'], got 'sec'"),
    ("tasks=[1, 2]", "tasks must be a list of strings"),
])
def test_bad_values_name_the_field_and_the_value(override, message):
    with pytest.raises(ConfigError) as info:
        load_config(EXAMPLE, [override])
    assert message in str(info.value)


def test_bad_file_values_and_files(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('steps = "many"\n')
    with pytest.raises(ConfigError, match="steps must be an integer, got 'many'"):
        load_config(bad)
    bad.write_text("steps = true\n")
    with pytest.raises(ConfigError, match="steps must be an integer, got True"):
        load_config(bad)
    bad.write_text("steps = = 3\n")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load_config(bad)
    bad.write_text("[a]\nseed = 1\n[b]\nseed = 2\n")
    with pytest.raises(ConfigError, match="'seed' is set twice"):
        load_config(bad)
    (tmp_path / "x.json").write_text("{}")
    with pytest.raises(ConfigError, match="must end in .toml"):
        load_config(tmp_path / "x.json")
    with pytest.raises(FileNotFoundError):
        load_config(tmp_path / "missing.toml")


def test_vllm_needs_a_gpu_and_lora_needs_peft(monkeypatch):
    with pytest.raises(ConfigError, match="needs a GPU"):
        load_config(None, ["backend=vllm", "device=cpu"])
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "peft" else real(name, *a))
    with pytest.raises(ConfigError, match="lora_r=8 needs the peft package"):
        load_config(None, ["lora_r=8"])


def test_cli_train_reports_config_errors(capsys):
    from procgym.cli import main

    assert main(["train", "--config", EXAMPLE, "kl_beta=-1"]) == 2
    assert "kl_beta must be >= 0.0, got -1.0" in capsys.readouterr().err
    assert main(["train", "--config", EXAMPLE, "--print-config", "steps=3"]) == 0
    assert "steps = 3" in capsys.readouterr().out


def test_knob_overrides_apply_to_the_tasks_that_declare_them():
    from procgym.training.trainer import check_knobs, task_overrides

    cfg = load_config(None, ["knobs=operand_max=5,negatives=false,operators=+-"])
    assert cfg.knob_overrides == {"operand_max": 5, "negatives": False, "operators": "+-"}
    names = ["arithmetic/expression_value", "graphs/shortest_path"]
    check_knobs(cfg, names)
    assert task_overrides(cfg, "arithmetic/expression_value") == cfg.knob_overrides
    assert task_overrides(cfg, "graphs/shortest_path") == {}
    with pytest.raises(ConfigError, match="no selected task declares negatives, operand_max, operators"):
        check_knobs(cfg, ["graphs/shortest_path"])
    with pytest.raises(ConfigError, match="knobs must be name=value"):
        load_config(None, knobs=["operand_max"])
