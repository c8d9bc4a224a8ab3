"""Which node of a tiny directed graph has the highest PageRank score under a stated rule?"""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import read_parts, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from .._labels import node_labels
from ._graph_text import read_nodes

DAMPING = 0.85


def pagerank_scores(n: int, edges, rounds: int) -> list[float]:
    """Scores after `rounds` rounds of the PageRank update from the uniform start, or (rounds = 0)
    the limit. Each round: new(v) = (1 - d)/n + d * (sum over u -> v of old(u)/out(u) + sum over
    nodes u without out-links of old(u)/n). The limit solves (I - d G^T) x = (1 - d)/n, G the
    row-stochastic link matrix with dangling rows uniform; it is networkx's pagerank with
    alpha = d, which the tests check."""
    out = [0] * n
    for u, _ in edges:
        out[u] += 1
    if rounds:
        incoming = [[] for _ in range(n)]
        for u, v in edges:
            incoming[v].append(u)
        dangling = [u for u in range(n) if not out[u]]
        score = [1.0 / n] * n
        for _ in range(rounds):
            spread = sum(score[u] for u in dangling) / n
            share = [score[u] / out[u] if out[u] else 0.0 for u in range(n)]
            score = [(1 - DAMPING) / n + DAMPING * (sum(share[u] for u in incoming[v]) + spread) for v in range(n)]
        return score
    # g[v][u]: the share of u's score that goes to v
    g = [[0.0] * n for _ in range(n)]
    for u, v in edges:
        g[v][u] += 1.0 / out[u]
    for u in range(n):
        if not out[u]:
            for v in range(n):
                g[v][u] = 1.0 / n
    a = [[(1.0 if v == u else 0.0) - DAMPING * g[v][u] for u in range(n)] + [(1 - DAMPING) / n] for v in range(n)]
    return _solve(a, n)


def _solve(a: list[list[float]], n: int) -> list[float]:
    """Gaussian elimination with partial pivoting on the augmented n x (n+1) matrix `a`."""
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        for r in range(col + 1, n):
            f = a[r][col] / lead
            if f:
                row, top = a[r], a[col]
                for k in range(col, n + 1):
                    row[k] -= f * top[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


@register
class PageRankArgmax(Task):
    """Which node has the highest PageRank score in a tiny directed graph? The prompt states the
    rule exactly: damping 0.85, uniform start, dangling nodes spread their score evenly, and
    either a fixed number of rounds (computable by hand) or the limit the rounds converge to
    (networkx's pagerank, which the tests compare against). The top node leads the runner-up by
    a stated relative margin, so rounding cannot change the answer. Higher levels add nodes,
    edges and rounds, move to the limit, shrink the margin, and (from level 4) require that the
    node with the most incoming links is not the winner."""

    name = "graphs/pagerank_argmax"
    knobs = (
        Knob("n_nodes", [3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 16], (2, 26),
             doc="number of nodes"),
        Knob("n_edges", [3, 5, 6, 7, 8, 10, 12, 14, 16, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 40], (1, 650),
             doc="directed links (capped at n(n-1))"),
        Knob("rounds", [1, 1, 2, 2, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (0, 50),
             doc="update rounds (0 = the converged limit)"),
        Knob("margin", [0.3, 0.25, 0.2, 0.15, 0.12, 0.1, 0.08, 0.06, 0.05, 0.04,
             0.035, 0.03, 0.03, 0.025, 0.025, 0.02, 0.02, 0.02, 0.015, 0.015], (0.0, 1.0),
             doc="least relative lead of the top score over the runner-up"),
        Knob("indegree_decoy", [False, False, False, True, True, True, True, True, True, True,
             True, True, True, True, True, True, True, True, True, True],
             doc="the node with the most incoming links (ties included) must not be the winner"),
    )
    answer_format = "the name of the node with the highest score"
    example = "Z9"  # no node's name (names are letters): never an answer

    def build(self, rng, params):
        n = params["n_nodes"]
        pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
        m = min(params["n_edges"], len(pairs))
        best = None
        for _attempt in range(400):
            edges = sorted(rng.sample(pairs, m))
            score = pagerank_scores(n, edges, params["rounds"])
            order = sorted(range(n), key=lambda v: -score[v])
            lead = (score[order[0]] - score[order[1]]) / score[order[0]] if n > 1 else 1.0
            indeg = [0] * n
            for _, v in edges:
                indeg[v] += 1
            decoy_ok = not params["indegree_decoy"] or indeg[order[0]] < max(indeg)
            if lead >= params["margin"] and decoy_ok:
                break
            # the best draw so far is the fallback: the margin first, then the decoy rule
            key = (lead >= params["margin"], decoy_ok, lead)
            if best is None or key > best[0]:
                best = (key, edges, score, order)
        else:  # pragma: no cover - the margins are loose enough to be met in a few hundred draws
            _, edges, score, order = best
        names = node_labels(n)
        listing = "\n".join(f"{names[u]} -> {names[v]}" for u, v in edges)
        if params["rounds"]:
            when = (f"Do exactly {params['rounds']} round{'s' if params['rounds'] > 1 else ''} of this update, "
                    f"starting from the start scores.")
        else:
            when = "Repeat the rounds until the scores stop changing (PageRank is the limit they converge to)."
        question = (f"A directed graph has nodes {', '.join(names)} and these links:\n{listing}\n\n"
                    f"PageRank scores are computed as follows. Every node starts with score 1/{n}. In each round, "
                    f"every node's new score is 0.15/{n} plus 0.85 times the sum of the shares it receives: a node "
                    f"with k outgoing links gives (its old score)/k along each of them, and a node with no "
                    f"outgoing links gives (its old score)/{n} to every node, itself included. All new scores are "
                    f"computed from the old ones at once. {when}\n\n"
                    f"Which node has the highest score?")
        return Draft(question, names[order[0]], {"nodes": names, "top": names[order[0]]})

    def effort(self, problem):
        # the update touches every node and link once per round; the limit is a linear system,
        # about n^3 / 3 multiply-adds of Gaussian elimination after the links are read
        p = problem.params
        n = p["n_nodes"]
        links = min(p["n_edges"], n * (n - 1))
        return p["rounds"] * (n + links) if p["rounds"] else n ** 3 / 3 + links

    def grade(self, answer, problem):
        c = problem.check
        try:
            given = read_nodes(read_parts(answer, [{"node", "top node", "answer"}])[0], set(c["nodes"]))
        except ParseError as exc:
            return refused(exc)
        if len(given) != 1:
            return wrong("Give exactly one node name.")
        return right() if given[0] == c["top"] else wrong("That node does not have the highest score.")
