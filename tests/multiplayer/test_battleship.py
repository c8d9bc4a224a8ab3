"""Two-sided Battleship: a scripted game pays exactly, sinkings are announced or not by the knob,
a fleet stays hidden from the other player, strict shots, the density heuristic's exact counts
(including the no-touching rule around a hit), fleets that never touch, and the single-agent view."""
from fractions import Fraction

import procgym
from procgym.generators.multiplayer.battleship import around, density, place_fleet
from procgym.kit.multiplayer import new_match
from procgym.seeding import stable_rng

GAME = procgym.get_game("battleship")


def state(n, ships, announced=True):
    fleet = sorted((len(s) for s in ships[0]), reverse=True)
    return {"size": n, "fleet": fleet, "announced": announced, "ships": ships, "shots": [[], []], "turn": 0,
            "winner": None}


def test_a_scripted_game_pays_exactly():
    m = new_match("battleship", seed=0, size=3, fleet="2")
    m.state = state(3, [[[0, 1]], [[4, 7]]])  # player_0: a1 b1; player_1: b2 b3
    assert m.act("player_0", "b2") == (True, "player_0 fires at b2: hit.")
    assert m.act("player_1", "c3") == (True, "player_1 fires at c3: miss.")
    ok, sentence = m.act("player_0", "b3")
    assert sentence == "player_0 fires at b3: hit, and that sinks the last ship of player_1: player_0 wins."
    assert m.over and m.payoffs == {"player_0": 1.0, "player_1": -1.0}


def test_sinkings_are_announced_only_where_the_knob_says():
    ships = [[[0, 1], [8, 9]], [[0, 4], [10, 11]]]  # 4x4 boards, two ships of 2 each
    for announced, said in ((True, "player_0 fires at a2: hit, and it sinks a ship of length 2."),
                            (False, "player_0 fires at a2: hit.")):
        m = new_match("battleship", seed=0, size=4, fleet="2,2")
        m.state = state(4, [list(map(list, s)) for s in ships], announced)
        m.act("player_0", "a1")
        m.act("player_1", "d4")
        assert m.act("player_0", "a2")[1] == said
        assert ("still afloat: lengths 2" in m.observation("player_0")) is announced


def test_a_fleet_stays_hidden_from_the_other_player():
    a = state(4, [[[0, 1], [8, 9]], [[0, 4], [10, 11]]])
    b = state(4, [[[2, 3], [12, 13]], [[0, 4], [10, 11]]])
    a["shots"] = b["shots"] = [[5], [15]]
    assert GAME.observe(a, 1) == GAME.observe(b, 1)
    assert GAME.observe(a, 0) != GAME.observe(b, 0)
    a["shots"][1] = b["shots"][1] = [15, 0]  # a1 hits in a, misses in b: that much is shown
    assert GAME.observe(a, 1) != GAME.observe(b, 1)


def test_shots_are_read_strictly():
    m = new_match("battleship", seed=0, size=4, fleet="2,2")
    m.act("player_0", "b2")
    m.act("player_1", "a1")
    for text, reason in [("b2", "You already fired at b2"), ("e1", "The cell e1 is off the board: columns a-d, rows 1-4"),
                         ("b2 or c3", "'b2 or c3' is not a cell")]:
        ok, why = m.copy().act("player_0", text)
        assert not ok and why.startswith(f"Invalid move: {reason}"), why
    for text in ("not c3", "fire c3", "c3 please", "c", "3"):
        assert not m.copy().act("player_0", text)[0]
    assert m.copy().act("player_0", "C3")[0]


def test_density_counts_placements():
    # one ship of 2 on 3x3: 12 placements; the centre lies on 4, edge middles on 3, corners on 2
    weights = density(3, [2], [], [[0, 1]], True)
    assert weights == {0: 2, 1: 3, 2: 2, 3: 3, 4: 4, 5: 3, 6: 2, 7: 3, 8: 2}
    # after a miss in the centre every other cell lies on 2 placements
    assert density(3, [2], [4], [[0, 1]], True) == {c: 2 for c in (0, 1, 2, 3, 5, 6, 7, 8)}


def test_density_around_a_hit_keeps_ships_apart():
    # a hit at a1: the ship goes through it (weight 20) or keeps clear of it, since ships never touch
    weights = density(3, [2], [0], [[0, 1]], False)
    assert weights == {1: 20, 2: 1, 3: 20, 4: 0, 5: 2, 6: 1, 7: 2, 8: 2}
    s = state(3, [[[0, 1]], [[0, 1]]], announced=False)
    s["shots"] = [[0], []]
    assert GAME.strategy("heuristic", s, 0) == {"b1": Fraction(1, 2), "a2": Fraction(1, 2)}


def test_fleets_never_touch():
    for seed in range(30):
        ships = place_fleet(stable_rng("test", seed), 7, [4, 3, 3, 2])
        assert sorted(map(len, ships)) == [2, 3, 3, 4]
        for i, ship in enumerate(ships):
            halo = {x for cell in ship for x in around(cell, 7)}
            assert not any(halo.intersection(other) for other in ships[i + 1:])


def test_the_prompt_shows_only_the_agents_fleet():
    task = procgym.get("multiplayer/battleship")
    for seed in range(4):
        p = task.generate(seed=seed, difficulty=8)
        state, seat = p.check["match"]["state"], p.check["seat"]
        assert GAME.observe(state, seat) in p.prompt
        other = dict(state, ships=[state["ships"][1], state["ships"][0]])  # the fleets swapped
        assert GAME.observe(other, seat) not in p.prompt
