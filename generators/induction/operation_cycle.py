"""Sequences made by a repeating cycle of operations: infer the cycle, continue the sequence."""
from __future__ import annotations

import itertools
import re

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._int_lists import read_int_list

LIMIT = 10**6  # |term| bound for generated sequences
KINDS = ("add", "sub", "mul", "div")
_BOUND = re.compile(r"a fixed cycle of between 1 and (\d+) operations")


def apply(op: tuple, v: int) -> int:
    kind, c = op
    if kind == "add":
        return v + c
    if kind == "sub":
        return v - c
    if kind == "mul":
        return v * c
    return v // c


def fitting_ops(a: int, b: int, kinds) -> set[tuple]:
    """Every allowed operation taking a to b."""
    out = set()
    if "add" in kinds and 1 <= b - a <= 9:
        out.add(("add", b - a))
    if "sub" in kinds and 1 <= a - b <= 9:
        out.add(("sub", a - b))
    if "mul" in kinds:
        out.update(("mul", c) for c in (2, 3, 4) if a * c == b)
    if "div" in kinds:
        out.update(("div", c) for c in (2, 3) if a // c == b)
    return out


def continuations(terms: list[int], max_cycle: int, kinds, ahead: int, cap: int = 4096) -> set:
    """The next `ahead` terms predicted by every cycle of 1..max_cycle allowed operations that
    produces `terms` (each cycle position must fit every transition it is responsible for).
    A cycle with a position no transition shows could continue any way: it adds None."""
    found: set = set()
    for k in range(1, max_cycle + 1):
        options, fits = [], True
        for r in range(k):
            pairs = [(terms[i], terms[i + 1]) for i in range(r, len(terms) - 1, k)]
            if not pairs:
                options.append(None)
                continue
            fit = fitting_ops(*pairs[0], kinds)
            for a, b in pairs[1:]:
                fit &= fitting_ops(a, b, kinds)
            if not fit:
                fits = False
                break
            options.append(sorted(fit))
        if not fits:
            continue
        if any(o is None for o in options):
            found.add(None)
            continue
        for combo in itertools.islice(itertools.product(*options), cap):
            v, out = terms[-1], []
            for i in range(ahead):
                v = apply(combo[(len(terms) - 1 + i) % k], v)
                out.append(v)
            found.add(tuple(out))
    return found


def describe(kinds) -> str:
    parts = {"add": "add c", "sub": "subtract c", "mul": "multiply by c (c = 2, 3 or 4)",
             "div": "divide by c and round down (c = 2 or 3)"}
    text = [parts[k] for k in kinds]
    if "add" in kinds:
        text[0] = "add c (c from 1 to 9)"
    if "sub" in kinds:
        text[kinds.index("sub")] = "subtract c (c from 1 to 9)"
    return "; ".join(text)


@register
class OperationCycle(Task):
    """Each term of the sequence comes from the one before by the next operation of a hidden,
    repeating cycle (add c, subtract c, multiply by c, and at the top levels divide by c rounding
    down). Give the next terms. The solver tries every cycle length up to the stated bound and
    every operation fitting each cycle position; the generator shows terms until exactly one
    continuation remains. Higher levels use longer cycles, state a looser bound on the cycle
    length (so shorter and longer cycles must be ruled out), add multiplication and division,
    and ask for more terms."""

    name = "induction/operation_cycle"
    knobs = (
        Knob("cycle", [1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6], (1, 6),
             doc="operations in the hidden cycle"),
        Knob("bound_extra", [0, 0, 0, 1, 0, 1, 1, 1, 1, 2, 1, 1, 2, 2, 3, 1, 2, 2, 3, 3], (0, 3),
             doc="how much the stated bound on the cycle length exceeds the true length"),
        Knob("kinds", [2, 2, 3, 3, 3, 3, 3, 4, 4, 4] + [4] * 10, (2, 4),
             doc="operation kinds (add, subtract, multiply, divide)"),
        Knob("ahead", [1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 6, 7, 7, 8], (1, 8), doc="terms to give"),
    )
    answer_format = "the next terms in order, comma-separated"
    # no operation takes 17 to 30 (add or subtract 1-9, multiply by 2-4, divide by 2 or 3), so this
    # is never the answer (17, 34, 31 may be)
    example = "17, 30, 31"

    def build(self, rng, params):
        k, kinds, ahead = params["cycle"], KINDS[:params["kinds"]], params["ahead"]
        bound = k + params["bound_extra"]
        for _ in range(400):
            cycle = []
            for _ in range(k):
                kind = kinds[rng.randrange(len(kinds))]
                c = rng.randint(1, 9) if kind in ("add", "sub") else rng.randint(2, 4) if kind == "mul" else rng.randint(2, 3)
                cycle.append((kind, c))
            if len(set(cycle)) < k or all(op[0] in ("mul", "div") for op in cycle):
                continue
            terms = [rng.randint(1, 20)]
            for i in range(4 * bound + ahead + 2):
                terms.append(apply(cycle[i % k], terms[-1]))
            if any(abs(v) > LIMIT for v in terms):
                continue
            for shown in range(2 * k + 1, 4 * bound + 3):
                if continuations(terms[:shown], bound, kinds, ahead) == {tuple(terms[shown:shown + ahead])}:
                    break
            else:
                continue
            break
        else:  # pragma: no cover
            raise RuntimeError("could not build an operation-cycle sequence")
        seen, nxt = terms[:shown], terms[shown:shown + ahead]
        cycle_text = ("the same single operation every time" if bound == 1 else
                      f"the next operation of a fixed cycle of between 1 and {bound} operations, repeated over and over")
        ask = "the next term" if ahead == 1 else f"the next {ahead} terms"
        question = (f"Each term of this sequence is made from the previous term by {cycle_text}. Each operation is "
                    f"one of: {describe(list(kinds))}.\n\nTerms: {', '.join(map(str, seen))}\n\nGive {ask}.")
        return Draft(question, ", ".join(map(str, nxt)), {"next": nxt})

    def effort(self, problem):
        """The solver's work: every cycle length up to the stated bound is tried against every
        shown transition, then the answer's terms are computed."""
        bound = _BOUND.search(problem.prompt)
        terms = read_int_list(problem.prompt.split("Terms: ", 1)[1].split("\n", 1)[0])
        return (int(bound.group(1)) if bound else 1) * (len(terms) - 1) + len(problem.check["next"])

    def grade(self, answer, problem):
        try:
            got = read_int_list(answer)
        except ParseError as exc:
            return refused(exc)
        want = problem.check["next"]
        if len(got) != len(want):
            return wrong(f"Give exactly {len(want)} terms.")
        if got == want:
            return right()
        first = next(i for i, (a, b) in enumerate(zip(got, want)) if a != b)
        return wrong(f"Term {first + 1} of your answer is wrong.")

