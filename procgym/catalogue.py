"""The task catalogue, docs/catalogue.md, generated from the registry (never written by hand), and
the list of task names that `import procgym` registers with Gymnasium (envs/task_names.py).

    python -m procgym.catalogue docs/catalogue.md envs/task_names.py   # rewrite both; says if they changed
"""
from __future__ import annotations

import sys

from .registry import get, tasks

HEADER = """# Task catalogue

Generated from the registry by `make catalogue` (`python -m procgym.catalogue docs/catalogue.md`);
do not edit by hand. `procgym show <task>` prints a task's knobs and their values per level.
"""


def markdown() -> str:
    """The catalogue table: every registered task with its one-line summary and knobs."""
    names = tasks()
    by_category: dict[str, list[str]] = {}
    for n in names:
        by_category.setdefault(get(n).category, []).append(n)
    interactive = sum(get(n).interactive for n in names)
    lines = [f"{len(names)} tasks in {len(by_category)} categories, {interactive} of them interactive.", "",
             "| task | interactive | what it asks | knobs |", "|---|---|---|---|"]
    for category in sorted(by_category):
        for n in by_category[category]:
            task = get(n)
            summary = " ".join((type(task).__doc__ or "").split()).split(". ")[0].rstrip(".")
            knobs = ", ".join(f"`{k.name}`" for k in task.knobs)
            lines.append(f"| `{n}` | {'yes' if task.interactive else ''} | {summary} | {knobs} |")
    return "\n".join(lines)


def page() -> str:
    return f"{HEADER}\n{markdown()}\n"


NAMES_HEADER = '''"""The name of every packaged task, generated from the registry by `make catalogue`; do not edit
by hand. `import procgym` registers their Gymnasium ids from this list without importing the
generators; tests/test_gymnasium.py checks that it matches `procgym.tasks()`."""
'''


def names_module() -> str:
    """The source of procgym.envs.task_names: NAMES, every registered task's name."""
    body = "".join(f"    {name!r},\n" for name in tasks())
    return f"{NAMES_HEADER}\nNAMES = (\n{body})\n"


def update(path: str, text: str | None = None) -> bool:
    """Rewrite the generated file at `path` (the catalogue page unless `text` is given); returns
    whether it changed."""
    try:
        old = open(path, encoding="utf-8").read()
    except FileNotFoundError:
        old = None
    new = page() if text is None else text
    if new != old:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return new != old


if __name__ == "__main__":
    page_path, *names_path = sys.argv[1:] or ["docs/catalogue.md", "envs/task_names.py"]
    for path, text in ((page_path, None), *((path, names_module()) for path in names_path[:1])):
        print(path, "updated" if update(path, text) else "up to date")
