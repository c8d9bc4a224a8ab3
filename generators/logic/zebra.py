"""Zebra (Einstein) puzzles: houses in a row, attributes to place, clues that pin one solution."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused
from procgym.verdict import right, wrong

from ._positions import PositionCSP, pin_down

# category: (values, subject phrase, predicate phrase, negated predicate)
CATEGORIES = {
    "colour": (("red", "green", "blue", "yellow", "white", "black", "orange"),
               "the person in the {} house", "lives in the {} house", "does not live in the {} house"),
    "name": (("Alice", "Bob", "Carol", "David", "Emma", "Frank", "Grace"), "{}", "is {}", "is not {}"),
    "pet": (("dog", "cat", "bird", "fish", "horse", "rabbit", "hamster"),
            "the owner of the {}", "owns the {}", "does not own the {}"),
    "drink": (("tea", "coffee", "milk", "juice", "water", "soda", "cocoa"),
              "the {} drinker", "drinks {}", "does not drink {}"),
    "job": (("doctor", "teacher", "pilot", "chef", "artist", "baker", "lawyer"),
            "the {}", "is the {}", "is not the {}"),
    "hobby": (("chess", "golf", "tennis", "painting", "reading", "hiking", "gardening"),
              "the person who enjoys {}", "enjoys {}", "does not enjoy {}"),
    "fruit": (("apples", "bananas", "cherries", "grapes", "lemons", "mangoes", "pears"),
              "the person who likes {}", "likes {}", "does not like {}"),
    "music": (("jazz", "rock", "pop", "blues", "folk", "opera", "reggae"),
              "the person who listens to {}", "listens to {}", "does not listen to {}"),
}
CATEGORY_ORDER = tuple(CATEGORIES)

# clue kinds unlocked by the `kinds` knob (a tier 1-4)
TIERS = {
    1: ("at", "same", "left"),
    2: ("at", "same", "left", "next", "not_at"),
    3: ("at", "same", "left", "next", "not_at", "before", "not_same"),
    4: ("at", "same", "left", "next", "not_at", "before", "not_same", "gap", "end"),
}
_ENTRY = re.compile(r"(?:house\s*)?(\d{1,2})\s*[:=)\-.]?\s*(.*)", re.IGNORECASE | re.DOTALL)


def clue_holds(clue, pos) -> bool:
    """Whether `clue` holds when pos[v] is the house (0-based) of value v."""
    kind = clue[0]
    if kind == "at":
        return pos[clue[1]] == clue[2]
    if kind == "not_at":
        return pos[clue[1]] != clue[2]
    if kind == "end":
        return pos[clue[1]] in (0, clue[2] - 1)
    a, b = pos[clue[1]], pos[clue[2]]
    if kind == "same":
        return a == b
    if kind == "not_same":
        return a != b
    if kind == "left":
        return a + 1 == b
    if kind == "next":
        return abs(a - b) == 1
    if kind == "before":
        return a < b
    if kind == "gap":
        return abs(a - b) == clue[3] + 1
    raise ValueError(f"unknown clue {kind!r}")


def build_csp(n: int, k: int, clues) -> PositionCSP:
    unary, binary = {}, []
    full = (1 << n) - 1
    for clue in clues:
        kind = clue[0]
        if kind == "at":
            unary[clue[1]] = unary.get(clue[1], full) & (1 << clue[2])
        elif kind == "not_at":
            unary[clue[1]] = unary.get(clue[1], full) & ~(1 << clue[2])
        elif kind == "end":
            unary[clue[1]] = unary.get(clue[1], full) & ((1 << (n - 1)) | 1)
        elif kind == "same":
            binary.append((clue[1], clue[2], ("same", 0, False)))
        elif kind == "not_same":
            binary.append((clue[1], clue[2], ("diff", 0, False)))
        elif kind == "left":
            binary.append((clue[1], clue[2], ("right_of", -1, False)))
        elif kind == "next":
            binary.append((clue[1], clue[2], ("next_to", 0, False)))
        elif kind == "before":
            binary.append((clue[1], clue[2], ("before", 0, False)))
        elif kind == "gap":
            binary.append((clue[1], clue[2], ("dist", clue[3] + 1, False)))
    groups = [list(range(c * n, (c + 1) * n)) for c in range(k)]
    return PositionCSP(n, n * k, groups, unary, binary)


def _random_clue(rng, n, k, pos, kinds, weights):
    """A random clue that is true of the solution `pos` (value v = c*n + j is in house pos[v])."""
    kind = rng.choices(kinds, weights)[0]
    m = n * k
    v = rng.randrange(m)
    if kind == "at":
        return ["at", v, pos[v]]
    if kind == "not_at":
        return ["not_at", v, rng.choice([p for p in range(n) if p != pos[v]])]
    if kind == "end":
        return ["end", v, n] if pos[v] in (0, n - 1) else None
    cv = v // n
    if kind == "same":
        c = rng.choice([c for c in range(k) if c != cv])
        w = next(c * n + j for j in range(n) if pos[c * n + j] == pos[v])
        return ["same", v, w]
    others = [w for w in range(m) if w != v]
    if kind == "not_same":
        cands = [w for w in others if w // n != cv and pos[w] != pos[v]]
        return ["not_same", v, rng.choice(cands)] if cands else None
    if kind == "left":
        cands = [w for w in others if pos[w] == pos[v] + 1]
        return ["left", v, rng.choice(cands)] if cands else None
    if kind == "next":
        cands = [w for w in others if abs(pos[w] - pos[v]) == 1]
        return ["next", v, rng.choice(cands)] if cands else None
    if kind == "before":
        cands = [w for w in others if pos[w] > pos[v]]
        return ["before", v, rng.choice(cands)] if cands else None
    if kind == "gap":
        cands = [w for w in others if abs(pos[w] - pos[v]) >= 2]
        if not cands:
            return None
        w = rng.choice(cands)
        return ["gap", v, w, abs(pos[w] - pos[v]) - 1]
    return None


def make_puzzle(rng, n, k, kinds, at_weight, minimal, deep):
    """A random solution and a clue list with exactly one solution, proven by the solver.

    See `pin_down`. When `deep`,
    puzzles that propagation alone solves are redrawn a few times (case analysis is needed)."""
    for _attempt in range(6):
        pos = []
        for _c in range(k):
            perm = list(range(n))
            rng.shuffle(perm)
            pos.extend(perm)
        weights = [at_weight if kind == "at" else 1.0 for kind in kinds]

        def fallback(alt, pos=pos):
            v = next(v for v in range(n * k) if alt[v] != pos[v])
            return ["at", v, pos[v]]

        clues = pin_down(rng, pos, lambda: _random_clue(rng, n, k, pos, kinds, weights), clue_holds,
                         lambda cs: build_csp(n, k, cs), fallback, minimal)
        if not deep or not build_csp(n, k, clues).solved_by_propagation():
            break
    rng.shuffle(clues)
    return clues


def _phrase(template, value):
    return template.format(value)


def render_clue(clue, n, cats, values):
    def subj(v):
        c, j = divmod(v, n)
        return _phrase(CATEGORIES[cats[c]][1], values[c][j])

    def pred(v, negated=False):
        c, j = divmod(v, n)
        return _phrase(CATEGORIES[cats[c]][3 if negated else 2], values[c][j])

    kind = clue[0]
    if kind == "at":
        s = f"{subj(clue[1])} lives in house {clue[2] + 1}"
    elif kind == "not_at":
        s = f"{subj(clue[1])} does not live in house {clue[2] + 1}"
    elif kind == "end":
        s = f"{subj(clue[1])} lives in one of the two end houses"
    elif kind == "same":
        s = f"{subj(clue[1])} {pred(clue[2])}"
    elif kind == "not_same":
        s = f"{subj(clue[1])} {pred(clue[2], True)}"
    elif kind == "left":
        s = f"{subj(clue[1])} lives directly left of {subj(clue[2])}"
    elif kind == "next":
        s = f"{subj(clue[1])} lives next to {subj(clue[2])}"
    elif kind == "before":
        s = f"{subj(clue[1])} lives somewhere left of {subj(clue[2])}"
    else:
        g = clue[3]
        s = (f"there {'is' if g == 1 else 'are'} exactly {g} house{'' if g == 1 else 's'} between "
             f"{subj(clue[1])} and {subj(clue[2])}")
    return s[0].upper() + s[1:] + "."


def parse_grid(answer: str, n: int, cats, values):
    """{house: {category: value index}} from "1: red, Alice, dog; 2: ..."; NotAnAnswer with a reason.

    Entries may come in any order; within an entry, values may come in any order (each value
    belongs to one category); case and spacing are free."""
    lookup = {}
    for c, vals in enumerate(values):
        for j, v in enumerate(vals):
            lookup[v.lower()] = (c, j)
    entries = [e.strip() for e in re.split(r"[;\n]", answer) if e.strip()]
    if not entries:
        raise NotAnAnswer("give one entry per house, like 1: red, Alice, dog")
    grid: dict[int, dict[int, int]] = {}
    for entry in entries:
        m = _ENTRY.fullmatch(entry)
        if not m:
            raise NotAnAnswer(f"could not read {preview(entry, 30)}: start each entry with the house number and a "
                              "colon")
        house = int(m.group(1))
        if not 1 <= house <= n:
            raise NotAnAnswer(f"there is no house {house}: houses are numbered 1 to {n}")
        if house in grid:
            raise NotAnAnswer(f"house {house} is listed twice")
        items = [x.strip() for x in m.group(2).split(",")]
        items = [x for x in items if x]
        row: dict[int, int] = {}
        for item in items:
            key = item.lower()
            if key not in lookup:
                raise NotAnAnswer(f"{preview(item, 20)} (house {house}) is not one of the listed values")
            c, j = lookup[key]
            if c in row:
                raise NotAnAnswer(f"house {house} has two {cats[c]} values")
            row[c] = j
        for c in range(len(cats)):
            if c not in row:
                raise NotAnAnswer(f"house {house} has no {cats[c]} value")
        grid[house] = row
    for house in range(1, n + 1):
        if house not in grid:
            raise NotAnAnswer(f"house {house} is missing")
    for c in range(len(cats)):
        seen: dict[int, int] = {}
        for house in range(1, n + 1):
            j = grid[house][c]
            if j in seen:
                raise NotAnAnswer(f"{values[c][j]} is placed in two houses ({seen[j]} and {house})")
            seen[j] = house
    return grid


@register
class ZebraPuzzle(Task):
    """An Einstein/zebra puzzle: n houses in a row, k attributes (colour, name, pet, drink, ...)
    each with n values, and clues that pin down exactly one assignment. Clues are added to rule
    out alternative solutions found by the task's own constraint solver (arc consistency,
    all-different and hidden-single propagation, then branching), and the solver proves the
    final clue set has exactly one solution; the answer is the solver's solution. The verifier
    checks the answer is a complete grid and then every clue, so it names the broken clue.
    Higher levels add houses and attributes (3 to 7), unlock relational clues (next to,
    somewhere left of, negations, gaps, end houses) while giving fewer direct placements,
    minimise the clue set, and at the top demand case analysis (propagation alone cannot
    solve it). Generation is a search with one solver call per added clue and another per clue
    to minimise, each proving or refuting uniqueness, so it cannot reach 1,000 problems/s: about
    500/s at level 5 and 30-50/s at level 10 (6 houses, 7 attributes) on one core; solving a
    level-10 puzzle takes a few milliseconds. Levels 11-15 go on to the full grid of 7 houses and 8
    attributes with almost no direct placements, at about 10-20 problems/s."""

    name = "logic/zebra_puzzle"
    knobs = (
        Knob("n_houses", [3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 7], (2, 7), doc="houses (values per attribute)"),
        Knob("n_attributes", [3, 3, 3, 4, 4, 4, 5, 5, 6, 7, 8, 6, 7, 7, 8], (2, 8), doc="attributes per house"),
        Knob("kinds", [1, 2, 2, 3, 3, 3, 4, 4, 4, 4] + [4] * 5, (1, 4),
             doc="clue kinds: 1 placements/same/directly left; 2 + next to, not in house; "
                 "3 + somewhere left, negated same; 4 + gaps, end houses"),
        Knob("at_weight", [3.0, 2.0, 1.5, 1.0, 0.8, 0.6, 0.5, 0.3, 0.2, 0.1, 0.1, 0.1, 0.1, 0.05, 0.05], (0.0, 10.0),
             doc="relative weight of direct placement clues (fewer means deeper deduction)"),
        Knob("minimal", [False, False, True, True, True, True, True, True, True, True] + [True] * 5,
             doc="drop clues while the solution stays unique"),
        Knob("deep", [False, False, False, False, False, False, False, True, True, True] + [True] * 5,
             doc="prefer puzzles that need case analysis beyond propagation"),
    )
    cap_reason = ("7 houses and 8 attributes (every attribute has 7 values) is the largest grid; at level 15 it is "
                  "the full grid with almost no direct placements, and each puzzle already costs about a tenth of a "
                  "second of uniqueness proofs to generate")
    answer_format = ("one entry per house: the house number, a colon, then that house's values separated by "
                     "commas in the attribute order given; entries separated by semicolons or new lines, in "
                     "any order")
    example = "1: red, Alice, dog; 2: green, Bob, cat"

    def build(self, rng, params):
        n, k = params["n_houses"], params["n_attributes"]
        cats = sorted(rng.sample(CATEGORY_ORDER, k), key=CATEGORY_ORDER.index)
        values = []
        for c in cats:
            pool = list(CATEGORIES[c][0])
            rng.shuffle(pool)
            values.append(sorted(pool[:n], key=CATEGORIES[c][0].index))
        clues = make_puzzle(rng, n, k, TIERS[params["kinds"]], params["at_weight"], params["minimal"], params["deep"])
        sols = build_csp(n, k, clues).solutions(limit=2)
        assert len(sols) == 1, "the clue set must have exactly one solution"
        pos = sols[0]
        listing = "\n".join(f"- {c}: {', '.join(vals)}" for c, vals in zip(cats, values))
        lines = "\n".join(f"{i}. {render_clue(c, n, cats, values)}" for i, c in enumerate(clues, 1))
        question = (f"There are {n} houses in a row, numbered 1 to {n} from left to right. In each house lives "
                    f"one person, and each house has exactly one value of each attribute below; no two houses "
                    f"share a value.\n{listing}\n\n'Left of' means a smaller house number; 'directly left of' "
                    f"means exactly one smaller; 'next to' means neighbouring houses; 'exactly k houses between' "
                    f"counts the houses strictly between the two.\n\nClues:\n{lines}\n\nExactly one arrangement "
                    f"satisfies every clue. Give every house's values, in the attribute order "
                    f"{', '.join(cats)}.")
        rows = []
        for h in range(n):
            row = [values[c][j] for c in range(k) for j in range(n) if pos[c * n + j] == h]
            rows.append(f"{h + 1}: {', '.join(row)}")
        # the example: the listed values of houses 1 and 2, whatever the solution; it leaves a house
        # out (only house 1 when there are two), so it is never an answer
        example = "; ".join(f"{h + 1}: {', '.join(values[c][h] for c in range(k))}" for h in range(min(2, n - 1)))
        check = {"n": n, "categories": cats, "values": values, "clues": clues,
                 "solution": pos}
        return Draft(question, "; ".join(rows), check, example=example)

    def effort(self, problem):
        # the solver's work (search nodes and constraint revisions) to find the grid and prove it unique
        c = problem.check
        csp = build_csp(c["n"], len(c["categories"]), c["clues"])
        csp.solutions(limit=2)
        return csp.work()

    def grade(self, answer, problem):
        c = problem.check
        n, cats, values = c["n"], c["categories"], c["values"]
        try:
            grid = parse_grid(answer, n, cats, values)
        except NotAnAnswer as exc:
            return refused(exc)
        pos = [0] * (n * len(cats))
        for house, row in grid.items():
            for ci, j in row.items():
                pos[ci * n + j] = house - 1
        for i, clue in enumerate(c["clues"], 1):
            if not clue_holds(clue, pos):
                return wrong(f"Clue {i} is violated.")
        return right()  # every clue holds, and the solver proved only one grid does
