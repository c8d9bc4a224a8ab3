"""Levels past 10 for strings, ciphers, number theory, probability and geometry: how far each task
goes (and why the capped ones stop), that the top levels still build sound problems, and the solver
pieces the effort measures and the new levels rely on."""
import itertools
import random
import re

import pytest

import procgym
from answer_helpers import tag

CATEGORIES = ("strings", "ciphers", "number_theory", "probability", "geometry")
CAPPED = {"probability/dice_events": 14, "probability/card_draws": 16, "probability/urn_draws": 15,
          "probability/two_way_table": 10, "geometry/angle_chasing": 10, "geometry/circle_problems": 10,
          "geometry/line_equation": 10, "geometry/triangle_solving": 10, "geometry/composite_figure": 13}
NAMES = sorted(n for n in procgym.tasks() if n.split("/")[0] in CATEGORIES)


@pytest.mark.parametrize("name", NAMES)
def test_max_level_and_cap_reason(name):
    task = procgym.get(name)
    assert task.max_level == CAPPED.get(name, 20)
    assert bool(task.cap_reason.strip()) == (task.max_level < 20)
    with pytest.raises(ValueError):
        task.generate(seed=0, difficulty=task.max_level + 1)


@pytest.mark.parametrize("name", NAMES)
def test_top_level_verifies_and_needs_more_than_level_10(name):
    task = procgym.get(name)
    top = [task.generate(seed=s, difficulty=task.max_level) for s in range(4)]
    for p in top:
        assert procgym.verify(p, tag(p.answer)).correct
    if task.max_level > 10:
        ten = [task.effort(task.generate(seed=s, difficulty=10)) for s in range(4)]
        assert sum(task.effort(p) for p in top) > sum(ten)


def test_interleaving_witness_agrees_with_the_full_table():
    from procgym.generators.strings._subsequences import apply_witness, interleaving_witness

    def possible(parts, c):  # every tuple of prefix lengths, the textbook way
        lens = [len(p) for p in parts]
        ok = {}
        for state in sorted(itertools.product(*(range(n + 1) for n in lens)), key=sum, reverse=True):
            pos = sum(state)
            ok[state] = pos == len(c) or any(p < lens[t] and parts[t][p] == c[pos] and ok[state[:t] + (p + 1,)
                                                                                         + state[t + 1:]]
                                             for t, p in enumerate(state))
        return ok[tuple(0 for _ in parts)]

    rng = random.Random(5)
    for _ in range(300):
        parts = ["".join(rng.choice("ab") for _ in range(rng.randint(1, 5))) for _ in range(rng.choice((2, 3)))]
        c = list("".join(parts))
        rng.shuffle(c)
        c = "".join(c)
        w = interleaving_witness(parts, c)
        assert (w is not None) == possible(parts, c)
        if w is not None:
            assert apply_witness(parts, w) == c


def test_trial_division_work_counts_the_loop():
    import sympy

    from procgym.generators.number_theory._integers import trial_division_work

    def loop(n):
        work = 0
        for p in sympy.primerange(2, n + 1):
            if p * p > n:
                break
            work += 1
            while n % p == 0:
                n //= p
                work += 1
        return work

    rng = random.Random(2)
    for n in [rng.randint(2, 10**5) for _ in range(400)] + [2, 4, 97, 97 * 97, 2**10, 6 * 101**2]:
        assert trial_division_work(n) == loop(n)


def test_digit_sum_expressions_evaluate_to_their_answers():
    from procgym.generators.number_theory.digits import digit_sum, evaluate

    task = procgym.get("number_theory/digit_sums")
    for level in (5, 12, 20):
        for seed in range(10):
            p = task.generate(seed=seed, difficulty=level)
            if "digital root" not in p.prompt:
                assert digit_sum(evaluate(p.check["expression"])) == p.check["value"]


def test_top_level_ciphers_stay_uniquely_decodable():
    from procgym.generators.ciphers._morse import count_parses, morse_word
    from procgym.generators.ciphers.encodings import messages
    from procgym.generators.ciphers.substitution import decodings

    for seed in range(4):
        p = procgym.generate("ciphers/substitution", seed=seed, difficulty=20)
        q = p.prompt.split("\n\nAnswer format:")[0]
        vocab = re.search(r"one of these words: ([a-z, ]+)\.\n", q).group(1).split(", ")
        known = dict(re.findall(r"([A-Z]) = ([a-z])", q.split("(ciphertext = plaintext):", 1)[-1]))
        words = q.rsplit("Decrypt this ciphertext:\n", 1)[1].split()
        assert [" ".join(d) for d in decodings(words, vocab, known)] == [p.answer]

        p = procgym.generate("ciphers/morse", seed=seed, difficulty=20)
        q = p.prompt.split("\n\nAnswer format:")[0]
        stream = re.search(r"between words:\n([.-]+)\n", q).group(1)
        pieces = {}
        for w in re.search(r"\(a word may repeat\): ([a-z, ]+)\.", q).group(1).split(", "):
            pieces.setdefault(morse_word(w), []).append(w)
        assert count_parses(stream, pieces) == 1

        p = procgym.generate("ciphers/encodings", seed=seed, difficulty=20)
        encoded = re.search(r"The result is:\n(\S+)\n", p.prompt).group(1)
        assert messages(encoded, p.params["layers"]) == {p.answer}


def test_new_tiers_appear_only_past_level_10():
    for name, knob, tier in (("probability/binomial_geometric", "kinds", "sums"),
                             ("probability/expected_value", "kinds", "heavy")):
        task = procgym.get(name)
        assert all(task.params(difficulty=level)[knob] != tier for level in range(1, 11))
        assert task.params(difficulty=20)[knob] == tier


def test_every_angle_figure_is_recognised():
    from procgym.generators.geometry.angles import figure_facts

    task = procgym.get("geometry/angle_chasing")
    for level in range(1, 11):
        for seed in range(6):
            question = task.generate(seed=seed, difficulty=level).prompt.split("\n\nAnswer format:")[0]
            if " Given that " in question:
                assert figure_facts(question.partition(" Given that ")[0])
