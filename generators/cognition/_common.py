"""Word lists and a seeded text generator for the cognition tasks, plus answer readers.

The word lists were written for procgym by hand (no outside source); they are covered by the
project's own licence.
"""
from __future__ import annotations

import re

from procgym.parsing import parse_list

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
PETS = ("cat", "dog", "parrot", "rabbit", "turtle", "hamster", "goldfish", "lizard", "ferret", "canary")


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


def norm_name(text: str) -> str:
    """A name or word as compared: trimmed, without quotes or a final period, lowercase."""
    return text.strip().strip("'\"`*").strip().rstrip(".").strip().lower()


EMPTY = ("none", "nothing", "nobody", "no one", "empty", "{}", "[]", "-")


def read_items(answer: str) -> list[str]:
    """Items of a comma-separated answer, normalised; [] for an answer meaning 'none'.

    'and' before the last item ('lamp, key and mug') is accepted as a separator.
    """
    text = answer.strip()
    if norm_name(text) in EMPTY:
        return []
    text = re.sub(r"\s+and\s+", ",", text)
    return [norm_name(i) for i in parse_list(text) if norm_name(i)]


def article_free(item: str) -> str:
    """'the lamp' -> 'lamp'; 'a key' -> 'key'."""
    return re.sub(r"^(the|a|an)\s+", "", item)
