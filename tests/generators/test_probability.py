"""Per-task tests for probability/*: exact values on known instances, every exact engine
cross-checked against brute-force enumeration of the underlying outcomes (rolls, hands, deals,
ball sequences, flip sequences, individuals), accepted alternative forms and rejected near misses."""
import itertools
import random
import statistics
from collections import Counter
from fractions import Fraction
from math import comb, factorial

import pytest

import procgym
from procgym import Problem
from procgym.generators.probability import _dice as dice
from procgym.generators.probability import bayes, cards, distributions, expectation, markov, tables, urns
from procgym.generators.probability import statistics as stats
from procgym.generators.probability._exact import solve_linear
from answer_helpers import example_never_pays, ok, stays_bounded_on_crafted_text

NAMES = ["probability/dice_events", "probability/card_draws", "probability/urn_draws", "probability/bayes_rule",
         "probability/two_way_table", "probability/expected_value", "probability/binomial_geometric",
         "probability/markov_absorption", "probability/descriptive_statistics"]
PROBABILITIES = [n for n in NAMES if n not in ("probability/expected_value", "probability/descriptive_statistics")]


def record(name, value, decimals=False, **check):
    value = Fraction(value)
    return Problem(name, 0, 5, {}, "(test)", str(value),
                   {"value": [value.numerator, value.denominator], "decimals": decimals, **check})


# --------------------------------------------------------------------------- all nine

@pytest.mark.parametrize("name", NAMES)
def test_every_level_generates_and_verifies(name):
    task = procgym.get(name)
    for level in range(1, 11):
        for seed in range(4):
            p = task.generate(seed=seed, difficulty=level)
            assert p.prompt.isascii()
            assert ok(p, p.answer), (name, level, seed)
            if "value" in p.check:
                value = Fraction(*p.check["value"])
                assert value != 0
                if name in PROBABILITIES and p.check.get("kind") != "steps":
                    assert 0 < value < 1, (name, level, seed, value)


@pytest.mark.parametrize("name", NAMES)
def test_levels_differ(name):
    knobs = procgym.get(name).knobs
    for level in range(1, 10):
        assert [k.levels[level - 1] for k in knobs] != [k.levels[level] for k in knobs], (name, level)


@pytest.mark.parametrize("name", PROBABILITIES)
def test_fraction_forms_and_near_misses(name):
    task = procgym.get(name)
    for seed in range(6):
        p = task.generate(seed=seed, difficulty=6)
        if "value" not in p.check:
            continue
        a, b = p.check["value"]
        for form in (f"{a}/{b}", f" {a} / {b} ", f"\\frac{{{a}}}{{{b}}}", f"$\\dfrac{{{a}}}{{{b}}}$", f"{a}/{b}."):
            assert ok(p, form), form
        for miss in (f"{a + 1}/{b}", f"{b - a}/{b}", f"{b}/{a}", f"{2 * a}/{2 * b}", f"-{a}/{b}", f"{a}/{b + 1}"):
            if miss != f"{a}/{b}":
                assert not ok(p, miss), miss
        if b in (2, 4, 5, 8, 10, 16, 20, 25):
            assert not ok(p, str(float(Fraction(a, b)))), "a decimal where the prompt asks for a fraction"
        for hedge in (f"0, {a}/{b}", f"x != {a}/{b}", f"3x + 1 = {a}/{b}", f"not {a}/{b}", f"{a}/{b} I think",
                      f"{a}/{b} or {a + 1}/{b}", f"{a}/{b}\n{a + 1}/{b}", f"P = {a}/{b}", f"{a} {b}"):
            assert not ok(p, hedge), hedge


def test_unreduced_and_decimal_policy():
    p = record("probability/dice_events", Fraction(3, 8))
    assert ok(p, "3/8") and ok(p, "\\frac{3}{8}") and ok(p, "3/8 \\approx 0.375") and ok(p, "\\frac{3}{8} ≈ 0.38")
    assert not ok(p, "6/16") and not ok(p, "0.375") and not ok(p, "3/8 or 1/2")
    assert not ok(p, "3/8 ≈ 0.4 ≈ 0.38") and not ok(p, "3/8 ≈ 0.5") and not ok(p, "≈ 0.375") and not ok(p, "3/8 ≈ 3/8")
    q = record("probability/expected_value", Fraction(-7, 4), decimals=True)
    assert ok(q, "-7/4") and ok(q, "-1.75") and ok(q, "-1.750") and ok(q, "-\\frac{7}{4}")
    assert not ok(q, "-14/8") and not ok(q, "-1.7") and not ok(q, "7/4") and not ok(q, "-1.8")


