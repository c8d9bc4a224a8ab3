"""Boolean circuits: evaluate a netlist of gates on given input bits."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, refused
from procgym.verdict import right, wrong

from ._truth_values import read_truth_list

GATES = {  # name: (arity, function)
    "AND": (2, lambda a, b: a & b),
    "OR": (2, lambda a, b: a | b),
    "NOT": (1, lambda a: 1 - a),
    "NAND": (2, lambda a, b: 1 - (a & b)),
    "NOR": (2, lambda a, b: 1 - (a | b)),
    "XOR": (2, lambda a, b: a ^ b),
    "XNOR": (2, lambda a, b: 1 - (a ^ b)),
    "MUX": (3, lambda s, a, b: b if s else a),
    "MAJ": (3, lambda a, b, c: 1 if a + b + c >= 2 else 0),
}
GATE_TEXT = {
    "AND": "AND(a, b) is 1 when both inputs are 1",
    "OR": "OR(a, b) is 1 when at least one input is 1",
    "NOT": "NOT(a) is 1 when a is 0",
    "NAND": "NAND(a, b) is NOT(AND(a, b))",
    "NOR": "NOR(a, b) is NOT(OR(a, b))",
    "XOR": "XOR(a, b) is 1 when exactly one input is 1",
    "XNOR": "XNOR(a, b) is NOT(XOR(a, b))",
    "MUX": "MUX(s, a, b) is a when s is 0 and b when s is 1",
    "MAJ": "MAJ(a, b, c) is 1 when at least two inputs are 1",
}
_GATE_LINE = re.compile(r"^(w\d+) = ([A-Z]+)\(([^)]*)\)$", re.MULTILINE)
_OUTPUT_WIRE = re.compile(r"\bout\d+ = (w\d+)")
EXAMPLES = ("10", "01", "11", "00")  # the prompt's example is one of these that is not the answer
GATE_TIERS = {1: ("AND", "OR", "NOT"), 2: ("AND", "OR", "NOT", "NAND", "NOR"),
              3: ("AND", "OR", "NOT", "NAND", "NOR", "XOR", "XNOR"),
              4: ("AND", "OR", "NOT", "NAND", "NOR", "XOR", "XNOR", "MUX", "MAJ")}


def evaluate_netlist(gates: dict, inputs: dict) -> dict:
    """Every wire's value: gates maps a wire to [gate type, input wires...], inputs maps the
    input wires to 0/1. Wires are evaluated in a topological order found by depth-first search
    (the listing may be in any order); a cycle raises ValueError."""
    values = dict(inputs)
    state: dict[str, int] = {}  # 1 in progress, 2 done
    for root in gates:
        if root in values:
            continue
        stack = [root]
        while stack:
            w = stack[-1]
            if w in values:
                stack.pop()
                continue
            if state.get(w) == 1:
                pending = [x for x in gates[w][1:] if x not in values]
                if pending:
                    raise ValueError(f"the circuit has a cycle through {w}")
                kind = gates[w][0]
                values[w] = GATES[kind][1](*(values[x] for x in gates[w][1:]))
                state[w] = 2
                stack.pop()
                continue
            state[w] = 1
            for x in gates[w][1:]:
                if x not in values:
                    if x not in gates:
                        raise ValueError(f"wire {x} is not defined")
                    if state.get(x) == 1:
                        raise ValueError(f"the circuit has a cycle through {x}")
                    stack.append(x)
    return values


@register
class CircuitEvaluation(Task):
    """Evaluate a combinational circuit: input bits and a netlist of gates (each gate's output
    wire defined from earlier wires) are given, and the answer is the value of each named
    output. Values come from the netlist by a topological-order evaluation. Higher levels add
    inputs and gates, richer gate types (NAND/NOR, XOR/XNOR, then 3-input MUX and majority),
    more outputs, gates that feed no output (distractors), and a netlist listed in scrambled
    order with shuffled wire names, so the evaluation order must be worked out."""

    name = "logic/circuit_evaluation"
    knobs = (
        Knob("n_inputs", [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 12], (1, 12),
             doc="input wires"),
        Knob("n_gates", [3, 4, 6, 8, 10, 12, 15, 18, 22, 28, 32, 36, 40, 45, 50, 55, 60, 66, 72, 80], (1, 80),
             doc="gates in the netlist"),
        Knob("gates", [1, 1, 2, 2, 3, 3, 3, 4, 4, 4] + [4] * 10, (1, 4),
             doc="gate types: 1 AND/OR/NOT; 2 + NAND/NOR; 3 + XOR/XNOR; 4 + MUX/MAJ"),
        Knob("n_outputs", [1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 8], (1, 8),
             doc="outputs asked for"),
        Knob("scrambled", [False, False, False, False, False, True, True, True, True, True] + [True] * 10,
             doc="netlist listed out of order with shuffled wire names"),
    )
    answer_format = "the output bits in the order the outputs are listed, as a string of 0s and 1s (e.g. 101)"
    example = "10"

    def build(self, rng, params):
        k, m = params["n_inputs"], params["n_gates"]
        kinds = GATE_TIERS[params["gates"]]
        inputs = [f"x{i}" for i in range(1, k + 1)]
        labels = [f"w{i}" for i in range(1, m + 1)]
        if params["scrambled"]:
            rng.shuffle(labels)
        wires = list(inputs)
        gates: dict[str, list] = {}
        for g in range(m):
            kind = rng.choice(kinds)
            arity = GATES[kind][0]
            recent = wires[-4:]
            args: list[str] = []
            while len(args) < arity:  # distinct inputs, biased towards recent wires (depth)
                pool = recent if rng.random() < 0.6 else wires
                x = rng.choice(pool)
                if x not in args or len(set(wires)) < arity:
                    args.append(x)
            gates[labels[g]] = [kind] + args
            wires.append(labels[g])
        n_out = min(params["n_outputs"], m)
        # outputs: the last gate, then others chosen among the later half of the gates
        later = labels[m // 2:-1] if m > 1 else []
        outs = [labels[-1]] + sorted(rng.sample(later, min(n_out - 1, len(later))), key=labels.index)
        bits = {x: rng.randrange(2) for x in inputs}
        values = evaluate_netlist(gates, bits)
        answer = "".join(str(values[w]) for w in outs)
        order = list(gates)
        if params["scrambled"]:
            rng.shuffle(order)
        netlist = "\n".join(f"{w} = {gates[w][0]}({', '.join(gates[w][1:])})" for w in order)
        used = sorted({gates[w][0] for w in gates}, key=list(GATES).index)
        out_names = [f"out{i}" for i in range(1, len(outs) + 1)]
        ask = ("is the value of the output" if len(outs) == 1
               else "are the values of the outputs, in order " + ", ".join(out_names))
        question = (f"A combinational circuit has inputs {', '.join(inputs)} and the gates below (each line "
                    f"defines a wire as a gate applied to other wires). Gates: {'; '.join(GATE_TEXT[g] for g in used)}."
                    f"\n\nInputs: {', '.join(f'{x} = {bits[x]}' for x in inputs)}\n\nNetlist:\n{netlist}\n\n"
                    f"Outputs: {', '.join(f'{o} = {w}' for o, w in zip(out_names, outs))}\n\nWhat "
                    f"{ask}?")
        # the example: two bits drawn last, uniformly from the two-bit strings that are not the
        # answer (at least 3), so that seeing it rules out only itself
        wrong_bits = [shown for shown in EXAMPLES if shown != answer]
        return Draft(question, answer, {"bits": answer, "outputs": out_names},
                     example=wrong_bits[rng.randrange(len(wrong_bits))])

    def effort(self, problem):
        """Evaluating the outputs' cones: each gate an output depends on reads its inputs and
        applies its rule; a scrambled netlist must also be searched for each definition."""
        netlist = {w: args.split(", ") for w, _kind, args in _GATE_LINE.findall(problem.prompt)}
        stack = _OUTPUT_WIRE.findall(problem.prompt)
        cone: set = set()
        while stack:
            w = stack.pop()
            if w in netlist and w not in cone:
                cone.add(w)
                stack += netlist[w]
        work = sum(1 + len(netlist[w]) for w in cone)
        return work + (len(netlist) if problem.params["scrambled"] else 0)

    def grade(self, answer, problem):
        want = problem.check["bits"]
        names = problem.check["outputs"]
        try:
            given = read_truth_list(answer)
        except NotAnAnswer as exc:
            return refused(exc)
        if len(given) != len(want):
            return wrong(f"Give {len(want)} bit{'s' if len(want) > 1 else ''}, one per output; got {len(given)}.")
        bad = [names[i] for i, (g, w) in enumerate(zip(given, want)) if g != (w == "1")]
        if bad:
            return wrong(f"Output {bad[0]} is wrong" + (f" (and {len(bad) - 1} more)." if len(bad) > 1 else "."))
        return right()
