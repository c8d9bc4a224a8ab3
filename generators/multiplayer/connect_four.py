"""Connect Four for two players, with the rules of versus/connect_four (see _versus.py)."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit.multiplayer import register_game
from procgym.kit.seat_task import seat_knobs

from ._versus import OPPONENT, YOU, VersusGame, VersusMatch


@register_game
class ConnectFour(VersusGame):
    """Connect Four for two players: X (player_0) and O take turns dropping a stone into a column
    that is not full; it falls to the lowest empty cell. Four in a line (across, down or diagonally)
    wins; a full board is a draw (payoff 0). Higher levels play on bigger boards (5x4, 6x5, 7x6)."""

    name = "connect_four"
    versus = "versus/connect_four"
    knobs = (Knob("cols", [5, 5, 5, 6, 6, 6, 7, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 9, 9], (4, 9), doc="board columns"),
             Knob("rows", [4, 4, 4, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 7, 7, 6, 7, 7, 7, 7], (4, 7), doc="board rows"),
             Knob("opening", [0] * 20, (0, 40), doc="random moves played before the players take over"))
    roles = ("X, moves first", "O")
    action_format = "a column number"
    example = "0"  # there is no column 0: never a legal move

    def start(self, rng, params):
        return ({"cols": params["cols"], "rows": params["rows"], "mark": "X", "win_in": 1},
                {"you": 0, "opponent": 0, "mover": YOU})

    def swap(self, c, pos):
        return ({**c, "mark": "O" if c["mark"] == "X" else "X"},
                {"you": pos["opponent"], "opponent": pos["you"], "mover": OPPONENT if pos["mover"] == YOU else YOU})

    def candidates(self, c, pos):
        return [str(col) for col in range(1, c["cols"] + 1)]

    def identity(self, c):
        return f"You play {c['mark']}; the other player plays {'O' if c['mark'] == 'X' else 'X'}."

    def rules(self, params):
        cols, rows = params["cols"], params["rows"]
        return (f"Connect Four on a board of {cols} columns and {rows} rows, for two players: player_0 plays X and "
                f"moves first, player_1 plays O. On your turn drop a stone into a column (numbered 1-{cols} from the "
                f"left) that is not full: it falls to the lowest empty cell ('.' is empty). Four of your stones in a "
                f"line (across, down or diagonally) win (payoff +1, the other -1); a full board without one is a "
                f"draw (payoff 0).")


@register
class ConnectFourMatch(VersusMatch):
    """Connect Four from a random opening, played to the end against a built-in opponent, as X or
    O, from an opening the agent can win from against that opponent's seeded choices. Levels 1-3
    face a random opponent on a 5x4 board after 2-4 opening moves; from level 4 the opponent looks
    two moves ahead (it takes an immediate win and blocks an immediate threat, so a win needs a
    double threat), on a 6x5 board after 8-12 opening moves, then 7x6 after 12-18.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 190 problems/s at level 1 and 13-14/s at levels 5 and 10 (bench/generation.py, one
    core).
    """

    name = "multiplayer/connect_four"
    game = ConnectFour()
    knobs = seat_knobs(game, opening=[(2, 4)] * 3 + [(8, 12)] * 3 + [(12, 18)] * 4
                       + [(12, 18), (12, 18), (10, 14), (12, 18), (10, 14), (10, 14), (14, 20), (12, 18), (10, 14), (8, 12)],
                       opponent=["random"] * 3 + ["heuristic"] * 17,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1] + [1, 1, 1] + [0] * 7)

    def longest(self, params, seat):
        return (params["cols"] * params["rows"] + 1) // 2
