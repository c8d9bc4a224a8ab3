"""Building blocks of long generated documents: the length schedule shared by every long-context
task, word pools for names, places and filler, a bounded filler-to-length loop, and the reader of
a person's full name.

The word lists were written for procgym by hand (no outside source).

Documents are built as lists of pre-made pieces joined once at the end, so a 32,000-token prompt
costs one join rather than quadratic string growth. Length is counted in characters and a token is
taken as four characters.

    names = people(rng, 400)                 # 400 distinct "First Last" names
    lines = fill_to(rng, 40_000, make_line)  # pieces until about 40,000 characters
"""
from __future__ import annotations

import re

from procgym import Knob
from procgym.kit import NotAnAnswer, preview, refuse_hedges

CHARS_PER_TOKEN = 4
# Target document length per level in tokens: 1,000 at level 1 to 32,000 at level 10. Levels
# 11-20 grow more slowly, to 46,000: the env's text observation holds at most 200,000 characters
# (about 50,000 tokens), so the prompt must stay under it; past level 10 the tasks grow mostly
# by hops, conditions and distractor density instead.
TOKENS = (1000, 2000, 3500, 5000, 7000, 10000, 14000, 19000, 25000, 32000,
          33500, 35000, 36500, 38000, 39500, 41000, 42500, 44000, 45000, 46000)
TOKENS_DOC = ("document length in tokens (about characters/4), by level: 1,000, 2,000, 3,500, 5,000, 7,000, "
              "10,000, 14,000, 19,000, 25,000, 32,000 at levels 1-10, then 33,500 up to 46,000 at level 20 "
              "(kept under the env's 200,000-character observation)")
# Share of the records, in percent, that are near misses of what is asked.
DENSITY = (10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76)


def tokens_knob() -> Knob:
    return Knob("tokens", list(TOKENS), (300, 47000), doc=TOKENS_DOC)


def density_knob(doc: str = "percent of the records that are near-miss distractors") -> Knob:
    return Knob("distractor_pct", list(DENSITY), (0, 90), doc=doc)


def budget(params) -> int:
    """The document's target length in characters."""
    return params["tokens"] * CHARS_PER_TOKEN


FIRST = (
    "Ada", "Alan", "Anika", "Bruno", "Carla", "Chen", "Dana", "Dmitri", "Elena", "Emeka", "Farah", "Felix",
    "Greta", "Hamid", "Hana", "Igor", "Ines", "Jonas", "Julia", "Kenji", "Laila", "Lars", "Leona", "Marco",
    "Maya", "Nadia", "Nils", "Olga", "Omar", "Paula", "Pedro", "Priya", "Quentin", "Rosa", "Ruben", "Sara",
    "Stefan", "Tomas", "Tara", "Uma", "Victor", "Vera", "Wanda", "Yusuf", "Zara", "Amir", "Bianca", "Conor",
    "Delia", "Erik", "Fiona", "Goran", "Helga", "Ivan", "Jasmin", "Karim", "Lucia", "Mateo", "Nora", "Oskar",
)
LAST = (
    "Abbott", "Baker", "Brandt", "Castillo", "Dalton", "Eriksen", "Fischer", "Garcia", "Hoffman", "Ibarra",
    "Jansen", "Kowalski", "Larsen", "Moreau", "Nakamura", "Okafor", "Petrov", "Quist", "Romero", "Schmidt",
    "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Young", "Zimmer", "Alvarez", "Bauer", "Costa", "Duarte",
    "Engel", "Ferreira", "Gruber", "Horvat", "Iqbal", "Jovanovic", "Keller", "Lindqvist", "Mendes", "Novak",
    "Olsen", "Pereira", "Rossi", "Sato", "Torres", "Vogel", "Wagner", "Yilmaz", "Zhou", "Murphy", "Haas",
    "Silva", "Kumar", "Lopez", "Nguyen", "Park", "Reyes", "Suzuki", "Walsh",
)
CITIES = (
    "Lyon", "Porto", "Leeds", "Bremen", "Turin", "Ghent", "Krakow", "Malmo", "Bergen", "Seville", "Graz",
    "Utrecht", "Tampere", "Brno", "Cork", "Bilbao", "Lille", "Basel", "Aarhus", "Split", "Riga", "Tartu",
    "Leipzig", "Nantes", "Bologna", "Valencia", "Gdansk", "Cluj", "Plovdiv", "Kaunas", "Geneva", "Salzburg",
    "Antwerp", "Dresden", "Genoa", "Oporto", "Toulouse", "Glasgow", "Odense", "Uppsala",
)
FILLER = (
    "The weekly review was moved to the larger meeting room.",
    "Coffee supplies were restocked on the third floor.",
    "A reminder went out about the updated travel policy.",
    "The printer on the second floor was serviced again.",
    "Several teams reported that the new badge readers work well.",
    "Facilities confirmed that the parking lot will be repainted.",
    "The quarterly newsletter collected articles from every office.",
    "A training session on safe lifting was well attended.",
    "The internal wiki was reorganised into clearer sections.",
    "Visitors must now sign in at the front desk.",
    "The kitchen schedule for cleaning duties was posted.",
    "An audit of software licences is planned for next month.",
    "The fire drill finished in under six minutes.",
    "New monitors arrived for the design studio.",
    "The shuttle timetable changes during the holidays.",
    "Several desks were moved to make room for a new team.",
    "The help desk closed a record number of tickets.",
    "A volunteer day at the city park was organised.",
    "The cafeteria added a second vegetarian option.",
    "Heating in the east wing was adjusted after complaints.",
)


