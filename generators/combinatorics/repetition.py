"""Permutations and combinations with repetition: codes over an alphabet, and multisets of kinds."""
from __future__ import annotations

from math import comb

from procgym import Draft, Knob, register

from ._counting import CountTask, and_list

FLAVOURS = ["apple", "banana", "cherry", "lemon", "mango", "mint", "peach", "plum", "vanilla", "walnut"]
QUANTIFIERS = ("exactly", "at least", "at most")


def holds(quantifier: str, value: int, bound: int) -> bool:
    return value == bound if quantifier == "exactly" else value >= bound if quantifier == "at least" else value <= bound


def count_codes(n_letters: int, n_digits: int, length: int, rules: list[list], stats: dict | None = None) -> int:
    """Strings of `length` symbols over n_letters letters and n_digits digits satisfying the rules.

    A DP over positions with state (digits so far, class of the last symbol): with "distinct" a
    class offers its unused symbols; with "no_consec" a class offers one fewer symbol right after
    one of its own. With `stats`, stats["steps"] counts the (state, class) extensions tried.
    """
    size = {"L": n_letters, "D": n_digits}
    opts = {kind: args for kind, *args in rules}
    states = {(0, None): 1}
    for pos in range(length):
        nxt: dict = {}
        if stats is not None:
            stats["steps"] = stats.get("steps", 0) + 2 * len(states)
        for (digits, last), ways in states.items():
            for cls in ("L", "D"):
                if pos == 0 and "first" in opts and opts["first"][0] != cls:
                    continue
                if "apart" in opts and opts["apart"][0] == cls == last:
                    continue
                if "distinct" in opts:
                    choices = size[cls] - (digits if cls == "D" else pos - digits)
                elif "no_consec" in opts and last == cls:
                    choices = size[cls] - 1
                else:
                    choices = size[cls]
                if choices <= 0:
                    continue
                key = (digits + (cls == "D"), cls)
                nxt[key] = nxt.get(key, 0) + ways * choices
        states = nxt
    total = 0
    for (digits, last), ways in states.items():
        if "last" in opts and opts["last"][0] != last:
            continue
        if "digits" in opts and not holds(opts["digits"][0], digits, opts["digits"][1]):
            continue
        total += ways
    return total


def count_multisets(n_kinds: int, size: int, rules: list[list]) -> int:
    """Multisets of `size` items from kinds 0..n_kinds-1 satisfying the rules.

    Kinds fall into required (at least one), excluded, at-most-one and free ones. Choosing which
    at-most-one kinds (a) and free kinds (u) appear, the rest of the items go onto the required and
    chosen free kinds with each at least one: C(size - a - 1, t + u - 1) ways (stars and bars).
    """
    required, excluded, capped = set(), set(), set()
    distinct = None
    for kind, *args in rules:
        if kind == "include":
            required |= set(args)
        elif kind == "exclude":
            excluded |= set(args)
        elif kind == "at_most_one":
            capped |= set(args)
        elif kind == "distinct":
            distinct = args
    free = n_kinds - len(required | excluded | capped)
    t = len(required)
    total = 0
    for a in range(len(capped) + 1):
        for u in range(free + 1):
            if distinct and not holds(distinct[0], t + a + u, distinct[1]):
                continue
            rest, bins = size - a, t + u
            if bins == 0:
                ways = 1 if rest == 0 else 0
            else:
                ways = comb(rest - 1, bins - 1) if rest >= bins else 0
            total += comb(len(capped), a) * comb(free, u) * ways
    return total


