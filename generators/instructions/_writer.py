"""The constructive writer: builds a text from a small word bank that meets a plan.

Constraints (generators/instructions/_constraints.py) write their needs into a `Plan` (a case,
a banned letter, bullets, keywords to place, a start phrase...), the writer renders one text that
has all of them, and every checker is then run on it: a problem is released only with a reference
text that passes every one of its rules, so every problem is satisfiable by construction.

Words are placed by replacing filler words, never by inserting them, so the sentence lengths the
plan drew (alternating short and long sentences) survive every later placement.
"""
from __future__ import annotations

# filler words: lowercase, no palindromes, no word that is also a keyword below
BANK = (
    "apple", "river", "garden", "window", "market", "silver", "quiet", "morning", "bright", "forest", "yellow",
    "bridge", "candle", "summer", "winter", "travel", "simple", "gentle", "paper", "stone", "cloud", "field",
    "house", "table", "chair", "green", "small", "large", "water", "light", "road", "tree", "bird", "song",
    "rain", "wind", "snow", "cold", "warm", "soft", "hard", "fast", "slow", "blue", "red", "gold", "path",
    "hill", "lake", "boat", "ship", "town", "city", "farm", "barn", "wheat", "bread", "milk", "honey",
    "fruit", "plum", "pear", "grape", "lemon", "melon", "orange", "coffee", "music", "story", "letter",
    "friend", "family", "parent", "child", "people", "teacher", "doctor", "baker", "farmer", "writer", "reader",
    "walks", "runs", "sings", "reads", "writes", "grows", "moves", "finds", "keeps", "makes", "takes", "gives",
    "helps", "opens", "turns", "holds", "brings", "builds", "paints", "cooks", "plants", "waits", "rests",
    "every", "often", "always", "never", "today", "later", "early", "again", "along", "above", "below",
    "under", "near", "with", "from", "into", "over", "after", "before", "while", "and", "but", "the", "our",
    "their", "this", "that", "some", "many", "each", "calm", "clear", "kind", "wise", "happy", "lucky",
    "fresh", "sweet", "sharp", "round", "narrow", "wide", "deep", "high", "low", "new", "old", "young",
    "we", "they", "to", "of", "on", "in", "at", "by", "up", "so", "it", "as", "go", "do", "be", "is",
    "jump", "quick", "zebra", "jazz", "buzz", "fox", "box", "wax", "vast", "view", "vivid", "yard", "year",
)
# words for keywords, phrases, titles, JSON keys and table headers: never filler
KEYWORDS = (
    "harbor", "lantern", "meadow", "compass", "orchard", "village", "journey", "ribbon", "thunder", "velvet",
    "marble", "pepper", "cactus", "falcon", "glacier", "island", "jungle", "kettle", "ladder", "mirror",
    "needle", "pebble", "puzzle", "rocket", "saddle", "tunnel", "violin", "wagon", "blanket", "button",
    "canyon", "dragon", "engine", "feather", "garlic", "hammer", "jacket", "magnet", "nectar", "oyster",
    "pillow", "quartz", "sapphire", "timber", "walnut", "beacon", "copper", "dune", "ember", "fern",
    "grove", "hazel", "ivory", "jade", "kelp", "lilac", "moss", "opal", "prism", "quill", "reef", "sage",
    "tide", "umbra", "vale", "wren", "yarn", "zinc", "basil", "cedar", "delta", "flint", "heron", "iris",
)
PALINDROMES = ("level", "civic", "radar", "noon", "refer", "kayak", "madam", "rotor", "stats", "tenet",
               "wow", "pop", "eye", "dad", "mom", "sees", "deed", "peep", "solos", "gag", "pup", "nun")
PLACEHOLDERS = ("name", "date", "place", "city", "time", "item", "price", "phone", "email", "team", "room",
                "amount", "company", "address", "topic", "sender")


def letters_of(word: str) -> int:
    return sum(c.isalpha() for c in word)


_POOLS = {"bank": BANK, "keywords": KEYWORDS, "palindromes": PALINDROMES, "placeholders": PLACEHOLDERS}
_ALLOWED: dict[tuple, tuple[str, ...]] = {}


def allowed(pool: str, min_len: int, max_len: int, banned: str) -> tuple[str, ...]:
    """The words of a named pool within the letter bounds and without the banned letters (cached)."""
    got = _ALLOWED.get((pool, min_len, max_len, banned))
    if got is None:
        got = tuple(w for w in _POOLS[pool] if min_len <= letters_of(w) <= max_len and not any(c in w for c in banned))
        _ALLOWED[(pool, min_len, max_len, banned)] = got
    return got


