"""Helpers shared by task families: labels and small renderers."""
from __future__ import annotations

import string


def node_labels(n: int) -> list[str]:
    """A, B, ..., Z, AA, AB, ...: short distinct labels for n nodes."""
    letters = string.ascii_uppercase
    labels = list(letters)
    for a in letters:
        labels.extend(a + b for b in letters)
    if n > len(labels):
        raise ValueError(f"at most {len(labels)} labels, asked for {n}")
    return labels[:n]


def join(items, sep: str = ",") -> str:
    return sep.join(str(i) for i in items)
