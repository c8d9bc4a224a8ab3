"""An on-disk cache of chat responses, keyed by a hash of the request, so a rerun costs nothing.

Each entry is one small JSON file written atomically (temporary file, then rename), so a crash
never leaves a half-written entry and parallel workers never see one.
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile


def request_key(request: dict) -> str:
    """The SHA-256 of the request's canonical JSON: same request, same key, in any process."""
    blob = json.dumps(request, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()


class ResponseCache:
    """`get(request)` returns the stored response or None; `put(request, response)` stores it."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = os.fspath(folder)
        os.makedirs(self.folder, exist_ok=True)

    def path(self, request: dict) -> str:
        key = request_key(request)
        return os.path.join(self.folder, key[:2], key + ".json")

    def get(self, request: dict) -> dict | None:
        try:
            with open(self.path(request), encoding="utf-8") as f:
                entry = json.load(f)
        except (FileNotFoundError, json.JSONDecodeError, UnicodeDecodeError):
            return None
        # A hash collision is astronomically unlikely, but a stale or foreign file must not answer.
        return entry.get("response") if entry.get("request") == request else None

    def put(self, request: dict, response: dict) -> None:
        path = self.path(request)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"request": request, "response": response}, f, ensure_ascii=False)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.remove(tmp)
            raise
