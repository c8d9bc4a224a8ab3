"""Seeded datasets as JSONL: deterministic, shardable, and resumable after a kill.

The i-th record of a dataset depends only on (task selection, levels, master seed, i): its task is
`names[i % len(names)]`, its level cycles through `levels`, and its seed is
`dataset_seed(master_seed, i)`. Shard k of n holds the indices i with i % n == k, so shards can be
written by separate processes and concatenated.

    write_jsonl("train.jsonl", select("graphs/*"), levels=[3, 5], n=10_000, master_seed=0)
"""
from __future__ import annotations

import json
import os
from typing import Iterator, Sequence

from .registry import get
from .seeding import dataset_seed


def record(names: Sequence[str], levels: Sequence[int], master_seed: int, index: int,
           answer_style: str = "tag", knobs: dict | None = None) -> dict:
    """The dataset's `index`-th problem record, with its index."""
    name = names[index % len(names)]
    level = levels[(index // len(names)) % len(levels)]
    problem = get(name).generate(dataset_seed(master_seed, index), level, answer_style, **(knobs or {}))
    return {"index": index, **problem.to_dict()}


def shard_indices(n: int, shard: tuple[int, int] = (0, 1)) -> range:
    k, count = shard
    if count < 1 or not 0 <= k < count:
        raise ValueError(f"shard must be i/n with 0 <= i < n, got {k}/{count}")
    return range(k, n, count)


def parse_shard(text: str) -> tuple[int, int]:
    """"2/8" -> (2, 8)."""
    try:
        k, count = (int(x) for x in text.split("/"))
    except ValueError:
        raise ValueError(f"shard must look like i/n (e.g. 0/4), got {text!r}") from None
    shard_indices(0, (k, count))
    return k, count


def parse_levels(text: str) -> list[int]:
    """"5" -> [5]; "1-10" -> [1..10]; "1,5,10" -> [1, 5, 10]."""
    levels = []
    for part in str(text).split(","):
        part = part.strip()
        lo, _, hi = part.partition("-")
        try:
            levels.extend(range(int(lo), int(hi) + 1) if hi else [int(lo)])
        except ValueError:
            raise ValueError(f"levels must look like 5, 1-10 or 1,5,10; got {text!r}") from None
    if not levels or any(not 1 <= lv <= 10 for lv in levels):
        raise ValueError(f"levels must be between 1 and 10, got {text!r}")
    return levels


def completed_records(path: str) -> int:
    """Count complete lines in `path`, cutting off a partial last line left by a kill."""
    if not os.path.exists(path):
        return 0
    with open(path, "rb+") as f:
        data = f.read()
        keep = data.rfind(b"\n") + 1
        if keep != len(data):
            f.truncate(keep)
    return data[:keep].count(b"\n")


def last_line(path: str) -> str | None:
    with open(path, "rb") as f:
        f.seek(0, os.SEEK_END)
        size = f.tell()
        f.seek(max(0, size - 1_000_000))
        lines = f.read().splitlines()
    return lines[-1].decode() if lines else None


def write_jsonl(path: str, names: Sequence[str], levels: Sequence[int], n: int, master_seed: int = 0,
                shard: tuple[int, int] = (0, 1), answer_style: str = "tag", knobs: dict | None = None,
                progress: bool = True) -> int:
    """Write (or finish writing) a dataset shard; returns the number of records written now.

    Rerunning the same command after a kill continues where the file ends, with no duplicated
    or missing records. A file written with other arguments is refused, not appended to.
    """
    from tqdm import tqdm

    indices = shard_indices(n, shard)
    done = completed_records(path)
    if done > len(indices):
        raise ValueError(f"{path} has {done} records, more than this shard's {len(indices)}: other arguments?")
    if done:
        expected = record(names, levels, master_seed, indices[done - 1], answer_style, knobs)
        if json.loads(last_line(path)) != expected:
            raise ValueError(f"{path} was written with other arguments (tasks, levels, seed, shard or knobs); "
                             "choose another --out or delete it")
    written = 0
    with open(path, "a", encoding="utf-8") as f, tqdm(total=len(indices), initial=done, disable=not progress,
                                                     unit="problem", desc=os.path.basename(path)) as bar:
        for i in indices[done:]:
            f.write(json.dumps(record(names, levels, master_seed, i, answer_style, knobs), sort_keys=True) + "\n")
            written += 1
            bar.update()
            if written % 256 == 0:
                f.flush()
    return written


def read_jsonl(path: str) -> Iterator[tuple[int, dict | None, str | None]]:
    """(line number, record, None) for each good line; (line number, None, error) for a bad one."""
    with open(path, encoding="utf-8", errors="replace") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                value = json.loads(line)
            except json.JSONDecodeError as exc:
                yield number, None, f"not valid JSON ({exc.msg} at column {exc.colno})"
                continue
            if not isinstance(value, dict):
                yield number, None, "not a JSON object"
                continue
            yield number, value, None
