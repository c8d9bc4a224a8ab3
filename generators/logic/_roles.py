"""Reading the islanders' roles in knights-and-knaves style answers ("A=knight, B=knave")."""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview


def role_pattern(*roles: str) -> re.Pattern:
    """One "NAME=role" item: "A=knight", "A: knave", "A is a knight", "A knave" (any case)."""
    return re.compile(r"([A-Za-z])\s*(?:=|:|-|\bis\s+an?\b|\bis\b)?\s*(" + "|".join(roles) + ")", re.IGNORECASE)


def read_roles(answer: str, item_pattern: re.Pattern, form: str) -> dict[str, str]:
    """{"A": "knight", ...} from text like "A=knight, B=knave" (items separated by commas,
    semicolons, line breaks or "and"); every item must be one NAME=role, each name at most once.
    `item_pattern` reads one item (see role_pattern); `form` says how to write one."""
    items = [p.strip() for p in re.split(r"[,;\n]|\band\b", answer) if p.strip()]
    if not items:
        raise NotAnAnswer(f"no roles given: write {form}")
    roles: dict[str, str] = {}
    for item in items:
        m = item_pattern.fullmatch(item)
        if not m:
            raise NotAnAnswer(f"could not read {preview(item, 30)}: write {form}")
        name, role = m.group(1).upper(), m.group(2).lower()
        if name in roles:
            raise NotAnAnswer(f"{name} is given a role more than once")
        roles[name] = role
    return roles