def people(rng, n: int) -> list[str]:
    """`n` distinct full names, in random order (at most len(FIRST) * len(LAST))."""
    n = min(n, len(FIRST) * len(LAST))
    return [f"{FIRST[i // len(LAST)]} {LAST[i % len(LAST)]}" for i in rng.sample(range(len(FIRST) * len(LAST)), n)]


def lookalike(rng, name: str, taken: set) -> str | None:
    """A name not in `taken` that shares the first or the last name with `name` (a near miss), or None."""
    first, last = name.split(" ", 1)
    for _ in range(8):  # bounded: a free look-alike almost always turns up at once
        other = f"{first} {rng.choice(LAST)}" if rng.random() < 0.5 else f"{rng.choice(FIRST)} {last}"
        if other not in taken:
            return other
    return None


def below(rng, n: int) -> int:
    """A uniform index in range(n): one call of `rng.random`, several times faster than
    `randrange`, which matters for documents of thousands of lines."""
    return int(rng.random() * n)


def fill_to(rng, chars: int, make, limit: int = 100_000) -> list[str]:
    """Pieces from `make(rng)` until their lengths (plus one separator each) reach `chars`;
    at most `limit` pieces, so the loop is bounded even for a very short piece."""
    out, total = [], 0
    while total < chars and len(out) < limit:
        piece = make(rng)
        out.append(piece)
        total += len(piece) + 1
    return out


def filler(rng) -> str:
    return FILLER[int(rng.random() * len(FILLER))]


def scatter(rng, items: list, among: list) -> list:
    """`items` (in their order) spread at random places among `among` (in its order)."""
    slots = sorted(rng.randrange(len(among) + 1) for _ in items)
    out, j = [], 0
    for i, x in enumerate(among):
        while j < len(slots) and slots[j] == i:
            out.append(items[j])
            j += 1
        out.append(x)
    out.extend(items[j:])
    return out


_FULL_NAME = re.compile(r"[A-Za-z]+ [A-Za-z]+")


def read_full_name(text: str) -> str:
    """One person's full name, `First Last`, in any case ("dana okafor"), returned title-cased."""
    s = " ".join(text.split())
    if not s:
        raise NotAnAnswer("the answer is empty: give a full name")
    refuse_hedges(s)
    if not _FULL_NAME.fullmatch(s):
        raise NotAnAnswer(f"expected one full name (first and last name), got {preview(s)}")
    return " ".join(w.capitalize() for w in s.split())
