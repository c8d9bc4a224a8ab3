"""Arrangements of letters with repeats: count the distinct strings that satisfy placement rules."""
from __future__ import annotations

import string

from procgym import Draft, Knob, register

from ._counting import CountTask, and_list, multinomial

# Constraint kinds by pool: each harder pool adds rules that need more bookkeeping.
POOLS = {
    "basic": ("start", "end", "block", "apart"),
    "mixed": ("start", "end", "block", "apart", "no_repeat", "no_pair", "class_apart"),
    "full": ("start", "end", "block", "apart", "no_repeat", "no_pair", "class_apart", "order", "touch"),
}


def count_arrangements(counts: dict[str, int], constraints: list[list], stats: dict | None = None) -> int:
    """Distinct strings using each letter `counts[letter]` times that satisfy every constraint.

    A layer-by-layer DP over (letters left, last letter, "a required contact has happened"):
    each constraint is a rule on the first letter, the last letter, or a step (last -> next).
    With `stats`, stats["steps"] counts the (state, next letter) pairs the DP tries.
    """
    letters = sorted(counts)
    k = len(letters)
    at = {c: i for i, c in enumerate(letters)}
    total = [counts[c] for c in letters]
    forbid = [[False] * k for _ in range(k)]
    touch = [[False] * k for _ in range(k)]
    start_ok, end_ok = [True] * k, [True] * k
    block = [False] * k
    after = [[] for _ in range(k)]  # after[i]: letters j whose every copy must come after every i
    need_touch = False
    for kind, *args in constraints:
        ids = [at[a] for a in args if isinstance(a, str)]
        if kind == "start":
            start_ok = [i == ids[0] for i in range(k)]
        elif kind == "end":
            end_ok = [e and i == ids[0] for i, e in enumerate(end_ok)]
        elif kind == "block":
            block[ids[0]] = True
        elif kind == "apart":
            forbid[ids[0]][ids[1]] = forbid[ids[1]][ids[0]] = True
        elif kind == "no_repeat":
            for i in range(k):
                forbid[i][i] = True
        elif kind == "no_pair":
            forbid[ids[0]][ids[1]] = True
        elif kind == "class_apart":
            for i in ids:
                for j in ids:
                    forbid[i][j] = True
        elif kind == "order":
            after[ids[0]].append(ids[1])
        elif kind == "touch":
            touch[ids[0]][ids[1]] = touch[ids[1]][ids[0]] = True
            need_touch = True
        else:
            raise ValueError(f"unknown constraint {kind!r}")
    # the letters left are one mixed-radix integer (letter i counts mult[i]); the states sharing
    # it are kept together by (last letter, contact made), and only the letters a rule allows
    # after the last one are tried
    mult, place = [], 1
    for t in total:
        mult.append(place)
        place *= t + 1
    allowed_next = {-1: [i for i in range(k) if start_ok[i]]}
    for last in range(k):
        allowed_next[last] = [i for i in range(k) if not forbid[last][i]]
    ordered = [i for i in range(k) if after[i]]
    states = {sum(t * m for t, m in zip(total, mult)): {(-1, not need_touch): 1}}
    for _ in range(sum(total)):
        if not states:  # the rules already rule out every arrangement
            return 0
        nxt: dict = {}
        if stats is not None:
            stats["steps"] = stats.get("steps", 0) + sum(len(group) for group in states.values()) * k
        for code, group in states.items():
            left = [code // m % (t + 1) for m, t in zip(mult, total)]
            # a letter is available while copies are left and no letter that must follow it is out
            free = [x > 0 for x in left]
            for i in ordered:
                if free[i] and any(left[j] < total[j] for j in after[i]):
                    free[i] = False
            for (last, done), ways in group.items():
                options = allowed_next[last]
                if last >= 0 and block[last] and left[last]:  # inside a block: only the same letter follows
                    options = [last] if last in options else []
                for i in options:
                    if free[i]:
                        bucket = nxt.setdefault(code - mult[i], {})
                        key = (i, done or (last >= 0 and touch[last][i]))
                        bucket[key] = bucket.get(key, 0) + ways
        states = nxt
    return sum(w for group in states.values() for (last, done), w in group.items() if done and end_ok[last])


def forbidden_pairs(rule: list, letters: list) -> set:
    """The ordered neighbour pairs an adjacency rule forbids (empty for other rules)."""
    kind, *args = rule
    if kind == "apart":
        return {(args[0], args[1]), (args[1], args[0])}
    if kind == "no_pair":
        return {(args[0], args[1])}
    if kind == "class_apart":
        return {(x, y) for x in args for y in args}
    if kind == "no_repeat":
        return {(x, x) for x in letters}
    return set()


def redundant(rules: list, new: list, letters: list) -> bool:
    """Whether adding `new` makes some adjacency rule implied by the others (or contradicts a touch rule)."""
    everything = rules + [new]
    pairs = [forbidden_pairs(r, letters) for r in everything]
    for i, own in enumerate(pairs):
        if own and own <= set().union(*(p for j, p in enumerate(pairs) if j != i)):
            return True
    banned = set().union(*pairs)
    return any(r[0] == "touch" and {(r[1], r[2]), (r[2], r[1])} <= banned for r in everything)


def describe(kind: str, args: list) -> str:
    """One constraint as a bullet line."""
    if kind == "start":
        return f"the arrangement starts with {args[0]}"
    if kind == "end":
        return f"the arrangement ends with {args[0]}"
    if kind == "block":
        return f"all copies of {args[0]} stand together in one consecutive block"
    if kind == "apart":
        return f"no copy of {args[0]} stands immediately next to a copy of {args[1]} (on either side)"
    if kind == "no_repeat":
        return "no two neighbouring letters are the same"
    if kind == "no_pair":
        return f"{args[0]} is never immediately followed by {args[1]} (the pair {args[0]}{args[1]} never appears)"
    if kind == "class_apart":
        return (f"no two of the letters {and_list(args)} are next to each other (two copies of the same "
                f"one of these letters may not be neighbours either)")
    if kind == "order":
        return f"every copy of {args[0]} comes before every copy of {args[1]}"
    if kind == "touch":
        return f"somewhere a copy of {args[0]} and a copy of {args[1]} stand next to each other (in either order)"
    raise ValueError(kind)


@register
class WordArrangements(CountTask):
    """Count the distinct arrangements of a multiset of letters (identical letters are
    indistinguishable) that satisfy a list of rules. Level 1 asks for the plain multiset count; higher
    levels use more letters and kinds, and combine more rules from richer pools: fixed ends and
    blocks, then forbidden neighbours and forbidden pairs, then order and required-contact rules.
    Levels past 10 add letters, kinds and rules; the counting DP runs on every draw, so level 20
    generates about 60 problems/s."""

    name = "combinatorics/word_arrangements"
    knobs = (
        Knob("n_letters", [(4, 5), (5, 6), (5, 7), (6, 7), (7, 8), (7, 8), (8, 9), (8, 9), (9, 10), (9, 11), (10, 11),
             (10, 12), (11, 12), (11, 13), (12, 13), (12, 14), (13, 14), (13, 15), (14, 15), (14, 16)], (3, 24),
             doc="letters in the multiset, counted with repeats"),
        Knob("n_kinds", [2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6], (2, 10),
             doc="distinct letters"),
        Knob("n_rules", [0, 1, 2, 2, 2, 3, 3, 3, 4, 5, 5, 6, 5, 6, 6, 6, 6, 6, 6, 6], (0, 8),
             doc="rules the arrangement must satisfy"),
        Knob("pool", ["basic"] * 3 + ["mixed"] * 3 + ["full"] * 14,
             choices=tuple(POOLS), doc="which kinds of rule may appear"),
    )

    def build(self, rng, params):
        n = params["n_letters"]
        kinds = min(params["n_kinds"], n - 1)
        for _ in range(200):
            letters = sorted(rng.sample(string.ascii_uppercase[:12], kinds))
            cuts = sorted(rng.sample(range(1, n), kinds - 1))
            sizes = [b - a for a, b in zip([0] + cuts, cuts + [n])]
            counts = dict(zip(letters, sizes))
            rules = self._rules(rng, counts, params["n_rules"], POOLS[params["pool"]])
            if rules is None:
                continue
            count = count_arrangements(counts, rules)
            if count > 0 and (not rules or count < multinomial(sizes)):
                break
        else:  # no biting rule set found: ask the plain count
            rules, count = [], multinomial(sizes)
        listing = ", ".join(c for c in letters for _ in range(counts[c]))
        intro = (f"Consider the {n} letters {listing}. An arrangement is a string that uses each of these letters "
                 f"exactly once (so it has length {n}); identical letters are indistinguishable, so swapping "
                 f"two copies of the same letter gives the same arrangement.")
        if rules:
            lines = "\n".join(f"- {describe(kind, args)}" for kind, *args in rules)
            question = f"{intro}\n\nHow many distinct arrangements satisfy all of these rules?\n{lines}"
        else:
            question = f"{intro}\n\nHow many distinct arrangements are there?"
        return Draft(question, str(count), {"count": count, "counts": counts, "rules": rules})

    def effort(self, problem):
        # the layer DP's (state, next letter) tries over the whole string
        stats: dict = {}
        count_arrangements(problem.check["counts"], problem.check["rules"], stats)
        return stats.get("steps", 0)

    @staticmethod
    def _rules(rng, counts, n_rules, pool):
        """Distinct rule kinds, each with arguments that make it bite; None to redraw."""
        letters = sorted(counts)
        multi = [c for c in letters if counts[c] >= 2]
        kinds = list(pool)
        rng.shuffle(kinds)
        rules, used = [], set()
        for kind in kinds:
            if len(rules) == n_rules:
                break
            if kind in ("start", "end") and ({"start", "end"} & used):
                continue  # one end rule: both together often leave nothing to count
            if kind in ("start", "end"):
                args = [rng.choice(letters)]
            elif kind == "block":
                if not multi:
                    continue
                args = [rng.choice(multi)]
            elif kind in ("apart", "touch", "no_pair", "order"):
                a, b = rng.sample(letters, 2)
                if kind == "order" and counts[a] + counts[b] < 3:
                    continue
                args = sorted([a, b]) if kind in ("apart", "touch") else [a, b]
            elif kind == "class_apart":
                size = 2 if len(letters) < 4 else rng.choice([2, 3])
                args = sorted(rng.sample(letters, size))
            else:  # no_repeat
                if not multi:
                    continue
                args = []
            if redundant(rules, [kind, *args], letters):
                continue
            rules.append([kind, *args])
            used.add(kind)
        if len(rules) < n_rules:
            return None
        return rules
