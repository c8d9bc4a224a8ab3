"""Set partitions and their relatives: groups (Stirling numbers of the second kind), surjections onto
named rooms, round tables (Stirling numbers of the first kind) and queues (Lah numbers)."""
from __future__ import annotations

from math import comb, factorial, perm

from procgym import Draft, Knob, register

from ._counting import PEOPLE, CountTask, and_list

STRUCTURES = ("groups", "tables", "queues")
RULES = ("min_size", "max_size", "pair", "some_empty")


def block_weight(structure: str, size: int) -> int:
    """Ways to arrange one block of `size` people: a set (1), a round table up to rotation
    ((size - 1)!), or a queue (size!)."""
    return 1 if structure == "groups" else factorial(size - 1) if structure == "tables" else factorial(size)


def count_partitions(n: int, k: int, structure: str = "groups", labelled: bool = False, min_size: int = 1,
                     max_size: int | None = None, pair: str | None = None, some_empty: bool = False,
                     stats: dict | None = None) -> int:
    """Ways to split n labelled people into k blocks (exactly k, or up to k when `some_empty`), each
    block a set, round table or queue, with block sizes in [min_size, max_size]; the blocks are named
    (labelled) or not. `pair` asks the first two people to be "together", "apart", or person 1 to be
    "alone". A DP on the block holding the smallest remaining person:
    f(m, j) = sum_s C(m - 1, s - 1) * w(s) * f(m - s, j - 1). With `stats`, stats["terms"] counts
    the terms the DP table sums."""
    top = n if max_size is None else max_size
    sizes = range(min_size, top + 1)
    f = [[0] * (k + 1) for _ in range(n + 1)]
    f[0][0] = 1
    for m in range(1, n + 1):
        for j in range(1, k + 1):
            f[m][j] = sum(comb(m - 1, s - 1) * block_weight(structure, s) * f[m - s][j - 1] for s in sizes if s <= m)
            if stats is not None:
                stats["terms"] = stats.get("terms", 0) + sum(1 for s in sizes if s <= m)

    def blocks(j: int) -> int:
        if pair is None:
            return f[n][j]
        if pair == "alone":
            return block_weight(structure, 1) * f[n - 1][j - 1] if 1 in sizes else 0
        together = sum(comb(n - 2, s - 2) * block_weight(structure, s) * f[n - s][j - 1]
                       for s in sizes if 2 <= s <= n)
        return together if pair == "together" else f[n][j] - together

    used = range(1, k + 1) if some_empty else range(k, k + 1)
    # named blocks: the j used blocks go to j of the k names in order, k!/(k-j)! ways
    return sum(blocks(j) * (perm(k, j) if labelled else 1) for j in used)


