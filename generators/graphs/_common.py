"""Helpers for the graph families in this folder: listing graphs in prompts, and reading the
node lists, edge lists, groups and "none" answers a model writes (bounded regexes only).

    listing([("A", "B", 3)], weighted=True)      # "A - B (weight 3)"
    read_nodes("A -> C -> D", {"A", "C", "D"})   # ["A", "C", "D"]
    read_edges("(A,B), C-D", {...})              # [("A", "B"), ("C", "D")]
    read_groups("{A,B},{C}", {...})              # [["A", "B"], ["C"]]
"""
from __future__ import annotations

import re

from procgym.parsing import ParseError
from procgym.verdict import Verdict, wrong

from .shortest_path import random_connected_graph  # noqa: F401  (re-exported for the families here)

NAME = re.compile(r"[A-Za-z]{1,2}")
_ARROW = r"(?:<->|<-->|-->|->|=>|--|-|\u2192|\u2013|\u2014)"
_LABEL = r"([A-Za-z]{1,2})"
# an edge: "A-B", "A->B", "A - B" bare, or "(A,B)", "{A B}", "[A-B]" bracketed
_EDGE = re.compile(rf"[(\[{{]\s*{_LABEL}\s*(?:,|;|\s|{_ARROW})\s*{_LABEL}\s*[)\]}}]"
                   rf"|(?<![A-Za-z]){_LABEL}\s*{_ARROW}\s*{_LABEL}(?![A-Za-z])")
_GROUP = re.compile(r"[{\[(]([^{}\[\]()]*)[}\])]")
_SEPARATORS = " \t\r\n,;"
_SET_SPLIT = re.compile(r"\s*[,;\s]\s*")
_ITEM_SPLIT = re.compile(r"\s*(?:,|;|<->|->|=>|-->|--|-|\u2192|\s)\s*")
_NONE = {"none", "no", "nothing", "no cycle", "no such walk", "no such path", "no such circuit", "impossible",
         "not possible", "there is none", "does not exist", "none exist", "none exists"}
_EMPTY_SET = {"empty", "{}", "[]", "()", "\u2205", "no articulation points", "no bridges"}
_PART_LABEL = re.compile(
    r"^\s*(?:max(?:imum)?\s*flow(?:\s*value)?|flow|value|size|min(?:imum)?\s*cut|cut(?:\s*edges)?|matching|edges|"
    r"(?:articulation|cut)\s*(?:points|vertices)|points|bridges|total(?:\s*weight)?|weight)\s*[:=]\s*",
    re.IGNORECASE)


def listing(edges, weighted: bool = False, directed: bool = False, word: str = "weight") -> str:
    """One line per edge: "A - B (weight 3)" or "A -> B (capacity 3)"; edges are (u, v[, w])."""
    arrow = "->" if directed else "-"
    lines = [f"{e[0]} {arrow} {e[1]}" + (f" ({word} {e[2]})" if weighted else "") for e in edges]
    return "\n".join(lines) if lines else "(none)"


def is_none(text: str, empty_set: bool = False) -> bool:
    """Whether the answer says "none" (or "no", "no cycle", ...); with `empty_set`, also an empty
    set written as {}, [], "empty"."""
    s = text.strip().strip(".!").strip().lower()
    return s in _NONE or (empty_set and s in _EMPTY_SET)


def strip_label(text: str) -> str:
    """Drop a leading "value:", "cut:", "bridges:"-style label from one part of an answer."""
    return _PART_LABEL.sub("", text, count=1).strip()


def split_parts(text: str) -> tuple[str, str] | None:
    """A two-part answer "first; second" (or first and second on their own lines)."""
    for sep in (";", "\n", "|"):
        if sep in text:
            first, second = text.split(sep, 1)
            return strip_label(first), strip_label(second)
    return None


def _strip_outer(text: str) -> str | None:
    s = text.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        return s[1:-1]
    return None


def read_nodes(text: str, nodes, arrows: bool = True) -> list[str]:
    """Node names separated by commas, spaces or (for walks, when `arrows`) arrows such as "->",
    upper-cased and checked against `nodes`."""
    s = text.strip()
    inner = _strip_outer(s)
    if inner is not None and not _GROUP.search(inner):
        s = inner
    items = [x for x in (_ITEM_SPLIT if arrows else _SET_SPLIT).split(s.strip()) if x]
    if not items:
        raise ParseError("no node names were given")
    out = []
    for item in items:
        name = item.upper()
        if not NAME.fullmatch(item) or name not in nodes:
            raise ParseError(f"{item[:20]!r} is not a node of the graph")
        out.append(name)
    return out


def _edges_in(text: str) -> list[tuple[str, str]] | None:
    found = []
    for m in _EDGE.finditer(text):
        a, b, c, d = m.groups()
        found.append(((a or c).upper(), (b or d).upper()))
    if not found or _EDGE.sub(" ", text).strip(_SEPARATORS):
        return None
    return found


def read_edges(text: str, nodes) -> list[tuple[str, str]]:
    """Edges written "A-B" / "A->B" / "(A,B)", separated by commas, semicolons or new lines.

    The direction is kept as written; the caller decides whether it matters.
    """
    found = _edges_in(text)
    if found is None:
        inner = _strip_outer(text)
        found = _edges_in(inner) if inner is not None else None
    if found is None:
        raise ParseError("write the edges like A-B, separated by commas")
    for u, v in found:
        for x in (u, v):
            if x not in nodes:
                raise ParseError(f"{x!r} is not a node of the graph")
    return found


def _groups_in(text: str) -> list[str] | None:
    groups = [m.group(1) for m in _GROUP.finditer(text)]
    if not groups or _GROUP.sub(" ", text).strip(_SEPARATORS):
        return None
    return groups


def read_groups(text: str, nodes) -> list[list[str]]:
    """Groups of node names in braces, "{A,B},{C}" (or a list of them, "[{A,B},{C}]")."""
    s = text.strip()
    groups = _groups_in(s)
    if groups is None:
        inner = _strip_outer(s)
        groups = _groups_in(inner) if inner is not None else None
    if groups is None:
        raise ParseError("write each group in braces, separated by commas, e.g. {A,B},{C}")
    out = []
    for group in groups:
        members = [m for m in re.split(r"[\s,;]+", group.strip()) if m]
        names = []
        for m in members:
            if not NAME.fullmatch(m) or m.upper() not in nodes:
                raise ParseError(f"{m[:20]!r} is not a node of the graph")
            names.append(m.upper())
        out.append(names)
    return out


def pretty_groups(groups) -> str:
    return ",".join("{" + ",".join(g) + "}" for g in groups)


def pretty_edges(edges, directed: bool = False) -> str:
    arrow = "->" if directed else "-"
    return ", ".join(f"{u}{arrow}{v}" for u, v in edges)


def parse_failure(exc: Exception) -> Verdict:
    """A wrong verdict whose feedback is a parse error's message as a sentence."""
    text = str(exc) or "the answer could not be read"
    return wrong(text[:1].upper() + text[1:].rstrip(".") + ".")
