"""Lists of integers in the induction tasks: their text in prompts and answers, and the reader
of a list answer ("[4, 1, 7]", "17, 34, 31", "17 34 31")."""
from __future__ import annotations

from procgym.kit import read_int_list  # noqa: F401  (the category's list reader)


def int_list_text(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"

