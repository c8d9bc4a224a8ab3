"""Reading ARC-style prompts back in the abstraction tests, and the brute-force check that the
examples leave exactly one answer.

    from grid_helpers import brute_outputs, grid, parse_prompt
"""
import itertools
import re

from procgym.generators.abstraction import _grids as G


def grid(text):
    return tuple(tuple(int(c) for c in row.split()) for row in text.strip().split("\n"))


def parse_prompt(prompt):
    pairs = re.findall(r"Example \d+\nInput:\n(.*?)\nOutput:\n(.*?)\n\n", prompt, re.S)
    test = re.search(r"Test input:\n(.*?)\n\n", prompt, re.S).group(1)
    return [(grid(x), grid(y)) for x, y in pairs], grid(test)


def brute_outputs(task, problem, examples, test):
    """Every composition of a family primitive with one entry of each stage, applied forwards."""
    params = problem.params
    palette = None
    if task.name == "abstraction/recolor_by_rule":
        palette = [int(c) for c in re.search(r"each of the colours ([0-9, ]+) is", problem.prompt).group(1).split(", ")]
    family = task.family(params, palette)
    stages = [G.STAGES[s] for s in task.stage_names[:params["steps"] - 1]]
    outs = set()
    for (_name, fn), post in itertools.product(family, itertools.product(*stages)):
        def run(x):
            v = fn(x)
            if v is None:
                return None
            for entry in post:
                v = entry[1](v)
            return v
        if all(run(x) == y for x, y in examples):
            t = run(test)
            if t is not None:
                outs.add(t)
    return outs
