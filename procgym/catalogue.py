"""The task catalogue, docs/catalogue.md, generated from the registry (never written by hand).

    python -m procgym.catalogue docs/catalogue.md     # rewrite the page; prints whether it changed
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


def update(path: str) -> bool:
    """Rewrite the catalogue page at `path`; returns whether it changed."""
    try:
        old = open(path, encoding="utf-8").read()
    except FileNotFoundError:
        old = None
    new = page()
    if new != old:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return new != old


if __name__ == "__main__":
    print("updated" if update(sys.argv[1] if len(sys.argv) > 1 else "docs/catalogue.md") else "up to date")
