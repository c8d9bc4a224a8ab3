"""Othello (Reversi) for two players, with the rules of versus/othello (see _versus.py)."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit.multiplayer import register_game
from procgym.kit.seat_task import seat_knobs

from ._versus import OPPONENT, YOU, VersusGame, VersusMatch

COLS = "abcdefgh"


def start_discs(n: int) -> tuple[int, int]:
    """The standard start on an n x n board (bit r*n + c): the first player's two diagonal discs
    (d4-style and e5-style squares of the centre), and the second player's."""
    m = n // 2
    first = (1 << ((m - 1) * n + m)) | (1 << (m * n + m - 1))
    second = (1 << ((m - 1) * n + m - 1)) | (1 << (m * n + m))
    return first, second


@register_game
class Othello(VersusGame):
    """Othello (Reversi) for two players on a 4x4 or 6x6 board: a move places a disc so that it
    brackets straight lines of the other player's discs, which all flip; a player with no such
    move passes; when neither can move, more discs wins (equal counts: a draw, payoff 0)."""

    name = "othello"
    versus = "versus/othello"
    knobs = (Knob("size", [4, 4, 4, 4, 4, 6, 6, 6, 6, 6] + [6] * 10, (4, 6), doc="board side (even)"),
             Knob("opening", [0] * 20, (0, 20), doc="random moves played before the players take over"))
    roles = ("moves first", "moves second")
    action_format = "a square as column letter and row number, e.g. c3"
    example = "c3"  # a centre square of every board, taken from the start: never a legal move

    def start(self, rng, params):
        n = params["size"]
        if n % 2:
            raise ValueError(f"knob 'size': {n} is odd; Othello needs an even board side")
        first, second = start_discs(n)
        return {"size": n}, {"you": first, "opponent": second, "mover": YOU}

    def swap(self, c, pos):
        mover = pos["mover"]
        return c, {"you": pos["opponent"], "opponent": pos["you"],
                   "mover": None if mover is None else OPPONENT if mover == YOU else YOU}

    def candidates(self, c, pos):
        n = c["size"]
        return [f"{COLS[col]}{row + 1}" for row in range(n) for col in range(n)]

    def identity(self, c):
        return "Your discs are X; the other player's are O."

    def rules(self, params):
        n = params["size"]
        return (f"Othello (Reversi) on a {n}x{n} board for two players, player_0 (moves first) and player_1. Columns "
                f"are a-{COLS[n - 1]} (left to right), rows 1-{n} (top to bottom); '.' is empty, and each player sees "
                f"its own discs as X. A move places your disc on an empty square so that it brackets one or more "
                f"straight lines (across, down or diagonal) of the other player's discs between it and another of "
                f"yours; every bracketed disc flips to yours. A player with no such move passes; when neither can "
                f"move the game ends and more discs wins (payoff +1, the other -1; equal counts: a draw, payoff 0).")


@register
class OthelloMatch(VersusMatch):
    """Othello from a random opening, played to the end against a built-in opponent, as either
    player, from an opening the agent can win from against that opponent's seeded choices. Levels
    1-2 face a random opponent on 4x4; from level 3 the opponent looks two moves ahead (by disc
    weights: corners and edges first), and from level 6 the board is 6x6, after a longer random
    opening.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 120-140 problems/s at levels 1-5 and 35/s at level 10 (bench/generation.py, one
    core).
    """

    name = "multiplayer/othello"
    game = Othello()
    knobs = seat_knobs(game, opening=[(1, 3)] * 5 + [(12, 16)] * 5 + [(11, 14), (10, 13), (9, 12), (8, 11), (7, 10),
                                                                     (6, 9), (5, 8), (4, 7), (3, 6), (2, 5)],
                       opponent=["random"] * 2 + ["heuristic"] * 18,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)

    def longest(self, params, seat):
        return params["size"] ** 2 - 4
