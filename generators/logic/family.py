"""Family trees: infer who is whose cousin, aunt or in-law from stated facts and stated rules."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import NotAnAnswer, read_choice, read_set, refused
from procgym.verdict import right, wrong

from ._wording import names_list

MEN = ("Adam", "Ben", "Carl", "Dev", "Eric", "Felix", "Gus", "Hank", "Ivan", "Jack", "Karl", "Liam", "Milo",
       "Nate", "Otto", "Paul", "Rex", "Sam", "Tom", "Vic", "Walt", "Yuri", "Zane", "Omar")
WOMEN = ("Alma", "Bea", "Cora", "Dina", "Edna", "Faye", "Gina", "Hana", "Ines", "Jill", "Kira", "Lena", "Mia",
         "Nora", "Olga", "Pia", "Rita", "Sara", "Tess", "Uma", "Vera", "Wren", "Yara", "Zoe")

MORE_MEN = ("Abe", "Bram", "Cyril", "Dirk", "Emil", "Flint", "Gil", "Hugh", "Igor", "Joel", "Kurt", "Luke", "Mark",
            "Ned", "Oscar", "Pete", "Ross", "Seth", "Ted", "Ugo", "Vince", "Wade", "Yves", "Zeke")
MORE_WOMEN = ("Ada", "Beth", "Cleo", "Dora", "Eve", "Flora", "Greta", "Hope", "Iris", "Joy", "Kate", "Lily", "Mona",
              "Nell", "Opal", "Ruth", "Sage", "Tina", "Una", "Viv", "Willa", "Xia", "Yoko", "Zara")

# relation: (tier, definition shown in the prompt, plural noun)
RELATIONS = {
    "children": (1, "X's children are the people X is a parent of", "children"),
    "grandparents": (1, "X's grandparents are the parents of X's parents", "grandparents"),
    "grandchildren": (1, "X's grandchildren are the children of X's children", "grandchildren"),
    "siblings": (1, "X's siblings are the other people with the same parents as X", "siblings"),
    "sisters": (2, "X's sisters are X's female siblings (the other people with the same parents as X)", "sisters"),
    "grandmothers": (2, "X's grandmothers are the mothers of X's parents", "grandmothers"),
    "aunts": (2, "X's aunts are the sisters of X's parents and the wives of the brothers of X's parents", "aunts"),
    "uncles": (2, "X's uncles are the brothers of X's parents and the husbands of the sisters of X's parents",
               "uncles"),
    "cousins": (2, "X's cousins are the children of the siblings of X's parents", "cousins"),
    "nieces": (3, "X's nieces are the daughters of X's siblings and of X's spouse's siblings", "nieces"),
    "nephews": (3, "X's nephews are the sons of X's siblings and of X's spouse's siblings", "nephews"),
    "siblings_in_law": (3, "X's siblings-in-law are the siblings of X's spouse and the spouses of X's siblings",
                        "siblings-in-law"),
    "parents_in_law": (3, "X's parents-in-law are the parents of X's spouse", "parents-in-law"),
    "great_grandparents": (4, "X's great-grandparents are the grandparents of X's parents", "great-grandparents"),
    "second_cousins": (4, "X's second cousins are the children of the cousins of X's parents (a cousin of a parent "
                       "is a child of a sibling of a grandparent)", "second cousins"),
}


# the family steps (up to a parent, down to a child, across to a sibling or spouse) in each
# relation's definition, for effort()
RELATION_STEPS = {"children": 1, "grandparents": 2, "grandchildren": 2, "siblings": 2, "sisters": 2,
                  "grandmothers": 2, "aunts": 3, "uncles": 3, "cousins": 4, "nieces": 3, "nephews": 3,
                  "siblings_in_law": 3, "parents_in_law": 2, "great_grandparents": 3, "second_cousins": 6}
_FACT_LINE = re.compile(r"^- (.+)\.$", re.MULTILINE)
_ASKED = re.compile(r"Who are \w+'s ([\w -]+)\?")


def parse_fact(text: str) -> tuple:
    """A fact as render_fact words it, back as ("parent", parent, child), ("married", a, b) or
    ("siblings", a, b)."""
    words = text.split()
    if words[1] == "and":  # "A and B are married" / "A and B are siblings"
        return ("married" if words[-1] == "married" else "siblings", words[0], words[2])
    a, b, role = words[0], words[2][:-2], words[3]  # "A is B's role"
    if role in ("father", "mother"):
        return ("parent", a, b)
    if role in ("son", "daughter"):
        return ("parent", b, a)
    return ("married" if role in ("husband", "wife") else "siblings", a, b)


class Family:
    """parents[c] = set of c's parents; spouse[x] = x's spouse or None; male[x] = bool."""

    def __init__(self, people, parents, spouse, male):
        self.people, self.parents, self.spouse, self.male = people, parents, spouse, male

    def children(self, x):
        return {c for c in self.people if x in self.parents[c]}

    def siblings(self, x):
        p = self.parents[x]
        return {y for y in self.people if y != x and p and self.parents[y] == p}

    def spouses(self, xs):
        return {self.spouse[x] for x in xs if self.spouse[x] is not None}

    def grandparents(self, x):
        return set().union(*(self.parents[p] for p in self.parents[x])) if self.parents[x] else set()

    def cousins(self, x):
        return {c for p in self.parents[x] for s in self.siblings(p) for c in self.children(s)}

    def aunts_uncles(self, x):
        out = set()
        for p in self.parents[x]:
            sibs = self.siblings(p)
            out |= sibs | self.spouses(sibs)
        return out

    def relation(self, name, x) -> set:
        if name == "children":
            return self.children(x)
        if name == "grandparents":
            return self.grandparents(x)
        if name == "grandchildren":
            return {g for c in self.children(x) for g in self.children(c)}
        if name == "siblings":
            return self.siblings(x)
        if name == "sisters":
            return {y for y in self.siblings(x) if not self.male[y]}
        if name == "grandmothers":
            return {y for y in self.grandparents(x) if not self.male[y]}
        if name == "aunts":
            return {y for y in self.aunts_uncles(x) if not self.male[y]}
        if name == "uncles":
            return {y for y in self.aunts_uncles(x) if self.male[y]}
        if name == "cousins":
            return self.cousins(x)
        if name in ("nieces", "nephews"):
            sibs = self.siblings(x)
            if self.spouse[x] is not None:
                sibs |= self.siblings(self.spouse[x])
            kids = {c for s in sibs for c in self.children(s)}
            return {c for c in kids if self.male[c] == (name == "nephews")}
        if name == "siblings_in_law":
            out = self.spouses(self.siblings(x))
            if self.spouse[x] is not None:
                out |= self.siblings(self.spouse[x])
            return out
        if name == "parents_in_law":
            return set(self.parents[self.spouse[x]]) if self.spouse[x] is not None else set()
        if name == "great_grandparents":
            return {g for p in self.parents[x] for g in self.grandparents(p)}
        if name == "second_cousins":
            return {c for p in self.parents[x] for q in self.cousins(p) for c in self.children(q)}
        raise ValueError(f"unknown relation {name!r}")


def infer(people, facts):
    """The parents and spouses that follow from the facts under the stated rules: siblings have
    the same parents; a child's two parents are married to each other; so a parent's spouse is
    the child's other parent, and a child's two parents are each other's spouse."""
    parents = {x: set() for x in people}
    spouse = {x: None for x in people}
    group = {x: x for x in people}  # union-find over stated siblings

    def find(x):
        while group[x] != x:
            group[x] = group[group[x]]
            x = group[x]
        return x

    for f in facts:
        if f[0] == "parent":
            parents[f[2]].add(f[1])
        elif f[0] == "married":
            spouse[f[1]], spouse[f[2]] = f[2], f[1]
        elif f[0] == "siblings":
            group[find(f[1])] = find(f[2])
    changed = True
    while changed:
        changed = False
        members: dict = {}
        for x in people:
            members.setdefault(find(x), []).append(x)
        for xs in members.values():
            if len(xs) > 1:
                union = set().union(*(parents[x] for x in xs))
                for x in xs:
                    if parents[x] != union:
                        parents[x] = set(union)
                        changed = True
        for c in people:
            ps = parents[c]
            for p in list(ps):
                s = spouse[p]
                if s is not None and s not in ps:
                    ps.add(s)
                    changed = True
            if len(ps) == 2:
                a, b = sorted(ps)
                if spouse[a] != b:
                    spouse[a], spouse[b] = b, a
                    changed = True
    return parents, spouse


