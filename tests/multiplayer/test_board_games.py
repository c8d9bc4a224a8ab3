"""The board games played seat by seat with the versus tasks' rules: scripted games pay exactly,
each seat sees the board from its own side, and illegal moves are refused with the reason."""
import pytest

from procgym.kit.multiplayer import new_match


def play(m, moves):
    """Play `moves` in turn order; each must be accepted."""
    for move in moves:
        player = m.to_move[0]
        ok, sentence = m.act(player, move)
        assert ok, f"{player} {move}: {sentence}"
    return m


@pytest.mark.parametrize("moves, payoffs", [
    (["a1", "b1", "a2", "b2", "a3"], (1, -1)),                                  # X down column a
    (["a1", "b1", "a2", "b2", "c3", "b3"], (-1, 1)),                            # O down column b
    (["a1", "b1", "c1", "b2", "a2", "c2", "b3", "a3", "c3"], (0, 0)),           # a full board: a draw
])
def test_tic_tac_toe_scripted_games(moves, payoffs):
    m = play(new_match("tic_tac_toe", seed=0), moves)
    assert m.over and tuple(m.payoffs.values()) == payoffs


def test_tic_tac_toe_refuses_a_taken_cell_and_shows_each_seat_its_mark():
    m = play(new_match("tic_tac_toe", seed=0), ["b2"])
    ok, why = m.act("player_1", "B2")
    assert not ok and "Invalid move: B2 is already taken." in why
    assert "You play O" in m.observation("player_1") and "You play X" in m.observation("player_0")
    assert m.legal_actions("player_1") == ["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"]
    assert m.legal_actions("player_0") == []


def test_connect_four_vertical_four_and_a_full_column():
    m = play(new_match("connect_four", seed=0, cols=5, rows=4), ["1", "2", "1", "2", "1", "2"])
    assert "Waiting" in m.observation("player_1")
    play(m, ["1"])
    assert m.over and m.payoffs == {"player_0": 1.0, "player_1": -1.0}
    m = play(new_match("connect_four", seed=0, cols=5, rows=4), ["3", "3", "3", "3"])
    ok, why = m.act("player_0", "3")
    assert not ok and "Invalid move: Column 3 is full." in why
    assert "3" not in m.legal_actions("player_0") and len(m.legal_actions("player_0")) == 4


@pytest.mark.parametrize("misere, payoffs", [(False, (-1, 1)), (True, (1, -1))])
def test_nim_last_token_wins_or_loses(misere, payoffs):
    m = new_match("nim", seed=0, n_heaps=2, misere=misere)
    m.state["pos"]["heaps"] = [1, 1]
    play(m, ["take 1 from A", "take 1 from B"])  # player_1 takes the last token
    assert m.over and tuple(m.payoffs.values()) == payoffs


def test_nim_refusals_name_the_problem():
    m = new_match("nim", seed=0, n_heaps=2)
    m.state["pos"]["heaps"] = [2, 3]
    assert "Heap A has only 2 tokens." in m.act("player_0", "take 3 from A")[1]
    assert "There is no heap C" in m.act("player_0", "take 1 from C")[1]
    assert m.legal_actions("player_0") == ["take 1 from A", "take 2 from A", "take 1 from B", "take 2 from B",
                                           "take 3 from B"]


def test_othello_each_seat_sees_its_own_discs():
    m = new_match("othello", seed=0, size=4)
    assert "Discs: you 2, opponent 2" in m.observation("player_0")
    move = m.legal_actions("player_0")[0]
    play(m, [move])
    assert "Discs: you 4, opponent 1" in m.observation("player_0")
    assert "Discs: you 1, opponent 4" in m.observation("player_1")
    ok, why = m.act("player_1", "c3")
    assert not ok and "is not empty" in why


def test_othello_a_stuck_player_passes():
    # 4x4: player_0 (X) holds a1 and b1; player_1 (O) holds c1: X plays d1... set a position where O must pass
    m = new_match("othello", seed=0, size=4)
    bit = lambda cell: 1 << ((int(cell[1]) - 1) * 4 + "abcd".index(cell[0]))  # noqa: E731
    m.state["pos"] = {"you": bit("a1"), "opponent": bit("b1") | bit("a2"), "mover": "you"}
    ok, sentence = m.act("player_0", "c1")  # flips b1; O (a2 only) then has no move and passes
    assert ok and "player_1 has no legal move and passes; player_0 moves again" in sentence
    assert m.to_move == ["player_0"]


def test_dots_and_boxes_a_box_earns_another_line():
    m = new_match("dots_and_boxes", seed=0, rows=1, cols=2)
    play(m, ["a1-a2", "b1-b2", "a1-b1"])
    ok, sentence = m.act("player_1", "a2-b2")  # the fourth side of the left box
    assert ok and "player_1 claimed a box and moves again" in sentence and m.to_move == ["player_1"]
    assert "Boxes: you 1, opponent 0" in m.observation("player_1")
    assert "Boxes: you 0, opponent 1" in m.observation("player_0")
    play(m, ["a2-a3", "b2-b3", "a3-b3"])  # player_1 again, player_0, then player_1 closes the right box
    assert m.over and m.payoffs == {"player_0": -1.0, "player_1": 1.0}


def test_dots_and_boxes_refuses_a_diagonal():
    m = new_match("dots_and_boxes", seed=0)
    ok, why = m.act("player_0", "a1-b2")
    assert not ok and "not neighbours" in why