@register
class SetPartitions(CountTask):
    """Count the ways to split people into groups, named rooms, round tables or queues. Level 1 is a
    Stirling number of the second kind with two groups; higher levels add named rooms (surjections,
    k! S(n, k)), rooms that may stay empty, minimum and maximum group sizes, a pair that must be
    together or apart or a person alone, and round tables (Stirling numbers of the first kind) or
    queues (Lah numbers), several rules at once."""

    name = "combinatorics/set_partitions"
    knobs = (
        Knob("n_people", [(4, 5), (5, 6), (5, 7), (6, 7), (6, 8), (7, 8), (7, 9), (8, 10), (9, 11), (10, 12),
             (10, 13), (11, 13), (11, 14), (12, 14), (12, 15), (13, 16), (14, 17), (15, 18), (16, 19), (17, 20)],
             (2, 24), doc="people to split"),
        Knob("n_blocks", [2, (2, 3), (2, 3), 3, (3, 4), (3, 4), (3, 4), (3, 5), (3, 5), (4, 5), (4, 5), (4, 6),
             (4, 6), (5, 6), (5, 7), (5, 7), (6, 7), (6, 8), (6, 8), (7, 8)], (1, 10),
             doc="groups, rooms, tables or queues"),
        Knob("n_rules", [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4], (0, 4),
             doc="extra rules (sizes, a pair, empty rooms)"),
        Knob("structure", ["groups"] * 4 + [["groups", "tables", "queues"]] * 3 + [["tables", "queues"]] * 13,
             choices=STRUCTURES, doc="what a block is: a set, a round table, or a queue"),
        Knob("labelled", [False] + [[False, True]] * 19,
             doc="the blocks are named (rooms, numbered tables) rather than interchangeable"),
    )

    def build(self, rng, params):
        n, structure, labelled = params["n_people"], params["structure"], params["labelled"]
        for _ in range(100):
            k = max(1, min(params["n_blocks"], n - 1))
            rules = rng.sample(RULES if labelled else RULES[:3], min(params["n_rules"], 4 if labelled else 3))
            spec = {"min_size": 1, "max_size": None, "pair": None, "some_empty": False}
            if "min_size" in rules:
                spec["min_size"] = 2
                k = max(1, min(k, n // 2))
            if "max_size" in rules:
                spec["max_size"] = rng.randint(max(2, -(-n // k)), max(2, -(-n // k) + 1))
            if "pair" in rules:
                spec["pair"] = rng.choice(["together", "apart", "alone"])
                if spec["pair"] == "alone" and spec["min_size"] > 1:
                    spec["pair"] = rng.choice(["together", "apart"])
            if "some_empty" in rules:
                spec["some_empty"] = True
            count = count_partitions(n, k, structure, labelled, **spec)
            if count > 0:
                break
        people = sorted(rng.sample(PEOPLE, n))
        a, b = rng.sample(people, 2)
        question = self._render(n, k, structure, labelled, spec, people, a, b)
        return Draft(question, str(count), {"count": count, "n": n, "k": k, "structure": structure,
                                            "labelled": labelled, **spec})

    def effort(self, problem):
        # the block DP's terms f(m, j) over m <= n people and j <= k blocks
        c = problem.check
        stats: dict = {}
        count_partitions(c["n"], c["k"], c["structure"], c["labelled"], c["min_size"], c["max_size"], c["pair"],
                         c["some_empty"], stats)
        return stats.get("terms", 0)

    @staticmethod
    def _render(n, k, structure, labelled, spec, people, a, b):
        who = f"The {n} people {and_list(people)}"
        empty = spec["some_empty"]
        if structure == "groups":
            block, blocks = ("room", "rooms") if labelled else ("group", "groups")
            if labelled:
                head = (f"{who} are to be put into {k} rooms, numbered 1 to {k}; every person goes into exactly one "
                        f"room. Two ways differ if some person is in a different room.")
            else:
                head = (f"{who} are to be split into {k} groups; every person is in exactly one group. The groups "
                        f"have no names or order: two splits are the same if they put the same people together.")
        elif structure == "tables":
            block, blocks = "table", "tables"
            kind = f"{k} round tables, numbered 1 to {k}" if labelled else f"{k} identical round tables"
            head = (f"{who} are to be seated at {kind}. Rotating the people around a table gives the same seating, "
                    f"but a mirror image is a different seating (who sits on each person's left matters). "
                    + (f"Two seatings differ if some table has different people or a different circular order."
                       if labelled else "The tables are interchangeable: only who sits with whom and in which "
                       "circular order matters."))
        else:
            block, blocks = "queue", "queues"
            kind = f"{k} queues, one at each of {k} numbered counters" if labelled else f"{k} queues"
            head = (f"{who} are to line up in {kind}; the order of people within a queue matters. "
                    + ("Two arrangements differ if some counter's queue is different." if labelled else
                       "The queues are interchangeable: only who queues with whom and in what order matters."))
        rules = []
        if empty:
            rules.append(f"some {blocks} may stay empty")
        else:
            rules.append(f"every {block} gets at least one person" if structure == "groups" and not labelled
                         else f"every one of the {k} {blocks} is used (gets at least one person)"
                         if labelled else f"every {block} has at least one person")
        if spec["min_size"] > 1:
            rules.append(f"every {block}{' that is used' if empty else ''} has at least {spec['min_size']} people")
        if spec["max_size"] is not None:
            rules.append(f"no {block} has more than {spec['max_size']} people")
        at = "at" if structure == "tables" else "in"
        if spec["pair"] == "together":
            rules.append(f"{a} and {b} are {at} the same {block}")
        elif spec["pair"] == "apart":
            rules.append(f"{a} and {b} are {at} different {blocks}")
        elif spec["pair"] == "alone":
            rules.append(f"{a} is alone {at} a {block}")
        lines = "\n".join(f"- {r}" for r in rules)
        return f"{head}\n\nIn how many ways can this be done if all of these hold?\n{lines}"
