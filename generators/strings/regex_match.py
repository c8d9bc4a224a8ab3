"""Which strings match a simple regular expression (our own tiny matcher, never Python's re)."""
from __future__ import annotations

from procgym import Draft, Knob, Task, register
from procgym.parsing import parse_list
from procgym.verdict import right, wrong

from ._common2 import regex_search

RULES = ("The pattern syntax: a letter matches itself; . matches any one character; [abc] matches one of "
         "the listed letters and [^abc] any letter not listed; X* matches zero or more of X, X+ one or "
         "more, X? zero or one (these apply to the single item just before them); ^ at the start means the "
         "match must begin at the start of the string and $ at the end means it must finish at the end of "
         "the string. Without anchors a string matches if the pattern matches any part of it (a block of "
         "consecutive characters).")


def _labels(n):
    return [chr(ord("A") + i) for i in range(n)]


@register
class RegexMatch(Task):
    """Given a simple regular expression (literals, ., classes, *, +, ?, ^, $) and a list of
    strings, say which strings it matches (search semantics, like grep). Matching is decided by
    our own set-of-positions matcher (the tests cross-check it against Python's re on generated
    patterns). Strings include near misses: mutations of matching strings. Higher levels use
    longer patterns with more operators, classes and anchors, and more strings."""

    name = "strings/regex_match"
    knobs = (
        Knob("items", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8], (1, 12), doc="items (atoms with an optional operator) in the pattern"),
        Knob("op_rate", [0.2, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7, 0.7], (0.0, 1.0), doc="chance an item has * + or ?"),
        Knob("classes", [False, False, True, True, True, True, True, True, True, True],
             doc="allow character classes"),
        Knob("anchors", [False, True, False, True, True, True, True, True, True, True], doc="allow ^ and $"),
        Knob("n_strings", [4, 4, 5, 5, 6, 6, 7, 8, 9, 10], (2, 26), doc="strings to test"),
    )
    answer_format = ("the letters of the matching strings as a comma-separated list, e.g. A,C,D, in any order; "
                     "write none if no string matches")
    example = "A,C,D"

    def _pattern(self, rng, params, letters):
        parts = []
        for _ in range(params["items"]):
            r = rng.random()
            if r < 0.15:
                atom = "."
            elif r < 0.35 and params["classes"]:
                chosen = sorted(rng.sample(letters, 2))
                atom = ("[^" if rng.random() < 0.3 else "[") + "".join(chosen) + "]"
            else:
                atom = rng.choice(letters)
            op = rng.choice("*+?") if rng.random() < params["op_rate"] else ""
            parts.append(atom + op)
        p = "".join(parts)
        if params["anchors"]:
            if rng.random() < 0.5:
                p = "^" + p
            if rng.random() < 0.5:
                p = p + "$"
        return p

    def _sample_match(self, rng, pattern, letters):
        """A random string built to follow the pattern (then checked by the matcher)."""
        from ._common2 import parse_regex
        start, end, items = parse_regex(pattern)
        out = []
        if not start and rng.random() < 0.5:
            out += [rng.choice(letters) for _ in range(rng.randint(1, 2))]
        for atom, op in items:
            reps = {"": 1, "?": rng.randint(0, 1), "*": rng.randint(0, 2), "+": rng.randint(1, 3)}[op]
            for _ in range(reps):
                if atom[0] == "lit":
                    out.append(atom[1])
                elif atom[0] == "any":
                    out.append(rng.choice(letters))
                else:
                    pool = [c for c in letters if (c in atom[2]) != atom[1]] or letters
                    out.append(rng.choice(pool))
        if not end and rng.random() < 0.5:
            out += [rng.choice(letters) for _ in range(rng.randint(1, 2))]
        return "".join(out)

    def build(self, rng, params):
        letters = list("abcd")
        n = params["n_strings"]
        for _attempt in range(100):
            pattern = self._pattern(rng, params, letters)
            strings: list[str] = []
            tries = 0
            while len(strings) < n and tries < 200:
                tries += 1
                s = self._sample_match(rng, pattern, letters)
                if rng.random() < 0.6 and s:
                    s = list(s)
                    k = rng.random()
                    i = rng.randrange(len(s))
                    if k < 0.4:
                        s[i] = rng.choice(letters)
                    elif k < 0.7:
                        del s[i]
                    else:
                        s.insert(i, rng.choice(letters))
                    s = "".join(s)
                if s and len(s) <= 14 and s not in strings:
                    strings.append(s)
            if len(strings) < n:
                continue
            matches = [regex_search(pattern, s) for s in strings]
            if 0 < sum(matches) < n or (n >= 6 and sum(matches) == 0):
                break
        labels = _labels(n)
        chosen = [lab for lab, m in zip(labels, matches) if m]
        listing = "\n".join(f"{lab}. {s}" for lab, s in zip(labels, strings))
        question = f"{RULES}\n\nPattern: {pattern}\n\nStrings:\n{listing}\n\nWhich strings does the pattern match?"
        return Draft(question, ",".join(chosen) if chosen else "none", {"matches": chosen, "n": n})

    def grade(self, answer, problem):
        c = problem.check
        text = answer.strip().rstrip(".").strip()
        if text.lower() in ("none", "no strings", "no string", "[]", ""):
            return right() if not c["matches"] else wrong("Some strings match.")
        given = [g.strip().strip("'\"").upper() for g in parse_list(text.replace(" and ", ","))]
        labels = set(_labels(c["n"]))
        if any(g not in labels for g in given):
            return wrong("Give only the letters labelling the strings.")
        if len(given) != len(set(given)):
            return wrong("A label is listed twice.")
        return right() if set(given) == set(c["matches"]) else wrong("That is not the set of matching strings.")
