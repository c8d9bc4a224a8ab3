"""Readers for the answers of the scheduling families: task and job names in order, one number
per item (a plain list or labelled "P1=14, P2=6"), and NAME=VALUE assignments. Strict: the whole
answer is consumed, every name is checked, hedge words are refused, nothing is executed.

    read_task_names("A -> C -> F", {"A", "C", "F"})    # ["A", "C", "F"]
    read_per_item("P2=6, P1=14", "P", 2)          # [14, 6]
    read_per_item("14, 6", "P", 2)                # [14, 6]
    read_assignment("A=1, B: 2", {"A", "B"})      # {"A": 1, "B": 2}
    read_count("23 days", ["days", "day"])        # 23
"""
from __future__ import annotations

import re

from procgym.kit import (NotAnAnswer, preview, read_int, read_int_list, read_names, split_assignment,
                         strip_brackets)

_PAIR_SPACES = re.compile(r"\s*(=|:|->|\u2192)\s*")





def read_task_names(text: str, names, what: str = "task") -> list[str]:
    """Names checked against `names` (see procgym.kit.read_names); arrows and dashes also separate them."""
    return read_names(text, names, what, name=r"[A-Za-z]{1,2}\d{0,2}", split=r"\s*(?:,|;|->|=>|-->|\u2192|-)\s*|\s+")

def _pairs(text: str) -> list[tuple[str, str]]:
    """NAME=VALUE parts ("A=1, B: 2", "A -> 1", one per line or space-separated), names as written."""
    s = _PAIR_SPACES.sub(r"\1", strip_brackets(text))
    out = []
    for part in re.split(r"\s*[,;\n]\s*|\s+", s):
        try:
            out.append(split_assignment(part))
        except NotAnAnswer:
            raise NotAnAnswer(f"{preview(part, 20)} is not of the form NAME=NUMBER") from None
    return out




def read_per_item(text: str, prefix: str, n: int) -> list[int]:
    """One integer per item 1..n: a plain list in order ("14, 6, 19"), or labelled "P1=14, P2=6"
    in any order, every label from prefix1 to prefix{n} exactly once."""
    if not re.search(r"[=:]|->|\u2192", text):
        return read_int_list(text)
    values: dict[int, int] = {}
    for label, value in _pairs(text):
        m = re.fullmatch(re.escape(prefix) + r"\s*(\d{1,3})", label, re.IGNORECASE)
        if m is None or not 1 <= int(m.group(1)) <= n:
            raise NotAnAnswer(f"{preview(label, 20)} is not one of {prefix}1 to {prefix}{n}")
        i = int(m.group(1))
        if i in values:
            raise NotAnAnswer(f"{prefix}{i} is given twice")
        values[i] = read_int(value)
    missing = [i for i in range(1, n + 1) if i not in values]
    if missing:
        raise NotAnAnswer(f"give a value for each of {prefix}1 to {prefix}{n} ({prefix}{missing[0]} is missing)")
    return [values[i] for i in range(1, n + 1)]


def read_assignment(text: str, names, what: str = "job") -> dict[str, int]:
    """NAME=VALUE pairs (also NAME: VALUE, NAME -> VALUE), comma-, line- or space-separated; every
    name checked against `names`, none given twice (missing ones are left to the caller)."""
    if not strip_brackets(text):
        raise NotAnAnswer(f"write the {what}s as NAME=NUMBER pairs separated by commas")
    out: dict[str, int] = {}
    for name, value in _pairs(text):
        key = name.upper()
        if key not in names:
            raise NotAnAnswer(f"{preview(name, 20)} is not one of the {what}s")
        if key in out:
            raise NotAnAnswer(f"{key} is given twice")
        out[key] = read_int(value)
    return out


def read_count(text: str, units=()) -> int:
    """An integer, optionally followed by one of its unit words ("23 days", "4 rooms")."""
    s = text.strip()
    for unit in units:
        m = re.fullmatch(rf"(.*?)\s*{re.escape(unit)}", s, re.IGNORECASE)
        if m:
            s = m.group(1)
            break
    return read_int(s)
