"""Phrasing shared by the probability tasks: names, colours, number words, ordinals and lists.

    word(3)                  # "three"
    ordinal(2)               # "second"
    noun(2, "card")          # "cards" (the word only; procgym.kit.plural gives "2 cards")
    and_list(["A", "B", "C"])   # "A, B and C"
"""
from __future__ import annotations

NAMES = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy", "Ken", "Liam",
         "Mona", "Nina", "Omar", "Peggy", "Quinn", "Rita", "Sam", "Tara", "Uma", "Victor", "Wendy", "Yusuf"]
COLOURS = ["red", "blue", "green", "yellow", "white", "black", "orange", "purple"]
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve"]
ORDINALS = ["zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
            "tenth", "eleventh", "twelfth"]


def word(n: int) -> str:
    """'three' for small numbers, digits otherwise."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)


def ordinal(n: int) -> str:
    return ORDINALS[n] if 0 <= n < len(ORDINALS) else f"{n}th"


def noun(n: int, one: str, many: str | None = None) -> str:
    """The noun for n things, without the number: noun(1, "die", "dice") -> "die"."""
    return one if n == 1 else (many or one + "s")


def and_list(items, conj: str = "and") -> str:
    """'A', 'A and B', 'A, B and C'."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conj} {items[-1]}"
