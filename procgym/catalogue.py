"""The task catalogue in README.md, generated from the registry (never written by hand).

    python -m procgym.catalogue README.md     # rewrite the section between the markers
"""
from __future__ import annotations

import sys

from .registry import get, tasks

START, END = "<!-- catalogue:start -->", "<!-- catalogue:end -->"


def markdown() -> str:
    names = tasks()
    by_category: dict[str, list[str]] = {}
    for n in names:
        by_category.setdefault(get(n).category, []).append(n)
    lines = [f"{len(names)} tasks in {len(by_category)} categories.", "",
             "| task | interactive | what it asks | knobs |", "|---|---|---|---|"]
    for category in sorted(by_category):
        for n in by_category[category]:
            task = get(n)
            summary = " ".join((type(task).__doc__ or "").split()).split(". ")[0].rstrip(".")
            knobs = ", ".join(f"`{k.name}`" for k in task.knobs)
            lines.append(f"| `{n}` | {'yes' if task.interactive else ''} | {summary} | {knobs} |")
    return "\n".join(lines)


def update(path: str) -> bool:
    """Rewrite the catalogue section of `path`; returns whether it changed."""
    text = open(path, encoding="utf-8").read()
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    if not rest or not tail and END not in rest:
        raise ValueError(f"{path} has no {START} ... {END} section")
    new = f"{head}{START}\n{markdown()}\n{END}{tail}"
    if new != text:
        open(path, "w", encoding="utf-8").write(new)
    return new != text


def section(path: str) -> str:
    text = open(path, encoding="utf-8").read()
    return text.partition(START)[2].partition(END)[0].strip()


if __name__ == "__main__":
    print("updated" if update(sys.argv[1] if len(sys.argv) > 1 else "README.md") else "up to date")
