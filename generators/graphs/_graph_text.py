"""Graph text: the edge listings the prompts show, and strict readers of the node lists, walks,
edge lists, groups and NODE=VALUE pairs the answers are (whole answer consumed, every name checked
against the graph's nodes, hedge words refused; nothing executed).

    listing([("A", "B", 3)], weighted=True)           # "A - B (weight 3)"
    read_nodes("A -> c -> D", {"A", "C", "D"})        # ["A", "C", "D"]
    read_edges("(A,B), C-D", {"A", "B", "C", "D"})    # [("A", "B"), ("C", "D")]
    read_groups("{A,B},{C}", {"A", "B", "C"})         # [["A", "B"], ["C"]]
    read_pairs("B=4, E: 1", {"B", "E"})               # {"B": 4, "E": 1}
    says_none("No cycle", {"no cycle"})               # True
    listed_edges(problem.prompt)                      # 12: the edge lines a prompt lists
"""
from __future__ import annotations

import re

from procgym.kit import (NotAnAnswer, bracketed_groups, is_none, preview, read_int, refuse_hedges, split_assignment,
                         split_top, strip_brackets)

NAME = re.compile(r"[A-Za-z]{1,2}")
_ARROW = r"(?:<->|<-->|-->|->|=>|--|-|>|\u2192|\u2014)"
# between the names of a walk: an arrow or a dash, a comma or semicolon, or white space
_WALK_SPLIT = re.compile(rf"\s*(?:{_ARROW}|[,;])\s*|\s+")
_LIST_SPLIT = re.compile(r"\s*[,;]\s*|\s+")
_EDGE = re.compile(rf"[(\[{{]\s*([A-Za-z]{{1,2}})\s*(?:,|;|\s|{_ARROW})\s*([A-Za-z]{{1,2}})\s*[)\]}}]"
                   rf"|([A-Za-z]{{1,2}})\s*{_ARROW}\s*([A-Za-z]{{1,2}})")
_WEIGHT = re.compile(r"\s*\(\s*(?:weight\s*|w\s*=\s*)?(\d{1,9})\s*\)$", re.IGNORECASE)
# one line of an edge listing: "A - B", "C -> D", "E - F (weight 3)", "1 - 2" (numbered nodes)
_LISTED_EDGE = re.compile(r"^[A-Z0-9]{1,3} -(?:>)? [A-Z0-9]{1,3}(?: \([a-z]+ \d+\))?$", re.MULTILINE)


# --------------------------------------------------------------------------- prompts

def listing(edges, weighted: bool = False, directed: bool = False, word: str = "weight") -> str:
    """One line per edge: "A - B (weight 3)" or "A -> B (capacity 3)"; edges are (u, v[, w])."""
    arrow = "->" if directed else "-"
    lines = [f"{e[0]} {arrow} {e[1]}" + (f" ({word} {e[2]})" if weighted else "") for e in edges]
    return "\n".join(lines) if lines else "(none)"


def listed_edges(prompt: str) -> int:
    """How many edges a prompt's edge listing shows (for effort measures of tasks whose check
    does not keep the edges)."""
    return len(_LISTED_EDGE.findall(prompt))


def shuffled_listing(rng, edges, names, weights=None) -> str:
    """Undirected edges "A - B" (or "A - B (weight 3)"), each written in a random direction and
    listed in a random order, so the listing hides which end is the parent."""
    lines = []
    for k, (u, v) in enumerate(edges):
        a, b = (names[u], names[v]) if rng.random() < 0.5 else (names[v], names[u])
        lines.append(f"{a} - {b}" + (f" (weight {weights[k]})" if weights is not None else ""))
    rng.shuffle(lines)
    return "\n".join(lines)


def pretty_groups(groups) -> str:
    return ",".join("{" + ",".join(g) + "}" for g in groups)


def pretty_edges(edges, directed: bool = False) -> str:
    arrow = "->" if directed else "-"
    return ", ".join(f"{u}{arrow}{v}" for u, v in edges)


# --------------------------------------------------------------------------- answers

def says_none(text: str, phrases=()) -> bool:
    """Whether the answer says there is none: the kit's words ("none", "no solution", "∅"...) or
    one of this task's whole phrases ("no cycle"), any case. An empty answer is not "none"."""
    return is_none(text) or " ".join(text.lower().split()) in phrases


def _name(item: str, nodes, what: str) -> str:
    name = item.upper()
    if not NAME.fullmatch(item) or name not in nodes:
        raise NotAnAnswer(f"{preview(item, 20)} is not {what}")
    return name


