"""Find the blown fuse of a branching circuit from which lamps are dark and voltmeter readings."""
from __future__ import annotations

import math
import re

from procgym import Knob, register
from procgym.kit import Param, Tool, TurnBudgetTask

from ._answers import ANSWER_TOOL, answer_text
from ._probing import judge_names, midpoint_probe

_MEASURE = re.compile(r"^measure\s+([a-z]\d{1,5})$", re.IGNORECASE)


def below(fuses: list, node: str) -> set:
    """Every node fed through `node` (itself included)."""
    kids: dict = {}
    for _, a, b in fuses:
        kids.setdefault(a, []).append(b)
    out, todo = {node}, [node]
    while todo:
        for v in kids.get(todo.pop(), ()):
            out.add(v)
            todo.append(v)
    return out


def suspects(check: dict) -> list:
    """The fuses whose blowing darkens exactly the dark lamps, from the supply downwards: the
    deduction the reference makes from the wiring before it measures anything."""
    kids: dict = {}
    for f in check["fuses"]:
        kids.setdefault(f[1], []).append(f)
    lamp_at = {node: lamp for lamp, node in check["lamps"]}
    dark, found, order = frozenset(check["dark"]), [], []
    todo = [check["supply"]]
    while todo:  # the nodes from the supply down, each before the nodes it feeds
        u = todo.pop()
        order.append(u)
        todo.extend(f[2] for f in kids.get(u, ()))
    lit_below: dict = {}
    for u in reversed(order):  # the lamps below each node, leaves first
        lit_below[u] = frozenset([lamp_at[u]] if u in lamp_at else []).union(
            *(lit_below[f[2]] for f in kids.get(u, ())))
    for u in order:
        found += [f for f in kids.get(u, ()) if lit_below[f[2]] == dark]
    return found


@register
class CircuitProbe(TurnBudgetTask):
    """A supply feeds lamps through a branching circuit: each fuse joins an upstream node to a
    downstream one, and branches split at junctions. Exactly one fuse has blown, so the lamps
    below it are dark; the prompt gives the wiring and which lamps are dark. The agent measures
    nodes with a voltmeter (the supply voltage where the node is still fed, 0 V where it is cut
    off) and names the blown fuse. The dark lamps narrow it to one run of fuses in series;
    higher levels add junctions, lamps and longer runs, and cut the spare measurements down to
    bisection's worst case.

    The reference policy works out the run of suspect fuses (those whose blowing darkens exactly
    the dark lamps) and bisects it by measuring the nodes between them; the budget is its worst
    case over that run plus the slack, so it says nothing about which fuse blew.
    """

    name = "investigation/circuit_probe"
    knobs = (
        Knob("junctions", [2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 18], (1, 40),
             doc="branch points and ends of the circuit besides the supply"),
        Knob("run", [2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 18, 20, 24], (1, 50),
             doc="most fuses in series between two junctions"),
        Knob("slack", [4, 4, 3, 3, 3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0], (0, 20),
             doc="spare turns beyond the reference policy's worst case"),
    )
    answer_format = "one command per turn: measure NODE, or answer FUSE"
    example = "measure n0"  # a measurement never wins
    tools = (Tool("measure", "Read the voltage between a node and ground.", "measure {node}",
                  (Param("node", "string", "the node's name"),)),
             ANSWER_TOOL)
    invalid_hint = "see the command list in the first message"
    lowercase = True

    def build(self, rng, params):
        j, run = params["junctions"], params["run"]
        lengths = [rng.randint(max(1, run // 2), run) for _ in range(j)]
        n_nodes = 1 + sum(lengths)
        node_names = [f"n{k}" for k in rng.sample(range(1, 4 * n_nodes), n_nodes)]
        fuse_names = iter(f"f{k}" for k in rng.sample(range(1, 4 * n_nodes), n_nodes - 1))
        nodes = iter(node_names)
        supply = next(nodes)
        junction_nodes, fuses = [supply], []
        for k in range(j):
            u = rng.choice(junction_nodes)
            for _ in range(lengths[k]):
                v = next(nodes)
                fuses.append([next(fuse_names), u, v])
                u = v
            junction_nodes.append(u)
        parents = {a for _, a, _ in fuses}
        ends = sorted((n for _, _, n in fuses if n not in parents), key=node_names.index)
        lamps = [[f"lamp{k + 1}", n] for k, n in enumerate(ends)]
        blown = rng.choice(fuses)
        cut = below(fuses, blown[2])
        dark = [lamp for lamp, n in lamps if n in cut]
        rng.shuffle(fuses)
        volts = rng.choice([6, 9, 12, 24])
        check = {"supply": supply, "fuses": fuses, "lamps": lamps, "dark": dark, "blown": blown[0], "volts": volts,
                 "budget": 10**6}
        n_sus = len(suspects(check))
        check["budget"] = math.ceil(math.log2(n_sus)) + 1 + params["slack"] if n_sus > 1 else 1 + params["slack"]
        wiring = "\n".join(f"  {f}: {a} -> {b}" for f, a, b in fuses)
        where = ", ".join(f"{lamp} at {n}" for lamp, n in lamps)
        question = (
            f"A {volts} V supply at node {supply} feeds lamps through fuses. Each fuse joins an upstream node "
            f"to a downstream one:\n{wiring}\nThe lamps are {where}; each lamp lights when its node is fed. "
            f"Exactly one fuse has blown. Dark lamps: {', '.join(dark)}; every other lamp is lit. Find the blown "
            "fuse.\n\n"
            "Commands (one per turn):\n"
            f"  measure NODE   the voltage at a node: {volts} V where it is fed, 0 V where it is cut off\n"
            "  answer FUSE    name the blown fuse; this ends the game, right or wrong\n"
            f"Every command, valid or not, uses a turn; you have {check['budget']} turns.")
        return self.draft(question, "\n".join(self.reference_line(check)), check)

    def effort(self, problem):
        # one pass over the wiring gathering each fuse's downstream lamps, then each measurement
        return len(problem.check["fuses"]) + len(problem.check["lamps"]) + len(problem.answer.splitlines())

    def start(self, problem):
        return {"readings": {}}

    def act(self, problem, state, text):
        check = problem.check
        given = answer_text(text)
        if given is not None:
            return judge_names(given, [check["blown"]], True, "one fuse, as answer FUSE")
        m = _MEASURE.match(text)
        if not m:
            return "Unknown command: use measure NODE or answer FUSE.", None
        node = m.group(1).lower()
        known = {check["supply"]} | {b for _, _, b in check["fuses"]}
        if node not in known:
            return f"There is no node {node}.", None
        blown = next(f for f in check["fuses"] if f[0] == check["blown"])
        fed = node not in below(check["fuses"], blown[2])
        state["readings"][node] = fed
        return f"{node}: {check['volts'] if fed else 0} V", None

    def unsolved(self, problem, state):
        return "the blown fuse was not named."

    def plan(self, problem, state):
        run = suspects(problem.check)
        # nodes[k] is upstream of run[k]; nodes[-1] is below the last suspect
        nodes = [f[1] for f in run] + [run[-1][2]]
        seen = state["readings"]
        lo = max((k for k, n in enumerate(nodes) if seen.get(n) is True), default=0)
        hi = min((k for k, n in enumerate(nodes) if seen.get(n) is False), default=len(nodes) - 1)
        probe = midpoint_probe(lo, hi, lambda k: True)
        if probe is None:
            return f"answer {run[lo][0]}"
        return f"measure {nodes[probe]}"
