"""Necklaces and bracelets up to symmetry, counted by Burnside's lemma over rotations (and reflections)."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import COLOURS, CountTask, and_list


def symmetries(n: int, reflections: bool) -> list[list[int]]:
    """The cycle lengths of every symmetry of n beads in a circle: the n rotations, and the n
    reflections when the necklace may be turned over."""
    perms = [[(i + r) % n for i in range(n)] for r in range(n)]
    if reflections:
        perms += [[(r - i) % n for i in range(n)] for r in range(n)]
    out = []
    for p in perms:
        seen, lengths = [False] * n, []
        for s in range(n):
            length, j = 0, s
            while not seen[j]:
                seen[j], j, length = True, p[j], length + 1
            if length:
                lengths.append(length)
        out.append(lengths)
    return out


def fixed_colourings(lengths: list[int], k: int, counts, stats=None) -> int:
    """Colourings fixed by a symmetry with these cycle lengths: constant on each cycle, so k^cycles;
    with counts[c] beads of colour c, a DP over the cycles on the beads of each colour still free."""
    if counts is None:
        if stats is not None:
            stats["steps"] += len(lengths)
        return k ** len(lengths)
    ways = {tuple(counts): 1}
    for length in lengths:
        nxt: dict = {}
        for rest, w in ways.items():
            for c, r in enumerate(rest):
                if r >= length:
                    t = rest[:c] + (r - length,) + rest[c + 1:]
                    nxt[t] = nxt.get(t, 0) + w
        if stats is not None:
            stats["steps"] += len(ways) * len(counts)
        ways = nxt
    return ways.get((0,) * len(counts), 0)


def count_necklaces(n: int, k: int, reflections: bool, counts=None, stats=None) -> int:
    """Burnside: the number of orbits is the mean number of colourings fixed by a symmetry."""
    group = symmetries(n, reflections)
    return sum(fixed_colourings(lengths, k, counts, stats) for lengths in group) // len(group)


@register
class NecklaceCounting(CountTask):
    """Count the different necklaces (up to rotation) or bracelets (up to rotation and turning over)
    of n beads in k colours. Levels grow the beads and colours, bring in bracelets, and then fix how
    many beads of each colour are used, so the fixed colourings of each symmetry need a count of
    their own."""

    name = "combinatorics/necklace_counting"
    knobs = (
        Knob("beads", [(4, 5), (5, 6), (5, 7), (6, 8), (6, 9), (7, 10), (8, 11), (8, 12), (9, 13), (10, 14),
                       (10, 15), (11, 16), (12, 17), (12, 18), (13, 19), (14, 20), (15, 21), (16, 22), (17, 23),
                       (18, 24)], (3, 30), doc="beads on the necklace"),
        Knob("colours", [2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6], (2, 8),
             doc="colours available"),
        Knob("kind", ["necklace", "necklace", "either", "either", "either", "either", "mixed", "mixed", "mixed",
                      "mixed"] + ["counts"] * 10, choices=("necklace", "either", "mixed", "counts"),
             doc="necklaces only; necklaces or bracelets; also colour counts fixed sometimes; always fixed"),
    )

    def build(self, rng, params):
        n, k, kind = params["beads"], params["colours"], params["kind"]
        reflections = kind != "necklace" and rng.random() < 0.5
        counts = None
        if kind == "counts" or (kind == "mixed" and rng.random() < 0.5):
            cuts = sorted(rng.sample(range(1, n), k - 1)) if n > k else list(range(1, k))
            counts = [b - a for a, b in zip([0] + cuts, cuts + [n])]
            counts = [c for c in counts if c > 0]
            k = len(counts)
        names = sorted(rng.sample(COLOURS, k))
        stats = {"steps": 0}
        count = count_necklaces(n, k, reflections, counts, stats)
        same = ("one can be rotated, or turned over, to give the other" if reflections
                else "one can be rotated to give the other (turning a necklace over is not allowed)")
        thing = "bracelet" if reflections else "necklace"
        if counts is None:
            use = f"Each bead is one of {k} colours: {and_list(names, 'or')}; not every colour has to be used."
        else:
            use = "It uses exactly " + and_list([f"{c} {name}" for c, name in zip(counts, names)]) + " beads."
        question = (f"A {thing} is a circle of {n} equally spaced beads. {use} Two {thing}s count as the same "
                    f"if {same}.\n\nHow many different {thing}s are there?")
        return Draft(question, str(count), {"count": count, "n": n, "k": k, "reflections": reflections,
                                            "counts": counts, "steps": stats["steps"]})

    def effort(self, problem):
        return problem.check["steps"]
