"""Committees chosen under rules about who serves with whom, counted by cases on the people the
rules name and binomials for everyone else."""
from __future__ import annotations

from math import comb

from procgym import Draft, Knob, register

from ._counting import PEOPLE, CountTask, and_list


def satisfied(chosen: set, rules: list) -> bool:
    for kind, a, b in rules:
        if kind == "in" and a not in chosen or kind == "out" and a in chosen:
            return False
        if kind == "together" and (a in chosen) != (b in chosen):
            return False
        if kind == "apart" and a in chosen and b in chosen:
            return False
        if kind == "needs" and a in chosen and b not in chosen:
            return False
    return True


def count_committees(groups: dict, size: int, rules: list, quota, stats=None) -> int:
    """Committees of `size` people from `groups` (name -> members) meeting every rule, and with at
    least quota[1] members of group quota[0] when a quota is set. Every choice of the people named in
    the rules that meets them is a case; the others are free, chosen by binomials per group."""
    named = sorted({x for _, a, b in rules for x in (a, b) if x})
    group_of = {m: g for g, members in groups.items() for m in members}
    names = sorted(groups)
    free = {g: sum(1 for m in groups[g] if m not in named) for g in names}
    total = 0
    for bits in range(1 << len(named)):
        chosen = {named[i] for i in range(len(named)) if bits >> i & 1}
        if stats is not None:
            stats["cases"] += 1
        if len(chosen) > size or not satisfied(chosen, rules):
            continue
        taken = {g: sum(1 for m in chosen if group_of[m] == g) for g in names}
        rest = size - len(chosen)
        # split the rest between the groups (two at most): binomials per group
        if len(names) == 1:
            total += comb(free[names[0]], rest)
            continue
        g0, g1 = names
        for j in range(rest + 1):
            if quota and (taken[quota[0]] + (j if quota[0] == g0 else rest - j)) < quota[1]:
                continue
            total += comb(free[g0], j) * comb(free[g1], rest - j)
            if stats is not None:
                stats["cases"] += 1
    return total


def rule_text(rule) -> str:
    kind, a, b = rule
    return {
        "in": f"{a} must be on the committee",
        "out": f"{a} cannot be on the committee",
        "together": f"{a} and {b} serve together or not at all",
        "apart": f"{a} and {b} refuse to serve together",
        "needs": f"{a} serves only if {b} also serves",
    }[kind]


@register
class CommitteeConstraints(CountTask):
    """Count the committees of k people chosen from a club (at higher levels two groups, such as
    teachers and students, with a quota) under rules: someone must or cannot serve, two serve
    together or not at all, two refuse to serve together, one serves only if another does. Levels
    grow the club and the number of interacting rules."""

    name = "combinatorics/committee_constraints"
    knobs = (
        Knob("members", [(6, 7), (7, 8), (7, 9), (8, 10), (9, 11), (10, 12), (10, 13), (11, 14), (12, 15), (13, 16),
                         (14, 17), (15, 18), (15, 19), (16, 20), (17, 21), (18, 22), (19, 23), (20, 24), (21, 24),
                         (22, 24)], (4, 24), doc="people in the club"),
        Knob("n_rules", [1, 2, 2, 3, 3, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 9], (0, 10), doc="rules"),
        Knob("groups", [1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2], (1, 2),
             doc="groups in the club (two: with a quota)"),
    )

    def build(self, rng, params):
        n = params["members"]
        people = rng.sample(PEOPLE, n)
        if params["groups"] == 2:
            cut = rng.randint(n // 3, n - n // 3)
            label = rng.choice([("teachers", "students"), ("managers", "engineers"), ("seniors", "juniors")])
            groups = {label[0]: sorted(people[:cut]), label[1]: sorted(people[cut:])}
        else:
            label = ("members",)
            groups = {"members": sorted(people)}
        size = rng.randint(3, max(3, n // 2))
        rules, used = [], set()
        for _ in range(params["n_rules"] * 4):
            if len(rules) == params["n_rules"]:
                break
            kind = rng.choice(["in", "out", "together", "apart", "needs", "apart", "needs"])
            a, b = rng.sample(people, 2)
            if a in used and kind in ("in", "out") or (a, b) in used or (b, a) in used:
                continue
            if kind in ("in", "out"):
                rules.append((kind, a, None))
                used.add(a)
            else:
                rules.append((kind, a, b))
                used.update([(a, b)])
        quota = None
        if params["groups"] == 2:
            g = rng.choice(sorted(groups))
            quota = (g, rng.randint(1, min(len(groups[g]), max(1, size - 1))))
        stats = {"cases": 0}
        count = count_committees(groups, size, rules, quota, stats)
        if count == 0:  # contradictory rules drawn: keep those that allow a committee
            rules = [r for r in rules if r[0] not in ("in", "out")]
            stats = {"cases": 0}
            count = count_committees(groups, size, rules, quota, stats)
        if len(groups) == 1:
            club = f"A club has {n} members: {and_list(groups['members'])}."
        else:
            club = (f"A panel is drawn from {n} people: the {label[0]} {and_list(groups[label[0]])}, and the "
                    f"{label[1]} {and_list(groups[label[1]])}.")
        lines = [rule_text(r) for r in rules]
        if quota:
            lines.append(f"at least {quota[1]} of the committee must be {quota[0]}")
        body = "\n".join(f"- {line}" for line in lines)
        question = (f"{club} A committee of exactly {size} of them is to be chosen (the order of choosing does not "
                    f"matter)." + (f" The rules are:\n{body}\n\n" if lines else "\n\n") +
                    "How many different committees are possible?")
        return Draft(question, str(count), {"count": count, "groups": groups, "size": size,
                                            "rules": [list(r) for r in rules], "quota": list(quota) if quota else None,
                                            "cases": stats["cases"]})

    def effort(self, problem):
        return problem.check["cases"]
