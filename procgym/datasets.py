"""Seeded datasets as JSONL: deterministic, shardable, and resumable after a kill.

The i-th record of a dataset depends only on (task selection, levels, master seed, i): its task is
`names[i % len(names)]`, its level cycles through `levels`, and its seed is
`dataset_seed(master_seed, i)`. A level past a task's highest (a task that caps below 20) is
generated at that task's highest level, and the record's `difficulty` says so. Shard k of n holds the indices i with i % n == k, so shards can be
written by separate processes and concatenated.

    write_jsonl("train.jsonl", select("graphs/*"), levels=[3, 5], n=10_000, master_seed=0)
"""
from __future__ import annotations

import json
import os
from typing import Iterator, Sequence

from .knobs import HEADROOM_LEVEL
from .registry import get, select
from .seeding import dataset_seed


def record(names: Sequence[str], levels: Sequence[int], master_seed: int, index: int,
           answer_style: str = "tag", knobs: dict | None = None) -> dict:
    """The dataset's `index`-th problem record, with its index."""
    name = names[index % len(names)]
    task = get(name)
    level = min(levels[(index // len(names)) % len(levels)], task.max_level)
    problem = task.generate(dataset_seed(master_seed, index), level, answer_style, **(knobs or {}))
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


def parse_levels(text: str, highest: int = HEADROOM_LEVEL) -> list[int]:
    """"5" -> [5]; "1-10" -> [1..10]; "1,5,20" -> [1, 5, 20] (levels 1 to `highest`)."""
    levels = []
    for part in str(text).split(","):
        part = part.strip()
        lo, _, hi = part.partition("-")
        try:
            levels.extend(range(int(lo), int(hi) + 1) if hi else [int(lo)])
        except ValueError:
            raise ValueError(f"levels must look like 5, 1-10 or 1,5,10; got {text!r}") from None
    if not levels or any(not 1 <= lv <= highest for lv in levels):
        raise ValueError(f"levels must be between 1 and {highest}, got {text!r}")
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


# ------------------------------------------------------------------------------ Parquet, HF datasets, Ray
# Parquet and Hugging Face datasets need the `hf` extra (pyarrow, datasets); Ray the `ray` extra.
# Every path below builds rows through build_block, and files through parquet.ParquetSink, so one
# process, a pool of processes and a Ray pipeline write byte-identical files.

BLOCK = 1024  # records per unit of work (a pool task, a Ray block)


def _names(tasks) -> list[str]:
    return list(select(tasks)) if isinstance(tasks, str) else list(tasks)


def _levels(levels) -> list[int]:
    return parse_levels(levels) if isinstance(levels, (str, int)) else list(levels)


def build_block(spec: dict, start: int, stop: int, step: int = 1):
    """Records range(start, stop, step) of the dataset `spec` describes, as an Arrow table of the
    spec's layout. `spec`: names, levels, master_seed, answer_style, knobs, system, layout."""
    from . import parquet

    _, to_row = parquet.layout_of(spec["layout"])
    rows = [to_row(record(spec["names"], spec["levels"], spec["master_seed"], i, spec["answer_style"], spec["knobs"]),
                   spec["system"]) for i in range(start, stop, step)]
    return parquet.to_table(rows, spec["layout"])


def _build_block_args(args):
    return build_block(*args)


def _blocks(indices: range, block: int) -> list[range]:
    return [indices[i:i + block] for i in range(0, len(indices), block)]


def _spec(names, levels, master_seed, answer_style, knobs, system, layout) -> dict:
    return {"names": list(names), "levels": list(levels), "master_seed": int(master_seed),
            "answer_style": answer_style, "knobs": knobs or {}, "system": system, "layout": layout}


def write_parquet(path: str, names: Sequence[str], levels: Sequence[int], n: int, master_seed: int = 0,
                  shard: tuple[int, int] = (0, 1), answer_style: str = "tag", knobs: dict | None = None,
                  system: str | None = None, layout: str = "procgym", workers: int = 1, progress: bool = True) -> int:
    """Write a dataset shard as Parquet (schema: procgym.parquet); returns the records written now.

    `workers` > 1 generates blocks in a pool of spawned processes (in a script, call this under
    `if __name__ == "__main__":`); the file is byte-identical to workers=1.
    A finished file written with the same arguments is left alone (0 records); one written with
    other arguments is refused. The file appears under `path` only when complete (written to
    `path.partial` first), so a killed run starts afresh.
    """
    from tqdm import tqdm

    from . import parquet

    indices = shard_indices(n, shard)
    metadata = parquet.generation_metadata(names, levels, n, master_seed, shard, answer_style, knobs, system, layout)
    if parquet.check_existing(path, metadata):
        return 0
    spec = _spec(names, levels, master_seed, answer_style, knobs, system, layout)
    jobs = [(spec, r.start, r.stop, r.step) for r in _blocks(indices, BLOCK)]
    with parquet.ParquetSink(path, metadata, layout) as sink, \
            tqdm(total=len(indices), disable=not progress, unit="problem", desc=os.path.basename(path)) as bar:
        if workers > 1:
            import multiprocessing

            pool = multiprocessing.get_context("spawn").Pool(workers)
            try:
                for table in pool.imap(_build_block_args, jobs):  # imap keeps the blocks in order
                    sink.write_table(table)
                    bar.update(table.num_rows)
                pool.close()
            except BaseException:
                pool.terminate()
                raise
            finally:
                pool.join()
        else:
            for job in jobs:
                table = build_block(*job)
                sink.write_table(table)
                bar.update(table.num_rows)
    return len(indices)


def write_parquet_ray(path: str, names: Sequence[str], levels: Sequence[int], n: int, master_seed: int = 0,
                      answer_style: str = "tag", knobs: dict | None = None, system: str | None = None,
                      layout: str = "procgym", address: str | None = None, block: int = BLOCK,
                      progress: bool = True) -> int:
    """Generate a dataset as a Ray Data pipeline and write it as one Parquet file; returns the count.

    The index range is split into blocks of `block` records; Ray generates them on the cluster's
    workers and the driver streams them, in index order, into the same writer the single-process
    path uses: the file is byte-identical to `write_parquet(path, ..., shard=(0, 1))`.
    `address` is passed to ray.init ("auto" for a running cluster, "ray://host:10001" for Ray
    Client, None for a local instance) unless Ray is already initialised. Needs the `ray` extra,
    and procgym installed on every node.
    """
    try:
        import ray
        import ray.data
    except ImportError:
        raise ValueError("distributed generation needs Ray (the ray extra): pip install -e '.[ray]'") from None
    from tqdm import tqdm

    from . import parquet

    if block < 1:
        raise ValueError(f"block must be >= 1, got {block}")
    metadata = parquet.generation_metadata(names, levels, n, master_seed, (0, 1), answer_style, knobs, system, layout)
    if parquet.check_existing(path, metadata):
        return 0
    started = not ray.is_initialized()
    if started:
        ray.init(address=address, include_dashboard=False, logging_level="WARNING", log_to_driver=False)
    try:
        spec = _spec(names, levels, master_seed, answer_style, knobs, system, layout)
        context = ray.data.DataContext.get_current()
        saved = (context.execution_options.preserve_order, context.enable_progress_bars)
        context.execution_options.preserve_order = True  # blocks come back in index order
        context.enable_progress_bars = False
        try:
            items = [{"start": s, "stop": min(s + block, n)} for s in range(0, n, block)]
            dataset = ray.data.from_items(items, override_num_blocks=max(len(items), 1)).map_batches(
                _ray_blocks, fn_kwargs={"spec": spec}, batch_size=1, batch_format="pyarrow")
            with parquet.ParquetSink(path, metadata, layout) as sink, \
                    tqdm(total=n, disable=not progress, unit="problem", desc=os.path.basename(path)) as bar:
                for table in dataset.iter_batches(batch_size=None, batch_format="pyarrow"):
                    sink.write_table(table.select(list(sink.schema.names)).cast(sink.schema.remove_metadata()))
                    bar.update(table.num_rows)
        finally:  # leave the caller's Ray Data settings as they were
            context.execution_options.preserve_order, context.enable_progress_bars = saved
        return n
    finally:
        if started:
            ray.shutdown()


def _ray_blocks(batch, spec: dict):
    """The Ray Data map: a batch of {start, stop} items -> the records of those index ranges."""
    import pyarrow as pa

    return pa.concat_tables([build_block(spec, item["start"], item["stop"]) for item in batch.to_pylist()])


def merge_parquet(paths: Sequence[str], out: str) -> int:
    """Merge the shard files of one dataset (written with --shard k/n, any n) into one file in
    index order; returns its record count. The result is byte-identical to writing the whole
    dataset in one process. Shards of different datasets, or missing shards, are refused."""
    import pyarrow as pa
    import pyarrow.compute
    import pyarrow.parquet

    from . import parquet

    metas = [parquet.read_metadata(p) for p in paths]
    for path, meta in zip(paths, metas):
        if meta is None:
            raise ValueError(f"{path} has no procgym metadata: not a file written by procgym generate")
    base = {k: v for k, v in metas[0].items() if k != "shard"}
    count = metas[0]["shard"][1]
    for path, meta in zip(paths, metas):
        if {k: v for k, v in meta.items() if k != "shard"} != base or meta["shard"][1] != count:
            raise ValueError(f"{path} belongs to another dataset than {paths[0]} (other arguments or shard count)")
    have = sorted(meta["shard"][0] for meta in metas)
    if have != list(range(count)):
        raise ValueError(f"merging needs every shard 0..{count - 1} exactly once, got {have}")
    table = pa.concat_tables([pa.parquet.read_table(p) for p in paths])
    table = table.take(pa.compute.sort_indices(table["index"]))
    if table["index"].to_pylist() != list(range(base["n"])):
        raise ValueError(f"the shards hold {table.num_rows} records, not the dataset's {base['n']} records 0..n-1")
    metadata = {**base, "shard": [0, 1]}
    if parquet.check_existing(out, metadata):
        return 0
    with parquet.ParquetSink(out, metadata, base.get("layout", "procgym")) as sink:
        sink.write_table(table.replace_schema_metadata(None))
    return table.num_rows


def read_records(path: str, field: str = "response") -> Iterator[tuple[int, dict | None, str | None]]:
    """(number, record, None) per good record and (number, None, error) per bad one, of a JSONL
    file (numbers are lines) or a Parquet file (.parquet; numbers are rows, see parquet.read_records).
    A Parquet file missing a needed column raises ValueError naming it."""
    if str(path).endswith(".parquet"):
        from . import parquet

        return parquet.read_records(path, field)
    return read_jsonl(path)


def hf_features():
    """The Hugging Face `datasets.Features` of procgym's Parquet schema."""
    import datasets as hf

    from . import parquet

    return hf.Features.from_arrow_schema(parquet.schema())


def hf_dataset(tasks="*", levels="1-10", n: int = 1000, master_seed: int = 0, *, answer_style: str = "tag",
               knobs: dict | None = None, system: str | None = None, shard: tuple[int, int] = (0, 1)):
    """A Hugging Face `datasets.Dataset` of `n` seeded problems (procgym's Parquet schema:
    chat `prompt`, `answer`, `task`, `category`, `difficulty`, `seed`, `index`, `problem`).

    `tasks`: globs ("graphs/*,logic/*") or a list of names; `levels`: "1-10", "5", [1, 5] ...
    The rows are the records `procgym generate` writes for the same arguments.
    """
    import datasets as hf
    import pyarrow as pa

    from . import parquet

    names, levels = _names(tasks), _levels(levels)
    spec = _spec(names, levels, master_seed, answer_style, knobs, system, "procgym")
    tables = [build_block(spec, r.start, r.stop, r.step) for r in _blocks(shard_indices(n, shard), BLOCK)]
    table = pa.concat_tables(tables) if tables else parquet.to_table([])
    return hf.Dataset(table)


def _endless_records(shards, names, levels, master_seed, answer_style, knobs, system):
    from . import parquet

    for k, count in shards:
        i = k
        while True:
            yield parquet.to_row(record(names, levels, master_seed, i, answer_style, knobs), system)
            i += count


def hf_iterable_dataset(tasks="*", levels="1-10", master_seed: int = 0, *, answer_style: str = "tag",
                        knobs: dict | None = None, system: str | None = None, num_shards: int = 1):
    """An endless Hugging Face `datasets.IterableDataset` of seeded problems, generated on the fly.

    With num_shards=1 it yields records 0, 1, 2, ... of the dataset `hf_dataset` builds for the
    same arguments. With num_shards=S, shard k yields records k, k+S, k+2S, ...: give S >= the
    number of DataLoader workers (or nodes, with datasets.distributed.split_dataset_by_node) so
    each worker streams its own shard. A single reader only ever reads shard 0 (it never ends).
    """
    import datasets as hf

    if num_shards < 1:
        raise ValueError(f"num_shards must be >= 1, got {num_shards}")
    names, levels = _names(tasks), _levels(levels)
    return hf.IterableDataset.from_generator(
        _endless_records, features=hf_features(),
        # Only `shards` may be a list: datasets splits list-valued gen_kwargs between workers.
        gen_kwargs={"shards": [(k, num_shards) for k in range(num_shards)], "names": tuple(names),
                    "levels": tuple(levels),
                    "master_seed": int(master_seed), "answer_style": answer_style, "knobs": knobs or {},
                    "system": system})


def read_many(paths: Sequence[str], field: str = "response") -> Iterator[tuple[str, int, dict | None, str | None]]:
    """read_records over several files: (path, number, record, error). A file that cannot be read
    at all (missing, not Parquet, a missing column) gives one (path, 0, None, error) and the next
    file is read."""
    for path in paths:
        try:
            for number, rec, error in read_records(path, field):
                yield path, number, rec, error
        except (OSError, ValueError) as exc:
            message = str(exc)
            yield path, 0, None, message[len(path) + 2:] if message.startswith(f"{path}: ") else message


def write_dataset(path: str, fmt: str, names: Sequence[str], levels: Sequence[int], n: int, master_seed: int = 0,
                  shard: tuple[int, int] = (0, 1), answer_style: str = "tag", knobs: dict | None = None,
                  system: str | None = None, ray_address: str | None = None, progress: bool = True) -> int:
    """`procgym generate` for every format: "jsonl" (write_jsonl), "parquet" (procgym's schema) or
    "verl" (verl's layout), in this process or, with `ray_address`, on Ray ("local" starts a
    local instance). Ray always writes Parquet, the whole dataset into one file."""
    if fmt not in ("jsonl", "parquet", "verl"):
        raise ValueError(f"format must be jsonl, parquet or verl, got {fmt!r}")
    if ray_address is not None:
        if shard != (0, 1):
            raise ValueError("--ray generates the whole dataset; drop --shard")
        layout = "verl" if fmt == "verl" else "procgym"
        return write_parquet_ray(path, names, levels, n, master_seed, answer_style, knobs, system, layout,
                                 address=None if ray_address == "local" else ray_address, progress=progress)
    if fmt == "jsonl":
        if system is not None:
            raise ValueError("--system applies to the Parquet formats (JSONL records hold the bare prompt)")
        return write_jsonl(path, names, levels, n, master_seed, shard, answer_style, knobs, progress)
    return write_parquet(path, names, levels, n, master_seed, shard, answer_style, knobs, system,
                         layout="verl" if fmt == "verl" else "procgym", progress=progress)