@register
class RepetitionCounting(CountTask):
    """Count codes (strings over letters and digits, repetition allowed unless a rule forbids it) or
    multisets (boxes of items of several kinds, order irrelevant, kinds may repeat). Level 1 asks for
    n^k or a plain combination with repetition; higher levels stack rules: distinct or
    non-repeating neighbours, digit quotas, fixed first or last class, separated digits; required,
    excluded and at-most-once kinds and a quota of distinct kinds."""

    name = "combinatorics/repetition_counting"
    knobs = (
        Knob("length", [3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18], (1, 24),
             doc="symbols in a code, or items in a multiset"),
        Knob("n_rules", [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], (0, 4),
             doc="rules the code or multiset must satisfy"),
        Knob("kind", [["code", "multiset"]] * 20, choices=("code", "multiset"), doc="codes or multisets"),
    )

    def build(self, rng, params):
        build = self._code if params["kind"] == "code" else self._multiset
        for _ in range(200):
            question, count, check = build(rng, params["length"], params["n_rules"])
            if count > 0:
                break
        return Draft(question, str(count), {"count": count, **check})

    def effort(self, problem):
        # codes: the position DP's (state, symbol class) extensions; multisets: one stars-and-bars
        # term per choice of how many at-most-once and free kinds appear, over the items placed
        c = problem.check
        if c["form"] == "code":
            stats: dict = {}
            count_codes(c["letters"], c["digits"], c["length"], c["rules"], stats)
            return stats.get("steps", 0)
        capped = sum(len(args) for kind, *args in c["rules"] if kind == "at_most_one")
        fixed = sum(len(args) for kind, *args in c["rules"] if kind in ("include", "exclude", "at_most_one"))
        return (capped + 1) * (c["kinds"] - fixed + 1) + c["size"]

    # ------------------------------------------------------------------ codes
    @staticmethod
    def _code(rng, length, n_rules):
        n_letters, n_digits = rng.randint(3, 6), rng.randint(2, 5)
        letters = [chr(65 + i) for i in range(n_letters)]
        digits = [str(i + 1) for i in range(n_digits)]
        pool = ["repeat", "digits", "ends", "apart"]
        rng.shuffle(pool)
        rules = []
        for kind in pool[:n_rules]:
            if kind == "repeat":
                rules.append(["distinct"] if rng.random() < 0.5 else ["no_consec"])
            elif kind == "digits":
                q = rng.choice(QUANTIFIERS)
                rules.append(["digits", q, rng.randint(1, max(1, min(n_digits, length) - 1))])
            elif kind == "ends":
                rules.append([rng.choice(["first", "last"]), rng.choice("LD")])
            else:
                rules.append(["apart", rng.choice("LD")])
        count = count_codes(n_letters, n_digits, length, rules)
        cls = {"L": "letter", "D": "digit"}
        lines = []
        for kind, *args in rules:
            if kind == "distinct":
                lines.append("no symbol is used more than once")
            elif kind == "no_consec":
                lines.append("no two neighbouring symbols are the same")
            elif kind == "digits":
                lines.append(f"{args[0]} {args[1]} of the symbols {'is a digit' if args[1] == 1 else 'are digits'}")
            elif kind in ("first", "last"):
                lines.append(f"the {kind} symbol is a {cls[args[0]]}")
            else:
                lines.append(f"no two {cls[args[0]]}s stand next to each other")
        repeat = "" if any(r[0] == "distinct" for r in rules) else " Symbols may be used more than once."
        question = (f"A code is a string of {length} symbols, each one of the {n_letters} letters "
                    f"{and_list(letters, 'or')} or one of the {n_digits} digits {and_list(digits, 'or')}.{repeat} Two codes are different "
                    f"if they differ in at least one position.")
        if lines:
            question += "\n\nHow many codes satisfy all of these rules?\n" + "\n".join(f"- {x}" for x in lines)
        else:
            question += "\n\nHow many different codes are there?"
        return question, count, {"form": "code", "letters": n_letters, "digits": n_digits, "length": length,
                                 "rules": rules}

    # ------------------------------------------------------------------ multisets
    @staticmethod
    def _multiset(rng, size, n_rules):
        n_kinds = rng.randint(min(6, max(3, n_rules + 2)), 7)
        pool = ["include", "exclude", "at_most_one", "distinct"]
        rng.shuffle(pool)
        kinds = list(range(n_kinds))
        rng.shuffle(kinds)
        rules = []
        for rule in pool[:n_rules]:
            if rule == "distinct":
                q = rng.choice(QUANTIFIERS)
                rules.append(["distinct", q, rng.randint(2, max(2, min(n_kinds, size) - 1))])
            else:
                take = 1 if rule == "exclude" or len(kinds) < 4 else rng.choice([1, 2])
                if len(kinds) <= take + 1:
                    continue
                picked = sorted(kinds[:take])
                kinds = kinds[take:]
                rules.append([rule, *picked])
        count = count_multisets(n_kinds, size, rules)
        form = rng.choice(["box", "sequence"])
        if form == "box":
            names = sorted(rng.sample(FLAVOURS, n_kinds))
            name = names.__getitem__
            question = (f"A bakery sells muffins in {n_kinds} flavours: {and_list(names)}. You fill a box with "
                        f"{size} muffins. Muffins of the same flavour are identical, the order inside the box does "
                        f"not matter, and any flavour may be chosen any number of times.")
            lines = {"include": lambda a: "the box contains at least one "
                                          f"{and_list(map(name, a), 'and at least one')} muffin",
                     "exclude": lambda a: f"the box contains no {name(a[0])} muffin",
                     "at_most_one": lambda a: "the box contains at most one "
                                              f"{and_list(map(name, a), 'and at most one')} muffin",
                     "distinct": lambda a: f"the box contains {a[0]} {a[1]} different flavours"}
            ask = "How many different boxes"
        else:
            value = lambda i: str(i + 1)  # noqa: E731
            question = (f"Count the non-decreasing sequences (a1, a2, ..., a{size}) of length {size} whose entries "
                        f"are integers from 1 to {n_kinds}, that is 1 <= a1 <= a2 <= ... <= a{size} <= {n_kinds}.")
            lines = {"include": lambda a: f"the value{'s' if len(a) > 1 else ''} {and_list(map(value, a))} "
                                          f"{'each appear' if len(a) > 1 else 'appears'} at least once",
                     "exclude": lambda a: f"the value {value(a[0])} does not appear",
                     "at_most_one": lambda a: f"the value{'s' if len(a) > 1 else ''} {and_list(map(value, a))} "
                                              f"{'each appear' if len(a) > 1 else 'appears'} at most once",
                     "distinct": lambda a: f"the sequence uses {a[0]} {a[1]} different values"}
            ask = "How many such sequences"
        if rules:
            question += f"\n\n{ask} satisfy all of these rules?\n" + "\n".join(
                f"- {lines[kind](args)}" for kind, *args in rules)
        else:
            question += f"\n\n{ask} are there?"
        return question, count, {"form": "multiset", "kinds": n_kinds, "size": size, "rules": rules}