# --------------------------------------------------------------------------- dice

def brute_dice(sides, event, given=None):
    num = den = 0
    for roll in itertools.product(*[range(1, s + 1) for s in sides]):
        values = tuple(sorted(roll))
        if given is None or dice.holds(given, values):
            den += 1
            num += dice.event_holds(event, values)
    return Fraction(num, den)


def test_dice_known_values():
    assert dice.probability([6, 6], ("all", (("sum_eq", 7),))) == Fraction(1, 6)
    assert dice.probability([6, 6, 6], ("all", (("distinct",),))) == Fraction(5, 9)
    assert dice.probability([6, 6], ("all", (("at_least_one", 6),))) == Fraction(11, 36)
    # P(sum 8 | doubles) = 1/6 (only 4+4 of six doubles)
    assert dice.probability([6, 6], ("all", (("sum_eq", 8),)), ("all_same",)) == Fraction(1, 6)
    assert dice.probability([4, 6], ("one", (("sum_eq", 5), ("max_eq", 4)))) == brute_dice(
        [4, 6], ("one", (("sum_eq", 5), ("max_eq", 4))))
    assert sum(w for _, w in dice.outcomes((4, 6, 6, 8))) == 4 * 6 * 6 * 8


def test_dice_engine_matches_brute_force():
    rng = random.Random(1)
    for _ in range(150):
        sides = sorted(rng.choice((4, 6, 8)) for _ in range(rng.randint(1, 4)))
        atoms = tuple(dice.random_atom(rng, dice.FULL, sides) for _ in range(rng.randint(1, 3)))
        event = (rng.choice(("all", "any", "one")), atoms)
        given = dice.random_atom(rng, dice.FULL, sides) if rng.random() < 0.5 else None
        expected = brute_dice(sides, event, given) if given is None or any(
            dice.holds(given, tuple(sorted(r))) for r in itertools.product(*[range(1, s + 1) for s in sides])) else -1
        assert dice.probability(sides, event, given) == expected


# --------------------------------------------------------------------------- cards

def brute_cards(deck, attrs, n, event, given, ordered, dim):
    """Enumerate every hand (or every ordered deal) of actual cards."""
    num = den = 0
    draws = itertools.permutations(deck.cards, n) if ordered else itertools.combinations(deck.cards, n)
    for hand in draws:
        flags = [tuple(int(deck.has(a, c)) for a in attrs) for c in hand]
        counts = tuple(sum(f[i] for f in flags) for i in range(len(attrs)))
        key = (lambda c: c[1]) if dim == "suit" else (lambda c: c[0])
        pattern = tuple(sorted(Counter(key(c) for c in hand).values(), reverse=True)) if dim else ()
        if given is None or cards.atom_holds(given, counts, pattern, flags):
            den += 1
            num += cards.event_holds(event, counts, pattern, flags)
    return Fraction(num, den) if den else Fraction(-1)


def test_cards_known_values():
    deck = cards.Deck("standard", 13, 4)
    ace = ("rank", (1,), "an ace", "aces")
    heart = ("suit", (1,), "a heart", "hearts")
    assert cards.card_probability(deck, [ace], 2, ("all", (("count", 0, "eq", 2),))) == Fraction(1, 221)
    # a flush (any five of one suit): 4 * C(13, 5) / C(52, 5)
    flush = cards.card_probability(deck, [heart], 5, ("all", (("pattern", "same", 1),)), dim="suit")
    assert flush == Fraction(4 * comb(13, 5), comb(52, 5))
    # exactly one pair in five cards: 1,098,240 hands
    pair = cards.card_probability(deck, [ace], 5, ("all", (("pattern", "one_pair", 0),)), dim="rank")
    assert pair == Fraction(1098240, comb(52, 5))
    # the first ace is the third card: 48/52 * 47/51 * 4/50
    assert cards.card_probability(deck, [ace], 3, ("all", (("first", 0, 3),)), ordered=True) == \
        Fraction(48 * 47 * 4, 52 * 51 * 50)
    # P(second card is a heart | first card is a heart) = 12/51
    assert cards.card_probability(deck, [heart], 2, ("all", (("pos", 2, 0, True),)), ("pos", 1, 0, True),
                                  ordered=True) == Fraction(12, 51)


