"""Count letters or whole words in a long generated text, under stated rules about case,
plurals and longer words that merely contain the target."""
from __future__ import annotations

from collections import Counter

from procgym import Draft, Knob, Task, register
from procgym.kit import grade_int

from ._words import ADJECTIVES, NAMES, PLACES, WORD, paragraph, pick

# target word -> longer words that contain it (the near misses); written for procgym
TARGETS = {
    "cat": ("cats", "catalog", "scatter", "category", "vacation"),
    "car": ("cars", "card", "scar", "carpet", "cargo"),
    "pen": ("pens", "pencil", "open", "penny", "spend"),
    "ant": ("ants", "giant", "plant", "antenna", "pants"),
    "art": ("arts", "party", "start", "artist", "smart"),
    "arm": ("arms", "farm", "army", "harmony", "charm"),
    "bat": ("bats", "battle", "batch", "combat", "acrobat"),
    "rat": ("rats", "pirate", "crate", "ratio", "grate"),
    "ice": ("price", "rice", "nice", "slice", "police"),
    "owl": ("owls", "bowl", "howl", "fowl", "growl"),
    "hat": ("hats", "that", "chat", "what", "hatch"),
    "ear": ("ears", "year", "early", "learn", "heart"),
    "pin": ("pins", "spin", "pine", "pinch", "opinion"),
    "tea": ("teas", "team", "steam", "teach", "instead"),
    "oak": ("oaks", "soak", "cloak", "croak", "oaken"),
    "fan": ("fans", "fancy", "infant", "fantasy", "fanfare"),
    "bee": ("bees", "beef", "beetle", "beehive", "beer"),
    "sun": ("suns", "sunny", "sunset", "sundial", "sunflower"),
    "egg": ("eggs", "eggshell", "eggplant", "veggie", "eggnog"),
    "rain": ("rains", "train", "brain", "grain", "rainbow"),
    "star": ("stars", "start", "starch", "mustard", "startle"),
    "bell": ("bells", "belly", "rebellion", "bellow", "bellhop"),
    "log": ("logs", "slogan", "logic", "blog", "dialog"),
    "cap": ("caps", "cape", "capital", "escape", "landscape"),
}


def inject(rng, sentences: list[str], word: str) -> None:
    """Insert a short sentence using `word` at a random place (capitalised at a sentence start)."""
    adj, place, name = pick(rng, ADJECTIVES), pick(rng, PLACES), pick(rng, NAMES)
    form = int(rng.random() * 4)
    if form == 0:
        s = f"The {adj} {word} stayed there {place}."
    elif form == 1:
        s = f"{name} talked about the {word} {place}."
    elif form == 2:
        s = f"{word[0].upper() + word[1:]} was the word {name} wrote {place}."
    else:
        s = f"Someone mentioned the {adj} {word}, and {name} agreed."
    sentences.insert(int(rng.random() * (len(sentences) + 1)), s)


def count_words(text: str, targets, case_sensitive: bool) -> int:
    """Whole-word occurrences of the targets in total (words are runs of letters)."""
    counts = Counter(WORD.findall(text) if case_sensitive else WORD.findall(text.lower()))
    return sum(counts[t] for t in targets)


def count_letters(text: str, letters, case_rule: str, min_len: int) -> int:
    """Occurrences of the letters in words of at least `min_len` letters, under the case rule
    ('any': both cases; 'lower' or 'upper': only that case)."""
    total = 0
    for w in WORD.findall(text):
        if len(w) < min_len:
            continue
        for ch in w:
            low = ch.lower()
            if low in letters and (case_rule == "any" or (case_rule == "lower") == ch.islower()):
                total += 1
    return total


def wrap(sentences: list[str], width: int = 90) -> str:
    lines, line = [], ""
    for s in sentences:
        if line and len(line) + 1 + len(s) > width:
            lines.append(line)
            line = s
        else:
            line = f"{line} {s}" if line else s
    return "\n".join(lines + [line])


