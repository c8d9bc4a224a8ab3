"""Seeded datasets as Parquet: a documented schema, byte-identical output however it is generated.

Needs the `hf` extra (pyarrow): `pip install -e '.[hf]'`.

Schema (one row per problem; see docs/integrations/datasets.md):

| column       | type                                 | what                                             |
|--------------|--------------------------------------|--------------------------------------------------|
| index        | int64                                | the record's index in the dataset                |
| task         | string                               | "graphs/shortest_path"                           |
| category     | string                               | "graphs"                                         |
| difficulty   | int32 (nullable)                     | level 1-20 (up to the task's highest)            |
| seed         | int64                                | the problem seed (dataset_seed(master, index))   |
| prompt       | list<struct<role, content: string>>  | chat messages: [system message], user prompt     |
| answer       | string                               | the reference answer                             |
| answer_style | string                               | "tag", "boxed" or "raw"                          |
| problem      | string                               | the full problem record as JSON: verifying needs only this |

The file's key-value metadata `procgym` holds the generation arguments (tasks, levels, n, master
seed, shard, answer style, knobs, system prompt) as JSON, so a rerun can tell a finished file
written with the same arguments from one written with others.

Rows go out in index order, in row groups of exactly ROW_GROUP rows, so one process, a pool of
processes and a Ray pipeline write byte-identical files for the same arguments.
"""
from __future__ import annotations

import json
import os
from typing import Iterator, Sequence

ROW_GROUP = 2048
METADATA_KEY = b"procgym"
SCHEMA_VERSION = 1
COLUMNS = ("index", "task", "category", "difficulty", "seed", "prompt", "answer", "answer_style", "problem")


def _pa():
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401
    except ImportError:
        raise ValueError("Parquet needs pyarrow (the hf extra): pip install -e '.[hf]'") from None
    return pyarrow


def schema():
    """The Arrow schema of a procgym Parquet dataset (columns in COLUMNS order)."""
    pa = _pa()
    message = pa.struct([("role", pa.string()), ("content", pa.string())])
    return pa.schema([
        ("index", pa.int64()), ("task", pa.string()), ("category", pa.string()),
        ("difficulty", pa.int32()), ("seed", pa.int64()), ("prompt", pa.list_(message)),
        ("answer", pa.string()), ("answer_style", pa.string()), ("problem", pa.string())])


def chat_prompt(prompt: str, system: str | None = None) -> list[dict]:
    """A problem prompt as chat messages: [system], user."""
    from procgym.envs.chat import to_messages

    return to_messages([{"role": "user", "content": prompt}], system)


def to_row(record: dict, system: str | None = None) -> dict:
    """A dataset record (procgym.datasets.record: an index plus a problem) as a Parquet row."""
    problem = {k: v for k, v in record.items() if k != "index"}
    return {"index": int(record["index"]), "task": problem["task"], "category": problem["task"].split("/", 1)[0],
            "difficulty": problem.get("difficulty"), "seed": int(problem["seed"]),
            "prompt": chat_prompt(problem["prompt"], system), "answer": problem["answer"],
            "answer_style": problem.get("answer_style", "tag"),
            "problem": json.dumps(problem, sort_keys=True)}


def to_table(rows: Sequence[dict], layout: str = "procgym"):
    """Rows (dicts with the layout's columns) as a pyarrow Table with the layout's schema."""
    pa = _pa()
    return pa.Table.from_pylist(list(rows), schema=layout_of(layout)[0]())


def layout_of(name: str):
    """(schema function, row function) of a file layout: "procgym" (this module's schema) or "verl"
    (the layout verl's RLHFDataset reads; procgym.training.adapters.verl)."""
    if name == "procgym":
        return schema, to_row
    if name == "verl":
        from procgym.training.adapters.verl import verl_row, verl_schema

        return verl_schema, verl_row
    raise ValueError(f"the Parquet layout must be 'procgym' or 'verl', got {name!r}")


def generation_metadata(names: Sequence[str], levels: Sequence[int], n: int, master_seed: int,
                        shard: tuple[int, int], answer_style: str, knobs: dict | None, system: str | None,
                        layout: str = "procgym") -> dict:
    """The arguments that determine a dataset file's contents."""
    return {"schema_version": SCHEMA_VERSION, "layout": layout, "tasks": list(names), "levels": list(levels),
            "n": int(n), "master_seed": int(master_seed), "shard": list(shard), "answer_style": answer_style,
            "knobs": knobs or {}, "system": system}


