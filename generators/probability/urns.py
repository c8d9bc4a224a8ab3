"""Urns: the exact probability of an event about several draws from an urn of coloured balls,
with or without replacement, with a Polya rule, and after a ball moves between two urns."""
from __future__ import annotations

import re
from fractions import Fraction

from procgym import Draft, Knob, Task, register
from procgym.kit import frac_text

from ._exact import PROB_EXAMPLE, PROB_FORMAT, Space, fraction_check, grade_exact
from ._phrasing import COLOURS, and_list, events_in, number_of, ordinal, question_of, word

RULES = {
    "without": "without replacement",
    "with": "with replacement: after each draw the ball is put back and the urn is mixed before the next draw",
    "polya": ("by the following rule: after each draw the ball is put back into the urn together with one extra ball "
              "of the same colour, and the urn is mixed before the next draw"),
}
TIERS = {"without": ("without",), "with": ("with",), "both": ("without", "with"), "all": ("without", "with", "polya")}
JOINS = {"all": "all of the following hold", "any": "at least one of the following holds"}
SIMPLE = ("count", "pos", "first")
FULL = SIMPLE + ("all_same", "all_diff", "each_colour", "no_adjacent", "ends_same", "more")


def draw_sequences(counts, m: int, rule: str, source=None) -> list[tuple[tuple, int]]:
    """Every colour sequence of m draws with its weight: the number of ordered ways it happens, all
    over one common denominator (the product of the urn sizes at each draw). With `source`, one
    ball is first moved at random from the source urn into this one."""
    out: list = []

    def walk(left, seq, ways):
        if len(seq) == m:
            out.append((tuple(seq), ways))
            return
        for c, k in enumerate(left):
            if k:
                nxt = list(left)
                if rule == "without":
                    nxt[c] -= 1
                elif rule == "polya":
                    nxt[c] += 1
                seq.append(c)
                walk(nxt, seq, ways * k)
                seq.pop()

    if source is None:
        walk(list(counts), [], 1)
    else:
        for c, k in enumerate(source):
            if k:
                urn = list(counts)
                urn[c] += 1
                walk(urn, [], k)
    return out


def atom_holds(atom, seq) -> bool:
    kind = atom[0]
    if kind == "count":
        _, c, op, k = atom
        n = seq.count(c)
        return n == k if op == "eq" else n >= k if op == "ge" else n <= k
    if kind == "pos":
        return seq[atom[1] - 1] == atom[2]
    if kind == "first":
        _, c, j = atom
        return seq[j - 1] == c and c not in seq[:j - 1]
    if kind == "all_same":
        return len(set(seq)) == 1
    if kind == "all_diff":
        return len(set(seq)) == len(seq)
    if kind == "each_colour":
        return len(set(seq)) == atom[1]
    if kind == "no_adjacent":
        return all(a != b for a, b in zip(seq, seq[1:]))
    if kind == "ends_same":
        return seq[0] == seq[-1]
    if kind == "more":
        return seq.count(atom[1]) > seq.count(atom[2])
    raise ValueError(f"unknown atom {atom!r}")


def urn_space(counts, m, rule, source=None) -> Space:
    return Space(draw_sequences(counts, m, rule, source))


def atom_event(space: Space, atom) -> tuple:
    return space.event(lambda seq: atom_holds(atom, seq), key=atom)


def urn_probability(counts, m, rule, event, given=None, source=None, space=None) -> Fraction:
    """P(event | given) by exact weighted counting over every colour sequence."""
    space = space or urn_space(counts, m, rule, source)
    join, atoms = event
    masks = Space.combine(join, [atom_event(space, a) for a in atoms])
    return space.probability(masks, None if given is None else atom_event(space, given))


