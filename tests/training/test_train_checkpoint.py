"""Checkpoints: atomic writes, manifest verification, fallback past damaged ones, pruning, RNGs."""
import os
import random

import numpy as np
import pytest
import torch

from procgym.training import checkpoint as ck


@pytest.fixture
def parts(tiny):
    model, tok = tiny
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: 1.0)
    return dict(model=model, tokenizer=tok, optimizer=opt, lr_scheduler=sched)


def save(run, step, parts, **kw):
    return ck.save_checkpoint(run, step, state={"scheduler": {"n": step}, "config": {"seed": 0}}, **parts, **kw)


def test_checkpoint_contents_and_manifest(tmp_path, parts):
    path = save(tmp_path, 3, parts)
    assert os.path.basename(path) == "step_00000003"
    names = set(os.listdir(path))
    assert {"model", "optimizer.pt", "lr_scheduler.pt", "rng.pt", "state.json", "MANIFEST.json"} <= names
    assert {"config.json", "model.safetensors", "tokenizer.json"} <= set(os.listdir(os.path.join(path, "model")))
    assert ck.verify_checkpoint(path) is None
    import json

    manifest = json.load(open(os.path.join(path, "MANIFEST.json")))["files"]
    assert "state.json" in manifest and "model/model.safetensors" in manifest
    assert manifest["state.json"]["size"] == os.path.getsize(os.path.join(path, "state.json"))
    state = ck.load_checkpoint_state(path, parts["optimizer"], parts["lr_scheduler"])
    assert state["step"] == 3 and state["scheduler"] == {"n": 3} and state["config"] == {"seed": 0}


def test_a_save_interrupted_before_its_manifest_leaves_no_checkpoint(tmp_path, parts, monkeypatch):
    good = save(tmp_path, 1, parts)

    def crash(folder):
        raise KeyboardInterrupt("killed while saving")

    monkeypatch.setattr(ck, "write_manifest", crash)
    with pytest.raises(KeyboardInterrupt):
        save(tmp_path, 2, parts)
    monkeypatch.undo()
    root = ck.checkpoints_root(tmp_path)
    assert sorted(os.listdir(root)) == [f".tmp-step_00000002-{os.getpid()}", "step_00000001"]
    assert ck.latest_checkpoint(tmp_path) == good
    # A leftover of another (killed) process is cleared by the next save.
    os.rename(os.path.join(root, f".tmp-step_00000002-{os.getpid()}"), os.path.join(root, ".tmp-step_00000002-1"))
    save(tmp_path, 2, parts)
    assert sorted(os.listdir(root)) == ["step_00000001", "step_00000002"]


@pytest.mark.parametrize("damage,reason", [
    ("truncate", "model/model.safetensors has"),
    ("flip", "model/model.safetensors does not match its sha256"),
    ("no_manifest", "no manifest"),
    ("delete", "optimizer.pt is missing"),
    ("garbage_manifest", "unreadable manifest"),
])
def test_damaged_newest_checkpoint_is_reported_and_skipped(tmp_path, parts, damage, reason):
    older = save(tmp_path, 1, parts)
    newest = save(tmp_path, 2, parts)
    weights = os.path.join(newest, "model", "model.safetensors")
    if damage == "truncate":
        with open(weights, "r+b") as f:
            f.truncate(os.path.getsize(weights) // 2)
    elif damage == "flip":
        with open(weights, "r+b") as f:
            f.seek(-5, os.SEEK_END)
            byte = f.read(1)
            f.seek(-5, os.SEEK_END)
            f.write(bytes([byte[0] ^ 0xFF]))
    elif damage == "no_manifest":
        os.remove(os.path.join(newest, "MANIFEST.json"))
    elif damage == "delete":
        os.remove(os.path.join(newest, "optimizer.pt"))
    else:
        open(os.path.join(newest, "MANIFEST.json"), "w").write("{not json")
    reports = []
    assert ck.latest_checkpoint(tmp_path, report=reports.append) == older
    assert len(reports) == 1 and newest in reports[0] and reason in reports[0] and "falling back" in reports[0]


def test_no_checkpoint_and_all_damaged(tmp_path, parts):
    assert ck.latest_checkpoint(tmp_path) is None
    path = save(tmp_path, 1, parts)
    os.remove(os.path.join(path, "MANIFEST.json"))
    assert ck.latest_checkpoint(tmp_path, report=lambda m: None) is None


def test_keep_last_k_and_resaving_a_step(tmp_path, parts):
    for step in range(1, 5):
        save(tmp_path, step, parts, keep=2)
    assert [s for s, _ in ck.list_checkpoints(tmp_path)] == [4, 3]
    again = save(tmp_path, 4, parts, keep=2)
    assert ck.verify_checkpoint(again) is None and [s for s, _ in ck.list_checkpoints(tmp_path)] == [4, 3]


def test_rng_states_round_trip(tmp_path, parts):
    random.seed(1), np.random.seed(2), torch.manual_seed(3)
    path = save(tmp_path, 1, parts)
    expected = (random.random(), float(np.random.rand()), torch.rand(3).tolist())
    random.seed(9), np.random.seed(9), torch.manual_seed(9)
    ck.load_checkpoint_state(path)
    assert (random.random(), float(np.random.rand()), torch.rand(3).tolist()) == expected


def test_optimizer_state_round_trip(tmp_path, tiny):
    import copy

    model = copy.deepcopy(tiny[0])
    opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
    model(input_ids=torch.tensor([[5, 6, 7]]), labels=torch.tensor([[5, 6, 7]])).loss.backward()
    opt.step()
    path = ck.save_checkpoint(tmp_path, 1, model=model, optimizer=opt)
    fresh = torch.optim.AdamW(model.parameters(), lr=1e-2)
    ck.load_checkpoint_state(path, optimizer=fresh)
    a, b = opt.state_dict()["state"], fresh.state_dict()["state"]
    assert a.keys() == b.keys() and all(torch.equal(a[k]["exp_avg"], b[k]["exp_avg"]) for k in a)
