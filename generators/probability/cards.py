"""Cards without replacement: the exact probability of an event about a hand or about the order
in which cards are dealt."""
from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text
from procgym.seeding import stable_rng

from ._exact import PROB_EXAMPLE, PROB_FORMAT, fraction_check, grade_exact
from ._phrasing import COLOURS, noun, ordinal, word

SUITS = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = {1: "ace", 11: "jack", 12: "queen", 13: "king"}
STANDARD_TEXT = ("A standard deck has 52 cards: 13 ranks (ace, 2 to 10, jack, queen, king) in each of 4 suits "
                 "(spades and clubs are black, hearts and diamonds are red). Jacks, queens and kings are face cards.")
JOINS = {"all": "all of the following hold", "any": "at least one of the following holds"}
PATTERNS_BY_DIM = {"suit": ("same", "distinct", "kinds_eq", "some_share"),
                   "rank": ("distinct", "some_share", "one_pair", "two_pair", "three_kind", "kinds_eq")}


class Deck:
    """A deck of cards (rank, suit) with a way to name sets of ranks or suits."""

    def __init__(self, kind: str, ranks: int, suits: int, colours=()):
        self.kind, self.ranks, self.suits, self.colours = kind, ranks, suits, tuple(colours)
        self.cards = [(r, s) for s in range(suits) for r in range(1, ranks + 1)]

    def describe(self) -> str:
        if self.kind == "standard":
            return STANDARD_TEXT
        return (f"A pack has {len(self.cards)} cards: the numbers 1 to {self.ranks} in each of {word(self.suits)} "
                f"colours ({', '.join(self.colours)}), one card for each number and colour.")

    def rank_name(self, r: int) -> tuple[str, str]:
        if self.kind == "standard":
            name = RANK_NAMES.get(r, str(r))
            return (f"an {name}" if name[0] in "a8" else f"a {name}", f"{name}s")
        return (f"a card numbered {r}", f"cards numbered {r}")

    def random_attr(self, rng, dim: str):
        """A named set of suits or ranks: (dim, values, singular, plural)."""
        if dim == "suit":
            if self.kind == "standard":
                if rng.random() < 0.3:
                    colour = rng.choice(("red", "black"))
                    return ("suit", (1, 2) if colour == "red" else (0, 3), f"a {colour} card", f"{colour} cards")
                s = rng.randrange(4)
                return ("suit", (s,), f"a {SUITS[s][:-1]}", SUITS[s])
            s = rng.randrange(self.suits)
            return ("suit", (s,), f"a {self.colours[s]} card", f"{self.colours[s]} cards")
        roll = rng.random()
        if self.kind == "standard":
            if roll < 0.3:
                return ("rank", (11, 12, 13), "a face card", "face cards")
            r = rng.choice((1, 1, 13, 12, 11) + tuple(range(2, 11)))
            return ("rank", (r,), *self.rank_name(r))
        if roll < 0.25:
            return ("rank", tuple(range(2, self.ranks + 1, 2)), "an even-numbered card", "even-numbered cards")
        if roll < 0.5:
            t = rng.randint(2, self.ranks - 1)
            return ("rank", tuple(range(t, self.ranks + 1)), f"a card numbered {t} or higher",
                    f"cards numbered {t} or higher")
        r = rng.randint(1, self.ranks)
        return ("rank", (r,), *self.rank_name(r))

    def has(self, attr, card) -> bool:
        return (card[1] if attr[0] == "suit" else card[0]) in attr[1]

    def dim_words(self, dim: str) -> tuple[str, str]:
        if dim == "suit":
            return ("suit", "suits") if self.kind == "standard" else ("colour", "colours")
        return ("rank", "ranks") if self.kind == "standard" else ("number", "numbers")


# --------------------------------------------------------------------------- exact counting

