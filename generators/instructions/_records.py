"""Line formats of instructions/*: answers made of labelled lines (a checklist, a dialogue, a
glossary, question and answer pairs, key-value lines, CSV rows, a nested list, counted lines).

Each format has a plan (`ItemPlan`: the items to write, each a label and its words), a writer
that renders the plan, a parser and an anchor rule ("*_shape") that refuses any line outside the
format: words put before the first line break the first line's label, and words put after the
last line break its closing mark or its typed cell, so hedges and leftover text are never
accepted. The rules share the Constraint protocol of _constraints.py (and its KINDS registry).
"""
from __future__ import annotations

import re

from ._constraints import Constraint, _compare, _kind, key
from ._writer import BANK, KEYWORDS

SPEAKERS = ("Anna", "Ben", "Clara", "David", "Elena", "Farid", "Grace", "Hugo", "Ines", "Jonas")
_WORD = re.compile(r"[A-Za-z]+")
_NUMBER = re.compile(r"\d{1,6}")


def _content_words(s: str) -> list[str]:
    return [t for t in s.split() if re.search(r"[A-Za-z0-9]", t)]


class ItemPlan:
    """Items to write: each a dict with its label, its words and what it needs."""

    def __init__(self, rng, n: int, labels=None):
        self.rng = rng
        self.items = [{"label": (labels[i] if labels else ""), "words": [], "mark": ".", "sub": 0}
                      for i in range(n)]
        self.lengths: list[int] | None = None  # exact words per item where fixed
        self.max_words = 9
        self.min_words = 3
        self.letter = ""  # every item's first word starts with it
        self.keyword = ""  # in every item
        self.lower = False
        self.avoid: set[str] = set()
        self.distinct = False  # no filler word twice in the whole text
        self.distinct_first = False  # no two items start with the same word
        self.steps = 0


def fill(plan: ItemPlan) -> None:
    """Give every item its words (filler from the bank, the plan's letter and keyword placed)."""
    rng = plan.rng
    bank = [w for w in BANK if w not in plan.avoid]
    starts = [w for w in bank if plan.letter and w[0] == plan.letter]
    sizes = [plan.lengths[i] if plan.lengths else rng.randint(plan.min_words, plan.max_words)
             for i in range(len(plan.items))]
    unique = iter(rng.sample([w for w in bank if w not in starts], sum(sizes))) if plan.distinct else None
    if plan.distinct and plan.letter:
        firsts = iter(rng.sample(starts, len(sizes)))  # ValueError (a redraw) where too few words start so
    if plan.distinct_first and not plan.distinct:
        firsts = iter(rng.sample(starts or bank, len(sizes)))
    for i, item in enumerate(plan.items):
        n = sizes[i]
        ws = [next(unique) if unique else bank[rng.randrange(len(bank))] for _ in range(n)]
        for j in range(1, n):
            while ws[j] == ws[j - 1]:
                ws[j] = bank[rng.randrange(len(bank))]
        if plan.letter:
            if not starts:
                raise ValueError("no word starts with the letter")
            ws[0] = next(firsts) if plan.distinct or plan.distinct_first else starts[rng.randrange(len(starts))]
        elif plan.distinct_first and not plan.distinct:
            ws[0] = next(firsts)
        if plan.keyword:
            if n < 2:
                raise ValueError("an item too short for the keyword")
            ws[rng.randint(1, n - 1)] = plan.keyword
        item["words"] = ws
        plan.steps += 1


def sentence(ws: list[str], mark: str, lower: bool) -> str:
    s = " ".join(ws)
    if not lower:
        s = s[0].upper() + s[1:]
    return s + mark


# ------------------------------------------------------------------------------ shared item rules

class _ItemRule(Constraint):
    """A rule over the contents of the items a format's parser reads (None where the text is not one)."""

    parse = staticmethod(lambda text: "no parser")

    def check(self, text):
        got = self.parse(text)
        if isinstance(got, str):
            return got
        return self.judge([content for _, content in got])

    def judge(self, contents):
        raise NotImplementedError


