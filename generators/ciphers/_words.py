"""The cipher tasks' word list: drawing plaintext words and vocabularies, and segmenting letters
into listed words.

The word list below was written for procgym by its authors (common everyday English words chosen
by hand, not copied from any corpus or list) and ships under the project's Apache-2.0 licence.
"""
from __future__ import annotations

from functools import lru_cache

# Written for procgym (see the module docstring): lowercase, 2 to 8 letters, no duplicates.
WORDS = tuple(sorted(set("""
able about above across act add after again age ago air all also and animal answer any apple area
arm army art ask away baby back bad bag ball bank base bear beat bed bell best big bird black blue
boat body bone book both box boy bread bring brown build burn busy buy cake call calm camp can car
card care carry case cat catch chair chance change child city class clean clear clock close cloud
coast cold color come cook cool corn cost count cover cow cross crowd cup cut dance dark day deep
desk dog door down draw dream dress drink drive dry duck dust each early earth east easy eat edge
egg end enjoy enter even event ever every eye face fact fair fall farm fast fat field fill find fine
fire first fish five flag flat floor flow flower fly fog food foot forest form four free fresh friend
frog front fruit full game garden gate gift girl give glad glass goat gold good grass great green
ground group grow hair half hand happy hard hat have head hear heart heavy help hill hold home hope
horse hot hour house huge ice idea inch iron island job join joke jump just keep key kind king kite
knee know lake lamp land large last late laugh lead leaf learn leave left leg lemon letter light like
line lion list little live long look lost loud love low lucky lunch make man many map mark market
meal meet milk mind minute moon morning mother mountain mouse mouth move music name near neck need
nest never new news next nice night noise north nose note now number ocean offer old one open orange
other owl page paint paper park party pass path pen people pick piece pig pink place plan plant play
point pond poor prize pull push quick quiet rain read ready red rest rice rich ride right ring river
road rock roof room rope round run safe sail salt sand save say school sea seat see seed send seven
shape share sheep shell ship shoe shop short show shut side sign silver sing sit six size skin sky
sleep slow small smile snow soft song soon sound soup south space speak spoon spring square stamp
star start stay step stick still stone stop storm story street strong sugar summer sun swim table
tail take talk tall tea teach team ten tent test thank thing think three tiger time tiny today tool
top town toy train tree trip true turn two under until upper use valley very visit voice wait walk
wall warm wash watch water wave way wear week well west wet whale wheel white wide wild wind window
winter wise wish wolf wood word work world write yard year yellow young zero
""".split())))

WORD_SET = frozenset(WORDS)


@lru_cache(maxsize=None)
def _pool(min_len: int, max_len: int) -> tuple[str, ...]:
    return tuple(w for w in WORDS if min_len <= len(w) <= max_len)


def pick_words(rng, n: int, min_len: int = 2, max_len: int = 8) -> list[str]:
    """`n` words from the list (repeats allowed), each of length in [min_len, max_len]."""
    pool = _pool(min_len, max_len)
    return [pool[rng.randrange(len(pool))] for _ in range(n)]


def vocabulary(rng, needed, size: int) -> list[str]:
    """The sorted list of the `needed` words plus random other words, `size` words in all."""
    chosen = set(needed)
    while len(chosen) < size:
        chosen.add(WORDS[rng.randrange(len(WORDS))])
    return sorted(chosen)


def segmentable(letters: str, vocab: frozenset, max_len: int = 8) -> bool:
    """Whether `letters` splits into words of `vocab` (dynamic programming over prefixes)."""
    n = len(letters)
    ok = [False] * (n + 1)
    ok[0] = True
    for i in range(1, n + 1):
        for j in range(max(0, i - max_len), i):
            if ok[j] and letters[j:i] in vocab:
                ok[i] = True
                break
    return ok[n]
