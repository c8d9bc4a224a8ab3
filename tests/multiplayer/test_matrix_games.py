"""The exact matrix-game solver: known values and strategies, saddle points, and optimality proved
in fractions on random games (the float simplex and the exact one agree)."""
import random
from fractions import Fraction

from procgym.generators.multiplayer._matrix_games import _exact_simplex, _guarantees, solve


def test_a_known_mixed_game():
    value, rows, cols = solve([[-3, 1], [-1, -3]])
    assert value == Fraction(-5, 3)
    assert rows == [Fraction(1, 3), Fraction(2, 3)] and cols == [Fraction(2, 3), Fraction(1, 3)]


def test_rock_paper_scissors_is_fair_and_uniform():
    value, rows, cols = solve([[0, -1, 1], [1, 0, -1], [-1, 1, 0]])
    assert value == 0 and rows == cols == [Fraction(1, 3)] * 3


def test_a_saddle_point_is_played_pure():
    value, rows, cols = solve([[4, 2, 5], [1, 0, 7], [3, 1, 2]])
    assert value == 2 and rows == [1, 0, 0] and cols == [0, 1, 0]


def test_fraction_entries_and_one_row():
    value, rows, cols = solve([[Fraction(1, 2), Fraction(-1, 3)]])
    assert value == Fraction(-1, 3) and rows == [1] and cols == [0, 1]


def test_random_games_are_solved_exactly():
    rng = random.Random(7)
    for _ in range(60):
        m, n = rng.randint(1, 6), rng.randint(1, 6)
        matrix = [[rng.randint(-6, 6) for _ in range(n)] for _ in range(m)]
        value, rows, cols = solve(matrix)
        assert isinstance(value, Fraction) and all(isinstance(p, Fraction) for p in rows + cols)
        assert sum(rows) == 1 and sum(cols) == 1 and min(rows + cols) >= 0
        assert _guarantees(matrix, rows, cols) == (value, value)  # each strategy guarantees the value
        assert _exact_simplex(matrix)[0] == value
