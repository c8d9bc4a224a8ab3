"""Dots and Boxes for two players, with the rules of versus/dots_and_boxes (see _versus.py)."""
from __future__ import annotations

from procgym import Knob, register
from procgym.kit.multiplayer import player_name, register_game
from procgym.kit.seat_task import seat_knobs

from ._versus import OPPONENT, YOU, VersusGame, VersusMatch

ROWS = "abcdefgh"


def line_names(rows: int, cols: int) -> list[str]:
    """Every line of a board of rows x cols boxes, by its two dots (a1-a2 across, a1-b1 down)."""
    across = [f"{ROWS[r]}{c + 1}-{ROWS[r]}{c + 2}" for r in range(rows + 1) for c in range(cols)]
    down = [f"{ROWS[r]}{c + 1}-{ROWS[r + 1]}{c + 1}" for r in range(rows) for c in range(cols + 1)]
    return across + down


@register_game
class DotsAndBoxes(VersusGame):
    """Dots and Boxes for two players on a tiny board: players take turns drawing a line between
    two adjacent dots; completing a box's fourth side claims it and earns another line. When all
    lines are drawn, more boxes wins (a tie is a draw, payoff 0). Higher levels grow the board from
    2x2 to 2x3 boxes."""

    name = "dots_and_boxes"
    versus = "versus/dots_and_boxes"
    knobs = (Knob("rows", [2] * 20, (1, 2), doc="rows of boxes"),
             Knob("cols", [2, 2, 2, 2, 3, 3, 3, 3, 3, 3] + [3] * 10, (1, 3), doc="columns of boxes"),
             Knob("opening", [0] * 20, (0, 12), doc="random lines drawn before the players take over"))
    roles = ("moves first", "moves second")
    action_format = "a line as the two dots it joins, e.g. a1-a2"
    example = "a1-b2"  # diagonal dots are never joined by a line: never a legal move
    policies = ("random", "heuristic", "exact")  # exact: a full minimax, tractable up to 2x3 boxes (17 lines)

    def start(self, rng, params):
        rows, cols = params["rows"], params["cols"]
        return {"rows": rows, "cols": cols}, {"mask": 0, "owners": ["."] * (rows * cols), "mover": YOU}

    def swap(self, c, pos):
        owners = [{"Y": "O", "O": "Y"}.get(o, o) for o in pos["owners"]]
        return c, {"mask": pos["mask"], "owners": owners, "mover": OPPONENT if pos["mover"] == YOU else YOU}

    def candidates(self, c, pos):
        return line_names(c["rows"], c["cols"])

    def identity(self, c):
        return "Y marks a box you own, O a box the other player owns."

    def again(self, seat):
        return f"{player_name(seat)} claimed a box and moves again."

    def rules(self, params):
        rows, cols = params["rows"], params["cols"]
        return (f"Dots and Boxes on a grid of {rows}x{cols} boxes ({rows + 1} rows of {cols + 1} dots) for two "
                f"players, player_0 (moves first) and player_1. Dots are named by row letter and column number (a1 is "
                f"the top-left dot); '---' and '|' are drawn lines. On your turn draw one undrawn line between two "
                f"adjacent dots (across or down). Drawing the fourth side of a box claims it, and then you draw "
                f"another line. When all lines are drawn, whoever owns more boxes wins (payoff +1, the other -1); a "
                f"tie is a draw (payoff 0).")


@register
class DotsAndBoxesMatch(VersusMatch):
    """Dots and Boxes from a few random opening lines, played to the end against a built-in
    opponent, as either player, from an opening the agent can win from against that opponent's
    seeded choices. Levels 1-2 face a random opponent; from level 3 the opponent looks two lines
    ahead (it takes a box on offer and avoids offering one), so a win needs control of the long
    chains; the board grows from 2x2 to 2x3 boxes at level 5.

    Speed: generation searches for a winning line against the seeded opponent (pure Python), so it
    runs at about 150 problems/s at level 1, 14/s at level 5 and 30/s at level 10
    (bench/generation.py, one core).
    """

    name = "multiplayer/dots_and_boxes"
    game = DotsAndBoxes()
    cap_reason = ("2x3 boxes (17 lines) is the largest board the exact minimax (which orders the search) "
                  "solves; level 12 already starts from a board with at most two lines drawn")
    knobs = seat_knobs(game, rows=[2] * 12, cols=[2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3],
                       opening=[(2, 4)] * 10 + [(1, 3), (0, 2)], opponent=["random"] * 2 + ["heuristic"] * 10,
                       spare_turns=[4, 4, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0])

    def longest(self, params, seat):
        return (params["rows"] + 1) * params["cols"] + params["rows"] * (params["cols"] + 1)
