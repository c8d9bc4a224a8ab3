"""The task registry: tasks register themselves by name; users look them up by name or glob."""
from __future__ import annotations

import difflib
import fnmatch
import importlib
import pkgutil
import re

from .task import Task

_TASKS: dict[str, Task] = {}
_loaded = False
NAME = re.compile(r"[a-z][a-z0-9_]*/[a-z][a-z0-9_]*")


def register(cls: type[Task]) -> type[Task]:
    """Class decorator: instantiate the task once and register it under `cls.name`."""
    if not NAME.fullmatch(cls.name or ""):
        raise ValueError(f"task name {cls.name!r} must be '<category>/<task>' in lowercase snake case")
    if cls.name in _TASKS and type(_TASKS[cls.name]).__qualname__ != cls.__qualname__:
        raise ValueError(f"task {cls.name!r} is already registered by {type(_TASKS[cls.name]).__qualname__}")
    _TASKS[cls.name] = cls()
    return cls


def _load_generators() -> None:
    """Import every module under procgym.generators once, so their tasks register."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    package = importlib.import_module("procgym.generators")
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)


def tasks(pattern: str = "*") -> list[str]:
    """Sorted registered task names matching a glob: `tasks("graphs/*")`, `tasks("*")`."""
    _load_generators()
    return sorted(n for n in _TASKS if fnmatch.fnmatchcase(n, pattern))


def get(name: str) -> Task:
    """The registered task called `name`; an unknown name raises KeyError with close matches."""
    _load_generators()
    if isinstance(name, Task):
        return name
    try:
        return _TASKS[name]
    except KeyError:
        close = difflib.get_close_matches(str(name), list(_TASKS), n=3, cutoff=0.5)
        close += [n for n in _TASKS if str(name) and n.endswith("/" + str(name)) and n not in close]
        hint = f"; did you mean {', '.join(close)}?" if close else "; `procgym list` shows every task"
        raise KeyError(f"unknown task {name!r}{hint}") from None


def categories() -> list[str]:
    return sorted({n.split("/")[0] for n in tasks()})


def select(patterns) -> list[str]:
    """Task names matching any of several globs (a comma-separated string or a list)."""
    if isinstance(patterns, str):
        patterns = [p.strip() for p in patterns.split(",") if p.strip()]
    names = sorted({n for p in patterns for n in tasks(p)})
    if not names:
        raise KeyError(f"no task matches {patterns!r}; `procgym list` shows every task")
    return names
