"""Atomic, resumable checkpoints.

    path = save_checkpoint(run_dir, step, model=model, tokenizer=tokenizer, optimizer=opt,
                           lr_scheduler=sched, state={"scheduler": ..., "config": ...}, keep=2)
    found = latest_checkpoint(run_dir)          # newest complete one, or None
    state = load_checkpoint_state(found, optimizer=opt, lr_scheduler=sched)   # restores RNGs too

Layout of <run_dir>/checkpoints/step_00000012/:

    model/            save_pretrained of the model (a LoRA model: its adapter) and the tokenizer
    optimizer.pt      optimizer state_dict
    lr_scheduler.pt   LR scheduler state_dict
    rng.pt            torch CPU (and CUDA) RNG states
    state.json        step, python and numpy RNG states, curriculum scheduler state, config, ...
    MANIFEST.json     size and sha256 of every file above; written last

A checkpoint is written into a temporary folder next to its final place, every file fsynced, the
manifest written and fsynced last, and then the folder renamed into place (a rename is atomic on
one filesystem). A kill at any moment leaves either no step_N folder or a complete one; a folder
damaged afterwards (a truncated or edited file, a missing manifest) fails verification and resume
falls back to the previous checkpoint, saying why.
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import re
import shutil
import sys

MANIFEST = "MANIFEST.json"
REQUIRED = ("state.json", "rng.pt")  # every checkpoint has these; a manifest without them is not one
STEP_DIR = re.compile(r"step_(\d+)")


def checkpoints_root(run_dir) -> str:
    return os.path.join(str(run_dir), "checkpoints")


def _sha256(path: str) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _fsync_file(path: str) -> None:
    with open(path, "rb") as f:
        os.fsync(f.fileno())


def _fsync_dir(path: str) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # some platforms cannot open folders; the rename is still atomic
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _files(root: str) -> list[str]:
    """Relative paths of every file under root, sorted."""
    out = []
    for folder, _, names in os.walk(root):
        out += [os.path.relpath(os.path.join(folder, n), root) for n in names]
    return sorted(out)


# --- RNG states -------------------------------------------------------------------------------

def capture_rng() -> tuple[dict, dict]:
    """(JSON-able python/numpy RNG states, torch RNG tensors)."""
    import numpy as np
    import torch

    version, internal, gauss = random.getstate()
    name, keys, pos, has_gauss, cached = np.random.get_state()
    json_part = {"python": [version, list(internal), gauss],
                 "numpy": [name, keys.tolist(), int(pos), int(has_gauss), float(cached)]}
    torch_part = {"cpu": torch.get_rng_state()}
    if torch.cuda.is_available():
        torch_part["cuda"] = torch.cuda.get_rng_state_all()
    return json_part, torch_part


def restore_rng(json_part: dict, torch_part: dict) -> None:
    import numpy as np
    import torch

    version, internal, gauss = json_part["python"]
    random.setstate((version, tuple(internal), gauss))
    name, keys, pos, has_gauss, cached = json_part["numpy"]
    np.random.set_state((name, np.array(keys, dtype=np.uint32), pos, has_gauss, cached))
    torch.set_rng_state(torch_part["cpu"])
    if "cuda" in torch_part and torch.cuda.is_available():
        torch.cuda.set_rng_state_all(torch_part["cuda"])


# --- saving -------------------------------------------------------------------------------------

def write_manifest(folder: str) -> dict:
    """Record size and sha256 of every file in `folder`, fsync it, and return it."""
    manifest = {"files": {rel: {"size": os.path.getsize(os.path.join(folder, rel)),
                                "sha256": _sha256(os.path.join(folder, rel))}
                          for rel in _files(folder) if rel != MANIFEST}}
    path = os.path.join(folder, MANIFEST)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)
        f.flush()
        os.fsync(f.fileno())
    return manifest


def save_checkpoint(run_dir, step: int, *, model, tokenizer=None, optimizer=None, lr_scheduler=None,
                    state: dict | None = None, keep: int | None = None, model_state: dict | None = None,
                    optimizer_state: dict | None = None) -> str:
    """Write checkpoint `step` atomically; then keep only the newest `keep` checkpoints.

    model_state and optimizer_state, when given, are written instead of the model's and the
    optimizer's own state dicts: the whole states of a sharded (FSDP) model, gathered on this rank
    (training/fsdp.py), in the same format a single process writes."""
    import torch

    root = checkpoints_root(run_dir)
    os.makedirs(root, exist_ok=True)
    final = os.path.join(root, f"step_{step:08d}")
    tmp = os.path.join(root, f".tmp-step_{step:08d}-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    os.makedirs(tmp)

    if model_state is None:
        model.save_pretrained(os.path.join(tmp, "model"))
    else:
        model.save_pretrained(os.path.join(tmp, "model"), state_dict=model_state)
    if tokenizer is not None:
        tokenizer.save_pretrained(os.path.join(tmp, "model"))
    if optimizer_state is not None or optimizer is not None:
        torch.save(optimizer.state_dict() if optimizer_state is None else optimizer_state,
                   os.path.join(tmp, "optimizer.pt"))
    if lr_scheduler is not None:
        torch.save(lr_scheduler.state_dict(), os.path.join(tmp, "lr_scheduler.pt"))
    rng_json, rng_torch = capture_rng()
    torch.save(rng_torch, os.path.join(tmp, "rng.pt"))
    with open(os.path.join(tmp, "state.json"), "w", encoding="utf-8") as f:
        json.dump({"step": step, "rng": rng_json, **(state or {})}, f)

    for rel in _files(tmp):
        _fsync_file(os.path.join(tmp, rel))
    for folder, _, _ in os.walk(tmp):
        _fsync_dir(folder)
    write_manifest(tmp)  # last: its presence says every other file is complete
    _fsync_dir(tmp)

    if os.path.exists(final):  # re-saving a step (a resumed run passing it again): swap, then delete
        stale = os.path.join(root, f".old-step_{step:08d}-{os.getpid()}")
        os.replace(final, stale)
        os.replace(tmp, final)
        shutil.rmtree(stale, ignore_errors=True)
    else:
        os.replace(tmp, final)
    _fsync_dir(root)
    clear_leftovers(run_dir)
    if keep:
        prune(run_dir, keep)
    return final


def list_checkpoints(run_dir) -> list[tuple[int, str]]:
    """(step, path) of every step_N folder, newest first (complete or not)."""
    root = checkpoints_root(run_dir)
    if not os.path.isdir(root):
        return []
    found = []
    for name in os.listdir(root):
        match = STEP_DIR.fullmatch(name)
        if match and os.path.isdir(os.path.join(root, name)):
            found.append((int(match.group(1)), os.path.join(root, name)))
    return sorted(found, reverse=True)


def prune(run_dir, keep: int) -> None:
    """Delete all but the newest `keep` checkpoints.

    Each is first renamed out of the step_N namespace (atomic), then deleted, so a kill in the
    middle of a deletion leaves a leftover for the next save to clear, never a half-deleted
    step_N folder that resume would have to report as damaged."""
    root = checkpoints_root(run_dir)
    for _, path in list_checkpoints(run_dir)[keep:]:
        doomed = os.path.join(root, f".old-{os.path.basename(path)}-{os.getpid()}")
        try:
            os.replace(path, doomed)
        except OSError:
            continue
        shutil.rmtree(doomed, ignore_errors=True)


def clear_leftovers(run_dir) -> None:
    """Delete the temporary folders of saves that other (killed) processes left behind."""
    root = checkpoints_root(run_dir)
    for name in os.listdir(root):
        if name.startswith((".tmp-", ".old-")):
            pid = name.rsplit("-", 1)[-1]
            if pid != str(os.getpid()):  # another process's leftover: that save was interrupted
                shutil.rmtree(os.path.join(root, name), ignore_errors=True)


def verify_checkpoint(path: str) -> str | None:
    """None if the checkpoint is complete and intact, else the reason it is not."""
    manifest_path = os.path.join(path, MANIFEST)
    if not os.path.exists(manifest_path):
        return "no manifest (the save did not finish)"
    try:
        with open(manifest_path, encoding="utf-8") as f:
            files = json.load(f)["files"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return f"unreadable manifest ({type(exc).__name__})"
    if not isinstance(files, dict) or not all(isinstance(m, dict) and isinstance(m.get("size"), int)
                                              and isinstance(m.get("sha256"), str) for m in files.values()):
        return "malformed manifest (each file needs a size and a sha256)"
    missing = [rel for rel in REQUIRED if rel not in files]
    if missing:
        return f"the manifest does not list {', '.join(missing)}"
    for rel, meta in sorted(files.items()):
        full = os.path.join(path, rel)
        if os.path.isabs(rel) or ".." in rel.replace("\\", "/").split("/"):
            return f"the manifest names a path outside the checkpoint: {rel!r}"
        if not os.path.isfile(full):
            return f"{rel} is missing"
        size = os.path.getsize(full)
        if size != meta["size"]:
            return f"{rel} has {size} bytes, the manifest says {meta['size']}"
        if _sha256(full) != meta["sha256"]:
            return f"{rel} does not match its sha256"
    return None


def latest_checkpoint(run_dir, report=None) -> str | None:
    """The newest complete checkpoint; damaged ones are reported (to stderr by default) and skipped."""
    report = report or (lambda message: print(message, file=sys.stderr))
    for step, path in list_checkpoints(run_dir):
        problem = verify_checkpoint(path)
        if problem is None:
            return path
        report(f"checkpoint {path} is damaged ({problem}); falling back to an older one")
    return None


def load_checkpoint_state(path: str, optimizer=None, lr_scheduler=None, restore_rngs: bool = True,
                          set_optimizer_state=None) -> dict:
    """Restore optimizer, LR scheduler and RNG states from a checkpoint; returns state.json.
    `set_optimizer_state`, when given, receives the saved optimizer state dict instead of
    optimizer.load_state_dict (a sharded optimizer sets its shards from the whole state).

    The model itself is loaded by the caller from `<path>/model` (from_pretrained), since how
    depends on the model (a full model or a LoRA adapter over a base)."""
    import torch

    with open(os.path.join(path, "state.json"), encoding="utf-8") as f:
        state = json.load(f)
    if optimizer is not None:
        saved = torch.load(os.path.join(path, "optimizer.pt"), weights_only=True)
        (set_optimizer_state or optimizer.load_state_dict)(saved)
    if lr_scheduler is not None:
        lr_scheduler.load_state_dict(torch.load(os.path.join(path, "lr_scheduler.pt"), weights_only=True))
    if restore_rngs:
        restore_rng(state["rng"], torch.load(os.path.join(path, "rng.pt"), weights_only=True))
    return state
