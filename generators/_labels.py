"""Short distinct labels for nodes, items and people, and a plain joiner for them."""
from __future__ import annotations

import string


_LABELS = tuple(string.ascii_uppercase) + tuple(a + b for a in string.ascii_uppercase for b in string.ascii_uppercase)


def node_labels(n: int) -> list[str]:
    """A, B, ..., Z, AA, AB, ...: short distinct labels for n nodes."""
    if n > len(_LABELS):
        raise ValueError(f"at most {len(_LABELS)} labels, asked for {n}")
    return list(_LABELS[:n])


def join(items, sep: str = ",") -> str:
    return sep.join(str(i) for i in items)
