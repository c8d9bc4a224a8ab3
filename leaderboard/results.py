"""Result files: leaderboard/results/<suite>/<run>.jsonl (the run header, one line per finished
episode and one per session; append-only, the source of truth) and <run>.json (the summary the
leaderboard reads: agent, model, settings, scores, tokens, time and every problem's outcome).

    summary, path = evaluate(OracleAgent(), "quick-v2")
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import procgym
from procgym.agents import agent_settings

from .runner import run_suite
from .scoring import rescore, summarise
from .store import RecordStore
from .suites import Suite, load_suite

FORMAT = "procgym-result-v1"
RESULTS_DIR = Path(__file__).parent / "results"
# Header fields that make two runs the same run (resuming requires them equal).
IDENTITY = ("format", "suite", "suite_definition_sha", "agent", "model", "settings", "samples")


def slug(text: str) -> str:
    """A file-name-safe form of a model name: "Qwen/Qwen2.5-7B" -> "Qwen--Qwen2.5-7B"."""
    text = text.rstrip("/\\")
    if os.path.isdir(text):
        text = os.path.basename(os.path.abspath(text))
    text = text.replace("/", "--")
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "model"


def run_name(agent: str, model: str | None) -> str:
    return agent if not model else f"{agent}-{slug(model)}"


def run_header(agent, suite: Suite, model: str | None, samples: int) -> dict:
    return {"type": "run", "format": FORMAT, "suite": suite.name, "suite_definition_sha": suite.definition_digest(),
            "agent": agent.name, "model": model, "settings": agent_settings(agent), "samples": samples,
            "endpoint": getattr(agent, "endpoint", None), "procgym_version": procgym.__version__}


def write_json_atomic(path: Path, value) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(value, f, indent=1, sort_keys=False)
        f.write("\n")
    os.chmod(tmp, 0o644)  # mkstemp makes files private; result files are for everyone to read
    os.replace(tmp, path)


def build_summary(lines: list[dict], suite: Suite, ks: list[int] | None = None) -> dict:
    """The result summary of a finished run from its store lines."""
    header, records = lines[0], [line for line in lines if line.get("type") == "episode"]
    sessions = [line for line in lines if line.get("type") == "session"]
    samples = header["samples"]
    expected = len(suite) * samples
    outcomes: dict[str, list[str]] = {}
    for r in sorted(records, key=lambda r: (r["id"], r["sample"])):
        outcomes.setdefault(r["id"], []).append("1" if r["correct"] else "0")
    scores = summarise(records, samples, ks)
    return {"format": FORMAT, "run": None, "suite": suite.name, "suite_definition_sha": header["suite_definition_sha"],
            "agent": header["agent"], "model": header["model"], "settings": header["settings"],
            "endpoint": header.get("endpoint"), "samples": samples, "problems": len(suite),
            "complete": len(records) == expected, "procgym_version": header.get("procgym_version"),
            "started": sessions[0]["started"] if sessions else None,
            "finished": datetime.now(timezone.utc).isoformat(timespec="seconds"),
            **scores,
            "time": {"wall_seconds": round(sum(s["seconds"] for s in sessions), 3),
                     "episode_seconds": round(sum(r["seconds"] for r in records), 3), "sessions": len(sessions)},
            "outcomes": {k: "".join(v) for k, v in outcomes.items()}}


def evaluate(agent, suite: str | Suite, model: str | None = None, samples: int = 1, ks: list[int] | None = None,
             name: str | None = None, results_dir: str | os.PathLike | None = None,
             progress: bool = True) -> tuple[dict, Path]:
    """Run (or resume) `agent` on `suite`; write and return the summary and its path."""
    if not isinstance(samples, int) or samples < 1:
        raise ValueError(f"samples must be a positive integer, got {samples!r}")
    if ks and any(not 1 <= k <= samples for k in ks):
        raise ValueError(f"every k of pass@k must be between 1 and the samples ({samples}), got {ks}")
    suite = load_suite(suite) if isinstance(suite, str) else suite
    name = name or run_name(agent.name, model)
    if not re.fullmatch(r"[A-Za-z0-9._-]+", name):
        raise ValueError(f"run name {name!r} may only hold letters, digits, '.', '_' and '-'")
    folder = Path(results_dir or RESULTS_DIR) / suite.name
    store = RecordStore(str(folder / f"{name}.jsonl"), run_header(agent, suite, model, samples), identity=IDENTITY)
    with store:
        run_suite(agent, suite, store, samples, progress)
        summary = build_summary(store.lines(), suite, ks)
    summary["run"] = name
    path = folder / f"{name}.json"
    write_json_atomic(path, summary)
    return summary, path


def rescore_run(jsonl: str | os.PathLike, ks: list[int] | None = None, suite: str | Suite | None = None
                ) -> tuple[dict, Path]:
    """Re-judge a finished run's stored outputs with the current verifiers and rewrite its summary
    (the JSONL is left as it was). Records whose problem changed since are kept as they were."""
    from .store import read_lines

    jsonl = Path(jsonl)
    lines = read_lines(str(jsonl))
    suite = load_suite(suite or lines[0]["suite"]) if not isinstance(suite, Suite) else suite
    if suite.definition_digest() != lines[0]["suite_definition_sha"]:
        raise ValueError(f"{jsonl} was run on another definition of {suite.name}")
    rescored = [rescore(line, suite) if line.get("type") == "episode" else line for line in lines]
    summary = build_summary(rescored, suite, ks)
    summary["run"] = jsonl.stem
    summary["rescored"] = {"stale": sum(1 for r in rescored if r.get("stale")),
                           "changed": sum(1 for a, b in zip(lines, rescored) if a.get("correct") != b.get("correct"))}
    path = jsonl.with_suffix(".json")
    write_json_atomic(path, summary)
    return summary, path


def load_results(results_dir: str | os.PathLike | None = None, complete_only: bool = True) -> list[dict]:
    """Every result summary under `results_dir` (default leaderboard/results)."""
    out = []
    for path in sorted(Path(results_dir or RESULTS_DIR).glob("*/*.json")):
        data = json.loads(path.read_text())
        if data.get("format") == FORMAT and (data.get("complete") or not complete_only):
            out.append(data)
    return out