def atom_text(atom, names, m: int) -> str:
    kind = atom[0]
    if kind == "count":
        _, c, op, k = atom
        if op == "eq" and k == 0:
            return f"no {names[c]} ball is drawn"
        if op == "eq" and k == m:
            return f"{'both' if m == 2 else 'all ' + word(m)} balls drawn are {names[c]}"
        if op == "ge" and k == 1:
            return f"at least one {names[c]} ball is drawn"
        words = {"eq": "exactly", "ge": "at least", "le": "at most"}[op]
        return f"{words} {word(k)} of the balls drawn {'is' if k == 1 else 'are'} {names[c]}"
    if kind == "pos":
        return f"the {ordinal(atom[1])} ball drawn is {names[atom[2]]}"
    if kind == "first":
        return f"the first {names[atom[1]]} ball appears on the {ordinal(atom[2])} draw"
    if kind == "all_same":
        return "all the balls drawn have the same colour"
    if kind == "all_diff":
        return "all the balls drawn have different colours"
    if kind == "each_colour":
        return "at least one ball of every colour in the urn is drawn"
    if kind == "no_adjacent":
        return "no two consecutive balls drawn have the same colour"
    if kind == "ends_same":
        return "the first and the last ball drawn have the same colour"
    return f"more {names[atom[1]]} balls than {names[atom[2]]} balls are drawn"


def random_atom(rng, kinds, seq, n_colours):
    """An atom whose parameters are read off a random draw sequence, so that it is possible."""
    kind = rng.choice(kinds)
    m = len(seq)
    if kind == "count":
        c = rng.choice(seq) if rng.random() < 0.7 else rng.randrange(n_colours)
        have = seq.count(c)
        op = rng.choice(("eq", "eq", "ge", "le"))
        if op == "ge" and have >= 1:
            return ("count", c, "ge", have)
        if op == "le" and have < m:
            return ("count", c, "le", have)
        return ("count", c, "eq", have)
    if kind == "pos":
        i = rng.randint(1, m)
        return ("pos", i, seq[i - 1] if rng.random() < 0.7 else rng.randrange(n_colours))
    if kind == "first":
        j = rng.randint(2, m)
        return ("first", rng.randrange(n_colours), j)
    if kind == "each_colour":
        return ("each_colour", n_colours)
    if kind == "more":
        a, b = rng.sample(range(n_colours), 2)
        return ("more", a, b)
    return (kind,)


def urn_text(counts, names) -> str:
    return and_list(f"{k} {names[c]} {'ball' if k == 1 else 'balls'}" for c, k in enumerate(counts) if k)