@lru_cache(maxsize=4096)
def hand_states(cells: tuple, n: int, track: bool) -> tuple:
    """Unordered hands of n cards from disjoint cells (size, flags): the number of hands for each
    (flagged counts, pattern), by a DP over the cells choosing how many cards each contributes.
    The pattern (sorted non-zero cell counts) is tracked when the cells are the ranks or suits."""
    m = len(cells[0][1])
    states = {(0, (0,) * m, ()): 1}
    for size, flags in cells:
        new: dict = defaultdict(int)
        ways_k = [comb(size, k) for k in range(size + 1)]
        flagged = [i for i, f in enumerate(flags) if f]
        for (drawn, counts, pattern), ways in states.items():
            new[(drawn, counts, pattern)] += ways
            for k in range(1, min(size, n - drawn) + 1):
                if flagged:
                    c = list(counts)
                    for i in flagged:
                        c[i] += k
                    c = tuple(c)
                else:
                    c = counts
                if track:
                    j = 0
                    while j < len(pattern) and pattern[j] >= k:
                        j += 1
                    key = (drawn + k, c, pattern[:j] + (k,) + pattern[j:])
                else:
                    key = (drawn + k, c, ())
                new[key] += ways * ways_k[k]
        states = new
    return tuple(((counts, pattern), ways) for (drawn, counts, pattern), ways in states.items() if drawn == n)


@lru_cache(maxsize=4096)
def deal_sequences(cells: tuple, m: int) -> tuple:
    """Ordered deals of m cards from disjoint cells (size, flags): for each sequence of cells, the
    number of ordered deals (the product of the cards left in each cell as it is dealt)."""
    out = []
    for seq in product(range(len(cells)), repeat=m):
        left = [c[0] for c in cells]
        ways = 1
        for i in seq:
            ways *= left[i]
            left[i] -= 1
            if ways == 0:
                break
        if ways:
            out.append((tuple(cells[i][1] for i in seq), ways))
    return tuple(out)


def atom_holds(atom, counts, pattern=(), seq=()) -> bool:
    kind = atom[0]
    if kind == "count":
        _, i, op, k = atom
        c = counts[i]
        return c == k if op == "eq" else c >= k if op == "ge" else c <= k
    if kind == "pattern":
        _, pk, j = atom
        if pk == "same":
            return len(pattern) == 1
        if pk == "distinct":
            return all(c == 1 for c in pattern)
        if pk == "kinds_eq":
            return len(pattern) == j
        if pk == "some_share":
            return pattern[0] >= 2
        if pk == "one_pair":
            return pattern[0] == 2 and pattern[1:2] != (2,)
        if pk == "two_pair":
            return pattern[:2] == (2, 2) and pattern[2:3] != (2,)
        if pk == "three_kind":
            return pattern[0] == 3 and all(c == 1 for c in pattern[1:])
    if kind == "pos":
        _, pos, i, truth = atom
        return bool(seq[pos - 1][i]) == truth
    if kind == "first":
        _, i, j = atom
        return seq[j - 1][i] == 1 and all(s[i] == 0 for s in seq[:j - 1])
    raise ValueError(f"unknown atom {atom!r}")


def event_holds(event, counts, pattern=(), seq=()) -> bool:
    join, atoms = event
    hits = [atom_holds(a, counts, pattern, seq) for a in atoms]
    return all(hits) if join == "all" else any(hits)


def deck_cells(deck: Deck, attrs, dim=None) -> tuple[tuple, bool]:
    """The disjoint cells (size, attribute flags) the deck splits into, and whether patterns are
    tracked: the ranks or suits themselves when a pattern over `dim` is asked, else the classes of
    cards with the same flags."""
    if dim is not None:
        values = range(1, deck.ranks + 1) if dim == "rank" else range(deck.suits)
        size = deck.suits if dim == "rank" else deck.ranks
        return tuple((size, tuple(int(v in a[1]) for a in attrs)) for v in values), True
    groups: dict = defaultdict(int)
    for card in deck.cards:
        groups[tuple(int(deck.has(a, card)) for a in attrs)] += 1
    return tuple((size, flags) for flags, size in sorted(groups.items())), False


def truth_table(cells: tuple, track: bool, n: int, atoms: tuple, ordered: bool) -> dict:
    """For n cards dealt without replacement, the number of hands (or ordered deals) making each
    combination of the atoms true: {tuple of bools: ways}."""
    table: dict = defaultdict(int)
    if ordered:
        for seq, ways in deal_sequences(cells, n):
            table[tuple(atom_holds(a, (), (), seq) for a in atoms)] += ways
    else:
        for (counts, pattern), ways in hand_states(cells, n, track):
            table[tuple(atom_holds(a, counts, pattern) for a in atoms)] += ways
    return table