class Plan:
    """What the text must have; constraints fill it in, `render` writes the text."""

    def __init__(self, rng, sentences: int):
        self.rng = rng
        self.sentences = sentences  # body sentences (list items included), before two responses double them
        self.paras = 1
        self.bullets = 0
        self.numbered = 0
        self.sections = 0
        self.lines = 0  # one sentence per line in the first block (an acrostic)
        self.line_letters = ""  # the letters the lines must start with
        self.item_letter = ""  # the letter every bullet item starts with
        self.case = "sentence"  # sentence | lower | upper
        self.end_mark = "."
        self.questions = 0
        self.commas = 0
        self.digits = 0
        self.max_len = 99  # letters per word
        self.min_len = 0
        self.banned_letters = ""
        self.alternate: tuple[int, int] | None = None  # (short max, long min)
        self.title: list[str] | None = None
        self.echo: str | None = None
        self.ps = False
        self.start: list[str] = []
        self.end: list[str] = []
        self.two = False
        self.keywords: list[tuple[str, int]] = []  # (word, how many times)
        self.bullet_keyword = ""
        self.palindromes = 0
        self.doubles = 0
        self.placeholders = 0
        self.highlights = 0
        self.phrases: list[list[str]] = []
        self.steps = 0  # constructive steps: sentences, blocks and placements written

    # ---------------------------------------------------------------- words the plan allows
    def ok(self, word: str) -> bool:
        return self.min_len <= letters_of(word) <= self.max_len and not any(c in word for c in self.banned_letters)

    def words(self, pool: str) -> tuple[str, ...]:
        """The words of a named pool ("bank", "keywords", "palindromes", "placeholders") the plan allows."""
        return allowed(pool, self.min_len, self.max_len, self.banned_letters)

    def pick(self, pool: str, count: int = 1, avoid=()) -> list[str]:
        """`count` distinct words of a named pool that the plan allows (fewer when the pool runs out)."""
        choices = [w for w in self.words(pool) if w not in avoid]
        return self.rng.sample(choices, min(count, len(choices)))

    def fresh_keyword(self) -> str:
        used = {w for w, _ in self.keywords} | {w for p in self.phrases for w in p} | set(self.start) | set(self.end)
        used |= set(self.title or ()) | {self.bullet_keyword}
        got = self.pick("keywords", 1, used)
        if not got:
            raise ValueError("no keyword left")
        return got[0]


# ------------------------------------------------------------------------------ rendering

class _Sentence:
    __slots__ = ("words", "mark", "fixed", "highlight", "comma")

    def __init__(self, words, mark):
        self.words = words
        self.mark = mark
        self.fixed: set[int] = set()  # positions already holding a placed word
        self.highlight: set[int] = set()
        self.comma: set[int] = set()


def _lengths(plan: Plan, total: int) -> list[int]:
    rng = plan.rng
    if plan.alternate:
        short, long = plan.alternate
        return [rng.randint(3, short) if i % 2 == 0 else rng.randint(long, long + 3) for i in range(total)]
    return [rng.randint(5, 10) for _ in range(total)]


def _filler(plan: Plan) -> list[str]:
    words = plan.words("bank")
    if len(words) < 12:
        raise ValueError("the plan leaves too few filler words")
    return words


def _skeleton(plan: Plan):
    """The blocks of one response: each a dict with header, prose sentences and list items."""
    if plan.lines:  # an acrostic: the text is its lines and nothing else
        return [{"header": "", "prose": 0, "bullets": 0, "numbered": 0, "lines": plan.lines}]
    n_blocks = max(plan.paras, plan.sections, 1)
    listed = plan.bullets + plan.numbered
    prose = max(plan.sentences - listed, n_blocks)
    blocks = [{"header": f"SECTION {i + 1}" if plan.sections else "", "prose": 0, "bullets": 0, "numbered": 0,
               "lines": 0} for i in range(n_blocks)]
    for i in range(prose):
        blocks[i % n_blocks]["prose"] += 1
    blocks[0]["bullets"] = plan.bullets
    blocks[-1]["numbered"] = plan.numbered
    return blocks


_BY_LETTER: dict[tuple, dict[str, list[str]]] = {}


def _by_letter(filler: tuple[str, ...]) -> dict[str, list[str]]:
    """The filler words by first letter (cached per filler tuple)."""
    got = _BY_LETTER.get(filler)
    if got is None:
        got = {}
        for w in filler:
            got.setdefault(w[0], []).append(w)
        _BY_LETTER[filler] = got
    return got