@register
class UrnDraws(Task):
    """The exact probability of an event about m draws from an urn of coloured balls: counts of a
    colour, the colour of a given draw, when a colour first appears, all the same or all different
    colours, no two consecutive draws alike. Level 1 asks one count for two draws without
    replacement; higher levels draw more balls from more colours, mix in draws with replacement and
    Polya's rule (each drawn ball returns with an extra ball of its colour), move a hidden ball from a
    second urn first, combine events and condition on another event. Answers are computed by
    enumerating every colour sequence with exact integer weights."""

    name = "probability/urn_draws"
    cap_reason = ("the answer enumerates every colour sequence, at most 3^6 = 729 of them (more colours draw fewer "
                  "balls); by level 15 every draw rule, transfers, three events and a condition are in play")
    knobs = (
        Knob("draws", [2, 3, 3, 3, 4, 4, 5, 5, 5, 6] + [6] * 5, (1, 8), doc="balls drawn"),
        Knob("colours", [2, 2, 2, (2, 3), 3, 3, 3, (3, 4), (3, 4), (3, 4)] + [3] * 5, (2, 5), doc="colours in the urn"),
        Knob("rules", ["without", "without", "both", "both", "both", "all", "all", "all", "all", "all"] + ["all"] * 5,
             choices=tuple(TIERS), doc="how balls are returned after a draw"),
        Knob("transfer_percent", [0, 0, 0, 0, 0, 20, 30, 40, 50, 50, 55, 60, 70, 80, 90], (0, 100),
             doc="chance that a hidden ball is first moved in from a second urn"),
        Knob("n_events", [1, 1, 1, 2, 2, 2, 2, 3, 3, 3] + [3] * 5, (1, 4), doc="atomic events combined"),
        Knob("condition_percent", [0, 0, 20, 20, 30, 40, 40, 50, 60, 60, 70, 80, 90, 100, 100], (0, 100),
             doc="chance that the question is conditional, P(A | B)"),
    )
    answer_format = PROB_FORMAT
    example = PROB_EXAMPLE

    def build(self, rng, params):
        c = params["colours"]
        m = params["draws"]
        while c ** m > 729 and m > 2:
            m -= 1
        rule = rng.choice(TIERS[params["rules"]])
        names = sorted(rng.sample(COLOURS[:6], c), key=COLOURS.index)
        counts = [rng.randint(1, 6) for _ in range(c)]
        if rule == "without":
            while sum(counts) < m + 2:
                counts[rng.randrange(c)] += 1
        source = None
        if rng.randrange(100) < params["transfer_percent"]:
            source = [rng.randint(0, 4) for _ in range(c)]
            while sum(1 for k in source if k) < 2:
                source[rng.randrange(c)] += 1
        kinds = SIMPLE if params["n_events"] == 1 and params["condition_percent"] == 0 else FULL
        kinds = tuple(k for k in kinds if not (k == "all_diff" and m > c) and not (k == "each_colour" and m < c)
                      and not (k == "first" and m < 2))
        conditional = rng.randrange(100) < params["condition_percent"]
        k = params["n_events"]
        sequences = draw_sequences(counts, m, rule, source)
        space = Space(sequences)
        for _ in range(200):
            seq = rng.choice(sequences)[0]
            atoms = []
            while len(atoms) < k + conditional:
                a = random_atom(rng, kinds, seq, c)
                if a not in atoms:
                    atoms.append(a)
            join = rng.choice(("all", "any"))
            event, given = (join, tuple(atoms[:k])), (atoms[k] if conditional else None)
            p = urn_probability(counts, m, rule, event, given, space=space)
            if not 0 < p < 1:
                continue
            if k > 1 and any(p == urn_probability(counts, m, rule, (join, event[1][:i] + event[1][i + 1:]), given,
                                                  space=space) for i in range(k)):
                continue  # every part of a compound event must matter
            if given is not None and p == urn_probability(counts, m, rule, event, space=space):
                continue  # the condition must matter
            break
        else:
            atoms, join, conditional = [("count", 0, "ge", 1)], "all", False
            p = urn_probability(counts, m, rule, ("all", tuple(atoms)), space=space)
        event_atoms, given = atoms[:k], (atoms[k] if conditional else None)
        if source is None:
            question = f"An urn contains {urn_text(counts, names)}."
            who = "from the urn"
        else:
            question = (f"Urn A contains {urn_text(source, names)}. Urn B contains {urn_text(counts, names)}. "
                        f"First, one ball is drawn at random from urn A and put into urn B without anyone seeing "
                        f"its colour.")
            who = "from urn B"
        question += (f" Then {word(m)} balls are drawn {who} one at a time, each draw uniformly at random from the "
                     f"balls in the urn at that moment, {RULES[rule]}." if source is not None else
                     f" {word(m).capitalize()} balls are drawn one at a time, each uniformly at random from the balls "
                     f"in the urn at that moment, {RULES[rule]}.")
        if given is not None:
            question += f" You are told that {atom_text(given, names, m)}.\n\nGiven this, what is the probability that "
        else:
            question += "\n\nWhat is the probability that "
        texts = [atom_text(a, names, m) for a in event_atoms]
        if len(texts) == 1:
            question += texts[0] + "?"
        else:
            question += JOINS[join] + "?\n" + "\n".join(f"- {t}" for t in texts)
        return Draft(question, frac_text(p), fraction_check(p))

    def effort(self, problem):
        # every colour sequence of the draws is enumerated (after each possible transferred
        # ball), and each atomic event (and the condition) tested on it
        question = question_of(problem)
        names = [c for c in COLOURS if re.search(rf"\d+ {c} balls?", question)]

        def urn(text):
            found = dict((c, int(k)) for k, c in re.findall(r"(\d+) (\w+) balls?", text))
            return [found.get(c, 0) for c in names]

        if "Urn A contains" in question:
            source = urn(re.search(r"Urn A contains (.*?)\. Urn B", question).group(1))
            counts = urn(re.search(r"Urn B contains (.*?)\. First", question).group(1))
        else:
            source, counts = None, urn(re.search(r"An urn contains (.*?)\. ", question).group(1))
        m = number_of(re.search(r"(\w+) balls are drawn", question).group(1))
        rule = "with" if "with replacement" in question else "polya" if "extra ball" in question else "without"
        return len(draw_sequences(counts, m, rule, source)) * events_in(question)

    def grade(self, answer, problem):
        return grade_exact(answer, problem.check, "the probability")
