"""Catalan numbers in disguise: bracket strings, lattice paths, stacks, ticket queues, polygons, trees."""
from __future__ import annotations

from procgym import Draft, Knob, register

from ._counting import CountTask

TWISTS = {
    "brackets": ("prefix", "depth", "types", "primitive"),
    "lattice": ("ballot", "waypoint", "band", "strict"),
    "stack": ("capacity", "checkpoint", "prefix"),
    "tickets": ("float", "extra_fives", "capacity"),
}
PLAIN = ("brackets", "lattice", "stack", "tickets", "polygon", "handshakes", "trees")
OPEN, CLOSE = "([{", ")]}"


def count_walks(steps: int, start: int, end: int, low: int = 0, high: int | None = None,
                interior_low: int | None = None, waypoint: tuple | None = None, stats: dict | None = None) -> int:
    """Walks of `steps` steps of +1/-1 from height `start` to `end` that stay within [low, high]
    (and at or above `interior_low` strictly between the ends), at height waypoint[1] after
    waypoint[0] steps if given: a DP over heights, step by step. With `stats`, stats["cells"]
    counts the (step, height) cells the DP extends."""
    ways = {start: 1}
    for i in range(1, steps + 1):
        if stats is not None:
            stats["cells"] = stats.get("cells", 0) + len(ways)
        floor = interior_low if interior_low is not None and i < steps else low
        new: dict[int, int] = {}
        for h, w in ways.items():
            for nh in (h + 1, h - 1):
                if nh < floor or (high is not None and nh > high):
                    continue
                new[nh] = new.get(nh, 0) + w
        if waypoint is not None and waypoint[0] == i:
            new = {waypoint[1]: new.get(waypoint[1], 0)}
        ways = new
    return ways.get(end, 0)


def random_prefix(rng, n: int, length: int, high: int | None = None, primitive: bool = False) -> list[int]:
    """A random walk prefix (+1/-1) of `length` steps that stays feasible for a Dyck path of n pairs."""
    out, h = [], 0
    for i in range(length):
        up_ok = h + 1 <= (high if high is not None else n) and h + 1 <= 2 * n - i - 1
        down_ok = h - 1 >= (1 if primitive and i > 0 else 0)
        step = 1 if (up_ok and (not down_ok or rng.random() < 0.55)) else -1
        out.append(step)
        h += step
    return out


def walk_spec(check: dict) -> dict:
    """The count_walks arguments of a problem, from its check (the inverse of the builders below,
    without the bracket-kind factor)."""
    n, f = check["n"], check["facts"]
    form = check["form"] if check["twists"] else "plain"
    if form == "plain":
        return {"steps": 2 * n, "start": 0, "end": 0}
    if form == "brackets":
        start = sum(1 if ch == "(" else -1 for ch in f["prefix"])
        return {"steps": 2 * n - len(f["prefix"]), "start": start, "end": 0, "high": f["depth"],
                "interior_low": 1 if f["primitive"] else None}
    if form == "lattice":
        point = f["point"]
        return {"steps": f["a"] + f["b"], "start": 0, "end": f["a"] - f["b"], "high": f["band"],
                "interior_low": 1 if f["strict"] else None,
                "waypoint": None if point is None else (point[0] + point[1], point[0] - point[1])}
    if form == "stack":
        prefix, checkpoint = f["prefix"], f["checkpoint"]
        return {"steps": 2 * n - len(prefix), "start": sum(prefix), "end": 0, "high": f["cap"],
                "waypoint": None if checkpoint is None else (checkpoint[0] - len(prefix), checkpoint[1])}
    return {"steps": f["fives"] + f["tens"], "start": f["start"], "end": f["start"] + f["fives"] - f["tens"],
            "high": f["cap"]}


