"""Integer partitions with restrictions on the parts, counted by a DP over the part sizes."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask

RULES = ("max_parts", "exact_parts", "max_part", "min_part", "odd", "distinct", "repeat_cap", "no_part")


def allowed_parts(n: int, rules: dict) -> list[int]:
    parts = range(rules.get("min_part", 1), min(n, rules.get("max_part", n)) + 1)
    return [p for p in parts if (not rules.get("odd") or p % 2) and p not in rules.get("no_part", ())]


def count_partitions(n: int, rules: dict, stats=None) -> int:
    """Partitions of n obeying the rules: f[s][c] = ways to make s from c parts of the sizes seen so
    far, each size used at most `cap` times (1 when distinct); then sum c over the allowed counts."""
    cap = 1 if rules.get("distinct") else rules.get("repeat_cap", n)
    lo_c = hi_c = None
    if "exact_parts" in rules:
        lo_c = hi_c = rules["exact_parts"]
    elif "max_parts" in rules:
        lo_c, hi_c = 1, rules["max_parts"]
    top = n if hi_c is None else hi_c
    f = [[0] * (top + 1) for _ in range(n + 1)]
    f[0][0] = 1
    for p in allowed_parts(n, rules):
        g = [row[:] for row in f]
        for s in range(n + 1):
            for c in range(top + 1):
                if f[s][c]:
                    for m in range(1, cap + 1):
                        if s + m * p > n or c + m > top:
                            break
                        g[s + m * p][c + m] += f[s][c]
        if stats is not None:
            stats["cells"] += (n + 1) * (top + 1)
        f = g
    lo_c = 1 if lo_c is None else lo_c
    return sum(f[n][c] for c in range(lo_c, top + 1))


def rule_text(key: str, value) -> str:
    return {
        "max_parts": lambda v: f"there are at most {v} terms",
        "exact_parts": lambda v: f"there are exactly {v} terms",
        "max_part": lambda v: f"every term is at most {v}",
        "min_part": lambda v: f"every term is at least {v}",
        "odd": lambda v: "every term is odd",
        "distinct": lambda v: "all the terms are different",
        "repeat_cap": lambda v: f"no value appears more than {v} times among the terms",
        "no_part": lambda v: "no term equals " + " or ".join(map(str, v)),
    }[key](value)


@register
class IntegerPartitions(CountTask):
    """Count the ways to write n as a sum of positive integers, order not mattering, under rules on
    the terms (how many, how large, odd, distinct, repeats, forbidden values). Levels grow n and the
    number of interacting rules."""

    name = "combinatorics/integer_partitions"
    knobs = (
        Knob("n", [(6, 8), (8, 10), (9, 12), (11, 14), (12, 16), (14, 18), (16, 20), (18, 23), (20, 26), (22, 30),
                   (25, 33), (28, 36), (30, 40), (33, 44), (36, 48), (40, 52), (44, 56), (48, 60), (52, 66),
                   (56, 72)], (2, 100), doc="the number partitioned"),
        Knob("n_rules", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5], (0, 6),
             doc="rules on the terms"),
    )

    def build(self, rng, params):
        n = params["n"]
        rules: dict = {}
        for _ in range(60):
            rules = {}
            for key in rng.sample(RULES, params["n_rules"]):
                if key == "exact_parts" and "max_parts" in rules or key == "max_parts" and "exact_parts" in rules:
                    continue
                if key in ("odd", "distinct"):
                    rules[key] = True
                elif key in ("max_parts", "exact_parts"):
                    rules[key] = rng.randint(2, max(2, n // 2))
                elif key == "max_part":
                    rules[key] = rng.randint(2, max(2, n // 2))
                elif key == "min_part":
                    rules[key] = rng.randint(2, 3)
                elif key == "repeat_cap":
                    rules[key] = rng.randint(1, 3) if "distinct" not in rules else 2
                else:
                    rules[key] = sorted(rng.sample(range(1, min(n, 9) + 1), rng.randint(1, 2)))
            if "distinct" in rules:
                rules.pop("repeat_cap", None)
            if len(rules) == params["n_rules"] and count_partitions(n, rules) > 1:
                break
        else:
            rules = {"max_parts": 2}
        stats = {"cells": 0}
        count = count_partitions(n, rules, stats)
        order = [key for key in RULES if key in rules]
        lines = "\n".join(f"- {rule_text(key, rules[key])}" for key in order)
        question = (f"In how many ways can {n} be written as a sum of one or more positive integers (terms), "
                    f"where the order of the terms does not matter (so 1 + 2 and 2 + 1 are the same way), "
                    f"such that all of the following hold?\n{lines}")
        return Draft(question, str(count), {"count": count, "n": n, "rules": rules, "cells": stats["cells"]})

    def effort(self, problem):
        return problem.check["cells"]
