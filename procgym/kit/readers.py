"""Strict readers: turn a normalised answer into a value, or refuse it with a reason.

Every reader consumes the whole text. Leftover words, a second candidate, a negation or a hedge
("3 or 4", "not 3", "x != 3", "3, 4" where one value is asked) is not an answer: the reader raises
`NotAnAnswer` (a `ParseError`) whose message is one short sentence for the feedback. An empty
answer is never a value; "none" is a value only where a reader is asked to allow it.

    read_int("1,234")                         # 1234 (well-formed thousands groups only)
    read_int("0, 5")                          # NotAnAnswer: a list, not one number
    read_value("x = 3/4", read_number, "x")   # Fraction(3, 4); "x != 3/4" and "y = 3/4" refused
    read_list("[3, 1, 2]", read_int)          # [3, 1, 2]
    read_labelled("n = 26, m = 23", ["m", "n"], read_int)   # {"m": 23, "n": 26}

Readers assume `procgym.kit.normalize` already ran (Task.verify does it); they still strip the
surrounding white space they are given.
"""
from __future__ import annotations

import re
from fractions import Fraction
from typing import Callable, Iterable, TypeVar

from procgym.parsing import ParseError, parse_expression, parse_int, parse_number

T = TypeVar("T")


class NotAnAnswer(ParseError):
    """The text is not an answer of the expected form; the message says why, in one sentence."""


# Words that turn a value into a hedge or a negation. Readers of free-form tokens (names, words)
# check them; number and symbol readers refuse them anyway, since they consume every character.
HEDGES = frozenset("""or not no maybe perhaps probably possibly either neither nor wrong incorrect false
approximately approx about around roughly unsure unknown guess except isn't is are was
""".split())
_HEDGE_MARKS = ("!=", "≠", "=/=", "<>", "?")
NONE_WORDS = frozenset({"none", "no solution", "no solutions", "nothing", "empty", "empty set", "the empty set",
                        "∅", "{}", "\\emptyset", "\\varnothing", "no such", "there is none"})


def preview(text: str, n: int = 40) -> str:
    """A short quoted excerpt of model text for feedback."""
    text = str(text)
    return repr(text if len(text) <= n else text[:n] + "...")


def refuse_hedges(text: str, allowed: Iterable[str] = ()) -> None:
    """Raise NotAnAnswer when `text` carries a hedge or negation word, or a "!=" / "?" mark.

    `allowed` lists words that are legitimate in this answer's grammar (a logic answer's "not")."""
    allowed = {w.lower() for w in allowed}
    for mark in _HEDGE_MARKS:
        if mark in text and mark not in allowed:
            raise NotAnAnswer(f"{preview(text)} hedges or negates ({mark!r}): give one answer")
    for word in re.findall(r"[A-Za-z']+", text.lower()):
        if word in HEDGES and word not in allowed:
            raise NotAnAnswer(f"{preview(text)} hedges or negates ({word!r}): give one answer")


def _nonempty(text: str, what: str) -> str:
    if not isinstance(text, str):
        raise NotAnAnswer("the answer is not text")
    s = text.strip()
    if not s:
        raise NotAnAnswer(f"the answer is empty: give {what}")
    return s


# --------------------------------------------------------------------------- scalars

def read_int(text: str) -> int:
    """One integer: `42`, `-7`, `+3`, `1,234,567` (well-formed groups), `42.0`; nothing else."""
    try:
        return parse_int(_nonempty(text, "an integer"))
    except NotAnAnswer:
        raise
    except ParseError as exc:
        raise NotAnAnswer(str(exc)) from None


def read_number(text: str, decimals: bool = True) -> Fraction:
    """One exact rational: an integer, `p/q`, `\\frac{p}{q}`, or (when `decimals`) a finite decimal."""
    s = _nonempty(text, "a number")
    try:
        value = parse_number(s)
    except ParseError as exc:
        raise NotAnAnswer(str(exc)) from None
    if not decimals and re.search(r"\d\.\d|\.\d|[eE][+-]?\d", s):
        raise NotAnAnswer("give an exact fraction p/q, not a decimal")
    return value


