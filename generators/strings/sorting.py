"""Sorting words by a stated order: plain alphabetical up to several combined keys over a custom alphabet."""
from __future__ import annotations

import math
import string

from procgym import Draft, Knob, Task, register
from procgym.kit import strip_brackets
from procgym.verdict import right, wrong

from .._labels import join

# A small vocabulary of ordinary English words (3-9 letters); near-duplicates are made from them.
VOCABULARY = tuple("""
able acid aged also area army away baby back ball band bank base bath bear beat bell belt best bird
blow blue boat body bone book boot born boss both bowl burn bush busy cake call calm camp card care
cart case cash cast cell chip city clay coal coat code cold cook cool copy corn cost crew crop dark
data date dawn dead deal dear debt deep desk diet dirt dish dock door dose down draw drop drum dust
duty earn east easy edge else even exam face fact fair farm fast fate fear feed feel file fill film
find fine fire firm fish flag flat flow folk food foot form fort four free frog fuel full fund gain
game gate gift girl glad goal gold golf good grab gray grow hair half hall hand hang hard harm hate
head heal heap hear heat held hero hide high hill hint hold hole holy home hook hope horn host hour
huge hunt idea inch iron item join joke jump jury keen keep kick kind king kiss knee knot lake lamp
land lane last late lawn lead leaf lean left lend lens life lift like lime line link lion list live
load loan lock logo long look loop lord loss loud love luck lung mail main make male mall many mark
mask mass meal meat meet melt menu mild milk mind mine mint miss mode mood moon most move much nail
name navy near neck need nest news next nice nose note oath odds okay once open oven pace pack page
pain pair palm park part pass past path peak pile pine pink pipe plan play plot plug poem poet pole
pond pool poor port pose post pour pull pump pure push quit race rain rank rare rate read real rent
rest rice rich ride ring rise risk road rock role roof room root rope rose rule rush safe sail salt
sand save seat seed seek self sell send ship shoe shop shot show shut sick side sign silk sing sink
site size skin slip slow snow soap sock soft soil song sort soul soup spin spot star stay step stir
stop suit swim tail tale talk tall tank tape task team tear tell tend tent term test text tide tile
time tiny tone tool tour town tree trip true tube tune turn twin type unit vast view vote wage wait
wake walk wall wave weak wear week well west wide wife wild wind wine wing wire wise wish wolf wood
wool word work yard yarn year zero zone
ant arm art bag bat bed bee box boy bus cap car cat cow cup day dog ear egg eye fan fox gas gum hat
hen ice ink jar jet key kit leg lid lip map mat mud net nut oak oil owl pan pen pet pig pin pot ram
rat rod rug saw sea sky sun tea toe toy van war web wig yak zip
apple badge beach berry blade brick broom cabin candy chain chair chalk cheek chess cider cliff clock
cloud coral crane crown daisy dance diver dream eagle earth fable feast fence flame flute forest frost
giant glass globe grape grass heart honey horse house jelly jewel knife lemon light magic mango maple
march metal money month mouse music night noble ocean olive onion orbit otter paint panel paper peach
pearl piano pilot plane plant plate queen quiet radio raven river robin salad scale scarf shade sheep
shelf shell skate smile snake spice spoon storm stone sugar table tiger toast torch tower track train
trout tulip uncle valley violin wagon whale wheat wheel woman world zebra
anchor autumn basket branch bridge bucket butter candle carpet castle cellar cherry circle closet
coffee cotton cradle desert dinner dragon engine falcon flower forest garden ginger guitar hammer
harbor helmet insect island jacket jungle kettle ladder lizard magnet marble meadow mirror monkey
museum needle orange oyster palace parrot pencil pepper pillow planet pocket potato puzzle rabbit
ribbon rocket saddle salmon shadow silver spider spring square statue string summer sunset teapot
ticket tomato tunnel turtle velvet violet walnut window winter wizard yellow
balloon blanket cabbage cartoon chicken compass cottage crystal diamond dolphin feather firefly
giraffe harvest kitchen lantern leopard library lobster mustard necklace octopus orchard panther
peacock pelican penguin pumpkin rainbow sandwich sparrow squirrel teacher thunder trumpet volcano
whistle
""".split())