def item_rules(prefix: str, parser, noun: str = "item"):
    """The shared item rules bound to one format's parser, registered as '<prefix>_<rule>'."""

    @_kind
    class ItemMaxWords(_ItemRule):
        kind, family = f"{prefix}_max_words", f"{prefix}_len"
        parse = staticmethod(parser)
        counting = True

        def prepare(self, plan, rng, slack):
            if plan.lengths is None:
                plan.max_words = rng.randint(4, 7)

        def fit(self, text, rng, slack):
            got = parser(text)
            self.p["n"] = max(len(_content_words(c)) for _, c in got) + rng.randint(0, slack // 4)

        def describe(self):
            return f"No {noun} has more than {self.p['n']} words."

        def judge(self, contents):
            return _compare("words in its longest item", max(len(_content_words(c)) for c in contents), "<=",
                            self.p["n"])

    @_kind
    class ItemInitial(_ItemRule):
        kind, family = f"{prefix}_initial", f"{prefix}_letter"
        parse = staticmethod(parser)

        def prepare(self, plan, rng, slack):
            self.p["letter"] = plan.letter = rng.choice("bcfghmprstw")

        def describe(self):
            return f"The first word of every {noun} starts with the letter '{self.p['letter']}' (either case)."

        def judge(self, contents):
            for i, c in enumerate(contents):
                ws = _content_words(c)
                if not ws or not key(ws[0]).startswith(self.p["letter"]):
                    return f"{noun} {i + 1} does not start with the letter '{self.p['letter']}'"
            return None

    @_kind
    class ItemKeyword(_ItemRule):
        kind, family = f"{prefix}_keyword", f"{prefix}_keyword"
        parse = staticmethod(parser)

        def prepare(self, plan, rng, slack):
            self.p["word"] = plan.keyword = rng.choice(KEYWORDS)

        def describe(self):
            return f"Every {noun} contains the word '{self.p['word']}' (ignoring case and punctuation)."

        def judge(self, contents):
            for i, c in enumerate(contents):
                if self.p["word"] not in (key(t) for t in c.split()):
                    return f"{noun} {i + 1} lacks the word '{self.p['word']}'"
            return None

    @_kind
    class ItemLower(_ItemRule):
        kind, family = f"{prefix}_lower", f"{prefix}_case"
        parse = staticmethod(parser)

        def prepare(self, plan, rng, slack):
            plan.lower = True

        def describe(self):
            return f"The text of every {noun} is written in lowercase only (labels excepted)."

        def judge(self, contents):
            for i, c in enumerate(contents):
                if any(ch.isupper() for ch in c):
                    return f"{noun} {i + 1} contains a capital letter"
            return None

    @_kind
    class ItemDistinctFirst(_ItemRule):
        kind, family = f"{prefix}_distinct_first", f"{prefix}_distinct"
        parse = staticmethod(parser)
        conflicts = frozenset({f"{prefix}_initial"})

        def prepare(self, plan, rng, slack):
            plan.distinct_first = True

        def fit(self, text, rng, slack):
            firsts = [key(_content_words(c)[0]) for _, c in parser(text)]
            if len(set(firsts)) != len(firsts):
                raise ValueError("two items start with the same word")

        def describe(self):
            return f"No two of the {noun}s start with the same word (ignoring case)."

        def judge(self, contents):
            firsts = [key(_content_words(c)[0]) if _content_words(c) else "" for c in contents]
            return None if len(set(firsts)) == len(firsts) else "two items start with the same word"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.strip().split("\n") if line.strip()]


def _ends(content: str, marks: str) -> bool:
    return len(content) > 1 and content[-1] in marks and content[-2].isalnum()


# ------------------------------------------------------------------------------ checklist

_CHECK = re.compile(r"- \[( |x|X)\] (\S.*)")  # markdown takes [X] for done too


def matched_lines(text: str, pattern: re.Pattern, not_one: str, empty: str):
    """The match of `pattern` on every line of `text`, or why not: "line i <not_one>" for the first
    line that does not match, `empty` for a text with no lines (the parsers of the line formats)."""
    out = []
    for i, line in enumerate(_lines(text)):
        m = pattern.fullmatch(line)
        if not m:
            return f"line {i + 1} {not_one}"
        out.append(m)
    return out or empty


def parse_checklist(text: str):
    """[(checked, content)] of a text made only of checklist lines, or why it is not one."""
    got = matched_lines(text, _CHECK, "is not a checklist item '- [ ] ...' or '- [x] ...'",
                        "the text has no checklist items")
    return got if isinstance(got, str) else [(m.group(1) != " ", m.group(2)) for m in got]


def write_checklist(plan: ItemPlan) -> str:
    fill(plan)
    return "\n".join(f"- [{'x' if it['label'] else ' '}] " + sentence(it["words"], ".", plan.lower)
                     for it in plan.items)


@_kind
class ChecklistShape(Constraint):
    kind, family, guards = "checklist_shape", "checklist_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["n"] = len(plan.items)

    def describe(self):
        return (f"The whole answer is a checklist of exactly {self.p['n']} items and nothing else: one item per "
                f"line, each line '- [ ] ' (not done) or '- [x] ' (done) followed by the item's text, which ends "
                f"with a full stop.")

    def check(self, text):
        got = parse_checklist(text)
        if isinstance(got, str):
            return got
        for i, (_, c) in enumerate(got):
            if not _ends(c, "."):
                return f"item {i + 1} does not end with a full stop after a word"
        return _compare("items", len(got), "==", self.p["n"])


@_kind
class ChecklistDone(Constraint):
    kind, family = "checklist_done", "checklist_done"

    def fit(self, text, rng, slack):
        self.p["n"] = sum(done for done, _ in parse_checklist(text))

    def describe(self):
        n = self.p["n"]
        return f"Exactly {n} item{' is' if n == 1 else 's are'} marked done ('- [x] ')."

    def check(self, text):
        got = parse_checklist(text)
        return got if isinstance(got, str) else _compare("done items", sum(d for d, _ in got), "==", self.p["n"])