def render(plan: Plan) -> str:
    """One text meeting the plan (ValueError where the plan cannot be met)."""
    rng = plan.rng
    filler = _filler(plan)
    responses = [_skeleton(plan) for _ in range(2 if plan.two else 1)]
    # sentences in reading order: (response, block, kind, index) -> _Sentence
    order = []
    for r, blocks in enumerate(responses):
        for b, block in enumerate(blocks):
            for kind in ("lines", "prose", "bullets", "numbered"):
                for i in range(block[kind]):
                    order.append((r, b, kind, i))
    if plan.ps:
        order.append((len(responses) - 1, -1, "ps", 0))
    lengths = _lengths(plan, len(order))
    sents = []
    drawn = rng.choices(filler, k=sum(lengths))
    for i in range(1, len(drawn)):  # never the same word twice in a row (a doubled word is placed on purpose)
        while drawn[i] == drawn[i - 1]:
            drawn[i] = filler[rng.randrange(len(filler))]
    at = 0
    for n in lengths:
        sents.append(_Sentence(drawn[at:at + n], plan.end_mark))
        at += n
    plan.steps += len(sents) + sum(len(blocks) for blocks in responses)

    # first words fixed by letters: acrostic lines, bullet items
    by_letter = _by_letter(filler)
    letters = iter(plan.line_letters)
    for k, (r, b, kind, i) in enumerate(order):
        want = ""
        if kind == "lines" and r == 0:
            want = next(letters, "")
        elif kind == "bullets" and plan.item_letter:
            want = plan.item_letter
        if want:
            pool = by_letter.get(want) or [w for w in plan.words("keywords") if w[0] == want]
            if not pool:
                raise ValueError(f"no word starts with {want}")
            sents[k].words[0] = pool[rng.randrange(len(pool))]
            sents[k].fixed.add(0)
    # the start and end phrases take the first words of the first sentence and the last of the last
    if plan.start:
        s = sents[0]
        if len(s.words) <= len(plan.start) or 0 in s.fixed:
            raise ValueError("first sentence too short for the start phrase")
        s.words[:len(plan.start)] = plan.start
        s.fixed.update(range(len(plan.start)))
    if plan.end:
        s = sents[-1]
        m = len(plan.end)
        if len(s.words) <= m or any(j in s.fixed for j in range(len(s.words) - m, len(s.words))):
            raise ValueError("last sentence too short for the end phrase")
        s.words[-m:] = plan.end
        s.fixed.update(range(len(s.words) - m, len(s.words)))

    def slot(length: int = 1, where=None):
        """A run of `length` free positions (not the first word) in a random sentence."""
        candidates = where if where is not None else range(len(sents))
        candidates = list(candidates)
        for _ in range(60):
            k = candidates[rng.randrange(len(candidates))]
            s = sents[k]
            if len(s.words) < length + 1:
                continue
            j = rng.randint(1, len(s.words) - length)
            if all(p not in s.fixed for p in range(j - 1, j + length + 1)):
                s.fixed.update(range(j, j + length))
                plan.steps += 1
                return s, j
        raise ValueError("no free slot")

    if plan.bullet_keyword:
        for k, (r, b, kind, i) in enumerate(order):
            if kind == "bullets":
                s, j = slot(1, [k])
                s.words[j] = plan.bullet_keyword
    for phrase in plan.phrases:
        s, j = slot(len(phrase))
        s.words[j:j + len(phrase)] = phrase
    for word, times in plan.keywords:
        for _ in range(times):
            s, j = slot()
            s.words[j] = word
    for w in plan.pick("palindromes", plan.palindromes):
        s, j = slot()
        s.words[j] = w
    for w in plan.pick("placeholders", plan.placeholders):
        s, j = slot()
        s.words[j] = f"[{w}]"
    for _ in range(plan.doubles):
        s, j = slot(2)
        s.words[j + 1] = s.words[j]
    for _ in range(plan.digits):
        s, j = slot()
        s.words[j] = str(rng.randint(2, 99))
    for _ in range(plan.highlights):
        s, j = slot()
        s.highlight.add(j)
    for _ in range(plan.commas):
        s, j = slot(2)  # a comma after a word that is not the sentence's last
        s.comma.add(j)
    questions = rng.sample(range(len(sents)), min(plan.questions, len(sents)))
    for k in questions:
        sents[k].mark = "?"

    def text_of(s: _Sentence) -> str:
        out = []
        for j, w in enumerate(s.words):
            if plan.case == "upper":
                w = w.upper()
            elif plan.case == "sentence" and j == 0:
                w = w[0].upper() + w[1:] if w[0].isalpha() else w[0] + w[1].upper() + w[2:]
            if j in s.highlight:
                w = f"*{w}*"
            if j in s.comma:
                w += ","
            out.append(w)
        return " ".join(out) + s.mark

    written = [text_of(s) for s in sents]
    parts = []
    cursor = 0
    for r, blocks in enumerate(responses):
        chunks = []
        for b, block in enumerate(blocks):
            lines = [block["header"]] if block["header"] else []
            for kind in ("lines", "prose", "bullets", "numbered"):
                for i in range(block[kind]):
                    line = written[cursor]
                    cursor += 1
                    if kind == "prose":
                        if i > 0:  # the block's prose is one line, after its header
                            lines[-1] += " " + line
                        else:
                            lines.append(line)
                    elif kind == "bullets":
                        lines.append("- " + line)
                    elif kind == "numbered":
                        lines.append(f"{i + 1}. " + line)
                    else:
                        lines.append(line)
            chunks.append("\n".join(lines))
        parts.append("\n\n".join(chunks))
    body = "\n\n******\n\n".join(parts)
    if plan.ps:
        ps = written[cursor]
        body += "\n\nP.S. " + ps
    head = []
    if plan.title:
        title = " ".join(plan.title)
        head.append("<<" + (title.upper() if plan.case == "upper" else
                            title if plan.case == "lower" else title.title()) + ">>")
    if plan.echo:
        head.append(plan.echo)
    return "\n\n".join(head + [body])
