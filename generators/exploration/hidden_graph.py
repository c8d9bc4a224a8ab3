"""Find a target node in a graph seen only from inside: each step shows the current node's neighbours."""
from __future__ import annotations

import re

import networkx as nx

from procgym import Knob, register
from procgym.kit import WIN, Param, Tool, TurnBudgetTask

_MOVE = re.compile(r"^(?:move|go|walk|step)?\s*(?:to\s*)?(?:node\s*)?#?(\d{1,6})$")


def dfs_next(adj: dict, trail: list[int], target: int) -> int:
    """The depth-first explorer's next node, from what it has seen: the target if it is a
    neighbour; else the smallest unvisited neighbour; else back along the depth-first path.
    `adj` maps each visited node to its neighbours; `trail` is every node stood on, in order."""
    here = trail[-1]
    if target in adj[here]:
        return target
    visited, path = set(), []
    for node in trail:  # rebuild the depth-first path: a step back pops, a step to a new node pushes
        if len(path) > 1 and node == path[-2]:
            path.pop()
        elif node not in visited:
            path.append(node)
        visited.add(node)
    fresh = sorted(n for n in adj[here] if n not in visited)
    if fresh:
        return fresh[0]
    if len(path) > 1 and path[-1] == here:
        return path[-2]
    # off the depth-first path (after other moves): head for the nearest seen, unvisited node
    known = nx.Graph([(a, b) for a, ns in adj.items() for b in ns])
    dist = nx.single_source_shortest_path_length(known, here)
    goal = min((d, n) for n, d in dist.items() if n not in visited)[1]
    return nx.shortest_path(known, here, goal)[1]


@register
class HiddenGraph(TurnBudgetTask):
    """Explore a hidden connected graph to reach a target node: the agent stands on a node and sees
    only its neighbours' labels; each move goes to a neighbour, within a move budget of 2(n-1)
    plus a slack (any depth-first exploration that remembers where it has been reaches every
    node within 2(n-1) moves). Higher levels add nodes and cycles (extra edges that lead back to
    visited ground), place the target farther away, remove the markers that flag neighbours
    already visited (the agent must remember), and cut the slack to zero."""

    name = "exploration/hidden_graph"
    knobs = (
        Knob("n_nodes", [6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 45, 50, 55, 60, 66, 72, 80], (3, 200),
             doc="nodes in the graph"),
        Knob("extra_edges", [0, 1, 2, 3, 4, 6, 7, 9, 12, 15, 18, 21, 24, 28, 32, 36, 40, 45, 50, 56], (0, 400),
             doc="edges beyond a spanning tree"),
        Knob("marks", [True, True, True, True, False, False, False, False, False, False] + [False] * 10,
             doc="observations flag neighbours already visited"),
        Knob("slack", [6, 5, 4, 3, 3, 2, 2, 1, 0, 0] + [0] * 10, (0, 200), doc="moves allowed beyond 2(n-1)"),
    )
    answer_format = "a move as the label of a neighbouring node"
    example = "move 5"  # labels have two digits or more: node 5 is in no graph, so the example never wins
    tools = (Tool("move", "Move to a neighbour of your node.", "move {node}",
                  (Param("node", "integer", "the neighbour's label"),)),)
    unit = ("move", "moves")
    lowercase = True
    invalid_hint = "write move N, where N is a neighbour of your node"

    def build(self, rng, params):
        n, extra = params["n_nodes"], params["extra_edges"]
        if extra > n * (n - 1) // 2 - (n - 1):
            raise ValueError(f"knob 'extra_edges': {extra} is more than {n} nodes can hold")
        labels = rng.sample(range(10, 100) if n <= 60 else range(100, 1000), n)
        g = nx.Graph()
        g.add_nodes_from(labels)
        order = labels[:]
        rng.shuffle(order)
        for i in range(1, n):  # a random tree, then random extra edges
            g.add_edge(order[i], order[rng.randrange(i)])
        while g.number_of_edges() < n - 1 + extra:
            a, b = rng.sample(labels, 2)
            g.add_edge(a, b)
        start = rng.choice(labels)
        dist = nx.single_source_shortest_path_length(g, start)
        far = max(dist.values())
        choices = (sorted(v for v, d in dist.items() if d >= max(2, (far + 1) // 2))
                   or sorted(v for v in dist if v != start))
        target = rng.choice(choices)
        adj = {v: sorted(g.neighbors(v)) for v in sorted(g.nodes)}
        budget = 2 * (n - 1) + params["slack"]
        check = {"adj": {str(v): ns for v, ns in adj.items()}, "start": start, "target": target,
                 "budget": budget, "marks": params["marks"]}
        # the reference line: the depth-first explorer, run on what it would see
        seen, trail = {start: adj[start]}, [start]
        while trail[-1] != target:
            nxt = dfs_next(seen, trail, target)
            trail.append(nxt)
            seen[nxt] = adj[nxt]
        if len(trail) - 1 > budget:
            raise RuntimeError(f"{self.name}: the depth-first explorer overran its bound")
        note = (" Neighbours you have already stood on are marked with *." if params["marks"] else "")
        question = (
            f"You are exploring a hidden, connected, undirected graph of {n} nodes labelled with numbers. You "
            f"can only see the node you stand on and the labels of its neighbours. Reach node {target}.\n"
            f"You start at node {start}. {self.neighbours(check, start, {start})}\n"
            f"Each turn, move along an edge to a neighbour of your current node. You have {budget} moves; an "
            f"invalid move is rejected and still uses one.{note}")
        return self.draft(question, "\n".join(f"move {v}" for v in trail[1:]), check)

    def effort(self, problem):
        # the explorer's moves, and every neighbour label it reads at the nodes it stands on
        adj, trail = problem.check["adj"], {problem.check["start"]}
        trail.update(int(line.split()[1]) for line in problem.answer.split("\n"))
        return len(problem.answer.split("\n")) + sum(len(adj[str(v)]) for v in trail)

    def neighbours(self, c, node: int, visited) -> str:
        ns = c["adj"][str(node)]
        shown = [f"{v}*" if c["marks"] and v in visited else str(v) for v in ns]
        return f"Neighbours of {node}: {', '.join(shown)}."

    def start(self, problem):
        return {"trail": [problem.check["start"]]}

    def act(self, problem, state, text):
        c = problem.check
        here = state["trail"][-1]
        m = _MOVE.match(text)
        if not m:
            return f"Invalid move: {self.invalid_hint}.", None
        node = int(m.group(1))
        if node not in c["adj"][str(here)]:
            view = self.neighbours(c, here, set(state["trail"]))
            return f"Invalid move: {node} is not a neighbour of {here}. {view}", None
        state["trail"].append(node)
        if node == c["target"]:
            return f"You moved to {node}: it is the target. You win.", WIN
        return f"You moved to {node}. {self.neighbours(c, node, set(state['trail'][:-1]))}", None

    def unsolved(self, problem, state):
        return "the target was not reached."

    def plan(self, problem, state):
        c = problem.check
        seen = {v: c["adj"][str(v)] for v in state["trail"]}
        return f"move {dfs_next(seen, state['trail'], c['target'])}"