def render_fact(f, male, rng) -> str:
    kind = f[0]
    if kind == "parent":
        a, c = f[1], f[2]
        if rng.random() < 0.5:
            return f"{a} is {c}'s {'father' if male[a] else 'mother'}."
        return f"{c} is {a}'s {'son' if male[c] else 'daughter'}."
    if kind == "married":
        a, b = f[1], f[2]
        if rng.random() < 0.5:
            return f"{a} and {b} are married."
        return f"{a} is {b}'s {'husband' if male[a] else 'wife'}."
    a, b = f[1], f[2]
    if rng.random() < 0.5:
        return f"{a} and {b} are siblings."
    return f"{a} is {b}'s {'brother' if male[a] else 'sister'}."


@register
class FamilyRelations(Task):
    """Family relations from stated facts: given who is whose mother, son, spouse or sibling,
    list everyone who stands in a named relation to one person (cousins, aunts, nieces,
    siblings-in-law, second cousins...). The prompt states the rules (siblings share both
    parents; a child's two parents are married; the facts determine every parent link) and
    defines the relation. The generator builds a random family of several generations, states
    its facts, then drops facts that the rules still let one recover, checking with its own
    inference (to a fixed point) that every parent and spouse link is still determined; the
    answer is computed from the inferred family, so it is unique. Higher levels add
    generations and people, a second family married in, more facts left to be inferred
    through siblings and marriages, and more distant relations.
    Past level 10 families of 5 generations and up to 44 people (with more names) make the fact-dropping
    inference slower: about 70 problems/s at level 20."""

    name = "logic/family_relations"
    knobs = (
        Knob("generations", [2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5], (2, 5),
             doc="generations in the family"),
        Knob("max_people", [6, 8, 9, 10, 11, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 44], (4, 46),
             doc="most people"),
        Knob("tier", [1, 1, 2, 2, 2, 3, 3, 3, 4, 4] + [4] * 10, (1, 4),
             doc="relations asked: near; + aunts/cousins; + in-laws/nieces; + great/second"),
        Knob("drop_share", [0.0, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0] + [1.0] * 10, (0.0, 1.0),
             doc="share of derivable facts left out (to be inferred)"),
        Knob("second_family", [False] * 6 + [True] * 14, doc="a second family, one of whose children marries in"),
    )
    answer_format = "the names as a comma-separated list in any order, or none if there is nobody"
    example = "Quinn, Xena"  # names not in MEN or WOMEN: never an answer

    def _grow(self, rng, params):
        # past the released 26 people, more names (the short lists keep the smaller families' draws)
        big = params["max_people"] > 26
        men, women = list(MEN + MORE_MEN if big else MEN), list(WOMEN + MORE_WOMEN if big else WOMEN)
        rng.shuffle(men)
        rng.shuffle(women)
        male, parents, spouse, gen = {}, {}, {}, {}

        def person(is_male, g):
            name = (men if is_male else women).pop()
            male[name], parents[name], spouse[name], gen[name] = is_male, set(), None, g
            return name

        def couple(g):
            a, b = person(True, g), person(False, g)
            spouse[a], spouse[b] = b, a
            return a, b

        cap = params["max_people"]
        founders = [couple(0)]
        if params["second_family"]:
            founders.append(couple(0))
        queue = list(founders)
        while queue:
            a, b = queue.pop(0)
            g = gen[a] + 1
            if g >= params["generations"]:
                continue
            low = 2 if g <= params["generations"] - 3 else 1  # branch early in deep families
            for _ in range(rng.randint(low, 3)):
                if len(male) >= cap:
                    break
                c = person(rng.random() < 0.5, g)
                parents[c] = {a, b}
                if g < params["generations"] - 1 and len(male) < cap - 1 and rng.random() < 0.75:
                    partner = person(not male[c], g)
                    spouse[c], spouse[partner] = partner, c
                    queue.append((c, partner) if male[c] else (partner, c))
        if params["second_family"]:
            # a child of the second family marries a single child of the first
            second_kids = [c for c in parents if parents[c] == set(founders[1])]
            first = [c for c in parents if parents[c] and founders[1][0] not in parents[c] and spouse[c] is None
                     and c not in second_kids]
            pairs = [(x, y) for x in second_kids if spouse[x] is None for y in first if male[x] != male[y]]
            if pairs:
                x, y = rng.choice(pairs)
                spouse[x], spouse[y] = y, x
        return male, parents, spouse

    def build(self, rng, params):
        tier = params["tier"]
        asked = [r for r, (t, _, _) in RELATIONS.items() if t <= tier]
        recent = [r for r, (t, _, _) in RELATIONS.items() if t == tier]
        for _attempt in range(300):
            male, parents, spouse = self._grow(rng, params)
            people = sorted(male)
            family = Family(people, parents, spouse, male)
            # the question: a relation of this tier (sometimes an easier one) with a non-empty answer
            pool = recent if rng.random() < 0.7 else asked
            options: dict = {}
            for r in pool:
                xs = [x for x in people if family.relation(r, x)]
                if xs:
                    options[r] = xs
            if options:
                break
        else:
            raise ValueError("no family with a non-empty relation found for these knob values")
        relation = rng.choice(sorted(options))
        target = rng.choice(options[relation])
        facts = []
        for c in people:
            for p in sorted(parents[c]):
                facts.append(("parent", p, c))
        for x in people:
            if spouse[x] is not None and x < spouse[x]:
                facts.append(("married", x, spouse[x]))
        kids_of: dict = {}
        for c in people:
            if parents[c]:
                kids_of.setdefault(tuple(sorted(parents[c])), []).append(c)
        for kids in kids_of.values():
            for a, b in zip(kids, kids[1:]):
                if rng.random() < 0.5 + 0.5 * params["drop_share"]:
                    facts.append(("siblings", a, b))
        rng.shuffle(facts)
        # leave out facts the rules recover, checked by inference
        truth = (parents, spouse)
        kept = list(facts)
        for f in facts:
            if rng.random() >= params["drop_share"]:
                continue
            trial = [g for g in kept if g != f]
            if infer(people, trial) == truth:
                kept = trial
        inferred_parents, inferred_spouse = infer(people, kept)
        assert (inferred_parents, inferred_spouse) == truth
        answer_set = Family(people, inferred_parents, inferred_spouse, male).relation(relation, target)
        men = [x for x in people if male[x]]
        women = [x for x in people if not male[x]]
        lines = "\n".join(f"- {render_fact(f, male, rng)}" for f in kept)
        _, definition, noun = RELATIONS[relation]
        who = (f"The men are {names_list(men)}" if len(men) > 1 else f"The only man is {men[0]}") + "; " + (
            f"the women are {names_list(women)}" if len(women) > 1 else f"the only woman is {women[0]}")
        question = (f"A family has {len(people)} members. {who}. These facts are known:\n\n{lines}\n\n"
                    "Rules: siblings have the same two "
                    "parents; every child's two parents (a father and a mother) are married to each other, and "
                    "nobody has more than one spouse; and these facts determine everyone's parents and spouses: "
                    "anyone whose parent or spouse cannot be worked out from them has none in this family. "
                    f"Definition: {definition}.\n\nWho are {target}'s {noun}?")
        answer = ", ".join(sorted(answer_set)) if answer_set else "none"
        return Draft(question, answer, {"people": people, "answer": sorted(answer_set)})

    def effort(self, problem):
        """Reading every stated fact, inferring each parent and spouse link the facts leave out,
        then following the relation's steps (parent, child, sibling, spouse) across the family."""
        people = problem.check["people"]
        facts = [parse_fact(line) for line in _FACT_LINE.findall(problem.prompt)]
        parents, spouse = infer(people, facts)
        stated = sum(f[0] in ("parent", "married") for f in facts)
        links = sum(map(len, parents.values())) + sum(s is not None for s in spouse.values()) // 2
        noun = _ASKED.search(problem.prompt).group(1)
        steps = next(RELATION_STEPS[r] for r, (_, _, plural) in RELATIONS.items() if plural == noun)
        return len(facts) + max(0, links - stated) + steps * len(people)

    def grade(self, answer, problem):
        c = problem.check
        try:  # "none" (or "nobody") is the empty set
            given = set() if answer.strip().lower() in ("nobody", "no one") else \
                read_set(answer, lambda t: read_choice(t, c["people"]), allow_none=True)
        except NotAnAnswer as exc:
            return refused(exc)
        expected = set(c["answer"])
        if given - expected:
            return wrong("At least one of those people is not in that relation.")
        if expected - given:
            return wrong("Somebody in that relation is missing.")
        return right()
