"""Anagram classes: partition a list of letter strings into groups of rearrangements of each other."""
from __future__ import annotations

import re
import string
from collections import Counter

from procgym import Draft, Knob, Task, register
from procgym.verdict import right, wrong

_GROUP = re.compile(r"[\[({]([^\[\](){}]*)[\])}]")
_LEFTOVER = re.compile(r"[\s,;]*")


def anagram_key(word: str) -> str:
    return "".join(sorted(word))


def group_anagrams(words) -> list[list[str]]:
    """The anagram classes of `words`, each sorted, the classes sorted by their first word."""
    classes: dict[str, list[str]] = {}
    for w in words:
        classes.setdefault(anagram_key(w), []).append(w)
    return sorted(sorted(g) for g in classes.values())


def render_groups(groups) -> str:
    return ",".join("[" + ",".join(g) + "]" for g in groups)


def parse_groups(answer: str) -> list[list[str]]:
    """Groups written as [a,b],[c] (or with () or {} brackets, or one group per line / per ';').

    Raises ValueError with a one-sentence reason when the text is not in that form.
    """
    s = answer.strip()
    if len(s) >= 2 and s[0] in "[({" and s[-1] in "])}" and s[1:-1].strip()[:1] in ("[", "(", "{"):
        s = s[1:-1].strip()  # one outer bracket around the whole list
    chunks = _GROUP.findall(s)
    if chunks:
        if not _LEFTOVER.fullmatch(_GROUP.sub("", s)):
            raise ValueError("Put every group, including groups of one word, inside square brackets.")
    else:
        chunks = re.split(r"[;\n]", s)
        if len(chunks) < 2:
            raise ValueError("Write the groups as [word,word],[word],...: each group inside square brackets.")
    groups = []
    for chunk in chunks:
        words = [w.strip("'\"`").lower() for w in re.split(r"[,\s]+", chunk.strip()) if w.strip("'\"`")]
        if not words:
            raise ValueError("A group is empty.")
        groups.append(words)
    return groups


@register
class AnagramGroups(Task):
    """Group words into anagram classes (words that are rearrangements of each other's letters).
    The words are random letter strings, not English words: each class is built from a random
    multiset of letters, and its words are distinct permutations of it; no word list is shipped.
    Higher levels add classes, longer words and a smaller alphabet (so classes look alike), and
    decoys: words one letter away from a class (one letter replaced, or a letter's count
    changed), which look like members but form groups of their own. The grouping is computed by
    sorting letters, and any order of groups and of words within a group is accepted."""

    name = "strings/anagram_groups"
    knobs = (
        Knob("n_groups", [2, 3, 3, 4, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 16, 18, 20, 22, 24, 26], (1, 40),
             doc="anagram classes built before decoys"),
        Knob("max_group_size", [3, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7], (1, 10),
             doc="most words in one built class"),
        Knob("word_len", [3, 3, 4, 4, 5, 5, 5, 6, 6, 7, 7, 7, 8, 8, 8, 9, 9, 9, 10, 10], (2, 12),
             doc="letters per word (from 4 up, each class has this length or one less)"),
        Knob("alphabet_size", [8, 8, 7, 6, 6, 5, 5, 5, 4, 4] + [4] * 10, (2, 26), doc="distinct letters the words use"),
        Knob("decoys", [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22], (0, 40),
             doc="extra words one letter away from a class"),
    )
    answer_format = ("the groups, each inside square brackets with its words separated by commas, groups "
                     "separated by commas, e.g. [ate,eat,tea],[b],[nat,tan]; a word without anagrams is a group "
                     "of its own; groups and words may be in any order")
    # words have at least 2 letters, so the one-letter word b is in no list: never an answer
    example = "[ate,eat,tea],[b],[nat,tan]"

    def build(self, rng, params):
        letters = rng.sample(string.ascii_lowercase, params["alphabet_size"])
        top = params["word_len"]
        words: list[str] = []
        seen: set[str] = set()
        keys: list[str] = []

        def add(word: str) -> bool:
            if word in seen:
                return False
            seen.add(word)
            words.append(word)
            return True

        def permutation(key: str) -> str:
            chars = list(key)
            rng.shuffle(chars)
            return "".join(chars)

        for _ in range(params["n_groups"]):
            for _attempt in range(50):
                length = top - rng.randrange(2) if top >= 4 else top
                key = anagram_key("".join(rng.choice(letters) for _ in range(length)))
                if key not in keys:
                    break
            keys.append(key)
            size = 1 if rng.random() < 0.2 else rng.randint(min(2, params["max_group_size"]), params["max_group_size"])
            for _attempt in range(4 * size):
                if sum(anagram_key(w) == key for w in words) >= size:
                    break
                add(permutation(key))
        for _ in range(params["decoys"]):
            for _attempt in range(50):
                chars = list(rng.choice(keys))
                i = rng.randrange(len(chars))
                if rng.random() < 0.5:
                    chars[i] = rng.choice([c for c in letters if c != chars[i]])  # one letter replaced
                else:
                    chars[i] = chars[rng.randrange(len(chars))]  # one letter's count changed
                if add(permutation("".join(chars))):
                    break
        rng.shuffle(words)
        groups = group_anagrams(words)
        question = (f"Group these {len(words)} words into anagram groups. Two words are in the same group exactly "
                    "when one is a rearrangement of the other's letters (the same letters, each used the same "
                    "number of times). Every word belongs to exactly one group; a word with no anagram in the "
                    "list forms a group on its own. The words are random letter strings, not English words.\n\n"
                    f"Words: {', '.join(words)}")
        return Draft(question, render_groups(groups), {"groups": groups})

    def effort(self, problem):
        # every word's letters are sorted into its key (letters read), then the words are grouped by key
        words = [w for g in problem.check["groups"] for w in g]
        return sum(len(w) for w in words) + len(words)

    def grade(self, answer, problem):
        expected = problem.check["groups"]
        try:
            groups = parse_groups(answer)
        except ValueError as e:
            return wrong(str(e))
        given = [w for g in groups for w in g]
        everything = {w for g in expected for w in g}
        extra = sorted(set(given) - everything)
        if extra:
            return wrong(f"'{extra[0][:20]}' is not one of the given words.")
        repeated = sorted(w for w, k in Counter(given).items() if k > 1)
        if repeated:
            return wrong(f"'{repeated[0][:20]}' is listed more than once.")
        missing = sorted(everything - set(given))
        if missing:
            return wrong(f"'{missing[0]}' is missing from the groups.")
        if {frozenset(g) for g in groups} != {frozenset(g) for g in expected}:
            return wrong("Some groups mix words that are not anagrams or split words that are.")
        return right()
