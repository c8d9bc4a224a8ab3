"""The core modules import in one direction: the CLI composes the demo and the leaderboard's
commands, and neither imports the CLI back (the shared table helper lives in procgym.kit.text)."""
import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            found.add(("." * node.level) + module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
    return found


@pytest.mark.parametrize("path", ["procgym/demo.py", "leaderboard/cli.py"])
def test_does_not_import_the_cli(path):
    imports = _imports(ROOT / path)
    assert not {".cli", "procgym.cli"} & imports, f"{path} imports procgym.cli"
