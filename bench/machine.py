"""What a benchmark ran on: CPU model, cores, load average, versions. Shared by the bench scripts.

The machines these figures come from are often shared, so every result file records the load
average before and after its run; docs/performance.md prints it next to the tables.
"""
from __future__ import annotations

import json
import os
import platform
import sys
from datetime import datetime, timezone
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo (Linux), else whatever platform reports."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def load_average() -> list[float] | None:
    """The 1, 5 and 15 minute load averages (None where the OS has none)."""
    try:
        return [round(x, 2) for x in os.getloadavg()]
    except (AttributeError, OSError):
        return None


def machine_info() -> dict:
    """A JSON-ready description of this machine and interpreter, stamped with the UTC time."""
    try:
        usable = len(os.sched_getaffinity(0))
    except AttributeError:
        usable = os.cpu_count()
    return {"date": datetime.now(timezone.utc).isoformat(timespec="seconds"), "cpu_model": cpu_model(),
            "cpus": os.cpu_count(), "cpus_usable": usable, "load_average": load_average(),
            "python": sys.version.split()[0], "platform": platform.platform()}


def rounded(data, digits: int = 4):
    """`data` with every float rounded to `digits` significant digits (result files stay small
    and diff-able; timings on a shared machine are not more precise than that)."""
    if isinstance(data, float):
        return float(f"{data:.{digits}g}")
    if isinstance(data, dict):
        return {k: rounded(v, digits) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [rounded(v, digits) for v in data]
    return data


def portable_args(args) -> dict:
    """The command-line arguments as JSON-safe values, paths relative to the repository (a result
    file never records where on a machine it was written)."""
    root = Path(__file__).resolve().parent.parent
    out = {}
    for key, value in vars(args).items():
        if isinstance(value, (str, Path)) and Path(str(value)).is_absolute():
            try:
                value = str(Path(str(value)).resolve().relative_to(root))
            except ValueError:
                value = Path(str(value)).name
        out[key] = str(value) if isinstance(value, Path) else value
    return out


def write_results(path: Path, data: dict) -> None:
    """Write a result file: floats rounded; a top-level list of records (one per task) is written
    one compact record per line, everything else indented."""
    parts = []
    for key, value in rounded(data).items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            body = "[\n" + ",\n".join("  " + json.dumps(v, separators=(",", ":")) for v in value) + "\n ]"
        else:
            body = json.dumps(value, indent=1).replace("\n", "\n ")
        parts.append(f" {json.dumps(key)}: {body}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{\n" + ",\n".join(parts) + "\n}\n")