class ParquetSink:
    """Write Arrow tables to a Parquet file in row groups of exactly `row_group` rows, atomically.

    However the incoming tables are cut (one per block, from one process, a pool or Ray), each row
    group is written from one contiguous slice, so the same rows give the same bytes. Rows go to
    `path.partial`; `close()` renames it to `path`, so a killed run never leaves a truncated file
    under the real name. As a context manager, an exception discards the partial file.
    """

    def __init__(self, path: str, metadata: dict, layout: str = "procgym", row_group: int | None = None):
        pa = _pa()
        self.path, self.partial, self.row_group = path, path + ".partial", int(row_group or ROW_GROUP)
        meta = {METADATA_KEY: json.dumps(metadata, sort_keys=True).encode()}
        self.schema = layout_of(layout)[0]().with_metadata(meta)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        self.writer = pa.parquet.ParquetWriter(self.partial, self.schema, compression="zstd")
        self.pending: list = []
        self.pending_rows = 0
        self.written = 0

    def write_table(self, table) -> None:
        """Append rows (a table with the layout's schema, metadata aside)."""
        self.pending.append(table)
        self.pending_rows += table.num_rows
        while self.pending_rows >= self.row_group:
            self._flush(self.row_group)

    def _flush(self, count: int) -> None:
        pa = _pa()
        table = pa.concat_tables(self.pending)
        group = table.slice(0, count).combine_chunks().replace_schema_metadata(self.schema.metadata)
        self.writer.write_table(group, row_group_size=self.row_group)
        rest = table.slice(count)
        self.pending, self.pending_rows = ([rest] if rest.num_rows else []), rest.num_rows
        self.written += count

    def close(self) -> None:
        if self.pending_rows:
            self._flush(self.pending_rows)
        self.writer.close()
        os.replace(self.partial, self.path)

    def abort(self) -> None:
        self.writer.close()
        if os.path.exists(self.partial):
            os.remove(self.partial)

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if kind is None:
            self.close()
        else:
            self.abort()


def read_metadata(path: str) -> dict | None:
    """The procgym generation metadata of a Parquet file (None when it has none)."""
    pa = _pa()
    meta = pa.parquet.read_schema(path).metadata or {}
    return json.loads(meta[METADATA_KEY]) if METADATA_KEY in meta else None


def check_existing(path: str, metadata: dict) -> bool:
    """True when `path` is a finished file written with these arguments (nothing left to do);
    False when it does not exist; ValueError when it was written with other arguments."""
    if not os.path.exists(path):
        return False
    try:
        existing = read_metadata(path)
    except Exception as exc:  # an unreadable file: refuse to overwrite it silently
        raise ValueError(f"{path} exists and is not a readable Parquet file ({exc}); choose another --out "
                         "or delete it") from None
    if existing != metadata:
        raise ValueError(f"{path} was written with other arguments (tasks, levels, n, seed, shard, knobs or "
                         "system prompt); choose another --out or delete it")
    return True


# ------------------------------------------------------------------------------------ reading

def _problem_text(row: dict) -> tuple[str | None, str | None]:
    """The problem-record JSON of a row: the `problem` column, or verl's extra_info.problem."""
    if "problem" in row:
        return row["problem"], None
    extra = row.get("extra_info")
    if isinstance(extra, dict) and isinstance(extra.get("problem"), str):
        return extra["problem"], None
    return None, "no problem record"


def read_records(path: str, field: str = "response",
                 batch_size: int = 1024) -> Iterator[tuple[int, dict | None, str | None]]:
    """(row number, problem record plus `field`, None) per good row of a procgym Parquet file;
    (row number, None, error) per bad row. Row numbers start at 1.

    The record comes from the `problem` column (or, in verl's layout, extra_info.problem) and the
    response from the `field` column. A file missing either column raises ValueError naming them.
    """
    pa = _pa()
    try:
        parquet = pa.parquet.ParquetFile(path)
    except Exception as exc:
        raise ValueError(f"{path}: not a readable Parquet file ({exc})") from None
    names = parquet.schema_arrow.names
    missing = [c for c in ("problem", field) if c not in names and not (c == "problem" and "extra_info" in names)]
    if missing:
        raise ValueError(f"{path}: missing column{'s' if len(missing) > 1 else ''} "
                         f"{', '.join(repr(c) for c in missing)} (columns: {', '.join(names)})")
    columns = [field, "problem" if "problem" in names else "extra_info"]
    number = 0
    for batch in parquet.iter_batches(batch_size=batch_size, columns=columns):
        for row in batch.to_pylist():
            number += 1
            text, error = _problem_text(row)
            if error is None:
                try:
                    record = json.loads(text)
                except (TypeError, json.JSONDecodeError) as exc:
                    error = f"the problem record is not valid JSON ({exc})"
                else:
                    if not isinstance(record, dict):
                        error = "the problem record is not a JSON object"
            if error is not None:
                yield number, None, error
                continue
            yield number, {**record, field: row[field]}, None
