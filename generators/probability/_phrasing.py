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


def number_of(text: str) -> int:
    """The inverse of word: 'three' -> 3, '14' -> 14 (any case)."""
    text = text.lower()
    return NUMBER_WORDS.index(text) if text in NUMBER_WORDS else int(text)


def ordinal_of(text: str) -> int:
    """The inverse of ordinal: 'second' -> 2, '14th' -> 14."""
    return ORDINALS.index(text) if text in ORDINALS else int(text[:-2])


def question_of(problem) -> str:
    """The problem's question: its prompt without the closing answer-format paragraph."""
    return problem.prompt.split("\n\nAnswer format:", 1)[0]


def events_in(question: str) -> int:
    """Atomic events a question combines: its bulleted events (or one), plus a condition."""
    asked = question.rsplit("\n\n", 1)[-1]
    bullets = sum(1 for line in asked.splitlines() if line.startswith("- "))
    return max(bullets, 1) + ("You are told that" in question)
