"""The generators' layering: a task file imports only procgym's core, the kit, and underscore
modules of its own category (or the shared ones directly under generators/); categories never
import each other; helper modules are named by what they hold and never copy a kit reader."""
import ast
import re
from pathlib import Path

import pytest

import procgym.kit

ROOT = Path(__file__).resolve().parent.parent / "generators"
FILES = sorted(p for p in ROOT.rglob("*.py") if p.name != "__init__.py")
BATCH_NAMES = re.compile(r"_(common\d*|misc|grid_a|moves|shared|utils|helpers)\.py")


def _imports(path: Path):
    """(module, level) for every import in the file: absolute names with level 0, and relative ones."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, 0
        elif isinstance(node, ast.ImportFrom):
            names = [a.name for a in node.names]
            base = node.module or ""
            if node.level and not base:  # "from . import x": each name is a module
                for name in names:
                    yield name, node.level
            else:
                yield base, node.level


def _target(path: Path, module: str, level: int) -> tuple[str, ...] | None:
    """The imported module's path parts below generators/, or None when it is outside generators/."""
    if level == 0:
        if not module.startswith("procgym.generators"):
            return None
        return tuple(module.split(".")[2:])
    here = list(path.relative_to(ROOT).parent.parts)
    up = here[: len(here) - (level - 1)] if level > 1 else here
    return tuple(up + [p for p in module.split(".") if p])


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_stay_in_their_layer(path):
    category = path.relative_to(ROOT).parts[0] if len(path.relative_to(ROOT).parts) > 1 else None
    for module, level in _imports(path):
        target = _target(path, module, level)
        if not target:
            continue
        if len(target) == 1:  # generators/_x.py, shared by every category
            assert target[0].startswith("_"), f"{path.name} imports the task module {target}"
            continue
        assert target[0] == category, f"{path.relative_to(ROOT)} imports another category's module {'.'.join(target)}"
        assert target[-1].startswith("_"), f"{path.relative_to(ROOT)} imports the task file {'.'.join(target)}"


def test_helper_modules_are_named_by_what_they_hold():
    batch = [str(p.relative_to(ROOT)) for p in FILES if BATCH_NAMES.fullmatch(p.name)]
    assert not batch, f"helper modules named after a batch, not their contents: {batch}"


def test_no_generator_redefines_a_kit_function():
    kit = {name for name in procgym.kit.__all__ if not name[0].isupper()}
    copies = []
    for path in FILES:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef) and node.col_offset == 0 and node.name in kit:
                copies.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not copies, f"use procgym.kit instead of these copies: {copies}"
