"""Derangements: random returns of hats, tests or name slips, with conditions on who gets their own."""
from __future__ import annotations

from itertools import product
from math import comb

from procgym import Draft, Knob, register

from ._counting import PEOPLE, CountTask, and_list, derangement_numbers

TIERS = {
    "none": ("none",),
    "exact": ("none", "exactly", "all"),
    "range": ("none", "exactly", "all", "at_least", "at_most", "any"),
}
STORIES = {
    "hats": ("{n} people leave their hats at a cloakroom. When they leave, the attendant hands the hats back at "
             "random, exactly one hat to each person.", "the hats be handed back", "get{s} {their} own hat"),
    "tests": ("A teacher returns {n} marked tests to the {n} students who wrote them for peer review, giving "
              "exactly one test to each student.", "the tests be handed out", "get{s} {their} own test"),
    "slips": ("{n} friends each write their own name on a slip of paper. The slips are shuffled and each friend "
              "draws exactly one slip.", "the slips be drawn", "draw{s} {their} own name"),
}


def allowed(condition: list, size: int) -> range:
    """The numbers of fixed points a group of `size` people may have under its condition."""
    kind = condition[0]
    if kind == "none":
        return range(0, 1)
    if kind == "all":
        return range(size, size + 1)
    if kind == "exactly":
        return range(condition[1], condition[1] + 1)
    if kind == "at_least":
        return range(condition[1], size + 1)
    if kind == "at_most":
        return range(0, condition[1] + 1)
    return range(0, size + 1)  # any


def count_with_fixed_points(sizes: list[int], conditions: list[list]) -> int:
    """Permutations of sum(sizes) items, split into groups, whose fixed points in each group number as
    the group's condition allows: choose exactly which items are fixed (f_g of group g), and derange the
    rest: sum over allowed (f_g) of prod C(s_g, f_g) * D(n - sum f_g)."""
    n = sum(sizes)
    d = derangement_numbers(n)
    total = 0
    for fixed in product(*[allowed(c, s) for c, s in zip(conditions, sizes)]):
        ways = 1
        for f, s in zip(fixed, sizes):
            ways *= comb(s, f)
        total += ways * d[n - sum(fixed)]
    return total


@register
class Derangements(CountTask):
    """Count the permutations (hats handed back, tests returned, name slips drawn) in which the
    people getting their own item obey conditions. Level 1 asks for a plain derangement count; then
    "exactly k" (choose the fixed ones, derange the rest), then "at least / at most k", and at higher
    levels the people are split into named groups with a condition each, summing over cases."""

    name = "combinatorics/derangements"
    knobs = (
        Knob("n_people", [(4, 5), (5, 6), (5, 7), (6, 7), (6, 8), (7, 9), (8, 10), (8, 11), (9, 12), (10, 13),
             (10, 14), (11, 14), (11, 15), (12, 15), (12, 16), (13, 17), (14, 18), (15, 19), (16, 20), (17, 22)],
             (2, 24), doc="people, each receiving exactly one item"),
        Knob("n_groups", [1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6], (1, 6),
             doc="groups of people with a condition each"),
        Knob("conditions", ["none", "exact"] + ["range"] * 18,
             choices=tuple(TIERS), doc="which kinds of condition may appear"),
    )

    def build(self, rng, params):
        n = params["n_people"]
        tier = TIERS[params["conditions"]]
        g = 1 if len(tier) == 1 else max(1, min(params["n_groups"], n // 2))
        for _ in range(100):
            cuts = sorted(rng.sample(range(1, n), g - 1))
            sizes = [b - a for a, b in zip([0] + cuts, cuts + [n])]
            conditions = [self._condition(rng, tier, s) for s in sizes]
            if sum(c[0] == "any" for c in conditions) > (g - 1) // 2 or (g == 1 and conditions[0][0] == "all"):
                continue  # at most one free group in three, and never only free groups
            if g > 1 and len({c[0] for c in conditions}) == 1 and conditions[0][0] in ("none", "all"):
                continue  # one condition for everyone reads better as a single group
            count = count_with_fixed_points(sizes, conditions)
            if count > 0:
                break
        else:  # nothing suitable drawn: nobody gets their own item
            g, sizes, conditions = 1, [n], [["none"]]
            count = count_with_fixed_points(sizes, conditions)
        people = rng.sample(PEOPLE, n)
        groups, at = [], 0
        for s in sizes:
            groups.append(sorted(people[at:at + s]))
            at += s
        story, verb, own = STORIES[rng.choice(sorted(STORIES))]
        lines = [self._line(c, grp, i, g, own) for i, (c, grp) in enumerate(zip(conditions, groups))]
        intro = story.format(n=n)
        if g > 1:
            intro += f" The people are {and_list(sorted(people))}."
        question = f"{intro}\n\nIn how many ways can {verb} so that all of the following hold?\n" + "\n".join(
            f"- {line}" for line in lines if line)
        return Draft(question, str(count), {"count": count, "sizes": sizes, "conditions": conditions})

    def effort(self, problem):
        # the derangement table up to n, then one product term per choice of fixed-point counts
        sizes, conditions = problem.check["sizes"], problem.check["conditions"]
        terms = 1
        for c, s in zip(conditions, sizes):
            terms *= len(allowed(c, s))
        return sum(sizes) + terms * len(sizes)

    @staticmethod
    def _condition(rng, tier, size):
        kind = rng.choice(tier)
        if kind in ("exactly", "at_most") and size >= 2:
            return [kind, rng.randint(1, size - 1)]
        if kind == "at_least" and size >= 2:
            return [kind, rng.randint(1, size - 1)]
        if kind in ("exactly", "at_least", "at_most"):
            return ["none"]
        return [kind]

    @staticmethod
    def _line(condition, group, index, n_groups, own):
        kind = condition[0]
        if n_groups == 1:
            who = "people"
            subject = {"none": "nobody", "any": ""}.get(kind)
        else:
            who = and_list(group)
            if index == n_groups - 1 and len(group) > 1:
                who = f"the other {len(group)} people ({who})"
            subject = None
        single = len(group) == 1
        if kind == "any":
            return f"{who} may or may not {own.format(s='', their='their')}" if n_groups > 1 else ""
        if kind == "none":
            if subject:
                return f"{subject} {own.format(s='s', their='their')}"
            return (f"{who} does not {own.format(s='', their='their')}" if single
                    else f"none of {who} {own.format(s='s', their='their')}")
        if kind == "all":
            return (f"{who} {own.format(s='s', their='their')}" if single
                    else f"each of {who} {own.format(s='s', their='their')}")
        k = condition[1]
        words = {"exactly": "exactly", "at_least": "at least", "at_most": "at most"}[kind]
        verb_s = own.format(s="s", their="their") if k == 1 else own.format(s="", their="their")
        if n_groups == 1:
            return f"{words} {k} {'person' if k == 1 else 'people'} {verb_s}"
        return f"{words} {k} of {who} {verb_s}"