def read_expression(text: str, variables=("x",)):
    """A sympy expression in `variables` (see procgym.parsing.parse_expression), never executed."""
    try:
        return parse_expression(_nonempty(text, "an expression"), variables)
    except ParseError as exc:
        raise NotAnAnswer(str(exc)) from None


def read_choice(text: str, choices: Iterable[str], case: bool = False) -> str:
    """One of a closed set of words, returned in its canonical spelling from `choices`."""
    s = _nonempty(text, "one of the options")
    table = {(c if case else c.lower()): c for c in choices}
    key = " ".join(s.split()) if case else " ".join(s.lower().split())
    if key not in table:
        options = ", ".join(sorted(table.values()))
        raise NotAnAnswer(f"{preview(s)} is not one of: {options}" if len(options) < 120 else
                          f"{preview(s)} is not one of the allowed answers")
    return table[key]


def read_yes_no(text: str) -> bool:
    """`yes` or `no` (also `true`/`false`), any case."""
    word = read_choice(text, ("yes", "no", "true", "false"))
    return word in ("yes", "true")


def read_token(text: str, pattern: str = r"[A-Za-z0-9_]+", what: str = "one word") -> str:
    """One token matching `pattern` in full (a name, a word, a label); no spaces around parts."""
    s = _nonempty(text, what)
    if not re.fullmatch(pattern, s):
        raise NotAnAnswer(f"expected {what}, got {preview(s)}")
    return s


def is_none(text: str) -> bool:
    """Whether the answer says "there is none" ("none", "no solution", "∅", "{}"...).

    The empty answer is not "none": it is no answer at all."""
    return isinstance(text, str) and " ".join(text.strip().lower().split()).rstrip(".") in NONE_WORDS


# --------------------------------------------------------------------------- structure

_PAIRS = {"(": ")", "[": "]", "{": "}"}


def strip_brackets(text: str, pairs: str = "()[]{}") -> str:
    """`text` without one pair of brackets that encloses all of it (`[1, 2]` -> `1, 2`, but
    `(1, 2), (3, 4)` stays whole)."""
    s = text.strip()
    if len(s) >= 2 and s[0] in pairs[0::2] and _PAIRS.get(s[0]) == s[-1] and s[-1] in pairs[1::2]:
        depth = 0
        for i, ch in enumerate(s):
            depth += 1 if ch in "([{" else -1 if ch in ")]}" else 0
            if depth == 0 and i < len(s) - 1:
                return s  # the first bracket closes early: it does not enclose everything
        return s[1:-1].strip()
    return s


def split_top(text: str, separators: str = ",") -> list[str]:
    """Split on separators that stand outside brackets: `(1, 2), (3, 4)` -> two parts. Parts are
    stripped; empty parts are kept (the caller refuses them with a reason)."""
    parts, depth, current = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if depth == 0 and ch in separators:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return parts


def read_items(text: str, separators: str = ",", brackets: bool = True, allow_empty: bool = False) -> list[str]:
    """The items of a list answer as stripped strings: one optional enclosing bracket pair,
    top-level separators, no empty item (`1,,2` and a trailing comma are refused)."""
    s = text.strip() if isinstance(text, str) else _nonempty(text, "a list")
    if brackets:
        s = strip_brackets(s)
    if not s:
        if allow_empty:
            return []
        raise NotAnAnswer("the answer is empty: give the list")
    items = split_top(s, separators)
    if any(not item for item in items):
        raise NotAnAnswer("the list has an empty item: separate the items with single commas")
    return items


def read_list(text: str, item: Callable[[str], T] = str, separators: str = ",", brackets: bool = True,
              allow_empty: bool = False) -> list[T]:
    """A list answer whose every item is read by `item` (a reader): `read_list("3, 1", read_int)`."""
    return [item(part) for part in read_items(text, separators, brackets, allow_empty)]


