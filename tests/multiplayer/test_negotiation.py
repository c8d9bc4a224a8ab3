"""Negotiation: the prior's value vectors, a scripted deal and a rejection pay exactly, the
deadline, private values, strict moves, the heuristic's acceptance rule and its proposal checked
against a brute force over the prior, and the single-agent view."""
from fractions import Fraction

import procgym
from procgym.generators.multiplayer.negotiation import (best_claim, believes_good, claims, prior_sums, rest_of,
                                                        value_vectors, worth)
from procgym.kit.multiplayer import new_match

GAME = procgym.get_game("negotiation")


def state(counts, values, limit=3):
    return {"counts": list(counts), "values": [list(v) for v in values], "limit": limit, "proposals": [],
            "deal": None, "over": False}


def test_value_vectors_make_the_pool_worth_ten():
    assert value_vectors((1, 2)) == ((0, 5), (2, 4), (4, 3), (6, 2), (8, 1), (10, 0))
    assert prior_sums((1, 2)) == (6, (30, 15))  # a book is worth 5 on average, a hat 2.5
    assert value_vectors((3, 3)) == ()  # no whole values make three and three items worth 10
    assert all(worth(v, (2, 1, 3)) == 10 for v in value_vectors((2, 1, 3)))


def test_a_scripted_deal_pays_the_value_difference():
    m = new_match("negotiation", seed=0)
    m.state = state([1, 2], [(2, 4), (6, 2)])
    assert m.act("player_0", "claim 0 2")[1] == ("player_0 claims 0 books, 2 hats, leaving 1 book, 0 hats to "
                                                 "player_1. 2 proposals left.")
    ok, sentence = m.act("player_1", "accept")
    assert sentence.startswith("player_1 accepts: player_0 keeps 0 books, 2 hats; player_1 gets 1 book, 0 hats.")
    assert m.payoffs == {"player_0": 2.0, "player_1": -2.0}  # hats worth 8 to player_0, the book 6 to player_1


def test_a_counter_proposal_then_a_rejection_at_the_deadline():
    m = new_match("negotiation", seed=0)
    m.state = state([1, 2], [(2, 4), (6, 2)], limit=2)
    m.act("player_0", "claim 1 2")
    assert m.act("player_1", "claim 1 0")[1].endswith("That was the last proposal: player_0 accepts or rejects.")
    assert m.legal_actions("player_0") == ["accept", "reject"]
    ok, why = m.copy().act("player_0", "claim 0 2")
    assert not ok and "No proposals are left: accept or reject the last one" in why
    m.act("player_0", "reject")
    assert m.payoffs == {"player_0": 0.0, "player_1": 0.0}


def test_values_stay_private():
    a, b = state([2, 1, 3], [(2, 0, 2), (1, 2, 2)]), state([2, 1, 3], [(0, 4, 2), (1, 2, 2)])
    assert GAME.observe(a, 1) == GAME.observe(b, 1)
    a["proposals"] = b["proposals"] = [{"by": 0, "keep": [1, 1, 1]}]
    assert GAME.observe(a, 1) == GAME.observe(b, 1)
    assert "Your values per item: book 2, hat 0, ball 2" in GAME.observe(a, 0)


def test_moves_are_read_strictly():
    m = new_match("negotiation", seed=0)
    m.state = state([1, 2], [(2, 4), (6, 2)])
    for text, reason in [("accept", "There is no proposal to accept yet"), ("claim 2 0", "The pool has only 1 book"),
                         ("claim 1", "Give 2 numbers, one per kind of item (book, hat)"),
                         ("claim 1 0 or accept", "'claim 1 0 or accept' is not a move")]:
        ok, why = m.copy().act("player_0", text)
        assert not ok and why.startswith(f"Invalid move: {reason}"), why
    for text in ("claim", "not claim 1 0", "claim 1 0 please", "1 0"):
        assert not m.copy().act("player_0", text)[0]
    assert m.copy().act("player_0", "claim 1 0")[0]


def test_the_heuristic_accepts_by_the_prior_mean():
    # offered the book (worth 6 to it) while the proposer keeps 2 hats (worth 5 on average): accept
    assert believes_good([1, 2], (6, 2), [0, 2])
    # offered 2 hats (4 to it) while the proposer keeps the book (5 on average): no
    assert not believes_good([1, 2], (6, 2), [1, 0])
    s = state([1, 2], [(2, 4), (6, 2)])
    s["proposals"] = [{"by": 0, "keep": [1, 0]}]
    assert set(GAME.strategy("heuristic", s, 1)) == {"claim " + " ".join(map(str, best_claim((1, 2), (6, 2))))}


def test_the_heuristic_claim_is_the_best_against_the_prior():
    for counts, values in [((1, 2), (6, 2)), ((2, 1, 3), (2, 0, 2)), ((3, 1), (2, 4))]:
        rivals = value_vectors(counts)

        def expected(keep):
            total = Fraction(0)
            for rival in rivals:
                if believes_good(counts, rival, keep):
                    total += worth(values, keep) - worth(rival, rest_of(counts, keep))
            return total / len(rivals)

        best = max(claims(counts), key=expected)
        assert expected(best_claim(counts, values)) == expected(best)


def test_the_prompt_shows_the_agents_own_values_only():
    task = procgym.get("multiplayer/negotiation")
    for seed in range(4):
        p = task.generate(seed=seed, difficulty=8)
        state, seat = p.check["match"]["state"], p.check["seat"]
        shown = ", ".join(f"{w} {v}" for w, v in zip(("book", "hat", "ball", "pen"), state["values"][seat]))
        assert f"Your values per item: {shown} " in p.prompt and "Values were" not in p.prompt
