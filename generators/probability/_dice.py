"""Dice for the probability tasks: rolls of several fair dice as a weighted space, atomic events
about a roll (sums, faces, extremes, products) with their wording, and random atoms that can happen.

    outcomes((6, 6))                    # ((1, 1), 1), ((1, 2), 2), ...: sorted values, ordered rolls
    holds(("sum_eq", 7), (3, 4))        # True
    probability((6, 6), ("all", [("sum_eq", 7)]))   # Fraction(1, 6)
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial

from ._exact import Space
from ._phrasing import and_list, word

SIDES = (6, 4, 8, 6, 10, 12)  # die types, most common first
BASIC = ("sum_eq", "sum_ge", "at_least_one", "no_face", "all_same", "distinct")
FULL = BASIC + ("sum_le", "sum_between", "sum_parity", "sum_mult", "sum_prime", "face_count", "max_eq", "max_le",
                "min_ge", "min_eq", "some_match", "prod_even", "prod_mult", "count_even", "spread")
PRIMES = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59}
JOINS = {"all": "all of the following hold", "any": "at least one of the following holds",
         "one": "exactly one of the following holds"}


@lru_cache(maxsize=256)
def outcomes(sides: tuple) -> tuple:
    """Every distinct roll of dice with these numbers of sides, as (sorted values, number of ordered rolls),
    enumerated as multisets per group of identical dice (with multinomial multiplicities)."""
    groups = Counter(sides)
    per_group = []
    for s, k in sorted(groups.items()):
        rolls = []
        for combo in combinations_with_replacement(range(1, s + 1), k):
            ways = factorial(k)
            for c in Counter(combo).values():
                ways //= factorial(c)
            rolls.append((combo, ways))
        per_group.append(rolls)
    merged: Counter = Counter()
    for parts in product(*per_group):
        values, ways = (), 1
        for combo, w in parts:
            values += combo
            ways *= w
        merged[tuple(sorted(values))] += ways
    return tuple(sorted(merged.items()))


def holds(atom, values) -> bool:
    """Whether the (sorted) values of a roll satisfy an atomic event."""
    kind = atom[0]
    if kind == "sum_eq":
        return sum(values) == atom[1]
    if kind == "sum_ge":
        return sum(values) >= atom[1]
    if kind == "sum_le":
        return sum(values) <= atom[1]
    if kind == "sum_between":
        return atom[1] <= sum(values) <= atom[2]
    if kind == "sum_parity":
        return sum(values) % 2 == atom[1]
    if kind == "sum_mult":
        return sum(values) % atom[1] == 0
    if kind == "sum_prime":
        return sum(values) in PRIMES
    if kind == "at_least_one":
        return atom[1] in values
    if kind == "no_face":
        return atom[1] not in values
    if kind == "face_count":
        return values.count(atom[1]) == atom[2]
    if kind == "max_eq":
        return values[-1] == atom[1]
    if kind == "max_le":
        return values[-1] <= atom[1]
    if kind == "min_ge":
        return values[0] >= atom[1]
    if kind == "min_eq":
        return values[0] == atom[1]
    if kind == "all_same":
        return values[0] == values[-1]
    if kind == "distinct":
        return len(set(values)) == len(values)
    if kind == "some_match":
        return len(set(values)) < len(values)
    if kind == "prod_even":
        return any(v % 2 == 0 for v in values)
    if kind == "prod_mult":
        p = 1
        for v in values:
            p *= v
        return p % atom[1] == 0
    if kind == "count_even":
        return sum(1 for v in values if v % 2 == 0) == atom[1]
    if kind == "spread":
        return values[-1] - values[0] == atom[1]
    raise ValueError(f"unknown atom {atom!r}")


def event_holds(event, values) -> bool:
    join, atoms = event
    hits = sum(1 for a in atoms if holds(a, values))
    return hits == len(atoms) if join == "all" else hits >= 1 if join == "any" else hits == 1


@lru_cache(maxsize=256)
def roll_space(sides: tuple) -> Space:
    """The rolls of these dice as a weighted space (weights: ordered rolls per multiset)."""
    return Space(outcomes(sides))


def atom_event(sides, atom) -> tuple:
    space = roll_space(tuple(sorted(sides)))
    return space.event(lambda values: holds(atom, values), key=atom)


def event_masks(sides, event) -> tuple:
    join, atoms = event
    return Space.combine(join, [atom_event(sides, a) for a in atoms])


def probability(sides, event, given=None) -> Fraction:
    """P(event | given) over every roll (given=None: unconditional), by exact weighted counting."""
    space = roll_space(tuple(sorted(sides)))
    return space.probability(event_masks(sides, event), None if given is None else atom_event(sides, given))


def atom_text(atom, n: int) -> str:
    kind = atom[0]
    die = "die" if n == 1 else "dice"
    texts = {
        "sum_eq": lambda: f"the sum of the numbers shown is exactly {atom[1]}",
        "sum_ge": lambda: f"the sum of the numbers shown is at least {atom[1]}",
        "sum_le": lambda: f"the sum of the numbers shown is at most {atom[1]}",
        "sum_between": lambda: f"the sum of the numbers shown is between {atom[1]} and {atom[2]} inclusive",
        "sum_parity": lambda: f"the sum of the numbers shown is {'odd' if atom[1] else 'even'}",
        "sum_mult": lambda: f"the sum of the numbers shown is a multiple of {atom[1]}",
        "sum_prime": lambda: "the sum of the numbers shown is a prime number",
        "at_least_one": lambda: f"at least one die shows a {atom[1]}",
        "no_face": lambda: f"no die shows a {atom[1]}",
        "face_count": lambda: f"exactly {word(atom[2])} {'die shows' if atom[2] == 1 else 'dice show'} a {atom[1]}",
        "max_eq": lambda: f"the largest number shown is {atom[1]}",
        "max_le": lambda: f"every die shows {atom[1]} or less",
        "min_ge": lambda: f"every die shows {atom[1]} or more",
        "min_eq": lambda: f"the smallest number shown is {atom[1]}",
        "all_same": lambda: f"all {word(n)} {die} show the same number",
        "distinct": lambda: f"all {word(n)} {die} show different numbers",
        "some_match": lambda: "at least two dice show the same number",
        "prod_even": lambda: "the product of the numbers shown is even",
        "prod_mult": lambda: f"the product of the numbers shown is a multiple of {atom[1]}",
        "count_even": lambda: (f"exactly {word(atom[1])} {'die shows' if atom[1] == 1 else 'dice show'} "
                               f"an even number"),
        "spread": lambda: f"the largest number shown minus the smallest number shown is exactly {atom[1]}",
    }
    if n == 2 and kind == "all_same":
        return "both dice show the same number"
    if n == 2 and kind == "distinct":
        return "the two dice show different numbers"
    return texts[kind]()


def random_atom(rng, kinds, sides):
    """An atom whose parameters come from a random roll, so that it is possible."""
    kind = rng.choice(kinds)
    roll = sorted(rng.randint(1, s) for s in sides)
    total, n = sum(roll), len(sides)
    if kind == "sum_eq":
        return (kind, total)
    if kind in ("sum_ge", "sum_le"):
        return (kind, total)
    if kind == "sum_between":
        lo = total - rng.randint(0, 2)
        return (kind, max(n, lo), lo + rng.randint(2, 4))
    if kind == "sum_parity":
        return (kind, rng.randint(0, 1))
    if kind == "sum_mult":
        return (kind, rng.choice((3, 4, 5)))
    if kind in ("at_least_one", "no_face"):
        return (kind, rng.choice(roll))
    if kind == "face_count":
        face = rng.choice(roll)
        return (kind, face, roll.count(face) if rng.random() < 0.6 else rng.randint(1, n))
    if kind in ("max_eq", "max_le"):
        return (kind, roll[-1])
    if kind in ("min_ge", "min_eq"):
        return (kind, roll[0])
    if kind == "prod_mult":
        return (kind, rng.choice((4, 6, 9, 10, 12)))
    if kind == "count_even":
        return (kind, rng.randint(0, n))
    if kind == "spread":
        return (kind, roll[-1] - roll[0])
    return (kind,)


def dice_text(sides) -> str:
    n = len(sides)
    if len(set(sides)) == 1:
        if n == 1:
            return f"one fair {sides[0]}-sided die"
        return f"{word(n)} fair {sides[0]}-sided dice"
    counts = Counter(sides)
    parts = [f"{'one' if k == 1 else word(k)} fair {s}-sided {'die' if k == 1 else 'dice'}"
             for s, k in sorted(counts.items())]
    return and_list(parts)
