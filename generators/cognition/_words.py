"""Words for the cognition tasks: word lists, a seeded text generator, and readers of answers
that are words (a name, a city, an object, a list of objects).

The word lists were written for procgym by hand (no outside source); they are covered by the
project's own licence.

    read_word("the Red cup", suffix="cup")       # "red"
    read_words("lamp, the key and mug")          # ["lamp", "key", "mug"]
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, preview, read_items, read_token

NAMES = (
    "Ada", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jade", "Kai", "Lena", "Milo", "Nia",
    "Omar", "Pia", "Quinn", "Rosa", "Sami", "Tara", "Umar", "Vera", "Wes", "Xena", "Yuri", "Zoe", "Abel",
    "Bea", "Cyrus", "Dina", "Emil", "Flor", "Gita", "Hugo", "Iris", "Joel", "Kira", "Luca", "Maya", "Nico",
)
OBJECTS = (
    "lamp", "key", "map", "coin", "book", "kite", "drum", "flute", "mug", "scarf", "watch", "ring", "vase",
    "globe", "shell", "brush", "candle", "hammer", "ladder", "lantern", "pillow", "radio", "saddle", "teapot",
    "compass", "marble", "ribbon", "trophy", "wallet", "whistle",
)
COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "black", "white", "silver", "golden", "brown", "pink")
ADJECTIVES = (
    "quiet", "bright", "small", "old", "heavy", "gentle", "rapid", "tiny", "ancient", "clever", "muddy",
    "shiny", "lazy", "curious", "narrow", "sturdy", "dusty", "hollow", "proud", "sleepy", "wild", "warm",
    "brave", "calm", "crisp", "faint", "grand", "humble", "jolly", "lucky", "plain", "rusty", "sharp", "windy",
)
NOUNS = (
    "river", "garden", "window", "farmer", "teacher", "village", "mountain", "basket", "forest", "bridge",
    "sailor", "market", "letter", "harbor", "castle", "meadow", "painter", "engine", "tower", "orchard",
    "kitchen", "valley", "student", "cottage", "island", "library", "wagon", "baker", "shepherd", "desert",
    "lighthouse", "fountain", "traveler", "barn", "canyon", "pilot", "station", "workshop", "museum", "pond",
)
VERBS = (
    "watched", "carried", "painted", "followed", "visited", "crossed", "cleaned", "found", "moved", "opened",
    "noticed", "repaired", "described", "passed", "counted", "guarded", "admired", "measured", "sketched",
    "remembered", "ignored", "approached", "circled", "greeted",
)
PLACES = (
    "near the old mill", "before sunrise", "after the storm", "by the harbor", "at the edge of town",
    "under a grey sky", "during the fair", "beside the road", "in the late afternoon", "on a windy day",
    "across the square", "behind the school", "along the shore", "at noon", "without a word",
)
CITIES = ("Oslo", "Lima", "Cairo", "Quito", "Perth", "Riga", "Accra", "Hanoi", "Dakar", "Porto", "Bern", "Kyoto",
          "Tunis", "Minsk", "Dublin", "Nairobi")
JOBS = ("baker", "nurse", "pilot", "tailor", "farmer", "chemist", "painter", "plumber", "judge", "sailor",
        "teacher", "welder")


def pick(rng, seq):
    """A uniform choice from a sequence with one random() call: generators draw thousands of
    words per problem, and this is about three times faster than rng.choice."""
    return seq[int(rng.random() * len(seq))]


def sentence(rng) -> str:
    """One varied plain sentence built from the word lists."""
    form = int(rng.random() * 6)
    if form == 0:
        return (f"The {pick(rng, ADJECTIVES)} {pick(rng, NOUNS)} {pick(rng, VERBS)} the {pick(rng, ADJECTIVES)} "
                f"{pick(rng, NOUNS)} {pick(rng, PLACES)}.")
    if form == 1:
        return (f"{pick(rng, NAMES)} {pick(rng, VERBS)} a {pick(rng, ADJECTIVES)} {pick(rng, NOUNS)} "
                f"{pick(rng, PLACES)}.")
    if form == 2:
        place = pick(rng, PLACES)
        return f"{place[0].upper() + place[1:]}, the {pick(rng, NOUNS)} {pick(rng, VERBS)} {pick(rng, NAMES)}."
    if form == 3:
        return (f"Nobody {pick(rng, VERBS)} the {pick(rng, NOUNS)}, but the {pick(rng, ADJECTIVES)} "
                f"{pick(rng, NOUNS)} was there {pick(rng, PLACES)}.")
    if form == 4:
        return (f"{pick(rng, NAMES)} and the {pick(rng, ADJECTIVES)} {pick(rng, NOUNS)} {pick(rng, VERBS)} a "
                f"{pick(rng, ADJECTIVES)} {pick(rng, NOUNS)}.")
    return (f"A {pick(rng, ADJECTIVES)} {pick(rng, NOUNS)} {pick(rng, VERBS)} the {pick(rng, NOUNS)} while "
            f"{pick(rng, NAMES)} waited {pick(rng, PLACES)}.")


def paragraph(rng, n_words: int) -> list[str]:
    """Sentences totalling at least `n_words` words."""
    out, words = [], 0
    while words < n_words:
        s = sentence(rng)
        out.append(s)
        words += s.count(" ") + 1
    return out


WORD = re.compile(r"[A-Za-z]+")


_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
_AND = re.compile(r",?\s+and\s+", re.IGNORECASE)


def read_word(text: str, suffix: str | None = None) -> str:
    """One word (a name, a city, a colour), lowercase; an article in front ("the", "a", "an")
    and, when given, the noun `suffix` after it ("the red cup") are allowed. Anything else
    (two words, leftover words, a hedge) is refused."""
    s = _ARTICLE.sub("", text.strip())
    if suffix and s.lower().endswith(" " + suffix):
        s = s[:-len(suffix)].rstrip()
    return read_token(s, r"[A-Za-z]+(?:-[A-Za-z]+)*", "one word").lower()


def read_words(text: str, articles: bool = False) -> list[str]:
    """A comma-separated list of words, lowercase, in the order given; "and" may join the last
    two ("lamp, key and mug", "lamp, key, and mug"); with `articles`, each item may start with
    "the", "a" or "an". An empty item, a two-word item or a hedge is refused."""
    items = read_items(_AND.sub(", ", text.strip()))
    words = []
    for item in items:
        word = _ARTICLE.sub("", item) if articles else item
        if not re.fullmatch(r"[A-Za-z]+", word):
            raise NotAnAnswer(f"{preview(item)} is not one word: separate the words with commas")
        words.append(word.lower())
    return words