def table_probability(table: dict, join: str, event_idx, given_idx=None) -> Fraction:
    """P(join over the event atoms | the given atom) from a truth table."""
    num = den = 0
    for truths, ways in table.items():
        if given_idx is None or truths[given_idx]:
            den += ways
            hits = [truths[i] for i in event_idx]
            if all(hits) if join == "all" else any(hits):
                num += ways
    return Fraction(num, den) if den else Fraction(-1)


def card_probability(deck: Deck, attrs, n: int, event, given=None, ordered=False, dim=None) -> Fraction:
    """P(event | given) for n cards dealt without replacement from `deck` (hands counted by
    hand_states, ordered deals by deal_sequences)."""
    atoms = tuple(event[1]) + ((given,) if given else ())
    cells, track = deck_cells(deck, attrs, dim if any(a[0] == "pattern" for a in atoms) else None)
    table = truth_table(cells, track, n, atoms, ordered)
    k = len(event[1])
    return table_probability(table, event[0], range(k), k if given else None)


# --------------------------------------------------------------------------- phrasing

def count_text(atom, attrs, n: int) -> str:
    _, i, op, k = atom
    sing, plur = attrs[i][2], attrs[i][3]
    if op == "eq" and k == 0:
        return f"none of the cards is {sing}"
    if op == "eq" and k == n:
        return f"{'both' if n == 2 else 'all ' + word(n)} cards are {plur}"
    if op == "ge" and k == 1:
        return f"at least one of the cards is {sing}"
    words = {"eq": "exactly", "ge": "at least", "le": "at most"}[op]
    return f"{words} {word(k)} of the cards {'is ' + sing if k == 1 else 'are ' + plur}"


def pattern_text(atom, deck: Deck, dim: str, n: int) -> str:
    _, pk, j = atom
    one, many = deck.dim_words(dim)
    if pk == "same":
        return f"all {word(n)} cards have the same {one}"
    if pk == "distinct":
        return f"no two of the cards have the same {one}"
    if pk == "kinds_eq":
        return f"exactly {word(j)} different {noun(j, one, many)} appear among the cards"
    if pk == "some_share":
        return f"at least two of the cards have the same {one}"
    others = "every other card has a " + one + " of its own"
    if pk == "one_pair":
        return f"exactly two cards share a {one} and {others}" if n > 2 else f"exactly two cards share a {one}"
    if pk == "two_pair":
        rest = f", and {others}" if n > 4 else ""
        return f"two cards share one {one} and two other cards share a different {one}{rest}"
    return f"exactly three cards share a {one} and {others}" if n > 3 else f"exactly three cards share a {one}"


def seq_text(atom, attrs) -> str:
    if atom[0] == "pos":
        _, pos, i, truth = atom
        return f"the {ordinal(pos)} card dealt is {'' if truth else 'not '}{attrs[i][2]}"
    _, i, j = atom
    if j == 1:
        return f"the first card dealt is {attrs[i][2]}"
    return f"the first {attrs[i][2].split(' ', 1)[1]} to appear is the {ordinal(j)} card dealt"


