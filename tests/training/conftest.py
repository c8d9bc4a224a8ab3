"""Fixtures for the training tests: a tiny model built once per session, toy tasks per test."""
import importlib.util

import pytest

if importlib.util.find_spec("torch") is None or importlib.util.find_spec("transformers") is None:
    # Without the train extra (pip install -e '.[train]') these tests are not collected at all.
    collect_ignore_glob = ["test_*.py"]
else:
    import torch

    # One intra-op thread: the tiny model gains nothing from more, and on a shared 2-core machine
    # OpenMP threads spinning against other processes make each step many times slower.
    torch.set_num_threads(1)


@pytest.fixture(scope="session")
def tiny_path(tmp_path_factory):
    from procgym.training.tiny import build_tiny_model

    return build_tiny_model(tmp_path_factory.mktemp("tiny") / "model", seed=0)


@pytest.fixture(scope="session")
def tiny(tiny_path):
    """(model, tokenizer) loaded the way any Hugging Face model folder loads. Tests that train
    must copy the model (copy.deepcopy) rather than change this shared one."""
    from transformers import AutoModelForCausalLM, AutoTokenizer

    return AutoModelForCausalLM.from_pretrained(tiny_path), AutoTokenizer.from_pretrained(tiny_path)


@pytest.fixture
def toys():
    from trainkit import toy_tasks

    with toy_tasks() as names:
        yield names
