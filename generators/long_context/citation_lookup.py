"""Citation lookup in a long numbered text: which paragraph states each of several claims."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import read_int_list, refused
from procgym.parsing import ParseError
from procgym.verdict import right, wrong

from ._haystack import CITIES, below, budget, density_knob, tokens_knob

STRUCTURES = ("bridge", "tower", "library", "station", "dam", "museum", "canal", "lighthouse", "theatre", "market hall",
              "cathedral", "observatory", "harbour wall", "town hall")
VERBS = ("completed", "designed", "renovated", "opened to the public", "damaged by a flood", "extended")
AMBIENT = (
    "Records from this period are incomplete.",
    "Local historians still debate the details.",
    "Several photographs of the site survive in private collections.",
    "The work was paid for partly by public subscription.",
    "Contemporary newspapers gave the event little attention.",
    "The original drawings were later lost in a fire.",
    "Visitors today can still see traces of the earlier building.",
    "The city council discussed the matter over several sessions.",
    "Materials were brought in by rail from the coast.",
    "A plaque near the entrance recalls the occasion.",
)
SENTENCE_CHARS = 52  # the mean length of one sentence with the space after it


def claim_text(fact) -> str:
    city, structure, verb, year = fact
    return f"the {city} {structure} was {verb} in {year}"


def cite(paragraphs, claims) -> list[int]:
    """For each claim, the 1-based number of the paragraph that states it."""
    where = {fact: i for i, para in enumerate(paragraphs, 1) for fact in para if isinstance(fact, tuple)}
    return [where[c] for c in claims]


@register
class CitationLookup(Task):
    """A long history text in numbered paragraphs, each a few sentences about when the buildings
    of many cities were completed, designed, renovated, opened and so on. For each of k claims,
    give the number of the paragraph that states it. Near misses share three of a claim's four
    parts: the same building and year with another event, the same event and year in another
    city, or another building of the same city. Levels grow the text from about 1,000 tokens to
    32,000 at level 10 (46,000 at 20), the claims from 1 to 5 (10 at 20) and the share of near
    misses.

    Generation: about 1,000 problems/s at level 5 and 200 at level 10 on one shared core. A level-5 prompt
    is about 28,000 characters, some 500 sentences each needing a few seeded draws, so the rate is bound
    near 1,000/s by the document's size (no search or retry is involved)."""

    name = "long_context/citation_lookup"
    knobs = (
        tokens_knob(),
        Knob("claims", [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10], (1, 20),
             doc="claims to locate"),
        density_knob("percent of the fact sentences that are near misses of an asked claim"),
    )
    answer_format = "the paragraph numbers, one per claim in the order asked, separated by commas"
    example = "0"  # paragraphs are numbered from 1

    def build(self, rng, params):
        k, share = params["claims"], params["distractor_pct"] / 100
        n_sent = max(k + 6, budget(params) // SENTENCE_CHARS)
        n_facts = min(len(CITIES) * len(STRUCTURES) * len(VERBS), int(n_sent * 0.8))
        used, facts = set(), []

        def add(city, structure, verb, year) -> bool:
            if (city, structure, verb) in used:
                return False
            used.add((city, structure, verb))
            facts.append((city, structure, verb, year))
            return True

        claims = []
        while len(claims) < k:  # bounded: each try draws from 3,360 keys, at most 20 claims
            fact = (CITIES[below(rng, len(CITIES))], STRUCTURES[below(rng, len(STRUCTURES))],
                    VERBS[below(rng, len(VERBS))], 1850 + below(rng, 140))
            if add(*fact):
                claims.append(fact)
        for _ in range(int(n_facts * share)):
            city, structure, verb, year = claims[below(rng, k)]
            part = below(rng, 3)  # change one part of an asked claim, keep the year
            if part == 0:
                verb = VERBS[below(rng, len(VERBS))]
            elif part == 1:
                city = CITIES[below(rng, len(CITIES))]
            else:
                structure = STRUCTURES[below(rng, len(STRUCTURES))]
            add(city, structure, verb, year)
        for _ in range(2 * n_facts):  # bounded: tries, each adding one fact unless its key is taken
            if len(facts) >= n_facts:
                break
            add(CITIES[below(rng, len(CITIES))], STRUCTURES[below(rng, len(STRUCTURES))],
                VERBS[below(rng, len(VERBS))], 1850 + below(rng, 140))
        items = facts + [AMBIENT[below(rng, len(AMBIENT))] for _ in range(max(0, n_sent - len(facts)))]
        rng.shuffle(items)
        paragraphs, i = [], 0
        while i < len(items):
            size = 3 + below(rng, 4)
            paragraphs.append(items[i:i + size])
            i += size
        answer = cite(paragraphs, claims)  # the reference solution: an index from fact to paragraph
        text = "\n\n".join(f"[{n}] " + " ".join(s if isinstance(s, str) else claim_text(s)[0].upper() +
                                                 claim_text(s)[1:] + "." for s in para)
                           for n, para in enumerate(paragraphs, 1))
        asked = "\n".join(f"{j + 1}. {claim_text(c)[0].upper() + claim_text(c)[1:]}." for j, c in enumerate(claims))
        question = ("Read the numbered paragraphs below.\n\n" + text +
                    f"\n\nFor each claim below, give the number of the paragraph that states it (the same "
                    f"building, the same event and the same year):\n{asked}")
        example = ", ".join(["0"] * k)
        return Draft(question, ", ".join(map(str, answer)),
                     {"paragraphs": answer, "sentences": len(items)}, example=example)

    def grade(self, answer, problem):
        expected = problem.check["paragraphs"]
        try:
            # paragraphs are labelled [n] in the text, so "[3], [17]" names them as well as "3, 17"
            given = read_int_list(re.sub(r"\[\s*(\d+)\s*\]", r"\1", answer))
        except ParseError as exc:
            return refused(exc)
        if len(given) != len(expected):
            return wrong(f"Give {len(expected)} paragraph numbers, one per claim.")
        bad = [j + 1 for j, (g, e) in enumerate(zip(given, expected)) if g != e]
        return right() if not bad else wrong(f"The paragraph for claim {bad[0]} is wrong.")

    def effort(self, problem):
        # every sentence is read once to index the facts; each claim is then one lookup
        return problem.check["sentences"] + len(problem.check["paragraphs"])
