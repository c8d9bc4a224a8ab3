"""Multi-hop lookup in a long staff directory: follow a chain of manager and mentor relations."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong
from procgym.kit import refused
from procgym.parsing import ParseError

from ._haystack import below, budget, density_knob, fill_to, filler, lookalike, people, read_full_name, tokens_knob

RELATIONS = ("manager", "mentor")
CURRENT = {
    "manager": ("{a}'s manager is {b}.", "{a} reports directly to {b}.", "{b} is the line manager of {a}."),
    "mentor": ("{a} is mentored by {b}.", "{b} is the mentor of {a}.", "{a}'s assigned mentor is {b}."),
}
FORMER = {
    "manager": ("{a} reported to {b} until the reorganisation last year.", "{a}'s previous manager was {b}."),
    "mentor": ("{a} was mentored by {b} in an earlier programme that has ended.", "{b} used to mentor {a}."),
}
FACT_CHARS = 42  # the mean length of one statement with its line break, for sizing the staff


def follow(relations: dict, start: str, steps: list[str]) -> str:
    """The person reached from `start` by taking each relation of `steps` in turn."""
    person = start
    for rel in steps:
        person = relations[(person, rel)]
    return person


@register
class MultiHopLookup(Task):
    """A long staff directory states each person's current manager and mentor, one statement per
    line in random order, among statements about former managers and mentors and people whose
    names share a first or last name with those in the chain. Starting from one person, follow a
    chain of k relations (manager of, mentor of) and name the person reached. Levels grow the
    directory from about 1,000 tokens to 32,000 at level 10 (46,000 at 20), the hops from 1 to 6
    (11 at 20) and the share of near-miss statements.

    Generation: about 1,250 problems/s at level 5 and 250 at level 10 on one shared core. A level-5 prompt
    is about 28,000 characters, some 700 statements each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/multi_hop_lookup"
    knobs = (
        tokens_knob(),
        Knob("hops", [1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11], (1, 20),
             doc="relations to follow from the starting person"),
        density_knob("percent of the statements that are near misses (former relations, look-alike names)"),
    )
    answer_format = "the full name of one person, first and last name"
    example = "Jane Doe"  # no one in any directory is called Doe

    def build(self, rng, params):
        chars, hops = budget(params), params["hops"]
        share = params["distractor_pct"] / 100
        n = max(hops + 2, int(chars * (1 - share) / (2 * FACT_CHARS)))
        staff = people(rng, n)
        relations = {}
        rand = rng.random
        for i, person in enumerate(staff):
            for rel in RELATIONS:
                other = int(rand() * (n - 1))
                relations[(person, rel)] = staff[other + (other >= i)]  # anyone but the person
        start = staff[rng.randrange(n)]
        steps = [RELATIONS[rng.randrange(2)] for _ in range(hops)]
        value = follow(relations, start, steps)  # the reference solution over the stated facts
        chain = [start]
        for rel in steps:
            chain.append(relations[(chain[-1], rel)])
        taken = set(staff)
        twins: dict = {}  # a look-alike keeps one manager and one mentor wherever it appears
        lines = [CURRENT[rel][int(rand() * 3)].format(a=a, b=b) for (a, rel), b in relations.items()]

        def near_miss(rng):
            # a former relation of someone on the chain, or a current one of a look-alike of them
            person = chain[below(rng, len(chain))] if rng.random() < 0.7 else staff[below(rng, n)]
            rel = RELATIONS[below(rng, 2)]
            if rng.random() < 0.5:
                twin = lookalike(rng, person, taken)
                if twin is not None:
                    boss = twins.setdefault((twin, rel), staff[below(rng, n)])
                    return CURRENT[rel][below(rng, 3)].format(a=twin, b=boss)
            other = staff[below(rng, n)]
            if other == relations[(person, rel)] or other == person:
                return filler(rng)
            return FORMER[rel][below(rng, 2)].format(a=person, b=other)

        lines += fill_to(rng, int(chars * share), near_miss)
        rng.shuffle(lines)
        path = "".join(f"\nStep {i + 1}: take that person's {rel}." for i, rel in enumerate(steps))
        question = ("Below is a staff directory, one statement per line. A person has only one current "
                    "manager and one current mentor. Statements about previous managers or mentors, or about "
                    "a relation that has ended, no longer hold; take care with people whose names are "
                    "similar.\n\n" + "\n".join(lines) +
                    f"\n\nStart from {start}.{path}\nWho is the person reached after the last step?")
        return Draft(question, value, {"name": value, "lines": len(lines)})

    def grade(self, answer, problem):
        try:
            given = read_full_name(answer)
        except ParseError as exc:
            return refused(exc)
        return right() if given == problem.check["name"] else wrong("That is not the person at the end of the chain.")

    def effort(self, problem):
        # every statement is read once to find the relations, then one lookup per hop
        return problem.check["lines"] + problem.params["hops"]
