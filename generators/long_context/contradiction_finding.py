"""Consistency over a long document: find the one numbered statement that contradicts an earlier one."""
from __future__ import annotations

from procgym import Draft, Task, register
from procgym.kit import grade_int

from ._haystack import CITIES, below, budget, density_knob, people, tokens_knob

CODENAMES = (
    "Heron", "Falcon", "Osprey", "Kestrel", "Plover", "Curlew", "Magpie", "Starling", "Lapwing", "Merlin",
    "Condor", "Pelican", "Puffin", "Raven", "Swift", "Tern", "Wren", "Egret", "Gannet", "Ibis", "Kite", "Linnet",
    "Nightjar", "Oriole", "Petrel", "Robin", "Siskin", "Thrush", "Vireo", "Warbler", "Avocet", "Bittern",
    "Crane", "Dunlin", "Finch", "Godwit", "Hobby", "Jay", "Knot", "Lark",
)
ATTRS = ("budget", "team", "year", "lead", "city")
TEMPLATES = {
    "budget": ("{e} has a budget of {v} thousand dollars.", "The budget of {e} is {v} thousand dollars.",
               "{e} is funded with {v} thousand dollars."),
    "team": ("{e} has a team of {v} people.", "{v} people work on {e}.", "The team of {e} counts {v} people."),
    "year": ("{e} started in {v}.", "Work on {e} began in {v}.", "{e} was launched in {v}."),
    "lead": ("{e} is led by {v}.", "{v} leads {e}.", "The lead of {e} is {v}."),
    "city": ("{e} is based in {v}.", "The home office of {e} is in {v}.", "{e} works out of {v}."),
}
LINE_CHARS = 52  # the mean length of one numbered statement with its line break


def conflicts(statements) -> list[int]:
    """The 1-based numbers of the statements that give a fact a value other than the one an
    earlier statement gave it."""
    first, out = {}, []
    for i, (entity, attr, value) in enumerate(statements, 1):
        known = first.setdefault((entity, attr), value)
        if known != value:
            out.append(i)
    return out


@register
class ContradictionFinding(Task):
    """A long numbered list of statements about projects (budget, team size, start year, lead,
    home city), each fact stated several times in different words. Exactly one statement gives a
    fact a value that contradicts an earlier statement of it; give that statement's number. Near
    misses are statements about look-alike projects (Project Heron II beside Project Heron) whose
    values differ. Levels grow the list from about 1,000 tokens to 32,000 at level 10 (46,000 at
    20) and raise the share of look-alike statements.

    Generation: about 1,000 problems/s at level 5 and 250 at level 10 on one shared core. A level-5 prompt
    is about 28,000 characters, some 540 statements each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/contradiction_finding"
    knobs = (
        tokens_knob(),
        density_knob("percent of the statements about look-alike projects (near misses)"),
    )
    answer_format = "an integer, the number of the contradicting statement"
    example = "0"  # statements are numbered from 1

    def build(self, rng, params):
        n_lines = max(12, budget(params) // LINE_CHARS)
        share = params["distractor_pct"] / 100
        n_main = max(2, min(len(CODENAMES), int(n_lines * (1 - share)) // 10))
        n_twin = max(1, min(n_main, int(n_lines * share) // 8))
        codes = rng.sample(CODENAMES, n_main)
        leads = people(rng, 2 * n_main + n_twin)
        facts = {}

        def draw(attr, i):
            if attr == "budget":
                return 50 * (2 + below(rng, 60))
            if attr == "team":
                return 3 + below(rng, 80)
            if attr == "year":
                return 1995 + below(rng, 30)
            return leads[i] if attr == "lead" else CITIES[below(rng, len(CITIES))]

        def values(entity, i, base=None):
            for attr in ATTRS:
                v = draw(attr, i)
                while base is not None and v == facts[(base, attr)]:  # bounded: the pools have 20+ values
                    v = draw(attr, i)
                facts[(entity, attr)] = v

        mains = [f"Project {c}" for c in codes]
        for i, e in enumerate(mains):
            values(e, i)
        twins = [f"{mains[i]} II" for i in range(n_twin)]  # the look-alikes differ in every fact
        for i, e in enumerate(twins):
            values(e, n_main + i, base=mains[i])
        main_keys = [(e, a) for e in mains for a in ATTRS]
        twin_keys = [(e, a) for e in twins for a in ATTRS]
        rand, n_mk, n_tk = rng.random, len(main_keys), len(twin_keys)  # draws inlined: thousands of lines
        keys = [main_keys[int(rand() * n_mk)] if rand() >= share else twin_keys[int(rand() * n_tk)]
                for _ in range(n_lines - n_mk - n_tk)]
        keys += main_keys + twin_keys
        rng.shuffle(keys)
        statements = [(e, a, facts[(e, a)]) for e, a in keys]
        # the contradiction: a main fact already stated, restated later with another value;
        # statements of that fact after it are dropped, so it stays the only conflict
        j = n_lines // 3 + below(rng, n_lines - n_lines // 3)
        j = max(j, 1 + next(i for i, st in enumerate(statements) if st[0] in mains))
        seen = []
        found = set()
        for e, a, _ in statements[:j]:
            if e in mains and (e, a) not in found:
                found.add((e, a))
                seen.append((e, a))
        e, a = seen[below(rng, len(seen))]
        wrong_v = facts[(e, a)]
        other = {"budget": lambda v: v + 50 * (1 + below(rng, 8)) * (1 if rng.random() < 0.5 or v < 500 else -1),
                 "team": lambda v: v + 1 + below(rng, 12),
                 "year": lambda v: v + (1 + below(rng, 4)) * (1 if v < 2020 else -1),
                 "lead": lambda v: leads[n_main + below(rng, n_main)],
                 "city": lambda v: CITIES[(CITIES.index(v) + 1 + below(rng, len(CITIES) - 1)) % len(CITIES)]}[a]
        while wrong_v == facts[(e, a)]:  # bounded: every rule moves the value
            wrong_v = other(facts[(e, a)])
        statements = (statements[:j] + [(e, a, wrong_v)] +
                      [s for s in statements[j:] if (s[0], s[1]) != (e, a)])
        found = conflicts(statements)  # the reference solution: one pass remembering each first value
        lines = [f"{i}. " + TEMPLATES[a][int(rand() * 3)].format(e=e, v=v) for i, (e, a, v) in enumerate(statements, 1)]
        question = ("The numbered statements below describe several projects. Each project has one budget, one "
                    "team size, one start year, one lead and one home city; these never change. Exactly one "
                    "statement contradicts an earlier statement about the same project. Note that Project X "
                    "and Project X II are different projects.\n\n" + "\n".join(lines) +
                    "\n\nWhat is the number of the statement that contradicts an earlier one?")
        return Draft(question, str(found[0]), {"line": found[0], "lines": len(lines), "conflicts": len(found)})

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["line"], "the contradicting statement")

    def effort(self, problem):
        # one pass over the statements, each compared with the first value of its fact
        return 2 * problem.check["lines"]
