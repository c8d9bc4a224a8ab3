"""The constraint library of instructions/*: one class per kind of rule a text must keep.

Each constraint has
- `prepare(plan, rng, slack)`: what the constructive writer must build (a case, bullets, a keyword);
- `fit(text, rng, slack)`: the parameters measured on the written text (a count, a bound with
  `slack` to spare, words the text never uses), so the reference meets them by construction;
- `describe()`: the rule's sentence in the prompt; `check(text)`: None, or why the text breaks it.

The parameters live in `self.p` (JSON), so a problem's rules are rebuilt from its record alone.
Every checker is deterministic and linear in the text; none executes text.

How words and sentences are counted (COUNTING_RULES, stated in every prompt that counts them):
a word is a run of characters between white space containing a letter or a digit, a list marker
at the start of a line excepted; a sentence ends at '.', '!' or '?' followed by white space or the
end; heading lines and the 'P.S.' label are in no sentence.
"""
from __future__ import annotations

import functools
import re

from ._writer import BANK, KEYWORDS, PALINDROMES, letters_of

COUNTING_RULES = (
    "How words, sentences and paragraphs are counted: a word is any run of characters between spaces or line "
    "breaks that contains a letter or a digit, except a list marker ('- ' or a number like '1. ') at the start of "
    "a line. A sentence ends with '.', '!' or '?' followed by a space, a line break or the end of the text; a line "
    "break alone does not end a sentence, and words after the last such mark form one more sentence. Title lines "
    "(<<...>>), SECTION lines, separator lines (******) and the label 'P.S.' belong to no sentence. Paragraphs are "
    "separated by blank lines. Letters are counted ignoring case."
)

_MARKER = re.compile(r"(?:-|\d+\.)\s+")
_ALNUM = re.compile(r"[A-Za-z0-9]")
_EDGE = re.compile(r"^[^A-Za-z0-9]+|[^A-Za-z0-9]+$")
_TITLE = re.compile(r"<<[^<>\n]*[A-Za-z0-9][^<>\n]*>>")
_HEADER = re.compile(r"SECTION \d+")
_SEPARATOR = re.compile(r"\*{6}")
_END = re.compile(r"[.!?]+(?=\s|$)")
_PLACEHOLDER = re.compile(r"\[[A-Za-z][A-Za-z0-9_ ]*\]")
_HIGHLIGHT = re.compile(r"(?<![*\w])\*[^*\s][^*\n]*?\*(?![*\w])")
SEPARATOR_LINE = "******"


def _strip_marker(line: str) -> str:
    m = _MARKER.match(line)
    return line[m.end():] if m else line


@functools.lru_cache(maxsize=32)  # the rules of one problem count the same text many times
def _words(text: str) -> tuple[str, ...]:
    out = []
    for line in text.split("\n"):
        out += [t for t in _strip_marker(line.strip()).split() if _ALNUM.search(t)]
    return tuple(out)


def words(text: str) -> list[str]:
    return list(_words(text))


def key(token: str) -> str:
    return _EDGE.sub("", token).lower()


@functools.lru_cache(maxsize=32)
def _keys(text: str) -> tuple[str, ...]:
    return tuple(key(t) for t in _words(text))


def keys(text: str) -> list[str]:
    return list(_keys(text))


def sentences(text: str) -> list[tuple[list[str], str]]:
    """(words, end mark) of each sentence; the mark is '' for words after the last mark."""
    kept = []
    for line in text.split("\n"):
        s = line.strip()
        if not s or _TITLE.fullmatch(s) or _HEADER.fullmatch(s) or _SEPARATOR.fullmatch(s):
            continue
        s = _strip_marker(s)
        if s.startswith("P.S."):
            s = s[4:]
        kept.append(s)
    joined = " ".join(kept)
    out, pos = [], 0
    for m in _END.finditer(joined):
        piece = [t for t in joined[pos:m.start()].split() if _ALNUM.search(t)]
        if piece:
            out.append((piece, m.group()[-1]))
        pos = m.end()
    tail = [t for t in joined[pos:].split() if _ALNUM.search(t)]
    if tail:
        out.append((tail, ""))
    return out


def paragraphs(text: str) -> list[str]:
    return [b.strip() for b in re.split(r"\n[ \t]*\n", text.strip()) if b.strip()]


def lines(text: str) -> list[str]:
    return [line.strip() for line in text.split("\n") if line.strip()]


def _listed(text: str, pattern: str) -> list[str]:
    return [line for line in lines(text) if re.match(pattern, line)]


def bullets(text: str) -> list[str]:
    return [line[2:] for line in _listed(text, r"- \S")]