def read_set(text: str, item: Callable[[str], T] = str, separators: str = ",", allow_none: bool = False) -> set:
    """An unordered collection with no repeats; "none" (and `{}`) is the empty set when `allow_none`."""
    if allow_none and is_none(text):
        return set()
    values = read_list(text, item, separators)
    found = set(values)
    if len(found) != len(values):
        raise NotAnAnswer("a value is listed twice")
    return found


_ASSIGN = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_ ']*?|[A-Za-z_]\w*\([^()=]*\))\s*(==|=|:|->|\u2192)\s*(.*)$", re.S)


def split_assignment(part: str) -> tuple[str, str]:
    """`name = value` (also `name: value`, `name -> value`) as (name, value text).

    Refuses comparisons other than equality (`x != 3`, `x >= 3`, `x <= 3`)."""
    if re.search(r"!=|≠|<|>|≤|≥", part.replace("->", "")):
        raise NotAnAnswer(f"{preview(part)} is not an equality: write name = value")
    m = _ASSIGN.match(part)
    if not m:
        raise NotAnAnswer(f"{preview(part)} is not of the form name = value")
    return m.group(1).strip(), m.group(3).strip()


def read_labelled(text: str, labels: Iterable[str], item: Callable[[str], T] = str, separators: str = ",;\n",
                  case: bool = False) -> dict[str, T]:
    """Values given by name, in any order: `y = 2, x = 1` for labels x, y -> {"x": 1, "y": 2}.

    Every label must be present exactly once and no other name may appear; names match without
    regard to case unless `case`. The result is keyed by the spelling in `labels`."""
    labels = list(labels)
    table = {(lab if case else lab.lower()): lab for lab in labels}
    s = strip_brackets(_nonempty(text, "the labelled values"))
    out: dict[str, T] = {}
    for part in split_top(s, separators):
        if not part:
            continue
        name, value = split_assignment(part)
        key = name if case else name.lower()
        if key not in table:
            raise NotAnAnswer(f"{preview(name)} is not one of the names asked for ({', '.join(labels)})")
        label = table[key]
        if label in out:
            raise NotAnAnswer(f"{label} is given twice")
        out[label] = item(value)
    missing = [lab for lab in labels if lab not in out]
    if missing:
        raise NotAnAnswer(f"no value given for {', '.join(missing)}")
    return out


_PART_LABEL = re.compile(r"^\s*([A-Za-z][A-Za-z ]{0,40}?)\s*[:=]\s*(.*)$", re.S)


def read_parts(text: str, labels: list, separators: str = ";\n|") -> list[str]:
    """The parts of an answer made of `len(labels)` parts, `"17; A,C"` (or one part per line, or
    `"17 | A,C"`), each returned without its label.

    `labels[i]` holds the names part i may be labelled with (`{"profit", "total profit"}`): a part
    written `name: value` or `name = value` with one of those names (any case) goes to that place,
    so labelled parts may come in any order; an unlabelled part keeps its position. A label that
    is not one of the names is left in the part, for the part's reader to refuse. The first
    separator that yields enough parts is used; more parts than asked are joined into the last
    one (its reader decides: `2; A-B; C-D` has the edges A-B and C-D). With one label set the
    whole text is the one part (a way to drop an allowed label: `read_parts(t, [{"total"}])[0]`).

        read_parts("hits: 3; keys: B,D", [{"hits"}, {"keys"}])   # ["3", "B,D"]
        read_parts("keys: B,D; hits: 3", [{"hits"}, {"keys"}])   # ["3", "B,D"]
    """
    s = _nonempty(text, "the answer")
    n = len(labels)
    pieces = None
    if n == 1:
        pieces = [s]
    else:
        for sep in separators:
            if sep in s:
                found = split_top(s, sep)
                if len(found) >= n:
                    pieces = found[:n - 1] + [(sep + " ").join(found[n - 1:])]
                    break
    if pieces is None:
        raise NotAnAnswer(f"give the {n} parts of the answer separated by semicolons")
    names = {" ".join(str(name).lower().split()): i for i, group in enumerate(labels) for name in group}
    out: list = [None] * n
    for i, piece in enumerate(pieces):
        place, value = i, piece.strip()
        m = _PART_LABEL.match(piece)
        if m and " ".join(m.group(1).lower().split()) in names:
            place, value = names[" ".join(m.group(1).lower().split())], m.group(2).strip()
        if out[place] is not None:
            raise NotAnAnswer(f"part {place + 1} of the answer is given twice")
        out[place] = value
    return out