@register
class CatalanStructures(CountTask):
    """Count structures that the Catalan numbers and their generalisations count: balanced bracket
    strings, lattice paths below a diagonal, stack operation sequences, ticket-queue orders,
    polygon triangulations, non-crossing handshakes and binary trees. Low levels ask a plain Catalan
    number in one of these disguises; higher levels add twists solved by a DP over heights (a
    forced prefix, a depth or capacity limit, several bracket types, primitive strings, unequal end
    points (ballot numbers), a required waypoint, a band, a starting float), two or three at once."""

    name = "combinatorics/catalan_structures"
    knobs = (
        Knob("size", [3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (1, 30),
             doc="pairs, steps or the polygon size parameter n"),
        Knob("n_twists", [0, 0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (0, 4),
             doc="twists on the plain Catalan structure"),
    )

    def build(self, rng, params):
        n, k = params["size"], params["n_twists"]
        if k == 0:
            form = rng.choice(PLAIN)
            question = self._plain(form, n)
            count = count_walks(2 * n, 0, 0)  # the plain Dyck count: every disguise is in bijection with it
            return Draft(question, str(count), {"count": count, "form": form, "n": n, "twists": [], "facts": {}})
        for _ in range(100):
            form = rng.choice(sorted(TWISTS))
            twists = sorted(rng.sample(TWISTS[form], min(k, len(TWISTS[form]))))
            question, spec, facts = getattr(self, "_" + form)(rng, n, twists)
            factor = spec.pop("factor", 1)
            count = count_walks(**spec) * factor
            if count > 0:
                break
        return Draft(question, str(count), {"count": count, "form": form, "n": n, "twists": twists, "facts": facts})

    def effort(self, problem):
        # the height DP's (step, height) cells, rebuilt from the facts the check keeps
        stats: dict = {}
        count_walks(**walk_spec(problem.check), stats=stats)
        return stats.get("cells", 0)

    # ------------------------------------------------------------------ plain disguises
    @staticmethod
    def _plain(form, n):
        if form == "brackets":
            q = (f"A balanced bracket string of length {2 * n} uses {n} opening brackets '(' and {n} closing brackets "
                 f"')', and every prefix has at least as many '(' as ')'. For example, (()()) is balanced and ())( is "
                 f"not. How many balanced bracket strings of length {2 * n} are there?")
        elif form == "lattice":
            q = (f"A lattice path goes from (0, 0) to ({n}, {n}) using unit steps R = (1, 0) and U = (0, 1). How many "
                 f"such paths never go above the line y = x (they may touch it)?")
        elif form == "stack":
            q = (f"A program performs {2 * n} operations on an initially empty stack: {n} pushes and {n} pops, in some "
                 f"order, and it never pops from an empty stack. How many different orders of the push and pop "
                 f"operations are possible (only the kind of each operation matters)?")
        elif form == "tickets":
            q = (f"{2 * n} people queue for a ticket that costs $5. {n} of them pay with a $5 bill and {n} with a $10 "
                 f"bill. The cashier starts with no money and must always be able to give a $10 payer a $5 bill as "
                 f"change. Only the kind of bill matters. How many orders of $5 and $10 payers in the queue let the "
                 f"cashier always give change?")
        elif form == "polygon":
            q = (f"In how many ways can a convex polygon with {n + 2} labelled vertices be cut into triangles by "
                 f"drawing diagonals that do not cross each other inside the polygon?")
        elif form == "handshakes":
            q = (f"{2 * n} people sit at a round table. They all shake hands at the same time in {n} pairs, and no two "
                 f"handshakes cross over the table. The seats are fixed and distinguishable. In how many ways can "
                 f"they pair up?")
        else:
            q = (f"A binary tree is either empty or a root with a left subtree and a right subtree, which are binary "
                 f"trees; left and right are different. How many binary trees have exactly {n} nodes (shapes only, "
                 f"nodes unlabelled)?")
        return q

    # ------------------------------------------------------------------ twisted forms
    @staticmethod
    def _brackets(rng, n, twists):
        depth = rng.randint(2, max(2, min(n - 1, 4))) if "depth" in twists else None
        types = rng.choice([2, 3]) if "types" in twists and "prefix" not in twists else 1
        if "types" in twists and "prefix" in twists:
            twists.remove("types")
        primitive = "primitive" in twists
        rules, start, steps = [], 0, 2 * n
        kinds = " ".join(f"{OPEN[i]}{CLOSE[i]}" for i in range(types))
        if types == 1:
            rules.append(f"A balanced bracket string of length {2 * n} uses {n} opening brackets '(' and {n} "
                         f"closing brackets ')', and every prefix has at least as many '(' as ')'.")
        else:
            rules.append(f"A balanced string of length {2 * n} is built from {n} pairs of brackets of {types} kinds "
                         f"({kinds}); every closing bracket closes the most recent unclosed opening bracket, which "
                         f"must be of the same kind, and every bracket is closed. For example, ([]){{}} is balanced "
                         f"and ([)] is not." if types == 3 else
                         f"A balanced string of length {2 * n} is built from {n} pairs of brackets of 2 kinds "
                         f"({kinds}); every closing bracket closes the most recent unclosed opening bracket, which "
                         f"must be of the same kind, and every bracket is closed. For example, ([])[] is balanced "
                         f"and ([)] is not.")
        ask = []
        if depth is not None:
            ask.append(f"its nesting depth is at most {depth} (the depth is the largest number of brackets open at "
                       f"the same time; for example, (()()) has depth 2)")
        if primitive:
            ask.append("it cannot be split into two non-empty balanced strings (so it returns to depth 0 only at "
                       "its very end)")
        if "prefix" in twists:
            length = rng.randint(2, max(2, min(n, 5)))
            prefix = random_prefix(rng, n, length, depth, primitive)
            start, steps = sum(prefix), 2 * n - length
            text = "".join("(" if s > 0 else ")" for s in prefix)
            ask.append(f"it begins with {text}")
            spec = {"steps": steps, "start": start, "end": 0, "low": 0, "high": depth,
                    "interior_low": 1 if primitive else None}
        else:
            spec = {"steps": steps, "start": 0, "end": 0, "low": 0, "high": depth,
                    "interior_low": 1 if primitive else None}
            spec["factor"] = types ** n  # each matched pair picks its kind independently
        if ask:
            question = (f"{rules[0]}\n\nHow many balanced strings of length {2 * n} have all of these properties?\n"
                        + "\n".join(f"- {a}" for a in ask))
        else:
            question = f"{rules[0]}\n\nHow many balanced strings of length {2 * n} are there?"
        facts = {"types": types, "depth": depth, "primitive": primitive,
                 "prefix": text if "prefix" in twists else ""}
        return question, spec, facts

    @staticmethod
    def _lattice(rng, n, twists):
        a, b = n, n
        if "ballot" in twists:
            a = n + rng.randint(1, 3)
        band = rng.randint(2, max(2, min(b, 4))) + (a - b) if "band" in twists else None
        rules = []
        if band is not None:
            rules.append(f"it never goes more than {band} units below the line y = x, that is x - y <= {band} at "
                         f"every point")
        strict = "strict" in twists
        if strict:
            rules.append("it touches the line y = x only at (0, 0)" + (f" and ({a}, {b})" if a == b else ""))
        waypoint = None
        if "waypoint" in twists and a + b >= 4:
            steps = rng.randint(2, a + b - 2)
            heights = [h for h in range(-steps, steps + 1, 2) if h >= (1 if strict else 0)
                       and (band is None or h <= band) and (steps + h) // 2 <= a and (steps - h) // 2 <= b]
            if heights:
                h = rng.choice(heights)
                x, y = (steps + h) // 2, (steps - h) // 2
                waypoint = (steps, h)
                rules.append(f"it passes through the point ({x}, {y})")
        question = (f"A lattice path goes from (0, 0) to ({a}, {b}) using unit steps R = (1, 0) and U = (0, 1). It "
                    f"never goes above the line y = x (that is, y <= x at every point).\n\nHow many such paths also "
                    f"satisfy all of these conditions?\n" + "\n".join(f"- {r}" for r in rules)) if rules else (
                    f"A lattice path goes from (0, 0) to ({a}, {b}) using unit steps R = (1, 0) and U = (0, 1). How "
                    f"many such paths never go above the line y = x (that is, y <= x at every point)?")
        spec = {"steps": a + b, "start": 0, "end": a - b, "low": 0, "high": band,
                "interior_low": 1 if strict else None, "waypoint": waypoint}
        point = None if waypoint is None else [(waypoint[0] + waypoint[1]) // 2, (waypoint[0] - waypoint[1]) // 2]
        return question, spec, {"a": a, "b": b, "band": band, "strict": strict, "point": point}

    @staticmethod
    def _stack(rng, n, twists):
        rules = []
        cap = rng.randint(2, max(2, min(n - 1, 4))) if "capacity" in twists else None
        if cap is not None:
            rules.append(f"the stack never holds more than {cap} items")
        start, steps, waypoint = 0, 2 * n, None
        prefix_len = 0
        if "prefix" in twists:
            prefix_len = rng.randint(2, max(2, min(n, 4)))
            prefix = random_prefix(rng, n, prefix_len, cap)
            start, steps = sum(prefix), 2 * n - prefix_len
            rules.append(f"the first {prefix_len} operations are, in order: "
                         + ", ".join("push" if s > 0 else "pop" for s in prefix))
        if "checkpoint" in twists and prefix_len + 2 <= 2 * n - 2:
            at = rng.randint(prefix_len + 2, 2 * n - 2)
            heights = [h for h in range(at % 2, min(at, 2 * n - at) + 1, 2) if cap is None or h <= cap]
            h = rng.choice(heights)
            waypoint = (at - prefix_len, h)
            rules.append(f"right after operation number {at}, the stack holds exactly {h} "
                         f"item{'' if h == 1 else 's'}")
        question = (f"A program performs {2 * n} operations on an initially empty stack: {n} pushes and {n} pops, in "
                    f"some order, and it never pops from an empty stack. Only the kind of each operation matters.\n\n"
                    f"How many orders of the operations also satisfy all of these conditions?\n"
                    + "\n".join(f"- {r}" for r in rules))
        spec = {"steps": steps, "start": start, "end": 0, "low": 0, "high": cap, "waypoint": waypoint}
        facts = {"cap": cap, "prefix": [1 if x > 0 else -1 for x in prefix] if prefix_len else [],
                 "checkpoint": [at, h] if waypoint is not None else None}
        return question, spec, facts

    @staticmethod
    def _tickets(rng, n, twists):
        fives, tens = n, n
        if "extra_fives" in twists:
            fives = n + rng.randint(1, 3)
        start = rng.randint(1, 3) if "float" in twists else 0
        cap = None
        if "capacity" in twists:
            cap = max(start + 1, rng.randint(2, 4))
            fives = min(fives, tens + cap - start)  # the box must be able to end full enough
        end = start + fives - tens
        float_text = (f"The cashier starts with {start} $5 bill{'s' if start > 1 else ''} and no other money"
                      if start else "The cashier starts with no money")
        cap_text = (f" The cash box holds at most {cap} $5 bills: an order in which the cashier would ever have to "
                    f"hold more than {cap} $5 bills at once does not work." if cap is not None else "")
        question = (f"{fives + tens} people queue for a ticket that costs $5: {fives} pay with a $5 bill and {tens} "
                    f"with a $10 bill, which needs a $5 bill as change. {float_text}, and the $10 bills taken in "
                    f"cannot be used as change.{cap_text} Only the kind of bill each person pays with matters.\n\n"
                    f"How many orders of $5 and $10 payers let the cashier serve everyone, always giving change "
                    f"when it is needed?")
        spec = {"steps": fives + tens, "start": start, "end": end, "low": 0, "high": cap}
        return question, spec, {"fives": fives, "tens": tens, "start": start, "cap": cap}