@register
class WordCount(Task):
    """Count whole-word occurrences of target words in a generated text. Plurals and longer words
    containing the target (cats, catalog, scatter) do not count; the case rule is stated.
    Higher levels lengthen the text, add more near-miss words, ask for the total over several
    targets and make the count case-sensitive."""

    name = "cognition/word_count"
    knobs = (
        Knob("n_words", [30, 50, 70, 90, 110, 140, 170, 200, 250, 300, 340, 380, 420, 460, 500, 550, 600, 650, 700, 800], (10, 3000),
             doc="filler words in the text"),
        Knob("n_targets", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 6),
             doc="target words whose counts are summed"),
        Knob("occurrences", [(1, 3), (2, 4), (2, 5), (2, 5), (3, 6), (3, 6), (3, 7), (4, 8), (4, 8), (5, 9), (5, 10),
                             (6, 10), (6, 11), (6, 12), (7, 12), (7, 13), (8, 14), (8, 14), (9, 15), (10, 16)], (0, 50),
             doc="occurrences of each target"),
        Knob("near_misses", [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 18, 20, 22, 25, 28, 31, 34, 38], (0, 100),
             doc="near-miss words inserted"),
        Knob("case_sensitive", [False, False, False, False, False, [False, True], [False, True], True, True, True] + [True] * 10,
             doc="count only the exact lowercase form"),
    )
    answer_format = "an integer"
    example = "-7"  # a count is never negative: never the answer

    def build(self, rng, params):
        targets = sorted(rng.sample(sorted(TARGETS), params["n_targets"]))
        case = params["case_sensitive"]
        sentences = paragraph(rng, params["n_words"])
        for t in targets:
            for _ in range(rng.randint((params["occurrences"] + 1) // 2, params["occurrences"])):
                inject(rng, sentences, t)
        pool = [w for t in targets for w in TARGETS[t]]
        for _ in range(params["near_misses"]):
            inject(rng, sentences, pick(rng, pool))
        text = wrap(sentences)
        value = count_words(text, targets, case)
        quoted = ", ".join(f"'{t}'" for t in targets)
        what = (f"does the word {quoted} appear" if len(targets) == 1 else
                f"do the words {quoted} appear in total (add up their counts)")
        rule = ("Count only the exact lowercase form: a capitalised form such as '"
                f"{targets[0].capitalize()}' does NOT count." if case else
                f"Ignore case: '{targets[0].capitalize()}' counts the same as '{targets[0]}'.")
        question = (f"Read this text:\n\n{text}\n\nHow many times {what} as a whole word? {rule} "
                    f"Plurals and longer words that merely contain a target (such as '{TARGETS[targets[0]][0]}' or "
                    f"'{TARGETS[targets[0]][1]}') do not count.")
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # every word of the text is compared with every target, and each match is counted
        p = problem.params
        return p["n_targets"] * (p["n_words"] + p["near_misses"]) + problem.check["value"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the count")


@register
class LetterCount(Task):
    """Count how often given letters occur in a generated text, under a stated case rule.
    Higher levels lengthen the text, sum over more letters, count only one case, and count only
    inside words of a minimum length."""

    name = "cognition/letter_count"
    knobs = (
        Knob("n_words", [8, 12, 16, 20, 25, 30, 35, 40, 50, 60, 70, 80, 90, 100, 110, 120, 135, 150, 165, 180], (3, 2000),
             doc="words in the text"),
        Knob("n_letters", [1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6], (1, 6),
             doc="letters whose counts are summed"),
        Knob("case_rule", ["any", "any", "any", ["any", "lower"], ["any", "lower"], ["any", "lower", "upper"],
                           ["lower", "upper"], ["lower", "upper"], ["lower", "upper"], ["lower", "upper"]]
             + [["lower", "upper"]] * 10,
             choices=("any", "lower", "upper"), doc="count both cases, or only lowercase or only uppercase"),
        Knob("min_word_length", [1, 1, 1, 1, 1, 1, 4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 7, 8, 8, 8], (1, 12),
             doc="count only inside words with at least this many letters (1: every word)"),
    )
    answer_format = "an integer"
    example = "-12"  # a count is never negative: never the answer

    def build(self, rng, params):
        text = wrap(paragraph(rng, params["n_words"]), 80)
        words = WORD.findall(text)
        rule = params["case_rule"]
        # letters that occur in the counted case, so the count is rarely zero
        pool = sorted({ch.lower() for w in words if len(w) >= params["min_word_length"] for ch in w
                       if rule == "any" or (rule == "lower") == ch.islower()})
        pool = pool or sorted({ch.lower() for w in words for ch in w})
        letters = sorted(rng.sample(pool, min(params["n_letters"], len(pool))))
        value = count_letters(text, letters, rule, params["min_word_length"])
        quoted = ", ".join(f"'{ch}'" for ch in letters)
        what = (f"does the letter {quoted} occur" if len(letters) == 1 else
                f"do the letters {quoted} occur in total (add up their counts)")
        case = {"any": "Count uppercase and lowercase forms alike.",
                "lower": f"Count only lowercase forms: an uppercase '{letters[0].upper()}' does NOT count.",
                "upper": f"Count only uppercase forms: a lowercase '{letters[0]}' does NOT count."}[rule]
        scope = ("" if params["min_word_length"] <= 1 else
                 f" Count only inside words of at least {params['min_word_length']} letters; skip shorter words.")
        question = f"Text:\n\n{text}\n\nHow many times {what} in the text? {case}{scope}"
        return Draft(question, str(value), {"value": value})

    def effort(self, problem):
        # every word of the text is scanned for every counted letter
        return problem.params["n_words"] * problem.params["n_letters"]

    def grade(self, answer, problem):
        return grade_int(answer, problem.check["value"], "the count")
