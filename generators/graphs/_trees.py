"""Helpers for the tree and path families in this folder (trees.py, isomorphism.py, dag_paths.py,
constrained_path.py, maze.py, pagerank.py, hamiltonian.py): random trees, edge listings, and
readers for the node lists, NODE=VALUE pairs and yes/no/none answers a model writes (bounded
regexes only, nothing executed).

    random_tree(rng, 6, depth_bias=0.5)          # [(parent, child), ...] over nodes 0..5
    read_nodes("A -> C -> D", {"A", "C", "D"})   # ["A", "C", "D"]
    read_pairs("B=4, E: 1", {"B", "E"})          # {"B": 4, "E": 1}
    read_yes_no("Yes.")                          # True
"""
from __future__ import annotations

import re

from procgym.parsing import ParseError
from procgym.verdict import Verdict, wrong

from .._shared import node_labels

_NAME = re.compile(r"[A-Za-z]{1,2}")
_SPLIT = re.compile(r"\s*(?:,|;|<->|-->|->|=>|--|-|\u2192|\s)\s*")
_PAIR = re.compile(r"([A-Za-z]{1,2})\s*(?:=|:|->)\s*([+-]?\d{1,6})")
_NONE = {"none", "no path", "no such path", "no route", "impossible", "not possible", "unreachable",
         "no solution", "does not exist", "there is none", "not reachable", "no"}
_YES = {"yes", "y", "true", "isomorphic", "they are isomorphic", "yes, they are isomorphic"}
_NO = {"no", "n", "false", "not isomorphic", "non-isomorphic", "nonisomorphic", "they are not isomorphic",
       "no, they are not isomorphic"}


labels = node_labels  # kept as a short local name


def random_tree(rng, n: int, depth_bias: float = 0.0) -> list[tuple[int, int]]:
    """A random tree on nodes 0..n-1 as (parent, child) edges, rooted at the first node of a
    random order. Each new node hangs under a uniformly random earlier node, or, with probability
    `depth_bias`, under one of the two most recent nodes (long, deep branches)."""
    order = list(range(n))
    rng.shuffle(order)
    edges = []
    for i in range(1, n):
        if i >= 2 and rng.random() < depth_bias:
            j = i - 1 - rng.randrange(2)
        else:
            j = rng.randrange(i)
        edges.append((order[j], order[i]))
    return edges


def shuffled_listing(rng, edges, names, weights=None) -> str:
    """Undirected edges "A - B" (or "A - B (weight 3)"), each written in a random direction and
    listed in a random order, so the listing hides which end is the parent."""
    lines = []
    for k, (u, v) in enumerate(edges):
        a, b = (names[u], names[v]) if rng.random() < 0.5 else (names[v], names[u])
        lines.append(f"{a} - {b}" + (f" (weight {weights[k]})" if weights is not None else ""))
    rng.shuffle(lines)
    return "\n".join(lines)


def _strip_brackets(text: str) -> str:
    s = text.strip().rstrip(".").strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1].strip()
    return s


def read_nodes(text: str, nodes) -> list[str]:
    """Node names separated by commas, spaces or arrows, upper-cased and checked against `nodes`."""
    s = _strip_brackets(text)
    items = [x for x in _SPLIT.split(s) if x]
    if not items:
        raise ParseError("no node names were given")
    out = []
    for item in items:
        name = item.upper()
        if not _NAME.fullmatch(item) or name not in nodes:
            raise ParseError(f"{item[:20]!r} is not a node of the graph")
        out.append(name)
    return out


def read_pairs(text: str, nodes) -> dict[str, int]:
    """NODE=VALUE pairs ("B=4, E=1"; ":" also allowed), each node at most once."""
    s = _strip_brackets(text)
    found = list(_PAIR.finditer(s))
    if not found or _PAIR.sub(" ", s).strip(" \t\r\n,;"):
        raise ParseError("write the answer as NODE=NUMBER pairs separated by commas")
    out: dict[str, int] = {}
    for m in found:
        name = m.group(1).upper()
        if name not in nodes:
            raise ParseError(f"{m.group(1)!r} is not a node of the graph")
        if name in out:
            raise ParseError(f"node {name} is given twice")
        out[name] = int(m.group(2))
    return out


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().strip(".!").strip()).lower()


def is_none(text: str) -> bool:
    """Whether the answer says there is no path ("none", "NONE.", "no such path", ...)."""
    return _plain(text) in _NONE


def read_yes_no(text: str) -> bool:
    """True for yes, False for no; ParseError otherwise."""
    s = _plain(text)
    if s in _YES:
        return True
    if s in _NO:
        return False
    raise ParseError("answer yes or no")


def parse_failure(exc: Exception) -> Verdict:
    """A wrong verdict whose feedback is a parse error's message as a sentence."""
    text = str(exc) or "the answer could not be read"
    return wrong(text[:1].upper() + text[1:].rstrip(".") + ".")