@register
class CardDraws(Task):
    """The exact probability of an event when cards are drawn without replacement from a described
    deck (a standard 52-card deck, or a numbered pack in several colours). Level 1 asks about a
    two-card hand and one count ("exactly one heart"); higher levels draw more cards, ask about the
    order of the deal ("the first ace is the third card"), about patterns (same suit, exactly one
    pair, all different numbers), combine two or three events, and condition on another event.
    Answers are counted exactly: a DP over ranks, suits or attribute classes for hands, and an
    enumeration of class sequences for deals."""

    name = "probability/card_draws"
    cap_reason = ("the exact count runs a DP over ranks, suits and attribute classes that slows below the speed target "
                  "past nine cards; by level 16 every event kind, three events and a condition are always in play")
    knobs = (
        Knob("hand_size", [2, 2, 3, 3, 4, (4, 5), 5, 5, (5, 6), 6, 6, 7, 7, 8, 8, 9], (2, 12), doc="cards drawn"),
        Knob("kinds", ["count", "count_ordered", "count_ordered", "all", "all", "all", "all", "all", "all", "all"]
             + ["all"] * 6,
             choices=("count", "count_ordered", "all"), doc="event kinds: counts, ordered deals, patterns"),
        Knob("n_events", [1, 1, 1, 2, 2, 2, (2, 3), 3, 3, 3] + [3] * 6, (1, 3), doc="atomic events combined"),
        Knob("condition_percent", [0, 0, 0, 20, 30, 40, 50, 50, 60, 70, 75, 80, 90, 90, 100, 100], (0, 100),
             doc="chance that the question is conditional, P(A | B)"),
        Knob("deck", ["standard", "standard", "standard", "either", "either", "either", "either", "either", "either",
             "either"] + ["either"] * 6, choices=("standard", "numbered", "either"),
             doc="which deck the cards come from"),
    )
    answer_format = PROB_FORMAT
    example = PROB_EXAMPLE

    def build(self, rng, params):
        question, p, _ = self._compose(rng, params)
        return Draft(question, frac_text(p), fraction_check(p))

    def effort(self, problem):
        # the reference enumerates every hand state (or every sequence of card classes in a deal)
        # and tests each atomic event, and the condition, on it; the record's seed and knob
        # values replay the same draws to find them
        _, _, work = self._compose(stable_rng(self.name, problem.params, problem.seed), dict(problem.params))
        return work

    def _compose(self, rng, params):
        """(question, probability, enumeration work): the draws of one problem, in order."""
        deck_kind = params["deck"] if params["deck"] != "either" else rng.choice(("standard", "numbered"))
        if deck_kind == "standard":
            deck = Deck("standard", 13, 4)
        else:
            s = rng.randint(2, 4)
            deck = Deck("numbered", rng.randint(5, 10), s, sorted(rng.sample(COLOURS[:5], s), key=COLOURS.index))
        n = min(params["hand_size"], len(deck.cards) - 1)
        kind = {"count": "count", "count_ordered": rng.choice(("count", "ordered")),
                "all": rng.choice(("count", "ordered", "pattern"))}[params["kinds"]]
        conditional = rng.randrange(100) < params["condition_percent"]
        k = params["n_events"]
        for _ in range(300):
            made = self._event(rng, deck, kind, n, k, conditional)
            if made is None:
                continue
            attrs, event, given, dim, m = made
            atoms = tuple(event[1]) + ((given,) if given else ())
            cells, track = deck_cells(deck, attrs, dim)
            table = truth_table(cells, track, m, atoms, kind == "ordered")
            idx = range(len(event[1]))
            g = len(event[1]) if given else None
            p = table_probability(table, event[0], idx, g)
            if not 0 < p < 1:
                continue
            if len(idx) > 1 and any(p == table_probability(table, event[0], [j for j in idx if j != i], g)
                                    for i in idx):
                continue  # every part of a compound event must matter
            if g is not None and p == table_probability(table, event[0], idx):
                continue  # the condition must matter
            break
        else:
            attrs = [("rank", (1,), "an ace", "aces")]
            event, given, dim, m, kind = ("all", (("count", 0, "ge", 1),)), None, None, n, "count"
            p = card_probability(deck, attrs, m, event)
        question = deck.describe() + "\n\n"
        if kind == "ordered":
            question += (f"The deck is shuffled well and cards are dealt one at a time from the top "
                         f"(without replacement).")
            texts = [seq_text(a, attrs) for a in event[1]]
            given_text = seq_text(given, attrs) if given else None
        else:
            question += f"You draw {word(m)} cards at random from the well-shuffled deck, without replacement."

            def text(a):
                return count_text(a, attrs, m) if a[0] == "count" else pattern_text(a, deck, dim, m)
            texts = [text(a) for a in event[1]]
            given_text = text(given) if given else None
        if given_text:
            question += f" You are told that {given_text}.\n\nGiven this, what is the probability that "
        else:
            question += "\n\nWhat is the probability that "
        if len(texts) == 1:
            question += texts[0] + "?"
        else:
            question += JOINS[event[0]] + "?\n" + "\n".join(f"- {t}" for t in texts)
        atoms = tuple(event[1]) + ((given,) if given else ())
        cells, track = deck_cells(deck, attrs, dim)
        states = len(deal_sequences(cells, m)) if kind == "ordered" else len(hand_states(cells, m, track))
        return question, p, states * len(atoms)

    def _event(self, rng, deck: Deck, kind: str, n: int, k: int, conditional: bool):
        """Attributes, an event (join, atoms), an optional condition, the pattern dimension and the
        number of cards the event is about; parameters are read off a random deal so they are possible."""
        deal = rng.sample(deck.cards, n)
        if kind == "pattern":
            dim = rng.choice(("suit", "rank"))
            pks = [pk for pk in PATTERNS_BY_DIM[dim] if self._pattern_ok(pk, dim, deck, n)]
            if not pks:
                return None
            attrs, atoms = [], []
            pk = rng.choice(pks)
            atoms.append(("pattern", pk, self._kinds_in(deal, dim)))
            for _ in range(k - 1 + conditional):
                attr = deck.random_attr(rng, dim)
                if attr in attrs:
                    return None
                attrs.append(attr)
                atoms.append(self._count_atom(rng, deck, attr, len(attrs) - 1, deal))
            if not attrs:
                attrs.append(deck.random_attr(rng, dim))
            rng.shuffle(atoms)
            given = atoms.pop() if conditional else None
            return attrs, (rng.choice(("all", "any")), tuple(atoms)), given, dim, n
        n_atoms = k + conditional
        attrs = []
        for _ in range(min(n_atoms, 2 if kind == "ordered" else 3)):
            attr = deck.random_attr(rng, rng.choice(("suit", "rank")))
            if attr in attrs:
                return None
            attrs.append(attr)
        if kind == "ordered":
            m = min(n, rng.randint(2, 3) if n_atoms <= 2 else rng.randint(3, 4))
            atoms = []
            for _ in range(n_atoms):
                i = rng.randrange(len(attrs))
                if rng.random() < (0.8 if n_atoms == 1 else 0.25):
                    atoms.append(("first", i, rng.randint(2, m)))
                else:
                    pos = rng.randint(1, m)
                    atoms.append(("pos", pos, i, rng.random() < 0.7))
            if len({a[:2] for a in atoms if a[0] == "pos"}) < sum(a[0] == "pos" for a in atoms):
                return None
        else:
            m = n
            atoms = [self._count_atom(rng, deck, attrs[j % len(attrs)], j % len(attrs), deal) for j in range(n_atoms)]
            if len(set(atoms)) < len(atoms):
                return None
        rng.shuffle(atoms)
        given = atoms.pop() if conditional else None
        return attrs, (rng.choice(("all", "any")), tuple(atoms)), given, None, m

    @staticmethod
    def _count_atom(rng, deck, attr, i, deal):
        have = sum(deck.has(attr, c) for c in deal)
        n = len(deal)
        op = rng.choice(("eq", "eq", "ge", "le"))
        if op == "ge" and 1 < have < n:
            return ("count", i, "ge", have)
        if op == "le" and 0 < have < n - 1:
            return ("count", i, "le", have)
        if op == "ge" and have <= 1:
            return ("count", i, "ge", 1)
        return ("count", i, "eq", have)

    @staticmethod
    def _kinds_in(deal, dim):
        return len({c[1] if dim == "suit" else c[0] for c in deal})

    @staticmethod
    def _pattern_ok(pk, dim, deck, n):
        groups = deck.suits if dim == "suit" else deck.ranks
        per = deck.ranks if dim == "suit" else deck.suits
        if pk in ("distinct",):
            return n <= groups
        if pk == "some_share":
            return n <= groups
        if pk == "same":
            return n <= per
        if pk == "one_pair":
            return n >= 3 and per >= 2
        if pk == "two_pair":
            return n >= 4 and per >= 2
        if pk == "three_kind":
            return n >= 3 and per >= 3
        return True

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the probability")
