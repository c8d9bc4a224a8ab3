"""English wording for the logic prompts: lists of names and ordinal numbers."""
from __future__ import annotations


def names_list(items) -> str:
    """"A", "A and B", "A, B and C"."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def ordinal(k: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st, ..."""
    return f"{k}{'th' if 10 <= k % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th')}"
