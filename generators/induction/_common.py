"""Helpers for the induction tasks: parsing integer lists and grid rows, and an exact
observational-equivalence enumerator that decides whether examples pin down a test output.

`consistent_outputs(primitives, depth, examples, test_input)` enumerates every composition of
1..depth primitives bottom-up, but stores each program only by its vector of values on the
example inputs plus the test input. Two programs with the same vector are indistinguishable for
the question asked, so deduplicating on that vector is exact, not a heuristic: the returned set
holds the test outputs of all programs (up to the size bound) that reproduce every example.
"""
from __future__ import annotations

import re

_INT = re.compile(r"[+-]?\d{1,30}")


def parse_int_list(answer: str, max_items: int = 500) -> list[int] | None:
    """Integers separated by commas and/or spaces, optionally in one pair of brackets.
    "[]" or an empty bracket pair is the empty list; returns None when the text is not of that form."""
    s = answer.strip().strip("`").strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1].strip()
    s = s.rstrip(".").strip()
    if not s:
        return []
    parts = [p for p in re.split(r"\s*[,;]\s*|\s+", s)]
    if len(parts) > max_items or any(not _INT.fullmatch(p) for p in parts):
        return None
    return [int(p) for p in parts]


def int_list_text(values) -> str:
    return "[" + ", ".join(str(v) for v in values) + "]"


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