_RELATIONS = re.compile(r"!=|≠|=/=|<>|<=|>=|≤|≥|≈|<|>|\\(?:neq|ne|leq|le|geq|ge|lt|gt|approx|sim|equiv|in)(?![A-Za-z])")
_LABEL_NOISE = re.compile(r"\s+|\\left|\\right|\\[,;!]|[(){}]")


def label_key(text: str) -> str:
    """A label's spelling for comparison: without white space, brackets, braces and `\\left`/`\\right`,
    and with a prime for U+2032 (`f^{-1}(x)`, `f^(-1)(x)` and `f^-1 (x)` all give `f^-1x`)."""
    return _LABEL_NOISE.sub("", text.replace("\u2032", "'").replace("\\prime", "'"))


def read_rhs(text: str, labels: Iterable[str] = (), lhs_ok: Callable[[str], bool] | None = None) -> str:
    """The right-hand side of an answer written bare (`2x + 1`) or as one equation `LHS = 2x + 1`.

    The left-hand side must be one of `labels` (`"f(g(x))"`, `"y"`, `"a_n"`), compared by
    `label_key`, or pass `lhs_ok` (the task's own check, e.g. that it equals the expression the
    question gives); it is refused, never thrown away, otherwise. Another relation (`x != 3`, `<`,
    `\\approx`, `\\in`), a chain `a = b = c`, an empty side and a line break (two candidates) are
    refused too.

        read_rhs("f(g(x)) = 2x + 1", ["f(g(x))", "y"])   # "2x + 1"
        read_rhs("x != 2x + 1", ["y"])                   # NotAnAnswer
    """
    s = _nonempty(text, "the answer")
    if "\n" in s:
        raise NotAnAnswer("the answer has a line break: write one expression on one line")
    m = _RELATIONS.search(s.replace("->", ""))  # "x -> 0" under a lim is an arrow, not a relation
    if m:
        raise NotAnAnswer(f"{preview(s)} is not an equation ({m.group(0)!r}): give the expression")
    if "=" not in s:
        return s
    parts = s.split("=")
    if len(parts) > 2:
        raise NotAnAnswer(f"{preview(s)} has more than one '=': give one expression")
    lhs, rhs = parts[0].strip(), parts[1].strip()
    if not rhs:
        raise NotAnAnswer("nothing follows the '='")
    if not lhs:
        return rhs
    key = label_key(lhs)
    if any(key == label_key(label) for label in labels) or (lhs_ok is not None and lhs_ok(lhs)):
        return rhs
    raise NotAnAnswer(f"the left-hand side {preview(lhs)} is not what the question asks for")


def read_value(text: str, item: Callable[[str], T], name: str | None = None) -> T:
    """One value, bare or as `name = value` for the one name asked about (`x = 3` or `3`).

    A different name, another relation (`x != 3`, `x < 3`) or an expression on the left
    (`3x + 1 = 8`) is refused rather than ignored."""
    s = _nonempty(text, "a value")
    if name is not None and re.search(r"=|≠|<|>|≤|≥", s):
        lhs, value = split_assignment(s)
        if " ".join(lhs.split()) != name:
            raise NotAnAnswer(f"the left-hand side must be {name}, got {preview(lhs)}")
        return item(value)
    return item(s)


