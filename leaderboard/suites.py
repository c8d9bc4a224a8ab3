"""Versioned evaluation suites: a fixed list of (task, level, index) problems with reserved seeds.

A suite is a JSON file in leaderboard/suites/: its task list is written out in full, so adding a
task to procgym never changes an existing suite; a new task list, level set or size is a new
version (standard-v2). Problem `index` of (task, level) has the seed
`eval_seed(suite name, task, level, index)`, inside the range procgym.seeding reserves for
evaluation, which `procgym generate`, the trainer and `env.reset()` never draw from.

    suite = load_suite("quick-v1")
    for item in suite.items(): problem = suite.problem(item)
    suite.digest()   # SHA-256 of every problem record, in order: changes iff a problem changes

A released suite also freezes its problem records, `leaderboard/suites/<name>.problems.jsonl.gz`
(written once by `freeze_problems`). Its problems are read from there, so a later change to a
generator (a better example in a prompt) can never change a released suite; the change reaches
evaluation through a new suite version instead.
"""
from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Iterator

from procgym.knobs import HEADROOM_LEVEL
from procgym.problem import ANSWER_STYLES, Problem
from procgym.registry import get, tasks
from procgym.seeding import eval_seed

SUITES_DIR = Path(__file__).parent / "suites"


@dataclass(frozen=True)
class SuiteItem:
    """One problem slot of a suite; `id` ("graphs/shortest_path@5#3") names it in result files."""

    task: str
    level: int
    index: int
    seed: int

    @property
    def id(self) -> str:
        return f"{self.task}@{self.level}#{self.index}"

    @property
    def category(self) -> str:
        return self.task.split("/", 1)[0]


