"""Hex: scripted wins for both sides, the perfect player checked against an independent brute force
on 3x3 (every winning first move), the heuristic's urgent moves, strict cells, the exact policy's
stated limit, and the single-agent view."""
import random
from functools import lru_cache

import pytest

import procgym
from procgym.generators.multiplayer._hex_board import Board, board
from procgym.generators.multiplayer._cells import cell_name
from procgym.kit.multiplayer import new_match

GAME = procgym.get_game("hex")
STEPS = ((0, -1), (0, 1), (-1, 0), (-1, 1), (1, -1), (1, 0))


def empty_match(n):
    m = new_match("hex", seed=0, size=n, opening=0)
    assert m.state["stones"] == [0, 0]
    return m


def play(m, cells):
    for i, cell in enumerate(cells):
        ok, sentence = m.act(f"player_{i % 2}", cell)
        assert ok, sentence
    return sentence


def test_x_joins_top_and_bottom():
    m = empty_match(3)
    assert play(m, ["a1", "b1", "a2", "b2", "a3"]) == "player_0 (X) plays a3. That joins its two sides: player_0 wins."
    assert m.payoffs == {"player_0": 1.0, "player_1": -1.0}


def test_o_joins_left_and_right_along_a_slanted_chain():
    m = empty_match(3)
    play(m, ["b1", "a3", "b2", "b3", "c1", "c2"])  # O: a3, b3, c2: a3-b3 in a row, b3-c2 above and to the right
    assert m.over and m.payoffs == {"player_0": -1.0, "player_1": 1.0}


def joined(stones, n, rows):
    """Brute force: whether the cells in `stones` ((row, col) pairs) join rows (top-bottom) or columns."""
    start = [s for s in stones if (s[0] if rows else s[1]) == 0]
    seen, todo = set(start), list(start)
    while todo:
        r, c = todo.pop()
        if (r if rows else c) == n - 1:
            return True
        for dr, dc in STEPS:
            nxt = (r + dr, c + dc)
            if nxt in stones and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return False


@lru_cache(maxsize=None)
def brute_wins(x, o, n):
    """Whether the player to move (X when the counts are equal) wins, by plain minimax."""
    mover_x = len(x) == len(o)
    mine = x if mover_x else o
    for r in range(n):
        for c in range(n):
            if (r, c) in x or (r, c) in o:
                continue
            new = mine | {(r, c)}
            if joined(new, n, mover_x):
                return True
            nx, no = (frozenset(new), o) if mover_x else (x, frozenset(new))
            if not brute_wins(nx, no, n):
                return True
    return False


def test_the_perfect_player_agrees_with_brute_force_on_three_by_three():
    b = board(3)
    assert b.wins(0, 0, 0) is True  # the first player wins on every board
    winning = set()
    for r in range(3):
        for c in range(3):
            if not brute_wins(frozenset({(r, c)}), frozenset(), 3):
                winning.add(cell_name(r * 3 + c, 3))
    assert winning == {"a2", "b2", "c2", "c1", "a3"}  # the middle row and the short diagonal
    assert {cell_name(i, 3) for i in b.winning_moves(0, 0, 0)} == winning


def test_the_first_player_wins_four_by_four_and_a_half_turn_is_the_same_game():
    assert board(4).wins(0, 0, 0) is True
    rng = random.Random(3)
    for _ in range(20):  # solved afresh on both sides: no shared table entry
        cells = rng.sample(range(16), 8)
        x, o = sum(1 << c for c in cells[::2]), sum(1 << c for c in cells[1::2])
        a, b = Board(4), Board(4)
        assert b.turned(b.turned(x)) == x
        assert a.wins(x, o, 0) == b.wins(b.turned(x), b.turned(o), 0)


def test_the_heuristic_takes_a_win_then_blocks_one():
    m = empty_match(4)
    play(m, ["a1", "d1", "a2", "d2", "a3", "d3"])
    assert GAME.strategy("heuristic", m.state, 0) == {"a4": 1}  # the one cell that wins at once
    m = empty_match(4)
    play(m, ["b3", "a1", "c3", "b1", "d3", "c1"])
    assert GAME.strategy("heuristic", m.state, 0) == {"d1": 1}  # O's row would reach column d there: block it


def test_cells_are_read_strictly():
    m = empty_match(4)
    play(m, ["b2"])
    for text, reason in [("b2", "The cell b2 is taken"), ("e1", "The cell e1 is off the board: columns a-d, rows 1-4"),
                         ("b3 or c3", "'b3 or c3' is not a cell")]:
        ok, why = m.copy().act("player_1", text)
        assert not ok and why.startswith(f"Invalid move: {reason}"), why
    for text in ("not b3", "place b3", "b3 please"):
        assert not m.copy().act("player_1", text)[0]


def test_exact_policy_states_its_limit_and_plays_a_winning_move():
    with pytest.raises(ValueError, match="at most 12 empty cells"):
        empty_match(5).suggest("player_0", "exact")
    m = empty_match(3)
    assert m.suggest("player_0", "exact") == "b2"  # the centre first among the winning moves