def read_grid(text: str, rows: int | None = None, cols: int | None = None, cell: str = r"\S",
              separators: str | None = None) -> list[list[str]]:
    """A grid, one row per line. Cells are single characters matching `cell` (spaces between
    them are allowed), or, with `separators`, the parts of each line split on them."""
    s = _nonempty(text, "the grid")
    lines = [line.strip() for line in s.split("\n") if line.strip()]
    grid = []
    for line in lines:
        if separators is None:
            cells = [c for c in line if not c.isspace()] if " " in line else list(line)
        else:
            cells = [c.strip() for c in re.split("[" + re.escape(separators) + "]", line)]
        for c in cells:
            if not re.fullmatch(cell, c):
                raise NotAnAnswer(f"the grid has an unexpected cell {preview(c)}")
        grid.append(cells)
    if rows is not None and len(grid) != rows:
        raise NotAnAnswer(f"the grid must have {rows} rows, got {len(grid)}")
    if cols is not None and any(len(r) != cols for r in grid):
        raise NotAnAnswer(f"every row must have {cols} cells")
    return grid


MAX_LIST_ITEMS = 2_000


def read_int_list(text: str, separators: str = ",;", allow_empty: bool = False) -> list[int]:
    """Integers in one optional pair of brackets, separated by the first of `separators` that the
    answer uses, or, when it uses none, by white space (spaces or line breaks): "3, -1, 4",
    "[3, -1, 4]", "3 -1 4" and "3\\n-1\\n4" are one list. Every item must be one integer ("1 - 2" is
    refused), none may be empty, and "[]" is the empty list only when `allow_empty`."""
    s = strip_brackets(_nonempty(text, "the list"))
    if not s:
        if allow_empty:
            return []
        raise NotAnAnswer("the list is empty")
    separator = next((sep for sep in separators if sep in s), None)
    items = s.split() if separator is None else split_top(s, separator)
    if len(items) > MAX_LIST_ITEMS:
        raise NotAnAnswer(f"the list has more than {MAX_LIST_ITEMS} items")
    if any(not item for item in items):
        raise NotAnAnswer("a number is missing between two separators: separate the numbers with single commas")
    return [read_int(item) for item in items]


_NAMES_SPLIT = r"\s*[,;]\s*|\s+"


def read_names(text: str, names, what: str = "name", name: str = r"[A-Za-z]{1,3}", split: str = _NAMES_SPLIT) -> list[str]:
    """Names (labels such as `B`, `AC`, `J12`) inside at most one pair of brackets, separated by
    `split` (default commas, semicolons or spaces); each must match `name` in full and, upper-cased,
    be one of `names`. Repeats are kept for the caller; hedge words are refused."""
    s = strip_brackets(_nonempty(text, f"the {what}s"))
    if not s:
        raise NotAnAnswer(f"no {what} names were given")
    refuse_hedges(s)
    out = []
    for item in re.split(split, s):
        if not re.fullmatch(name, item) or item.upper() not in names:
            raise NotAnAnswer(f"{preview(item, 20)} is not one of the {what}s" if item else
                              "a name is missing between two separators: separate the names with single commas")
        out.append(item.upper())
    return out


_GROUP = re.compile(r"\s*([{\[(])([^{}\[\]()]*)([}\])])\s*")
_CLOSING = {"{": "}", "[": "]", "(": ")"}


def bracketed_groups(text: str) -> list[str] | None:
    """The insides of bracketed groups when `text` is only groups (`{A,C},{B}`, `(1 2); (3)`), each
    followed by at most one comma or semicolon and none after the last; None otherwise."""
    groups, pos = [], 0
    while pos < len(text):
        m = _GROUP.match(text, pos)
        if not m or _CLOSING[m.group(1)] != m.group(3):
            return None
        groups.append(m.group(2))
        pos = m.end()
        if pos < len(text) and text[pos] in ",;":
            pos += 1
            if pos >= len(text.rstrip()):
                return None
    return groups or None