def test_cards_engine_matches_brute_force():
    rng = random.Random(2)
    task = cards.CardDraws()
    checked = 0
    while checked < 60:
        deck = cards.Deck("numbered", rng.randint(3, 5), rng.randint(2, 3), ["red", "blue", "green"])
        kind = rng.choice(("count", "ordered", "pattern"))
        n = rng.randint(2, 4 if kind != "ordered" else 3)
        made = task._event(rng, deck, kind, n, rng.randint(1, 3), rng.random() < 0.5)
        if made is None:
            continue
        attrs, event, given, dim, m = made
        got = cards.card_probability(deck, attrs, m, event, given, kind == "ordered", dim)
        assert got == brute_cards(deck, attrs, m, event, given, kind == "ordered", dim), (kind, event, given)
        checked += 1
    # the standard deck, three cards, against all 22,100 hands
    deck = cards.Deck("standard", 13, 4)
    attrs = [("rank", (11, 12, 13), "a face card", "face cards"), ("suit", (1, 2), "a red card", "red cards")]
    event = ("any", (("count", 0, "eq", 1), ("count", 1, "ge", 2)))
    assert cards.card_probability(deck, attrs, 3, event) == brute_cards(deck, attrs, 3, event, None, False, None)


# --------------------------------------------------------------------------- urns