@dataclass(frozen=True)
class Suite:
    name: str
    tasks: tuple[str, ...]
    levels: tuple[int, ...]
    problems_per_level: int
    description: str = ""
    answer_style: str = "tag"
    attempts: int = 1  # attempts per single-answer problem
    feedback: str = "full"  # what a wrong attempt shows, when attempts > 1
    interactive_max_turns: int = 200  # turn cap of interactive episodes
    extra: dict = field(default_factory=dict)

    def __post_init__(self):
        if not self.tasks or len(set(self.tasks)) != len(self.tasks):
            raise ValueError(f"suite {self.name}: the task list is empty or has duplicates")
        if not self.levels or any(not 1 <= lv <= HEADROOM_LEVEL for lv in self.levels):
            raise ValueError(f"suite {self.name}: levels must be between 1 and {HEADROOM_LEVEL}, got {self.levels}")
        if self.problems_per_level < 1 or self.attempts < 1 or self.interactive_max_turns < 1:
            raise ValueError(f"suite {self.name}: problems_per_level, attempts and interactive_max_turns must be >= 1")
        if self.answer_style not in ANSWER_STYLES:
            raise ValueError(f"suite {self.name}: answer_style must be one of {ANSWER_STYLES}")

    def __len__(self) -> int:
        return len(self.tasks) * len(self.levels) * self.problems_per_level

    def items(self) -> list[SuiteItem]:
        """Every problem slot, ordered by task, then level, then index."""
        return [SuiteItem(task, level, i, eval_seed(self.name, task, level, i))
                for task in self.tasks for level in self.levels for i in range(self.problems_per_level)]

    def check_tasks(self) -> None:
        """Raise a clear error when a task of the suite is not registered here."""
        missing = sorted(set(self.tasks) - set(tasks()))
        if missing:
            raise KeyError(f"suite {self.name} needs task(s) that are not registered: {', '.join(missing[:5])}"
                           f"{' ...' if len(missing) > 5 else ''}")
        short = sorted(t for t in self.tasks if get(t).max_level < max(self.levels))
        if short:
            raise ValueError(f"suite {self.name} asks for level {max(self.levels)}, which these tasks do not reach: "
                             f"{', '.join(short[:5])}{' ...' if len(short) > 5 else ''}")

    def problem(self, item: SuiteItem) -> Problem:
        """The problem of a slot: the frozen record of a released suite, else freshly generated."""
        frozen = _frozen_records(self.name)
        if frozen is not None:
            return Problem.from_dict(frozen[(item.task, item.level, item.seed)])
        return self.generate(item)

    def generate(self, item: SuiteItem) -> Problem:
        """The slot's problem as the generators make it today."""
        return get(item.task).generate(item.seed, item.level, self.answer_style)

    def max_turns(self, task: str) -> int:
        return self.interactive_max_turns if get(task).interactive else self.attempts

    def digest(self, items: Iterable[SuiteItem] | None = None) -> str:
        """SHA-256 over the canonical JSON of the problem records of `items` (default: all)."""
        h = hashlib.sha256()
        for item in self.items() if items is None else items:
            h.update(self.problem(item).to_json().encode())
            h.update(b"\n")
        return h.hexdigest()

    def definition(self) -> dict:
        return {"name": self.name, "description": self.description, "levels": list(self.levels),
                "problems_per_level": self.problems_per_level, "answer_style": self.answer_style,
                "attempts": self.attempts, "feedback": self.feedback,
                "interactive_max_turns": self.interactive_max_turns, "tasks": list(self.tasks), **self.extra}

    def definition_digest(self) -> str:
        """SHA-256 of the suite file's content (cheap; result files record it)."""
        blob = json.dumps(self.definition(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()


def suite_names() -> list[str]:
    return sorted(p.stem for p in SUITES_DIR.glob("*.json"))


def frozen_path(name: str) -> Path:
    return SUITES_DIR / f"{name}.problems.jsonl.gz"


_FROZEN: dict[str, dict] = {}


def _frozen_records(name: str) -> dict | None:
    """(task, level, seed) -> record of a released suite's frozen problems, or None if it has none."""
    if name not in _FROZEN:
        path = frozen_path(name)
        if not path.exists():
            return None
        with gzip.open(path, "rt", encoding="utf-8") as f:
            records = (json.loads(line) for line in f if line.strip())
            _FROZEN[name] = {(r["task"], r["difficulty"], r["seed"]): r for r in records}
    return _FROZEN[name]


def freeze_problems(suite: Suite, folder: Path = SUITES_DIR) -> Path:
    """Write a released suite's problem records, in slot order (done once, with write_suite)."""
    path = Path(folder) / f"{suite.name}.problems.jsonl.gz"
    if path.exists():
        raise FileExistsError(f"{path} exists: a released suite's problems are never rewritten")
    # mtime=0: the same records always give the same bytes
    with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=9, mtime=0) as f:
        for item in suite.items():
            f.write((suite.generate(item).to_json() + "\n").encode())
    return path


def load_suite(name: str) -> Suite:
    """A suite by name ("standard-v1") or by the path of a suite JSON file."""
    path = Path(name) if name.endswith(".json") else SUITES_DIR / f"{name}.json"
    if not path.exists():
        raise KeyError(f"unknown suite {name!r}; suites: {', '.join(suite_names())}")
    data = json.loads(path.read_text())
    known = {"name", "description", "levels", "problems_per_level", "answer_style", "attempts", "feedback",
             "interactive_max_turns", "tasks"}
    suite = Suite(name=data["name"], tasks=tuple(data["tasks"]), levels=tuple(data["levels"]),
                  problems_per_level=data["problems_per_level"], description=data.get("description", ""),
                  answer_style=data.get("answer_style", "tag"), attempts=data.get("attempts", 1),
                  feedback=data.get("feedback", "full"), interactive_max_turns=data.get("interactive_max_turns", 200),
                  extra={k: v for k, v in data.items() if k not in known})
    suite.check_tasks()
    return suite


def write_suite(suite: Suite, folder: Path = SUITES_DIR) -> Path:
    """Freeze a suite definition to JSON (done once per version; the file is then never edited)."""
    path = Path(folder) / f"{suite.name}.json"
    if path.exists():
        raise FileExistsError(f"{path} exists: a released suite is never rewritten; make a new version")
    path.write_text(json.dumps(suite.definition(), indent=1) + "\n")
    return path


def iter_problems(suite: Suite) -> Iterator[tuple[SuiteItem, Problem]]:
    for item in suite.items():
        yield item, suite.problem(item)
