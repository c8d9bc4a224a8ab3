"""The repository stands alone: no file names a machine path or a folder outside the project."""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MACHINE_PATH = re.compile(r"(^|[^\w.])/(work|home|root|tmp|Users)/\w|\.\./shared")


def test_no_machine_paths_in_tracked_files():
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    offenders = []
    for name in files:
        path = ROOT / name
        if path.suffix not in {".py", ".md", ".json", ".toml", ".yaml", ".yml", ".txt", ".cfg", ""} or not path.is_file():
            continue
        text = path.read_text(errors="ignore")
        if MACHINE_PATH.search(text) and name != "tests/test_repository.py":
            offenders.append(name)
    assert not offenders, f"files naming a machine path: {offenders}"
