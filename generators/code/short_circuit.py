"""Which functions a short-circuiting boolean condition calls, in order."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_list, read_token, refused
from procgym.verdict import right, wrong

from .._tiny_lang import LANGUAGE, render
from ._traced import trace

NAMES = ("p", "q", "r", "s", "t", "u")
RULE = ("'a and b' evaluates b only when a is true, and 'a or b' evaluates b only when a is false "
        "(short-circuit evaluation); both give 1 or 0.")


def _predicate(rng, name):
    """func p(a) { return (a * c1 + c2) % m < t; } and similar tests of the argument."""
    a = ("var", "a")
    r = rng.random()
    if r < 0.4:
        m = rng.randint(2, 5)
        test = ("bin", "==", ("bin", "%", a, ("num", m)), ("num", rng.randrange(m)))
    elif r < 0.7:
        test = ("bin", rng.choice(("<", ">", "<=", ">=")), a, ("num", rng.randint(2, 8)))
    else:
        m = rng.randint(5, 9)
        mixed = ("bin", "%", ("bin", "+", ("bin", "*", a, ("num", rng.randint(2, 4))), ("num", rng.randint(1, 5))),
                 ("num", m))
        test = ("bin", "<", mixed, ("num", rng.randint(2, m - 2)))
    return ("func", name, ["a"], [("return", test)])


def _condition(rng, leaves, names, args):
    if leaves == 1:
        call = ("call", names[rng.randrange(len(names))], [args[rng.randrange(len(args))]])
        return ("not", call) if rng.random() < 0.2 else call
    left = rng.randint(1, leaves - 1)
    return ("bin", rng.choice(("and", "or")), _condition(rng, left, names, args),
            _condition(rng, leaves - left, names, args))


@register
class ShortCircuit(Task):
    """List, in order, the calls that a Tiny program makes to predicate functions used in a
    short-circuiting and/or condition: a call runs only when the operands before it leave the
    result undecided. Higher levels grow the condition, add predicates and evaluate it inside
    a loop over several values, so the call sequence runs longer."""

    name = "code/short_circuit"
    knobs = (
        Knob("leaves", [2, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (2, 14),
             doc="calls in the condition"),
        Knob("functions", [2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6], (1, 6),
             doc="predicate functions"),
        Knob("rounds", [1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10], (1, 10),
             doc="loop iterations evaluating the condition"),
    )
    answer_format = "the names of the functions called, in order, separated by commas (repeat a name for each call)"
    example = "none"

    def build(self, rng, params):
        names = list(NAMES[:params["functions"]])
        funcs = [_predicate(rng, name) for name in names]
        rounds = params["rounds"]
        start = rng.randint(0, 6)
        if rounds == 1:
            args = [("var", "x"), ("bin", "+", ("var", "x"), ("num", rng.randint(1, 4)))]
        else:
            args = [("var", "i"), ("var", "x"), ("bin", "+", ("var", "i"), ("var", "x"))]
        best = None
        for _ in range(20):  # prefer a condition where some calls are skipped
            cond = _condition(rng, params["leaves"], names, args)
            hit = ("assign", "c", ("bin", "+", ("var", "c"), ("num", 1)))
            test = ("if", cond, [hit], None)
            main = [("assign", "x", ("num", start)), ("assign", "c", ("num", 0))]
            if rounds == 1:
                main.append(test)
            else:
                main += [("assign", "i", ("num", 0)),
                         ("while", ("bin", "<", ("var", "i"), ("num", rounds)),
                          [test, ("assign", "i", ("bin", "+", ("var", "i"), ("num", 1)))])]
            main.append(("print", ("var", "c")))
            program = ("program", funcs, main)
            machine = trace(program)
            calls = [name for name, _ in machine.calls]
            best = (program, machine, calls)
            if len(calls) < params["leaves"] * rounds:
                break
        program, machine, calls = best
        question = (f"{LANGUAGE} {RULE}\n\n{render(program)}\n\nList the calls of the functions "
                    f"{', '.join(names)} that this program makes, in the order they run.")
        return Draft(question, ", ".join(calls), {"calls": calls, "steps": machine.steps})

    def effort(self, problem):
        # every statement run, predicates included
        return problem.check["steps"]

    def grade(self, answer, problem):
        try:
            given = [n.lower() for n in read_list(answer, lambda t: read_token(t, r"[A-Za-z]+", "a function name"))]
        except NotAnAnswer as exc:
            return refused(exc)
        expected = problem.check["calls"]
        if given == expected:
            return right()
        if len(given) != len(expected):
            return wrong(f"The program makes {len(expected)} calls, not {len(given)}.")
        return wrong("That is not the order of the calls.")
