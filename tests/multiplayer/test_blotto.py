"""Colonel Blotto: scripted rounds pay exactly, the exact policy's equilibrium guarantees the round's
value against every placement, the proportional rule is exploitable and the adaptive policy
best-responds, strict placements, unseen simultaneous moves, and the single-agent view."""
import pytest

import procgym
from procgym.generators.multiplayer.blotto import allocations, battle, best_responses, equilibrium, proportional
from procgym.kit.multiplayer import new_match

GAME = procgym.get_game("blotto")


def state(values, troops):
    return {"values": [list(v) for v in values], "troops": troops, "round": 0, "placed": [], "score": [0, 0]}


def test_scripted_rounds_pay_the_value_difference():
    m = new_match("blotto", seed=0)
    m.state = state([[3, 1, 2], [1, 1, 1]], 6)
    m.act("player_0", "3 2 1")
    ok, sentence = m.act("player_1", "0 0 6")
    assert sentence == ("Round 1: player_0 placed 3 2 1, player_1 placed 0 0 6; player_0 takes 4, player_1 takes 2. "
                        "Score: player_0 4, player_1 2.")
    m.act("player_0", "2 2 2")
    m.act("player_1", "2 4 0")  # a tie on A, B to player_1, C to player_0
    assert m.over and m.state["score"] == [5, 3] and m.payoffs == {"player_0": 2.0, "player_1": -2.0}


def test_allocations_and_battles():
    assert allocations(2, 2) == ((0, 2), (1, 1), (2, 0))
    assert len(allocations(6, 3)) == 28
    assert battle([3, 1, 2], (3, 2, 1), (0, 0, 6)) == 2
    assert proportional([3, 1, 2], 7) == (4, 1, 2)  # 3.5, 1.17, 2.33: the spare troop to the largest remainder


@pytest.mark.parametrize("values, troops", [([1, 1, 1], 3), ([3, 2, 1], 4), ([2, 3, 3, 1], 5)])
def test_the_equilibrium_guarantees_the_round_value_against_every_placement(values, troops):
    mixed = equilibrium(values, troops)
    assert sum(mixed.values()) == 1 and all(p > 0 for p in mixed.values())
    worst = min(sum(p * battle(values, a, b) for a, p in mixed.items()) for b in allocations(troops, len(values)))
    assert worst == 0  # a symmetric round is worth 0, and no placement gets more against it


def test_proportional_is_exploitable_and_adaptive_best_responds():
    values = [3, 2, 1]
    fixed = proportional(values, 6)
    assert fixed == (3, 2, 1)
    best = best_responses(values, 6, fixed)
    # beating A (4 troops) and one of B or C: +3 and +1 with -2 lost, or +3 with a tie and -1 lost
    assert set(best) == {(4, 0, 2), (4, 2, 0)} and battle(values, (4, 0, 2), fixed) == 2
    s = state([values, values], 6)
    s["placed"], s["round"] = [[[3, 2, 1], [1, 1, 4]]], 1
    adaptive = GAME.strategy("adaptive", s, 1)
    assert set(adaptive) == {" ".join(map(str, a)) for a in best} and sum(adaptive.values()) == 1


def test_placements_are_read_strictly():
    m = new_match("blotto", seed=0)
    m.state = state([[3, 1, 2]], 6)
    for text, reason in [("3 2", "Give 3 numbers, one per field, not 2"), ("3 2 2", "The troops must add up to 6, not 7"),
                         ("-1 4 3", "A field cannot get a negative number of troops")]:
        ok, why = m.copy().act("player_0", text)
        assert not ok and why.startswith(f"Invalid move: {reason}"), why
    for text in ("3 2 1 or 2 2 2", "not 3 2 1", "3 2 1 please", "0"):
        assert not m.copy().act("player_0", text)[0]
    for text in ("3 2 1", "3, 2, 1", "[3, 2, 1]"):
        assert m.copy().act("player_0", text)[0]


def test_a_placement_in_is_unseen_by_the_other_player():
    m = new_match("blotto", seed=4, difficulty=5)
    before = m.observation("player_1")
    m.act("player_0", m.legal_actions("player_0")[0])
    assert m.observation("player_1") == before


def test_exact_policy_states_its_limit():
    m = new_match("blotto", seed=0, fields=5, troops=10)
    with pytest.raises(ValueError, match="at most 100 allocations"):
        m.suggest("player_0", "exact")