def numbered(text: str) -> list[tuple[int, str]]:
    out = []
    for line in _listed(text, r"\d{1,4}\. \S"):
        n, rest = line.split(". ", 1)
        out.append((int(n), rest))
    return out


def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _quote(phrase) -> str:
    return "'" + (" ".join(phrase) if isinstance(phrase, list) else phrase) + "'"


class Constraint:
    """One rule. Subclasses set `kind` and implement what applies to them."""

    kind = ""
    phase = 1  # 0: restricts the words or the case (prepared first); 1: adds something to the text
    counting = False  # the rule counts words, sentences or paragraphs (the prompt states how)
    family = ""  # at most one rule of a family per problem
    conflicts: frozenset = frozenset()
    guards = ""  # "S": any text put before the answer breaks it; "E": any text put after it does

    def __init__(self, p: dict | None = None):
        self.p = dict(p or {})

    def prepare(self, plan, rng, slack: int) -> None:
        pass

    def fit(self, text: str, rng, slack: int) -> None:
        pass

    def describe(self) -> str:
        raise NotImplementedError

    def check(self, text: str) -> str | None:
        raise NotImplementedError

    def record(self) -> dict:
        return {"kind": self.kind, **self.p}


KINDS: dict[str, type[Constraint]] = {}


def _kind(cls):
    KINDS[cls.kind] = cls
    return cls


def rebuild(record: dict) -> Constraint:
    p = dict(record)
    return KINDS[p.pop("kind")](p)


def compatible(a: type[Constraint], b: type[Constraint]) -> bool:
    if a.kind == b.kind or (a.family and a.family == b.family):
        return False
    return a.kind not in b.conflicts and b.kind not in a.conflicts


def _bound(value: int, rng, slack: int, direction: int) -> int:
    return max(1, value + direction * rng.randint(0, slack))


def _compare(what: str, got: int, op: str, n: int, m: int = 0) -> str | None:
    ok = {"==": got == n, ">=": got >= n, "<=": got <= n, "in": n <= got <= m}[op]
    if ok:
        return None
    want = {"==": f"exactly {n}", ">=": f"at least {n}", "<=": f"at most {n}", "in": f"{n} to {m}"}[op]
    return f"it has {got} {what}, not {want}"


# ------------------------------------------------------------------------------ counts

