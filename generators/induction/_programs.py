"""Hidden programs for the induction tasks: an exact observational-equivalence enumerator that
decides whether examples pin down a test output, and the builder and prompt of the puzzles whose
hidden rule is a composition of listed operations.

`consistent_outputs(primitives, depth, examples, test_input)` enumerates every composition of
1..depth primitives bottom-up, but stores each program only by its vector of values on the
example inputs plus the test input. Two programs with the same vector are indistinguishable for
the question asked, so deduplicating on that vector is exact, not a heuristic: the returned set
holds the test outputs of all programs (up to the size bound) that reproduce every example.
"""
from __future__ import annotations


def consistent_outputs(primitives, depth: int, examples, test_input, freeze=None):
    """The set of test outputs of all programs f = p_k o ... o p_1 (1 <= k <= depth) with
    f(x) == y for every (x, y) in `examples`. `primitives` is a list of (name, fn); fn maps a
    value to a value or None (undefined). `freeze` turns a value into a hashable key (None: values
    are hashable already)."""
    if freeze is None:
        return _consistent_hashable(primitives, depth, examples, test_input)
    inputs = [x for x, _ in examples] + [test_input]
    targets = tuple(freeze(y) for _, y in examples)
    n = len(examples)
    seen = set()  # the identity vector is not seen: a program equal to it (reverse twice) still counts
    frontier = [tuple(inputs)]
    found = set()
    for _ in range(depth):
        nxt = []
        for values in frontier:
            for _name, fn in primitives:
                out = []
                for v in values:
                    w = fn(v)
                    if w is None:
                        break
                    out.append(w)
                else:
                    key = tuple(freeze(w) for w in out)
                    if key in seen:
                        continue
                    seen.add(key)
                    nxt.append(tuple(out))
                    if key[:n] == targets:
                        found.add(key[n])
        frontier = nxt
    return found


def _consistent_hashable(primitives, depth, examples, test_input):
    inputs = tuple(x for x, _ in examples) + (test_input,)
    targets = tuple(y for _, y in examples)
    n = len(examples)
    seen = set()
    frontier = [inputs]
    found = set()
    fns = [fn for _name, fn in primitives]
    for _ in range(depth):
        nxt = []
        for values in frontier:
            for fn in fns:
                out = tuple(map(fn, values))
                if None in out or out in seen:
                    continue
                seen.add(out)
                nxt.append(out)
                if out[:n] == targets:
                    found.add(out[n])
        frontier = nxt
    return found


def run_program(fns: dict, program, x):
    """Apply the named operations in order; None as soon as one is undefined."""
    for name in program:
        x = fns[name](x)
        if x is None:
            return None
    return x


def determined_puzzle(rng, ops, depth: int, menu_size: int, n_examples: int, make_input, attempts: int = 300,
                      extra_examples: int = 3):
    """A hidden program of `depth` listed operations, a menu (the program's operations plus
    distractors), examples and a test input whose output is determined: every composition of 1 to
    `depth` menu operations that reproduces the examples gives the same test output (checked
    exactly by `consistent_outputs`). Examples are added, up to `extra_examples` more, while the
    test output is still ambiguous. Returns (program, menu, examples, test, expected)."""
    fns = {name: fn for name, _doc, fn in ops}
    names = [name for name, _doc, _fn in ops]
    for _ in range(attempts):
        program = [names[rng.randrange(len(names))] for _ in range(depth)]
        others = [n for n in names if n not in program]
        rng.shuffle(others)
        menu = sorted(set(program) | set(others[:max(0, menu_size - len(set(program)))]), key=names.index)
        examples = []
        for _ in range(n_examples):
            x = make_input(rng)
            y = run_program(fns, program, x)
            if y is None:
                break
            examples.append((x, y))
        if len(examples) < n_examples or all(x == y for x, y in examples):
            continue
        test = make_input(rng)
        expected = run_program(fns, program, test)
        if expected is None or expected == test:
            continue
        prims = [(n, fns[n]) for n in menu]
        for _ in range(extra_examples + 1):
            if consistent_outputs(prims, depth, examples, test) == {expected}:
                return program, menu, examples, test, expected
            x = make_input(rng)
            y = run_program(fns, program, x)
            if y is not None:
                examples.append((x, y))
    raise RuntimeError("no determined puzzle found")


def listed_operations(prompt: str) -> int:
    """How many operations a hidden-rule prompt lists: its "- ..." lines before the examples."""
    head = prompt.split("\nExample", 1)[0]
    return sum(1 for line in head.splitlines() if line.startswith("- "))


def search_effort(prompt: str, depth: int, input_size: int) -> int:
    """The enumerator's work on a hidden-rule puzzle: every composition of 1 to `depth` of the
    listed operations is a candidate rule, and trying one costs about the size of an input."""
    menu = listed_operations(prompt)
    return sum(menu ** k for k in range(1, depth + 1)) * input_size


def menu_question(ops, menu, depth: int, examples, test, subject: str) -> str:
    """The prompt of a hidden-rule puzzle: the rule is 1..depth operations from `menu`, shown by
    input -> output examples; `subject` says what the rule maps ("each whole number into another")."""
    docs = {name: doc for name, doc, _ in ops}
    ops_text = "\n".join(f"- {docs[name]}" for name in menu)
    how = ("one of these operations" if depth == 1 else
           f"a sequence of 1 to {depth} of these operations, applied one after another in some order "
           "(an operation may be used more than once)")
    shown = "\n".join(f"{x} -> {y}" for x, y in examples)
    return (f"A hidden rule turns {subject}. The rule is {how}:\n{ops_text}\n\n"
            f"Examples (input -> output):\n{shown}\n\nWhat is the output for {test}?")