VOWELS = "aeiou"


# Each key: (description, is_count) and a function (word, rank, letter) -> sortable value.
# `rank` maps a letter to its position in the alphabet in use (normal or custom).
KEYS = {
    "length": ("the number of letters", True, lambda w, r, x: len(w)),
    "vowels": ("the number of vowels (a, e, i, o, u; y is not a vowel)", True,
               lambda w, r, x: sum(ch in VOWELS for ch in w)),
    "distinct": ("the number of different letters in the word", True, lambda w, r, x: len(set(w))),
    "letter": ("the number of times the letter '{x}' occurs", True, lambda w, r, x: w.count(x)),
    "last": ("the last letter", False, lambda w, r, x: r[w[-1]]),
    "first": ("the first letter", False, lambda w, r, x: r[w[0]]),
    "backwards": ("the word spelled backwards, compared in alphabetical order like a word", False,
                  lambda w, r, x: tuple(r[ch] for ch in reversed(w))),
}


def _near_duplicate(rng, word: str) -> str:
    """A word one small edit away: a letter added or dropped at the end, changed, or two swapped."""
    kind = rng.randrange(4)
    if kind == 0:
        return word + rng.choice(string.ascii_lowercase)
    if kind == 1 and len(word) > 2:
        return word[:-1]
    if kind == 2 and len(word) > 1:
        i = rng.randrange(len(word) - 1)
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    i = rng.randrange(len(word))
    return word[:i] + rng.choice(string.ascii_lowercase) + word[i + 1:]


def sort_words(words, keys, alphabet: str) -> list[str]:
    """Sort by each (key, descending, letter) in turn, then by the whole word in `alphabet` order.

    `keys` ends with ("alpha", descending, None), the tie-breaker that makes the order total.
    Python's sort is stable, so sorting by the keys from last to first applies them in priority.
    """
    rank = {ch: i for i, ch in enumerate(alphabet)}
    out = list(words)
    for key, descending, letter in reversed(keys):
        if key == "alpha":
            fn = lambda w: tuple(rank[ch] for ch in w)  # noqa: E731 - a prefix sorts first
        else:
            fn = (lambda f: lambda w: f(w, rank, letter))(KEYS[key][2])
        out.sort(key=fn, reverse=descending)
    return out


def _describe(key: str, descending: bool, letter: str | None, custom: bool) -> str:
    where = "the custom alphabet" if custom else "the usual alphabet a-z"
    if key == "alpha":
        if descending:
            return (f"the whole word in reverse alphabetical order using {where} (the exact reverse of "
                    "alphabetical order, so a longer word comes before its own prefix)")
        return (f"the whole word in alphabetical order using {where} (letter by letter; "
                "a word that is a prefix of a longer word comes first)")
    text, is_count, _ = KEYS[key]
    text = text.format(x=letter)
    if is_count:
        return f"{text}, {'largest' if descending else 'smallest'} first"
    return f"{text}, {'later' if descending else 'earlier'} in {where} first"


def _split_answer(answer: str) -> list[str]:
    """The listed words, lowercase: comma-separated (or, without commas, space-separated), in one
    optional pair of brackets; a word may be quoted, as in a Python list."""
    s = strip_brackets(answer)
    parts = s.split(",") if "," in s else s.split()
    return [p.strip().strip("'\"`").strip().lower() for p in parts]


