"""Circuit satisfiability: find input bits that make a combinational circuit output 1."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._clauses import decode, lowest, popcount
from ._formulas import variable_tables
from ._truth_values import read_truth_assignment

INPUT_NAMES = tuple(f"x{i}" for i in range(1, 15))
_TIERS = {"andor": ("AND", "OR", "NOT"), "nandnor": ("AND", "OR", "NOT", "NAND", "NOR"),
          "all": ("AND", "OR", "NOT", "NAND", "NOR", "XOR")}
_MEANING = {
    "AND": "AND(u, v) is 1 when both are 1",
    "OR": "OR(u, v) is 1 when at least one is 1",
    "NOT": "NOT(u) is 1 when u is 0",
    "NAND": "NAND(u, v) is NOT(AND(u, v))",
    "NOR": "NOR(u, v) is NOT(OR(u, v))",
    "XOR": "XOR(u, v) is 1 when exactly one is 1",
}


def _apply(op, a, b, full):
    if op == "AND":
        return a & b
    if op == "OR":
        return a | b
    if op == "NOT":
        return full ^ a
    if op == "NAND":
        return full ^ (a & b)
    if op == "NOR":
        return full ^ (a | b)
    return a ^ b


def simulate(n: int, gates) -> list[int]:
    """Truth tables (bit sets over all 2^n input assignments) of every gate; gates are
    [op, wire, wire] with wires "i<k>" for input k and "g<k>" for gate k (0-based), each gate
    using only inputs and earlier gates."""
    full, var = variable_tables(n)
    tables: list[int] = []
    for op, *args in gates:
        ins = [var[int(w[1:])] if w[0] == "i" else tables[int(w[1:])] for w in args]
        tables.append(_apply(op, ins[0], ins[1] if len(ins) > 1 else 0, full))
    return tables


def evaluate(n: int, gates, values) -> int:
    """The output (last gate) for one input assignment, values[k] in {0, 1}."""
    wires: list[int] = []
    for op, *args in gates:
        ins = [values[int(w[1:])] if w[0] == "i" else wires[int(w[1:])] for w in args]
        wires.append(_apply(op, ins[0], ins[1] if len(ins) > 1 else 0, 1))
    return wires[-1]


@register
class CircuitSatisfiability(Task):
    """Circuit satisfiability: given a netlist of logic gates over input bits, give any assignment
    of the inputs that makes the output gate 1. It is checked by simulating the circuit, so
    every satisfying assignment passes. At least one exists: the generator
    simulates the circuit on all 2^n inputs at once (bit-parallel truth tables) and keeps only
    circuits whose output is 1 on at least one and at most a small share of the inputs. Higher
    levels add inputs and gates, NAND/NOR and XOR gates, shrink the share of satisfying inputs
    (down to a handful of thousands), and add distractor gates that do not feed the output.
    Past level 10 (14 inputs, up to 60 gates, a handful of satisfying inputs) circuits are redrawn more
    often: about 100 problems/s at level 20."""

    name = "logic/circuit_satisfiability"
    knobs = (
        Knob("n_inputs", [2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 12, 13, 13, 14, 14, 14, 14, 14, 14, 14], (2, 14),
             doc="number of input bits"),
        Knob("n_gates", [2, 3, 4, 6, 8, 10, 13, 16, 20, 25, 28, 31, 34, 37, 40, 44, 48, 52, 56, 60], (1, 80),
             doc="gates feeding the output"),
        Knob("gates", ["andor", "andor", "andor", "nandnor", "nandnor", "all", "all", "all", "all", "all"]
             + ["all"] * 10, choices=tuple(_TIERS), doc="gate types: AND/OR/NOT; + NAND/NOR; + XOR"),
        Knob("max_share", [0.5, 0.4, 0.3, 0.25, 0.15, 0.1, 0.06, 0.03, 0.01, 0.005, 0.004, 0.003, 0.002, 0.0015,
                           0.001, 0.0008, 0.0006, 0.0005, 0.0004, 0.0003], (0.0, 1.0),
             doc="largest share of input assignments that may make the output 1"),
        Knob("distractors", [0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], (0, 40),
             doc="gates that do not feed the output"),
    )
    answer_format = "a value for every input as x1=1,x2=0,... (1/0 or T/F)"
    example = "x0=0,x1=1,x2=1"  # inputs are numbered from x1: naming x0 is never an answer

    def _circuit(self, rng, n, m, ops, cap):
        """m gates in which every input and every gate but the last feeds a later gate. Each gate
        is the best of a few random candidates: in the second half, the one whose output is 1 on
        the fewest (but some) inputs, so the output ends up rare without being planted."""
        full, var = variable_tables(n)
        tables: list[int] = []
        gates: list[list] = []
        dangling = [f"i{i}" for i in range(n)]
        rng.shuffle(dangling)

        def table_of(w):
            return var[int(w[1:])] if w[0] == "i" else tables[int(w[1:])]

        for k in range(m):
            wires = [f"i{i}" for i in range(n)] + [f"g{j}" for j in range(k)]
            left = m - k  # gates still to place, this one included
            options = []
            for _ in range(12 if 3 * k >= m else 1):
                op = rng.choice(ops)
                if op == "NOT" and len(dangling) > left:
                    op = "AND"
                first = dangling[-1] if dangling else rng.choice(wires)
                if op == "NOT":
                    args = [first]
                else:
                    use_dangling = len(dangling) > 1 and (len(dangling) > left or rng.random() < 0.6)
                    pool = [w for w in (dangling[:-1] if use_dangling else wires) if w != first]
                    args = [first, rng.choice(pool)]
                    rng.shuffle(args)
                t = _apply(op, table_of(args[0]), table_of(args[-1]), full)
                if t:
                    options.append((popcount(t), op, args, t))
            if not options:
                return None
            pick = min(options, key=lambda o: o[0]) if 3 * k >= m else options[0]
            _, op, args, t = pick
            gates.append([op, *args])
            tables.append(t)
            dangling = [w for w in dangling if w not in args] + [f"g{k}"]
        out = tables[-1]
        if len(dangling) != 1 or not 0 < popcount(out) <= cap:
            return None
        return gates

    def build(self, rng, params):
        n, want = params["n_inputs"], params["n_gates"]
        ops = _TIERS[params["gates"]]
        cap = max(1, int(params["max_share"] * (1 << n)))
        best = None
        for _attempt in range(2000):
            gates = self._circuit(rng, n, max(want, (n + 1) // 2), ops, cap)
            if gates is not None:
                best = (gates, len(gates) - 1, set(range(len(gates))))
                break
        if best is None:
            raise ValueError("no circuit found for these knob values (max_share may be too small for n_gates)")
        gates, out, cone = best
        # the cone of the output, in order, with distractor gates slipped in between: each reads
        # inputs and gates listed before it, and nothing reads it
        order: list = [("old", g) for g in sorted(cone) if g != out]
        for _ in range(params["distractors"]):
            order.insert(rng.randint(0, len(order)), ("new", None))
        order.append(("old", out))
        new_index = {g: k for k, (kind, g) in enumerate(order) if kind == "old"}
        netlist = []
        for k, (kind, g) in enumerate(order):
            if kind == "old":
                wires_in = [w if w[0] == "i" else f"g{new_index[int(w[1:])]}" for w in gates[g][1:]]
                netlist.append([gates[g][0], *wires_in])
                continue
            op = rng.choice(ops)
            wires = [f"i{i}" for i in range(n)] + [f"g{j}" for j in range(k)]
            args = rng.sample(wires, 1 if op == "NOT" else 2)
            netlist.append([op, *args])
        tables = simulate(n, netlist)
        sat = tables[-1]
        names = INPUT_NAMES[:n]

        def wire(w):
            return names[int(w[1:])] if w[0] == "i" else f"g{int(w[1:]) + 1}"

        lines = "\n".join(f"g{k + 1} = {op}({', '.join(wire(w) for w in args)})"
                          for k, (op, *args) in enumerate(netlist))
        used = sorted({g[0] for g in netlist}, key=list(_TIERS["all"]).index)
        question = (f"A logic circuit has the input bits {', '.join(names)} and these gates, each computed from the "
                    f"inputs and earlier gates:\n\n{lines}\n\nHere {'; '.join(_MEANING[o] for o in used)}. The output "
                    f"of the circuit is g{len(netlist)}. Find values of the inputs that make the output 1 (at least "
                    "one such assignment exists).")
        values = decode(lowest(sat), n)
        answer = ",".join(f"{names[i]}={int(values[i])}" for i in range(n))
        return Draft(question, answer, {"n_inputs": n, "gates": netlist})

    def effort(self, problem):
        """A search over input assignments, simulating every gate for each one tried: in a random
        order it takes 2^n / (number of satisfying assignments) tries on average."""
        c = problem.check
        satisfying = popcount(simulate(c["n_inputs"], c["gates"])[-1])
        return len(c["gates"]) * (1 << c["n_inputs"]) / satisfying

    def grade(self, answer, problem):
        c = problem.check
        names = list(INPUT_NAMES[:c["n_inputs"]])
        try:
            given = read_truth_assignment(answer, names, "input")
        except NotAnAnswer as exc:
            return refused(exc)
        if evaluate(c["n_inputs"], c["gates"], [int(given[x]) for x in names]) != 1:
            return wrong(f"With those inputs the output g{len(c['gates'])} is 0.")
        return right()
