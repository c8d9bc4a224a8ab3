"""Operation listings and value-list answers for the data_structures families: the numbered
operations a prompt shows, and strict readers and graders of the integer lists, name lists and
yes/no lists the answers are (whole answer consumed, hedge words refused, nothing executed).

    numbered(["push 4", "pop"])                  # "1. push 4\\n2. pop"
    listed_operations("Operations:\\n1. push 4\\n2. pop")   # ["push 4", "pop"]
    read_numbered_ints("[3, 5, -2]")                  # [3, 5, -2]   ("3 5 -2" too: no commas, spaces)
    read_numbered_ints("Q2: 0, Q1: 3", labelled=2)    # [3, 0]       (labelled by query number, any order)
    read_name_names("C, a, B", {"A", "B", "C"})       # ["C", "A", "B"]
    read_yes_no_list("yes, no, Yes")             # [True, False, True]
    grade_int_list("3, 0, 5", [3, 0, 5], "query answers")   # right()
"""
from __future__ import annotations

import re

from procgym.kit import NotAnAnswer, is_none, preview, read_choice, read_int, read_parts, refused
from procgym.kit import read_names, strip_brackets
from procgym.parsing import ParseError
from procgym.verdict import Verdict, right, wrong

# an item labelled by its query number: "1: 3", "Q2 = 0", "query 3: 5", "#4: 1", "5) 2"
_NUMBERED = re.compile(r"(?:q(?:uery)?\s*)?#?\s*(\d{1,3})\s*[:=)]\s*(.+)", re.IGNORECASE | re.S)
LIST_LABELS = {"answers", "answer", "results", "result", "outputs", "output", "values", "final list", "list",
               "array", "traversal", "keys", "order"}
EMPTY = {"empty list", "the empty list", "no values", "no keys", "none left", "it is empty", "(empty)", "[empty]",
         "[]", "()"}



def read_name_names(text: str, names, what: str = "name") -> list[str]:
    """Names checked against `names` (see procgym.kit.read_names for the separators)."""
    return read_names(text, names, what)

def numbered(lines) -> str:
    """One operation per line, numbered from 1."""
    return "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))


_LISTED = re.compile(r"^\d+\. (.+)$", re.MULTILINE)


def listed_operations(prompt: str) -> list[str]:
    """The operations a prompt lists with `numbered`, in order and without their numbers."""
    return _LISTED.findall(prompt)


def count_hint(given: list, expected: list, what: str) -> str:
    """Feedback for a wrong sequence that says no more than whether its length is right."""
    if len(given) != len(expected):
        return f"That is not the right {what}: it should have {len(expected)} items, not {len(given)}."
    return f"That is not the right {what}."


def says_empty(text: str) -> bool:
    """Whether the answer says the list is empty ("empty", "none", "[]", "the empty list", ...)."""
    return is_none(text) or " ".join(text.lower().split()) in EMPTY


def split_values(text: str) -> list[str]:
    """The items of a list: comma- or semicolon-separated (or, with neither, space-separated),
    inside at most one pair of brackets; an empty item is refused."""
    s = strip_brackets(text)
    if not s:
        raise NotAnAnswer("no values were given")
    parts = [p.strip() for p in re.split(r"[,;]", s)]
    if len(parts) == 1:
        parts = s.split()
    if any(not p for p in parts):
        raise NotAnAnswer("a value is missing between two separators: separate the values with single commas")
    return parts


def read_numbered_ints(text: str, labelled: int | None = None) -> list[int]:
    """Integers as a list ("3, 0, 5", "[3 0 5]"); with `labelled` = n, also labelled by their
    number 1..n in any order ("1: 3, 2: 0", "Q2=0; Q1=3"), every number exactly once."""
    parts = split_values(text)
    found = [_NUMBERED.fullmatch(p) for p in parts] if labelled is not None else []
    if found and all(found):
        values: dict[int, int] = {}
        for m in found:
            i = int(m.group(1))
            if not 1 <= i <= labelled:
                raise NotAnAnswer(f"there is no query {i}")
            if i in values:
                raise NotAnAnswer(f"query {i} is answered twice")
            values[i] = read_int(m.group(2))
        missing = [i for i in range(1, labelled + 1) if i not in values]
        if missing:
            raise NotAnAnswer(f"no answer given for query {missing[0]}")
        return [values[i] for i in range(1, labelled + 1)]
    return [read_int(p) for p in parts]




def read_yes_no_list(text: str) -> list[bool]:
    """yes/no words (also y/n, true/false) separated by commas, semicolons or spaces."""
    words = {"yes": True, "y": True, "true": True, "no": False, "n": False, "false": False}
    out = []
    for item in split_values(text):
        try:
            out.append(words[read_choice(item, words)])
        except NotAnAnswer:
            raise NotAnAnswer(f"{preview(item, 20)} is not yes or no") from None
    return out


def grade_int_list(answer: str, expected: list[int], what: str, labelled: bool = True) -> Verdict:
    """An exact list of integers in a fixed order (a leading "answers:" label allowed); with
    `labelled`, "1: 3, 2: 0" (numbered by query, any order) is accepted too."""
    try:
        text = read_parts(answer, [LIST_LABELS])[0]
        if says_empty(text):
            return right() if not expected else wrong(f"The {what} are not empty.")
        given = read_numbered_ints(text, len(expected) if labelled else None)
    except ParseError as exc:
        return refused(exc)
    return right() if given == expected else wrong(count_hint(given, expected, f"list of {what}"))
