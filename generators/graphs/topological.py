"""Topological sorting: any order that puts every task after all of its prerequisites is correct."""
from __future__ import annotations

import networkx as nx

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import join, node_labels
from ._graph_text import read_nodes
from ._random_graphs import random_dag

_PHRASES = ("{u} must be done before {v}", "{v} requires {u}", "{v} must be done after {u}", "{v} depends on {u}")


@register
class TopologicalSort(Task):
    """Order a set of tasks so that every task comes after all of its prerequisites (a
    topological order of a DAG). Any valid order passes: the verifier checks that every task
    appears exactly once and every rule is respected. Higher levels add tasks and rules (longer
    dependency chains to untangle) and, from level 6, state the rules in mixed phrasings
    ("X requires Y", "X must be done after Y") so each must be read in the right direction."""

    name = "graphs/topological_sort"
    knobs = (
        Knob("n_nodes", [4, 5, 6, 7, 8, 10, 12, 14, 17, 20, 22, 25, 28, 31, 34, 38, 42, 46, 50, 55], (2, 100),
             doc="number of tasks"),
        Knob("n_edges", [3, 5, 7, 9, 12, 16, 21, 26, 33, 42, 50, 58, 66, 75, 85, 96, 108, 120, 134, 150], (0, 4950),
             doc="prerequisite rules (capped at n(n-1)/2)"),
        Knob("phrasing", ["before"] * 5 + ["mixed"] * 15,
             choices=("before", "mixed"),
             doc="'before': every rule reads 'X must be done before Y'; 'mixed': four phrasings"),
    )
    answer_format = "all the tasks in order, as a comma-separated list of task names"
    example = "C,A,B"

    def build(self, rng, params):
        n = params["n_nodes"]
        g = random_dag(rng, n, params["n_edges"])
        if not nx.is_directed_acyclic_graph(g):  # pragma: no cover - random_dag only adds forward edges
            raise RuntimeError("generated graph has a cycle")
        names = node_labels(n)
        edges = sorted((names[u], names[v]) for u, v in g.edges())
        rng.shuffle(edges)
        mixed = params["phrasing"] == "mixed"
        rules = [(rng.choice(_PHRASES) if mixed else _PHRASES[0]).format(u=u, v=v) for u, v in edges]
        order = nx.lexicographical_topological_sort(g, key=lambda v: names[v])
        question = (f"There are {n} tasks: {', '.join(names)}. They are done one at a time, and these rules "
                    f"must hold:\n" + "\n".join(rules) + "\n\n"
                    "Give an order of all the tasks that satisfies every rule.")
        return Draft(question, join(names[v] for v in order),
                     {"nodes": names, "edges": [list(e) for e in sorted(edges)]})

    def effort(self, problem):
        # Kahn's algorithm: every task is placed once and every rule checked once
        c = problem.check
        return len(c["nodes"]) + len(c["edges"])

    def grade(self, answer, problem):
        c = problem.check
        nodes = set(c["nodes"])
        try:
            items = read_nodes(answer, nodes, what="one of the tasks")
        except ParseError as exc:
            return refused(exc)
        position: dict[str, int] = {}
        for i, name in enumerate(items):
            if name in position:
                return wrong(f"Task {name} appears more than once.")
            position[name] = i
        missing = sorted(nodes - set(position))
        if missing:
            return wrong(f"Task {missing[0]} is missing from the order.")
        for u, v in c["edges"]:
            if position[u] > position[v]:
                return wrong(f"{u} must come before {v}.")
        return right()
