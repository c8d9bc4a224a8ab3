"""Tic-tac-toe for two players, with the rules of versus/tic_tac_toe (see _versus.py)."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit.multiplayer import register_game
from procgym.kit.seat_task import seat_knobs
from procgym.registry import get

from ._versus import OPPONENT, YOU, VersusGame, VersusMatch

CELLS = [f"{col}{row}" for row in "123" for col in "abc"]


def other(mark: str) -> str:
    return "O" if mark == "X" else "X"


@register_game
class TicTacToe(VersusGame):
    """Tic-tac-toe for two players: X (player_0) and O take turns placing their mark on an empty
    cell of a 3x3 board; three in a row wins, a full board is a draw (payoff 0). Knobs can start the
    game after a few random opening moves."""

    name = "tic_tac_toe"
    versus = "versus/tic_tac_toe"
    knobs = (Knob("opening", [0] * 20, (0, 6), doc="random moves played before the players take over"),)
    roles = ("X, moves first", "O")
    action_format = "a cell as column letter and row number, e.g. b2"
    example = "d4"  # off the board: never a legal move
    policies = ("random", "heuristic", "exact")

    def start(self, rng, params):
        return {"mark": "X"}, {"board": "." * 9, "mover": YOU}

    def swap(self, c, pos):
        return {**c, "mark": other(c["mark"])}, {**pos, "mover": OPPONENT if pos["mover"] == YOU else YOU}

    def candidates(self, c, pos):
        return CELLS

    def identity(self, c):
        return f"You play {c['mark']}; the other player plays {other(c['mark'])}."

    def rules(self, params):
        return ("Tic-tac-toe for two players: player_0 plays X and moves first, player_1 plays O. Players "
                "alternate placing their mark in an empty cell; columns are a-c (left to right), rows 1-3 (top to "
                "bottom), '.' is empty. Three marks in a row (across, down or diagonally) win (payoff +1, the "
                "other -1); a full board without one is a draw (payoff 0).")


@register
class TicTacToeMatch(VersusMatch):
    """Tic-tac-toe from a short random opening, played to the end against a built-in opponent, as
    X or O, from an opening the agent can win from against that opponent's seeded choices. Level 1-2
    opponents move at random, levels 3-6 block and take immediate wins (looking two moves ahead),
    levels 7-10 play perfectly, so only a position already won (a fork in reach) can be won: X after
    two random opening moves, or O after four.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 330 problems/s at level 1, 115/s at level 5 and 79/s at level 10
    (bench/generation.py, one core).
    """

    name = "multiplayer/tic_tac_toe"
    cap_reason = ("a 3x3 board cannot grow, and from level 7 the opponent already plays perfectly, so only an "
                  "opening that is already won can be won")
    game = TicTacToe()
    # against perfect play only a position already won can be won: the agent then moves first after
    # the opening (X after 2 random moves, O after 4 with X's reply to come)
    knobs = seat_knobs(game, opening=[(1, 2)] * 2 + [(1, 3)] * 4 + [2, 4, 2, 4], seat=[(0, 1)] * 6 + [0, 1, 0, 1],
                       opponent=["random"] * 2 + ["heuristic"] * 4 + ["exact"] * 4,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1])
    released_dips = {8: "level 8 plays O with four empty cells left against the perfect opponent, where level 7 "
                        "plays X with seven: a far smaller game to prove won",
                     10: "level 10 returns to level 8's O with four empty cells after level 9's X with seven"}

    def longest(self, params, seat):
        return 5

    def effort(self, problem):
        """The legal moves each move of the reference line is picked from (SeatTask.effort), and
        against the perfect opponent also the positions a depth-first proof that the agent wins
        within the line's moves examines: only a move that wins against every reply keeps the win,
        so every reply must be refuted."""
        choices = super().effort(problem)
        if problem.check["opponent"] != "exact":
            return choices
        board = problem.check["match"]["state"]["pos"]["board"]
        return choices + get("versus/tic_tac_toe").proof_nodes(board, len(problem.answer.split("\n")))
