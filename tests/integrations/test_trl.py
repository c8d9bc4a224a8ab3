"""TRL: GRPOTrainer trains for 2 steps on CPU with a tiny from-scratch model and procgym rewards."""
import json

import pytest

pytest.importorskip("trl", reason="the trl extra is not installed (pip install -e '.[trl]')")
pytest.importorskip("datasets", reason="the hf extra is not installed (pip install -e '.[hf]')")

import procgym  # noqa: E402
from procgym.training.adapters import trl as adapter  # noqa: E402

TASKS = ["arithmetic/expression_value", "logic/syllogism"]


def test_reward_is_the_verifier_reward_on_each_completion():
    rows = adapter.grpo_dataset(TASKS, levels=[1], n=2)
    problems = rows["problem"]
    right = [f"<answer>{json.loads(p)['answer']}</answer>" for p in problems]
    wrong = ["<answer>definitely not</answer>", "no answer at all"]
    # Conversational completions (GRPOTrainer's form for chat prompts) and plain strings.
    completions = [[{"role": "assistant", "content": text}] for text in right] + wrong
    logged = {}
    rewards = adapter.procgym_reward(prompts=None, completions=completions, problem=list(problems) * 2,
                                     log_metric=lambda name, value: logged.setdefault(name, value))
    assert rewards == [1.0, 1.0, 0.0, 0.0]
    assert logged == {"procgym/accuracy": 0.5}


def test_reward_rejects_a_dataset_without_problem_records():
    with pytest.raises(ValueError, match="problem"):
        adapter.procgym_reward(prompts=["x"], completions=["y"])
    with pytest.raises(ValueError, match="problem record"):
        adapter.procgym_reward(prompts=["x"], completions=["y"], problem=["not json"])


def test_completion_text_joins_assistant_content_blocks():
    assert adapter.completion_text([{"role": "assistant", "content": [{"type": "text", "text": "a"},
                                                                      {"type": "text", "text": "b"}]}]) == "ab"
    assert adapter.completion_text("plain") == "plain"


def test_grpo_trainer_two_steps_rewards_come_from_procgym_verify(tmp_path, monkeypatch):
    torch = pytest.importorskip("torch")
    from trl import GRPOConfig, GRPOTrainer

    from procgym.training.tiny import build_tiny_model

    torch.set_num_threads(1)
    model_path = build_tiny_model(tmp_path / "tiny", seed=0)
    dataset = adapter.grpo_dataset(TASKS, levels=[1], n=8, system="Answer briefly.")
    assert dataset[0]["prompt"][0] == {"role": "system", "content": "Answer briefly."}

    # Spy on the verifier the adapter calls: every reward must be a procgym verdict's reward.
    calls = []
    real_verify = adapter.verify

    def spy(problem, text):
        verdict = real_verify(problem, text)
        calls.append((problem["task"], text, verdict.reward))
        return verdict

    monkeypatch.setattr(adapter, "verify", spy)
    seen = []

    def reward(prompts, completions, problem, **kwargs):
        values = adapter.procgym_reward(prompts, completions, problem, **kwargs)
        seen.append((completions, problem, values))
        return values

    reward.__name__ = "procgym_reward"
    args = GRPOConfig(output_dir=str(tmp_path / "out"), max_steps=2, per_device_train_batch_size=4,
                      num_generations=2, max_completion_length=8, learning_rate=1e-3, logging_steps=1,
                      report_to=[], save_strategy="no", use_cpu=True, bf16=False, seed=0,
                      dataloader_num_workers=0, temperature=1.0)
    trainer = GRPOTrainer(model=model_path, reward_funcs=reward, train_dataset=dataset, args=args)
    trainer.train()

    assert len(seen) == 2  # one reward call per step
    assert len(calls) == sum(len(values) for _, _, values in seen) == 2 * 4
    for completions, problems, values in seen:
        # Recompute independently with procgym.verify on the logged completions.
        expected = [procgym.verify(json.loads(p), adapter.completion_text(c)).reward
                    for p, c in zip(problems, completions)]
        assert values == expected
        assert {json.loads(p)["task"] for p in problems} <= set(TASKS)
    logged = [entry for entry in trainer.state.log_history if "rewards/procgym_reward/mean" in entry]
    assert len(logged) == 2
    for entry, (_, _, values) in zip(logged, seen):
        assert entry["rewards/procgym_reward/mean"] == pytest.approx(sum(values) / len(values))
        assert entry["procgym/accuracy"] == pytest.approx(sum(v == 1.0 for v in values) / len(values))