@_kind
class ChecklistDoneFirst(Constraint):
    kind, family = "checklist_done_first", "checklist_order"

    def prepare(self, plan, rng, slack):
        plan.items.sort(key=lambda it: not it["label"])

    def describe(self):
        return "Every item marked done comes before every item not done."

    def check(self, text):
        got = parse_checklist(text)
        if isinstance(got, str):
            return got
        flags = [d for d, _ in got]
        return None if flags == sorted(flags, reverse=True) else "an item not done comes before a done item"


@_kind
class ChecklistBothKinds(Constraint):
    kind, family = "checklist_both", "checklist_both"

    def fit(self, text, rng, slack):
        flags = {d for d, _ in parse_checklist(text)}
        if len(flags) < 2:
            raise ValueError("the reference lacks one kind of item")

    def describe(self):
        return "At least one item is done and at least one is not."

    def check(self, text):
        got = parse_checklist(text)
        if isinstance(got, str):
            return got
        return None if len({d for d, _ in got}) == 2 else "it does not have both done and open items"


item_rules("checklist", parse_checklist)


# ------------------------------------------------------------------------------ dialogue

_SPOKEN = re.compile(r"([A-Z][a-z]+): (\S.*)")


def parse_dialogue(text: str):
    got = matched_lines(text, _SPOKEN, "is not 'Name: what they say'", "the text has no lines")
    return got if isinstance(got, str) else [(m.group(1), m.group(2)) for m in got]


def write_dialogue(plan: ItemPlan) -> str:
    fill(plan)
    return "\n".join(f"{it['label']}: " + sentence(it["words"], it["mark"], plan.lower) for it in plan.items)


def dialogue_labels(rng, n: int, speakers: int) -> list[str]:
    """Speakers for n lines, never the same speaker twice in a row."""
    names = rng.sample(SPEAKERS, speakers)
    out = []
    for _ in range(n):
        options = [s for s in names if not out or s != out[-1]]
        out.append(options[rng.randrange(len(options))])
    return out


@_kind
class DialogueShape(Constraint):
    kind, family, guards = "dialogue_shape", "dialogue_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["n"] = len(plan.items)
        self.p["speakers"] = sorted({it["label"] for it in plan.items})

    def describe(self):
        return (f"The whole answer is a script of exactly {self.p['n']} lines and nothing else: every line is a "
                f"speaker's name, a colon and a space, then what they say, ending with '.', '?' or '!'. The only "
                f"speakers are {', '.join(self.p['speakers'])}.")

    def check(self, text):
        got = parse_dialogue(text)
        if isinstance(got, str):
            return got
        for i, (who, c) in enumerate(got):
            if who not in self.p["speakers"]:
                return f"line {i + 1} has the speaker {who[:20]}, who is not in the cast"
            if not _ends(c, ".?!"):
                return f"line {i + 1} does not end with '.', '?' or '!' after a word"
        return _compare("lines", len(got), "==", self.p["n"])


@_kind
class DialogueCounts(Constraint):
    kind, family = "dialogue_counts", "dialogue_counts"

    def fit(self, text, rng, slack):
        counts = {}
        for who, _ in parse_dialogue(text):
            counts[who] = counts.get(who, 0) + 1
        self.p["counts"] = [[who, n] for who, n in sorted(counts.items())]

    def describe(self):
        listed = ", ".join(f"{who} {n}" for who, n in self.p["counts"])
        return f"Each speaker has exactly this many lines: {listed}."

    def check(self, text):
        got = parse_dialogue(text)
        if isinstance(got, str):
            return got
        for who, n in self.p["counts"]:
            bad = _compare(f"lines for {who}", sum(w == who for w, _ in got), "==", n)
            if bad:
                return bad
        return None


@_kind
class DialogueAlternate(Constraint):
    kind, family = "dialogue_alternate", "dialogue_turns"

    def describe(self):
        return "No speaker has two lines in a row."

    def check(self, text):
        got = parse_dialogue(text)
        if isinstance(got, str):
            return got
        for i in range(1, len(got)):
            if got[i][0] == got[i - 1][0]:
                return f"{got[i][0][:20]} speaks twice in a row at line {i + 1}"
        return None


@_kind
class DialogueOpener(Constraint):
    kind, family = "dialogue_opener", "dialogue_ends"

    def fit(self, text, rng, slack):
        got = parse_dialogue(text)
        self.p["first"], self.p["last"] = got[0][0], got[-1][0]

    def describe(self):
        return f"{self.p['first']} speaks the first line and {self.p['last']} the last."

    def check(self, text):
        got = parse_dialogue(text)
        if isinstance(got, str):
            return got
        if got[0][0] != self.p["first"] or got[-1][0] != self.p["last"]:
            return "the first or the last speaker is not the one asked"
        return None


