"""Regex design: write a short pattern that matches every positive example and no negative one."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

from .._regex import RegexError, full_match, parse_regex

REGEX_SYNTAX = (
    "Pattern syntax (nothing else is allowed): a lowercase letter matches itself; . matches any one character; "
    "[abc] matches one of the listed letters and [^abc] any letter not listed (a range like [a-c] is allowed); "
    "X* matches zero or more of X, X+ one or more, X? zero or one, where X is the single letter, . or [...] just "
    "before the operator. There are no groups, no |, and no anchors: a pattern must match a whole string."
)
MAX_PATTERN = 60


def parse_pattern(pattern: str) -> list[tuple]:
    """The items of a pattern in the whitelisted syntax above (no anchors); RegexError otherwise."""
    return parse_regex(pattern, anchors=False, strict=True, max_length=MAX_PATTERN)[2]


def _hidden(rng, n_items: int, letters: str, op_rate: float, classes: bool) -> str:
    """A random pattern in the allowed syntax (never two starred copies of one atom in a row)."""
    parts, prev = [], None
    for _ in range(n_items):
        r = rng.random()
        if classes and r < 0.3:
            picked = sorted(rng.sample(letters, 2))
            atom = ("[^" if rng.random() < 0.3 else "[") + "".join(picked) + "]"
        elif r < 0.42:
            atom = "."
        else:
            atom = letters[rng.randrange(len(letters))]
        op = rng.choice("*+?") if rng.random() < op_rate else ""
        if atom == prev and op:
            op = ""
        parts.append(atom + op)
        prev = atom
    return "".join(parts)


def _sample(rng, items: list[tuple], letters: str) -> str:
    """A random string the parsed pattern matches (letters drawn from `letters`)."""
    out = []
    for atom, op in items:
        count = {"": 1, "?": rng.randint(0, 1), "*": rng.randint(0, 3), "+": rng.randint(1, 3)}[op]
        for _ in range(count):
            if atom[0] == "lit":
                out.append(atom[1])
            else:
                pool = letters if atom[0] == "any" else [c for c in letters if (c in atom[2]) != atom[1]]
                out.append(pool[rng.randrange(len(pool))])
    return "".join(out)


def _mutate(rng, s: str, letters: str) -> str:
    kind = rng.randrange(4) if s else 2
    i = rng.randrange(len(s)) if s else 0
    if kind == 0:
        return s[:i] + letters[rng.randrange(len(letters))] + s[i + 1:]
    if kind == 1:
        return s[:i] + s[i + 1:]
    if kind == 2:
        return s[:i] + letters[rng.randrange(len(letters))] + s[i:]
    if len(s) < 2:
        return s + s
    i = min(i, len(s) - 2)
    return s[:i] + s[i + 1] + s[i] + s[i + 2:]


def _clean(answer: str) -> str:
    """The pattern without /.../ delimiters and without anchors at its ends."""
    s = answer
    if len(s) >= 2 and s[0] == s[-1] == "/":
        s = s[1:-1].strip()
    if s.startswith("^"):  # an anchor at either end says nothing under whole-string matching
        s = s[1:]
    if s.endswith("$"):
        s = s[:-1]
    return s


@register
class RegexDesign(Task):
    """Design a pattern, in a small whitelisted regex syntax, that matches each positive string
    in full and none of the negative strings, within a length limit. The model's pattern is
    parsed by a parser written here (anything outside the whitelist is refused) and run by a
    position-set matcher with no backtracking, so hostile patterns cannot blow up. Any pattern
    meeting the constraints is accepted. Negatives are near misses of positives (one letter
    changed, dropped, added or swapped). Higher levels hide longer patterns with more operators
    and classes, give more examples and tighten the length limit."""

    name = "code/regex_design"
    knobs = (
        # levels stop at 10 items: an item has at most 6 characters ([^ab]*), a pattern at most MAX_PATTERN
        Knob("items", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 9, 9, 10, 10, 10, 10, 10, 10, 10], (1, 12),
             doc="items in the hidden pattern"),
        Knob("op_rate", [0.3, 0.3, 0.4, 0.4, 0.5, 0.5, 0.5, 0.55, 0.6, 0.6, 0.6, 0.65, 0.65, 0.7, 0.7, 0.7, 0.75, 0.75,
                         0.8, 0.8], (0.0, 1.0), doc="chance an item carries *, + or ?"),
        Knob("classes", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="use [...] classes"),
        Knob("positives", [3, 4, 4, 5, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 15, 16], (1, 20),
             doc="strings that must match"),
        Knob("negatives", [3, 4, 4, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (1, 20),
             doc="strings that must not match"),
        Knob("slack", [8, 8, 6, 6, 5, 5, 4, 3, 3, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0], (0, 30),
             doc="characters allowed beyond the hidden pattern's length"),
    )
    answer_format = "the pattern only, e.g. x[yz]*w? (no quotes or slashes needed)"
    example = "x[yz]*w?"  # the strings use only a to d: a pattern that needs an x matches none, never an answer
    keeps_full_stop = True  # "." is a pattern character: a pattern may end in one
    several_answers = True  # any pattern meeting the constraints is accepted

    def build(self, rng, params):
        letters = "abcd" if params["items"] >= 4 else "abc"
        for _ in range(200):
            hidden = _hidden(rng, params["items"], letters, params["op_rate"], params["classes"])
            items = parse_pattern(hidden)
            positives: list[str] = []
            for _ in range(params["positives"] * 6):
                s = _sample(rng, items, letters)
                if s and s not in positives:
                    positives.append(s)
                if len(positives) == params["positives"]:
                    break
            if len(positives) < min(2, params["positives"]):
                continue
            negatives: list[str] = []
            for _ in range(params["negatives"] * 10):
                s = _mutate(rng, positives[rng.randrange(len(positives))], letters)
                if s and s not in negatives and not full_match(items, s):
                    negatives.append(s)
                if len(negatives) == params["negatives"]:
                    break
            if len(negatives) == params["negatives"]:
                break
        else:  # pragma: no cover
            raise RuntimeError("could not build a regex design problem")
        limit = len(hidden) + params["slack"]
        question = (f"{REGEX_SYNTAX}\n\nWrite a pattern of at most {limit} characters that matches every one of these "
                    f"strings in full:\n{chr(10).join(positives)}\n\nand matches none of these strings:\n"
                    f"{chr(10).join(negatives)}")
        return Draft(question, hidden, {"positives": positives, "negatives": negatives, "limit": limit})

    def effort(self, problem):
        # checking a design: every example string is matched against every item of the pattern
        c = problem.check
        return len(parse_pattern(problem.answer)) * (len(c["positives"]) + len(c["negatives"]))

    def grade(self, answer, problem):
        c = problem.check
        pattern = _clean(answer)
        if not pattern:
            return wrong("The pattern is empty.")
        if len(pattern) > c["limit"]:
            return wrong(f"The pattern has {len(pattern)} characters; the limit is {c['limit']}.")
        try:
            items = parse_pattern(pattern)
        except RegexError as exc:
            return wrong(f"The pattern is not in the allowed syntax: {exc}.")
        for s in c["positives"]:
            if not full_match(items, s):
                return wrong(f"The pattern does not match {s}.")
        for s in c["negatives"]:
            if full_match(items, s):
                return wrong(f"The pattern matches {s}, which it must not.")
        return right()