def brute_urn(counts, m, rule, event, given=None, source=None):
    """Without or with replacement: every ordered draw of labelled balls; Polya: exchangeable
    sequence probabilities prod rising(a_c, k_c) / rising(N, m)."""
    def rising(x, k):
        out = 1
        for i in range(k):
            out *= x + i
        return out

    def table_for(urn):
        balls = [c for c, k in enumerate(urn) for _ in range(k)]
        weights: Counter = Counter()
        if rule == "without":
            for seq in itertools.permutations(range(len(balls)), m):
                weights[tuple(balls[i] for i in seq)] += Fraction(1, factorial(len(balls)) // factorial(len(balls) - m))
        elif rule == "with":
            for seq in itertools.product(range(len(balls)), repeat=m):
                weights[tuple(balls[i] for i in seq)] += Fraction(1, len(balls) ** m)
        else:
            for seq in itertools.product(range(len(urn)), repeat=m):
                num = 1
                for c in range(len(urn)):
                    num *= rising(urn[c], seq.count(c))
                weights[seq] += Fraction(num, rising(sum(urn), m))
        return weights

    total: Counter = Counter()
    if source is None:
        total = table_for(counts)
    else:
        for c, k in enumerate(source):
            if k:
                urn = list(counts)
                urn[c] += 1
                for seq, w in table_for(urn).items():
                    total[seq] += w * Fraction(k, sum(source))
    num = den = Fraction(0)
    for seq, w in total.items():
        if given is None or urns.atom_holds(given, seq):
            den += w
            if all(urns.atom_holds(a, seq) for a in event[1]) if event[0] == "all" else any(
                    urns.atom_holds(a, seq) for a in event[1]):
                num += w
    return num / den if den else Fraction(-1)


def test_urn_known_values():
    # 3 red, 2 blue, two draws without replacement: both red = 3/10
    assert urns.urn_probability([3, 2], 2, "without", ("all", (("count", 0, "eq", 2),))) == Fraction(3, 10)
    # with replacement: both red = 9/25
    assert urns.urn_probability([3, 2], 2, "with", ("all", (("count", 0, "eq", 2),))) == Fraction(9, 25)
    # Polya, 1 red 1 blue: the number of reds in m draws is uniform on 0..m
    assert urns.urn_probability([1, 1], 4, "polya", ("all", (("count", 0, "eq", 1),))) == Fraction(1, 5)
    # the second draw has the same law as the first, whatever the rule
    for rule in ("without", "with", "polya"):
        assert urns.urn_probability([4, 1, 2], 3, rule, ("all", (("pos", 2, 1),))) == Fraction(1, 7)


def test_urn_engine_matches_brute_force():
    rng = random.Random(3)
    for _ in range(60):
        c = rng.randint(2, 3)
        counts = [rng.randint(1, 3) for _ in range(c)]
        m = rng.randint(2, 3)
        rule = rng.choice(("without", "with", "polya"))
        source = [rng.randint(0, 2) for _ in range(c)] if rng.random() < 0.3 else None
        if source is not None and not any(source):
            source = None
        seqs = urns.draw_sequences(counts, m, rule, source)
        seq = rng.choice(seqs)[0]
        atoms = [urns.random_atom(rng, urns.FULL, seq, c) for _ in range(rng.randint(1, 3))]
        event = (rng.choice(("all", "any")), tuple(atoms))
        given = urns.random_atom(rng, urns.FULL, seq, c) if rng.random() < 0.4 else None
        assert urns.urn_probability(counts, m, rule, event, given, source) == \
            brute_urn(counts, m, rule, event, given, source), (counts, m, rule, event, given, source)


# --------------------------------------------------------------------------- Bayes

def brute_bayes(model, priors, obs, ask, target):
    """Enumerate (cause, full observation sequence including one more) with joint probabilities."""
    k = len(priors)
    if model["kind"] == "boxes":
        outcomes = range(len(model["contents"][0]))
        extra = [[o] for o in outcomes]
    else:
        outcomes = [(obs[0][0], True), (obs[0][0], False)]
        extra = [[o] for o in outcomes]
    joint_obs = Fraction(0)
    joint = [Fraction(0)] * k
    nxt = Fraction(0)
    for h in range(k):
        for more in extra:
            w = priors[h] * bayes.likelihood(model, h, obs + more)
            joint[h] += w
            joint_obs += w
            if more[0] == target:
                nxt += w
    if ask == "evidence":
        return joint_obs
    if ask == "posterior":
        return joint[target] / joint_obs
    return nxt / joint_obs


def test_bayes_known_values():
    model = {"kind": "bernoulli", "rates": [[Fraction(9, 10)], [Fraction(9, 100)]]}
    priors = [Fraction(1, 100), Fraction(99, 100)]
    assert bayes.bayes_answer(model, priors, [(0, True)], "posterior", 0) == Fraction(10, 109)
    assert bayes.bayes_answer(model, priors, [(0, True)], "evidence", None) == Fraction(90 * 1 + 99 * 9, 10000)
    coins = {"kind": "bernoulli", "rates": [[Fraction(1, 2)], [Fraction(1)]]}
    # one fair and one two-headed coin, two heads seen: P(two-headed) = 4/5, next head 9/10
    assert bayes.bayes_answer(coins, [Fraction(1, 2)] * 2, [(0, True)] * 2, "posterior", 1) == Fraction(4, 5)
    assert bayes.bayes_answer(coins, [Fraction(1, 2)] * 2, [(0, True)] * 2, "predictive", (0, True)) == \
        Fraction(9, 10)
    boxes = {"kind": "boxes", "contents": [[2, 1], [0, 3]], "replace": False}
    assert bayes.bayes_answer(boxes, [Fraction(1, 2)] * 2, [1], "posterior", 1) == Fraction(3, 4)


def test_bayes_matches_joint_enumeration():
    rng = random.Random(4)
    task = bayes.BayesRule()
    for _ in range(80):
        story = rng.choice(("factory", "coin", "boxes"))
        k, n_obs = rng.randint(2, 4), rng.randint(1, 4)
        model, priors, obs, _, next_obs = getattr(task, "_" + story)(rng, k, n_obs)
        for ask in ("evidence", "posterior", "predictive"):
            target = rng.randrange(len(priors)) if ask == "posterior" else next_obs
            got = bayes.bayes_answer(model, priors, obs, ask, target)
            if got == -1:
                continue
            assert got == brute_bayes(model, priors, obs, ask, target), (story, ask)


def test_bayes_test_story_two_tests():
    task = procgym.get("probability/bayes_rule")
    seen = False
    for seed in range(60):
        p = task.generate(seed=seed, difficulty=10)
        if "Test B" in p.prompt:
            seen = True
            assert ok(p, p.answer)
    assert seen


# --------------------------------------------------------------------------- expected values

def test_expected_value_known_values():
    assert expectation.function_value([6, 6], "max") == Fraction(161, 36)
    assert expectation.function_value([6, 6], "min") == Fraction(91, 36)
    assert expectation.function_value([6, 6], "range") == Fraction(35, 18)
    assert expectation.reroll_value(6, 1, 0) == Fraction(17, 4)
    assert expectation.reroll_value(6, 2, 0) == Fraction(14, 3)
    assert expectation.reroll_value(6, 1, 0, threshold=4) == Fraction(1, 2) * Fraction(7, 2) + Fraction(1, 2) * 5
    # red ball among 1 red and 3 blue: expected draws to the first red = (N + 1) / (r + 1) = 5/2
    assert expectation.draws_until((1, 3), ("kth", 0, 1)) == Fraction(5, 2)
    assert expectation.draws_until((2, 3), ("kth", 0, 2)) == Fraction(2 * 6, 3)  # k(N+1)/(r+1)
    # fair coin, at most 2 flips: pays 1 on flip 1, 2 on flip 2, loses 4 otherwise: 1/2 + 1/2 - 1 = 0
    assert expectation.coin_value(Fraction(1, 2), 2, [1, 2], 4) == 0
    rules = [(("sum_eq", 7), 10)]
    assert expectation.game_value([6, 6], rules, -2, 0) == Fraction(10, 6) - Fraction(2 * 5, 6)


def test_expected_value_engines_match_brute_force():
    rng = random.Random(5)
    for _ in range(40):
        sides = sorted(rng.choice((4, 6, 8)) for _ in range(rng.randint(2, 3)))
        rules = [(dice.random_atom(rng, dice.FULL, sides), rng.randint(1, 9)) for _ in range(rng.randint(1, 3))]
        otherwise, fee = -rng.randint(0, 5), rng.randint(0, 3)
        total = Fraction(0)
        rolls = list(itertools.product(*[range(1, s + 1) for s in sides]))
        for roll in rolls:
            v = tuple(sorted(roll))
            total += next((w for a, w in rules if dice.holds(a, v)), otherwise)
        assert expectation.game_value(sides, rules, otherwise, fee) == total / len(rolls) - fee
        f = rng.choice(expectation.FUNCTIONS)
        assert expectation.function_value(sides, f) == Fraction(
            sum(expectation.dice_function(tuple(sorted(r)), f) for r in rolls), len(rolls))
    # draws until: every ordering of labelled balls
    cases = [((2, 3), ("kth", 0, 1)), ((2, 2, 1), ("all",)), ((3, 2), ("kth", 1, 2)), ((1, 2, 2), ("all",))]
    for counts, rule in cases:
        balls = [c for c, k in enumerate(counts) for _ in range(k)]
        total, n = 0, 0
        for perm in itertools.permutations(balls):
            seen, got = set(), 0
            for i, c in enumerate(perm, 1):
                seen.add(c)
                got += c == rule[1] if rule[0] == "kth" else 0
                if (rule[0] == "kth" and got == rule[2]) or (rule[0] == "all" and len(seen) == len(counts)):
                    total += i
                    break
            n += 1
        assert expectation.draws_until(counts, rule) == Fraction(total, n)
    # rerolling with a fixed rule: enumerate every sequence of rolls
    for s, r, t, cost in [(6, 2, 4, 0), (8, 3, 5, 1), (4, 1, 3, 1)]:
        def play(rolls_left):
            acc = Fraction(0)
            for x in range(1, s + 1):
                acc += (play(rolls_left - 1) - cost if x < t and rolls_left else x)
            return acc / s
        assert expectation.reroll_value(s, r, cost, t) == play(r)
    # optimal rerolling never does worse than any fixed threshold, and equals the best of them for one reroll
    for s in (6, 8, 10):
        best = max(expectation.reroll_value(s, 1, 0, t) for t in range(1, s + 2))
        assert expectation.reroll_value(s, 1, 0) == best


def test_expected_value_forms():
    task = procgym.get("probability/expected_value")
    for seed in range(10):
        p = task.generate(seed=seed, difficulty=7)
        a, b = p.check["value"]
        value = Fraction(a, b)
        assert ok(p, f"{a}/{b}" if b != 1 else str(a))
        assert not ok(p, f"{2 * a}/{2 * b}")
        assert not ok(p, str(value + 1)) and not ok(p, str(-value))
        if b in (1, 2, 4, 5, 8, 10, 20):
            assert ok(p, str(float(value)))  # exact decimals are allowed here
        else:
            assert not ok(p, f"{float(value):.3f}")  # a rounded decimal is not exact


# --------------------------------------------------------------------------- binomial and geometric

def test_distribution_known_values():
    half = Fraction(1, 2)
    assert distributions.binom_pmf(4, half, 2) == Fraction(3, 8)
    assert distributions.binom_range(5, Fraction(1, 3), 1, 5) == 1 - Fraction(32, 243)
    assert distributions.geometric_le(Fraction(1, 6), 2) == Fraction(11, 36)
    assert distributions.negbin_pmf(half, 2, 4) == Fraction(3, 16)
    assert distributions.race_first(half, half) == Fraction(2, 3)
    # P(first success on an even trial) = q / (1 + q)
    p = Fraction(2, 5)
    assert distributions.geometric_series((1 - p) * p, (1 - p) ** 2) == (1 - p) / (2 - p)


def test_distributions_match_brute_force():
    rng = random.Random(6)
    for _ in range(25):
        n = rng.randint(2, 8)
        p = distributions.random_p(rng, 8)
        lo = rng.randint(0, n)
        hi = rng.randint(lo, n)
        brute = Fraction(0)
        for seq in itertools.product((0, 1), repeat=n):
            if lo <= sum(seq) <= hi:
                brute += p ** sum(seq) * (1 - p) ** (n - sum(seq))
        assert distributions.binom_range(n, p, lo, hi) == brute
        r, k = rng.randint(1, 3), rng.randint(3, 8)
        brute = Fraction(0)
        for seq in itertools.product((0, 1), repeat=k):
            if sum(seq) == r and seq[-1] == 1:
                brute += p ** r * (1 - p) ** (k - r)
        assert distributions.negbin_pmf(p, r, k) == brute
        q = distributions.random_p(rng, 8)
        n1, n2 = rng.randint(1, 4), rng.randint(1, 4)
        more = equal = Fraction(0)
        for s1 in itertools.product((0, 1), repeat=n1):
            for s2 in itertools.product((0, 1), repeat=n2):
                w = p ** sum(s1) * (1 - p) ** (n1 - sum(s1)) * q ** sum(s2) * (1 - q) ** (n2 - sum(s2))
                more += w if sum(s1) > sum(s2) else 0
                equal += w if sum(s1) == sum(s2) else 0
        assert distributions.two_binomials(n1, p, n2, q, "more") == more
        assert distributions.two_binomials(n1, p, n2, q, "equal") == equal
        # series answers against long truncated sums
        race = sum(((1 - p) * (1 - q)) ** i * p for i in range(400))
        assert abs(float(distributions.race_first(p, q)) - float(race)) < 1e-12
        even = sum((1 - p) ** (2 * j - 1) * p for j in range(1, 400))
        assert abs(float(distributions.geometric_series((1 - p) * p, (1 - p) ** 2)) - float(even)) < 1e-12


# --------------------------------------------------------------------------- Markov chains

def test_markov_known_values():
    # fair gambler's ruin: P(reach N from k) = k / N, expected duration k (N - k)
    states = [1, 2, 3, 4]
    p = {s: {s + 1: Fraction(1, 2), s - 1: Fraction(1, 2)} for s in states}
    assert markov.absorption(states, [0, 5], p, 5) == [Fraction(k, 5) for k in states]
    assert markov.absorption(states, [0, 5], p, None) == [Fraction(k * (5 - k)) for k in states]
    # biased: (1 - (q/p)^k) / (1 - (q/p)^N)
    pw = Fraction(2, 3)
    p = {s: {s + 1: pw, s - 1: 1 - pw} for s in states}
    ratio = (1 - pw) / pw
    assert markov.absorption(states, [0, 5], p, 5) == [(1 - ratio ** k) / (1 - ratio ** 5) for k in states]


def test_markov_matches_iteration():
    rng = random.Random(7)
    for _ in range(30):
        rooms = ["A", "B", "C", "D"][:rng.randint(2, 4)]
        exits = ["X", "Y"]
        p = {}
        for s in rooms:
            nxt = rng.sample(rooms + exits, 3)
            ws = markov.split(rng, 6, 3)
            p[s] = {t: Fraction(w, 6) for t, w in zip(nxt, ws)}
        if not all(markov.reaches(rooms, p, s, set(exits)) for s in rooms):
            continue
        solved = markov.absorption(rooms, exits, p, "X")
        steps = markov.absorption(rooms, exits, p, None)
        # iterate the distribution for many steps in floats
        for start in rooms:
            dist = {start: 1.0}
            absorbed_x, expected = 0.0, 0.0
            for t in range(3000):
                new = {}
                for s, w in dist.items():
                    for u, q in p[s].items():
                        if u == "X":
                            absorbed_x += w * float(q)
                        elif u in rooms:
                            new[u] = new.get(u, 0.0) + w * float(q)
                expected += sum(dist.values())
                dist = new
            assert abs(absorbed_x - float(solved[rooms.index(start)])) < 1e-9
            assert abs(expected - float(steps[rooms.index(start)])) < 1e-6


def test_solve_linear():
    assert solve_linear([[2, 1], [1, 3]], [3, 5]) == [Fraction(4, 5), Fraction(7, 5)]
    assert solve_linear([[1, 2], [2, 4]], [1, 2]) is None
    assert solve_linear([[0, 1], [1, 0]], [2, 3]) == [3, 2]


# --------------------------------------------------------------------------- statistics

def test_statistics_known_values():
    data = [2, 4, 4, 4, 5, 5, 7, 9]
    assert stats.mean(data) == 5 and stats.median(data) == Fraction(9, 2) and stats.modes(data) == [4]
    assert stats.variance(data, False) == 4 and stats.variance(data, True) == Fraction(32, 7)
    assert stats.sqrt_text(Fraction(4)) == "2"
    assert stats.sqrt_text(Fraction(35, 4)) == "sqrt(35)/2"
    assert stats.sqrt_text(Fraction(8, 9)) == "2*sqrt(2)/3"
    assert stats.sqrt_text(Fraction(32, 7)) == "4*sqrt(14)/7"
    assert stats.sqrt_text(Fraction(50)) == "5*sqrt(2)"


def test_statistics_match_standard_library():
    rng = random.Random(8)
    for _ in range(100):
        data = [Fraction(rng.randint(0, 300), rng.choice((1, 10))) for _ in range(rng.randint(2, 15))]
        assert stats.mean(data) == statistics.mean(data)
        assert stats.median(data) == statistics.median(data)
        assert stats.variance(data, False) == statistics.pvariance(data)
        assert stats.variance(data, True) == statistics.variance(data)
        assert stats.modes(data) == sorted(statistics.multimode(data))
        var = stats.variance(data, True)
        from procgym.parsing import parse_expression
        assert abs(float(parse_expression(stats.sqrt_text(var), ())) - float(var) ** 0.5) < 1e-9


def test_statistics_forms():
    sd = Problem("probability/descriptive_statistics", 0, 5, {}, "(test)", "sqrt(35)/2",
                 {"kind": "sqrt", "expected": "sqrt(35)/2"})
    for form in ("sqrt(35)/2", "\\frac{\\sqrt{35}}{2}", "sqrt(35/4)", "(1/2)*sqrt(35)", "\\sqrt{8.75}"):
        assert ok(sd, form), form
    for miss in ("2.958", "2.9580398915", "sqrt(35)", "35/4", "sqrt(35)/3", "-sqrt(35)/2"):
        assert not ok(sd, miss), miss
    modes = Problem("probability/descriptive_statistics", 0, 5, {}, "(test)", "4, 7",
                    {"kind": "modes", "values": [[4, 1], [7, 1]]})
    assert ok(modes, "4, 7") and ok(modes, "7,4") and ok(modes, "{4; 7}")
    assert not ok(modes, "4") and not ok(modes, "4, 7, 9") and not ok(modes, "4, 4, 7")
    assert not ok(modes, "4, 7 I think") and not ok(modes, "x != 4, 7") and not ok(modes, "4 7")
    assert not ok(sd, "x != sqrt(35)/2") and not ok(sd, "sqrt(35)/2 or 3")
    var = record("probability/descriptive_statistics", Fraction(32, 7))
    assert ok(var, "32/7") and not ok(var, "4") and not ok(var, "64/14") and not ok(var, "4.571")
    task = procgym.get("probability/descriptive_statistics")
    kinds = Counter()
    for seed in range(40):
        p = task.generate(seed=seed, difficulty=8)
        kinds[p.check.get("kind", "value")] += 1
        assert ok(p, p.answer)
    assert kinds["sqrt"] and kinds["value"]


# --------------------------------------------------------------------------- two-way tables

def test_tables_values_match_enumeration_of_individuals():
    rng = random.Random(9)
    for _ in range(40):
        r, c = rng.randint(2, 3), rng.randint(2, 4)
        table = [[rng.randint(1, 6) for _ in range(c)] for _ in range(r)]
        people = [(i, j) for i in range(r) for j in range(c) for _ in range(table[i][j])]
        a, b = rng.randrange(r), rng.randrange(c)
        b2 = (b + 1) % c

        def prob(event, given=lambda x: True):
            pool = [x for x in people if given(x)]
            return Fraction(sum(1 for x in pool if event(x)), len(pool))

        def pair(event):
            pairs = list(itertools.combinations(people, 2))
            return Fraction(sum(1 for x, y in pairs if event(x, y)), len(pairs))

        expected = {
            "joint": prob(lambda x: x == (a, b)),
            "marginal": prob(lambda x: x[0] == a),
            "cond_col": prob(lambda x: x[1] == b, lambda x: x[0] == a),
            "cond_row": prob(lambda x: x[0] == a, lambda x: x[1] == b),
            "union": prob(lambda x: x[0] == a or x[1] == b),
            "cond_union": prob(lambda x: x[0] == a, lambda x: x[1] in (b, b2)),
            "not_both": prob(lambda x: x[1] != b, lambda x: x[0] != a),
            "two_same_col": pair(lambda x, y: x[1] == y[1] == b),
            "two_same_row": pair(lambda x, y: x[0] == y[0]),
            "two_one_row": pair(lambda x, y: (x[0] == a) != (y[0] == a)),
        }
        for ask, value in expected.items():
            assert tables.question_value(table, ask, a, b, b2) == value, ask


def test_table_facts_determine_the_table():
    rng = random.Random(10)
    for _ in range(40):
        r, c = rng.randint(2, 3), rng.randint(2, 4)
        table = [[rng.randint(2, 30) for _ in range(c)] for _ in range(r)]
        facts = tables.facts_for(rng, table, rng.random())
        assert len(facts) == r * c
        solved = solve_linear([f[0] for f in facts], [f[1] for f in facts])
        assert solved == [x for row in table for x in row]
        # every fact holds for the table
        flat = [x for row in table for x in row]
        assert all(sum(k * x for k, x in zip(f[0], flat)) == f[1] for f in facts)


def test_hidden_table_prompts():
    task = procgym.get("probability/two_way_table")
    p = task.generate(seed=3, difficulty=9)
    assert "facts are known" in p.prompt and ok(p, p.answer)
    p = task.generate(seed=3, difficulty=1)
    assert "table gives" in p.prompt


@pytest.mark.parametrize("name", NAMES)
def test_the_prompt_example_is_never_the_answer(name):
    """The example a prompt shows is never correct for its own problem, and it never tells the answer
    away: either one example that is never an answer, or one drawn per problem from several wrong ones."""
    example_never_pays(name)



@pytest.mark.parametrize("name", NAMES)
def test_verifiers_stay_bounded_on_crafted_text(name):
    """A hang guard (not a speed test): long runs of spaces before a suffix, a separator or a clause
    must not make a pattern rescan them."""
    stays_bounded_on_crafted_text(name)
