"""Logic grids with negative clues only: who owns what, when every clue says what is NOT so."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, preview, refused
from procgym.verdict import right, wrong

PEOPLE = ("Alice", "Bruno", "Chloe", "Dmitri", "Elena", "Farid", "Greta", "Hiro")
CATEGORIES = (
    # name, values, phrase for "the person who ...", negated phrase "does not ..."
    ("pet", ("cat", "dog", "fish", "parrot", "hamster", "rabbit"), "owns the {}", "own the {}"),
    ("drink", ("tea", "coffee", "juice", "milk", "cocoa", "lemonade"), "drinks {}", "drink {}"),
    ("colour", ("red", "blue", "green", "yellow", "white", "purple"), "wears {}", "wear {}"),
    ("sport", ("tennis", "golf", "hockey", "rugby", "cricket", "judo"), "plays {}", "play {}"),
)

# more values for the grids past 6 people (smaller grids draw from the six above alone)
MORE_VALUES = {"pet": ("goat", "turtle"), "drink": ("water", "soda"), "colour": ("orange", "grey"),
               "sport": ("rowing", "squash")}


def _bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class GridSolver:
    """Variables (category c, value v) take a person 0..n-1; within a category the persons are
    all different. Clues: ("pv", p, c, v) person p does not have value v of category c;
    ("vv", c1, v1, c2, v2) whoever has v1 does not have v2. Propagation (singletons, hidden
    singles, the not-equal links) plus branching on the smallest domain; counts solutions up
    to a limit."""

    def __init__(self, n: int, k: int, clues=()):
        self.n, self.k = n, k
        self.full = (1 << n) - 1
        self.dom0 = [self.full] * (n * k)
        self.links: list[list[int]] = [[] for _ in range(n * k)]
        self.passes = 0  # propagation passes over the whole grid, for effort()
        for clue in clues:
            self.add(clue)

    def add(self, clue, dom=None) -> None:
        """Add a clue (to the start domains, and to `dom` when given, for incremental use)."""
        n = self.n
        if clue[0] == "pv":
            _, p, c, v = clue
            self.dom0[c * n + v] &= ~(1 << p)
            if dom is not None:
                dom[c * n + v] &= ~(1 << p)
        else:
            _, c1, v1, c2, v2 = clue
            a, b = c1 * n + v1, c2 * n + v2
            self.links[a].append(b)
            self.links[b].append(a)
            if dom is not None:  # re-apply the link to what is already fixed
                for x, y in ((a, b), (b, a)):
                    if dom[x] & (dom[x] - 1) == 0:
                        dom[y] &= ~dom[x]

    def remove(self, clue) -> None:
        """Take back a clue added earlier (clues are distinct true facts)."""
        n = self.n
        if clue[0] == "pv":
            _, p, c, v = clue
            self.dom0[c * n + v] |= 1 << p
        else:
            _, c1, v1, c2, v2 = clue
            a, b = c1 * n + v1, c2 * n + v2
            self.links[a].remove(b)
            self.links[b].remove(a)

    def propagate(self, dom) -> bool:
        n, k, full = self.n, self.k, self.full
        changed = True
        while changed:
            changed = False
            self.passes += 1
            for c in range(k):
                base = c * n
                fixed = 0
                for i in range(base, base + n):
                    d = dom[i]
                    if not d:
                        return False
                    if d & (d - 1) == 0:
                        if d & fixed:
                            return False
                        fixed |= d
                        for j in self.links[i]:
                            if dom[j] & d:
                                dom[j] &= ~d
                                if not dom[j]:
                                    return False
                                changed = True
                once = twice = 0
                for i in range(base, base + n):
                    d = dom[i]
                    if d & (d - 1):
                        nd = d & ~fixed
                        if nd != d:
                            if not nd:
                                return False
                            dom[i] = nd
                            d = nd
                            changed = True
                    twice |= once & d
                    once |= d
                if once != full:
                    return False
                lone = once & ~twice
                for i in range(base, base + n):
                    d = dom[i]
                    hit = d & lone
                    if hit and d != hit:
                        if hit & (hit - 1):
                            return False
                        dom[i] = hit
                        changed = True
        return True

    def deduce(self) -> list[int]:
        """The domains after propagation alone (all zero when the clues contradict)."""
        dom = self.dom0[:]
        return dom if self.propagate(dom) else [0] * len(dom)

    def count(self, limit: int = 2) -> tuple[int, list | None]:
        """(number of solutions up to `limit`, the first solution as domains)."""
        found: list = []

        def search(dom) -> int:
            if not self.propagate(dom):
                return 0
            best, size = -1, 99
            for i, d in enumerate(dom):
                if d & (d - 1):
                    s = d.bit_count()
                    if s < size:
                        best, size = i, s
            if best < 0:
                if not found:
                    found.append(dom[:])
                return 1
            total = 0
            for p in _bits(dom[best]):
                child = dom[:]
                child[best] = 1 << p
                total += search(child)
                if total >= limit:
                    break
            return total

        total = search(self.dom0[:])
        return total, (found[0] if found else None)


def clue_holds(clue, owner) -> bool:
    """owner[c][v] = the person with value v of category c."""
    if clue[0] == "pv":
        _, p, c, v = clue
        return owner[c][v] != p
    _, c1, v1, c2, v2 = clue
    return owner[c1][v1] != owner[c2][v2]


def render_clue(clue, names, cats, rng_flip: bool) -> str:
    if clue[0] == "pv":
        _, p, c, v = clue
        _, values, _, neg = cats[c]
        return f"{names[p]} does not {neg.format(values[v])}."
    _, c1, v1, c2, v2 = clue
    if rng_flip:
        c1, v1, c2, v2 = c2, v2, c1, v1
    return f"The person who {cats[c1][2].format(cats[c1][1][v1])} does not {cats[c2][3].format(cats[c2][1][v2])}."


@register
class NegativeGrid(Task):
    """A logic grid ("who owns what") in which every clue is negative: a person does not have
    something, or whoever has one thing does not have another. Each person has exactly one value
    in each category. Clues are drawn from the true negative facts of a hidden solution, skipping
    those already implied, until sound propagation (eliminations, all-different singles and
    hidden singles, not-equal links) fixes every value, which proves the solution unique; the
    final grid is re-solved by the counting solver (propagation plus search, up to two
    solutions). From level 5 clues are removed while deduction still succeeds, so every clue
    matters; at the top levels a few more are removed while the counting solver still finds a
    unique solution, so case analysis may be needed. The answer must satisfy every clue, which
    by uniqueness is the solution; feedback names the first clue a wrong grid breaks. Higher
    levels add people and categories and more clues linking two categories (no person named).
    Generation runs the solver once per clue kept or tried (and searches at the top levels), so
    it makes about 1,000 problems/s at level 5 but only about 100-150/s at levels 9-10. Past level
    10 the grid grows to 8 people (each category gains values past 6) and 4 categories with more
    removals that need case analysis; the searches bring level 20 down to under 10 problems/s."""

    name = "logic/negative_grid"
    knobs = (
        Knob("n_people", [3, 4, 3, 4, 4, 5, 5, 5, 6, 6, 6, 7, 6, 6, 8, 7, 7, 7, 8, 8], (2, 8),
             doc="number of people (past 6, each category has more values)"),
        Knob("n_categories", [1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 3, 4, 4, 4, 4, 4], (1, 4),
             doc="categories besides the names"),
        Knob("link_share", [0.0, 0.0, 0.2, 0.3, 0.3, 0.4, 0.5, 0.5, 0.6, 0.6, 0.6, 0.6, 0.5, 0.6, 0.6, 0.5, 0.6, 0.7,
                            0.6, 0.7], (0.0, 1.0),
             doc="share of clues linking two categories"),
        Knob("minimal", [False, False, False, False, True, True, True, True, True, True] + [True] * 10,
             doc="remove clues until every one is needed for the deduction"),
        Knob("search_removals", [0, 0, 0, 0, 0, 0, 2, 3, 4, 6, 8, 8, 6, 8, 10, 8, 10, 12, 10, 12], (0, 40),
             doc="further clue removals tried that keep the solution unique but may need case analysis"),
    )
    answer_format = ("every person with their value in each category, as Name: value, value; Name: value, value "
                     "(people separated by semicolons, a person's values by commas, in any order)")
    example = "Zoe: lime, sock; Yan: pear, hat"

    def build(self, rng, params):
        n, k = params["n_people"], params["n_categories"]
        names = sorted(rng.sample(PEOPLE, n), key=PEOPLE.index)
        chosen = sorted(rng.sample(range(len(CATEGORIES)), k))
        cats = []
        for c in chosen:
            name, values, pos, neg = CATEGORIES[c]
            pool = values if n <= len(values) else values + MORE_VALUES[name]
            cats.append((name, tuple(sorted(rng.sample(pool, n))), pos, neg))
        owner = []  # owner[c][v] = person
        for _ in range(k):
            perm = list(range(n))
            rng.shuffle(perm)
            owner.append(perm)
        person_clues = [("pv", p, c, v) for c in range(k) for v in range(n) for p in range(n) if owner[c][v] != p]
        link_clues = [("vv", c1, v1, c2, v2) for c1 in range(k) for c2 in range(c1 + 1, k)
                      for v1 in range(n) for v2 in range(n) if owner[c1][v1] != owner[c2][v2]]
        rng.shuffle(person_clues)
        rng.shuffle(link_clues)
        # Clues come from one random order of all true negative facts (the two kinds mixed by
        # link_share), skipping any the current deductions already make redundant, until
        # propagation alone fixes every value: a solution found by sound deduction is unique.
        share = params["link_share"] if link_clues else 0.0
        order = []
        while person_clues or link_clues:
            pool = link_clues if (rng.random() < share and link_clues) or not person_clues else person_clues
            order.append(pool.pop())
        clues: list = []
        solver = GridSolver(n, k)
        dom = solver.deduce()
        for clue in order:
            if clue[0] == "pv":
                useful = dom[clue[2] * n + clue[3]] >> clue[1] & 1
            else:
                useful = dom[clue[1] * n + clue[2]] & dom[clue[3] * n + clue[4]]
            if not useful:
                continue
            clues.append(clue)
            solver.add(clue, dom)  # propagation only narrows: continue from where it stopped
            if not solver.propagate(dom):
                raise AssertionError("true clues cannot contradict")
            if all(d & (d - 1) == 0 for d in dom):
                break
        if params["minimal"]:
            # drop clues while deduction still fixes everything (each trial lifts one clue from
            # the solver, deduces from scratch, and puts it back if it was needed)
            rng.shuffle(clues)
            solver = GridSolver(n, k, clues)
            kept = []
            for clue in clues:
                solver.remove(clue)
                if all(d & (d - 1) == 0 for d in solver.deduce()):
                    continue
                solver.add(clue)
                kept.append(clue)
            clues = kept
        for _ in range(params["search_removals"]):
            # then a few more while the solution stays unique, which may need case analysis
            i = rng.randrange(len(clues))
            trial = clues[:i] + clues[i + 1:]
            if GridSolver(n, k, trial).count(2)[0] == 1:
                clues = trial
        rng.shuffle(clues)
        total, dom = GridSolver(n, k, clues).count(2)
        assert total == 1
        solved = [[(dom[c * n + v]).bit_length() - 1 for v in range(n)] for c in range(k)]
        flips = [rng.random() < 0.5 for _ in clues]
        lines = "\n".join(f"{i}. {render_clue(cl, names, cats, f)}" for i, (cl, f) in enumerate(zip(clues, flips), 1))
        cat_text = "; ".join(f"{name}s: {', '.join(values)}" for name, values, _, _ in cats)
        question = (f"{len(names)} people, {', '.join(names[:-1])} and {names[-1]}, each have exactly one "
                    f"{_cat_list([c[0] for c in cats])}, and no two people share one. The possibilities are: "
                    f"{cat_text}.\n\nClues:\n{lines}\n\nExactly one arrangement fits all the clues. Who has what?")
        per_person = []
        for p in range(n):
            items = [cats[c][1][solved[c].index(p)] for c in range(k)]
            per_person.append(f"{names[p]}: {', '.join(items)}")
        answer = "; ".join(per_person)
        return Draft(question, answer, {"names": names, "categories": [[c[0], list(c[1])] for c in cats],
                                        "clues": [list(cl) for cl in clues], "solution": solved})

    def effort(self, problem):
        """The counting solver's work to find the grid and prove it unique: every propagation
        pass examines every (category, value) cell."""
        c = problem.check
        n, k = len(c["names"]), len(c["categories"])
        solver = GridSolver(n, k, [tuple(clue) for clue in c["clues"]])
        solver.count(2)
        return solver.passes * n * k

    def grade(self, answer, problem):
        c = problem.check
        names = c["names"]
        cats = c["categories"]
        n, k = len(names), len(cats)
        try:
            owner = parse_grid(answer, names, cats)
        except NotAnAnswer as exc:
            return refused(exc)
        for i, clue in enumerate(c["clues"], 1):
            if not clue_holds(clue, owner):
                return wrong(f"That arrangement breaks clue {i}.")
        if owner != c["solution"]:
            return wrong("That arrangement is not the solution.")
        return right()


def _cat_list(names) -> str:
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def parse_grid(text: str, names, cats) -> list[list[int]]:
    """owner[c][v] from "Alice: cat, tea; Bruno: dog, milk"; NotAnAnswer says what is wrong."""
    n = len(names)
    person = {x.lower(): i for i, x in enumerate(names)}
    value = {}
    for ci, (_, values) in enumerate(cats):
        for vi, v in enumerate(values):
            value[v.lower()] = (ci, vi)
    owner = [[-1] * n for _ in cats]
    seen = set()
    parts = [p for p in re.split(r"[;\n]", text) if p.strip()]
    for part in parts:
        m = re.fullmatch(r"\s*([A-Za-z]+)\s*[:=]\s*(.*)", part, re.S)
        if not m:
            raise NotAnAnswer(f"could not read {preview(part.strip(), 30)}: write Name: value, value")
        who = m.group(1).lower()
        if who not in person:
            raise NotAnAnswer(f"there is no person called {preview(m.group(1), 15)}")
        p = person[who]
        if p in seen:
            raise NotAnAnswer(f"{names[p]} is listed twice")
        seen.add(p)
        items = [" ".join(x.lower().split()) for x in m.group(2).split(",")]
        have = [False] * len(cats)
        for item in items:
            item = re.sub(r"^(the|a|an)\s+", "", item)
            if item not in value:
                raise NotAnAnswer(f"{preview(item, 15)} is not one of the possibilities")
            ci, vi = value[item]
            if have[ci]:
                raise NotAnAnswer(f"{names[p]} is given two {cats[ci][0]}s")
            if owner[ci][vi] >= 0:
                raise NotAnAnswer(f"{cats[ci][1][vi]} is given to two people")
            have[ci] = True
            owner[ci][vi] = p
        if not all(have):
            missing = cats[have.index(False)][0]
            raise NotAnAnswer(f"{names[p]} has no {missing}")
    if len(seen) < n:
        missing = next(names[i] for i in range(n) if i not in seen)
        raise NotAnAnswer(f"{missing} is missing")
    return owner
