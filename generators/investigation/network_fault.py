"""Find the one broken link of a tree-shaped network by pinging pairs of routers."""
from __future__ import annotations

import math
import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._answers import ANSWER_TOOL, answer_text
from ._probing import judge_names, midpoint_probe

_PING = re.compile(r"^ping\s+([a-z0-9]{1,16})\s*(?:,\s*|\s+)([a-z0-9]{1,16})$", re.IGNORECASE)


def tree_path(links: list, a: str, b: str) -> list[str]:
    """The routers on the tree path from a to b, both ends included."""
    nbrs: dict = {}
    for u, v in links:
        nbrs.setdefault(u, []).append(v)
        nbrs.setdefault(v, []).append(u)
    parent, todo = {a: None}, [a]
    while todo:
        u = todo.pop()
        for v in nbrs.get(u, ()):
            if v not in parent:
                parent[v] = u
                todo.append(v)
    path = [b]
    while path[-1] != a:
        path.append(parent[path[-1]])
    return path[::-1]


def crosses(path: list[str], broken: list[str]) -> bool:
    return any(sorted(pair) == sorted(broken) for pair in zip(path, path[1:]))


@register
class NetworkFault(TurnBudgetTask):
    """A tree of routers is given by its links; exactly one link is broken, so the gateway cannot
    reach one host. The agent pings pairs of routers (a ping is answered when the tree path
    between them avoids the broken link) and names the broken link. Higher levels lengthen the
    route from the gateway to the host, hang more decoy branches off it (pings into a branch say
    nothing new), and cut the spare pings beyond binary search's worst case.

    The reference policy finds the route from the gateway to the host and bisects it with pings
    from the gateway; the budget is its worst case over every link of the route plus the slack,
    so the turn count says nothing about where the break is.
    """

    name = "investigation/network_fault"
    knobs = (
        Knob("route", [4, 5, 6, 8, 10, 12, 14, 16, 20, 24, 28, 32, 40, 48, 56, 64, 80, 96, 112, 128], (3, 200),
             doc="routers on the route from the gateway to the unreachable host"),
        Knob("decoys", [0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14, 16, 18, 20, 24, 28, 32, 36, 40, 48], (0, 100),
             doc="routers on side branches off the route"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond the reference policy's worst case"),
    )
    answer_format = "one command per turn: ping A B, or answer A-B (the broken link)"
    example = "ping r0 r0"  # a ping never wins
    tools = (Tool("ping", "Ping router b from router a: a reply means the path between them has no broken link.",
                  "ping {a} {b}", (Param("a", "string", "a router's name"), Param("b", "string", "a router's name"))),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"
    lowercase = True

    def build(self, rng, params):
        n = params["route"] + params["decoys"]
        names = [f"r{k}" for k in rng.sample(range(1, 10 * n), n)]
        route, extra = names[:params["route"]], names[params["route"]:]
        links = [[a, b] for a, b in zip(route, route[1:])]
        placed = list(route[:-1])  # branches hang off any router but the host
        for r in extra:
            links.append([rng.choice(placed), r])
            placed.append(r)
        k = rng.randrange(len(route) - 1)
        links = [sorted(link) for link in links]
        rng.shuffle(links)
        check = {"links": links, "gateway": route[0], "host": route[-1], "broken": sorted(route[k:k + 2]),
                 "budget": math.ceil(math.log2(len(route) - 1)) + 1 + params["slack"]}
        shown = ", ".join(f"{a}-{b}" for a, b in links)
        question = (
            f"A network of {n} routers is a tree with these links: {shown}.\n"
            f"Exactly one link is broken: the gateway {route[0]} cannot reach the host {route[-1]}. Find the "
            "broken link.\n\n"
            "Commands (one per turn):\n"
            "  ping A B       ping router B from router A: it is answered when the path between them does not use "
            "the broken link\n"
            "  answer A-B     name the broken link by its two routers; this ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # the route search over every link, then one ping per bisection step
        return len(problem.check["links"]) + len(problem.answer.splitlines())

    def start(self, problem):
        return {"pings": []}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge_names(given, check["broken"], False, "the two routers of one link, as answer A-B")
        m = _PING.match(text)
        if not m:
            return "Unknown command: use ping A B or answer A-B.", None
        a, b = m.group(1), m.group(2)
        known = {r for link in check["links"] for r in link}
        for r in (a, b):
            if r not in known:
                return f"There is no router {r}.", None
        ok = not crosses(tree_path(check["links"], a, b), check["broken"])
        state["pings"].append([a, b, ok])
        return f"ping {a} {b}: {'reply' if ok else 'no reply'}.", None

    def unsolved(self, problem, state):
        return "the broken link was not named."

    def plan(self, problem, state):
        check = problem.check
        route = tree_path(check["links"], check["gateway"], check["host"])
        seen = {b: ok for a, b, ok in state["pings"] if a == check["gateway"]}
        lo = max((k for k, r in enumerate(route) if seen.get(r) is True), default=0)
        hi = min((k for k, r in enumerate(route) if seen.get(r) is False), default=len(route) - 1)
        probe = midpoint_probe(lo, hi, lambda k: True)
        if probe is None:
            return f"answer {route[lo]}-{route[hi]}"
        return f"ping {check['gateway']} {route[probe]}"
