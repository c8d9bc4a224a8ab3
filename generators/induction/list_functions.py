"""List functions inferred from input/output examples: apply the hidden program to a new list."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.kit import refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._int_lists import int_list_text, read_int_list
from ._programs import consistent_outputs, search_effort

ATTEMPTS = 10_000  # draws of a hidden program before giving up


def _primitives(add_values, take_values, thresholds):
    prims = []
    for c in add_values:
        prims.append((f"add {c}", f"add {c} to every element", (lambda c: lambda xs: tuple(x + c for x in xs))(c)))
    for c in (2, 3):
        prims.append((f"multiply {c}", f"multiply every element by {c}",
                      (lambda c: lambda xs: tuple(x * c for x in xs))(c)))
    prims.append(("keep even", "keep only the even elements", lambda xs: tuple(x for x in xs if x % 2 == 0)))
    prims.append(("keep odd", "keep only the odd elements", lambda xs: tuple(x for x in xs if x % 2)))
    for t in thresholds:
        prims.append((f"keep > {t}", f"keep only the elements greater than {t}",
                      (lambda t: lambda xs: tuple(x for x in xs if x > t))(t)))
    prims.append(("sort", "sort in increasing order", lambda xs: tuple(sorted(xs))))
    prims.append(("sort descending", "sort in decreasing order", lambda xs: tuple(sorted(xs, reverse=True))))
    prims.append(("reverse", "reverse the list", lambda xs: xs[::-1]))
    for k in take_values:
        prims.append((f"take {k}", f"keep the first {k} elements (all of them if there are fewer)",
                      (lambda k: lambda xs: xs[:k])(k)))
        prims.append((f"drop {k}", f"remove the first {k} elements (all of them if there are fewer)",
                      (lambda k: lambda xs: xs[k:])(k)))
    prims.append(("dedupe", "remove repeated values, keeping the first occurrence of each",
                  lambda xs: tuple(dict.fromkeys(xs))))
    return prims


ADD_VALUES = (1, 2, 3, 5, -1)
TAKE_VALUES = (1, 2, 3)
THRESHOLDS = (3, 5, 10)
PRIMITIVES = _primitives(ADD_VALUES, TAKE_VALUES, THRESHOLDS)
PRIM_FNS = [(name, fn) for name, _doc, fn in PRIMITIVES]


def run_program(program, xs):
    fns = {name: fn for name, fn in PRIM_FNS}
    out = tuple(xs)
    for step in program:
        out = fns[step](out)
    return list(out)


@register
class ListFunction(Task):
    """A hidden program, a composition of 1-5 list primitives (add c, multiply by c, keep even /
    odd / greater than t, sort, sort descending, reverse, take k, drop k, dedupe), is shown by
    input/output examples; the answer is its output on a new input list. Uniqueness is checked
    exactly: every composition of up to the stated number of primitives that reproduces all
    examples is enumerated (deduplicated by its values on the example and test inputs) and all
    must give the same test output, else more examples are added or the problem is redrawn.
    Higher levels compose more primitives, use longer lists and show fewer examples per step.
    From level 6 on (three or four primitives) the exact enumeration makes generation
    slower than 1,000 problems/s (a few hundred, and about 100-200 at levels 9-10; past level 10,
    with five primitives and up to 8 listed, a few dozen)."""

    name = "induction/list_function"
    knobs = (
        Knob("n_steps", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 4, 4, 5, 5, 5, 5, 5, 5], (1, 5),
             doc="primitives composed in the hidden program"),
        Knob("list_len", [(3, 5), (4, 6), (4, 6), (5, 7), (5, 8), (6, 8), (6, 9), (7, 10), (7, 10), (8, 11), (8, 11),
                          (8, 12), (9, 12), (9, 12), (9, 13), (10, 13), (10, 14), (11, 15), (11, 15), (12, 16)],
             (1, 20), doc="length of each input list"),
        Knob("menu", [5, 6, 6, 7, 7, 7, 8, 8, 6, 6, 7, 5, 8, 9, 6, 7, 7, 7, 8, 8], (1, 22),
             doc="primitives listed in the prompt (the program's plus distractors)"),
        Knob("n_examples", [4, 3, 4, 4, 3, 4, 4, 3, 4, 4, 4, 4, 4, 4, 4, 4, 3, 3, 4, 3], (2, 8),
             doc="examples shown at first (more are added if needed)"),
        Knob("max_value", [9, 9, 12, 12, 15, 15, 20, 20, 20, 25, 25, 30, 30, 30, 35, 35, 40, 40, 45, 50], (5, 99),
             doc="largest input element"),
    )
    answer_format = ("the output list as comma-separated integers in square brackets, e.g. [4, 1, 7]; "
                     "write [] for an empty list")
    example = "[4, 1, 7]"

    def _input(self, rng, params):
        n = rng.randint(*params["list_len"]) if isinstance(params["list_len"], tuple) else params["list_len"]
        return tuple(rng.randint(0, params["max_value"]) for _ in range(n))

    def build(self, rng, params):
        depth = params["n_steps"]
        all_names = [n for n, _ in PRIM_FNS]
        by_name = {n: (n, doc, fn) for n, doc, fn in PRIMITIVES}
        for _attempt in range(ATTEMPTS):
            names = sorted(rng.sample(all_names, max(params["menu"], 1)), key=all_names.index)
            program = [rng.choice(names) for _ in range(depth)]
            if any(a == b and a in ("reverse", "sort", "sort descending", "dedupe") for a, b in zip(program, program[1:])):
                continue
            apply = lambda xs: tuple(run_program(program, xs))  # noqa: E731
            examples = []
            for _ in range(params["n_examples"]):
                x = self._input(rng, params)
                examples.append((x, apply(x)))
            if all(x == y for x, y in examples) or sum(len(y) == 0 for _, y in examples) > 1:
                continue
            test = self._input(rng, params)
            expected = apply(test)
            for _extra in range(3):
                outs = consistent_outputs([(n, by_name[n][2]) for n in names], depth, examples, test)
                if outs == {expected}:
                    break
                x = self._input(rng, params)
                examples.append((x, apply(x)))
            else:
                continue
            break
        else:  # pragma: no cover - a determined puzzle turns up within a few dozen draws
            raise RuntimeError("no determined list-function puzzle found")
        docs = "\n".join(f"- {by_name[n][0]}: {by_name[n][1]}" for n in names)
        shown = "\n".join(f"{int_list_text(x)} -> {int_list_text(y)}" for x, y in examples)
        steps = ("one of these primitives" if depth == 1 else
                 f"a composition of 1 to {depth} of these primitives, applied one after another in some order "
                 "(a primitive may be used more than once)")
        question = (f"A hidden function maps a list of integers to a list of integers. It is {steps}:\n{docs}\n\n"
                    f"Examples (input -> output):\n{shown}\n\n"
                    f"What does the function output for {int_list_text(test)}?")
        return Draft(question, int_list_text(expected), {"output": list(expected)})

    def effort(self, problem):
        # every candidate composition of the listed primitives, tried on lists of this length
        test = problem.prompt.rsplit("What does the function output for ", 1)[1].split("?", 1)[0]
        return search_effort(problem.prompt, problem.params["n_steps"], len(read_int_list(test, allow_empty=True)))

    def grade(self, answer, problem):
        try:
            given = read_int_list(answer, allow_empty=True)
        except ParseError as exc:
            return refused(exc)
        expected = problem.check["output"]
        if given == expected:
            return right()
        if sorted(given) == sorted(expected):
            return wrong("The elements are right but the order is wrong.")
        return wrong("That is not the function's output.")
