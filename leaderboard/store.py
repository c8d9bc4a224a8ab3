"""An append-only JSONL record store that survives crashes without losing a finished record.

The first line is the run header; every later line is one finished episode. Each append is
written in one call, flushed and fsynced before the evaluator moves on, so a crash loses at most
the episode in flight. A crash mid-write can leave a truncated last line: opening the store
detects it (no newline at the end, or not valid JSON) and cuts it off. Any other bad line is
corruption and is reported, never silently skipped.
"""
from __future__ import annotations

import json
import os
import threading


class StoreMismatch(ValueError):
    """The file belongs to a run with other settings."""


def _repair_tail(path: str) -> int:
    """Cut a truncated last line off `path`; returns the number of bytes dropped."""
    with open(path, "rb+") as f:
        data = f.read()
        keep = len(data)
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1
        else:
            last_start = data.rfind(b"\n", 0, len(data) - 1) + 1
            try:
                if data:
                    json.loads(data[last_start:])
            except ValueError:
                keep = last_start
        if keep != len(data):
            f.truncate(keep)
            f.flush()
            os.fsync(f.fileno())
        return len(data) - keep


def read_lines(path: str) -> list[dict]:
    """Every line of a store as a dict; a bad line other than a truncated last one is an error."""
    out = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                out.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: corrupt record ({exc.msg}); the file was edited by hand?") from None
    return out


class RecordStore:
    """`RecordStore(path, header)`: opens (or creates) a store for the run described by `header`.

    `done` holds the keys of the records already written; `append(record)` adds one durably.
    """

    def __init__(self, path: str, header: dict, key: str = "key", identity: tuple[str, ...] | None = None):
        self.path, self.key = path, key
        self.dropped_bytes = 0
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        if os.path.exists(path) and os.path.getsize(path):
            self.dropped_bytes = _repair_tail(path)
        lines = read_lines(path) if os.path.exists(path) else []
        if lines:
            stored = lines[0]
            fields = identity or tuple(header)
            diff = [f for f in fields if stored.get(f) != header.get(f)]
            if stored.get("type") != header.get("type") or diff:
                raise StoreMismatch(f"{path} holds a run with other {', '.join(diff) or 'content'}; "
                                    "pass another --name, or delete the file to start over")
            self.header = stored
        else:
            self.header = header
        self.records = [line for line in lines[1:] if line.get("type") == "episode"]
        self.done = {r[key] for r in self.records}
        self._lock = threading.Lock()
        self._file = open(path, "a", encoding="utf-8")
        if not lines:
            self._write(header)

    def _write(self, value: dict) -> None:
        line = json.dumps(value, sort_keys=True, ensure_ascii=False) + "\n"
        self._file.write(line)
        self._file.flush()
        os.fsync(self._file.fileno())

    def append(self, record: dict) -> None:
        with self._lock:
            if record.get("type") == "episode":
                if record[self.key] in self.done:
                    raise ValueError(f"record {record[self.key]!r} is already in {self.path}")
                self.done.add(record[self.key])
                self.records.append(record)
            self._write(record)

    def lines(self) -> list[dict]:
        return read_lines(self.path)

    def close(self) -> None:
        self._file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