def read_nodes(text: str, nodes, arrows: bool = True, what: str = "a node of the graph") -> list[str]:
    """Node names in order, separated by commas (or semicolons, spaces, and with `arrows` by "->"
    or "-" as a walk is written), inside at most one pair of brackets; upper-cased, each checked
    against `nodes` (repeats are kept for the caller)."""
    s = strip_brackets(text)
    if not s:
        raise NotAnAnswer("no node names were given")
    refuse_hedges(s)
    items = (_WALK_SPLIT if arrows else _LIST_SPLIT).split(s)
    if any(not item for item in items):
        raise NotAnAnswer("a name is missing between two separators: separate the names with single commas")
    return [_name(item, nodes, what) for item in items]


def _edge(item: str, nodes, weights) -> tuple[str, str]:
    m = _WEIGHT.search(item)
    weight = None
    if m:
        if weights is None:
            raise NotAnAnswer(f"{preview(item, 30)} is not an edge like A-B")
        weight, item = int(m.group(1)), item[:m.start()]
    e = _EDGE.fullmatch(item.strip())
    if not e:
        raise NotAnAnswer(f"{preview(item, 30)} is not an edge: write the edges like A-B, separated by commas")
    a, b, c, d = e.groups()
    u, v = _name(a or c, nodes, "a node of the graph"), _name(b or d, nodes, "a node of the graph")
    if weight is not None and weights.get(tuple(sorted((u, v)))) not in (None, weight):
        raise NotAnAnswer(f"the edge {u}-{v} does not have weight {weight}")
    return u, v


def read_edges(text: str, nodes, weights: dict | None = None) -> list[tuple[str, str]]:
    """Edges written "A-B", "A->B" or "(A,B)", separated by commas, semicolons or lines, inside at
    most one pair of brackets. The direction is kept as written; the caller decides whether it
    matters. With `weights` (keyed by sorted name pairs) an edge may carry its weight, "A-B (3)",
    which must be its weight in the graph."""
    s = text.strip()
    if not s:
        raise NotAnAnswer("no edges were given")
    try:
        return [_edge(item, nodes, weights) for item in split_top(s, ",;\n")]
    except NotAnAnswer:
        inner = strip_brackets(s)
        if inner == s:
            raise
    return [_edge(item, nodes, weights) for item in split_top(inner, ",;\n")]




def read_groups(text: str, nodes) -> list[list[str]]:
    """Groups of node names in brackets, "{A,B},{C}" (or "[A,B],[C]", "(A,B), (C)", "{A B} {C}"),
    or a list of them, "[{A,B},{C}]"; members upper-cased and checked against `nodes`."""
    s = text.strip()
    groups = bracketed_groups(s)
    if groups is None:
        inner = strip_brackets(s)
        groups = bracketed_groups(inner) if inner != s else None
    if groups is None:
        raise NotAnAnswer("write each group in braces, separated by commas, e.g. {A,B},{C}")
    out = []
    for group in groups:
        members = group.strip()
        out.append([_name(m, nodes, "a node of the graph") for m in _LIST_SPLIT.split(members)] if members else [])
    return out


def read_pairs(text: str, nodes, item=read_int, what: str = "NODE=VALUE") -> dict[str, object]:
    """NODE=VALUE pairs ("B=4, E: 1", one per line, or in braces), each node at most once and
    checked against `nodes`; the values read by `item`. Missing nodes are left to the caller."""
    s = strip_brackets(text)
    if not s:
        raise NotAnAnswer(f"write the answer as {what} pairs separated by commas")
    s = re.sub(r"\s*([=:])\s*", r"\1", s)
    out: dict[str, object] = {}
    for part in re.split(r"\s*[,;\n]\s*|\s+", s):
        if not part:
            raise NotAnAnswer(f"write the answer as {what} pairs separated by single commas")
        try:
            name, value = split_assignment(part)
        except NotAnAnswer:
            raise NotAnAnswer(f"{preview(part, 20)} is not of the form {what}") from None
        if not NAME.fullmatch(name) or name.upper() not in nodes:
            raise NotAnAnswer(f"there is no node {name[:20]}")
        name = name.upper()
        if name in out:
            raise NotAnAnswer(f"node {name} is given more than once")
        out[name] = item(value)
    return out


def bitmask_adjacency(nodes: list[str], edges: list) -> list[int]:
    """A problem record's undirected graph as neighbour bitmasks, node i's bit i (the exact
    searches' input)."""
    index = {name: i for i, name in enumerate(nodes)}
    adj = [0] * len(index)
    for u, v in edges:
        adj[index[u]] |= 1 << index[v]
        adj[index[v]] |= 1 << index[u]
    return adj
