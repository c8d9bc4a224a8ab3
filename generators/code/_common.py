"""Helpers shared by the code tasks: reading integer-list answers."""
from __future__ import annotations

import re

from procgym.parsing import ParseError, parse_int

_SPLIT = re.compile(r"[,;\s]+")
MAX_ITEMS = 2_000


def parse_ints(answer: str) -> list[int]:
    """Integers separated by commas, semicolons, spaces or newlines, optionally in one pair of
    brackets: "3, -1, 4", "[3, -1, 4]" and "3\\n-1\\n4" are the same list. Raises ParseError."""
    s = answer.strip().strip("`").strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    s = s.strip()
    if not s:
        return []
    parts = [p for p in _SPLIT.split(s) if p]
    if len(parts) > MAX_ITEMS:
        raise ParseError("the list is too long")
    return [parse_int(p) for p in parts]
