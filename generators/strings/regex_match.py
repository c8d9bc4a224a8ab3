"""Which strings match a simple regular expression (our own tiny matcher, never Python's re)."""
from __future__ import annotations

import re

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_set, read_choice

from .._labels import node_labels
from .._regex import parse_regex, search

RULES = ("The pattern syntax: a letter matches itself; . matches any one character; [abc] matches one of "
         "the listed letters and [^abc] any letter not listed; X* matches zero or more of X, X+ one or "
         "more, X? zero or one (these apply to the single item just before them); ^ at the start means the "
         "match must begin at the start of the string and $ at the end means it must finish at the end of "
         "the string. Without anchors a string matches if the pattern matches any part of it (a block of "
         "consecutive characters).")
EXAMPLES = ("A,C,D", "B,D", "A,B", "C,D")  # the prompt's example is one of these that is not the answer


@register
class RegexMatch(Task):
    """Given a simple regular expression (literals, ., classes, *, +, ?, ^, $) and a list of
    strings, say which strings it matches (search semantics, like grep). Matching is decided by
    our own set-of-positions matcher (the tests cross-check it against Python's re on generated
    patterns). Strings include near misses: mutations of matching strings. Higher levels use
    longer patterns with more operators, classes and anchors, and more strings."""

    name = "strings/regex_match"
    knobs = (
        Knob("items", [2, 3, 3, 4, 4, 5, 5, 6, 7, 8, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12], (1, 12),
             doc="items (atoms with an optional operator) in the pattern"),
        Knob("op_rate", [0.2, 0.3, 0.4, 0.4, 0.5, 0.5, 0.6, 0.6, 0.7, 0.7, 0.7, 0.7, 0.75, 0.75, 0.75, 0.8, 0.8, 0.8,
             0.8, 0.8], (0.0, 1.0), doc="chance an item has * + or ?"),
        Knob("classes", [False, False, True, True, True, True, True, True, True, True] + [True] * 10,
             doc="allow character classes"),
        Knob("anchors", [False, True, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="allow ^ and $"),
        Knob("n_strings", [4, 4, 5, 5, 6, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], (2, 26),
             doc="strings to test"),
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
            parsed = parse_regex(pattern)
            matches = [search(parsed, s) for s in strings]
            if 0 < sum(matches) < n or (n >= 6 and sum(matches) == 0):
                break
        labels = node_labels(n)
        chosen = [lab for lab, m in zip(labels, matches) if m]
        listing = "\n".join(f"{lab}. {s}" for lab, s in zip(labels, strings))
        question = f"{RULES}\n\nPattern: {pattern}\n\nStrings:\n{listing}\n\nWhich strings does the pattern match?"
        answer = ",".join(chosen) if chosen else "none"
        # the example: drawn last, uniformly from the fixed EXAMPLES that are not the answer (at
        # least 3), so that seeing it rules out only itself
        wrong_sets = [shown for shown in EXAMPLES if shown != answer]
        return Draft(question, answer, {"matches": chosen, "n": n}, example=wrong_sets[rng.randrange(len(wrong_sets))])

    def effort(self, problem):
        # the matcher carries a set of string positions through each pattern item: for every
        # string, (its length + 1) positions per item
        pattern = re.search(r"\nPattern: (\S+)\n", problem.prompt).group(1)
        items = len(parse_regex(pattern)[2])
        listing = problem.prompt.split("\nStrings:\n", 1)[1].split("\n\n", 1)[0]
        strings = [line.split(". ", 1)[1] for line in listing.splitlines()]
        return sum((len(s) + 1) * items for s in strings)

    def grade(self, answer, problem):
        c = problem.check
        labels = node_labels(c["n"])
        listed = answer if "," in answer else ", ".join(answer.split())  # "A C D" lists three labels
        return grade_set(listed, c["matches"], lambda t: read_choice(t, labels), "the set of matching strings")