@_kind
class DialogueQuestions(Constraint):
    kind, family, counting = "dialogue_questions", "dialogue_marks", False

    def prepare(self, plan, rng, slack):
        for it in rng.sample(plan.items, rng.randint(1, max(1, len(plan.items) // 2))):
            it["mark"] = "?"

    def fit(self, text, rng, slack):
        self.p["n"] = sum(c.endswith("?") for _, c in parse_dialogue(text))

    def describe(self):
        n = self.p["n"]
        return f"Exactly {n} line{' ends' if n == 1 else 's end'} with a question mark."

    def check(self, text):
        got = parse_dialogue(text)
        if isinstance(got, str):
            return got
        return _compare("lines ending with '?'", sum(c.endswith("?") for _, c in got), "==", self.p["n"])


item_rules("dialogue", parse_dialogue, "spoken line")


# ------------------------------------------------------------------------------ counted lines (haiku-like)

def parse_plain(text: str):
    return [("", line) for line in _lines(text)] or "the text has no lines"


def write_plain(plan: ItemPlan) -> str:
    fill(plan)
    return "\n".join(sentence(it["words"], "", plan.lower) for it in plan.items)


@_kind
class LineWordCounts(Constraint):
    kind, family, guards, counting = "line_word_counts", "line_counts", "SE", True

    def prepare(self, plan, rng, slack):
        plan.lengths = self.p["counts"] = [rng.randint(2, 7) for _ in plan.items]

    def describe(self):
        listed = ", ".join(str(n) for n in self.p["counts"])
        return (f"The whole answer is exactly {len(self.p['counts'])} non-blank lines and nothing else, and the "
                f"lines have exactly these numbers of words, in order: {listed}.")

    def check(self, text):
        got = _lines(text)
        bad = _compare("non-blank lines", len(got), "==", len(self.p["counts"]))
        if bad:
            return bad
        for i, (line, n) in enumerate(zip(got, self.p["counts"])):
            bad = _compare(f"words in line {i + 1}", len(_content_words(line)), "==", n)
            if bad:
                return bad
        return None


@_kind
class LinesNoPunctuation(Constraint):
    kind, family = "lines_no_punctuation", "line_marks"

    def describe(self):
        return "No punctuation at all: only letters, digits and spaces."

    def check(self, text):
        bad = [c for c in text if not (c.isalnum() or c in " \n")]
        return f"it contains the character {bad[0]!r}" if bad else None


@_kind
class LineEndWord(Constraint):
    kind, family = "line_end_word", "line_end"

    def fit(self, text, rng, slack):
        got = _lines(text)
        i = rng.randrange(len(got))
        self.p["line"], self.p["word"] = i + 1, key(got[i].split()[-1])

    def describe(self):
        return f"Line {self.p['line']} ends with the word '{self.p['word']}'."

    def check(self, text):
        got = _lines(text)
        if len(got) < self.p["line"] or not got[self.p["line"] - 1].split():
            return f"it has no line {self.p['line']}"
        last = key(got[self.p["line"] - 1].split()[-1])
        return None if last == self.p["word"] else f"line {self.p['line']} does not end with '{self.p['word']}'"


@_kind
class LinesAllDistinct(Constraint):
    kind, family = "lines_distinct_words", "line_repeat"
    conflicts = frozenset({"plain_keyword"})

    def prepare(self, plan, rng, slack):
        plan.distinct = True

    def fit(self, text, rng, slack):
        ks = [key(t) for t in text.split()]
        if len(set(ks)) != len(ks):
            raise ValueError("a word repeats")

    def describe(self):
        return "No word is used twice anywhere (ignoring case)."

    def check(self, text):
        ks = [key(t) for t in text.split() if key(t)]
        return None if len(set(ks)) == len(ks) else "a word is used twice"


item_rules("plain", parse_plain, "line")


# ------------------------------------------------------------------------------ question and answer pairs

_QA = re.compile(r"([QA]): (\S.*)")


def parse_faq(text: str):
    got = matched_lines(text, _QA, "does not start with 'Q: ' or 'A: '", "the text has no lines")
    return got if isinstance(got, str) else [(m.group(1), m.group(2)) for m in got]


def parse_answers(text: str):
    got = parse_faq(text)
    return got if isinstance(got, str) else [p for p in got if p[0] == "A"]


def write_faq(plan: ItemPlan) -> str:
    fill(plan)
    out = []
    for it in plan.items:
        q = it["question"]
        out.append("Q: " + sentence(q, "?", plan.lower))
        out.append("A: " + sentence(it["words"], ".", plan.lower))
    return "\n".join(out)


@_kind
class FaqShape(Constraint):
    kind, family, guards = "faq_shape", "faq_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["n"] = len(plan.items)
        openers = ("what", "how", "why", "when", "where")
        for it in plan.items:
            it["question"] = [openers[rng.randrange(5)]] + rng.sample(BANK, rng.randint(2, 5))

    def describe(self):
        return (f"The whole answer is exactly {self.p['n']} question and answer pairs and nothing else: each pair "
                f"is a line 'Q: ' with a question ending in '?', then a line 'A: ' with its answer ending in '.'.")

    def check(self, text):
        got = parse_faq(text)
        if isinstance(got, str):
            return got
        if len(got) != 2 * self.p["n"]:
            return f"it has {len(got)} lines, not {2 * self.p['n']} ({self.p['n']} pairs)"
        for i, (label, c) in enumerate(got):
            if label != "QA"[i % 2]:
                return f"line {i + 1} should start with '{'QA'[i % 2]}: '"
            if not _ends(c, "?" if label == "Q" else "."):
                return f"line {i + 1} does not end with '{'?' if label == 'Q' else '.'}' after a word"
        return None


@_kind
class FaqOpeners(Constraint):
    kind, family = "faq_openers", "faq_openers"

    def fit(self, text, rng, slack):
        self.p["words"] = sorted({key(c.split()[0]) for label, c in parse_faq(text) if label == "Q"})

    def describe(self):
        return f"Every question starts with one of these words: {', '.join(self.p['words'])} (either case)."

    def check(self, text):
        got = parse_faq(text)
        if isinstance(got, str):
            return got
        for label, c in got:
            if label == "Q" and key(c.split()[0]) not in self.p["words"]:
                return "a question starts with a word not in the list"
        return None


@_kind
class FaqLonger(Constraint):
    kind, family = "faq_answer_longer", "faq_longer"

    def prepare(self, plan, rng, slack):
        for it in plan.items:
            it["question"] = it["question"][:3]
        plan.min_words = max(plan.min_words, 5)

    def describe(self):
        return "Every answer has more words than the question before it."

    def check(self, text):
        got = parse_faq(text)
        if isinstance(got, str):
            return got
        for i in range(0, len(got) - 1, 2):
            if len(_content_words(got[i + 1][1])) <= len(_content_words(got[i][1])):
                return f"answer {i // 2 + 1} is not longer than its question"
        return None


item_rules("faq", parse_answers, "answer")


# ------------------------------------------------------------------------------ glossary

_ENTRY = re.compile(r"([A-Za-z]+): (\S.*)")


def parse_glossary(text: str):
    got = matched_lines(text, _ENTRY, "is not 'term: definition'", "the text has no entries")
    return got if isinstance(got, str) else [(m.group(1).lower(), m.group(2)) for m in got]


def write_glossary(plan: ItemPlan) -> str:
    fill(plan)
    return "\n".join(f"{it['label']}: " + sentence(it["words"], ".", plan.lower) for it in plan.items)


@_kind
class GlossaryShape(Constraint):
    kind, family, guards = "glossary_shape", "glossary_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["terms"] = sorted(it["label"].lower() for it in plan.items)
        plan.avoid |= set(self.p["terms"])

    def describe(self):
        return (f"The whole answer is a glossary and nothing else: one line per term, 'term: definition', for "
                f"exactly these terms, each once: {', '.join(self.p['terms'])}. Every definition ends with a full "
                f"stop.")

    def check(self, text):
        got = parse_glossary(text)
        if isinstance(got, str):
            return got
        terms = [t for t, _ in got]
        if sorted(terms) != self.p["terms"]:
            return "its terms are not exactly the terms asked, each once"
        for t, c in got:
            if not _ends(c, "."):
                return f"the definition of {t} does not end with a full stop after a word"
        return None


@_kind
class GlossarySorted(Constraint):
    kind, family = "glossary_sorted", "glossary_order"

    def prepare(self, plan, rng, slack):
        plan.items.sort(key=lambda it: it["label"].lower())

    def describe(self):
        return "The terms are in alphabetical order."

    def check(self, text):
        got = parse_glossary(text)
        if isinstance(got, str):
            return got
        terms = [t for t, _ in got]
        return None if terms == sorted(terms) else "the terms are not in alphabetical order"


@_kind
class GlossaryNoSelf(Constraint):
    kind, family = "glossary_no_self", "glossary_self"

    def describe(self):
        return "No definition uses its own term."

    def check(self, text):
        got = parse_glossary(text)
        if isinstance(got, str):
            return got
        for t, c in got:
            if t in (key(w) for w in c.split()):
                return f"the definition of {t} uses the term itself"
        return None


@_kind
class GlossaryCapitalTerms(Constraint):
    kind, family = "glossary_capital", "glossary_case"

    def prepare(self, plan, rng, slack):
        for it in plan.items:
            it["label"] = it["label"].upper()

    def describe(self):
        return "Every term is written in capital letters."

    def check(self, text):
        for line in _lines(text):
            term = line.split(":", 1)[0]
            if term != term.upper():
                return f"the term {term[:20]} is not in capital letters"
        return None


item_rules("glossary", parse_glossary, "definition")


# ------------------------------------------------------------------------------ nested list

_TOP = re.compile(r"- (\S.*)")
_SUB = re.compile(r"(?: {2,}|\t+)- (\S.*)")  # any indent of two spaces or more, or tabs


def parse_nested(text: str):
    """[(content, [sub contents])] of a two-level list that is the whole text, or why not."""
    out = []
    for i, raw in enumerate(line.rstrip() for line in text.strip("\n").split("\n")):
        if not raw.strip():
            continue
        top, sub = _TOP.fullmatch(raw), _SUB.fullmatch(raw)
        if top:
            out.append((top.group(1), []))
        elif sub and out:
            out[-1][1].append(sub.group(1))
        else:
            return f"line {i + 1} is not '- item' or '  - sub-item' under an item"
    return out or "the text has no items"


def parse_subs(text: str):
    got = parse_nested(text)
    return got if isinstance(got, str) else [("", s) for _, subs in got for s in subs]


def write_nested(plan: ItemPlan) -> str:
    fill(plan)
    out = []
    for it in plan.items:
        if it["label"] == "top":
            out.append("- " + sentence(it["words"], ".", plan.lower))
        else:
            out.append("  - " + sentence(it["words"], ".", plan.lower))
    return "\n".join(out)


def nested_labels(rng, tops: int) -> list[str]:
    out = []
    for _ in range(tops):
        out.append("top")
        out += ["sub"] * rng.randint(1, 3)
    return out


@_kind
class NestedShape(Constraint):
    kind, family, guards = "nested_shape", "nested_shape", "SE"

    def fit(self, text, rng, slack):
        self.p["subs"] = [len(subs) for _, subs in parse_nested(text)]

    def describe(self):
        listed = ", ".join(str(n) for n in self.p["subs"])
        return (f"The whole answer is a two-level list and nothing else: exactly {len(self.p['subs'])} items, each "
                f"a line '- ' then its text, and under each item its sub-items, each a line of two spaces, '- ' "
                f"and its text. The items have exactly these numbers of sub-items, in order: {listed}. Every item "
                f"and sub-item ends with a full stop.")

    def check(self, text):
        got = parse_nested(text)
        if isinstance(got, str):
            return got
        bad = _compare("items", len(got), "==", len(self.p["subs"]))
        if bad:
            return bad
        for i, ((c, subs), n) in enumerate(zip(got, self.p["subs"])):
            bad = _compare(f"sub-items under item {i + 1}", len(subs), "==", n)
            if bad:
                return bad
            if not all(_ends(s, ".") for s in [c] + subs):
                return f"item {i + 1} or one of its sub-items does not end with a full stop after a word"
        return None


@_kind
class NestedTopShort(Constraint):
    kind, family = "nested_top_short", "nested_len"
    conflicts = frozenset({"nested_keyword"})  # a one-word item has no room for the keyword

    def prepare(self, plan, rng, slack):
        plan.lengths = [rng.randint(1, 3) if it["label"] == "top" else rng.randint(4, 8) for it in plan.items]

    def fit(self, text, rng, slack):
        got = parse_nested(text)
        self.p["n"] = max(len(_content_words(c)) for c, _ in got)
        if any(len(_content_words(s)) <= self.p["n"] for _, subs in got for s in subs):
            raise ValueError("a sub-item is not longer than every item")

    def describe(self):
        return (f"Every top-level item has at most {self.p['n']} words, and every sub-item has more than "
                f"{self.p['n']} words.")

    def check(self, text):
        got = parse_nested(text)
        if isinstance(got, str):
            return got
        for c, subs in got:
            if len(_content_words(c)) > self.p["n"]:
                return f"an item has more than {self.p['n']} words"
            if any(len(_content_words(s)) <= self.p["n"] for s in subs):
                return f"a sub-item has {self.p['n']} words or fewer"
        return None


item_rules("nested", parse_subs, "sub-item")


# ------------------------------------------------------------------------------ key-value lines and CSV rows

_KV = re.compile(r"([a-z_]+): (\S.*)")
VALUE_TYPES = {"number": "a whole number in digits", "word": "one word of letters only", "yesno": "yes or no"}


def _typed(cell: str, kind: str) -> bool:
    if kind == "number":
        return bool(_NUMBER.fullmatch(cell))
    if kind == "word":
        return bool(_WORD.fullmatch(cell))
    return cell in ("yes", "no")


class FieldsPlan:
    """Typed fields ([name, type]) and rows of values (one row for key-value lines)."""

    def __init__(self, rng, n_fields: int, rows: int):
        self.rng = rng
        names = rng.sample(KEYWORDS, n_fields)
        kinds = ["word", "number", "yesno"] + [rng.choice(("word", "number", "number", "yesno"))
                                                for _ in range(n_fields)]
        self.fields = [[name, kinds[i]] for i, name in enumerate(names)]
        rng.shuffle(self.fields)
        self.rows = rows
        self.needs: dict[str, dict] = {name: {} for name in names}
        self.steps = 0

    def field(self, rng, kind: str, need: str) -> str:
        options = [name for name, k in self.fields if k == kind and need not in self.needs[name]]
        if not options:
            raise ValueError(f"no {kind} field left for {need}")
        return rng.choice(options)


def _values(plan: FieldsPlan) -> list[list[str]]:
    rng = plan.rng
    cols = []
    for name, kind in plan.fields:
        need = plan.needs[name]
        if kind == "number":
            vals = rng.sample(range(1, 500), plan.rows)
            if need.get("sorted"):
                vals.sort()
            cells = [str(v) for v in vals]
        elif kind == "word":
            pool = [w for w in BANK if len(w) > 2 and (not need.get("letter") or w[0] == need["letter"])]
            cells = rng.sample(pool, plan.rows)
        else:
            cells = [rng.choice(("yes", "no")) for _ in range(plan.rows)]
        cols.append(cells)
    plan.steps += plan.rows * len(cols)
    return [[col[r] for col in cols] for r in range(plan.rows)]


def write_kv(plan: FieldsPlan) -> str:
    row = _values(plan)[0]
    return "\n".join(f"{name}: {v}" for (name, _), v in zip(plan.fields, row))


def write_csv(plan: FieldsPlan) -> str:
    rows = _values(plan)
    return "\n".join([",".join(name for name, _ in plan.fields)] + [",".join(r) for r in rows])


def read_kv(text: str):
    """{key: value} of a text made only of 'key: value' lines, each key once, or why not."""
    out = {}
    for i, line in enumerate(_lines(text)):
        m = _KV.fullmatch(line)
        if not m:
            return f"line {i + 1} is not 'key: value' with a lowercase key"
        if m.group(1) in out:
            return f"the key {m.group(1)[:20]} appears twice"
        out[m.group(1)] = m.group(2).strip()
    return out or "the text has no lines"


def read_csv(text: str):
    """(header, rows) of comma-separated lines (no quoting: no cell holds a comma), or why not."""
    got = _lines(text)
    if len(got) < 2:
        return "the text is not a header line and rows"
    cells = [[c.strip() for c in line.split(",")] for line in got]
    width = len(cells[0])
    for i, row in enumerate(cells):
        if len(row) != width:
            return f"line {i + 1} has {len(row)} cells, not {width}"
    return cells[0], cells[1:]


def _shape_check(pairs, fields):
    for name, kind in fields:
        if name not in pairs:
            return f"it lacks {name}"
        if not _typed(pairs[name], kind):
            return f"the value of {name} is not {VALUE_TYPES[kind]}"
    return None


@_kind
class KvShape(Constraint):
    kind, family, guards = "kv_shape", "kv_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["fields"] = plan.fields

    def describe(self):
        listed = "; ".join(f"{k} ({VALUE_TYPES[t]})" for k, t in self.p["fields"])
        return (f"The whole answer is 'key: value' lines and nothing else, one per line, exactly these keys in "
                f"this order, each once, and each value of its kind: {listed}.")

    def check(self, text):
        got = read_kv(text)
        if isinstance(got, str):
            return got
        if list(got) != [k for k, _ in self.p["fields"]]:
            return "its keys are not exactly the keys asked, in order"
        return _shape_check(got, self.p["fields"])


@_kind
class CsvShape(Constraint):
    kind, family, guards = "csv_shape", "csv_shape", "SE"

    def prepare(self, plan, rng, slack):
        self.p["fields"] = plan.fields
        self.p["rows"] = plan.rows

    def describe(self):
        listed = "; ".join(f"{k} ({VALUE_TYPES[t]})" for k, t in self.p["fields"])
        header = ",".join(k for k, _ in self.p["fields"])
        return (f"The whole answer is CSV and nothing else: the header line {header} then exactly "
                f"{self.p['rows']} rows, cells separated by commas (spaces around a cell are ignored) and no quotes; every "
                f"cell of a column is of its kind: {listed}.")

    def check(self, text):
        got = read_csv(text)
        if isinstance(got, str):
            return got
        header, rows = got
        if header != [k for k, _ in self.p["fields"]]:
            return "its header line is not the one asked"
        bad = _compare("rows", len(rows), "==", self.p["rows"])
        if bad:
            return bad
        for i, row in enumerate(rows):
            bad = _shape_check(dict(zip(header, row)), self.p["fields"])
            if bad:
                return f"row {i + 1}: {bad}"
        return None


class _ColumnRule(Constraint):
    """A rule on one typed column of a CSV text or one value of key-value lines (`where`)."""

    column_kind, need = "", ""

    def prepare(self, plan, rng, slack):
        self.p["column"] = plan.field(rng, self.column_kind, self.need)
        self.p["where"] = self.kind.split("_")[0]
        self.setup(plan.needs[self.p["column"]], rng)

    def setup(self, need, rng):
        need[self.need] = True

    def cells(self, text):
        if self.p["where"] == "kv":
            got = read_kv(text)
            if isinstance(got, str):
                return got
            return [got[self.p["column"]]] if self.p["column"] in got else f"it lacks {self.p['column']}"
        got = read_csv(text)
        if isinstance(got, str):
            return got
        header, rows = got
        if self.p["column"] not in header:
            return f"it has no column {self.p['column']}"
        i = header.index(self.p["column"])
        return [row[i] for row in rows]

    def check(self, text):
        cells = self.cells(text)
        if isinstance(cells, str):
            return cells
        if not all(_typed(c, self.column_kind) for c in cells):
            return f"a value of {self.p['column']} is not {VALUE_TYPES[self.column_kind]}"
        return self.judge(cells)

    def judge(self, cells):
        raise NotImplementedError


def column_rules(where: str):
    name = "the column" if where == "csv" else "the value of"

    @_kind
    class ColumnSorted(_ColumnRule):
        kind, column_kind, need = f"{where}_sorted", "number", "sorted"
        family = kind

        def describe(self):
            return f"The rows are in strictly increasing order of {name} {self.p['column']}."

        def judge(self, cells):
            v = [int(c) for c in cells]
            return None if all(a < b for a, b in zip(v, v[1:])) else f"{self.p['column']} is not increasing"

    @_kind
    class ColumnSum(_ColumnRule):
        kind, column_kind, need = f"{where}_sum", "number", "sum"
        family = kind

        def fit(self, text, rng, slack):
            self.p["total"] = sum(int(c) for c in self.cells(text))

        def describe(self):
            if where == "kv":
                return f"The value of {self.p['column']} is exactly {self.p['total']}."
            return f"The numbers in the column {self.p['column']} add up to exactly {self.p['total']}."

        def judge(self, cells):
            return _compare(f"as the total of {self.p['column']}", sum(int(c) for c in cells), "==",
                            self.p["total"])

    @_kind
    class ColumnRange(_ColumnRule):
        kind, column_kind, need = f"{where}_range", "number", "range"
        family = kind

        def fit(self, text, rng, slack):
            v = [int(c) for c in self.cells(text)]
            self.p["lo"] = max(0, min(v) - rng.randint(0, 4 * slack))
            self.p["hi"] = max(v) + rng.randint(0, 4 * slack)

        def describe(self):
            which = "The value" if where == "kv" else "Every value"
            if self.p["lo"] == self.p["hi"]:
                return f"{which} of {self.p['column']} is exactly {self.p['lo']}."
            return f"{which} of {self.p['column']} is from {self.p['lo']} to {self.p['hi']}."

        def judge(self, cells):
            for c in cells:
                bad = _compare(f"as a value of {self.p['column']}", int(c), "in", self.p["lo"], self.p["hi"])
                if bad:
                    return bad
            return None

    @_kind
    class ColumnLetter(_ColumnRule):
        kind, column_kind, need = f"{where}_letter", "word", "letter"
        family = kind

        def setup(self, need, rng):
            need["letter"] = self.p["letter"] = rng.choice("bcfhmprstw")

        def describe(self):
            which = "The value" if where == "kv" else "Every value"
            return f"{which} of {self.p['column']} starts with the letter '{self.p['letter']}' (either case)."

        def judge(self, cells):
            ok = all(c[:1].lower() == self.p["letter"] for c in cells)
            return None if ok else f"a value of {self.p['column']} does not start with '{self.p['letter']}'"

    @_kind
    class ColumnYes(_ColumnRule):
        kind, column_kind, need = f"{where}_yes_count", "yesno", "yes"
        family = kind

        def fit(self, text, rng, slack):
            self.p["n"] = sum(c == "yes" for c in self.cells(text))

        def describe(self):
            if where == "kv":
                return f"The value of {self.p['column']} is {'yes' if self.p['n'] else 'no'}."
            n = self.p["n"]
            return f"Exactly {n} cell{' is' if n == 1 else 's are'} yes in the column {self.p['column']}."

        def judge(self, cells):
            return _compare(f"yes values in {self.p['column']}", sum(c == "yes" for c in cells), "==", self.p["n"])

    @_kind
    class ColumnDistinct(_ColumnRule):
        # one row has nothing to tell apart: for key-value lines the word gets a length instead
        kind = "csv_distinct" if where == "csv" else "kv_long_word"
        column_kind, need, family = "word", "distinct", kind

        def describe(self):
            if where == "kv":
                return f"The value of {self.p['column']} has at least 4 letters."
            return f"No two cells of the column {self.p['column']} are the same (ignoring case)."

        def fit(self, text, rng, slack):
            if where == "kv" and len(self.cells(text)[0]) < 4:
                raise ValueError("a short word")

        def judge(self, cells):
            if where == "kv":
                return None if len(cells[0]) >= 4 else f"{self.p['column']} has fewer than 4 letters"
            low = [c.lower() for c in cells]
            return None if len(set(low)) == len(low) else f"two cells of {self.p['column']} are the same"


column_rules("csv")
column_rules("kv")