@register
class SortWords(Task):
    """Sort a list of words by a stated order. Level 1 is plain alphabetical order; higher levels
    reverse directions, sort by one to three keys before the alphabetical tie-breaker (length,
    vowel count, distinct letters, count of a letter, last letter, the word spelled backwards),
    switch all letter comparisons to a custom alphabet, and add near-duplicate words (a prefix
    of another word, one letter changed, two letters swapped) so that ties and close calls must
    be resolved carefully. The order is total, so exactly one list is correct. Words come from a
    small built-in vocabulary; near-duplicates need not be English words."""

    name = "strings/sort_words"
    knobs = (
        Knob("n_words", [4, 5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40], (2, 60),
             doc="number of words to sort"),
        Knob("n_keys", [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4], (0, 4),
             doc="sort keys applied before the final alphabetical tie-breaker"),
        Knob("descending", [False, True, False, True, True, True, True, True, True, True] + [True] * 10,
             doc="whether keys may run in descending order (each direction drawn at random)"),
        Knob("custom_alphabet", [False, False, False, False, [False, True], [False, True], True, True, True, True]
             + [True] * 10, doc="compare letters in a shuffled custom alphabet instead of a-z"),
        Knob("near_duplicates", [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], (0, 30),
             doc="words that are one small edit away from another word in the list"),
    )
    answer_format = ("the words in sorted order as a comma-separated list, e.g. pear,fig,pear "
                     "(letter case and spaces after commas are ignored)")
    example = "pear,fig,pear"  # the words are all different: a list with a word twice is never an answer

    def build(self, rng, params):
        n = params["n_words"]
        n_near = min(params["near_duplicates"], n - 1)
        words: list[str] = []
        seen: set[str] = set()
        while len(words) < n - n_near:
            w = rng.choice(VOCABULARY)
            if w not in seen:
                seen.add(w)
                words.append(w)
        while len(words) < n:
            w = _near_duplicate(rng, rng.choice(words))
            if w not in seen and len(w) >= 2:
                seen.add(w)
                words.append(w)
        rng.shuffle(words)

        custom = params["custom_alphabet"]
        alphabet = string.ascii_lowercase
        if custom:
            letters = list(alphabet)
            rng.shuffle(letters)
            alphabet = "".join(letters)
        may_descend = params["descending"]
        alpha_descending = may_descend and rng.random() < 0.5
        # "first letter" in the tie-breaker's own direction would be redundant: it runs the other way
        pool = sorted(k for k in KEYS if may_descend or k != "first")
        rng.shuffle(pool)
        keys = []
        for key in pool[:params["n_keys"]]:
            letter = rng.choice(sorted(set("".join(words)))) if key == "letter" else None
            descending = (not alpha_descending) if key == "first" else (may_descend and rng.random() < 0.5)
            keys.append((key, descending, letter))
        keys.append(("alpha", alpha_descending, None))

        ordered = sort_words(words, keys, alphabet)
        if ordered == words:  # never hand out a list that is already sorted
            words = words[1:] + words[:1]

        lines = [f"Sort these {n} words: {', '.join(words)}", ""]
        if custom:
            lines += ["Compare letters using this custom alphabet, from first to last:",
                      " ".join(alphabet), "Every comparison of letters below uses this alphabet, not the usual a-z.", ""]
        if len(keys) == 1:
            lines.append(f"Order them by {_describe(*keys[0], custom)}.")
        else:
            lines.append("Order them by these rules, in priority order: a later rule only breaks ties left by the earlier ones.")
            for i, k in enumerate(keys, 1):
                lines.append(f"{i}. By {_describe(*k, custom)}.")
        lines.append("Keep every word exactly as written, each exactly once.")
        return Draft("\n".join(lines), join(ordered), {"order": ordered})

    def effort(self, problem):
        # a comparison sort's comparisons, each deciding up to every key in turn
        n = len(problem.check["order"])
        return n * math.log2(n) * (problem.params["n_keys"] + 1)

    def grade(self, answer, problem):
        expected = problem.check["order"]
        given = _split_answer(answer)
        if not given or not all(given):
            return wrong("Write the words separated by commas.")
        if sorted(given) != sorted(expected):
            return wrong("The list must contain each given word exactly once and nothing else.")
        if given != expected:
            first = next(i for i, (a, b) in enumerate(zip(given, expected)) if a != b)
            return wrong(f"The order is wrong from position {first + 1} on.")
        return right()

