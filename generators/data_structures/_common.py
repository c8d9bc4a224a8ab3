"""Helpers for the data_structures families: listing operation sequences in prompts, and reading
the number lists, name lists, yes/no lists and two-part answers a model writes (linear scans and
bounded parsers only).

    numbered(["push 4", "pop"])             # "1. push 4\n2. pop"
    read_ints("[3, 5, -2]")                 # [3, 5, -2]
    read_names("C, a, B", {"A", "B", "C"})  # ["C", "A", "B"]
    read_yes_no("yes, no, Yes")             # [True, False, True]
    split_two("5; A, C")                    # ("5", "A, C")
"""
from __future__ import annotations

import re
from collections import deque

from procgym.parsing import ParseError, parse_int

_EMPTY = {"empty", "none", "nothing", "[]", "()", "{}", "\u2205", "empty list", "the empty list", "no values",
          "no keys", "none left", "it is empty", "(empty)", "[empty]"}
_ITEM_SPLIT = re.compile(r"[\s,;]+")
_NAME = re.compile(r"[A-Za-z]{1,3}")
_PART_LABEL = re.compile(
    r"^\s*(?:(?:number\s+of\s+)?hits?|(?:final\s+)?(?:cache|contents?|keys?)|answers?|quer(?:y|ies)|"
    r"results?|(?:number\s+of\s+)?sets?|count|components?)\s*[:=]\s*", re.IGNORECASE)
_YES = {"yes", "y", "true"}
_NO = {"no", "n", "false"}


def numbered(lines) -> str:
    """One operation per line, numbered from 1."""
    return "\n".join(f"{i}. {line}" for i, line in enumerate(lines, 1))


def is_empty(text: str) -> bool:
    """Whether the answer says "empty" (or an equivalent: none, [], {}, ...)."""
    return text.strip().strip(".!").strip().lower() in _EMPTY


def strip_brackets(text: str) -> str:
    s = text.strip()
    if len(s) >= 2 and s[0] + s[-1] in ("[]", "()", "{}"):
        s = s[1:-1]
    return s.strip()


def strip_label(text: str) -> str:
    """Drop a leading "hits:", "cache =", "sets:"-style label from one part of an answer."""
    return _PART_LABEL.sub("", text, count=1).strip()


def split_items(text: str) -> list[str]:
    """Items separated by commas, semicolons or white space, outer brackets removed."""
    return [x for x in _ITEM_SPLIT.split(strip_brackets(text)) if x]


def read_ints(text: str) -> list[int]:
    """Integers separated by commas, semicolons or spaces (outer brackets removed)."""
    items = split_items(text)
    if not items:
        raise ParseError("no numbers were given")
    return [parse_int(x) for x in items]


def read_names(text: str, names, what: str = "name") -> list[str]:
    """Upper-cased names, each checked against `names` (duplicates are kept for the caller)."""
    items = split_items(text)
    if not items:
        raise ParseError(f"no {what}s were given")
    out = []
    for item in items:
        name = item.strip("'\"`.").upper()
        if not _NAME.fullmatch(name) or name not in names:
            raise ParseError(f"{item[:20]!r} is not one of the {what}s")
        out.append(name)
    return out


def read_yes_no(text: str) -> list[bool]:
    """yes/no words separated by commas, semicolons or spaces: True for yes, False for no."""
    items = split_items(text)
    if not items:
        raise ParseError("no yes/no answers were given")
    out = []
    for item in items:
        word = item.strip("'\"`.").lower()
        if word in _YES:
            out.append(True)
        elif word in _NO:
            out.append(False)
        else:
            raise ParseError(f"{item[:20]!r} is not yes or no")
    return out


def split_two(text: str) -> tuple[str, str] | None:
    """A two-part answer "first; second" (or on two lines, or "first | second"), labels dropped."""
    for sep in (";", "\n", "|"):
        if sep in text:
            first, second = text.split(sep, 1)
            return strip_label(first), strip_label(second)
    return None


def count_hint(given: list, expected: list, what: str) -> str:
    """Feedback for a wrong sequence that says no more than whether its length is right."""
    if len(given) != len(expected):
        return f"That is not the right {what}: it should have {len(expected)} items, not {len(given)}."
    return f"That is not the right {what}."


# --------------------------------------------------------------------------- binary trees

TRAVERSAL_TEXT = {  # how the prompts name each traversal
    "inorder": "in-order (left subtree, then the node, then the right subtree)",
    "preorder": "pre-order (the node, then its left subtree, then its right subtree)",
    "postorder": "post-order (the left subtree, then the right subtree, then the node)",
    "levelorder": "level-order (the root, then each depth in turn, left to right within a depth)",
}

def traverse(root, order: str) -> list[int]:
    """The keys of a binary tree (nodes with .key, .left, .right) in the given order."""
    out: list[int] = []
    if order == "levelorder":
        queue = deque([root] if root else [])
        while queue:
            node = queue.popleft()
            out.append(node.key)
            queue.extend(c for c in (node.left, node.right) if c is not None)
        return out

    def walk(node):
        if node is None:
            return
        if order == "preorder":
            out.append(node.key)
        walk(node.left)
        if order == "inorder":
            out.append(node.key)
        walk(node.right)
        if order == "postorder":
            out.append(node.key)
    walk(root)
    return out