class _Count(Constraint):
    """A measured count: exactly / at least / at most / between."""

    op = "=="
    what = ""
    counting = True

    def measure(self, text: str) -> int:
        raise NotImplementedError

    def fit(self, text, rng, slack):
        got = self.measure(text)
        if self.op == "==":
            self.p["n"] = got
        elif self.op == ">=":  # a lower bound keeps at least half the measured count
            self.p["n"] = max(1, got - min(rng.randint(0, slack), got // 2))
        elif self.op == "<=":
            self.p["n"] = _bound(got, rng, slack, +1)
        else:
            self.p["n"] = max(0, got - rng.randint(0, slack))
            self.p["m"] = got + rng.randint(0, slack)
        if self.op in ("==", ">=") and self.p["n"] < 1 and self.need_one:
            raise ValueError(f"nothing to count for {self.kind}")

    need_one = True

    def phrase(self, noun: str = "", plural: str = "") -> str:
        """The bound in words, with `noun` in the number it needs ("exactly 1 time", "at least 3 times")."""
        n = self.p["n"]
        op = "==" if self.op == "in" and n == self.p.get("m") else self.op
        bound = {"==": f"exactly {n}", ">=": f"at least {n}", "<=": f"at most {n}",
                 "in": f"from {n} to {self.p.get('m')}"}[op]
        if not noun:
            return bound
        one = n == 1 and op != "in"
        return f"{bound} {noun if one else plural or noun + 's'}"

    def check(self, text):
        return _compare(self.what, self.measure(text), self.op, self.p["n"], self.p.get("m", 0))


@_kind
class WordsExact(_Count):
    kind, family, what, guards = "words_exact", "words", "words", "SE"

    def measure(self, text):
        return len(words(text))

    def describe(self):
        return f"Use {self.phrase()} words in total."


@_kind
class WordsAtLeast(WordsExact):
    kind, op, guards = "words_at_least", ">=", ""


@_kind
class WordsAtMost(WordsExact):
    kind, op, guards = "words_at_most", "<=", ""


@_kind
class WordsBetween(WordsExact):
    kind, op, guards = "words_between", "in", ""


@_kind
class SentencesExact(_Count):
    kind, family, what = "sentences_exact", "sentences", "sentences"

    def measure(self, text):
        return len(sentences(text))

    def describe(self):
        return f"Write {self.phrase('sentence')}."


@_kind
class SentencesAtLeast(SentencesExact):
    kind, op = "sentences_at_least", ">="


@_kind
class SentencesAtMost(SentencesExact):
    kind, op = "sentences_at_most", "<="


@_kind
class ParagraphsExact(_Count):
    kind, family, what = "paragraphs_exact", "paragraphs", "paragraphs"
    conflicts = frozenset({"acrostic_lines"})

    def prepare(self, plan, rng, slack):
        plan.paras = max(plan.paras, rng.randint(2, 4))

    def measure(self, text):
        return len(paragraphs(text))

    def describe(self):
        return f"Write {self.phrase()} paragraphs, separated by blank lines."


@_kind
class LinesExact(_Count):
    kind, family, what, counting = "lines_exact", "lines", "non-blank lines", False

    def measure(self, text):
        return len(lines(text))

    def describe(self):
        return f"The text has {self.phrase('non-blank line')}."


@_kind
class CharsAtMost(_Count):
    kind, family, what, op, counting = "chars_at_most", "chars", "characters", "<=", False

    def fit(self, text, rng, slack):
        self.p["n"] = len(text) + rng.randint(0, 8 * slack)

    def measure(self, text):
        return len(text)

    def describe(self):
        return f"The whole text is at most {self.p['n']} characters long, spaces and line breaks included."


@_kind
class LetterExact(_Count):
    kind, family = "letter_exact", "letter"

    def fit(self, text, rng, slack):
        low = text.lower()
        present = sorted({c for c in low if c.isalpha() and c.isascii()})
        if not present:
            raise ValueError("no letters")
        self.p["letter"] = present[rng.randrange(len(present))]
        super().fit(text, rng, slack)

    @property
    def what(self):
        return f"letters '{self.p['letter']}'"

    def measure(self, text):
        return text.lower().count(self.p["letter"])

    def describe(self):
        return f"The letter '{self.p['letter']}' (either case) appears {self.phrase('time')}."


@_kind
class LetterAtLeast(LetterExact):
    kind, op = "letter_at_least", ">="


@_kind
class CapitalWords(_Count):
    kind, family, what = "capital_words", "capitals", "words starting with a capital letter"
    conflicts = frozenset({"lowercase_all", "uppercase_all"})

    def measure(self, text):
        return sum(1 for t in words(text) if _EDGE.sub("", t)[:1].isupper())

    def describe(self):
        verb = "starts" if self.p["n"] == 1 else "start"
        return (f"{self.phrase('word').capitalize()} {verb} with a capital letter (a word starts with a capital when its "
                f"first letter or digit is an upper-case letter).")


@_kind
class DigitsExact(_Count):
    kind, family, what, counting = "digits_exact", "digits", "digits", False
    conflicts = frozenset({"min_word_letters"})

    def prepare(self, plan, rng, slack):
        plan.digits = max(plan.digits, rng.randint(1, 3))

    def measure(self, text):
        return sum(c in "0123456789" for c in text)

    def describe(self):
        return f"The text contains {self.phrase('digit')} (0-9)."


@_kind
class CommasExact(_Count):
    kind, family, what, counting = "commas_exact", "commas", "commas", False

    def prepare(self, plan, rng, slack):
        plan.commas = max(plan.commas, rng.randint(1, 4))

    def measure(self, text):
        return text.count(",")

    def describe(self):
        return f"Use {self.phrase('comma')}."


@_kind
class QuestionsExact(_Count):
    kind, family, what = "questions_exact", "marks", "sentences ending with '?'"

    def prepare(self, plan, rng, slack):
        plan.questions = max(plan.questions, rng.randint(1, 3))

    def measure(self, text):
        return sum(1 for _, mark in sentences(text) if mark == "?")

    def describe(self):
        return f"{self.phrase('sentence').capitalize()} must end with a question mark, and no more."


@_kind
class BulletsExact(_Count):
    kind, family, what, counting = "bullets_exact", "bullets", "bullet points", False
    conflicts = frozenset({"acrostic_lines"})

    def prepare(self, plan, rng, slack):
        plan.bullets = plan.bullets or rng.randint(2, 5)

    def measure(self, text):
        return len(bullets(text))

    def describe(self):
        return f"Include exactly {self.p['n']} bullet points: lines that start with '- '."


@_kind
class NumberedExact(Constraint):
    kind, family = "numbered_exact", "numbered"
    conflicts = frozenset({"acrostic_lines", "no_digits", "min_word_letters"})

    def prepare(self, plan, rng, slack):
        plan.numbered = plan.numbered or rng.randint(2, 5)

    def fit(self, text, rng, slack):
        self.p["n"] = len(numbered(text))

    def describe(self):
        return (f"Include a numbered list of exactly {self.p['n']} items: lines that start with '1. ', '2. ' and "
                f"so on, numbered from 1 in order.")

    def check(self, text):
        items = numbered(text)
        if [n for n, _ in items] != list(range(1, self.p["n"] + 1)):
            return f"its numbered lines are {[n for n, _ in items][:12]}, not 1 to {self.p['n']} in order"
        return None


@_kind
class SectionsExact(Constraint):
    kind, family = "sections_exact", "sections"
    conflicts = frozenset({"acrostic_lines", "no_digits", "min_word_letters", "lowercase_all", "max_word_letters",
                           "two_responses", "para_first_word"})

    def prepare(self, plan, rng, slack):
        plan.sections = plan.sections or rng.randint(2, 4)

    def fit(self, text, rng, slack):
        self.p["n"] = plan_sections = sum(1 for line in lines(text) if _HEADER.fullmatch(line))
        if plan_sections < 2:
            raise ValueError("no sections")

    def describe(self):
        return (f"Split the text into exactly {self.p['n']} sections. Each section starts with a line that is "
                f"exactly 'SECTION 1', 'SECTION 2' and so on, in order, and the text starts with 'SECTION 1'.")

    def check(self, text):
        heads = [line for line in lines(text) if _HEADER.fullmatch(line)]
        want = [f"SECTION {i + 1}" for i in range(self.p["n"])]
        if heads != want:
            return f"its SECTION lines are {heads[:8]}, not {want}"
        if lines(text)[0] != want[0]:
            return "it does not start with the line SECTION 1"
        return None


@_kind
class Palindromes(_Count):
    kind, family, op = "palindromes", "palindromes", ">="

    what = "palindrome words of three or more letters"

    def prepare(self, plan, rng, slack):
        plan.palindromes = max(plan.palindromes, rng.randint(1, 3))

    def measure(self, text):
        return sum(1 for k in keys(text) if len(k) >= 3 and k.isalpha() and k == k[::-1])

    def describe(self):
        return (f"Use {self.phrase('palindrome word')} of three or more letters (words that read the same "
                f"backwards, like 'level'; each use counts).")


@_kind
class DoubledWords(_Count):
    kind, family = "doubled_words", "doubled"
    what = "places where a word is repeated immediately"

    def prepare(self, plan, rng, slack):
        plan.doubles = max(plan.doubles, rng.randint(1, 2))

    def measure(self, text):
        k = keys(text)
        return sum(1 for a, b in zip(k, k[1:]) if a == b)

    def describe(self):
        return (f"In {self.phrase('place')} a word is immediately repeated ('very very'; words are compared "
                f"ignoring case and punctuation, across sentence ends too).")


@_kind
class Placeholders(_Count):
    kind, family, counting = "placeholders", "placeholders", False
    what = "placeholders in square brackets"

    def prepare(self, plan, rng, slack):
        plan.placeholders = max(plan.placeholders, rng.randint(1, 4))

    def measure(self, text):
        return len(_PLACEHOLDER.findall(text))

    def describe(self):
        return (f"Include {self.phrase('placeholder')} in square brackets, like [name] (letters, digits, "
                f"spaces or underscores inside, starting with a letter).")


@_kind
class Highlights(_Count):
    kind, family, counting = "highlights", "highlights", False
    what = "highlighted parts"

    def prepare(self, plan, rng, slack):
        plan.highlights = max(plan.highlights, rng.randint(1, 4))

    def measure(self, text):
        return len(_HIGHLIGHT.findall(text))

    def describe(self):
        return (f"Highlight {self.phrase('part')} with single asterisks, like *this part* (no asterisk "
                f"anywhere else).")

    def check(self, text):
        bad = super().check(text)
        if bad:
            return bad
        rest = _HIGHLIGHT.sub("", text)
        if "*" in rest.replace(SEPARATOR_LINE, ""):
            return "it has an asterisk outside a highlighted part"
        return None


@_kind
class SentenceMaxWords(_Count):
    kind, family, op = "sentence_max_words", "sentence_len", "<="
    what = "words in its longest sentence"
    conflicts = frozenset({"alternating"})

    def measure(self, text):
        return max((len(w) for w, _ in sentences(text)), default=0)

    def describe(self):
        return f"No sentence has more than {self.p['n']} words."


@_kind
class BulletMaxWords(_Count):
    kind, family, op = "bullet_max_words", "bullet_len", "<="
    what = "words in its longest bullet point"

    def prepare(self, plan, rng, slack):
        plan.bullets = plan.bullets or rng.randint(2, 4)

    def measure(self, text):
        return max((len(words(b)) for b in bullets(text)), default=0)

    def describe(self):
        return f"Include bullet points ('- ' lines), and none has more than {self.p['n']} words."

    def check(self, text):
        if not bullets(text):
            return "it has no bullet points"
        return super().check(text)


@_kind
class MaxRepeat(_Count):
    kind, family, op = "max_repeat", "repeat", "<="
    what = "uses of its most frequent word"

    def fit(self, text, rng, slack):
        self.p["n"] = self.measure(text)  # tight: the writer's own most repeated word

    def measure(self, text):
        counts: dict[str, int] = {}
        for k in keys(text):
            counts[k] = counts.get(k, 0) + 1
        return max(counts.values(), default=0)

    def describe(self):
        return f"No word is used more than {self.p['n']} times (ignoring case and punctuation)."


# ------------------------------------------------------------------------------ words and letters

@_kind
class KeywordExact(Constraint):
    kind, family, counting = "keyword_exact", "keyword", True
    at_least = False

    def prepare(self, plan, rng, slack):
        word = plan.fresh_keyword()
        self.p["word"] = word
        plan.keywords.append((word, rng.randint(1, 3)))

    def fit(self, text, rng, slack):
        got = keys(text).count(self.p["word"])
        self.p["n"] = max(1, got - rng.randint(0, 1)) if self.at_least else got

    def describe(self):
        how = "at least" if self.at_least else "exactly"
        return f"Use the word '{self.p['word']}' {how} {_n(self.p['n'], 'time')} (ignoring case and punctuation)."

    def check(self, text):
        got = keys(text).count(self.p["word"])
        return _compare(f"uses of '{self.p['word']}'", got, ">=" if self.at_least else "==", self.p["n"])


@_kind
class KeywordAtLeast(KeywordExact):
    kind, family, at_least = "keyword_at_least", "keyword2", True


@_kind
class KeywordEachBullet(Constraint):
    kind, family = "keyword_each_bullet", "bullet_keyword"
    conflicts = frozenset({"acrostic_lines"})

    def prepare(self, plan, rng, slack):
        plan.bullets = plan.bullets or rng.randint(2, 4)
        plan.bullet_keyword = self.p["word"] = plan.fresh_keyword()

    def describe(self):
        return (f"Include bullet points ('- ' lines), and every bullet point contains the word '{self.p['word']}' "
                f"(ignoring case and punctuation).")

    def check(self, text):
        items = bullets(text)
        if not items:
            return "it has no bullet points"
        for i, item in enumerate(items):
            if self.p["word"] not in keys(item):
                return f"bullet point {i + 1} lacks the word '{self.p['word']}'"
        return None


@_kind
class Forbidden(Constraint):
    kind, family = "forbidden_words", "forbidden"

    def fit(self, text, rng, slack):
        used = set(keys(text))
        pool = [w for w in BANK + KEYWORDS if w not in used and len(w) > 2]
        self.p["words"] = sorted(rng.sample(pool, min(len(pool), rng.randint(2, 4))))

    def describe(self):
        return f"Do not use any of these words: {', '.join(self.p['words'])} (ignoring case and punctuation)."

    def check(self, text):
        used = set(keys(text))
        for w in self.p["words"]:
            if w in used:
                return f"it uses the forbidden word '{w}'"
        return None


@_kind
class PhraseIncluded(Constraint):
    kind, family = "phrase_included", "phrase"

    def prepare(self, plan, rng, slack):
        a = plan.fresh_keyword()
        plan.keywords.append((a, 0))  # reserve it
        b = plan.fresh_keyword()
        self.p["phrase"] = [a, b]
        plan.phrases.append([a, b])

    def describe(self):
        return f"Include the phrase {_quote(self.p['phrase'])}: these words in a row, ignoring case and punctuation."

    def check(self, text):
        k, m = keys(text), self.p["phrase"]
        if any(k[i:i + len(m)] == m for i in range(len(k) - len(m) + 1)):
            return None
        return f"it does not contain the phrase {_quote(m)}"


@_kind
class MaxWordLetters(Constraint):
    kind, family, phase = "max_word_letters", "word_letters_max", 0
    counting = True

    def prepare(self, plan, rng, slack):
        self.p["n"] = plan.max_len = rng.choice((5, 6, 7))

    def describe(self):
        return f"No word has more than {self.p['n']} letters."

    def check(self, text):
        for t in words(text):
            if letters_of(t) > self.p["n"]:
                return f"the word '{t[:30]}' has more than {self.p['n']} letters"
        return None


@_kind
class MinWordLetters(Constraint):
    kind, family, phase = "min_word_letters", "word_letters_min", 0
    counting = True
    conflicts = frozenset({"postscript"})

    def prepare(self, plan, rng, slack):
        self.p["n"] = plan.min_len = 3

    def describe(self):
        return f"Every word has at least {self.p['n']} letters (so no numbers and no short words like 'a' or 'to')."

    def check(self, text):
        for t in words(text):
            if letters_of(t) < self.p["n"]:
                return f"the word '{t[:30]}' has fewer than {self.p['n']} letters"
        return None


@_kind
class Lipogram(Constraint):
    kind, family, phase = "lipogram", "lipogram", 0

    def prepare(self, plan, rng, slack):
        # never a letter of SECTION or P.S. (the writer's fixed words)
        self.p["letter"] = rng.choice("bdfghkmuwy")
        plan.banned_letters += self.p["letter"]

    def describe(self):
        return f"Do not use the letter '{self.p['letter']}' anywhere, in either case."

    def check(self, text):
        if self.p["letter"] in text.lower():
            return f"it uses the letter '{self.p['letter']}'"
        return None


@_kind
class NoChar(Constraint):
    kind, family = "no_char", "no_char"

    def fit(self, text, rng, slack):
        pool = [c for c in ";:&%#@!" if c not in text]
        if not pool:
            raise ValueError("every character used")
        self.p["char"] = rng.choice(pool)

    def describe(self):
        return f"Do not use the character '{self.p['char']}' anywhere."

    def check(self, text):
        return f"it uses '{self.p['char']}'" if self.p["char"] in text else None


@_kind
class NoCommas(Constraint):
    kind, family = "no_commas", "commas"

    def describe(self):
        return "Do not use any commas."

    def check(self, text):
        return "it contains a comma" if "," in text else None


@_kind
class NoDigits(Constraint):
    kind, family = "no_digits", "digits"

    def describe(self):
        return "Do not use any digits (0-9); write numbers in words."

    def check(self, text):
        return "it contains a digit" if any(c in "0123456789" for c in text) else None


# ------------------------------------------------------------------------------ case and marks

@_kind
class Lowercase(Constraint):
    kind, family, phase = "lowercase_all", "case", 0
    conflicts = frozenset({"postscript", "echo_request"})

    def prepare(self, plan, rng, slack):
        plan.case = "lower"

    def describe(self):
        return "Write everything in lowercase letters: no capital letter anywhere."

    def check(self, text):
        return "it contains a capital letter" if any(c.isupper() for c in text) else None


@_kind
class Uppercase(Constraint):
    kind, family, phase = "uppercase_all", "case", 0
    conflicts = frozenset({"echo_request"})

    def prepare(self, plan, rng, slack):
        plan.case = "upper"

    def describe(self):
        return "Write everything in capital letters: no lowercase letter anywhere."

    def check(self, text):
        return "it contains a lowercase letter" if any(c.islower() for c in text) else None


@_kind
class SentenceMarks(Constraint):
    kind, family, counting = "sentence_marks", "marks", True
    conflicts = frozenset({"echo_request", "no_char"})
    guards = "E"

    def prepare(self, plan, rng, slack):
        self.p["mark"] = plan.end_mark = rng.choice("!?")

    def describe(self):
        return f"Every sentence ends with '{self.p['mark']}' (and with no other mark)."

    def check(self, text):
        for i, (_, mark) in enumerate(sentences(text)):
            if mark != self.p["mark"]:
                return f"sentence {i + 1} does not end with '{self.p['mark']}'"
        return None


# ------------------------------------------------------------------------------ frame and layout

class _Phrase(Constraint):
    def draw(self, plan, rng) -> list[str]:
        a = plan.fresh_keyword()
        plan.keywords.append((a, 0))
        b = plan.fresh_keyword()
        plan.keywords.append((b, 0))
        return [a, b]


@_kind
class StartPhrase(_Phrase):
    kind, family, guards = "start_phrase", "start", "S"
    conflicts = frozenset({"title", "echo_request", "acrostic_lines", "sections_exact"})

    def prepare(self, plan, rng, slack):
        self.p["phrase"] = plan.start = self.draw(plan, rng)

    def describe(self):
        return f"Begin the text with the words {_quote(self.p['phrase'])} (ignoring case and punctuation)."

    def check(self, text):
        m = self.p["phrase"]
        if keys(text)[:len(m)] != m:
            return f"it does not begin with {_quote(m)}"
        return None


@_kind
class EndPhrase(_Phrase):
    kind, family, guards = "end_phrase", "end", "E"
    conflicts = frozenset({"acrostic_lines"})

    def prepare(self, plan, rng, slack):
        self.p["phrase"] = plan.end = self.draw(plan, rng)

    def describe(self):
        return (f"End the text with the words {_quote(self.p['phrase'])}, with no word after them (ignoring case "
                f"and punctuation).")

    def check(self, text):
        m = self.p["phrase"]
        if keys(text)[-len(m):] != m:
            return f"it does not end with {_quote(m)}"
        return None


@_kind
class StartEnd(_Phrase):
    kind, family, guards = "start_end", "start", "SE"
    conflicts = frozenset({"title", "echo_request", "acrostic_lines", "sections_exact", "end_phrase"})

    def prepare(self, plan, rng, slack):
        self.p["start"] = plan.start = self.draw(plan, rng)
        self.p["end"] = plan.end = self.draw(plan, rng)

    def describe(self):
        return (f"Begin the text with the words {_quote(self.p['start'])} and end it with the words "
                f"{_quote(self.p['end'])}, with no word after them; each of these two phrases appears only once "
                f"(ignoring case and punctuation).")

    def check(self, text):
        k = keys(text)
        for m, where in ((self.p["start"], "begin"), (self.p["end"], "end")):
            if (k[:len(m)] if where == "begin" else k[-len(m):]) != m:
                return f"it does not {where} with {_quote(m)}"
            if sum(1 for i in range(len(k) - len(m) + 1) if k[i:i + len(m)] == m) != 1:
                return f"the phrase {_quote(m)} appears more than once"
        return None


@_kind
class Title(Constraint):
    kind, family, guards = "title", "start", "S"
    conflicts = frozenset({"echo_request", "acrostic_lines", "sections_exact"})

    def prepare(self, plan, rng, slack):
        plan.title = [plan.fresh_keyword()]
        plan.keywords.append((plan.title[0], 0))
        plan.title.append(plan.fresh_keyword())

    def describe(self):
        return "The first line is a title wrapped in double angular brackets, like <<my title>>, and nothing else."

    def check(self, text):
        first = text.strip().split("\n", 1)[0].strip()
        return None if _TITLE.fullmatch(first) else "its first line is not a title like <<my title>>"


@_kind
class Postscript(Constraint):
    kind, family = "postscript", "ps"
    conflicts = frozenset({"lowercase_all", "min_word_letters", "acrostic_lines"})

    def prepare(self, plan, rng, slack):
        plan.ps = True

    def describe(self):
        return "End with a postscript: the last paragraph starts with 'P.S.'"

    def check(self, text):
        paras = paragraphs(text)
        if not paras or not paras[-1].startswith("P.S."):
            return "its last paragraph does not start with 'P.S.'"
        return None


@_kind
class EchoRequest(Constraint):
    kind, family, guards = "echo_request", "start", "S"
    conflicts = frozenset({"acrostic_lines", "sections_exact", "alternating", "sentence_marks", "max_word_letters",
                           "min_word_letters", "lipogram", "sentence_max_words"})
    REQUESTS = ("Please describe a calm morning by the river.", "Tell me about a visit to a small market.",
                "Describe a garden after the rain.", "Write about a long walk along the hills.",
                "Share a story about an old bridge.", "Explain why people like warm bread.")

    def prepare(self, plan, rng, slack):
        self.p["request"] = plan.echo = rng.choice(self.REQUESTS)

    def describe(self):
        return (f"First repeat this request word for word, exactly as written, as the first paragraph: "
                f"{self.p['request']} Then write your answer after a blank line.")

    def check(self, text):
        paras = paragraphs(text)
        if not paras or paras[0] != self.p["request"]:
            return "its first paragraph is not the request repeated exactly"
        if len(paras) < 2:
            return "it has no answer after the repeated request"
        return None


@_kind
class ParaFirstWord(Constraint):
    kind, family = "para_first_word", "para_first"
    conflicts = frozenset({"acrostic_lines"})

    def prepare(self, plan, rng, slack):
        plan.paras = max(plan.paras, 2)

    def fit(self, text, rng, slack):
        paras = paragraphs(text)
        options = [i for i, para in enumerate(paras)
                   if re.fullmatch(r"[A-Za-z]+", para.split()[0]) and not para.startswith("P.S.")]
        if not options:
            raise ValueError("no paragraph starts with a plain word")
        i = rng.choice(options)
        self.p.update(i=i + 1, word=para_key(paras[i]), n=len(paras))

    def describe(self):
        return (f"Write exactly {self.p['n']} paragraphs (separated by blank lines); paragraph {self.p['i']} "
                f"starts with the word '{self.p['word']}' (ignoring case).")

    def check(self, text):
        paras = paragraphs(text)
        if len(paras) != self.p["n"]:
            return f"it has {len(paras)} paragraphs, not {self.p['n']}"
        if para_key(paras[self.p["i"] - 1]) != self.p["word"]:
            return f"paragraph {self.p['i']} does not start with '{self.p['word']}'"
        return None


def para_key(para: str) -> str:
    first = words(para)
    return key(first[0]) if first else ""


@_kind
class BulletInitial(Constraint):
    kind, family = "bullet_initial", "bullet_letter"
    conflicts = frozenset({"acrostic_lines"})

    def prepare(self, plan, rng, slack):
        plan.bullets = plan.bullets or rng.randint(2, 4)
        firsts = sorted({w[0] for w in plan.words("bank")} & set("bcfghmprstw"))
        if not firsts:
            raise ValueError("no letter for the bullets")
        self.p["letter"] = plan.item_letter = rng.choice(firsts)

    def describe(self):
        return (f"Include bullet points ('- ' lines), and the first word of every bullet point starts with the "
                f"letter '{self.p['letter']}' (either case).")

    def check(self, text):
        items = bullets(text)
        if not items:
            return "it has no bullet points"
        for i, item in enumerate(items):
            if not key(words(item)[0] if words(item) else "").startswith(self.p["letter"]):
                return f"bullet point {i + 1} does not start with the letter '{self.p['letter']}'"
        return None


@_kind
class Acrostic(Constraint):
    kind, family, guards = "acrostic_lines", "layout", "S"
    conflicts = frozenset({"sections_exact", "start_phrase", "start_end", "title", "echo_request", "postscript",
                           "two_responses", "bullets_exact", "numbered_exact", "paragraphs_exact", "para_first_word",
                           "keyword_each_bullet", "bullet_initial", "bullet_max_words", "end_phrase"})
    WORDS = ("calm", "rain", "song", "home", "warm", "path", "tree", "gold", "spring", "bright", "garden",
             "stone", "light", "river", "honest", "planet", "market", "silver", "brave", "cloud", "frost")

    def prepare(self, plan, rng, slack):
        n_lo = min(plan.sentences, 7)
        options = [w for w in self.WORDS if 4 <= len(w) <= max(4, n_lo) and
                   set(w) <= {b[0] for b in plan.words("bank")}]
        if not options:
            raise ValueError("no acrostic word")
        word = rng.choice(options)
        self.p["word"] = word
        plan.lines = len(word)
        plan.line_letters = word

    def describe(self):
        return (f"Write exactly {len(self.p['word'])} non-blank lines, one sentence each, whose first letters spell "
                f"'{self.p['word'].upper()}' from top to bottom (either case).")

    def check(self, text):
        got = []
        for line in lines(text):
            first = next((c for c in line if c.isalpha()), "")
            got.append(first.lower())
        if "".join(got) != self.p["word"]:
            return f"the first letters of its lines spell '{''.join(got)[:20].upper()}', not '{self.p['word'].upper()}'"
        return None


@_kind
class Alternating(Constraint):
    kind, family, counting = "alternating", "rhythm", True
    conflicts = frozenset({"echo_request", "sentence_max_words"})

    def prepare(self, plan, rng, slack):
        short = rng.randint(4, 6)
        long = short + rng.randint(4, 6)
        self.p.update(short=short, long=long)
        plan.alternate = (short, long)

    def describe(self):
        return (f"Alternate short and long sentences, starting with a short one: odd-numbered sentences have at "
                f"most {self.p['short']} words, even-numbered ones at least {self.p['long']} words.")

    def check(self, text):
        sents = sentences(text)
        if len(sents) < 2:
            return "it has fewer than two sentences"
        for i, (w, _) in enumerate(sents):
            if i % 2 == 0 and len(w) > self.p["short"]:
                return f"sentence {i + 1} has {len(w)} words, more than {self.p['short']}"
            if i % 2 == 1 and len(w) < self.p["long"]:
                return f"sentence {i + 1} has {len(w)} words, fewer than {self.p['long']}"
        return None


@_kind
class TwoResponses(Constraint):
    kind, family = "two_responses", "layout"
    conflicts = frozenset({"sections_exact", "acrostic_lines", "echo_request", "title", "highlights",
                           "numbered_exact"})

    def prepare(self, plan, rng, slack):
        plan.two = True

    def describe(self):
        return (f"Give two different responses, separated by a line that is exactly {SEPARATOR_LINE} (six "
                f"asterisks), with no other such line.")

    def check(self, text):
        parts = re.split(r"\n[ \t]*\*{6}[ \t]*\n", "\n" + text + "\n")
        seps = [line for line in text.split("\n") if line.strip() == SEPARATOR_LINE]
        if len(seps) != 1 or len(parts) != 2:
            return "it does not have exactly one separator line ******"
        a, b = (p.strip() for p in parts)
        if not words(a) or not words(b):
            return "one of the two responses is empty"
        if keys(a) == keys(b):
            return "the two responses are the same"
        return None


# the rules on free text (the JSON and table rules of _formats.py register after these)
TEXT_KINDS = tuple(sorted(KINDS))
